/* Vector accelerator HAL, instance API (see include/hal/vec.h): the same code as the single-instance
 * API (vec_body.h) on a vec_t handle. */
#include <hal/irq.h>
#include <hal/mmio.h>
#include <hal/plic.h>
#include <hal/vec.h>
#include <rt/device.h>
#include <string.h>

#define VEC_INSTANCE 1
#define FN(n)        vec_dev_##n
#define DEV0         vec_t *d
#define DEV          vec_t *d,
#define ARG0         d
#define ARG          d,
#define REG(r)       (d->base + (r))
#define IRQ_SRC      (d->irq)
#define ST(x)        (d->x)
#define COUNT        (d->irq_count)
/* An image linked for the default LMs goes to the same offsets in this instance's LMs. */
#define TEXT_ADDR(img)   ((img)->text_addr - VP_VEC_ILM_BASE + ilm)
#define DATA_ADDR(img)   ((img)->data_addr - VP_VEC_DLM_BASE + dlm)
#define IMAGE_ENTRY(img) vec_dev_entry(d, img)

static bool open_dev(vec_t *d, const vp_device_t *dev) {
    d->base = dev->base;
    d->irq = dev->irq;
    d->irq_count = 0;
    d->irq_seen = 0;
    d->irq_mask = 0;
    return vp_read32(d->base + VEC_ID) == VEC_ID_VALUE;
}

bool vec_open(vec_t *d, const char *name) {
    vp_device_t dev;
    if (!vp_device_find(name, &dev) || !vp_device_is(&dev, "vec")) return false;
    return open_dev(d, &dev);
}

bool vec_open_index(vec_t *d, unsigned index) {
    vp_device_t dev;
    if (!vp_device_find_type("vec", index, &dev)) return false;
    return open_dev(d, &dev);
}

uint32_t vec_dev_entry(vec_t *d, const vec_image_t *img) {
    return img->entry - VP_VEC_ILM_BASE + vp_read32(REG(VEC_ILM_BASE));
}

void *vec_dev_dlm_ptr(vec_t *d, uint32_t offset) { return (void *)(uintptr_t)(vp_read32(REG(VEC_DLM_BASE)) + offset); }

#include "vec_body.h"
