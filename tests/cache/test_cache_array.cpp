// The functional cache core (no timing): geometry checks, hit/miss/eviction bookkeeping, dirty bits,
// maintenance and per-region statistics.
#include <catch2/catch.hpp>
#include <algorithm>
#include <cstdint>
#include "models/cache/cache_array.h"
#include "models/cache/replacement/srrip.h"
#include "models/common/line_aligned.h"

using namespace vp::cache;

TEST_CASE("cache array: geometry is validated with a reason") {
    CHECK_THROWS_WITH(CacheArray(Geometry{1000, 4, 64}, "lru"), Catch::Contains("multiple of ways x line"));
    CHECK_THROWS_WITH(CacheArray(Geometry{3 * 4 * 64, 4, 64}, "lru"), Catch::Contains("power of two"));
    CHECK_THROWS_WITH(CacheArray(Geometry{4096, 4, 48}, "lru"), Catch::Contains("line size"));
    CHECK_THROWS(CacheArray(Geometry{4096, 4, 64}, "nope"));
    CHECK(CacheArray(Geometry{32 * 1024, 8, 64}, "lru").geometry().sets() == 64);
}

TEST_CASE("cache array: hits + misses = accesses, dirty victims are reported for write-back") {
    CacheArray c(Geometry{256, 4, 64}, "lru");  // one set, four ways
    for (uint64_t a : {0x000, 0x100, 0x200, 0x300}) {
        REQUIRE_FALSE(c.access(a, a == 0x100, true));
        CHECK_FALSE(c.fill(a, a == 0x100, true, 0).valid);  // free ways first: nothing leaves
    }
    CHECK(c.access(0x000, false, true));  // 0x100 is now the least recently used
    REQUIRE_FALSE(c.access(0x400, false, true));
    const Eviction ev = c.fill(0x400, false, true, 0);
    CHECK(ev.valid);
    CHECK(ev.addr == 0x100);
    CHECK(ev.dirty);
    const RegionStats t = c.totals();
    CHECK(t.accesses == 6);
    CHECK(t.hits == 1);
    CHECK(t.misses == 5);
    CHECK(t.hits + t.misses == t.accesses);
    CHECK(t.evictions == 1);
    CHECK(t.writebacks == 1);
}

TEST_CASE("cache array: a write hit makes the line dirty; clean and invalidate report it") {
    CacheArray c(Geometry{4096, 4, 64}, "lru");
    REQUIRE_FALSE(c.access(0x1040, false, true));
    c.fill(0x1040, false, true, 0);
    CHECK_FALSE(c.dirty(0x1040));
    CHECK(c.access(0x1048, true, false));
    CHECK(c.dirty(0x1040));
    CHECK(c.dirty_lines() == std::vector<uint64_t>{0x1040});
    CHECK(c.clean(0x1040));
    CHECK_FALSE(c.clean(0x1040));  // already clean: no second write-back
    CHECK(c.access(0x1040, true, true));
    const Eviction ev = c.invalidate(0x1040);
    CHECK(ev.valid);
    CHECK(ev.dirty);
    CHECK_FALSE(c.contains(0x1040));
}

TEST_CASE("cache array: statistics split by region, the rest counts as other") {
    CacheArray c(Geometry{4096, 4, 64}, "lru");
    c.set_regions({{"features", 0x10000, 0x20000}, {"adjacency", 0x30000, 0x31000}});
    auto touch = [&](uint64_t a) {
        if (!c.access(a, false, true)) c.fill(a, false, true, 0);
    };
    touch(0x10000);
    touch(0x10004);
    touch(0x30000);
    touch(0x50000);
    REQUIRE(c.stats().size() == 3);
    CHECK(c.stats()[0].accesses == 2);
    CHECK(c.stats()[0].hits == 1);
    CHECK(c.stats()[1].misses == 1);
    CHECK(c.stats()[2].misses == 1);  // other
    CHECK_THROWS_WITH(c.set_regions({{"a", 0, 100}, {"b", 50, 200}}), Catch::Contains("overlap"));
}

TEST_CASE("cache array: changing the policy keeps the lines") {
    CacheArray c(Geometry{256, 4, 64}, "lru");
    for (uint64_t a : {0x000, 0x100}) c.fill(a, true, true, 0);
    c.set_policy("ac", PolicyParams{});
    CHECK(c.contains(0x000));
    CHECK(c.dirty(0x100));
    CHECK(std::string(c.policy_info().name) == "ac");
    CHECK(c.policy_info().reads_priority);
}

