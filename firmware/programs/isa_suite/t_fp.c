/* F extension: rounding modes (dynamic frm and static rm), exception flags, NaN rules, conversions,
 * classification, sign injection, fused multiply-add, comparisons. Operands travel as raw bits
 * (fmv.w.x / fmv.x.w), so no value is touched by compiler-generated FP code. */
#include <stdint.h>
#include "suite.h"

static uint32_t g_fl; /* fflags after the last operation */

/* float result in ft2 from ft0 = a, ft1 = b (raw ints also available as %2 / %3) */
#define DEF_FF(fn, body)                                                         \
    static uint32_t fn(uint32_t a, uint32_t b) {                                 \
        uint32_t r, fl;                                                          \
        __asm__ volatile("fmv.w.x ft0, %2\n fmv.w.x ft1, %3\n fsflags x0\n" body \
                         "\n"                                                    \
                         "fmv.x.w %0, ft2\n frflags %1"                          \
                         : "=&r"(r), "=&r"(fl)                                   \
                         : "r"(a), "r"(b)                                        \
                         : "ft0", "ft1", "ft2");                                 \
        g_fl = fl;                                                               \
        return r;                                                                \
    }
/* integer result in t0 */
#define DEF_FI(fn, body)                                                         \
    static uint32_t fn(uint32_t a, uint32_t b) {                                 \
        uint32_t r, fl;                                                          \
        __asm__ volatile("fmv.w.x ft0, %2\n fmv.w.x ft1, %3\n fsflags x0\n" body \
                         "\n"                                                    \
                         "mv %0, t0\n frflags %1"                                \
                         : "=&r"(r), "=&r"(fl)                                   \
                         : "r"(a), "r"(b)                                        \
                         : "ft0", "ft1", "t0");                                  \
        g_fl = fl;                                                               \
        return r;                                                                \
    }
/* three operands: ft3 = op(ft0, ft1, ft2) */
#define DEF_F3(fn, insn)                                                                           \
    static uint32_t fn(uint32_t a, uint32_t b, uint32_t c) {                                       \
        uint32_t r, fl;                                                                            \
        __asm__ volatile("fmv.w.x ft0, %2\n fmv.w.x ft1, %3\n fmv.w.x ft2, %4\n fsflags x0\n" insn \
                         " ft3, ft0, ft1, ft2\n fmv.x.w %0, ft3\n frflags %1"                      \
                         : "=&r"(r), "=&r"(fl)                                                     \
                         : "r"(a), "r"(b), "r"(c)                                                  \
                         : "ft0", "ft1", "ft2", "ft3");                                            \
        g_fl = fl;                                                                                 \
        return r;                                                                                  \
    }

static void set_frm(uint32_t m) { __asm__ volatile("fsrm %0" ::"r"(m)); }

