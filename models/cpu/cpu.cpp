#include "models/cpu/cpu.h"
#include "models/cpu/iss/csr.h"
#include "models/common/exit_code.h"
#include "models/common/debug_transfer.h"
#include "models/common/txn.h"
#include <chrono>
#include <iostream>
#include <tlm_utils/tlm_quantumkeeper.h>
#include "models/cache/access_log.h"
#include "models/cache/cache.h"
#include "models/cpu/iss/fault_report.h"
#include "models/cpu/iss/translator.h"
#include "config/params.h"
#include "vp/regs/cache_ctrl.h"

namespace vp {

// The core's extra cycles per instruction class (models/cpu/iss/timing.h). The profile key selects
// a preset (iss::timing_profile): keys the scenario does not give take the preset's value.
void HartTimingParams::params(config::Params& p) {
    using config::Kind;
    p.choice(t.profile, "profile", {{"default", iss::TimingProfile::Default}, {"nios2f", iss::TimingProfile::Nios2f}},
             "preset of the keys below: default (a generic in-order core) or nios2f (Intel Nios II/f with the "
             "Floating Point Hardware 2 custom instructions; docs/iss.md); keys given beside it override it");
    const iss::TimingConfig nios = iss::timing_profile(iss::TimingProfile::Nios2f);
    std::vector<std::pair<std::string, std::string>> nios_keys;  // the nios2f preset, key by key
    auto cycles = [&](uint32_t& field, uint32_t nios_value, const char* key, const char* help) {
        p.add(field, key, Kind::Int, "cycles", help).range(0, 1000);
        nios_keys.emplace_back(key, std::to_string(nios_value));
    };
    cycles(t.mul, nios.mul, "mul", "mul, mulh*");
    cycles(t.div, nios.div, "div", "div*, rem*");
    cycles(t.fadd, nios.fadd, "fadd", "fadd.s, fsub.s");
    cycles(t.fmul, nios.fmul, "fmul", "fmul.s");
    cycles(t.fma, nios.fma, "fma", "fmadd.s family");
    cycles(t.fdiv, nios.fdiv, "fdiv", "fdiv.s");
    cycles(t.fsqrt, nios.fsqrt, "fsqrt", "fsqrt.s");
    cycles(t.fcvt_w, nios.fcvt_w, "fcvt_w", "fcvt.w.s, fcvt.wu.s (float to integer)");
    cycles(t.fcvt_s, nios.fcvt_s, "fcvt_s", "fcvt.s.w, fcvt.s.wu (integer to float)");
    cycles(t.fmisc, nios.fmisc, "fmisc", "fcmp, fmin/fmax, fclass, fsgnj, fmv");
    cycles(t.load_use, nios.load_use, "load_use", "a load's result is ready this many cycles after the load");
    cycles(t.late_result, nios.late_result, "late_result",
           "the same for shifts, CSR reads, mul/div and multi-cycle FP operations (all but fmisc); 0: ready at once");
    cycles(t.taken_branch, nios.taken_branch, "taken_branch",
           "taken conditional branch (with a predictor: correctly predicted taken)");
    p.choice(t.predictor, "predictor", {{"none", iss::BranchPredictor::None}, {"bht", iss::BranchPredictor::Bht}},
             "conditional branches: none (every taken branch pays taken_branch) or bht (2-bit counters indexed by "
             "the branch's address; a misprediction pays mispredict)");
    nios_keys.emplace_back("predictor", nios.predictor == iss::BranchPredictor::Bht ? "bht" : "none");
    p.add(t.bht_entries, "bht_entries", Kind::Int, "", "bht: counters (a power of two)").range(1, 65536);
    p.rule((t.bht_entries & (t.bht_entries - 1)) == 0, "bht_entries", "must be a power of two");
    nios_keys.emplace_back("bht_entries", std::to_string(nios.bht_entries));
    cycles(t.mispredict, nios.mispredict, "mispredict", "bht: mispredicted conditional branch");
    cycles(t.jump, nios.jump, "jump", "jal");
    cycles(t.jump_indirect, nios.jump_indirect, "jump_indirect", "jalr");
    cycles(t.trap, nios.trap, "trap", "trap entry, mret");
    p.presets("profile", {{"nios2f", std::move(nios_keys)}});
}

void CpuConfig::params(config::Params& p) {
    using config::Kind;
    p.add(clock_hz, "clock", Kind::Freq, "Hz", "core clock").range(1e3, 1e12);
    p.add(dmi, "dmi", Kind::Bool, "",
          "use TLM DMI fast paths (no TLM call per access) where targets grant them; false: every "
          "access is a timed, traced bus transaction");
    p.add(semihosting, "semihosting", Kind::Bool, "", "RISC-V semihosting (slli/ebreak/srai) calls the host");
    p.add(run_ahead, "run_ahead", Kind::Bool, "",
          "while no other initiator works, run ahead of the kernel to the last quantum boundary before its "
          "next event instead of stopping at every boundary (same results, fewer synchronisations; "
          "docs/timing.md)");
    p.add(repeat_hits, "repeat_hits", Kind::Bool, "",
          "the hart accesses again, without calling the L1, a line the L1 granted: one whose repeated hit "
          "changes only counters, which the hart then counts (same results, less host work; "
          "models/common/repeat_hits.h)");
    p.add(semihosting_files, "semihosting_files", Kind::Bool, "",
          "semihosting file calls (open, remove, rename) reach host files, confined to semihosting_dir; "
          "false: console and exit only");
    p.add(semihosting_dir, "semihosting_dir", Kind::Dir, "",
          "the only directory semihosting files live in (an existing directory; guest names with an "
          "absolute path, '..' or a symlink are refused); empty: the run's output directory");
    p.add(hartid, "hartid", Kind::Int, "", "mhartid of the first hart (hart h has hartid + h)").range(0, 1023);
    p.add(harts, "harts", Kind::Int, "",
          "harts (SMP as QEMU virt: one ISS each, own L1s, CLINT msip/mtimecmp and PLIC contexts 2h (M) and 2h + 1 (S) "
          "per hart; "
          "every hart starts at the ELF entry with a0 = mhartid; docs/smp.md)")
        .range(1, 64);
    p.rule(hartid + harts <= 1024, "harts", "hartid + harts must not exceed 1024");
    p.choice(executor, "executor", {{"interpret", iss::Executor::Interpret}, {"translate", iss::Executor::Translate}},
             "interpret: the interpreter runs every instruction (the reference); translate (the default where the "
             "build has a translator: x86-64 with libxbyak-dev): runs with the default timing (late_result 0, "
             "load_use <= 1, no predictor), with or without caches, run integer and simple FP code as translated "
             "x86-64 blocks, with the same results and statistics (docs/iss.md); any other run is interpreted");
    p.rule(executor != iss::Executor::Translate || iss::Translator::available(), "executor",
           "translate: this build has no translator (built without libxbyak-dev, or not on x86-64)");
    p.add(translate_after, "translate_after", Kind::Int, "",
          "with executor translate: the interpreter runs an instruction this many times (since its code was "
          "decoded) before a block is translated there (1: at once); code that runs a few times costs more to "
          "translate than it saves. Host time only: the results are the same at any value (docs/iss.md)")
        .range(1, 255);
    p.add(reset_pc, "reset_pc", Kind::Address, "", "reset PC when no ELF gives an entry point").range(0, 4294967295.0);
    HartTimingParams timing_params{timing};
    p.section(timing_params, "timing", "extra cycles on top of CPI 1 (memory cycles come on top)");
}

static iss::HartConfig hart_config(const CpuConfig& c) {
    iss::HartConfig h;
    h.hartid = c.hartid;
    h.reset_pc = c.reset_pc;
    h.semihosting = c.semihosting;
    h.timing = c.timing;
    h.executor = c.executor;
    h.translate_after = c.translate_after;
    return h;
}

Cpu::Cpu(sc_core::sc_module_name name, SimContext& ctx, const CpuConfig& cfg)
    : sc_module(name),
      Component(ctx, std::string(sc_module::name())),
      socket("socket"),
      cfg_(cfg),
      period_(period_of(cfg.clock_hz)),
      cycles_(stats_.counter("cycles", "cycles", "core cycles (busy, stalled and idle)")),
      instret_(stats_.counter("instret", "count", "instructions retired")),
      stall_fetch_(stats_.counter("stall_fetch", "cycles", "instruction memory and branch/jump refill cycles")),
      stall_data_(stats_.counter("stall_data", "cycles", "data memory and load-use cycles")),
      stall_exec_(stats_.counter("stall_exec", "cycles", "multi-cycle execution (mul/div/FP)")),
      idle_(stats_.counter("idle", "cycles", "cycles asleep in WFI")),
      traps_(stats_.counter("traps", "count", "exceptions and interrupts taken")),
      bus_accesses_(stats_.counter("bus_accesses", "count", "accesses that went through the bus (no DMI)")),
      dmi_regions_(stats_.counter("dmi_regions", "count", "DMI regions acquired")) {
    // Several harts observe one another through memory at every quantum boundary: none runs ahead
    // past it (docs/smp.md, "Time").
    if (cfg_.harts > 1) cfg_.run_ahead = false;
    hart_ = std::make_unique<iss::Hart>(hart_config(cfg), *this);
    payload_.set_extension(&ext_);
    ext_.initiator = trace_id();
    ext_.has_pc = true;
    socket.register_invalidate_direct_mem_ptr(this, &Cpu::invalidate_direct_mem_ptr);
    stats_.derived("ipc", "ratio", "instructions per cycle",
                   [this] { return cycles_.value ? double(instret_.value) / double(cycles_.value) : 0.0; });
    SC_HAS_PROCESS(Cpu);
    SC_THREAD(thread);
}

Cpu::~Cpu() { payload_.clear_extension(&ext_); }

// Every interrupt line is a level the hart holds (Hart::set_irq_pending): whatever changes while the
// hart sleeps in WFI or waits in sync() is there when it looks (sleep_until_interrupt); the event only
// ends a sleep early.
void Cpu::connect_irq(unsigned mip_bit, IrqLine& line) {
    line.on_change([this, mip_bit](bool level) {
        hart_->set_irq_pending(mip_bit, level);
        irq_event_.notify(sc_core::SC_ZERO_TIME);
    });
}

void Cpu::connect_external_irq(IrqLine& line) { connect_irq(11, line); }

void Cpu::connect_supervisor_external_irq(IrqLine& line) { connect_irq(9, line); }

void Cpu::connect_software_irq(IrqLine& line) { connect_irq(3, line); }

void Cpu::set_timer(std::function<uint64_t(Tick)> mtime_at,
                    std::function<void(std::function<void(Tick)>)> subscribe_deadline) {
    mtime_at_ = std::move(mtime_at);
    subscribe_deadline([this](Tick deadline) {
        hart_->set_timer_deadline(deadline == kTickMax ? ~uint64_t(0) : div_ceil(deadline, period_));
        irq_event_.notify(sc_core::SC_ZERO_TIME);
    });
}

void Cpu::set_tohost(uint32_t addr) { hart_->set_tohost(addr); }

void Cpu::set_reset_pc(uint32_t pc) {
    cfg_.reset_pc = pc;
    hart_->set_pc(pc);
}

// ---------------------------------------------------------------------------------------------
// The hart's thread: run a quantum, synchronise, repeat.

void Cpu::thread() {
    host_start_ = std::chrono::steady_clock::now();
    if (cfg_.dmi) request_dmi(hart_->pc());
    if (debugger_) debugger_(iss::StopReason::Step);
    restart_checkpoints();
    while (!exited_) {
        const Tick quantum = this->quantum();
        // Run to the end of the quantum that the kernel's current time lies in (boundaries are
        // multiples of the quantum, so the schedule does not depend on where the hart stopped), or
        // further while nothing else in the system can observe the hart (run_limit()).
        const Tick boundary = (sim_now() / quantum + 1) * quantum;
        const uint64_t limit = run_limit();
        // A long quantum runs in chunks, so that host-time limits and signals stop it within
        // milliseconds (resuming run() is exactly equivalent to not having returned).
        const uint64_t chunk_end = std::min(limit, hart_->cycles() + kCyclesBetweenChecks);
        // GDB stub single-step: one instruction, synchronising when it crosses the quantum boundary.
        const iss::StopReason why = single_step_ ? hart_->step() : hart_->run(chunk_end);
        if (single_step_ && why == iss::StopReason::Step && local_time() >= boundary) sync();
        // The end of a chunk, or an access that woke another part of the system lowered the limit
        // (access()): look again where this run may go.
        if (why == iss::StopReason::CycleLimit && hart_->cycles() < limit) {
            if (ctx_.interrupted()) {
                exited_ = true;
                publish_stats();
                ctx_.request_stop(ctx_.interrupt_code(), ctx_.interrupt_reason(), local_time());
            }
            continue;
        }
        switch (why) {
            case iss::StopReason::CycleLimit:
                sync();
                if (debug_poll_) debug_poll_();  // GDB stub: Ctrl-C, breakpoint at the next instruction
                break;
            case iss::StopReason::Wfi:
                sleep_until_interrupt();
                if (debug_poll_) debug_poll_();  // GDB stub
                break;
            case iss::StopReason::Exit:
                exited_ = true;
                publish_stats();
                ctx_.request_stop(exit_code_, name_ + " exited with code " + std::to_string(exit_code_), local_time());
                break;
            case iss::StopReason::Trap:
                if (debugger_) debugger_(why);  // GDB stub: inspect the faulting state; the run ends after it
                fatal_trap();
                break;
            case iss::StopReason::Breakpoint:
            case iss::StopReason::Watchpoint:
            case iss::StopReason::Step:
                if (debugger_) debugger_(why);
                break;
        }
    }
}

// Quantum-independent run-ahead. Under the quantum scheme the hart synchronises at every quantum
// boundary; at a boundary where the kernel has nothing to do (no event up to it, no other initiator
// working) that synchronisation changes nothing: no process runs, nothing the hart reads or writes
// changes. So the hart may skip every boundary before the next kernel event and stop only at the last
// boundary before it; from there it runs one ordinary quantum, and the kernel processes the event
// exactly where it would have. The hart's own timer is already exact (a deadline it compares with its
// cycle count). Results are therefore the same as at every boundary (tested: byte-identical
// stats.json). It stops also before the run's simulated-time limit, and after at most kRunAheadMax,
// so that shared resources' timelines, pruned up to the kernel's time, stay short. While another
// initiator works, the hart synchronises at every boundary as before.
Tick Cpu::quantum() const { return std::max<Tick>(1, to_tick(tlm_utils::tlm_quantumkeeper::get_global_quantum())); }

uint64_t Cpu::boundary_after(Tick t) const { return div_ceil((t / quantum() + 1) * quantum(), period_); }

uint64_t Cpu::run_limit() const {
    const Tick quantum = this->quantum();
    const Tick now = sim_now();
    Tick until = (now / quantum + 1) * quantum;
    if (cfg_.run_ahead && !debugger_ && !debug_poll_ && !single_step_ && !ctx_.other_initiators_active() &&
        !sc_core::sc_pending_activity_at_current_time()) {
        Tick next = std::min(ctx_.time_horizon(), now + kRunAheadMax);
        if (sc_core::sc_pending_activity_at_future_time())
            next = std::min(next, now + to_tick(sc_core::sc_time_to_pending_activity()));
        if (next > now) until = std::max(until, (next - 1) / quantum * quantum);
    }
    return std::max<uint64_t>(div_ceil(until, period_), hart_->cycles());
}

// The hart has synchronised: its next checkpoint is the boundary it would stop at without run-ahead.
// The common case, a quantum of whole cycles, leaves the boundaries after it to the hart: they are
// the multiples of the quantum in cycles.
void Cpu::restart_checkpoints() {
    last_crossing_ = sim_now();
    const Tick q = quantum();
    hart_->set_checkpoint(boundary_after(last_crossing_), q % period_ == 0 ? q / period_ : 0);
}

// Run-ahead passed a quantum boundary where the hart would have synchronised: remember the time, so
// that the kernel's time at the next bus access is what it would have been (access()).
uint64_t Cpu::checkpoint(uint64_t cycle) {
    last_crossing_ = cycle * period_;
    return boundary_after(last_crossing_);
}

Tick Cpu::last_crossing() const {
    const uint64_t passed = hart_->checkpoint_passed();  // (a periodic checkpoint the hart noted)
    return passed != iss::Hart::kNoCheckpoint ? passed * period_ : last_crossing_;
}

void Cpu::sync() {
    publish_stats();
    const Tick t = local_time();
    if (t > sim_now()) wait(to_sc_time(t - sim_now()));
    restart_checkpoints();
}

// Asleep in WFI. Every interrupt line is a level the hart holds (set_irq_pending), so whatever was
// raised while sync() waited is already there: look first, sleep only when nothing wakes the hart
// (an event notified during sync()'s timed wait is gone; waiting for it would sleep for ever).
void Cpu::sleep_until_interrupt() {
    sync();
    for (;;) {
        // run() decides whether the hart wakes (an enabled interrupt is pending) or sleeps on.
        const iss::StopReason why = hart_->run(hart_->cycles());
        if (why == iss::StopReason::Exit) exited_ = true;
        if (why != iss::StopReason::Wfi) return;
        // A deadline still ahead ends the sleep (the hart then decides whether its timer wakes it); one
        // already passed did not wake it (MTIE off) and must not make this a busy loop.
        const uint64_t deadline = hart_->timer_deadline();
        if (deadline != ~uint64_t(0) && deadline * period_ > sim_now()) {
            wait(to_sc_time(deadline * period_ - sim_now()), irq_event_);
        } else {
            log_->debug("WFI with no timer armed at pc 0x{:08x}: waiting for an external event", hart_->pc());
            wait(irq_event_);
        }
        hart_->idle_until(div_ceil(sim_now(), period_));
        restart_checkpoints();
    }
}

void Cpu::fatal_trap() {
    exited_ = true;
    publish_stats();
    iss::TrapInfo trap = hart_->last_trap();
    uint32_t mtvec = 0;
    hart_->read_csr(iss::kCsr_mtvec, mtvec);
    // With no handler installed (or a handler that faults at its first instruction) the hart stops
    // on the handler's own fault; the trap that matters is the one that led there, still in the CSRs.
    // Only if there was one: a program can also fault at the mtvec address on its own.
    const bool handler_faulted = trap.pc == (mtvec & ~3u) && hart_->stats().traps > 0;
    const iss::TrapInfo handler_fault = trap;
    if (handler_faulted) {
        hart_->read_csr(iss::kCsr_mcause, trap.cause);
        hart_->read_csr(iss::kCsr_mepc, trap.pc);
        hart_->read_csr(iss::kCsr_mtval, trap.tval);
        hart_->set_pc(trap.pc);  // so the report disassembles the faulting instruction
    }
    const std::string report = iss::fault_report(*hart_, trap, symbolize_);
    std::fprintf(stderr, "\n*** %s: unhandled trap, simulation stopped ***\n%s", name_.c_str(), report.c_str());
    std::fprintf(stderr, "mcause=0x%08x (%s) mepc=0x%08x <%s> mtval=0x%08x\n", trap.cause, iss::cause_name(trap.cause),
                 trap.pc, symbolize_ ? symbolize_(trap.pc).c_str() : "?", trap.tval);
    if (handler_faulted)
        std::fprintf(stderr, "No usable trap handler: mtvec=0x%08x, and executing there raised %s (mtval=0x%08x).\n",
                     mtvec, iss::cause_name(handler_fault.cause), handler_fault.tval);
    std::fflush(stderr);
    ctx_.request_stop(kExitTrap, name_ + ": unhandled trap (" + std::string(iss::cause_name(trap.cause)) + ")",
                      local_time());
}

void Cpu::publish_stats() {
    const iss::HartStats s = hart_->stats();
    cycles_.value = s.cycles;
    instret_.value = s.instret;
    stall_fetch_.value = s.stall_fetch;
    stall_data_.value = s.stall_data;
    stall_exec_.value = s.stall_exec;
    idle_.value = s.idle;
    traps_.value = s.traps;
    if (s.page_walks && !page_walks_) {
        page_walks_ = &stats_.counter("page_walks", "count", "Sv32 page-table walks (translation cache misses)");
        page_walk_cycles_ = &stats_.counter("page_walk_cycles", "cycles",
                                            "cycles of the walks' page-table reads (through the PMP and the caches)");
        page_faults_ = &stats_.counter("page_faults", "count", "walks that ended in a page fault");
    }
    if (page_walks_) {
        page_walks_->value = s.page_walks;
        page_walk_cycles_->value = s.page_walk_cycles;
        page_faults_->value = s.page_faults;
    }
}

void Cpu::finalize() {
    publish_stats();
    host_seconds_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - host_start_).count();
    ctx_.note_end_time(local_time());
    // (With several harts one parked in WFI while another ends the run is the normal end, as on QEMU;
    // every hart asleep is the platform's deadlock report.)
    if (!exited_ && hart_->waiting() && cfg_.harts == 1)
        VP_WARN(log_, "run ended with the hart asleep in WFI at pc 0x{:08x} (no interrupt source left)", hart_->pc());
}

