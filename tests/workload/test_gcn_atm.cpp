// Automatic tile morphing (include/vp/gcn_atm.h, the firmware's C source compiled for the host): its
// decisions on synthetic slice timings and hit rates, traced by hand against the rules.
#include <catch2/catch.hpp>
#include <string>
#include <vector>
#include "vp/gcn_atm.h"

namespace {

std::vector<int> widths(const gcn_tiling_t* t) { return std::vector<int>(t->width, t->width + t->count); }

// Reports a slice of `time` whose strips had the given hit rates (1000 lookups each).
void report(gcn_atm_t& a, uint64_t time, const std::vector<double>& hit, uint64_t writebacks = 0) {
    REQUIRE(hit.size() == a.current.count);
    std::vector<uint64_t> lookups(hit.size(), 1000), misses;
    for (double h : hit) misses.push_back(uint64_t(1000 - h * 1000));
    gcn_atm_report(&a, time, lookups.data(), misses.data(), writebacks);
}

std::vector<double> flat(const gcn_atm_t& a, double h) { return std::vector<double>(a.current.count, h); }

constexpr uint32_t kAny = 1000;  // a probe budget that never ends the search (tests of the other rules)

}  // namespace

TEST_CASE("tilings: uniform B_V x B_V, validity") {
    gcn_tiling_t t;
    gcn_tiling_uniform(&t, 8);
    CHECK(widths(&t) == std::vector<int>(8, 8));
    CHECK(gcn_tiling_valid(&t));
    gcn_tiling_uniform(&t, 1);
    CHECK(widths(&t) == std::vector<int>{64});
    t.width[0] = 63;
    CHECK(!gcn_tiling_valid(&t));
}

TEST_CASE("coarse morphing doubles the tiles while the slice time improves and settles on the best") {
    gcn_atm_t a;
    gcn_atm_init(&a, 0, 0, 0, kAny);
    // B_V = 1, 2, 4, 8 get faster, 16 is slower: B_V = 8 is kept for every later slice.
    const uint64_t times[] = {100, 90, 80, 70, 75};
    const int expect_bv[] = {1, 2, 4, 8, 16};
    for (int i = 0; i < 5; ++i) {
        CHECK(a.phase == GCN_ATM_COARSE);
        CHECK(gcn_atm_tiling(&a)->count == unsigned(expect_bv[i]));
        report(a, times[i], flat(a, 0.5));
    }
    CHECK(a.action == GCN_ATM_ACT_SETTLE);
    CHECK(a.phase == GCN_ATM_DONE);
    CHECK(widths(gcn_atm_tiling(&a)) == std::vector<int>(8, 8));
    CHECK(a.best_time == 70);
    report(a, 60, flat(a, 0.5));  // done: even a faster slice changes nothing
    CHECK(a.action == GCN_ATM_ACT_KEEP);
    CHECK(gcn_atm_tiling(&a)->count == 8);
    CHECK(a.slices == 6);
}

TEST_CASE("coarse morphing: a tie is not an improvement, the limit is 64 x 64 tiles") {
    gcn_atm_t a;
    gcn_atm_init(&a, 0, 0, 0, kAny);
    report(a, 100, flat(a, 0.5));
    report(a, 100, flat(a, 0.5));  // B_V = 2 as fast as B_V = 1: not better, keep B_V = 1
    CHECK(a.phase == GCN_ATM_DONE);
    CHECK(gcn_atm_tiling(&a)->count == 1);

    gcn_atm_init(&a, 0, 0, 0, kAny);
    for (uint64_t t = 100; a.phase == GCN_ATM_COARSE; t -= 10) report(a, t, flat(a, 0.5));
    CHECK(a.slices == 7);  // 1, 2, 4, 8, 16, 32, 64: always better, stops at the limit
    CHECK(gcn_atm_tiling(&a)->count == 64);
}

