#include "models/lapp/mapper.h"

#include <algorithm>
#include <cstdio>
#include <map>

#include "models/lapp/fu.h"
#include "vp/isa/lapp.h"

namespace vp::lapp {

using iss::Op;

const char* reject_name(Reject r) {
    switch (r) {
        case Reject::None: return "none";
        case Reject::NoLoop: return "no_loop";
        case Reject::Body: return "body";
        case Reject::FpOff: return "fp_off";
        case Reject::RoundingMode: return "rounding_mode";
        case Reject::ExitCondition: return "exit_condition";
        case Reject::TripCount: return "trip_count";
        case Reject::AddressNotAffine: return "address_not_affine";
        case Reject::TooManyLoads: return "too_many_loads";
        case Reject::SetloMissing: return "setlo_missing";
        case Reject::SetloMismatch: return "setlo_mismatch";
        case Reject::NoStream: return "no_stream";
        case Reject::StreamStride: return "stream_stride";
        case Reject::Window: return "window";
        case Reject::StreamCount: return "stream_count";
        case Reject::StoreBuffer: return "store_buffer";
        case Reject::StoreStream: return "store_stream";
        case Reject::Alias: return "alias";
        case Reject::Recurrence: return "recurrence";
        case Reject::Stages: return "stages";
        case Reject::Runtime: return "runtime_window_violation";
        case Reject::Count: break;
    }
    return "?";
}

unsigned l0_info_bits(unsigned stages) { return stages * (1 + 2); }  // log2(4 ways) = 2

namespace {

// value(n) = base + slope * n (mod 2^32)
struct Affine {
    bool known = false;
    uint32_t base = 0, slope = 0;
    uint32_t at(uint64_t n) const { return base + slope * uint32_t(n); }
};
Affine constant(uint32_t v) { return Affine{true, v, 0}; }

// value = phi(reg) + c, or a constant c: enough to recognise induction variables.
struct Rel {
    enum Kind : uint8_t { Unknown, Const, PhiPlus } kind = Unknown;
    uint8_t reg = 0;
    uint32_t c = 0;
};

bool uses_rounding_mode(Op op) {
    switch (op) {
        case Op::FMADD_S:
        case Op::FMSUB_S:
        case Op::FNMSUB_S:
        case Op::FNMADD_S:
        case Op::FADD_S:
        case Op::FSUB_S:
        case Op::FMUL_S:
        case Op::FCVT_W_S:
        case Op::FCVT_WU_S:
        case Op::FCVT_S_W:
        case Op::FCVT_S_WU: return true;
        default: return false;
    }
}

std::string hex(uint32_t v) {
    char b[16];
    std::snprintf(b, sizeof b, "0x%08x", v);
    return b;
}

std::string at_pc(const BodyInsn& b) { return " (" + std::string(iss::op_mnemonic(b.d.op)) + " at " + hex(b.pc) + ")"; }

int64_t floor_div(int64_t a, int64_t b) {  // b > 0
    return a >= 0 ? a / b : -((-a + b - 1) / b);
}

class Mapper {
public:
    explicit Mapper(const MapInput& in) : in_(in), cfg_(*in.cfg) {
        m_.body = *in.body;
        for (int w = 0; w < 4; ++w) m_.ways[w] = in.ways[w];
    }

    Mapping run() {
        if (!check_fp() || !build_graph() || !affine() || !trip_count() || !addresses() || !stores() || !loads() ||
            !windows() || !alias() || !schedule())
            return std::move(m_);
        m_.ok = true;
        m_.reason = Reject::None;
        return std::move(m_);
    }

private:
    bool fail(Reject r, std::string detail) {
        m_.ok = false;
        m_.reason = r;
        m_.detail = std::move(detail);
        return false;
    }

