// GCN aggregation data (platform/workload/gcn.h) and the cost model (gcn_cost.h): graph
// generators, Â in CSC, the reference, the sliced layout, the memory image, eq. 2/3/6 by hand.
#include <catch2/catch.hpp>
#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <set>
#include "platform/workload/gcn.h"
#include "platform/workload/gcn_cost.h"
#include "vp/gcn_data.h"

using namespace vp::workload;

TEST_CASE("power-law graphs: exact counts, no self-loops or repeats, isolated vertices, deterministic") {
    PowerLawSpec s;
    s.vertices = 500;
    s.edges = 2000;
    s.isolated = 7;
    s.exponent = 2.2;
    const std::vector<Edge> a = powerlaw_arcs(s);
    CHECK(a.size() == 4000);  // undirected: both arcs
    CHECK(std::is_sorted(a.begin(), a.end()));
    std::set<Edge> seen(a.begin(), a.end());
    CHECK(seen.size() == a.size());
    std::vector<int> deg(500, 0);
    for (const Edge& e : a) {
        CHECK(e.first != e.second);
        CHECK(seen.count({e.second, e.first}) == 1);  // symmetric
        ++deg[e.first];
    }
    CHECK(std::count(deg.begin(), deg.end(), 0) == 7);
    CHECK(powerlaw_arcs(s) == a);
    s.seed = 2;
    CHECK(powerlaw_arcs(s) != a);

    PowerLawSpec d;
    d.vertices = 1000;
    d.edges = 6000;
    d.directed = true;
    const std::vector<Edge> b = powerlaw_arcs(d);
    CHECK(b.size() == 6000);
    CHECK(std::set<Edge>(b.begin(), b.end()).size() == 6000);
}

TEST_CASE("power-law graphs: the exponent follows a max-degree target, a heavy tail") {
    // Cora-sized: 2,708 vertices, 5,278 edges, top expected degree 168.
    const PowerLawSpec s = preset_graph("cora");
    double exponent = 0;
    const std::vector<Edge> a = powerlaw_arcs(s, &exponent);
    CHECK(a.size() == 2 * 5278);
    CHECK(exponent > 1.5);
    CHECK(exponent < 4.0);
    const GcnGraph g = build_gcn_graph(s.vertices, a);
    const DegreeStats d = degree_stats(g);
    CHECK(d.isolated == 0);
    CHECK(d.mean == Approx(2.0 * 5278 / 2708));
    CHECK(d.max > 168 / 2);  // the top vertex's degree is random around its expectation
    CHECK(d.max < 168 * 2);
    // Citeseer keeps its 48 isolated vertices; a scaled Pokec keeps the mean degree.
    CHECK(degree_stats(build_gcn_graph(3327, powerlaw_arcs(preset_graph("citeseer")))).isolated == 48);
    const PowerLawSpec p = preset_graph("pokec", 256);
    CHECK(p.vertices == 6378);
    CHECK(p.edges == 119619);
    CHECK(p.directed);
    CHECK_THROWS_WITH(preset_graph("reddit"), Catch::Contains("preset: 'reddit'"));
    PowerLawSpec bad;
    bad.vertices = 100;
    bad.edges = 50;
    CHECK_THROWS_WITH(powerlaw_arcs(bad), Catch::Contains("edges: 50 is fewer"));
}

TEST_CASE("Â in CSC: self-loops, rows ascending, symmetric normalisation by hand") {
    // Undirected path 0 - 1 - 2 plus arc 3 -> 1 (directed). Columns (in-neighbours + self):
    //   col 0: {0, 1}  d = 2;  col 1: {0, 1, 2, 3}  d = 4;  col 2: {1, 2}  d = 2;  col 3: {3}  d = 1
    const GcnGraph g = build_gcn_graph(4, {{1, 0}, {0, 1}, {2, 1}, {3, 1}, {1, 2}});
    CHECK(g.arcs == 5);
    CHECK(g.colptr == std::vector<uint32_t>{0, 2, 6, 8, 9});
    CHECK(g.rowidx == std::vector<uint32_t>{0, 1, 0, 1, 2, 3, 1, 2, 3});
    CHECK(g.weight[0] == float(1.0 / 2.0));             // (0,0): 1/sqrt(2*2)
    CHECK(g.weight[1] == float(1.0 / std::sqrt(8.0)));  // (1,0): 1/sqrt(4*2)
    CHECK(g.weight[3] == float(1.0 / 4.0));             // (1,1): 1/sqrt(4*4)
    CHECK(g.weight[5] == float(1.0 / std::sqrt(4.0)));  // (3,1): 1/sqrt(1*4)
    CHECK(g.weight[8] == 1.0f);                         // (3,3)
    CHECK_THROWS_WITH(build_gcn_graph(4, {{0, 4}}), Catch::Contains("names a vertex >= 4"));
    CHECK_THROWS_WITH(build_gcn_graph(4, {{2, 2}}), Catch::Contains("self-loop"));
}

