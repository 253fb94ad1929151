/* Start-up and trap handler of the differential tester's scalar programs (tools/difftest).
 *
 * A trap is recorded, not fatal: the handler appends {mcause, mtval, mepc, instruction} to the
 * running program's trap log and resumes after the trapping instruction (2 or 4 bytes, from the
 * instruction's low bits). It uses only tp (the log's context, a register the generated programs
 * never write) and two words of that context: the program's registers, FP state and memory are
 * what they were at the trap. One exception: after a breakpoint it clears mtval (see below). */
#include "difft.h"

    .section .text.start, "ax"
    .globl _start
_start:
    la sp, __stack_top
    li t0, 0x2000                /* mstatus.FS = Initial */
    csrs mstatus, t0
    la t0, difft_trap
    csrw mtvec, t0
    call difft_main
1:  j 1b

    .text
    .balign 4
    .globl difft_trap
difft_trap:
    sw t0, CTX_SAVE_T0*4(tp)
    sw t1, CTX_SAVE_T1*4(tp)
    lw t0, CTX_NTRAPS*4(tp)
    addi t1, t0, 1
    sw t1, CTX_NTRAPS*4(tp)
    li t1, DIFFT_MAX_TRAPS
    bgeu t0, t1, 2f              /* log full: counted only */
    slli t0, t0, 4
    add t0, t0, tp
    csrr t1, mcause
    sw t1, CTX_LOG*4+0(t0)
    csrr t1, mtval
    sw t1, CTX_LOG*4+4(t0)
    csrr t1, mepc
    sw t1, CTX_LOG*4+8(t0)
    lhu t1, 0(t1)                /* the instruction, halfword by halfword (mepc may be 2 mod 4) */
    sw t1, CTX_LOG*4+12(t0)
    andi t1, t1, 3
    addi t1, t1, -3
    bnez t1, 2f
    csrr t1, mepc
    lhu t1, 2(t1)
    sh t1, CTX_LOG*4+14(t0)      /* upper half of a 32-bit instruction */
2:  csrr t1, mcause              /* a breakpoint's mtval is 0 on QEMU 7.2 and the pc on the VP (both */
    addi t1, t1, -3              /* allowed; compared in the log): cleared, logged or not, so that a */
    bnez t1, 4f                  /* later csrr mtval of the program does not see the difference */
    csrw mtval, zero
4:  csrr t0, mepc                /* skip the instruction: 4 bytes if its low bits are 11, else 2 */
    lhu t1, 0(t0)
    andi t1, t1, 3
    addi t0, t0, 2
    addi t1, t1, -3
    bnez t1, 3f
    addi t0, t0, 2
3:  csrw mepc, t0
    lw t0, CTX_SAVE_T0*4(tp)
    lw t1, CTX_SAVE_T1*4(tp)
    mret
