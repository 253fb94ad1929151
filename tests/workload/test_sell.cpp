// SELL-C-σ: layout against a hand-worked example, round trip SELL -> CSR on random, real and
// stand-in matrices over C and σ, padding statistics, and the SELL-order SpMV reference.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>

#include "models/common/prng.h"
#include "platform/workload/csr.h"
#include "platform/workload/matrix_market.h"
#include "platform/workload/sell.h"
#include "platform/workload/standin.h"

using namespace vp::workload;

namespace {

bool same_csr(const CsrMatrix& a, const CsrMatrix& b) {
    return a.rows == b.rows && a.cols == b.cols && a.row_ptr == b.row_ptr && a.col_idx == b.col_idx &&
           std::memcmp(a.values.data(), b.values.data(), a.values.size() * 4) == 0 &&
           a.values.size() == b.values.size();
}

bool same_bits(const std::vector<float>& a, const std::vector<float>& b) {
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * 4) == 0;
}

// A CSR matrix from dense rows (0 = no entry).
CsrMatrix from_rows(const std::vector<std::vector<float>>& d) {
    CsrMatrix m;
    m.rows = uint32_t(d.size());
    m.cols = uint32_t(d[0].size());
    m.row_ptr.push_back(0);
    for (auto& row : d) {
        for (uint32_t c = 0; c < row.size(); ++c)
            if (row[c] != 0.0f) m.col_idx.push_back(c), m.values.push_back(row[c]);
        m.row_ptr.push_back(m.nnz());
    }
    return m;
}

}  // namespace

TEST_CASE("sell: layout of a small matrix, without and with sorting") {
    // Rows of lengths 1, 3, 0, 2, 4 (5 x 5).
    const CsrMatrix a =
        from_rows({{1, 0, 0, 0, 0}, {0, 2, 3, 0, 4}, {0, 0, 0, 0, 0}, {5, 0, 0, 6, 0}, {7, 8, 0, 9, 10}});
    const SellMatrix s = csr_to_sell(a, 2, 1);  // chunks {0,1} {2,3} {4}
    REQUIRE(s.chunks() == 3);
    CHECK(s.width == std::vector<uint32_t>{3, 2, 4});
    CHECK(s.chunk_ptr == std::vector<uint32_t>{0, 6, 10, 14});
    CHECK(s.identity_perm());
    // Chunk 0, column-major: (j=0: row0 col0, row1 col1) (j=1: pad, row1 col2) (j=2: pad, row1 col4)
    CHECK(std::vector<uint32_t>(s.col_idx.begin(), s.col_idx.begin() + 6) == std::vector<uint32_t>{0, 1, 0, 2, 0, 4});
    CHECK(std::vector<float>(s.values.begin(), s.values.begin() + 6) == std::vector<float>{1, 2, 0, 3, 0, 4});
    // Chunk 2 has one lane: row 4 stored contiguously.
    CHECK(std::vector<uint32_t>(s.col_idx.begin() + 10, s.col_idx.end()) == std::vector<uint32_t>{0, 1, 3, 4});
    CHECK(s.padded() == 14);
    CHECK(s.beta() == Approx(10.0 / 14.0));

    // σ = 4: rows 0..3 sorted by length (1, 3, 0, 2 -> rows 1, 3, 0, 2), row 4 in its own window.
    const SellMatrix t = csr_to_sell(a, 2, 4);
    CHECK(t.perm == std::vector<uint32_t>{1, 3, 0, 2, 4});
    CHECK(t.row_len == std::vector<uint32_t>{3, 2, 1, 0, 4});
    CHECK(t.width == std::vector<uint32_t>{3, 1, 4});
    CHECK(t.padded() == 6 + 2 + 4);
    const SellStats st = sell_stats(t);
    CHECK(st.max_width == 4);
    CHECK(st.min_chunk_beta == Approx(0.5));  // chunk 1: lengths 1 and 0 in width 1
    // The round trip restores the original order.
    CHECK(same_csr(sell_to_csr(s), a));
    CHECK(same_csr(sell_to_csr(t), a));
}

