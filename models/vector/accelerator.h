// The vector accelerator (an OSCAR-style in-order vector processor, docs/vector.md): a control hart built from the
// platform's ISS core (RV32IMF) with the vector unit plugged in, its instruction and data local
// memories, and the control registers of include/vp/regs/vec.h. docs/vector.md.
//
// Blocks (one TLM module):
//   * control registers (MmioDevice `socket`): entry PC, arguments, start/reset, status, interrupt
//     enables, doorbell/notify, exit code, error report, cycle counts;
//   * ILM and DLM (two Memory submodules; bus targets with DMI, so the CPU and DMAs fill them);
//     the hart reaches them directly through host windows: code from the ILM only, data (scalar
//     and vector) from the DLM only; every other address is an access fault;
//   * control hart: an iss::Hart plus VectorUnit, run by one SC_THREAD at the accelerator clock,
//     temporally decoupled like the CPU (runs to quantum boundaries). Between programs the thread
//     sleeps on the start event: no quantum synchronisation while idle.
// The program protocol (start state, ecall = done, any other exception = error with a report,
// doorbell/notify) is described in include/vp/regs/vec.h.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>
#include <systemc>
#include "models/common/irq.h"
#include "models/cpu/iss/hart.h"
#include "config/params.h"
#include "models/memory/memory.h"
#include "models/periph/mmio_device.h"
#include "models/vector/vector_unit.h"
#include "vp/regs/memmap.h"

namespace vp {

struct VecAccelConfig : MmioPort {
    VecAccelConfig() : MmioPort{VP_VEC_BASE} {}
    uint64_t ilm_base = VP_VEC_ILM_BASE;  // instruction LM
    uint64_t dlm_base = VP_VEC_DLM_BASE;  // data LM
    uint32_t ilm_size = 16 * 1024;
    uint32_t dlm_size = 32 * 1024;
    Tick lm_latency = 2 * kNs;      // LM access from the bus side (the LMs are on-chip SRAM)
    double lm_bandwidth = 8e9;      // LM bus port, bytes/s (0 = unlimited)
    Tick period = 1 * kNs;          // accelerator clock (default: the bus clock, 1 GHz)
    unsigned irq = VP_IRQ_VEC;      // PLIC source
    vec::VectorUnitConfig unit;     // VLEN, lanes, latencies, queue, chaining
    iss::TimingConfig hart_timing;  // the control hart's scalar timing (the core's defaults)

    void params(config::Params& p);
};

class VecAccel : public MmioDevice, public iss::HartEnv {
public:
    // Throws config::ParamError (a std::invalid_argument) on a bad configuration.
    VecAccel(sc_core::sc_module_name name, SimContext& ctx, const VecAccelConfig& cfg);
    ~VecAccel() override;

    Memory& ilm() { return *ilm_; }
    Memory& dlm() { return *dlm_; }
    IrqLine& irq() { return irq_; }
    // Device: the register window and the two LMs; the done/error/notify interrupt; boot-info
    // entries VEC_BOOTINFO_REGS / _ILM / _DLM.
    std::vector<Window> bus_windows() override;
    IrqLine* irq_output() override { return &irq_; }
    std::vector<BootInfo> boot_info() override;
    iss::Hart& hart() { return *hart_; }
    vec::VectorUnit& unit() { return *unit_; }
    const VecAccelConfig& config() const { return cfg_; }
    // The fault report of the last program that ended with an error ("" otherwise).
    const std::string& last_report() const { return last_report_; }
    // Programs started / ended with an error so far.
    uint64_t runs() const { return runs_.value; }
    std::string summary() const override;
    void finalize() override;

    // The control hart's CSR hooks (VEC_CSR_DOORBELL / VEC_CSR_NOTIFY) call these.
    uint32_t doorbell_csr() const { return doorbell_bits_; }
    void write_doorbell_csr(uint32_t value);
    void notify_from_program(uint32_t bits);

private:
    struct Signal {
        Tick at;
        uint32_t bits;
    };

    void declare_registers();
    void thread();
    void run_program();
    void end_program(bool error, Tick at);
    void absorb_doorbells(Tick upto);
    void update_irq();
    Tick local_time() const { return hart_->cycles() * cfg_.period; }
    uint32_t status(Tick at) const;
    uint32_t notify_bits(Tick at) const;
    void sync();

    // iss::HartEnv: the hart reaches nothing outside its LM windows.
    iss::MemStatus access(iss::AccessKind kind, uint32_t addr, void* data, unsigned len, uint64_t& cycles) override;
    bool debug_access(bool write, uint32_t addr, void* data, unsigned len) override;
    uint64_t read_time() override { return local_time() / (100 * kNs); }
    void console_write(const char*, size_t) override {}
    void exit_request(int) override {}

    VecAccelConfig cfg_;
    std::unique_ptr<Memory> ilm_, dlm_;
    std::unique_ptr<iss::Hart> hart_;
    vec::VectorUnit* unit_ = nullptr;
    IrqLine irq_;
    sc_core::sc_event start_event_, wake_event_;
    sc_core::sc_event_queue irq_events_;

    // registers
    uint32_t entry_pc_ = 0, irq_enable_ = 0, exit_code_ = 0, exit_fa0_ = 0;
    uint32_t args_[8] = {};
    uint32_t fargs_[8] = {};  // FARG0..7: fa0..fa7 at start (IEEE single bits), cleared by the start
    uint32_t err_cause_ = 0, err_pc_ = 0, err_tval_ = 0;
    uint64_t last_cycles_ = 0, last_instret_ = 0;
    // program state: running from start_at_ until end_at_ (kTickMax while running)
    bool start_pending_ = false, running_ = false, abort_pending_ = false;
    InitiatorActivity activity_{ctx_};
    Tick start_at_ = 0, end_at_ = 0, abort_at_ = 0;
    uint32_t result_ = 0;            // VEC_STATUS_DONE / ERROR of the last program (visible from end_at_)
    std::vector<Signal> doorbells_;  // rung by the CPU, not yet seen by the hart
    uint32_t doorbell_bits_ = 0;     // seen by the hart, not yet cleared
    std::vector<Signal> notifies_;   // set by the program, not yet cleared by the CPU
    std::string last_report_;

    Counter &runs_, &program_errors_, &busy_cycles_, &instret_, &vinsns_, &element_ops_, &flops_, &vmem_bytes_,
        &queue_stall_, &result_stall_, &doorbell_count_, &notify_count_;
};

}  // namespace vp
