/* Integer M-extension edge cases, shifts, A extension. All operations go through inline asm so the
 * compiler cannot fold them. */
#include <stdint.h>
#include "suite.h"

#define DEF_RR(fn, insn)                                                 \
    static uint32_t fn(uint32_t a, uint32_t b) {                         \
        uint32_t r;                                                      \
        __asm__ volatile(insn " %0, %1, %2" : "=r"(r) : "r"(a), "r"(b)); \
        return r;                                                        \
    }
DEF_RR(op_div, "div")
DEF_RR(op_divu, "divu")
DEF_RR(op_rem, "rem")
DEF_RR(op_remu, "remu")
DEF_RR(op_mul, "mul")
DEF_RR(op_mulh, "mulh")
DEF_RR(op_mulhsu, "mulhsu")
DEF_RR(op_mulhu, "mulhu")
DEF_RR(op_sll, "sll")
DEF_RR(op_srl, "srl")
DEF_RR(op_sra, "sra")
DEF_RR(op_slt, "slt")
DEF_RR(op_sltu, "sltu")

#define INT_MIN32 0x80000000u
#define NEG(x)    ((uint32_t) - (int32_t)(x))

void test_int_divrem(void) {
    /* division by zero: quotient all ones, remainder = dividend (M spec, table 7.1) */
    check_u32("div 7/0", op_div(7, 0), 0xffffffffu);
    check_u32("div -7/0", op_div(NEG(7), 0), 0xffffffffu);
    check_u32("divu 7/0", op_divu(7, 0), 0xffffffffu);
    check_u32("rem 7%0", op_rem(7, 0), 7);
    check_u32("rem -7%0", op_rem(NEG(7), 0), NEG(7));
    check_u32("remu 7%0", op_remu(7, 0), 7);
    check_u32("remu max%0", op_remu(0xffffffffu, 0), 0xffffffffu);
    /* signed overflow: INT_MIN / -1 = INT_MIN, remainder 0 */
    check_u32("div INT_MIN/-1", op_div(INT_MIN32, 0xffffffffu), INT_MIN32);
    check_u32("rem INT_MIN%-1", op_rem(INT_MIN32, 0xffffffffu), 0);
    check_u32("divu 2^31/max", op_divu(INT_MIN32, 0xffffffffu), 0);
    check_u32("remu 2^31%max", op_remu(INT_MIN32, 0xffffffffu), INT_MIN32);
    /* rounding toward zero, remainder takes the dividend's sign */
    check_u32("div -7/2", op_div(NEG(7), 2), NEG(3));
    check_u32("rem -7%2", op_rem(NEG(7), 2), NEG(1));
    check_u32("div 7/-2", op_div(7, NEG(2)), NEG(3));
    check_u32("rem 7%-2", op_rem(7, NEG(2)), 1);
    check_u32("div -7/-2", op_div(NEG(7), NEG(2)), 3);
    check_u32("rem -7%-2", op_rem(NEG(7), NEG(2)), NEG(1));
    check_u32("divu max/3", op_divu(0xffffffffu, 3), 0x55555555u);
    check_u32("div INT_MIN/1", op_div(INT_MIN32, 1), INT_MIN32);
    check_u32("div 0/-1", op_div(0, 0xffffffffu), 0);
}

