// vp-rgcn-trace: the data-access stream of firmware/programs/rgcn, emulated on the host and written
// as an access log (models/cache/access_log.h) for tools/cachesim, without running the ISS.
//
// It follows the firmware's loops access for access on the same memory image
// (build_rgcn_image): the adjacency range check (row[k], col[k]), Y = 0 (byte stores, as the
// rv32 picolibc memset does), then per matrix and nonzero the loads of row, col and val (two words) and
// per element two loads of X, two of Y and two stores of Y (soft-float doubles are word pairs).
// What it leaves out: instruction fetches, the stack (soft-float calls spill registers), the
// boot-info and header reads. A recorded log (platform.cpu.record_accesses) has all of them;
// docs/rgcn_cache.md compares the two. Use: data sets too large for the ISS (BGS, AM sizes).
#include <CLI/CLI.hpp>
#include <iostream>
#include <nlohmann/json.hpp>
#include "models/cache/access_log.h"
#include "platform/workload/rgcn.h"
#include "vp/rgcn_data.h"

using namespace vp;

int main(int argc, char** argv) {
    CLI::App app{"Emulated access log of the rgcn firmware (data accesses only)"};
    std::string dataset;
    std::vector<std::string> out;
    workload::SyntheticSpec syn;
    bool sort = true;
    uint32_t dim = 64, max_p = 10;
    uint64_t seed = 1, base = 0x81005000;
    app.add_option("--dataset", dataset, "N-Triples file (.nt.gz); none: --synthetic-*");
    app.add_option("--entities", syn.entities, "synthetic: entities")->capture_default_str();
    app.add_option("--relations", syn.relations, "synthetic: relations")->capture_default_str();
    app.add_option("--edges", syn.edges, "synthetic: edges")->capture_default_str();
    app.add_option("--graph-seed", syn.seed, "synthetic: seed")->capture_default_str();
    app.add_option("--exponent", syn.exponent, "synthetic: degree power-law exponent")->capture_default_str();
    app.add_option("--sort", sort, "degree renumbering (true/false)")->capture_default_str();
    app.add_option("--dim", dim, "feature dimension D")->capture_default_str();
    app.add_option("--max-p", max_p, "PB maximum priority")->capture_default_str();
    bool out_prio = false;
    app.add_option("--output-priority", out_prio, "tables cover Y too (workload.rgcn.output_priority)")
        ->capture_default_str();
    app.add_option("--seed", seed, "seed of X")->capture_default_str();
    app.add_option("--base", base, "address of the first blob (the ELF's __loader_start)")->capture_default_str();
    app.add_option("--out", out, "access log to write (repeat it: the same log to each, e.g. FIFOs of several replays)")
        ->required()
        ->take_all();
    CLI11_PARSE(app, argc, argv);
    try {
        const workload::RelationalGraph g =
            dataset.empty() ? workload::synthetic_relational_graph(syn) : workload::read_ntriples_gz(dataset);
        workload::RgcnLayer L = workload::build_rgcn_layer(g, sort, dim, max_p, seed);
        L.output_priority = out_prio;
        const workload::Image img = workload::build_rgcn_image(L, base);
        nlohmann::json h;
        h["scenario"] = "vp-rgcn-trace " + (dataset.empty() ? std::string("synthetic") : dataset);
        h["emulated"] = true;
        h["regions"] = nlohmann::json::array();
        for (const auto& r : img.regions) h["regions"].push_back({{"name", r.name}, {"lo", r.lo}, {"hi", r.hi}});
        h["blobs"] = nlohmann::json::array();
        std::vector<std::vector<uint8_t>> blobs;
        for (const char* name : {"prio_ac", "prio_pb"}) {
            const auto& b = img.blob(name);
            h["blobs"].push_back({{"name", name}, {"addr", b.addr}, {"size", b.data.size()}});
            blobs.push_back(b.data);
        }
        cache::AccessLogWriter w(out, h.dump(), blobs);
        const auto& info_blob = img.blob("rgcn_info");
        rgcn_info_t info;
        std::memcpy(&info, info_blob.data.data(), sizeof info);
        const uint32_t adj = uint32_t(img.blob("adj").addr), x = uint32_t(img.blob("features").addr),
                       y = uint32_t(img.blob("output").addr);
        const uint32_t rows = adj + info.rows_off, cols = adj + info.cols_off, vals = adj + info.vals_off;
        const uint32_t stride = info.row_stride;
        using K = cache::AccessLog;
        for (uint32_t k = 0; k < info.total_nnz; ++k) {
            w.add(rows + 4 * k, K::Load, 4);
            w.add(cols + 4 * k, K::Load, 4);
        }
        for (uint32_t i = 0; i < L.n; ++i)
            for (uint32_t b = 0; b < 8 * L.d; ++b) w.add(y + i * stride + b, K::Store, 1);
        auto element_ops = [&](uint32_t yr, uint32_t xr) {
            for (uint32_t e = 0; e < L.d; ++e) {
                w.add(xr + 8 * e, K::Load, 4);
                w.add(xr + 8 * e + 4, K::Load, 4);
                w.add(yr + 8 * e, K::Load, 4);
                w.add(yr + 8 * e + 4, K::Load, 4);
                w.add(yr + 8 * e, K::Store, 4);
                w.add(yr + 8 * e + 4, K::Store, 4);
            }
        };
        uint32_t first = 0;
        for (const auto& M : L.mats) {
            if (M.kind == RGCN_MAT_IDENTITY) {
                for (uint32_t i = 0; i < L.n; ++i) element_ops(y + i * stride, x + i * stride);
                continue;
            }
            for (uint32_t j = 0; j < M.row.size(); ++j) {
                const uint32_t k = first + j;
                w.add(rows + 4 * k, K::Load, 4);
                w.add(cols + 4 * k, K::Load, 4);
                w.add(vals + 8 * k + 4, K::Load, 4);  // gcc loads the high word of val first
                w.add(vals + 8 * k, K::Load, 4);
                element_ops(y + M.row[j] * stride, x + M.col[j] * stride);
            }
            first += uint32_t(M.row.size());
        }
        w.close();
        std::cerr << "vp-rgcn-trace: " << w.records() << " records, " << L.n << " vertices, " << L.total_nnz()
                  << " nonzeros -> " << out[0]
                  << (out.size() > 1 ? " and " + std::to_string(out.size() - 1) + " more" : "") << "\n";
    } catch (const std::exception& e) {
        std::cerr << "vp-rgcn-trace: " << e.what() << "\n";
        return 2;
    }
    return 0;
}
