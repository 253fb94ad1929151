// vp-gcn-sim: the gcn firmware's access stream on the host through L1D + L2 cache arrays (gcn_sim.h).
//
//   vp-gcn-sim --graph pokec --features 128 --l2 8MiB,16MiB --runs baseline,vt:8,fs:8,fsvt:8x4,atm:8
//              [--time-model fit.json] [--elf gcn.elf | --base ADDR] [--out result.json]
//
// The data go where the platform puts them: at the firmware ELF's __loader_start (--elf, by default the
// gcn.elf of this build), or at --base.
//
// Runs: baseline | vt:B_V | fs:B_F | fsvt:B_FxB_V | atm:B_F[:coarse]. Output: one JSON document with the
// graph's statistics and, per run and L2 size, the totals, per-region cache statistics, modelled
// cycles, the cost model's terms (gcn_cost.h) and every slice (tiling, counts, cycles, ATM decisions).
#include <CLI/CLI.hpp>
#include <chrono>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>
#include "models/cpu/iss/elf_loader.h"
#include "platform/workload/gcn.h"
#include "platform/workload/gcn_cost.h"
#include "tools/cachesim/cachesim.h"
#include "tools/gcn/gcn_sim.h"

using namespace vp;
using nlohmann::json;

namespace {

std::vector<std::string> split(const std::string& s, char sep) {
    std::vector<std::string> out;
    std::stringstream ss(s);
    std::string item;
    while (std::getline(ss, item, sep))
        if (!item.empty()) out.push_back(item);
    return out;
}

workload::GcnRun parse_run(const std::string& text) {
    const std::vector<std::string> p = split(text, ':');
    auto num = [&](const std::string& v) {
        try {
            size_t used = 0;
            const unsigned long x = std::stoul(v, &used);
            if (used != v.size()) throw std::invalid_argument(v);
            return uint32_t(x);
        } catch (const std::exception&) {
            throw std::invalid_argument("--runs: '" + text + "': '" + v + "' is not a number");
        }
    };
    workload::GcnRun r;
    if (p.empty()) throw std::invalid_argument("--runs: empty run");
    const std::string k = p[0];
    if (k == "baseline" && p.size() == 1) {
        r.kernel = GCN_KERNEL_BASELINE;
    } else if (k == "vt" && p.size() == 2) {
        r.kernel = GCN_KERNEL_VT;
        r.tiles = num(p[1]);
    } else if (k == "fs" && p.size() == 2) {
        r.kernel = GCN_KERNEL_FS;
        r.slices = num(p[1]);
    } else if (k == "fsvt" && p.size() == 2 && p[1].find('x') != std::string::npos) {
        r.kernel = GCN_KERNEL_FSVT;
        r.slices = num(p[1].substr(0, p[1].find('x')));
        r.tiles = num(p[1].substr(p[1].find('x') + 1));
    } else if (k == "atm" && (p.size() == 2 || (p.size() == 3 && p[2] == "coarse"))) {
        r.kernel = GCN_KERNEL_ATM;
        r.slices = num(p[1]);
        r.fine = p.size() == 2;
    } else {
        throw std::invalid_argument("--runs: '" + text +
                                    "' is not baseline, vt:B_V, fs:B_F, fsvt:B_FxB_V or atm:B_F[:coarse]");
    }
    return r;
}

json counts_json(const gcnsim::Counts& c) {
    json j;
    for (const auto& k : gcnsim::TimeModel::keys()) j[k] = uint64_t(gcnsim::TimeModel::get(c, k));
    return j;
}

json level_json(const gcnsim::LevelStats& l) {
    json j;
    for (size_t i = 0; i < l.regions.size(); ++i) {
        const auto& s = l.stats[i];
        j[l.regions[i]] = {{"accesses", s.accesses},
                           {"hits", s.hits},
                           {"misses", s.misses},
                           {"evictions", s.evictions},
                           {"writebacks", s.writebacks}};
    }
    return j;
}

std::string widths(const gcn_tiling_t& t) {
    std::string s;
    for (uint32_t i = 0; i < t.count; ++i) s += (i ? "," : "") + std::to_string(t.width[i]);
    return s;
}

const char* const kKernels[] = {"baseline", "vt", "fs", "fsvt", "atm"};

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{"The gcn firmware's access stream through L1D + L2 cache arrays, with ATM in the loop"};
    std::string graph = "cora", runs_text = "baseline", l2_text = "8MiB", l1d_text = "32KiB", out_path, model_path;
    workload::PowerLawSpec pl;
    workload::KroneckerOptions kr;
    uint32_t scale_down = 1, features = 128, l1d_ways = 8, l2_ways = 16, line = 64;
    uint64_t graph_seed = 1, base = 0;
#ifdef VP_GCN_ELF
    std::string elf_path = VP_GCN_ELF;
#else
    std::string elf_path;
#endif
    bool no_slices = false, community_order = false;
    double mixing = 0.2;
    app.add_option("--graph", graph, "cora, citeseer, pokec, pokec_sbm (stand-ins), powerlaw or kronecker")
        ->capture_default_str();
    app.add_option("--mixing", mixing, "pokec_sbm: fraction of in-arcs from outside the community")
        ->capture_default_str();
    app.add_option("--community-order", community_order, "pokec_sbm: number vertices community by community")
        ->capture_default_str();
    app.add_option("--scale-down", scale_down, "cora/citeseer/pokec/pokec_sbm: divide vertices and edges")
        ->capture_default_str();
    app.add_option("--vertices", pl.vertices, "powerlaw: vertices")->capture_default_str();
    app.add_option("--edges", pl.edges, "powerlaw: edges")->capture_default_str();
    app.add_option("--directed", pl.directed, "powerlaw: directed arcs")->capture_default_str();
    app.add_option("--exponent", pl.exponent, "powerlaw: degree exponent")->capture_default_str();
    app.add_option("--max-degree", pl.max_degree, "powerlaw: top expected degree (sets the exponent)")
        ->capture_default_str();
    app.add_option("--isolated", pl.isolated, "powerlaw: vertices without edges")->capture_default_str();
    app.add_option("--kronecker-scale", kr.scale, "kronecker: SCALE")->capture_default_str();
    app.add_option("--edgefactor", kr.edgefactor, "kronecker: edge factor")->capture_default_str();
    app.add_option("--graph-seed", graph_seed, "graph generator seed (as workload.gcn.graph_seed)")
        ->capture_default_str();
    app.add_option("--features", features, "F")->capture_default_str();
    app.add_option("--runs", runs_text,
                   "comma-separated runs: baseline, vt:B_V, fs:B_F, fsvt:B_FxB_V, atm:B_F[:coarse]")
        ->capture_default_str();
    app.add_option("--l1d", l1d_text, "L1D capacity")->capture_default_str();
    app.add_option("--l1d-ways", l1d_ways, "L1D associativity")->capture_default_str();
    app.add_option("--l2", l2_text, "L2 capacities, comma-separated")->capture_default_str();
    app.add_option("--l2-ways", l2_ways, "L2 associativity")->capture_default_str();
    app.add_option("--line", line, "line size of both levels")->capture_default_str();
    auto* base_opt = app.add_option("--base", base,
                                    "address of the first blob (default: the __loader_start of --elf, where the "
                                    "platform places it)");
    app.add_option("--elf", elf_path, "the gcn firmware ELF whose __loader_start is the default --base")
        ->capture_default_str();
    app.add_option("--time-model", model_path, "JSON {\"coef\": {count: cycles}} (tools/gcn/sweep.py fits it)");
    app.add_flag("--no-slices", no_slices, "leave the per-slice records out of the output");
    app.add_option("--out", out_path, "write the JSON here instead of stdout");
    CLI11_PARSE(app, argc, argv);