void test_int_mul(void) {
    check_u32("mul INT_MIN*-1", op_mul(INT_MIN32, 0xffffffffu), INT_MIN32);
    check_u32("mul 0x12345678*0x9abcdef0", op_mul(0x12345678u, 0x9abcdef0u), 0x242d2080u);
    check_u32("mulh -1*-1", op_mulh(0xffffffffu, 0xffffffffu), 0);
    check_u32("mulh INT_MIN*INT_MIN", op_mulh(INT_MIN32, INT_MIN32), 0x40000000u);
    check_u32("mulh INT_MIN*INT_MAX", op_mulh(INT_MIN32, 0x7fffffffu), 0xc0000000u);
    check_u32("mulh -2*3", op_mulh(NEG(2), 3), 0xffffffffu);
    check_u32("mulh 0x12345678*0x9abcdef0", op_mulh(0x12345678u, 0x9abcdef0u), 0xf8cc93d6u);
    check_u32("mulhu max*max", op_mulhu(0xffffffffu, 0xffffffffu), 0xfffffffeu);
    check_u32("mulhu 2^31*2", op_mulhu(INT_MIN32, 2), 1);
    check_u32("mulhu 0x12345678*0x9abcdef0", op_mulhu(0x12345678u, 0x9abcdef0u), 0x0b00ea4eu);
    check_u32("mulhsu -1*max", op_mulhsu(0xffffffffu, 0xffffffffu), 0xffffffffu);
    check_u32("mulhsu INT_MIN*max", op_mulhsu(INT_MIN32, 0xffffffffu), 0x80000000u);
    check_u32("mulhsu 1*max", op_mulhsu(1, 0xffffffffu), 0);
    check_u32("mulhsu -2*2^31", op_mulhsu(NEG(2), INT_MIN32), 0xffffffffu);
}

void test_int_shift(void) {
    check_u32("sll 1<<33 (shamt masked)", op_sll(1, 33), 2);
    check_u32("sll 1<<31", op_sll(1, 31), INT_MIN32);
    check_u32("srl 2^31>>31", op_srl(INT_MIN32, 31), 1);
    check_u32("srl x>>32 (shamt 0)", op_srl(0x87654321u, 32), 0x87654321u);
    check_u32("sra 2^31>>31", op_sra(INT_MIN32, 31), 0xffffffffu);
    check_u32("sra 2^31>>63", op_sra(INT_MIN32, 63), 0xffffffffu);
    check_u32("sra 0x40000000>>30", op_sra(0x40000000u, 30), 1);
    check_u32("slt -1<0", op_slt(0xffffffffu, 0), 1);
    check_u32("sltu max<0", op_sltu(0xffffffffu, 0), 0);
    uint32_t r;
    __asm__ volatile("li %0, -1\n srai %0, %0, 31" : "=r"(r));
    check_u32("srai -1>>31", r, 0xffffffffu);
    __asm__ volatile("li %0, -16\n srli %0, %0, 28" : "=r"(r));
    check_u32("srli -16>>28", r, 0xf);
    __asm__ volatile("li %0, 3\n slli %0, %0, 30" : "=r"(r));
    check_u32("slli 3<<30", r, 0xc0000000u);
    __asm__ volatile("li %0, -5\n sltiu %0, %0, -1" : "=r"(r));
    check_u32("sltiu -5 < -1 (unsigned)", r, 1);
    __asm__ volatile("lui %0, 0xfffff\n addi %0, %0, -1" : "=r"(r));
    check_u32("lui+addi", r, 0xffffefffu);
}

static volatile uint32_t amo_word __attribute__((aligned(8)));

#define DEF_AMO(fn, insn)                                                               \
    static uint32_t fn(volatile uint32_t *p, uint32_t v) {                              \
        uint32_t old;                                                                   \
        __asm__ volatile(insn " %0, %2, (%1)" : "=r"(old) : "r"(p), "r"(v) : "memory"); \
        return old;                                                                     \
    }
DEF_AMO(amo_swap, "amoswap.w")
DEF_AMO(amo_add, "amoadd.w")
DEF_AMO(amo_xor, "amoxor.w")
DEF_AMO(amo_and, "amoand.w")
DEF_AMO(amo_or, "amoor.w")
DEF_AMO(amo_min, "amomin.w")
DEF_AMO(amo_max, "amomax.w")
DEF_AMO(amo_minu, "amominu.w")
DEF_AMO(amo_maxu, "amomaxu.w")
DEF_AMO(amo_add_aqrl, "amoadd.w.aqrl")
DEF_AMO(amo_swap_aq, "amoswap.w.aq")
DEF_AMO(amo_or_rl, "amoor.w.rl")