TEST_CASE("fine morphing splits from the lowest hit rate, then merges from the highest, while time improves") {
    gcn_atm_t a;
    gcn_atm_init(&a, 1, 0, 0, kAny);
    report(a, 100, {0.4});
    report(a, 90, {0.5, 0.9});
    CHECK(a.action == GCN_ATM_ACT_DOUBLE);
    report(a, 80, {0.5, 0.9, 0.7, 0.8});  // B_V = 4 better; strips at units 0, 16, 32, 48
    CHECK(gcn_atm_tiling(&a)->count == 8);
    report(a, 85, flat(a, 0.5));  // B_V = 8 worse: settle on [16 x 4], start splitting
    CHECK(a.action == GCN_ATM_ACT_SETTLE);
    CHECK(a.phase == GCN_ATM_SPLIT);
    // Split order by hit rate: unit 0 (50 %), 32 (70 %), 48 (80 %), 16 (90 %).
    CHECK(widths(gcn_atm_tiling(&a)) == std::vector<int>{8, 8, 16, 16, 16});
    report(a, 75, {0.6, 0.6, 0.9, 0.7, 0.8});  // better: kept; next the strip at unit 32
    CHECK(a.action == GCN_ATM_ACT_SPLIT);
    CHECK(widths(gcn_atm_tiling(&a)) == std::vector<int>{8, 8, 16, 8, 8, 16});
    report(a, 78, flat(a, 0.8));  // worse: undone; merging starts from the highest hit rate (the
                                  // strip at unit 16, 90 %) with its higher-hit neighbour (70 % > 60 %)
    CHECK(a.action == GCN_ATM_ACT_UNSPLIT);
    CHECK(a.phase == GCN_ATM_MERGE);
    CHECK(widths(gcn_atm_tiling(&a)) == std::vector<int>{8, 8, 32, 16});
    report(a, 72, {0.6, 0.6, 0.85, 0.8});  // better: kept. Next in the order: the strip at unit 48 (80 %),
                                           // the last one, merged with its left neighbour
    CHECK(a.action == GCN_ATM_ACT_MERGE);
    CHECK(widths(gcn_atm_tiling(&a)) == std::vector<int>{8, 8, 48});
    report(a, 76, {0.6, 0.6, 0.8});  // worse: undone, done with [8, 8, 32, 16]
    CHECK(a.action == GCN_ATM_ACT_UNMERGE);
    CHECK(a.phase == GCN_ATM_DONE);
    CHECK(widths(gcn_atm_tiling(&a)) == std::vector<int>{8, 8, 32, 16});
    CHECK(a.best_time == 72);
    report(a, 70, {0.7, 0.7, 0.7, 0.7});
    CHECK(a.action == GCN_ATM_ACT_KEEP);
    CHECK(widths(gcn_atm_tiling(&a)) == std::vector<int>{8, 8, 32, 16});
}

TEST_CASE("fine morphing skips a split that repeats the tiling that ended the coarse phase") {
    gcn_atm_t a;
    gcn_atm_init(&a, 1, 0, 0, kAny);
    report(a, 100, {0.4});
    report(a, 90, {0.5, 0.9});
    report(a, 95, flat(a, 0.5));  // B_V = 4 worse: settle on [32, 32]
    CHECK(widths(gcn_atm_tiling(&a)) == std::vector<int>{16, 16, 32});
    report(a, 85, {0.6, 0.7, 0.9});  // kept; splitting the 90 % strip would give [16 x 4] = B_V = 4: skipped
    CHECK(a.action == GCN_ATM_ACT_SPLIT);
    CHECK(a.phase == GCN_ATM_MERGE);
    CHECK(widths(gcn_atm_tiling(&a)) == std::vector<int>{16, 48});
}

TEST_CASE("fine morphing: the merge picks the neighbour with the higher hit rate, one-unit strips are not split") {
    gcn_atm_t a;
    gcn_atm_init(&a, 1, 0, 0, kAny);
    // Coarse: B_V = 1 .. 64 all better, then settle at the limit: every strip one unit wide.
    for (uint64_t t = 1000; a.phase == GCN_ATM_COARSE; t = t * 9 / 10) {
        std::vector<double> h(a.current.count);
        for (size_t i = 0; i < h.size(); ++i) h[i] = 0.5 + 0.001 * double((i * 37) % 64);  // distinct rates
        if (h.size() == 64) h[10] = 0.99, h[9] = 0.2, h[11] = 0.3;  // the best strip, neighbours 20 % / 30 %
        report(a, t, h);
    }
    CHECK(a.action == GCN_ATM_ACT_SETTLE);
    // Nothing can be split (all one unit): straight to merging, the 99 % strip (unit 10) with its
    // right neighbour (30 % > 20 %).
    CHECK(a.phase == GCN_ATM_MERGE);
    const gcn_tiling_t* t = gcn_atm_tiling(&a);
    REQUIRE(t->count == 63);
    CHECK(t->width[9] == 1);
    CHECK(t->width[10] == 2);
    CHECK(gcn_tiling_valid(t));
}

