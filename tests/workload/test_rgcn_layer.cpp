// The R-GCN layer of the rgcn workload: synthetic power-law graphs, the matrices the firmware
// multiplies, priorities per vertex, X, and the reference result.
#include <catch2/catch.hpp>
#include <algorithm>
#include <cstring>
#include <cmath>
#include <set>
#include <tuple>
#include "platform/workload/rgcn.h"
#include "vp/rgcn_data.h"

using namespace vp::workload;

namespace {

RelationalGraph tiny() {
    // a -r0-> b, a -r0-> c, c -r1-> b  (entities a=0, b=1, c=2)
    RelationalGraph g;
    g.entities = {"<a>", "<b>", "<c>"};
    g.relations = {"<r0>", "<r1>"};
    g.edges = {{0, 0, 1}, {0, 0, 2}, {2, 1, 1}};
    return g;
}

}  // namespace

TEST_CASE("synthetic graph: exact counts, every entity and relation used, no duplicate or self-loop") {
    SyntheticSpec s;
    s.entities = 3000;
    s.relations = 20;
    s.edges = 12000;
    s.seed = 5;
    const RelationalGraph g = synthetic_relational_graph(s);
    CHECK(g.num_entities() == 3000);
    CHECK(g.num_relations() == 20);
    REQUIRE(g.num_edges() == 12000);
    std::set<std::tuple<uint32_t, uint32_t, uint32_t>> seen;
    std::vector<bool> ent(3000), rel(20);
    for (const Triple& t : g.edges) {
        CHECK(t.s != t.o);
        CHECK(seen.insert({t.s, t.r, t.o}).second);
        ent[t.s] = ent[t.o] = true;
        rel.at(t.r) = true;
    }
    CHECK(std::count(ent.begin(), ent.end(), false) == 0);
    CHECK(std::count(rel.begin(), rel.end(), false) == 0);
}

TEST_CASE("synthetic graph: heavy-tailed access counts, deterministic per seed") {
    SyntheticSpec s;
    s.entities = 5000;
    s.relations = 10;
    s.edges = 20000;
    const RelationalGraph g = synthetic_relational_graph(s);
    std::vector<uint64_t> q = access_counts(g);
    std::sort(q.begin(), q.end());
    // A power law with exponent 2.1 puts the largest degree near N^(1/1.1) times the smallest
    // weight's: hubs of hundreds of accesses against a median of a few (AIFB: median 3, max 1,800+).
    CHECK(q.back() >= 50 * q[q.size() / 2]);
    // The top 1 % of vertices take a large share of all accesses.
    uint64_t total = 0, top = 0;
    for (size_t i = 0; i < q.size(); ++i) {
        total += q[i];
        if (i >= q.size() - q.size() / 100) top += q[i];
    }
    CHECK(double(top) / double(total) > 0.15);
    const RelationalGraph again = synthetic_relational_graph(s);
    CHECK((again.edges.size() == g.edges.size() &&
           std::equal(g.edges.begin(), g.edges.end(), again.edges.begin(),
                      [](const Triple& a, const Triple& b) { return a.s == b.s && a.r == b.r && a.o == b.o; })));
    s.seed = 2;
    const RelationalGraph other = synthetic_relational_graph(s);
    CHECK_FALSE(std::equal(g.edges.begin(), g.edges.end(), other.edges.begin(),
                           [](const Triple& a, const Triple& b) { return a.s == b.s && a.r == b.r && a.o == b.o; }));
}

TEST_CASE("synthetic graph: impossible counts name the field") {
    SyntheticSpec s;
    s.entities = 100;
    s.edges = 50;
    CHECK_THROWS_WITH(synthetic_relational_graph(s),
                      Catch::Contains("synthetic.edges") && Catch::Contains("fewer than entities"));
    s.edges = 100000;
    s.relations = 1;
    CHECK_THROWS_WITH(synthetic_relational_graph(s), Catch::Contains("synthetic.edges") && Catch::Contains("quarter"));
    s.edges = 200;
    s.exponent = 1.0;
    CHECK_THROWS_WITH(synthetic_relational_graph(s), Catch::Contains("synthetic.exponent"));
}