#define AMO_CASE(fn, init, val, want_mem)                    \
    do {                                                     \
        amo_word = (init);                                   \
        check_u32(#fn " old", fn(&amo_word, (val)), (init)); \
        check_u32(#fn " mem", amo_word, (want_mem));         \
    } while (0)

void test_amo(void) {
    AMO_CASE(amo_swap, 0x11111111u, 0x22222222u, 0x22222222u);
    AMO_CASE(amo_add, 0xffffffffu, 2u, 1u);
    AMO_CASE(amo_xor, 0xff00ff00u, 0x0ff00ff0u, 0xf0f0f0f0u);
    AMO_CASE(amo_and, 0xff00ff00u, 0x0ff00ff0u, 0x0f000f00u);
    AMO_CASE(amo_or, 0xff00ff00u, 0x0ff00ff0u, 0xfff0fff0u);
    AMO_CASE(amo_min, NEG(5), 3u, NEG(5));
    AMO_CASE(amo_min, 5u, NEG(3), NEG(3));
    AMO_CASE(amo_max, NEG(5), 3u, 3u);
    AMO_CASE(amo_max, 0x7fffffffu, INT_MIN32, 0x7fffffffu);
    AMO_CASE(amo_minu, NEG(5), 3u, 3u);
    AMO_CASE(amo_maxu, NEG(5), 3u, NEG(5));
    AMO_CASE(amo_maxu, 0u, INT_MIN32, INT_MIN32);
    AMO_CASE(amo_add_aqrl, 40u, 2u, 42u);
    AMO_CASE(amo_swap_aq, 1u, 2u, 2u);
    AMO_CASE(amo_or_rl, 1u, 2u, 3u);
    /* rd = x0 form: memory still updated */
    amo_word = 5;
    __asm__ volatile("amoadd.w x0, %1, (%0)" ::"r"(&amo_word), "r"(10u) : "memory");
    check_u32("amoadd.w rd=x0 mem", amo_word, 15u);
}

void test_lrsc(void) {
    uint32_t loaded, rc1, rc2;
    amo_word = 100;
    /* lr; sc (must succeed: no intervening event in this hart); second sc has no reservation left
     * (any sc invalidates the reservation) and must fail without writing. */
    __asm__ volatile(
        "lr.w   %0, (%3)\n"
        "addi   %0, %0, 1\n"
        "sc.w   %1, %0, (%3)\n"
        "li     t0, 999\n"
        "sc.w   %2, t0, (%3)\n"
        : "=&r"(loaded), "=&r"(rc1), "=&r"(rc2)
        : "r"(&amo_word)
        : "t0", "memory");
    check_u32("sc.w after lr.w succeeds (rd=0)", rc1, 0);
    check_u32("memory after successful sc", amo_word, 101);
    check_true("second sc.w fails (rd!=0)", rc2 != 0);
    check_u32("memory unchanged by failed sc", amo_word, 101);
    /* lr.w.aq / sc.w.rl pair, in a retry loop (the architectural increment idiom) */
    uint32_t tmp, rc;
    __asm__ volatile(
        "1: lr.w.aq %0, (%2)\n"
        "   addi    %0, %0, 5\n"
        "   sc.w.rl %1, %0, (%2)\n"
        "   bnez    %1, 1b\n"
        : "=&r"(tmp), "=&r"(rc)
        : "r"(&amo_word)
        : "memory");
    check_u32("lr.aq/sc.rl increment", amo_word, 106);
    /* an sc with no preceding lr must fail (the previous sc consumed the reservation) */
    __asm__ volatile("li t0, 7\n sc.w %0, t0, (%1)" : "=&r"(rc) : "r"(&amo_word) : "t0", "memory");
    check_true("sc.w without lr.w fails", rc != 0);
    check_u32("memory unchanged", amo_word, 106);
}
