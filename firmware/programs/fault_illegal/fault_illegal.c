/* fault_illegal: executes an illegal instruction with NO trap handler (mtvec = 0).
 * The VP's fault report should show mcause = 2 (illegal instruction), mepc = the address of the
 * global symbol fault_illegal_insn, and mtval = 0xc0001073 (the instruction bits, "unimp" =
 * csrrw x0, cycle, x0, a write to a read-only CSR). Expected result: "fault", not an exit code. */
#include <stdio.h>
#include <rt/csr.h>

int main(void) {
    printf("fault_illegal: executing an illegal instruction with mtvec=0\n");
    fflush(stdout);
    vp_csr_write(mtvec, 0);
    __asm__ volatile(
        ".globl fault_illegal_insn\n"
        "fault_illegal_insn:\n"
        ".4byte 0xc0001073\n" ::
            : "memory");
    printf("fault_illegal: ERROR: execution continued after the illegal instruction\n");
    return 1;
}