    try {
        const auto t0 = std::chrono::steady_clock::now();
        std::vector<workload::GcnRun> runs;
        for (const auto& r : split(runs_text, ',')) {
            runs.push_back(parse_run(r));
            const std::string why = workload::check_run(features, runs.back());
            if (!why.empty()) throw std::invalid_argument("--runs " + r + ": " + why);
        }
        if (!base_opt->count()) {  // the same definition the firmware's data placement uses
            if (elf_path.empty()) throw std::invalid_argument("give --elf (the gcn firmware) or --base");
            iss::ElfImage elf;
            std::string err;
            if (!elf.load(elf_path, err)) throw std::invalid_argument("--elf " + elf_path + ": " + err);
            const auto start = elf.symbol("__loader_start");
            if (!start) throw std::invalid_argument("--elf " + elf_path + ": no symbol __loader_start");
            base = *start;
        }
        gcnsim::Config cfg;
        cfg.base = base;
        cfg.l1d = {cachesim::parse_size(l1d_text), l1d_ways, line};
        for (const auto& s : split(l2_text, ',')) cfg.l2.push_back({cachesim::parse_size(s), l2_ways, line});
        if (!model_path.empty()) {
            std::ifstream f(model_path);
            if (!f) throw std::runtime_error("cannot read --time-model '" + model_path + "'");
            const json m = json::parse(f);
            for (auto& [k, v] : m.at("coef").items()) cfg.time.coef[k] = v.get<double>();
        } else {
            // Rough defaults (cycles per event) until a fitted model is given.
            cfg.time.coef = {
                {"elements", 10.0}, {"nonzeros", 12.0}, {"visits", 12.0}, {"l2_hits", 15.0}, {"l2_misses", 60.0}};
        }

        std::vector<workload::Edge> arcs;
        uint32_t n = 0;
        double exponent = 0;
        json gj;
        workload::GcnGraph sbm;
        if (graph == "pokec_sbm") {
            workload::CommunitySpec s = workload::pokec_community_spec(scale_down, graph_seed);
            s.mixing = mixing;
            s.community_order = community_order;
            workload::CommunityStats st;
            sbm = workload::community_graph(s, &st);
            n = s.vertices;
            gj["source"] = "pokec_sbm" + (scale_down > 1 ? " / " + std::to_string(scale_down) : std::string());
            gj["exponent"] = st.exponent;
            gj["communities"] = st.communities;
            gj["intra_fraction"] = double(st.intra_arcs) / double(s.edges);
        } else if (graph == "kronecker") {
            kr.seed = graph_seed;
            arcs = workload::kronecker_arcs(kr);
            n = uint32_t(1u << kr.scale);
            gj["source"] =
                "kronecker SCALE " + std::to_string(kr.scale) + " edgefactor " + std::to_string(kr.edgefactor);
        } else {
            workload::PowerLawSpec s = pl;
            s.seed = graph_seed;
            if (graph != "powerlaw") s = workload::preset_graph(graph, scale_down, graph_seed);
            arcs = workload::powerlaw_arcs(s, &exponent);
            n = s.vertices;
            gj["source"] = graph + (graph != "powerlaw" && scale_down > 1 ? " / " + std::to_string(scale_down) : "");
            gj["exponent"] = exponent;
        }
        const workload::GcnGraph g = graph == "pokec_sbm" ? std::move(sbm) : workload::build_gcn_graph(n, arcs);
        arcs.clear();
        arcs.shrink_to_fit();
        const workload::DegreeStats d = workload::degree_stats(g);
        gj["vertices"] = g.n;
        gj["arcs"] = g.arcs;
        gj["nnz"] = g.nnz();
        gj["mean_in_degree"] = d.mean;
        gj["max_in_degree"] = d.max;
        gj["isolated"] = d.isolated;
        gj["features"] = features;
        const double gen_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

        gcnsim::Emulator emu(g, features, cfg);
        json results = json::array();
        for (const auto& run : runs) {
            std::vector<gcnsim::RunResult> rr;
            if (run.kernel == GCN_KERNEL_ATM) {
                for (size_t i = 0; i < cfg.l2.size(); ++i) rr.push_back(emu.run_atm(run, i));
            } else {
                rr = emu.run_static(run);
            }
            for (const auto& r : rr) {
                json j;
                j["kernel"] = kKernels[r.run.kernel];
                j["slices"] = r.run.slices;
                j["tiles"] = r.run.tiles;
                j["fine"] = r.run.kernel == GCN_KERNEL_ATM && r.run.fine;
                j["l2_size"] = r.l2_size;
                j["cycles"] = r.cycles;
                j["counts"] = counts_json(r.total);
                // The input check before the first slice: with counts, the data's whole DRAM traffic.
                j["check_counts"] = counts_json(r.check);
                j["l1d"] = level_json(r.l1d);
                j["l2"] = level_json(r.l2);
                // The cost model with the measured miss rate of the feature reads: L2 misses in the
                // features region per feature element read (one element = 4 bytes, 16 per line).
                const double reads = double(g.nnz()) * features;
                const double x_misses = double(r.l2.stats.at(1).misses) * (line / 4);
                const double m = reads > 0 ? x_misses / reads : 0;
                j["miss_rate"] = m;
                if (r.run.kernel != GCN_KERNEL_ATM) {  // ATM's tiling changes from slice to slice
                    const auto t = workload::gcn_cost_fv(g.n, double(g.nnz()), features, r.run.slices, r.run.tiles, m);
                    j["model"] = {{"graph", t.graph}, {"input", t.input}, {"output", t.output}};
                }
                if (!no_slices) {
                    json sl = json::array();
                    for (const auto& s : r.slices) {
                        json x = {{"slice", s.slice},
                                  {"widths", widths(s.tiling)},
                                  {"strips", s.tiling.count},
                                  {"cycles", s.cycles},
                                  {"counts", counts_json(s.counts)},
                                  {"x_lookups", s.strip_lookups},
                                  {"x_misses", s.strip_misses}};
                        if (r.run.kernel == GCN_KERNEL_ATM) {
                            x["phase"] = gcn_atm_phase_name(s.phase);
                            x["action"] = gcn_atm_action_name(s.action);
                        }
                        sl.push_back(x);
                    }
                    j["slice_records"] = sl;
                }
                results.push_back(j);
            }
            std::cerr << "vp-gcn-sim: " << kKernels[run.kernel] << " B_F " << run.slices << " B_V " << run.tiles
                      << " done\n";
        }
        json out = {{"graph", gj},
                    {"l1d", {{"size", cfg.l1d.size}, {"ways", cfg.l1d.ways}}},
                    {"l2_ways", l2_ways},
                    {"line", line},
                    {"base", base},
                    {"time_model", cfg.time.coef},
                    {"generate_seconds", gen_s},
                    {"host_seconds", std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count()},
                    {"results", results}};
        const std::string text = out.dump(1) + "\n";
        if (out_path.empty()) {
            std::cout << text;
        } else {
            std::ofstream f(out_path);
            if (!(f << text)) throw std::runtime_error("cannot write '" + out_path + "'");
        }
    } catch (const std::exception& e) {
        std::cerr << "vp-gcn-sim: " << e.what() << "\n";
        return 2;
    }
    return 0;
}
