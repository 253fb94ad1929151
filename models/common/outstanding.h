// Memory-level parallelism of a requester: at most `depth` requests outstanding and at most one issued
// per `period`. Request j issues at
//     max(its earliest time, request j-1's issue + period, request j-depth's completion)
// so that a requester whose data comes back late (L2 misses, DRAM) is slowed by its own window and the
// memory hierarchy behind it, not by a latency it assumes. Used by the GCN engines' prefetchers
// (models/gcn_agg, models/gcn_comb); the caller performs the access and reports its completion.
#pragma once
#include <algorithm>
#include <cstdint>
#include <vector>
#include "models/common/time.h"

namespace vp {

class Outstanding {
public:
    explicit Outstanding(unsigned depth = 1, Tick period = 0) { reset(depth, period, 0); }

    // Empties the window: no request before `t0`.
    void reset(unsigned depth, Tick period, Tick t0) {
        done_.assign(std::max(1u, depth), t0);
        head_ = 0;
        next_ = t0;
        period_ = period;
    }
    // When the next request, ready at `ready`, issues.
    Tick issue_time(Tick ready) const { return std::max({ready, next_, done_[head_]}); }
    // The next request issued at `issue` completes at `done`. Returns the time it waited for the window
    // or the issue slot beyond `ready`.
    Tick issued(Tick ready, Tick issue, Tick done) {
        done_[head_] = done;
        head_ = head_ + 1 == done_.size() ? 0 : head_ + 1;
        next_ = issue + period_;
        last_done_ = std::max(last_done_, done);
        return issue > ready ? issue - ready : 0;
    }
    // The latest completion so far (the requester is idle after it).
    Tick last_done() const { return last_done_; }
    void set_floor(Tick t) { last_done_ = std::max(last_done_, t); }
    unsigned depth() const { return unsigned(done_.size()); }

private:
    std::vector<Tick> done_;  // completions of the last `depth` requests, oldest at head_
    size_t head_ = 0;
    Tick next_ = 0, period_ = 0, last_done_ = 0;
};

}  // namespace vp
