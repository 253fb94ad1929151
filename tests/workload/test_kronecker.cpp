// Graph500 Kronecker generator: edge count, determinism, CSR well-formedness, heavy-tailed degrees.
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>

#include "platform/workload/kronecker.h"

using vp::workload::CsrMatrix;
using vp::workload::kronecker_csr;
using vp::workload::kronecker_edges;
using vp::workload::KroneckerOptions;

namespace {

KroneckerOptions opts(uint32_t scale, uint64_t seed = 1) {
    KroneckerOptions o;
    o.scale = scale;
    o.seed = seed;
    return o;
}

KroneckerOptions raw(uint32_t scale, uint64_t seed = 1) {
    KroneckerOptions o = opts(scale, seed);
    o.symmetric = false;
    o.keep_self_loops = true;
    o.merge_duplicates = false;
    return o;
}

void check_well_formed(const CsrMatrix& m, bool strictly_ascending) {
    REQUIRE(m.row_ptr.size() == size_t(m.rows) + 1);
    REQUIRE(m.row_ptr.front() == 0);
    REQUIRE(m.row_ptr.back() == m.nnz());
    REQUIRE(m.values.size() == m.col_idx.size());
    bool ok = true;
    for (uint32_t r = 0; r < m.rows && ok; ++r) {
        ok = m.row_ptr[r] <= m.row_ptr[r + 1];
        for (uint32_t k = m.row_ptr[r]; k < m.row_ptr[r + 1] && ok; ++k) {
            ok = m.col_idx[k] < m.cols;
            if (ok && k > m.row_ptr[r])
                ok = strictly_ascending ? m.col_idx[k - 1] < m.col_idx[k] : m.col_idx[k - 1] <= m.col_idx[k];
        }
        if (!ok) FAIL_CHECK("row " << r << " malformed");
    }
    CHECK(ok);
}

bool same(const CsrMatrix& x, const CsrMatrix& y) {
    return x.rows == y.rows && x.cols == y.cols && x.row_ptr == y.row_ptr && x.col_idx == y.col_idx &&
           x.values == y.values;
}

}  // namespace

TEST_CASE("Kronecker edge list has exactly M = edgefactor * 2^SCALE edges, indices < N", "[kronecker]") {
    for (uint32_t scale : {1u, 5u, 10u}) {
        const auto edges = kronecker_edges(opts(scale));
        CHECK(edges.size() == size_t(16) << scale);
        CHECK(std::all_of(edges.begin(), edges.end(),
                          [&](auto& e) { return e.first < (1u << scale) && e.second < (1u << scale); }));
    }
    // Without symmetrising, merging or dropping anything, the CSR holds every generated edge.
    const CsrMatrix m = kronecker_csr(raw(12));
    CHECK(m.nnz() == 16u << 12);
    check_well_formed(m, false);
}

TEST_CASE("Kronecker quadrant probabilities follow the initiator", "[kronecker]") {
    // With SCALE 1 each edge is one quadrant choice: (0,0) A, (0,1) B, (1,0) C, (1,1) D, before the
    // vertex permutation, which may swap the labels 0 and 1 (mapping A<->D, B<->C).
    KroneckerOptions o = opts(1);
    o.edgefactor = 200000;  // M = 400000
    const auto edges = kronecker_edges(o);
    double q[2][2] = {};
    for (auto& e : edges) q[e.first][e.second] += 1.0 / double(edges.size());
    const double a = std::max(q[0][0], q[1][1]), d = std::min(q[0][0], q[1][1]);
    CHECK(a == Approx(0.57).margin(0.005));
    CHECK(d == Approx(0.05).margin(0.005));
    CHECK(q[0][1] == Approx(0.19).margin(0.005));
    CHECK(q[1][0] == Approx(0.19).margin(0.005));
}

TEST_CASE("Kronecker generation is deterministic in the seed", "[kronecker]") {
    const CsrMatrix a = kronecker_csr(opts(10, 42)), b = kronecker_csr(opts(10, 42)), c = kronecker_csr(opts(10, 43));
    CHECK(same(a, b));
    CHECK_FALSE(same(a, c));
    CHECK(kronecker_edges(raw(8, 7)) == kronecker_edges(raw(8, 7)));
    CHECK(kronecker_edges(raw(8, 7)) != kronecker_edges(raw(8, 8)));
}

