#include "models/cache/replacement/drrip.h"
#include <algorithm>
#include <stdexcept>

namespace vp::cache {

DrripPolicy::DrripPolicy(unsigned sets, unsigned ways, const PolicyParams& p)
    : RripPolicy(sets, ways, p), near_one_in_(std::max(1u, p.brrip_near_one_in)), rng_(p.seed) {
    if (p.drrip_psel_bits < 1 || p.drrip_psel_bits > 16) throw std::invalid_argument("drrip: psel_bits must be 1..16");
    psel_max_ = (1u << p.drrip_psel_bits) - 1;
    psel_ = psel_max_ / 2;  // upper half means BRRIP: start on SRRIP
    leaders_ = std::min(p.drrip_leaders, sets / 2);
    if (leaders_ > 0) region_ = sets / leaders_;
}

DrripPolicy::Role DrripPolicy::role(unsigned set) const {
    if (region_ == 0) return Role::Follower;
    const unsigned offset = set % region_;
    if (set / region_ >= leaders_) return Role::Follower;  // sets past the last whole region
    if (offset == 0) return Role::SrripLeader;
    if (offset == region_ / 2) return Role::BrripLeader;
    return Role::Follower;
}

void DrripPolicy::on_fill(unsigned set, unsigned way, const AccessInfo&) {
    const Role r = role(set);
    if (r == Role::SrripLeader && psel_ < psel_max_) ++psel_;
    if (r == Role::BrripLeader && psel_ > 0) --psel_;
    const bool brrip = r == Role::BrripLeader || (r == Role::Follower && followers_use_brrip());
    // The BRRIP draw happens only for BRRIP insertions, so SRRIP-only runs consume no random numbers.
    const bool near = !brrip || rng_.below(near_one_in_) == 0;
    rrpv_[line(set, way)] = near ? uint8_t(max_ - 1) : max_;
}

}  // namespace vp::cache
