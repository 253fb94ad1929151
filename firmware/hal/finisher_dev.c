/* Test finisher HAL, instance API (see include/hal/finisher.h): the same code as vp_finisher_*
 * (finisher_body.h) on a vp_finisher_t handle. */
#include <hal/finisher.h>
#include <hal/mmio.h>
#include <rt/device.h>
#include <vp/regs/finisher.h>

#define FN(n) vp_finisher_dev_##n
#define DEV0  vp_finisher_t *d
#define DEV   vp_finisher_t *d,
#define BASE  (d->base)

bool vp_finisher_open_index(vp_finisher_t *d, unsigned index) {
    vp_device_t dev;
    if (!vp_device_find_type("finisher", index, &dev)) return false;
    d->base = dev.base;
    return true;
}

#include "finisher_body.h"
