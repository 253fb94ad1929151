/* Vector differential suite: one accelerator program exercising the implemented Zve32f subset on
 * data it generates itself (an LCG in scalar code), writing every result word to an output area.
 * Position independent (only pc-relative control flow, data pointer in a0), so the same bytes run
 * on the VP's accelerator and, called as a function, on QEMU's rv32 CPU with v=true.
 *
 *   a0 = scratch base (16 KiB; inputs at +0x0000..+0x17ff, outputs from +0x1800)
 *   returns the number of output words
 */
#define A    s2   /* 512 floats */
#define B    s3   /* 512 floats */
#define IDX  s4   /* 512 byte offsets < 2 KiB, duplicates, any order */
#define OUT  s1   /* next output word */

    .text
    .globl vec_main
vec_main:
    addi sp, sp, -32
    sw ra, 28(sp)
    sw s0, 24(sp)
    sw s1, 20(sp)
    sw s2, 16(sp)
    sw s3, 12(sp)
    sw s4, 8(sp)
    sw s5, 4(sp)
    sw s6, 0(sp)
    mv A, a0
    addi B, a0, 0x7ff
    addi B, B, 1
    li t0, 0x1000
    add IDX, a0, t0
    li t0, 0x1800
    add OUT, a0, t0
    mv s5, OUT                  /* start of the outputs */
    csrwi fflags, 0

    /* ---- inputs: A[i], B[i] = ((x >> 16) - 32768) / 256 with x an LCG; IDX[i] = (x % 512) * 4 */
    li s0, 12345                /* LCG state */
    li t6, 1664525
    li t5, 1013904223
    li t4, 0x3b800000           /* 1/256 */
    fmv.w.x ft4, t4
    li t3, 0
    li t2, 512
1:  mul s0, s0, t6
    add s0, s0, t5
    srli t0, s0, 16
    li t1, 32768
    sub t0, t0, t1
    fcvt.s.w ft0, t0
    fmul.s ft0, ft0, ft4
    slli t1, t3, 2
    add t0, A, t1
    fsw ft0, 0(t0)
    mul s0, s0, t6
    add s0, s0, t5
    srli t0, s0, 20
    fcvt.s.w ft0, t0
    fmul.s ft0, ft0, ft4
    add t0, B, t1
    fsw ft0, 0(t0)
    srli t0, s0, 7
    andi t0, t0, 511
    slli t0, t0, 2
    add t1, IDX, t1
    sw t0, 0(t1)
    addi t3, t3, 1
    bne t3, t2, 1b

    /* ---- vsetvl results and vlenb */
    li t0, 300
    vsetvli t1, t0, e32, m8, ta, ma
    sw t1, 0(OUT)
    li t0, 17
    vsetvli t1, t0, e32, m1, tu, mu
    sw t1, 4(OUT)
    csrr t1, vlenb
    sw t1, 8(OUT)
    addi OUT, OUT, 12

    /* ---- saxpy, strip-mined at LMUL 8 over 500 elements: y = 1.5 x + y (written to OUT) */
    li t0, 0x3fc00000
    fmv.w.x fa0, t0
    li a2, 500
    mv a3, A
    mv a4, B
    mv a5, OUT
2:  vsetvli t0, a2, e32, m8, ta, ma
    vle32.v v8, (a3)
    vle32.v v16, (a4)
    vfmacc.vf v16, fa0, v8
    vse32.v v16, (a5)
    slli t1, t0, 2
    add a3, a3, t1
    add a4, a4, t1
    add a5, a5, t1
    sub a2, a2, t0
    bnez a2, 2b
    li t0, 2000
    add OUT, OUT, t0

    /* ---- dot product (LMUL 4, 512 elements): vfmacc + ordered and unordered reductions */
    vsetvli t0, zero, e32, m4, ta, ma
    vmv.v.i v0, 0
    li a2, 512
    mv a3, A
    mv a4, B
