// The vector unit against scalar references: every implemented instruction on random data, for
// LMUL 1..8, vl = 0, 1, < VLMAX and VLMAX, masked and unmasked (undisturbed tails and inactive
// elements), loads/stores of every addressing mode (duplicate and unordered indices), vsetvl rules,
// illegal encodings, faults on untrusted addresses, and the timing model (lanes, chaining, queue).
// No SystemC: a hart on flat RAM (vector_rig.h).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cfenv>
#include <climits>
#include <functional>

#include "tests/vector/vector_rig.h"

using namespace vp;
using namespace vp::vec;
using namespace vp::vec::test;

namespace {

constexpr unsigned VD = 8, VS2 = 16, VS1 = 24;  // aligned for every LMUL

// The vl values each configuration is tried with.
std::vector<uint32_t> vls(unsigned vlmax) { return {0, 1, vlmax / 2 + 3, vlmax - 1, vlmax}; }

enum Kind { KV, KX, KI, KF };

// Runs one element-wise instruction and compares the whole register file with the reference:
// for every body element i (active: unmasked or v0[i] = 1): vd[i] = ref(vs2[i], operand(i), vd[i]);
// everything else (inactive elements, tail, other registers) unchanged.
void check_elementwise(const char* name, uint32_t funct6, uint32_t f3, Kind kind, bool floats,
                       const std::function<uint32_t(uint32_t a, uint32_t b, uint32_t d)>& ref, uint32_t seed,
                       bool in_place = false, int unary_code = -1) {
    for (unsigned lm = 0; lm < 4; ++lm) {
        VRig r;
        Rand rnd(seed * 131 + lm);
        const unsigned vlmax = (1u << lm) * r.words();
        for (uint32_t vl : vls(vlmax)) {
            for (unsigned vm = 0; vm < 2; ++vm) {
                r.fill_random(rnd, floats);
                // Special integer operands: division by zero and INT_MIN / -1.
                if (!floats) {
                    r.vu->set_elem(VS1, 1, 0);
                    r.vu->set_elem(VS2, 2, 0x80000000u);
                    r.vu->set_elem(VS1, 2, ~0u);
                }
                const unsigned vd = in_place ? VS2 : VD;
                uint32_t scalar = kind == KF ? rnd.f32() : rnd.u32();
                int32_t imm = int32_t(rnd.below(32)) - 16;
                uint32_t vs1field = kind == KV ? VS1 : kind == KI ? uint32_t(imm) & 31 : 7;
                if (unary_code >= 0) vs1field = uint32_t(unary_code);  // vs1 selects a unary operation
                if (kind == KX) r.hart.set_x(7, scalar);
                if (kind == KF) r.hart.set_f(7, scalar);
                if (kind == KI) scalar = uint32_t(imm);
                RefRegs e{r.regs(), r.words()};
                const std::vector<uint32_t> in = e.v;
                const auto prog = r.with_vl(vl, lm, {opv(funct6, vm, VS2, vs1field, f3, vd)});
                REQUIRE(r.run(prog) == iss::kEcallM);
                REQUIRE(r.vu->vl() == vl);
                RefRegs src{in, r.words()};
                for (unsigned i = 0; i < vl; ++i) {
                    if (!vm && !src.mask(i)) continue;
                    const uint32_t b = kind == KV ? src.e(VS1, i) : scalar;
                    e.e(vd, i) = ref(src.e(VS2, i), b, src.e(vd, i));
                }
                INFO(name << " kind " << kind << " LMUL " << (1u << lm) << " vl " << vl << " vm " << vm
                          << (in_place ? " in place" : ""));
                const auto got = r.regs();
                for (size_t k = 0; k < got.size(); ++k) {
                    if (got[k] != e.v[k]) {
                        INFO("register v" << k / r.words() << " element " << k % r.words() << ": got 0x" << std::hex
                                          << got[k] << " expected 0x" << e.v[k]);
                        CHECK(got[k] == e.v[k]);
                        return;
                    }
                }
            }
        }
    }
}

struct IntCase {
    const char* name;
    uint32_t funct6;
    bool mgroup;  // OPM (funct3 2/6) rather than OPI (0/3/4)
    unsigned kinds;
    uint32_t (*ref)(uint32_t a, uint32_t b, uint32_t d);
};
constexpr unsigned V = 1, X = 2, I = 4, FK = 8;

int64_t s(uint32_t v) { return int64_t(int32_t(v)); }

const IntCase kIntCases[] = {
    {"vadd", 0x00, false, V | X | I, [](uint32_t a, uint32_t b, uint32_t) { return a + b; }},
    {"vsub", 0x02, false, V | X, [](uint32_t a, uint32_t b, uint32_t) { return a - b; }},
    {"vrsub", 0x03, false, X | I, [](uint32_t a, uint32_t b, uint32_t) { return b - a; }},
    {"vminu", 0x04, false, V | X, [](uint32_t a, uint32_t b, uint32_t) { return std::min(a, b); }},
    {"vmin", 0x05, false, V | X, [](uint32_t a, uint32_t b, uint32_t) { return uint32_t(std::min(s(a), s(b))); }},
    {"vmaxu", 0x06, false, V | X, [](uint32_t a, uint32_t b, uint32_t) { return std::max(a, b); }},
    {"vmax", 0x07, false, V | X, [](uint32_t a, uint32_t b, uint32_t) { return uint32_t(std::max(s(a), s(b))); }},
    {"vand", 0x09, false, V | X | I, [](uint32_t a, uint32_t b, uint32_t) { return a & b; }},
    {"vor", 0x0a, false, V | X | I, [](uint32_t a, uint32_t b, uint32_t) { return a | b; }},
    {"vxor", 0x0b, false, V | X | I, [](uint32_t a, uint32_t b, uint32_t) { return a ^ b; }},
    {"vsll", 0x25, false, V | X | I,
     [](uint32_t a, uint32_t b, uint32_t) { return uint32_t(uint64_t(a) << (b % 32)); }},
    {"vsrl", 0x28, false, V | X | I, [](uint32_t a, uint32_t b, uint32_t) { return a >> (b % 32); }},
    {"vsra", 0x29, false, V | X | I, [](uint32_t a, uint32_t b, uint32_t) { return uint32_t(s(a) >> (b % 32)); }},
    {"vmul", 0x25, true, V | X, [](uint32_t a, uint32_t b, uint32_t) { return uint32_t(uint64_t(a) * b); }},
    {"vmulh", 0x27, true, V | X, [](uint32_t a, uint32_t b, uint32_t) { return uint32_t((s(a) * s(b)) >> 32); }},
    {"vmulhu", 0x24, true, V | X,
     [](uint32_t a, uint32_t b, uint32_t) { return uint32_t((uint64_t(a) * uint64_t(b)) >> 32); }},
    {"vmulhsu", 0x26, true, V | X,
     [](uint32_t a, uint32_t b, uint32_t) { return uint32_t((s(a) * int64_t(uint64_t(b))) >> 32); }},
    {"vdivu", 0x20, true, V | X, [](uint32_t a, uint32_t b, uint32_t) { return b ? a / b : 0xffffffffu; }},
    {"vdiv", 0x21, true, V | X,
     [](uint32_t a, uint32_t b, uint32_t) { return b ? uint32_t(int32_t(s(a) / s(b))) : 0xffffffffu; }},
    {"vremu", 0x22, true, V | X, [](uint32_t a, uint32_t b, uint32_t) { return b ? a % b : a; }},
    {"vrem", 0x23, true, V | X, [](uint32_t a, uint32_t b, uint32_t) { return b ? uint32_t(s(a) % s(b)) : a; }},
    {"vmacc", 0x2d, true, V | X, [](uint32_t a, uint32_t b, uint32_t d) { return uint32_t(uint64_t(b) * a + d); }},
    {"vnmsac", 0x2f, true, V | X, [](uint32_t a, uint32_t b, uint32_t d) { return uint32_t(d - uint64_t(b) * a); }},
    {"vmadd", 0x29, true, V | X, [](uint32_t a, uint32_t b, uint32_t d) { return uint32_t(uint64_t(b) * d + a); }},
    {"vnmsub", 0x2b, true, V | X, [](uint32_t a, uint32_t b, uint32_t d) { return uint32_t(a - uint64_t(b) * d); }},
};

// RISC-V fmin/fmax: a NaN operand loses; both NaN: canonical NaN; -0 < +0.
uint32_t rv_min(uint32_t a, uint32_t b, bool max) {
    if (is_nan(a) && is_nan(b)) return 0x7fc00000u;
    if (is_nan(a)) return b;
    if (is_nan(b)) return a;
    if (fl(a) == fl(b)) return max ? (a & b) : (a | b);  // equal (zeros of either sign): sign rule
    return (fl(a) < fl(b)) != max ? a : b;
}
uint32_t fma_ref(uint32_t p, uint32_t q, uint32_t c, bool neg_prod, bool neg_add) {
    return canon(std::fma(neg_prod ? -fl(p) : fl(p), fl(q), neg_add ? -fl(c) : fl(c)));
}

struct FpCase {
    const char* name;
    uint32_t funct6;
    unsigned kinds;
    uint32_t (*ref)(uint32_t a, uint32_t b, uint32_t d);
};
const FpCase kFpCases[] = {
    {"vfadd", 0x00, V | FK, [](uint32_t a, uint32_t b, uint32_t) { return canon(fl(a) + fl(b)); }},
    {"vfsub", 0x02, V | FK, [](uint32_t a, uint32_t b, uint32_t) { return canon(fl(a) - fl(b)); }},
    {"vfrsub", 0x27, FK, [](uint32_t a, uint32_t b, uint32_t) { return canon(fl(b) - fl(a)); }},
    {"vfmul", 0x24, V | FK, [](uint32_t a, uint32_t b, uint32_t) { return canon(fl(a) * fl(b)); }},
    {"vfdiv", 0x20, V | FK, [](uint32_t a, uint32_t b, uint32_t) { return canon(fl(a) / fl(b)); }},
    {"vfrdiv", 0x21, FK, [](uint32_t a, uint32_t b, uint32_t) { return canon(fl(b) / fl(a)); }},
    {"vfmin", 0x04, V | FK, [](uint32_t a, uint32_t b, uint32_t) { return rv_min(a, b, false); }},
    {"vfmax", 0x06, V | FK, [](uint32_t a, uint32_t b, uint32_t) { return rv_min(a, b, true); }},
    {"vfsgnj", 0x08, V | FK, [](uint32_t a, uint32_t b, uint32_t) { return (a & 0x7fffffffu) | (b & 0x80000000u); }},
    {"vfsgnjn", 0x09, V | FK, [](uint32_t a, uint32_t b, uint32_t) { return (a & 0x7fffffffu) | (~b & 0x80000000u); }},
    {"vfsgnjx", 0x0a, V | FK, [](uint32_t a, uint32_t b, uint32_t) { return a ^ (b & 0x80000000u); }},
    // vd = +-(vs1 * vs2) +- vd (vfmacc family) / +-(vs1 * vd) +- vs2 (vfmadd family)
    {"vfmacc", 0x2c, V | FK, [](uint32_t a, uint32_t b, uint32_t d) { return fma_ref(b, a, d, false, false); }},
    {"vfnmacc", 0x2d, V | FK, [](uint32_t a, uint32_t b, uint32_t d) { return fma_ref(b, a, d, true, true); }},
    {"vfmsac", 0x2e, V | FK, [](uint32_t a, uint32_t b, uint32_t d) { return fma_ref(b, a, d, false, true); }},
    {"vfnmsac", 0x2f, V | FK, [](uint32_t a, uint32_t b, uint32_t d) { return fma_ref(b, a, d, true, false); }},
    {"vfmadd", 0x28, V | FK, [](uint32_t a, uint32_t b, uint32_t d) { return fma_ref(b, d, a, false, false); }},
    {"vfnmadd", 0x29, V | FK, [](uint32_t a, uint32_t b, uint32_t d) { return fma_ref(b, d, a, true, true); }},
    {"vfmsub", 0x2a, V | FK, [](uint32_t a, uint32_t b, uint32_t d) { return fma_ref(b, d, a, false, true); }},
    {"vfnmsub", 0x2b, V | FK, [](uint32_t a, uint32_t b, uint32_t d) { return fma_ref(b, d, a, true, false); }},
};

}  // namespace

