// The functional core of a cache: tags, valid and dirty bits, the replacement policy and the
// per-region access statistics. No SystemC and no timing: the TLM cache model (cache.h) wraps it
// for the platform, and the trace-driven replay tool (tools/cachesim) chains instances directly, so
// a full platform run and a replay count hits and misses with the very same code.
//
// Caches hold tags only (docs/cache.md): the data always lives in the backing memory, which is why a
// dirty line needs no data here, only the fact that it must be written back when it leaves.
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>
#include "models/cache/replacement/lru_stamps.h"
#include "models/cache/replacement/registry.h"
#include "models/common/line_aligned.h"
#include "models/common/repeat_hits.h"

namespace vp::cache {

struct Geometry {
    uint64_t size = 32 * 1024;  // bytes
    unsigned ways = 8;
    unsigned line = 64;  // bytes, a power of two
    unsigned sets() const { return unsigned(size / (uint64_t(ways) * line)); }
    // Why the geometry is not buildable, and which parameter is wrong (key null: buildable).
    struct Problem {
        const char* key = nullptr;
        std::string reason;
    };
    Problem problem() const;
    // Throws std::invalid_argument with the reason when the geometry is not buildable.
    void validate() const;
};

// A named address range for statistics ("features", "adjacency", ...). Accesses outside every
// range count under "other".
struct Region {
    std::string name;
    uint64_t lo = 0, hi = 0;  // [lo, hi)
};

struct RegionStats {
    uint64_t accesses = 0, hits = 0, misses = 0;  // (accesses, hits adjacent: a RepeatHits entry counts both)
    uint64_t evictions = 0, writebacks = 0;       // of lines belonging to the region
    uint64_t priority_fetches = 0;                // priority-table reads caused by the region's misses
    RegionStats& operator+=(const RegionStats& o) {
        accesses += o.accesses;
        hits += o.hits;
        misses += o.misses;
        evictions += o.evictions;
        writebacks += o.writebacks;
        priority_fetches += o.priority_fetches;
        return *this;
    }
};

// Each count with its name (stats.json, the replay tool's output) and meaning.
struct RegionStatField {
    const char* name;
    uint64_t RegionStats::*count;
    const char* desc;
};
inline constexpr RegionStatField kRegionStatFields[] = {
    {"accesses", &RegionStats::accesses, "lookups (one per line touched)"},
    {"hits", &RegionStats::hits, "lookups that found the line"},
    {"misses", &RegionStats::misses, "lookups that did not find the line (line fills)"},
    {"evictions", &RegionStats::evictions, "valid lines replaced"},
    {"writebacks", &RegionStats::writebacks, "dirty lines written back (evictions and maintenance)"},
    {"priority_fetches", &RegionStats::priority_fetches, "priority-table reads on misses in the FV range"},
};
inline constexpr size_t kRegionStatCount = sizeof kRegionStatFields / sizeof kRegionStatFields[0];

static_assert(offsetof(RegionStats, hits) == offsetof(RegionStats, accesses) + sizeof(uint64_t));

// What leaving the cache means for a line: its address, and whether it must be written back.
struct Eviction {
    bool valid = false;
    bool dirty = false;
    uint64_t addr = 0;  // line address
};

class CacheArray {
public:
    CacheArray(const Geometry& g, const std::string& policy, const PolicyParams& params = {});

    const Geometry& geometry() const { return geo_; }
    uint64_t line_addr(uint64_t addr) const { return addr & ~uint64_t(geo_.line - 1); }
    unsigned set_of(uint64_t addr) const { return unsigned((addr >> line_shift_) & set_mask_); }

