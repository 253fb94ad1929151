/* Machine-mode trap entry: saves the full register state in a vp_trap_frame_t (include/rt/trap.h),
 * calls the C handler installed with vp_trap_install*(), restores the state and returns with mret.
 *
 * Frame layout (byte offsets): x0..x31 at 4*i, mepc 128, mcause 132, mtval 136, mstatus 140,
 * vector 144, fcsr 148, f0..f31 at 152 + 4*i, 8 bytes of padding: 288 bytes in all. */

#define FRAME   288
#define O_MEPC  128
#define O_MCAUSE 132
#define O_MTVAL 136
#define O_MSTATUS 140
#define O_VECTOR 144
#define O_FCSR  148
#define O_F(i)  (152 + 4 * (i))

    .section .text.vp_trap, "ax", @progbits

/* Direct mode (mtvec.MODE = 0): every trap lands here. */
    .balign 4
    .globl vp_trap_entry
    .type vp_trap_entry, @function
vp_trap_entry:
    addi    sp, sp, -FRAME
    sw      t0, 20(sp)
    li      t0, -1
    j       vp_trap_common
    .size vp_trap_entry, . - vp_trap_entry

/* Vectored mode (mtvec.MODE = 1): exceptions enter at entry 0, interrupt n at entry n.
 * Each entry is one 4-byte jump, so no compression and no relaxation here. */
    .balign 64
    .globl vp_trap_vector_table
    .type vp_trap_vector_table, @function
vp_trap_vector_table:
    .option push
    .option norvc
    .option norelax
    .irp n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
    jal     x0, vp_trap_vec_\n
    .endr
    .option pop
    .size vp_trap_vector_table, . - vp_trap_vector_table

    .irp n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
vp_trap_vec_\n:
    addi    sp, sp, -FRAME
    sw      t0, 20(sp)
    li      t0, \n
    j       vp_trap_common
    .endr

vp_trap_common:
    sw      t0, O_VECTOR(sp)
    sw      zero, 0(sp)
    sw      x1, 4(sp)
    sw      x3, 12(sp)
    sw      x4, 16(sp)
    sw      x6, 24(sp)
    sw      x7, 28(sp)
    sw      x8, 32(sp)
    sw      x9, 36(sp)
    sw      x10, 40(sp)
    sw      x11, 44(sp)
    sw      x12, 48(sp)
    sw      x13, 52(sp)
    sw      x14, 56(sp)
    sw      x15, 60(sp)
    sw      x16, 64(sp)
    sw      x17, 68(sp)
    sw      x18, 72(sp)
    sw      x19, 76(sp)
    sw      x20, 80(sp)
    sw      x21, 84(sp)
    sw      x22, 88(sp)
    sw      x23, 92(sp)
    sw      x24, 96(sp)
    sw      x25, 100(sp)
    sw      x26, 104(sp)
    sw      x27, 108(sp)
    sw      x28, 112(sp)
    sw      x29, 116(sp)
    sw      x30, 120(sp)
    sw      x31, 124(sp)
    addi    t0, sp, FRAME
    sw      t0, 8(sp)               /* sp before the trap */
    csrr    t0, mepc
    sw      t0, O_MEPC(sp)
    csrr    t0, mcause
    sw      t0, O_MCAUSE(sp)
    csrr    t0, mtval
    sw      t0, O_MTVAL(sp)
    csrr    t0, mstatus
    sw      t0, O_MSTATUS(sp)
    frcsr   t0
    sw      t0, O_FCSR(sp)
    .irp i, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
    fsw     f\i, O_F(\i)(sp)
    .endr

    mv      a0, sp
    la      t0, vp_trap_handler_ptr
    lw      t0, 0(t0)
    bnez    t0, 1f
    la      t0, vp_trap_default_handler
1:  jalr    ra, t0

    .irp i, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
    flw     f\i, O_F(\i)(sp)
    .endr
    lw      t0, O_FCSR(sp)
    fscsr   t0
    lw      t0, O_MEPC(sp)
    csrw    mepc, t0
    lw      t0, O_MSTATUS(sp)       /* last: also restores mstatus.FS after the FP reloads */
    csrw    mstatus, t0
    lw      x1, 4(sp)
    lw      x3, 12(sp)
    lw      x4, 16(sp)
    lw      x5, 20(sp)
    lw      x6, 24(sp)
    lw      x7, 28(sp)
    lw      x8, 32(sp)
    lw      x9, 36(sp)
    lw      x10, 40(sp)
    lw      x11, 44(sp)
    lw      x12, 48(sp)
    lw      x13, 52(sp)
    lw      x14, 56(sp)
    lw      x15, 60(sp)
    lw      x16, 64(sp)
    lw      x17, 68(sp)
    lw      x18, 72(sp)
    lw      x19, 76(sp)
    lw      x20, 80(sp)
    lw      x21, 84(sp)
    lw      x22, 88(sp)
    lw      x23, 92(sp)
    lw      x24, 96(sp)
    lw      x25, 100(sp)
    lw      x26, 104(sp)
    lw      x27, 108(sp)
    lw      x28, 112(sp)
    lw      x29, 116(sp)
    lw      x30, 120(sp)
    lw      x31, 124(sp)
    addi    sp, sp, FRAME
    mret
    .size vp_trap_common, . - vp_trap_common