/* Dynamic rounding (rm field = DYN, mode from frm) */
DEF_FF(fadd_dyn, "fadd.s ft2, ft0, ft1")
DEF_FF(fdiv_dyn, "fdiv.s ft2, ft0, ft1")
DEF_FF(fsqrt_dyn, "fsqrt.s ft2, ft0")
DEF_FF(fcvt_s_w_dyn, "fcvt.s.w ft2, %2")
DEF_FI(fcvt_w_s_dyn, "fcvt.w.s t0, ft0")
/* Static rounding modes */
#define DEF_STATIC5(base, kind, body_prefix, suffix)                                              \
    kind(base##_rne, body_prefix ", rne" suffix) kind(base##_rtz, body_prefix ", rtz" suffix)     \
        kind(base##_rdn, body_prefix ", rdn" suffix) kind(base##_rup, body_prefix ", rup" suffix) \
            kind(base##_rmm, body_prefix ", rmm" suffix)
DEF_STATIC5(fadd_s, DEF_FF, "fadd.s ft2, ft0, ft1", "")
DEF_STATIC5(fdiv_s, DEF_FF, "fdiv.s ft2, ft0, ft1", "")
DEF_STATIC5(fsqrt_s, DEF_FF, "fsqrt.s ft2, ft0", "")
DEF_STATIC5(fcvt_s_w, DEF_FF, "fcvt.s.w ft2, %2", "")
DEF_STATIC5(fcvt_w_s, DEF_FI, "fcvt.w.s t0, ft0", "")

typedef uint32_t (*f2_t)(uint32_t, uint32_t);
static const char *const mode_name[5] = {"rne", "rtz", "rdn", "rup", "rmm"};

typedef struct {
    const char *name;
    f2_t dyn;
    f2_t stat[5];
    uint32_t a, b;
    uint32_t want[5]; /* rne rtz rdn rup rmm */
    uint32_t flags;   /* same for every mode */
} round_case_t;

#define NEG(x) ((uint32_t) - (int32_t)(x))
#define STAT5(base) \
    { base##_rne, base##_rtz, base##_rdn, base##_rup, base##_rmm }

static const round_case_t round_cases[] = {
    {"fadd 1+2^-24",
     fadd_dyn,
     STAT5(fadd_s),
     0x3f800000,
     0x33800000,
     {0x3f800000, 0x3f800000, 0x3f800000, 0x3f800001, 0x3f800001},
     FFLAG_NX},
    {"fadd -1-2^-24",
     fadd_dyn,
     STAT5(fadd_s),
     0xbf800000,
     0xb3800000,
     {0xbf800000, 0xbf800000, 0xbf800001, 0xbf800000, 0xbf800001},
     FFLAG_NX},
    {"fdiv 1/3",
     fdiv_dyn,
     STAT5(fdiv_s),
     0x3f800000,
     0x40400000,
     {0x3eaaaaab, 0x3eaaaaaa, 0x3eaaaaaa, 0x3eaaaaab, 0x3eaaaaab},
     FFLAG_NX},
    {"fsqrt 2",
     fsqrt_dyn,
     STAT5(fsqrt_s),
     0x40000000,
     0,
     {0x3fb504f3, 0x3fb504f3, 0x3fb504f3, 0x3fb504f4, 0x3fb504f3},
     FFLAG_NX},
    {"fcvt.s.w 2^24+1",
     fcvt_s_w_dyn,
     STAT5(fcvt_s_w),
     16777217u,
     0,
     {0x4b800000, 0x4b800000, 0x4b800000, 0x4b800001, 0x4b800001},
     FFLAG_NX},
    {"fcvt.s.w -(2^24+1)",
     fcvt_s_w_dyn,
     STAT5(fcvt_s_w),
     NEG(16777217u),
     0,
     {0xcb800000, 0xcb800000, 0xcb800001, 0xcb800000, 0xcb800001},
     FFLAG_NX},
    {"fcvt.s.w 2^24+3",
     fcvt_s_w_dyn,
     STAT5(fcvt_s_w),
     16777219u,
     0,
     {0x4b800002, 0x4b800001, 0x4b800001, 0x4b800002, 0x4b800002},
     FFLAG_NX},
    {"fcvt.w.s 2.5", fcvt_w_s_dyn, STAT5(fcvt_w_s), 0x40200000, 0, {2, 2, 2, 3, 3}, FFLAG_NX},
    {"fcvt.w.s -2.5", fcvt_w_s_dyn, STAT5(fcvt_w_s), 0xc0200000, 0, {NEG(2), NEG(2), NEG(3), NEG(2), NEG(3)}, FFLAG_NX},
    {"fcvt.w.s 3.5", fcvt_w_s_dyn, STAT5(fcvt_w_s), 0x40600000, 0, {4, 3, 3, 4, 4}, FFLAG_NX},
    {"fcvt.w.s -0.5", fcvt_w_s_dyn, STAT5(fcvt_w_s), 0xbf000000, 0, {0, 0, NEG(1), 0, NEG(1)}, FFLAG_NX},
};

static void check_named(const char *what, const char *mode, const char *kind, uint32_t got, uint32_t want) {
    char buf[64];
    const char *p;
    char *q = buf;
    for (p = what; *p && q < buf + 40; p++) *q++ = *p;
    *q++ = ' ';
    for (p = kind; *p; p++) *q++ = *p;
    *q++ = ' ';
    for (p = mode; *p; p++) *q++ = *p;
    *q = '\0';
    check_u32(buf, got, want);
}

void test_fp_round(void) {
    for (unsigned c = 0; c < sizeof round_cases / sizeof round_cases[0]; c++) {
        const round_case_t *t = &round_cases[c];
        for (unsigned m = 0; m < 5; m++) {
            set_frm(m);
            uint32_t r = t->dyn(t->a, t->b);
            check_named(t->name, mode_name[m], "frm", r, t->want[m]);
            check_named(t->name, mode_name[m], "frm fflags", g_fl, t->flags);
            set_frm(m == FRM_RUP ? FRM_RDN : FRM_RUP); /* the static rm must win over frm */
            r = t->stat[m](t->a, t->b);
            check_named(t->name, mode_name[m], "static", r, t->want[m]);
            check_named(t->name, mode_name[m], "static fflags", g_fl, t->flags);
        }
    }
    set_frm(FRM_RNE);
    /* frm/fflags are views of fcsr */
    vp_csr_write(fcsr, (FRM_RUP << 5) | FFLAG_NX | FFLAG_DZ);
    check_u32("fcsr.frm view", vp_csr_read(frm), FRM_RUP);
    check_u32("fcsr.fflags view", vp_csr_read(fflags), FFLAG_NX | FFLAG_DZ);
    vp_csr_write(fcsr, 0);
    /* invalid rounding modes: frm = 5 with a dynamic-rm instruction, and rm = 5 encoded statically,
     * must both raise illegal instruction */
    uint32_t pc1, pc2;
    trap_log_reset();
    __asm__ volatile("fsrmi 5\n la %0, 1f\n 1: fadd.s ft2, ft0, ft1\n fsrmi 0" : "=&r"(pc1)::"ft2", "memory");
    check_u32("frm=5 + dyn fadd.s: mcause", g_trap.mcause, CAUSE_ILLEGAL_INSN);
    check_u32("frm=5 + dyn fadd.s: mepc", g_trap.mepc, pc1);
    trap_log_reset();
    __asm__ volatile("la %0, 1f\n 1: .insn r 0x53, 5, 0, ft2, ft0, ft1" : "=&r"(pc2)::"ft2", "memory");
    check_u32("fadd.s rm=5: mcause", g_trap.mcause, CAUSE_ILLEGAL_INSN);
    check_u32("fadd.s rm=5: mepc", g_trap.mepc, pc2);
}

DEF_FF(fadd_s, "fadd.s ft2, ft0, ft1")
DEF_FF(fsub_s, "fsub.s ft2, ft0, ft1")
DEF_FF(fmul_s, "fmul.s ft2, ft0, ft1")
DEF_FF(fdiv_s, "fdiv.s ft2, ft0, ft1")
DEF_FF(fsqrt_s, "fsqrt.s ft2, ft0")
DEF_FF(fmul_s_rtz, "fmul.s ft2, ft0, ft1, rtz")
DEF_FF(fmin_s, "fmin.s ft2, ft0, ft1")
DEF_FF(fmax_s, "fmax.s ft2, ft0, ft1")
DEF_FF(fsgnj_s, "fsgnj.s ft2, ft0, ft1")
DEF_FF(fsgnjn_s, "fsgnjn.s ft2, ft0, ft1")
DEF_FF(fsgnjx_s, "fsgnjx.s ft2, ft0, ft1")
DEF_FF(fmv_roundtrip, "fmv.s ft2, ft0")
DEF_FI(feq_s, "feq.s t0, ft0, ft1")
DEF_FI(flt_s, "flt.s t0, ft0, ft1")
DEF_FI(fle_s, "fle.s t0, ft0, ft1")
DEF_FI(fclass_s, "fclass.s t0, ft0")
DEF_FI(fcvt_wu_s_rtz, "fcvt.wu.s t0, ft0, rtz")
DEF_FF(fcvt_s_wu, "fcvt.s.wu ft2, %2")
DEF_F3(fmadd_s, "fmadd.s")
DEF_F3(fmsub_s, "fmsub.s")
DEF_F3(fnmsub_s, "fnmsub.s")
DEF_F3(fnmadd_s, "fnmadd.s")

#define F_ONE   0x3f800000u
#define F_TWO   0x40000000u
#define F_THREE 0x40400000u
#define F_NONE  0xbf800000u
#define F_ZERO  0x00000000u
#define F_NZERO 0x80000000u
#define F_INF   0x7f800000u
#define F_NINF  0xff800000u
#define F_QNAN  0x7fc00000u /* canonical NaN */
#define F_QNANP 0x7fc12345u /* quiet NaN with payload */
#define F_SNAN  0x7f800001u
#define F_NSNAN 0xff812345u
#define F_MAX   0x7f7fffffu
#define F_MIN   0x00800000u /* smallest normal, 2^-126 */

#define CHECK_OP(what, expr, want, want_flags)       \
    do {                                             \
        uint32_t r_ = (expr);                        \
        check_u32(what, r_, want);                   \
        check_u32(what " fflags", g_fl, want_flags); \
    } while (0)

void test_fp_flags(void) {
    set_frm(FRM_RNE);
    CHECK_OP("0/0 -> NV", fdiv_s(F_ZERO, F_ZERO), F_QNAN, FFLAG_NV);
    CHECK_OP("sqrt(-1) -> NV", fsqrt_s(F_NONE, 0), F_QNAN, FFLAG_NV);
    CHECK_OP("inf*0 -> NV", fmul_s(F_INF, F_ZERO), F_QNAN, FFLAG_NV);
    CHECK_OP("1/0 -> DZ", fdiv_s(F_ONE, F_ZERO), F_INF, FFLAG_DZ);
    CHECK_OP("-1/0 -> DZ", fdiv_s(F_NONE, F_ZERO), F_NINF, FFLAG_DZ);
    CHECK_OP("1/-0 -> DZ", fdiv_s(F_ONE, F_NZERO), F_NINF, FFLAG_DZ);
    CHECK_OP("inf/0 exact", fdiv_s(F_INF, F_ZERO), F_INF, 0);
    CHECK_OP("FLT_MAX*2 -> OF|NX", fmul_s(F_MAX, F_TWO), F_INF, FFLAG_OF | FFLAG_NX);
    CHECK_OP("FLT_MAX*2 rtz -> OF|NX", fmul_s_rtz(F_MAX, F_TWO), F_MAX, FFLAG_OF | FFLAG_NX);
    CHECK_OP("FLT_MAX+FLT_MAX -> OF|NX", fadd_s(F_MAX, F_MAX), F_INF, FFLAG_OF | FFLAG_NX);
    CHECK_OP("1e-30*1e-30 -> UF|NX", fmul_s(0x0da24260u, 0x0da24260u), F_ZERO, FFLAG_UF | FFLAG_NX);
    CHECK_OP("2^-126*(1+2^-23)/2^3 -> UF|NX", fdiv_s(0x00800001u, 0x41000000u), 0x00100000u, FFLAG_UF | FFLAG_NX);
    CHECK_OP("2^-126/2 exact subnormal: no UF", fmul_s(F_MIN, 0x3f000000u), 0x00400000u, 0);
    CHECK_OP("1/3 -> NX", fdiv_s(F_ONE, F_THREE), 0x3eaaaaabu, FFLAG_NX);
    CHECK_OP("1.5*2 exact", fmul_s(0x3fc00000u, F_TWO), F_THREE, 0);
    CHECK_OP("sqrt(4) exact", fsqrt_s(0x40800000u, 0), F_TWO, 0);
    CHECK_OP("sqrt(-0) = -0", fsqrt_s(F_NZERO, 0), F_NZERO, 0);
    CHECK_OP("1-1 = +0 (rne)", fsub_s(F_ONE, F_ONE), F_ZERO, 0);
    /* flags accumulate until cleared */
    uint32_t fl;
    __asm__ volatile(
        "fsflags x0\n"
        "fmv.w.x ft0, %1\n fmv.w.x ft1, %2\n"
        "fdiv.s ft2, ft0, ft1\n" /* 1/0: DZ */
        "fdiv.s ft2, ft1, ft1\n" /* 0/0: NV */
        "frflags %0"
        : "=r"(fl)
        : "r"(F_ONE), "r"(F_ZERO)
        : "ft0", "ft1", "ft2");
    check_u32("fflags accrue DZ|NV", fl, FFLAG_DZ | FFLAG_NV);
}

void test_fp_nan(void) {
    set_frm(FRM_RNE);
    CHECK_OP("inf-inf canonical NaN", fsub_s(F_INF, F_INF), F_QNAN, FFLAG_NV);
    CHECK_OP("qNaN(payload)+1 canonical, no flag", fadd_s(F_QNANP, F_ONE), F_QNAN, 0);
    CHECK_OP("sNaN+1 canonical, NV", fadd_s(F_SNAN, F_ONE), F_QNAN, FFLAG_NV);
    CHECK_OP("-sNaN*2 canonical, NV", fmul_s(F_NSNAN, F_TWO), F_QNAN, FFLAG_NV);
    CHECK_OP("fmin(qNaN,1)=1", fmin_s(F_QNANP, F_ONE), F_ONE, 0);
    CHECK_OP("fmin(1,qNaN)=1", fmin_s(F_ONE, F_QNANP), F_ONE, 0);
    CHECK_OP("fmax(qNaN,1)=1", fmax_s(F_QNANP, F_ONE), F_ONE, 0);
    CHECK_OP("fmin(sNaN,1)=1, NV", fmin_s(F_SNAN, F_ONE), F_ONE, FFLAG_NV);
    CHECK_OP("fmax(1,sNaN)=1, NV", fmax_s(F_ONE, F_SNAN), F_ONE, FFLAG_NV);
    CHECK_OP("fmin(qNaN,qNaN) canonical", fmin_s(F_QNANP, F_QNANP), F_QNAN, 0);
    CHECK_OP("fmax(sNaN,qNaN) canonical, NV", fmax_s(F_SNAN, F_QNANP), F_QNAN, FFLAG_NV);
    CHECK_OP("fmin(-0,+0)=-0", fmin_s(F_NZERO, F_ZERO), F_NZERO, 0);
    CHECK_OP("fmin(+0,-0)=-0", fmin_s(F_ZERO, F_NZERO), F_NZERO, 0);
    CHECK_OP("fmax(-0,+0)=+0", fmax_s(F_NZERO, F_ZERO), F_ZERO, 0);
    CHECK_OP("fmin(-inf,1)=-inf", fmin_s(F_NINF, F_ONE), F_NINF, 0);
    CHECK_OP("feq(qNaN,1)=0 quiet", feq_s(F_QNAN, F_ONE), 0, 0);
    CHECK_OP("feq(qNaN,qNaN)=0 quiet", feq_s(F_QNAN, F_QNAN), 0, 0);
    CHECK_OP("feq(sNaN,1)=0 NV", feq_s(F_SNAN, F_ONE), 0, FFLAG_NV);
    CHECK_OP("flt(qNaN,1)=0 NV", flt_s(F_QNAN, F_ONE), 0, FFLAG_NV);
    CHECK_OP("fle(1,qNaN)=0 NV", fle_s(F_ONE, F_QNAN), 0, FFLAG_NV);
    CHECK_OP("flt(sNaN,1)=0 NV", flt_s(F_SNAN, F_ONE), 0, FFLAG_NV);
    CHECK_OP("feq(-0,+0)=1", feq_s(F_NZERO, F_ZERO), 1, 0);
    CHECK_OP("flt(-0,+0)=0", flt_s(F_NZERO, F_ZERO), 0, 0);
    CHECK_OP("fle(-0,+0)=1", fle_s(F_NZERO, F_ZERO), 1, 0);
    CHECK_OP("flt(-inf,FLT_MAX)=1", flt_s(F_NINF, F_MAX), 1, 0);
    CHECK_OP("fle(2,1)=0", fle_s(F_TWO, F_ONE), 0, 0);
    /* moves and sign injection never canonicalise or signal */
    CHECK_OP("fmv.s keeps sNaN bits", fmv_roundtrip(F_SNAN, 0), F_SNAN, 0);
    CHECK_OP("fsgnj(sNaN,-1) = -sNaN bits", fsgnj_s(F_SNAN, F_NONE), 0xff800001u, 0);
    CHECK_OP("fsgnjn(qNaNp,1) = -qNaNp", fsgnjn_s(F_QNANP, F_ONE), 0xffc12345u, 0);
    /* loads/stores keep NaN payloads */
    volatile uint32_t mem = F_SNAN, out = 0;
    __asm__ volatile("flw ft0, 0(%0)\n fsw ft0, 0(%1)" ::"r"(&mem), "r"(&out) : "ft0", "memory");
    check_u32("flw/fsw keep sNaN bits", out, F_SNAN);
}

void test_fp_convert(void) {
    set_frm(FRM_RNE);
    CHECK_OP("fcvt.w.s NaN", fcvt_w_s_rtz(F_QNAN, 0), 0x7fffffffu, FFLAG_NV);
    CHECK_OP("fcvt.w.s -NaN", fcvt_w_s_rtz(0xffc00000u, 0), 0x7fffffffu, FFLAG_NV);
    CHECK_OP("fcvt.w.s sNaN", fcvt_w_s_rtz(F_SNAN, 0), 0x7fffffffu, FFLAG_NV);
    CHECK_OP("fcvt.w.s +inf", fcvt_w_s_rtz(F_INF, 0), 0x7fffffffu, FFLAG_NV);
    CHECK_OP("fcvt.w.s -inf", fcvt_w_s_rtz(F_NINF, 0), 0x80000000u, FFLAG_NV);
    CHECK_OP("fcvt.w.s 3e9", fcvt_w_s_rtz(0x4f32d05eu, 0), 0x7fffffffu, FFLAG_NV);
    CHECK_OP("fcvt.w.s -3e9", fcvt_w_s_rtz(0xcf32d05eu, 0), 0x80000000u, FFLAG_NV);
    CHECK_OP("fcvt.w.s 2^31", fcvt_w_s_rtz(0x4f000000u, 0), 0x7fffffffu, FFLAG_NV);
    CHECK_OP("fcvt.w.s -2^31 exact", fcvt_w_s_rtz(0xcf000000u, 0), 0x80000000u, 0);
    CHECK_OP("fcvt.w.s -1.9 rtz", fcvt_w_s_rtz(0xbff33333u, 0), 0xffffffffu, FFLAG_NX);
    CHECK_OP("fcvt.wu.s NaN", fcvt_wu_s_rtz(F_QNAN, 0), 0xffffffffu, FFLAG_NV);
    CHECK_OP("fcvt.wu.s +inf", fcvt_wu_s_rtz(F_INF, 0), 0xffffffffu, FFLAG_NV);
    CHECK_OP("fcvt.wu.s -inf", fcvt_wu_s_rtz(F_NINF, 0), 0, FFLAG_NV);
    CHECK_OP("fcvt.wu.s -1", fcvt_wu_s_rtz(F_NONE, 0), 0, FFLAG_NV);
    CHECK_OP("fcvt.wu.s 4e9 exact", fcvt_wu_s_rtz(0x4f6e6b28u, 0), 0xee6b2800u, 0);
    CHECK_OP("fcvt.wu.s 2^32", fcvt_wu_s_rtz(0x4f800000u, 0), 0xffffffffu, FFLAG_NV);
    CHECK_OP("fcvt.s.wu 0xffffffff", fcvt_s_wu(0xffffffffu, 0), 0x4f800000u, FFLAG_NX);
    CHECK_OP("fcvt.s.wu 2^31", fcvt_s_wu(0x80000000u, 0), 0x4f000000u, 0);
}

void test_fp_misc(void) {
    set_frm(FRM_RNE);
    static const struct {
        uint32_t in, cls;
    } cls[] = {
        {F_NINF, 1u << 0},      {F_NONE, 1u << 1},      {0x80000001u, 1u << 2}, {F_NZERO, 1u << 3}, {F_ZERO, 1u << 4},
        {0x00000001u, 1u << 5}, {F_ONE, 1u << 6},       {F_INF, 1u << 7},       {F_SNAN, 1u << 8},  {F_QNAN, 1u << 9},
        {F_NSNAN, 1u << 8},     {0xffc00001u, 1u << 9}, {0x807fffffu, 1u << 2}, {F_MIN, 1u << 6},
    };
    for (unsigned i = 0; i < sizeof cls / sizeof cls[0]; i++) CHECK_OP("fclass", fclass_s(cls[i].in, 0), cls[i].cls, 0);
    CHECK_OP("fsgnj(1,-2)", fsgnj_s(F_ONE, 0xc0000000u), F_NONE, 0);
    CHECK_OP("fsgnjn(1,-2)", fsgnjn_s(F_ONE, 0xc0000000u), F_ONE, 0);
    CHECK_OP("fsgnjx(-1,-2)", fsgnjx_s(F_NONE, 0xc0000000u), F_ONE, 0);
    CHECK_OP("fsgnjx(-1,2)", fsgnjx_s(F_NONE, F_TWO), F_NONE, 0);
    CHECK_OP("fabs(-inf)", fsgnjx_s(F_NINF, F_NINF), F_INF, 0);
    /* fused multiply-add family, 2*3 and 4 */
    CHECK_OP("fmadd 2*3+4", fmadd_s(F_TWO, F_THREE, 0x40800000u), 0x41200000u, 0);
    CHECK_OP("fmsub 2*3-4", fmsub_s(F_TWO, F_THREE, 0x40800000u), F_TWO, 0);
    CHECK_OP("fnmsub -(2*3)+4", fnmsub_s(F_TWO, F_THREE, 0x40800000u), 0xc0000000u, 0);
    CHECK_OP("fnmadd -(2*3)-4", fnmadd_s(F_TWO, F_THREE, 0x40800000u), 0xc1200000u, 0);
    /* single rounding: (1+2^-12)^2 - (1+2^-11) = 2^-24 exactly (two roundings would give 0) */
    CHECK_OP("fmadd fused (one rounding)", fmadd_s(0x3f800800u, 0x3f800800u, 0xbf801000u), 0x33800000u, 0);
    /* inf*0 + qNaN: RISC-V raises NV even with a quiet NaN addend, result canonical */
    CHECK_OP("fmadd inf*0+qNaN -> NV", fmadd_s(F_INF, F_ZERO, F_QNANP), F_QNAN, FFLAG_NV);
    CHECK_OP("fmadd 0*inf+1 -> NV", fmadd_s(F_ZERO, F_INF, F_ONE), F_QNAN, FFLAG_NV);
    CHECK_OP("fmadd 1*1+qNaN quiet", fmadd_s(F_ONE, F_ONE, F_QNANP), F_QNAN, 0);
    CHECK_OP("fmadd inf*1-inf -> NV", fmadd_s(F_INF, F_ONE, F_NINF), F_QNAN, FFLAG_NV);
    /* -(1*1) - (-1): an exact zero sum is +0 under rne */
    CHECK_OP("fnmadd 1*1+(-1) = +0", fnmadd_s(F_ONE, F_ONE, F_NONE), F_ZERO, 0);
}
