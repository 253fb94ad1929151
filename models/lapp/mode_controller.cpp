#include "models/lapp/mode_controller.h"

#include <algorithm>
#include <cstdio>

#include "models/cpu/iss/csr.h"
#include "models/cpu/iss/hart.h"
#include "vp/isa/lapp.h"

namespace vp::lapp {

namespace {
constexpr uint8_t kDcpl = 1, kSetlo = 2;  // DecodedInsn::rd of the two HINTs (the field is ours)
constexpr unsigned kMaxWarnings = 20;
constexpr size_t kMaxLoopReports = 4096;

std::string hex(uint32_t v) {
    char b[16];
    std::snprintf(b, sizeof b, "0x%08x", v);
    return b;
}
}  // namespace

bool decode_dcpl(uint32_t base, uint32_t desc, unsigned& way, StreamDesc& out, const char*& why) {
    if (desc & LAPP_DESC_RESERVED) {
        why =
            "reserved descriptor bit 3 set (LAPP_DESC sets it for a stride or record above 0xFFF, which the "
            "descriptor cannot hold)";
        return false;
    }
    way = desc & LAPP_DESC_WAY_MASK;
    out = StreamDesc{};
    out.valid = true;
    out.base = base;
    out.down = desc & LAPP_DESC_DOWN;
    out.stride = (desc >> LAPP_DESC_STRIDE_SHIFT) & LAPP_DESC_STRIDE_MASK;
    if (way != LAPP_STORE_WAY && out.stride == 0) out.stride = 4;
    out.count = (desc >> LAPP_DESC_COUNT_SHIFT) & LAPP_DESC_COUNT_MASK;
    return true;
}

ModeController::ModeController(const ArrayConfig& cfg, MemoryPort& port) : cfg_(cfg), port_(port), array_(cfg_) {}

bool ModeController::decode(uint32_t insn, iss::DecodedInsn& out) {
    if ((insn & LAPP_DCPL_MASK) == LAPP_DCPL_MATCH) {
        out.rd = kDcpl;
        out.rs1 = uint8_t((insn >> 15) & 31);
        out.rs2 = uint8_t((insn >> 20) & 31);
        return true;
    }
    if ((insn & LAPP_SETLO_MASK) == LAPP_SETLO_MATCH) {
        out.rd = kSetlo;
        out.imm = int32_t(insn) >> 20;
        return true;
    }
    return false;
}

std::string ModeController::disasm(const iss::DecodedInsn& d, uint32_t) const {
    char b[64];
    if (d.rd == kDcpl)
        std::snprintf(b, sizeof b, "lapp.dcpl x%u, x%u", d.rs1, d.rs2);
    else
        std::snprintf(b, sizeof b, "lapp.setlo 0x%03x", unsigned(d.imm) & 0xfff);
    return b;
}

iss::ExecResult ModeController::execute(iss::Hart& hart, const iss::DecodedInsn& d) {
    if (d.rd == kDcpl)
        dcpl(hart, hart.pc(), hart.x(d.rs1), hart.x(d.rs2));
    else
        setlo(hart.pc(), uint32_t(d.imm) & 0xfff);
    return iss::ExecResult::Next;
}

void ModeController::log(int level, const std::string& msg) {
    if (log_) log_(level, msg);
}

void ModeController::warn(uint64_t& counter, const std::string& msg) {
    ++counter;
    if (warnings_ < kMaxWarnings) log(2, msg + (++warnings_ == kMaxWarnings ? " (further warnings suppressed)" : ""));
}

void ModeController::setlo(uint32_t pc, uint32_t imm) {
    ++stats_.setlo;
    if (imm & LAPP_SETLO_RESERVED) {
        warn(stats_.setlo_ignored, "SETLO at " + hex(pc) + " with reserved bits set (imm " + hex(imm) + "), ignored");
        return;
    }
    LoadBinding& b = bindings_[imm & LAPP_SETLO_LOAD_MASK];
    b.set = true;
    b.way = uint8_t((imm >> LAPP_SETLO_WAY_SHIFT) & LAPP_SETLO_WAY_MASK);
    b.storebuf = imm & LAPP_SETLO_STOREBUF;
}

void ModeController::dcpl(iss::Hart& hart, uint32_t pc, uint32_t base, uint32_t desc) {
    ++stats_.dcpl;
    unsigned way;
    StreamDesc s;
    const char* why = nullptr;
    if (!decode_dcpl(base, desc, way, s, why)) {
        warn(stats_.dcpl_ignored, "DCPL at " + hex(pc) + ": " + why + " (descriptor " + hex(desc) + "), ignored");
        return;
    }
    LoopBounds loop;
    if (!find_loop(hart, pc, cfg_.max_body + 64, loop)) {
        warn(stats_.dcpl_ignored, "DCPL at " + hex(pc) + " is not followed by a loop, ignored");
        return;
    }
    if (!armed_ || loop.head != loop_.head) {           // a new loop: the previous one's ways are stale
        if (armed_) hart.clear_entry_hook(loop_.head);  // (the SETLOs before the DCPLs stay)
        arm(hart, loop);
    }
    ways_[way] = s;
}

void ModeController::arm(iss::Hart& hart, const LoopBounds& loop) {
    armed_ = true;
    loop_ = loop;
    for (StreamDesc& w : ways_) w = StreamDesc{};
    hart.set_entry_hook(loop.head, *this);
}

// The loop's ways and bindings are consumed (loop exit, rejection, reset).
void ModeController::disarm(iss::Hart& hart) {
    if (armed_) hart.clear_entry_hook(loop_.head);
    armed_ = false;
    for (StreamDesc& w : ways_) w = StreamDesc{};
    for (LoadBinding& b : bindings_) b = LoadBinding{};
}

void ModeController::reset(iss::Hart& hart) {
    disarm(hart);
    mode_ = Mode::Normal;
}

bool ModeController::reject(iss::Hart& hart, LoopReport& rep, Reject why, const std::string& detail, uint64_t cycles) {
    // The setup's work up to the decision takes its time in hardware as in a mapped setup (the same
    // per-instruction costs); nothing is configured or prefilled. The first stage then runs the loop.
    hart.retire_external(0, cycles);
    stats_.setup_cycles += cycles;
    rep.rejected_setup_cycles += cycles;
    ++stats_.rejected;
    ++rep.rejected;
    ++rep.rejects[unsigned(why)];
    const bool first = rep.last_reject != why || rep.detail != detail;
    rep.last_reject = why;
    rep.detail = detail;
    log(first ? 1 : 0, "loop " + hex(rep.head) + " (" + std::to_string(rep.body) + " instructions): rejected (" +
                           reject_name(why) + "): " + detail + "; it runs in normal mode");
    disarm(hart);
    mode_ = Mode::Normal;
    return false;
}

bool ModeController::on_entry(iss::Hart& hart, uint32_t pc) {
    if (!armed_ || pc != loop_.head) {
        hart.clear_entry_hook(pc);
        return false;
    }
    // One report per loop head; firmware could make any number of heads, so beyond kMaxLoopReports
    // the further ones share the report of head 0 (host memory stays bounded).
    auto it = loops_.find(pc);
    if (it == loops_.end()) it = loops_.emplace(loops_.size() < kMaxLoopReports ? pc : 0, LoopReport{}).first;
    LoopReport& rep = it->second;
    rep.head = loop_.head;
    rep.branch = loop_.branch;
    rep.body = loop_.length();
    if (!array_enabled_) {
        ++stats_.normal_only;
        disarm(hart);
        return false;
    }
    // ---- array setup ----
    mode_ = Mode::Setup;
    ++stats_.setups;
    ++rep.entries;
    const iss::TimingConfig& t = hart.config().timing;
    lat_ = UnitLatencies{1 + t.mul, 1 + t.fadd, 1 + t.fmul, 1 + t.fma, 1 + t.fmisc};
    std::string why;
    const bool captured = capture_body(hart, loop_, lat_, body_, why);
    stats_.setup_insns += body_.size() + (captured ? 0 : 1);  // the instruction that ends a capture was read too
    // Capture reads the body up to the instruction that ends it (that one included); the mapper reads
    // all of it before it decides.
    const uint64_t capture_cost = uint64_t(cfg_.capture_cycles_per_insn) * body_.size();
    if (!captured) return reject(hart, rep, Reject::Body, why, capture_cost + cfg_.capture_cycles_per_insn);
    MapInput in;
    in.body = &body_;
    in.cfg = &cfg_;
    for (unsigned w = 0; w < kWays; ++w) in.ways[w] = ways_[w];
    for (unsigned i = 0; i < 16; ++i) in.bindings[i] = bindings_[i];
    for (unsigned r = 0; r < 32; ++r) {
        in.state.x[r] = hart.x(r);
        in.state.f[r] = hart.f(r);
    }
    uint32_t mstatus = 0, mie = 0, frm = 0;
    hart.read_csr(iss::kCsr_mstatus, mstatus);
    hart.read_csr(iss::kCsr_mie, mie);
    in.state.fs_on = (mstatus & iss::kMstatusFS) != 0;
    if (in.state.fs_on) hart.read_csr(iss::kCsr_frm, frm);
    in.state.frm = frm;
    last_ = map_loop(in);
    if (last_.words_needed) rep.words_needed = last_.words_needed;
    if (!last_.ok)
        return reject(hart, rep, last_.reason, last_.detail,
                      capture_cost + uint64_t(cfg_.map_cycles_per_insn) * body_.size());
    ++stats_.mapped;
    ++rep.mapped;
    rep.stages = last_.depth;
    rep.ii = last_.ii;
    rep.setup_cycles = last_.setup_cycles;
    rep.trip = last_.trip;
    l0_info_.load(last_.l0_info);

    // ---- array execution ----
    mode_ = Mode::Array;
    const uint64_t start = hart.cycles();
    const bool mie_on = mstatus & iss::kMstatusMIE;
    const uint64_t deadline = (mie & iss::kMTIP) ? hart.timer_deadline() : ~0ull;
    bool stopped = false;
    const std::function<bool(uint64_t)> interrupt_due = [&](uint64_t cycle) {
        if (stop_check_ && stop_check_()) return stopped = true;
        if (!mie_on) return false;
        return (hart.mip() & mie & ~iss::kMTIP) != 0 || cycle >= deadline;
    };
    ArrayResult r = array_.run(last_, port_, start, interrupt_due);

    // ---- back to normal mode: the first stage's state after the last completed iteration ----
    for (auto [reg, v] : r.live_out) {
        if (is_fp_reg(reg))
            hart.set_f(reg - iss::kFpRegBase, v);
        else
            hart.set_x(reg, v);
    }
    if (r.iterations && last_.dirties_fs) hart.set_fs_dirty();
    if (r.fflags) {
        uint32_t fflags = 0;
        hart.read_csr(iss::kCsr_fflags, fflags);
        hart.write_csr(iss::kCsr_fflags, fflags | r.fflags);
    }
    hart.set_pc(r.end == ArrayResult::End::Exit ? loop_.branch + 4 : loop_.head);
    const uint64_t insns = r.iterations * body_.size();
    hart.retire_external(insns, r.cycles);
    if (on_run_) on_run_(rep.head, start, start + std::min(r.setup_cycles, r.cycles), start + r.cycles);

    stats_.array_iterations += r.iterations;
    stats_.array_insns += insns;
    stats_.array_cycles += r.cycles;
    stats_.setup_cycles += r.setup_cycles;
    stats_.stall_cycles += r.stall_cycles;
    stats_.squashed += r.squashed;
    stats_.ev += r.ev;
    rep.iterations += r.iterations;
    rep.cycles += r.cycles;
    rep.stall_cycles += r.stall_cycles;
    log(rep.entries == 1 ? 1 : 0,
        "loop " + hex(rep.head) + " (" + std::to_string(rep.body) + " instructions): mapped on " +
            std::to_string(last_.depth) + " stages, II " + std::to_string(last_.ii) + ", setup " +
            std::to_string(last_.setup_cycles) + " cycles, " + std::to_string(r.iterations) + " iterations in " +
            std::to_string(r.cycles) + " cycles, local buffer " + std::to_string(last_.words_needed) + " words");
    switch (r.end) {
        case ArrayResult::End::Exit: disarm(hart); break;
        case ArrayResult::End::Interrupt:
            ++stats_.interrupted;
            ++rep.interrupts;
            break;  // stays armed: the hart takes the interrupt at the head, returning re-enters the array
        case ArrayResult::End::Violation:
            ++stats_.violations;
            ++rep.violations;
            log(2, "loop " + hex(rep.head) + ": array stopped after " + std::to_string(r.iterations) +
                       " iterations on a mapping error (" + r.error + "); the rest runs in normal mode");
            ++rep.rejects[unsigned(Reject::Runtime)];
            disarm(hart);
            break;
        case ArrayResult::End::BusError:
            ++stats_.bus_errors;
            log(2, "loop " + hex(rep.head) + ": " + r.error + "; the rest runs in normal mode");
            disarm(hart);
            break;
    }
    mode_ = Mode::Normal;
    if (stopped) hart.request_stop(iss::StopReason::Exit);  // the simulation ends: so does the hart's run
    return true;
}

}  // namespace vp::lapp
