// Energy ledger: energy per event and per bit, shared by every model of a simulation (SimContext).
//
// A model defines its events once, at construction, with their energy per unit, and counts them on
// the hot path (an array increment):
//
//     EnergyLedger::Kind act = ctx.energy.define("ram.hmc", "activate", 342.0);           // pJ per event
//     EnergyLedger::Kind off = ctx.energy.define("ram.hmc", "link_bit", 5.0, "bit");      // pJ per bit
//     ctx.energy.add(act);            // one activate
//     ctx.energy.add(off, 80 * 8);    // 80 bytes crossed the link
//
// The ledger multiplies at report time: per event (count, pJ per unit, pJ), per component and in
// total, and per named region (the trace-marker's BEGIN/END): region_begin() snapshots the counts,
// region_end() adds the difference to the region's totals. Counts are updated in simulation-call
// order, so region energy is exact for the initiator that opens and closes the region and for the
// work it causes synchronously (its memory accesses); see docs/energy.md.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>
#include <nlohmann/json.hpp>

namespace vp {

class EnergyLedger {
public:
    using Kind = uint16_t;

    // Defines the event `event` of `component` costing `pj_per_unit` picojoules per `unit` ("event" or
    // "bit"; any label). Defining the same (component, event) twice returns the first kind when the
    // energy and unit agree and throws std::invalid_argument otherwise. Negative energies are refused.
    Kind define(const std::string& component, const std::string& event, double pj_per_unit,
                const std::string& unit = "event");

    void add(Kind k, uint64_t n = 1) { counts_[k] += n; }
    // The count of `k` itself, for a holder that counts on a model's behalf (models/common/repeat_hits.h).
    // Stays valid for the ledger's life: defining a new kind afterwards is refused (std::logic_error).
    uint64_t* count_ptr(Kind k) {
        counts_lent_ = true;
        return &counts_.at(k);
    }

    uint64_t count(Kind k) const { return counts_.at(k); }
    double pj_per_unit(Kind k) const { return defs_.at(k).pj; }
    double pj(Kind k) const { return double(counts_.at(k)) * defs_.at(k).pj; }
    size_t kinds() const { return defs_.size(); }
    // Kind of (component, event), or -1.
    int find(const std::string& component, const std::string& event) const;

    double total_pj() const;
    double component_pj(const std::string& component) const;

    // Regions (nestable): energy of everything counted between begin and end, per component.
    void region_begin(const std::string& name);
    // Closes the innermost open region; returns false (and does nothing) when none is open.
    bool region_end();
    size_t open_regions() const { return open_.size(); }
    // Total energy of all closed regions called `name` (0 if none).
    double region_pj(const std::string& name) const;
    double region_component_pj(const std::string& name, const std::string& component) const;

    // {"unit": "pJ", "total_pj": T,
    //  "components": {"<c>": {"total_pj": t, "events": {"<e>": {"count": n, "unit": "bit",
    //                                                          "pj_per_unit": e, "pj": n*e}}}},
    //  "regions": {"<name>": {"count": k, "total_pj": r, "components": {"<c>": pj}}}}
    // Components and events sorted by name (deterministic). Components without events are omitted.
    nlohmann::ordered_json to_json() const;

    void clear();

private:
    struct Def {
        std::string component, event, unit;
        double pj;
    };
    struct Open {
        std::string name;
        std::vector<uint64_t> counts;
    };
    struct Region {
        uint64_t count = 0;
        std::map<std::string, double> pj;
    };

    std::vector<Def> defs_;
    std::vector<uint64_t> counts_;
    bool counts_lent_ = false;  // count_ptr() handed out a pointer into counts_: it must not move
    std::vector<Open> open_;
    std::map<std::string, Region> regions_;
};

// Reference energies (pJ) other models may use as defaults; every value is cited in docs/energy.md.
namespace energy_defaults {
// M. Horowitz, "Computing's energy problem (and what we can do about it)", ISSCC 2014 (45 nm):
// a 64-bit read from an 8 KiB / 32 KiB / 1 MiB SRAM.
constexpr double kSram8KiBRead64 = 10.0;
constexpr double kSram32KiBRead64 = 20.0;
constexpr double kSram1MiBRead64 = 100.0;
}  // namespace energy_defaults

}  // namespace vp
