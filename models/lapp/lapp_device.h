// LAPP on the platform's bus (the design card's "LAPP array (own ctrl hart + 4-way L1)").
//
// Blocks:
//   * the first stage: an RV32IMF hart of the platform's one ISS core with LAPP's mode controller
//     plugged in (mode_controller.h). The CPU starts it on a function of the same program through
//     the registers of include/vp/regs/lapp.h; the function returns to LAPP_RETURN, which ends the run.
//     It has no trap handler: any exception ends the run with an error status;
//   * the L1 data cache of 4 ways: way 0 (read/write, the first stage's data cache in normal mode, and
//     where the last stage writes the store stream) is a one-way models/cache Cache; ways 1..3 are the
//     read-only prefetch ways DCPL fills, with timed TLM line reads through the bus and the L2
//     (prefetch_way.h). An instruction cache feeds the first stage;
//   * the register window (control, status, counters of the last run, the L0 info register) and the
//     IRQ line (a run ended).
// Time: like the CPU, the hart runs a quantum ahead of the kernel and synchronises at quantum
// boundaries; array execution runs a whole loop at once (its memory transactions carry their own
// times). Statistics: per-run counters in registers, totals and one group per loop in stats.json,
// energy events in the ledger (docs/lapp.md).
#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <systemc>
#include <tlm>
#include <tlm_utils/multi_passthrough_target_socket.h>
#include <tlm_utils/simple_initiator_socket.h>

#include "models/cache/cache.h"
#include "models/common/irq.h"
#include "models/common/txn.h"
#include "models/cpu/iss/hart.h"
#include "models/lapp/mode_controller.h"
#include "models/periph/mmio_device.h"
#include "vp/regs/lapp.h"
#include "vp/regs/memmap.h"

namespace vp {

struct LappConfig : MmioPort {
    LappConfig() : MmioPort{VP_LAPP_BASE} {}
    unsigned irq = VP_IRQ_LAPP;
    double clock_hz = 1e9;
    bool array = true;  // false: the first stage alone (a core without the array), for comparisons
    lapp::ArrayConfig array_cfg;
    uint64_t l1_size = 32 * 1024;  // 4 ways of l1_size / 4
    unsigned line = 64;
    Tick l1_hit = 0;                   // way 0 hit latency beyond the pipeline's own cycle
    uint64_t icache_size = 16 * 1024;  // 0: no instruction cache (fetch from memory timing)
    iss::TimingConfig timing;
    // Energy (pJ): docs/lapp.md lists the sources.
    double e_insn = 45;        // first stage, per instruction in normal mode (decode, registers, control)
    double e_setup_insn = 70;  // array setup, per loop instruction captured and mapped
    double e_alu = 0.1, e_mul = 3.1, e_fadd = 0.9, e_fmul = 3.7, e_fma = 4.6, e_fmisc = 0.9;
    double e_preg = 0.3;          // a word written into a propagation register
    double e_l0 = 0.3;            // a word moved between L0 registers
    double e_lb_write = 0.3;      // a word written into a local buffer
    double e_lb_read = 0.5;       // an indexed local-buffer read (optimized)
    double e_tag_compare = 0.05;  // one tag compare (conventional buffers compare every entry)
    double e_sb = 0.3;            // a store-buffer merge or read

    void params(config::Params& p);
};

class LappDevice : public MmioDevice, public iss::HartEnv, private iss::MemTiming, private lapp::MemoryPort {
public:
    // LAPP's one bus port: the first stage's uncached accesses and DMI requests, the prefetch ways'
    // line reads, and (through cache_port) the misses and write-backs of way 0 and the I-cache.
    tlm_utils::simple_initiator_socket<LappDevice> initiator_socket;

    LappDevice(sc_core::sc_module_name name, SimContext& ctx, const LappConfig& cfg);
    ~LappDevice() override;
    // The device-table factory: the caches cache the main memory only.
    static std::unique_ptr<Device> create(DeviceContext& dc, const std::string& name, const LappConfig& cfg);

    // Device
    IrqLine* irq_output() override { return &irq_; }
    tlm::tlm_initiator_socket<>* bus_master() override { return &initiator_socket; }
    std::vector<BootInfo> boot_info() override { return {{name_, uint32_t(cfg_.base), LAPP_WINDOW_SIZE}}; }

    IrqLine& irq() { return irq_; }
    const LappConfig& config() const { return cfg_; }
    // Way 0 and the instruction cache cache [base, base + size) only (the main memory).
    void set_cacheable(uint64_t base, uint64_t size);
    std::vector<Cache*> caches();
    iss::Hart& hart() { return *hart_; }
    lapp::ModeController& controller() { return *ctl_; }
    bool busy() const { return busy_; }

