// Energy ledger: arithmetic on a hand-computed case, regions (nested, kinds defined inside), JSON
// report, bad definitions; the DDR model's activate/read/write/refresh energy; and the structure of
// Tanabe et al.'s energy model (eq. 5-12) reproduced with ledger events: E_cache / E_gather = 35 (1 - R_hit)
// when E_off >> E_on and S = 1.
#include <catch2/catch.hpp>
#include "models/common/context.h"
#include "models/common/energy.h"
#include "models/memory/ddr/ddr_timing.h"
#include "tests/memory/mem_test_util.h"

using namespace vp;
using vp::test::timed;

TEST_CASE("energy ledger: hand-computed totals per event, component and region") {
    EnergyLedger e;
    const auto act = e.define("ram", "activate", 100.0);
    const auto bit = e.define("ram", "link_bit", 2.5, "bit");
    const auto acc = e.define("l1d", "access", 20.0);
    REQUIRE(e.define("ram", "activate", 100.0) == act);  // same definition: same kind
    REQUIRE_THROWS_WITH(e.define("ram", "activate", 99.0), Catch::Contains("defined twice"));
    REQUIRE_THROWS_WITH(e.define("x", "y", -1.0), Catch::Contains(">= 0"));
    e.add(act, 3);     // 300
    e.add(bit, 1024);  // 2560
    e.region_begin("outer");
    e.add(acc, 10);  // 200
    e.region_begin("inner");
    e.add(act);                                      // 100
    const auto late = e.define("dma", "beat", 1.5);  // defined inside the regions
    e.add(late, 4);                                  // 6
    REQUIRE(e.region_end());
    e.add(bit, 8);  // 20
    REQUIRE(e.region_end());
    REQUIRE_FALSE(e.region_end());
    REQUIRE(e.pj(act) == 400.0);
    REQUIRE(e.component_pj("ram") == 400.0 + 2.5 * 1032);
    REQUIRE(e.total_pj() == 400.0 + 2580.0 + 200.0 + 6.0);
    REQUIRE(e.region_pj("inner") == 106.0);
    REQUIRE(e.region_component_pj("inner", "dma") == 6.0);
    REQUIRE(e.region_pj("outer") == 200.0 + 100.0 + 6.0 + 20.0);
    REQUIRE(e.region_component_pj("outer", "ram") == 120.0);
    const auto j = e.to_json();
    REQUIRE(j["unit"] == "pJ");
    REQUIRE(j["total_pj"].get<double>() == 3186.0);
    REQUIRE(j["components"]["ram"]["events"]["link_bit"]["count"] == 1032);
    REQUIRE(j["components"]["ram"]["events"]["link_bit"]["unit"] == "bit");
    REQUIRE(j["components"]["l1d"]["total_pj"].get<double>() == 200.0);
    REQUIRE(j["regions"]["outer"]["count"] == 1);
    REQUIRE(j["regions"]["inner"]["components"]["ram"].get<double>() == 100.0);
    // Deterministic order: components sorted by name.
    REQUIRE(j["components"].begin().key() == "dma");
}

TEST_CASE("energy: the DDR model counts activates, read and write bursts and refreshes") {
    SimContext ctx;
    DdrConfig c;
    DdrTiming t{c};
    t.attach(ctx, "ram.ddr");
    timed(t, false, 0, 64, 0);                // ACT + RD
    timed(t, false, 64, 64, 100 * kNs);       // row hit: RD
    timed(t, true, 1 << 16, 128, 200 * kNs);  // another row of bank 0: PRE + ACT + 2 WR
    t.finish(c.tREFI + 1);                    // one refresh
    const double expect = 2 * c.e_activate + 2 * c.e_read + 2 * c.e_write + c.e_refresh;
    REQUIRE(ctx.energy.component_pj("ram.ddr") == Approx(expect));
    REQUIRE(ctx.energy.count(EnergyLedger::Kind(ctx.energy.find("ram.ddr", "refresh"))) == 1);
    // The defaults follow Micron TN-41-01 from the MT41J512M8 currents (docs/energy.md).
    REQUIRE(c.e_activate == Approx(8 * 1.5 * (55 * 48.75 - 38 * 35 - 32 * 13.75)));
    REQUIRE(c.e_read == Approx(8 * 1.5 * (157 - 38) * 5));
    REQUIRE(c.e_refresh == Approx(8 * 1.5 * (235 - 38) * 260));
}

TEST_CASE("energy: Tanabe et al.'s model structure, E_cache / E_gather = 35 (1 - R_hit) with E_off >> E_on") {
    // Per nonzero (eq. 5-10): the cache path fetches the value (32 bit), the index (64 bit) and a
    // 128-byte line of x (1024 bit / S, S = 1); a hit costs E_on per bit, a miss E_on + 2 E_off per bit.
    // The gather path: value and gathered x cross the board once (32 + 32 bit: E_on + E_off each),
    // the gather itself moves x (32 bit) and the index (64 bit) inside the cube (E_on).
    for (double r_hit : {0.15, 0.5}) {
        EnergyLedger e;
        const double e_on = 0.01, e_off = 10.0;  // E_off >> E_on
        const auto on_c = e.define("cache_path", "on_bit", e_on, "bit");
        const auto off_c = e.define("cache_path", "off_bit", e_off, "bit");
        const auto on_g = e.define("gather_path", "on_bit", e_on, "bit");
        const auto off_g = e.define("gather_path", "off_bit", e_off, "bit");
        const uint64_t nnz = 100000, bits = 32 + 64 + 1024;
        const uint64_t misses = uint64_t(double(nnz) * (1 - r_hit) + 0.5);
        e.add(on_c, nnz * bits);          // every access passes the on-chip hierarchy once
        e.add(off_c, 2 * misses * bits);  // a miss crosses the board twice (E_miss = E_on + 2 E_off)
        e.add(on_g, nnz * (32 + 32));     // value and x delivered on chip
        e.add(off_g, nnz * (32 + 32));    // ... after one board crossing
        e.add(on_g, nnz * (32 + 64));     // in-cube gather of x and the index
        const double ratio = e.component_pj("cache_path") / e.component_pj("gather_path");
        REQUIRE(ratio == Approx(35 * (1 - r_hit)).epsilon(0.01));
    }
}
