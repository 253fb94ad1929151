// Statistics registry: per-component counters, histograms and derived values, dumped to stats.json.
//
// Models register their statistics once (at construction) and then bump plain integers on the hot
// path: a Counter is a uint64_t with a name, nothing more. The registry owns the storage (stable
// addresses), knows every statistic's unit and meaning (for `vp describe --stats` and the docs),
// and serialises everything in a stable, sorted order so that two runs of one scenario produce
// byte-identical files. Schema: docs/stats.md.
#pragma once
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>
#include <nlohmann/json.hpp>

namespace vp {

struct Counter {
    uint64_t value = 0;
    Counter& operator++() {
        ++value;
        return *this;
    }
    Counter& operator+=(uint64_t v) {
        value += v;
        return *this;
    }
};

// Histogram with power-of-two buckets: bucket k holds values in [2^(k-1), 2^k), bucket 0 holds 0.
// Cheap to update, wide dynamic range (latencies from 1 ps to hours), no configuration.
class Histogram {
public:
    void add(uint64_t v) {
        ++count_;
        sum_ += v;
        if (v < min_) min_ = v;
        if (v > max_) max_ = v;
        unsigned b = v == 0 ? 0 : 64 - __builtin_clzll(v);
        ++buckets_[b];
    }
    uint64_t count() const { return count_; }
    uint64_t sum() const { return sum_; }
    uint64_t min() const { return count_ ? min_ : 0; }
    uint64_t max() const { return max_; }
    double mean() const { return count_ ? double(sum_) / double(count_) : 0.0; }
    nlohmann::ordered_json to_json() const;

private:
    uint64_t count_ = 0, sum_ = 0, min_ = ~uint64_t(0), max_ = 0;
    uint64_t buckets_[65] = {};
};

struct StatInfo {
    std::string unit;
    std::string desc;
};

// The statistics of one component ("bus", "ram", "cpu0", "ram.bank3"...).
class StatsRegistry;

class StatGroup {
public:
    explicit StatGroup(std::string path, const StatsRegistry* registry = nullptr)
        : path_(std::move(path)), registry_(registry) {}
    // Duration of the run, the denominator of rates and utilisations (see StatsRegistry::elapsed).
    uint64_t elapsed() const;
    const std::string& path() const { return path_; }

    Counter& counter(const std::string& name, const std::string& unit, const std::string& desc);
    Histogram& histogram(const std::string& name, const std::string& unit, const std::string& desc);
    // A value computed at dump time from other statistics (rates, ratios, utilisation).
    void derived(const std::string& name, const std::string& unit, const std::string& desc, std::function<double()> fn);

    const Counter* find_counter(const std::string& name) const;
    Counter* find_counter(const std::string& name);  // for a model that sets a counter it registered
    const Histogram* find_histogram(const std::string& name) const;
    // The derived values' names, and one value as to_json() reports it (computed now; NaN/inf: 0).
    std::vector<std::string> derived_names() const;
    double derived_value(const std::string& name) const;
    nlohmann::ordered_json to_json() const;
    nlohmann::ordered_json describe() const;

private:
    std::string path_;
    const StatsRegistry* registry_;
    std::map<std::string, Counter*> counters_;
    std::map<std::string, Histogram*> histograms_;
    std::map<std::string, std::function<double()>> derived_;
    std::map<std::string, StatInfo> info_;
    std::deque<Counter> counter_store_;
    std::deque<Histogram> histogram_store_;
};

class StatsRegistry {
public:
    // Returns the group for `path`, creating it on first use. Paths are unique per component.
    StatGroup& group(const std::string& path);
    const StatGroup* find(const std::string& path) const;
    const std::map<std::string, std::unique_ptr<StatGroup>>& groups() const { return groups_; }
    void clear() { groups_.clear(); }

    // The run's simulated duration in ps. Initiators run ahead of the kernel, so the kernel's time at
    // the end depends on the quantum; the platform sets the time of the last activity here before
    // dumping, and rates computed from it are quantum-independent. Until then: the kernel's time.
    void set_elapsed(uint64_t ps) { elapsed_ = ps; }
    uint64_t elapsed() const;

    // {"<component>": {"counters": {...}, "histograms": {...}, "derived": {...}}, ...}
    nlohmann::ordered_json to_json() const;

private:
    std::map<std::string, std::unique_ptr<StatGroup>> groups_;
    uint64_t elapsed_ = 0;
};

}  // namespace vp
