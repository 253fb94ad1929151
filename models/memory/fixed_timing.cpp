#include "models/memory/fixed_timing.h"
#include <cmath>
#include <stdexcept>

namespace vp {

FixedTiming::FixedTiming(const FixedTimingConfig& cfg) : cfg_(cfg) {
    if (!(cfg.bandwidth >= 0)) throw std::invalid_argument("fixed timing: bandwidth must be >= 0");
}

Tick FixedTiming::transfer_time(uint64_t len) const {
    if (cfg_.bandwidth <= 0) return 0;
    return static_cast<Tick>(std::ceil(double(len) * 1e12 / cfg_.bandwidth - 1e-6));
}

Tick FixedTiming::access(bool, uint64_t, unsigned len, Tick arrival, TraceSpan& span) {
    const Tick xfer = transfer_time(len);
    const Tick start = port_.reserve(arrival, xfer);
    span.start(start);
    if (wait_) wait_->add(start - arrival);
    return start + xfer + cfg_.latency;
}

void FixedTiming::register_stats(StatGroup& stats) {
    wait_ = &stats.histogram("port_wait", "ps", "time an access waited for the data port");
    stats.derived("port_utilization", "ratio", "busy fraction of the data port", [this, &stats] {
        return stats.elapsed() ? double(port_.busy_total()) / double(stats.elapsed()) : 0.0;
    });
}

}  // namespace vp
