// A register device that runs one job at a time on a bus master of its own (the GCN engines,
// docs/gcn_engines.md): firmware writes the job registers, START latches them and a thread runs the
// job ahead of the kernel (loosely timed: every master access carries its issue time), STATUS reports
// BUSY until the job's end time and then DONE, ERROR (with a code and an argument) or ABORTED, and the
// IRQ (bit 0 of IRQ, enabled by IRQ_EN) rises at that end time. Cycle counters of the last job and of
// all jobs since reset. The control block's offsets and bits are the device's (its register header);
// this class declares them once for every such device.
#pragma once
#include <cstdint>
#include <initializer_list>
#include <string>
#include <systemc>
#include "models/common/irq.h"
#include "models/periph/mmio_device.h"

namespace vp {

class JobDevice : public MmioDevice {
public:
    // Offsets and bits of the control block in the device's register header.
    struct Layout {
        uint64_t ctrl, status, irq_en, irq, error, err_arg, cycles_lo, total_lo, jobs;
        uint32_t start, abort, busy, done, error_bit, aborted;
    };

    IrqLine* irq_output() override { return &irq_; }
    std::vector<BootInfo> boot_info() override { return {{name_, uint32_t(base()), uint32_t(size())}}; }
    IrqLine& irq() { return irq_; }
    bool running() const { return running_; }
    Tick period() const { return period_; }

protected:
    JobDevice(sc_core::sc_module_name name, SimContext& ctx, const MmioPort& port, uint64_t size, Tick period,
              const Layout& layout);

    // Called at START (not busy): copy the job registers. Called by the thread: run the job from `t0`
    // and return its end time; report an error with fail() (the job ends there) and call checkpoint()
    // between steps.
    virtual void latch() = 0;
    virtual Tick run(Tick t0) = 0;

    // The job ends with an error: `code` and `arg` go to ERROR and ERR_ARG (the first one wins).
    void fail(uint32_t code, uint32_t arg);
    bool failed() const { return error_ != 0; }
    // Between steps of a job whose next access issues at `t` or later: lets the kernel catch up once the
    // job is more than a quantum ahead. Returns false when the job must stop (ABORT, the run's end).
    bool checkpoint(Tick t);
    Tick cycles(uint64_t n) const { return n * period_; }

    // The job's parameter registers: 32-bit, read/write, each backed by a field of `job` (the
    // registers as software last wrote them; latch() copies them at START).
    template <class Job>
    struct JobRegister {
        const char* name;
        uint64_t offset;
        uint32_t Job::*field;
    };
    template <class Job>
    void add_job_registers(Job& job, std::initializer_list<JobRegister<Job>> registers) {
        for (const JobRegister<Job>& r : registers) {
            uint32_t Job::*f = r.field;
            regs_.add(r.name, r.offset, 4)
                .reads([&job, f](const RegAccess&) -> uint64_t { return job.*f; })
                .writes([&job, f](uint64_t v, const RegAccess&) { job.*f = uint32_t(v); });
        }
    }

    IrqLine irq_;
    Counter &jobs_, &job_errors_, &job_aborts_, &busy_cycles_, &start_ignored_;

private:
    void thread();
    void on_irq_event();
    void update_irq();

    Layout layout_;
    Tick period_;
    Tick quantum_ = 1;
    sc_core::sc_event start_event_;
    sc_core::sc_event_queue irq_events_;
    InitiatorActivity activity_{ctx_};
    bool running_ = false, abort_ = false, irq_flag_ = false;
    uint32_t irq_en_ = 0, status_ = 0, error_ = 0, err_arg_ = 0, job_count_ = 0;
    Tick start_at_ = 0, end_ = 0;
    uint64_t last_cycles_ = 0, total_cycles_ = 0;
};

}  // namespace vp
