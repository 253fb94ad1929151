#include "platform/workload/standin.h"
#include <algorithm>
#include <cmath>
#include <stdexcept>
#include "models/common/prng.h"

namespace vp::workload {
namespace {

// A sparsity pattern under construction: distinct columns per row.
class Pattern {
public:
    explicit Pattern(uint32_t n) : rows_(n), stamp_(n, UINT32_MAX) {}
    uint32_t n() const { return uint32_t(rows_.size()); }
    uint64_t count() const { return count_; }
    uint32_t len(uint32_t r) const { return uint32_t(rows_[r].size()); }
    bool has(uint32_t r, uint32_t c) const { return std::find(rows_[r].begin(), rows_[r].end(), c) != rows_[r].end(); }
    bool add(uint32_t r, uint32_t c) {
        if (has(r, c)) return false;
        rows_[r].push_back(c);
        ++count_;
        return true;
    }
    // Adds `k` distinct new columns of row r drawn uniformly from [lo, hi) (clamped to the matrix);
    // returns how many it added (fewer when the window runs out of free columns).
    uint32_t add_random(uint32_t r, int64_t lo, int64_t hi, uint32_t k, Xoshiro256& rng) {
        lo = std::max<int64_t>(lo, 0);
        hi = std::min<int64_t>(hi, n());
        if (hi <= lo || k == 0) return 0;
        const uint64_t span = uint64_t(hi - lo);
        for (uint32_t c : rows_[r]) stamp_[c] = r;  // O(1) membership for this row
        uint64_t free = span;
        for (uint32_t c : rows_[r]) free -= (c >= lo && c < hi);
        uint32_t added = 0;
        while (added < k && free > 0) {
            const uint32_t c = uint32_t(lo + int64_t(rng.below(span)));
            if (stamp_[c] == r) continue;
            stamp_[c] = r;
            rows_[r].push_back(c);
            ++count_;
            ++added;
            --free;
        }
        for (uint32_t c : rows_[r]) stamp_[c] = UINT32_MAX;
        return added;
    }
    CsrMatrix finish(Xoshiro256& rng) {
        CsrMatrix m;
        m.rows = m.cols = n();
        m.row_ptr.reserve(size_t(n()) + 1);
        m.row_ptr.push_back(0);
        m.col_idx.reserve(count_);
        m.values.reserve(count_);
        for (auto& row : rows_) {
            std::sort(row.begin(), row.end());
            for (uint32_t c : row) {
                m.col_idx.push_back(c);
                float v = float(rng.unit() * 2.0 - 1.0);
                m.values.push_back(v != 0.0f ? v : 0.5f);
            }
            m.row_ptr.push_back(uint32_t(m.col_idx.size()));
        }
        return m;
    }

private:
    std::vector<std::vector<uint32_t>> rows_;
    std::vector<uint32_t> stamp_;
    uint64_t count_ = 0;
};

// Scales `len` so that it sums to `total` exactly (each entry kept within [lo, hi]): proportional
// rounding, then single steps on random entries for the remainder.
void fit_lengths(std::vector<uint32_t>& len, uint64_t total, uint32_t lo, uint32_t hi, Xoshiro256& rng) {
    uint64_t sum = 0;
    for (uint32_t l : len) sum += l;
    const double f = double(total) / double(sum);
    sum = 0;
    for (uint32_t& l : len) {
        const double want = l * f;
        uint32_t v = uint32_t(want);
        if (rng.unit() < want - v) ++v;  // stochastic rounding keeps the shape unbiased
        l = std::clamp(v, lo, hi);
        sum += l;
    }
    while (sum != total) {
        uint32_t& l = len[rng.below(len.size())];
        if (sum < total && l < hi)
            ++l, ++sum;
        else if (sum > total && l > lo)
            --l, --sum;
    }
}

// CFD on a structured 2D grid (Shyy's fully coupled Navier-Stokes solver): the 5-point stencil of an
// nx x ny grid, with a random share of the off-diagonal couplings absent (boundary and decoupled
// rows) so that the count is exact.
CsrMatrix grid_stencil(uint32_t nx, uint32_t ny, uint64_t nnz, uint64_t seed) {
    Xoshiro256 rng(seed);
    const uint32_t n = nx * ny;
    struct Off {
        uint32_t r, c;
    };
    std::vector<Off> off;
    for (uint32_t y = 0; y < ny; ++y) {
        for (uint32_t x = 0; x < nx; ++x) {
            const uint32_t i = y * nx + x;
            if (y > 0) off.push_back({i, i - nx});
            if (x > 0) off.push_back({i, i - 1});
            if (x + 1 < nx) off.push_back({i, i + 1});
            if (y + 1 < ny) off.push_back({i, i + nx});
        }
    }
    if (nnz < n || nnz > n + off.size()) throw std::invalid_argument("grid stencil cannot have that many nonzeros");
    const size_t keep = size_t(nnz - n);
    for (size_t k = 0; k < keep; ++k) std::swap(off[k], off[k + rng.below(off.size() - k)]);  // partial shuffle
    Pattern p(n);
    for (uint32_t i = 0; i < n; ++i) p.add(i, i);
    for (size_t k = 0; k < keep; ++k) p.add(off[k].r, off[k].c);
    return p.finish(rng);
}

// Chemical process flowsheet in equation-oriented form (light hydrocarbon recovery): blocks of
// `block` equations per unit/stage whose rows differ in kind and length (material balances few
// entries, equilibrium and summation relations more, energy balances and property relations many),
// coupled mostly to the own stage, then to the neighbouring stages (streams between trays), a few to
// anywhere (recycles); plus `border` long rows (plant-wide balances) of `border_len` entries.
CsrMatrix process_blocks(uint32_t n, uint64_t nnz, uint32_t block, uint32_t border, uint32_t border_len,
                         uint64_t seed) {
    Xoshiro256 rng(seed);
    // Equation kinds of one block, in order (kind -> typical entries): 12 material balances (5),
    // 10 equilibrium relations (14), 6 summations (12), 4 energy balances (48), 4 property relations (60).
    static const struct { uint32_t rows, len; } kinds[] = {{12, 5}, {10, 14}, {6, 12}, {4, 48}, {4, 60}};
    std::vector<uint32_t> len(n);
    for (uint32_t i = 0; i < n; ++i) {
        uint32_t pos = i % block, k = 0;
        while (k + 1 < std::size(kinds) && pos >= kinds[k].rows) pos -= kinds[k++].rows;
        const double jitter = 0.8 + 0.4 * rng.unit();  // +-20 % between stages
        len[i] = std::max(1u, uint32_t(kinds[k].len * jitter + 0.5));
    }
    std::vector<uint32_t> border_rows;
    while (border_rows.size() < border) {
        const uint32_t r = uint32_t(rng.below(n));
        if (std::find(border_rows.begin(), border_rows.end(), r) == border_rows.end()) border_rows.push_back(r);
    }
    uint64_t local_total = nnz;
    for (uint32_t r : border_rows) local_total -= border_len, len[r] = 0;
    std::vector<uint32_t> local;
    std::vector<uint32_t> local_rows;
    for (uint32_t i = 0; i < n; ++i)
        if (len[i]) local.push_back(len[i]), local_rows.push_back(i);
    fit_lengths(local, local_total, 1, 5 * block, rng);
    for (size_t k = 0; k < local_rows.size(); ++k) len[local_rows[k]] = local[k];
    for (uint32_t r : border_rows) len[r] = border_len;

    Pattern p(n);
    for (uint32_t i = 0; i < n; ++i) {
        p.add(i, i);
        const uint32_t want = len[i];
        if (want <= 1) continue;
        if (std::find(border_rows.begin(), border_rows.end(), i) != border_rows.end()) {
            p.add_random(i, 0, n, want - 1, rng);
            continue;
        }
        const int64_t b0 = int64_t(i / block) * block;
        uint32_t rest = want - 1;
        const uint32_t far = uint32_t(std::floor(0.1 * rest + rng.unit()));
        const uint32_t near = uint32_t(std::floor(0.3 * rest + rng.unit()));
        rest -= far + near;
        rest -= p.add_random(i, b0, b0 + block, rest, rng);  // own stage (spills over when full)
        rest += near;
        rest -= p.add_random(i, b0 - 2 * int64_t(block), b0 + 3 * int64_t(block), rest, rng);  // neighbours
        rest += far;
        while (rest) rest -= p.add_random(i, 0, n, rest, rng);  // recycles
    }
    return p.finish(rng);
}

// Coupled circuit/device simulation: structurally symmetric (modified nodal analysis); every node has
// its diagonal; a few supply-like nets touch a given share of all nodes (dense rows and columns); the
// remaining entries are symmetric pairs between nearby nodes (netlist/mesh order is local), with a
// heavy-tailed number of couplings per node (devices per node).
CsrMatrix circuit(uint32_t n, uint64_t nnz, const std::vector<double>& nets, uint32_t band, uint64_t seed) {
    Xoshiro256 rng(seed);
    Pattern p(n);
    for (uint32_t i = 0; i < n; ++i) p.add(i, i);
    for (double share : nets) {
        const uint32_t d = uint32_t(rng.below(n));
        uint32_t k = uint32_t(share * n);
        while (k) {
            const uint32_t s = uint32_t(rng.below(n));
            if (s == d || p.has(d, s)) continue;
            p.add(d, s);
            p.add(s, d);
            --k;
        }
    }
    if (p.count() > nnz) throw std::invalid_argument("circuit stand-in: nets exceed the nonzero count");
    // Devices per node: Pareto weights (tail index 1.5, capped at 30): most nodes have a few couplings,
    // some many.
    std::vector<double> cum(n);
    double acc = 0;
    for (uint32_t i = 0; i < n; ++i) {
        const double w = std::min(30.0, std::pow(1.0 - rng.unit(), -1.0 / 1.5));
        cum[i] = acc += w;
    }
    while (p.count() + 1 < nnz) {
        const double u = rng.unit() * acc;
        const uint32_t i = uint32_t(std::upper_bound(cum.begin(), cum.end(), u) - cum.begin());
        const int64_t j = int64_t(i) + int64_t(rng.below(2 * band + 1)) - int64_t(band);
        if (j < 0 || j >= n || uint32_t(j) == i || p.has(i, uint32_t(j))) continue;
        p.add(i, uint32_t(j));
        p.add(uint32_t(j), i);
    }
    while (p.count() < nnz) {  // an odd count: one coupling without its mirror
        const uint32_t i = uint32_t(rng.below(n));
        if (i + 1 < n) p.add(i, i + 1);
    }
    return p.finish(rng);
}

}  // namespace

const std::vector<StandinInfo>& standin_matrices() {
    static const std::vector<StandinInfo> list = {
        {"shyy41", 4720, 20042, "CFD, 2D Navier-Stokes: 5-point stencil on an 80 x 59 grid, some couplings absent"},
        {"lhr11c", 10964, 231806,
         "chemical process flowsheet: stages of 36 equations of mixed length, stage/neighbour/recycle couplings, "
         "6 border rows of 400"},
        {"coupled", 11341, 97193,
         "coupled circuit/device simulation: symmetric pattern, nets on 12/8/4 % of the nodes, local couplings"},
    };
    return list;
}

CsrMatrix standin_matrix(const std::string& name, uint64_t seed) {
    if (name == "shyy41") return grid_stencil(80, 59, 20042, seed);
    if (name == "lhr11c") return process_blocks(10964, 231806, 36, 6, 400, seed);
    if (name == "coupled") return circuit(11341, 97193, {0.12, 0.08, 0.04}, 64, seed);
    throw std::invalid_argument("unknown stand-in matrix '" + name + "' (shyy41, lhr11c, coupled)");
}

}  // namespace vp::workload
