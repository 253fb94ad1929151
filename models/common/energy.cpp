#include "models/common/energy.h"
#include "models/common/json_append.h"
#include <stdexcept>

namespace vp {

EnergyLedger::Kind EnergyLedger::define(const std::string& component, const std::string& event, double pj_per_unit,
                                        const std::string& unit) {
    if (!(pj_per_unit >= 0)) throw std::invalid_argument("energy of " + component + "." + event + " must be >= 0 pJ");
    const int existing = find(component, event);
    if (existing >= 0) {
        const Def& d = defs_[size_t(existing)];
        if (d.pj != pj_per_unit || d.unit != unit)
            throw std::invalid_argument("energy event " + component + "." + event + " defined twice differently");
        return Kind(existing);
    }
    if (defs_.size() >= 0xFFFF) throw std::length_error("energy ledger: too many event kinds");
    if (counts_lent_)
        throw std::logic_error("energy event " + component + "." + event + " defined after counting began");
    defs_.push_back({component, event, unit, pj_per_unit});
    counts_.push_back(0);
    return Kind(defs_.size() - 1);
}

int EnergyLedger::find(const std::string& component, const std::string& event) const {
    for (size_t i = 0; i < defs_.size(); ++i)
        if (defs_[i].component == component && defs_[i].event == event) return int(i);
    return -1;
}

double EnergyLedger::total_pj() const {
    double t = 0;
    for (size_t i = 0; i < defs_.size(); ++i) t += double(counts_[i]) * defs_[i].pj;
    return t;
}

double EnergyLedger::component_pj(const std::string& component) const {
    double t = 0;
    for (size_t i = 0; i < defs_.size(); ++i)
        if (defs_[i].component == component) t += double(counts_[i]) * defs_[i].pj;
    return t;
}

void EnergyLedger::region_begin(const std::string& name) { open_.push_back({name, counts_}); }

bool EnergyLedger::region_end() {
    if (open_.empty()) return false;
    Open o = std::move(open_.back());
    open_.pop_back();
    Region& r = regions_[o.name];
    ++r.count;
    for (size_t i = 0; i < defs_.size(); ++i) {
        const uint64_t before = i < o.counts.size() ? o.counts[i] : 0;  // kinds defined inside the region
        const uint64_t delta = counts_[i] - before;
        if (delta) r.pj[defs_[i].component] += double(delta) * defs_[i].pj;
    }
    return true;
}

double EnergyLedger::region_pj(const std::string& name) const {
    auto it = regions_.find(name);
    if (it == regions_.end()) return 0;
    double t = 0;
    for (auto& [c, pj] : it->second.pj) t += pj;
    return t;
}

double EnergyLedger::region_component_pj(const std::string& name, const std::string& component) const {
    auto it = regions_.find(name);
    if (it == regions_.end()) return 0;
    auto c = it->second.pj.find(component);
    return c == it->second.pj.end() ? 0 : c->second;
}

nlohmann::ordered_json EnergyLedger::to_json() const {
    // Sorted views: component -> event -> kind.
    std::map<std::string, std::map<std::string, size_t>> by;
    for (size_t i = 0; i < defs_.size(); ++i) by[defs_[i].component][defs_[i].event] = i;
    nlohmann::ordered_json comps = nlohmann::ordered_json::object();
    for (auto& [c, events] : by) {
        nlohmann::ordered_json ev = nlohmann::ordered_json::object();
        double t = 0;
        for (auto& [e, i] : events) {
            const double pj = double(counts_[i]) * defs_[i].pj;
            t += pj;
            ev[e] = {{"count", counts_[i]}, {"unit", defs_[i].unit}, {"pj_per_unit", defs_[i].pj}, {"pj", pj}};
        }
        comps[c] = {{"total_pj", t}, {"events", ev}};
    }
    nlohmann::ordered_json regions = nlohmann::ordered_json::object();
    for (auto& [name, r] : regions_) {
        nlohmann::ordered_json pc = nlohmann::ordered_json::object();
        double t = 0;
        for (auto& [c, pj] : r.pj) {
            append_distinct(pc, c, pj);
            t += pj;
        }
        append_distinct(regions, name, {{"count", r.count}, {"total_pj", t}, {"components", pc}});
    }
    nlohmann::ordered_json j;
    j["unit"] = "pJ";
    j["total_pj"] = total_pj();
    j["components"] = comps;
    j["regions"] = regions;
    return j;
}

void EnergyLedger::clear() {
    defs_.clear();
    counts_.clear();
    open_.clear();
    regions_.clear();
}

}  // namespace vp
