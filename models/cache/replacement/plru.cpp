#include "models/cache/replacement/plru.h"
#include <stdexcept>

namespace vp::cache {

PlruPolicy::PlruPolicy(unsigned sets, unsigned ways, const PolicyParams&) : ReplacementPolicy(sets, ways) {
    if ((ways & (ways - 1)) != 0) throw std::invalid_argument("plru: ways must be a power of two");
    bits_.assign(size_t(sets) * (ways - 1), false);
}

void PlruPolicy::touch(unsigned set, unsigned way) {
    const size_t base = size_t(set) * (ways_ - 1);
    unsigned node = 0, lo = 0;
    for (unsigned size = ways_; size > 1; size /= 2) {
        const unsigned half = size / 2;
        const bool right = way >= lo + half;
        bits_[base + node] = !right;  // evict from the other half next time
        if (right) lo += half;
        node = 2 * node + (right ? 2 : 1);
    }
}

unsigned PlruPolicy::choose_victim(unsigned set) {
    unsigned node = 0, lo = 0;
    for (unsigned size = ways_; size > 1; size /= 2) {
        const bool right = bit(set, node);
        if (right) lo += size / 2;
        node = 2 * node + (right ? 2 : 1);
    }
    return lo;
}

}  // namespace vp::cache