TEST_CASE("Kronecker CSR is well formed under every option combination", "[kronecker]") {
    for (int bits = 0; bits < 8; ++bits) {
        KroneckerOptions o = opts(9, 5);
        o.symmetric = bits & 1;
        o.keep_self_loops = bits & 2;
        o.merge_duplicates = bits & 4;
        o.values = (bits & 1) ? KroneckerOptions::Values::Uniform : KroneckerOptions::Values::One;
        INFO("symmetric " << o.symmetric << " self-loops " << o.keep_self_loops << " merge " << o.merge_duplicates);
        const CsrMatrix m = kronecker_csr(o);
        check_well_formed(m, o.merge_duplicates);
        CHECK(m.rows == 512u);
        CHECK(m.nnz() <= (o.symmetric ? 2u : 1u) * 16u * 512u);
        bool loops = false;
        for (uint32_t r = 0; r < m.rows; ++r)
            for (uint32_t k = m.row_ptr[r]; k < m.row_ptr[r + 1]; ++k) loops |= m.col_idx[k] == r;
        if (!o.keep_self_loops) CHECK_FALSE(loops);
        bool in_range = std::all_of(m.values.begin(), m.values.end(), [&](float v) {
            return o.values == KroneckerOptions::Values::One ? v == 1.0f : (v >= -1.0f && v < 1.0f);
        });
        CHECK(in_range);
    }
}

TEST_CASE("Kronecker symmetric CSR equals its transpose, values included", "[kronecker]") {
    KroneckerOptions o = opts(10, 3);
    o.values = KroneckerOptions::Values::Uniform;
    const CsrMatrix m = kronecker_csr(o);
    auto find = [&](uint32_t r, uint32_t c) -> const float* {
        auto first = m.col_idx.begin() + m.row_ptr[r], last = m.col_idx.begin() + m.row_ptr[r + 1];
        auto it = std::lower_bound(first, last, c);
        return it != last && *it == c ? &m.values[size_t(it - m.col_idx.begin())] : nullptr;
    };
    bool ok = true;
    for (uint32_t r = 0; r < m.rows && ok; ++r)
        for (uint32_t k = m.row_ptr[r]; k < m.row_ptr[r + 1] && ok; ++k) {
            const float* t = find(m.col_idx[k], r);
            ok = t && *t == m.values[k];
        }
    CHECK(ok);
}

TEST_CASE("Kronecker SCALE 14 degree distribution is heavy-tailed", "[kronecker]") {
    const CsrMatrix m = kronecker_csr(opts(14));  // symmetric, no self-loops, duplicates merged
    uint32_t max_deg = 0, isolated = 0;
    for (uint32_t r = 0; r < m.rows; ++r) {
        const uint32_t d = m.row_ptr[r + 1] - m.row_ptr[r];
        max_deg = std::max(max_deg, d);
        isolated += d == 0;
    }
    const double mean = double(m.nnz()) / m.rows, iso = double(isolated) / m.rows;
    std::printf("SCALE 14: N %u nnz %u mean degree %.2f max degree %u isolated %u (%.1f%%)\n", m.rows, m.nnz(), mean,
                max_deg, isolated, 100.0 * iso);
    CHECK(max_deg > 20 * mean);
    CHECK(iso > 0.10);
    CHECK(iso < 0.70);
    // Merging loses some of the 2M symmetric entries, but not most.
    CHECK(m.nnz() > 16u * 16384u);
    CHECK(m.nnz() < 2u * 16u * 16384u);
}

// Hidden (run with `test_kronecker "[.measure]"`): nnz table under the default options.
TEST_CASE("Kronecker nnz by SCALE", "[.measure]") {
    for (uint32_t scale : {11u, 12u, 13u, 14u, 15u, 16u, 20u}) {
        const auto t0 = std::chrono::steady_clock::now();
        KroneckerOptions sym = opts(scale), dir = opts(scale);
        dir.symmetric = false;
        const CsrMatrix s = kronecker_csr(sym), d = kronecker_csr(dir);
        const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        std::printf("SCALE %2u  M %9llu  directed dedup %9u  symmetric dedup %9u  (%.1f s)\n", scale, 16ull << scale,
                    d.nnz(), s.nnz(), secs);
    }
}
