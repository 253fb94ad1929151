/* Device-table lookup (rt/device.h). A separate object from bootinfo.c: programs that do not use it
 * link none of it. */
#include <rt/bootinfo.h>
#include <rt/device.h>
#include <vp/regs/memmap.h>
#include <stddef.h>

static const volatile vp_bootinfo_devs_t *table(void) {
    if (vp_bootinfo_get() == NULL) return NULL;
    const volatile vp_bootinfo_devs_t *t =
        (const volatile vp_bootinfo_devs_t *)(uintptr_t)(VP_BOOTINFO_ADDR + VP_BOOTINFO_DEV_OFFSET);
    if (t->magic != VP_BOOTINFO_DEV_MAGIC || t->count > VP_BOOTINFO_DEV_MAX) return NULL;
    return t;
}

/* Compares a NUL-padded field of n bytes with a C string. */
static bool field_equal(const volatile char *field, const char *s, uint32_t n) {
    for (uint32_t i = 0; i < n; i++) {
        if (field[i] != s[i]) return false;
        if (s[i] == '\0') return true;
    }
    return s[n] == '\0';
}

uint32_t vp_device_count(void) {
    const volatile vp_bootinfo_devs_t *t = table();
    return t ? t->count : 0;
}

bool vp_device_at(uint32_t i, vp_device_t *dev) {
    const volatile vp_bootinfo_devs_t *t = table();
    if (t == NULL || i >= t->count) return false;
    const volatile vp_bootinfo_dev_t *e = &t->dev[i];
    if (dev) {
        for (uint32_t k = 0; k < VP_BOOTINFO_NAMELEN; k++) dev->name[k] = e->name[k];
        dev->name[VP_BOOTINFO_NAMELEN - 1] = '\0';
        for (uint32_t k = 0; k < VP_BOOTINFO_DEV_TYPELEN; k++) dev->type[k] = e->type[k];
        dev->type[VP_BOOTINFO_DEV_TYPELEN - 1] = '\0';
        dev->base = e->base;
        dev->size = e->size;
        dev->irq = e->irq;
        dev->index = e->index;
    }
    return true;
}

bool vp_device_find(const char *name, vp_device_t *dev) {
    const volatile vp_bootinfo_devs_t *t = table();
    if (t == NULL || name == NULL) return false;
    for (uint32_t i = 0; i < t->count; i++)
        if (field_equal(t->dev[i].name, name, VP_BOOTINFO_NAMELEN)) return vp_device_at(i, dev);
    return false;
}

bool vp_device_find_type(const char *type, uint32_t index, vp_device_t *dev) {
    const volatile vp_bootinfo_devs_t *t = table();
    if (t == NULL || type == NULL) return false;
    for (uint32_t i = 0; i < t->count; i++)
        if (field_equal(t->dev[i].type, type, VP_BOOTINFO_DEV_TYPELEN) && t->dev[i].index == index)
            return vp_device_at(i, dev);
    return false;
}

bool vp_device_is(const vp_device_t *dev, const char *type) {
    return dev && field_equal(dev->type, type, VP_BOOTINFO_DEV_TYPELEN);
}
