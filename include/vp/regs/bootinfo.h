/* Boot-info block: where the loader put the firmware's data. Little-endian, 32-bit fields.
 * Firmware looks entries up by name (vp_bootinfo_find in the runtime). */
#ifndef VP_REGS_BOOTINFO_H
#define VP_REGS_BOOTINFO_H
#include <stdint.h>

#define VP_BOOTINFO_MAGIC   0x4f464e49u /* "INFO" */
#define VP_BOOTINFO_VERSION 1u
#define VP_BOOTINFO_MAX     63u /* as many as fit before the device table (VP_BOOTINFO_DEV_OFFSET) */
#define VP_BOOTINFO_NAMELEN 24u

typedef struct {
    char name[VP_BOOTINFO_NAMELEN]; /* NUL-padded */
    uint32_t addr;                  /* physical address of the blob */
    uint32_t size;                  /* bytes */
} vp_bootinfo_entry_t;

typedef struct {
    uint32_t magic;   /* VP_BOOTINFO_MAGIC */
    uint32_t version; /* VP_BOOTINFO_VERSION */
    uint32_t count;   /* valid entries */
    uint32_t flags;   /* reserved, 0 */
    vp_bootinfo_entry_t entry[VP_BOOTINFO_MAX];
} vp_bootinfo_t;

/* Device instances (in the same block, VP_BOOTINFO_DEV_OFFSET bytes after its start): one record per
 * device instance of the platform, in the order of the device table and of each device's instance list,
 * so that firmware finds each instance's registers and PLIC source by name ("dma1") or by type and
 * index ("dma", 1). Written by the VP together with the entries above (vp_bootinfo_device* in the runtime). */
#define VP_BOOTINFO_DEV_OFFSET  0x800u
#define VP_BOOTINFO_DEV_MAGIC   0x53564544u /* "DEVS" */
#define VP_BOOTINFO_DEV_MAX     32u
#define VP_BOOTINFO_DEV_TYPELEN 16u

typedef struct {
    char name[VP_BOOTINFO_NAMELEN];     /* instance name, NUL-padded ("dma", "dma1") */
    char type[VP_BOOTINFO_DEV_TYPELEN]; /* device-table key, NUL-padded ("dma", "vec", "uart") */
    uint32_t base;                      /* its register window */
    uint32_t size;
    uint32_t irq;   /* PLIC source (0: none) */
    uint32_t index; /* among the instances of its type, from 0 */
} vp_bootinfo_dev_t;

typedef struct {
    uint32_t magic; /* VP_BOOTINFO_DEV_MAGIC */
    uint32_t count; /* valid records */
    uint32_t reserved[2];
    vp_bootinfo_dev_t dev[VP_BOOTINFO_DEV_MAX];
} vp_bootinfo_devs_t;

#endif