TEST_CASE("cache array: repeated hits on the last line are counted and mark it dirty (shortcut path)") {
    for (const char* policy : {"lru", "ac"}) {  // lru takes the shortcut, ac never does
        CacheArray c(Geometry{256, 4, 64}, policy);
        REQUIRE_FALSE(c.access(0x40, false, true));
        c.fill(0x40, false, true, 3);
        CHECK(c.access(0x44, false, false));
        CHECK_FALSE(c.dirty(0x40));
        CHECK(c.access(0x48, true, false));
        CHECK(c.dirty(0x40));
        c.invalidate(0x40);
        CHECK_FALSE(c.access(0x40, false, true));  // gone: the shortcut must not report a hit
        const RegionStats t = c.totals();
        CHECK(t.accesses == 4);
        CHECK(t.hits == 2);
        CHECK(t.misses == 2);
    }
}

// Region lookup is remembered per 4 KiB granule (cache_array.h), with up to two boundaries inside
// one; regions that cut granules (once, twice, more often), share one, or change between runs must
// still count every access where a plain scan would.
TEST_CASE("cache array: region statistics are exact at region edges inside a granule and after set_regions") {
    CacheArray c(Geometry{8192, 4, 64}, "lru");
    std::vector<Region> regions = {
        {"a", 0x10040, 0x10100}, {"b", 0x10100, 0x12fc0}, {"c", 0x13000, 0x14000}, {"d", 0x20000, 0x20001}};
    auto expected_region = [&](uint64_t a) {
        for (size_t i = 0; i < regions.size(); ++i)
            if (a >= regions[i].lo && a < regions[i].hi) return i;
        return regions.size();
    };
    uint64_t seed = 12345;
    auto next = [&] { return seed = seed * 6364136223846793005ull + 1442695040888963407ull; };
    for (int round = 0; round < 3; ++round) {
        c.set_regions(regions);
        std::vector<uint64_t> want(regions.size() + 1, 0);
        for (int i = 0; i < 20000; ++i) {
            // Mostly near the edges, in granules that hold several regions or cross one's end.
            const uint64_t a = 0xf000 + (next() >> 40) % 0x12000;
            ++want[expected_region(a)];
            if (!c.access(a, false, true)) c.fill(a, false, true, 0);
        }
        for (size_t r = 0; r < want.size(); ++r) CHECK(c.stats()[r].accesses == want[r]);
        if (round == 0)  // second round: other regions
            regions = {{"x", 0x10000, 0x11000}, {"y", 0x1f000, 0x20800}};
        else  // third: granules that three and four boundaries cut (0x14000, 0x15000), one cut inside a line
            regions = {{"p", 0x14010, 0x14800},
                       {"q", 0x14800, 0x14f00},
                       {"r", 0x15010, 0x15020},
                       {"s", 0x15100, 0x15200},
                       {"t", 0x16020, 0x20000}};
    }
}

TEST_CASE("cache array: up to 64 ways (one valid mask per set)") {
    CacheArray c(Geometry{64 * 64, 64, 64}, "lru");  // one set of 64 ways
    for (uint64_t w = 0; w < 64; ++w) {
        REQUIRE_FALSE(c.access(w * 64, false, true));
        CHECK_FALSE(c.fill(w * 64, false, true, 0).valid);  // free ways are taken first
    }
    CHECK(c.valid_lines() == 64);
    CHECK(c.fill(64 * 64, false, true, 0).addr == 0);  // full: LRU's victim
    CHECK_THROWS_WITH(CacheArray(Geometry{65 * 64, 65, 64}, "lru"), Catch::Contains("1 to 64"));
}