TEST_CASE("integer arithmetic: every .vv/.vx/.vi form against a scalar reference") {
    uint32_t seed = 1;
    for (const IntCase& c : kIntCases) {
        if (c.kinds & V) check_elementwise(c.name, c.funct6, c.mgroup ? OPMVV : OPIVV, KV, false, c.ref, seed++);
        if (c.kinds & X) check_elementwise(c.name, c.funct6, c.mgroup ? OPMVX : OPIVX, KX, false, c.ref, seed++);
        if (c.kinds & I) check_elementwise(c.name, c.funct6, OPIVI, KI, false, c.ref, seed++);
    }
    // Destination = source group.
    check_elementwise("vadd in place", 0x00, OPIVV, KV, false, kIntCases[0].ref, 99, true);
    check_elementwise("vmacc in place", 0x2d, OPMVX, KX, false, kIntCases[21].ref, 98, true);
}

TEST_CASE("floating point: every .vv/.vf form against host IEEE arithmetic - RISC-V NaN rules") {
    uint32_t seed = 100;
    for (const FpCase& c : kFpCases) {
        if (c.kinds & V) check_elementwise(c.name, c.funct6, OPFVV, KV, true, c.ref, seed++);
        if (c.kinds & FK) check_elementwise(c.name, c.funct6, OPFVF, KF, true, c.ref, seed++);
    }
}

