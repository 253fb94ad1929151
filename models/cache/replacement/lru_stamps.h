// Last-use stamps: the state of LRU, and the tie-break of the priority policies (AC, PB).
#pragma once
#include <cstddef>
#include <cstdint>
#include "models/common/first_min.h"
#include "models/common/line_aligned.h"

namespace vp::cache {

// A stamp of 0 means "never used", older than anything. One 64-bit clock per policy never wraps in
// practice.
class LruStamps {
public:
    explicit LruStamps(size_t lines) : stamp_(lines, 0) {}
    void touch(size_t line) { stamp_[line] = ++clock_; }
    void clear(size_t line) { stamp_[line] = 0; }
    uint64_t stamp(size_t line) const { return stamp_[line]; }
    // Where a line's stamp and the clock live, for a holder that stamps on the policy's behalf
    // (ReplacementPolicy::lru_stamps, models/common/repeat_hits.h): touch() is *at(line) = ++*clock().
    uint64_t* at(size_t line) { return &stamp_[line]; }
    uint64_t* clock() { return &clock_; }
    // The least recently used of lines first .. first + ways - 1 (the lowest way if stamps tie).
    unsigned oldest(size_t first, unsigned ways) const { return first_min_index(&stamp_[first], ways); }

private:
    LineAlignedVector<uint64_t> stamp_;  // (a set of 8 ways: one host line)
    uint64_t clock_ = 0;
};

// The way of lines first .. first + ways - 1 with the lowest key(line); ties go to the least recently
// used, and to the lowest way if the stamps tie too (never used lines).
template <typename Key>
unsigned lowest_then_lru(unsigned ways, Key key, const LruStamps& lru, size_t first) {
    unsigned best = 0;
    for (unsigned w = 1; w < ways; ++w) {
        const auto kw = key(first + w), kb = key(first + best);
        if (kw < kb || (kw == kb && lru.stamp(first + w) < lru.stamp(first + best))) best = w;
    }
    return best;
}

}  // namespace vp::cache