std::string Cpu::summary() const {
    char buf[200];
    const double ipc = cycles_.value ? double(instret_.value) / double(cycles_.value) : 0.0;
    const double mips = host_seconds_ > 0 ? double(instret_.value) / host_seconds_ / 1e6 : 0.0;
    snprintf(buf, sizeof buf,
             "%llu instructions, %llu cycles, IPC %.3f, stalls fetch/data/exec %llu/%llu/%llu, %.1f MIPS (host)",
             (unsigned long long)instret_.value, (unsigned long long)cycles_.value, ipc,
             (unsigned long long)stall_fetch_.value, (unsigned long long)stall_data_.value,
             (unsigned long long)stall_exec_.value, mips);
    return buf;
}

// ---------------------------------------------------------------------------------------------
// Memory

bool dmi_fast_region(tlm::tlm_fw_transport_if<>& fw, uint32_t addr, Tick period, iss::FastRegion& r) {
    tlm::tlm_generic_payload p;
    tlm::tlm_dmi dmi;
    p.set_address(addr);
    p.set_command(tlm::TLM_READ_COMMAND);
    if (!fw.get_direct_mem_ptr(p, dmi)) return false;
    if (!dmi.is_read_allowed()) return false;
    const uint64_t lo = dmi.get_start_address(), hi = dmi.get_end_address();
    if (lo > 0xFFFFFFFFull) return false;
    r.host = dmi.get_dmi_ptr();
    r.base = uint32_t(lo);
    r.size = uint32_t(std::min<uint64_t>(hi, 0xFFFFFFFFull) - lo + 1);
    r.read = true;
    r.write = dmi.is_write_allowed();
    r.exec = true;
    r.read_cycles = uint32_t(div_ceil(to_tick(dmi.get_read_latency()), period));
    r.write_cycles = uint32_t(div_ceil(to_tick(dmi.get_write_latency()), period));
    return true;
}