TEST_CASE("floating point: conversions - sqrt - class - fflags - rounding mode from frm") {
    auto cvt_x = [](uint32_t a, bool is_unsigned, bool rtz) -> uint32_t {
        const float f = fl(a);
        if (is_nan(a)) return is_unsigned ? 0xffffffffu : 0x7fffffffu;
        const double r = rtz ? std::trunc(double(f)) : std::nearbyint(double(f));
        if (is_unsigned) return r <= 0 ? 0 : r >= 4294967296.0 ? 0xffffffffu : uint32_t(r);
        return r <= -2147483648.0 ? 0x80000000u : r >= 2147483648.0 ? 0x7fffffffu : uint32_t(int32_t(r));
    };
    auto fclass = [](uint32_t a) -> uint32_t {
        const bool neg = a >> 31;
        const uint32_t e = (a >> 23) & 0xff, m = a & 0x7fffff;
        if (e == 0xff) return m == 0 ? (neg ? 1u : 1u << 7) : (m & 0x400000) ? 1u << 9 : 1u << 8;
        if (e == 0) return m == 0 ? (neg ? 1u << 3 : 1u << 4) : (neg ? 1u << 2 : 1u << 5);
        return neg ? 1u << 1 : 1u << 6;
    };
    struct U {
        const char* name;
        uint32_t vs1;
        uint32_t funct6;
        std::function<uint32_t(uint32_t)> ref;
    };
    const U cases[] = {
        {"vfcvt.xu.f.v", 0x00, 0x12, [&](uint32_t a) { return cvt_x(a, true, false); }},
        {"vfcvt.x.f.v", 0x01, 0x12, [&](uint32_t a) { return cvt_x(a, false, false); }},
        {"vfcvt.f.xu.v", 0x02, 0x12, [](uint32_t a) { return bits(float(a)); }},
        {"vfcvt.f.x.v", 0x03, 0x12, [](uint32_t a) { return bits(float(int32_t(a))); }},
        {"vfcvt.rtz.xu.f.v", 0x06, 0x12, [&](uint32_t a) { return cvt_x(a, true, true); }},
        {"vfcvt.rtz.x.f.v", 0x07, 0x12, [&](uint32_t a) { return cvt_x(a, false, true); }},
        {"vfsqrt.v", 0x00, 0x13, [](uint32_t a) { return canon(std::sqrt(fl(a))); }},
        {"vfclass.v", 0x10, 0x13, fclass},
    };
    uint32_t seed = 300;
    for (const U& c : cases)
        check_elementwise(
            c.name, c.funct6, OPFVV, KV, true, [&](uint32_t a, uint32_t, uint32_t) { return c.ref(a); }, seed++, false,
            int(c.vs1));

    // fflags: division by zero sets DZ, an invalid operation NV; frm = RTZ rounds toward zero.
    VRig r;
    r.vu->set_elem(1, 0, bits(1.0f));
    r.vu->set_elem(2, 0, bits(0.0f));
    REQUIRE(r.run(r.with_vl(1, 0, {opv(0x20, 1, 1, 2, OPFVV, 3)})) == iss::kEcallM);  // vfdiv 1/0
    uint32_t fflags = 0;
    r.hart.read_csr(0x001, fflags);
    CHECK((fflags & 0x08) != 0);
    CHECK(r.vu->elem(3, 0) == 0x7f800000u);
    r.hart.write_csr(0x001, 0);
    r.hart.write_csr(0x002, 1);  // frm = RTZ
    r.vu->set_elem(1, 0, bits(1.0f));
    r.vu->set_elem(2, 0, bits(3.0f));
    REQUIRE(r.run(r.with_vl(1, 0, {opv(0x20, 1, 1, 2, OPFVV, 3)})) == iss::kEcallM);  // 1/3 toward zero
    CHECK(r.vu->elem(3, 0) == 0x3eaaaaaau);                                           // RNE would give 0x3eaaaaab
    r.hart.read_csr(0x001, fflags);
    CHECK((fflags & 0x01) != 0);  // inexact
}

TEST_CASE("compares write mask bits: body only - inactive and tail bits undisturbed") {
    struct C {
        const char* name;
        uint32_t funct6, f3;
        Kind kind;
        bool floats;
        std::function<bool(uint32_t a, uint32_t b)> cond;
    };
    const C cases[] = {
        {"vmseq.vv", 0x18, OPIVV, KV, false, [](uint32_t a, uint32_t b) { return a == b; }},
        {"vmseq.vi", 0x18, OPIVI, KI, false, [](uint32_t a, uint32_t b) { return a == b; }},
        {"vmsne.vx", 0x19, OPIVX, KX, false, [](uint32_t a, uint32_t b) { return a != b; }},
        {"vmsltu.vv", 0x1a, OPIVV, KV, false, [](uint32_t a, uint32_t b) { return a < b; }},
        {"vmslt.vx", 0x1b, OPIVX, KX, false, [](uint32_t a, uint32_t b) { return int32_t(a) < int32_t(b); }},
        {"vmsleu.vi", 0x1c, OPIVI, KI, false, [](uint32_t a, uint32_t b) { return a <= b; }},
        {"vmsle.vv", 0x1d, OPIVV, KV, false, [](uint32_t a, uint32_t b) { return int32_t(a) <= int32_t(b); }},
        {"vmsgtu.vx", 0x1e, OPIVX, KX, false, [](uint32_t a, uint32_t b) { return a > b; }},
        {"vmsgt.vi", 0x1f, OPIVI, KI, false, [](uint32_t a, uint32_t b) { return int32_t(a) > int32_t(b); }},
        {"vmfeq.vv", 0x18, OPFVV, KV, true, [](uint32_t a, uint32_t b) { return fl(a) == fl(b); }},
        {"vmfle.vf", 0x19, OPFVF, KF, true, [](uint32_t a, uint32_t b) { return fl(a) <= fl(b); }},
        {"vmflt.vv", 0x1b, OPFVV, KV, true, [](uint32_t a, uint32_t b) { return fl(a) < fl(b); }},
        {"vmfne.vf", 0x1c, OPFVF, KF, true, [](uint32_t a, uint32_t b) { return !(fl(a) == fl(b)); }},
        {"vmfgt.vf", 0x1d, OPFVF, KF, true, [](uint32_t a, uint32_t b) { return fl(a) > fl(b); }},
        {"vmfge.vf", 0x1f, OPFVF, KF, true, [](uint32_t a, uint32_t b) { return fl(a) >= fl(b); }},
    };
    uint32_t seed = 500;
    for (const C& c : cases) {
        for (unsigned lm = 0; lm < 4; ++lm) {
            VRig r;
            Rand rnd(seed++);
            const unsigned vlmax = (1u << lm) * r.words();
            for (uint32_t vl : vls(vlmax)) {
                for (unsigned vm = 0; vm < 2; ++vm) {
                    r.fill_random(rnd, c.floats);
                    for (unsigned i = 0; i < vlmax; i += 3) r.vu->set_elem(VS1, i, r.vu->elem(VS2, i));  // equal pairs
                    uint32_t scalar = c.floats ? rnd.f32() : rnd.u32();
                    const int32_t imm = int32_t(rnd.below(32)) - 16;
                    if (c.kind == KX) r.hart.set_x(7, scalar);
                    if (c.kind == KF) r.hart.set_f(7, scalar);
                    if (c.kind == KI) scalar = uint32_t(imm);
                    const uint32_t vs1 = c.kind == KV ? VS1 : c.kind == KI ? uint32_t(imm) & 31 : 7;
                    const unsigned vd = 2;  // a single mask register (inside no source group)
                    RefRegs e{r.regs(), r.words()};
                    const RefRegs in = e;
                    REQUIRE(r.run(r.with_vl(vl, lm, {opv(c.funct6, vm, VS2, vs1, c.f3, vd)})) == iss::kEcallM);
                    for (unsigned i = 0; i < vl; ++i) {
                        if (!vm && !in.mask(i)) continue;
                        RefRegs& src = const_cast<RefRegs&>(in);
                        e.set_bit(vd, i, c.cond(src.e(VS2, i), c.kind == KV ? src.e(VS1, i) : scalar));
                    }
                    INFO(c.name << " LMUL " << (1u << lm) << " vl " << vl << " vm " << vm);
                    CHECK(r.regs() == e.v);
                }
            }
        }
    }
}

