/* Test finisher, compatible with QEMU virt's sifive_test. One 32-bit register at offset 0. */
#ifndef VP_REGS_FINISHER_H
#define VP_REGS_FINISHER_H

#define FINISHER_REG             0x0u
#define FINISHER_PASS            0x5555u /* exit 0 */
#define FINISHER_FAIL            0x3333u /* exit (value >> 16) */
#define FINISHER_RESET           0x7777u /* treated as pass: no reset model */
#define FINISHER_FAIL_CODE(code) ((((unsigned)(code)) << 16) | FINISHER_FAIL)
#define FINISHER_SIZE            0x1000u

#endif