// The array skips reporting repeated hits (the line accessed last, the way its set hit last: way
// prediction). Against a textbook LRU (a recency list per set) on a trace with reuse, every hit,
// miss and victim must be the same.
TEST_CASE("cache array: LRU with the repeated-hit shortcuts decides like a textbook LRU") {
    // (4, 8 and 16 ways take LruStamps::oldest's unrolled searches, 5 its loop.)
    const unsigned ways = GENERATE(4u, 5u, 8u, 16u);
    CAPTURE(ways);
    const Geometry g{4ull * ways * 64, ways, 64};  // 4 sets
    CacheArray c(g, "lru");
    std::vector<std::vector<uint64_t>> recency(g.sets());  // per set: line addresses, most recent first
    uint64_t seed = 2024;
    auto next = [&] { return seed = seed * 6364136223846793005ull + 1442695040888963407ull; };
    uint64_t hits = 0;
    for (int i = 0; i < 50000; ++i) {
        const uint64_t r = next() >> 33;
        // 6 lines per set more than the ways over 4 sets: reuse, conflicts, repeats of the same line.
        const uint64_t lines = 4 * (ways + 2);
        const uint64_t line = (r % 3 == 0) ? (r >> 8) % lines : (r >> 8) % (lines / 4);
        const uint64_t addr = line * 64 + (r >> 20) % 64;
        std::vector<uint64_t>& lru = recency[c.set_of(addr)];
        const auto it = std::find(lru.begin(), lru.end(), line * 64);
        const bool want_hit = it != lru.end();
        if (want_hit) lru.erase(it);
        REQUIRE(c.access(addr, r & 1, true) == want_hit);
        if (!want_hit) {
            const Eviction ev = c.fill(addr, r & 1, true, 0);
            REQUIRE(ev.valid == (lru.size() == g.ways));
            if (ev.valid) {
                REQUIRE(ev.addr == lru.back());
                lru.pop_back();
            }
        }
        hits += want_hit;
        lru.insert(lru.begin(), line * 64);
    }
    CHECK(c.totals().hits == hits);
    CHECK(hits > 10000);  // the trace exercises hits, not only misses
}

// SRRIP-HP: a fill inserts at max-1 and a hit promotes to 0 — also the hit right after the fill,
// which the array's last-line shortcut must not swallow (it did before fill_is_hit()).
TEST_CASE("cache array: under SRRIP the first hit after a fill promotes the line") {
    CacheArray c(Geometry{4 * 64, 4, 64}, "srrip");  // one set of four ways
    const auto& rrip = dynamic_cast<const RripPolicy&>(c.policy());
    REQUIRE_FALSE(c.access(0x000, false, true));
    c.fill(0x000, false, true, 0);
    CHECK(rrip.rrpv(0, c.last_way()) == rrip.max_rrpv() - 1);
    REQUIRE(c.access(0x008, false, false));  // the same line, next word
    CHECK(rrip.rrpv(0, c.last_way()) == 0);
    // LRU keeps the shortcut after a fill (its fill is a hit): same decisions, fewer policy calls.
    CacheArray l(Geometry{4 * 64, 4, 64}, "lru");
    CHECK(l.policy().fill_is_hit());
    CHECK_FALSE(rrip.fill_is_hit());
}