TEST_CASE("sell: round trip SELL -> CSR over C and sigma on random, real and stand-in matrices") {
    std::vector<CsrMatrix> ms;
    ms.push_back(random_csr(1000, 700, 9, 3));
    ms.push_back(random_csr(257, 257, 1, 4));  // one row beyond a chunk of 256
    {
        MatrixMarketOptions o;
        o.drop_explicit_zeros = false;  // explicit zeros are real entries: the round trip keeps them
        ms.push_back(read_matrix_market(std::string(VP_DATA_DIR) + "/matrices/msc01440.mtx", o));
    }
    ms.push_back(standin_matrix("coupled"));
    for (const CsrMatrix& a : ms) {
        for (uint32_t C : {1u, 8u, 32u, 256u}) {
            for (uint32_t sigma : {1u, C, 4 * C, a.rows}) {
                INFO("rows " << a.rows << " C " << C << " sigma " << sigma);
                const SellMatrix s = csr_to_sell(a, C, sigma);
                REQUIRE(s.chunks() == (a.rows + C - 1) / C);
                REQUIRE(s.padded() >= a.nnz());
                REQUIRE(same_csr(sell_to_csr(s), a));
                // The permutation is one; inside each σ window rows are sorted by length.
                std::vector<char> seen(a.rows, 0);
                for (uint32_t p = 0; p < a.rows; ++p) {
                    REQUIRE(!seen[s.perm[p]]);
                    seen[s.perm[p]] = 1;
                    if (p % sigma) REQUIRE(s.row_len[p - 1] >= s.row_len[p]);
                    REQUIRE(s.perm[p] / sigma == p / sigma);
                }
            }
        }
    }
}

TEST_CASE("sell: sorting never adds padding and C = 1 has none") {
    const CsrMatrix a = standin_matrix("lhr11c");
    const SellMatrix plain = csr_to_sell(a, 256, 1), sorted = csr_to_sell(a, 256, 256 * 4);
    const SellMatrix full = csr_to_sell(a, 256, a.rows);
    CHECK(sorted.padded() <= plain.padded());
    CHECK(full.padded() <= sorted.padded());
    CHECK(csr_to_sell(a, 1, 1).padded() == a.nnz());
    CHECK(csr_to_sell(a, 1, 1).beta() == 1.0);
    // β from its definition.
    uint64_t cells = 0;
    for (uint32_t c = 0; c < plain.chunks(); ++c) cells += uint64_t(plain.width[c]) * plain.lanes(c);
    CHECK(plain.padded() == cells);
    CHECK(plain.beta() == Approx(double(a.nnz()) / double(cells)));
}

TEST_CASE("sell: the SELL-order reference equals the CSR reference bit for bit; fused differs and equals fmaf") {
    const CsrMatrix a = random_csr(600, 600, 12, 11);
    std::vector<float> x(a.cols);
    for (uint32_t i = 0; i < a.cols; ++i) x[i] = float(i);  // x = 0, 1, 2, ... as the workload's default
    const std::vector<float> ref = spmv_reference(a, x);
    for (uint32_t sigma : {1u, 64u, 600u}) {
        const SellMatrix s = csr_to_sell(a, 64, sigma);
        CHECK(same_bits(sell_spmv_reference(s, x), ref));
        // Fused: each row accumulated with fmaf in row order.
        std::vector<float> fused(a.rows);
        for (uint32_t r = 0; r < a.rows; ++r) {
            float acc = 0.0f;
            for (uint32_t k = a.row_ptr[r]; k < a.row_ptr[r + 1]; ++k)
                acc = std::fma(a.values[k], x[a.col_idx[k]], acc);
            fused[r] = acc;
        }
        CHECK(same_bits(sell_spmv_reference(s, x, true), fused));
    }
    // With random x the two roundings and the fused one disagree somewhere (the test can tell them apart).
    const std::vector<float> xr = random_vector(a.cols, 5);
    const SellMatrix s = csr_to_sell(a, 64, 1);
    CHECK(!same_bits(sell_spmv_reference(s, xr, true), spmv_reference(a, xr)));
    CHECK(same_bits(sell_spmv_reference(s, xr), spmv_reference(a, xr)));
}

TEST_CASE("sell: bad parameters are rejected") {
    const CsrMatrix a = random_csr(10, 10, 2, 1);
    CHECK_THROWS_AS(csr_to_sell(a, 0, 1), std::invalid_argument);
    CHECK_THROWS_AS(csr_to_sell(a, 4, 0), std::invalid_argument);
}
