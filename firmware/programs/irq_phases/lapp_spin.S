/* LAPP function of irq_phases (RV32I, no compressed forms: LAPP's first stage has no C): spins a0
 * iterations and returns a0 + 1. */
    .option push
    .option norvc
    .text
    .globl lapp_spin
    .type lapp_spin, @function
    .balign 4
lapp_spin:
    addi t0, a0, 1
1:  beqz a0, 2f
    addi a0, a0, -1
    j 1b
2:  mv a0, t0
    ret
    .size lapp_spin, . - lapp_spin
    .option pop