TEST_CASE("reductions: integer and FP (ordered and unordered sums) - vl = 0 leaves vd - masks") {
    struct R {
        const char* name;
        uint32_t funct6, f3;
        bool floats;
        std::function<uint32_t(uint32_t acc, uint32_t a)> step;
    };
    const R cases[] = {
        {"vredsum", 0x00, OPMVV, false, [](uint32_t x, uint32_t a) { return x + a; }},
        {"vredand", 0x01, OPMVV, false, [](uint32_t x, uint32_t a) { return x & a; }},
        {"vredor", 0x02, OPMVV, false, [](uint32_t x, uint32_t a) { return x | a; }},
        {"vredxor", 0x03, OPMVV, false, [](uint32_t x, uint32_t a) { return x ^ a; }},
        {"vredminu", 0x04, OPMVV, false, [](uint32_t x, uint32_t a) { return std::min(x, a); }},
        {"vredmin", 0x05, OPMVV, false, [](uint32_t x, uint32_t a) { return uint32_t(std::min(s(x), s(a))); }},
        {"vredmaxu", 0x06, OPMVV, false, [](uint32_t x, uint32_t a) { return std::max(x, a); }},
        {"vredmax", 0x07, OPMVV, false, [](uint32_t x, uint32_t a) { return uint32_t(std::max(s(x), s(a))); }},
        // FP sums in element order (the unordered sum is executed in order too: a legal order).
        {"vfredusum", 0x01, OPFVV, true, [](uint32_t x, uint32_t a) { return bits(fl(x) + fl(a)); }},
        {"vfredosum", 0x03, OPFVV, true, [](uint32_t x, uint32_t a) { return bits(fl(x) + fl(a)); }},
        {"vfredmin", 0x05, OPFVV, true, [](uint32_t x, uint32_t a) { return rv_min(x, a, false); }},
        {"vfredmax", 0x07, OPFVV, true, [](uint32_t x, uint32_t a) { return rv_min(x, a, true); }},
    };
    uint32_t seed = 700;
    for (const R& c : cases) {
        for (unsigned lm = 0; lm < 4; ++lm) {
            VRig r;
            Rand rnd(seed++);
            const unsigned vlmax = (1u << lm) * r.words();
            for (uint32_t vl : vls(vlmax)) {
                for (unsigned vm = 0; vm < 2; ++vm) {
                    r.fill_random(rnd, false);
                    if (c.floats)  // finite values: a NaN or infinity would hide the order
                        for (unsigned i = 0; i < vlmax; ++i) r.vu->set_elem(VS2, i, bits(float(rnd.below(2000)) / 7.f));
                    r.vu->set_elem(VS1, 0, c.floats ? bits(0.5f) : rnd.u32());
                    RefRegs e{r.regs(), r.words()};
                    const RefRegs in = e;
                    REQUIRE(r.run(r.with_vl(vl, lm, {opv(c.funct6, vm, VS2, VS1, c.f3, VD)})) == iss::kEcallM);
                    RefRegs& src = const_cast<RefRegs&>(in);
                    uint32_t acc = src.e(VS1, 0);
                    for (unsigned i = 0; i < vl; ++i)
                        if (vm || src.mask(i)) acc = c.step(acc, src.e(VS2, i));
                    if (vl > 0) e.e(VD, 0) = c.floats ? (is_nan(acc) ? 0x7fc00000u : acc) : acc;
                    INFO(c.name << " LMUL " << (1u << lm) << " vl " << vl << " vm " << vm);
                    CHECK(r.regs() == e.v);
                }
            }
        }
    }
}

