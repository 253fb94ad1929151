// Dynamic RRIP: set dueling between SRRIP (insert at max-1) and BRRIP (insert at max, at max-1 once
// in `brrip_near_one_in`). The sets are split into `leaders` regions; in each, the first set always
// uses SRRIP and the middle one always BRRIP. A fill (= a miss) in an SRRIP leader counts PSEL up, in a
// BRRIP leader down; the other sets follow BRRIP while PSEL is in its upper half, SRRIP otherwise.
#pragma once
#include "models/cache/replacement/srrip.h"
#include "models/common/prng.h"

namespace vp::cache {

class DrripPolicy : public RripPolicy {
public:
    enum class Role { Follower, SrripLeader, BrripLeader };
    DrripPolicy(unsigned sets, unsigned ways, const PolicyParams& p = {});
    void on_fill(unsigned set, unsigned way, const AccessInfo& a) override;
    Role role(unsigned set) const;
    unsigned psel() const { return psel_; }
    unsigned psel_max() const { return psel_max_; }
    bool followers_use_brrip() const { return psel_ > psel_max_ / 2; }

private:
    unsigned leaders_ = 0;  // per competing policy
    unsigned region_ = 0;   // sets per leader region; 0: too few sets to duel, everyone follows
    unsigned psel_max_, psel_;
    unsigned near_one_in_;
    Xoshiro256 rng_;
};

}  // namespace vp::cache
