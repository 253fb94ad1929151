/* Cascaded mSGDMA driver, instance API (see include/drivers/msgdma.h): the same code as the
 * single-instance API (msgdma_body.h) on a msgdma_t handle. */
#include <drivers/msgdma.h>
#include <hal/irq.h>
#include <hal/mmio.h>
#include <hal/plic.h>
#include <rt/device.h>
#include <rt/csr.h>

#define MSGDMA_INSTANCE 1
#define FN(n)           msgdma_dev_##n
#define DEV0            msgdma_t *d
#define DEV             msgdma_t *d,
#define ARG0            d
#define ARG             d,
#define BASE            (d->base)
#define IRQ_SRC         (d->irq)
#define ST(x)           (d->x)
#define COUNT           (d->irq_count)

static bool open_dev(msgdma_t *d, const vp_device_t *dev) {
    d->base = dev->base;
    d->irq = dev->irq;
    d->irq_count = 0;
    d->irq_seen = 0;
    d->pref_giem = 0;
    return true;
}

bool msgdma_open(msgdma_t *d, const char *name) {
    vp_device_t dev;
    if (!vp_device_find(name, &dev) || !vp_device_is(&dev, "dma")) return false;
    return open_dev(d, &dev);
}

bool msgdma_open_index(msgdma_t *d, unsigned index) {
    vp_device_t dev;
    if (!vp_device_find_type("dma", index, &dev)) return false;
    return open_dev(d, &dev);
}

#include "msgdma_body.h"