TEST_CASE("permutations and moves: slides - vrgather - merges - splats - scalar moves - whole-register moves") {
    Rand rnd(900);
    for (unsigned lm = 0; lm < 4; ++lm) {
        const unsigned L = 1u << lm;
        for (unsigned vm = 0; vm < 2; ++vm) {
            VRig r;
            const unsigned vlmax = L * r.words();
            for (uint32_t vl : vls(vlmax)) {
                struct P {
                    const char* name;
                    uint32_t insn;
                    std::function<void(RefRegs& in, RefRegs& e)> ref;
                };
                const uint32_t off = rnd.below(vlmax + 4), xs = rnd.u32(), fs = rnd.f32();
                const uint32_t uimm = rnd.below(32);
                r.hart.set_x(7, off);
                r.hart.set_x(9, xs);
                r.hart.set_f(7, fs);
                auto active = [&](RefRegs& in, unsigned i) { return vm || in.mask(i); };
                const std::vector<P> ps = {
                    {"vslideup.vx", opv(0x0e, vm, VS2, 7, OPIVX, VD),
                     [&](RefRegs& in, RefRegs& e) {
                         for (unsigned i = off; i < vl; ++i)
                             if (active(in, i)) e.e(VD, i) = in.e(VS2, i - off);
                     }},
                    {"vslideup.vi", opv(0x0e, vm, VS2, uimm, OPIVI, VD),
                     [&](RefRegs& in, RefRegs& e) {
                         for (unsigned i = uimm; i < vl; ++i)
                             if (active(in, i)) e.e(VD, i) = in.e(VS2, i - uimm);
                     }},
                    {"vslidedown.vx", opv(0x0f, vm, VS2, 7, OPIVX, VD),
                     [&](RefRegs& in, RefRegs& e) {
                         for (unsigned i = 0; i < vl; ++i)
                             if (active(in, i)) e.e(VD, i) = i + off < vlmax ? in.e(VS2, i + off) : 0;
                     }},
                    {"vslidedown.vi in place", opv(0x0f, vm, VS2, uimm, OPIVI, VS2),
                     [&](RefRegs& in, RefRegs& e) {
                         for (unsigned i = 0; i < vl; ++i)
                             if (active(in, i)) e.e(VS2, i) = i + uimm < vlmax ? in.e(VS2, i + uimm) : 0;
                     }},
                    {"vslide1up.vx", opv(0x0e, vm, VS2, 9, OPMVX, VD),
                     [&](RefRegs& in, RefRegs& e) {
                         for (unsigned i = 0; i < vl; ++i)
                             if (active(in, i)) e.e(VD, i) = i == 0 ? xs : in.e(VS2, i - 1);
                     }},
                    {"vslide1down.vx", opv(0x0f, vm, VS2, 9, OPMVX, VD),
                     [&](RefRegs& in, RefRegs& e) {
                         for (unsigned i = 0; i < vl; ++i)
                             if (active(in, i)) e.e(VD, i) = i + 1 < vl ? in.e(VS2, i + 1) : xs;
                     }},
                    {"vfslide1up.vf", opv(0x0e, vm, VS2, 7, OPFVF, VD),
                     [&](RefRegs& in, RefRegs& e) {
                         for (unsigned i = 0; i < vl; ++i)
                             if (active(in, i)) e.e(VD, i) = i == 0 ? fs : in.e(VS2, i - 1);
                     }},
                    {"vfslide1down.vf", opv(0x0f, vm, VS2, 7, OPFVF, VD),
                     [&](RefRegs& in, RefRegs& e) {
                         for (unsigned i = 0; i < vl; ++i)
                             if (active(in, i)) e.e(VD, i) = i + 1 < vl ? in.e(VS2, i + 1) : fs;
                     }},
                    {"vrgather.vv", opv(0x0c, vm, VS2, VS1, OPIVV, VD),
                     [&](RefRegs& in, RefRegs& e) {
                         for (unsigned i = 0; i < vl; ++i)
                             if (active(in, i)) {
                                 const uint32_t k = in.e(VS1, i);
                                 e.e(VD, i) = k < vlmax ? in.e(VS2, k) : 0;
                             }
                     }},
                    {"vrgather.vx", opv(0x0c, vm, VS2, 7, OPIVX, VD),
                     [&](RefRegs& in, RefRegs& e) {
                         for (unsigned i = 0; i < vl; ++i)
                             if (active(in, i)) e.e(VD, i) = off < vlmax ? in.e(VS2, off) : 0;
                     }},
                    {"vmerge.vvm / vmv.v.v", opv(0x17, vm, vm ? 0 : VS2, VS1, OPIVV, VD),
                     [&](RefRegs& in, RefRegs& e) {
                         for (unsigned i = 0; i < vl; ++i)
                             e.e(VD, i) = (vm || in.mask(i)) ? in.e(VS1, i) : in.e(VS2, i);
                     }},
                    {"vmerge.vxm / vmv.v.x", opv(0x17, vm, vm ? 0 : VS2, 9, OPIVX, VD),
                     [&](RefRegs& in, RefRegs& e) {
                         for (unsigned i = 0; i < vl; ++i) e.e(VD, i) = (vm || in.mask(i)) ? xs : in.e(VS2, i);
                     }},
                    {"vmerge.vim / vmv.v.i", opv(0x17, vm, vm ? 0 : VS2, 0x1b, OPIVI, VD),
                     [&](RefRegs& in, RefRegs& e) {
                         for (unsigned i = 0; i < vl; ++i) e.e(VD, i) = (vm || in.mask(i)) ? 0xfffffffbu : in.e(VS2, i);
                     }},
                    {"vfmerge.vfm / vfmv.v.f", opv(0x17, vm, vm ? 0 : VS2, 7, OPFVF, VD),
                     [&](RefRegs& in, RefRegs& e) {
                         for (unsigned i = 0; i < vl; ++i) e.e(VD, i) = (vm || in.mask(i)) ? fs : in.e(VS2, i);
                     }},
                    {"vid.v", opv(0x14, vm, 0, 0x11, OPMVV, VD),
                     [&](RefRegs& in, RefRegs& e) {
                         for (unsigned i = 0; i < vl; ++i)
                             if (active(in, i)) e.e(VD, i) = i;
                     }},
                    {"viota.m", opv(0x14, vm, 3, 0x10, OPMVV, VD),
                     [&](RefRegs& in, RefRegs& e) {
                         uint32_t n = 0;
                         for (unsigned i = 0; i < vl; ++i)
                             if (active(in, i)) {
                                 e.e(VD, i) = n;
                                 n += in.bit(3, i);
                             }
                     }},
                    {"vmv.s.x", opv(0x10, 1, 0, 9, OPMVX, VD),
                     [&](RefRegs&, RefRegs& e) {
                         if (vl > 0) e.e(VD, 0) = xs;
                     }},
                    {"vfmv.s.f", opv(0x10, 1, 0, 7, OPFVF, VD),
                     [&](RefRegs&, RefRegs& e) {
                         if (vl > 0) e.e(VD, 0) = fs;
                     }},
                };
                for (const P& p : ps) {
                    // vmv.v.* (vm = 1) and the single-register moves are unmasked encodings only.
                    r.fill_random(rnd, false);
                    RefRegs e{r.regs(), r.words()};
                    RefRegs in = e;
                    REQUIRE(r.run(r.with_vl(vl, lm, {p.insn})) == iss::kEcallM);
                    p.ref(in, e);
                    INFO(p.name << " LMUL " << L << " vl " << vl << " vm " << vm << " off " << off);
                    CHECK(r.regs() == e.v);
                }
            }
        }
    }
    // Scalar results ignore vl (also vl = 0); whole-register moves ignore vtype.
    VRig r;
    r.vu->set_elem(5, 0, 0xdeadbeefu);
    r.vu->set_elem(6, 0, 0x40490fdbu);
    REQUIRE(r.run(r.with_vl(0, 0, {opv(0x10, 1, 5, 0, OPMVV, 11), opv(0x10, 1, 6, 0, OPFVV, 12)})) == iss::kEcallM);
    CHECK(r.hart.x(11) == 0xdeadbeefu);
    CHECK(r.hart.f(12) == 0x40490fdbu);
    for (unsigned n : {1u, 2u, 4u, 8u}) {
        Rand g(n);
        r.fill_random(g, false);
        RefRegs e{r.regs(), r.words()};
        const RefRegs in = e;
        REQUIRE(r.run({opv(0x27, 1, 16, n - 1, OPIVI, 8)}) == iss::kEcallM);  // vmv<n>r.v v8, v16
        for (unsigned k = 0; k < n * r.words(); ++k) e.v[8 * r.words() + k] = in.v[16 * r.words() + k];
        INFO("vmv" << n << "r.v");
        CHECK(r.regs() == e.v);
    }
}

TEST_CASE("mask operations: logical - vcpop - vfirst - vmsbf/vmsif/vmsof") {
    Rand rnd(1000);
    for (unsigned lm = 0; lm < 4; ++lm) {
        VRig r;
        const unsigned vlmax = (1u << lm) * r.words();
        for (uint32_t vl : vls(vlmax)) {
            for (unsigned vm = 0; vm < 2; ++vm) {
                // Logical ops (unmasked encodings): vd bit = f(vs2 bit, vs1 bit) for i < vl.
                const std::pair<uint32_t, bool (*)(bool, bool)> logic[] = {
                    {0x18, [](bool a, bool b) { return a && !b; }},   {0x19, [](bool a, bool b) { return a && b; }},
                    {0x1a, [](bool a, bool b) { return a || b; }},    {0x1b, [](bool a, bool b) { return a != b; }},
                    {0x1c, [](bool a, bool b) { return a || !b; }},   {0x1d, [](bool a, bool b) { return !(a && b); }},
                    {0x1e, [](bool a, bool b) { return !(a || b); }}, {0x1f, [](bool a, bool b) { return a == b; }},
                };
                for (const auto& [f6, fn] : logic) {
                    r.fill_random(rnd, false);
                    RefRegs e{r.regs(), r.words()};
                    const RefRegs in = e;
                    REQUIRE(r.run(r.with_vl(vl, lm, {opv(f6, 1, 3, 4, OPMVV, 5)})) == iss::kEcallM);
                    for (unsigned i = 0; i < vl; ++i) e.set_bit(5, i, fn(in.bit(3, i), in.bit(4, i)));
                    INFO("mask logic funct6 " << f6 << " vl " << vl);
                    CHECK(r.regs() == e.v);
                }
                // vcpop / vfirst.
                r.fill_random(rnd, false);
                if (rnd.below(3) == 0)
                    for (unsigned w = 0; w < r.words(); ++w) r.vu->set_elem(3, w, 0);
                RefRegs in{r.regs(), r.words()};
                REQUIRE(
                    r.run(r.with_vl(vl, lm, {opv(0x10, vm, 3, 0x10, OPMVV, 11), opv(0x10, vm, 3, 0x11, OPMVV, 12)})) ==
                    iss::kEcallM);
                uint32_t pop = 0;
                int32_t first = -1;
                for (unsigned i = 0; i < vl; ++i)
                    if ((vm || in.mask(i)) && in.bit(3, i)) {
                        ++pop;
                        if (first < 0) first = int32_t(i);
                    }
                CHECK(r.hart.x(11) == pop);
                CHECK(r.hart.x(12) == uint32_t(first));
                // vmsbf / vmsif / vmsof.
                for (uint32_t which : {1u, 3u, 2u}) {
                    r.fill_random(rnd, false);
                    RefRegs e{r.regs(), r.words()};
                    const RefRegs src = e;
                    REQUIRE(r.run(r.with_vl(vl, lm, {opv(0x14, vm, 3, which, OPMVV, 5)})) == iss::kEcallM);
                    bool seen = false;
                    for (unsigned i = 0; i < vl; ++i) {
                        if (!vm && !src.mask(i)) continue;
                        const bool b = src.bit(3, i);
                        e.set_bit(5, i, which == 1 ? (!seen && !b) : which == 3 ? !seen : (!seen && b));
                        seen = seen || b;
                    }
                    INFO("vms*f " << which << " vl " << vl << " vm " << vm);
                    CHECK(r.regs() == e.v);
                }
            }
        }
    }
}

