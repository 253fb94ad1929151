// The replacement policies behind ReplacementPolicy. Declared here (not hidden in the .cpp) so tests
// and statistics can look at a policy's state; the cache itself only uses the interface.
#pragma once
#include <vector>
#include "models/cache/replacement.h"
#include "models/common/prng.h"

namespace vp::cache {

// Last-use stamps for LRU and for the LRU tie-break of the priority policies. A stamp of 0 means
// "never used", older than anything. One 64-bit clock per policy never wraps in practice.
class LruStamps {
public:
    explicit LruStamps(size_t lines) : stamp_(lines, 0) {}
    void touch(size_t line) { stamp_[line] = ++clock_; }
    void clear(size_t line) { stamp_[line] = 0; }
    uint64_t stamp(size_t line) const { return stamp_[line]; }

private:
    std::vector<uint64_t> stamp_;
    uint64_t clock_ = 0;
};

class LruPolicy : public ReplacementPolicy {
public:
    LruPolicy(unsigned sets, unsigned ways) : ReplacementPolicy(sets, ways), lru_(size_t(sets) * ways) {}
    const char* name() const override { return "lru"; }
    void on_hit(unsigned set, unsigned way, const AccessInfo&) override { lru_.touch(line(set, way)); }
    bool repeat_hit_is_noop() const override { return true; }
    void on_fill(unsigned set, unsigned way, const AccessInfo&) override { lru_.touch(line(set, way)); }
    void on_invalidate(unsigned set, unsigned way) override { lru_.clear(line(set, way)); }

protected:
    unsigned choose_victim(unsigned set) override;

private:
    LruStamps lru_;
};

// Tree pseudo-LRU: ways - 1 bits per set, a binary tree over the ways (node n has children 2n+1, 2n+2).
// A node's bit names the half to evict from (0 = left / lower ways, 1 = right); an access points every
// node on its path away from the accessed way.
class PlruPolicy : public ReplacementPolicy {
public:
    PlruPolicy(unsigned sets, unsigned ways);
    const char* name() const override { return "plru"; }
    void on_hit(unsigned set, unsigned way, const AccessInfo&) override { touch(set, way); }
    bool repeat_hit_is_noop() const override { return true; }
    void on_fill(unsigned set, unsigned way, const AccessInfo&) override { touch(set, way); }
    bool bit(unsigned set, unsigned node) const { return bits_[size_t(set) * (ways_ - 1) + node]; }

protected:
    unsigned choose_victim(unsigned set) override;

private:
    void touch(unsigned set, unsigned way);
    std::vector<bool> bits_;
};

class RandomPolicy : public ReplacementPolicy {
public:
    RandomPolicy(unsigned sets, unsigned ways, uint64_t seed) : ReplacementPolicy(sets, ways), rng_(seed) {}
    const char* name() const override { return "random"; }
    void on_hit(unsigned, unsigned, const AccessInfo&) override {}
    bool repeat_hit_is_noop() const override { return true; }
    void on_fill(unsigned, unsigned, const AccessInfo&) override {}

protected:
    unsigned choose_victim(unsigned) override { return unsigned(rng_.below(ways_)); }

private:
    Xoshiro256 rng_;
};

// Re-reference interval prediction (Jaleel et al., ISCA 2010): an RRPV per line, 0 = reused soon,
// max = reused in the distant future. Victim: the lowest way at max; if none, age the whole set by
// one and look again. SRRIP inserts at max - 1 and promotes a hit to 0; subclasses change the
// insertion (BRRIP, DRRIP) or both (GRASP).
class RripPolicy : public ReplacementPolicy {
public:
    RripPolicy(unsigned sets, unsigned ways, unsigned rrpv_bits);
    const char* name() const override { return "srrip"; }
    void on_hit(unsigned set, unsigned way, const AccessInfo&) override { rrpv_[line(set, way)] = 0; }
    bool repeat_hit_is_noop() const override { return true; }
    void on_fill(unsigned set, unsigned way, const AccessInfo&) override { rrpv_[line(set, way)] = max_ - 1; }
    void on_invalidate(unsigned set, unsigned way) override { rrpv_[line(set, way)] = max_; }
    uint8_t rrpv(unsigned set, unsigned way) const { return rrpv_[line(set, way)]; }
    uint8_t max_rrpv() const { return max_; }

protected:
    unsigned choose_victim(unsigned set) override;
    std::vector<uint8_t> rrpv_;
    const uint8_t max_;
};

// Dynamic RRIP: set dueling between SRRIP (insert at max-1) and BRRIP (insert at max, at max-1 once
// in `brrip_near_one_in`). The sets are split into `leaders` regions; in each, the first set always
// uses SRRIP and the middle one always BRRIP. A fill (= a miss) in an SRRIP leader counts PSEL up, in a
// BRRIP leader down; the other sets follow BRRIP while PSEL is in its upper half, SRRIP otherwise.
class DrripPolicy : public RripPolicy {
public:
    enum class Role { Follower, SrripLeader, BrripLeader };
    DrripPolicy(unsigned sets, unsigned ways, const PolicyParams& p);
    const char* name() const override { return "drrip"; }
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

// GRASP-style (after Faldu et al., HPCA 2020: protect the high-reuse region of a graph's property
// array): RRIP where lines in [hot_start, hot_end) are inserted at 0 and promoted to 0 on a hit,
// and all other lines are inserted at max and promoted by one step per hit.
class GraspPolicy : public RripPolicy {
public:
    GraspPolicy(unsigned sets, unsigned ways, const PolicyParams& p)
        : RripPolicy(sets, ways, p.rrpv_bits), hot_start_(p.hot_start), hot_end_(p.hot_end) {}
    const char* name() const override { return "grasp"; }
    bool repeat_hit_is_noop() const override { return false; }  // non-hot lines step up per hit
    void on_hit(unsigned set, unsigned way, const AccessInfo& a) override;
    void on_fill(unsigned set, unsigned way, const AccessInfo& a) override;
    bool hot(uint64_t addr) const { return addr >= hot_start_ && addr < hot_end_; }

private:
    uint64_t hot_start_, hot_end_;
};

// Access-count base (seed 000, AC): a line's priority is its remaining access count, given at fill
// and decremented (not below 0) by each hit on its offset-0 word. Victim: lowest priority, ties LRU.
class AccessCountPolicy : public ReplacementPolicy {
public:
    AccessCountPolicy(unsigned sets, unsigned ways)
        : ReplacementPolicy(sets, ways), prio_(size_t(sets) * ways, 0), lru_(size_t(sets) * ways) {}
    const char* name() const override { return "ac"; }
    void on_hit(unsigned set, unsigned way, const AccessInfo& a) override;
    void on_fill(unsigned set, unsigned way, const AccessInfo& a) override;
    void on_invalidate(unsigned set, unsigned way) override;
    uint32_t priority(unsigned set, unsigned way) const { return prio_[line(set, way)]; }

protected:
    unsigned choose_victim(unsigned set) override;

private:
    std::vector<uint32_t> prio_;
    LruStamps lru_;
};

// Priority base (seed 000, PB): a line keeps its initial priority p_i (clamped to max_p) and a working
// priority; a hit resets the working priority to p_i. Every `period` accesses (hits + fills) to a set,
// every working priority in it drops by one (not below 0). Victim: lowest working priority, ties LRU.
class PriorityBasePolicy : public ReplacementPolicy {
public:
    PriorityBasePolicy(unsigned sets, unsigned ways, const PolicyParams& p);
    const char* name() const override { return "pb"; }
    void on_hit(unsigned set, unsigned way, const AccessInfo& a) override;
    void on_fill(unsigned set, unsigned way, const AccessInfo& a) override;
    void on_invalidate(unsigned set, unsigned way) override;
    uint32_t priority(unsigned set, unsigned way) const { return work_[line(set, way)]; }
    uint32_t initial_priority(unsigned set, unsigned way) const { return init_[line(set, way)]; }

protected:
    unsigned choose_victim(unsigned set) override;

private:
    void count_access(unsigned set);
    const unsigned period_;
    const uint32_t max_p_;
    std::vector<uint32_t> init_, work_;
    std::vector<unsigned> accesses_;  // per set, since the last decay
    LruStamps lru_;
};

}  // namespace vp::cache
