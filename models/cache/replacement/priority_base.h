// Priority base ("pb"): a line keeps its initial priority p_i (from the controller's priority
// table, clamped to max_p) and a working priority; a hit resets the working priority to p_i. Every
// `period` accesses (hits + fills) to a set, every working priority in it drops by one (not below 0).
// Victim: lowest working priority, ties LRU.
#pragma once
#include "models/cache/replacement/lru_stamps.h"
#include "models/cache/replacement/policy.h"

namespace vp::cache {

class PriorityBasePolicy : public ReplacementPolicy {
public:
    PriorityBasePolicy(unsigned sets, unsigned ways, const PolicyParams& p = {});
    void on_hit(unsigned set, unsigned way, const AccessInfo& a) override;
    void on_fill(unsigned set, unsigned way, const AccessInfo& a) override;
    void on_invalidate(unsigned set, unsigned way) override;
    uint32_t priority(unsigned set, unsigned way) const { return work_[line(set, way)]; }
    uint32_t initial_priority(unsigned set, unsigned way) const { return init_[line(set, way)]; }

protected:
    unsigned choose_victim(unsigned set) override;

private:
    void count_access(unsigned set);
    const unsigned period_;
    const uint32_t max_p_;
    std::vector<uint32_t> init_, work_;
    std::vector<unsigned> accesses_;  // per set, since the last decay
    LruStamps lru_;
};

}  // namespace vp::cache
