// F extension: rounding modes, exception flags, NaN rules, conversions, fclass, fused multiply-add.
#include <catch2/catch.hpp>

#include <cstdio>

#include "tests/iss/test_util.h"

using namespace vp::iss;
using namespace vp::iss::test;

namespace {
struct FpResult {
    uint32_t value, flags;
};

// Runs `op` on operands loaded into ft0/ft1/ft2 (or a0 for int sources) and returns
// (a0 <- result, fflags).
FpResult fp_run(const std::string& op, uint32_t a, uint32_t b = 0, uint32_t c = 0, bool int_result = false) {
    Rig r;
    char buf[512];
    std::snprintf(buf, sizeof buf, R"(
    li t0, 0x%x
    fmv.w.x ft0, t0
    li t0, 0x%x
    fmv.w.x ft1, t0
    li t0, 0x%x
    fmv.w.x ft2, t0
    li a0, 0x%x
    csrwi fflags, 0
    %s
    %s
    csrr a1, fflags
    ebreak
  )",
                  a, b, c, a, op.c_str(), int_result ? "" : "fmv.x.w a0, ft3");
    r.asm_load(buf);
    REQUIRE(r.run() == StopReason::Trap);
    REQUIRE(r.stopped_at_ebreak());
    return {r.x(a0), r.x(a1)};
}

constexpr uint32_t NV = 16, DZ = 8, OF = 4, UF = 2, NX = 1;
constexpr uint32_t kOne = 0x3f800000, kQNaN = 0x7fc00000, kSNaN = 0x7f800001, kInf = 0x7f800000;
}  // namespace

TEST_CASE("fadd in all five rounding modes", "[fpu]") {
    const uint32_t three_quarter_ulp = 0x33c00000;  // 1.5 * 2^-24: 0.75 ulp of 1.0
    const uint32_t half_ulp = 0x33800000;           // 2^-24: exactly half an ulp of 1.0
    struct Case {
        const char* rm;
        uint32_t b;
        uint32_t expect;
    };
    const Case cases[] = {
        {"rne", three_quarter_ulp, 0x3f800001}, {"rtz", three_quarter_ulp, 0x3f800000},
        {"rdn", three_quarter_ulp, 0x3f800000}, {"rup", three_quarter_ulp, 0x3f800001},
        {"rmm", three_quarter_ulp, 0x3f800001}, {"rne", half_ulp, 0x3f800000},  // tie to even
        {"rmm", half_ulp, 0x3f800001},                                          // tie away from zero
    };
    for (const Case& c : cases) {
        INFO(c.rm << " b=" << std::hex << c.b);
        const FpResult r = fp_run(std::string("fadd.s ft3, ft0, ft1, ") + c.rm, kOne, c.b);
        CHECK(r.value == c.expect);
        CHECK(r.flags == NX);
    }
    // Negative operands: rdn rounds away from zero, rup towards it.
    CHECK(fp_run("fadd.s ft3, ft0, ft1, rdn", 0xbf800000, 0xb3c00000).value == 0xbf800001);
    CHECK(fp_run("fadd.s ft3, ft0, ft1, rup", 0xbf800000, 0xb3c00000).value == 0xbf800000);
}

TEST_CASE("dynamic rounding mode comes from frm; a reserved frm makes FP ops illegal", "[fpu]") {
    Rig r;
    r.asm_load(R"(
    .option norvc
    la t0, handler
    csrw mtvec, t0
    li t0, 0x3f800000
    fmv.w.x ft0, t0
    li t0, 0x33c00000
    fmv.w.x ft1, t0
    csrwi frm, 1               # rtz
    fadd.s ft3, ft0, ft1       # dyn
    fmv.x.w a0, ft3
    csrr a2, fcsr              # frm << 5 | NX
    csrwi frm, 5               # reserved
    fadd.s ft3, ft0, ft1
    ebreak
  .align 2
  handler: ebreak
  )");
    REQUIRE(r.run() == StopReason::Trap);
    CHECK(r.x(a0) == 0x3f800000);
    CHECK(r.x(a2) == (1u << 5 | NX));
    CHECK(r.csr(0x342) == kIllegalInsn);
}

