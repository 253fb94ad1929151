#include "models/common/timeline.h"
#include <algorithm>
#include "models/common/sorted_search.h"

namespace vp {

Tick Timeline::reserve_late(Tick earliest, Tick duration) {
    if (duration == 0) return earliest;
    if (busy_.size() - head_ > prune_at_) prune();

    // First live interval ending after `earliest`: the earlier ones cannot overlap.
    auto first = busy_.begin() + head_;
    auto it =
        partition_point_from_back(first, busy_.end(), [earliest](const Interval& iv) { return iv.end <= earliest; });
    // Walk the gaps until one is long enough.
    Tick start = earliest;
    while (it != busy_.end() && it->start < start + duration) {
        start = std::max(start, it->end);
        ++it;
    }
    const Tick end = start + duration;
    busy_total_ += duration;

    // `it` is the first interval starting at or after `end`; the one before it (if any) ends at or
    // before `start`. Insert [start, end), merging with neighbours that touch it.
    const bool touches_prev = it != busy_.begin() + head_ && std::prev(it)->end == start;
    const bool touches_next = it != busy_.end() && it->start == end;
    if (touches_prev && touches_next) {
        std::prev(it)->end = it->end;
        busy_.erase(it);
    } else if (touches_prev) {
        std::prev(it)->end = end;
    } else if (touches_next) {
        it->start = start;
    } else {
        busy_.emplace(it, start, end);
    }
    return start;
}

void Timeline::prune() {
    const Tick now = sim_now();
    // Keep the last interval even if it is in the past: busy_until() reports it.
    while (busy_.size() - head_ > 1 && busy_[head_].end < now) ++head_;
    if (head_ > 64 && head_ * 2 > busy_.size()) {
        busy_.erase(busy_.begin(), busy_.begin() + head_);
        head_ = 0;
    }
    if (busy_.size() > head_) last_end_ = busy_.back().end;
    // Under a long quantum many intervals stay live; prune again only when their number has doubled,
    // so the cost per reservation stays constant.
    prune_at_ = std::max<size_t>(32, 2 * (busy_.size() - head_));
}

}  // namespace vp
