// Cache replacement policies: each policy's victim on hand-made sequences, the rules shared by all
// (invalid ways first, victims in range, deterministic for a seed), and the registry against the
// controller's register header and the docs. No SystemC needed.
#include <catch2/catch.hpp>
#include <cctype>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include "models/cache/replacement/access_count.h"
#include "models/cache/replacement/drrip.h"
#include "models/cache/replacement/grasp.h"
#include "models/cache/replacement/lru.h"
#include "models/cache/replacement/plru.h"
#include "models/cache/replacement/priority_base.h"
#include "models/cache/replacement/registry.h"
#include "models/cache/replacement/srrip.h"

using namespace vp::cache;

namespace {

const std::vector<bool> kFull4(4, true);

AccessInfo at(uint64_t addr) {
    AccessInfo a;
    a.addr = addr;
    return a;
}

AccessInfo prio(uint32_t p, bool offset0 = false) {
    AccessInfo a;
    a.priority = p;
    a.offset0 = offset0;
    return a;
}

void fill_all(ReplacementPolicy& p, unsigned set, const AccessInfo& a = {}) {
    for (unsigned w = 0; w < p.ways(); ++w) p.on_fill(set, w, a);
}

}  // namespace

TEST_CASE("make_policy knows every name and rejects bad arguments") {
    for (const auto& n : policy_names()) {
        auto p = make_policy(n, 16, 4);
        REQUIRE(p);
        CHECK(p->sets() == 16);
        CHECK(p->ways() == 4);
    }
    CHECK_THROWS_AS(make_policy("fifo", 16, 4), std::invalid_argument);
    CHECK_THROWS_AS(make_policy("plru", 16, 6), std::invalid_argument);
    CHECK_THROWS_AS(make_policy("lru", 0, 4), std::invalid_argument);
    CHECK_THROWS_AS(make_policy("lru", 4, 0), std::invalid_argument);
    PolicyParams bad;
    bad.pb_period = 0;
    CHECK_THROWS_AS(make_policy("pb", 4, 4, bad), std::invalid_argument);
    auto p = make_policy("lru", 4, 4);
    CHECK_THROWS_AS(p->victim(0, std::vector<bool>(3, true)), std::invalid_argument);
}

TEST_CASE("Every policy takes an invalid way before a valid one") {
    for (const auto& n : policy_names()) {
        INFO(n);
        auto p = make_policy(n, 4, 4);
        CHECK(p->victim(1, std::vector<bool>(4, false)) == 0);
        // Make way 2 the one every policy would like to keep: filled last, hit often, high priority,
        // hot for GRASP; it is still the victim while it is invalid.
        fill_all(*p, 1, prio(0));
        for (int i = 0; i < 5; ++i) p->on_hit(1, 2, prio(10, true));
        p->on_invalidate(1, 2);
        CHECK(p->victim(1, {true, true, false, true}) == 2);
        CHECK(p->victim(1, {true, false, false, true}) == 1);  // the lowest invalid way
        CHECK(p->victim(1, kFull4) < 4);
    }
}

TEST_CASE("Every policy, in a small random cache, fills invalid ways first and evicts only in range") {
    for (const auto& n : policy_names()) {
        INFO(n);
        PolicyParams params;
        params.hot_start = 0;
        params.hot_end = 0x400;
        params.pb_period = 7;
        const unsigned sets = 8, ways = 4;
        auto p = make_policy(n, sets, ways, params);
        std::vector<uint64_t> tag(sets * ways, 0);
        std::vector<std::vector<bool>> valid(sets, std::vector<bool>(ways, false));
        vp::Xoshiro256 rng(42);
        for (int i = 0; i < 5000; ++i) {
            const uint64_t addr = rng.below(64) * 64;
            const unsigned set = unsigned((addr / 64) % sets);
            AccessInfo a = at(addr);
            a.priority = uint32_t(rng.below(12));
            a.offset0 = rng.below(2) == 0;
            if (rng.below(50) == 0) {  // an occasional invalidation, as from a coherence or CMO event
                const unsigned w = unsigned(rng.below(ways));
                valid[set][w] = false;
                p->on_invalidate(set, w);
                continue;
            }
            bool hit = false;
            for (unsigned w = 0; w < ways && !hit; ++w)
                if (valid[set][w] && tag[set * ways + w] == addr) {
                    p->on_hit(set, w, a);
                    hit = true;
                }
            if (hit) continue;
            bool has_invalid = false;
            for (bool v : valid[set]) has_invalid |= !v;
            const unsigned v = p->victim(set, valid[set]);
            REQUIRE(v < ways);
            if (has_invalid) REQUIRE_FALSE(valid[set][v]);
            valid[set][v] = true;
            tag[set * ways + v] = addr;
            p->on_fill(set, v, a);
        }
    }
}

