// The GCN aggregation engine through its registers (include/vp/regs/gcn_agg.h): reset values, the result
// of every tiling bit for bit against the GCN workload's host reference (platform/workload/gcn.h), bad
// jobs answered with an error status, the memory-level parallelism and the L2 in its time, the IRQ and
// ABORT. One TEST_CASE per process.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include "platform/workload/gcn.h"
#include "tests/gcn_engines/engine_bench.h"
#include "vp/regs/gcn_agg.h"

using namespace vp;
using namespace vp::test;
using namespace vp::workload;

namespace {

constexpr uint64_t R = kAgg;
// Where the bench puts the data (all 64-byte aligned, inside the 8 MiB RAM).
constexpr uint64_t kColptr = kRam + 0x000000, kRowidx = kRam + 0x010000, kWeight = kRam + 0x030000,
                   kCursor = kRam + 0x050000, kX = kRam + 0x100000, kY = kRam + 0x400000;

struct Data {
    GcnGraph g;
    uint32_t f = 64;
    std::vector<float> x, ref;
};

Data make_data(uint32_t vertices = 300, uint64_t edges = 1200, uint32_t f = 64) {
    PowerLawSpec s;
    s.vertices = vertices;
    s.edges = edges;
    s.exponent = 2.2;
    s.seed = 7;
    Data d;
    d.g = build_gcn_graph(vertices, powerlaw_arcs(s));
    d.f = f;
    d.x = gcn_features(vertices, f, 3);
    d.ref = gcn_reference(d.g, d.x, f);
    return d;
}

void place(EngineBench& b, const Data& d, uint32_t slices, uint64_t x = kX) {
    b.poke_vec(kColptr, d.g.colptr);
    b.poke_vec(kRowidx, d.g.rowidx);
    b.poke_vec(kWeight, d.g.weight);
    b.poke_vec(x, to_sliced(d.x, d.g.n, d.f, slices));
    b.poke_vec(kY, std::vector<float>(size_t(d.g.n) * d.f, std::nanf("")));
}

void job(ScriptedInitiator& c, const Data& d, uint32_t width, uint64_t xs, uint64_t ys, uint32_t d0, uint32_t d1,
         uint32_t side, uint64_t base = R) {
    c.write32(base + GCN_AGG_COLPTR, uint32_t(kColptr));
    c.write32(base + GCN_AGG_ROWIDX, uint32_t(kRowidx));
    c.write32(base + GCN_AGG_WEIGHT, uint32_t(kWeight));
    c.write32(base + GCN_AGG_CURSOR, uint32_t(kCursor));
    c.write32(base + GCN_AGG_X, uint32_t(xs));
    c.write32(base + GCN_AGG_Y, uint32_t(ys));
    c.write32(base + GCN_AGG_N, d.g.n);
    c.write32(base + GCN_AGG_NNZ, uint32_t(d.g.rowidx.size()));
    c.write32(base + GCN_AGG_WIDTH, width);
    c.write32(base + GCN_AGG_D0, d0);
    c.write32(base + GCN_AGG_D1, d1);
    c.write32(base + GCN_AGG_SIDE, side);
    c.write32(base + GCN_AGG_CTRL, GCN_AGG_CTRL_START);
}

uint32_t wait_agg(ScriptedInitiator& c, uint64_t base = R) {
    return wait_job(c, base + GCN_AGG_STATUS, GCN_AGG_STATUS_BUSY);
}

// The firmware's loop: per slice, B_V strips of square tiles of `side` = ceil(n / B_V) vertices.
void run_layer(ScriptedInitiator& c, const Data& d, uint32_t slices, uint32_t tiles) {
    const uint32_t n = d.g.n, w = d.f / slices, side = (n + tiles - 1) / tiles;
    for (uint32_t s = 0; s < slices; ++s) {
        const uint64_t off = uint64_t(s) * n * w * 4;
        for (uint32_t d0 = 0; d0 < n; d0 += side) {
            job(c, d, w, kX + off, kY + off, d0, std::min(n, d0 + side), tiles == 1 ? n : side);
            REQUIRE(wait_agg(c) == GCN_AGG_STATUS_DONE);
        }
    }
}

}  // namespace