TEST_CASE("exception flags: DZ, NV, OF, UF, NX and canonical NaNs", "[fpu]") {
    // 1/0 = +inf, DZ only
    FpResult r = fp_run("fdiv.s ft3, ft0, ft1", kOne, 0);
    CHECK(r.value == kInf);
    CHECK(r.flags == DZ);
    // 0/0 -> canonical NaN, NV
    r = fp_run("fdiv.s ft3, ft0, ft1", 0, 0);
    CHECK(r.value == kQNaN);
    CHECK(r.flags == NV);
    // inf - inf
    r = fp_run("fsub.s ft3, ft0, ft1", kInf, kInf);
    CHECK(r.value == kQNaN);
    CHECK(r.flags == NV);
    // sqrt(-1)
    r = fp_run("fsqrt.s ft3, ft0", 0xbf800000);
    CHECK(r.value == kQNaN);
    CHECK(r.flags == NV);
    // A NaN operand with a payload still yields the canonical NaN; quiet NaN raises nothing.
    r = fp_run("fadd.s ft3, ft0, ft1", 0xffc12345, kOne);
    CHECK(r.value == kQNaN);
    CHECK(r.flags == 0);
    r = fp_run("fmul.s ft3, ft0, ft1", kSNaN, kOne);
    CHECK(r.value == kQNaN);
    CHECK(r.flags == NV);
    // Overflow: max * 2 -> inf (rne) or max (rtz)
    r = fp_run("fmul.s ft3, ft0, ft1", 0x7f7fffff, 0x40000000);
    CHECK(r.value == kInf);
    CHECK(r.flags == (OF | NX));
    r = fp_run("fmul.s ft3, ft0, ft1, rtz", 0x7f7fffff, 0x40000000);
    CHECK(r.value == 0x7f7fffff);
    CHECK(r.flags == (OF | NX));
    r = fp_run("fmul.s ft3, ft0, ft1, rmm", 0x7f7fffff, 0x40000000);
    CHECK(r.value == kInf);
    CHECK(r.flags == (OF | NX));
    // Underflow: smallest subnormal * 0.5 -> 0 (rne, tie to even) or the subnormal (rmm)
    r = fp_run("fmul.s ft3, ft0, ft1", 0x00000001, 0x3f000000);
    CHECK(r.value == 0);
    CHECK(r.flags == (UF | NX));
    r = fp_run("fmul.s ft3, ft0, ft1, rmm", 0x00000001, 0x3f000000);
    CHECK(r.value == 1);
    CHECK(r.flags == (UF | NX));
    // Exact subnormal result: no flags at all
    r = fp_run("fmul.s ft3, ft0, ft1", 0x00800000, 0x3f000000);
    CHECK(r.value == 0x00400000);
    CHECK(r.flags == 0);
}

TEST_CASE("fmin/fmax NaN and signed-zero rules", "[fpu]") {
    CHECK(fp_run("fmin.s ft3, ft0, ft1", kQNaN, kOne).value == kOne);
    CHECK(fp_run("fmin.s ft3, ft0, ft1", kQNaN, kOne).flags == 0);
    FpResult r = fp_run("fmax.s ft3, ft0, ft1", kSNaN, kOne);
    CHECK(r.value == kOne);
    CHECK(r.flags == NV);
    r = fp_run("fmax.s ft3, ft0, ft1", kSNaN, kQNaN);
    CHECK(r.value == kQNaN);
    CHECK(r.flags == NV);
    CHECK(fp_run("fmin.s ft3, ft0, ft1", 0x00000000, 0x80000000).value == 0x80000000);
    CHECK(fp_run("fmax.s ft3, ft0, ft1", 0x80000000, 0x00000000).value == 0x00000000);
    CHECK(fp_run("fmin.s ft3, ft0, ft1", 0x40000000, 0xc0000000).value == 0xc0000000);
}

TEST_CASE("compares: feq is quiet, flt/fle signal on any NaN", "[fpu]") {
    FpResult r = fp_run("feq.s a0, ft0, ft1", kQNaN, kOne, 0, true);
    CHECK(r.value == 0);
    CHECK(r.flags == 0);
    r = fp_run("feq.s a0, ft0, ft1", kSNaN, kOne, 0, true);
    CHECK(r.flags == NV);
    r = fp_run("flt.s a0, ft0, ft1", kQNaN, kOne, 0, true);
    CHECK(r.value == 0);
    CHECK(r.flags == NV);
    r = fp_run("fle.s a0, ft0, ft1", 0x80000000, 0, 0, true);  // -0 <= +0
    CHECK(r.value == 1);
    CHECK(r.flags == 0);
    CHECK(fp_run("feq.s a0, ft0, ft1", 0x80000000, 0, 0, true).value == 1);
}

