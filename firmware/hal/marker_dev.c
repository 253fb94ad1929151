/* Trace-marker HAL, instance API (see include/hal/marker.h): the same code as vp_marker_* (marker_body.h)
 * on a vp_marker_t handle. */
#include <hal/marker.h>
#include <hal/mmio.h>
#include <rt/device.h>
#include <vp/regs/marker.h>

#define FN(n)       vp_marker_dev_##n
#define DEV0        vp_marker_t *d
#define DEV         vp_marker_t *d,
#define MARKER(reg) (d->base + (reg))

bool vp_marker_open_index(vp_marker_t *d, unsigned index) {
    vp_device_t dev;
    if (!vp_device_find_type("marker", index, &dev)) return false;
    d->base = dev.base;
    return true;
}

#include "marker_body.h"
