/* SELL block kernel for the vector accelerator (RVV 1.0, Zve32f subset of issue #12: vsetvli,
 * unit-stride loads/stores, vfmul, vfadd, vmv). One call processes `width` consecutive columns j
 * of one SELL chunk of `lanes` rows whose values and gathered x (xg[j][r] = x[col[j][r]]) sit in
 * the local memory, row-major by j (lanes floats per j):
 *
 *     for r < lanes:  acc[r] = (init ? 0 : acc[r]);
 *                     for j < width:  acc[r] = acc[r] + (val[j*lanes + r] * xg[j*lanes + r])
 *
 * with one rounding for the multiply and one for the add (vfmul.vv then vfadd.vv, as on a vector
 * unit with separate adders and multipliers; no vfmacc), so every row is accumulated exactly as the host's CSR
 * reference does it (0 + p = p bit for bit, also for p = -0). The rows are strip-mined with vsetvli
 * at SEW 32, LMUL 8: one pass for lanes <= VLMAX (256 at VLEN 1024, the default),
 * several for a smaller VLEN, so the same code runs at any VLEN (QEMU tests 128..1024).
 *
 *   a0 acc (float[lanes], in/out)  a1 val  a2 xg  a3 lanes  a4 width  a5 init (0: load acc)
 *   returns a0 = 0
 *
 * Position independent (pc-relative branches only, no data): the accelerator runs it from its ILM
 * as vec_main (crt0 calls it with the ARG registers), a CPU with V (QEMU) can call the same bytes.
 * Registers: v0-v7 accumulators, v8-v15 values / products, v16-v23 gathered x. */
    .option push
    .option arch, +zve32f
    .text
    .balign 4
    .globl vec_main
    .globl sell_block
vec_main:
sell_block:
    slli    t3, a3, 2               /* bytes from one j to the next */
1:  beqz    a3, 9f                  /* every row done */
    vsetvli t0, a3, e32, m8, ta, ma /* t0 = rows of this pass */
    bnez    a5, 2f
    vle32.v v0, (a0)                /* continue the chunk's partial sums */
    j       3f
2:  vmv.v.i v0, 0                   /* first block of the chunk */
3:  mv      t1, a1
    mv      t2, a2
    mv      t4, a4
    beqz    t4, 5f
4:  vle32.v v8, (t1)
    vle32.v v16, (t2)
    vfmul.vv v8, v8, v16
    vfadd.vv v0, v0, v8
    add     t1, t1, t3
    add     t2, t2, t3
    addi    t4, t4, -1
    bnez    t4, 4b
5:  vse32.v v0, (a0)
    slli    t5, t0, 2               /* next pass: the following rows */
    add     a0, a0, t5
    add     a1, a1, t5
    add     a2, a2, t5
    sub     a3, a3, t0
    j       1b
9:  li      a0, 0
    ret
    .option pop