TEST_CASE("fine morphing: splitting and merging keep the tilings valid on any timing sequence") {
    gcn_atm_t a;
    gcn_atm_init(&a, 1, 0, 0, kAny);
    uint64_t state = 12345;
    for (int s = 0; s < 200; ++s) {
        REQUIRE(gcn_tiling_valid(gcn_atm_tiling(&a)));
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        const uint64_t time = 1000 + (state >> 40) % 300;
        std::vector<double> h(a.current.count);
        for (size_t i = 0; i < h.size(); ++i) h[i] = double((state >> (i % 32)) % 1000) / 1000.0;
        const uint64_t before = a.best_time;
        report(a, time, h);
        CHECK(a.best_time <= before);  // the incumbent only gets faster
    }
    CHECK(a.phase == GCN_ATM_DONE);  // every phase ends: at most 7 coarse + 64 split + 64 merge slices
    CHECK(std::string(gcn_atm_phase_name(a.phase)) == "done");
}

TEST_CASE("fine morphing from B_V = 1: the split that would repeat B_V = 2 is skipped, merging has nothing to do") {
    gcn_atm_t a;
    gcn_atm_init(&a, 1, 0, 0, kAny);
    report(a, 100, {0.4});
    report(a, 110, {0.4, 0.4});  // B_V = 2 slower: settle on one strip
    CHECK(a.action == GCN_ATM_ACT_SETTLE);
    // Splitting [64] gives [32, 32] = B_V = 2, measured already; merging one strip is impossible.
    CHECK(a.phase == GCN_ATM_DONE);
    CHECK(widths(gcn_atm_tiling(&a)) == std::vector<int>{64});
}

TEST_CASE("warm-up: B_V = 1 unmeasured until the cache writes back, then the coarse phase compares like with like") {
    // Issue #35, Cora-like on the aggregation engine, 8 MiB, B_F = 30: B_V = 1 slices take 98 k cycles
    // while the L2 fills (no write-backs), 500 k once every slice writes the previous ones' output back;
    // B_V = 2 is slower in the first regime (118 k) and faster in the second (460 k).
    gcn_atm_t a;
    gcn_atm_init(&a, 0, GCN_ATM_WARMUP_SLICES, GCN_ATM_WARMUP_MAX(30), GCN_ATM_PROBES(30));
    CHECK(a.warmup_max == 27);
    CHECK(GCN_ATM_WARMUP_MAX(4) == 1);
    for (int s = 0; s < 7; ++s) {  // the cache fills: nothing written back
        CHECK(a.phase == GCN_ATM_WARMUP);
        CHECK(gcn_atm_tiling(&a)->count == 1);
        report(a, 98000, flat(a, 0.5), 0);
        CHECK(a.action == GCN_ATM_ACT_WARMUP);
    }
    report(a, 181000, flat(a, 0.5), 1326);  // the first write-backs: the last warm-up slice
    CHECK(a.action == GCN_ATM_ACT_WARMUP);
    CHECK(a.phase == GCN_ATM_COARSE);
    CHECK(a.best_time == UINT64_MAX);       // nothing measured yet
    report(a, 505000, flat(a, 0.5), 7630);  // B_V = 1 measured in the steady state
    CHECK(a.action == GCN_ATM_ACT_DOUBLE);
    report(a, 464000, flat(a, 0.5), 8122);  // B_V = 2 faster: kept
    CHECK(a.action == GCN_ATM_ACT_DOUBLE);
    CHECK(gcn_atm_tiling(&a)->count == 4);
    report(a, 480000, flat(a, 0.5), 8100);
    CHECK(a.phase == GCN_ATM_DONE);
    CHECK(gcn_atm_tiling(&a)->count == 2);
    CHECK(std::string(gcn_atm_phase_name(GCN_ATM_WARMUP)) == "warmup");
    CHECK(std::string(gcn_atm_action_name(GCN_ATM_ACT_WARMUP)) == "warmup");

    // Without the warm-up the same times settle on B_V = 1: B_V = 2's first slice (118 k) is compared
    // with B_V = 1's clean-cache slice (98 k).
    gcn_atm_init(&a, 0, 0, 0, kAny);
    report(a, 98000, flat(a, 0.5));
    report(a, 118000, flat(a, 0.5));
    CHECK(a.phase == GCN_ATM_DONE);
    CHECK(gcn_atm_tiling(&a)->count == 1);

    // A cache that never writes back (everything fits): the warm-up ends after warmup_max slices.
    gcn_atm_init(&a, 0, 1, 3, kAny);
    for (int s = 0; s < 3; ++s) report(a, 100, flat(a, 0.5), 0);
    CHECK(a.phase == GCN_ATM_COARSE);
    CHECK(a.slices == 3);
    // ... and at least `warmup` slices even when the first one writes back.
    gcn_atm_init(&a, 0, 2, 4, kAny);
    report(a, 100, flat(a, 0.5), 5);
    CHECK(a.phase == GCN_ATM_WARMUP);
    report(a, 100, flat(a, 0.5), 5);
    CHECK(a.phase == GCN_ATM_COARSE);
}

