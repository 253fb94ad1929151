// GCN aggregation workload (docs/gcn.md): Y = Â·X of one layer on the CPU (firmware/programs/gcn),
// with feature slicing, vertex tiling and automatic tile morphing; data layout in include/vp/gcn_data.h.
// The graph is a power-law stand-in for Cora, Citeseer or Pokec (preset sizes, optionally scaled
// down), a power-law graph of any size, or a Graph500 Kronecker graph. The firmware's Y must equal the
// host reference bit for bit, whatever the kernel.
#include "platform/workload/gcn_workload.h"
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include "platform/loader.h"
#include "vp/gcn_data.h"

namespace vp {

namespace {
const std::vector<std::string> kKernels = {"baseline", "vt", "fs", "fsvt", "atm"};
}  // namespace

void GcnConfig::params(config::Params& p) {
    using config::Kind;
    p.choice(graph, "graph", {"cora", "citeseer", "pokec", "pokec_sbm", "powerlaw", "kronecker"},
             "cora, citeseer, pokec: power-law stand-ins with the data sets' vertex and edge counts; pokec_sbm: "
             "Pokec's counts with planted communities (degree-corrected block model, LFR-like community sizes; "
             "docs/gcn.md); powerlaw: vertices/edges/...; kronecker: Graph500 (kronecker_scale, edgefactor)");
    p.add(scale_down, "scale_down", Kind::Int, "",
          "cora/citeseer/pokec/pokec_sbm: divide the vertex and edge counts by this")
        .range(1, 1 << 20);
    p.add(mixing, "mixing", Kind::Float, "", "pokec_sbm: fraction of in-arcs drawn from outside the community")
        .range(0, 1);
    p.add(community_order, "community_order", Kind::Bool, "",
          "pokec_sbm: number the vertices community by community (false: a random numbering)");
    p.add(powerlaw.vertices, "vertices", Kind::Int, "", "powerlaw: vertices").range(2, 1u << 31);
    p.add(powerlaw.edges, "edges", Kind::Int, "", "powerlaw: edges (undirected: vertex pairs; directed: arcs)")
        .range(2, 1e12);
    p.add(powerlaw.directed, "directed", Kind::Bool, "", "powerlaw: directed arcs instead of undirected edges");
    p.add(powerlaw.exponent, "exponent", Kind::Float, "",
          "powerlaw: degree power-law exponent (> 1), unless max_degree")
        .range(1.01, 100);
    p.add(powerlaw.max_degree, "max_degree", Kind::Int, "",
          "powerlaw: choose the exponent so that the top vertex expects this (in-)degree; 0 = use exponent")
        .range(0, 1u << 31);
    p.add(powerlaw.isolated, "isolated", Kind::Int, "", "powerlaw: vertices without edges").range(0, 1u << 31);
    p.add(kronecker_scale, "kronecker_scale", Kind::Int, "", "kronecker: 2^SCALE vertices").range(1, 26);
    p.add(edgefactor, "edgefactor", Kind::Int, "", "kronecker: edges per vertex before symmetrising").range(1, 1024);
    p.add(graph_seed, "graph_seed", Kind::Int, "", "seed of the graph generator").at_least(0);
    p.add(features, "features", Kind::Int, "", "F: floats per vertex (a multiple of 16 * slices)").range(16, 65536);
    p.choice(kernel, "kernel", kKernels,
             "baseline (no slicing, no tiling), vt (B_V x B_V tiles), fs (B_F slices), fsvt (both), atm (B_F "
             "slices, tiling by automatic tile morphing)");
    p.add(slices, "slices", Kind::Int, "", "B_F: feature slices (fs, fsvt, atm); each slice whole 64-byte lines")
        .range(1, 4096);
    p.add(tiles, "tiles", Kind::Int, "", "B_V: tiles per dimension (vt, fsvt), a power of two up to 64").range(1, 64);
    p.add(fine, "fine", Kind::Bool, "", "atm: fine morphing (split, then merge strips) after the coarse phase");
    p.add(out_features, "out_features", Kind::Int, "",
          "the layer's combination Z = Y·W after the aggregation: columns of W (0: aggregation only; on the "
          "combination engine when the platform has one, else on the CPU)")
        .range(0, 4096);
    p.add(seed, "seed", Kind::Int, "", "seed of the feature values X (and of W)").at_least(0);
    workload::GcnRun r;
    for (uint32_t i = 0; i < kKernels.size(); ++i)
        if (kernel == kKernels[i]) r.kernel = i;
    r.slices = slices;
    r.tiles = tiles;
    const std::string why = workload::check_run(features, r);  // "key: reason"
    if (!why.empty()) p.rule(false, why.substr(0, why.find(": ")), why.substr(why.find(": ") + 2));
}

WorkloadCost GcnConfig::cost() const {
    uint64_t n = 0, m = 0, scratch = 0;  // vertices, arcs (an upper bound), generator bytes per arc
    if (graph == "kronecker") {
        n = uint64_t(1) << kronecker_scale;
        m = 2 * n * edgefactor;  // symmetrised, before duplicates are merged
        scratch = 24;
    } else if (graph == "pokec_sbm") {
        try {
            const workload::CommunitySpec s = workload::pokec_community_spec(scale_down, graph_seed);
            n = s.vertices;
            m = s.edges;
        } catch (const std::invalid_argument&) {
            return {};
        }
        scratch = 0;  // built straight into the CSC: no arcs; per vertex below
    } else {
        workload::PowerLawSpec s = powerlaw;
        if (graph != "powerlaw") {
            try {
                s = workload::preset_graph(graph, scale_down, graph_seed);
            } catch (const std::invalid_argument&) {
                return {};  // the constructor reports it
            }
        }
        n = s.vertices;
        m = s.directed ? s.edges : 2 * s.edges;
        scratch = 32;  // the generator's edge keys and merged batches
    }
    const uint64_t nf = n * uint64_t(features);
    WorkloadCost c;
    // graph (colptr, rowidx and weight with the self-loops), features X, output Y, cursor
    c.image_bytes = 4 * (n + 1) + 8 * (m + n) + 8 * nf + 4 * n + 4 * (uint64_t(features) + n) * out_features;
    // the image and its copy in simulated memory; on the host the arcs (and a sorted copy), the graph,
    // X, the reference Y, the sliced X; per vertex the generator's rankings, weights and samplers
    c.host_bytes =
        2 * c.image_bytes + (graph == "pokec_sbm" ? 0 : 16 * m) + scratch * m + 12 * (m + n) + 12 * nf + 96 * n;
    return c;
}

GcnWorkload::GcnWorkload(const GcnConfig& c) {
    std::vector<workload::Edge> arcs;
    uint32_t n = 0;
    try {
        if (c.graph == "pokec_sbm") {
            workload::CommunitySpec s = workload::pokec_community_spec(c.scale_down, c.graph_seed);
            s.mixing = c.mixing;
            s.community_order = c.community_order;
            graph_ = workload::community_graph(s);
            n = s.vertices;
            source_ = "pokec-sbm" + (c.scale_down > 1 ? " / " + std::to_string(c.scale_down) : std::string());
        } else if (c.graph == "kronecker") {
            workload::KroneckerOptions o;
            o.scale = c.kronecker_scale;
            o.edgefactor = c.edgefactor;
            o.seed = c.graph_seed;
            arcs = workload::kronecker_arcs(o);
            n = uint32_t(1u << o.scale);
            source_ = "kronecker SCALE " + std::to_string(o.scale);
        } else {
            workload::PowerLawSpec s = c.powerlaw;
            s.seed = c.graph_seed;
            if (c.graph == "powerlaw") {
                source_ = "power-law";
            } else {
                s = workload::preset_graph(c.graph, c.scale_down, c.graph_seed);
                source_ = c.graph + "-like" + (c.scale_down > 1 ? " / " + std::to_string(c.scale_down) : std::string());
            }
            arcs = workload::powerlaw_arcs(s);
            n = s.vertices;
        }
    } catch (const std::invalid_argument& e) {
        throw std::invalid_argument(std::string("gcn.") + e.what());
    }
    if (c.graph != "pokec_sbm") graph_ = workload::build_gcn_graph(n, arcs);
    f_ = c.features;
    for (uint32_t i = 0; i < kKernels.size(); ++i)
        if (c.kernel == kKernels[i]) run_.kernel = i;
    run_.slices = c.slices;
    run_.tiles = c.tiles;
    run_.fine = c.fine;
    run_.out_f = c.out_features;
    run_ = workload::effective_run(run_);
    x_ = workload::gcn_features(n, f_, c.seed);
    y_ref_ = workload::gcn_reference(graph_, x_, f_);
    if (run_.out_f) {
        w_ = workload::gcn_weights(f_, run_.out_f, c.seed);
        z_ref_ = workload::gcn_combine_reference(y_ref_, w_, n, f_, run_.out_f);
    }
}

workload::Image GcnWorkload::build_image(uint64_t base) {
    workload::Image img = workload::build_gcn_image(graph_, x_, f_, run_, base, true, w_);
    y_addr_ = img.blob("output").addr;
    if (run_.out_f) z_addr_ = img.blob("combined").addr;
    return img;
}

bool GcnWorkload::check(Loader& loader, std::string& report) {
    const uint32_t n = graph_.n;
    std::vector<float> sliced(size_t(n) * f_);
    loader.read(y_addr_, sliced.data(), sliced.size() * 4, "gcn result Y");
    const std::vector<float> y = workload::from_sliced(sliced, n, f_, run_.slices);
    for (uint32_t v = 0; v < n; ++v)
        for (uint32_t k = 0; k < f_; ++k) {
            uint32_t got, want;
            std::memcpy(&got, &y[size_t(v) * f_ + k], 4);
            std::memcpy(&want, &y_ref_[size_t(v) * f_ + k], 4);
            if (got != want) {
                char buf[200];
                std::snprintf(buf, sizeof buf, "Y[%u][%u] = %.9g (0x%08x), reference %.9g (0x%08x)", v, k,
                              double(y[size_t(v) * f_ + k]), got, double(y_ref_[size_t(v) * f_ + k]), want);
                report = buf;
                return false;
            }
        }
    report = "Y matches the host reference bit for bit (" + std::to_string(n) + " x " + std::to_string(f_) + " floats)";
    if (!run_.out_f) return true;
    const uint32_t nf = run_.out_f;
    std::vector<float> z(size_t(n) * nf);
    loader.read(z_addr_, z.data(), z.size() * 4, "gcn result Z");
    for (size_t i = 0; i < z.size(); ++i)
        if (std::memcmp(&z[i], &z_ref_[i], 4) != 0) {
            uint32_t got, want;
            std::memcpy(&got, &z[i], 4);
            std::memcpy(&want, &z_ref_[i], 4);
            char buf[200];
            std::snprintf(buf, sizeof buf, "Z[%zu][%zu] = %.9g (0x%08x), reference %.9g (0x%08x)", i / nf, i % nf,
                          double(z[i]), got, double(z_ref_[i]), want);
            report = buf;
            return false;
        }
    report += "; Z = Y·W matches bit for bit (" + std::to_string(n) + " x " + std::to_string(nf) + " floats)";
    return true;
}

std::string GcnWorkload::describe() const {
    const workload::DegreeStats d = workload::degree_stats(graph_);
    char buf[300];
    std::snprintf(buf, sizeof buf,
                  "gcn %s: %u vertices, %llu arcs (mean in-degree %.2f, max %u), F = %u, kernel %s, B_F = %u, "
                  "B_V = %u",
                  source_.c_str(), graph_.n, (unsigned long long)graph_.arcs, d.mean, d.max, f_,
                  kKernels[run_.kernel].c_str(), run_.slices, run_.tiles);
    return run_.out_f ? buf + (", Z = Y·W with " + std::to_string(run_.out_f) + " output features") : buf;
}

}  // namespace vp