    // One access, counted in its region. A hit updates the policy (and the dirty bit on a write) and
    // returns true. A miss changes no line and returns false: the caller fetches the line's priority if it needs one and
    // calls fill(). `offset0`: the access touches the line's first word (AC counts only those).
    [[gnu::always_inline]] bool access(uint64_t addr, bool write, bool offset0) {
        const uint64_t tag = addr >> line_shift_;
        // The line accessed last, again, under a policy for which that changes nothing: count it only
        // (LRU stamps it, as every hit).
        if (tag == last_tag_) {
            ++last_stats_->accesses;
            ++last_stats_->hits;
            if (stamps_) stamps_->touch(last_index_);
            if (write) flags_[last_index_] |= kDirty;
            return true;
        }
        const unsigned set = set_of(addr);
        const size_t base = size_t(set) * geo_.ways;
        uint64_t* t = &tags_[base];
        RegionStats& st = stats_[region_of(addr)];
        ++st.accesses;
        // Way prediction: the way this set hit last. While nothing else happened in the set (any
        // other hit, fill or invalidation there resets it), a repeated hit is a no-op for a policy
        // that says so, as for the last line above. (Kept apart from the scan below on purpose: one
        // hit path with a `predicted` flag cost 2.6 % more host instructions on a cached run.)
        const unsigned predicted = mru_[set];
        if (predicted != kNoWay && t[predicted] == tag) {
            ++st.hits;
            if (stamps_)
                stamps_->touch(base + predicted);
            else if (!repeat_ok_)
                policy_hit(set, predicted, addr, write, offset0);
            if (write) flags_[base + predicted] |= kDirty;
            last_way_ = predicted;
            remember(tag, base + predicted, st);
            return true;
        }
        const unsigned w = find_way(t, tag);
        if (w != kNoWay) {
            ++st.hits;  // invalid lines hold kInvalid, which no address produces
            if (stamps_) {
                stamps_->touch(base + w);  // (grants of the set's other lines stamp as they repeat)
            } else {
                if (repeats_) repeats_->revoke_set(set);  // the set's policy state changes
                policy_hit(set, w, addr, write, offset0);
            }
            if (write) flags_[base + w] |= kDirty;
            last_way_ = w;
            mru_[set] = uint8_t(w);
            remember(tag, base + w, st);
            return true;
        }
        ++st.misses;
        // The fill that follows (of the same address) counts the line where this lookup did.
        missed_addr_ = addr;
        missed_stats_ = &st;
        return false;
    }
    // Repeat hits (models/common/repeat_hits.h): `holder` gets grants from grant_repeat() and loses
    // them whenever a set changes; nullptr: none. The holder must outlive the array or be unbound.
    void bind_repeat_hits(RepeatHits* holder, uint64_t* energy_lookups);
    // After a hit on `addr` that took no time: grants its line if repeating it changes only counters.
    void grant_repeat(uint64_t addr) {
        if (!repeats_ || last_tag_ != addr >> line_shift_) return;  // (not armed for a line regions cut)
        RepeatHits::Entry& e = repeats_->entry[last_tag_ & repeats_->mask];
        e.line = last_tag_;
        e.counts = &last_stats_->accesses;
        e.stamp = stamps_ ? stamps_->at(last_index_) : nullptr;
        e.stores = (flags_[last_index_] & kDirty) != 0;  // (a write hit has just set it)
    }
    void revoke_repeats() {
        if (repeats_) repeats_->revoke_all();
    }
    // The line `tag` of `set` changed or left: its grant goes (per-set grants: the set's).
    void revoke_repeat(unsigned set, uint64_t tag) {
        if (!repeats_) return;
        if (stamps_)
            repeats_->revoke_line(tag);
        else
            repeats_->revoke_set(set);
    }
    // The table's indexing for the policy's kind of grant (repeat_hits.h); all grants go.
    void configure_repeats();

    // Installs the line holding `addr` after a miss (the set's victim leaves) and returns the
    // victim. `priority` is the line's initial priority (AC: remaining accesses, PB: p_i).
    Eviction fill(uint64_t addr, bool write, bool offset0, uint32_t priority);  // (inline, below)

    // Looks without touching the policy. way() is valid after contains() returned true.
    bool contains(uint64_t addr) const;
    bool dirty(uint64_t addr) const;
    // Per-line flag bits for the owner (the TLM model marks lines a DMA rewrote); 0 on fill.
    void set_user_flags(uint64_t addr, uint8_t flags);
    // The way the last access() hit (for user flags on the hot path without a second lookup).
    unsigned last_way() const { return last_way_; }
    uint8_t user_flags_at(unsigned set, unsigned way) const { return flags_[size_t(set) * geo_.ways + way] >> 1; }

    // Maintenance. clean: the line stays, no longer dirty (true if it was dirty: a write-back is due).
    // invalidate: the line leaves (returns what it was). All lines: visit in set/way order.
    bool clean(uint64_t addr);
    Eviction invalidate(uint64_t addr);
    std::vector<uint64_t> dirty_lines() const;
    std::vector<Eviction> invalidate_all();

    // Replaces the replacement policy (state restarts; tags, dirty bits stay). Throws
    // std::invalid_argument for a name the registry (replacement/registry.h) does not know.
    void set_policy(const std::string& policy, const PolicyParams& params);
    const ReplacementPolicy& policy() const { return *policy_; }
    const PolicyInfo& policy_info() const { return *policy_info_; }

