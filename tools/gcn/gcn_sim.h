// vp-gcn-sim: the gcn firmware's data-access stream (firmware/programs/gcn), emulated on the host and
// replayed on the fly through the platform's cache core (models/cache/cache_array: an L1D in front of
// one or more L2 sizes), with automatic tile morphing deciding online from a modelled slice time --
// for graphs and feature widths too large for full platform runs (docs/gcn.md).
//
// The stream, per slice and strip, in the firmware's order at cache-line granularity: a strip of one
// tile reads colptr[v], colptr[v+1], zeroes Y_s[v] (stores), then per nonzero rowidx[k], weight[k] and,
// line by line, X_s[u] (load) and Y_s[v] (load + store); with several tiles, each tile reads colptr[v]
// (first tile, after zeroing Y_s[v]) or cursor[v], colptr[v+1], the nonzeros with u < tile end, the
// row index that ends the tile, and stores cursor[v] (all but the last tile). Consecutive accesses to
// the line accessed just before are folded into one lookup (they cannot miss, and under LRU they
// change no victim: the misses, fills and write-backs equal the firmware's; lookup counts do not).
// Before the first slice, the firmware's input check reads colptr and rowidx once: outside every
// slice's counts (as outside its mcycle) and the run's totals, counted on their own (RunResult::check)
// so that totals + check are the platform's DRAM traffic for the data. What it leaves out: instruction
// fetches, the stack, the header, statistics-register and printf traffic (the platform's "other"
// region).
//
// Each L1D miss writes its dirty victim back to the L2 first, then reads the line from it (as
// models/cache/cache.cpp does); an L2 miss reads DRAM unless it is a write-back (a whole line);
// dirty L2 victims are DRAM writes.
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>
#include "models/cache/cache_array.h"
#include "platform/workload/gcn.h"
#include "vp/gcn_atm.h"

namespace vp::gcnsim {

// Events of a slice that the time model weighs (per slice, summed for a run).
struct Counts {
    uint64_t elements = 0;   // feature elements multiplied and added (nonzeros x slice width)
    uint64_t nonzeros = 0;   // nonzeros processed
    uint64_t visits = 0;     // (destination, tile) visits
    uint64_t tile_ends = 0;  // row-index reads that end a tile early (u >= tile end)
    uint64_t strips = 0, tiles = 0;
    uint64_t l1_load_misses_l2_hit = 0, l1_load_misses_l2_miss = 0;  // blocking loads
    uint64_t l1_load_misses_l2_miss_graph = 0;  // of those, lines of the graph arrays (sequential streams)
    uint64_t l1_store_misses = 0;               // posted stores
    uint64_t dram_reads = 0, dram_writes = 0;   // lines
    Counts& operator+=(const Counts& o);
};

// Modelled cycles: a linear function of the counts, coefficients per key of Counts (see
// time_model_keys()); fitted to full platform runs by tools/gcn/sweep.py.
struct TimeModel {
    std::map<std::string, double> coef;
    double cycles(const Counts& c) const;
    static const std::vector<std::string>& keys();
    static double get(const Counts& c, const std::string& key);
};

struct SliceResult {
    uint32_t slice = 0;
    gcn_tiling_t tiling{};
    Counts counts;
    double cycles = 0;
    std::vector<uint64_t> strip_lookups, strip_misses;  // L2, features window, per strip
    uint32_t phase = 0, action = 0;                     // ATM: after this slice's report
};

struct LevelStats {
    std::vector<std::string> regions;       // ..., "other"
    std::vector<cache::RegionStats> stats;  // parallel
};

struct RunResult {
    workload::GcnRun run;
    uint64_t l2_size = 0;
    std::vector<SliceResult> slices;
    Counts total;  // the slices' (the kernel's)
    Counts check;  // the firmware's input check before the first slice (its DRAM reads)
    double cycles = 0;
    LevelStats l1d, l2;
};

struct Config {
    cache::Geometry l1d{32 * 1024, 8, 64};
    std::vector<cache::Geometry> l2;  // one or more sizes
    uint64_t base = 0;                // address of the first blob (the ELF's __loader_start: main.cpp)
    TimeModel time;
};

class Emulator {
public:
    Emulator(const workload::GcnGraph& g, uint32_t features, const Config& cfg);
    // Static kernels run every L2 size in one pass (the L1D stream does not depend on the L2);
    // ATM decides per slice, so it runs one L2 size at a time (l2_index).
    std::vector<RunResult> run_static(const workload::GcnRun& run);
    RunResult run_atm(const workload::GcnRun& run, size_t l2_index);
    const workload::Image& image() const { return img_; }

private:
    void begin(const workload::GcnRun& run, const std::vector<size_t>& l2s);
    // One slice with tiling t: appends one SliceResult per active L2 to out[i].
    void slice(uint32_t s, const gcn_tiling_t& t, std::vector<std::vector<SliceResult>>& out);
    void strip(uint32_t d0, uint32_t d1, uint32_t side, uint64_t xs, uint64_t ys);
    void load(uint64_t addr) { access(addr, false, true); }
    void store(uint64_t addr) { access(addr, true, false); }
    void rmw(uint64_t addr) { access(addr, true, true); }  // load, then store (Y in axpy)
    void access(uint64_t addr, bool write, bool blocking);
    void l2_request(size_t i, uint64_t line, bool write, bool blocking);
    RunResult finish(size_t l2_index, std::vector<SliceResult> slices);

    const workload::GcnGraph& g_;
    uint32_t f_;
    Config cfg_;
    workload::GcnRun run_;
    workload::Image img_;
    uint64_t colptr_ = 0, rowidx_ = 0, cursor_ = 0, weight_ = 0;
    uint32_t w_ = 0, unit_ = 0;
    std::unique_ptr<cache::CacheArray> l1_;
    std::vector<std::unique_ptr<cache::CacheArray>> l2_;  // the active L2s
    std::vector<size_t> l2_index_;                        // their index in cfg_.l2
    Counts common_;                                       // L2-independent counts of the current slice
    Counts check_common_;                                 // the input check's (begin)
    std::vector<Counts> check_per_l2_;
    std::vector<Counts> per_l2_;  // L2-dependent counts, per active L2
    std::vector<uint32_t> cur_;   // the firmware's cursor[] values
    uint64_t last_line_ = ~0ull;  // line of the last lookup, and whether that lookup was a store
    bool last_dirty_ = false;
    size_t features_region_ = 0;
    uint64_t graph_lo_ = 0, graph_hi_ = 0;  // the graph region (colptr, rowidx, weight)
};

}  // namespace vp::gcnsim
