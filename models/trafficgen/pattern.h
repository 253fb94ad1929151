// Access patterns of the traffic generator: the sequence of (time, command, address, size) it replays.
// Pure C++ (no SystemC), deterministic, testable on its own.
#pragma once
#include <cstdint>
#include <string>
#include <vector>
#include "models/common/time.h"
#include "models/common/prng.h"

namespace vp {

enum class TrafficPattern { Sequential, Strided, Random, Csv };

struct TrafficAccess {
    Tick at = 0;  // earliest issue time relative to the generator's start (CSV only; 0 otherwise)
    bool write = false;
    uint64_t addr = 0;  // absolute address
    unsigned size = 0;  // bytes
};

struct PatternParams {
    TrafficPattern pattern = TrafficPattern::Sequential;
    uint64_t base = 0;
    uint64_t range = 1 << 20;    // bytes of the region [base, base + range)
    unsigned access_size = 64;   // bytes per access
    uint64_t stride = 64;        // bytes between consecutive accesses (strided)
    uint64_t count = 1000;       // accesses; 0 with CSV: every line of the file
    double read_fraction = 1.0;  // probability that an access is a read (not for CSV)
    uint64_t seed = 1;
    std::string csv_file;  // CSV pattern
};

// One CSV line, parsed.
struct CsvAccess {
    Tick time = 0;  // absolute (relative to start) after delta accumulation
    bool write = false;
    uint64_t addr = 0;  // offset added to `base`
    unsigned size = 0;
};

// Parses a CSV access file. Format (docs/trafficgen.md): optional header "time,op,addr,size" or
// "delta,op,addr,size"; '#' comments and blank lines ignored; time with an optional unit (ps default);
// op R/W/read/write; addr decimal or 0x hex; size in bytes. Throws std::runtime_error
// "<file>:<line>: <problem>" on the first bad line.
std::vector<CsvAccess> parse_access_csv(const std::string& text, const std::string& file_name);
std::vector<CsvAccess> load_access_csv(const std::string& path);

class AccessPattern {
public:
    // Throws std::invalid_argument on inconsistent parameters, std::runtime_error on a bad CSV.
    explicit AccessPattern(const PatternParams& p);

    // The next access; false when the pattern is exhausted (`count` accesses, or end of the CSV).
    bool next(TrafficAccess& a);
    uint64_t total() const { return total_; }  // number of accesses the pattern yields
    unsigned max_size() const { return max_size_; }

private:
    PatternParams p_;
    uint64_t k_ = 0, total_ = 0;
    unsigned max_size_ = 0;
    Xoshiro256 addr_rng_, rw_rng_;
    std::vector<CsvAccess> csv_;
};

}  // namespace vp
