// Host-side preparation of a run's data and the check of its result (DESIGN.md, "Data and firmware
// flow"): a workload generates or reads its data set, computes the reference result, places blobs
// through the loader with boot-info entries, and after the run compares what the firmware wrote.
#pragma once
#include <memory>
#include <string>
#include <nlohmann/json.hpp>

namespace vp {
class Loader;
namespace config { class Schema; }

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
};

// The `workload:` section of a scenario and the factory for its kinds.
void declare_workloads(config::Schema& s);
// nullptr for kind "none".
std::unique_ptr<Workload> make_workload(const nlohmann::json& section);

}  // namespace vp
