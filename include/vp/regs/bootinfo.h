/* Boot-info block: where the loader put the firmware's data. Little-endian, 32-bit fields.
 * Firmware looks entries up by name (vp_bootinfo_find in the runtime). */
#ifndef VP_REGS_BOOTINFO_H
#define VP_REGS_BOOTINFO_H
#include <stdint.h>

#define VP_BOOTINFO_MAGIC   0x4f464e49u /* "INFO" */
#define VP_BOOTINFO_VERSION 1u
#define VP_BOOTINFO_MAX     32u
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

#endif
