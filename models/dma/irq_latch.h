// An interrupt status bit (dispatcher STATUS.IRQ, prefetcher STATUS.IRQ) whose events the engine
// knows ahead of the kernel: raise(t) latches an event at t, clear(at) (software writes 1 at `at`)
// drops the events up to `at`, and the bit reads 1 at `at` when an event at or before `at` is still
// latched. Events already in the kernel's past collapse into one, so the list stays as short as the
// engine's lead over the kernel however long software leaves the bit set.
#pragma once
#include <algorithm>
#include <deque>
#include "models/common/time.h"

namespace vp {

class IrqLatch {
public:
    void raise(Tick t) {
        events_.insert(std::upper_bound(events_.begin(), events_.end(), t), t);
        while (events_.size() >= 2 && events_[1] <= sim_now()) events_.pop_front();
    }
    void clear(Tick at) {
        while (!events_.empty() && events_.front() <= at) events_.pop_front();
    }
    void reset() { events_.clear(); }
    bool pending(Tick at) const { return !events_.empty() && events_.front() <= at; }

private:
    std::deque<Tick> events_;  // sorted
};

}  // namespace vp