TEST_CASE("layer matrices: A_r and A_r^T per relation, then E, row-normalised values") {
    const RgcnLayer L = build_rgcn_layer(tiny(), false, 3, 10, 1);
    REQUIRE(L.mats.size() == 5);
    CHECK(L.row_doubles == 8);  // 3 doubles padded to one 64-byte line
    const SparseMatrix& a0 = L.mats[0];
    CHECK(a0.kind == RGCN_MAT_ADJ);
    CHECK(a0.row == std::vector<uint32_t>{0, 0});
    CHECK(a0.col == std::vector<uint32_t>{1, 2});
    CHECK(a0.val == std::vector<double>{0.5, 0.5});  // row a has 2 entries: 1/c = 1/2
    const SparseMatrix& a0t = L.mats[1];
    CHECK(a0t.kind == RGCN_MAT_TRANSPOSE);
    CHECK(a0t.row == std::vector<uint32_t>{1, 2});
    CHECK(a0t.col == std::vector<uint32_t>{0, 0});
    CHECK(a0t.val == std::vector<double>{1.0, 1.0});
    CHECK((L.mats[2].relation == 1 && L.mats[2].row == std::vector<uint32_t>{2} &&
           L.mats[2].col == std::vector<uint32_t>{1}));
    CHECK((L.mats[3].row == std::vector<uint32_t>{1} && L.mats[3].col == std::vector<uint32_t>{2}));
    CHECK((L.mats[4].kind == RGCN_MAT_IDENTITY && L.mats[4].row.empty()));
    CHECK(L.total_nnz() == 6);
    // q (eq. 4): a: out 2 + 1; b: in 2 + 1; c: in 1, out 1, + 1.
    CHECK(L.q == std::vector<uint64_t>{3, 3, 3});
}

TEST_CASE("reference Y: the firmware's order of operations on a hand-checked graph") {
    const RgcnLayer L = build_rgcn_layer(tiny(), false, 3, 10, 9);
    const std::vector<double> y = rgcn_reference(L);
    auto x = [&](int v, int k) { return L.x[v * 8 + k]; };
    for (int k = 0; k < 3; ++k) {
        // a: A_0 row a (x_b/2 + x_c/2), then E
        CHECK(y[0 * 8 + k] == ((0.0 + 0.5 * x(1, k)) + 0.5 * x(2, k)) + x(0, k));
        // b: A_0^T row b (x_a), A_1^T row b (x_c), E
        CHECK(y[1 * 8 + k] == ((0.0 + 1.0 * x(0, k)) + 1.0 * x(2, k)) + x(1, k));
        // c: A_0^T row c (x_a), A_1 row c (x_b), E
        CHECK(y[2 * 8 + k] == ((0.0 + 1.0 * x(0, k)) + 1.0 * x(1, k)) + x(2, k));
        CHECK(x(0, k) != x(1, k));  // non-trivial features
    }
    for (int v = 0; v < 3; ++v)
        for (int k = 3; k < 8; ++k) CHECK(y[v * 8 + k] == 0.0);  // padding untouched
}

TEST_CASE("degree renumbering permutes X, q, p and Y consistently") {
    SyntheticSpec s;
    s.entities = 400;
    s.relations = 6;
    s.edges = 1500;
    const RelationalGraph g = synthetic_relational_graph(s);
    const RgcnLayer u = build_rgcn_layer(g, false, 16, 10, 3), o = build_rgcn_layer(g, true, 16, 10, 3);
    REQUIRE(o.n == u.n);
    CHECK(std::is_sorted(o.q.begin(), o.q.end(), [](uint64_t a, uint64_t b) { return a > b; }));
    CHECK(o.p.front() == 10);
    CHECK(std::is_sorted(o.p.begin(), o.p.end(), [](uint32_t a, uint32_t b) { return a > b; }));
    const std::vector<double> yu = rgcn_reference(u), yo = rgcn_reference(o);
    double worst = 0;
    for (uint32_t i = 0; i < o.n; ++i) {
        const uint32_t e = o.vertex_id[i];  // entity at sorted index i = unsorted index e
        CHECK(o.q[i] == u.q[e]);
        CHECK(o.p[i] == u.p[e]);
        for (uint32_t k = 0; k < 16; ++k) {
            CHECK(o.x[i * 16 + k] == u.x[e * 16 + k]);
            // Y differs only by summation order after renumbering.
            worst = std::max(worst, std::fabs(yo[i * 16 + k] - yu[e * 16 + k]));
        }
    }
    CHECK(worst < 1e-12);
    CHECK(o.total_nnz() == 2 * g.num_edges());
}

