#include "models/cache/cache_array.h"
#include <algorithm>
#include <stdexcept>

namespace vp::cache {

static bool pow2(uint64_t v) { return v && (v & (v - 1)) == 0; }

Geometry::Problem Geometry::problem() const {
    if (!pow2(line) || line < 4) return {"line", "line size must be a power of two >= 4 bytes"};
    if (ways == 0 || ways > 64) return {"ways", "ways must be 1 to 64"};  // a set's valid ways are one 64-bit mask
    if (size == 0 || size % (uint64_t(ways) * line) != 0)
        return {"size", "size must be a multiple of ways x line size (" + std::to_string(ways * line) + " bytes)"};
    if (!pow2(size / (uint64_t(ways) * line)))
        return {"size", "size / (ways x line) = " + std::to_string(size / (uint64_t(ways) * line)) +
                            " sets: must be a power of two"};
    return {};
}

void Geometry::validate() const {
    const Problem p = problem();
    if (p.key) throw std::invalid_argument(p.reason);
}

CacheArray::CacheArray(const Geometry& g, const std::string& policy, const PolicyParams& params) : geo_(g) {
    geo_.validate();
    line_shift_ = unsigned(__builtin_ctz(geo_.line));
    set_mask_ = geo_.sets() - 1;
    tags_.assign(size_t(geo_.sets()) * geo_.ways, kInvalid);
    invalid_lines_ = tags_.size();
    all_ways_ = geo_.ways == 64 ? ~uint64_t(0) : (uint64_t(1) << geo_.ways) - 1;
    mru_.assign(geo_.sets(), kNoWay);
    flags_.assign(tags_.size(), 0);
    set_policy(policy, params);
    set_regions({});
}

void CacheArray::set_policy(const std::string& policy, const PolicyParams& params) {
    policy_ = make_policy(policy, geo_.sets(), geo_.ways, params);
    policy_info_ = find_policy(policy);
    repeat_ok_ = policy_->repeat_hit_is_noop();
    fill_is_hit_ = policy_->fill_is_hit();
    stamps_ = policy_->lru_stamps();
    forget();
    configure_repeats();
    std::fill(mru_.begin(), mru_.end(), kNoWay);
    // A new policy starts without history; valid lines are made known to it as fills (priority 0)
    // so that its per-line state is defined.
    AccessInfo a;
    for (unsigned s = 0; s < geo_.sets(); ++s)
        for (unsigned w = 0; w < geo_.ways; ++w)
            if (tags_[size_t(s) * geo_.ways + w] != kInvalid) {
                a.addr = tags_[size_t(s) * geo_.ways + w] << line_shift_;
                policy_->on_fill(s, w, a);
            }
}

void CacheArray::bind_repeat_hits(RepeatHits* holder, uint64_t* energy_lookups) {
    revoke_repeats();
    repeats_ = holder;
    if (!holder) return;
    holder->lookups = energy_lookups;
    configure_repeats();
}

void CacheArray::configure_repeats() {
    if (!repeats_) return;
    repeats_->revoke_all();
    repeats_->shift = line_shift_;
    // Per line: twice as many entries as lines where the table allows (fewer lines that collide).
    // Per set: an entry stands for the set (revoke_set() is one store).
    const uint64_t want = stamps_ ? 2 * uint64_t(geo_.sets()) * geo_.ways : geo_.sets();
    uint64_t entries = 1;
    while (entries < want && entries < RepeatHits::kEntries) entries *= 2;
    if (!stamps_ && entries > geo_.sets()) entries = geo_.sets();  // (sets is a power of two)
    repeats_->mask = entries - 1;
    repeats_->clock = stamps_ ? stamps_->clock() : nullptr;
}

int CacheArray::find(uint64_t addr, unsigned& set) const {
    set = set_of(addr);
    const unsigned w = find_way(&tags_[size_t(set) * geo_.ways], addr >> line_shift_);
    return w == kNoWay ? -1 : int(w);
}

bool CacheArray::contains(uint64_t addr) const {
    unsigned set;
    return find(addr, set) >= 0;
}

bool CacheArray::dirty(uint64_t addr) const {
    unsigned set;
    const int w = find(addr, set);
    return w >= 0 && (flags_[size_t(set) * geo_.ways + unsigned(w)] & kDirty);
}

void CacheArray::set_user_flags(uint64_t addr, uint8_t f) {
    unsigned set;
    const int w = find(addr, set);
    if (w < 0) return;
    uint8_t& fl = flags_[size_t(set) * geo_.ways + unsigned(w)];
    fl = uint8_t((fl & kDirty) | (f << 1));
    if (f) {  // the owner checks user flags on hits: no shortcut past them
        forget();
        revoke_repeat(set, tags_[size_t(set) * geo_.ways + unsigned(w)]);
    }
}

bool CacheArray::clean(uint64_t addr) {
    unsigned set;
    const int w = find(addr, set);
    if (w < 0) return false;
    uint8_t& fl = flags_[size_t(set) * geo_.ways + unsigned(w)];
    const bool was = fl & kDirty;
    fl &= uint8_t(~kDirty);
    revoke_repeat(set, tags_[size_t(set) * geo_.ways + unsigned(w)]);  // a granted store would not make it dirty again
    if (was) ++stats_[region_of(addr)].writebacks;
    return was;
}

Eviction CacheArray::invalidate(uint64_t addr) {
    unsigned set;
    const int w = find(addr, set);
    Eviction ev;
    if (w < 0) return ev;
    const size_t i = size_t(set) * geo_.ways + unsigned(w);
    ev.valid = true;
    ev.addr = line_addr(addr);
    ev.dirty = flags_[i] & kDirty;
    if (last_tag_ == tags_[i]) forget();
    revoke_repeat(set, tags_[i]);
    tags_[i] = kInvalid;
    ++invalid_lines_;
    mru_[set] = kNoWay;
    flags_[i] = 0;
    policy_->on_invalidate(set, unsigned(w));
    return ev;
}

std::vector<uint64_t> CacheArray::dirty_lines() const {
    std::vector<uint64_t> out;
    for (size_t i = 0; i < tags_.size(); ++i)
        if (tags_[i] != kInvalid && (flags_[i] & kDirty)) out.push_back(tags_[i] << line_shift_);
    return out;
}

std::vector<Eviction> CacheArray::invalidate_all() {
    std::vector<Eviction> out;
    for (size_t i = 0; i < tags_.size(); ++i) {
        if (tags_[i] == kInvalid) continue;
        out.push_back(invalidate(tags_[i] << line_shift_));
    }
    return out;
}

void CacheArray::set_regions(const std::vector<Region>& regions) {
    for (size_t i = 0; i < regions.size(); ++i) {
        if (regions[i].hi <= regions[i].lo) throw std::invalid_argument("region '" + regions[i].name + "' is empty");
        for (size_t j = 0; j < i; ++j)
            if (regions[i].lo < regions[j].hi && regions[j].lo < regions[i].hi)
                throw std::invalid_argument("regions '" + regions[i].name + "' and '" + regions[j].name + "' overlap");
    }
    regions_ = regions;
    regions_defined_ = !regions_.empty();
    lines_cut_ = false;
    for (const Region& r : regions_) lines_cut_ |= ((r.lo | r.hi) & (geo_.line - 1)) != 0;
    stats_.assign(regions_.size() + 1, RegionStats{});
    for (GranuleRegion& g : granules_) g = GranuleRegion{};
    last_region_ = 0;
    forget();
    revoke_repeats();  // grants point at the old counters
}

size_t CacheArray::region_of_slow(uint64_t addr) const {
    const uint64_t granule = addr >> kGranuleBits, lo = granule << kGranuleBits, hi = lo + kGranule;
    GranuleRegion& memo = granules_[granule % kGranules];  // (region_of() answered a cut granule remembered)
    auto linear = [this](uint64_t a) {
        if (last_region_ < regions_.size() &&
            a - regions_[last_region_].lo < regions_[last_region_].hi - regions_[last_region_].lo)
            return last_region_;
        for (size_t i = 0; i < regions_.size(); ++i)
            if (a >= regions_[i].lo && a < regions_[i].hi) return last_region_ = i;
        return regions_.size();
    };
    const size_t found = linear(addr);
    if (hi == 0 || regions_.size() >= 0xffff) return found;  // (the top granule of a 64-bit space; index range)
    // Remember the answer for the granule if every address of it has the same one.
    bool whole = true;
    for (size_t i = 0; i < regions_.size() && whole; ++i)
        if (i == found ? regions_[i].lo > lo || regions_[i].hi < hi : regions_[i].lo < hi && lo < regions_[i].hi)
            whole = false;
    if (whole) {
        memo = GranuleRegion{granule, uint32_t(found), {}, {}};
        return found;
    }
    // Cut (the end of a region, the start of another, a gap between two): remember the regions
    // between its boundaries if there are at most two.
    uint64_t b[2] = {hi, hi};
    for (const Region& r : regions_)
        for (const uint64_t x : {r.lo, r.hi}) {
            if (x <= lo || x >= hi || x == b[0] || x == b[1]) continue;
            if (b[1] != hi) return found;  // a third boundary: looked up each time
            b[1] = x;
            if (b[1] < b[0]) std::swap(b[0], b[1]);
        }
    memo = GranuleRegion{granule | kCutGranule,
                         uint32_t(linear(lo)),
                         {uint16_t(b[0] - lo), uint16_t(b[1] - lo)},
                         {uint16_t(linear(b[0])), uint16_t(b[1] == hi ? 0 : linear(b[1]))}};
    return found;
}

RegionStats CacheArray::totals() const {
    RegionStats t;
    for (const RegionStats& s : stats_) t += s;
    return t;
}

uint64_t CacheArray::valid_lines() const {
    uint64_t n = 0;
    for (uint64_t t : tags_) n += t != kInvalid;
    return n;
}

}  // namespace vp::cache