TEST_CASE("LRU evicts the least recently used way") {
    LruPolicy p(2, 4);
    fill_all(p, 0);
    CHECK(p.victim(0, kFull4) == 0);
    p.on_hit(0, 0, {});
    p.on_hit(0, 2, {});
    CHECK(p.victim(0, kFull4) == 1);
    p.on_hit(0, 1, {});
    CHECK(p.victim(0, kFull4) == 3);
    p.on_hit(0, 3, {});
    CHECK(p.victim(0, kFull4) == 0);
    // Sets are independent: set 1 was never touched.
    p.on_fill(1, 3, {});
    p.on_fill(1, 0, {});
    CHECK(p.victim(1, kFull4) == 1);
}

TEST_CASE("Tree PLRU: bits point away from the last access, the victim follows the bits") {
    PlruPolicy p(1, 4);  // nodes: 0 root, 1 over ways 0-1, 2 over ways 2-3
    CHECK(p.victim(0, kFull4) == 0);
    fill_all(p, 0);               // 0, 1, 2, 3 in order
    CHECK(p.bit(0, 0) == false);  // last access right -> evict left
    CHECK(p.bit(0, 1) == false);  // way 1 touched after way 0 -> evict way 0
    CHECK(p.bit(0, 2) == false);  // way 3 touched last -> evict way 2
    CHECK(p.victim(0, kFull4) == 0);
    p.on_hit(0, 0, {});
    CHECK(p.bit(0, 0) == true);
    CHECK(p.bit(0, 1) == true);
    CHECK(p.victim(0, kFull4) == 2);
    p.on_hit(0, 2, {});
    CHECK(p.victim(0, kFull4) == 1);
    p.on_hit(0, 1, {});
    CHECK(p.victim(0, kFull4) == 3);

    // Where PLRU and LRU part: after 0..3 then hits on 3, 2, 1 the true LRU way is 0, but the root
    // points right (last access 1 was left) and the node over 2-3 points at 3 (last there was 2).
    PlruPolicy q(1, 4);
    fill_all(q, 0);
    for (unsigned w : {3u, 2u, 1u}) q.on_hit(0, w, {});
    CHECK(q.victim(0, kFull4) == 3);

    PlruPolicy one(1, 1);
    one.on_fill(0, 0, {});
    CHECK(one.victim(0, {true}) == 0);
}

TEST_CASE("Random is deterministic per seed and uses every way") {
    PolicyParams a, b;
    a.seed = b.seed = 7;
    auto p = make_policy("random", 4, 8, a), q = make_policy("random", 4, 8, b);
    b.seed = 8;
    auto r = make_policy("random", 4, 8, b);
    const std::vector<bool> full(8, true);
    std::vector<unsigned> vp_, vq, vr;
    std::set<unsigned> seen;
    for (int i = 0; i < 200; ++i) {
        vp_.push_back(p->victim(unsigned(i % 4), full));
        vq.push_back(q->victim(unsigned(i % 4), full));
        vr.push_back(r->victim(unsigned(i % 4), full));
        REQUIRE(vp_.back() < 8);
        seen.insert(vp_.back());
    }
    CHECK(vp_ == vq);
    CHECK(vp_ != vr);
    CHECK(seen.size() == 8);
    // With one invalid way it is always that way, and the generator is not consumed.
    std::vector<bool> one_free = full;
    one_free[5] = false;
    for (int i = 0; i < 20; ++i) CHECK(p->victim(0, one_free) == 5);
    CHECK(p->victim(0, full) == q->victim(0, full));
}

TEST_CASE("SRRIP inserts at max-1, promotes hits to 0 and ages the set until a line reaches max") {
    RripPolicy p(1, 4);  // rrpv_bits 2 (PolicyParams default)
    CHECK(p.max_rrpv() == 3);
    fill_all(p, 0);
    for (unsigned w = 0; w < 4; ++w) CHECK(p.rrpv(0, w) == 2);
    p.on_hit(0, 1, {});
    CHECK(p.rrpv(0, 1) == 0);
    CHECK(p.victim(0, kFull4) == 0);  // aged once: 3 1 3 3
    CHECK(p.rrpv(0, 0) == 3);
    CHECK(p.rrpv(0, 1) == 1);
    CHECK(p.rrpv(0, 3) == 3);
    p.on_fill(0, 0, {});              // 2 1 3 3
    CHECK(p.victim(0, kFull4) == 2);  // a line at max: no ageing
    CHECK(p.rrpv(0, 0) == 2);
    p.on_fill(0, 2, {});  // 2 1 2 3
    CHECK(p.victim(0, kFull4) == 3);
    p.on_hit(0, 3, {});               // 2 1 2 0
    CHECK(p.victim(0, kFull4) == 0);  // aged once: 3 2 3 1
    CHECK(p.rrpv(0, 1) == 2);
    CHECK(p.rrpv(0, 3) == 1);
    p.on_invalidate(0, 1);
    CHECK(p.rrpv(0, 1) == 3);
}

