/* Device instances of the platform, from the boot-info block's device table (include/vp/regs/bootinfo.h):
 * each instance's name ("dma1"), type (its device-table key: "dma", "vec", "uart", ...), register window
 * and PLIC source, so that drivers take an instance instead of a fixed address (docs/firmware.md). */
#ifndef FW_RT_DEVICE_H
#define FW_RT_DEVICE_H
#include <stdbool.h>
#include <stdint.h>
#include <vp/regs/bootinfo.h>

typedef struct {
    char name[VP_BOOTINFO_NAMELEN];
    char type[VP_BOOTINFO_DEV_TYPELEN];
    uint32_t base, size;
    uint32_t irq;   /* PLIC source, 0 = none */
    uint32_t index; /* among the instances of its type */
} vp_device_t;

/* The number of device instances the platform announced (0 without a device table, e.g. on QEMU). */
uint32_t vp_device_count(void);
/* The i-th instance (0..count-1). */
bool vp_device_at(uint32_t i, vp_device_t *dev);
/* By instance name. */
bool vp_device_find(const char *name, vp_device_t *dev);
/* The index-th instance of a type ("dma", 1: the second mSGDMA). */
bool vp_device_find_type(const char *type, uint32_t index, vp_device_t *dev);
/* Whether dev is of that type. */
bool vp_device_is(const vp_device_t *dev, const char *type);

#endif
