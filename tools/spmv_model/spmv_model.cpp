// spmv_model: the SpMV performance and energy model (eq. 1-4, 12) of Tanabe et al. [tanabe-hmc-gather] fed with hit rates that the
// platform's own cache core (models/cache/cache_array) measures on the CSR SpMV access stream.
//
//   spmv_model [--scale-from 11] [--scale-to 20] [--edgefactor 16] [--seed 1]
//              [--l1 16384] [--l1-ways 4] [--l2 786432] [--l2-ways 12] [--line 128] [--policy lru]
//              [--bandwidth 106.67e9]
//
// For each SCALE: builds the Graph500 Kronecker matrix exactly as the spmv workload does (symmetric
// pattern, duplicates merged, self-loops dropped), lays out row_ptr, col_idx, values, x and y like the
// loader (64-byte aligned, consecutive), and replays y = A x row by row (row_ptr[i+1], then per
// nonzero col_idx[k], values[k], x[col_idx[k]]; y[i] written) through L1 -> L2 (non-inclusive, both
// allocate on a miss, write-allocate). Prints one CSV row per SCALE with:
//   l1_hit, l12_hit (R_hit: hit in L1 or L2, all accesses), hit_x (the same for x only), S (mean
//   useful 4-byte x words per x line fetched into L2, over the line's L2 residency),
//   B/FLOP_cache = 2 + I/2 + (1 - hit_x) * line / S  (eq. 1 with I = 4-byte indices),
//   F_cache = W / that (eq. 2), F_gather = W / 4 (eq. 3-4), their ratio, and the energy ratios
//   35 (1 - R_hit) (eq. 12, Tanabe et al.'s 64-bit indices) and (1 - R_hit)(2 + 32/S) (32-bit indices).
// Defaults: Tanabe et al.'s GPU caches (Tesla C2050: L1 16 KB, L2 768 KB, 128-byte lines) and W = the
// HMC model's four links of 16 x 15 Gb/s with 128-byte packets (4 x 30 GB/s x 8/9). Deterministic.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <chrono>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include "models/cache/cache_array.h"
#include "platform/workload/kronecker.h"

using namespace vp;

namespace {

struct Args {
    unsigned from = 11, to = 20, edgefactor = 16;
    uint64_t seed = 1;
    uint64_t l1 = 16 * 1024, l2 = 768 * 1024;
    unsigned l1_ways = 4, l2_ways = 12, line = 128;  // 768 KiB / (12 x 128) = 512 sets
    std::string policy = "lru";
    double bandwidth = 4 * 30e9 * 8 / 9;
};

uint64_t align64(uint64_t v) { return (v + 63) & ~uint64_t(63); }

struct Hier {
    cache::CacheArray l1, l2;
    uint64_t acc = 0, l1_hits = 0, l2_hits = 0;
    uint64_t x_acc = 0, x_hits = 0;
    uint64_t x_lo = 0, x_hi = 0;
    // x lines resident in L2: bitmask of the 4-byte words touched during the residency.
    std::unordered_map<uint64_t, uint32_t> x_words;
    uint64_t x_fills = 0, x_useful = 0;
    unsigned line;

    Hier(const Args& a)
        : l1(cache::Geometry{a.l1, a.l1_ways, a.line}, a.policy),
          l2(cache::Geometry{a.l2, a.l2_ways, a.line}, a.policy),
          line(a.line) {}

    void retire_x(uint64_t line_addr) {
        auto it = x_words.find(line_addr);
        if (it == x_words.end()) return;
        x_useful += unsigned(__builtin_popcount(it->second));
        x_words.erase(it);
    }
    void access(uint64_t addr, bool write) {
        ++acc;
        const bool is_x = addr >= x_lo && addr < x_hi;
        if (is_x) ++x_acc;
        bool hit = false;
        if (l1.access(addr, write, false)) {
            ++l1_hits;
            hit = true;
        } else {
            if (l2.access(addr, write, false)) {
                ++l2_hits;
                hit = true;
            } else {
                const cache::Eviction v = l2.fill(addr, write, false, 0);
                if (v.valid) retire_x(v.addr);
                if (is_x) {
                    ++x_fills;
                    x_words[l2.line_addr(addr)] = 0;
                }
            }
            l1.fill(addr, write, false, 0);
        }
        if (is_x) {
            if (hit) ++x_hits;
            auto it = x_words.find(l2.line_addr(addr));
            if (it != x_words.end()) it->second |= 1u << ((addr & (line - 1)) / 4 % 32);
        }
    }
};

bool parse(int argc, char** argv, Args& a) {
    for (int i = 1; i < argc; ++i) {
        const std::string k = argv[i];
        if (i + 1 >= argc) return false;
        const char* v = argv[++i];
        if (k == "--scale-from")
            a.from = unsigned(std::atoi(v));
        else if (k == "--scale-to")
            a.to = unsigned(std::atoi(v));
        else if (k == "--edgefactor")
            a.edgefactor = unsigned(std::atoi(v));
        else if (k == "--seed")
            a.seed = std::strtoull(v, nullptr, 0);
        else if (k == "--l1")
            a.l1 = std::strtoull(v, nullptr, 0);
        else if (k == "--l1-ways")
            a.l1_ways = unsigned(std::atoi(v));
        else if (k == "--l2")
            a.l2 = std::strtoull(v, nullptr, 0);
        else if (k == "--l2-ways")
            a.l2_ways = unsigned(std::atoi(v));
        else if (k == "--line")
            a.line = unsigned(std::atoi(v));
        else if (k == "--policy")
            a.policy = v;
        else if (k == "--bandwidth")
            a.bandwidth = std::atof(v);
        else
            return false;
    }
    return a.from >= 1 && a.from <= a.to && a.to <= 26;
}

}  // namespace

