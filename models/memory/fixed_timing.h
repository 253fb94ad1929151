// Fixed timing: a constant latency plus a bandwidth-limited data port.
//
//   port_start = port.reserve(arrival, len / bandwidth)     (first gap on the port's timeline)
//   completion = port_start + len / bandwidth + latency
//
// So one isolated access costs latency + len / bandwidth, and back-to-back accesses cannot move
// more than `bandwidth` bytes per second however many initiators issue them. bandwidth = 0 means an
// unlimited port (pure latency). Reads and writes are timed alike. See docs/memory.md.
#pragma once
#include "config/params.h"
#include "models/common/timeline.h"
#include "models/memory/timing.h"

namespace vp {
struct FixedTimingConfig {
    Tick latency = 50 * kNs;    // ps, added to every access
    double bandwidth = 12.8e9;  // bytes/s of the data port; 0 = unlimited

    void params(config::Params& p);
};

class FixedTiming : public MemoryTiming {
public:
    explicit FixedTiming(const FixedTimingConfig& cfg);

    const char* kind() const override { return "fixed"; }
    Tick access(bool write, uint64_t addr, unsigned len, Tick arrival, TraceSpan& span) override;
    // DMI latency: `latency` plus the port time of one 8-byte word.
    Tick typical_read_latency() const override { return cfg_.latency + transfer_time(8); }
    Tick typical_write_latency() const override { return typical_read_latency(); }
    void register_stats(StatGroup& stats) override;

    // Time the port needs for `len` bytes (rounded up to whole ps).
    Tick transfer_time(uint64_t len) const;
    const FixedTimingConfig& config() const { return cfg_; }

private:
    FixedTimingConfig cfg_;
    Timeline port_;
    Histogram* wait_ = nullptr;
};

}  // namespace vp
