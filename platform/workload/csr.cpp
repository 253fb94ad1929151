#include "platform/workload/csr.h"
#include <algorithm>
#include <cstring>
#include <stdexcept>
#include "models/common/prng.h"
#include "vp/checksum.h"

namespace vp::workload {

CsrMatrix random_csr(uint32_t rows, uint32_t cols, uint32_t nnz_per_row, uint64_t seed) {
    if (rows == 0 || cols == 0 || nnz_per_row == 0) throw std::invalid_argument("random matrix with a zero dimension");
    Xoshiro256 rng(seed);
    CsrMatrix m;
    m.rows = rows;
    m.cols = cols;
    m.row_ptr.reserve(rows + 1);
    m.row_ptr.push_back(0);
    std::vector<uint32_t> row;
    for (uint32_t i = 0; i < rows; ++i) {
        const uint32_t k = std::min<uint32_t>(cols, 1 + uint32_t(rng.below(2 * uint64_t(nnz_per_row) - 1)));
        row.clear();
        while (row.size() < k) {
            const uint32_t c = uint32_t(rng.below(cols));
            if (std::find(row.begin(), row.end(), c) == row.end()) row.push_back(c);
        }
        std::sort(row.begin(), row.end());
        for (uint32_t c : row) {
            m.col_idx.push_back(c);
            m.values.push_back(float(rng.unit() * 2.0 - 1.0));
        }
        m.row_ptr.push_back(uint32_t(m.col_idx.size()));
    }
    return m;
}

std::vector<float> random_vector(uint32_t n, uint64_t seed) {
    Xoshiro256 rng(seed);
    std::vector<float> v(n);
    for (auto& x : v) x = float(rng.unit() * 2.0 - 1.0);
    return v;
}

std::vector<float> spmv_reference(const CsrMatrix& a, const std::vector<float>& x) {
    std::vector<float> y(a.rows);
    for (uint32_t i = 0; i < a.rows; ++i) {
        float sum = 0.0f;
        for (uint32_t k = a.row_ptr[i]; k < a.row_ptr[i + 1]; ++k) {
            volatile float prod = a.values[k] * x[a.col_idx[k]];  // rounded to float before the add
            sum = sum + prod;
        }
        y[i] = sum;
    }
    return y;
}

uint32_t vector_hash(const std::vector<float>& y) {
    uint32_t hash = 0;
    for (uint32_t i = 0; i < y.size(); ++i) {
        uint32_t bits;
        std::memcpy(&bits, &y[i], 4);
        hash += vp_checksum_mix(i, bits);
    }
    return hash;
}

}  // namespace vp::workload