bool acquire_dmi(tlm::tlm_fw_transport_if<>& fw, iss::Hart& hart, uint32_t addr, Tick period, iss::FastRegion& r) {
    if (!dmi_fast_region(fw, addr, period, r)) return false;
    hart.remove_fast_regions(r.base, r.size);
    hart.add_fast_region(r);
    return true;
}

void invalidate_fast_regions(iss::Hart& hart, uint64_t start, uint64_t end) {
    if (start > 0xFFFFFFFFull) return;
    end = std::min<uint64_t>(end, 0xFFFFFFFFull);
    hart.remove_fast_regions(uint32_t(start), uint32_t(end - start + 1));
}

void Cpu::request_dmi(uint32_t addr) {
    iss::FastRegion r;
    if (!acquire_dmi(*socket.operator->(), *hart_, addr, period_, r)) return;
    ++dmi_regions_;
    log_->debug("DMI [0x{:08x}, 0x{:08x}] read {} / write {} cycles", r.base, uint64_t(r.base) + r.size - 1,
                r.read_cycles, r.write_cycles);
}

void Cpu::invalidate_direct_mem_ptr(sc_dt::uint64 start, sc_dt::uint64 end) {
    invalidate_fast_regions(*hart_, start, end);
}

// ---------------------------------------------------------------------------------------------
// Caches

