#include "models/periph/job_device.h"
#include <algorithm>
#include <tlm_utils/tlm_quantumkeeper.h>

namespace vp {

JobDevice::JobDevice(sc_core::sc_module_name name, SimContext& ctx, const MmioPort& port, uint64_t size, Tick period,
                     const Layout& layout)
    : MmioDevice(name, ctx, port, size),
      jobs_(stats_.counter("jobs", "count", "jobs started")),
      job_errors_(stats_.counter("job_errors", "count", "jobs that ended with an error status")),
      job_aborts_(stats_.counter("job_aborts", "count", "jobs aborted by CTRL.ABORT")),
      busy_cycles_(stats_.counter("busy_cycles", "cycles", "engine cycles from START to each job's end")),
      start_ignored_(stats_.counter("start_ignored", "count", "START written while a job ran (ignored)")),
      layout_(layout),
      period_(std::max<Tick>(1, period)) {
    const Layout& l = layout_;
    regs_.add("ctrl", l.ctrl, 4).no_debug_write().writes([this](uint64_t v, const RegAccess& a) {
        if (v & layout_.abort) {
            if (running_) abort_ = true;
            return;
        }
        if (!(v & layout_.start)) return;
        if (running_ || a.at < end_) {
            ++start_ignored_;
            return;
        }
        latch();
        running_ = true;
        abort_ = false;
        error_ = err_arg_ = 0;
        start_at_ = a.at;
        ++job_count_;
        ++jobs_;
        start_event_.notify(to_sc_time(a.at > sim_now() ? a.at - sim_now() : 0));
    });
    regs_.add("status", l.status, 4).reads([this](const RegAccess& a) -> uint64_t {
        return running_ || a.at < end_ ? layout_.busy : status_;
    });
    regs_.add("irq_en", l.irq_en, 4)
        .reads([this](const RegAccess&) -> uint64_t { return irq_en_; })
        .writes([this](uint64_t v, const RegAccess&) {
            irq_en_ = uint32_t(v & 1);
            update_irq();
        });
    regs_.add("irq", l.irq, 4)
        .reads([this](const RegAccess&) -> uint64_t { return irq_flag_ ? 1 : 0; })
        .writes([this](uint64_t v, const RegAccess&) {
            if (v & 1) irq_flag_ = false;
            update_irq();
        });
    regs_.add("error", l.error, 4).reads([this](const RegAccess& a) -> uint64_t {
        return running_ || a.at < end_ ? 0 : error_;
    });
    regs_.add("err_arg", l.err_arg, 4).reads([this](const RegAccess& a) -> uint64_t {
        return running_ || a.at < end_ ? 0 : err_arg_;
    });
    regs_.add("cycles_lo", l.cycles_lo, 4).reads([this](const RegAccess&) -> uint64_t {
        return uint32_t(last_cycles_);
    });
    regs_.add("cycles_hi", l.cycles_lo + 4, 4).reads([this](const RegAccess&) -> uint64_t {
        return uint32_t(last_cycles_ >> 32);
    });
    regs_.add("total_lo", l.total_lo, 4).reads([this](const RegAccess&) -> uint64_t {
        return uint32_t(total_cycles_);
    });
    regs_.add("total_hi", l.total_lo + 4, 4).reads([this](const RegAccess&) -> uint64_t {
        return uint32_t(total_cycles_ >> 32);
    });
    regs_.add("jobs", l.jobs, 4).reads([this](const RegAccess&) -> uint64_t { return job_count_; });
    SC_HAS_PROCESS(JobDevice);
    SC_THREAD(thread);
    SC_METHOD(on_irq_event);
    sensitive << irq_events_;
    dont_initialize();
}

void JobDevice::fail(uint32_t code, uint32_t arg) {
    if (error_) return;
    error_ = code;
    err_arg_ = arg;
}

bool JobDevice::checkpoint(Tick t) {
    if (abort_) return false;
    if (t > sim_now() + quantum_) wait(to_sc_time(t - sim_now()));
    return !abort_;
}

void JobDevice::thread() {
    quantum_ = std::max<Tick>(1, to_tick(tlm_utils::tlm_quantumkeeper::get_global_quantum()));
    for (;;) {
        activity_.set(false);
        wait(start_event_);
        activity_.set(true);
        const Tick t0 = std::max(start_at_, sim_now());
        Tick end = std::max(run(t0), t0);
        if (abort_) {
            status_ = layout_.aborted;
            ++job_aborts_;
        } else if (error_) {
            status_ = layout_.error_bit;
            ++job_errors_;
        } else {
            status_ = layout_.done;
        }
        last_cycles_ = (end - t0 + period_ - 1) / period_;
        total_cycles_ += last_cycles_;
        busy_cycles_ += last_cycles_;
        end_ = t0 + last_cycles_ * period_;  // the job ends at an engine clock edge
        running_ = false;
        ctx_.initiator_busy_until(end_);
        ctx_.note_end_time(end_);
        irq_events_.notify(to_sc_time(end_ > sim_now() ? end_ - sim_now() : 0));
    }
}

void JobDevice::on_irq_event() {
    irq_flag_ = true;
    update_irq();
}

void JobDevice::update_irq() { irq_.set(irq_en_ != 0 && irq_flag_); }

}  // namespace vp
