// Repeat hits: cache lines an initiator may access again without calling its cache.
//
// A cache with a holder grants a line after a hit when a repeated access to it would change
// nothing in the cache but what the holder updates itself: the hit took no time (no tag-port
// latency, no fill in flight), no statistics window watches it, the whole line counts in one
// statistics region, and for a store the line is dirty already. Which lines, depends on the
// replacement policy:
//   - a policy whose hits only stamp the line (LRU: cache::ReplacementPolicy::lru_stamps): any line
//     the set holds. The holder stamps it as the policy would (`stamp`, `clock`), so hits on other
//     ways of the set in between change nothing; the grant goes when the line leaves or changes
//     (eviction, invalidation, clean, a stale-data mark). One entry per line number (`line & mask`).
//   - any other policy for which a repeated hit is a no-op (cache::ReplacementPolicy::repeat_hit_is_noop):
//     the way its set hit last; the grant goes before anything changes the set (a hit on another
//     way, a fill, an invalidation, a clean, a stale mark). One entry per set (the table has at most
//     as many entries as the cache has sets), so taking back a set's grant is one store.
// Either way all grants go when the counters move (new regions, a new policy, a statistics window).
// The holder counts each repeat exactly where the cache would have: the region's lookups and hits and
// the energy ledger's lookups. So a run gives the same statistics, energy and timing with and without
// grants; only the host's work differs (the CPU's L1 hit without a call, docs/performance.md).
#pragma once
#include <cstdint>

namespace vp {

struct RepeatHits {
    static constexpr uint64_t kNone = ~uint64_t(0);
    static constexpr unsigned kEntries = 1024;
    struct Entry {
        uint64_t line = kNone;       // address >> shift; kNone: no grant
        uint64_t* counts = nullptr;  // the region's [lookups, hits] (two adjacent counters)
        uint64_t* stamp = nullptr;   // the line's last-use stamp, set from ++*clock on each repeat; null: none
        bool stores = false;         // stores repeat too: the line is dirty already
    };

    // A repeat of [addr, addr + len) (len a power of two, at most a line): counted, and true; false
    // if the access must go to the cache. An access aligned to its size lies in one line; a
    // misaligned one goes to the cache, which handles lines it crosses (and counts the same).
    bool hit(uint64_t addr, unsigned len, bool store) {
        const uint64_t line = addr >> shift;
        Entry& e = entry[line & mask];
        if (e.line != line || (addr & (len - 1)) || (store && !e.stores)) return false;
        uint64_t* const counts = e.counts;
        ++counts[0];
        ++counts[1];
        ++*lookups;
        if (uint64_t* const stamp = e.stamp) *stamp = ++*clock;
        return true;
    }
    // Per-set grants: the set changed. Per-line grants: the line changed or left.
    void revoke_set(uint64_t set) { entry[set & mask].line = kNone; }
    void revoke_line(uint64_t line) {
        Entry& e = entry[line & mask];
        if (e.line == line) e.line = kNone;
    }
    void revoke_all() {
        for (Entry& e : entry) e.line = kNone;
    }

    Entry entry[kEntries];
    unsigned shift = 63;          // log2(line size), set by the granting cache
    uint64_t mask = 0;            // entries in use - 1 (per set: at most the cache's sets - 1)
    uint64_t* lookups = nullptr;  // the cache's lookup count in the energy ledger
    uint64_t* clock = nullptr;    // the policy's last-use clock (per-line grants)
};

}  // namespace vp
