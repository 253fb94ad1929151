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

// What a data set will cost, estimated from its parameters before anything is generated or read, so
// that a run whose data set cannot fit is refused before it allocates (Platform::build; issue #32):
// more simulated memory than the 32-bit platform has is bad input (exit 2), more host memory than
// limits.max_host_memory allows is a limit (exit 3). Estimates err high for generated data sets;
// for data read from files they rest on what the file's header says (0 when it says nothing), and
// the host limits, armed from the start of the process, bound the rest.
struct WorkloadCost {
    uint64_t host_bytes = 0;   // peak host memory: generator, data, reference, image, simulated memory
    uint64_t image_bytes = 0;  // bytes the data set occupies in simulated memory
};

// Every kind's configuration has `WorkloadCost cost() const` (the table's template requires it).
struct WorkloadEntry {
    const char* kind;  // `workload.kind` value and section name
    const char* help;
    void (*declare)(config::Schema& section);
    std::unique_ptr<Workload> (*make)(const config::Scenario& sc, const std::string& path);
    WorkloadCost (*cost)(const config::Scenario& sc, const std::string& path);
};
const std::vector<WorkloadEntry>& workload_table();

// A table line for a workload class built from its config struct: `W(const Config&)`.
template <class W, class Config>
WorkloadEntry workload_kind(const char* kind, const char* help) {
    return {kind, help, [](config::Schema& s) { config::declare<Config>(s); },
            [](const config::Scenario& sc, const std::string& path) -> std::unique_ptr<Workload> {
                return std::make_unique<W>(sc.read<Config>(path));
            },
            [](const config::Scenario& sc, const std::string& path) { return sc.read<Config>(path).cost(); }};
}

// The `workload:` section: kind, base, check, and one section per kind.
void declare_workloads(config::Schema& s);
// nullptr for kind "none". Errors in the data set are std::exception naming the parameter.
std::unique_ptr<Workload> make_workload(const config::Scenario& sc);
// The cost of the scenario's workload ({} for kind "none"); `key` receives its section ("workload.gcn").
WorkloadCost workload_cost(const config::Scenario& sc, std::string& key);

// Estimates shared by the kinds (workloads.cpp). A CSR matrix of `rows` rows, `cols` columns and `nnz`
// nonzeros with x, y and the reference: generated (`generator_bytes_per_nnz` of scratch per nonzero),
// placed in an image and in simulated memory.
WorkloadCost csr_cost(uint64_t rows, uint64_t cols, uint64_t nnz, uint64_t generator_bytes_per_nnz);
// rows, cols and nonzeros (symmetric files expanded: at most twice the stored entries) a Matrix Market
// file's header declares; false when it cannot be read (the reader reports why when it runs).
bool matrix_market_dims(const std::string& path, uint64_t& rows, uint64_t& cols, uint64_t& nnz);

}  // namespace vp
