// Synthetic relational graphs and the R-GCN layer (matrices, X, q, p, reference result) for the
// rgcn workload. This file is compiled with -ffp-contract=off: rgcn_reference() must round every
// multiplication and addition to double, exactly as the firmware does.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <numeric>
#include <stdexcept>
#include <string>
#include <unordered_set>
#include "models/common/prng.h"
#include "platform/workload/rgcn.h"
#include "vp/rgcn_data.h"

namespace vp::workload {
namespace {

// Inverse-CDF sampling over fixed weights.
class WeightedSampler {
public:
    explicit WeightedSampler(const std::vector<double>& w) : cdf_(w.size()) {
        double acc = 0;
        for (size_t i = 0; i < w.size(); ++i) cdf_[i] = (acc += w[i]);
    }
    uint32_t draw(Xoshiro256& rng) const {
        const double u = rng.unit() * cdf_.back();
        const auto it = std::upper_bound(cdf_.begin(), cdf_.end(), u);
        return uint32_t(std::min<size_t>(size_t(it - cdf_.begin()), cdf_.size() - 1));
    }

private:
    std::vector<double> cdf_;
};

[[noreturn]] void bad(const std::string& field, const std::string& why) {
    throw std::invalid_argument("synthetic." + field + ": " + why);
}

}  // namespace

RelationalGraph synthetic_relational_graph(const SyntheticSpec& s) {
    if (s.entities < 2) bad("entities", "must be at least 2");
    if (s.relations < 1) bad("relations", "must be at least 1");
    if (!(s.exponent > 1.0)) bad("exponent", "must be greater than 1");
    if (!(s.relation_skew >= 0.0)) bad("relation_skew", "must be at least 0");
    if (s.edges < s.entities)
        bad("edges", std::to_string(s.edges) + " is fewer than entities (" + std::to_string(s.entities) +
                         "): every entity needs an edge");
    const double possible = double(s.entities) * double(s.entities - 1) * double(s.relations);
    if (double(s.edges) > possible / 4)
        bad("edges", std::to_string(s.edges) + " is more than a quarter of all " + std::to_string(uint64_t(possible)) +
                         " possible triples");

    Xoshiro256 rng(s.seed);
    const uint32_t n = s.entities, R = s.relations;
    // Random ranking: rank[k] = entity with the k-th largest weight.
    std::vector<uint32_t> rank(n);
    std::iota(rank.begin(), rank.end(), 0u);
    for (uint32_t i = n - 1; i > 0; --i) std::swap(rank[i], rank[rng.below(uint64_t(i) + 1)]);
    std::vector<double> w(n);
    const double a = 1.0 / (s.exponent - 1.0);
    for (uint32_t k = 0; k < n; ++k) w[rank[k]] = std::pow(double(k) + 1.0, -a);
    std::vector<double> wr(R);
    for (uint32_t r = 0; r < R; ++r) wr[r] = std::pow(double(r) + 1.0, -s.relation_skew);
    const WeightedSampler ent(w), rel(wr);

    RelationalGraph g;
    g.entities.resize(n);
    for (uint32_t i = 0; i < n; ++i) g.entities[i] = "<urn:vp:e" + std::to_string(i) + ">";
    g.relations.resize(R);
    for (uint32_t r = 0; r < R; ++r) g.relations[r] = "<urn:vp:r" + std::to_string(r) + ">";
    g.edges.reserve(s.edges);
    std::unordered_set<uint64_t> seen;
    seen.reserve(s.edges * 2);
    std::vector<bool> has_edge(n, false);
    auto add = [&](uint32_t sub, uint32_t r, uint32_t obj) {
        if (sub == obj) return false;
        const uint64_t key = (uint64_t(sub) * R + r) * n + obj;
        if (!seen.insert(key).second) return false;
        g.edges.push_back(Triple{sub, r, obj});
        has_edge[sub] = has_edge[obj] = true;
        return true;
    };
    auto next_relation = [&]() { return g.edges.size() < R ? uint32_t(g.edges.size()) : rel.draw(rng); };

    // 1. Every entity gets an edge.
    std::vector<uint32_t> order(n);
    std::iota(order.begin(), order.end(), 0u);
    for (uint32_t i = n - 1; i > 0; --i) std::swap(order[i], order[rng.below(uint64_t(i) + 1)]);
    for (uint32_t v : order) {
        for (int tries = 0; !has_edge[v]; ++tries) {
            if (tries > 1000) bad("edges", "cannot connect every entity (graph too dense?)");
            const uint32_t other = ent.draw(rng), r = next_relation();
            if (rng.below(2))
                add(v, r, other);
            else
                add(other, r, v);
        }
    }
    // 2. The rest by weight.
    uint64_t tries = 0;
    while (g.edges.size() < s.edges) {
        if (++tries > 100 * s.edges) bad("edges", "too many repeated triples; lower edges or the exponent");
        const uint32_t sub = ent.draw(rng), r = rel.draw(rng), obj = ent.draw(rng);
        add(sub, r, obj);
    }
    return g;
}

uint64_t RgcnLayer::total_nnz() const {
    uint64_t t = 0;
    for (const auto& m : mats) t += m.row.size();
    return t;
}

namespace {

// A feature value in [-1, 1) with 53 random bits, a pure function of (seed, entity, k).
double feature_value(uint64_t seed, uint32_t entity, uint32_t k) {
    uint64_t st = seed * 0x9E3779B97F4A7C15ull ^ (uint64_t(entity) << 24 | k);
    const uint64_t h = splitmix64(st);
    return double(h >> 11) * 0x1.0p-53 * 2.0 - 1.0;
}

// Row-normalised values 1/c (c = entries in the row) for a row-ascending COO.
std::vector<double> row_normalised(const std::vector<uint32_t>& row) {
    std::vector<double> v(row.size());
    for (size_t b = 0; b < row.size();) {
        size_t e = b;
        while (e < row.size() && row[e] == row[b]) ++e;
        const double c = 1.0 / double(e - b);
        for (size_t k = b; k < e; ++k) v[k] = c;
        b = e;
    }
    return v;
}

}  // namespace

RgcnLayer build_rgcn_layer(const RelationalGraph& g, bool sort, uint32_t d, uint32_t max_p, uint64_t x_seed) {
    if (d == 0) throw std::invalid_argument("dim must be at least 1");
    RgcnLayer L;
    L.n = g.num_entities();
    L.d = d;
    L.relations = g.num_relations();
    L.max_p = max_p;
    L.sorted = sort;
    L.row_doubles = (d + 7) / 8 * 8;

    const std::vector<uint64_t> q = access_counts(g);
    const std::vector<uint32_t> by_q = degree_renumbering(q);  // entity -> rank by q
    std::vector<uint32_t> new_id(L.n);
    if (sort)
        new_id = by_q;
    else
        std::iota(new_id.begin(), new_id.end(), 0u);
    L.vertex_id.resize(L.n);
    for (uint32_t e = 0; e < L.n; ++e) L.vertex_id[new_id[e]] = e;
    L.q = permute(q, new_id);
    // eq. (5) is defined over the q-descending order; an unsorted layer keeps each vertex's value.
    const std::vector<uint32_t> p_sorted = pb_priorities(permute(q, by_q), max_p);
    L.p.resize(L.n);
    for (uint32_t e = 0; e < L.n; ++e) L.p[new_id[e]] = p_sorted[by_q[e]];

    // A_r and A_r^T (the transpose is A_r of the reversed triples), row-ascending.
    const std::vector<CooPattern> fwd = renumbered_adjacency(g, new_id);
    RelationalGraph rev;
    rev.entities.resize(L.n);
    rev.relations.resize(L.relations);
    rev.edges.reserve(g.edges.size());
    for (const Triple& t : g.edges) rev.edges.push_back(Triple{t.o, t.r, t.s});
    const std::vector<CooPattern> bwd = renumbered_adjacency(rev, new_id);
    for (uint32_t r = 0; r < L.relations; ++r) {
        for (int t = 0; t < 2; ++t) {
            const CooPattern& c = t == 0 ? fwd[r] : bwd[r];
            SparseMatrix m;
            m.kind = t == 0 ? RGCN_MAT_ADJ : RGCN_MAT_TRANSPOSE;
            m.relation = r;
            m.row = c.row;
            m.col = c.col;
            m.val = row_normalised(m.row);
            L.mats.push_back(std::move(m));
        }
    }
    SparseMatrix e;
    e.kind = RGCN_MAT_IDENTITY;
    L.mats.push_back(std::move(e));

    L.x.assign(size_t(L.n) * L.row_doubles, 0.0);
    for (uint32_t i = 0; i < L.n; ++i)
        for (uint32_t k = 0; k < d; ++k) L.x[size_t(i) * L.row_doubles + k] = feature_value(x_seed, L.vertex_id[i], k);
    return L;
}

std::vector<double> rgcn_reference(const RgcnLayer& L) {
    const size_t S = L.row_doubles;
    std::vector<double> y(size_t(L.n) * S, 0.0);
    for (const SparseMatrix& m : L.mats) {
        if (m.kind == RGCN_MAT_IDENTITY) {
            for (uint32_t i = 0; i < L.n; ++i)
                for (uint32_t k = 0; k < L.d; ++k) y[i * S + k] = y[i * S + k] + L.x[i * S + k];
            continue;
        }
        for (size_t j = 0; j < m.row.size(); ++j) {
            double* yr = &y[m.row[j] * S];
            const double* xr = &L.x[m.col[j] * S];
            const double v = m.val[j];
            for (uint32_t k = 0; k < L.d; ++k) {
                const double prod = v * xr[k];
                yr[k] = yr[k] + prod;
            }
        }
    }
    return y;
}

Image build_rgcn_image(const RgcnLayer& L, uint64_t base) {
    auto align = ImageBuilder::align;
    ImageBuilder img(base);
    auto bytes = [](const void* p, size_t n) {
        const uint8_t* b = static_cast<const uint8_t*>(p);
        return std::vector<uint8_t>(b, b + n);
    };
    const uint64_t stride = uint64_t(L.row_doubles) * 8, xy_bytes = uint64_t(L.n) * stride;
    const uint64_t nnz = L.total_nnz();
    rgcn_info_t info{};
    info.magic = RGCN_INFO_MAGIC;
    info.version = RGCN_INFO_VERSION;
    info.n = L.n;
    info.d = L.d;
    info.row_stride = uint32_t(stride);
    info.relations = L.relations;
    info.matrices = uint32_t(L.mats.size());
    info.max_p = L.max_p;
    info.total_nnz = uint32_t(nnz);
    info.rows_off = 0;
    info.cols_off = uint32_t(align(nnz * 4));
    info.vals_off = uint32_t(info.cols_off + align(nnz * 4));
    info.flags = L.output_priority ? RGCN_FLAG_OUTPUT_PRIORITY : 0;
    const uint64_t lines = xy_bytes / 64;
    if (align(base) + 2 * xy_bytes + info.vals_off + nnz * 8 + 8 * lines + 4096 > 0x100000000ull)
        throw std::runtime_error("rgcn data set does not fit below 4 GiB (32-bit addresses)");

    std::vector<uint8_t> hdr = bytes(&info, sizeof info);
    std::vector<uint8_t> adj(info.vals_off + nnz * 8);
    uint32_t first = 0;
    for (const SparseMatrix& M : L.mats) {
        const rgcn_matrix_t e{M.kind, M.relation, first, M.kind == RGCN_MAT_IDENTITY ? L.n : uint32_t(M.row.size())};
        const auto eb = bytes(&e, sizeof e);
        hdr.insert(hdr.end(), eb.begin(), eb.end());
        const size_t k = M.row.size();
        if (k) {
            std::memcpy(adj.data() + info.rows_off + size_t(first) * 4, M.row.data(), k * 4);
            std::memcpy(adj.data() + info.cols_off + size_t(first) * 4, M.col.data(), k * 4);
            std::memcpy(adj.data() + info.vals_off + size_t(first) * 8, M.val.data(), k * 8);
        }
        first += uint32_t(k);
    }
    const uint64_t info_at = img.add("rgcn_info", std::move(hdr));
    const uint64_t adj_bytes = adj.size();
    const uint64_t adj_at = img.add("adj", std::move(adj));
    img.region("adjacency", info_at, adj_at + adj_bytes);
    img.add("features", L.x.data(), xy_bytes, true);
    std::vector<double> poison(size_t(L.n) * L.row_doubles);
    const uint64_t nan_bits = 0x7FF80000DEADBEEFull;  // an unwritten Y cannot pass the check
    for (double& v : poison) std::memcpy(&v, &nan_bits, 8);
    img.add("output", poison.data(), xy_bytes, true);
    // One uint32 per 64-byte line of X, equal for the lines of one vertex.
    const uint32_t lines_per_row = uint32_t(stride / 64);
    // With output priorities the tables go on over Y: row i of Y is accessed q_i times too.
    const size_t per_matrix = size_t(L.n) * lines_per_row;
    std::vector<uint32_t> ac(per_matrix * (L.output_priority ? 2 : 1)), pb(ac.size());
    for (size_t base_line = 0; base_line < ac.size(); base_line += per_matrix)
        for (uint32_t i = 0; i < L.n; ++i)
            for (uint32_t l = 0; l < lines_per_row; ++l) {
                ac[base_line + size_t(i) * lines_per_row + l] = uint32_t(std::min<uint64_t>(L.q[i], 0xFFFFFFFFull));
                pb[base_line + size_t(i) * lines_per_row + l] = L.p[i];
            }
    const uint64_t ac_at = img.add("prio_ac", ac);
    const uint64_t pb_at = img.add("prio_pb", pb);
    img.region("priority", ac_at, pb_at + pb.size() * 4);
    return img.take();
}

}  // namespace vp::workload
