/* LAPP driver, instance API (see drivers/lapp.h): the same code as lapp_* (lapp_body.h) on a lapp_t
 * handle. */
#include <drivers/lapp.h>
#include <hal/mmio.h>
#include <hal/plic.h>
#include <rt/csr.h>
#include <rt/device.h>
#include <vp/regs/memmap.h>

#define FN(n)   lapp_dev_##n
#define DEV0    lapp_t *d
#define DEV     lapp_t *d,
#define ARG0    d
#define ARG     d,
#define BASE()  (d->base)
#define IRQ_SRC (d->irq)

static bool open_dev(lapp_t *d, const vp_device_t *dev) {
    d->base = dev->base;
    d->irq = dev->irq;
    return true;
}

bool lapp_open(lapp_t *d, const char *name) {
    vp_device_t dev;
    if (!vp_device_find(name, &dev) || !vp_device_is(&dev, "lapp")) return false;
    return open_dev(d, &dev);
}

bool lapp_open_index(lapp_t *d, unsigned index) {
    vp_device_t dev;
    if (!vp_device_find_type("lapp", index, &dev)) return false;
    return open_dev(d, &dev);
}

#include "lapp_body.h"