void Cpu::attach_caches(Cache* l1i, Cache* l1d, Cache* l2) {
    l1i_ = l1i;
    l1d_ = l1d;
    l2_ = l2;
    for (Cache* c : {l1i, l1d}) {
        if (!c) continue;
        c->add_own_initiator(trace_id());
        for (Cache* other : {l1i, l1d})
            if (other && other != c) c->add_own_initiator(other->trace_id());
    }
    // Another master rewrote code the hart may have decoded: decode again at the next fetch.
    if (l1i)
        l1i->on_line_dropped([this](uint64_t line) {
            hart_->invalidate_decoded(uint32_t(line), l1i_->config().geometry.line);
            hart_->forget_fetch_line();
        });
    if (l1i) fetch_line_bits_ = unsigned(__builtin_ctz(l1i->config().geometry.line));
    hart_->set_mem_timing(l1i || l1d ? static_cast<iss::MemTiming*>(this) : nullptr);
    grant_repeat_hits();
}

void Cpu::grant_repeat_hits() {
    // A hit the hart repeats on its own is not seen here: not with an access log, which lists every access.
    const bool on = cfg_.repeat_hits && !access_log_;
    if (l1d_) l1d_->grant_repeat_hits(on ? &hart_->repeat_hits(false) : nullptr);
    if (l1i_) l1i_->grant_repeat_hits(on ? &hart_->repeat_hits(true) : nullptr);
}

