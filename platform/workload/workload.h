// Host-side preparation of a run's data and the check of its result (DESIGN.md, "Data and firmware
// flow"): a workload generates or reads its data set, computes the reference result, places blobs
// through the loader with boot-info entries, and after the run compares what the firmware wrote.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>
#include <nlohmann/json.hpp>

namespace vp {
class Loader;
namespace config {
class Schema;
}

// A named address range of the workload's data ("features", "adjacency", "output"): caches split
// their statistics by these, and recorded access logs carry them.
struct DataRegion {
    std::string name;
    uint64_t lo = 0, hi = 0;  // [lo, hi)
};

class Workload {
public:
    virtual ~Workload() = default;
    virtual std::string name() const = 0;
    // Places the data at or above `base` and registers boot-info entries.
    virtual void prepare(Loader& loader, uint64_t base) = 0;
    // After the run: true if the firmware's result matches the reference; `report` says what was
    // compared (and the first mismatch).
    virtual bool check(Loader& loader, std::string& report) = 0;
    // One line for the run summary (data set size and the like).
    virtual std::string describe() const = 0;
    // After prepare(): the regions for per-region cache statistics (none: everything is "other").
    virtual std::vector<DataRegion> regions() const { return {}; }
    // After prepare(): boot-info entries whose contents a recorded access log must carry (the
    // priority tables a replay needs), by name.
    virtual std::vector<std::string> log_blobs() const { return {}; }
};

// The `workload:` section of a scenario and the factory for its kinds.
void declare_workloads(config::Schema& s);
// nullptr for kind "none".
std::unique_ptr<Workload> make_workload(const nlohmann::json& section);

}  // namespace vp
