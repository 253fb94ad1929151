#include "models/cache/replacement/access_count.h"

namespace vp::cache {

void AccessCountPolicy::on_hit(unsigned set, unsigned way, const AccessInfo& a) {
    const size_t l = line(set, way);
    if (a.offset0 && prio_[l] > 0) --prio_[l];
    lru_.touch(l);
}

void AccessCountPolicy::on_fill(unsigned set, unsigned way, const AccessInfo& a) {
    const size_t l = line(set, way);
    prio_[l] = a.priority;
    lru_.touch(l);
}

void AccessCountPolicy::on_invalidate(unsigned set, unsigned way) {
    prio_[line(set, way)] = 0;
    lru_.clear(line(set, way));
}

unsigned AccessCountPolicy::choose_victim(unsigned set) {
    return lowest_then_lru(
        ways_, [this](size_t l) { return prio_[l]; }, lru_, line(set, 0));
}

}  // namespace vp::cache
