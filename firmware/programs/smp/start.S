/* smp start-up: every hart enters here at once (QEMU virt -bios none, the VP with platform.cpu.harts),
 * a0 = mhartid, a1 = the device tree blob. Each hart takes its own stack and calls smp_main(a0, a1);
 * harts beyond SMP_MAX_HARTS park in wfi. */
#define SMP_MAX_HARTS 8
#define SMP_STACK     8192

    .section .text.init.enter, "ax"
    .global _start
_start:
    .option push
    .option norelax
    la      gp, __global_pointer$
    .option pop
    li      t0, SMP_MAX_HARTS
    bgeu    a0, t0, park
    la      sp, smp_stacks + SMP_MAX_HARTS * SMP_STACK
    li      t0, SMP_STACK
    mul     t0, t0, a0
    sub     sp, sp, t0
    call    smp_main
park:
    wfi
    j       park

    .bss
    .align  4
    .global smp_stacks
smp_stacks:
    .space  SMP_MAX_HARTS * SMP_STACK
