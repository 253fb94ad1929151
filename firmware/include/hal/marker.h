/* Trace-marker device at VP_MARKER_BASE. VP ONLY: QEMU virt has nothing mapped there (access faults).
 * Guard every use with a run-time check, e.g. vp_bootinfo_find("vp", 0, 0). */
#ifndef FW_HAL_MARKER_H
#define FW_HAL_MARKER_H
#include <stdint.h>

void vp_marker_begin(const char *name); /* opens a named region (name truncated to MARKER_NAME_LEN-1) */
void vp_marker_end(void);               /* closes the innermost region */
void vp_marker_value(uint32_t value);   /* instant event */
uint32_t vp_marker_depth(void);         /* number of open regions */

#endif