int main(int argc, char** argv) {
    Args a;
    if (!parse(argc, argv, a)) {
        std::fprintf(stderr,
                     "usage: spmv_model [--scale-from N] [--scale-to N] [--edgefactor N] [--seed N] [--l1 BYTES] "
                     "[--l1-ways N] [--l2 BYTES] [--l2-ways N] [--line BYTES] [--policy NAME] [--bandwidth B/s]\n");
        return 2;
    }
    try {
        Hier check(a);  // the cache geometries and policy, before any output
    } catch (const std::exception& e) {
        std::fprintf(stderr, "spmv_model: %s\n", e.what());
        return 2;
    }
    std::printf(
        "scale,rows,nnz,l1_hit,l12_hit,hit_x,S,bflop_cache,F_cache_gflops,F_gather_gflops,F_ratio,"
        "E_ratio_eq12,E_ratio_i32,host_seconds\n");
    for (unsigned s = a.from; s <= a.to; ++s) {
        const auto t0 = std::chrono::steady_clock::now();
        workload::KroneckerOptions o;
        o.scale = s;
        o.edgefactor = a.edgefactor;
        o.seed = a.seed;
        const workload::CsrMatrix m = workload::kronecker_csr(o);
        const uint64_t nnz = m.nnz();
        // Layout as the loader places the blobs (the base is irrelevant to hit rates beyond alignment).
        uint64_t at = 0x84000000;
        const uint64_t rp = at = align64(at + 64);  // after "dims"
        const uint64_t ci = at = align64(rp + 4 * (uint64_t(m.rows) + 1));
        const uint64_t va = at = align64(ci + 4 * nnz);
        const uint64_t xa = at = align64(va + 4 * nnz);
        const uint64_t ya = align64(xa + 4 * uint64_t(m.cols));
        Hier h(a);
        h.x_lo = xa;
        h.x_hi = xa + 4 * uint64_t(m.cols);
        h.access(rp, false);
        for (uint32_t i = 0; i < m.rows; ++i) {
            h.access(rp + 4 * (uint64_t(i) + 1), false);
            for (uint32_t k = m.row_ptr[i]; k < m.row_ptr[i + 1]; ++k) {
                h.access(ci + 4 * uint64_t(k), false);
                h.access(va + 4 * uint64_t(k), false);
                h.access(xa + 4 * uint64_t(m.col_idx[k]), false);
            }
            h.access(ya + 4 * uint64_t(i), true);
        }
        for (auto& [line, bits] : h.x_words) h.x_useful += unsigned(__builtin_popcount(bits));
        const double l1_hit = double(h.l1_hits) / double(h.acc);
        const double r_hit = double(h.l1_hits + h.l2_hits) / double(h.acc);
        const double hit_x = h.x_acc ? double(h.x_hits) / double(h.x_acc) : 0.0;
        const double S = h.x_fills ? double(h.x_useful) / double(h.x_fills) : 1.0;
        const double bflop = 2.0 + 4.0 / 2.0 + (1.0 - hit_x) * double(a.line) / S;
        const double f_cache = a.bandwidth / bflop, f_gather = a.bandwidth / 4.0;
        const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        std::printf("%u,%u,%llu,%.4f,%.4f,%.4f,%.3f,%.2f,%.3f,%.3f,%.2f,%.2f,%.2f,%.1f\n", s, m.rows,
                    (unsigned long long)nnz, l1_hit, r_hit, hit_x, S, bflop, f_cache / 1e9, f_gather / 1e9,
                    f_gather / f_cache, 35.0 * (1.0 - r_hit), (1.0 - r_hit) * (2.0 + 32.0 / S), secs);
        std::fflush(stdout);
    }
    return 0;
}