TEST_CASE("the reference adds w * x in storage order from 0.0f, rounding each step to float") {
    const GcnGraph g = build_gcn_graph(3, {{1, 0}, {2, 0}, {0, 1}});
    const uint32_t f = 16;
    const std::vector<float> x = gcn_features(3, f, 9);
    for (float v : x) {
        CHECK(v >= -1.0f);
        CHECK(v < 1.0f);
    }
    const std::vector<float> y = gcn_reference(g, x, f);
    for (uint32_t v = 0; v < 3; ++v)
        for (uint32_t k = 0; k < f; ++k) {
            volatile float acc = 0.0f;  // volatile: one rounding per operation, in this order
            for (uint32_t j = g.colptr[v]; j < g.colptr[v + 1]; ++j) {
                volatile float p = g.weight[j] * x[g.rowidx[j] * f + k];
                acc = acc + p;
            }
            CHECK(y[v * f + k] == acc);
        }
}

TEST_CASE("sliced layout: slice s holds rows 0..n-1 of its columns back to back, round trip") {
    const uint32_t n = 3, f = 64;
    std::vector<float> x(n * f);
    for (uint32_t i = 0; i < n * f; ++i) x[i] = float(i);
    const std::vector<float> s = to_sliced(x, n, f, 4);  // w = 16
    CHECK(s[0] == x[0]);
    CHECK(s[16] == x[1 * f + 0]);       // row 1 of slice 0
    CHECK(s[3 * 16] == x[0 * f + 16]);  // slice 1 starts after n rows of 16
    CHECK(s[3 * 16 * 3 + 16 * 2 + 5] == x[2 * f + 48 + 5]);
    CHECK(from_sliced(s, n, f, 4) == x);
    CHECK(to_sliced(x, n, f, 1) == x);
}

TEST_CASE("runs: kernels' effective (B_F, B_V) and the checks naming the field") {
    CHECK(effective_run({GCN_KERNEL_BASELINE, 4, 8, true}).slices == 1);
    CHECK(effective_run({GCN_KERNEL_BASELINE, 4, 8, true}).tiles == 1);
    CHECK(effective_run({GCN_KERNEL_VT, 4, 8, true}).slices == 1);
    CHECK(effective_run({GCN_KERNEL_VT, 4, 8, true}).tiles == 8);
    CHECK(effective_run({GCN_KERNEL_FS, 4, 8, true}).tiles == 1);
    CHECK(effective_run({GCN_KERNEL_FSVT, 4, 8, true}).slices == 4);
    CHECK(check_run(128, {GCN_KERNEL_FSVT, 8, 64, true}).empty());
    CHECK_THAT(check_run(128, {GCN_KERNEL_FS, 16, 1, true}), Catch::StartsWith("slices: 16 slices of 128"));
    CHECK_THAT(check_run(100, {GCN_KERNEL_BASELINE, 1, 1, true}), Catch::StartsWith("features: 100"));
    CHECK_THAT(check_run(128, {GCN_KERNEL_VT, 1, 3, true}), Catch::StartsWith("tiles: 3"));
    CHECK(check_run(128, {GCN_KERNEL_FS, 2, 3, true}).empty());  // FS ignores tiles
}

