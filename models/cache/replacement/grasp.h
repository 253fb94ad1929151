// GRASP-style (after Faldu et al., HPCA 2020: protect the high-reuse region of a graph's property
// array): RRIP where lines in [hot_start, hot_end) are inserted at 0 and promoted to 0 on a hit,
// and all other lines are inserted at max and promoted by one step per hit.
#pragma once
#include "models/cache/replacement/srrip.h"

namespace vp::cache {

class GraspPolicy : public RripPolicy {
public:
    GraspPolicy(unsigned sets, unsigned ways, const PolicyParams& p = {})
        : RripPolicy(sets, ways, p), hot_start_(p.hot_start), hot_end_(p.hot_end) {}
    bool repeat_hit_is_noop() const override { return false; }  // non-hot lines step up per hit
    void on_hit(unsigned set, unsigned way, const AccessInfo& a) override;
    void on_fill(unsigned set, unsigned way, const AccessInfo& a) override;
    bool hot(uint64_t addr) const { return addr >= hot_start_ && addr < hot_end_; }

private:
    uint64_t hot_start_, hot_end_;
};

}  // namespace vp::cache
