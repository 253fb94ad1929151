#include "models/cache/replacement/policy.h"
#include <stdexcept>

namespace vp::cache {

ReplacementPolicy::ReplacementPolicy(unsigned sets, unsigned ways) : sets_(sets), ways_(ways) {
    if (sets == 0 || ways == 0) throw std::invalid_argument("replacement policy: sets and ways must be > 0");
}

unsigned ReplacementPolicy::victim(unsigned set, const std::vector<bool>& valid) {
    if (valid.size() != ways_) throw std::invalid_argument("replacement policy: valid has the wrong number of ways");
    uint64_t mask = 0;
    for (unsigned w = 0; w < ways_; ++w) mask |= uint64_t(valid[w]) << w;
    return victim(set, mask);
}

}  // namespace vp::cache
