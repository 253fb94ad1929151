// GCN aggregation workload (seed 003, docs/gcn.md): Y = Â·X of one layer on the CPU
// (firmware/programs/gcn), with feature slicing, vertex tiling and automatic tile morphing; data
// layout in include/vp/gcn_data.h. The graph is a power-law stand-in for Cora, Citeseer or Pokec
// (preset sizes, optionally scaled down), a power-law graph of any size, or a Graph500 Kronecker
// graph. The firmware's Y must equal the host reference bit for bit, whatever the kernel.
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include "platform/config/schema.h"
#include "platform/loader.h"
#include "platform/workload/gcn.h"
#include "platform/workload/gcn_workload.h"
#include "vp/gcn_data.h"

namespace vp {
namespace {

const char* const kKernels[] = {"baseline", "vt", "fs", "fsvt", "atm"};

class GcnWorkload : public Workload {
public:
    explicit GcnWorkload(const nlohmann::json& j) {
        const std::string kind = j.at("graph").get<std::string>();
        const uint64_t gseed = j.at("graph_seed").get<uint64_t>();
        std::vector<workload::Edge> arcs;
        uint32_t n = 0;
        try {
            if (kind == "kronecker") {
                workload::KroneckerOptions o;
                o.scale = j.at("kronecker_scale").get<uint32_t>();
                o.edgefactor = j.at("edgefactor").get<uint32_t>();
                o.seed = gseed;
                arcs = workload::kronecker_arcs(o);
                n = uint32_t(1u << o.scale);
                source_ = "kronecker SCALE " + std::to_string(o.scale);
            } else {
                workload::PowerLawSpec s;
                if (kind == "powerlaw") {
                    s.vertices = j.at("vertices").get<uint32_t>();
                    s.edges = j.at("edges").get<uint64_t>();
                    s.directed = j.at("directed").get<bool>();
                    s.exponent = j.at("exponent").get<double>();
                    s.max_degree = j.at("max_degree").get<uint32_t>();
                    s.isolated = j.at("isolated").get<uint32_t>();
                    s.seed = gseed;
                    source_ = "power-law";
                } else {
                    const uint32_t k = j.at("scale_down").get<uint32_t>();
                    s = workload::preset_graph(kind, k, gseed);
                    source_ = kind + "-like" + (k > 1 ? " / " + std::to_string(k) : std::string());
                }
                arcs = workload::powerlaw_arcs(s);
                n = s.vertices;
            }
        } catch (const std::invalid_argument& e) {
            throw std::invalid_argument(std::string("gcn.") + e.what());
        }
        graph_ = workload::build_gcn_graph(n, arcs);
        f_ = j.at("features").get<uint32_t>();
        const std::string k = j.at("kernel").get<std::string>();
        for (uint32_t i = 0; i < 5; ++i)
            if (k == kKernels[i]) run_.kernel = i;
        run_.slices = j.at("slices").get<uint32_t>();
        run_.tiles = j.at("tiles").get<uint32_t>();
        run_.fine = j.at("fine").get<bool>();
        const std::string why = workload::check_run(f_, run_);
        if (!why.empty()) throw std::invalid_argument("gcn." + why);
        run_ = workload::effective_run(run_);
        x_ = workload::gcn_features(n, f_, j.at("seed").get<uint64_t>());
        y_ref_ = workload::gcn_reference(graph_, x_, f_);
    }

    std::string name() const override { return "gcn"; }

    void prepare(Loader& loader, uint64_t base) override {
        const workload::GcnImage img = workload::build_gcn_image(graph_, x_, f_, run_, base);
        for (const auto& b : img.blobs) {
            loader.write(b.addr, b.data.data(), b.data.size(), "workload blob '" + b.name + "'");
            loader.add_bootinfo(b.name, uint32_t(b.addr), uint32_t(b.size));
        }
        for (const auto& r : img.regions) regions_.push_back({r.name, r.lo, r.hi});
        y_addr_ = img.blob("output").addr;
    }

    bool check(Loader& loader, std::string& report) override {
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
        report = "Y matches the host reference bit for bit (" + std::to_string(n) + " x " + std::to_string(f_) +
                 " floats)";
        return true;
    }