    // ---- 0: FP state (normal mode must raise what the ISS raises) ----
    bool check_fp() {
        for (const BodyInsn& b : m_.body) {
            if (!b.fp) continue;
            if (!in_.state.fs_on) return fail(Reject::FpOff, "FP instruction with mstatus.FS = Off" + at_pc(b));
            if (uses_rounding_mode(b.d.op)) {
                const unsigned rm = b.d.imm == 7 ? in_.state.frm : unsigned(b.d.imm);
                if (rm > 4) return fail(Reject::RoundingMode, "invalid rounding mode" + at_pc(b));
            }
        }
        return true;
    }

    // ---- 1: dataflow graph in SSA form ----
    int32_t new_value(Value v) {
        m_.values.push_back(v);
        return int32_t(m_.values.size() - 1);
    }
    int32_t read_reg(uint8_t r) {
        if (cur_[r] >= 0) return cur_[r];
        Value v;
        v.reg = r;
        v.init = r == 0 ? 0 : is_fp_reg(r) ? in_.state.f[r - iss::kFpRegBase] : in_.state.x[r];
        v.kind = written_[r] ? Value::Phi : Value::Invariant;
        cur_[r] = new_value(v);
        return cur_[r];
    }

    bool build_graph() {
        std::fill(std::begin(cur_), std::end(cur_), -1);
        std::fill(std::begin(written_), std::end(written_), false);
        for (const BodyInsn& b : m_.body)
            if (b.dst != kNoReg) written_[b.dst] = true;
        unsigned loads = 0;
        for (unsigned i = 0; i < m_.body.size(); ++i) {
            const BodyInsn& b = m_.body[i];
            MappedOp op;
            op.insn = i;
            op.latency = b.latency;
            for (int s = 0; s < 3; ++s)
                if (b.src[s] != kNoReg) op.src[s] = read_reg(b.src[s]);
            if (b.fp && uses_rounding_mode(b.d.op)) op.rm = b.d.imm == 7 ? in_.state.frm : unsigned(b.d.imm);
            if (b.load) op.load_index = int32_t(loads++);
            m_.ops.push_back(op);
            if (b.dst != kNoReg) {
                Value v;
                v.kind = Value::Result;
                v.def = int32_t(i);
                m_.ops.back().dst = cur_[b.dst] = new_value(v);
            }
            ++m_.unit_ops[unsigned(b.unit)];
            m_.loads += b.load;
            m_.stores += b.store;
            m_.dirties_fs |= b.dirties_fs;
        }
        // A loop-carried value is its register's last definition in the previous iteration.
        for (Value& v : m_.values)
            if (v.kind == Value::Phi) v.def = cur_[v.reg];
        for (unsigned r = 0; r < kRegSlots; ++r)
            if (written_[r]) m_.live_out.push_back({uint8_t(r), cur_[r]});
        if (m_.loads > LAPP_SETLO_MAX_LOADS && cfg_.local_buffer == LocalBufferKind::Optimized)
            return fail(Reject::TooManyLoads,
                        std::to_string(m_.loads) + " loads; SETLO names " + std::to_string(LAPP_SETLO_MAX_LOADS));
        return true;
    }

    // ---- 2: affine analysis ----
    // Integer result of an ALU/multiplier instruction with constant operands.
    static bool foldable(const BodyInsn& b) { return !b.fp && !b.load && !b.store && !b.branch; }

    Rel rel_of(int32_t v) const { return rel_[size_t(v)]; }

