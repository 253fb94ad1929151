// Stand-ins for matrices not available offline (docs/sell_spmv.md): exact size and nonzero count, well-formed CSR,
// deterministic, and the structure each one claims (band, row lengths, symmetry, dense rows).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstring>

#include "platform/workload/sell.h"
#include "platform/workload/standin.h"

using namespace vp::workload;

namespace {

uint32_t row_len(const CsrMatrix& m, uint32_t r) { return m.row_ptr[r + 1] - m.row_ptr[r]; }

bool has(const CsrMatrix& m, uint32_t r, uint32_t c) {
    return std::binary_search(m.col_idx.begin() + m.row_ptr[r], m.col_idx.begin() + m.row_ptr[r + 1], c);
}

}  // namespace

TEST_CASE("standin: every stand-in has the original's rows and nonzeros and is well formed") {
    REQUIRE(standin_matrices().size() == 3);
    for (const StandinInfo& s : standin_matrices()) {
        INFO(s.name);
        const CsrMatrix m = standin_matrix(s.name);
        CHECK(m.rows == s.rows);
        CHECK(m.cols == s.rows);
        CHECK(m.nnz() == s.nnz);
        REQUIRE(m.row_ptr.size() == size_t(m.rows) + 1);
        REQUIRE(m.row_ptr.back() == m.nnz());
        for (uint32_t r = 0; r < m.rows; ++r) {
            REQUIRE(row_len(m, r) >= 1);
            REQUIRE(has(m, r, r));  // every row has its diagonal
            for (uint32_t k = m.row_ptr[r] + 1; k < m.row_ptr[r + 1]; ++k) REQUIRE(m.col_idx[k - 1] < m.col_idx[k]);
        }
        for (float v : m.values) REQUIRE((v >= -1.0f && v < 1.0f && v != 0.0f));
        // Deterministic; another seed gives another matrix of the same size.
        const CsrMatrix again = standin_matrix(s.name);
        CHECK(again.col_idx == m.col_idx);
        CHECK(std::memcmp(again.values.data(), m.values.data(), m.values.size() * 4) == 0);
        const CsrMatrix other = standin_matrix(s.name, 2);
        CHECK(other.nnz() == m.nnz());
        CHECK(other.col_idx != m.col_idx);
    }
    CHECK_THROWS_AS(standin_matrix("bcsstk99"), std::invalid_argument);
}

TEST_CASE("standin: shyy41 is a 5-point stencil on an 80-wide grid") {
    const CsrMatrix m = standin_matrix("shyy41");
    uint32_t max_len = 0;
    for (uint32_t r = 0; r < m.rows; ++r) {
        max_len = std::max(max_len, row_len(m, r));
        for (uint32_t k = m.row_ptr[r]; k < m.row_ptr[r + 1]; ++k) {
            const int64_t d = int64_t(m.col_idx[k]) - int64_t(r);
            REQUIRE((d == 0 || d == 1 || d == -1 || d == 80 || d == -80));
            if (d == 1) REQUIRE(r % 80 != 79);  // no coupling across the grid's row ends
        }
    }
    CHECK(max_len == 5);
    CHECK(csr_to_sell(m, 256, 1).beta() > 0.8);  // narrow rows: little padding
}

TEST_CASE("standin: lhr11c has mixed row lengths, local couplings and a few long border rows") {
    const CsrMatrix m = standin_matrix("lhr11c");
    std::vector<uint32_t> lens;
    uint64_t local = 0;
    for (uint32_t r = 0; r < m.rows; ++r) {
        lens.push_back(row_len(m, r));
        for (uint32_t k = m.row_ptr[r]; k < m.row_ptr[r + 1]; ++k)
            local += (m.col_idx[k] / 36 + 2 >= r / 36) && (m.col_idx[k] / 36 <= r / 36 + 2);
    }
    std::sort(lens.begin(), lens.end());
    CHECK(std::count(lens.begin(), lens.end(), 400u) == 6);
    CHECK(lens[lens.size() - 7] < 400);
    CHECK(lens[lens.size() / 10] <= 8);       // many short rows ...
    CHECK(lens[lens.size() * 9 / 10] >= 40);  // ... and many long ones
    CHECK(double(local) / m.nnz() > 0.8);     // mostly within +-2 stages
}

TEST_CASE("standin: coupled is structurally symmetric with three dense nets") {
    const CsrMatrix m = standin_matrix("coupled");
    uint64_t unmatched = 0;
    std::vector<uint32_t> lens;
    for (uint32_t r = 0; r < m.rows; ++r) {
        lens.push_back(row_len(m, r));
        for (uint32_t k = m.row_ptr[r]; k < m.row_ptr[r + 1]; ++k) unmatched += !has(m, m.col_idx[k], r);
    }
    CHECK(unmatched <= 1);  // an odd count leaves one coupling without its mirror
    std::sort(lens.rbegin(), lens.rend());
    CHECK(lens[0] > uint32_t(0.12 * m.rows));
    CHECK(lens[1] > uint32_t(0.08 * m.rows));
    CHECK(lens[2] > uint32_t(0.04 * m.rows));
    CHECK(lens[3] < 200);
}