TEST_CASE("a tiling is never measured twice: a merge back to a measured tiling is decided from its record") {
    // Issue #35: the merge phase re-measured a tiling of the coarse phase. Coarse: B_V = 1, 2 better, 4
    // worse: settle on [32, 32]. Split of the lower-hit strip: [16, 16, 32] worse, undone. Merge: [32, 32]
    // merged is [64] = B_V = 1, measured in the first slice: not better, decided without a slice -> done.
    gcn_atm_t a;
    gcn_atm_init(&a, 1, 0, 0, kAny);
    report(a, 100, {0.4});
    report(a, 90, {0.5, 0.9});
    report(a, 95, flat(a, 0.5));  // B_V = 4 worse
    CHECK(widths(gcn_atm_tiling(&a)) == std::vector<int>{16, 16, 32});
    report(a, 96, flat(a, 0.5));  // the split is worse: undone; the only merge gives [64], measured
    CHECK(a.action == GCN_ATM_ACT_UNSPLIT);
    CHECK(a.phase == GCN_ATM_DONE);
    CHECK(a.decided == 1);
    CHECK(widths(gcn_atm_tiling(&a)) == std::vector<int>{32, 32});
    CHECK(a.slices == 4);
    CHECK(a.memo_len == 4);  // [64], [32 x 2], [16 x 4], [16, 16, 32]

    // And on random timings: no tiling is ever run twice before ATM is done.
    gcn_atm_init(&a, 1, 1, 1, kAny);
    uint64_t state = 777;
    std::vector<std::vector<int>> ran;
    for (int s = 0; s < 200 && a.phase != GCN_ATM_DONE; ++s) {
        const std::vector<int> w = widths(gcn_atm_tiling(&a));
        if (a.phase != GCN_ATM_WARMUP) {
            for (const auto& r : ran) CHECK(r != w);
            ran.push_back(w);
        }
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        std::vector<double> h(a.current.count);
        for (size_t i = 0; i < h.size(); ++i) h[i] = double((state >> (i % 32)) % 1000) / 1000.0;
        report(a, 1000 + (state >> 40) % 300, h);
    }
    CHECK(a.phase == GCN_ATM_DONE);
}

