// The index of the first smallest of n values (what std::min_element finds), with the usual counts
// unrolled. The caches ask on every miss (the MSHR free first) and on every fill of a full set (LRU's
// oldest line), where a loop's count and test cost as much as the comparisons.
#pragma once
#include <cstdint>

namespace vp {

namespace detail {
[[gnu::always_inline]] inline unsigned first_min_of(const uint64_t* v, unsigned n) {
    unsigned best = 0;
    uint64_t lowest = v[0];
    for (unsigned i = 1; i < n; ++i) {  // (selects, not branches: which value is lowest is data, unpredictable)
        const bool lower = v[i] < lowest;
        best = lower ? i : best;
        lowest = lower ? v[i] : lowest;
    }
    return best;
}
}  // namespace detail

// n >= 1.
inline unsigned first_min_index(const uint64_t* v, unsigned n) {
    switch (n) {
        case 1: return 0;
        case 2: return detail::first_min_of(v, 2);
        case 4: return detail::first_min_of(v, 4);
        case 8: return detail::first_min_of(v, 8);
        case 16: return detail::first_min_of(v, 16);
        default: return detail::first_min_of(v, n);
    }
}

}  // namespace vp