TEST_CASE("AIFB layer: 2R + 1 matrices, 2 |E| nonzeros, q sums to 2 |E| + N") {
    const RelationalGraph g = read_ntriples_gz(VP_DATA_DIR "/rgcn/aifb_stripped.nt.gz");
    const RgcnLayer L = build_rgcn_layer(g, true, 64, 10, 1);
    CHECK(L.mats.size() == 2 * 45 + 1);
    CHECK(L.total_nnz() == 2 * 29043);
    uint64_t qs = 0;
    for (uint64_t v : L.q) qs += v;
    CHECK(qs == 2 * 29043 + 8285);
    CHECK(L.row_doubles == 64);
    for (const SparseMatrix& m : L.mats) CHECK(std::is_sorted(m.row.begin(), m.row.end()));
}

TEST_CASE("memory image: blob order and alignment, header, one table entry per line, output tables") {
    RgcnLayer L = build_rgcn_layer(tiny(), true, 12, 10, 1);  // 12 doubles = 96 B -> 2 lines per row
    Image img = build_rgcn_image(L, 0x81005010);
    const char* order[] = {"rgcn_info", "adj", "features", "output", "prio_ac", "prio_pb"};
    REQUIRE(img.blobs.size() == 6);
    for (size_t i = 0; i < 6; ++i) {
        CHECK(img.blobs[i].name == order[i]);
        CHECK(img.blobs[i].addr % 64 == 0);
        if (i) CHECK(img.blobs[i].addr >= img.blobs[i - 1].addr + img.blobs[i - 1].data.size());
    }
    rgcn_info_t info;
    std::memcpy(&info, img.blob("rgcn_info").data.data(), sizeof info);
    CHECK(info.magic == RGCN_INFO_MAGIC);
    CHECK(info.n == 3);
    CHECK(info.row_stride == 128);
    CHECK(info.matrices == 5);
    CHECK(info.total_nnz == 6);
    CHECK(info.flags == 0);
    CHECK(img.blob("features").data.size() == 3 * 128);
    // prio_ac: 2 entries per vertex, each q of that vertex; prio_pb likewise with p.
    const auto& ac = img.blob("prio_ac").data;
    REQUIRE(ac.size() == 3 * 2 * 4);
    for (uint32_t line = 0; line < 6; ++line) {
        uint32_t v;
        std::memcpy(&v, ac.data() + 4 * line, 4);
        CHECK(v == L.q[line / 2]);
        std::memcpy(&v, img.blob("prio_pb").data.data() + 4 * line, 4);
        CHECK(v == L.p[line / 2]);
    }
    CHECK(img.regions.size() == 4);
    // With output priorities, Y follows X directly and the tables go on over Y with the same values.
    L.output_priority = true;
    img = build_rgcn_image(L, 0x81005000);
    std::memcpy(&info, img.blob("rgcn_info").data.data(), sizeof info);
    CHECK(info.flags == RGCN_FLAG_OUTPUT_PRIORITY);
    CHECK(img.blob("output").addr == img.blob("features").addr + 3 * 128);
    const auto& ac2 = img.blob("prio_ac").data;
    REQUIRE(ac2.size() == 2 * 3 * 2 * 4);
    CHECK(std::equal(ac2.begin(), ac2.begin() + 24, ac2.begin() + 24));
}