TEST_CASE("fcvt.w[u].s: rounding, saturation and NV", "[fpu]") {
    struct Case {
        const char* op;
        uint32_t in;
        uint32_t out;
        uint32_t flags;
    };
    const Case cases[] = {
        {"fcvt.w.s a0, ft0", 0x40600000, 4, NX},  // 3.5 rne -> 4
        {"fcvt.w.s a0, ft0, rtz", 0x40600000, 3, NX},
        {"fcvt.w.s a0, ft0, rdn", 0xc0600000, uint32_t(-4), NX},  // -3.5
        {"fcvt.w.s a0, ft0, rmm", 0x40200000, 3, NX},             // 2.5 -> 3
        {"fcvt.w.s a0, ft0, rne", 0x40200000, 2, NX},             // 2.5 -> 2
        {"fcvt.w.s a0, ft0", 0x41200000, 10, 0},                  // exact
        {"fcvt.w.s a0, ft0", kQNaN, 0x7fffffff, NV},
        {"fcvt.w.s a0, ft0", 0x4f32d05e, 0x7fffffff, NV},   // 3e9
        {"fcvt.w.s a0, ft0", 0xcf32d05e, 0x80000000, NV},   // -3e9
        {"fcvt.w.s a0, ft0", 0xff800000, 0x80000000, NV},   // -inf
        {"fcvt.w.s a0, ft0", 0xcf000000, 0x80000000, 0},    // -2^31 exactly
        {"fcvt.wu.s a0, ft0", 0xbf800000, 0, NV},           // -1
        {"fcvt.wu.s a0, ft0, rtz", 0xbecccccd, 0, NX},      // -0.4 -> 0, no NV
        {"fcvt.wu.s a0, ft0", 0x4f9502f9, 0xffffffff, NV},  // 5e9
        {"fcvt.wu.s a0, ft0", kInf, 0xffffffff, NV},
        {"fcvt.wu.s a0, ft0", 0x4f000000, 0x80000000, 0},  // 2^31
    };
    for (const Case& c : cases) {
        INFO(c.op << " in=" << std::hex << c.in);
        const FpResult r = fp_run(c.op, c.in, 0, 0, true);
        CHECK(r.value == c.out);
        CHECK(r.flags == c.flags);
    }
}

// Issue #32: an fcvt.wu.s of a value that rounds to a negative integer is invalid, and an invalid
// conversion raises NV alone (IEEE 754 7.2, SoftFloat, QEMU). The ISS rounded with the host's
// trunc/floor/ceil, which raise the host's inexact flag, and the host flags stand in for fflags:
// NV|NX came out in RTZ, RDN and RUP. Values in the form SoftFloat's f32_to_ui32 gives them.
TEST_CASE("fcvt.w[u].s: an invalid conversion raises NV without NX in every rounding mode", "[fpu]") {
    struct Case {
        const char* op;
        uint32_t in;
        uint32_t out;
        uint32_t flags;
    };
    const Case cases[] = {
        {"fcvt.wu.s a0, ft0, rne", 0xc2f6e979, 0, NV},            // -123.456
        {"fcvt.wu.s a0, ft0, rtz", 0xc2f6e979, 0, NV},            // -123.456 -> -123: invalid
        {"fcvt.wu.s a0, ft0, rdn", 0xc2f6e979, 0, NV},            // -> -124
        {"fcvt.wu.s a0, ft0, rup", 0xc2f6e979, 0, NV},            // -> -123
        {"fcvt.wu.s a0, ft0, rmm", 0xc2f6e979, 0, NV},            // -> -123
        {"fcvt.wu.s a0, ft0, rdn", 0x80000001, 0, NV},            // -min subnormal -> -1
        {"fcvt.wu.s a0, ft0, rtz", 0x80000001, 0, NX},            // -> -0: valid, inexact
        {"fcvt.wu.s a0, ft0, rup", 0x80000001, 0, NX},            // -> -0
        {"fcvt.wu.s a0, ft0, rdn", 0xbf000000, 0, NV},            // -0.5 -> -1
        {"fcvt.wu.s a0, ft0, rup", 0xbf000000, 0, NX},            // -0.5 -> -0
        {"fcvt.wu.s a0, ft0, rne", 0xbf000000, 0, NX},            // -0.5 -> -0 (tie to even)
        {"fcvt.wu.s a0, ft0, rmm", 0xbf000000, 0, NV},            // -0.5 -> -1 (tie away)
        {"fcvt.wu.s a0, ft0, rup", 0x4f7fffff, 0xffffff00, 0},    // largest float below 2^32
        {"fcvt.wu.s a0, ft0, rup", 0x3f000001, 1, NX},            // 0.5+ulp -> 1
        {"fcvt.w.s a0, ft0, rdn", 0x80000001, 0xffffffff, NX},    // -> -1: valid
        {"fcvt.w.s a0, ft0, rtz", 0xcf000001, 0x80000000, NV},    // -2^31 - 256: invalid only
        {"fcvt.w.s a0, ft0, rup", 0x4effffff, 0x7fffff80, 0},     // largest float below 2^31
        {"fcvt.w.s a0, ft0, rdn", 0x4f000000, 0x7fffffff, NV},    // 2^31
        {"fcvt.w.s a0, ft0, rne", 0x3fc00000, 2, NX},             // 1.5 -> 2
        {"fcvt.w.s a0, ft0, rne", 0xc0200000, uint32_t(-2), NX},  // -2.5 -> -2
        {"fcvt.w.s a0, ft0, rmm", 0xc0200000, uint32_t(-3), NX},  // -2.5 -> -3
    };
    for (const Case& c : cases) {
        INFO(c.op << " in=" << std::hex << c.in);
        const FpResult r = fp_run(c.op, c.in, 0, 0, true);
        CHECK(r.value == c.out);
        CHECK(r.flags == c.flags);
    }
}

