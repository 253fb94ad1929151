// Re-reference interval prediction (Jaleel et al., ISCA 2010): an RRPV per line, 0 = reused soon,
// max = reused in the distant future. Victim: the lowest way at max; if none, age the whole set by
// one and look again. SRRIP inserts at max - 1 and promotes a hit to 0; subclasses change the
// insertion (BRRIP, DRRIP: drrip.h) or both (GRASP: grasp.h).
#pragma once
#include <cstdint>
#include "models/cache/replacement/policy.h"

namespace vp::cache {

class RripPolicy : public ReplacementPolicy {
public:
    RripPolicy(unsigned sets, unsigned ways, const PolicyParams& p = {});
    void on_hit(unsigned set, unsigned way, const AccessInfo&) override { rrpv_[line(set, way)] = 0; }
    bool repeat_hit_is_noop() const override { return true; }
    void on_fill(unsigned set, unsigned way, const AccessInfo&) override { rrpv_[line(set, way)] = max_ - 1; }
    void on_invalidate(unsigned set, unsigned way) override { rrpv_[line(set, way)] = max_; }
    uint8_t rrpv(unsigned set, unsigned way) const { return rrpv_[line(set, way)]; }
    uint8_t max_rrpv() const { return max_; }

protected:
    unsigned choose_victim(unsigned set) override;
    std::vector<uint8_t> rrpv_;
    const uint8_t max_;
};

}  // namespace vp::cache
