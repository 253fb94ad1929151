#include "platform/workload/sell.h"
#include <cmath>
#include <numeric>
#include <stdexcept>
#include <string>

namespace vp::workload {

bool SellMatrix::identity_perm() const {
    for (uint32_t p = 0; p < rows; ++p)
        if (perm[p] != p) return false;
    return true;
}

SellMatrix csr_to_sell(const CsrMatrix& a, uint32_t C, uint32_t sigma) {
    if (C == 0) throw std::invalid_argument("SELL chunk height C must be at least 1");
    if (sigma == 0) throw std::invalid_argument("SELL sorting window sigma must be at least 1");
    SellMatrix s;
    s.rows = a.rows;
    s.cols = a.cols;
    s.C = C;
    s.sigma = sigma;
    s.nnz = a.nnz();
    auto len = [&](uint32_t row) { return a.row_ptr[row + 1] - a.row_ptr[row]; };

    // σ-window sort: longest rows first inside each window, ties in row order.
    s.perm.resize(a.rows);
    std::iota(s.perm.begin(), s.perm.end(), 0u);
    if (sigma > 1) {
        for (uint64_t w = 0; w < a.rows; w += sigma) {
            const auto first = s.perm.begin() + long(w),
                       last = s.perm.begin() + long(std::min<uint64_t>(w + sigma, a.rows));
            std::stable_sort(first, last, [&](uint32_t x, uint32_t y) { return len(x) > len(y); });
        }
    }
    s.row_len.resize(a.rows);
    for (uint32_t p = 0; p < a.rows; ++p) s.row_len[p] = len(s.perm[p]);

    const uint32_t chunks = uint32_t((uint64_t(a.rows) + C - 1) / C);
    s.width.assign(chunks, 0);
    s.chunk_ptr.assign(size_t(chunks) + 1, 0);
    uint64_t total = 0;
    for (uint32_t c = 0; c < chunks; ++c) {
        const uint32_t lanes = s.lanes(c);
        uint32_t w = 0;
        for (uint32_t r = 0; r < lanes; ++r) w = std::max(w, s.row_len[uint64_t(c) * C + r]);
        s.width[c] = w;
        total += uint64_t(w) * lanes;
        if (total > UINT32_MAX)
            throw std::invalid_argument("SELL image exceeds 2^32 - 1 elements (" + std::to_string(total) +
                                        " so far): too much padding for 32-bit offsets");
        s.chunk_ptr[c + 1] = uint32_t(total);
    }
    s.col_idx.assign(total, 0u);  // padding: column 0, value +0.0f
    s.values.assign(total, 0.0f);
    for (uint32_t c = 0; c < chunks; ++c) {
        const uint32_t lanes = s.lanes(c);
        for (uint32_t r = 0; r < lanes; ++r) {
            const uint32_t row = s.perm[uint64_t(c) * C + r];
            uint64_t at = s.chunk_ptr[c] + r;
            for (uint32_t k = a.row_ptr[row]; k < a.row_ptr[row + 1]; ++k, at += lanes) {
                s.col_idx[at] = a.col_idx[k];
                s.values[at] = a.values[k];
            }
        }
    }
    return s;
}

CsrMatrix sell_to_csr(const SellMatrix& s) {
    CsrMatrix a;
    a.rows = s.rows;
    a.cols = s.cols;
    a.row_ptr.assign(size_t(s.rows) + 1, 0);
    for (uint32_t p = 0; p < s.rows; ++p) a.row_ptr[s.perm[p] + 1] = s.row_len[p];
    for (uint32_t i = 0; i < s.rows; ++i) a.row_ptr[i + 1] += a.row_ptr[i];
    a.col_idx.resize(a.row_ptr[s.rows]);
    a.values.resize(a.row_ptr[s.rows]);
    for (uint32_t p = 0; p < s.rows; ++p) {
        const uint32_t c = p / s.C, r = p % s.C, lanes = s.lanes(c);
        uint32_t out = a.row_ptr[s.perm[p]];
        for (uint32_t j = 0; j < s.row_len[p]; ++j, ++out) {
            const uint64_t at = s.chunk_ptr[c] + uint64_t(j) * lanes + r;
            a.col_idx[out] = s.col_idx[at];
            a.values[out] = s.values[at];
        }
    }
    return a;
}

SellStats sell_stats(const SellMatrix& s) {
    SellStats st;
    st.chunks = s.chunks();
    st.nnz = s.nnz;
    st.padded = s.padded();
    st.beta = s.beta();
    for (uint32_t c = 0; c < s.chunks(); ++c) {
        st.max_width = std::max(st.max_width, s.width[c]);
        const uint64_t cells = uint64_t(s.width[c]) * s.lanes(c);
        if (!cells) continue;
        uint64_t real = 0;
        for (uint32_t r = 0; r < s.lanes(c); ++r) real += s.row_len[uint64_t(c) * s.C + r];
        st.min_chunk_beta = std::min(st.min_chunk_beta, double(real) / double(cells));
    }
    return st;
}

std::vector<float> sell_spmv_reference(const SellMatrix& s, const std::vector<float>& x, bool fused) {
    std::vector<float> y(s.rows, 0.0f);
    for (uint32_t c = 0; c < s.chunks(); ++c) {
        const uint32_t lanes = s.lanes(c);
        for (uint32_t j = 0; j < s.width[c]; ++j) {
            const uint64_t base = s.chunk_ptr[c] + uint64_t(j) * lanes;
            for (uint32_t r = 0; r < lanes; ++r) {
                float& acc = y[s.perm[uint64_t(c) * s.C + r]];
                const float v = s.values[base + r], xv = x[s.col_idx[base + r]];
                if (fused) {
                    acc = std::fma(v, xv, acc);
                } else {
                    volatile float prod = v * xv;  // rounded to float before the add
                    acc = acc + prod;
                }
            }
        }
    }
    return y;
}

}  // namespace vp::workload
