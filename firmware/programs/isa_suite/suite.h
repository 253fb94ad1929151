/* isa_suite: tiny self-checking test framework shared by the group files. */
#ifndef ISA_SUITE_H
#define ISA_SUITE_H
#include <stdint.h>
#include <rt/csr.h>
#include <rt/trap.h>

/* Check helpers: record the check, and remember the first failure of the group for the report. */
void check_u32(const char *what, uint32_t got, uint32_t want);
void check_true(const char *what, int ok);

/* Trap recorder: the suite's handler stores the last trap here; exceptions resume after the
 * faulting instruction, timer/software interrupts are acknowledged (timer disarmed, msip cleared). */
typedef struct {
    uint32_t count;
    uint32_t mcause;
    uint32_t mepc;
    uint32_t mtval;
    int32_t vector;
    uint32_t irq_timer; /* number of machine timer interrupts taken */
    uint32_t irq_soft;  /* number of machine software interrupts taken */
    uint32_t irq_ext;   /* number of machine external interrupts taken */
    uint32_t ext_src;   /* PLIC source claimed by the last external interrupt */
} trap_log_t;
extern volatile trap_log_t g_trap;
void trap_log_reset(void);
void suite_trap_handler(vp_trap_frame_t *f);

/* Bits of the (2- or 4-byte) instruction at pc. */
uint32_t insn_bits(uint32_t pc);

/* Run one instruction expected to raise illegal-instruction; check mcause, mepc and that mtval
 * holds the instruction bits. */
#define EXPECT_ILLEGAL(name, insn_asm, clob...) EXPECT_ILLEGAL_PRE(name, "", insn_asm, ##clob)
/* pre: set-up instructions placed before the faulting one, in the same asm statement */
#define EXPECT_ILLEGAL_PRE(name, pre, insn_asm, clob...)                                    \
    do {                                                                                    \
        uint32_t pc_;                                                                       \
        trap_log_reset();                                                                   \
        __asm__ volatile(pre "\n la %0, 1f\n 1: " insn_asm : "=&r"(pc_)::"memory", ##clob); \
        check_u32(name ": mcause", g_trap.mcause, CAUSE_ILLEGAL_INSN);                      \
        check_u32(name ": mepc", g_trap.mepc, pc_);                                         \
        check_u32(name ": mtval = instruction bits", g_trap.mtval, insn_bits(pc_));         \
    } while (0)

/* Groups */
void test_int_divrem(void);
void test_int_mul(void);
void test_int_shift(void);
void test_amo(void);
void test_lrsc(void);
void test_fp_round(void);
void test_fp_flags(void);
void test_fp_nan(void);
void test_fp_convert(void);
void test_fp_misc(void);
void test_rvc(void);
void test_misaligned(void);
void test_misaligned_amo(void);
void test_csr(void);
void test_counters(void);
void test_traps(void);
void test_mtvec_modes(void);
void test_timer_irq(void);
void test_soft_irq(void);
void test_wfi(void);
void test_zifencei(void);
void test_plic_uart_irq(void);
/* isa_strict groups */
void test_strict_amo_misaligned_cause(void);
void test_strict_csr_readonly_write(void);

#endif
