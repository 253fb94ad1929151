/* Test finisher (sifive_test compatible) at VP_FINISHER_BASE: ends the simulation (QEMU virt too). */
#ifndef FW_HAL_FINISHER_H
#define FW_HAL_FINISHER_H
#include <stdbool.h>
#include <stdint.h>

__attribute__((noreturn)) void vp_finisher_pass(void);          /* exit status 0 */
__attribute__((noreturn)) void vp_finisher_fail(uint16_t code); /* exit status code (1..65535) */

/* Instances: vp_finisher_dev_* on any finisher instance, opened by index from the boot-info device table. */
typedef struct vp_finisher {
    uintptr_t base;
} vp_finisher_t;
bool vp_finisher_open_index(vp_finisher_t *d, unsigned index);
__attribute__((noreturn)) void vp_finisher_dev_pass(vp_finisher_t *d);
__attribute__((noreturn)) void vp_finisher_dev_fail(vp_finisher_t *d, uint16_t code);

#endif
