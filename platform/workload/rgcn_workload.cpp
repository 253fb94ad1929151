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

uint64_t align_up(uint64_t v, uint64_t a) { return (v + a - 1) / a * a; }

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
        edges_ = g.num_edges();
        y_ref_ = workload::rgcn_reference(layer_);
    }

    std::string name() const override { return "rgcn"; }

    void prepare(Loader& loader, uint64_t base) override {
        const workload::RgcnLayer& L = layer_;
        uint64_t at = align_up(base, 64);
        auto place = [&](const char* name, const void* data, size_t bytes) {
            loader.write(at, data, bytes, std::string("workload blob '") + name + "'");
            loader.add_bootinfo(name, uint32_t(at), uint32_t(bytes));
            const uint64_t here = at;
            at = align_up(at + bytes, 64);
            return here;
        };
        const uint64_t stride = uint64_t(L.row_doubles) * 8, xy_bytes = uint64_t(L.n) * stride;
        const uint64_t nnz = L.total_nnz();
        if (xy_bytes * 2 + nnz * 16 > 0xFFFFFFFFull)
            throw std::runtime_error("rgcn data set too large for a 32-bit address space");

        // Header and matrix table.
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
        info.cols_off = uint32_t(align_up(nnz * 4, 64));
        info.vals_off = uint32_t(info.cols_off + align_up(nnz * 4, 64));
        std::vector<uint8_t> hdr(sizeof info + L.mats.size() * sizeof(rgcn_matrix_t));
        std::memcpy(hdr.data(), &info, sizeof info);
        // The adjacency arrays, structure of arrays.
        std::vector<uint8_t> adj(info.vals_off + nnz * 8);
        uint32_t first = 0;
        for (size_t m = 0; m < L.mats.size(); ++m) {
            const auto& M = L.mats[m];
            rgcn_matrix_t e{M.kind, M.relation, first, M.kind == RGCN_MAT_IDENTITY ? L.n : uint32_t(M.row.size())};
            std::memcpy(hdr.data() + sizeof info + m * sizeof e, &e, sizeof e);
            const size_t k = M.row.size();
            if (k) {
                std::memcpy(adj.data() + info.rows_off + size_t(first) * 4, M.row.data(), k * 4);
                std::memcpy(adj.data() + info.cols_off + size_t(first) * 4, M.col.data(), k * 4);
                std::memcpy(adj.data() + info.vals_off + size_t(first) * 8, M.val.data(), k * 8);
            }
            first += uint32_t(k);
        }
        const uint64_t info_at = place("rgcn_info", hdr.data(), hdr.size());
        const uint64_t adj_at = place("adj", adj.data(), adj.size());
        regions_.push_back({"adjacency", info_at, adj_at + adj.size()});

        const uint64_t x_at = place("features", L.x.data(), xy_bytes);
        regions_.push_back({"features", x_at, x_at + xy_bytes});
        std::vector<double> poison(size_t(L.n) * L.row_doubles);
        const uint64_t nan_bits = 0x7FF80000DEADBEEFull;  // an unwritten Y cannot pass
        for (double& v : poison) std::memcpy(&v, &nan_bits, 8);
        y_addr_ = place("output", poison.data(), xy_bytes);
        regions_.push_back({"output", y_addr_, y_addr_ + xy_bytes});

        // Priority tables: one uint32 per 64-byte line of X, equal for the lines of one vertex.
        const uint32_t lines_per_row = uint32_t(stride / 64);
        std::vector<uint32_t> ac(size_t(L.n) * lines_per_row), pb(ac.size());
        for (uint32_t i = 0; i < L.n; ++i)
            for (uint32_t l = 0; l < lines_per_row; ++l) {
                ac[size_t(i) * lines_per_row + l] = uint32_t(std::min<uint64_t>(L.q[i], 0xFFFFFFFFull));
                pb[size_t(i) * lines_per_row + l] = L.p[i];
            }
        const uint64_t ac_at = place("prio_ac", ac.data(), ac.size() * 4);
        const uint64_t pb_at = place("prio_pb", pb.data(), pb.size() * 4);
        regions_.push_back({"priority", ac_at, pb_at + pb.size() * 4});
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
        return "rgcn " + source_ + ": " + std::to_string(layer_.n) + " entities, " +
               std::to_string(layer_.relations) + " relations, " + std::to_string(edges_) + " edges, D = " +
               std::to_string(layer_.d) + (layer_.sorted ? ", degree-sorted" : ", unsorted");
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
    auto& rg = s.map("rgcn", "one R-GCN layer's sparse products sum_r A_r X + A_r^T X + E X (seed 000): "
                             "firmware/programs/rgcn, layout in include/vp/rgcn_data.h");
    rg.add("dataset", Kind::Path, "", "",
           "N-Triples file, gzip (e.g. ${shared}/data/rgcn/aifb_stripped.nt.gz); none: the synthetic graph");
    rg.add("sort", Kind::Bool, "true", "",
           "renumber vertices by access count q_i, descending (seed eq. 4); false = the seed's LRU w/o sort");
    rg.add("dim", Kind::Int, "64", "", "feature dimension D (doubles per vertex; rows padded to 64-byte lines)")
        .range(1, 4096);
    rg.add("max_p", Kind::Int, "10", "", "PB maximum priority (seed: 10), written to the caches' MAX_P").range(0, 1 << 16);
    rg.add("seed", Kind::Int, "1", "", "seed of the feature values X (a function of seed, entity, element)").at_least(0);
    auto& sy = rg.map("synthetic", "power-law relational graph used when no dataset is given "
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