    bool affine() {
        const size_t nv = m_.values.size();
        rel_.assign(nv, Rel{});
        aff_.assign(nv, Affine{});
        // Pass 1: which registers are induction variables (r = r + invariant each iteration).
        for (size_t v = 0; v < nv; ++v) {
            const Value& val = m_.values[v];
            if (val.kind == Value::Invariant) rel_[v] = Rel{Rel::Const, 0, val.init};
            if (val.kind == Value::Phi) rel_[v] = Rel{Rel::PhiPlus, val.reg, 0};
        }
        for (const MappedOp& op : m_.ops) {
            if (op.dst < 0) continue;
            const BodyInsn& b = m_.body[op.insn];
            Rel r;
            const Rel a = op.src[0] >= 0 ? rel_of(op.src[0]) : Rel{Rel::Const, 0, 0};
            const Rel c = op.src[1] >= 0 ? rel_of(op.src[1]) : Rel{Rel::Const, 0, 0};
            switch (b.d.op) {
                case Op::ADDI:
                    if (a.kind != Rel::Unknown) r = Rel{a.kind, a.reg, a.c + uint32_t(b.d.imm)};
                    break;
                case Op::ADD:
                    if (a.kind == Rel::Const && c.kind != Rel::Unknown) r = Rel{c.kind, c.reg, a.c + c.c};
                    if (c.kind == Rel::Const && a.kind == Rel::PhiPlus) r = Rel{a.kind, a.reg, a.c + c.c};
                    break;
                case Op::SUB:
                    if (c.kind == Rel::Const && a.kind != Rel::Unknown) r = Rel{a.kind, a.reg, a.c - c.c};
                    break;
                default:
                    if (foldable(b) && a.kind == Rel::Const && c.kind == Rel::Const) {
                        uint32_t fl = 0;
                        r = Rel{Rel::Const, 0, fu_compute(b.d, 0, b.pc, a.c, c.c, 0, fl)};
                    }
                    break;
            }
            rel_[size_t(op.dst)] = r;
        }
        // Pass 2: affine forms, with the induction variables' steps known.
        for (size_t v = 0; v < nv; ++v) {
            const Value& val = m_.values[v];
            if (val.kind == Value::Invariant) aff_[v] = constant(val.init);
            if (val.kind == Value::Phi) {
                const Rel last = rel_of(val.def);
                if (last.kind == Rel::PhiPlus && last.reg == val.reg) aff_[v] = Affine{true, val.init, last.c};
            }
        }
        for (const MappedOp& op : m_.ops) {
            if (op.dst < 0) continue;
            const BodyInsn& b = m_.body[op.insn];
            const Affine a = op.src[0] >= 0 ? aff_[size_t(op.src[0])] : constant(0);
            const Affine c = op.src[1] >= 0 ? aff_[size_t(op.src[1])] : constant(0);
            Affine r;
            const bool both = a.known && c.known;
            switch (b.d.op) {
                case Op::LUI:
                case Op::AUIPC: {
                    uint32_t fl = 0;
                    r = constant(fu_compute(b.d, 0, b.pc, 0, 0, 0, fl));
                    break;
                }
                case Op::ADDI:
                    if (a.known) r = Affine{true, a.base + uint32_t(b.d.imm), a.slope};
                    break;
                case Op::ADD:
                    if (both) r = Affine{true, a.base + c.base, a.slope + c.slope};
                    break;
                case Op::SUB:
                    if (both) r = Affine{true, a.base - c.base, a.slope - c.slope};
                    break;
                case Op::SLLI:
                    if (a.known) r = Affine{true, a.base << b.d.imm, a.slope << b.d.imm};
                    break;
                case Op::MUL:
                    if (both && c.slope == 0) r = Affine{true, a.base * c.base, a.slope * c.base};
                    if (both && a.slope == 0) r = Affine{true, a.base * c.base, c.slope * a.base};
                    break;
                default:
                    if (foldable(b) && both && a.slope == 0 && c.slope == 0) {
                        uint32_t fl = 0;
                        r = constant(fu_compute(b.d, 0, b.pc, a.base, c.base, 0, fl));
                    }
                    break;
            }
            aff_[size_t(op.dst)] = r;
        }
        return true;
    }

    // ---- trip count: the backward branch evaluated on its affine operands ----
    bool trip_count() {
        const MappedOp& br = m_.ops.back();
        const BodyInsn& b = m_.body.back();
        const Affine a = aff_[size_t(br.src[0])], c = aff_[size_t(br.src[1])];
        if (!a.known || !c.known)
            return fail(Reject::ExitCondition,
                        "the loop's exit compares values that are not induction variables" + at_pc(b));
        if (a.slope == c.slope) {  // the comparison never changes: one iteration, or endless
            if (fu_branch_taken(b.d.op, a.base, c.base))
                return fail(Reject::TripCount, "the backward branch is taken in every iteration");
            m_.trip = 1;
            return true;
        }
        for (uint64_t n = 0; n < cfg_.max_trip; ++n) {
            if (!fu_branch_taken(b.d.op, a.at(n), c.at(n))) {
                m_.trip = n + 1;
                return true;
            }
        }
        return fail(Reject::TripCount, "no exit within " + std::to_string(cfg_.max_trip) + " iterations");
    }

