// The timing of a memory, behind one small interface so that the Memory target (data, DMI, debug
// access, statistics, trace) is written once and the timing models (fixed latency/bandwidth, DDR,
// later HMC) plug in. See docs/memory.md.
//
// A timing model is called once per serviced transaction, in simulation-call order, with the time
// the transaction arrives at the memory (already decoupled: it may lie ahead of the kernel's time).
// It reserves what the access occupies (a port, banks, a data bus) and returns the completion time.
// It never calls wait().
#pragma once
#include <cstdint>
#include <string>
#include "models/common/context.h"
#include "models/common/stats.h"
#include "models/common/time.h"
#include "models/trace/tracer.h"

namespace vp {

class MemoryTiming {
public:
    virtual ~MemoryTiming() = default;

    // Short name for logs and the trace ("fixed", "ddr").
    virtual const char* kind() const = 0;

    // Services an access of `len` bytes at `addr` (offset inside the memory) arriving at `arrival`:
    // reserves the resources it uses, marks the service start on `span` (span.start) and adds the
    // model's attributes, and returns the completion time (>= arrival).
    virtual Tick access(bool write, uint64_t addr, unsigned len, Tick arrival, TraceSpan& span) = 0;

    // Latencies annotated on DMI grants (per DMI access, as TLM-2.0 defines them). Each model
    // documents which of its latencies it reports.
    virtual Tick typical_read_latency() const = 0;
    virtual Tick typical_write_latency() const = 0;

    // False when DMI would bypass something the model must see (the Memory then refuses DMI).
    virtual bool allows_dmi() const { return true; }

    // End of the run at time `now`: account for what happened while nobody accessed the memory.
    virtual void finish(Tick now) { (void)now; }

    // Registers the model's own statistics in the memory's group. Called once by the Memory.
    virtual void register_stats(StatGroup& stats) { (void)stats; }

    // Connects the model to the simulation once, after register_stats: energy events in ctx.energy under
    // `path` (the statistics group's path, e.g. "ram.ddr"), trace tracks for sub-transactions.
    virtual void attach(SimContext& ctx, const std::string& path) {
        (void)ctx;
        (void)path;
    }
};

}  // namespace vp