// Repeat hits (models/common/repeat_hits.h): an array whose holder repeats the hits it granted must
// decide and count exactly like one that sees every access — under every policy, with stores,
// cleans, invalidations, stale marks, a region boundary inside a line and a policy change on the way.
TEST_CASE("cache array: repeat hits granted to a holder decide and count like calling the array") {
    for (const char* policy : {"lru", "plru", "random", "srrip", "drrip", "grasp"}) {
        CAPTURE(policy);
        const Geometry g{8 * 4 * 64, 4, 64};  // 8 sets x 4 ways
        CacheArray with(g, policy), plain(g, policy);
        vp::RepeatHits holder;
        uint64_t lookups = 0;  // the energy ledger's count, as the cache would keep it
        with.bind_repeat_hits(&holder, &lookups);
        // A boundary at 0x160 cuts line 0x140 (a busy one) between two regions: it is never granted.
        const std::vector<Region> regions{{"a", 0, 0x160}, {"b", 0x160, 0x1000}};
        with.set_regions(regions);
        plain.set_regions(regions);
        uint64_t seed = 7, repeats = 0, calls = 0, stale_with = 0, stale_plain = 0;
        auto next = [&] { return seed = seed * 6364136223846793005ull + 1442695040888963407ull; };
        for (int i = 0; i < 60000; ++i) {
            const uint64_t r = next() >> 24;
            if (i == 20000 || i == 40000) {  // the controller switches the policy mid-run (LRU's per-line
                const char* next_policy = i == 20000 ? "lru" : "srrip";  // grants and the per-set ones)
                with.set_policy(next_policy, {});
                plain.set_policy(next_policy, {});
            }
            const uint64_t line = (r % 4 == 0) ? (r >> 8) % 64 : (r >> 8) % 12;
            const uint64_t addr = line * 64 + ((r >> 16) % 16) * 4;
            const bool store = (r >> 30) % 4 == 0;
            switch ((r >> 34) % 64) {  // now and then what else changes a set
                case 0: REQUIRE(with.clean(addr) == plain.clean(addr)); continue;
                case 1: REQUIRE(with.invalidate(addr).dirty == plain.invalidate(addr).dirty); continue;
                case 2:
                    with.set_user_flags(addr, 1);
                    plain.set_user_flags(addr, 1);
                    continue;
                default: break;
            }
            const bool want = plain.access(addr, store, true);
            // The owner reports a hit on a line marked stale and clears the mark (Cache::stale_hit).
            if (want && plain.user_flags_at(plain.set_of(addr), plain.last_way())) {
                ++stale_plain;
                plain.set_user_flags(addr, 0);
            }
            if (holder.hit(addr, 4, store)) {
                REQUIRE(want);
                ++repeats;
                continue;
            }
            ++calls;
            ++lookups;
            REQUIRE(with.access(addr, store, true) == want);
            if (want) {
                if (with.user_flags_at(with.set_of(addr), with.last_way())) {
                    ++stale_with;
                    with.set_user_flags(addr, 0);
                }
                with.grant_repeat(addr);
            } else {
                const Eviction a = with.fill(addr, store, true, 0), b = plain.fill(addr, store, true, 0);
                REQUIRE(a.valid == b.valid);
                REQUIRE(a.addr == b.addr);
                REQUIRE(a.dirty == b.dirty);
            }
        }
        for (size_t k = 0; k < plain.stats().size(); ++k) {
            CHECK(with.stats()[k].accesses == plain.stats()[k].accesses);
            CHECK(with.stats()[k].hits == plain.stats()[k].hits);
            CHECK(with.stats()[k].misses == plain.stats()[k].misses);
            CHECK(with.stats()[k].writebacks == plain.stats()[k].writebacks);
        }
        CHECK(lookups == calls + repeats);
        CHECK(lookups == plain.totals().accesses);
        CHECK(with.dirty_lines() == plain.dirty_lines());
        CHECK(stale_with == stale_plain);
        CHECK(stale_plain > 100);
        CHECK(repeats > 10000);  // the mechanism is exercised, not bypassed
        if (!with.access(0x150, false, true)) with.fill(0x150, false, true, 0);
        REQUIRE(with.access(0x150, false, true));
        with.grant_repeat(0x150);
        CHECK(!holder.hit(0x150, 4, false));  // the line a region boundary cuts
    }
}

// Under LRU every line a set holds may be granted (the holder stamps what it repeats): a grant
// survives hits and fills on the set's other ways, and the holder's repeats steer the victim.
TEST_CASE("cache array: LRU grants are per line and the holder's repeats count as uses") {
    CacheArray c(Geometry{4 * 64, 4, 64}, "lru");  // one set, four ways
    vp::RepeatHits holder;
    uint64_t lookups = 0;
    c.bind_repeat_hits(&holder, &lookups);
    auto touch = [&](uint64_t a) {
        if (c.access(a, false, true))
            c.grant_repeat(a);
        else
            c.fill(a, false, true, 0);
    };
    for (uint64_t a : {0x000, 0x040, 0x080, 0x0c0}) touch(a);  // fills
    for (uint64_t a : {0x000, 0x040, 0x080, 0x0c0}) touch(a);  // hits: each granted
    for (uint64_t a : {0x000, 0x040, 0x080, 0x0c0}) CHECK(holder.hit(a + 4, 4, false));
    // Only aligned accesses repeat: a misaligned one (even inside the line) or one that crosses
    // into the next line goes to the array, and is not counted here.
    const uint64_t before = lookups;
    CHECK_FALSE(holder.hit(0x002, 4, false));
    CHECK_FALSE(holder.hit(0x03e, 4, false));
    CHECK(lookups == before);
    // Repeats in the order 0x040, 0x080, 0x0c0, 0x000: 0x040 is now the least recently used.
    for (uint64_t a : {0x040, 0x080, 0x0c0, 0x000}) REQUIRE(holder.hit(a, 4, false));
    REQUIRE_FALSE(c.access(0x100, false, true));
    const Eviction ev = c.fill(0x100, false, true, 0);
    CHECK(ev.addr == 0x040);
    CHECK_FALSE(holder.hit(0x040, 4, false));  // the victim's grant went with it
    CHECK(holder.hit(0x080, 4, false));        // the others' stay through the fill
    CHECK(holder.hit(0x000, 4, false));
    // A stale mark, a clean and an invalidation each take their line's grant only.
    c.set_user_flags(0x080, 1);
    CHECK_FALSE(holder.hit(0x080, 4, false));
    CHECK(holder.hit(0x0c0, 4, false));
    c.invalidate(0x0c0);
    CHECK_FALSE(holder.hit(0x0c0, 4, false));
    CHECK(holder.hit(0x000, 4, false));
    const RegionStats t = c.totals();
    CHECK(t.accesses == lookups + 9);  // 9 calls (4 + 4 + 1); every repeat counted as a lookup
    CHECK(t.hits == t.accesses - t.misses);
}