TEST_CASE("fcvt.s.w[u] rounding", "[fpu]") {
    // 2^24 + 1 is not representable: rne -> 2^24, rup/rmm -> 2^24 + 2
    FpResult r = fp_run("fcvt.s.w ft3, a0", 16777217);
    CHECK(r.value == 0x4b800000);
    CHECK(r.flags == NX);
    CHECK(fp_run("fcvt.s.w ft3, a0, rup", 16777217).value == 0x4b800001);
    CHECK(fp_run("fcvt.s.w ft3, a0, rmm", 16777217).value == 0x4b800001);
    CHECK(fp_run("fcvt.s.w ft3, a0, rtz", 16777217).value == 0x4b800000);
    CHECK(fp_run("fcvt.s.w ft3, a0", uint32_t(-7)).value == 0xc0e00000);
    r = fp_run("fcvt.s.wu ft3, a0", 0xffffffff);
    CHECK(r.value == 0x4f800000);
    CHECK(r.flags == NX);
    CHECK(fp_run("fcvt.s.wu ft3, a0, rtz", 0xffffffff).value == 0x4f7fffff);
}

TEST_CASE("fclass", "[fpu]") {
    struct Case {
        uint32_t in, cls;
    };
    for (const Case& c : {Case{0xff800000, 1 << 0}, Case{0xbf800000, 1 << 1}, Case{0x80000001, 1 << 2},
                          Case{0x80000000, 1 << 3}, Case{0x00000000, 1 << 4}, Case{0x00000001, 1 << 5},
                          Case{kOne, 1 << 6}, Case{kInf, 1 << 7}, Case{kSNaN, 1 << 8}, Case{kQNaN, 1 << 9}}) {
        INFO(std::hex << c.in);
        CHECK(fp_run("fclass.s a0, ft0", c.in, 0, 0, true).value == c.cls);
    }
}

TEST_CASE("fmadd family rounds once", "[fpu]") {
    // (1 + 2^-12)^2 - (1 + 2^-11) = 2^-24 exactly; a separately rounded product would give 0.
    FpResult r = fp_run("fmadd.s ft3, ft0, ft1, ft2", 0x3f800800, 0x3f800800, 0xbf801000);
    CHECK(r.value == 0x33800000);
    CHECK(r.flags == 0);
    CHECK(fp_run("fmul.s ft3, ft0, ft1\n fadd.s ft3, ft3, ft2", 0x3f800800, 0x3f800800, 0xbf801000).value == 0);
    // Signs: fmsub = a*b - c, fnmsub = -(a*b) + c, fnmadd = -(a*b) - c (2*3 and 1)
    CHECK(fp_run("fmsub.s ft3, ft0, ft1, ft2", 0x40000000, 0x40400000, kOne).value == 0x40a00000);   // 5
    CHECK(fp_run("fnmsub.s ft3, ft0, ft1, ft2", 0x40000000, 0x40400000, kOne).value == 0xc0a00000);  // -5
    CHECK(fp_run("fnmadd.s ft3, ft0, ft1, ft2", 0x40000000, 0x40400000, kOne).value == 0xc0e00000);  // -7
    CHECK(fp_run("fmadd.s ft3, ft0, ft1, ft2, rmm", 0x3f800800, 0x3f800800, 0xbf801000).value == 0x33800000);
    // 0 * inf + c is invalid, even when c is a quiet NaN (RISC-V requires NV there)
    r = fp_run("fmadd.s ft3, ft0, ft1, ft2", 0, kInf, kOne);
    CHECK(r.value == kQNaN);
    CHECK(r.flags == NV);
    r = fp_run("fmadd.s ft3, ft0, ft1, ft2", kInf, 0, kQNaN);
    CHECK(r.value == kQNaN);
    CHECK(r.flags == NV);
    r = fp_run("fmadd.s ft3, ft0, ft1, ft2, rtz", 0x80000000, 0xff800000, kQNaN);
    CHECK(r.flags == NV);
    r = fp_run("fmadd.s ft3, ft0, ft1, ft2", kOne, kInf, kQNaN);  // no inf*0: quiet
    CHECK(r.flags == 0);
}

