// Random: a victim drawn uniformly from the full set, from a seeded generator (the same on every host).
#pragma once
#include "models/cache/replacement/policy.h"
#include "models/common/prng.h"

namespace vp::cache {

class RandomPolicy : public ReplacementPolicy {
public:
    RandomPolicy(unsigned sets, unsigned ways, const PolicyParams& p = {})
        : ReplacementPolicy(sets, ways), rng_(p.seed) {}
    void on_hit(unsigned, unsigned, const AccessInfo&) override {}
    bool repeat_hit_is_noop() const override { return true; }
    bool fill_is_hit() const override { return true; }
    void on_fill(unsigned, unsigned, const AccessInfo&) override {}

protected:
    // Drawn only when the set is full (victim() takes invalid ways first).
    unsigned choose_victim(unsigned) override;

private:
    Xoshiro256 rng_;
};

}  // namespace vp::cache