    // ---- memory addresses ----
    struct Access {
        int64_t a0 = 0;     // address in iteration 0
        int64_t slope = 0;  // bytes per iteration (signed)
        unsigned bytes = 0;
        int64_t at(uint64_t n) const { return a0 + slope * int64_t(n); }
        int64_t lo() const { return std::min(at(0), at(trip_ - 1)); }
        int64_t hi() const { return std::max(at(0), at(trip_ - 1)) + bytes; }
        uint64_t trip_ = 1;
    };

    bool addresses() {
        acc_.assign(m_.ops.size(), Access{});
        for (size_t i = 0; i < m_.ops.size(); ++i) {
            const BodyInsn& b = m_.body[i];
            if (!b.load && !b.store) continue;
            const Affine base = aff_[size_t(m_.ops[i].src[0])];
            if (!base.known)
                return fail(Reject::AddressNotAffine,
                            "address depends on data, not only on induction variables" + at_pc(b));
            Access& x = acc_[i];
            x.a0 = int64_t(uint32_t(base.base + uint32_t(b.d.imm)));
            x.slope = int64_t(int32_t(base.slope));
            x.bytes = b.mem_bytes;
            x.trip_ = m_.trip;
            const int64_t last = x.at(m_.trip - 1);
            if (last < 0 || last + x.bytes > (int64_t(1) << 32))
                return fail(Reject::AddressNotAffine, "the address stream wraps around the address space" + at_pc(b));
        }
        return true;
    }

    // ---- the store stream (way 0) ----
    bool stores() {
        if (!m_.stores) return true;
        const StreamDesc& w0 = m_.ways[LAPP_STORE_WAY];
        if (!w0.valid)
            return fail(Reject::StoreStream, "the loop stores but no DCPL declared the store stream (way 0)");
        int64_t slope = 0;
        bool first = true;
        for (size_t i = 0; i < m_.ops.size(); ++i) {
            if (!m_.body[i].store) continue;
            if (!first && acc_[i].slope != slope)
                return fail(Reject::StoreStream, "stores with different steps" + at_pc(m_.body[i]));
            slope = acc_[i].slope;
            first = false;
        }
        if (m_.trip > 1 && slope == 0) return fail(Reject::StoreStream, "every iteration stores to the same address");
        const uint32_t record = w0.stride ? w0.stride : uint32_t(slope < 0 ? -slope : slope);
        if (m_.trip > 1 && int64_t(record) != (slope < 0 ? -slope : slope))
            return fail(Reject::StoreStream, "the stores step " + std::to_string(slope) +
                                                 " bytes per iteration, the "
                                                 "DCPL record is " +
                                                 std::to_string(record));
        if (record == 0 || record > 4)
            return fail(Reject::StoreStream, "a store record of " + std::to_string(record) +
                                                 " bytes (the last stage writes at most one word per iteration)");
        if (slope != 0 && (slope < 0) != w0.down)
            return fail(Reject::StoreStream, "the stores walk against the DCPL's direction");
        // The stores of iteration 0 lie in record j of the stream (j > 0 when the array resumes a
        // loop an interrupt stopped: the stream continues where it was).
        int64_t rec0 = -1;
        for (size_t i = 0; i < m_.ops.size(); ++i) {
            if (!m_.body[i].store) continue;
            int64_t j = -1;
            int64_t off = -1;
            const int64_t d = w0.down ? int64_t(w0.base) - acc_[i].a0 : acc_[i].a0 - int64_t(w0.base);
            if (d > -int64_t(record)) {
                j = w0.down ? (d > 0 ? (d + record - 1) / record : 0) : d / record;
                off = w0.down ? j * int64_t(record) - d : d - j * int64_t(record);
            }
            if (j < 0 || off < 0 || off + acc_[i].bytes > int64_t(record) || (rec0 >= 0 && j != rec0))
                return fail(Reject::StoreStream,
                            "store outside the records of the store stream at " + hex(w0.base) + at_pc(m_.body[i]));
            rec0 = j;
            m_.ops[i].record_offset = uint32_t(off);
        }
        if (w0.count && uint64_t(rec0) + m_.trip > w0.count)
            return fail(Reject::StreamCount, "the store stream covers " + std::to_string(w0.count) +
                                                 " iterations, the loop needs " +
                                                 std::to_string(rec0 + int64_t(m_.trip)));
        m_.store_first_record = uint64_t(rec0);
        m_.store_record = record;
        return true;
    }

