// A run's statistics over simulated time, for `vp report` (timeline.json, docs/report.md): cumulative
// bytes, transactions, cache hits/misses and busy time of every component, plus sources the platform
// adds (a hart's instructions), sampled between the run's simulation slices. At most `max_samples`
// are kept: when full, every other one is dropped and the interval doubles, so the cost is bounded
// whatever the run's length. Samples are taken at kernel times fixed by the scenario: same scenario,
// same file.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>
#include <nlohmann/json.hpp>
#include "models/common/stats.h"
#include "models/common/time.h"

namespace vp {

class TimelineSampler {
public:
    TimelineSampler(const StatsRegistry& stats, Tick first_interval, size_t max_samples = 256);

    void add_source(const std::string& name, std::function<uint64_t()> read);
    // Takes a sample when `now` has reached the next sampling time.
    void sample(Tick now);
    // The next sampling time: sample() does nothing before it.
    Tick next_due() const { return next_; }
    // The sample at the end of the run (after the statistics' elapsed time is set to `end`).
    void final_sample(Tick end);
    // {"interval_ps", "t_ps": [...], "series": {"<component>.<counter>": [cumulative values], ...}}
    nlohmann::ordered_json to_json() const;

private:
    struct Series {
        std::string name;
        std::function<uint64_t(Tick)> read;
        std::vector<uint64_t> values;
    };
    void discover();
    void take(Tick now);

    const StatsRegistry& stats_;
    Tick interval_, next_;
    size_t max_;
    bool discovered_ = false;
    std::vector<Tick> t_;
    std::vector<Series> series_;
};

}  // namespace vp