3:  vsetvli t0, a2, e32, m4, tu, mu
    vle32.v v4, (a3)
    vle32.v v8, (a4)
    vfmacc.vv v0, v4, v8
    slli t1, t0, 2
    add a3, a3, t1
    add a4, a4, t1
    sub a2, a2, t0
    bnez a2, 3b
    vsetvli t0, zero, e32, m4, ta, ma
    vmv.s.x v12, zero
    vfredosum.vs v13, v0, v12
    vfredusum.vs v14, v0, v12
    vfredmax.vs v15, v0, v12
    vfmv.f.s ft0, v13
    fsw ft0, 0(OUT)
    vfmv.f.s ft0, v14
    fsw ft0, 4(OUT)
    vfmv.f.s ft0, v15
    fsw ft0, 8(OUT)
    addi OUT, OUT, 12

    /* ---- gather (vluxei32 / vloxei32) with duplicate, unordered indices at LMUL 8 (VLMAX) */
    vsetvli t0, zero, e32, m8, ta, ma
    vle32.v v8, (IDX)
    vluxei32.v v16, (A), v8
    vse32.v v16, (OUT)
    slli t1, t0, 2
    add OUT, OUT, t1
    vloxei32.v v16, (B), v8
    vse32.v v16, (OUT)
    add OUT, OUT, t1

    /* ---- ordered scatter with duplicates into a zeroed block (the last duplicate wins) */
    vmv.v.i v24, 0
    vse32.v v24, (OUT)
    vid.v v16
    vsoxei32.v v16, (OUT), v8
    add OUT, OUT, t1

    /* ---- strided: every other element backwards (stride -8) at LMUL 2 */
    vsetivli t0, 31, e32, m2, tu, mu
    addi t2, A, 1020
    li t3, -8
    vlse32.v v2, (t2), t3
    vse32.v v2, (OUT)
    addi OUT, OUT, 124
    vsse32.v v2, (OUT), t3      /* store it back with the same negative stride from OUT+124-ish */
    addi OUT, OUT, 4

    /* ---- compares, merges, masked ops with undisturbed inactive and tail elements (LMUL 8, vl 200) */
    li t0, 200
    vsetvli t0, t0, e32, m8, tu, mu
    vle32.v v8, (A)
    vle32.v v16, (B)
    fmv.w.x ft1, zero
    vmflt.vf v0, v8, ft1        /* A < 0 */
    vfmerge.vfm v24, v16, ft1, v0
    vse32.v v24, (OUT)
    addi OUT, OUT, 800
    vmerge.vim v24, v16, 7, v0
    vse32.v v24, (OUT)
    addi OUT, OUT, 800
    vmv.v.v v24, v16
    vfadd.vv v24, v8, v16, v0.t
    vse32.v v24, (OUT)
    addi OUT, OUT, 800
    vmfle.vv v1, v8, v16
    vmfeq.vf v2, v8, ft1
    vmand.mm v3, v0, v1
    vmxnor.mm v4, v1, v2
    vcpop.m t1, v1
    sw t1, 0(OUT)
    vfirst.m t1, v3
    sw t1, 4(OUT)
    vcpop.m t1, v4, v0.t
    sw t1, 8(OUT)
    addi OUT, OUT, 12
    vsetvli t0, zero, e32, m1, ta, ma
    vs1r.v v3, (OUT)           /* the mask registers, whole: tail bits undisturbed */
    addi OUT, OUT, 128
    vs1r.v v4, (OUT)
    addi OUT, OUT, 128

    /* ---- integer ops on raw bits (LMUL 2, vl 64) */
    li t0, 64
    vsetvli t0, t0, e32, m2, ta, ma
    vle32.v v2, (A)
    vle32.v v4, (B)
    vor.vi v4, v4, 1            /* no zero divisors */
    li t2, 0x9e3779b9
    vmul.vv v6, v2, v4
    vse32.v v6, (OUT)
    addi OUT, OUT, 256
    vmulh.vx v6, v2, t2
    vse32.v v6, (OUT)
    addi OUT, OUT, 256
    vmulhu.vv v6, v2, v4
    vse32.v v6, (OUT)
    addi OUT, OUT, 256
    vdiv.vv v6, v2, v4
    vse32.v v6, (OUT)
    addi OUT, OUT, 256
    vremu.vx v6, v2, t2
    vse32.v v6, (OUT)
    addi OUT, OUT, 256
    vsra.vi v6, v2, 7
    vminu.vv v6, v6, v4
    vmax.vx v6, v6, t2
    vrsub.vi v6, v6, -3
    vse32.v v6, (OUT)
    addi OUT, OUT, 256
    vmacc.vx v6, t2, v4
    vnmsub.vv v6, v2, v4
    vse32.v v6, (OUT)
    addi OUT, OUT, 256
    vmsltu.vv v0, v2, v4
    vmsgt.vx v1, v2, t2
    vredsum.vs v8, v2, v4
    vredmaxu.vs v9, v2, v4
    vredxor.vs v10, v2, v4, v0.t
    vmv.x.s t1, v8
    sw t1, 0(OUT)
    vmv.x.s t1, v9
    sw t1, 4(OUT)
    vmv.x.s t1, v10
    sw t1, 8(OUT)
    addi OUT, OUT, 12

    /* ---- slides, vid, viota, vmsbf, vrgather (LMUL 2, vl 60 < VLMAX) */
    li t0, 60
    vsetvli t0, t0, e32, m2, tu, mu
    vle32.v v2, (A)
    vmv.v.i v6, -1
    li t2, 5
    vslideup.vx v6, v2, t2
    vse32.v v6, (OUT)
    addi OUT, OUT, 240
    vslidedown.vi v6, v2, 9
    vse32.v v6, (OUT)
    addi OUT, OUT, 240
    vslide1down.vx v6, v2, t2
    vse32.v v6, (OUT)
    addi OUT, OUT, 240
    vfslide1up.vf v6, v2, ft4
    vse32.v v6, (OUT)
    addi OUT, OUT, 240
    vid.v v6
    vse32.v v6, (OUT)
    addi OUT, OUT, 240
    vle32.v v4, (B)
    vmflt.vf v1, v4, ft1
    viota.m v6, v1
    vse32.v v6, (OUT)
    addi OUT, OUT, 240
    vmsbf.m v0, v1
    vmsof.m v8, v1
    vcpop.m t1, v0
    sw t1, 0(OUT)
    vfirst.m t1, v8
    sw t1, 4(OUT)
    addi OUT, OUT, 8
    vle32.v v4, (IDX)
    vsrl.vi v4, v4, 3           /* indices 0..63, some past vl, some past VLMAX */
    vrgather.vv v6, v2, v4
    vse32.v v6, (OUT)
    addi OUT, OUT, 240

    /* ---- FP conversions, sqrt, class, min/max, sign injection, division, fused variants (LMUL 4, vl 100) */
    li t0, 100
    vsetvli t0, t0, e32, m4, ta, ma
    vle32.v v4, (A)
    vle32.v v8, (B)
    vfcvt.x.f.v v12, v4
    vse32.v v12, (OUT)
    addi OUT, OUT, 400
    vfcvt.rtz.xu.f.v v12, v8
    vse32.v v12, (OUT)
    addi OUT, OUT, 400
    vfcvt.f.x.v v12, v12
    vfsgnjx.vv v16, v4, v4      /* |A| */
    vfsqrt.v v16, v16
    vfadd.vv v12, v12, v16
    vse32.v v12, (OUT)
    addi OUT, OUT, 400
    vfclass.v v12, v4
    vse32.v v12, (OUT)
    addi OUT, OUT, 400
    vfmin.vv v12, v4, v8
    vfmax.vf v12, v12, ft4
    vfsgnjn.vv v12, v12, v4
    vse32.v v12, (OUT)
    addi OUT, OUT, 400
    vfdiv.vv v12, v4, v8
    vfrdiv.vf v16, v8, ft4
    vfnmsac.vv v12, v16, v4
    vfmadd.vf v12, ft4, v8
    vfmsub.vv v12, v4, v16
    vfnmadd.vf v12, ft4, v4
    vse32.v v12, (OUT)
    addi OUT, OUT, 400
    vfrsub.vf v12, v4, ft4
    vfmul.vv v12, v12, v8
    vfsub.vv v12, v12, v4
    vse32.v v12, (OUT)
    addi OUT, OUT, 400

    /* ---- vl = 0: nothing written */
    vsetvli t0, zero, e32, m1, ta, ma
    vid.v v1
    vsetivli t0, 0, e32, m1, tu, mu
    vadd.vi v1, v1, 5
    vmv.s.x v1, t2
    vsetvli t0, zero, e32, m1, ta, ma
    vse32.v v1, (OUT)
    slli t1, t0, 2
    add OUT, OUT, t1

    /* ---- fflags accumulated by all of the above */
    frflags t1
    sw t1, 0(OUT)
    addi OUT, OUT, 4

    sub a0, OUT, s5
    srli a0, a0, 2
    lw ra, 28(sp)
    lw s0, 24(sp)
    lw s1, 20(sp)
    lw s2, 16(sp)
    lw s3, 12(sp)
    lw s4, 8(sp)
    lw s5, 4(sp)
    lw s6, 0(sp)
    addi sp, sp, 32
    ret