TEST_CASE("combination: W and a poisoned Z after the aggregation's blobs; Z = Y W summed k ascending") {
    const GcnGraph g = build_gcn_graph(5, {{0, 1}, {1, 0}, {3, 4}});
    const uint32_t f = 32, out_f = 3;
    const std::vector<float> x = gcn_features(5, f, 1), w = gcn_weights(f, out_f, 1);
    CHECK(w != gcn_features(f, out_f, 1));  // its own stream, not X's numbers again
    GcnRun run{GCN_KERNEL_FSVT, 2, 4, false};
    const Image plain = build_gcn_image(g, x, f, run, 0x80001010);
    run.out_f = out_f;
    CHECK_THROWS_AS(build_gcn_image(g, x, f, run, 0x80001010), std::invalid_argument);  // W missing
    const Image img = build_gcn_image(g, x, f, run, 0x80001010, true, w);
    gcn_info_t info;
    std::memcpy(&info, img.blob("gcn_info").data.data(), sizeof info);
    CHECK(info.out_f == out_f);
    for (const char* name : {"graph", "features", "output", "cursor"})  // the aggregation's layout unchanged
        CHECK(img.blob(name).addr == plain.blob(name).addr);
    CHECK(img.blob("weights").data.size() == f * out_f * 4);
    CHECK(std::memcmp(img.blob("weights").data.data(), w.data(), f * out_f * 4) == 0);
    const std::vector<uint8_t>& z = img.blob("combined").data;
    REQUIRE(z.size() == 5 * out_f * 4);
    for (size_t i = 0; i < z.size(); i += 4) {
        float v;
        std::memcpy(&v, &z[i], 4);
        CHECK(std::isnan(v));
    }
    // The reference against a plain double loop (close) and the rounding order (exact: k ascending).
    const std::vector<float> y = gcn_reference(g, x, f), zr = gcn_combine_reference(y, w, 5, f, out_f);
    for (uint32_t v = 0; v < 5; ++v)
        for (uint32_t j = 0; j < out_f; ++j) {
            float s = 0.0f;
            double d = 0.0;
            for (uint32_t k = 0; k < f; ++k) {
                const float p = y[v * f + k] * w[k * out_f + j];
                s = s + p;
                d += double(y[v * f + k]) * w[k * out_f + j];
            }
            CHECK(zr[v * out_f + j] == s);
            CHECK(std::abs(zr[v * out_f + j] - d) < 1e-4);
        }
}

TEST_CASE("memory image: blobs, header, sliced X, poisoned Y, regions") {
    const GcnGraph g = build_gcn_graph(5, {{0, 1}, {1, 0}, {3, 4}});
    const uint32_t f = 32;
    const std::vector<float> x = gcn_features(5, f, 1);
    const Image img = build_gcn_image(g, x, f, {GCN_KERNEL_FSVT, 2, 4, false}, 0x80001010);
    const ImageBlob& hb = img.blob("gcn_info");
    CHECK(hb.addr == 0x80001040);
    gcn_info_t info;
    std::memcpy(&info, hb.data.data(), sizeof info);
    CHECK(info.magic == GCN_INFO_MAGIC);
    CHECK(info.n == 5);
    CHECK(info.nnz == 8);
    CHECK(info.slices == 2);
    CHECK(info.tiles == 4);
    CHECK(info.unit == 1);
    CHECK(info.flags == 0);
    CHECK(info.rowidx_off == 64);
    CHECK(info.weight_off == 128);
    const ImageBlob& xb = img.blob("features");
    CHECK(xb.addr % 64 == 0);
    CHECK(xb.data.size() == 5 * 32 * 4);
    float v;
    std::memcpy(&v, xb.data.data() + (5 * 16 + 2 * 16) * 4, 4);  // slice 1, row 2, column 16
    CHECK(v == x[2 * f + 16]);
    float poison;
    std::memcpy(&poison, img.blob("output").data.data(), 4);
    CHECK(std::isnan(poison));
    std::map<std::string, std::pair<uint64_t, uint64_t>> regions;
    for (const auto& r : img.regions) regions[r.name] = {r.lo, r.hi};
    CHECK(regions.at("graph").first == hb.addr);
    CHECK(regions.at("features").first == xb.addr);
    CHECK(regions.at("cursor").second - regions.at("cursor").first == 20);
    CHECK_THROWS_AS(build_gcn_image(g, x, f, {GCN_KERNEL_FS, 3, 1, true}, 0), std::invalid_argument);
    // Addresses only (the emulator's view): the same layout without contents.
    const Image addr = build_gcn_image(g, {}, f, {GCN_KERNEL_FSVT, 2, 4, false}, 0x80001010, false);
    REQUIRE(addr.blobs.size() == img.blobs.size());
    for (size_t i = 0; i < img.blobs.size(); ++i) CHECK(addr.blobs[i].addr == img.blobs[i].addr);
    CHECK(addr.blob("features").data.empty());
    REQUIRE(addr.regions.size() == img.regions.size());
    for (size_t i = 0; i < img.regions.size(); ++i) CHECK(addr.regions[i].hi == img.regions[i].hi);
}