    std::string describe() const override {
        const workload::DegreeStats d = workload::degree_stats(graph_);
        char buf[300];
        std::snprintf(buf, sizeof buf,
                      "gcn %s: %u vertices, %llu arcs (mean in-degree %.2f, max %u), F = %u, kernel %s, B_F = %u, "
                      "B_V = %u",
                      source_.c_str(), graph_.n, (unsigned long long)graph_.arcs, d.mean, d.max, f_,
                      kKernels[run_.kernel], run_.slices, run_.tiles);
        return buf;
    }

    std::vector<DataRegion> regions() const override { return regions_; }

private:
    workload::GcnGraph graph_;
    workload::GcnRun run_;
    uint32_t f_ = 0;
    std::vector<float> x_, y_ref_;
    std::string source_;
    uint64_t y_addr_ = 0;
    std::vector<DataRegion> regions_;
};

}  // namespace

void declare_gcn_workload(config::Schema& s) {
    using config::Kind;
    auto& g = s.map("gcn",
                    "one GCN layer's aggregation Y = Â X with feature slicing, vertex tiling and automatic tile "
                    "morphing (seed 003): firmware/programs/gcn, layout in include/vp/gcn_data.h, docs/gcn.md");
    g.add("graph", Kind::Enum, "cora", "",
          "cora, citeseer, pokec: power-law stand-ins with the data sets' vertex and edge counts; powerlaw: "
          "vertices/edges/...; kronecker: Graph500 (kronecker_scale, edgefactor)")
        .one_of({"cora", "citeseer", "pokec", "powerlaw", "kronecker"});
    g.add("scale_down", Kind::Int, "1", "", "cora/citeseer/pokec: divide the vertex and edge counts by this")
        .range(1, 1 << 20);
    g.add("vertices", Kind::Int, "1000", "", "powerlaw: vertices").range(2, 1u << 31);
    g.add("edges", Kind::Int, "4000", "", "powerlaw: edges (undirected: vertex pairs; directed: arcs)")
        .range(2, 1e12);
    g.add("directed", Kind::Bool, "false", "", "powerlaw: directed arcs instead of undirected edges");
    g.add("exponent", Kind::Float, "2.5", "", "powerlaw: degree power-law exponent (> 1), unless max_degree")
        .range(1.01, 100);
    g.add("max_degree", Kind::Int, "0", "",
          "powerlaw: choose the exponent so that the top vertex expects this (in-)degree; 0 = use exponent")
        .range(0, 1u << 31);
    g.add("isolated", Kind::Int, "0", "", "powerlaw: vertices without edges").range(0, 1u << 31);
    g.add("kronecker_scale", Kind::Int, "10", "", "kronecker: 2^SCALE vertices").range(1, 26);
    g.add("edgefactor", Kind::Int, "16", "", "kronecker: edges per vertex before symmetrising").range(1, 1024);
    g.add("graph_seed", Kind::Int, "1", "", "seed of the graph generator").at_least(0);
    g.add("features", Kind::Int, "128", "", "F: floats per vertex (a multiple of 16 * slices)").range(16, 65536);
    g.add("kernel", Kind::Enum, "baseline", "",
          "baseline (no slicing, no tiling), vt (B_V x B_V tiles), fs (B_F slices), fsvt (both), atm (B_F slices, "
          "tiling by automatic tile morphing)")
        .one_of({"baseline", "vt", "fs", "fsvt", "atm"});
    g.add("slices", Kind::Int, "1", "", "B_F: feature slices (fs, fsvt, atm); each slice whole 64-byte lines")
        .range(1, 4096);
    g.add("tiles", Kind::Int, "1", "", "B_V: tiles per dimension (vt, fsvt), a power of two up to 64").range(1, 64);
    g.add("fine", Kind::Bool, "true", "", "atm: fine morphing (split, then merge strips) after the coarse phase");
    g.add("seed", Kind::Int, "1", "", "seed of the feature values X").at_least(0);
}

std::unique_ptr<Workload> make_gcn_workload(const nlohmann::json& section) {
    return std::make_unique<GcnWorkload>(section);
}

}  // namespace vp