    // ---- loads: store buffer or a prefetch way ----
    static bool overlaps(const Access& a, const Access& b) { return a.a0 < b.a0 + b.bytes && b.a0 < a.a0 + a.bytes; }

    // Binds a local-buffer load to way w: its element in iteration 0 and its step in elements.
    bool bind_to_way(size_t i, unsigned w, Reject mismatch) {
        const StreamDesc& s = m_.ways[w];
        const BodyInsn& b = m_.body[i];
        const std::string way = "way " + std::to_string(w);
        if (!s.valid) return fail(mismatch, way + " has no DCPL" + at_pc(b));
        int64_t k;
        unsigned within;
        if (!s.element_of(uint32_t(acc_[i].a0), acc_[i].bytes, k, within))
            return fail(mismatch, "the load's first address " + hex(uint32_t(acc_[i].a0)) + " is not in " + way +
                                      "'s stream" + at_pc(b));
        const int64_t step = s.down ? -acc_[i].slope : acc_[i].slope;
        if (step % int64_t(s.stride) != 0)
            return fail(Reject::StreamStride, "the load steps " + std::to_string(acc_[i].slope) + " bytes, " + way +
                                                  "'s elements are " + std::to_string(s.stride) + " bytes apart" +
                                                  at_pc(b));
        m_.ops[i].way = uint8_t(w);
        k0_[i] = k;
        sigma_[i] = step / int64_t(s.stride);
        m_.way_used[w] = true;
        return true;
    }

