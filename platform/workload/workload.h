// Host-side preparation of a run's data and the check of its result (docs/overview.md,
// docs/firmware.md). A workload kind is a typed configuration (its `workload.<kind>` section, config/params.h), a
// pure image builder (generate or read the data set, compute the reference, lay the blobs out:
// platform/workload/image.h) and one result check after the run. The platform places the image,
// announces its blobs in the boot-info block and labels cache statistics with its regions.
// Adding a kind = its source file + one line in workload_table() (workloads.cpp).
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>
#include "config/scenario.h"
#include "platform/workload/image.h"

namespace vp {
class Loader;

class Workload {
public:
    virtual ~Workload() = default;
    virtual std::string name() const = 0;
    // The data set's image at or above `base` (called once, before the run).
    virtual workload::Image build_image(uint64_t base) = 0;
    // After the run: true if the firmware's result matches the reference; `report` says what was
    // compared (and the first mismatch).
    virtual bool check(Loader& loader, std::string& report) = 0;
    // One line for the run summary (data set size and the like).
    virtual std::string describe() const = 0;
    // Boot-info entries whose contents a recorded access log must carry (the priority tables a replay
    // needs), by name.
    virtual std::vector<std::string> log_blobs() const { return {}; }
};

struct WorkloadEntry {
    const char* kind;  // `workload.kind` value and section name
    const char* help;
    void (*declare)(config::Schema& section);
    std::unique_ptr<Workload> (*make)(const config::Scenario& sc, const std::string& path);
};
const std::vector<WorkloadEntry>& workload_table();

// A table line for a workload class built from its config struct: `W(const Config&)`.
template <class W, class Config>
WorkloadEntry workload_kind(const char* kind, const char* help) {
    return {kind, help, [](config::Schema& s) { config::declare<Config>(s); },
            [](const config::Scenario& sc, const std::string& path) -> std::unique_ptr<Workload> {
                return std::make_unique<W>(sc.read<Config>(path));
            }};
}

// The `workload:` section: kind, base, check, and one section per kind.
void declare_workloads(config::Schema& s);
// nullptr for kind "none". Errors in the data set are std::exception naming the parameter.
std::unique_ptr<Workload> make_workload(const config::Scenario& sc);

}  // namespace vp
