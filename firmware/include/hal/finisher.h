/* Test finisher (sifive_test compatible) at VP_FINISHER_BASE: ends the simulation (QEMU virt too). */
#ifndef FW_HAL_FINISHER_H
#define FW_HAL_FINISHER_H
#include <stdint.h>

__attribute__((noreturn)) void vp_finisher_pass(void);          /* exit status 0 */
__attribute__((noreturn)) void vp_finisher_fail(uint16_t code); /* exit status code (1..65535) */

#endif
