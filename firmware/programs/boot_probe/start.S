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
