/* Boot-info block lookup (layout: include/vp/regs/bootinfo.h, address VP_BOOTINFO_ADDR). */
#ifndef FW_RT_BOOTINFO_H
#define FW_RT_BOOTINFO_H
#include <stdbool.h>
#include <stdint.h>
#include <vp/regs/bootinfo.h>

/* The block, or NULL when the magic/version/count do not check (e.g. no loader wrote one). */
const volatile vp_bootinfo_t *vp_bootinfo_get(void);

/* Look an entry up by exact name. Returns true and fills *addr / *size (either may be NULL) when found. */
bool vp_bootinfo_find(const char *name, uint32_t *addr, uint32_t *size);

#endif
