#include "models/vector/accelerator.h"
#include <algorithm>
#include <cstdio>
#include <stdexcept>
#include <tlm_utils/tlm_quantumkeeper.h>
#include "models/cpu/iss/fault_report.h"
#include "vp/regs/vec.h"

namespace vp {

namespace {

// The accelerator-side end of the doorbell / notify signals: two custom machine-mode CSRs.
class MailboxCsrs : public iss::Extension {
public:
    explicit MailboxCsrs(VecAccel& owner) : owner_(owner) {}
    const char* name() const override { return "vec-mailbox"; }
    iss::ExecResult execute(iss::Hart&, const iss::DecodedInsn&) override { return iss::ExecResult::Next; }
    bool csr_read(iss::Hart&, uint16_t csr, uint32_t& value) override {
        if (csr == VEC_CSR_DOORBELL)
            value = owner_.doorbell_csr();
        else if (csr == VEC_CSR_NOTIFY)
            value = 0;
        else
            return false;
        return true;
    }
    bool csr_write(iss::Hart&, uint16_t csr, uint32_t value) override {
        if (csr == VEC_CSR_DOORBELL)
            owner_.write_doorbell_csr(value);
        else if (csr == VEC_CSR_NOTIFY)
            owner_.notify_from_program(value);
        else
            return false;
        return true;
    }

private:
    VecAccel& owner_;
};

MemoryConfig lm_config(uint32_t size, const VecAccelConfig& c) {
    MemoryConfig m;
    m.size = size;
    m.dmi = true;
    m.timing = "fixed";
    m.fixed.latency = c.lm_latency;
    m.fixed.bandwidth = c.lm_bandwidth;
    return m;
}

}  // namespace

VecAccel::VecAccel(sc_core::sc_module_name name, SimContext& ctx, const VecAccelConfig& cfg)
    : MmioDevice(name, ctx, cfg, VEC_WINDOW_SIZE),
      cfg_(cfg),
      runs_(stats_.counter("runs", "count", "programs started")),
      program_errors_(stats_.counter("program_errors", "count", "programs that ended with an exception")),
      busy_cycles_(stats_.counter("busy_cycles", "cycles", "accelerator cycles from start to end of programs")),
      instret_(stats_.counter("instret", "count", "control-hart instructions retired")),
      vinsns_(stats_.counter("vector_instructions", "count", "vector instructions executed (vset* included)")),
      element_ops_(stats_.counter("element_ops", "count", "vector body elements processed")),
      flops_(stats_.counter("flops", "count", "FP element operations (an FMA counts 2)")),
      vmem_bytes_(stats_.counter("vector_mem_bytes", "bytes", "bytes moved by vector loads and stores")),
      queue_stall_(stats_.counter("queue_full_stall", "cycles", "scalar cycles waiting for a vector queue slot")),
      result_stall_(stats_.counter("scalar_result_stall", "cycles", "scalar cycles waiting for a vector result")),
      doorbell_count_(stats_.counter("doorbells", "count", "DOORBELL writes by the CPU")),
      notify_count_(stats_.counter("notifies", "count", "NOTIFY CSR writes by the program")) {
    config::validate(cfg);
    ilm_ = std::make_unique<Memory>("ilm", ctx, lm_config(cfg.ilm_size, cfg));
    dlm_ = std::make_unique<Memory>("dlm", ctx, lm_config(cfg.dlm_size, cfg));

    iss::HartConfig hc;
    hc.misa = iss::kMisaI | iss::kMisaM | iss::kMisaF;  // RV32IMF: no A, no C
    hc.zicbom = false;
    hc.semihosting = false;
    hc.reset_pc = uint32_t(cfg.ilm_base);
    hc.fpu_on_at_reset = true;
    hc.stop_on_exceptions = ~0u;  // every exception ends the program (ecall: done; others: error)
    hc.timing = cfg.hart_timing;
    hart_ = std::make_unique<iss::Hart>(hc, *this);
    auto unit = std::make_unique<vec::VectorUnit>(cfg.unit);
    unit_ = unit.get();
    hart_->add_extension(std::move(unit));
    hart_->add_extension(std::make_unique<MailboxCsrs>(*this));

    // Code only from the ILM, data only from the DLM: on-chip SRAM, no extra cycles.
    iss::FastRegion code;
    code.host = ilm_->store().data();
    code.base = uint32_t(cfg.ilm_base);
    code.size = cfg.ilm_size;
    code.read = code.write = false;
    code.exec = true;
    hart_->add_fast_region(code);
    // What the CPU or a DMA writes into the ILM replaces code the hart may have decoded already (a
    // sleeping program restarted on a rewritten function must run the new instructions).
    ilm_->set_write_observer([this](uint64_t offset, uint64_t len) {
        hart_->invalidate_decoded(uint32_t(cfg_.ilm_base + offset), uint32_t(len));
    });
    iss::FastRegion data;
    data.host = dlm_->store().data();
    data.base = uint32_t(cfg.dlm_base);
    data.size = cfg.dlm_size;
    data.exec = false;
    hart_->add_fast_region(data);
    unit_->set_data_window(vec::MemWindow{data.base, data.size, data.host});

    declare_registers();
    stats_.derived("element_ops_per_cycle", "ratio", "vector elements per busy cycle", [this] {
        return busy_cycles_.value ? double(element_ops_.value) / double(busy_cycles_.value) : 0.0;
    });
    SC_HAS_PROCESS(VecAccel);
    SC_THREAD(thread);
    SC_METHOD(update_irq);
    sensitive << irq_events_;
    dont_initialize();
}

VecAccel::~VecAccel() = default;

std::vector<Device::Window> VecAccel::bus_windows() {
    return {{socket, base(), size(), name_},
            {ilm_->target_socket, cfg_.ilm_base, cfg_.ilm_size, name_ + ".ilm"},
            {dlm_->target_socket, cfg_.dlm_base, cfg_.dlm_size, name_ + ".dlm"}};
}

std::vector<Device::BootInfo> VecAccel::boot_info() {
    // Named by the instance: "vec", "vec_ilm", "vec_dlm" (VEC_BOOTINFO_*) for the one named vec.
    return {{name_, uint32_t(base()), VEC_WINDOW_SIZE},
            {name_ + "_ilm", uint32_t(cfg_.ilm_base), cfg_.ilm_size},
            {name_ + "_dlm", uint32_t(cfg_.dlm_base), cfg_.dlm_size}};
}

// ---- registers ---------------------------------------------------------------------------------

uint32_t VecAccel::status(Tick at) const {
    if (running_ || start_pending_) {
        if (at < end_at_) return VEC_STATUS_BUSY;
    }
    return at >= end_at_ ? result_ : 0;
}

uint32_t VecAccel::notify_bits(Tick at) const {
    uint32_t bits = 0;
    for (const Signal& s : notifies_)
        if (s.at <= at) bits |= s.bits;
    return bits;
}

void VecAccel::declare_registers() {
    auto ro = [this](const char* name, uint64_t off, std::function<uint32_t()> fn) {
        regs_.add(name, off, 4).reads([fn](const RegAccess&) { return uint64_t(fn()); });
    };
    ro("id", VEC_ID, [] { return VEC_ID_VALUE; });
    ro("vlen", VEC_VLEN, [this] { return cfg_.unit.vlen; });
    ro("ilm_base", VEC_ILM_BASE, [this] { return uint32_t(cfg_.ilm_base); });
    ro("ilm_size", VEC_ILM_SIZE, [this] { return cfg_.ilm_size; });
    ro("dlm_base", VEC_DLM_BASE, [this] { return uint32_t(cfg_.dlm_base); });
    ro("dlm_size", VEC_DLM_SIZE, [this] { return cfg_.dlm_size; });
    ro("lanes", VEC_LANES, [this] { return cfg_.unit.timing.add_lanes | cfg_.unit.timing.mul_lanes << 16; });
    ro("exit_code", VEC_EXIT_CODE, [this] { return exit_code_; });
    ro("exit_fa0", VEC_EXIT_FA0, [this] { return exit_fa0_; });
    ro("err_cause", VEC_ERR_CAUSE, [this] { return err_cause_; });
    ro("err_pc", VEC_ERR_PC, [this] { return err_pc_; });
    ro("err_tval", VEC_ERR_TVAL, [this] { return err_tval_; });
    ro("cycles_lo", VEC_CYCLES_LO, [this] { return uint32_t(last_cycles_); });
    ro("cycles_hi", VEC_CYCLES_HI, [this] { return uint32_t(last_cycles_ >> 32); });
    ro("instret_lo", VEC_INSTRET_LO, [this] { return uint32_t(last_instret_); });
    ro("instret_hi", VEC_INSTRET_HI, [this] { return uint32_t(last_instret_ >> 32); });

    regs_.add("ctrl", VEC_CTRL, 4).no_debug_write().writes([this](uint64_t v, const RegAccess& a) {
        if (v & VEC_CTRL_RESET) {
            doorbells_.clear();
            doorbell_bits_ = 0;
            notifies_.clear();
            if (running_) {  // the thread stops the hart when it next looks (quantum boundary, wfi)
                abort_pending_ = true;
                abort_at_ = a.at;
                wake_event_.notify(sc_core::SC_ZERO_TIME);
            } else if (start_pending_) {  // started but not begun: cancel
                start_pending_ = false;
                end_at_ = a.at;
            }
            result_ = 0;
            irq_events_.notify(sc_core::SC_ZERO_TIME);
            return;
        }
        if (!(v & VEC_CTRL_START)) return;
        if (running_ || start_pending_) {
            VP_WARN(log_, "START while a program is running: ignored");
            return;
        }
        start_pending_ = true;
        start_at_ = a.at;
        end_at_ = kTickMax;
        result_ = 0;
        start_event_.notify(to_sc_time(a.at > sim_now() ? a.at - sim_now() : 0));
    });
    regs_.add("status", VEC_STATUS, 4)
        .reads([this](const RegAccess& a) { return uint64_t(status(a.at)); })
        .writes([this](uint64_t v, const RegAccess& a) {
            if (a.at >= end_at_) result_ &= ~uint32_t(v & (VEC_STATUS_DONE | VEC_STATUS_ERROR));
            update_irq();
        });
    regs_.add("irq_enable", VEC_IRQ_ENABLE, 4)
        .reads([this](const RegAccess&) { return uint64_t(irq_enable_); })
        .writes([this](uint64_t v, const RegAccess&) {
            irq_enable_ = uint32_t(v) & (VEC_IRQ_DONE | VEC_IRQ_ERROR | VEC_IRQ_NOTIFY);
            update_irq();
        });
    regs_.add("entry_pc", VEC_ENTRY_PC, 4)
        .reads([this](const RegAccess&) { return uint64_t(entry_pc_); })
        .writes([this](uint64_t v, const RegAccess&) { entry_pc_ = uint32_t(v); });
    regs_.add("doorbell", VEC_DOORBELL, 4)
        .reads([this](const RegAccess& a) {
            uint32_t bits = doorbell_bits_;
            for (const Signal& s : doorbells_)
                if (s.at <= a.at) bits |= s.bits;
            return uint64_t(bits);
        })
        .no_debug_write()
        .writes([this](uint64_t v, const RegAccess& a) {
            if (!v) return;
            ++doorbell_count_;
            // A bit already pending needs no new entry: at most 32 entries, whatever firmware does.
            uint32_t pending = doorbell_bits_;
            for (const Signal& s : doorbells_) pending |= s.bits;
            const uint32_t fresh = uint32_t(v) & ~pending;
            if (!fresh) return;
            doorbells_.push_back({a.at, fresh});
            wake_event_.notify(to_sc_time(a.at > sim_now() ? a.at - sim_now() : 0));
        });
    regs_.add("notify", VEC_NOTIFY, 4)
        .reads([this](const RegAccess& a) { return uint64_t(notify_bits(a.at)); })
        .no_debug_write()
        .writes([this](uint64_t v, const RegAccess& a) {
            for (Signal& s : notifies_)
                if (s.at <= a.at) s.bits &= ~uint32_t(v);
            notifies_.erase(std::remove_if(notifies_.begin(), notifies_.end(), [](const Signal& s) { return !s.bits; }),
                            notifies_.end());
            update_irq();
        });
    for (unsigned n = 0; n < VEC_NUM_ARGS; ++n)
        regs_.add("arg" + std::to_string(n), VEC_ARG(n), 4)
            .reads([this, n](const RegAccess&) { return uint64_t(args_[n]); })
            .writes([this, n](uint64_t v, const RegAccess&) { args_[n] = uint32_t(v); });
    for (unsigned n = 0; n < VEC_NUM_FARGS; ++n)
        regs_.add("farg" + std::to_string(n), VEC_FARG(n), 4)
            .reads([this, n](const RegAccess&) { return uint64_t(fargs_[n]); })
            .writes([this, n](uint64_t v, const RegAccess&) { fargs_[n] = uint32_t(v); });
}

void VecAccel::update_irq() {
    const Tick now = sim_now();
    const bool level = (status(now) & irq_enable_ & (VEC_STATUS_DONE | VEC_STATUS_ERROR)) ||
                       ((irq_enable_ & VEC_IRQ_NOTIFY) && notify_bits(now));
    irq_.set(level);
}

// ---- signals -----------------------------------------------------------------------------------

void VecAccel::absorb_doorbells(Tick upto) {
    bool changed = false;
    for (Signal& s : doorbells_)
        if (s.at <= upto) {
            doorbell_bits_ |= s.bits;
            s.bits = 0;
            changed = true;
        }
    if (changed)
        doorbells_.erase(std::remove_if(doorbells_.begin(), doorbells_.end(), [](const Signal& s) { return !s.bits; }),
                         doorbells_.end());
    hart_->set_irq_pending(3, doorbell_bits_ != 0);
}

void VecAccel::write_doorbell_csr(uint32_t value) {
    doorbell_bits_ &= value;  // the program can only clear bits
    hart_->set_irq_pending(3, doorbell_bits_ != 0);
}

void VecAccel::notify_from_program(uint32_t bits) {
    if (!bits) return;
    ++notify_count_;
    uint32_t pending = 0;  // bits already set need no new entry (bounded: at most 32 entries)
    for (const Signal& s : notifies_) pending |= s.bits;
    bits &= ~pending;
    if (!bits) return;
    const Tick at = std::max(local_time(), sim_now());
    notifies_.push_back({at, bits});
    irq_events_.notify(to_sc_time(at - sim_now()));
}

// ---- the control hart's thread -----------------------------------------------------------------

void VecAccel::sync() {
    const Tick t = local_time();
    if (t > sim_now()) wait(to_sc_time(t - sim_now()));
}

void VecAccel::thread() {
    for (;;) {
        // Idle: no quantum synchronisation until the CPU starts a program (a START that came while the
        // last one ended is already pending: look before sleeping).
        while (!start_pending_) wait(start_event_);
        activity_.set(true);  // the CPU synchronises at every quantum while the program runs
        run_program();
        activity_.set(false);
        ctx_.initiator_busy_until(end_at_);
    }
}

void VecAccel::run_program() {
    start_pending_ = false;
    running_ = true;
    abort_pending_ = false;
    ++runs_;
    hart_->idle_until(div_ceil(std::max(start_at_, sim_now()), cfg_.period));
    hart_->reset();               // registers, CSRs, vector state (extensions reset with the hart)
    hart_->flush_decode_cache();  // the CPU may have loaded another program into the ILM
    hart_->set_pc(entry_pc_);
    for (unsigned n = 0; n < VEC_NUM_ARGS; ++n) hart_->set_x(10 + n, args_[n]);
    for (unsigned n = 0; n < VEC_NUM_FARGS; ++n) {  // START consumes the float arguments
        hart_->set_f(10 + n, fargs_[n]);
        fargs_[n] = 0;
    }
    hart_->set_x(2, uint32_t(cfg_.dlm_base + cfg_.dlm_size));
    const uint64_t start_cycle = hart_->cycles(), start_instret = hart_->instret();
    const vec::VectorStats v0 = unit_->stats();
    const vec::IssueStats i0 = unit_->issue().stats();
    absorb_doorbells(local_time());

    bool error = false, aborted = false;
    for (;;) {
        const Tick quantum = std::max<Tick>(1, to_tick(tlm_utils::tlm_quantumkeeper::get_global_quantum()));
        const Tick boundary = (sim_now() / quantum + 1) * quantum;
        uint64_t limit = std::max<uint64_t>(div_ceil(boundary, cfg_.period), hart_->cycles());
        for (const Signal& s : doorbells_)  // stop where the next doorbell becomes visible
            limit = std::min<uint64_t>(limit, std::max<uint64_t>(div_ceil(s.at, cfg_.period), hart_->cycles() + 1));
        const iss::StopReason why = hart_->run(limit);
        if (abort_pending_) {
            aborted = true;
            break;
        }
        if (why == iss::StopReason::CycleLimit) {
            sync();
            absorb_doorbells(local_time());
            continue;
        }
        if (why == iss::StopReason::Wfi) {
            // Asleep in wfi: wait for a doorbell (or RESET) in kernel time; run() decides whether
            // the hart wakes (an enabled interrupt is pending) or sleeps on.
            sync();
            absorb_doorbells(local_time());
            while (!abort_pending_ && hart_->run(hart_->cycles()) == iss::StopReason::Wfi) {
                // A doorbell written for a later time may have lost its notification to an earlier one
                // (an sc_event keeps only the earliest): wake at the next one's time in any case.
                Tick next = kTickMax;
                for (const Signal& d : doorbells_) next = std::min(next, d.at);
                if (next != kTickMax)
                    wait(to_sc_time(next > sim_now() ? next - sim_now() : 0), wake_event_);
                else
                    wait(wake_event_);
                hart_->idle_until(div_ceil(sim_now(), cfg_.period));
                absorb_doorbells(local_time());
            }
            if (abort_pending_) {
                aborted = true;
                break;
            }
            continue;
        }
        if (why == iss::StopReason::Trap && hart_->last_trap().cause == iss::kEcallM) break;
        error = true;  // any other exception (or a stop the accelerator does not expect)
        break;
    }

    const uint64_t end_cycle = std::max(hart_->cycles(), unit_->drained());
    last_cycles_ = end_cycle - start_cycle;
    last_instret_ = hart_->instret() - start_instret;
    busy_cycles_ += last_cycles_;
    const vec::VectorStats& v1 = unit_->stats();
    const vec::IssueStats& i1 = unit_->issue().stats();
    vinsns_ += v1.instructions - v0.instructions;
    element_ops_ += v1.element_ops - v0.element_ops;
    flops_ += v1.flops - v0.flops;
    vmem_bytes_ += v1.mem_bytes - v0.mem_bytes;
    queue_stall_ += i1.queue_full_stall - i0.queue_full_stall;
    result_stall_ += i1.scalar_result_stall - i0.scalar_result_stall;
    instret_ += last_instret_;

    if (aborted) {
        running_ = false;
        result_ = 0;
        end_at_ = std::max(abort_at_, sim_now());
        log_->info("program aborted by RESET");
        return;
    }
    if (error) {
        const iss::TrapInfo& t = hart_->last_trap();
        err_cause_ = t.cause;
        err_pc_ = t.pc;
        err_tval_ = t.tval;
        ++program_errors_;
        char line[200];
        std::snprintf(line, sizeof line, "  vector: vtype %08x  vl %u  vstart %u  VLEN %u\n", unit_->vtype(),
                      unit_->vl(), unit_->vstart(), unit_->vlen());
        last_report_ = iss::fault_report(*hart_, t) + line;
        // Through the warning throttle (one kind): firmware may start thousands of faulting programs;
        // the first reports are shown in full, the rest counted (models/common/context.cpp).
        std::string_view report(last_report_);
        if (!report.empty() && report.back() == '\n') report.remove_suffix(1);  // the logger ends the line
        VP_WARN(log_, "program ended with an exception (STATUS.ERROR)\n{}", report);
    } else {
        exit_code_ = hart_->x(10);
        exit_fa0_ = hart_->f(10);
        last_report_.clear();
    }
    end_program(error, end_cycle * cfg_.period);
}

void VecAccel::end_program(bool error, Tick at) {
    running_ = false;
    result_ = error ? VEC_STATUS_ERROR : VEC_STATUS_DONE;
    end_at_ = at;
    ctx_.note_end_time(at);
    irq_events_.notify(to_sc_time(at > sim_now() ? at - sim_now() : 0));
}

void VecAccel::finalize() {
    if (running_) VP_WARN(log_, "run ended while a program was running (pc 0x{:08x})", hart_->pc());
}

std::string VecAccel::summary() const {
    char buf[220];
    std::snprintf(buf, sizeof buf,
                  "%llu programs (%llu errors), %llu busy cycles, %llu vector instructions, %llu element ops "
                  "(%.2f per cycle), %llu flops",
                  (unsigned long long)runs_.value, (unsigned long long)program_errors_.value,
                  (unsigned long long)busy_cycles_.value, (unsigned long long)vinsns_.value,
                  (unsigned long long)element_ops_.value,
                  busy_cycles_.value ? double(element_ops_.value) / double(busy_cycles_.value) : 0.0,
                  (unsigned long long)flops_.value);
    return buf;
}

// ---- HartEnv -------------------------------------------------------------------------------------

iss::MemStatus VecAccel::access(iss::AccessKind, uint32_t, void*, unsigned, uint64_t&) {
    return iss::MemStatus::AccessFault;  // outside the LM windows (or the wrong one): access fault
}

bool VecAccel::debug_access(bool write, uint32_t addr, void* data, unsigned len) {
    for (Memory* m : {ilm_.get(), dlm_.get()}) {
        const uint64_t base = m == ilm_.get() ? cfg_.ilm_base : cfg_.dlm_base;
        if (addr >= base && addr - base + len <= m->size()) {
            if (write)
                m->store().write(addr - base, data, len);
            else
                m->store().read(addr - base, data, len);
            return true;
        }
    }
    return false;
}

}  // namespace vp
