/* boot_probe start-up: the reset ROM jumps here in M-mode with a0 = mhartid, a1 = the device tree blob,
 * a2 = fw_dynamic_info (QEMU virt's convention, platform/boot.h). */
    .section .text.init.enter, "ax"
    .global _start
_start:
    .option push
    .option norelax
    la      gp, __global_pointer$
    .option pop
    la      sp, probe_stack + 4096
    call    probe_main
1:  wfi
    j       1b

    .bss
    .align  4
probe_stack:
    .space  4096

/* int semihosting_traps(void): 1 when the semihosting call sequence (slli; ebreak; srai) raises a
 * breakpoint exception (semihosting off: QEMU's default), 0 when the host answered it. The probe
 * OpenSBI makes to pick its console. mtvec is restored. */
    .text
    .global semihosting_traps
    .option push
    .option norvc
    .align  4
semihosting_traps:
    csrr    t1, mtvec
    la      t0, 2f
    csrw    mtvec, t0
    li      a0, 0x13        /* SYS_ERRNO: harmless */
    li      a1, 0
    li      t2, 0
    slli    x0, x0, 0x1f
    ebreak
    srai    x0, x0, 7
1:  csrw    mtvec, t1
    mv      a0, t2
    ret
    .align  2
2:  li      t2, 1
    la      t0, 1b
    csrw    mepc, t0
    mret
    .option pop