TEST_CASE("loads and stores: unit-stride - strided - indexed (duplicate - unordered indices) - masks - vl = 0") {
    Rand rnd(1100);
    for (unsigned lm = 0; lm < 4; ++lm) {
        for (unsigned vm = 0; vm < 2; ++vm) {
            VRig r;
            const unsigned vlmax = (1u << lm) * r.words();
            for (uint32_t vl : vls(vlmax)) {
                // Memory image of the DLM.
                std::vector<uint32_t> mem(kDlmSize / 4);
                for (auto& w : mem) w = rnd.u32();
                auto load_mem = [&] { std::memcpy(r.env.host(kDlm), mem.data(), kDlmSize); };
                auto dlm_word = [&](uint32_t addr) { return r.env.read32(addr); };
                const uint32_t base = kDlm + 4 * rnd.below(1024);
                const int32_t stride = 4 * (int32_t(rnd.below(9)) - 4);  // -16..16 bytes, 0 included
                r.hart.set_x(10, base);
                r.hart.set_x(11, uint32_t(stride));
                r.hart.set_x(12, kDlm + 8192);
                r.fill_random(rnd, false);
                // Indices: byte offsets from x12, unordered, with duplicates.
                for (unsigned i = 0; i < vlmax; ++i) r.vu->set_elem(VS2, i, 4 * rnd.below(vl ? vl : 1));
                if (vlmax > 2) r.vu->set_elem(VS2, 1, r.vu->elem(VS2, 0));
                load_mem();
                RefRegs in{r.regs(), r.words()};
                auto active = [&](unsigned i) { return vm || in.mask(i); };

                // Loads into VD with each addressing mode.
                const std::pair<uint32_t, std::function<uint32_t(unsigned)>> loads[] = {
                    {vle32(VD, 10, vm), [&](unsigned i) { return base + 4 * i; }},
                    {vmem(false, 0, 2, vm, 11, 10, 6, VD), [&](unsigned i) { return base + uint32_t(stride) * i; }},
                    {vmem(false, 0, 1, vm, VS2, 12, 6, VD), [&](unsigned i) { return kDlm + 8192 + in.e(VS2, i); }},
                    {vmem(false, 0, 3, vm, VS2, 12, 6, VD), [&](unsigned i) { return kDlm + 8192 + in.e(VS2, i); }},
                };
                for (const auto& [insn, addr] : loads) {
                    r.fill_random(rnd, false);
                    for (unsigned i = 0; i < vlmax; ++i) r.vu->set_elem(VS2, i, in.e(VS2, i));
                    for (unsigned w = 0; w < r.words(); ++w) r.vu->set_elem(0, w, in.e(0, w));
                    RefRegs e{r.regs(), r.words()};
                    REQUIRE(r.run(r.with_vl(vl, lm, {insn})) == iss::kEcallM);
                    for (unsigned i = 0; i < vl; ++i)
                        if (active(i)) e.e(VD, i) = dlm_word(addr(i));
                    INFO("load 0x" << std::hex << insn << std::dec << " LMUL " << (1u << lm) << " vl " << vl << " vm "
                                   << vm << " stride " << stride);
                    CHECK(r.regs() == e.v);
                }
                // Stores from VS1 with each addressing mode; ordered indexed stores: the last
                // element of a duplicate index wins (the unordered ones execute in order too).
                const std::pair<uint32_t, std::function<uint32_t(unsigned)>> stores[] = {
                    {vse32(VS1, 10, vm), [&](unsigned i) { return base + 4 * i; }},
                    {vmem(true, 0, 2, vm, 11, 10, 6, VS1), [&](unsigned i) { return base + uint32_t(stride) * i; }},
                    {vmem(true, 0, 1, vm, VS2, 12, 6, VS1), [&](unsigned i) { return kDlm + 8192 + in.e(VS2, i); }},
                    {vmem(true, 0, 3, vm, VS2, 12, 6, VS1), [&](unsigned i) { return kDlm + 8192 + in.e(VS2, i); }},
                };
                for (const auto& [insn, addr] : stores) {
                    load_mem();
                    std::vector<uint32_t> expect = mem;
                    for (unsigned i = 0; i < vl; ++i)
                        if (active(i)) expect[(addr(i) - kDlm) / 4] = r.vu->elem(VS1, i);
                    REQUIRE(r.run(r.with_vl(vl, lm, {insn})) == iss::kEcallM);
                    std::vector<uint32_t> got(kDlmSize / 4);
                    std::memcpy(got.data(), r.env.host(kDlm), kDlmSize);
                    INFO("store 0x" << std::hex << insn << std::dec << " LMUL " << (1u << lm) << " vl " << vl << " vm "
                                    << vm);
                    CHECK(got == expect);
                }
            }
        }
    }
}

TEST_CASE("loads and stores: mask and whole-register transfers - fault-only-first") {
    VRig r;
    Rand rnd(1200);
    for (uint32_t a = kDlm; a < kDlm + kDlmSize; a += 4) r.env.write32(a, rnd.u32());
    r.fill_random(rnd, false);
    r.hart.set_x(10, kDlm + 64);
    RefRegs e{r.regs(), r.words()};
    // vlm.v v3 with vl = 37: ceil(37 / 8) = 5 bytes.
    REQUIRE(r.run(r.with_vl(37, 3, {vmem(false, 0, 0, 1, 0x0b, 10, 0, 3)})) == iss::kEcallM);
    for (unsigned k = 0; k < 5; ++k) {
        uint32_t& w = e.e(3, k / 4);
        w = (w & ~(0xffu << (8 * (k % 4)))) | uint32_t(*r.env.host(kDlm + 64 + k)) << (8 * (k % 4));
    }
    CHECK(r.regs() == e.v);
    // vl4re32.v v8 then vs4r.v v8 to another place: 4 registers round trip.
    r.hart.set_x(11, kDlm + 4096);
    REQUIRE(r.run({vmem(false, 3, 0, 1, 0x08, 10, 6, 8), vmem(true, 3, 0, 1, 0x08, 11, 0, 8)}) == iss::kEcallM);
    CHECK(std::memcmp(r.env.host(kDlm + 64), r.env.host(kDlm + 4096), 4 * r.vu->vlen() / 8) == 0);
    CHECK(r.vu->elem(8, 0) == r.env.read32(kDlm + 64));
    // vle32ff.v: a fault after element 0 shortens vl instead of trapping.
    const uint32_t near_end = kDlm + kDlmSize - 4 * 10;  // 10 elements left in the window
    r.hart.set_x(10, near_end);
    REQUIRE(r.run(r.with_vl(64, 3, {vmem(false, 0, 0, 1, 0x10, 10, 6, 16)})) == iss::kEcallM);
    CHECK(r.vu->vl() == 10);
    CHECK(r.vu->elem(16, 9) == r.env.read32(near_end + 36));
    // ... but a fault at element 0 traps.
    r.hart.set_x(10, kDlm + kDlmSize);
    CHECK(r.run(r.with_vl(64, 3, {vmem(false, 0, 0, 1, 0x10, 10, 6, 16)})) == iss::kLoadAccessFault);
}