void Cpu::set_peers(std::vector<Cpu*> peers) {
    peers_ = std::move(peers);
    if (peers_.empty() || coherence_invalidations_) return;
    coherence_invalidations_ =
        &stats_.counter("coherence_invalidations", "count", "lines this hart's stores took from other harts' L1Ds");
    coherence_downgrades_ = &stats_.counter("coherence_downgrades", "count",
                                            "lines this hart's loads found dirty in other L1Ds (written back, M -> S)");
    coherence_stall_ = &stats_.counter("coherence_stall", "cycles",
                                       "cycles this hart's accesses waited for dirty copies in other L1Ds");
}

Tick Cpu::coherence(uint32_t addr, bool write, Tick at) {
    Tick start = at;
    for (Cpu* p : peers_) {
        if (!p->l1d_) continue;
        if (write) {
            iss::HostFpFlagsKept kept;  // (a write-back calls into the bus and the memories)
            Tick done = at;
            if (p->l1d_->snoop_invalidate(addr, at, ext_, done)) {
                ++*coherence_invalidations_;
                start = std::max(start, done);
            }
        } else {
            // MSI: a load of a line another L1D holds Modified makes that copy write back and stay
            // Shared (clean): its next store comes back here and invalidates this hart's copy (a clean
            // line grants no repeated stores, models/common/repeat_hits.h).
            iss::HostFpFlagsKept kept;
            Tick done = at;
            if (p->l1d_->snoop_clean(addr, at, ext_, done)) {
                ++*coherence_downgrades_;
                start = std::max(start, done);
            }
            RepeatHits& r = p->hart_->repeat_hits(false);
            r.revoke_line(uint64_t(addr) >> r.shift);
        }
    }
    if (start > at) *coherence_stall_ += div_ceil(start - at, period_);
    return start;
}