    // Statistics per region. Regions may not overlap; the last entry of stats() is "other".
    void set_regions(const std::vector<Region>& regions);
    const std::vector<Region>& regions() const { return regions_; }
    // Index into stats() for an address. Every access asks, and a kernel's streams alternate between
    // regions, so the answer is remembered per 32 KiB granule that lies wholly in one region (or in
    // none); a granule that one or two region boundaries cut is remembered with its splits (and
    // answered from them without a call: the granules at an array's ends are as busy as any other;
    // on the miss-heavy SpMV the call took 30 host instructions per L1 miss), one that more cut is
    // looked up each time. (128 granules of 32 KiB: the memo covers 4 MiB in 3 KiB of host memory. It was 256 of 4 KiB, 1 MiB in 6 KiB: on the
    // miss-heavy SpMV, whose gathered x alone is 1 MiB, the memo then missed the host's L1 on
    // every other lookup and fill, and with three caches it took 18 KiB of a 32 KiB host L1D.)
    size_t region_of(uint64_t addr) const {
        if (!regions_defined_) return 0;  // everything is "other" (the scenarios without regions)
        const uint64_t granule = addr >> kGranuleBits;
        const GranuleRegion& g = granules_[granule % kGranules];
        if (g.granule == granule) return g.region;
        if (g.granule == (granule | kCutGranule)) {
            const uint64_t offset = addr & (kGranule - 1);
            return offset < g.split[0] ? g.region : offset < g.split[1] ? g.from[0] : g.from[1];
        }
        return region_of_slow(addr);
    }
    RegionStats& stats_for(uint64_t addr) { return stats_[region_of(addr)]; }
    const std::vector<RegionStats>& stats() const { return stats_; }
    RegionStats totals() const;
    uint64_t valid_lines() const;

private:
    static constexpr uint64_t kInvalid = ~uint64_t(0);
    static constexpr uint8_t kDirty = 1;  // bit 0; user flags live in bits 1..7
    int find(uint64_t addr, unsigned& set) const;
    // The way of `row` (a set's tags) holding `tag`, or kNoWay. A miss compares every way: for the
    // usual associativities without a loop, whose count and test cost as much as the comparisons
    // (two lookups per L1 miss that goes on to the L2).
    template <unsigned Ways>
    [[gnu::always_inline]] static unsigned find_way_of(const uint64_t* row, uint64_t tag) {
#pragma GCC unroll 16
        for (unsigned w = 0; w < Ways; ++w)
            if (row[w] == tag) return w;
        return kNoWay;
    }
    [[gnu::always_inline]] unsigned find_way(const uint64_t* row, uint64_t tag) const {
        switch (geo_.ways) {
            case 4: return find_way_of<4>(row, tag);
            case 8: return find_way_of<8>(row, tag);
            case 16: return find_way_of<16>(row, tag);
            default: {
                unsigned w = 0;
                while (w < geo_.ways && row[w] != tag) ++w;
                return w < geo_.ways ? w : kNoWay;
            }
        }
    }
    void policy_hit(unsigned set, unsigned way, uint64_t addr, bool write, bool offset0) {
        info_.addr = addr;
        info_.is_write = write;
        info_.offset0 = offset0;
        policy_->on_hit(set, way, info_);
    }
    void remember(uint64_t tag, size_t index, RegionStats& st) {
        if (!repeat_ok_) return;
        if (__builtin_expect(lines_cut_, 0) && line_cut(tag)) {  // its accesses count in two regions
            forget();
            return;
        }
        last_tag_ = tag;
        last_index_ = index;
        last_stats_ = &st;
    }
    void forget() {
        last_tag_ = kInvalid;
        missed_stats_ = nullptr;
    }
    bool line_cut(uint64_t tag) const {
        const uint64_t first = tag << line_shift_, granule = first >> kGranuleBits;
        // A granule remembered as wholly in one region holds whole lines (of at most a granule).
        if (line_shift_ <= kGranuleBits && granules_[granule % kGranules].granule == granule) return false;
        return region_of(first) != region_of(((tag + 1) << line_shift_) - 1);
    }