TEST_CASE("cost model: eq. 6 by hand, eq. 2 and 3 as its special cases, FS beats VT when |F| > |E|/|V|") {
    // |V| = 1000, |E| = 10000, |F| = 256, B_F = 4, B_V = 2, m = 0.25:
    //   graph  4 * (2 * 1000 + 10000)  =  48,000
    //   input  0.25 * 10000 * 256      = 640,000
    //   output 2 * 1000 * 256          = 512,000
    const GcnCostTerms t = gcn_cost_fv(1000, 10000, 256, 4, 2, 0.25);
    CHECK(t.graph == 48000);
    CHECK(t.input == 640000);
    CHECK(t.output == 512000);
    CHECK(t.total() == 1200000);
    // eq. 2 (VT, B_V = 4): (4*1000 + 10000) + 0.5*10000*256 + 4*1000*256
    CHECK(gcn_cost_vt(1000, 10000, 256, 4, 0.5).total() == 14000 + 1280000 + 1024000);
    // eq. 3 (FS, B_F = 4): 4*(1000 + 10000) + 0.5*10000*256 + 1000*256
    CHECK(gcn_cost_fs(1000, 10000, 256, 4, 0.5).total() == 44000 + 1280000 + 256000);
    CHECK(gcn_working_set(1000, 256, 4, 2) == 32000);
    // eq. 4/5: with the same B and the same miss rate, FS < VT iff |F| > |E|/|V| (= 10 here).
    for (double f : {11.0, 64.0})
        CHECK(gcn_cost_fs(1000, 10000, f, 4, 0.3).total() < gcn_cost_vt(1000, 10000, f, 4, 0.3).total());
    for (double f : {4.0, 9.0})
        CHECK(gcn_cost_fs(1000, 10000, f, 4, 0.3).total() > gcn_cost_vt(1000, 10000, f, 4, 0.3).total());
}

