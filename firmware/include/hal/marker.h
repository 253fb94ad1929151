/* Trace-marker device at VP_MARKER_BASE. VP ONLY: QEMU virt has nothing mapped there (access faults).
 * Guard every use with a run-time check, e.g. vp_bootinfo_find("vp", 0, 0). */
#ifndef FW_HAL_MARKER_H
#define FW_HAL_MARKER_H
#include <stdbool.h>
#include <stdint.h>

void vp_marker_begin(const char *name); /* opens a named region (name truncated to MARKER_NAME_LEN-1) */
void vp_marker_end(void);               /* closes the innermost region */
void vp_marker_value(uint32_t value);   /* instant event */
uint32_t vp_marker_depth(void);         /* number of open regions */

/* Instances: vp_marker_dev_* on any marker instance (its own trace track), opened by index among the
 * markers from the boot-info device table. */
typedef struct vp_marker {
    uintptr_t base;
} vp_marker_t;
bool vp_marker_open_index(vp_marker_t *d, unsigned index);
void vp_marker_dev_begin(vp_marker_t *d, const char *name);
void vp_marker_dev_end(vp_marker_t *d);
void vp_marker_dev_value(vp_marker_t *d, uint32_t value);
uint32_t vp_marker_dev_depth(vp_marker_t *d);

#endif
