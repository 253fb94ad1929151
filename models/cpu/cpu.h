// The CPU: one ISS hart (models/cpu/iss) wrapped as a TLM-2.0 initiator.
//
// Time: the hart counts its own cycles; its local time is cycles x clock period. It runs ahead of the
// SystemC kernel by at most one global quantum and synchronises (wait) at quantum boundaries and when
// it sleeps in WFI. Memory: TLM DMI pointers become ISS fast regions (no TLM call per access);
// everything else (devices, memories without DMI) is a b_transport issued at the hart's local time,
// and the returned completion time becomes stall cycles. Interrupts: PLIC context and CLINT msip
// lines set mip bits; the CLINT timer is a deadline the hart compares against its own cycle count,
// so timer interrupts are exact whatever the quantum. See docs/cpu.md.
#pragma once
#include <chrono>
#include <cstdio>
#include <functional>
#include <memory>
#include <string>
#include "config/params.h"
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include "models/common/context.h"
#include "models/common/irq.h"
#include "models/cpu/iss/hart.h"
#include "models/cpu/iss/translator.h"

namespace vp {
class Cache;
namespace cache {
class AccessLogWriter;
}

// Asks `fw` (an initiator socket's forward interface) for a DMI pointer covering `addr` and describes
// it as an ISS fast region, its latencies in cycles of `period`. False if no read DMI is granted.
bool dmi_fast_region(tlm::tlm_fw_transport_if<>& fw, uint32_t addr, Tick period, iss::FastRegion& r);
// The same, installed in `hart` (replacing regions it overlaps). False if no DMI is granted.
bool acquire_dmi(tlm::tlm_fw_transport_if<>& fw, iss::Hart& hart, uint32_t addr, Tick period, iss::FastRegion& r);
// A DMI invalidation of [start, end] (TLM's 64-bit range): the hart drops the fast regions in it.
void invalidate_fast_regions(iss::Hart& hart, uint64_t start, uint64_t end);

// The ISS timing parameters (extra cycles per instruction class) as a parameter section; shared by
// every hart of the platform (the CPU, LAPP's first stage).
struct HartTimingParams {
    iss::TimingConfig& t;
    void params(config::Params& p);
};

struct CpuConfig {
    double clock_hz = 1e9;
    bool dmi = true;  // use DMI fast paths where targets grant them
    bool semihosting = true;
    bool run_ahead = true;          // skip quantum boundaries at which nothing else in the system happens
    bool repeat_hits = true;        // the hart repeats L1 hits the caches grant without calling them
    bool semihosting_files = true;  // file calls reach semihosting_dir (the run's output dir when empty)
    std::string semihosting_dir;
    uint32_t hartid = 0;             // mhartid of the first hart (hart h has hartid + h)
    unsigned harts = 1;              // homogeneous harts (docs/smp.md); the platform builds one Cpu per hart
    uint32_t reset_pc = 0x80000000;  // overridden by the ELF entry when an ELF is loaded
    iss::TimingConfig timing;
    // translate where the build has a translator (x86-64 with xbyak), else interpret (iss/translator.h)
    iss::Executor executor = iss::Translator::available() ? iss::Executor::Translate : iss::Executor::Interpret;
    unsigned translate_after = iss::HartConfig::kDefaultTranslateAfter;  // visits before a block is translated

    void params(config::Params& p);
};

class Cpu : public sc_core::sc_module, public Component, public iss::HartEnv, private iss::MemTiming {
public:
    tlm_utils::simple_initiator_socket<Cpu> socket;

    Cpu(sc_core::sc_module_name name, SimContext& ctx, const CpuConfig& cfg);
    ~Cpu() override;

    iss::Hart& hart() { return *hart_; }
    Tick local_time() const { return hart_->cycles() * period_; }
    Tick period() const { return period_; }

    // Wiring (all optional): machine external interrupt (MEIP: PLIC context 2h), supervisor external
    // interrupt (SEIP: PLIC context 2h + 1; mip.SEIP reads as this line OR the bit M-mode software
    // wrote), software interrupt (CLINT msip), the timer deadline source and the mtime source for the
    // `time` CSR.
    void connect_external_irq(IrqLine& line);
    void connect_supervisor_external_irq(IrqLine& line);
    void connect_software_irq(IrqLine& line);
    void set_timer(std::function<uint64_t(Tick)> mtime_at,
                   std::function<void(std::function<void(Tick)>)> subscribe_deadline);
    // HTIF: stores to `addr` (the ELF's tohost symbol) end the run.
    void set_tohost(uint32_t addr);
    void set_reset_pc(uint32_t pc);
    // The run's output directory: the semihosting file sandbox unless the configuration names
    // another (semihosting_dir) or turns file access off (semihosting_files: false).
    void set_semihosting_sandbox(const std::string& run_out_dir);
    // Names a PC for fault reports (the platform installs the ELF's symbol table).
    void set_symbolizer(std::function<std::string(uint32_t)> fn) { symbolize_ = std::move(fn); }
    // Debugger hook: called in the CPU thread when the hart stops at a breakpoint, watchpoint or after
    // a single step (and once before the first instruction). It may wait() and change the hart.
    void set_debugger(std::function<void(iss::StopReason)> fn) { debugger_ = std::move(fn); }
    // GDB stub hooks (models/cpu/gdb; set only by `vp run --gdb`, nothing changes without them):
    // `poll` is called at quantum boundaries and after WFI while the hart runs (gdb's Ctrl-C, a
    // breakpoint on the next instruction, which run() would not report); it may wait() and
    // change the hart. With single-step on, the hart runs one instruction at a time and the debugger
    // hook is called after each.
    void set_debug_poll(std::function<void()> fn) { debug_poll_ = std::move(fn); }
    void set_single_step(bool on) { single_step_ = on; }