// The last-line shortcut counts a repeated access in the region the line was remembered for: wrong
// when a region boundary cuts the line (it did: a hit at 0x64 counted in region a).
TEST_CASE("cache array: repeated hits on a line a region boundary cuts count in each address's region") {
    CacheArray c(Geometry{4 * 4 * 64, 4, 64}, "lru");
    c.set_regions({{"a", 0, 0x60}, {"b", 0x60, 0x100}});
    REQUIRE_FALSE(c.access(0x40, false, true));
    c.fill(0x40, false, true, 0);
    REQUIRE(c.access(0x44, false, false));  // region a
    REQUIRE(c.access(0x64, false, false));  // the same line, region b
    REQUIRE(c.access(0x68, false, false));  // region b again
    CHECK(c.stats()[0].hits == 1);
    CHECK(c.stats()[1].hits == 2);
    CHECK(c.stats()[0].accesses == 2);
    CHECK(c.stats()[1].accesses == 2);
}

// A fill counts its line in the region its lookup found (the array remembers it from the miss), but
// not across set_regions(), which replaces the counts.
TEST_CASE("cache array: a fill after set_regions counts its line in the new regions") {
    CacheArray c(Geometry{4 * 4 * 64, 4, 64}, "lru");
    c.set_regions({{"x", 0x1000, 0x2000}, {"y", 0x2000, 0x3000}});
    REQUIRE_FALSE(c.access(0x1040, false, true));  // in x (index 0)
    c.set_regions({{"p", 0x3000, 0x4000}, {"q", 0x1000, 0x2000}});
    c.fill(0x1040, false, true, 0);
    REQUIRE(c.access(0x1044, false, false));  // the line filled last, again: counted where it lies now
    CHECK(c.stats()[1].hits == 1);            // q
    CHECK(c.stats()[0].accesses == 0);        // p
}

TEST_CASE("cache array: per-set state storage starts on a host cache line") {
    // (An 8-way row of 64-bit tags, stamps or fill times is then exactly one host line.)
    for (size_t n : {size_t(1), size_t(8), size_t(4096), size_t(1) << 20}) {
        vp::LineAlignedVector<uint64_t> v(n, 7);
        REQUIRE(reinterpret_cast<uintptr_t>(v.data()) % vp::kHostLine == 0);
        v.resize(n * 3);  // (a reallocation keeps the alignment)
        REQUIRE(reinterpret_cast<uintptr_t>(v.data()) % vp::kHostLine == 0);
        REQUIRE(v[n - 1] == 7);
    }
}

// A fill takes a free way before evicting anything. The array knows a set has one without a per-set
// mask: from its count of invalid lines (none: every set is full) and otherwise from the set's tags.
// A warm cache (no invalid line anywhere) must still see a way an invalidation freed, and a full set
// must not take the free way of another set for its own.
TEST_CASE("cache array: a way freed by an invalidation is filled first, also once every set was full") {
    for (const char* policy : {"lru", "srrip", "plru", "random"}) {
        CAPTURE(policy);
        CacheArray c(Geometry{2 * 4 * 64, 4, 64}, policy);  // 2 sets x 4 ways: set = bit 6
        // Warm: both sets full (set 0: lines 0x000, 0x080, ...; set 1: 0x040, 0x0c0, ...).
        for (uint64_t i = 0; i < 8; ++i) {
            REQUIRE_FALSE(c.access(i * 64, false, true));
            REQUIRE_FALSE(c.fill(i * 64, false, true, 0).valid);
        }
        REQUIRE(c.fill(0x400, false, true, 0).valid);  // set 0 is full: a fill evicts
        REQUIRE(c.invalidate(0x0c0).valid);            // a way of set 1 is free again
        // Set 0 is still full: its fill evicts, set 1's free way does not count for it.
        CHECK(c.fill(0x800, false, true, 0).valid);
        // Set 1's fill takes the freed way: nothing leaves.
        CHECK_FALSE(c.fill(0x440, false, true, 0).valid);
        CHECK(c.contains(0x440));
        // Full again everywhere: the next fill of set 1 evicts.
        CHECK(c.fill(0x840, false, true, 0).valid);
        CHECK(c.valid_lines() == 8);
    }
}
