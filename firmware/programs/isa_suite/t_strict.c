/* isa_strict: results the specifications fix but QEMU 7.2 gets wrong (see docs/firmware.md).
 * Run on the VP only; on QEMU 7.2 both groups fail. */
#include <stdint.h>
#include "suite.h"

static uint32_t sbuf[4] __attribute__((aligned(16))) = {0x03020100u, 0x07060504u, 0x0b0a0908u, 0x0f0e0d0cu};

#define AMO_AT(insn, off)                                                                                            \
    do {                                                                                                             \
        uint32_t pc_, rd_ = 0x5a5a5a5au;                                                                             \
        trap_log_reset();                                                                                            \
        __asm__ volatile("la %0, 1f\n 1: " insn " %1, %2, (%3)"                                                      \
                         : "=&r"(pc_), "+r"(rd_)                                                                     \
                         : "r"(1u), "r"((uint8_t *)sbuf + (off))                                                     \
                         : "memory");                                                                                \
        check_u32(insn " misaligned: mcause = store/AMO address-misaligned", g_trap.mcause, CAUSE_MISALIGNED_STORE); \
        check_u32(insn " misaligned: mepc", g_trap.mepc, pc_);                                                       \
    } while (0)

/* Privileged spec 3.1 / table 3.x: AMOs report misalignment as cause 6 (store/AMO), never 4. */
void test_strict_amo_misaligned_cause(void) {
    AMO_AT("amoadd.w", 1);
    AMO_AT("amoswap.w", 2);
    AMO_AT("amoor.w", 3);
    AMO_AT("amominu.w", 5);
}

/* Zicsr: CSRRS/CSRRC with rs1 != x0 always "write" (even when the register holds 0), so on a
 * read-only CSR they raise illegal instruction; with rs1 = x0 (or uimm = 0) they do not write. */
void test_strict_csr_readonly_write(void) {
    uint32_t r;
    EXPECT_ILLEGAL_PRE("csrrs t0, mhartid, t1(=0)", "li t1, 0", "csrrs t0, mhartid, t1", "t0", "t1");
    EXPECT_ILLEGAL_PRE("csrrc t0, mvendorid, t1(=0)", "li t1, 0", "csrrc t0, mvendorid, t1", "t0", "t1");
    EXPECT_ILLEGAL_PRE("csrrs t0, cycle, t1(=0)", "li t1, 0", "csrrs t0, cycle, t1", "t0", "t1");
    trap_log_reset();
    __asm__ volatile("csrrsi %0, mhartid, 0\n csrrci %0, mhartid, 0\n csrrs %0, mhartid, x0" : "=r"(r));
    check_u32("uimm=0 / rs1=x0 forms do not write: no trap", g_trap.count, 0);
}
