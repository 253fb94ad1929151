/* C extension. The compiler already emits many compressed instructions with -march=rv32imafc; this
 * group runs each compressed form explicitly (c.* mnemonics, so the assembler must encode 16 bits)
 * and compares its effect with the equivalent 32-bit instruction assembled under ".option norvc",
 * or with an absolute expected value where the two forms legitimately differ (link address pc+2). */
#include <stdint.h>
#include "suite.h"

static uint32_t mem_buf[8] __attribute__((aligned(16)));

typedef struct {
    uint32_t a0, a1;
} pair_t;

/* Runs `ins` with a0 = in0, a1 = in1, s1 = &mem_buf, fa0/fa1 scratch; returns a0 and a1. */
#define RVC_RUN(ins, in0, in1)                                                                  \
    ({                                                                                          \
        pair_t p_;                                                                              \
        __asm__ volatile("mv a0, %2\n mv a1, %3\n mv s1, %4\n" ins "\n mv %0, a0\n mv %1, a1\n" \
                         : "=&r"(p_.a0), "=&r"(p_.a1)                                           \
                         : "r"(in0), "r"(in1), "r"(mem_buf)                                     \
                         : "a0", "a1", "a2", "s1", "fa0", "fa1", "memory");                     \
        p_;                                                                                     \
    })
#define NORVC(ins) ".option push\n.option norvc\n" ins "\n.option pop"

#define RVC_EQ(name, cins, uins, in0, in1)          \
    do {                                            \
        pair_t c_ = RVC_RUN(cins, in0, in1);        \
        pair_t u_ = RVC_RUN(NORVC(uins), in0, in1); \
        check_u32(name " a0", c_.a0, u_.a0);        \
        check_u32(name " a1", c_.a1, u_.a1);        \
    } while (0)

#define RVC_VAL(name, cins, in0, in1, want0) \
    do {                                     \
        pair_t c_ = RVC_RUN(cins, in0, in1); \
        check_u32(name, c_.a0, want0);       \
    } while (0)

