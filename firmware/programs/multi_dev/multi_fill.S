/* Accelerator program of multi_dev: out[i] = seed + i for i < n (vector stores), then spins `spin`
 * iterations (so that the two accelerators' runs overlap); returns n.
 * a0 = n, a1 = out (an address in this accelerator's DLM), a2 = seed, a3 = spin. */
    .text
    .globl vec_main
vec_main:
    mv t5, a0
    mv t1, a0
1:  beqz t1, 2f
    vsetvli t3, t1, e32, m1, ta, ma
    vid.v v1
    vadd.vx v1, v1, a2
    vse32.v v1, (a1)
    add a2, a2, t3
    slli t4, t3, 2
    add a1, a1, t4
    sub t1, t1, t3
    j 1b
2:  beqz a3, 3f
    addi a3, a3, -1
    j 2b
3:  mv a0, t5
    ret
