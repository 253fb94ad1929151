#include "platform/timeline_sampler.h"
#include <cmath>

namespace vp {

TimelineSampler::TimelineSampler(const StatsRegistry& stats, Tick first_interval, size_t max_samples)
    : stats_(stats),
      interval_(first_interval ? first_interval : 1),
      next_(0),  // the first slice is sampled
      max_(max_samples < 4 ? 4 : max_samples) {}

void TimelineSampler::add_source(const std::string& name, std::function<uint64_t()> read) {
    series_.push_back({name, [read](Tick) { return read(); }, {}});
}

// The counters that make rates over time, and the utilisations (busy time / elapsed time) the
// components derive: busy time so far = utilisation x the kernel's time, which is the statistics'
// denominator until the run ends.
void TimelineSampler::discover() {
    discovered_ = true;
    static const char* const kCounters[] = {"bytes_read", "bytes_written", "transactions", "hits", "misses"};
    for (auto& [path, group] : stats_.groups()) {
        for (const char* c : kCounters)
            if (const Counter* counter = group->find_counter(c))
                series_.push_back({path + "." + c, [counter](Tick) { return counter->value; }, {}});
        for (const std::string& key : group->derived_names()) {
            if (key.find("utilization") == std::string::npos) continue;
            const StatGroup* gp = group.get();
            series_.push_back({path + "." + key + ".busy_ps",
                               [gp, key](Tick now) {
                                   // (only this value: the whole group's JSON per sample cost 4 % of a cached run)
                                   const double u = gp->derived_value(key);
                                   return uint64_t(std::llround(u * double(now)));
                               },
                               {}});
        }
    }
}

void TimelineSampler::sample(Tick now) {
    if (now < next_) return;
    if (!discovered_) discover();
    take(now);
    next_ = now + interval_ - interval_ / 4;  // slices end with some jitter: do not skip one
    if (t_.size() < max_) return;
    // Full: keep every other sample (the later of each pair) and sample half as often.
    size_t j = 0;
    for (size_t i = 1; i < t_.size(); i += 2, ++j) {
        t_[j] = t_[i];
        for (Series& s : series_) s.values[j] = s.values[i];
    }
    t_.resize(j);
    for (Series& s : series_) s.values.resize(j);
    interval_ *= 2;
    next_ = t_.back() + interval_ - interval_ / 4;
}

void TimelineSampler::final_sample(Tick end) {
    if (!discovered_) discover();
    // Replace a sample at or after the end (the kernel ran past it) or just before it (a sliver of an
    // interval would plot as a spike).
    if (!t_.empty() && t_.back() + interval_ / 2 >= end) {
        t_.pop_back();
        for (Series& s : series_) s.values.pop_back();
    }
    take(end);
}

void TimelineSampler::take(Tick now) {
    t_.push_back(now);
    for (Series& s : series_) s.values.push_back(s.read(now));
}

nlohmann::ordered_json TimelineSampler::to_json() const {
    nlohmann::ordered_json j;
    j["interval_ps"] = interval_;
    j["t_ps"] = t_;
    nlohmann::ordered_json series = nlohmann::ordered_json::object();
    for (const Series& s : series_) series[s.name] = s.values;
    j["series"] = series;
    return j;
}

}  // namespace vp