TEST_CASE("vsetvl/vsetvli/vsetivli: vl rules - vill for unsupported vtype - CSRs") {
    VRig r;
    const unsigned w = r.words();  // VLMAX at LMUL 1
    auto setvl = [&](uint32_t avl, uint32_t vtype) {
        r.hart.set_x(5, avl);
        r.hart.set_x(7, vtype);
        REQUIRE(r.run({vsetvl(6, 5, 7)}) == iss::kEcallM);
        return r.hart.x(6);
    };
    CHECK(setvl(3, vtypei(0)) == 3);
    CHECK(setvl(w, vtypei(0)) == w);
    CHECK(setvl(w + 1, vtypei(0)) == w);        // AVL > VLMAX
    CHECK(setvl(1000000, vtypei(3)) == 8 * w);  // LMUL 8: VLMAX = VLEN / 4
    CHECK(setvl(0, vtypei(2)) == 0);
    CHECK(r.vu->vtype() == vtypei(2));
    for (uint32_t bad : {vtypei(0, 0), vtypei(0, 1), vtypei(0, 3), vtypei(5), vtypei(6), vtypei(7), vtypei(4),
                         vtypei(0) | 0x100u, vtypei(0) | 0x40000000u}) {
        INFO("vtype 0x" << std::hex << bad);
        CHECK(setvl(5, bad) == 0);
        CHECK(r.vu->vtype() == 0x80000000u);
        // Any vector instruction with vill set is illegal.
        CHECK(r.run({opv(0x00, 1, 1, 2, OPIVV, 3)}) == iss::kIllegalInsn);
    }
    // ta/ma are accepted (executed as undisturbed).
    CHECK(setvl(7, vtypei(1, 2, true, true)) == 7);
    // rs1 = x0: rd != x0 sets VLMAX; rd = x0 keeps vl.
    REQUIRE(r.run({vsetvli(6, 0, vtypei(1))}) == iss::kEcallM);
    CHECK(r.hart.x(6) == 2 * w);
    r.hart.set_x(5, 5);
    REQUIRE(r.run({vsetvli(6, 5, vtypei(1)), vsetvli(0, 0, vtypei(2))}) == iss::kEcallM);
    CHECK(r.vu->vl() == 5);
    // vsetivli: 5-bit immediate AVL.
    REQUIRE(r.run({vsetivli(6, 31, vtypei(3))}) == iss::kEcallM);
    CHECK(r.hart.x(6) == 31);
    // CSRs: vl, vtype, vlenb readable; vl is read-only.
    uint32_t v = 0;
    CHECK(r.hart.read_csr(0xc20, v));
    CHECK(v == 31);
    CHECK(r.hart.read_csr(0xc22, v));
    CHECK(v == r.vu->vlen() / 8);
    const uint32_t csrw_vl = 0xc2029073;  // csrw vl, t0 (read-only CSR)
    CHECK(r.run({csrw_vl}) == iss::kIllegalInsn);
    const uint32_t csrr_vlenb = 0xc2202573;  // csrr a0, vlenb
    REQUIRE(r.run({csrr_vlenb}) == iss::kEcallM);
    CHECK(r.hart.x(10) == r.vu->vlen() / 8);
}

TEST_CASE("illegal encodings trap: unsupported SEW/ops - misaligned groups - v0 overlap - reserved overlaps") {
    VRig r;
    r.hart.set_x(10, kDlm);
    const struct {
        const char* name;
        unsigned lmul_log2;
        uint32_t insn;
    } bad[] = {
        {"vadd.vv v1 with LMUL 2 (misaligned vd)", 1, opv(0x00, 1, 2, 4, OPIVV, 1)},
        {"vadd.vv vs2 = v3 with LMUL 4", 2, opv(0x00, 1, 3, 4, OPIVV, 8)},
        {"vfadd.vv vs1 = v6 with LMUL 8", 3, opv(0x00, 1, 8, 6, OPFVV, 16)},
        {"masked vadd writing v0", 0, opv(0x00, 0, 2, 4, OPIVV, 0)},
        {"masked vle32 into v0", 0, vle32(0, 10, 0)},
        {"vslideup with vd overlapping vs2", 1, opv(0x0e, 1, 8, 1, OPIVI, 8)},
        {"vrgather.vv with vd = vs1", 0, opv(0x0c, 1, 2, 4, OPIVV, 4)},
        {"viota.m with vd overlapping vs2", 1, opv(0x14, 1, 9, 0x10, OPMVV, 8)},
        {"vwadd.vv (widening: SEW 64 > ELEN)", 0, opv(0x31, 1, 2, 4, OPMVV, 8)},
        {"vfwadd.vv (widening FP)", 0, opv(0x30, 1, 2, 4, OPFVV, 8)},
        {"vnsrl.wv (narrowing)", 0, opv(0x2c, 1, 2, 4, OPIVV, 8)},
        {"vsaddu.vv (fixed point: not implemented)", 0, opv(0x20, 1, 2, 4, OPIVV, 8)},
        {"vfrec7.v (not implemented)", 0, opv(0x13, 1, 2, 0x05, OPFVV, 8)},
        {"vle8.v (EEW 8 != SEW)", 0, vmem(false, 0, 0, 1, 0, 10, 0, 8)},
        {"vle64.v (EEW 64 > ELEN)", 0, vmem(false, 0, 0, 1, 0, 10, 7, 8)},
        {"vluxei16.v (16-bit indices)", 0, vmem(false, 0, 1, 1, 4, 10, 5, 8)},
        {"vlseg2e32.v (segments)", 0, vmem(false, 1, 0, 1, 0, 10, 6, 8)},
        {"vl3re32.v (3 registers)", 0, vmem(false, 2, 0, 1, 0x08, 10, 6, 8)},
        {"vmv.x.s masked", 0, opv(0x10, 0, 2, 0, OPMVV, 5)},
        {"mask logical masked", 0, opv(0x19, 0, 2, 3, OPMVV, 5)},
        {"vmv3r.v", 0, opv(0x27, 1, 2, 2, OPIVI, 8)},
        {"OPCFG with bits 31:25 = 1000001 (reserved)", 0, vsetvl(6, 5, 7) | (1u << 25)},
        {"vmsgt.vv (no .vv form)", 0, opv(0x1f, 1, 2, 4, OPIVV, 8)},
    };
    for (const auto& b : bad) {
        INFO(b.name);
        r.hart.set_x(10, kDlm);
        CHECK(r.run(r.with_vl(4, b.lmul_log2, {b.insn})) == iss::kIllegalInsn);
        CHECK(r.trap_tval() == b.insn);
    }
    // FP vector instructions need mstatus.FS != Off.
    r.hart.write_csr(0x300, 0);
    CHECK(r.run(r.with_vl(4, 0, {opv(0x00, 1, 2, 4, OPFVV, 8)})) == iss::kIllegalInsn);
    CHECK(r.run(r.with_vl(4, 0, {opv(0x00, 1, 2, 4, OPIVV, 8)})) == iss::kEcallM);  // integer ops still run
}

