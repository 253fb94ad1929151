#include "models/common/timeline.h"

namespace vp {

Tick Timeline::reserve(Tick earliest, Tick duration) {
    if (duration == 0) return earliest;
    if (busy_.size() > 32) prune();

    // First interval that could overlap [earliest, ...): the one before `earliest` may still cover it.
    Tick start = earliest;
    auto it = busy_.upper_bound(start);
    if (it != busy_.begin()) {
        auto prev = std::prev(it);
        if (prev->second > start) start = prev->second;
    }
    // Walk the gaps until one is long enough.
    while (it != busy_.end() && it->first < start + duration) {
        if (it->second > start) start = it->second;
        ++it;
    }
    const Tick end = start + duration;
    busy_total_ += duration;

    // Insert [start, end) and merge with touching neighbours to keep the map short.
    auto next = busy_.lower_bound(start);
    Tick new_start = start, new_end = end;
    if (next != busy_.begin()) {
        auto prev = std::prev(next);
        if (prev->second == start) { new_start = prev->first; busy_.erase(prev); }
    }
    if (next != busy_.end() && next->first == end) { new_end = next->second; busy_.erase(next); }
    busy_[new_start] = new_end;
    return start;
}

void Timeline::prune() {
    const Tick now = sim_now();
    // Keep the last interval even if it is in the past: busy_until() reports it.
    while (busy_.size() > 1 && busy_.begin()->second < now) busy_.erase(busy_.begin());
    if (!busy_.empty()) last_end_ = busy_.rbegin()->second;
}

}  // namespace vp