    std::string summary() const override;
    void finalize() override;

private:
    void declare_registers();
    void thread();
    void start_run();
    void end_run(uint32_t status);
    void on_irq_event();
    void request_dmi(uint32_t addr);
    void invalidate_direct_mem_ptr(sc_dt::uint64 start, sc_dt::uint64 end);
    Tick local_time() const { return hart_->cycles() * period_; }
    void publish();

    // iss::HartEnv
    iss::MemStatus access(iss::AccessKind kind, uint32_t addr, void* data, unsigned len, uint64_t& cycles) override;
    bool debug_access(bool write, uint32_t addr, void* data, unsigned len) override;
    uint64_t read_time() override { return local_time() / (100 * kNs); }
    void console_write(const char* s, size_t n) override;
    void exit_request(int) override {}

    // iss::MemTiming: way 0 and the instruction cache time the first stage's accesses
    uint32_t data_access(iss::AccessKind kind, uint32_t addr, unsigned len, uint64_t now,
                         uint32_t region_cycles) override;
    uint32_t fetch_line(uint32_t addr, uint64_t now) override;
    unsigned fetch_line_bits() const override { return fetch_line_bits_; }
    uint32_t cached(Cache& c, uint32_t addr, unsigned len, bool write, uint64_t now);

    // lapp::MemoryPort: the array's prefetch reads and store-stream writes
    bool read_line(uint32_t addr, uint8_t* data, unsigned len, uint64_t at, uint64_t& done) override;
    void write_record(uint32_t addr, const uint8_t* data, uint8_t mask, unsigned len, uint64_t at) override;
    // A timed transaction on the initiator socket issued at hart cycle `at`; returns its end cycle.
    bool transport(bool write, uint32_t addr, uint8_t* data, unsigned len, uint64_t at, uint64_t& done);

    // cache_port: where way 0 and the I-cache send their misses; forwarded to initiator_socket.
    void cache_b_transport(int id, tlm::tlm_generic_payload& p, sc_core::sc_time& delay);
    unsigned cache_transport_dbg(int id, tlm::tlm_generic_payload& p);
    tlm_utils::multi_passthrough_target_socket<LappDevice> cache_port_;

    LappConfig cfg_;
    Tick period_;
    IrqLine irq_;
    sc_core::sc_event start_event_;
    sc_core::sc_event stopped_;  // never notified: where the thread waits once the run is interrupted
    static constexpr uint64_t kCyclesBetweenChecks = uint64_t(1) << 22;  // as the CPU's (models/cpu/cpu.h)
    sc_core::sc_event_queue irq_events_;
    std::unique_ptr<Cache> way0_, icache_;
    std::unique_ptr<iss::Hart> hart_;
    lapp::ModeController* ctl_ = nullptr;
    unsigned fetch_line_bits_ = 6;

    // registers
    uint32_t entry_ = 0, sp_ = 0, gp_ = 0, irq_en_ = 0;
    uint32_t args_[8] = {}, fargs_[8] = {};
    uint32_t ret_[2] = {}, fret_ = 0;
    uint32_t err_cause_ = 0, err_pc_ = 0, err_tval_ = 0;
    bool busy_ = false, abort_ = false, have_result_ = false, irq_flag_ = false;
    InitiatorActivity activity_{ctx_};  // working from the start of a run to its end
    uint32_t status_ = 0;               // DONE/ERROR/ABORTED of the last run
    // The last array runs (times of setup start, execution start, return to normal mode): the mode the
    // STATUS register reports as of an access's time.
    struct ArrayInterval {
        Tick setup, exec, end;
    };
    std::deque<ArrayInterval> array_runs_;
    uint32_t mode_at(Tick t) const;
    Tick status_at_ = 0;  // the time the last run ended (status reads before it still see BUSY)
    Tick start_at_ = 0;
    // counters of the last run
    uint64_t run_cycles_ = 0, run_instret_ = 0, run_array_cycles_ = 0, run_mapped_ = 0, run_rejected_ = 0,
             run_iters_ = 0;
    lapp::LappStats at_start_;
    uint64_t instret_at_start_ = 0, cycles_at_start_ = 0, run_cycles_total_ = 0;

    tlm::tlm_generic_payload payload_;
    TxnExt ext_;

    Counter &runs_, &run_errors_, &cycles_, &instret_, &normal_insns_, &array_insns_, &array_cycles_, &setup_cycles_,
        &stall_cycles_, &setups_, &mapped_, &rejected_, &iterations_, &interrupted_, &violations_, &dcpl_,
        &dcpl_ignored_, &setlo_, &setlo_ignored_, &squashed_, &lines_, &start_ignored_;
    // energy ledger events
    EnergyLedger::Kind e_insn_, e_setup_insn_, e_op_[lapp::kOpClasses], e_preg_, e_l0_, e_lb_write_, e_lb_read_,
        e_tag_compare_, e_sb_, e_prefetch_fill_, e_prefetch_read_;
    uint64_t booked_insns_ = 0;
    lapp::LappStats booked_;
};

}  // namespace vp
