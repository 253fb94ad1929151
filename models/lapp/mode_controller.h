// LAPP's mode controller: the plug-in (iss::Extension) that makes an RV32IMF hart of the platform's
// one ISS core the first stage of the array.
//
//   normal mode   the first stage (the hart) executes; DCPL and SETLO are HINTs it decodes here:
//                 SETLO records a load-to-way binding, DCPL programs one way's stream and looks for
//                 the loop that follows (first backward branch whose target lies after the DCPL),
//                 arming an entry hook at the loop head;
//   array setup   when the hart reaches the armed head: capture the body [head, backward branch],
//                 map it (mapper.h) with the first stage's registers, start the prefetch ways;
//   array execution  the stage array runs the iterations (stage_array.h); on the loop exit the
//                 registers the loop wrote, fflags and the PC are handed back to the first stage,
//                 which continues after the branch, exactly as if it had executed the loop itself
//                 (instret counts every instruction of every iteration).
// A loop the mapper rejects runs in normal mode. An interrupt that becomes pending during array
// execution stops the issue of iterations; the array drains and the hart takes the interrupt at the
// loop head with the state after the last completed iteration; returning there re-enters the array.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "models/cpu/iss/extension.h"
#include "models/lapp/array_config.h"
#include "models/lapp/local_buffer.h"
#include "models/lapp/loop_capture.h"
#include "models/lapp/mapper.h"
#include "models/lapp/prefetch_way.h"
#include "models/lapp/stage_array.h"

namespace vp::lapp {

// What happened to one loop (by its head PC), over all the times it was reached armed.
struct LoopReport {
    uint32_t head = 0, branch = 0;
    unsigned body = 0;     // instructions
    uint64_t entries = 0;  // array setups started at this head
    uint64_t mapped = 0, rejected = 0;
    uint64_t rejects[unsigned(Reject::Count)] = {};
    Reject last_reject = Reject::None;
    std::string detail;                             // why the last rejection
    unsigned stages = 0, ii = 0, setup_cycles = 0;  // of the last mapping
    unsigned words_needed = 0;                      // local-buffer words per way of the last setup that got that far
    uint64_t trip = 0;                              // of the last mapping
    uint64_t iterations = 0;                        // executed on the array
    uint64_t cycles = 0;                            // array cycles (setup, stalls and drain included)
    uint64_t stall_cycles = 0, interrupts = 0, violations = 0;
    uint64_t rejected_setup_cycles = 0;  // setup cycles spent on the rejected attempts (capture, mapping)
};

struct LappStats {
    uint64_t dcpl = 0, dcpl_ignored = 0, setlo = 0, setlo_ignored = 0;
    uint64_t setups = 0, mapped = 0, rejected = 0, normal_only = 0;
    uint64_t setup_insns = 0;  // loop instructions captured (and mapped) by array setups
    uint64_t array_iterations = 0, array_insns = 0, array_cycles = 0;
    uint64_t setup_cycles = 0;  // every setup's, the rejected ones' included (capture and mapping)
    uint64_t stall_cycles = 0, squashed = 0;
    uint64_t interrupted = 0, violations = 0, bus_errors = 0;
    ArrayEvents ev;
};

class ModeController : public iss::Extension {
public:
    enum class Mode : uint8_t { Normal, Setup, Array };

    ModeController(const ArrayConfig& cfg, MemoryPort& port);

    // ---- iss::Extension ----
    const char* name() const override { return "lapp"; }
    bool decode(uint32_t insn, iss::DecodedInsn& out) override;
    iss::ExecResult execute(iss::Hart& hart, const iss::DecodedInsn& d) override;
    bool on_entry(iss::Hart& hart, uint32_t pc) override;
    void reset(iss::Hart& hart) override;
    std::string disasm(const iss::DecodedInsn& d, uint32_t pc) const override;

    // false: the first stage alone (a core without the array); DCPL and SETLO stay no-ops.
    void set_array_enabled(bool on) { array_enabled_ = on; }
    bool array_enabled() const { return array_enabled_; }
    const ArrayConfig& config() const { return cfg_; }

    Mode mode() const { return mode_; }
    const LappStats& stats() const { return stats_; }
    const std::map<uint32_t, LoopReport>& loops() const { return loops_; }
    const L0InfoRegister& l0_info() const { return l0_info_; }
    const Mapping& last_mapping() const { return last_; }

    // Where log lines go: level 0 debug, 1 info, 2 warning (the device routes them to its logger).
    void set_log(std::function<void(int, const std::string&)> fn) { log_ = std::move(fn); }
    // Asked before each iteration enters the array: true ends the array run at once (a host limit or
    // SIGINT: SimContext::interrupted()) and stops the hart (StopReason::Exit), as the CPU stops
    // between chunks. Without it a mapped loop runs to its end inside one instruction, whatever its
    // length (60 M iterations: a minute past a 10 s host-time limit).
    void set_stop_check(std::function<bool()> fn) { stop_check_ = std::move(fn); }
    // Called after each array run of a loop: head PC, its first cycle, the cycle setup ended, the cycle
    // it returned to normal mode (traces, the device's mode register).
    void set_on_array_run(std::function<void(uint32_t, uint64_t, uint64_t, uint64_t)> fn) { on_run_ = std::move(fn); }

private:
    void dcpl(iss::Hart& hart, uint32_t pc, uint32_t base, uint32_t desc);
    void setlo(uint32_t pc, uint32_t imm);
    void arm(iss::Hart& hart, const LoopBounds& loop);
    void disarm(iss::Hart& hart);
    void warn(uint64_t& counter, const std::string& msg);
    void log(int level, const std::string& msg);
    bool reject(iss::Hart& hart, LoopReport& rep, Reject why, const std::string& detail, uint64_t cycles);

    ArrayConfig cfg_;
    MemoryPort& port_;
    StageArray array_;
    UnitLatencies lat_;
    bool array_enabled_ = true;
    Mode mode_ = Mode::Normal;

    // Armed loop: the DCPLs and SETLOs executed for it.
    bool armed_ = false;
    LoopBounds loop_;
    StreamDesc ways_[kWays];
    LoadBinding bindings_[16];

    LappStats stats_;
    std::map<uint32_t, LoopReport> loops_;
    L0InfoRegister l0_info_;
    Mapping last_;
    std::vector<BodyInsn> body_;
    std::function<void(int, const std::string&)> log_;
    std::function<bool()> stop_check_;
    std::function<void(uint32_t, uint64_t, uint64_t, uint64_t)> on_run_;
    unsigned warnings_ = 0;
};

}  // namespace vp::lapp
