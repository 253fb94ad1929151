#include "platform/workload/kronecker.h"

#include <algorithm>
#include <stdexcept>

#include "models/common/prng.h"

namespace vp::workload {

namespace {

void validate(const KroneckerOptions& opt) {
    if (opt.scale < 1 || opt.scale > 31) throw std::invalid_argument("kronecker: scale must be in 1..31");
    if (opt.edgefactor < 1) throw std::invalid_argument("kronecker: edgefactor must be >= 1");
    const double d = 1.0 - opt.a - opt.b - opt.c;
    if (!(opt.a > 0 && opt.b >= 0 && opt.c >= 0 && d > 0 && opt.a + opt.b < 1))
        throw std::invalid_argument("kronecker: initiator A, B, C, D must be probabilities summing to 1, A, D > 0");
    const uint64_t m = uint64_t(opt.edgefactor) << opt.scale;
    if (m * (opt.symmetric ? 2 : 1) > 0xffffffffull)
        throw std::invalid_argument("kronecker: edgefactor * 2^scale entries do not fit 32-bit indices");
}

// Value in [-1, 1) for the undirected edge {r, c}: same on both triangles and for every duplicate.
float edge_value(uint64_t seed, uint32_t r, uint32_t c) {
    uint64_t state = seed ^ ((uint64_t(std::min(r, c)) << 32) | std::max(r, c)) * 0x9e3779b97f4a7c15ull;
    splitmix64(state);  // decorrelate neighbouring keys
    const uint64_t bits = splitmix64(state);
    return float(double(bits >> 40) * 0x1.0p-23 - 1.0);  // 24 bits: exact in float
}

}  // namespace

std::vector<Edge> kronecker_edges(const KroneckerOptions& opt) {
    validate(opt);
    const uint32_t n_levels = opt.scale;
    const uint64_t n = uint64_t(1) << n_levels;
    const uint64_t m = uint64_t(opt.edgefactor) << n_levels;
    const double ab = opt.a + opt.b;
    const double a_norm = opt.a / ab;          // P(j_bit = 0 | i_bit = 0)
    const double c_norm = opt.c / (1.0 - ab);  // P(j_bit = 0 | i_bit = 1)

    Xoshiro256 rng(opt.seed);
    std::vector<Edge> edges(m);
    for (auto& e : edges) {
        uint32_t src = 0, dst = 0;
        for (uint32_t l = 0; l < n_levels; ++l) {
            const bool i_bit = rng.unit() > ab;
            const bool j_bit = rng.unit() > (i_bit ? c_norm : a_norm);
            src |= uint32_t(i_bit) << l;
            dst |= uint32_t(j_bit) << l;
        }
        e = {src, dst};
    }

    // Random vertex relabelling (Fisher-Yates).
    std::vector<uint32_t> perm(n);
    for (uint64_t v = 0; v < n; ++v) perm[v] = uint32_t(v);
    for (uint64_t k = n - 1; k > 0; --k) std::swap(perm[k], perm[rng.below(k + 1)]);
    for (auto& e : edges) e = {perm[e.first], perm[e.second]};

    // Random edge order (Fisher-Yates).
    for (uint64_t k = m - 1; k > 0; --k) std::swap(edges[k], edges[rng.below(k + 1)]);
    return edges;
}

CsrMatrix kronecker_csr(const KroneckerOptions& opt) {
    const std::vector<Edge> edges = kronecker_edges(opt);
    const uint32_t n = uint32_t(uint64_t(1) << opt.scale);

    // Counting sort by row: count, prefix-sum, scatter.
    CsrMatrix mat;
    mat.rows = mat.cols = n;
    std::vector<uint32_t> count(size_t(n) + 1, 0);
    auto keep = [&](const Edge& e) { return opt.keep_self_loops || e.first != e.second; };
    for (const Edge& e : edges) {
        if (!keep(e)) continue;
        ++count[e.first + 1];
        if (opt.symmetric && e.first != e.second) ++count[e.second + 1];
    }
    for (uint32_t r = 0; r < n; ++r) count[r + 1] += count[r];
    std::vector<uint32_t> cols(count[n]);
    std::vector<uint32_t> next(count.begin(), count.end() - 1);
    for (const Edge& e : edges) {
        if (!keep(e)) continue;
        cols[next[e.first]++] = e.second;
        if (opt.symmetric && e.first != e.second) cols[next[e.second]++] = e.first;
    }

    // Sort each row; optionally merge duplicates while compacting into the final arrays.
    mat.row_ptr.assign(size_t(n) + 1, 0);
    mat.col_idx.reserve(cols.size());
    for (uint32_t r = 0; r < n; ++r) {
        auto first = cols.begin() + count[r], last = cols.begin() + count[r + 1];
        std::sort(first, last);
        if (opt.merge_duplicates) last = std::unique(first, last);
        mat.col_idx.insert(mat.col_idx.end(), first, last);
        mat.row_ptr[r + 1] = uint32_t(mat.col_idx.size());
    }
    mat.col_idx.shrink_to_fit();

    mat.values.resize(mat.col_idx.size());
    for (uint32_t r = 0; r < n; ++r)
        for (uint32_t k = mat.row_ptr[r]; k < mat.row_ptr[r + 1]; ++k)
            mat.values[k] =
                opt.values == KroneckerOptions::Values::One ? 1.0f : edge_value(opt.seed, r, mat.col_idx[k]);
    return mat;
}

}  // namespace vp::workload
