#include "models/lapp/lapp_device.h"

#include <tlm_utils/tlm_quantumkeeper.h>

#include <cstdio>

#include "models/common/debug_transfer.h"
#include "models/cpu/cpu.h"
#include "models/memory/memory.h"
#include "vp/regs/lapp.h"

namespace vp {

namespace {
std::string hex(uint32_t v) {
    char b[16];
    std::snprintf(b, sizeof b, "0x%08x", v);
    return b;
}

CacheConfig way_cache(uint64_t size, unsigned ways, unsigned line, Tick hit) {
    CacheConfig c;
    c.geometry.size = size;
    c.geometry.ways = ways;
    c.geometry.line = line;
    c.hit_latency = hit;
    return c;
}

iss::HartConfig first_stage_config(const LappConfig& cfg) {
    iss::HartConfig h;
    h.misa = iss::kMisaI | iss::kMisaM | iss::kMisaF;  // RV32IMF
    h.zicbom = false;
    h.semihosting = false;
    h.stop_on_exceptions = ~0u;  // no trap handler: any exception ends the run
    h.fpu_on_at_reset = true;
    h.timing = cfg.timing;
    return h;
}
}  // namespace

namespace {
LappConfig checked(LappConfig c) {
    config::validate(c);
    c.array_cfg.line_bytes = c.line;  // the prefetch ways are ways of the L1
    c.array_cfg.way_bytes = unsigned(c.l1_size / 4);
    return c;
}
}  // namespace

std::unique_ptr<Device> LappDevice::create(DeviceContext& dc, const std::string& name, const LappConfig& cfg) {
    auto d = std::make_unique<LappDevice>(name.c_str(), dc.sim, cfg);
    if (dc.ram) d->set_cacheable(dc.ram_base, dc.ram->size());
    return d;
}

LappDevice::LappDevice(sc_core::sc_module_name name, SimContext& ctx, const LappConfig& cfg)
    : MmioDevice(name, ctx, cfg, LAPP_WINDOW_SIZE),
      initiator_socket("initiator_socket"),
      cache_port_("cache_port"),
      cfg_(checked(cfg)),
      period_(period_of(cfg.clock_hz)),
      runs_(stats_.counter("runs", "count", "functions started (START)")),
      run_errors_(stats_.counter("run_errors", "count", "runs that ended with a trap or were aborted")),
      cycles_(stats_.counter("cycles", "cycles", "cycles of all runs (START to the end)")),
      instret_(stats_.counter("instret", "count", "instructions retired, array included")),
      normal_insns_(stats_.counter("normal_insns", "count", "instructions the first stage executed in normal mode")),
      array_insns_(stats_.counter("array_insns", "count", "instructions executed on the array")),
      array_cycles_(stats_.counter("array_cycles", "cycles", "cycles in array setup and execution")),
      setup_cycles_(
          stats_.counter("setup_cycles", "cycles",
                         "array setup: capture, mapping, configuration, prefill (rejected: capture, mapping)")),
      stall_cycles_(stats_.counter("stall_cycles", "cycles", "array stalled waiting for prefetched lines")),
      setups_(stats_.counter("setups", "count", "array setups (a DCPL-armed loop head reached)")),
      mapped_(stats_.counter("loops_mapped", "count", "setups that mapped the loop onto the array")),
      rejected_(stats_.counter("loops_rejected", "count", "setups whose loop the mapper rejected (normal mode)")),
      iterations_(stats_.counter("iterations", "count", "loop iterations executed on the array")),
      interrupted_(stats_.counter("interrupted", "count", "array runs stopped for an interrupt")),
      violations_(stats_.counter("window_violations", "count",
                                 "array runs stopped on a window/dataflow violation (a mapping error; should be 0)")),
      dcpl_(stats_.counter("dcpl", "count", "DCPL instructions executed")),
      dcpl_ignored_(stats_.counter("dcpl_ignored", "count", "DCPLs ignored (reserved bits, no loop after them)")),
      setlo_(stats_.counter("setlo", "count", "SETLO instructions executed")),
      setlo_ignored_(stats_.counter("setlo_ignored", "count", "SETLOs ignored (reserved bits)")),
      squashed_(stats_.counter("squashed", "count", "iterations issued past the loop exit and squashed")),
      lines_(stats_.counter("prefetch_lines", "count", "lines the prefetch ways read through the bus")),
      start_ignored_(stats_.counter("start_ignored", "count", "START written while a run was in progress")) {
    way0_ = std::make_unique<Cache>("way0", ctx, way_cache(cfg_.l1_size / 4, 1, cfg_.line, cfg_.l1_hit), false);
    if (cfg_.icache_size)
        icache_ = std::make_unique<Cache>("icache", ctx, way_cache(cfg_.icache_size, 2, cfg_.line, 0), false);
    for (Cache* c : caches()) {
        c->add_own_initiator(trace_id());
        for (Cache* o : caches()) c->add_own_initiator(o->trace_id());
        c->initiator_socket.bind(cache_port_);
    }
    cache_port_.register_b_transport(this, &LappDevice::cache_b_transport);
    cache_port_.register_transport_dbg(this, &LappDevice::cache_transport_dbg);
    hart_ = std::make_unique<iss::Hart>(first_stage_config(cfg_), *this);
    auto ctl = std::make_unique<lapp::ModeController>(cfg_.array_cfg, *static_cast<lapp::MemoryPort*>(this));
    ctl_ = ctl.get();
    ctl_->set_array_enabled(cfg_.array);
    ctl_->set_log([this](int level, const std::string& msg) {
        if (level >= 2)
            VP_WARN(log_, "{}", msg);
        else if (level == 1)
            log_->info("{}", msg);
        else
            log_->debug("{}", msg);
    });
    ctl_->set_stop_check([this] { return ctx_.interrupted(); });
    ctl_->set_on_array_run([this](uint32_t head, uint64_t from, uint64_t exec, uint64_t to) {
        if (ctx_.tracer.enabled()) {
            ctx_.tracer.region_begin(trace_id(), "array " + hex(head), from * period_);
            ctx_.tracer.region_end(trace_id(), to * period_);
        }
        array_runs_.push_back({from * period_, exec * period_, to * period_});
        if (array_runs_.size() > 16) array_runs_.pop_front();
    });
    hart_->add_extension(std::move(ctl));
    if (icache_) fetch_line_bits_ = unsigned(__builtin_ctz(cfg_.line));
    hart_->set_mem_timing(static_cast<iss::MemTiming*>(this));
    payload_.set_extension(&ext_);
    ext_.initiator = trace_id();
    initiator_socket.register_invalidate_direct_mem_ptr(this, &LappDevice::invalidate_direct_mem_ptr);

    // Energy ledger (docs/lapp.md): the first stage per instruction, the array per event.
    auto& e = ctx.energy;
    e_insn_ = e.define(name_, "insn", cfg_.e_insn);
    e_setup_insn_ = e.define(name_, "setup_insn", cfg_.e_setup_insn);
    const double op_pj[lapp::kOpClasses] = {cfg_.e_alu, cfg_.e_mul,   cfg_.e_fadd, cfg_.e_fmul,
                                            cfg_.e_fma, cfg_.e_fmisc, 0,           0};
    const char* op_name[lapp::kOpClasses] = {"op_alu", "op_mul",   "op_fadd", "op_fmul",
                                             "op_fma", "op_fmisc", "op_load", "op_store"};
    for (unsigned k = 0; k < lapp::kOpClasses; ++k) e_op_[k] = e.define(name_, op_name[k], op_pj[k]);
    e_preg_ = e.define(name_, "preg_word", cfg_.e_preg);
    e_l0_ = e.define(name_, "l0_move", cfg_.e_l0);
    e_lb_write_ = e.define(name_, "lb_write", cfg_.e_lb_write);
    e_lb_read_ = e.define(name_, "lb_read", cfg_.e_lb_read);
    e_tag_compare_ = e.define(name_, "tag_compare", cfg_.e_tag_compare);
    e_sb_ = e.define(name_, "sb_access", cfg_.e_sb);
    const double way_pj = sram_access_pj(cfg_.l1_size / 4);
    e_prefetch_fill_ = e.define(name_, "prefetch_fill", way_pj * cfg_.line / 8);
    e_prefetch_read_ = e.define(name_, "prefetch_read", way_pj);

    declare_registers();
    SC_HAS_PROCESS(LappDevice);
    SC_THREAD(thread);
    SC_METHOD(on_irq_event);
    sensitive << irq_events_;
    dont_initialize();
}

LappDevice::~LappDevice() { payload_.clear_extension(&ext_); }

void LappDevice::set_cacheable(uint64_t base, uint64_t size) {
    for (Cache* c : caches()) {
        if (base) c->add_uncached(0, base);
        if (base + size > base) c->add_uncached(base + size, ~uint64_t(0) - (base + size));
    }
}

void LappDevice::cache_b_transport(int, tlm::tlm_generic_payload& p, sc_core::sc_time& delay) {
    initiator_socket->b_transport(p, delay);
}

unsigned LappDevice::cache_transport_dbg(int, tlm::tlm_generic_payload& p) {
    return initiator_socket->transport_dbg(p);
}

std::vector<Cache*> LappDevice::caches() {
    std::vector<Cache*> v;
    if (way0_) v.push_back(way0_.get());
    if (icache_) v.push_back(icache_.get());
    return v;
}

// ---------------------------------------------------------------------------------------------
// Registers

void LappDevice::declare_registers() {
    regs_.add("id", LAPP_ID, 4).reads([](const RegAccess&) { return LAPP_ID_VALUE; });
    regs_.add("config", LAPP_CONFIG, 4).reads([this](const RegAccess&) -> uint64_t {
        const lapp::ArrayConfig& a = cfg_.array_cfg;
        return (a.stages & 0xFFu) | (std::min(a.lb_words, 255u) << 8) |
               (a.local_buffer == lapp::LocalBufferKind::Optimized ? LAPP_CONFIG_OPTIMIZED : 0) |
               (cfg_.array ? LAPP_CONFIG_ARRAY : 0);
    });
    regs_.add("ctrl", LAPP_CTRL, 4)
        .writes([this](uint64_t v, const RegAccess& a) {
            if (v & LAPP_CTRL_ABORT) {
                if (busy_) abort_ = true;
                return;
            }
            if (!(v & LAPP_CTRL_START)) return;
            if (busy_) {
                ++start_ignored_;
                VP_WARN(log_, "START while a run is in progress: ignored");
                return;
            }
            busy_ = true;
            abort_ = false;
            start_at_ = a.at;
            start_event_.notify(to_sc_time(a.at > sim_now() ? a.at - sim_now() : 0));
        })
        .no_debug_write();
    regs_.add("status", LAPP_STATUS, 4).reads([this](const RegAccess& a) -> uint64_t {
        if (busy_ || a.at < status_at_) return LAPP_STATUS_BUSY | mode_at(a.at) << 8;
        return status_;
    });
    regs_.add("irq_en", LAPP_IRQ_EN, 4)
        .reads([this](const RegAccess&) { return irq_en_; })
        .writes([this](uint64_t v, const RegAccess&) {
            irq_en_ = uint32_t(v) & 1u;
            irq_.set(irq_flag_ && irq_en_);
        });
    regs_.add("irq", LAPP_IRQ, 4)
        .reads([this](const RegAccess&) -> uint64_t { return irq_flag_ ? 1 : 0; })
        .writes([this](uint64_t v, const RegAccess&) {
            if (v & 1) irq_flag_ = false;
            irq_.set(irq_flag_ && irq_en_);
        });
    auto rw = [this](const char* n, uint64_t off, uint32_t& reg) {
        regs_.add(n, off, 4)
            .reads([&reg](const RegAccess&) { return reg; })
            .writes([&reg](uint64_t v, const RegAccess&) { reg = uint32_t(v); });
    };
    rw("entry", LAPP_ENTRY, entry_);
    rw("sp", LAPP_SP, sp_);
    rw("gp", LAPP_GP, gp_);
    for (unsigned i = 0; i < LAPP_ARGS; ++i) {
        regs_.add("arg" + std::to_string(i), LAPP_ARG(i), 4)
            .reads([this, i](const RegAccess&) -> uint64_t { return i < 2 && have_result_ ? ret_[i] : args_[i]; })
            .writes([this, i](uint64_t v, const RegAccess&) { args_[i] = uint32_t(v); });
        regs_.add("farg" + std::to_string(i), LAPP_FARG(i), 4)
            .reads([this, i](const RegAccess&) -> uint64_t { return i == 0 && have_result_ ? fret_ : fargs_[i]; })
            .writes([this, i](uint64_t v, const RegAccess&) { fargs_[i] = uint32_t(v); });
    }
    auto ro = [this](const char* n, uint64_t off, const uint32_t& reg) {
        regs_.add(n, off, 4).reads([&reg](const RegAccess&) { return reg; });
    };
    ro("err_cause", LAPP_ERR_CAUSE, err_cause_);
    ro("err_pc", LAPP_ERR_PC, err_pc_);
    ro("err_tval", LAPP_ERR_TVAL, err_tval_);
    auto ro64 = [this](const char* n, uint64_t off, const uint64_t& reg) {
        regs_.add(std::string(n) + "_lo", off, 4).reads([&reg](const RegAccess&) { return uint32_t(reg); });
        regs_.add(std::string(n) + "_hi", off + 4, 4).reads([&reg](const RegAccess&) { return uint32_t(reg >> 32); });
    };
    ro64("cycles", LAPP_CYCLES_LO, run_cycles_);
    ro64("instret", LAPP_INSTRET_LO, run_instret_);
    ro64("array_cycles", LAPP_ARRAY_CYCLES_LO, run_array_cycles_);
    regs_.add("loops_mapped", LAPP_LOOPS_MAPPED, 4).reads([this](const RegAccess&) { return uint32_t(run_mapped_); });
    regs_.add("loops_rejected", LAPP_LOOPS_REJECTED, 4).reads([this](const RegAccess&) {
        return uint32_t(run_rejected_);
    });
    regs_.add("array_iters", LAPP_ARRAY_ITERS, 4).reads([this](const RegAccess&) { return uint32_t(run_iters_); });
    for (unsigned i = 0; i < LAPP_L0INFO_REGS; ++i)
        regs_.add("l0info" + std::to_string(i), LAPP_L0INFO(i), 4).reads([this, i](const RegAccess&) {
            return ctl_->l0_info().word(i);
        });
}

// The array's mode at time t, as far as the first stage has run (it runs a loop at once, ahead of
// the kernel; an access later than what it has simulated sees normal mode).
uint32_t LappDevice::mode_at(Tick t) const {
    for (const ArrayInterval& r : array_runs_) {
        if (t >= r.setup && t < r.exec) return LAPP_MODE_SETUP;
        if (t >= r.exec && t < r.end) return LAPP_MODE_ARRAY;
    }
    return LAPP_MODE_NORMAL;
}

void LappDevice::on_irq_event() {
    irq_flag_ = true;
    irq_.set(irq_en_ != 0);
}

// ---------------------------------------------------------------------------------------------
// The first stage's thread: wait for START, run the function, report its end.

void LappDevice::start_run() {
    ++runs_;
    have_result_ = false;
    hart_->reset();
    hart_->flush_decode_cache();  // the CPU may have written new code since the last run
    hart_->forget_fetch_line();
    hart_->idle_until(div_ceil(start_at_, period_));
    // The CPU may have rewritten code: the instruction cache starts empty.
    if (icache_) icache_->maintain_all(Cache::Maint::Invalidate, local_time());
    hart_->set_pc(entry_);
    hart_->set_x(1, uint32_t(cfg_.base) + LAPP_RETURN);  // ra: returning ends the run
    hart_->set_x(2, sp_);
    hart_->set_x(3, gp_);
    for (unsigned i = 0; i < LAPP_ARGS; ++i) {
        hart_->set_x(10 + i, args_[i]);
        hart_->set_f(10 + i, fargs_[i]);
    }
    at_start_ = ctl_->stats();
    instret_at_start_ = hart_->instret();
    cycles_at_start_ = hart_->cycles();
    bool mapped = false;
    for (const iss::FastRegion& r : hart_->fast_regions()) mapped = mapped || entry_ - r.base < r.size;
    if (!mapped) request_dmi(entry_);
    log_->debug("run of {} started", hex(entry_));
}

void LappDevice::thread() {
    for (;;) {
        while (!busy_) wait(start_event_);  // a START is pending from the register write on: look first
        activity_.set(true);                // the CPU synchronises at every quantum while the function runs
        start_run();
        uint32_t end = 0;
        while (!end) {
            if (abort_) {
                end = LAPP_STATUS_ABORTED;
                break;
            }
            const Tick quantum = std::max<Tick>(1, to_tick(tlm_utils::tlm_quantumkeeper::get_global_quantum()));
            const Tick boundary = (sim_now() / quantum + 1) * quantum;
            // A long quantum runs in chunks, and the array stops between iterations (ModeController::
            // set_stop_check), so that host limits and signals stop a run within milliseconds.
            const uint64_t limit = std::max<uint64_t>(div_ceil(boundary, period_), hart_->cycles());
            const iss::StopReason why = hart_->run(std::min(limit, hart_->cycles() + kCyclesBetweenChecks));
            if (ctx_.interrupted()) {
                publish();
                ctx_.request_stop(ctx_.interrupt_code(), ctx_.interrupt_reason(), local_time());
                sc_core::wait(stopped_);  // never notified: the simulation ends
            }
            if (why == iss::StopReason::CycleLimit && hart_->cycles() < limit) continue;  // a chunk's end
            const iss::TrapInfo& t = hart_->last_trap();
            switch (why) {
                case iss::StopReason::CycleLimit: {
                    publish();
                    const Tick lt = local_time();
                    if (lt > sim_now()) wait(to_sc_time(lt - sim_now()));
                    break;
                }
                case iss::StopReason::Trap:
                    end = t.cause == iss::kInsnAccessFault && t.tval == uint32_t(cfg_.base) + LAPP_RETURN
                              ? LAPP_STATUS_DONE
                              : LAPP_STATUS_ERROR;
                    err_cause_ = end == LAPP_STATUS_DONE ? 0 : t.cause;
                    err_pc_ = end == LAPP_STATUS_DONE ? 0 : t.pc;
                    err_tval_ = end == LAPP_STATUS_DONE ? 0 : t.tval;
                    break;
                default:  // WFI (the first stage has no interrupt sources), a stop request
                    end = LAPP_STATUS_ERROR;
                    err_cause_ = 0;
                    err_pc_ = hart_->pc();
                    err_tval_ = 0;
                    VP_WARN(log_, "the function stopped at {} ({}): the first stage has no interrupts", hex(err_pc_),
                            iss::stop_reason_name(why));
                    break;
            }
        }
        end_run(end);
    }
}

void LappDevice::end_run(uint32_t status) {
    // A run ends when its results are in memory: way 0 writes back its dirty lines and forgets all, so
    // the CPU reads the results and the next run reads what the CPU wrote (LAPP is not coherent).
    Tick at = local_time();
    if (way0_) at = std::max(at, way0_->maintain_all(Cache::Maint::Flush, at));
    hart_->idle_until(div_ceil(at, period_));
    ret_[0] = hart_->x(10);
    ret_[1] = hart_->x(11);
    fret_ = hart_->f(10);
    have_result_ = status == LAPP_STATUS_DONE;
    const lapp::LappStats& s = ctl_->stats();
    run_cycles_ = hart_->cycles() - cycles_at_start_;
    run_cycles_total_ += run_cycles_;
    run_instret_ = hart_->instret() - instret_at_start_;
    run_array_cycles_ = s.array_cycles - at_start_.array_cycles;
    run_mapped_ = s.mapped - at_start_.mapped;
    run_rejected_ = s.rejected - at_start_.rejected;
    run_iters_ = s.array_iterations - at_start_.array_iterations;
    if (status != LAPP_STATUS_DONE) ++run_errors_;
    if (status == LAPP_STATUS_ERROR)
        VP_WARN(log_, "run of {} ended with a trap: mcause {} at {} (mtval {})", hex(entry_), err_cause_, hex(err_pc_),
                hex(err_tval_));
    log_->info("run of {}: {} cycles, {} instructions, {} on the array ({} loops mapped, {} rejected)", hex(entry_),
               run_cycles_, run_instret_, s.array_insns - at_start_.array_insns, run_mapped_, run_rejected_);
    publish();
    ctx_.note_end_time(at);
    status_ = status;
    status_at_ = at;
    busy_ = false;
    activity_.set(false);
    ctx_.initiator_busy_until(at);  // way 0's write-back ends at `at`
    irq_events_.notify(to_sc_time(at > sim_now() ? at - sim_now() : 0));
}

// Counters and energy: everything since the last publish.
void LappDevice::publish() {
    const lapp::LappStats& s = ctl_->stats();
    const uint64_t insns = hart_->instret();
    cycles_.value = run_cycles_total_;
    instret_.value = insns;
    array_insns_.value = s.array_insns;
    normal_insns_.value = insns - s.array_insns;
    array_cycles_.value = s.array_cycles;
    setup_cycles_.value = s.setup_cycles;
    stall_cycles_.value = s.stall_cycles;
    setups_.value = s.setups;
    mapped_.value = s.mapped;
    rejected_.value = s.rejected;
    iterations_.value = s.array_iterations;
    interrupted_.value = s.interrupted;
    violations_.value = s.violations;
    dcpl_.value = s.dcpl;
    dcpl_ignored_.value = s.dcpl_ignored;
    setlo_.value = s.setlo;
    setlo_ignored_.value = s.setlo_ignored;
    squashed_.value = s.squashed;
    lines_.value = s.ev.lines_fetched;
    auto& e = ctx_.energy;
    e.add(e_insn_, (insns - s.array_insns) - booked_insns_);
    booked_insns_ = insns - s.array_insns;
    e.add(e_setup_insn_, s.setup_insns - booked_.setup_insns);
    for (unsigned k = 0; k < lapp::kOpClasses; ++k) e.add(e_op_[k], s.ev.ops[k] - booked_.ev.ops[k]);
    e.add(e_preg_, s.ev.preg_words - booked_.ev.preg_words);
    e.add(e_l0_, s.ev.l0_moves - booked_.ev.l0_moves);
    e.add(e_lb_write_, s.ev.lb_writes - booked_.ev.lb_writes);
    e.add(e_lb_read_, s.ev.lb_reads - booked_.ev.lb_reads);
    e.add(e_tag_compare_, s.ev.tag_compares - booked_.ev.tag_compares);
    e.add(e_sb_, (s.ev.sb_merges + s.ev.sb_reads) - (booked_.ev.sb_merges + booked_.ev.sb_reads));
    e.add(e_prefetch_fill_, s.ev.lines_fetched - booked_.ev.lines_fetched);
    e.add(e_prefetch_read_, s.ev.l0_pushes - booked_.ev.l0_pushes);
    booked_ = s;
}

void LappDevice::finalize() {
    publish();
    // One statistics group per loop, by head PC.
    for (const auto& [head, r] : ctl_->loops()) {
        char name[48];
        std::snprintf(name, sizeof name, "%s.loop_%08x", name_.c_str(), head);
        StatGroup& g = ctx_.stats.group(name);
        g.counter("body", "count", "loop body instructions").value = r.body;
        g.counter("setups", "count", "array setups at this loop head").value = r.entries;
        g.counter("mapped", "count", "setups that mapped").value = r.mapped;
        g.counter("rejected", "count", "setups the mapper rejected").value = r.rejected;
        for (unsigned k = 1; k < unsigned(lapp::Reject::Count); ++k)
            if (r.rejects[k])
                g.counter(std::string("reject_") + lapp::reject_name(lapp::Reject(k)), "count",
                          "rejections (or runtime stops) for this reason")
                    .value = r.rejects[k];
        g.counter("stages", "count", "stages used (last mapping)").value = r.stages;
        g.counter("ii", "cycles", "initiation interval (last mapping)").value = r.ii;
        g.counter("setup_cycles", "cycles", "setup cycles (last mapping)").value = r.setup_cycles;
        if (r.rejected_setup_cycles)
            g.counter("rejected_setup_cycles", "cycles", "setup cycles of the rejected setups (capture, mapping)")
                .value = r.rejected_setup_cycles;
        g.counter("lb_words_needed", "words", "local-buffer words per way the loop needs (last mapping)").value =
            r.words_needed;
        g.counter("trip", "count", "iterations of the last mapped entry").value = r.trip;
        g.counter("iterations", "count", "iterations executed on the array").value = r.iterations;
        g.counter("cycles", "cycles", "array cycles (setup, stalls, drain)").value = r.cycles;
        g.counter("stall_cycles", "cycles", "cycles waiting for prefetched lines").value = r.stall_cycles;
        g.counter("interrupts", "count", "array runs stopped for an interrupt").value = r.interrupts;
        g.counter("window_violations", "count", "array runs stopped on a mapping error").value = r.violations;
    }
}

std::string LappDevice::summary() const {
    const lapp::LappStats& s = ctl_->stats();
    char b[256];
    const double share = instret_.value ? 100.0 * double(s.array_insns) / double(instret_.value) : 0.0;
    std::snprintf(b, sizeof b,
                  "%llu runs, %llu instructions (%.1f %% on the array), %llu loop setups: %llu mapped, %llu rejected",
                  (unsigned long long)runs_.value, (unsigned long long)instret_.value, share,
                  (unsigned long long)s.setups, (unsigned long long)s.mapped, (unsigned long long)s.rejected);
    return b;
}

// ---------------------------------------------------------------------------------------------
// Memory

void LappDevice::request_dmi(uint32_t addr) {
    iss::FastRegion r;
    acquire_dmi(*initiator_socket.operator->(), *hart_, addr, period_, r);
}

void LappDevice::invalidate_direct_mem_ptr(sc_dt::uint64 start, sc_dt::uint64 end) {
    invalidate_fast_regions(*hart_, start, end);
}

bool LappDevice::transport(bool write, uint32_t addr, uint8_t* data, unsigned len, uint64_t at, uint64_t& done) {
    const Tick issue = at * period_;
    prepare_transfer(payload_, write, addr, data, len);
    ext_.pc = hart_->pc();
    ext_.has_pc = true;
    ext_.trace_id = 0;
    ext_.trace_component = 0;
    const Tick now = sim_now();
    sc_core::sc_time delay = to_sc_time(issue > now ? issue - now : 0);
    initiator_socket->b_transport(payload_, delay);
    const Tick end = now + to_tick(delay);
    done = div_ceil(std::max(end, issue), period_);
    return payload_.is_response_ok();
}

iss::MemStatus LappDevice::access(iss::AccessKind kind, uint32_t addr, void* data, unsigned len, uint64_t& cycles) {
    // The return address: fetching it ends the run (the hart stops on the fetch fault).
    if (kind == iss::AccessKind::Fetch && addr - uint32_t(cfg_.base) - LAPP_RETURN < 4)
        return iss::MemStatus::AccessFault;
    const uint64_t at = hart_->cycles() + cycles;
    uint64_t done = at;
    const bool ok = transport(iss::is_write(kind), addr, static_cast<uint8_t*>(data), len, at, done);
    cycles += done - at;
    if (payload_.is_dmi_allowed()) request_dmi(addr);
    return ok ? iss::MemStatus::Ok : iss::MemStatus::AccessFault;
}

bool LappDevice::debug_access(bool write, uint32_t addr, void* data, unsigned len) {
    return debug_transfer(initiator_socket, write, addr, data, len) == len;
}

void LappDevice::console_write(const char* s, size_t n) { log_->info("console: {}", std::string(s, n)); }

uint32_t LappDevice::cached(Cache& c, uint32_t addr, unsigned len, bool write, uint64_t now) {
    const Tick at = now * period_;
    ext_.pc = hart_->pc();
    ext_.has_pc = true;
    ext_.trace_id = 0;
    ext_.trace_component = 0;
    const Tick done = c.access(addr, len, write, at, ext_);
    return done > at ? uint32_t(div_ceil(done - at, period_)) : 0;
}

uint32_t LappDevice::data_access(iss::AccessKind kind, uint32_t addr, unsigned len, uint64_t now,
                                 uint32_t region_cycles) {
    if (!way0_ || !way0_->cacheable(addr)) return region_cycles;
    return cached(*way0_, addr, len, iss::is_write(kind), now);
}

uint32_t LappDevice::fetch_line(uint32_t addr, uint64_t now) {
    if (icache_ && icache_->cacheable(addr)) return cached(*icache_, addr, 2, false, now);
    for (const iss::FastRegion& r : hart_->fast_regions())
        if (addr - r.base < r.size) return r.read_cycles;
    return 0;
}

bool LappDevice::read_line(uint32_t addr, uint8_t* data, unsigned len, uint64_t at, uint64_t& done) {
    return transport(false, addr, data, len, at, done);
}

void LappDevice::write_record(uint32_t addr, const uint8_t* data, uint8_t mask, unsigned len, uint64_t at) {
    // The data go to memory at once (the caches hold tags only); way 0 times the write (posted: the
    // last stage does not wait for a miss to fill).
    for (unsigned i = 0; i < len; ++i)
        if (mask & (1u << i)) hart_->debug_write(addr + i, data + i, 1);
    if (way0_ && way0_->cacheable(addr)) cached(*way0_, addr, len, true, at);
}

}  // namespace vp