    bool loads() {
        k0_.assign(m_.ops.size(), 0);
        sigma_.assign(m_.ops.size(), 0);
        for (size_t i = 0; i < m_.ops.size(); ++i) {
            const BodyInsn& b = m_.body[i];
            if (!b.load) continue;
            MappedOp& op = m_.ops[i];
            // Bytes an earlier store of the same iteration wrote: only the store buffer has them.
            int32_t holder = -1;
            bool partial = false;
            for (size_t j = 0; j < i; ++j) {
                if (!m_.body[j].store) continue;
                const bool same_step = acc_[j].slope == acc_[i].slope;
                if (same_step && !overlaps(acc_[i], acc_[j])) continue;
                if (!same_step && (acc_[i].hi() <= acc_[j].lo() || acc_[j].hi() <= acc_[i].lo())) continue;
                const bool inside =
                    same_step && acc_[i].a0 >= acc_[j].a0 && acc_[i].a0 + acc_[i].bytes <= acc_[j].a0 + acc_[j].bytes;
                if (inside)
                    holder = int32_t(j), partial = false;
                else
                    partial = true;
            }
            if (partial)
                return fail(Reject::StoreBuffer,
                            "the load reads bytes an earlier store of its iteration wrote only in "
                            "part" +
                                at_pc(b));
            if (cfg_.local_buffer == LocalBufferKind::Optimized) {
                const LoadBinding& bind = in_.bindings[op.load_index];
                if (!bind.set)
                    return fail(Reject::SetloMissing,
                                "load " + std::to_string(op.load_index) + " has no SETLO" + at_pc(b));
                if (bind.storebuf != (holder >= 0))
                    return fail(Reject::SetloMismatch,
                                bind.storebuf ? "SETLO selects the store buffer, but no earlier store of the "
                                                "iteration holds the load's bytes" +
                                                    at_pc(b)
                                              : "the load reads bytes its iteration stored: its SETLO must select "
                                                "the store buffer" +
                                                    at_pc(b));
                if (holder < 0) {
                    if (bind.way == LAPP_STORE_WAY)
                        return fail(Reject::SetloMismatch,
                                    "SETLO binds the load to way 0 (the store stream)" + at_pc(b));
                    if (!bind_to_way(i, bind.way, Reject::SetloMismatch)) return false;
                }
            } else if (holder < 0) {
                // The tag compare finds the data in whichever way holds it; the mapper takes the way
                // where the load's element is nearest the stream's start (the one that can keep it in
                // the window), if any way holds it at all.
                int best = -1;
                int64_t best_k = 0;
                for (unsigned w = 1; w < 4; ++w) {
                    int64_t k;
                    unsigned within;
                    if (!m_.ways[w].valid || !m_.ways[w].element_of(uint32_t(acc_[i].a0), acc_[i].bytes, k, within))
                        continue;
                    if (best < 0 || k < best_k) best = int(w), best_k = k;
                }
                if (best < 0)
                    return fail(Reject::NoStream,
                                "no prefetch way holds the load's address " + hex(uint32_t(acc_[i].a0)) + at_pc(b));
                if (!bind_to_way(i, unsigned(best), Reject::NoStream)) return false;
            }
            if (holder >= 0) {
                op.storebuf = true;
                sb_store_[i] = holder;
            }
        }
        return true;
    }

    // ---- the local-buffer window: one element per way enters with every iteration ----
    bool windows() {
        const int64_t n_words = cfg_.lb_words;
        const int64_t last = int64_t(m_.trip - 1);
        for (unsigned w = 1; w < 4; ++w) {
            if (!m_.way_used[w]) continue;
            int64_t h = INT64_MIN, l = INT64_MAX;
            for (size_t i = 0; i < m_.ops.size(); ++i) {
                if (!m_.body[i].load || m_.ops[i].storebuf || m_.ops[i].way != w) continue;
                h = std::max(h, k0_[i]);
                l = std::min(l, k0_[i]);
            }
            m_.first_push[w] = h;
            m_.prefill_from[w] = l;
            // Element pushed with iteration n: h + n; a load needs k0 + sigma * n in (h + n - N, h + n].
            int64_t span = 1;
            std::string bad;
            for (size_t i = 0; i < m_.ops.size(); ++i) {
                if (!m_.body[i].load || m_.ops[i].storebuf || m_.ops[i].way != w) continue;
                for (int64_t n : {int64_t(0), last}) {
                    const int64_t age = (h + n) - (k0_[i] + sigma_[i] * n);  // 0 = newest element
                    if (age < 0 && bad.empty())
                        bad = "the load needs element " + std::to_string(k0_[i] + sigma_[i] * n) + " of way " +
                              std::to_string(w) + " in iteration " + std::to_string(n) + " before the way delivers it" +
                              at_pc(m_.body[i]);
                    span = std::max(span, age + 1);
                }
            }
            m_.way_words[w] = unsigned(std::min<int64_t>(span, int64_t(1) << 30));
            m_.words_needed = std::max(m_.words_needed, m_.way_words[w]);
            if (!bad.empty()) return fail(Reject::Window, bad);
            if (span > n_words)
                return fail(Reject::Window, "way " + std::to_string(w) + " needs a window of " + std::to_string(span) +
                                                " words, the local buffer holds " + std::to_string(n_words));
            const StreamDesc& s = m_.ways[w];
            if (s.count && h + last >= int64_t(s.count))
                return fail(Reject::StreamCount, "way " + std::to_string(w) + "'s DCPL covers " +
                                                     std::to_string(s.count) + " elements, the loop needs " +
                                                     std::to_string(h + last + 1));
            const int64_t end = int64_t(s.element_addr(0)) + (s.down ? -1 : 1) * (h + last) * int64_t(s.stride);
            if (end < 0 || end + 4 > (int64_t(1) << 32))
                return fail(Reject::StreamCount,
                            "way " + std::to_string(w) + "'s stream wraps around the address space");
        }
        return true;
    }

