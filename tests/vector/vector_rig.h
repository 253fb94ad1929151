// Test rig for the vector unit without SystemC: one ISS hart on flat RAM with the VectorUnit plugged
// in, its data window a part of that RAM, hand encoders for the vector instructions (independent
// of the implementation's decoder) and a scalar reference copy of the register file.
#pragma once

#include <cmath>
#include <cstring>
#include <memory>
#include <random>
#include <vector>

#include "models/cpu/iss/hart.h"
#include "models/vector/vector_unit.h"
#include "tests/iss/flat_env.h"

namespace vp::vec::test {

using iss::test::FlatEnv;

constexpr uint32_t kRam = 0x80000000u, kCode = 0x80000000u;
constexpr uint32_t kDlm = 0x80080000u, kDlmSize = 0x10000u;  // the unit's data window inside the RAM

// ---- encoders (RVV 1.0 encoding tables) ----
enum F3 : uint32_t { OPIVV = 0, OPFVV = 1, OPMVV = 2, OPIVI = 3, OPIVX = 4, OPFVF = 5, OPMVX = 6, OPCFG = 7 };
inline uint32_t opv(uint32_t funct6, uint32_t vm, uint32_t vs2, uint32_t vs1, uint32_t f3, uint32_t vd) {
    return funct6 << 26 | vm << 25 | vs2 << 20 | (vs1 & 31) << 15 | f3 << 12 | vd << 7 | 0x57;
}
inline uint32_t vtypei(unsigned lmul_log2, unsigned sew_code = 2, bool ta = false, bool ma = false) {
    return uint32_t(ma) << 7 | uint32_t(ta) << 6 | sew_code << 3 | lmul_log2;
}
inline uint32_t vsetvli(unsigned rd, unsigned rs1, uint32_t vtype) {
    return (vtype & 0x7ff) << 20 | rs1 << 15 | 7u << 12 | rd << 7 | 0x57;
}
inline uint32_t vsetivli(unsigned rd, unsigned uimm, uint32_t vtype) {
    return 3u << 30 | (vtype & 0x3ff) << 20 | uimm << 15 | 7u << 12 | rd << 7 | 0x57;
}
inline uint32_t vsetvl(unsigned rd, unsigned rs1, unsigned rs2) {
    return 0x40u << 25 | rs2 << 20 | rs1 << 15 | 7u << 12 | rd << 7 | 0x57;
}
// Loads (opcode 0x07) and stores (0x27): nf, mop, vm, rs2/lumop, rs1, width, vd.
inline uint32_t vmem(bool store, uint32_t nf, uint32_t mop, uint32_t vm, uint32_t rs2, uint32_t rs1, uint32_t width,
                     uint32_t vd) {
    return nf << 29 | mop << 26 | vm << 25 | rs2 << 20 | rs1 << 15 | width << 12 | vd << 7 | (store ? 0x27 : 0x07);
}
inline uint32_t vle32(unsigned vd, unsigned rs1, unsigned vm = 1) { return vmem(false, 0, 0, vm, 0, rs1, 6, vd); }
inline uint32_t vse32(unsigned vs3, unsigned rs1, unsigned vm = 1) { return vmem(true, 0, 0, vm, 0, rs1, 6, vs3); }
constexpr uint32_t kEcall = 0x00000073;

// ---- random data ----
struct Rand {
    std::mt19937 g;
    explicit Rand(uint32_t seed) : g(seed) {}
    uint32_t u32() { return g(); }
    uint32_t below(uint32_t n) { return n ? g() % n : 0; }
    // Floats with the interesting cases mixed in: zeros, infinities, NaNs, subnormals, ties.
    uint32_t f32() {
        switch (g() % 16) {
            case 0: return 0x00000000u;
            case 1: return 0x80000000u;
            case 2: return (g() & 1) ? 0x7f800000u : 0xff800000u;
            case 3: return (g() & 1) ? 0x7fc00000u : 0x7fa00001u;  // quiet / signalling NaN
            case 4: return (g() & 0x807fffffu) | 0x00000001u;      // subnormal
            default: {
                const float v = float(int32_t(g() % 2000001) - 1000000) / float(1 + g() % 1000);
                uint32_t b;
                std::memcpy(&b, &v, 4);
                return b;
            }
        }
    }
};

// A hart on 1 MiB of flat RAM with the vector unit; programs run from kCode and end with ecall.
struct VRig {
    FlatEnv env{kRam, 1u << 20};
    iss::Hart hart;
    VectorUnit* vu = nullptr;