TEST_CASE("DRRIP: leader sets keep their policy, PSEL moves followers between SRRIP and BRRIP") {
    PolicyParams prm;
    prm.drrip_leaders = 4;             // 64 sets -> regions of 16: SRRIP leaders 0,16,32,48; BRRIP 8,24,40,56
    prm.brrip_near_one_in = 1u << 30;  // BRRIP practically always inserts at max here
    DrripPolicy p(64, 4, prm);
    CHECK(p.role(0) == DrripPolicy::Role::SrripLeader);
    CHECK(p.role(48) == DrripPolicy::Role::SrripLeader);
    CHECK(p.role(8) == DrripPolicy::Role::BrripLeader);
    CHECK(p.role(56) == DrripPolicy::Role::BrripLeader);
    CHECK(p.role(1) == DrripPolicy::Role::Follower);
    CHECK(p.role(63) == DrripPolicy::Role::Follower);
    CHECK(p.psel() == 511);
    CHECK_FALSE(p.followers_use_brrip());

    p.on_fill(1, 0, {});
    CHECK(p.rrpv(1, 0) == 2);  // follower on SRRIP
    p.on_fill(8, 0, {});
    CHECK(p.rrpv(8, 0) == 3);  // BRRIP leader, whatever PSEL says
    CHECK(p.psel() == 510);

    // Misses in SRRIP leaders: SRRIP is doing badly, followers switch to BRRIP.
    p.on_fill(0, 0, {});
    p.on_fill(16, 0, {});
    CHECK(p.psel() == 512);
    CHECK(p.followers_use_brrip());
    CHECK(p.rrpv(0, 0) == 2);  // SRRIP leader, whatever PSEL says
    p.on_fill(1, 1, {});
    CHECK(p.rrpv(1, 1) == 3);

    // And back on misses in BRRIP leaders.
    p.on_fill(24, 0, {});
    CHECK(p.psel() == 511);
    p.on_fill(1, 2, {});
    CHECK(p.rrpv(1, 2) == 2);

    // Saturation at both ends.
    for (int i = 0; i < 3000; ++i) p.on_fill(32, 0, {});
    CHECK(p.psel() == p.psel_max());
    CHECK(p.psel_max() == 1023);
    for (int i = 0; i < 3000; ++i) p.on_fill(40, 0, {});
    CHECK(p.psel() == 0);

    // Too few sets to duel: everyone follows (and starts on SRRIP).
    DrripPolicy tiny(1, 4, prm);
    CHECK(tiny.role(0) == DrripPolicy::Role::Follower);
    tiny.on_fill(0, 0, {});
    CHECK(tiny.rrpv(0, 0) == 2);
}

TEST_CASE("DRRIP's BRRIP inserts near once in brrip_near_one_in, deterministically per seed") {
    PolicyParams prm;
    prm.drrip_leaders = 1;  // 2 sets: 0 SRRIP leader, 1 BRRIP leader
    prm.brrip_near_one_in = 4;
    DrripPolicy p(2, 4, prm), q(2, 4, prm);
    CHECK(p.role(1) == DrripPolicy::Role::BrripLeader);
    int near = 0;
    for (int i = 0; i < 4000; ++i) {
        p.on_fill(1, 0, {});
        q.on_fill(1, 0, {});
        REQUIRE(p.rrpv(1, 0) == q.rrpv(1, 0));
        near += p.rrpv(1, 0) == 2;
    }
    CHECK(near > 800);
    CHECK(near < 1200);
}

