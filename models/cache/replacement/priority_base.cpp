#include "models/cache/replacement/priority_base.h"
#include <algorithm>
#include <stdexcept>

namespace vp::cache {

PriorityBasePolicy::PriorityBasePolicy(unsigned sets, unsigned ways, const PolicyParams& p)
    : ReplacementPolicy(sets, ways),
      period_(p.pb_period),
      max_p_(p.pb_max_priority),
      init_(size_t(sets) * ways, 0),
      work_(size_t(sets) * ways, 0),
      accesses_(sets, 0),
      lru_(size_t(sets) * ways) {
    if (period_ == 0) throw std::invalid_argument("pb: period must be > 0");
}

// Counted before the access updates its line, so the line just hit or filled keeps its full priority.
void PriorityBasePolicy::count_access(unsigned set) {
    if (++accesses_[set] < period_) return;
    accesses_[set] = 0;
    for (unsigned w = 0; w < ways_; ++w) {
        uint32_t& p = work_[line(set, w)];
        if (p > 0) --p;
    }
}

void PriorityBasePolicy::on_hit(unsigned set, unsigned way, const AccessInfo&) {
    count_access(set);
    const size_t l = line(set, way);
    work_[l] = init_[l];
    lru_.touch(l);
}

void PriorityBasePolicy::on_fill(unsigned set, unsigned way, const AccessInfo& a) {
    count_access(set);
    const size_t l = line(set, way);
    init_[l] = work_[l] = std::min(a.priority, max_p_);
    lru_.touch(l);
}

void PriorityBasePolicy::on_invalidate(unsigned set, unsigned way) {
    const size_t l = line(set, way);
    init_[l] = work_[l] = 0;
    lru_.clear(l);
}

unsigned PriorityBasePolicy::choose_victim(unsigned set) {
    return lowest_then_lru(
        ways_, [this](size_t l) { return work_[l]; }, lru_, line(set, 0));
}

}  // namespace vp::cache