TEST_CASE("a gain within the margin (1/32 of the incumbent's time) is noise: the emulator and the platform agree") {
    // Issue #35, the dense graph (2,001 vertices, 100 k arcs, F = 256, B_F = 8, 256 KiB L2), slice times
    // measured after the warm-up slice: the platform (mcycle) ran B_V = 1 in 46,155,453 cycles and B_V = 2
    // in 46,322,053 (0.4 % slower); the emulator's time model gave 45,429,541 and 44,949,981 (1.1 % faster)
    // and went on to B_V = 4 and a split. Their tilings differ by less than the model's error; with the
    // margin both keep B_V = 1.
    for (const auto& t : std::vector<std::vector<uint64_t>>{{46155453, 46322053}, {45429541, 44949981}}) {
        gcn_atm_t a;
        gcn_atm_init(&a, 1, 0, 0, kAny);
        report(a, t[0], flat(a, 0.3));
        CHECK(gcn_atm_tiling(&a)->count == 2);
        report(a, t[1], flat(a, 0.6));
        CHECK(a.action == GCN_ATM_ACT_SETTLE);
        CHECK(a.phase == GCN_ATM_DONE);
        CHECK(gcn_atm_tiling(&a)->count == 1);
        CHECK(a.best_time == t[0]);
    }
    // Just inside and just beyond the margin.
    gcn_atm_t a;
    gcn_atm_init(&a, 0, 0, 0, kAny);
    report(a, 3200, flat(a, 0.5));
    report(a, 3100, flat(a, 0.5));  // 100 = 3200 / 32: not better
    CHECK(a.phase == GCN_ATM_DONE);
    CHECK(gcn_atm_tiling(&a)->count == 1);
    gcn_atm_init(&a, 0, 0, 0, kAny);
    report(a, 3200, flat(a, 0.5));
    report(a, 3099, flat(a, 0.5));  // more than 1/32 faster: better
    CHECK(a.action == GCN_ATM_ACT_DOUBLE);
    CHECK(gcn_atm_tiling(&a)->count == 4);
}

TEST_CASE("the probe budget: one candidate slice per 8 slices of the run, then the best tiling") {
    CHECK(GCN_ATM_PROBES(4) == 0);
    CHECK(GCN_ATM_PROBES(8) == 1);
    CHECK(GCN_ATM_PROBES(30) == 3);
    // Issue #35, Kronecker SCALE 16, edge factor 8, F = 128, B_F = 4, 8 MiB, DRAM-traffic time: slice 0
    // warm-up (537,646 lines), B_V = 1 576,760, then a B_V = 2 probe of 831,651 (+44 %): a quarter of the
    // run spent on it, ATM 89.4 % of the static best (fs:4). Four slices leave no budget: B_V = 1 throughout.
    gcn_atm_t a;
    gcn_atm_init(&a, 1, GCN_ATM_WARMUP_SLICES, GCN_ATM_WARMUP_MAX(4), GCN_ATM_PROBES(4));
    report(a, 537646, flat(a, 0.5), 0);
    CHECK(a.action == GCN_ATM_ACT_WARMUP);
    report(a, 576760, flat(a, 0.5), 9000);
    CHECK(a.action == GCN_ATM_ACT_BUDGET);
    CHECK(a.phase == GCN_ATM_DONE);
    for (int s = 2; s < 4; ++s) {
        CHECK(gcn_atm_tiling(&a)->count == 1);
        report(a, 500000, flat(a, 0.5), 9000);
        CHECK(a.action == GCN_ATM_ACT_KEEP);
    }
    CHECK(a.probed == 0);

    // 30 slices, every doubling 10 % faster: three candidates (B_V = 2, 4, 8), then B_V = 8 is kept
    // although B_V = 16 was not tried.
    gcn_atm_init(&a, 1, 0, 0, GCN_ATM_PROBES(30));
    uint64_t t = 1000000;
    for (int s = 0; s < 4; ++s, t = t * 9 / 10) {
        CHECK(a.phase == GCN_ATM_COARSE);
        report(a, t, flat(a, 0.5));
    }
    CHECK(a.action == GCN_ATM_ACT_BUDGET);
    CHECK(a.phase == GCN_ATM_DONE);
    CHECK(a.probed == 3);
    CHECK(gcn_atm_tiling(&a)->count == 8);
    CHECK(std::string(gcn_atm_action_name(GCN_ATM_ACT_BUDGET)) == "budget");
    // A slower last candidate is not kept when the budget ends the search.
    gcn_atm_init(&a, 0, 0, 0, 1);
    report(a, 1000, flat(a, 0.5));
    report(a, 1500, flat(a, 0.5));
    CHECK(a.phase == GCN_ATM_DONE);
    CHECK(gcn_atm_tiling(&a)->count == 1);
}
