// Busy timeline of a shared resource (a bus channel, a data bus, a link direction, a port).
//
// Under temporal decoupling, initiators call into shared resources out of time order: an initiator
// running ahead may reserve the bus at t=900 ns before another one, still at t=400 ns, asks for it.
// A single "busy until" value would make the late caller wait behind a reservation that lies in its
// future. The timeline instead keeps the reserved intervals and places each request in the first gap
// at or after its arrival that is long enough, so bandwidth limits hold whatever the call order.
// Intervals that end before the kernel's current time can never matter again and are pruned.
//
// Representation: disjoint intervals sorted by start in a vector, touching ones merged. Nearly all
// reservations land at or near the end (a saturated resource is one growing interval), so the common
// case is an append or an in-place extension, with no allocation, and a late request searches back from
// the end (models/common/sorted_search.h).
#pragma once
#include <algorithm>
#include <vector>
#include "models/common/time.h"

namespace vp {

class Timeline {
public:
    // Reserves `duration` at the earliest time >= `earliest` when the resource is free for that long.
    // Returns the start of the reservation. A zero duration never waits.
    // Inline: the common case, at or after the end of the last reservation (an initiator running in
    // time order), is an append or an extension; a call cost more than the work (every bus
    // transaction reserves twice).
    [[gnu::always_inline]] Tick reserve(Tick earliest, Tick duration) {
        if (__builtin_expect(duration != 0 && size_ > head_ && earliest >= busy_[size_ - 1].end, 1)) {
            busy_total_ += duration;
            Interval& last = busy_[size_ - 1];
            if (earliest == last.end) {
                last.end += duration;
            } else {
                if (__builtin_expect(size_ == busy_.size(), 0)) grow();
                Interval& added = busy_[size_++];
                added.start = earliest;
                added.end = earliest + duration;
            }
            if (size_ - head_ > prune_at_) prune();
            return earliest;
        }
        return reserve_late(earliest, duration);
    }

    // End of the last reservation (0 if none): where a purely in-order user would start.
    Tick busy_until() const { return size_ > head_ ? busy_[size_ - 1].end : last_end_; }

    // Sum of all reserved durations, for utilisation statistics.
    Tick busy_total() const { return busy_total_; }

    void reset() {
        busy_.clear();
        size_ = 0;
        head_ = 0;
        busy_total_ = 0;
        last_end_ = 0;
        prune_at_ = 32;
    }

private:
    // (Written field by field where it is added: building a braced Interval made g++ assemble it on
    // the stack and reload it as one 16-byte vector, a failed store-to-load forward on every new
    // interval.)
    struct Interval {
        Tick start, end;
    };
    // Everything but the in-order case: an empty timeline, a zero duration, a request before the end.
    Tick reserve_late(Tick earliest, Tick duration);
    void prune();
    void grow();  // the storage is full: reuse the pruned slots, or double it
    // Inserts [start, end) before busy_[at] (at <= size_); erases busy_[at].
    void insert(size_t at, Tick start, Tick end);
    void erase(size_t at);

    // busy_[head_, size_): the live intervals, sorted, disjoint, non-touching. The vector is storage
    // only (its size is the capacity): an append is a store and an increment, with no library call.
    std::vector<Interval> busy_;
    size_t size_ = 0;
    size_t head_ = 0;       // intervals before head_ are pruned (compacted away when the storage is full)
    size_t prune_at_ = 32;  // prune when this many intervals are live
    Tick busy_total_ = 0;
    Tick last_end_ = 0;
};

}  // namespace vp