    // ---- no load may read what an earlier iteration stored (the prefetch ways are read-only) ----
    bool alias() {
        const int64_t last = int64_t(m_.trip - 1);
        for (size_t i = 0; i < m_.ops.size(); ++i) {
            if (!m_.body[i].load || m_.ops[i].storebuf) continue;
            const Access& L = acc_[i];
            for (size_t j = 0; j < m_.ops.size(); ++j) {
                if (!m_.body[j].store) continue;
                const Access& S = acc_[j];
                if (L.slope == S.slope && L.slope != 0) {
                    // Iterations m = n + d, d >= 1: overlap iff -zL < delta + s*d < zS.
                    const int64_t s = L.slope, delta = L.a0 - S.a0;
                    const int64_t lo = -int64_t(L.bytes) - delta, hi = int64_t(S.bytes) - delta;  // exclusive
                    int64_t dmin, dmax;
                    if (s > 0) {
                        dmin = floor_div(lo, s) + 1;
                        dmax = -floor_div(-hi, s) - 1;
                    } else {
                        dmin = floor_div(-hi, -s) + 1;
                        dmax = -floor_div(lo, -s) - 1;
                    }
                    dmin = std::max<int64_t>(dmin, 1);
                    dmax = std::min<int64_t>(dmax, last);
                    if (dmin <= dmax)
                        return fail(Reject::Alias, "the load reads what the store" + at_pc(m_.body[j]) + " wrote " +
                                                       std::to_string(dmin) + " iteration(s) earlier" +
                                                       at_pc(m_.body[i]));
                } else if (m_.trip > 1 && L.lo() < S.hi() && S.lo() < L.hi()) {
                    return fail(Reject::Alias, "the load and the store" + at_pc(m_.body[j]) +
                                                   " step differently through overlapping memory" + at_pc(m_.body[i]));
                }
            }
        }
        return true;
    }

    // ---- schedule onto the stages ----
    unsigned capacity(Unit u) const {
        switch (u) {
            case Unit::Alu: return cfg_.alus;
            case Unit::Mul: return cfg_.muls;
            case Unit::Fpu: return cfg_.fpus;
            case Unit::Lsu: return cfg_.lsus;
        }
        return 0;
    }