uint32_t Cpu::cached(Cache& cache, uint32_t addr, unsigned len, bool write, uint64_t now) {
    Tick at = now * period_;
    ext_.pc = hart_->pc();
    ext_.trace_id = 0;
    ext_.trace_component = 0;
    const Tick issued = at;
    if (!peers_.empty() && &cache == l1d_) at = coherence(addr, write, at);
    // Called from the ISS's inline load/store and fetch paths, where the host FP exception flags stand
    // for the guest's pending fflags (iss/env.h, MemTiming). A hit runs integer code only; a miss calls
    // into the bus, the L2 and the memory models, which may raise host flags: the L1 keeps them around
    // each miss (only there: testing the flags on every access would cost every access).
    const Tick done = cache.access<iss::HostFpFlagsKept>(addr, len, write, at, ext_);
    cache.grant_after_miss(addr, done);  // (the hart goes on at `done` or later)
    return done > issued ? uint32_t(div_ceil(done - issued, period_)) : 0;
}

uint32_t Cpu::data_access(iss::AccessKind kind, uint32_t addr, unsigned len, uint64_t now, uint32_t region_cycles) {
    const bool write = iss::is_write(kind);
    if (access_log_) access_log_->add(addr, write ? cache::AccessLog::Store : cache::AccessLog::Load, len);
    if (!l1d_ || !l1d_->cacheable(addr)) return region_cycles;
    return cached(*l1d_, addr, len, write, now);
}