    Geometry geo_;
    unsigned line_shift_ = 6;
    uint64_t set_mask_ = 0;
    // Line address >> line_shift, kInvalid when invalid (a set of 8 ways: one host line).
    LineAlignedVector<uint64_t> tags_;
    std::vector<uint8_t> flags_;
    // Lines not holding one (kInvalid tags). At 0, every set is full, which is what a fill asks
    // (is there a free way?) once the cache has warmed up: answered without touching any per-set
    // state. Before that, a set's valid ways are derived from its tags row (valid_mask()).
    size_t invalid_lines_ = 0;
    uint64_t valid_mask(size_t base) const {
        if (invalid_lines_ == 0) return all_ways_;
        uint64_t m = 0;
        for (unsigned w = 0; w < geo_.ways; ++w) m |= uint64_t(tags_[base + w] != kInvalid) << w;
        return m;
    }
    uint64_t all_ways_ = 0;  // bit w for every way
    static constexpr uint8_t kNoWay = 0xff;
    std::vector<uint8_t> mru_;  // per set: the way of its last hit, kNoWay after a fill or invalidation
    std::unique_ptr<ReplacementPolicy> policy_;
    const PolicyInfo* policy_info_ = nullptr;
    LruStamps* stamps_ = nullptr;  // the policy's lru_stamps(): LRU, done here without calls
    AccessInfo info_;
    unsigned last_way_ = 0;
    bool repeat_ok_ = false;         // the policy's repeat_hit_is_noop()
    bool fill_is_hit_ = false;       // the policy's fill_is_hit()
    RepeatHits* repeats_ = nullptr;  // the holder of repeat-hit grants, if any
    uint64_t last_tag_ = kInvalid;   // line of the last hit or fill (kInvalid: none to shortcut)
    size_t last_index_ = 0;
    RegionStats* last_stats_ = nullptr;
    uint64_t missed_addr_ = 0;             // the address of the last lookup that missed, and
    RegionStats* missed_stats_ = nullptr;  // its region's counts (null: none to reuse)
    std::vector<Region> regions_;
    bool lines_cut_ = false;          // a region boundary lies inside a line: the shortcut checks the line
    bool regions_defined_ = false;    // !regions_.empty(), one byte for region_of()'s first test
    std::vector<RegionStats> stats_;  // one per region + "other"
    static constexpr unsigned kGranuleBits = 15, kGranules = 128;
    static constexpr uint64_t kGranule = uint64_t(1) << kGranuleBits;
    static constexpr uint64_t kCutGranule = uint64_t(1) << 63;  // (no address >> kGranuleBits has it)
    struct GranuleRegion {
        uint64_t granule = kInvalid;  // | kCutGranule: region boundaries cut it at split[0] and split[1]
        uint32_t region = 0;          // the granule's region; if cut, the one below split[0]
        uint16_t split[2] = {};       // offsets in the granule (kGranule: no second boundary)
        uint16_t from[2] = {};        // the region from split[0] on, from split[1] on
    };
    static_assert(kGranule <= 0xffff, "offsets in a granule must fit GranuleRegion::split");
    mutable GranuleRegion granules_[kGranules];
    mutable size_t last_region_ = 0;  // the region region_of_slow() found last
    size_t region_of_slow(uint64_t addr) const;
};

// A fill (every miss, in both caches of an L1 miss that goes on to the L2): inline in the miss path,
// which it is most of (a call with its register saves and the victim returned through memory cost
// ~25 host instructions per fill).
[[gnu::always_inline]] inline Eviction CacheArray::fill(uint64_t addr, bool write, bool offset0, uint32_t priority) {
    const unsigned set = set_of(addr);
    const size_t base = size_t(set) * geo_.ways;
    // (LRU's choice in a full set without the call: its oldest line.)
    const uint64_t valid = valid_mask(base);
    const unsigned way = stamps_ && valid == all_ways_ ? stamps_->oldest(base, geo_.ways) : policy_->victim(set, valid);
    Eviction ev;
    if (tags_[base + way] == kInvalid) {
        --invalid_lines_;
    } else {
        ev.valid = true;
        ev.addr = tags_[base + way] << line_shift_;
        ev.dirty = flags_[base + way] & kDirty;
        RegionStats& vs = stats_[region_of(ev.addr)];
        ++vs.evictions;
        if (ev.dirty) ++vs.writebacks;
        if (!stamps_)
            policy_->on_invalidate(set, way);
        else if (repeats_)
            repeats_->revoke_line(tags_[base + way]);  // (LRU: the stamp is overwritten below)
    }
    tags_[base + way] = addr >> line_shift_;
    mru_[set] = kNoWay;  // a fill changes the set's policy state: the next hit is reported
    if (repeats_ && !stamps_) repeats_->revoke_set(set);
    flags_[base + way] = write ? kDirty : 0;
    if (stamps_) {
        stamps_->touch(base + way);
    } else {
        info_.addr = addr;
        info_.is_write = write;
        info_.offset0 = offset0;
        info_.priority = priority;
        policy_->on_fill(set, way, info_);
        info_.priority = 0;
    }
    last_way_ = way;
    // The last-line shortcut skips the policy on the next access to this line: only right if the
    // fill left the line as a hit would (RRIP must see that hit to promote the line).
    const uint64_t tag = addr >> line_shift_;
    if (fill_is_hit_)
        remember(tag, base + way, missed_stats_ && addr == missed_addr_ ? *missed_stats_ : stats_[region_of(addr)]);
    else
        forget();
    return ev;
}

}  // namespace vp::cache