TEST_CASE("gcn_agg: registers have their reset values and the job registers read back") {
    EngineBench b;
    b.run([&](ScriptedInitiator& c) {
        CHECK(c.read32(R + GCN_AGG_ID) == GCN_AGG_ID_VALUE);
        CHECK(c.read32(R + GCN_AGG_CONFIG) == (16u | 16u << 8));
        for (uint32_t off : {GCN_AGG_STATUS, GCN_AGG_IRQ_EN, GCN_AGG_IRQ, GCN_AGG_ERROR, GCN_AGG_ERR_ARG,
                             GCN_AGG_CYCLES_LO, GCN_AGG_TOTAL_LO, GCN_AGG_NONZEROS, GCN_AGG_JOBS, GCN_AGG_X})
            CHECK(c.read32(R + off) == 0);
        uint32_t v = 0x80001040;
        for (uint32_t off = GCN_AGG_COLPTR; off <= GCN_AGG_SIDE; off += 4, v += 0x40) c.write32(R + off, v);
        v = 0x80001040;
        for (uint32_t off = GCN_AGG_COLPTR; off <= GCN_AGG_SIDE; off += 4, v += 0x40) CHECK(c.read32(R + off) == v);
        // read-only registers ignore writes; an offset without a register is an error response
        c.write32(R + GCN_AGG_ID, 5);
        CHECK(c.read32(R + GCN_AGG_ID) == GCN_AGG_ID_VALUE);
        tlm::tlm_response_status st;
        c.read(R + 0x200, 4, &st);
        CHECK(st == tlm::TLM_ADDRESS_ERROR_RESPONSE);
    });
}

TEST_CASE("gcn_agg: every tiling and slicing gives the bits of the host reference") {
    EngineBench b;
    const Data d = make_data();
    struct Case {
        uint32_t slices, tiles;
    };
    b.run([&](ScriptedInitiator& c) {
        for (Case k : {Case{1, 1}, Case{1, 4}, Case{2, 1}, Case{2, 4}, Case{4, 3}, Case{1, 64}}) {
            INFO("slices " << k.slices << " tiles " << k.tiles);
            place(b, d, k.slices);
            run_layer(c, d, k.slices, k.tiles);
            const std::vector<float> y = from_sliced(b.peek_vec<float>(kY, d.ref.size()), d.g.n, d.f, k.slices);
            CHECK(std::memcmp(y.data(), d.ref.data(), y.size() * 4) == 0);
        }
        // One untiled job over all columns multiplies every nonzero once.
        place(b, d, 1);
        job(c, d, d.f, kX, kY, 0, d.g.n, d.g.n);
        CHECK(wait_agg(c) == GCN_AGG_STATUS_DONE);
        CHECK(c.read32(R + GCN_AGG_NONZEROS) == d.g.rowidx.size());
        CHECK(c.read32(R + GCN_AGG_CYCLES_LO) > 0);
    });
    CHECK(b.counter("gcn_agg", "job_errors") == 0);
}

TEST_CASE("gcn_agg: bad jobs end with an error status and the engine goes on") {
    EngineBench b;
    Data d = make_data(100, 300, 16);
    b.run([&](ScriptedInitiator& c) {
        place(b, d, 1);
        auto expect = [&](uint32_t code, uint32_t arg) {
            CHECK(wait_agg(c) == GCN_AGG_STATUS_ERROR);
            CHECK(c.read32(R + GCN_AGG_ERROR) == code);
            CHECK(c.read32(R + GCN_AGG_ERR_ARG) == arg);
        };
        job(c, d, 24, kX, kY, 0, d.g.n, d.g.n);  // a row of 24 floats is not whole lines
        expect(GCN_AGG_ERR_CONFIG, GCN_AGG_WIDTH);
        job(c, d, 1u << 20, kX, kY, 0, d.g.n, d.g.n);  // beyond max_width: no host buffer that large
        expect(GCN_AGG_ERR_CONFIG, GCN_AGG_WIDTH);
        job(c, d, 16, kX, kY, 5, 5, d.g.n);  // empty strip
        expect(GCN_AGG_ERR_CONFIG, GCN_AGG_D0);
        job(c, d, 16, kX, kY, 0, d.g.n + 1, d.g.n);  // past the graph
        expect(GCN_AGG_ERR_CONFIG, GCN_AGG_D1);
        job(c, d, 16, kX + 4, kY, 0, d.g.n, d.g.n);  // X not line-aligned
        expect(GCN_AGG_ERR_CONFIG, GCN_AGG_X);
        job(c, d, 16, 0xFFFFFF00u, kY, 0, d.g.n, d.g.n);  // X wraps past 4 GiB
        expect(GCN_AGG_ERR_CONFIG, GCN_AGG_X);
        job(c, d, 16, 0x40000000u, kY, 0, d.g.n, d.g.n);  // X where nothing is mapped
        CHECK(wait_agg(c) == GCN_AGG_STATUS_ERROR);
        CHECK(c.read32(R + GCN_AGG_ERROR) == GCN_AGG_ERR_BUS);
        CHECK((c.read32(R + GCN_AGG_ERR_ARG) & 0xFFF00000u) == 0x40000000u);
        // a row index >= n at nonzero 7
        const uint32_t bad_row = d.g.n + 5;
        b.poke(kRowidx + 7 * 4, &bad_row, 4);
        job(c, d, 16, kX, kY, 0, d.g.n, d.g.n);
        expect(GCN_AGG_ERR_ROWIDX, 7);
        b.poke_vec(kRowidx, d.g.rowidx);
        // colptr decreasing at column 10 (checked on the first tile), and colptr past NNZ
        const uint32_t c10 = d.g.colptr[12];
        b.poke(kColptr + 10 * 4, &c10, 4);
        job(c, d, 16, kX, kY, 0, d.g.n, 25);
        expect(GCN_AGG_ERR_COLPTR, 10);
        const uint32_t huge = 0xFFFFFFF0u;
        b.poke(kColptr + 10 * 4, &huge, 4);
        job(c, d, 16, kX, kY, 0, d.g.n, d.g.n);
        expect(GCN_AGG_ERR_COLPTR, 9);
        b.poke_vec(kColptr, d.g.colptr);
        // the engine still computes the right result afterwards
        job(c, d, 16, kX, kY, 0, d.g.n, d.g.n);
        CHECK(wait_agg(c) == GCN_AGG_STATUS_DONE);
        CHECK(c.read32(R + GCN_AGG_ERROR) == 0);
    });
    const std::vector<float> y = b.peek_vec<float>(kY, d.ref.size());
    CHECK(std::memcmp(y.data(), d.ref.data(), y.size() * 4) == 0);
    CHECK(b.counter("gcn_agg", "job_errors") == 10);
}

