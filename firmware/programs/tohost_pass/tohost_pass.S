/* tohost_pass: the smallest possible test. Runs a few checked instructions and reports the result
 * the riscv-tests way: tohost = 1 means pass, tohost = (n << 1) | 1 means test n failed.
 * VP-only: QEMU virt does not implement HTIF, so there it spins forever. */
    .section .text.init.enter, "ax", @progbits
    .globl _start
_start:
    li      t0, 40
    li      t1, 2
    add     t2, t0, t1
    li      t3, 42
    li      a0, (2 << 1) | 1        /* failure code if the check below fails */
    bne     t2, t3, report
    li      a0, 1                   /* pass */
report:
    la      t0, tohost
    sw      a0, 0(t0)               /* low word carries the value ... */
    sw      zero, 4(t0)             /* ... high word last, as 64-bit HTIF hosts expect */
1:  j       1b
