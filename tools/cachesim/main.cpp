// vp-cachesim: replay a recorded access log through cache-only configurations (cachesim.h).
//
//   vp-cachesim LOG [--l1d-size 32KiB] [--l2-size 256KiB,1MiB,...] [--l2-policy ac] [--period 100] ...
//
// One run per L2 size (the L1s are simulated once). Output: JSON (default) or CSV rows, one per
// (run, level, region), to stdout or --out.
#include <CLI/CLI.hpp>
#include <chrono>
#include <fstream>
#include <iostream>
#include <sstream>
#include "tools/cachesim/cachesim.h"

using namespace vp;

namespace {

std::vector<std::string> split(const std::string& s, char sep) {
    std::vector<std::string> out;
    std::stringstream ss(s);
    std::string item;
    while (std::getline(ss, item, sep))
        if (!item.empty()) out.push_back(item);
    return out;
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{"Trace-driven cache replay of a VP access log (L1I/L1D -> L2; Belady OPT for the L2)"};
    std::string log_path, out_path, label;
    std::string l1d_size = "32KiB", l1i_size = "0", l2_sizes = "256KiB";
    unsigned l1d_ways = 8, l1i_ways = 8, l2_ways = 8, line = 64;
    std::string l1d_policy = "lru", l1i_policy = "lru", l2_policy = "lru";
    unsigned period = 100, max_p = 10, rrpv_bits = 2;
    uint32_t default_prio = 0;
    uint64_t seed = 1;
    std::string hot = "auto";
    std::string fv_region = "features";
    bool no_prio_reads = false, csv = false, csv_header = false;
    app.add_option("log", log_path,
                   "access log recorded by the platform (models/cache/access_log.h); a pipe, a FIFO or - "
                   "(standard input) is read once, as it arrives")
        ->required();
    app.add_option("--l1d-size", l1d_size, "L1D capacity (0 = no L1D: loads/stores go to the L2)")
        ->capture_default_str();
    app.add_option("--l1d-ways", l1d_ways, "L1D associativity")->capture_default_str();
    app.add_option("--l1d-policy", l1d_policy, "L1D replacement policy")->capture_default_str();
    app.add_option("--l1i-size", l1i_size, "L1I capacity (0 = none: fetch records are ignored)")->capture_default_str();
    app.add_option("--l1i-ways", l1i_ways, "L1I associativity")->capture_default_str();
    app.add_option("--l1i-policy", l1i_policy, "L1I replacement policy")->capture_default_str();
    app.add_option("--l2-size", l2_sizes, "L2 capacity, or a comma-separated list (one run each; 0 = no L2)")
        ->capture_default_str();
    app.add_option("--l2-ways", l2_ways, "L2 associativity")->capture_default_str();
    std::string policies;
    for (const std::string& p : cache::policy_names()) policies += p + " ";
    app.add_option("--l2-policy", l2_policy, "L2 replacement policy (" + policies + "opt)")->capture_default_str();
    app.add_option("--line", line, "line size of every level (bytes)")->capture_default_str();
    app.add_option("--period", period, "PB: accesses per set between priority decays")->capture_default_str();
    app.add_option("--max-p", max_p, "PB: maximum priority")->capture_default_str();
    app.add_option("--default-prio", default_prio, "priority of lines outside the feature range")
        ->capture_default_str();
    app.add_option("--rrpv-bits", rrpv_bits, "SRRIP/DRRIP/GRASP RRPV width")->capture_default_str();
    app.add_option("--seed", seed, "seed of random/DRRIP")->capture_default_str();
    app.add_option("--hot", hot,
                   "GRASP hot range: 'auto' = the first L2-capacity bytes of the feature region, "
                   "or a byte count from its start, or 'none'")
        ->capture_default_str();
    app.add_option("--fv-region", fv_region,
                   "region(s) of the log the controllers' FV range covers: a name, adjacent names joined by '+' "
                   "(features+output), or '' (none)")
        ->capture_default_str();
    std::string cacheable = "0x80000000:0x100000000";
    app.add_option("--cacheable", cacheable, "LO:HI, the cached address range (others bypass, as MMIO does)")
        ->capture_default_str();
    app.add_flag("--no-priority-reads", no_prio_reads,
                 "L1 priority-table reads do not reach the L2 (Tomita et al. [tomita-gnn-cache]'s model)");
    app.add_flag("--csv", csv, "CSV rows instead of JSON");
    app.add_flag("--csv-header", csv_header, "with --csv: print the header row first");
    app.add_option("--label", label, "free text for the CSV 'label' column / JSON 'label'");
    app.add_option("--out", out_path, "write here instead of stdout");
    CLI11_PARSE(app, argc, argv);

    try {
        const auto t0 = std::chrono::steady_clock::now();
        const cachesim::Log log = cachesim::load_log(log_path, false);  // records are streamed
        cachesim::Config cfg;
        cfg.fv_region = fv_region;
        cfg.priority_reads = !no_prio_reads;
        {
            const auto parts = split(cacheable, ':');
            if (parts.size() != 2) throw std::invalid_argument("--cacheable: want LO:HI, got '" + cacheable + "'");
            cfg.cacheable_lo = std::stoull(parts[0], nullptr, 0);
            cfg.cacheable_hi = std::stoull(parts[1], nullptr, 0);
        }
        cache::PolicyParams pp;
        pp.pb_period = period;
        pp.pb_max_priority = max_p;
        pp.rrpv_bits = rrpv_bits;
        pp.seed = seed;
        auto level = [&](const std::string& size_text, unsigned ways, const std::string& policy, const char* name) {
            cachesim::LevelConfig lc;
            uint64_t size;
            try {
                size = cachesim::parse_size(size_text);
            } catch (const std::exception& e) {
                throw std::invalid_argument(std::string("--") + name + "-size: " + e.what());
            }
            lc.present = size != 0;
            lc.geo.size = size;
            lc.geo.ways = ways;
            lc.geo.line = line;
            lc.policy = policy;
            lc.params = pp;
            lc.default_priority = default_prio;
            return lc;
        };
        cfg.l1d = level(l1d_size, l1d_ways, l1d_policy, "l1d");
        cfg.l1i = level(l1i_size, l1i_ways, l1i_policy, "l1i");
        std::vector<uint64_t> sizes;
        for (const auto& s : split(l2_sizes, ',')) {
            try {
                sizes.push_back(cachesim::parse_size(s));
            } catch (const std::exception& e) {
                throw std::invalid_argument(std::string("--l2-size: ") + e.what());
            }
        }
        if (sizes.empty()) sizes.push_back(0);
        const cache::Region* fv = log.region("features");
        auto grasp_hot = [&](cachesim::LevelConfig& lc) {
            if (lc.policy != "grasp" || hot == "none" || !fv) return;
            const uint64_t bytes = hot == "auto" ? lc.geo.size : cachesim::parse_size(hot);
            lc.params.hot_start = fv->lo;
            lc.params.hot_end = std::min(fv->hi, fv->lo + bytes);
        };
        // The L1s' GRASP hot range follows the first L2 size (or their own capacity without an L2).
        for (auto* lc : {&cfg.l1d, &cfg.l1i}) {
            cachesim::LevelConfig tmp = *lc;
            if (sizes[0]) tmp.geo.size = sizes[0];
            grasp_hot(tmp);
            lc->params.hot_start = tmp.params.hot_start;
            lc->params.hot_end = tmp.params.hot_end;
        }
        cfg.l2 = level("0", l2_ways, l2_policy, "l2");
        cachesim::validate(cfg);
        // Every L2 size in one pass over the log (memory independent of its length; a stream is read
        // once), except OPT, which needs the whole L2 request stream in memory.
        std::vector<cachesim::LevelConfig> l2s;
        for (uint64_t size : sizes) {
            cachesim::LevelConfig l2 = level(std::to_string(size), l2_ways, l2_policy, "l2");
            grasp_hot(l2);
            l2s.push_back(l2);
        }
        std::vector<cachesim::Request> stream;
        std::vector<cachesim::LevelResult> l1, l2_results;
        uint64_t l2_requests = 0;
        if (l2_policy == "opt") {
            l1 = cachesim::run_l1(log, cfg, stream);
            l2_requests = stream.size();
        } else {
            std::vector<cachesim::LevelConfig> present;
            for (const auto& l2 : l2s)
                if (l2.present) present.push_back(l2);
            cachesim::OnePassResult one = cachesim::run_one_pass(log, cfg, present);
            l1 = std::move(one.l1);
            l2_results = std::move(one.l2);
            l2_requests = one.l2_requests;
        }

        nlohmann::json runs = nlohmann::json::array();
        std::ostringstream rows;
        if (csv && csv_header) {
            rows << "label,l1d_size,l1d_policy,l2_size,l2_policy,period,level,region,";
            for (const cache::RegionStatField& f : cache::kRegionStatFields) rows << f.name << ',';
            rows << "read_misses\n";
        }
        size_t next_l2 = 0;
        for (size_t k = 0; k < sizes.size(); ++k) {
            const uint64_t size = sizes[k];
            const cachesim::LevelConfig& l2 = l2s[k];
            cfg.l2 = l2;
            std::vector<cachesim::LevelResult> levels = l1;
            if (l2.present)
                levels.push_back(l2_policy == "opt" ? cachesim::run_l2(log, cfg, stream) : l2_results[next_l2++]);
            nlohmann::json run;
            for (const auto& lv : levels) {
                run[lv.name] = cachesim::to_json(lv);
                auto row = [&](const std::string& region, const cache::RegionStats& s, uint64_t rm) {
                    rows << label << ',' << cfg.l1d.geo.size * cfg.l1d.present << ',' << cfg.l1d.policy << ',' << size
                         << ',' << l2_policy << ',' << period << ',' << lv.name << ',' << region << ',';
                    for (const cache::RegionStatField& f : cache::kRegionStatFields) rows << s.*f.count << ',';
                    rows << rm << '\n';
                };
                row("total", lv.total(), lv.total_read_misses());
                for (size_t i = 0; i < lv.region_names.size(); ++i)
                    row(lv.region_names[i], lv.stats[i], lv.read_misses[i]);
            }
            runs.push_back(run);
        }
        const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        std::string text;
        if (csv) {
            text = rows.str();
        } else {
            uint64_t records = 0;
            for (const auto& lv : l1) records = std::max<uint64_t>(records, lv.total().accesses);
            nlohmann::json out{{"log", log_path},
                               {"l1_accesses", records},
                               {"l2_requests", l2_requests},
                               {"runs", runs},
                               {"host_seconds", secs}};
            if (!label.empty()) out["label"] = label;
            text = out.dump(1) + "\n";
        }
        if (out_path.empty()) {
            std::cout << text;
        } else {
            std::ofstream f(out_path);
            if (!(f << text)) throw std::runtime_error("cannot write '" + out_path + "'");
        }
    } catch (const std::exception& e) {
        std::cerr << "vp-cachesim: " << e.what() << "\n";
        return 2;
    }
    return 0;
}
