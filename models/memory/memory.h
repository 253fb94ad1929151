// Memory: a TLM-2.0 target over a sparse backing store, with a pluggable timing model.
//
// Functional behaviour (independent of the timing model):
//   * read / write with byte enables (honoured: disabled bytes are neither written nor returned) and
//     streaming width (the address range repeats every streaming_width bytes);
//   * an access outside [0, size) -> TLM_ADDRESS_ERROR_RESPONSE (no data moved, completes at arrival);
//   * TLM_IGNORE_COMMAND -> TLM_OK_RESPONSE, untimed;
//   * DMI: read/write over the whole range, latencies from the timing model's typical latency, unless
//     the `dmi` option is off or the timing model refuses it (then every access is timed);
//   * transport_dbg: untimed, unrecorded access for loaders and debuggers (clipped to the range).
// Timing: arrival = sim_now() + delay; completion = timing->access(...); delay = completion - sim_now().
// Statistics and trace: one span and one "transactions" count per b_transport call, in group "<name>";
// the timing model's own statistics in group "<name>.<kind>" ("ram.ddr"). See docs/memory.md.
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <vector>
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>
#include "models/common/backing_store.h"
#include "models/common/context.h"
#include "models/common/timed_target.h"
#include "models/memory/ddr/ddr_timing.h"
#include "models/memory/fixed_timing.h"
#include "models/memory/hmc/hmc_timing.h"
#include "models/memory/timing.h"

namespace vp {
struct MemoryConfig {
    uint64_t size = 0;             // bytes (required, > 0)
    bool dmi = true;               // grant DMI; false: refuse it so that every access is timed
    unsigned ports = 1;            // its ports on a crossbar bus (Bus::set_ports)
    std::string timing = "fixed";  // "fixed", "ddr" or "hmc": which of the sections below is used
    FixedTimingConfig fixed;
    DdrConfig ddr;
    HmcConfig hmc;

    // Parameters of a memory component: size, dmi, timing, and the `fixed:`, `ddr:` and `hmc:` sections.
    void params(config::Params& p);
};

// Builds the timing model a MemoryConfig names ("fixed" -> FixedTiming, "ddr" -> DdrTiming, "hmc" -> HmcTiming).
std::unique_ptr<MemoryTiming> make_memory_timing(const MemoryConfig& cfg);

class Memory : public sc_core::sc_module, public Component, public TimedTarget {
public:
    tlm_utils::simple_target_socket<Memory> target_socket;

    // Timing from cfg.timing and its section.
    Memory(sc_core::sc_module_name name, SimContext& ctx, const MemoryConfig& cfg);
    // Explicit timing model (tests, custom platforms). `timing` must not be null.
    Memory(sc_core::sc_module_name name, SimContext& ctx, const MemoryConfig& cfg,
           std::unique_ptr<MemoryTiming> timing);

    uint64_t size() const { return store_.size(); }
    BackingStore& store() { return store_; }
    MemoryTiming& timing() { return *timing_; }

    // Replaces the timing model (e.g. switching from a fast to a detailed mode). Invalidates all DMI
    // pointers, since their latencies (or their right to exist) come from the timing model.
    void set_timing(std::unique_ptr<MemoryTiming> timing);
    // Turns DMI on or off at run time; turning it off invalidates the pointers already granted.
    void set_dmi_enabled(bool on);
    std::string summary() const override;
    bool dmi_enabled() const { return dmi_ && timing_->allows_dmi(); }
    // Tells every initiator to drop its DMI pointers into this memory.
    void invalidate_dmi();
    // Calls `fn(offset, len)` after every write into the memory that arrives through the socket (timed
    // or debug), e.g. so that a hart drops what it decoded from code memory others rewrite. While an
    // observer is set, DMI is granted for reading only, so that no write bypasses it.
    void set_write_observer(std::function<void(uint64_t offset, uint64_t len)> fn);
    // A transaction in absolute times (timed_target.h; b_transport is this behind the conversions).
    Tick timed_transport(tlm::tlm_generic_payload& p, Tick arrival) override;
    // The line path (timed_target.h): the caches' fills and write-backs without a payload.
    bool serves_lines() const override { return true; }
    Tick line_transport(LineTransfer& t, Tick arrival) override;

private:
    // (Inline into both entries: a call more per line otherwise.)
    [[gnu::always_inline]] inline Tick timed(bool write, uint64_t addr, unsigned len, uint64_t extent, Tick arrival,
                                             TraceSpan& span);
    void b_transport(tlm::tlm_generic_payload& p, sc_core::sc_time& delay);
    bool get_direct_mem_ptr(tlm::tlm_generic_payload& p, tlm::tlm_dmi& dmi);
    unsigned transport_dbg(tlm::tlm_generic_payload& p);
    void end_of_simulation() override;
    void register_timing_stats();
    // Copies data between the payload and the store honouring byte enables and streaming width.
    void copy(tlm::tlm_generic_payload& p);

    BackingStore store_;
    std::unique_ptr<MemoryTiming> timing_;
    std::vector<std::unique_ptr<MemoryTiming>> retired_;  // replaced by set_timing(); own live statistics
    bool dmi_;
    std::function<void(uint64_t, uint64_t)> write_observer_;

    Counter &transactions_, &reads_, &writes_, &bytes_read_, &bytes_written_, &errors_, &dbg_accesses_, &dmi_grants_,
        &dmi_invalidations_;
    Histogram& latency_;
};

}  // namespace vp