TEST_CASE("GRASP protects the hot range and promotes cold lines one step per hit") {
    PolicyParams prm;
    prm.hot_start = 0x1000;
    prm.hot_end = 0x2000;
    GraspPolicy p(1, 4, prm);
    CHECK(p.hot(0x1000));
    CHECK(p.hot(0x1fff));
    CHECK_FALSE(p.hot(0x2000));
    p.on_fill(0, 0, at(0x1000));  // hot: 0
    p.on_fill(0, 1, at(0x8000));  // cold: 3
    p.on_fill(0, 2, at(0x8040));  // cold: 3
    p.on_fill(0, 3, at(0x1040));  // hot: 0
    CHECK(p.rrpv(0, 0) == 0);
    CHECK(p.rrpv(0, 1) == 3);
    CHECK(p.victim(0, kFull4) == 1);
    p.on_hit(0, 1, at(0x8000));
    CHECK(p.rrpv(0, 1) == 2);
    CHECK(p.victim(0, kFull4) == 2);
    p.on_hit(0, 2, at(0x8040));       // 0 2 2 0: nothing at max
    CHECK(p.victim(0, kFull4) == 1);  // aged once: 1 3 3 1
    CHECK(p.rrpv(0, 0) == 1);
    p.on_hit(0, 0, at(0x1000));
    CHECK(p.rrpv(0, 0) == 0);
    for (int i = 0; i < 5; ++i) p.on_hit(0, 2, at(0x8040));
    CHECK(p.rrpv(0, 2) == 0);  // not below 0
}

TEST_CASE("AC: priority is the remaining access count, decremented only by offset-0 hits") {
    AccessCountPolicy p(2, 4);
    p.on_fill(0, 0, prio(5));
    p.on_fill(0, 1, prio(3));
    p.on_fill(0, 2, prio(3));
    p.on_fill(0, 3, prio(7));
    CHECK(p.victim(0, kFull4) == 1);  // 3 and 3: way 1 is older
    p.on_hit(0, 1, prio(0, false));   // not the offset-0 word: no count, but it is now recent
    CHECK(p.priority(0, 1) == 3);
    CHECK(p.victim(0, kFull4) == 2);
    p.on_hit(0, 1, prio(0, true));
    CHECK(p.priority(0, 1) == 2);
    CHECK(p.victim(0, kFull4) == 1);  // lowest priority, although most recently used
    for (int i = 0; i < 5; ++i) p.on_hit(0, 3, prio(0, true));
    CHECK(p.priority(0, 3) == 2);
    CHECK(p.victim(0, kFull4) == 1);  // 2 and 2: way 1 (hit before) is older than way 3
    for (int i = 0; i < 5; ++i) p.on_hit(0, 3, prio(0, true));
    CHECK(p.priority(0, 3) == 0);  // not below 0
    CHECK(p.victim(0, kFull4) == 3);
    // A refill takes the new count; the other set is untouched.
    p.on_fill(0, 3, prio(9));
    CHECK(p.priority(0, 3) == 9);
    CHECK(p.priority(1, 3) == 0);
    p.on_invalidate(0, 3);
    CHECK(p.priority(0, 3) == 0);
}

TEST_CASE("PB: hits reset to the initial priority, every period accesses to a set decay it by one") {
    PolicyParams prm;
    prm.pb_period = 4;
    prm.pb_max_priority = 10;
    PriorityBasePolicy p(2, 4, prm);
    p.on_fill(0, 0, prio(4));
    p.on_fill(0, 1, prio(2));
    p.on_fill(0, 2, prio(12));  // clamped to max_p
    CHECK(p.initial_priority(0, 2) == 10);
    p.on_fill(0, 3, prio(2));  // 4th access to set 0: decay first (4 2 10 -> 3 1 9), then way 3 at 2
    CHECK(p.priority(0, 0) == 3);
    CHECK(p.priority(0, 1) == 1);
    CHECK(p.priority(0, 2) == 9);
    CHECK(p.priority(0, 3) == 2);
    CHECK(p.victim(0, kFull4) == 1);

    p.on_hit(0, 1, {});  // access 1 of the next period: back to its initial 2
    CHECK(p.priority(0, 1) == 2);
    CHECK(p.victim(0, kFull4) == 3);  // 2 and 2: way 3 was used longer ago

    // Accesses to set 1 do not count for set 0.
    for (int i = 0; i < 10; ++i) p.on_fill(1, 0, prio(1));
    CHECK(p.priority(0, 3) == 2);

    p.on_hit(0, 0, {});
    p.on_hit(0, 0, {});
    CHECK(p.priority(0, 3) == 2);
    p.on_hit(0, 0, {});  // access 4: decay (3 2 9 2 -> 3 1 8 1), then way 0 back to 4
    CHECK(p.priority(0, 0) == 4);
    CHECK(p.priority(0, 1) == 1);
    CHECK(p.priority(0, 2) == 8);
    CHECK(p.priority(0, 3) == 1);
    CHECK(p.victim(0, kFull4) == 3);  // 1 and 1: way 3 filled before way 1 was hit

    for (int i = 0; i < 100; ++i) p.on_hit(0, 0, {});
    CHECK(p.priority(0, 1) == 0);  // not below 0
    CHECK(p.priority(0, 2) == 0);
    CHECK(p.priority(0, 0) == 4);
    CHECK(p.victim(0, kFull4) == 2);  // all three at 0: way 2, filled before way 3, is the oldest
    p.on_hit(0, 2, {});
    CHECK(p.priority(0, 2) == 10);
}