uint32_t Cpu::fetch_line(uint32_t addr, uint64_t now) {
    // One lookup of the line holding pc (the upper half of a 4-byte instruction straddling two lines
    // is not looked up separately; the next line is when execution enters it).
    if (access_log_) access_log_->add(addr, cache::AccessLog::FetchLine, 2);
    if (l1i_ && l1i_->cacheable(addr)) return cached(*l1i_, addr, 2, false, now);
    for (const iss::FastRegion& r : hart_->fast_regions())
        if (addr - r.base < r.size) return r.read_cycles;
    return 0;
}

void Cpu::cache_op(iss::CacheOp op, uint32_t addr, uint64_t& cycles) {
    const Tick at = (hart_->cycles() + cycles) * period_;
    ext_.pc = hart_->pc();
    Tick done = at;
    // L1D gets the operation as written. The shared L2 is where other masters see memory: clean and
    // flush write back there too; an invalidation flushes the L2 line (the spec allows cbo.inval to
    // act as a flush), so data another master wrote into the L2 is never thrown away.
    const Cache::Maint l1 = op == iss::CacheOp::Clean   ? Cache::Maint::Clean
                            : op == iss::CacheOp::Flush ? Cache::Maint::Flush
                                                        : Cache::Maint::Invalidate;
    // Both act on the platform's cache block (VP_CBO_BLOCK_SIZE), whatever their line sizes.
    if (l1d_ && l1d_->cacheable(addr))
        done = std::max(done, l1d_->maintain_block(l1, addr, VP_CBO_BLOCK_SIZE, at, ext_));
    // With several harts the block is cleaned / flushed in every coherent L1D (Zicbom: the operation
    // acts on the copies in all coherent caches): a peer's dirty copy is written back, and for a flush
    // or an invalidation dropped (a peer's data is never discarded: cbo.inval flushes there).
    for (Cpu* p : peers_)
        if (p->l1d_ && p->l1d_->cacheable(addr)) {
            iss::HostFpFlagsKept kept;  // (a write-back calls into the bus and the memories)
            const Cache::Maint peer_op = l1 == Cache::Maint::Clean ? Cache::Maint::Clean : Cache::Maint::Flush;
            done = std::max(done, p->l1d_->maintain_block(peer_op, addr, VP_CBO_BLOCK_SIZE, at, ext_));
        }
    if (l2_ && l2_->cacheable(addr))
        done = std::max(done, l2_->maintain_block(l1 == Cache::Maint::Clean ? Cache::Maint::Clean : Cache::Maint::Flush,
                                                  addr, VP_CBO_BLOCK_SIZE, at, ext_));
    cycles += done > at ? div_ceil(done - at, period_) : 0;
}

