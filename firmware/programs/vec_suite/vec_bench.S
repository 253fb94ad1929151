/* Simulation-speed benchmark of the vector unit (benchmarks/vector_bench.sh): dense vector loops at
 * VLMAX (LMUL 8) over two vectors in the DLM. Per iteration: 2 loads, vfmacc, vfmul, vfadd,
 * 1 store (6 x VLMAX element operations) and 2 scalar instructions.
 *   a0 = iterations, a1 = x (VLMAX floats), a2 = y (VLMAX floats); returns the iterations done */
    .text
    .globl vec_main
vec_main:
    mv t2, a0
    vsetvli t0, zero, e32, m8, ta, ma
    vmv.v.i v0, 0
    beqz a0, 2f
1:  vle32.v v8, (a1)
    vle32.v v16, (a2)
    vfmacc.vv v0, v8, v16
    vfmul.vv v24, v8, v16
    vfadd.vv v16, v24, v8
    vse32.v v16, (a2)
    addi a0, a0, -1
    bnez a0, 1b
2:  mv a0, t2
    ret