// ---- the registry: one line per policy, checked against the register header and the docs ----------

namespace {

std::string read_source(const std::string& rel) {
    std::ifstream f(std::string(VP_SOURCE_DIR) + "/" + rel);
    REQUIRE(f.good());
    std::stringstream ss;
    ss << f.rdbuf();
    return ss.str();
}

std::string upper(std::string s) {
    for (char& c : s) c = char(std::toupper(static_cast<unsigned char>(c)));
    return s;
}

}  // namespace

TEST_CASE("registry: names and POLICY values unique, in value order, each name builds its policy") {
    std::set<std::string> names;
    const auto& all = policies();
    REQUIRE(!all.empty());
    for (size_t i = 0; i < all.size(); ++i) {
        INFO(all[i].name);
        CHECK(names.insert(all[i].name).second);
        if (i > 0) CHECK(all[i].reg_value > all[i - 1].reg_value);
        CHECK(find_policy(std::string(all[i].name)) == &all[i]);
        CHECK(find_policy(all[i].reg_value) == &all[i]);
        CHECK(make_policy(all[i].name, 4, 4) != nullptr);
    }
    CHECK(policy_names().size() == all.size());
    CHECK(find_policy(std::string("fifo")) == nullptr);
    CHECK(find_policy(uint32_t(all.back().reg_value + 1)) == nullptr);
    // The two policies that install lines with a priority from the controller's table.
    CHECK(find_policy(std::string("ac"))->reads_priority);
    CHECK(find_policy(std::string("pb"))->reads_priority);
    CHECK_FALSE(find_policy(std::string("lru"))->reads_priority);
}

TEST_CASE("registry: every CACHECTL_POLICY_* of include/vp/regs/cache_ctrl.h is a policy with that value, and back") {
    const std::string header = read_source("include/vp/regs/cache_ctrl.h");
    const std::regex define(R"(#define\s+CACHECTL_POLICY_([A-Z0-9_]+)\s+(0x[0-9A-Fa-f]+|[0-9]+)u?\b)");
    std::map<std::string, uint32_t> values;  // NAME -> value, as the header defines them
    for (auto it = std::sregex_iterator(header.begin(), header.end(), define); it != std::sregex_iterator(); ++it)
        values[(*it)[1]] = uint32_t(std::stoul((*it)[2], nullptr, 0));
    REQUIRE(values.size() >= 8);  // the header as shipped: lru .. grasp
    for (const PolicyInfo& p : policies()) {
        INFO(p.name);
        REQUIRE(values.count(upper(p.name)) == 1);
        CHECK(values[upper(p.name)] == p.reg_value);
    }
    for (const auto& [name, value] : values) {
        INFO("CACHECTL_POLICY_" << name);
        const PolicyInfo* p = find_policy(value);
        REQUIRE(p != nullptr);
        CHECK(upper(p->name) == name);
    }
}

TEST_CASE("registry: docs/cache_policies.md has one row per policy with its POLICY value and table use") {
    const std::string doc = read_source("docs/cache_policies.md");
    // | `name` | value | yes/no | ...
    const std::regex row(R"(\n\| `([a-z0-9_]+)` \| ([0-9]+) \| (yes|no) \|)");
    std::map<std::string, std::pair<uint32_t, bool>> rows;
    for (auto it = std::sregex_iterator(doc.begin(), doc.end(), row); it != std::sregex_iterator(); ++it)
        CHECK(rows.emplace((*it)[1], std::make_pair(uint32_t(std::stoul((*it)[2])), (*it)[3] == "yes")).second);
    CHECK(rows.size() == policies().size());
    for (const PolicyInfo& p : policies()) {
        INFO(p.name);
        REQUIRE(rows.count(p.name) == 1);
        CHECK(rows[p.name].first == p.reg_value);
        CHECK(rows[p.name].second == p.reads_priority);
    }
}
