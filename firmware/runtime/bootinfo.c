/* Boot-info block lookup. The loader writes the block at VP_BOOTINFO_ADDR; on a platform without a
 * loader (plain QEMU) the page reads as zeros, the magic does not match and nothing is found. */
#include <rt/bootinfo.h>
#include <vp/regs/memmap.h>
#include <stddef.h>

const volatile vp_bootinfo_t *vp_bootinfo_get(void) {
    const volatile vp_bootinfo_t *bi = (const volatile vp_bootinfo_t *)(uintptr_t)VP_BOOTINFO_ADDR;
    if (bi->magic != VP_BOOTINFO_MAGIC || bi->version != VP_BOOTINFO_VERSION || bi->count > VP_BOOTINFO_MAX)
        return NULL;
    return bi;
}

static bool name_equal(const volatile char *entry, const char *name) {
    for (uint32_t i = 0; i < VP_BOOTINFO_NAMELEN; i++) {
        if (entry[i] != name[i]) return false;
        if (name[i] == '\0') return true;
    }
    return name[VP_BOOTINFO_NAMELEN] == '\0'; /* entry uses all 24 bytes, no NUL */
}

bool vp_bootinfo_find(const char *name, uint32_t *addr, uint32_t *size) {
    const volatile vp_bootinfo_t *bi = vp_bootinfo_get();
    if (bi == NULL || name == NULL) return false;
    for (uint32_t i = 0; i < bi->count; i++) {
        if (name_equal(bi->entry[i].name, name)) {
            if (addr) *addr = bi->entry[i].addr;
            if (size) *size = bi->entry[i].size;
            return true;
        }
    }
    return false;
}