    static iss::HartConfig config() {
        iss::HartConfig c;
        c.misa = iss::kMisaI | iss::kMisaM | iss::kMisaF;
        c.stop_on_exceptions = ~0u;
        c.fpu_on_at_reset = true;
        c.semihosting = false;
        return c;
    }
    explicit VRig(const VectorUnitConfig& cfg = {}) : hart(config(), env) {
        env.hart = &hart;
        iss::FastRegion r = env.fast_region();
        hart.add_fast_region(r);
        auto u = std::make_unique<VectorUnit>(cfg);
        vu = u.get();
        hart.add_extension(std::move(u));
        vu->set_data_window(MemWindow{kDlm, kDlmSize, env.host(kDlm)});
    }
    unsigned words() const { return vu->vlen() / 32; }
    // Runs `prog` + ecall from kCode; returns the mcause that stopped the hart (11 = reached ecall).
    uint32_t run(const std::vector<uint32_t>& prog, uint64_t max_cycles = 10'000'000) {
        std::vector<uint32_t> p = prog;
        p.push_back(kEcall);
        for (size_t i = 0; i < p.size(); ++i) env.write32(kCode + uint32_t(4 * i), p[i]);
        hart.notify_external_write(kCode, uint32_t(4 * p.size()));
        hart.set_pc(kCode);
        hart.run(hart.cycles() + max_cycles);
        return hart.last_trap().cause;
    }
    uint32_t trap_pc() const { return hart.last_trap().pc; }
    uint32_t trap_tval() const { return hart.last_trap().tval; }
    // Configures vtype/vl with vsetvli (AVL in x5) as the program's first instruction.
    std::vector<uint32_t> with_vl(uint32_t avl, unsigned lmul_log2, std::vector<uint32_t> body) {
        hart.set_x(5, avl);
        body.insert(body.begin(), vsetvli(6, 5, vtypei(lmul_log2)));
        return body;
    }
    // Snapshot of the whole vector register file.
    std::vector<uint32_t> regs() const {
        std::vector<uint32_t> v(32 * words());
        for (unsigned r = 0; r < 32; ++r)
            for (unsigned i = 0; i < words(); ++i) v[r * words() + i] = vu->elem(r, i);
        return v;
    }
    void fill_random(Rand& rnd, bool floats) {
        for (unsigned r = 0; r < 32; ++r)
            for (unsigned i = 0; i < words(); ++i) vu->set_elem(r, i, floats ? rnd.f32() : rnd.u32());
    }
};

// Reference register file (same flat layout).
struct RefRegs {
    std::vector<uint32_t> v;
    unsigned words;
    uint32_t& e(unsigned reg, unsigned i) { return v[reg * words + i]; }
    bool mask(unsigned i) const { return (v[i / 32] >> (i % 32)) & 1; }  // v0
    bool bit(unsigned reg, unsigned i) const { return (v[reg * words + i / 32] >> (i % 32)) & 1; }
    void set_bit(unsigned reg, unsigned i, bool b) {
        uint32_t& w = v[reg * words + i / 32];
        w = (w & ~(1u << (i % 32))) | uint32_t(b) << (i % 32);
    }
};

inline float fl(uint32_t b) {
    float f;
    std::memcpy(&f, &b, 4);
    return f;
}
inline uint32_t bits(float f) {
    uint32_t b;
    std::memcpy(&b, &f, 4);
    return b;
}
inline bool is_nan(uint32_t b) { return (b & 0x7fffffffu) > 0x7f800000u; }
inline uint32_t canon(float f) { return is_nan(bits(f)) ? 0x7fc00000u : bits(f); }

}  // namespace vp::vec::test
