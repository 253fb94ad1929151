// R-GCN workload (seed 000): one layer's sparse products sum_r A_r X + A_r^T X + E X on the CPU
// (firmware/programs/rgcn), data layout in include/vp/rgcn_data.h. The graph comes from an N-Triples
// file (AIFB, MUTAG) or the synthetic power-law generator; vertices are renumbered by access count
// (sort: true) or kept in file order (sort: false, the seed's "LRU w/o sort"). The firmware's Y must
// equal the host reference bit for bit.
#include <cmath>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include "platform/config/schema.h"
#include "platform/loader.h"
#include "platform/workload/rgcn.h"
#include "platform/workload/rgcn_workload.h"
#include "vp/rgcn_data.h"

namespace vp {
namespace {

class RgcnWorkload : public Workload {
public:
    explicit RgcnWorkload(const nlohmann::json& j) {
        const uint32_t dim = j.at("dim").get<uint32_t>(), max_p = j.at("max_p").get<uint32_t>();
        const auto& ds = j.at("dataset");
        workload::RelationalGraph g;
        if (!ds.is_null() && !ds.get<std::string>().empty()) {
            source_ = ds.get<std::string>();
            g = workload::read_ntriples_gz(source_);
        } else {
            const auto& sj = j.at("synthetic");
            workload::SyntheticSpec s;
            s.entities = sj.at("entities").get<uint32_t>();
            s.relations = sj.at("relations").get<uint32_t>();
            s.edges = sj.at("edges").get<uint64_t>();
            s.seed = sj.at("seed").get<uint64_t>();
            s.exponent = sj.at("exponent").get<double>();
            s.relation_skew = sj.at("relation_skew").get<double>();
            try {
                g = workload::synthetic_relational_graph(s);
            } catch (const std::invalid_argument& e) {
                throw std::invalid_argument(std::string("rgcn.") + e.what());
            }
            source_ = "synthetic(seed " + std::to_string(s.seed) + ")";
        }
        if (g.num_entities() == 0) throw std::invalid_argument("rgcn.dataset: '" + source_ + "' has no triples");
        layer_ = workload::build_rgcn_layer(g, j.at("sort").get<bool>(), dim, max_p, j.at("seed").get<uint64_t>());
        layer_.output_priority = j.at("output_priority").get<bool>();
        edges_ = g.num_edges();
        y_ref_ = workload::rgcn_reference(layer_);
    }

    std::string name() const override { return "rgcn"; }

    void prepare(Loader& loader, uint64_t base) override {
        const workload::RgcnImage img = workload::build_rgcn_image(layer_, base);
        for (const auto& b : img.blobs) {
            loader.write(b.addr, b.data.data(), b.data.size(), "workload blob '" + b.name + "'");
            loader.add_bootinfo(b.name, uint32_t(b.addr), uint32_t(b.data.size()));
        }
        for (const auto& r : img.regions) regions_.push_back({r.name, r.lo, r.hi});
        y_addr_ = img.blob("output").addr;
    }

    bool check(Loader& loader, std::string& report) override {
        const workload::RgcnLayer& L = layer_;
        const size_t S = L.row_doubles;
        std::vector<double> y(size_t(L.n) * S);
        loader.read(y_addr_, y.data(), y.size() * 8, "rgcn result Y");
        for (uint32_t i = 0; i < L.n; ++i)
            for (uint32_t k = 0; k < L.d; ++k) {
                uint64_t got, want;
                std::memcpy(&got, &y[i * S + k], 8);
                std::memcpy(&want, &y_ref_[i * S + k], 8);
                if (got != want) {
                    char buf[200];
                    std::snprintf(buf, sizeof buf, "Y[%u][%u] = %.17g (0x%016llx), reference %.17g (0x%016llx)", i, k,
                                  y[i * S + k], (unsigned long long)got, y_ref_[i * S + k], (unsigned long long)want);
                    report = buf;
                    return false;
                }
            }
        report = "Y matches the host reference bit for bit (" + std::to_string(L.n) + " x " + std::to_string(L.d) +
                 " doubles)";
        return true;
    }

    std::string describe() const override {
        return "rgcn " + source_ + ": " + std::to_string(layer_.n) + " entities, " + std::to_string(layer_.relations) +
               " relations, " + std::to_string(edges_) + " edges, D = " + std::to_string(layer_.d) +
               (layer_.sorted ? ", degree-sorted" : ", unsorted");
    }

    std::vector<DataRegion> regions() const override { return regions_; }
    std::vector<std::string> log_blobs() const override { return {"prio_ac", "prio_pb"}; }

private:
    workload::RgcnLayer layer_;
    std::vector<double> y_ref_;
    std::string source_;
    uint64_t edges_ = 0, y_addr_ = 0;
    std::vector<DataRegion> regions_;
};

}  // namespace

void declare_rgcn_workload(config::Schema& s) {
    using config::Kind;
    auto& rg = s.map("rgcn",
                     "one R-GCN layer's sparse products sum_r A_r X + A_r^T X + E X (seed 000): "
                     "firmware/programs/rgcn, layout in include/vp/rgcn_data.h");
    rg.add("dataset", Kind::Path, "", "",
           "N-Triples file, gzip (e.g. ${shared}/data/rgcn/aifb_stripped.nt.gz); none: the synthetic graph");
    rg.add("sort", Kind::Bool, "true", "",
           "renumber vertices by access count q_i, descending (seed eq. 4); false = the seed's LRU w/o sort");
    rg.add("dim", Kind::Int, "64", "", "feature dimension D (doubles per vertex; rows padded to 64-byte lines)")
        .range(1, 4096);
    rg.add("max_p", Kind::Int, "10", "", "PB maximum priority (seed: 10), written to the caches' MAX_P")
        .range(0, 1 << 16);
    rg.add("output_priority", Kind::Bool, "false", "",
           "the priority tables and the controllers' feature range also cover Y (the seed gives output lines "
           "p_i); false: X only, Y gets the default priority");
    rg.add("seed", Kind::Int, "1", "", "seed of the feature values X (a function of seed, entity, element)")
        .at_least(0);
    auto& sy = rg.map("synthetic",
                      "power-law relational graph used when no dataset is given "
                      "(seed Table 1: BGS 333845/103/916199, AM 1666764/133/5988321)");
    sy.add("entities", Kind::Int, "1000", "", "vertices").range(2, 1u << 31);
    sy.add("relations", Kind::Int, "10", "", "relation types").range(1, 1 << 20);
    sy.add("edges", Kind::Int, "4000", "", "distinct triples (at least entities)").range(2, 1e12);
    sy.add("seed", Kind::Int, "1", "", "generator seed").at_least(0);
    sy.add("exponent", Kind::Float, "2.1", "", "degree power-law exponent (> 1)").range(1.01, 100);
    sy.add("relation_skew", Kind::Float, "1.0", "", "Zipf exponent of relation frequencies").range(0, 100);
}

std::unique_ptr<Workload> make_rgcn_workload(const nlohmann::json& section) {
    return std::make_unique<RgcnWorkload>(section);
}

}  // namespace vp