// ---------------------------------------------------------------------------------------------

iss::MemStatus Cpu::access(iss::AccessKind kind, uint32_t addr, void* data, unsigned len, uint64_t& cycles) {
    // A cacheable access outside the DMI fast path (dmi: false): the L1 times it, the data moves
    // through the untimed debug path (the memory always holds the current data).
    Cache* l1 = kind == iss::AccessKind::Fetch ? l1i_ : l1d_;
    if (l1 && l1->cacheable(addr)) {
        const bool write = iss::is_write(kind);
        if (access_log_)
            access_log_->add(addr,
                             kind == iss::AccessKind::Fetch ? cache::AccessLog::FetchLine
                             : write                        ? cache::AccessLog::Store
                                                            : cache::AccessLog::Load,
                             len);
        if (!debug_access(write, addr, data, len)) return iss::MemStatus::AccessFault;
        cycles += cached(*l1, addr, len, write, hart_->cycles() + cycles);
        return iss::MemStatus::Ok;
    }
    // Under run-ahead the kernel lags behind the last boundary the hart passed; nothing happens in
    // between (run_limit()), so bring it there: the target sees the kernel time it would see had the
    // hart synchronised at every boundary (a DMA started by this access starts at the same time).
    if (const Tick crossed = last_crossing(); crossed > sim_now()) wait(to_sc_time(crossed - sim_now()));
    const Tick issue = (hart_->cycles() + cycles) * period_;
    prepare_transfer(payload_, iss::is_write(kind), addr, static_cast<unsigned char*>(data), len);
    ext_.pc = hart_->pc();
    ext_.trace_id = 0;
    ext_.trace_component = 0;
    const Tick now = sim_now();
    sc_core::sc_time delay = to_sc_time(issue > now ? issue - now : 0);
    socket->b_transport(payload_, delay);
    const Tick done = now + to_tick(delay);
    cycles += div_ceil(done > issue ? done - issue : 0, period_);
    ++bus_accesses_;
    // The access may have started another initiator (a doorbell) or scheduled an event (a device
    // timer, an interrupt): the run-ahead ends before it (run_limit()).
    if (cfg_.run_ahead) hart_->lower_cycle_limit(run_limit());
    if (cfg_.dmi && payload_.is_dmi_allowed()) request_dmi(addr);
    // The access ended the run (the test finisher): no further instruction executes, as on silicon.
    if (ctx_.stop_requested()) hart_->request_stop(iss::StopReason::Exit);
    return payload_.is_response_ok() ? iss::MemStatus::Ok : iss::MemStatus::AccessFault;
}

bool Cpu::debug_access(bool write, uint32_t addr, void* data, unsigned len) {
    return debug_transfer(socket, write, addr, data, len) == len;
}

uint64_t Cpu::read_time() {
    const Tick t = local_time();
    return mtime_at_ ? mtime_at_(t) : t / (100 * kNs);  // without a CLINT: a 10 MHz count of time
}

void Cpu::console_write(const char* s, size_t n) {
    std::fwrite(s, 1, n, stdout);
    std::fflush(stdout);
}

void Cpu::warning(const std::string& message) { VP_WARN(log_, "{}", message); }

void Cpu::set_semihosting_sandbox(const std::string& run_out_dir) {
    hart_->set_semihosting_root(!cfg_.semihosting_files        ? ""
                                : cfg_.semihosting_dir.empty() ? run_out_dir
                                                               : cfg_.semihosting_dir);
}

void Cpu::exit_request(int code) { exit_code_ = code; }

bool Cpu::tohost_write(uint32_t value) {
    if ((value & 1) == 0) {
        VP_WARN(log_, "tohost write 0x{:08x}: HTIF syscall proxy not supported, ignored", value);
        return false;
    }
    exit_code_ = int(value >> 1);
    return true;
}

}  // namespace vp
