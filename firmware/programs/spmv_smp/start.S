/* spmv_smp start-up: every hart enters here (the ELF entry) with a0 = mhartid, a1 = the device tree.
 * Hart 0 keeps the DTB in mscratch and runs picolibc's crt0 (_start) and main as on one hart. The
 * other harts must not run crt0 (it clears .bss and initialises the C library): they spin, without a
 * stack, until main sets spmv_release (in .bss: zero from the image until main writes it), then take
 * their stack (.bss, cleared by then) and call spmv_worker(a0). Harts beyond SPMV_MAX_HARTS park. */
#define SPMV_MAX_HARTS 8
#define SPMV_STACK     4096

    .section .text.spmv_smp_enter, "ax"
    .global spmv_smp_start
spmv_smp_start:
    bnez    a0, 1f
    csrw    mscratch, a1
    j       _start
1:
    .option push
    .option norelax
    la      gp, __global_pointer$
    .option pop
    li      t0, SPMV_MAX_HARTS
    bgeu    a0, t0, park
    la      t1, spmv_release
2:
    lw      t0, 0(t1)
    beqz    t0, 2b
    fence   r, rw
    li      t0, 0x2000          /* mstatus.FS = initial: the FPU on, as crt0 does on hart 0 */
    csrs    mstatus, t0
    csrw    fcsr, zero
    la      sp, spmv_stacks + SPMV_MAX_HARTS * SPMV_STACK
    li      t0, SPMV_STACK
    mul     t0, t0, a0
    sub     sp, sp, t0
    call    spmv_worker
park:
    wfi
    j       park

    .bss
    .align  4
    .global spmv_stacks
spmv_stacks:
    .space  SPMV_MAX_HARTS * SPMV_STACK
