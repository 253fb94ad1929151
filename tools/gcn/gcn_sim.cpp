#include "tools/gcn/gcn_sim.h"
#include <stdexcept>

namespace vp::gcnsim {

Counts& Counts::operator+=(const Counts& o) {
    elements += o.elements;
    nonzeros += o.nonzeros;
    visits += o.visits;
    tile_ends += o.tile_ends;
    strips += o.strips;
    tiles += o.tiles;
    l1_load_misses_l2_hit += o.l1_load_misses_l2_hit;
    l1_load_misses_l2_miss += o.l1_load_misses_l2_miss;
    l1_load_misses_l2_miss_graph += o.l1_load_misses_l2_miss_graph;
    l1_store_misses += o.l1_store_misses;
    dram_reads += o.dram_reads;
    dram_writes += o.dram_writes;
    return *this;
}

const std::vector<std::string>& TimeModel::keys() {
    static const std::vector<std::string> k = {
        "elements",  "nonzeros",     "visits",     "tile_ends",   "strips",          "tiles",         "l2_hits",
        "l2_misses", "store_misses", "dram_reads", "dram_writes", "l2_misses_graph", "l2_misses_data"};
    return k;
}

double TimeModel::get(const Counts& c, const std::string& key) {
    if (key == "elements") return double(c.elements);
    if (key == "nonzeros") return double(c.nonzeros);
    if (key == "visits") return double(c.visits);
    if (key == "tile_ends") return double(c.tile_ends);
    if (key == "strips") return double(c.strips);
    if (key == "tiles") return double(c.tiles);
    if (key == "l2_hits") return double(c.l1_load_misses_l2_hit);
    if (key == "l2_misses") return double(c.l1_load_misses_l2_miss);
    // The L2 misses split: the graph's sequential streams (colptr, rowidx, weight: DRAM row hits) and
    // the rest (rows of X and Y, cursors: scattered).
    if (key == "l2_misses_graph") return double(c.l1_load_misses_l2_miss_graph);
    if (key == "l2_misses_data") return double(c.l1_load_misses_l2_miss - c.l1_load_misses_l2_miss_graph);
    if (key == "store_misses") return double(c.l1_store_misses);
    if (key == "dram_reads") return double(c.dram_reads);
    if (key == "dram_writes") return double(c.dram_writes);
    throw std::invalid_argument("time model: no count '" + key + "' (" + std::to_string(keys().size()) + " known)");
}

double TimeModel::cycles(const Counts& c) const {
    double t = 0;
    for (const auto& [k, v] : coef) t += v * get(c, k);
    return t;
}

Emulator::Emulator(const workload::GcnGraph& g, uint32_t features, const Config& cfg) : g_(g), f_(features), cfg_(cfg) {
    if (cfg_.l2.empty()) throw std::invalid_argument("at least one L2 size");
    for (const auto& [k, v] : cfg_.time.coef) TimeModel::get(Counts{}, k);  // names checked
}

void Emulator::begin(const workload::GcnRun& run, const std::vector<size_t>& l2s) {
    run_ = workload::effective_run(run);
    img_ = workload::build_gcn_image(g_, {}, f_, run_, cfg_.base, false);
    const gcn_info_t info = workload::gcn_header(g_, f_, run_);
    const uint64_t graph = img_.blob("graph").addr;
    colptr_ = graph + info.colptr_off;
    rowidx_ = graph + info.rowidx_off;
    weight_ = graph + info.weight_off;
    cursor_ = img_.blob("cursor").addr;
    w_ = f_ / run_.slices;
    unit_ = info.unit;
    std::vector<cache::Region> regions;
    for (const auto& r : img_.regions) regions.push_back({r.name, r.lo, r.hi});
    features_region_ = 1;  // graph, features, output, cursor
    if (regions.at(features_region_).name != "features" || regions.at(0).name != "graph")
        throw std::logic_error("gcn image regions changed");
    graph_lo_ = regions[0].lo;
    graph_hi_ = regions[0].hi;
    l1_ = std::make_unique<cache::CacheArray>(cfg_.l1d, "lru");
    l1_->set_regions(regions);
    l2_.clear();
    l2_index_ = l2s;
    for (size_t i : l2s) {
        l2_.push_back(std::make_unique<cache::CacheArray>(cfg_.l2.at(i), "lru"));
        l2_.back()->set_regions(regions);
    }
    per_l2_.assign(l2_.size(), Counts{});
    last_line_ = ~0ull;
    // The firmware's input check before the first slice: colptr[0..n] and rowidx[0..nnz) read once.
    for (uint64_t a = colptr_; a < colptr_ + 4ull * (g_.n + 1); a += 4) load(a);
    for (uint64_t a = rowidx_; a < rowidx_ + 4ull * g_.nnz(); a += 4) load(a);
    check_common_ = common_;
    check_per_l2_ = per_l2_;
    common_ = Counts{};
    for (auto& c : per_l2_) c = Counts{};
}

void Emulator::l2_request(size_t i, uint64_t line, bool write, bool blocking) {
    cache::CacheArray& a = *l2_[i];
    Counts& c = per_l2_[i];
    if (a.access(line, write, true)) {
        if (blocking) ++c.l1_load_misses_l2_hit;
        return;
    }
    if (blocking) {
        ++c.l1_load_misses_l2_miss;
        if (line >= graph_lo_ && line < graph_hi_) ++c.l1_load_misses_l2_miss_graph;
    }
    const cache::Eviction ev = a.fill(line, write, true, 0);
    if (ev.dirty) ++c.dram_writes;
    if (!write) ++c.dram_reads;  // a write-back of a whole line needs nothing from memory
}

void Emulator::access(uint64_t addr, bool write, bool blocking) {
    const uint64_t line = addr & ~uint64_t(cfg_.l1d.line - 1);
    // The line looked up last, again: a hit that changes nothing (a load, or a store to a line the
    // last lookup already made dirty). LRU order and dirty bits stay as they are.
    if (line == last_line_ && (!write || last_dirty_)) return;
    last_line_ = line;
    last_dirty_ = write;
    if (l1_->access(addr, write, true)) return;
    if (!blocking) ++common_.l1_store_misses;
    const cache::Eviction ev = l1_->fill(addr, write, true, 0);
    for (size_t i = 0; i < l2_.size(); ++i) {
        if (ev.dirty) l2_request(i, ev.addr, true, false);
        l2_request(i, line, false, blocking);
    }
}

void Emulator::strip(uint32_t d0, uint32_t d1, uint32_t side, uint64_t xs, uint64_t ys) {
    const uint32_t n = g_.n, lines = w_ * 4 / 64;
    const uint64_t row = uint64_t(w_) * 4;
    auto axpy = [&](uint64_t y, uint64_t x) {
        for (uint32_t j = 0; j < lines; ++j) {
            load(x + 64 * j);
            rmw(y + 64 * j);
        }
    };
    auto zero = [&](uint64_t y) {
        for (uint32_t j = 0; j < lines; ++j) store(y + 64 * j);
    };
    Counts& c = common_;
    ++c.strips;
    if (side >= n) {
        ++c.tiles;
        for (uint32_t v = d0; v < d1; ++v) {
            const uint64_t y = ys + v * row;
            ++c.visits;
            zero(y);
            load(colptr_ + 4ull * v);
            load(colptr_ + 4ull * (v + 1));
            for (uint32_t k = g_.colptr[v]; k < g_.colptr[v + 1]; ++k) {
                load(rowidx_ + 4ull * k);
                load(weight_ + 4ull * k);
                axpy(y, xs + g_.rowidx[k] * row);
                ++c.nonzeros;
            }
        }
        return;
    }
    for (uint32_t s0 = 0; s0 < n; s0 += side) {
        const uint32_t s1 = n - s0 > side ? s0 + side : n;
        const bool first = s0 == 0, last = s1 == n;
        ++c.tiles;
        for (uint32_t v = d0; v < d1; ++v) {
            const uint64_t y = ys + v * row;
            ++c.visits;
            uint32_t k;
            if (first) {
                zero(y);
                load(colptr_ + 4ull * v);
                k = g_.colptr[v];
            } else {
                load(cursor_ + 4ull * v);
                k = cur_[v];
            }
            load(colptr_ + 4ull * (v + 1));
            const uint32_t e = g_.colptr[v + 1];
            for (; k < e; ++k) {
                load(rowidx_ + 4ull * k);
                const uint32_t u = g_.rowidx[k];
                if (u >= s1) {
                    ++c.tile_ends;
                    break;
                }
                load(weight_ + 4ull * k);
                axpy(y, xs + u * row);
                ++c.nonzeros;
            }
            if (!last) {
                store(cursor_ + 4ull * v);
                cur_[v] = k;
            }
        }
    }
}

void Emulator::slice(uint32_t s, const gcn_tiling_t& t, std::vector<std::vector<SliceResult>>& out) {
    const uint32_t n = g_.n;
    const uint64_t xs = img_.blob("features").addr + uint64_t(s) * n * w_ * 4;
    const uint64_t ys = img_.blob("output").addr + uint64_t(s) * n * w_ * 4;
    common_ = Counts{};
    for (auto& c : per_l2_) c = Counts{};
    std::vector<SliceResult> r(l2_.size());
    for (auto& x : r) {
        x.slice = s;
        x.tiling = t;
    }
    uint32_t start = 0;
    for (uint32_t i = 0; i < t.count; ++i) {
        std::vector<cache::RegionStats> before;
        for (auto& a : l2_) before.push_back(a->stats()[features_region_]);
        const uint32_t side = t.width[i] * unit_, d0 = start * unit_;
        start += t.width[i];
        const uint32_t d1 = std::min(start * unit_, n);
        if (d0 < d1) strip(d0, d1, side, xs, ys);
        common_.elements = common_.nonzeros * w_;
        for (size_t j = 0; j < l2_.size(); ++j) {
            const cache::RegionStats& now = l2_[j]->stats()[features_region_];
            r[j].strip_lookups.push_back(now.accesses - before[j].accesses);
            r[j].strip_misses.push_back(now.misses - before[j].misses);
        }
    }
    for (size_t j = 0; j < l2_.size(); ++j) {
        Counts c = common_;
        c += per_l2_[j];
        r[j].counts = c;
        r[j].cycles = cfg_.time.cycles(c);
        out[j].push_back(r[j]);
    }
}

RunResult Emulator::finish(size_t j, std::vector<SliceResult> slices) {
    RunResult r;
    r.run = run_;
    r.l2_size = cfg_.l2.at(l2_index_.at(j)).size;
    for (const auto& s : slices) {
        r.total += s.counts;
        r.cycles += s.cycles;
    }
    r.slices = std::move(slices);
    r.check = check_common_;
    r.check += check_per_l2_.at(j);
    auto level = [](const cache::CacheArray& a) {
        LevelStats l;
        for (const auto& reg : a.regions()) l.regions.push_back(reg.name);
        l.regions.push_back("other");
        l.stats = a.stats();
        return l;
    };
    r.l1d = level(*l1_);
    r.l2 = level(*l2_.at(j));
    return r;
}

std::vector<RunResult> Emulator::run_static(const workload::GcnRun& run) {
    if (run.kernel == GCN_KERNEL_ATM) throw std::invalid_argument("run_static: ATM decides per L2 (run_atm)");
    std::vector<size_t> all;
    for (size_t i = 0; i < cfg_.l2.size(); ++i) all.push_back(i);
    begin(run, all);
    cur_.assign(g_.n, 0);
    gcn_tiling_t t;
    gcn_tiling_uniform(&t, run_.tiles);
    std::vector<std::vector<SliceResult>> out(l2_.size());
    for (uint32_t s = 0; s < run_.slices; ++s) slice(s, t, out);
    std::vector<RunResult> res;
    for (size_t j = 0; j < l2_.size(); ++j) res.push_back(finish(j, std::move(out[j])));
    return res;
}

RunResult Emulator::run_atm(const workload::GcnRun& run, size_t l2_index) {
    if (run.kernel != GCN_KERNEL_ATM) throw std::invalid_argument("run_atm: not an ATM run");
    begin(run, {l2_index});
    cur_.assign(g_.n, 0);
    gcn_atm_t atm;
    gcn_atm_init(&atm, run_.fine, GCN_ATM_WARMUP_SLICES, GCN_ATM_WARMUP_MAX(run_.slices), GCN_ATM_PROBES(run_.slices));
    std::vector<std::vector<SliceResult>> out(1);
    for (uint32_t s = 0; s < run_.slices; ++s) {
        slice(s, *gcn_atm_tiling(&atm), out);
        SliceResult& r = out[0].back();
        // The firmware reports mcycle; here the modelled cycles, rounded as a counter would be.
        gcn_atm_report(&atm, uint64_t(r.cycles + 0.5), r.strip_lookups.data(), r.strip_misses.data(),
                       r.counts.dram_writes);
        r.phase = atm.phase;
        r.action = atm.action;
    }
    return finish(0, std::move(out[0]));
}

}  // namespace vp::gcnsim
