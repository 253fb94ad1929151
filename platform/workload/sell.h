// SELL-C-σ sparse matrix format (Kreutzer, Hager, Wellein et al., SIAM J. Sci. Comput. 2014): rows
// are sorted by length (descending) inside windows of σ rows, cut into chunks of C consecutive
// (sorted) rows, and each chunk is stored column-major, padded to the length of its longest row, so
// that one vector instruction of length C processes the j-th entry of every row of a chunk. σ = 1
// keeps the row order: plain "SELL" (docs/sell_spmv.md: slice size S = C = 256, the accelerator's
// maximum vector length). The permutation is kept so that results land at their original rows.
//
// Layout (what the firmware reads, include/vp/sell_data.h): chunk c holds lanes(c) = min(C, rows -
// c*C) rows; its element (j, r) — the j-th stored entry of the r-th row of the chunk — is at
// chunk_ptr[c] + j * lanes(c) + r in col_idx and values, for j < width[c]. A row with fewer than
// width[c] entries is padded with column 0 and value +0.0f: with x[0] finite, a padded product is
// ±0 and adding it leaves a row sum that starts at +0 unchanged bit for bit (in round-to-nearest a
// sum that starts at +0 is never -0), so SELL and CSR give identical y when each row is accumulated
// in the same order.
#pragma once
#include <algorithm>
#include <cstdint>
#include <vector>
#include "platform/workload/csr.h"

namespace vp::workload {

struct SellMatrix {
    uint32_t rows = 0, cols = 0;
    uint32_t C = 256, sigma = 1;
    uint32_t nnz = 0;                 // real entries (no padding)
    std::vector<uint32_t> chunk_ptr;  // chunks + 1: element offset of each chunk
    std::vector<uint32_t> width;      // chunks: entries per row of the chunk (its longest row)
    std::vector<uint32_t> perm;       // rows: sorted position p -> original row
    std::vector<uint32_t> row_len;    // rows: real entries of the row at sorted position p
    std::vector<uint32_t> col_idx;    // padded elements
    std::vector<float> values;        // padded elements

    uint32_t chunks() const { return uint32_t(width.size()); }
    uint32_t lanes(uint32_t c) const { return std::min(C, rows - c * C); }
    uint64_t padded() const { return col_idx.size(); }  // elements stored, padding included
    // Chunk occupancy β = nnz / padded elements (Kreutzer et al.): 1 = no padding.
    double beta() const { return padded() ? double(nnz) / double(padded()) : 1.0; }
    bool identity_perm() const;
};

// CSR -> SELL-C-σ. C >= 1, σ >= 1 (σ = 1: no sorting; σ a multiple of C is the usual choice, any
// value is accepted). Rows of equal length keep their order (stable sort): deterministic.
// Throws std::invalid_argument for C or σ of 0, or when the padded size exceeds 2^32 - 1 elements.
SellMatrix csr_to_sell(const CsrMatrix& a, uint32_t C = 256, uint32_t sigma = 1);

// SELL-C-σ -> CSR (padding dropped, rows back in their original order): the inverse of csr_to_sell.
CsrMatrix sell_to_csr(const SellMatrix& s);

// Padding statistics for reports.
struct SellStats {
    uint32_t chunks = 0, max_width = 0;
    uint64_t nnz = 0, padded = 0;
    double beta = 1.0;            // nnz / padded
    double min_chunk_beta = 1.0;  // the emptiest chunk's occupancy
};
SellStats sell_stats(const SellMatrix& s);

// y = A x computed as a SELL kernel does it: for each chunk, for j = 0..width-1, for each lane,
// y[row] = y[row] + (value * x[col]) (two roundings, or one with `fused`, as vfmacc / fmaf), padding
// included. Equals spmv_reference(a, x) bit for bit when not fused (see the layout note above).
std::vector<float> sell_spmv_reference(const SellMatrix& s, const std::vector<float>& x, bool fused = false);

}  // namespace vp::workload
