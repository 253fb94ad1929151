// Searching sorted sequences whose answer is nearly always close to the end: the reservations of a
// resource's timeline and a DRAM rank's recent ACTs, where requests arrive almost in time order. A few
// steps back from the end find the answer without the mispredicted branches of a binary search; a
// search that goes further falls back to one.
#pragma once
#include <algorithm>
#include <iterator>

namespace vp {

// Like std::partition_point(first, last, before): the first element for which before() is false,
// with [first, last) partitioned (every element before() holds for precedes every other).
template <class It, class Before>
It partition_point_from_back(It first, It last, Before before) {
    constexpr int kSteps = 8;
    It it = last;
    for (int i = 0; i < kSteps && it != first; ++i) {
        const It prev = std::prev(it);
        if (before(*prev)) return it;
        it = prev;
    }
    return it == first ? it : std::partition_point(first, it, before);
}

}  // namespace vp
