#include "models/common/stats.h"
#include "models/common/json_append.h"
#include "models/common/time.h"
#include <cmath>
#include <stdexcept>

namespace vp {

nlohmann::ordered_json Histogram::to_json() const {
    nlohmann::ordered_json j;
    j["count"] = count_;
    j["sum"] = sum_;
    j["min"] = min();
    j["max"] = max_;
    j["mean"] = mean();
    auto buckets = nlohmann::ordered_json::array();
    for (unsigned b = 0; b < 65; ++b) {
        if (!buckets_[b]) continue;
        const uint64_t lo = b == 0 ? 0 : uint64_t(1) << (b - 1);
        const uint64_t hi = b == 0 ? 1 : (b == 64 ? ~uint64_t(0) : uint64_t(1) << b);
        buckets.push_back({{"lo", lo}, {"hi", hi}, {"count", buckets_[b]}});
    }
    j["buckets"] = std::move(buckets);
    return j;
}

static void check_unique(const std::map<std::string, StatInfo>& info, const std::string& group,
                         const std::string& name) {
    if (info.count(name)) throw std::logic_error("statistic '" + group + "." + name + "' registered twice");
}

Counter& StatGroup::counter(const std::string& name, const std::string& unit, const std::string& desc) {
    check_unique(info_, path_, name);
    info_[name] = {unit, desc};
    counter_store_.emplace_back();
    counters_[name] = &counter_store_.back();
    return counter_store_.back();
}

Histogram& StatGroup::histogram(const std::string& name, const std::string& unit, const std::string& desc) {
    check_unique(info_, path_, name);
    info_[name] = {unit, desc};
    histogram_store_.emplace_back();
    histograms_[name] = &histogram_store_.back();
    return histogram_store_.back();
}

void StatGroup::derived(const std::string& name, const std::string& unit, const std::string& desc,
                        std::function<double()> fn) {
    check_unique(info_, path_, name);
    info_[name] = {unit, desc};
    derived_[name] = std::move(fn);
}

const Counter* StatGroup::find_counter(const std::string& name) const {
    auto it = counters_.find(name);
    return it == counters_.end() ? nullptr : it->second;
}

Counter* StatGroup::find_counter(const std::string& name) {
    auto it = counters_.find(name);
    return it == counters_.end() ? nullptr : it->second;
}

const Histogram* StatGroup::find_histogram(const std::string& name) const {
    auto it = histograms_.find(name);
    return it == histograms_.end() ? nullptr : it->second;
}

nlohmann::ordered_json StatGroup::to_json() const {
    nlohmann::ordered_json j;
    auto counters = nlohmann::ordered_json::object();
    for (auto& [name, c] : counters_) append_distinct(counters, name, c->value);
    auto hists = nlohmann::ordered_json::object();
    for (auto& [name, h] : histograms_) append_distinct(hists, name, h->to_json());
    auto derived = nlohmann::ordered_json::object();
    for (auto& [name, fn] : derived_) append_distinct(derived, name, derived_value(name));
    j["counters"] = std::move(counters);
    j["histograms"] = std::move(hists);
    j["derived"] = std::move(derived);
    return j;
}

std::vector<std::string> StatGroup::derived_names() const {
    std::vector<std::string> names;
    for (auto& [name, fn] : derived_) names.push_back(name);
    return names;
}

double StatGroup::derived_value(const std::string& name) const {
    const double v = derived_.at(name)();
    return std::isfinite(v) ? v : 0.0;  // NaN/inf are not JSON; a ratio over zero events is reported as 0
}

nlohmann::ordered_json StatGroup::describe() const {
    nlohmann::ordered_json j = nlohmann::ordered_json::object();
    for (auto& [name, info] : info_) {
        const char* kind = counters_.count(name) ? "counter" : histograms_.count(name) ? "histogram" : "derived";
        append_distinct(j, name, {{"kind", kind}, {"unit", info.unit}, {"desc", info.desc}});
    }
    return j;
}

uint64_t StatGroup::elapsed() const { return registry_ ? registry_->elapsed() : sim_now(); }

uint64_t StatsRegistry::elapsed() const { return elapsed_ ? elapsed_ : sim_now(); }

StatGroup& StatsRegistry::group(const std::string& path) {
    auto& g = groups_[path];
    if (!g) g = std::make_unique<StatGroup>(path, this);
    return *g;
}

const StatGroup* StatsRegistry::find(const std::string& path) const {
    auto it = groups_.find(path);
    return it == groups_.end() ? nullptr : it->second.get();
}

nlohmann::ordered_json StatsRegistry::to_json() const {
    nlohmann::ordered_json j = nlohmann::ordered_json::object();
    for (auto& [path, g] : groups_) append_distinct(j, path, g->to_json());
    return j;
}

}  // namespace vp