    // Caches (models/cache): the L1s time every access the ISS makes (hits cost no TLM call; the
    // data still moves through DMI), Zicbom operations reach L1D and the L2. Any may be null.
    // Call before the simulation starts.
    void attach_caches(Cache* l1i, Cache* l1d, Cache* l2);
    // Several harts (docs/smp.md "Coherence"): the other harts, whose L1Ds this hart's stores invalidate
    // (MSI on the L1D tags, timing only: the data is always in the memory).
    void set_peers(std::vector<Cpu*> peers);
    // Records every L1D access and I-cache line fetch into an access log (tools/cachesim replays it).
    void record_accesses(cache::AccessLogWriter* log) {
        access_log_ = log;
        grant_repeat_hits();
    }

    // The hart sleeps in WFI and has not exited (at the end of a run: nothing can wake it).
    bool asleep() const { return !exited_ && hart_->waiting(); }

    std::string summary() const override;
    void finalize() override;

private:
    // Cycles a hart runs between two looks at asynchronous stop requests (SimContext::interrupted).
    static constexpr uint64_t kCyclesBetweenChecks = uint64_t(1) << 22;
    // Longest run-ahead past the kernel's time when nothing else is active (see run_limit()).
    static constexpr Tick kRunAheadMax = kMs;
    void thread();
    void connect_irq(unsigned mip_bit, IrqLine& line);
    uint64_t run_limit() const;
    Tick quantum() const;
    // The next quantum boundary after `t`, in hart cycles: where the hart synchronised at `t` stops next.
    uint64_t boundary_after(Tick t) const;
    void restart_checkpoints();
    void sync();
    void sleep_until_interrupt();
    void request_dmi(uint32_t addr);
    void publish_stats();
    void fatal_trap();

    // iss::HartEnv
    iss::MemStatus access(iss::AccessKind kind, uint32_t addr, void* data, unsigned len, uint64_t& cycles) override;
    bool debug_access(bool write, uint32_t addr, void* data, unsigned len) override;
    uint64_t read_time() override;
    void console_write(const char* s, size_t n) override;
    void warning(const std::string& message) override;
    void exit_request(int code) override;
    bool tohost_write(uint32_t value) override;
    uint64_t checkpoint(uint64_t cycle) override;
    void cache_op(iss::CacheOp op, uint32_t addr, uint64_t& cycles) override;

    // iss::MemTiming (installed when caches are attached)
    uint32_t data_access(iss::AccessKind kind, uint32_t addr, unsigned len, uint64_t now,
                         uint32_t region_cycles) override;
    uint32_t fetch_line(uint32_t addr, uint64_t now) override;
    unsigned fetch_line_bits() const override { return fetch_line_bits_; }
    // The access at hart cycle `now` through `cache`; returns the cycles it took.
    uint32_t cached(Cache& cache, uint32_t addr, unsigned len, bool write, uint64_t now);
    // Coherence before an L1D access at `at`: a store takes the line from every other hart's L1D (a
    // dirty copy is written back first; the store waits for it), a load takes back the other harts'
    // grants to repeat stores to it (their copy is shared now: their next store must invalidate this
    // one). Returns when the access may start.
    Tick coherence(uint32_t addr, bool write, Tick at);
    // Lets the hart repeat the L1s' hits without calling (models/common/repeat_hits.h), unless an access log is on.
    void grant_repeat_hits();

    void invalidate_direct_mem_ptr(sc_dt::uint64 start, sc_dt::uint64 end);

    CpuConfig cfg_;
    Tick period_;
    std::unique_ptr<iss::Hart> hart_;
    std::function<uint64_t(Tick)> mtime_at_;
    std::function<std::string(uint32_t)> symbolize_;
    std::function<void(iss::StopReason)> debugger_;
    std::function<void()> debug_poll_;  // GDB stub hook
    bool single_step_ = false;          // GDB stub: step() instead of run()
    // Run-ahead: the hart's local time at the last quantum boundary it passed without synchronising
    // (where it would have synchronised); the kernel catches up to it before a bus access. With a
    // quantum of whole cycles the hart notes the boundaries itself (last_crossing()).
    Tick last_crossing_ = 0;
    Tick last_crossing() const;
    sc_core::sc_event irq_event_;
    int exit_code_ = 0;
    bool exited_ = false;
    double host_seconds_ = 0;  // from the first instruction to the end of the run (for MIPS)
    std::chrono::steady_clock::time_point host_start_;

    Cache* l1i_ = nullptr;
    Cache* l1d_ = nullptr;
    Cache* l2_ = nullptr;
    unsigned fetch_line_bits_ = 6;
    cache::AccessLogWriter* access_log_ = nullptr;

    tlm::tlm_generic_payload payload_;
    TxnExt ext_;

    std::vector<Cpu*> peers_;                     // the other harts (several harts only)
    Counter* coherence_invalidations_ = nullptr;  // (registered only with several harts)
    Counter* coherence_stall_ = nullptr;
    Counter* coherence_downgrades_ = nullptr;
    // Sv32 page walks, walk cycles, page faults (registered at the first walk: M-mode-only programs'
    // statistics stay as they were).
    Counter *page_walks_ = nullptr, *page_walk_cycles_ = nullptr, *page_faults_ = nullptr;
    Counter &cycles_, &instret_, &stall_fetch_, &stall_data_, &stall_exec_, &idle_, &traps_, &bus_accesses_,
        &dmi_regions_;
};

}  // namespace vp
