// R-GCN workload (docs/rgcn_cache.md): one layer's sparse products on the CPU. The graph
// comes from an N-Triples file (AIFB, MUTAG) or the synthetic power-law generator; vertices are
// renumbered by access count (sort: true) or kept in file order (sort: false, "LRU w/o sort"). The
// firmware's Y must equal the host reference bit for bit.
#include "platform/workload/rgcn_workload.h"
#include <cmath>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include "platform/loader.h"
#include "vp/rgcn_data.h"

namespace vp {

namespace {
// The generator's parameters (platform/workload/rgcn.h keeps SyntheticSpec free of the config library).
struct SyntheticParams {
    workload::SyntheticSpec& s;
    void params(config::Params& p) {
        using config::Kind;
        p.add(s.entities, "entities", Kind::Int, "", "vertices").range(2, 1u << 31);
        p.add(s.relations, "relations", Kind::Int, "", "relation types").range(1, 1 << 20);
        p.add(s.edges, "edges", Kind::Int, "", "distinct triples (at least entities)").range(2, 1e12);
        p.add(s.seed, "seed", Kind::Int, "", "generator seed").at_least(0);
        p.add(s.exponent, "exponent", Kind::Float, "", "degree power-law exponent (> 1)").range(1.01, 100);
        p.add(s.relation_skew, "relation_skew", Kind::Float, "", "Zipf exponent of relation frequencies").range(0, 100);
    }
};
}  // namespace

void RgcnConfig::params(config::Params& p) {
    using config::Kind;
    p.add(dataset, "dataset", Kind::Path, "",
          "N-Triples file, gzip (e.g. ${data}/rgcn/aifb_stripped.nt.gz); none: the synthetic graph");
    p.add(sort, "sort", Kind::Bool, "",
          "renumber vertices by access count q_i, descending (docs/rgcn_cache.md); false = LRU w/o sort");
    p.add(dim, "dim", Kind::Int, "", "feature dimension D (doubles per vertex; rows padded to 64-byte lines)")
        .range(1, 4096);
    p.add(max_p, "max_p", Kind::Int, "", "PB maximum priority (10 in the paper), written to the caches' MAX_P")
        .range(0, 1 << 16);
    p.add(output_priority, "output_priority", Kind::Bool, "",
          "the priority tables and the controllers' feature range also cover Y (Tomita et al. give output lines "
          "p_i); false: X only, Y gets the default priority");
    p.add(seed, "seed", Kind::Int, "", "seed of the feature values X (a function of seed, entity, element)")
        .at_least(0);
    SyntheticParams sp{synthetic};
    p.section(sp, "synthetic",
              "power-law relational graph used when no dataset is given "
              "(BGS 333845/103/916199, AM 1666764/133/5988321 in docs/rgcn_cache.md)");
}

WorkloadCost RgcnConfig::cost() const {
    // A data set file says nothing about its size before it is read (gzip): the reader streams it
    // and the host limits bound what it builds.
    if (!dataset.empty()) return {};
    const uint64_t n = synthetic.entities, e = synthetic.edges;
    const uint64_t stride = (uint64_t(dim) * 8 + 63) / 64 * 64, xy = n * stride;
    const uint64_t nnz = 2 * e + n;  // A_r and A_r^T for every triple, and E
    WorkloadCost c;
    // X, Y, the adjacency (row, col, value), the priority tables (one per line of X and Y)
    c.image_bytes = 2 * xy + 16 * nnz + 8 * (2 * xy / 64) + 4096;
    // the image and simulated memory; on the host X and the reference Y, the layer's matrices, the
    // graph (triples, the duplicate set, entity names) and the generator's samplers
    c.host_bytes = 2 * c.image_bytes + 2 * xy + 32 * nnz + 64 * e + 96 * n;
    return c;
}

RgcnWorkload::RgcnWorkload(const RgcnConfig& c) {
    workload::RelationalGraph g;
    if (!c.dataset.empty()) {
        source_ = c.dataset;
        g = workload::read_ntriples_gz(source_);
    } else {
        try {
            g = workload::synthetic_relational_graph(c.synthetic);
        } catch (const std::invalid_argument& e) {
            throw std::invalid_argument(std::string("rgcn.") + e.what());
        }
        source_ = "synthetic(seed " + std::to_string(c.synthetic.seed) + ")";
    }
    if (g.num_entities() == 0) throw std::invalid_argument("rgcn.dataset: '" + source_ + "' has no triples");
    layer_ = workload::build_rgcn_layer(g, c.sort, c.dim, c.max_p, c.seed);
    layer_.output_priority = c.output_priority;
    edges_ = g.num_edges();
    y_ref_ = workload::rgcn_reference(layer_);
}

workload::Image RgcnWorkload::build_image(uint64_t base) {
    workload::Image img = workload::build_rgcn_image(layer_, base);
    y_addr_ = img.blob("output").addr;
    return img;
}

bool RgcnWorkload::check(Loader& loader, std::string& report) {
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
    report =
        "Y matches the host reference bit for bit (" + std::to_string(L.n) + " x " + std::to_string(L.d) + " doubles)";
    return true;
}

std::string RgcnWorkload::describe() const {
    return "rgcn " + source_ + ": " + std::to_string(layer_.n) + " entities, " + std::to_string(layer_.relations) +
           " relations, " + std::to_string(edges_) + " edges, D = " + std::to_string(layer_.d) +
           (layer_.sorted ? ", degree-sorted" : ", unsorted");
}

}  // namespace vp
