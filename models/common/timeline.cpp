#include "models/common/timeline.h"
#include <algorithm>
#include "models/common/sorted_search.h"

namespace vp {

Tick Timeline::reserve_late(Tick earliest, Tick duration) {
    if (duration == 0) return earliest;
    if (size_ - head_ > prune_at_) prune();

    // First live interval ending after `earliest`: the earlier ones cannot overlap.
    const auto first = busy_.begin() + ptrdiff_t(head_), last = busy_.begin() + ptrdiff_t(size_);
    auto it = partition_point_from_back(first, last, [earliest](const Interval& iv) { return iv.end <= earliest; });
    // Walk the gaps until one is long enough.
    Tick start = earliest;
    while (it != last && it->start < start + duration) {
        start = std::max(start, it->end);
        ++it;
    }
    const Tick end = start + duration;
    busy_total_ += duration;

    // `it` is the first interval starting at or after `end`; the one before it (if any) ends at or
    // before `start`. Insert [start, end), merging with neighbours that touch it.
    const size_t at = size_t(it - busy_.begin());
    const bool touches_prev = at != head_ && busy_[at - 1].end == start;
    const bool touches_next = at != size_ && busy_[at].start == end;
    if (touches_prev && touches_next) {
        busy_[at - 1].end = busy_[at].end;
        erase(at);
    } else if (touches_prev) {
        busy_[at - 1].end = end;
    } else if (touches_next) {
        busy_[at].start = start;
    } else {
        insert(at, start, end);
    }
    return start;
}

void Timeline::insert(size_t at, Tick start, Tick end) {
    if (size_ == busy_.size()) {
        const size_t live_at = at - head_;  // (growing may move the live intervals to the front)
        grow();
        at = head_ + live_at;
    }
    std::move_backward(busy_.begin() + ptrdiff_t(at), busy_.begin() + ptrdiff_t(size_),
                       busy_.begin() + ptrdiff_t(size_ + 1));
    busy_[at].start = start;
    busy_[at].end = end;
    ++size_;
}

void Timeline::erase(size_t at) {
    std::move(busy_.begin() + ptrdiff_t(at + 1), busy_.begin() + ptrdiff_t(size_), busy_.begin() + ptrdiff_t(at));
    --size_;
}

void Timeline::grow() {
    if (head_ > 0 && head_ * 2 >= size_) {  // at least half pruned: move the live ones to the front
        std::move(busy_.begin() + ptrdiff_t(head_), busy_.begin() + ptrdiff_t(size_), busy_.begin());
        size_ -= head_;
        head_ = 0;
    } else {
        busy_.resize(std::max<size_t>(16, 2 * busy_.size()));
    }
}

void Timeline::prune() {
    if (size_ == head_) return;
    const Tick now = sim_now();
    // The intervals that ended before now can never matter again. Sorted and disjoint, their ends
    // are sorted too: the first live one is found by bisection. The last interval stays even if it
    // is in the past: busy_until() reports it.
    const auto first = busy_.begin() + ptrdiff_t(head_), last = busy_.begin() + ptrdiff_t(size_ - 1);
    head_ =
        size_t(std::partition_point(first, last, [now](const Interval& iv) { return iv.end < now; }) - busy_.begin());
    last_end_ = busy_[size_ - 1].end;
    // Under a long quantum many intervals stay live; prune again only when their number has doubled,
    // so the cost per reservation stays constant.
    prune_at_ = std::max<size_t>(32, 2 * (size_ - head_));
}

}  // namespace vp
