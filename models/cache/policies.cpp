#include "models/cache/policies.h"
#include <algorithm>
#include <stdexcept>

namespace vp::cache {

// ---- base and factory -------------------------------------------------------------------------

ReplacementPolicy::ReplacementPolicy(unsigned sets, unsigned ways) : sets_(sets), ways_(ways) {
    if (sets == 0 || ways == 0) throw std::invalid_argument("replacement policy: sets and ways must be > 0");
}

unsigned ReplacementPolicy::victim(unsigned set, const std::vector<bool>& valid) {
    if (valid.size() != ways_) throw std::invalid_argument("replacement policy: valid has the wrong number of ways");
    for (unsigned w = 0; w < ways_; ++w)
        if (!valid[w]) return w;
    return choose_victim(set);
}

const std::vector<std::string>& policy_names() {
    static const std::vector<std::string> names{"lru", "plru", "random", "srrip", "drrip", "ac", "pb", "grasp"};
    return names;
}

std::unique_ptr<ReplacementPolicy> make_policy(const std::string& name, unsigned sets, unsigned ways,
                                               const PolicyParams& p) {
    if (name == "lru") return std::make_unique<LruPolicy>(sets, ways);
    if (name == "plru") return std::make_unique<PlruPolicy>(sets, ways);
    if (name == "random") return std::make_unique<RandomPolicy>(sets, ways, p.seed);
    if (name == "srrip") return std::make_unique<RripPolicy>(sets, ways, p.rrpv_bits);
    if (name == "drrip") return std::make_unique<DrripPolicy>(sets, ways, p);
    if (name == "ac") return std::make_unique<AccessCountPolicy>(sets, ways);
    if (name == "pb") return std::make_unique<PriorityBasePolicy>(sets, ways, p);
    if (name == "grasp") return std::make_unique<GraspPolicy>(sets, ways, p);
    throw std::invalid_argument("unknown replacement policy '" + name + "'");
}

// ---- LRU, PLRU ----------------------------------------------------------------------------------

unsigned LruPolicy::choose_victim(unsigned set) {
    unsigned best = 0;
    for (unsigned w = 1; w < ways_; ++w)
        if (lru_.stamp(line(set, w)) < lru_.stamp(line(set, best))) best = w;
    return best;
}

PlruPolicy::PlruPolicy(unsigned sets, unsigned ways) : ReplacementPolicy(sets, ways) {
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

// ---- RRIP family ----------------------------------------------------------------------------------

static uint8_t rrpv_max(unsigned bits) {
    if (bits < 1 || bits > 7) throw std::invalid_argument("rrip: rrpv_bits must be 1..7");
    return uint8_t((1u << bits) - 1);
}

RripPolicy::RripPolicy(unsigned sets, unsigned ways, unsigned rrpv_bits)
    : ReplacementPolicy(sets, ways), max_(rrpv_max(rrpv_bits)) {
    rrpv_.assign(size_t(sets) * ways, max_);
}

unsigned RripPolicy::choose_victim(unsigned set) {
    uint8_t* r = &rrpv_[line(set, 0)];
    // Age the set just enough for the oldest line to reach max: same result as the textbook loop
    // "no line at max? increment all and look again", in one pass.
    const uint8_t oldest = *std::max_element(r, r + ways_);
    const uint8_t step = uint8_t(max_ - oldest);
    unsigned victim = ways_;
    for (unsigned w = 0; w < ways_; ++w) {
        r[w] = uint8_t(r[w] + step);
        if (r[w] == max_ && victim == ways_) victim = w;
    }
    return victim;
}

DrripPolicy::DrripPolicy(unsigned sets, unsigned ways, const PolicyParams& p)
    : RripPolicy(sets, ways, p.rrpv_bits), near_one_in_(std::max(1u, p.brrip_near_one_in)), rng_(p.seed) {
    if (p.drrip_psel_bits < 1 || p.drrip_psel_bits > 16) throw std::invalid_argument("drrip: psel_bits must be 1..16");
    psel_max_ = (1u << p.drrip_psel_bits) - 1;
    psel_ = psel_max_ / 2;  // upper half means BRRIP: start on SRRIP
    leaders_ = std::min(p.drrip_leaders, sets / 2);
    if (leaders_ > 0) region_ = sets / leaders_;
}

DrripPolicy::Role DrripPolicy::role(unsigned set) const {
    if (region_ == 0) return Role::Follower;
    const unsigned offset = set % region_;
    if (set / region_ >= leaders_) return Role::Follower;  // sets past the last whole region
    if (offset == 0) return Role::SrripLeader;
    if (offset == region_ / 2) return Role::BrripLeader;
    return Role::Follower;
}

void DrripPolicy::on_fill(unsigned set, unsigned way, const AccessInfo&) {
    const Role r = role(set);
    if (r == Role::SrripLeader && psel_ < psel_max_) ++psel_;
    if (r == Role::BrripLeader && psel_ > 0) --psel_;
    const bool brrip = r == Role::BrripLeader || (r == Role::Follower && followers_use_brrip());
    // The BRRIP draw happens only for BRRIP insertions, so SRRIP-only runs consume no random numbers.
    const bool near = !brrip || rng_.below(near_one_in_) == 0;
    rrpv_[line(set, way)] = near ? uint8_t(max_ - 1) : max_;
}

void GraspPolicy::on_hit(unsigned set, unsigned way, const AccessInfo& a) {
    uint8_t& r = rrpv_[line(set, way)];
    if (hot(a.addr))
        r = 0;
    else if (r > 0)
        --r;
}

void GraspPolicy::on_fill(unsigned set, unsigned way, const AccessInfo& a) {
    rrpv_[line(set, way)] = hot(a.addr) ? 0 : max_;
}

// ---- priority-aware (seed 000) --------------------------------------------------------------------

// Lowest key, ties by LRU (smallest stamp); the lowest way if stamps tie too (never used lines).
template <typename Key>
static unsigned lowest_then_lru(unsigned ways, Key key, const LruStamps& lru, size_t first) {
    unsigned best = 0;
    for (unsigned w = 1; w < ways; ++w) {
        const auto kw = key(first + w), kb = key(first + best);
        if (kw < kb || (kw == kb && lru.stamp(first + w) < lru.stamp(first + best))) best = w;
    }
    return best;
}

void AccessCountPolicy::on_hit(unsigned set, unsigned way, const AccessInfo& a) {
    const size_t l = line(set, way);
    if (a.offset0 && prio_[l] > 0) --prio_[l];
    lru_.touch(l);
}

void AccessCountPolicy::on_fill(unsigned set, unsigned way, const AccessInfo& a) {
    const size_t l = line(set, way);
    prio_[l] = a.priority;
    lru_.touch(l);
}

void AccessCountPolicy::on_invalidate(unsigned set, unsigned way) {
    prio_[line(set, way)] = 0;
    lru_.clear(line(set, way));
}

unsigned AccessCountPolicy::choose_victim(unsigned set) {
    return lowest_then_lru(
        ways_, [this](size_t l) { return prio_[l]; }, lru_, line(set, 0));
}

PriorityBasePolicy::PriorityBasePolicy(unsigned sets, unsigned ways, const PolicyParams& p)
    : ReplacementPolicy(sets, ways),
      period_(p.pb_period),
      max_p_(p.pb_max_priority),
      init_(size_t(sets) * ways, 0),
      work_(size_t(sets) * ways, 0),
      accesses_(sets, 0),
      lru_(size_t(sets) * ways) {
    if (period_ == 0) throw std::invalid_argument("pb: period must be > 0");
}

// Counted before the access updates its line, so the line just hit or filled keeps its full priority.
void PriorityBasePolicy::count_access(unsigned set) {
    if (++accesses_[set] < period_) return;
    accesses_[set] = 0;
    for (unsigned w = 0; w < ways_; ++w) {
        uint32_t& p = work_[line(set, w)];
        if (p > 0) --p;
    }
}

void PriorityBasePolicy::on_hit(unsigned set, unsigned way, const AccessInfo&) {
    count_access(set);
    const size_t l = line(set, way);
    work_[l] = init_[l];
    lru_.touch(l);
}

void PriorityBasePolicy::on_fill(unsigned set, unsigned way, const AccessInfo& a) {
    count_access(set);
    const size_t l = line(set, way);
    init_[l] = work_[l] = std::min(a.priority, max_p_);
    lru_.touch(l);
}

void PriorityBasePolicy::on_invalidate(unsigned set, unsigned way) {
    const size_t l = line(set, way);
    init_[l] = work_[l] = 0;
    lru_.clear(l);
}

unsigned PriorityBasePolicy::choose_victim(unsigned set) {
    return lowest_then_lru(
        ways_, [this](size_t l) { return work_[l]; }, lru_, line(set, 0));
}

}  // namespace vp::cache
