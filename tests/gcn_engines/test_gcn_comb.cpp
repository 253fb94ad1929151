// The GCN combination engine through its registers (include/vp/regs/gcn_comb.h): reset values, Z = X·W
// bit for bit against a sequential host loop (k ascending, no fused multiply-add) with padded strides
// and partial tiles, the systolic array's fill/drain in its time, bad jobs answered with an error
// status. One TEST_CASE per process.
#include <catch2/catch.hpp>
#include <cstring>
#include <random>
#include "tests/gcn_engines/engine_bench.h"
#include "vp/regs/gcn_comb.h"

using namespace vp;
using namespace vp::test;

namespace {

constexpr uint64_t R = kComb;
constexpr uint64_t kX = kRam + 0x100000, kW = kRam + 0x200000, kZ = kRam + 0x300000;

struct Mats {
    uint32_t m, k, n, xs, ws, zs;  // strides in floats
    std::vector<float> x, w;
};

Mats make(uint32_t m, uint32_t k, uint32_t n, uint32_t pad) {
    Mats a{m, k, n, k + pad, n + pad, n + pad, {}, {}};
    std::mt19937 g(11);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    a.x.resize(size_t(m) * a.xs);
    a.w.resize(size_t(k) * a.ws);
    for (auto& v : a.x) v = u(g);
    for (auto& v : a.w) v = u(g);
    return a;
}

// The reference: each product and each sum rounded to float, k ascending, from 0.0f.
std::vector<float> reference(const Mats& a) {
    std::vector<float> z(size_t(a.m) * a.n);
    for (uint32_t i = 0; i < a.m; ++i)
        for (uint32_t j = 0; j < a.n; ++j) {
            volatile float s = 0.0f;
            for (uint32_t q = 0; q < a.k; ++q) {
                volatile float p = a.x[size_t(i) * a.xs + q] * a.w[size_t(q) * a.ws + j];
                s = s + p;
            }
            z[size_t(i) * a.n + j] = s;
        }
    return z;
}

void start(ScriptedInitiator& c, const Mats& a, uint64_t x = kX, uint64_t w = kW, uint32_t k_override = ~0u,
           uint32_t xs_override = ~0u) {
    c.write32(R + GCN_COMB_X, uint32_t(x));
    c.write32(R + GCN_COMB_W, uint32_t(w));
    c.write32(R + GCN_COMB_Z, uint32_t(kZ));
    c.write32(R + GCN_COMB_M, a.m);
    c.write32(R + GCN_COMB_K, k_override != ~0u ? k_override : a.k);
    c.write32(R + GCN_COMB_N, a.n);
    c.write32(R + GCN_COMB_X_STRIDE, xs_override != ~0u ? xs_override : 4 * a.xs);
    c.write32(R + GCN_COMB_W_STRIDE, 4 * a.ws);
    c.write32(R + GCN_COMB_Z_STRIDE, 4 * a.zs);
    c.write32(R + GCN_COMB_CTRL, GCN_COMB_CTRL_START);
}

uint32_t wait_comb(ScriptedInitiator& c) { return wait_job(c, R + GCN_COMB_STATUS, GCN_COMB_STATUS_BUSY); }

}  // namespace

TEST_CASE("gcn_comb: registers have their reset values and the job registers read back") {
    EngineBench b;
    b.run([&](ScriptedInitiator& c) {
        CHECK(c.read32(R + GCN_COMB_ID) == GCN_COMB_ID_VALUE);
        CHECK(c.read32(R + GCN_COMB_CONFIG) == (32u | 32u << 16));
        for (uint32_t off : {GCN_COMB_STATUS, GCN_COMB_IRQ_EN, GCN_COMB_IRQ, GCN_COMB_ERROR, GCN_COMB_CYCLES_LO,
                             GCN_COMB_TOTAL_LO, GCN_COMB_TILES, GCN_COMB_JOBS, GCN_COMB_X, GCN_COMB_Z_STRIDE})
            CHECK(c.read32(R + off) == 0);
        for (uint32_t off = GCN_COMB_X; off <= GCN_COMB_Z_STRIDE; off += 4) c.write32(R + off, 0x1000 + off);
        for (uint32_t off = GCN_COMB_X; off <= GCN_COMB_Z_STRIDE; off += 4) CHECK(c.read32(R + off) == 0x1000 + off);
    });
}