TEST_CASE("untrusted addresses: faults with vstart at the element - never a host access outside the window") {
    VRig r;
    const unsigned vlmax = 8 * r.words();
    // Unit stride running off the end of the DLM at element 5.
    r.hart.set_x(10, kDlm + kDlmSize - 20);
    CHECK(r.run(r.with_vl(vlmax, 3, {vle32(8, 10)})) == iss::kLoadAccessFault);
    CHECK(r.trap_tval() == kDlm + kDlmSize);
    CHECK(r.vu->vstart() == 5);
    // The next vector load continues at vstart (RVV restart semantics) and resets it.
    r.hart.set_x(10, kDlm);
    REQUIRE(r.run({vle32(8, 10)}) == iss::kEcallM);
    CHECK(r.vu->vstart() == 0);
    // Indexed with huge, wrapping and negative offsets.
    for (uint32_t off : {0x7ffffffcu, 0xfffffffcu, 0x80000000u, 4u * kDlmSize}) {
        r.hart.set_x(10, kDlm);
        r.vu->set_elem(16, 0, 0);
        r.vu->set_elem(16, 1, off);
        CHECK(r.run(r.with_vl(2, 3, {vmem(false, 0, 1, 1, 16, 10, 6, 8)})) == iss::kLoadAccessFault);
        CHECK(r.trap_tval() == kDlm + off);
        CHECK(r.vu->vstart() == 1);
        CHECK(r.run(r.with_vl(2, 3, {vmem(true, 0, 3, 1, 16, 10, 6, 8)})) == iss::kStoreAccessFault);
        r.hart.write_csr(0x008, 0);
    }
    // Strided with a stride that walks out of the window; memory outside the window is RAM here
    // but not the DLM, so it is not reachable either.
    r.hart.set_x(10, kDlm);
    r.hart.set_x(11, 0x100000);
    CHECK(r.run(r.with_vl(4, 0, {vmem(false, 0, 2, 1, 11, 10, 6, 8)})) == iss::kLoadAccessFault);
    CHECK(r.vu->vstart() == 1);
    r.hart.write_csr(0x008, 0);
    r.hart.set_x(10, kCode);
    CHECK(r.run(r.with_vl(4, 0, {vse32(8, 10)})) == iss::kStoreAccessFault);
    r.hart.write_csr(0x008, 0);
    // Misaligned element addresses: address-misaligned exceptions.
    r.hart.set_x(10, kDlm + 2);
    CHECK(r.run(r.with_vl(4, 0, {vle32(8, 10)})) == iss::kLoadMisaligned);
    CHECK(r.run(r.with_vl(4, 0, {vse32(8, 10)})) == iss::kStoreMisaligned);
    r.hart.write_csr(0x008, 0);
    // Arithmetic with vstart != 0 is refused (illegal), as RVV permits.
    r.hart.write_csr(0x008, 3);
    CHECK(r.run({opv(0x00, 1, 2, 4, OPIVV, 8)}) == iss::kIllegalInsn);
}

TEST_CASE("timing: lanes bound the throughput - chaining overlaps dependent ops - queue and scalar stalls") {
    // 16 independent vfadd.vv at VLMAX 256 on 8 add lanes: 32 cycles each, back to back.
    auto run_cycles = [](VectorUnitConfig cfg, const std::vector<uint32_t>& body, uint64_t* drained = nullptr) {
        VRig r(cfg);
        r.hart.set_x(5, 256);
        std::vector<uint32_t> prog = {vsetvli(6, 5, vtypei(3))};
        prog.insert(prog.end(), body.begin(), body.end());
        const uint64_t c0 = r.hart.cycles();
        REQUIRE(r.run(prog) == iss::kEcallM);
        if (drained) *drained = r.vu->drained() - c0;
        return r.hart.cycles() - c0;
    };
    VectorUnitConfig cfg;
    std::vector<uint32_t> indep;
    for (int k = 0; k < 16; ++k) indep.push_back(opv(0x00, 1, 16, 24, OPFVV, 8));  // vfadd v8, v16, v24
    uint64_t drained = 0;
    const uint64_t scalar = run_cycles(cfg, indep, &drained);
    CHECK(drained >= 16 * 32);
    CHECK(drained <= 16 * 32 + 2 * cfg.timing.fp_latency + 4);
    // The scalar side ran ahead until the queue (8) filled: it finished long before the vector unit.
    CHECK(scalar < drained);
    // (the queue holds instructions that have not issued: the 16th waits for the 7th to issue)
    CHECK(scalar >= (16 - 1 - cfg.timing.queue_depth) * 32);
    // Twice the lanes: half the time.
    VectorUnitConfig wide = cfg;
    wide.timing.add_lanes = 16;
    uint64_t drained_wide = 0;
    run_cycles(wide, indep, &drained_wide);
    CHECK(drained_wide * 2 <= drained + 16);
    // Adds and multiplies run side by side on their own lanes (8 + 8 per cycle).
    std::vector<uint32_t> mixed;
    for (int k = 0; k < 8; ++k) {
        mixed.push_back(opv(0x00, 1, 16, 24, OPFVV, 8));  // vfadd v8
        mixed.push_back(opv(0x24, 1, 16, 24, OPFVV, 0));  // vfmul v0
    }
    uint64_t drained_mixed = 0;
    run_cycles(cfg, mixed, &drained_mixed);
    CHECK(drained_mixed <= 8 * 32 + 3 * cfg.timing.fp_latency + 4);
    // A dependent chain (vfmul -> vfadd -> vfadd): with chaining the next op starts on the first
    // results; without, after the whole previous op.
    const std::vector<uint32_t> chain = {opv(0x24, 1, 16, 24, OPFVV, 8), opv(0x00, 1, 8, 24, OPFVV, 0),
                                         opv(0x00, 1, 0, 24, OPFVV, 16)};
    uint64_t with = 0, without = 0;
    run_cycles(cfg, chain, &with);
    VectorUnitConfig nochain = cfg;
    nochain.timing.chaining = false;
    run_cycles(nochain, chain, &without);
    CHECK(with < without);
    CHECK(without >= 3 * 32 + 3 * cfg.timing.fp_latency);
    CHECK(with <= 32 + 3 * (cfg.timing.fp_latency + 1) + 32 + 2);
    // A scalar result (vfmv.f.s) waits for its producer to complete.
    std::vector<uint32_t> to_scalar = {opv(0x24, 1, 16, 24, OPFVV, 8), opv(0x10, 1, 8, 0, OPFVV, 10)};
    const uint64_t waited = run_cycles(cfg, to_scalar);
    CHECK(waited >= 32 + cfg.timing.fp_latency);
}