TEST_CASE("gcn_agg: its time comes from the L2 and the reads it keeps in flight") {
    GcnAggConfig narrow;
    narrow.feature_outstanding = 1;
    EngineBench b({}, {}, 100 * kNs, 4 << 20, &narrow);
    const Data d = make_data(600, 3000, 64);
    constexpr uint64_t kX2 = kRam + 0x600000;  // a copy of X for the second engine (cold in the L2 too)
    uint64_t wide_cold = 0, wide_warm = 0, narrow_cold = 0;
    b.run([&](ScriptedInitiator& c) {
        place(b, d, 1);
        b.poke_vec(kX2, d.x);
        job(c, d, d.f, kX, kY, 0, d.g.n, d.g.n);
        REQUIRE(wait_agg(c) == GCN_AGG_STATUS_DONE);
        wide_cold = read64(c, R + GCN_AGG_CYCLES_LO);
        job(c, d, d.f, kX, kY, 0, d.g.n, d.g.n);
        REQUIRE(wait_agg(c) == GCN_AGG_STATUS_DONE);
        wide_warm = read64(c, R + GCN_AGG_CYCLES_LO);
        CHECK(read64(c, R + GCN_AGG_TOTAL_LO) == wide_cold + wide_warm);
        job(c, d, d.f, kX2, kY, 0, d.g.n, d.g.n, kAgg2);
        REQUIRE(wait_agg(c, kAgg2) == GCN_AGG_STATUS_DONE);
        narrow_cold = read64(c, kAgg2 + GCN_AGG_CYCLES_LO);
    });
    INFO("cold " << wide_cold << " warm " << wide_warm << " one feature read in flight " << narrow_cold);
    if (getenv("GCN_DEBUG")) printf("%s\n", b.ctx.stats.to_json().dump(1).c_str());
    // Memory-bound: a cold L2 (every feature line from RAM, 100 ns) costs far more than a warm one, and
    // one feature read in flight instead of 16 serialises the misses.
    CHECK(wide_warm * 2 < wide_cold);
    CHECK(narrow_cold > 3 * wide_cold);
    // the compute bound: every nonzero takes 64 / 16 = 4 cycles on one of 16 cores
    CHECK(wide_warm >= d.g.rowidx.size() * 4 / 16);
    CHECK(b.counter("gcn_agg", "feature_lines") == 2 * d.g.rowidx.size() * 4);
}

TEST_CASE("gcn_agg: the IRQ rises when a job ends and ABORT stops a job") {
    EngineBench b;
    const Data d = make_data(300, 1200, 64);
    uint32_t aborted = 0;
    b.run([&](ScriptedInitiator& c) {
        place(b, d, 1);
        c.write32(R + GCN_AGG_IRQ_EN, 1);
        job(c, d, d.f, kX, kY, 0, d.g.n, d.g.n);
        CHECK(c.read32(R + GCN_AGG_STATUS) == GCN_AGG_STATUS_BUSY);
        CHECK(wait_agg(c) == GCN_AGG_STATUS_DONE);
        CHECK(c.read32(R + GCN_AGG_IRQ) == 1);
        c.write32(R + GCN_AGG_IRQ, 1);
        CHECK(c.read32(R + GCN_AGG_IRQ) == 0);
        // a job aborted right after its start
        job(c, d, d.f, kX, kY, 0, d.g.n, 8);
        c.write32(R + GCN_AGG_CTRL, GCN_AGG_CTRL_ABORT);
        aborted = wait_agg(c);
        CHECK(c.read32(R + GCN_AGG_JOBS) == 2);
    });
    CHECK(aborted == GCN_AGG_STATUS_ABORTED);
    REQUIRE(b.agg_irq.size() >= 3);
    CHECK(b.agg_irq[0].second);
    CHECK_FALSE(b.agg_irq[1].second);
    CHECK(b.agg_irq[2].second);
    CHECK(b.counter("gcn_agg", "job_aborts") == 1);
}