TEST_CASE("gcn_comb: Z = X·W bit for bit, partial tiles and padded strides, fill and drain in its time") {
    EngineBench b;
    const Mats a = make(70, 45, 40, 3);  // 2 x 2 tiles: K 32 + 13, N 32 + 8
    const std::vector<float> ref = reference(a);
    const std::vector<float> sentinel(size_t(a.m) * a.zs, -7.0f);
    uint64_t cold = 0, warm = 0;
    b.run([&](ScriptedInitiator& c) {
        b.poke_vec(kX, a.x);
        b.poke_vec(kW, a.w);
        b.poke_vec(kZ, sentinel);
        start(c, a);
        CHECK(wait_comb(c) == GCN_COMB_STATUS_DONE);
        cold = read64(c, R + GCN_COMB_CYCLES_LO);
        CHECK(c.read32(R + GCN_COMB_TILES) == 4);
        start(c, a);
        CHECK(wait_comb(c) == GCN_COMB_STATUS_DONE);
        warm = read64(c, R + GCN_COMB_CYCLES_LO);
    });
    const std::vector<float> z = b.peek_vec<float>(kZ, size_t(a.m) * a.zs);
    for (uint32_t i = 0; i < a.m; ++i) {
        INFO("row " << i);
        CHECK(std::memcmp(&z[size_t(i) * a.zs], &ref[size_t(i) * a.n], 4 * a.n) == 0);
        for (uint32_t j = a.n; j < a.zs; ++j) CHECK(z[size_t(i) * a.zs + j] == -7.0f);  // padding untouched
    }
    // The dataflow's lower bound per tile: kc cycles of weight load, m rows entering one per cycle,
    // kc + nc - 1 cycles of fill/drain; tiles run one after another.
    uint64_t bound = 0;
    for (uint32_t nc : {32u, 8u})
        for (uint32_t kc : {32u, 13u}) bound += kc + a.m + kc + nc - 1;
    INFO("cold " << cold << " warm " << warm << " bound " << bound);
    CHECK(warm >= bound);
    CHECK(cold > warm);
    CHECK(b.counter("gcn_comb", "macs") == 2ull * a.m * a.k * a.n);
    CHECK(b.counter("gcn_comb", "tiles") == 8);
}

TEST_CASE("gcn_comb: ACCUMULATE adds X·W to Z: two K halves as two jobs give the one-job Z bit for bit") {
    // A GCN layer's feature slices: Z = Y_0 W_0 + Y_1 W_1 with Y_s the columns [s K/2, (s+1) K/2) of Y
    // and W_s the same rows of W; job 0 from 0.0f, job 1 with ACCUMULATE from job 0's Z. The sums run
    // over k ascending as in one job (the reference), each rounded to float.
    EngineBench b;
    const Mats a = make(40, 64, 40, 0);  // K = 2 x 32: each half one K tile
    const std::vector<float> ref = reference(a);
    Mats half = a;
    half.k = a.k / 2;  // X rows keep their stride (xs = 64): the half is the first 32 columns
    b.run([&](ScriptedInitiator& c) {
        b.poke_vec(kX, a.x);
        b.poke_vec(kW, a.w);
        start(c, half);  // Z = X[:, 0:32] W[0:32, :]
        CHECK(wait_comb(c) == GCN_COMB_STATUS_DONE);
        c.write32(R + GCN_COMB_FLAGS, GCN_COMB_FLAGS_ACCUMULATE);
        start(c, half, kX + 4 * half.k, kW + 4ull * half.k * a.ws);  // Z += X[:, 32:64] W[32:64, :]
        CHECK(wait_comb(c) == GCN_COMB_STATUS_DONE);
        CHECK(c.read32(R + GCN_COMB_FLAGS) == GCN_COMB_FLAGS_ACCUMULATE);
        c.write32(R + GCN_COMB_FLAGS, 2);  // a reserved bit
        start(c, half);
        CHECK(wait_comb(c) == GCN_COMB_STATUS_ERROR);
        CHECK(c.read32(R + GCN_COMB_ERROR) == GCN_COMB_ERR_CONFIG);
        CHECK(c.read32(R + GCN_COMB_ERR_ARG) == GCN_COMB_FLAGS);
    });
    const std::vector<float> z = b.peek_vec<float>(kZ, ref.size());
    CHECK(std::memcmp(z.data(), ref.data(), 4 * ref.size()) == 0);
    // Each accumulating job reads its partial sums: the second job read Z's 40 rows (2 lines each).
    CHECK(b.counter("gcn_comb", "lines_read") > 0);
}

TEST_CASE("gcn_comb: bad jobs end with an error status and the engine goes on") {
    EngineBench b;
    const Mats a = make(8, 16, 16, 0);
    const std::vector<float> ref = reference(a);
    b.run([&](ScriptedInitiator& c) {
        b.poke_vec(kX, a.x);
        b.poke_vec(kW, a.w);
        auto expect = [&](uint32_t code, uint32_t arg) {
            CHECK(wait_comb(c) == GCN_COMB_STATUS_ERROR);
            CHECK(c.read32(R + GCN_COMB_ERROR) == code);
            CHECK(c.read32(R + GCN_COMB_ERR_ARG) == arg);
        };
        start(c, a, kX, kW, 0);  // K = 0
        expect(GCN_COMB_ERR_CONFIG, GCN_COMB_K);
        start(c, a, kX, kW, ~0u, 4 * a.k - 4);  // a stride shorter than a row
        expect(GCN_COMB_ERR_CONFIG, GCN_COMB_X_STRIDE);
        start(c, a, kX + 2);  // misaligned
        expect(GCN_COMB_ERR_CONFIG, GCN_COMB_X);
        start(c, a, kX, 0xFFFFFFC0u);  // W wraps past 4 GiB
        expect(GCN_COMB_ERR_CONFIG, GCN_COMB_W);
        start(c, a, kX, 0x40000000u);  // W where nothing is mapped
        expect(GCN_COMB_ERR_BUS, 0x40000000u);
        start(c, a);
        CHECK(wait_comb(c) == GCN_COMB_STATUS_DONE);
        CHECK(c.read32(R + GCN_COMB_ERROR) == 0);
    });
    const std::vector<float> z = b.peek_vec<float>(kZ, ref.size());
    CHECK(std::memcmp(z.data(), ref.data(), 4 * ref.size()) == 0);
    CHECK(b.counter("gcn_comb", "job_errors") == 5);
}
