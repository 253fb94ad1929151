/* SMP start-up for C programs (include/rt/smp.h, docs/smp.md): link with -Wl,--entry=vp_smp_start.
 * Every hart enters here (the ELF entry, as QEMU virt -bios none and the VP with platform.cpu.harts)
 * with a0 = mhartid, a1 = the device tree. Hart 0 keeps the DTB in mscratch and runs picolibc's crt0
 * (_start) and main as on one hart. The other harts must not run crt0 (it clears .bss and initialises
 * the C library): they spin, without a stack, until main sets vp_smp_release (in .bss: zero from the
 * image until main writes it), then take their stack (.bss, cleared by then) and call
 * vp_smp_worker(a0), which the program defines. Harts beyond VP_SMP_MAX_HARTS park in wfi, as do
 * harts whose vp_smp_worker returns. */
#define VP_SMP_MAX_HARTS 8 /* include/rt/smp.h */
#define VP_SMP_STACK     4096

    .section .text.vp_smp_enter, "ax"
    .global vp_smp_start
vp_smp_start:
    bnez    a0, 1f
    csrw    mscratch, a1
    j       _start
1:
    .option push
    .option norelax
    la      gp, __global_pointer$
    .option pop
    li      t0, VP_SMP_MAX_HARTS
    bgeu    a0, t0, park
    la      t1, vp_smp_release
2:
    lw      t0, 0(t1)
    beqz    t0, 2b
    fence   r, rw
    li      t0, 0x2000          /* mstatus.FS = initial: the FPU on, as crt0 does on hart 0 */
    csrs    mstatus, t0
    csrw    fcsr, zero
    la      sp, vp_smp_stacks + VP_SMP_MAX_HARTS * VP_SMP_STACK
    li      t0, VP_SMP_STACK
    mul     t0, t0, a0
    sub     sp, sp, t0
    call    vp_smp_worker
park:
    wfi
    j       park

    .bss
    .align  4
    .global vp_smp_stacks
vp_smp_stacks:
    .space  VP_SMP_MAX_HARTS * VP_SMP_STACK
