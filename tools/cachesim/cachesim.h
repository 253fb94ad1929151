// Trace-driven replay of a recorded access log (models/cache/access_log.h) through cache-only
// configurations: L1I and L1D in front of a shared L2, with the very cache core the platform uses
// (models/cache/cache_array), and Belady's OPT for the L2 as an offline bound.
//
// What reaches each level mirrors the TLM cache model (models/cache/cache.cpp):
//   - a CPU access touches every line it spans; AC's "offset 0" = the access covers the line's
//     first 4 bytes;
//   - an L1 miss: (1) when the level's policy reads the priority table (ac, pb: PolicyInfo::
//     reads_priority) and the line lies in the feature range, the priority-table word is read from
//     below (through the L2 when `priority_reads` is on, as on the platform); the table is the log's
//     blob "prio_<policy>"; (2) the victim leaves, a dirty one as a full-line write below; (3) the line
//     is read from below as one full-line read at the line address (so the L2 sees offset0 = true);
//   - an L2 miss reads memory; its priority comes from the same table (a memory read, counted as a
//     priority fetch only).
// The L1s do not depend on the L2 (tags only, no inclusion), so one pass over the log drives every
// L2 size at once (run_one_pass: the L1s' requests go to each L2 a chunk at a time, never stored);
// Belady's OPT needs the whole L2 request stream, which run_l1 stores and run_l2 replays per size.
// The log may be a stream (a pipe, "-"): it is read once either way.
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>
#include <nlohmann/json.hpp>
#include "models/cache/access_log.h"
#include "models/cache/cache_array.h"

namespace vp::cachesim {

struct Blob {
    std::string name;
    uint64_t addr = 0;
    std::vector<uint8_t> data;
};

struct Log {
    std::string path;
    nlohmann::json header;
    std::vector<cache::Region> regions;
    std::vector<Blob> blobs;
    std::vector<cache::AccessRecord> records;  // empty when loaded without records (streamed instead)
    bool records_loaded = false;
    // A stream (pipe, FIFO, "-") positioned at its records: read once by for_each_chunk. (A regular file
    // is opened again for each pass.)
    mutable std::shared_ptr<cache::AccessLogReader> stream;
    mutable bool stream_read = false;
    // Calls fn(chunk) for the records in order: from `records`, or read from the file in chunks.
    template <class Fn>
    void for_each_chunk(Fn fn) const;
    const Blob* blob(const std::string& name) const;
    const cache::Region* region(const std::string& name) const;
};

// Reads the header and blobs, and the records too unless `with_records` is false (then the
// simulation streams them from the file: memory stays independent of the log's length).
// Throws std::runtime_error naming the file and the problem.
Log load_log(const std::string& path, bool with_records = true);

template <class Fn>
void Log::for_each_chunk(Fn fn) const {
    if (records_loaded) {
        fn(records);
        return;
    }
    std::vector<cache::AccessRecord> chunk;
    if (stream || stream_read) {
        if (stream_read)
            throw std::runtime_error("access log '" + path + "': a stream can be read only once (use a file)");
        stream_read = true;
        const std::shared_ptr<cache::AccessLogReader> rd = std::move(stream);
        while (rd->records(chunk, 1 << 20)) fn(chunk);
        return;
    }
    cache::AccessLogReader rd(path);
    for (const auto& b : header.value("blobs", nlohmann::json::array())) rd.blob(b.at("size").get<size_t>());
    while (rd.records(chunk, 1 << 20)) fn(chunk);
}

struct LevelConfig {
    bool present = false;
    cache::Geometry geo;
    std::string policy = "lru";  // a policy of the registry (replacement/registry.h), or "opt" (L2 only)
    cache::PolicyParams params;
    uint32_t default_priority = 0;
};

struct Config {
    LevelConfig l1i, l1d, l2;
    std::string fv_region = "features";  // the controllers' FV range: a region, or adjacent ones
                                         // joined with '+' ("features+output"); empty: none
    bool priority_reads = true;          // L1 priority-table reads go through the L2 (as on the platform)
    // Records outside [cacheable_lo, cacheable_hi) bypass the caches (MMIO: the controllers'
    // registers, the trace marker): the platform caches only RAM.
    uint64_t cacheable_lo = 0x80000000ull, cacheable_hi = 0x100000000ull;
};

struct LevelResult {
    std::string name;  // l1i, l1d, l2
    LevelConfig cfg;
    std::vector<std::string> region_names;  // ..., "other"
    std::vector<cache::RegionStats> stats;  // parallel to region_names
    // Misses of read requests (the data must come from below), parallel to region_names. Write
    // misses (at the L2: L1 write-backs) only allocate a line that is overwritten whole.
    std::vector<uint64_t> read_misses;
    cache::RegionStats total() const;
    uint64_t total_read_misses() const;
};

struct Result {
    std::vector<LevelResult> levels;
};

// Requests below the L1s, in order.
struct Request {
    uint32_t addr;
    uint16_t len;
    uint8_t write;
    uint8_t pad;
};

// Runs the L1s over the log; returns their results and fills `l2_stream` with what reaches the L2.
std::vector<LevelResult> run_l1(const Log& log, const Config& cfg, std::vector<Request>& l2_stream);
// Runs one L2 configuration over an L2 request stream (policy "opt": Belady's OPT).
LevelResult run_l2(const Log& log, const Config& cfg, const std::vector<Request>& l2_stream);

// One pass over the log: the L1s of `cfg`, and every L2 configuration of `l2s` fed with the L1s'
// requests chunk by chunk (not policy opt). The same results as run_l1 + run_l2 per configuration, in
// memory independent of the log's length.
struct OnePassResult {
    std::vector<LevelResult> l1;  // as run_l1
    std::vector<LevelResult> l2;  // parallel to l2s
    uint64_t l2_requests = 0;     // requests below the L1s (run_l1's stream length)
};
OnePassResult run_one_pass(const Log& log, const Config& cfg, const std::vector<LevelConfig>& l2s);
// Both, for one configuration.
Result simulate(const Log& log, const Config& cfg);

// The address range of an fv_region spec (empty range for ""). Throws naming a missing region.
cache::Region fv_range(const Log& log, const std::string& spec);

// Validates a configuration against a log (geometry, policy names, opt only at the L2).
void validate(const Config& cfg);

nlohmann::json to_json(const LevelResult& r);

// "32KiB", "1MiB", "256K", "4096" -> bytes. Throws std::invalid_argument.
uint64_t parse_size(const std::string& text);

}  // namespace vp::cachesim