    bool schedule() {
        const size_t n = m_.ops.size();
        const unsigned load_lat = cfg_.load_latency();
        for (size_t i = 0; i < n; ++i)
            if (m_.body[i].load) m_.ops[i].latency = load_lat;
        // Consumers of every loop-carried value.
        std::vector<std::vector<size_t>> phi_users(m_.values.size());
        for (size_t i = 0; i < n; ++i)
            for (int s = 0; s < 3; ++s) {
                const int32_t v = m_.ops[i].src[s];
                if (v >= 0 && m_.values[size_t(v)].kind == Value::Phi) phi_users[size_t(v)].push_back(i);
            }
        std::vector<unsigned> lower(n, 0);
        const unsigned limit = cfg_.stages;
        bool pushed_by_recurrence = false;
        for (unsigned round = 0;; ++round) {
            std::vector<unsigned> used(size_t(limit + 64) * 4, 0);
            std::vector<int> stage_way(limit + 64, -1);
            for (size_t i = 0; i < n; ++i) {
                MappedOp& op = m_.ops[i];
                const BodyInsn& b = m_.body[i];
                unsigned e = lower[i];
                for (int s = 0; s < 3; ++s) {
                    const int32_t v = op.src[s];
                    if (v < 0 || m_.values[size_t(v)].kind != Value::Result) continue;
                    const MappedOp& p = m_.ops[size_t(m_.values[size_t(v)].def)];
                    e = std::max(e, p.stage + p.latency);
                }
                if (op.storebuf) {
                    const MappedOp& st = m_.ops[size_t(sb_store_.at(i))];
                    e = std::max(e, st.stage + 1);
                }
                const bool one_way = b.load && !op.storebuf && cfg_.local_buffer == LocalBufferKind::Optimized;
                unsigned s = e;
                for (; s < limit + 63; ++s) {
                    if (used[s * 4 + unsigned(b.unit)] >= capacity(b.unit)) continue;
                    if (one_way && stage_way[s] >= 0 && stage_way[s] != op.way) continue;
                    break;
                }
                if (s >= limit) {
                    if (pushed_by_recurrence)
                        return fail(Reject::Recurrence,
                                    "a loop-carried value passes through more than one instruction; the array's "
                                    "stages only feed a value back to the instruction's own stage (self-loop)");
                    return fail(Reject::Stages,
                                "the loop needs more than the array's " + std::to_string(limit) + " stages" + at_pc(b));
                }
                ++used[s * 4 + unsigned(b.unit)];
                if (one_way) stage_way[s] = op.way;
                op.stage = s;
            }
            // A loop-carried value enters the iteration at the stage of its definition.
            bool changed = false;
            for (size_t v = 0; v < m_.values.size(); ++v) {
                if (m_.values[v].kind != Value::Phi) continue;
                const MappedOp& def = m_.ops[size_t(m_.values[size_t(m_.values[v].def)].def)];
                for (size_t u : phi_users[v]) {
                    if (m_.ops[u].stage < def.stage) {
                        lower[u] = def.stage;
                        changed = pushed_by_recurrence = true;
                    }
                }
            }
            if (!changed) break;
            if (round > limit + 2)
                return fail(Reject::Recurrence, "a loop-carried value passes through more than one instruction");
        }
        // Initiation interval: the self-loop of every loop-carried value that is read.
        m_.ii = 1;
        for (size_t v = 0; v < m_.values.size(); ++v) {
            if (m_.values[v].kind != Value::Phi || phi_users[v].empty()) continue;
            const MappedOp& def = m_.ops[size_t(m_.values[size_t(m_.values[v].def)].def)];
            m_.ii = std::max(m_.ii, def.latency);
        }
        m_.depth = 0;
        for (const MappedOp& op : m_.ops) m_.depth = std::max(m_.depth, op.stage + op.latency);
        if (m_.depth > limit)
            return fail(Reject::Stages, "the loop needs " + std::to_string(m_.depth) + " stages, the array has " +
                                            std::to_string(limit));
        // L0 info register (optimized buffers): the way (and store-buffer bit) of each stage's load.
        m_.l0_info.assign(limit, 0);
        if (cfg_.local_buffer == LocalBufferKind::Optimized)
            for (const MappedOp& op : m_.ops)
                if (m_.body[op.insn].load) m_.l0_info[op.stage] = uint8_t(8 | (op.storebuf ? 4 : 0) | op.way);
        int64_t prefill = 0;
        for (unsigned w = 1; w < 4; ++w)
            if (m_.way_used[w]) prefill = std::max(prefill, m_.first_push[w] - m_.prefill_from[w]);
        m_.setup_cycles = unsigned(m_.body.size()) * (cfg_.capture_cycles_per_insn + cfg_.map_cycles_per_insn) +
                          m_.depth * cfg_.configure_cycles_per_stage + unsigned(prefill);
        return true;
    }

    const MapInput& in_;
    const ArrayConfig& cfg_;
    Mapping m_;
    int32_t cur_[kRegSlots];
    bool written_[kRegSlots];
    std::vector<Rel> rel_;
    std::vector<Affine> aff_;
    std::vector<Access> acc_;
    std::vector<int64_t> k0_, sigma_;
    std::map<size_t, int32_t> sb_store_;
};

}  // namespace

Mapping map_loop(const MapInput& in) { return Mapper(in).run(); }

}  // namespace vp::lapp
