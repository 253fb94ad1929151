// The vector unit's execution: configuration, register-group rules, the element loops of every
// operation (integer, mask, permutation, floating point), loads/stores to the data LM, CSRs and the
// hand-over to the timing model.
#include "models/vector/vector_unit.h"

#include <algorithm>
#include <cfenv>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "models/cpu/iss/fpu.h"
#include "models/cpu/iss/hart.h"

namespace vp::vec {

using iss::DecodedInsn;
using iss::ExecResult;
using iss::Hart;
namespace fpu = iss::fpu;

namespace {

enum class Form : uint8_t {
    Cfg,
    Load,
    LoadIdx,
    Store,
    StoreIdx,
    LoadMask,
    StoreMask,
    LoadWhole,
    StoreWhole,
    Arith,
    Fma,
    Merge,
    Move,
    Gather,
    SlideUp,
    Slide,
    Compare,
    MoveWhole,
    Reduce,
    ToScalar,
    FromScalar,
    MaskUnary,
    Iota,
    Id,
    MaskLogic,
    Unary
};
enum class Unit : uint8_t { None, Alu, FAdd, Mul, Div, Mem, MemStrided, Red, RedOrdered };

struct OpInfo {
    const char* mnemonic;
    Unit unit;
    Form form;
};
constexpr OpInfo kOps[] = {
#define VOP(name, mnem, unit, form) {mnem, Unit::unit, Form::form},
#include "models/vector/vops.def"
#undef VOP
};

enum : uint16_t {
    kCsrVstart = 0x008,
    kCsrVxsat = 0x009,
    kCsrVxrm = 0x00a,
    kCsrVcsr = 0x00f,
    kCsrFflags = iss::kCsr_fflags,  // the core's, from the CSR table
    kCsrVl = 0xc20,
    kCsrVtype = 0xc21,
    kCsrVlenb = 0xc22,
};
constexpr uint32_t kVill = 0x80000000u;

inline float F(uint32_t b) { return fpu::to_f(b); }
inline uint32_t B(float f) { return fpu::to_b(f); }
inline uint32_t group_mask(unsigned v, unsigned n) { return n >= 32 ? ~0u : ((1u << n) - 1) << v; }
inline uint32_t mulh(int32_t a, int32_t b) { return uint32_t((int64_t(a) * int64_t(b)) >> 32); }
inline uint32_t mulhu(uint32_t a, uint32_t b) { return uint32_t((uint64_t(a) * uint64_t(b)) >> 32); }
inline uint32_t mulhsu(int32_t a, uint32_t b) { return uint32_t((int64_t(a) * int64_t(uint64_t(b))) >> 32); }
inline uint32_t divs(uint32_t a, uint32_t b) {
    if (b == 0) return ~0u;
    if (a == 0x80000000u && b == ~0u) return a;
    return uint32_t(int32_t(a) / int32_t(b));
}
inline uint32_t rems(uint32_t a, uint32_t b) {
    if (b == 0) return a;
    if (a == 0x80000000u && b == ~0u) return 0;
    return uint32_t(int32_t(a) % int32_t(b));
}
inline uint32_t load32(const uint8_t* p) {
    uint32_t v;
    std::memcpy(&v, p, 4);
    return v;
}
inline void store32(uint8_t* p, uint32_t v) { std::memcpy(p, &v, 4); }

// Adds FP exception flags computed in software to fflags (the host flags carry the rest).
void add_fflags(Hart& h, uint32_t flags) {
    if (!flags) return;
    uint32_t v = 0;
    h.read_csr(kCsrFflags, v);
    h.write_csr(kCsrFflags, v | flags);
}

}  // namespace

const char* VectorUnit::mnemonic(VOp op) {
    return unsigned(op) < unsigned(VOp::Count) ? kOps[unsigned(op)].mnemonic : "?";
}

VectorUnit::VectorUnit(const VectorUnitConfig& cfg)
    : cfg_(cfg),
      vlen_(cfg.vlen),
      words_(cfg.vlen / 32),
      vregs_(size_t(32) * (cfg.vlen / 32), 0),
      tmp_(size_t(8) * (cfg.vlen / 32) + 1, 0),
      issue_(cfg.timing.queue_depth, cfg.timing.chaining) {}

void VectorUnit::reset(Hart&) {
    std::fill(vregs_.begin(), vregs_.end(), 0);
    vtype_ = kVill;
    vl_ = vstart_ = vxrm_ = vxsat_ = 0;
    lmul_ = 1;
    issue_.reset();
}

// ---- configuration ----------------------------------------------------------------------------

bool VectorUnit::set_vtype(uint32_t vtype, uint32_t avl, bool keep_vl) {
    const unsigned vsew = (vtype >> 3) & 7, vlmul = vtype & 7;
    if ((vtype >> 8) != 0 || vsew != 2 || vlmul > 3) {  // only SEW 32 with LMUL 1, 2, 4, 8
        vtype_ = kVill;
        vl_ = 0;
        lmul_ = 1;
        return false;
    }
    vtype_ = vtype;
    lmul_ = 1u << vlmul;
    const uint32_t max = lmul_ * words_;
    // AVL > VLMAX gives VLMAX (also for VLMAX < AVL < 2 VLMAX, one of the choices RVV allows).
    vl_ = keep_vl ? std::min(vl_, max) : std::min(avl, max);
    return true;
}

// ---- helpers ----------------------------------------------------------------------------------

template <class Fn>
inline void VectorUnit::for_active(bool vm, Fn&& body) {
    const uint32_t start = vstart_, end = vl_;
    if (vm) {
        for (uint32_t i = start; i < end; ++i) body(i);
    } else {
        const uint32_t* m = vregs_.data();
        for (uint32_t i = start; i < end; ++i)
            if ((m[i >> 5] >> (i & 31)) & 1) body(i);
    }
}

uint32_t VectorUnit::window_of(uint32_t addr, unsigned len) const {
    const uint32_t off = addr - dlm_.base;
    if (addr < dlm_.base || off > dlm_.size || dlm_.size - off < len) return 0;
    return off + 1;
}

ExecResult VectorUnit::illegal(Hart& h, const DecodedInsn& d) {
    h.raise_illegal(d.raw);
    return ExecResult::Trapped;
}

// Register-group rules of RVV: groups aligned to LMUL (so never past v31), a masked instruction's
// destination group not overlapping v0 unless it is a mask, and the overlaps RVV reserves for
// slide-ups, gathers, viota and the set-before-first ops.
bool VectorUnit::check_groups(const DecodedInsn& d, VOp op, bool vm, Src src) const {
    const unsigned L = lmul_, vd = d.rd, vs1 = d.rs1, vs2 = d.rs2;
    auto aligned = [&](unsigned v) { return v % L == 0; };
    auto overlap = [&](unsigned a, unsigned na, unsigned b, unsigned nb) { return a < b + nb && b < a + na; };
    const bool v0_dest_clash = !vm && vd == 0;
    switch (kOps[unsigned(op)].form) {
        case Form::Load:
        case Form::Store: return aligned(vd) && !(kOps[unsigned(op)].form == Form::Load && v0_dest_clash);
        case Form::LoadIdx: return aligned(vd) && aligned(vs2) && !v0_dest_clash;
        case Form::StoreIdx: return aligned(vd) && aligned(vs2);
        case Form::LoadWhole:
        case Form::StoreWhole:
        case Form::MoveWhole: {
            const unsigned n = ((d.imm >> 3) & 15) + 1;
            return vd % n == 0 && (op != VOp::VMVR || vs2 % n == 0);
        }
        case Form::Arith:
        case Form::Fma:
        case Form::Merge:
        case Form::Unary: return aligned(vd) && aligned(vs2) && (src != kSrcV || aligned(vs1)) && !v0_dest_clash;
        case Form::Move: return aligned(vd) && (src != kSrcV || aligned(vs1));
        case Form::Gather:
            return aligned(vd) && aligned(vs2) && (src != kSrcV || aligned(vs1)) && !v0_dest_clash &&
                   !overlap(vd, L, vs2, L) && !(src == kSrcV && overlap(vd, L, vs1, L));
        case Form::SlideUp: return aligned(vd) && aligned(vs2) && !v0_dest_clash && !overlap(vd, L, vs2, L);
        case Form::Slide: return aligned(vd) && aligned(vs2) && !v0_dest_clash;
        case Form::Compare: return aligned(vs2) && (src != kSrcV || aligned(vs1));
        case Form::Reduce: return aligned(vs2);
        case Form::MaskUnary: return vd != vs2 && !v0_dest_clash;
        case Form::Iota: return aligned(vd) && !overlap(vd, L, vs2, 1) && !v0_dest_clash;
        case Form::Id: return aligned(vd) && !v0_dest_clash;
        default: return true;  // ToScalar, FromScalar, MaskLogic, LoadMask, StoreMask: single registers
    }
}

// Hands the instruction to the timing model and stalls the hart as it says.
void VectorUnit::time(Hart& h, const DecodedInsn& d, VOp op, bool vm, Src src, uint32_t elems) {
    const VectorTimingConfig& t = cfg_.timing;
    const OpInfo& info = kOps[unsigned(op)];
    const unsigned L = lmul_, vd = d.rd, vs1 = d.rs1, vs2 = d.rs2;
    IssueRequest r;
    auto per = [](uint32_t n, unsigned lanes) { return (n + lanes - 1) / lanes; };
    switch (info.unit) {
        case Unit::Mem:
            r.pipe = Pipe::Mem;
            r.occupancy = std::max<uint32_t>(1, per(elems * 4, t.lm_bytes_per_cycle));
            r.latency = t.mem_latency;
            break;
        case Unit::MemStrided:
            r.pipe = Pipe::Mem;
            r.occupancy = std::max<uint32_t>(1, per(elems, t.indexed_per_cycle));
            r.latency = t.mem_latency;
            break;
        case Unit::Mul:
            r.pipe = Pipe::Mul;
            r.occupancy = std::max<uint32_t>(1, per(elems, t.mul_lanes));
            r.latency = t.fp_latency;
            break;
        case Unit::Div:
            r.pipe = Pipe::Div;
            r.occupancy = std::max<uint32_t>(1, per(elems, t.add_lanes) * t.div_cycles);
            r.latency = t.fp_latency;
            break;
        case Unit::Red: {  // a tree over the lanes, then across the lane partial sums
            r.pipe = Pipe::Add;
            r.occupancy = std::max<uint32_t>(1, per(elems, t.add_lanes));
            unsigned levels = 1;
            while ((1u << levels) < t.add_lanes) ++levels;
            r.latency = t.fp_latency * (levels + 1);
            break;
        }
        case Unit::RedOrdered:  // strictly in element order: one dependent add after another
            r.pipe = Pipe::Add;
            r.occupancy = std::max<uint32_t>(1, elems * t.fp_latency);
            r.latency = t.fp_latency;
            break;
        case Unit::FAdd:
            r.pipe = Pipe::Add;
            r.occupancy = std::max<uint32_t>(1, per(elems, t.add_lanes));
            r.latency = t.fp_latency;
            break;
        default:
            r.pipe = Pipe::Add;
            r.occupancy = std::max<uint32_t>(1, per(elems, t.add_lanes));
            r.latency = t.alu_latency;
            break;
    }
    const uint32_t g_d = group_mask(vd, L), g_2 = group_mask(vs2, L), g_1 = src == kSrcV ? group_mask(vs1, L) : 0;
    switch (info.form) {
        case Form::Load:
        case Form::LoadMask: r.dsts = info.form == Form::Load ? g_d : group_mask(vd, 1); break;
        case Form::LoadIdx:
            r.dsts = g_d;
            r.srcs = g_2;
            break;
        case Form::Store: r.srcs = g_d; break;
        case Form::StoreMask: r.srcs = group_mask(vd, 1); break;
        case Form::StoreIdx: r.srcs = g_d | g_2; break;
        case Form::LoadWhole: r.dsts = group_mask(vd, ((d.imm >> 3) & 15) + 1); break;
        case Form::StoreWhole: r.srcs = group_mask(vd, ((d.imm >> 3) & 15) + 1); break;
        case Form::MoveWhole: {
            const unsigned n = ((d.imm >> 3) & 15) + 1;
            r.srcs = group_mask(vs2, n);
            r.dsts = group_mask(vd, n);
            break;
        }
        case Form::Fma:
            r.srcs = g_d | g_2 | g_1;
            r.dsts = g_d;
            break;
        case Form::Move:
            r.srcs = g_1;
            r.dsts = g_d;
            break;
        case Form::Compare:
            r.srcs = g_2 | g_1;
            r.dsts = group_mask(vd, 1);
            break;
        case Form::Reduce:
            r.srcs = g_2 | group_mask(vs1, 1);
            r.dsts = group_mask(vd, 1);
            break;
        case Form::ToScalar:
            r.srcs = group_mask(vs2, 1);
            r.scalar_result = true;
            break;
        case Form::FromScalar: r.dsts = group_mask(vd, 1); break;
        case Form::MaskUnary:
        case Form::MaskLogic:
            r.srcs = group_mask(vs2, 1) | (info.form == Form::MaskLogic ? group_mask(vs1, 1) : 0);
            r.dsts = group_mask(vd, 1);
            break;
        case Form::Iota:
            r.srcs = group_mask(vs2, 1);
            r.dsts = g_d;
            break;
        case Form::Id: r.dsts = g_d; break;
        default:
            r.srcs = g_2 | g_1;
            r.dsts = g_d;
            break;  // Arith, Merge, Gather, slides, Unary
    }
    if (!vm || info.form == Form::Merge) r.srcs |= 1u;  // the mask register v0
    const uint64_t stall = issue_.dispatch(h.cycles(), r);
    if (stall) h.add_stall_cycles(stall);
}

// ---- execution ---------------------------------------------------------------------------------

ExecResult VectorUnit::execute(Hart& h, const DecodedInsn& d) {
    const VOp op = VOp(d.rs3);
    const bool vm = d.imm & 1;
    const Src src = Src((d.imm >> 1) & 3);
    const int32_t value = d.imm >> 8;
    ++stats_.instructions;

    // vset{i}vl{i}: scalar-side instructions (no queue entry).
    if (op == VOp::VSETVLI || op == VOp::VSETIVLI || op == VOp::VSETVL) {
        const uint32_t vtype = op == VOp::VSETVL ? h.x(d.rs2) : uint32_t(value);
        const bool keep = op != VOp::VSETIVLI && d.rs1 == 0 && d.rd == 0;
        const uint32_t avl = op == VOp::VSETIVLI ? d.rs1 : d.rs1 == 0 ? ~0u : h.x(d.rs1);
        set_vtype(vtype, avl, keep);
        vstart_ = 0;
        h.set_x(d.rd, vl_);
        return ExecResult::Next;
    }
    const Form form = kOps[unsigned(op)].form;
    const bool whole = form == Form::LoadWhole || form == Form::StoreWhole || form == Form::MoveWhole;
    if ((vtype_ & kVill) && !whole) return illegal(h, d);
    if (!check_groups(d, op, vm, src)) return illegal(h, d);
    if (form >= Form::Load && form <= Form::StoreWhole) return exec_memory(h, d, op, vm);
    // Arithmetic with vstart != 0 (only after a trap handler changed it): RVV allows an
    // illegal-instruction exception, which the accelerator reports.
    if (vstart_ != 0) return illegal(h, d);
    if (op >= VOp::VFADD) return exec_fp(h, d, op, vm, src);  // vops.def lists the FP ops last

    const unsigned vd = d.rd, vs1 = d.rs1, vs2 = d.rs2;
    uint32_t* D = reg(vd);
    const uint32_t* A = reg(vs2);
    const uint32_t* Bv = reg(vs1);
    const uint32_t scalar = src == kSrcX ? h.x(vs1) : uint32_t(value);
    uint32_t elems = vl_;

// The second operand: vs1[i] for .vv, the x register or the immediate for .vx / .vi.
#define BIN(EXPR)                               \
    if (src == kSrcV) {                         \
        for_active(vm, [&](uint32_t i) {        \
            const uint32_t a = A[i], b = Bv[i]; \
            D[i] = (EXPR);                      \
        });                                     \
    } else {                                    \
        const uint32_t b = scalar;              \
        for_active(vm, [&](uint32_t i) {        \
            const uint32_t a = A[i];            \
            D[i] = (EXPR);                      \
        });                                     \
    }                                           \
    break
#define CMP(COND)                                                                                                      \
    {                                                                                                                  \
        const unsigned nw = (vl_ + 31) / 32;                                                                           \
        uint32_t* T = tmp_.data();                                                                                     \
        std::copy(D, D + nw, T);                                                                                       \
        auto set = [&](uint32_t i, bool c) { T[i >> 5] = (T[i >> 5] & ~(1u << (i & 31))) | uint32_t(c) << (i & 31); }; \
        if (src == kSrcV)                                                                                              \
            for_active(vm, [&](uint32_t i) {                                                                           \
                const uint32_t a = A[i], b = Bv[i];                                                                    \
                set(i, (COND));                                                                                        \
            });                                                                                                        \
        else                                                                                                           \
            for_active(vm, [&](uint32_t i) {                                                                           \
                const uint32_t a = A[i], b = scalar;                                                                   \
                set(i, (COND));                                                                                        \
            });                                                                                                        \
        std::copy(T, T + nw, D);                                                                                       \
        break;                                                                                                         \
    }
#define RED(INIT, STEP)                  \
    {                                    \
        uint32_t acc = Bv[0];            \
        for_active(vm, [&](uint32_t i) { \
            const uint32_t a = A[i];     \
            acc = (STEP);                \
        });                              \
        if (vl_ > 0) D[0] = acc;         \
        (void)(INIT);                    \
        break;                           \
    }

    switch (op) {
        case VOp::VADD: BIN(a + b);
        case VOp::VSUB: BIN(a - b);
        case VOp::VRSUB: BIN(b - a);
        case VOp::VMINU: BIN(a < b ? a : b);
        case VOp::VMIN: BIN(int32_t(a) < int32_t(b) ? a : b);
        case VOp::VMAXU: BIN(a > b ? a : b);
        case VOp::VMAX: BIN(int32_t(a) > int32_t(b) ? a : b);
        case VOp::VAND: BIN(a & b);
        case VOp::VOR: BIN(a | b);
        case VOp::VXOR: BIN(a ^ b);
        case VOp::VSLL: BIN(a << (b & 31));
        case VOp::VSRL: BIN(a >> (b & 31));
        case VOp::VSRA: BIN(uint32_t(int32_t(a) >> (b & 31)));
        case VOp::VMUL: BIN(a * b);
        case VOp::VMULH: BIN(mulh(int32_t(a), int32_t(b)));
        case VOp::VMULHU: BIN(mulhu(a, b));
        case VOp::VMULHSU: BIN(mulhsu(int32_t(a), b));
        case VOp::VDIVU: BIN(b == 0 ? ~0u : a / b);
        case VOp::VDIV: BIN(divs(a, b));
        case VOp::VREMU: BIN(b == 0 ? a : a % b);
        case VOp::VREM: BIN(rems(a, b));
        case VOp::VMACC: BIN(b * a + D[i]);
        case VOp::VNMSAC: BIN(D[i] - b * a);
        case VOp::VMADD: BIN(b * D[i] + a);
        case VOp::VNMSUB: BIN(a - b * D[i]);
        case VOp::VMSEQ: CMP(a == b)
        case VOp::VMSNE: CMP(a != b)
        case VOp::VMSLTU: CMP(a < b)
        case VOp::VMSLT: CMP(int32_t(a) < int32_t(b))
        case VOp::VMSLEU: CMP(a <= b)
        case VOp::VMSLE: CMP(int32_t(a) <= int32_t(b))
        case VOp::VMSGTU: CMP(a > b)
        case VOp::VMSGT: CMP(int32_t(a) > int32_t(b))
        case VOp::VMERGE: {  // vd[i] = v0.mask[i] ? second operand : vs2[i], for every body element
            const uint32_t* m = vregs_.data();
            for (uint32_t i = 0; i < vl_; ++i)
                D[i] = ((m[i >> 5] >> (i & 31)) & 1) ? (src == kSrcV ? Bv[i] : scalar) : A[i];
            break;
        }
        case VOp::VMV_V:
            if (src == kSrcV) {
                if (D != Bv) std::memmove(D, Bv, size_t(vl_) * 4);
            } else {
                std::fill(D, D + vl_, scalar);
            }
            break;
        case VOp::VMVR: {
            const unsigned n = ((d.imm >> 3) & 15) + 1;
            if (vd != vs2) std::memmove(D, A, size_t(n) * words_ * 4);
            elems = n * words_;
            break;
        }
        case VOp::VRGATHER: {
            const uint32_t max = lmul_ * words_;
            if (src == kSrcV) {
                for_active(vm, [&](uint32_t i) { D[i] = Bv[i] >= max ? 0 : A[Bv[i]]; });
            } else {
                const uint32_t idx = src == kSrcI ? uint32_t(value) & 31 : scalar;
                const uint32_t v = idx >= max ? 0 : A[idx];
                for_active(vm, [&](uint32_t i) { D[i] = v; });
            }
            break;
        }
        case VOp::VSLIDEUP: {
            const uint32_t off = src == kSrcI ? uint32_t(value) & 31 : scalar;
            for_active(vm, [&](uint32_t i) {
                if (i >= off) D[i] = A[i - off];
            });
            break;
        }
        case VOp::VSLIDEDOWN: {  // in place is fine: element i reads i + off >= i, not yet written
            const uint64_t off = src == kSrcI ? uint32_t(value) & 31 : scalar;
            const uint64_t max = lmul_ * words_;
            for_active(vm, [&](uint32_t i) { D[i] = i + off < max ? A[i + off] : 0; });
            break;
        }
        case VOp::VSLIDE1UP: for_active(vm, [&](uint32_t i) { D[i] = i == 0 ? scalar : A[i - 1]; }); break;
        case VOp::VSLIDE1DOWN: for_active(vm, [&](uint32_t i) { D[i] = i + 1 < vl_ ? A[i + 1] : scalar; }); break;
        case VOp::VREDSUM: RED(0, acc + a)
        case VOp::VREDAND: RED(0, acc & a)
        case VOp::VREDOR: RED(0, acc | a)
        case VOp::VREDXOR: RED(0, acc ^ a)
        case VOp::VREDMINU: RED(0, a < acc ? a : acc)
        case VOp::VREDMIN: RED(0, int32_t(a) < int32_t(acc) ? a : acc)
        case VOp::VREDMAXU: RED(0, a > acc ? a : acc)
        case VOp::VREDMAX: RED(0, int32_t(a) > int32_t(acc) ? a : acc)
        case VOp::VMV_X_S:
            h.set_x(vd, A[0]);  // ignores vl (RVV: also with vl = 0)
            elems = 1;
            break;
        case VOp::VMV_S_X:
            if (vl_ > 0) D[0] = scalar;
            elems = 1;
            break;
        case VOp::VCPOP: {
            uint32_t n = 0;
            for_active(vm, [&](uint32_t i) { n += (A[i >> 5] >> (i & 31)) & 1; });
            h.set_x(vd, n);
            break;
        }
        case VOp::VFIRST: {
            int32_t first = -1;
            for_active(vm, [&](uint32_t i) {
                if (first < 0 && ((A[i >> 5] >> (i & 31)) & 1)) first = int32_t(i);
            });
            h.set_x(vd, uint32_t(first));
            break;
        }
        case VOp::VMSBF:
        case VOp::VMSIF:
        case VOp::VMSOF: {
            bool seen = false;
            for_active(vm, [&](uint32_t i) {
                const bool bit = (A[i >> 5] >> (i & 31)) & 1;
                bool out;
                if (op == VOp::VMSBF)
                    out = !seen && !bit;
                else if (op == VOp::VMSIF)
                    out = !seen;
                else
                    out = !seen && bit;
                seen = seen || bit;
                D[i >> 5] = (D[i >> 5] & ~(1u << (i & 31))) | uint32_t(out) << (i & 31);
            });
            break;
        }
        case VOp::VIOTA: {
            uint32_t n = 0;  // vd never overlaps vs2 (check_groups)
            for_active(vm, [&](uint32_t i) {
                D[i] = n;
                n += (A[i >> 5] >> (i & 31)) & 1;
            });
            break;
        }
        case VOp::VID: for_active(vm, [&](uint32_t i) { D[i] = i; }); break;
        case VOp::VMANDN:
        case VOp::VMAND:
        case VOp::VMOR:
        case VOp::VMXOR:
        case VOp::VMORN:
        case VOp::VMNAND:
        case VOp::VMNOR:
        case VOp::VMXNOR: {
            const unsigned nw = (vl_ + 31) / 32;
            for (unsigned w = 0; w < nw; ++w) {
                const uint32_t a = A[w], b = Bv[w];
                uint32_t r;
                switch (op) {
                    case VOp::VMANDN: r = a & ~b; break;
                    case VOp::VMAND: r = a & b; break;
                    case VOp::VMOR: r = a | b; break;
                    case VOp::VMXOR: r = a ^ b; break;
                    case VOp::VMORN: r = a | ~b; break;
                    case VOp::VMNAND: r = ~(a & b); break;
                    case VOp::VMNOR: r = ~(a | b); break;
                    default: r = ~(a ^ b); break;
                }
                const unsigned bits = std::min(32u, vl_ - 32 * w);
                const uint32_t keep = bits == 32 ? 0 : ~0u << bits;  // tail bits undisturbed
                D[w] = (D[w] & keep) | (r & ~keep);
            }
            break;
        }
        default: return illegal(h, d);
    }
#undef BIN
#undef CMP
#undef RED
    stats_.element_ops += elems;
    time(h, d, op, vm, src, elems);
    return ExecResult::Next;
}

// Floating point: round to nearest even runs on the host FPU (its sticky exception flags stand in
// for fflags, as in the scalar core); other rounding modes and the RISC-V-specific operations use
// the core's software FP (models/cpu/iss/fpu.h).
ExecResult VectorUnit::exec_fp(Hart& h, const DecodedInsn& d, VOp op, bool vm, Src src) {
    if (!h.fp_enabled()) return illegal(h, d);
    const unsigned rm = h.frm();
    if (rm > fpu::kRMM) return illegal(h, d);  // reserved dynamic rounding mode
    const bool rne = rm == fpu::kRNE;
    const unsigned vd = d.rd, vs1 = d.rs1, vs2 = d.rs2;
    uint32_t* D = reg(vd);
    const uint32_t* A = reg(vs2);
    const uint32_t* Bv = reg(vs1);
    const uint32_t fs = src == kSrcF ? h.f(vs1) : 0;
    uint32_t flags = 0;
    uint32_t elems = vl_, flops = vl_;

// Binary FP op: vd[i] = op(vs2[i], vs1[i] or f[rs1]). FAST on host floats x, y; SLOW on bits a, b.
#define FBIN(FAST, SLOW)                               \
    if (src == kSrcV) {                                \
        if (rne)                                       \
            for_active(vm, [&](uint32_t i) {           \
                const float x = F(A[i]), y = F(Bv[i]); \
                D[i] = fpu::canon(FAST);               \
            });                                        \
        else                                           \
            for_active(vm, [&](uint32_t i) {           \
                const uint32_t a = A[i], b = Bv[i];    \
                D[i] = (SLOW);                         \
            });                                        \
    } else {                                           \
        const float y = F(fs);                         \
        const uint32_t b = fs;                         \
        if (rne)                                       \
            for_active(vm, [&](uint32_t i) {           \
                const float x = F(A[i]);               \
                D[i] = fpu::canon(FAST);               \
            });                                        \
        else                                           \
            for_active(vm, [&](uint32_t i) {           \
                const uint32_t a = A[i];               \
                D[i] = (SLOW);                         \
            });                                        \
        (void)y;                                       \
        (void)b;                                       \
    }                                                  \
    break
// Exact (rounding-independent) op on bits a, b.
#define FBITS(EXPR)                             \
    if (src == kSrcV)                           \
        for_active(vm, [&](uint32_t i) {        \
            const uint32_t a = A[i], b = Bv[i]; \
            D[i] = (EXPR);                      \
        });                                     \
    else                                        \
        for_active(vm, [&](uint32_t i) {        \
            const uint32_t a = A[i], b = fs;    \
            D[i] = (EXPR);                      \
        });                                     \
    break
// Fused multiply-add: vd[i] = (neg_prod ? -(p*q) : p*q) + (neg_add ? -c : c) with p = vs1/f,
// q and c from vs2 / vd depending on the form (vfmacc: q = vs2, c = vd; vfmadd: q = vd, c = vs2).
#define FFMA(Q, C, NEG_PROD, NEG_ADD)                                                                          \
    {                                                                                                          \
        auto one = [&](uint32_t p, uint32_t q, uint32_t c) -> uint32_t {                                       \
            if (rne) {                                                                                         \
                const float r = std::fma((NEG_PROD) ? -F(p) : F(p), F(q), (NEG_ADD) ? -F(c) : F(c));           \
                const uint32_t rb = fpu::canon(r);                                                             \
                if (rb == fpu::kCanonicalNaN && fpu::fma_inf_times_zero(p, q)) std::feraiseexcept(FE_INVALID); \
                return rb;                                                                                     \
            }                                                                                                  \
            return fpu::fma(p, q, c, NEG_PROD, NEG_ADD, rm, flags);                                            \
        };                                                                                                     \
        if (src == kSrcV)                                                                                      \
            for_active(vm, [&](uint32_t i) { D[i] = one(Bv[i], Q, C); });                                      \
        else                                                                                                   \
            for_active(vm, [&](uint32_t i) { D[i] = one(fs, Q, C); });                                         \
        flops = 2 * vl_;                                                                                       \
        break;                                                                                                 \
    }
#define FCMP(COND)                                                                 \
    {                                                                              \
        const unsigned nw = (vl_ + 31) / 32;                                       \
        uint32_t* T = tmp_.data();                                                 \
        std::copy(D, D + nw, T);                                                   \
        for_active(vm, [&](uint32_t i) {                                           \
            const uint32_t a = A[i], b = src == kSrcV ? Bv[i] : fs;                \
            const bool c = (COND);                                                 \
            T[i >> 5] = (T[i >> 5] & ~(1u << (i & 31))) | uint32_t(c) << (i & 31); \
        });                                                                        \
        std::copy(T, T + nw, D);                                                   \
        break;                                                                     \
    }
#define FUNARY(FAST, SLOW)               \
    if (rne)                             \
        for_active(vm, [&](uint32_t i) { \
            const uint32_t a = A[i];     \
            D[i] = (FAST);               \
        });                              \
    else                                 \
        for_active(vm, [&](uint32_t i) { \
            const uint32_t a = A[i];     \
            D[i] = (SLOW);               \
        });                              \
    break

    switch (op) {
        case VOp::VFADD: FBIN(x + y, fpu::add(a, b, rm, flags));
        case VOp::VFSUB: FBIN(x - y, fpu::sub(a, b, rm, flags));
        case VOp::VFRSUB: FBIN(y - x, fpu::sub(b, a, rm, flags));
        case VOp::VFMUL: FBIN(x * y, fpu::mul(a, b, rm, flags));
        case VOp::VFDIV: FBIN(x / y, fpu::div(a, b, rm, flags));
        case VOp::VFRDIV: FBIN(y / x, fpu::div(b, a, rm, flags));
        case VOp::VFMIN: FBITS(fpu::min(a, b, flags));
        case VOp::VFMAX: FBITS(fpu::max(a, b, flags));
        case VOp::VFSGNJ: FBITS((a & 0x7fffffffu) | (b & 0x80000000u));
        case VOp::VFSGNJN: FBITS((a & 0x7fffffffu) | (~b & 0x80000000u));
        case VOp::VFSGNJX: FBITS(a ^ (b & 0x80000000u));
        case VOp::VFMACC: FFMA(A[i], D[i], false, false)
        case VOp::VFNMACC: FFMA(A[i], D[i], true, true)
        case VOp::VFMSAC: FFMA(A[i], D[i], false, true)
        case VOp::VFNMSAC: FFMA(A[i], D[i], true, false)
        case VOp::VFMADD: FFMA(D[i], A[i], false, false)
        case VOp::VFNMADD: FFMA(D[i], A[i], true, true)
        case VOp::VFMSUB: FFMA(D[i], A[i], false, true)
        case VOp::VFNMSUB: FFMA(D[i], A[i], true, false)
        case VOp::VFSQRT: FUNARY(fpu::canon(std::sqrt(F(a))), fpu::sqrt(a, rm, flags));
        case VOp::VFCLASS: for_active(vm, [&](uint32_t i) { D[i] = fpu::fclass(A[i]); }); break;
        case VOp::VFCVT_XU_F: FUNARY(fpu::cvt_wu_s(a, rm, flags), fpu::cvt_wu_s(a, rm, flags));
        case VOp::VFCVT_X_F: FUNARY(fpu::cvt_w_s(a, rm, flags), fpu::cvt_w_s(a, rm, flags));
        case VOp::VFCVT_RTZ_XU_F:
            for_active(vm, [&](uint32_t i) { D[i] = fpu::cvt_wu_s(A[i], fpu::kRTZ, flags); });
            break;
        case VOp::VFCVT_RTZ_X_F:
            for_active(vm, [&](uint32_t i) { D[i] = fpu::cvt_w_s(A[i], fpu::kRTZ, flags); });
            break;
        case VOp::VFCVT_F_XU: FUNARY(B(float(a)), fpu::cvt_s_wu(a, rm, flags));
        case VOp::VFCVT_F_X: FUNARY(B(float(int32_t(a))), fpu::cvt_s_w(int32_t(a), rm, flags));
        case VOp::VFMERGE: {
            const uint32_t* m = vregs_.data();
            for (uint32_t i = 0; i < vl_; ++i) D[i] = ((m[i >> 5] >> (i & 31)) & 1) ? fs : A[i];
            flops = 0;
            break;
        }
        case VOp::VFMV_V_F:
            std::fill(D, D + vl_, fs);
            flops = 0;
            break;
        case VOp::VFSLIDE1UP:
            for_active(vm, [&](uint32_t i) { D[i] = i == 0 ? fs : A[i - 1]; });
            flops = 0;
            break;
        case VOp::VFSLIDE1DOWN:
            for_active(vm, [&](uint32_t i) { D[i] = i + 1 < vl_ ? A[i + 1] : fs; });
            flops = 0;
            break;
        case VOp::VMFEQ: FCMP(fpu::feq(a, b, flags) != 0)
        case VOp::VMFNE: FCMP(fpu::feq(a, b, flags) == 0)
        case VOp::VMFLT: FCMP(fpu::flt(a, b, flags) != 0)
        case VOp::VMFLE: FCMP(fpu::fle(a, b, flags) != 0)
        case VOp::VMFGT: FCMP(fpu::flt(b, a, flags) != 0)
        case VOp::VMFGE: FCMP(fpu::fle(b, a, flags) != 0)
        case VOp::VFMV_F_S:
            h.set_f(vd, A[0]);
            h.set_fs_dirty();
            elems = 1;
            flops = 0;
            break;
        case VOp::VFMV_S_F:
            if (vl_ > 0) D[0] = fs;
            elems = 1;
            flops = 0;
            break;
        case VOp::VFREDUSUM:  // executed in element order, like vfredosum (a legal unordered order)
        case VOp::VFREDOSUM: {
            uint32_t acc = Bv[0];
            if (rne) {
                float s = F(acc);
                bool any = false;
                for_active(vm, [&](uint32_t i) {
                    s = s + F(A[i]);
                    any = true;
                });
                if (any) acc = fpu::canon(s);
            } else {
                for_active(vm, [&](uint32_t i) { acc = fpu::add(acc, A[i], rm, flags); });
            }
            if (vl_ > 0) D[0] = acc;
            break;
        }
        case VOp::VFREDMIN:
        case VOp::VFREDMAX: {
            uint32_t acc = Bv[0];
            for_active(vm, [&](uint32_t i) {
                acc = op == VOp::VFREDMIN ? fpu::min(acc, A[i], flags) : fpu::max(acc, A[i], flags);
            });
            if (vl_ > 0) D[0] = acc;
            break;
        }
        default: return illegal(h, d);
    }
#undef FBIN
#undef FBITS
#undef FFMA
#undef FCMP
#undef FUNARY
    add_fflags(h, flags);
    h.set_fs_dirty();
    stats_.element_ops += elems;
    stats_.flops += flops;
    time(h, d, op, vm, src, elems);
    return ExecResult::Next;
}

// Loads and stores: only the data LM (dlm_) is reachable. Elements are accessed in order; the
// first one that faults stops the instruction with vstart = its index (the elements before it are
// done, as RVV requires for a precise trap).
ExecResult VectorUnit::exec_memory(Hart& h, const DecodedInsn& d, VOp op, bool vm) {
    const unsigned vd = d.rd;
    const uint32_t base = h.x(d.rs1);
    uint32_t* D = reg(vd);
    const Form form = kOps[unsigned(op)].form;
    const bool store =
        form == Form::Store || form == Form::StoreIdx || form == Form::StoreMask || form == Form::StoreWhole;
    const uint32_t fault = store ? iss::kStoreAccessFault : iss::kLoadAccessFault;
    const uint32_t misaligned = store ? iss::kStoreMisaligned : iss::kLoadMisaligned;
    uint32_t elems = vl_;

    if (form == Form::LoadMask || form == Form::StoreMask || form == Form::LoadWhole || form == Form::StoreWhole) {
        // Byte-granular transfers of mask bytes (ceil(vl / 8)) or whole registers.
        const uint32_t bytes = (form == Form::LoadMask || form == Form::StoreMask)
                                   ? (vl_ + 7) / 8
                                   : (((d.imm >> 3) & 15) + 1) * (vlen_ / 8);
        uint8_t* regs = reinterpret_cast<uint8_t*>(D);
        const uint32_t from = (form == Form::LoadWhole || form == Form::StoreWhole) ? std::min(vstart_ * 4, bytes)
                                                                                    : std::min(vstart_, bytes);
        for (uint32_t k = from; k < bytes; ++k) {
            const uint32_t a = base + k;
            const uint32_t w = window_of(a, 1);
            if (!w) {
                vstart_ = (form == Form::LoadWhole || form == Form::StoreWhole) ? k / 4 : k;
                h.raise_exception(fault, a);
                return ExecResult::Trapped;
            }
            if (store)
                dlm_.host[w - 1] = regs[k];
            else
                regs[k] = dlm_.host[w - 1];
        }
        elems = (form == Form::LoadWhole || form == Form::StoreWhole) ? bytes / 4 : vl_;
        stats_.mem_bytes += bytes - from;
    } else {
        const bool indexed = form == Form::LoadIdx || form == Form::StoreIdx;
        const bool strided = op == VOp::VLSE || op == VOp::VSSE;
        const uint32_t stride = strided ? h.x(d.rs2) : 4;
        const uint32_t* idx = reg(d.rs2);
        const uint32_t start = vstart_;
        // Fast path: unit stride, unmasked, the whole range inside the DLM.
        if (!indexed && !strided && vm && (base & 3) == 0 && vl_ > start) {
            const uint32_t first = base + 4 * start;
            const uint64_t len = uint64_t(vl_ - start) * 4;
            const uint32_t off = first - dlm_.base;
            if (first >= dlm_.base && off <= dlm_.size && dlm_.size - off >= len && first + len - 1 >= first) {
                if (store)
                    std::memcpy(dlm_.host + off, D + start, len);
                else
                    std::memcpy(D + start, dlm_.host + off, len);
                vstart_ = 0;
                stats_.mem_bytes += len;
                stats_.element_ops += elems;
                time(h, d, op, vm, kSrcV, elems);
                return ExecResult::Next;
            }
        }
        uint32_t moved = 0;
        for (uint32_t i = start; i < vl_; ++i) {
            if (!vm && !mask_bit(i)) continue;
            const uint32_t a = indexed ? base + idx[i] : base + i * stride;
            if (a & 3) {
                vstart_ = i;
                h.raise_exception(misaligned, a);
                return ExecResult::Trapped;
            }
            const uint32_t w = window_of(a, 4);
            if (!w) {
                if (op == VOp::VLEFF && i > 0) {  // fault-only-first: later faults shorten vl
                    vl_ = i;
                    break;
                }
                vstart_ = i;
                h.raise_exception(fault, a);
                return ExecResult::Trapped;
            }
            if (store)
                store32(dlm_.host + (w - 1), D[i]);
            else
                D[i] = load32(dlm_.host + (w - 1));
            ++moved;
        }
        elems = vl_;
        stats_.mem_bytes += uint64_t(moved) * 4;
    }
    vstart_ = 0;
    stats_.element_ops += elems;
    time(h, d, op, vm, kSrcV, elems);
    return ExecResult::Next;
}

// ---- CSRs ---------------------------------------------------------------------------------------

bool VectorUnit::csr_read(Hart&, uint16_t csr, uint32_t& value) {
    switch (csr) {
        case kCsrVstart: value = vstart_; return true;
        case kCsrVxsat: value = vxsat_; return true;
        case kCsrVxrm: value = vxrm_; return true;
        case kCsrVcsr: value = vxrm_ << 1 | vxsat_; return true;
        case kCsrVl: value = vl_; return true;
        case kCsrVtype: value = vtype_; return true;
        case kCsrVlenb: value = vlen_ / 8; return true;
        default: return false;
    }
}

bool VectorUnit::csr_write(Hart&, uint16_t csr, uint32_t value) {
    switch (csr) {
        case kCsrVstart: vstart_ = value & (vlen_ - 1); return true;  // WARL: enough bits for any element index
        case kCsrVxsat: vxsat_ = value & 1; return true;
        case kCsrVxrm: vxrm_ = value & 3; return true;
        case kCsrVcsr:
            vxsat_ = value & 1;
            vxrm_ = (value >> 1) & 3;
            return true;
        default: return false;  // vl, vtype, vlenb are read-only (the core refuses writes to them)
    }
}

// ---- disassembly --------------------------------------------------------------------------------

std::string VectorUnit::disasm(const DecodedInsn& d, uint32_t) const {
    const VOp op = VOp(d.rs3);
    const Form form = kOps[unsigned(op)].form;
    const bool vm = d.imm & 1;
    const Src src = Src((d.imm >> 1) & 3);
    const int32_t value = d.imm >> 8;
    char buf[96];
    const char* m = mnemonic(op);
    const char* mask = vm ? "" : ", v0.t";
    switch (form) {
        case Form::Cfg:
            if (op == VOp::VSETVL)
                std::snprintf(buf, sizeof buf, "%s x%u, x%u, x%u", m, d.rd, d.rs1, d.rs2);
            else
                std::snprintf(buf, sizeof buf, "%s x%u, %s%u, 0x%x", m, d.rd, op == VOp::VSETIVLI ? "" : "x", d.rs1,
                              unsigned(value));
            break;
        case Form::Load:
        case Form::Store:
        case Form::LoadMask:
        case Form::StoreMask:
        case Form::LoadWhole:
        case Form::StoreWhole:
            if (op == VOp::VLSE || op == VOp::VSSE)
                std::snprintf(buf, sizeof buf, "%s v%u, (x%u), x%u%s", m, d.rd, d.rs1, d.rs2, mask);
            else
                std::snprintf(buf, sizeof buf, "%s v%u, (x%u)%s", m, d.rd, d.rs1, mask);
            break;
        case Form::LoadIdx:
        case Form::StoreIdx: std::snprintf(buf, sizeof buf, "%s v%u, (x%u), v%u%s", m, d.rd, d.rs1, d.rs2, mask); break;
        case Form::ToScalar:
            std::snprintf(buf, sizeof buf, "%s %s%u, v%u%s", m, op == VOp::VFMV_F_S ? "f" : "x", d.rd, d.rs2, mask);
            break;
        case Form::FromScalar:
            std::snprintf(buf, sizeof buf, "%s v%u, %s%u", m, d.rd, op == VOp::VFMV_S_F ? "f" : "x", d.rs1);
            break;
        case Form::Id: std::snprintf(buf, sizeof buf, "%s v%u%s", m, d.rd, mask); break;
        case Form::MaskUnary:
        case Form::Iota:
        case Form::Unary:
        case Form::MoveWhole: std::snprintf(buf, sizeof buf, "%s v%u, v%u%s", m, d.rd, d.rs2, mask); break;
        case Form::Reduce:
        case Form::MaskLogic: std::snprintf(buf, sizeof buf, "%s v%u, v%u, v%u%s", m, d.rd, d.rs2, d.rs1, mask); break;
        default: {
            static const char* const kSuffix[4] = {".vv", ".vx", ".vi", ".vf"};
            static const char* const kMoveSuffix[4] = {".v", ".x", ".i", ".f"};
            const bool merge = form == Form::Merge && op != VOp::VFMERGE;
            char second[16];
            if (src == kSrcV)
                std::snprintf(second, sizeof second, "v%u", d.rs1);
            else if (src == kSrcX)
                std::snprintf(second, sizeof second, "x%u", d.rs1);
            else if (src == kSrcF)
                std::snprintf(second, sizeof second, "f%u", d.rs1);
            else
                std::snprintf(second, sizeof second, "%d", value);
            const bool has_suffix = std::strchr(m, '.') == nullptr;
            if (form == Form::Move)
                std::snprintf(buf, sizeof buf, "%s%s v%u, %s", m, op == VOp::VMV_V ? kMoveSuffix[src] : "", d.rd,
                              second);
            else
                std::snprintf(buf, sizeof buf, "%s%s%s v%u, v%u, %s%s", m, has_suffix ? kSuffix[src] : "",
                              merge ? "m" : "", d.rd, d.rs2, second, merge ? ", v0" : mask);
            break;
        }
    }
    return buf;
}

}  // namespace vp::vec