TEST_CASE("community graphs (pokec_sbm): exact sizes, the in-degree law, planted communities, determinism") {
    // The full-size spec has Pokec's counts; the generator itself is checked on Pokec / 64.
    const CommunitySpec full = pokec_community_spec();
    CHECK(full.vertices == 1632803);
    CHECK(full.edges == 30622564);
    CHECK(full.max_degree == 10000);
    const CommunitySpec s = pokec_community_spec(64, 7);
    CHECK(s.vertices == 25513);
    CHECK(s.edges == 478478);
    CommunityStats st;
    const GcnGraph g = community_graph(s, &st);
    CHECK(g.n == s.vertices);
    CHECK(g.arcs == s.edges);
    CHECK(g.nnz() == s.edges + s.vertices);  // + one self-loop per column
    // Every column: rows strictly ascending (no repeat), its self-loop, no other v -> v.
    for (uint32_t v = 0; v < g.n; ++v) {
        bool self = false;
        for (uint32_t k = g.colptr[v]; k < g.colptr[v + 1]; ++k) {
            if (k > g.colptr[v]) REQUIRE(g.rowidx[k] > g.rowidx[k - 1]);
            self |= g.rowidx[k] == v;
        }
        REQUIRE(self);
    }
    // In-degrees: mean exactly |E|/|V|; the top one is the target (cumulative rounding: +-1); the law
    // is a power law with the calibrated exponent: the count of vertices with in-degree >= d falls as
    // d^-(exponent - 1) (checked between d = 2x and 8x the minimum, within 15 %).
    const DegreeStats d = degree_stats(g);
    CHECK(d.mean == Approx(double(s.edges) / s.vertices));
    CHECK(std::abs(int64_t(d.max) - int64_t(s.max_degree)) <= 1);
    CHECK(st.exponent > 2.5);
    CHECK(st.exponent < 3.5);
    std::vector<uint32_t> in(g.n);
    uint32_t dmin = UINT32_MAX;
    for (uint32_t v = 0; v < g.n; ++v) dmin = std::min(dmin, in[v] = g.colptr[v + 1] - g.colptr[v] - 1);
    auto at_least = [&](double x) {
        return double(std::count_if(in.begin(), in.end(), [&](uint32_t y) { return y >= x; }));
    };
    const double lo = 2.0 * dmin, hi = 8.0 * dmin;
    CHECK(at_least(lo) / at_least(hi) == Approx(std::pow(hi / lo, st.exponent - 1)).epsilon(0.15));
    // Out-degrees are heavy-tailed too (Chung-Lu weights): the top source has many times the mean.
    std::vector<uint32_t> out(g.n, 0);
    for (uint32_t k = 0; k < g.nnz(); ++k) ++out[g.rowidx[k]];
    CHECK(double(*std::max_element(out.begin(), out.end())) > 20.0 * (1.0 + d.mean));
    // Communities: LFR-like sizes within the bounds; 1 - mixing of the arcs stay inside (within 0.02;
    // the rest can land inside by chance, and a small community hands draws to all vertices).
    CHECK(st.communities > 10);
    std::vector<uint32_t> size(st.communities, 0);
    for (uint32_t c : st.community) ++size[c];
    for (uint32_t z : size) {
        CHECK(z >= s.min_community);
        CHECK(z <= s.max_community + s.min_community);
    }
    const double intra = double(st.intra_arcs) / double(s.edges);
    CHECK(intra == Approx(1.0 - s.mixing).margin(0.02));
    uint64_t counted = 0;  // the reported count is what the graph holds
    for (uint32_t v = 0; v < g.n; ++v)
        for (uint32_t k = g.colptr[v]; k < g.colptr[v + 1]; ++k)
            counted += g.rowidx[k] != v && st.community[g.rowidx[k]] == st.community[v];
    CHECK(counted == st.intra_arcs);
    // Determinism: same seed, same graph (bits of the weights too); another seed, another graph.
    const GcnGraph again = community_graph(s);
    CHECK(again.colptr == g.colptr);
    CHECK(again.rowidx == g.rowidx);
    CHECK(std::memcmp(again.weight.data(), g.weight.data(), g.weight.size() * 4) == 0);
    CHECK(community_graph(pokec_community_spec(64, 8)).rowidx != g.rowidx);
    // Weights: Â's normalisation, as build_gcn_graph (1 / sqrt of the two column lengths).
    const uint32_t v = g.rowidx[g.colptr[100]], u = 100;
    CHECK(g.weight[g.colptr[100]] ==
          float(1.0 / std::sqrt(double(g.colptr[v + 1] - g.colptr[v]) * double(g.colptr[u + 1] - g.colptr[u]))));
    // Community order: members of a community are consecutive vertex numbers.
    CommunitySpec o = s;
    o.community_order = true;
    CommunityStats so;
    community_graph(o, &so);
    CHECK(std::is_sorted(so.community.begin(), so.community.end()));
    CHECK(!std::is_sorted(st.community.begin(), st.community.end()));
    // Bad specs name the field.
    CommunitySpec b = s;
    b.max_degree = s.vertices;
    CHECK_THROWS_WITH(community_graph(b), Catch::Contains("max_degree"));
    b = s;
    b.mixing = 1.5;
    CHECK_THROWS_WITH(community_graph(b), Catch::Contains("mixing"));
}

// Hidden (run by name: test_gcn "[pokec-full]"): the full-size Pokec stand-in, about 5 s and
// 0.35 GB of host memory.
TEST_CASE("community graphs: the full-size Pokec stand-in has Pokec's counts", "[.][pokec-full]") {
    CommunityStats st;
    const CommunitySpec s = pokec_community_spec();
    const GcnGraph g = community_graph(s, &st);
    CHECK(g.n == 1632803);
    CHECK(g.arcs == 30622564);
    CHECK(g.nnz() == 30622564ull + 1632803ull);
    const DegreeStats d = degree_stats(g);
    CHECK(std::abs(int64_t(d.max) - 10000) <= 1);
    CHECK(double(st.intra_arcs) / double(s.edges) == Approx(1.0 - s.mixing).margin(0.02));
    WARN("communities " << st.communities << ", exponent " << st.exponent << ", intra "
                        << double(st.intra_arcs) / double(s.edges) << ", isolated (in) " << d.isolated);
}
