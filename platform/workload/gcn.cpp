// GCN aggregation data: graphs, Â in CSC, features, reference, memory image (gcn.h). Compiled with
// -ffp-contract=off: gcn_reference() must round every multiplication and addition to float, as the
// firmware does.
#include "platform/workload/gcn.h"
#include <algorithm>
#include <cmath>
#include <cstring>
#include <numeric>
#include <stdexcept>
#include "models/common/prng.h"
#include "vp/gcn_data.h"

namespace vp::workload {
namespace {

[[noreturn]] void bad(const std::string& field, const std::string& why) {
    throw std::invalid_argument(field + ": " + why);
}

// sum_{k=1..n} k^-a: exact for the first terms, Euler-Maclaurin for the tail (relative error < 1e-9
// for the sizes used here; only the exponent calibration needs it).
double power_sum(uint64_t n, double a) {
    const uint64_t head = std::min<uint64_t>(n, 4096);
    double s = 0;
    for (uint64_t k = 1; k <= head; ++k) s += std::pow(double(k), -a);
    if (n == head) return s;
    const double lo = double(head), hi = double(n);
    auto integral = [a](double x0, double x1) {
        return std::fabs(a - 1.0) < 1e-12 ? std::log(x1 / x0) : (std::pow(x1, 1 - a) - std::pow(x0, 1 - a)) / (1 - a);
    };
    // sum_{k=head+1..n} f(k) = int_head^n f + (f(n) - f(head)) / 2 + (f'(n) - f'(head)) / 12
    auto f = [a](double x) { return std::pow(x, -a); };
    auto df = [a](double x) { return -a * std::pow(x, -a - 1); };
    return s + integral(lo, hi) + (f(hi) - f(lo)) / 2 + (df(hi) - df(lo)) / 12;
}

// Exponent whose top vertex expects `target` degree: endpoints per edge (2 undirected, 1 directed)
// * edges * w_0 / sum(w), w_k = (k+1)^-a, a = 1 / (exponent - 1).
double calibrate_exponent(uint64_t active, uint64_t edges, bool directed, uint32_t target) {
    const double ends = directed ? double(edges) : 2.0 * double(edges);
    auto top = [&](double a) { return ends / power_sum(active, a); };  // w_0 = 1
    double lo = 0.0, hi = 8.0;                                         // a: flat .. extremely skewed
    if (top(hi) < target) return 1.0 + 1.0 / hi;
    if (top(lo) > target) return 1.0 + 1.0 / 1e-9;
    for (int i = 0; i < 100; ++i) {
        const double mid = (lo + hi) / 2;
        (top(mid) < target ? lo : hi) = mid;
    }
    return 1.0 + 1.0 / ((lo + hi) / 2);
}

// Walker's alias method (Vose's construction): O(1) per draw, for the 61 M draws of a Pokec-sized
// graph. Deterministic: the table depends only on the weights, a draw on two generator outputs.
class WeightedSampler {
public:
    explicit WeightedSampler(const std::vector<double>& w) : prob_(w.size()), alias_(w.size()) {
        const size_t n = w.size();
        double total = 0;
        for (double x : w) total += x;
        std::vector<double> scaled(n);
        std::vector<uint32_t> small, large;
        for (size_t i = 0; i < n; ++i) {
            scaled[i] = w[i] * double(n) / total;
            (scaled[i] < 1.0 ? small : large).push_back(uint32_t(i));
        }
        while (!small.empty() && !large.empty()) {
            const uint32_t s = small.back(), l = large.back();
            small.pop_back();
            prob_[s] = scaled[s];
            alias_[s] = l;
            scaled[l] = (scaled[l] + scaled[s]) - 1.0;
            if (scaled[l] < 1.0) {
                large.pop_back();
                small.push_back(l);
            }
        }
        for (uint32_t i : large) prob_[i] = 1.0, alias_[i] = i;
        for (uint32_t i : small) prob_[i] = 1.0, alias_[i] = i;  // rounding leftovers
    }
    uint32_t draw(Xoshiro256& rng) const {
        const uint32_t i = uint32_t(rng.below(prob_.size()));
        return rng.unit() < prob_[i] ? i : alias_[i];
    }

private:
    std::vector<double> prob_;
    std::vector<uint32_t> alias_;
};

uint64_t key_of(uint32_t u, uint32_t v) { return uint64_t(u) << 32 | v; }

}  // namespace

PowerLawSpec preset_graph(const std::string& name, uint32_t scale_down, uint64_t seed) {
    if (scale_down < 1) bad("scale_down", "must be at least 1");
    PowerLawSpec s;
    s.seed = seed;
    if (name == "cora") {
        s.vertices = 2708;
        s.edges = 5278;
        s.max_degree = 168;
    } else if (name == "citeseer") {
        s.vertices = 3327;
        s.edges = 4552;
        s.max_degree = 99;
        s.isolated = 48;
    } else if (name == "pokec") {
        s.vertices = 1632803;
        s.edges = 30622564;
        s.directed = true;
        s.max_degree = 10000;
    } else {
        bad("preset", "'" + name + "' is not cora, citeseer or pokec");
    }
    if (scale_down > 1) {
        // Same degree law (the full-size exponent), k times fewer vertices and edges.
        s.exponent = calibrate_exponent(s.vertices - s.isolated, s.edges, s.directed, s.max_degree);
        s.max_degree = 0;
        s.vertices = std::max<uint32_t>(2, uint32_t(std::llround(double(s.vertices) / scale_down)));
        s.edges = std::max<uint64_t>(s.vertices, uint64_t(std::llround(double(s.edges) / scale_down)));
        s.isolated = uint32_t(std::llround(double(s.isolated) / scale_down));
    }
    return s;
}

std::vector<Edge> powerlaw_arcs(const PowerLawSpec& s, double* exponent_used) {
    if (s.vertices < 2) bad("vertices", "must be at least 2");
    if (s.isolated > s.vertices - 2) bad("isolated", "leaves fewer than 2 vertices with edges");
    const uint64_t active = s.vertices - s.isolated;
    if (s.edges < active)
        bad("edges",
            std::to_string(s.edges) + " is fewer than the vertices with edges (" + std::to_string(active) + ")");
    const double possible = double(active) * double(active - 1) / (s.directed ? 1.0 : 2.0);
    if (double(s.edges) > possible / 4)
        bad("edges", std::to_string(s.edges) + " is more than a quarter of all " + std::to_string(uint64_t(possible)) +
                         " possible edges");
    if (s.max_degree == 0 && !(s.exponent > 1.0)) bad("exponent", "must be greater than 1");
    const double exponent = s.max_degree ? calibrate_exponent(active, s.edges, s.directed, s.max_degree) : s.exponent;
    if (exponent_used) *exponent_used = exponent;

    Xoshiro256 rng(s.seed);
    const uint32_t n = s.vertices;
    std::vector<uint32_t> perm(n);
    std::iota(perm.begin(), perm.end(), 0u);
    for (uint32_t i = n - 1; i > 0; --i) std::swap(perm[i], perm[rng.below(uint64_t(i) + 1)]);
    std::vector<bool> isolated(n, false);
    for (uint32_t i = 0; i < s.isolated; ++i) isolated[perm[i]] = true;
    // Rankings over the vertices with edges: w = (rank + 1)^-a.
    const double a = 1.0 / (exponent - 1.0);
    auto ranking = [&]() {
        std::vector<uint32_t> r;
        r.reserve(active);
        for (uint32_t v = 0; v < n; ++v)
            if (!isolated[v]) r.push_back(v);
        for (size_t i = r.size() - 1; i > 0; --i) std::swap(r[i], r[rng.below(i + 1)]);
        std::vector<double> w(n, 0.0);
        for (size_t k = 0; k < r.size(); ++k) w[r[k]] = std::pow(double(k) + 1.0, -a);
        return w;
    };
    const WeightedSampler src(ranking());
    const WeightedSampler dst = s.directed ? WeightedSampler(ranking()) : src;
    auto normal = [&](uint32_t u, uint32_t v) { return s.directed || u < v ? key_of(u, v) : key_of(v, u); };

    // 1. Every vertex not isolated gets an edge.
    std::vector<uint64_t> keys;
    std::vector<bool> has_edge(n, false);
    std::vector<uint32_t> order;
    order.reserve(active);
    for (uint32_t i = s.isolated; i < n; ++i) order.push_back(perm[i]);
    for (size_t i = order.size() - 1; i > 0; --i) std::swap(order[i], order[rng.below(i + 1)]);
    for (uint32_t v : order) {
        if (has_edge[v]) continue;
        for (;;) {
            const bool as_source = !s.directed || rng.below(2);
            const uint32_t p = as_source ? dst.draw(rng) : src.draw(rng);
            if (p == v) continue;
            keys.push_back(as_source ? normal(v, p) : normal(p, v));
            has_edge[v] = has_edge[p] = true;
            break;
        }
    }
    std::sort(keys.begin(), keys.end());  // no duplicates: each key holds a vertex that had no edge
    const std::vector<uint64_t> kept = keys;

    // 2. The rest by weight, in batches merged into the sorted set.
    std::vector<uint64_t> batch, merged;
    for (int round = 0; keys.size() < s.edges; ++round) {
        if (round > 200) bad("edges", "too many repeated edges; lower edges or raise the exponent");
        const uint64_t need = s.edges - keys.size();
        batch.clear();
        while (batch.size() < need + need / 16 + 64) {
            const uint32_t u = src.draw(rng), v = dst.draw(rng);
            if (u != v) batch.push_back(normal(u, v));
        }
        std::sort(batch.begin(), batch.end());
        merged.clear();
        merged.reserve(keys.size() + batch.size());
        std::merge(keys.begin(), keys.end(), batch.begin(), batch.end(), std::back_inserter(merged));
        merged.erase(std::unique(merged.begin(), merged.end()), merged.end());
        keys.swap(merged);
    }
    // Too many: drop random ones of step 2 (step 1's edges keep every vertex connected).
    if (keys.size() > s.edges) {
        std::vector<bool> drop(keys.size(), false);
        uint64_t dropped = 0;
        while (keys.size() - dropped > s.edges) {
            const uint64_t i = rng.below(keys.size());
            if (drop[i] || std::binary_search(kept.begin(), kept.end(), keys[i])) continue;
            drop[i] = true;
            ++dropped;
        }
        size_t o = 0;
        for (size_t i = 0; i < keys.size(); ++i)
            if (!drop[i]) keys[o++] = keys[i];
        keys.resize(o);
    }

    std::vector<Edge> arcs;
    arcs.reserve(s.directed ? keys.size() : 2 * keys.size());
    for (uint64_t k : keys) {
        const uint32_t u = uint32_t(k >> 32), v = uint32_t(k);
        arcs.push_back({u, v});
        if (!s.directed) arcs.push_back({v, u});
    }
    if (!s.directed) std::sort(arcs.begin(), arcs.end());
    return arcs;
}

CommunitySpec pokec_community_spec(uint32_t scale_down, uint64_t seed) {
    if (scale_down < 1) bad("scale_down", "must be at least 1");
    CommunitySpec s;
    s.vertices = 1632803;
    s.edges = 30622564;
    s.max_degree = 10000;  // as the `pokec` preset: our assumption (the data set's tail is not at hand)
    s.seed = seed;
    if (scale_down > 1) {
        // Same in-degree exponent as the full-size graph: the top in-degree shrinks with the ranks.
        const double a = 1.0 / (calibrate_exponent(s.vertices, s.edges, true, s.max_degree) - 1.0);
        s.vertices = std::max<uint32_t>(2, uint32_t(std::llround(double(s.vertices) / scale_down)));
        s.edges = std::max<uint64_t>(1, uint64_t(std::llround(double(s.edges) / scale_down)));
        s.max_degree = std::max<uint32_t>(1, uint32_t(std::llround(double(s.edges) / power_sum(s.vertices, a))));
    }
    return s;
}

namespace {
// Vose's alias table over w[0..n) into prob/alias (local indices), as WeightedSampler.
void build_alias(const double* w, size_t n, double* prob, uint32_t* alias, std::vector<uint32_t>& small,
                 std::vector<uint32_t>& large, std::vector<double>& scaled) {
    double total = 0;
    for (size_t i = 0; i < n; ++i) total += w[i];
    scaled.resize(n);
    small.clear();
    large.clear();
    for (size_t i = 0; i < n; ++i) {
        scaled[i] = w[i] * double(n) / total;
        (scaled[i] < 1.0 ? small : large).push_back(uint32_t(i));
    }
    while (!small.empty() && !large.empty()) {
        const uint32_t sm = small.back(), l = large.back();
        small.pop_back();
        prob[sm] = scaled[sm];
        alias[sm] = l;
        scaled[l] = (scaled[l] + scaled[sm]) - 1.0;
        if (scaled[l] < 1.0) {
            large.pop_back();
            small.push_back(l);
        }
    }
    for (uint32_t i : large) prob[i] = 1.0, alias[i] = i;
    for (uint32_t i : small) prob[i] = 1.0, alias[i] = i;
}

uint32_t draw_alias(Xoshiro256& rng, const double* prob, const uint32_t* alias, size_t n) {
    const uint32_t i = uint32_t(rng.below(n));
    return rng.unit() < prob[i] ? i : alias[i];
}

void normalise(GcnGraph& g) {
    g.weight.resize(g.rowidx.size());
    for (uint32_t v = 0; v < g.n; ++v) {
        const double dv = double(g.colptr[v + 1] - g.colptr[v]);
        for (uint32_t k = g.colptr[v]; k < g.colptr[v + 1]; ++k) {
            const uint32_t u = g.rowidx[k];
            const double du = double(g.colptr[u + 1] - g.colptr[u]);
            g.weight[k] = float(1.0 / std::sqrt(du * dv));
        }
    }
}
}  // namespace

GcnGraph community_graph(const CommunitySpec& s, CommunityStats* stats) {
    if (s.vertices < 2) bad("vertices", "must be at least 2");
    if (s.edges < 1) bad("edges", "must be at least 1");
    if (double(s.edges) > double(s.vertices) * double(s.vertices - 1) / 4)
        bad("edges", std::to_string(s.edges) + " is more than a quarter of all possible arcs");
    if (s.max_degree < 1 || s.max_degree > s.vertices / 2) bad("max_degree", "must be between 1 and half the vertices");
    if (!(s.mixing >= 0.0 && s.mixing <= 1.0)) bad("mixing", "must be in [0, 1]");
    if (!(s.community_exponent > 1.0)) bad("community_exponent", "must be greater than 1");
    if (s.min_community < 2 || s.max_community < s.min_community)
        bad("min_community", "needs 2 <= min_community <= max_community");
    const uint32_t n = s.vertices;
    Xoshiro256 rng(s.seed);

    // Communities: LFR-like power-law sizes (inverse CDF of the continuous law), until they cover n.
    std::vector<uint32_t> cstart{0};
    {
        const double t = 1.0 - s.community_exponent, lo = std::pow(double(s.min_community), t),
                     hi = std::pow(double(s.max_community) + 1.0, t);
        uint64_t covered = 0;
        while (covered < n) {
            uint64_t size = uint64_t(std::pow(lo + (hi - lo) * rng.unit(), 1.0 / t));
            size = std::clamp<uint64_t>(size, s.min_community, s.max_community);
            size = std::min<uint64_t>(size, n - covered);
            if (size < s.min_community && cstart.size() > 1) cstart.pop_back();  // joins its predecessor
            covered += size;
            cstart.push_back(uint32_t(covered));
        }
        cstart.back() = n;
    }
    const uint32_t ncomm = uint32_t(cstart.size() - 1);
    // Members: vertex numbers community by community, or a random permutation of them.
    std::vector<uint32_t> member(n), comm(n);
    std::iota(member.begin(), member.end(), 0u);
    if (!s.community_order)
        for (uint32_t i = n - 1; i > 0; --i) std::swap(member[i], member[rng.below(uint64_t(i) + 1)]);
    for (uint32_t c = 0; c < ncomm; ++c)
        for (uint32_t i = cstart[c]; i < cstart[c + 1]; ++i) comm[member[i]] = c;

    // In-degrees: a power law over a random ranking, cumulatively rounded to sum to `edges` exactly.
    const double exponent = calibrate_exponent(n, s.edges, true, s.max_degree);
    const double a = 1.0 / (exponent - 1.0);
    auto ranking = [&]() {
        std::vector<uint32_t> r(n);
        std::iota(r.begin(), r.end(), 0u);
        for (uint32_t i = n - 1; i > 0; --i) std::swap(r[i], r[rng.below(uint64_t(i) + 1)]);
        return r;
    };
    GcnGraph g;
    g.n = n;
    g.colptr.assign(size_t(n) + 1, 0);
    {
        const std::vector<uint32_t> r = ranking();
        double total = 0;
        for (uint32_t k = 0; k < n; ++k) total += std::pow(double(k) + 1.0, -a);
        double cum = 0;
        uint64_t prev = 0;
        for (uint32_t k = 0; k < n; ++k) {
            cum += std::pow(double(k) + 1.0, -a);
            const uint64_t upto =
                k + 1 == n ? s.edges
                           : std::min<uint64_t>(s.edges, uint64_t(std::llround(double(s.edges) * cum / total)));
            g.colptr[r[k] + 1] = uint32_t(std::min<uint64_t>(upto - prev, n - 1));
            prev = upto;
        }
    }
    uint64_t arcs = 0;
    for (uint32_t v = 0; v < n; ++v) arcs += g.colptr[v + 1];
    if (arcs != s.edges) bad("edges", "an in-degree would exceed the vertices; lower max_degree");
    for (uint32_t v = 0; v < n; ++v) g.colptr[v + 1] += g.colptr[v] + 1;  // + the self-loop
    if (g.colptr[n] != s.edges + n || s.edges + n > 0xFFFFFFFFull) bad("edges", "more than 2^32 - 1 nonzeros");
    g.arcs = s.edges;

    // Sources: out-weights by an independent ranking; alias tables per community (over its members)
    // and over all vertices.
    std::vector<double> wout(n);
    {
        const std::vector<uint32_t> r = ranking();
        for (uint32_t k = 0; k < n; ++k) wout[r[k]] = std::pow(double(k) + 1.0, -a);
    }
    std::vector<double> cprob(n), gprob(n), tmpw(n);
    std::vector<uint32_t> calias(n), galias(n), small, large;
    std::vector<double> scaled;
    build_alias(wout.data(), n, gprob.data(), galias.data(), small, large, scaled);
    for (uint32_t i = 0; i < n; ++i) tmpw[i] = wout[member[i]];
    for (uint32_t c = 0; c < ncomm; ++c)
        build_alias(tmpw.data() + cstart[c], cstart[c + 1] - cstart[c], cprob.data() + cstart[c],
                    calias.data() + cstart[c], small, large, scaled);
    std::vector<double>().swap(wout);
    std::vector<double>().swap(tmpw);

    g.rowidx.resize(g.colptr[n]);
    std::vector<uint32_t> stamp(n, 0);  // stamp[u] == v + 1: u is already a source of column v
    uint64_t intra = 0;
    for (uint32_t v = 0; v < n; ++v) {
        const uint32_t c = comm[v], c0 = cstart[c], cn = cstart[c + 1] - c0;
        uint32_t* col = g.rowidx.data() + g.colptr[v];
        const uint32_t d = g.colptr[v + 1] - g.colptr[v] - 1;
        stamp[v] = v + 1;  // no self-loop among the arcs
        col[0] = v;
        for (uint32_t j = 1; j <= d; ++j) {
            uint32_t u = v;
            bool inside = rng.unit() >= s.mixing;
            for (int tries = 0; inside && tries < 16 && stamp[u] == v + 1; ++tries)
                u = member[c0 + draw_alias(rng, cprob.data() + c0, calias.data() + c0, cn)];
            while (stamp[u] == v + 1) u = draw_alias(rng, gprob.data(), galias.data(), n);
            stamp[u] = v + 1;
            intra += comm[u] == c;
            col[j] = u;
        }
        std::sort(col, col + d + 1);
    }
    normalise(g);
    if (stats) {
        stats->communities = ncomm;
        stats->intra_arcs = intra;
        stats->exponent = exponent;
        stats->community = std::move(comm);
    }
    return g;
}

std::vector<Edge> kronecker_arcs(const KroneckerOptions& opt) {
    const CsrMatrix m = kronecker_csr(opt);
    std::vector<Edge> arcs;
    arcs.reserve(m.nnz());
    for (uint32_t r = 0; r < m.rows; ++r)
        for (uint32_t k = m.row_ptr[r]; k < m.row_ptr[r + 1]; ++k)
            if (m.col_idx[k] != r) arcs.push_back({r, m.col_idx[k]});
    return arcs;
}

GcnGraph build_gcn_graph(uint32_t n, const std::vector<Edge>& in) {
    std::vector<Edge> sorted;
    const std::vector<Edge>* arcs = &in;
    if (!std::is_sorted(in.begin(), in.end())) {
        sorted = in;
        std::sort(sorted.begin(), sorted.end());
        arcs = &sorted;
    }
    GcnGraph g;
    g.n = n;
    std::vector<uint64_t> count(size_t(n) + 1, 0);
    for (size_t i = 0; i < arcs->size(); ++i) {
        const Edge& e = (*arcs)[i];
        if (e.first >= n || e.second >= n)
            bad("arcs", "arc " + std::to_string(e.first) + " -> " + std::to_string(e.second) +
                            " names a vertex >= " + std::to_string(n));
        if (e.first == e.second) bad("arcs", "self-loop at " + std::to_string(e.first) + " (Â adds its own)");
        if (i && e == (*arcs)[i - 1]) continue;
        ++count[e.second + 1];
        ++g.arcs;
    }
    for (uint32_t v = 0; v < n; ++v) count[v + 1] += count[v] + 1;  // + the self-loop
    if (count[n] > 0xFFFFFFFFull) bad("arcs", "more than 2^32 - 1 nonzeros");
    g.colptr.assign(count.begin(), count.end());
    g.rowidx.resize(count[n]);
    std::vector<uint32_t> next(g.colptr.begin(), g.colptr.end() - 1);
    // Sources in ascending order, each with its self-loop first: every column fills rows ascending.
    size_t i = 0;
    for (uint32_t u = 0; u < n; ++u) {
        g.rowidx[next[u]++] = u;
        for (; i < arcs->size() && (*arcs)[i].first == u; ++i) {
            if (i && (*arcs)[i] == (*arcs)[i - 1]) continue;
            g.rowidx[next[(*arcs)[i].second]++] = u;
        }
    }
    normalise(g);
    return g;
}

DegreeStats degree_stats(const GcnGraph& g) {
    DegreeStats d;
    uint64_t sum = 0;
    for (uint32_t v = 0; v < g.n; ++v) {
        const uint32_t in = g.colptr[v + 1] - g.colptr[v] - 1;
        d.max = std::max(d.max, in);
        d.isolated += in == 0;
        sum += in;
    }
    d.mean = g.n ? double(sum) / g.n : 0.0;
    return d;
}

std::vector<float> gcn_features(uint32_t n, uint32_t f, uint64_t seed) {
    std::vector<float> x(size_t(n) * f);
    for (uint32_t v = 0; v < n; ++v)
        for (uint32_t k = 0; k < f; ++k) {
            uint64_t st = seed * 0x9E3779B97F4A7C15ull ^ (uint64_t(v) << 16 | k);
            const uint64_t h = splitmix64(st);
            x[size_t(v) * f + k] = float(uint32_t(h >> 40)) * 0x1.0p-23f - 1.0f;  // 24 bits: exact
        }
    return x;
}

std::vector<float> gcn_reference(const GcnGraph& g, const std::vector<float>& x, uint32_t f) {
    std::vector<float> y(size_t(g.n) * f, 0.0f);
    for (uint32_t v = 0; v < g.n; ++v) {
        float* yr = &y[size_t(v) * f];
        for (uint32_t j = g.colptr[v]; j < g.colptr[v + 1]; ++j) {
            const float w = g.weight[j];
            const float* xr = &x[size_t(g.rowidx[j]) * f];
            for (uint32_t k = 0; k < f; ++k) {
                const float p = w * xr[k];
                yr[k] = yr[k] + p;
            }
        }
    }
    return y;
}

std::vector<float> gcn_weights(uint32_t f, uint32_t out_f, uint64_t seed) {
    return gcn_features(f, out_f, seed ^ 0x57E1647Full);  // (another stream than X's of the same seed)
}

std::vector<float> gcn_combine_reference(const std::vector<float>& y, const std::vector<float>& w, uint32_t n,
                                         uint32_t f, uint32_t out_f) {
    std::vector<float> z(size_t(n) * out_f, 0.0f);
    for (uint32_t v = 0; v < n; ++v) {
        float* zr = &z[size_t(v) * out_f];
        for (uint32_t k = 0; k < f; ++k) {
            const float a = y[size_t(v) * f + k];
            const float* wr = &w[size_t(k) * out_f];
            for (uint32_t j = 0; j < out_f; ++j) {
                const float p = a * wr[j];
                zr[j] = zr[j] + p;
            }
        }
    }
    return z;
}

std::vector<float> to_sliced(const std::vector<float>& in, uint32_t n, uint32_t f, uint32_t slices) {
    const uint32_t w = f / slices;
    std::vector<float> out(in.size());
    for (uint32_t v = 0; v < n; ++v)
        for (uint32_t k = 0; k < f; ++k) out[size_t(k / w) * n * w + size_t(v) * w + k % w] = in[size_t(v) * f + k];
    return out;
}

std::vector<float> from_sliced(const std::vector<float>& in, uint32_t n, uint32_t f, uint32_t slices) {
    const uint32_t w = f / slices;
    std::vector<float> out(in.size());
    for (uint32_t v = 0; v < n; ++v)
        for (uint32_t k = 0; k < f; ++k) out[size_t(v) * f + k] = in[size_t(k / w) * n * w + size_t(v) * w + k % w];
    return out;
}

GcnRun effective_run(const GcnRun& r) {
    GcnRun e = r;
    switch (r.kernel) {
        case GCN_KERNEL_BASELINE: e.slices = e.tiles = 1; break;
        case GCN_KERNEL_VT: e.slices = 1; break;
        case GCN_KERNEL_FS: e.tiles = 1; break;
        case GCN_KERNEL_ATM: e.tiles = 1; break;
        default: break;
    }
    return e;
}

std::string check_run(uint32_t f, const GcnRun& r0) {
    const GcnRun r = effective_run(r0);
    if (r.kernel > GCN_KERNEL_ATM) return "kernel: " + std::to_string(r.kernel) + " is not a GCN_KERNEL_*";
    if (f == 0 || f % GCN_SLICE_ALIGN)
        return "features: " + std::to_string(f) + " is not a positive multiple of " + std::to_string(GCN_SLICE_ALIGN) +
               " (64-byte rows)";
    if (r.slices < 1 || f % (GCN_SLICE_ALIGN * r.slices))
        return "slices: " + std::to_string(r.slices) + " slices of " + std::to_string(f) +
               " features are not whole 64-byte lines (" + std::to_string(GCN_SLICE_ALIGN) + " floats) each";
    if (r.tiles < 1 || r.tiles > GCN_UNITS || (r.tiles & (r.tiles - 1)))
        return "tiles: " + std::to_string(r.tiles) + " is not a power of two up to " + std::to_string(GCN_UNITS);
    return "";
}

gcn_info_t gcn_header(const GcnGraph& g, uint32_t f, const GcnRun& run0) {
    const std::string why = check_run(f, run0);
    if (!why.empty()) throw std::invalid_argument(why);
    const GcnRun run = effective_run(run0);
    gcn_info_t info{};
    info.magic = GCN_INFO_MAGIC;
    info.version = GCN_INFO_VERSION;
    info.n = g.n;
    info.nnz = uint32_t(g.nnz());
    info.f = f;
    info.slices = run.slices;
    info.tiles = run.tiles;
    info.kernel = run.kernel;
    info.unit = std::max<uint32_t>(1, (g.n + GCN_UNITS - 1) / GCN_UNITS);
    info.flags = run.fine ? GCN_FLAG_ATM_FINE : 0;
    info.out_f = run.out_f;
    info.colptr_off = 0;
    info.rowidx_off = uint32_t(ImageBuilder::align((uint64_t(g.n) + 1) * 4));
    info.weight_off = uint32_t(info.rowidx_off + ImageBuilder::align(g.nnz() * 4));
    return info;
}

// An output blob the firmware must overwrite: NaNs, so an unwritten element cannot pass the check.
static std::vector<uint8_t> nan_poison(uint64_t bytes) {
    std::vector<uint8_t> poison(bytes);
    const uint32_t nan_bits = 0x7FC0DEADu;
    for (uint64_t i = 0; i < bytes; i += 4) std::memcpy(&poison[i], &nan_bits, 4);
    return poison;
}

Image build_gcn_image(const GcnGraph& g, const std::vector<float>& x, uint32_t f, const GcnRun& run, uint64_t base,
                      bool with_data, const std::vector<float>& w) {
    const gcn_info_t info = gcn_header(g, f, run);
    if (with_data && x.size() != size_t(g.n) * f) throw std::invalid_argument("features: X is not n x f");
    const uint64_t nnz = g.nnz(), xy = uint64_t(g.n) * f * 4, graph_bytes = info.weight_off + nnz * 4;
    ImageBuilder b(base);
    const uint64_t info_at = b.add("gcn_info", &info, sizeof info);
    uint64_t graph_at;
    if (with_data) {
        std::vector<uint8_t> graph(graph_bytes, 0);
        std::memcpy(graph.data() + info.colptr_off, g.colptr.data(), g.colptr.size() * 4);
        std::memcpy(graph.data() + info.rowidx_off, g.rowidx.data(), nnz * 4);
        std::memcpy(graph.data() + info.weight_off, g.weight.data(), nnz * 4);
        graph_at = b.add("graph", std::move(graph));
    } else {
        graph_at = b.reserve("graph", graph_bytes);
    }
    b.region("graph", info_at, graph_at + graph_bytes);
    if (with_data) {
        b.add("features", to_sliced(x, g.n, f, info.slices), true);
        b.add("output", nan_poison(xy), true);
        b.add("cursor", std::vector<uint8_t>(size_t(g.n) * 4), true);
    } else {
        b.reserve("features", xy, true);
        b.reserve("output", xy, true);
        b.reserve("cursor", uint64_t(g.n) * 4, true);
    }
    if (info.out_f) {
        const uint64_t wb = uint64_t(f) * info.out_f * 4, zb = uint64_t(g.n) * info.out_f * 4;
        if (with_data) {
            if (w.size() != size_t(f) * info.out_f) throw std::invalid_argument("weights: W is not f x out_f");
            b.add("weights", w, true);
            b.add("combined", nan_poison(zb), true);
        } else {
            b.reserve("weights", wb, true);
            b.reserve("combined", zb, true);
        }
    }
    return b.take();
}

}  // namespace vp::workload