void test_rvc(void) {
    const uint32_t X = 0x89abcdefu, Y = 0x12345678u;
    RVC_EQ("c.li", "c.li a0, -17", "addi a0, x0, -17", X, Y);
    RVC_EQ("c.lui", "c.lui a0, 0x1f", "lui a0, 0x1f", X, Y);
    RVC_EQ("c.lui neg", "c.lui a0, 0xfffe0", "lui a0, 0xfffe0", X, Y);
    RVC_EQ("c.addi", "c.addi a0, -3", "addi a0, a0, -3", X, Y);
    RVC_EQ("c.slli", "c.slli a0, 7", "slli a0, a0, 7", X, Y);
    RVC_EQ("c.srli", "c.srli a0, 3", "srli a0, a0, 3", X, Y);
    RVC_EQ("c.srai", "c.srai a0, 3", "srai a0, a0, 3", X, Y);
    RVC_EQ("c.andi", "c.andi a0, -6", "andi a0, a0, -6", X, Y);
    RVC_EQ("c.mv", "c.mv a0, a1", "add a0, x0, a1", X, Y);
    RVC_EQ("c.add", "c.add a0, a1", "add a0, a0, a1", X, Y);
    RVC_EQ("c.sub", "c.sub a0, a1", "sub a0, a0, a1", X, Y);
    RVC_EQ("c.xor", "c.xor a0, a1", "xor a0, a0, a1", X, Y);
    RVC_EQ("c.or", "c.or a0, a1", "or a0, a0, a1", X, Y);
    RVC_EQ("c.and", "c.and a0, a1", "and a0, a0, a1", X, Y);
    RVC_EQ("c.nop", "c.nop", "addi x0, x0, 0", X, Y);
    RVC_EQ("c.sw/c.lw", "c.sw a0, 8(s1)\n c.lw a1, 8(s1)\n c.sw a1, 12(s1)\n lw a0, 12(s1)",
           "sw a0, 8(s1)\n lw a1, 8(s1)\n sw a1, 12(s1)\n lw a0, 12(s1)", X, Y);
    RVC_EQ("c.lw offset 28", "sw a0, 28(s1)\n c.lw a1, 28(s1)", "sw a0, 28(s1)\n lw a1, 28(s1)", X, Y);
    RVC_EQ("c.swsp/c.lwsp", "addi sp, sp, -16\n c.swsp a0, 12(sp)\n c.lwsp a1, 12(sp)\n addi sp, sp, 16",
           "addi sp, sp, -16\n sw a0, 12(sp)\n lw a1, 12(sp)\n addi sp, sp, 16", X, Y);
    RVC_EQ("c.addi4spn", "c.addi4spn a0, sp, 20\n sub a0, a0, sp", "addi a0, sp, 20\n sub a0, a0, sp", X, Y);
    RVC_EQ("c.addi16sp", "mv a1, sp\n c.addi16sp sp, -48\n sub a0, a1, sp\n c.addi16sp sp, 48\n sub a1, a1, sp",
           "mv a1, sp\n addi sp, sp, -48\n sub a0, a1, sp\n addi sp, sp, 48\n sub a1, a1, sp", X, Y);
    RVC_EQ("c.fsw/c.flw", "fmv.w.x fa0, a0\n c.fsw fa0, 16(s1)\n c.flw fa1, 16(s1)\n fmv.x.w a1, fa1",
           "fmv.w.x fa0, a0\n fsw fa0, 16(s1)\n flw fa1, 16(s1)\n fmv.x.w a1, fa1", X, Y);
    RVC_EQ("c.fswsp/c.flwsp",
           "fmv.w.x fa0, a0\n addi sp, sp, -16\n c.fswsp fa0, 8(sp)\n c.flwsp fa1, 8(sp)\n addi sp, sp, 16\n fmv.x.w "
           "a1, fa1",
           "fmv.w.x fa0, a0\n addi sp, sp, -16\n fsw fa0, 8(sp)\n flw fa1, 8(sp)\n addi sp, sp, 16\n fmv.x.w a1, fa1",
           X, Y);
    /* control transfer */
    RVC_VAL("c.j skips", "c.li a0, 1\n c.j 1f\n c.li a0, 2\n 1:", X, Y, 1);
    RVC_VAL("c.beqz taken", "c.li a0, 0\n c.beqz a0, 1f\n c.li a0, 5\n 1:", X, Y, 0);
    RVC_VAL("c.beqz not taken", "c.li a0, 3\n c.beqz a0, 1f\n c.li a0, 5\n 1:", X, Y, 5);
    RVC_VAL("c.bnez taken", "c.li a0, 3\n c.bnez a0, 1f\n c.li a0, 5\n 1:", X, Y, 3);
    RVC_VAL("c.bnez not taken", "c.li a0, 0\n c.bnez a0, 1f\n c.li a0, 5\n 1:", X, Y, 5);
    RVC_VAL("c.beqz backward", "c.li a0, 3\n 1: c.addi a0, -1\n c.bnez a0, 1b\n c.addi a0, 9", X, Y, 9);
    /* c.jal / c.jalr link pc+2; c.jr returns */
    RVC_VAL("c.jal links pc+2",
            "mv a2, ra\n c.jal 1f\n c.j 2f\n 1: auipc a1, 0\n sub a0, a1, ra\n c.jr ra\n 2: mv ra, a2", X, Y, 2);
    RVC_VAL("c.jalr links pc+2",
            "mv a2, ra\n la a1, 1f\n c.jalr a1\n c.j 2f\n 1: auipc a1, 0\n sub a0, a1, ra\n c.jr ra\n 2: mv ra, a2", X,
            Y, 2);
    RVC_VAL("c.jr", "la a1, 1f\n c.li a0, 7\n c.jr a1\n c.li a0, 8\n 1:", X, Y, 7);
    /* the encodings really are 16 bits: a run of 8 c.* instructions spans 16 bytes */
    uint32_t span;
    __asm__ volatile(
        ".option push\n.option norelax\n"
        "la %0, 1f\n la t0, 2f\n sub %0, t0, %0\n j 2f\n"
        "1: c.nop\n c.addi a0, 1\n c.li a0, 0\n c.mv a0, a1\n c.add a0, a1\n c.slli a0, 1\n c.lui a0, 1\n c.nop\n"
        "2:\n .option pop"
        : "=&r"(span)::"t0", "a0", "a1");
    check_u32("8 c.* instructions = 16 bytes", span, 16);
}