TEST_CASE("sign injection, moves, flw/fsw keep bits; mstatus.FS tracks dirty and Off is illegal", "[fpu]") {
    CHECK(fp_run("fsgnjn.s ft3, ft0, ft0", kSNaN).value == (kSNaN | 0x80000000));  // no canonicalisation
    CHECK(fp_run("fsgnjx.s ft3, ft0, ft1", 0xbf800000, 0x80000000).value == kOne);
    CHECK(fp_run("fsgnj.s ft3, ft0, ft1", kOne, 0x80000000).value == 0xbf800000);

    HartConfig cfg = Rig::default_config();
    cfg.fpu_on_at_reset = false;
    Rig r(cfg);
    r.asm_load(R"(
    .option norvc
    la t0, handler
    csrw mtvec, t0
    li t0, 0x2000              # FS = Initial
    csrs mstatus, t0
    csrr a0, mstatus
    li s0, 0x80004000
    li t1, 0x7f800001
    sw t1, 0(s0)
    flw ft0, 0(s0)
    fsw ft0, 4(s0)
    csrr a1, mstatus           # Dirty + SD
    li t0, 0x6000
    csrc mstatus, t0           # FS = Off
    fadd.s ft1, ft0, ft0       # illegal
    ebreak
  .align 2
  handler: ebreak
  )");
    REQUIRE(r.run() == StopReason::Trap);
    CHECK((r.x(a0) & 0x6000) == 0x2000);
    CHECK((r.x(a1) & 0x6000) == 0x6000);
    CHECK((r.x(a1) & 0x80000000u) != 0);
    CHECK(r.env.read32(0x80004004) == 0x7f800001);  // flw/fsw move bits unchanged (sNaN kept)
    CHECK(r.csr(0x342) == kIllegalInsn);
    CHECK(r.csr(0x343) == 0x000070d3u);  // fadd.s ft1, ft0, ft0 (dyn)
}

// The L1s keep the host FP flags (the guest's pending fflags) around each miss (iss/env.h): what the
// models below raise, in SSE or in x87 code, is dropped; what was pending stays, even if the code
// below cleared it.
TEST_CASE("HostFpFlagsKept: flags raised inside are dropped, pending ones kept", "[fpu]") {
    std::feclearexcept(FE_ALL_EXCEPT);
    volatile float big_f = 3e38f, ten = 10.0f;
    volatile float overflowed = big_f * ten;  // the guest's pending flag, raised as guest FP ops raise it (SSE)
    (void)overflowed;
    REQUIRE(std::fetestexcept(FE_ALL_EXCEPT) == (FE_OVERFLOW | FE_INEXACT));
    std::feclearexcept(FE_INEXACT);
    {
        HostFpFlagsKept kept;
        volatile double one = 1.0, three = 3.0;
        volatile double third = one / three;  // FE_INEXACT (SSE)
        volatile long double big = 1e300L, tiny = 0.0L;
        volatile long double inf = big / tiny;  // FE_DIVBYZERO (x87)
        (void)third;
        (void)inf;
        CHECK(std::fetestexcept(FE_INEXACT | FE_DIVBYZERO) == (FE_INEXACT | FE_DIVBYZERO));
        std::feclearexcept(FE_OVERFLOW);  // code below clearing everything
    }
    CHECK(std::fetestexcept(FE_ALL_EXCEPT) == FE_OVERFLOW);
    std::feclearexcept(FE_ALL_EXCEPT);
}
