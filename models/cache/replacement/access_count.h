// Access-count base ("ac"): a line's priority is its remaining access count, given at fill
// (from the controller's priority table) and decremented (not below 0) by each hit on its offset-0
// word. Victim: lowest priority, ties LRU.
#pragma once
#include "models/cache/replacement/lru_stamps.h"
#include "models/cache/replacement/policy.h"

namespace vp::cache {

class AccessCountPolicy : public ReplacementPolicy {
public:
    AccessCountPolicy(unsigned sets, unsigned ways, const PolicyParams& = {})
        : ReplacementPolicy(sets, ways), prio_(size_t(sets) * ways, 0), lru_(size_t(sets) * ways) {}
    void on_hit(unsigned set, unsigned way, const AccessInfo& a) override;
    void on_fill(unsigned set, unsigned way, const AccessInfo& a) override;
    void on_invalidate(unsigned set, unsigned way) override;
    uint32_t priority(unsigned set, unsigned way) const { return prio_[line(set, way)]; }

protected:
    unsigned choose_victim(unsigned set) override;

private:
    std::vector<uint32_t> prio_;
    LruStamps lru_;
};

}  // namespace vp::cache
