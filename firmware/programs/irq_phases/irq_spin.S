/* Accelerator program of irq_phases: spins a0 iterations and returns a0 + 1. */
    .text
    .globl vec_main
vec_main:
    addi t0, a0, 1
1:  beqz a0, 2f
    addi a0, a0, -1
    j 1b
2:  mv a0, t0
    ret
