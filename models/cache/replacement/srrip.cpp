#include "models/cache/replacement/srrip.h"
#include <algorithm>
#include <stdexcept>

namespace vp::cache {

static uint8_t rrpv_max(unsigned bits) {
    if (bits < 1 || bits > 7) throw std::invalid_argument("rrip: rrpv_bits must be 1..7");
    return uint8_t((1u << bits) - 1);
}

RripPolicy::RripPolicy(unsigned sets, unsigned ways, const PolicyParams& p)
    : ReplacementPolicy(sets, ways), max_(rrpv_max(p.rrpv_bits)) {
    rrpv_.assign(size_t(sets) * ways, max_);
}

unsigned RripPolicy::choose_victim(unsigned set) {
    uint8_t* r = &rrpv_[line(set, 0)];
    // Age the set just enough for the oldest line to reach max: same result as the textbook loop
    // "no line at max? increment all and look again", in one pass.
    const uint8_t oldest = *std::max_element(r, r + ways_);
    const uint8_t step = uint8_t(max_ - oldest);
    unsigned victim = ways_;
    for (unsigned w = 0; w < ways_; ++w) {
        r[w] = uint8_t(r[w] + step);
        if (r[w] == max_ && victim == ways_) victim = w;
    }
    return victim;
}

}  // namespace vp::cache
