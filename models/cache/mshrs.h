// Miss status holding registers of one cache (timing only). A miss takes the earliest free MSHR (with
// one, the cache is blocking) and holds it until its line is back. Each line remembers when its fill
// completes, so that a hit on a line still in flight waits for that fill (an MSHR merge) instead of
// missing again.
#pragma once
#include <algorithm>
#include <cstddef>
#include <vector>
#include "models/common/first_min.h"
#include "models/common/line_aligned.h"
#include "models/common/time.h"

namespace vp::cache {

class Mshrs {
public:
    // `count` MSHRs for a cache of `lines` lines (sets x ways; a line's slot is set * ways + way).
    Mshrs(unsigned count, size_t lines) : free_at_(count, 0), ready_at_(lines, 0) {}

    // When the data of the line in `slot` is there for an access at `t`: t, or later while its fill
    // is still in flight.
    Tick ready(size_t slot, Tick t) const {
        if (__builtin_expect(t < latest_ready_ && ready_at_[slot] > t, 0)) return ready_at_[slot];
        return t;
    }

    // The MSHR a miss takes: the one free earliest.
    unsigned earliest() const { return first_min_index(free_at_.data(), unsigned(free_at_.size())); }
    Tick free_at(unsigned mshr) const { return free_at_[mshr]; }
    // The miss holding `mshr` fills the line in `slot`; both are done at `done`.
    void hold(unsigned mshr, size_t slot, Tick done) {
        free_at_[mshr] = done;
        ready_at_[slot] = done;
        latest_ready_ = std::max(latest_ready_, done);
    }
    // Every line left the cache (whole-cache invalidation): no fill is awaited any more.
    void forget_fills() { std::fill(ready_at_.begin(), ready_at_.end(), 0); }

private:
    std::vector<Tick> free_at_;         // per MSHR
    LineAlignedVector<Tick> ready_at_;  // per line slot: when its last fill completes (a set of 8 ways: one host line)
    Tick latest_ready_ = 0;             // max of ready_at_: accesses after it need not look
};

}  // namespace vp::cache
