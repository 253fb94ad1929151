// The replacement-policy interface: one small plug-in per policy (one file each in this folder, one
// line each in registry.cpp), one policy object per cache covering all sets x ways lines.
//
// The cache array owns tags and valid bits; a policy keeps only its own per-line state (timestamps,
// tree bits, RRPVs, priorities) and answers "which way goes?". The array tells it what happened: a
// hit, a fill (a line was inserted after a miss) or an invalidation. Rules: docs/cache_policies.md.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

namespace vp::cache {

class LruStamps;

// What the cache knows about the access that caused a hit or a fill.
struct AccessInfo {
    uint64_t addr = 0;
    bool is_write = false;
    // Priority-aware policies only (AC, PB): AC takes the line's remaining access count q_i,
    // PB its initial priority p_i. Read on fill; the cache controller looks it up (priority table).
    uint32_t priority = 0;
    // The access touches the line's offset-0 word: AC counts only those, so one vertex (one line)
    // read word by word is counted once per visit.
    bool offset0 = false;
};

// Tuning for all policies; each reads only its own fields. Defaults are the usual published ones.
struct PolicyParams {
    uint64_t seed = 1;                    // random, BRRIP's rare near insertion in DRRIP
    unsigned rrpv_bits = 2;               // SRRIP, DRRIP, GRASP: RRPV in 0 .. 2^bits - 1
    unsigned drrip_leaders = 32;          // DRRIP: leader sets per competing policy (clamped to sets / 2)
    unsigned drrip_psel_bits = 10;        // DRRIP: saturating policy selector width
    unsigned brrip_near_one_in = 32;      // BRRIP: one insertion in this many is at max-1, the rest at max
    unsigned pb_period = 100;             // PB: accesses (hits + fills) to a set between priority decays
    uint32_t pb_max_priority = 10;        // PB: initial priorities are clamped to 0 .. max_p
    uint64_t hot_start = 0, hot_end = 0;  // GRASP: high-reuse address range [start, end)
};

// Every policy has the constructor P(sets, ways, const PolicyParams&) (the registry builds them all
// the same way) and throws std::invalid_argument for parameters it cannot work with.
class ReplacementPolicy {
public:
    ReplacementPolicy(unsigned sets, unsigned ways);
    virtual ~ReplacementPolicy() = default;
    ReplacementPolicy(const ReplacementPolicy&) = delete;
    ReplacementPolicy& operator=(const ReplacementPolicy&) = delete;

    virtual void on_hit(unsigned set, unsigned way, const AccessInfo& a) = 0;
    virtual void on_fill(unsigned set, unsigned way, const AccessInfo& a) = 0;
    virtual void on_invalidate(unsigned /*set*/, unsigned /*way*/) {}
    // True when a second hit on a line, with no other access to its set in between, leaves the
    // policy's decisions unchanged, so the cache may skip reporting it (LRU: the line is already the
    // most recent of its set; RRIP: already at 0). The cache relies on it for the line accessed last
    // and for the way its set hit last (way prediction, cache_array.h). Policies that count hits
    // (AC, PB, GRASP's stepwise promotion) say false.
    virtual bool repeat_hit_is_noop() const { return false; }
    // True when on_fill leaves the line as on_hit would (LRU, PLRU, random): a hit right after the fill
    // is then a repeated hit in the sense above. RRIP inserts at max-1 and a hit promotes to 0: false.
    virtual bool fill_is_hit() const { return false; }
    // Non-null when the policy is LRU over these last-use stamps and nothing else: a hit or a fill
    // stamps the line (LruStamps::touch), an invalidation clears it, a full set's victim is its oldest
    // line (LruStamps::oldest). The array then does that itself, without a virtual call on every hit
    // and fill, and the holder of repeat hits stamps the lines it repeats, so that any line of a set
    // may repeat (models/common/repeat_hits.h).
    virtual LruStamps* lru_stamps() { return nullptr; }

    // The way to fill on a miss in `set`; `valid` holds one flag per way. An invalid way is always
    // taken first (the lowest one), so no policy can evict live data while space is free; only when
    // the set is full is the policy asked. May update state (RRIP ages the set): call once per miss.
    unsigned victim(unsigned set, const std::vector<bool>& valid);
    // The same with the flags as a mask (bit w: way w is valid; ways <= 64), for the cache's miss path.
    unsigned victim(unsigned set, uint64_t valid_mask) {
        if (!full(valid_mask)) return unsigned(__builtin_ctzll(~valid_mask & all_ways()));
        return choose_victim(set);
    }
    // Every way of the set is valid: only then is the policy asked (victim()).
    bool full(uint64_t valid_mask) const { return valid_mask == all_ways(); }

    unsigned sets() const { return sets_; }
    unsigned ways() const { return ways_; }

protected:
    // All ways of `set` are valid.
    virtual unsigned choose_victim(unsigned set) = 0;
    size_t line(unsigned set, unsigned way) const { return size_t(set) * ways_ + way; }
    uint64_t all_ways() const { return ways_ == 64 ? ~uint64_t(0) : (uint64_t(1) << ways_) - 1; }

    const unsigned sets_, ways_;
};

}  // namespace vp::cache
