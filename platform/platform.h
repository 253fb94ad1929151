// The virtual platform assembled from a validated scenario: models instantiated and bound from the
// configuration (not hard-coded), data loaded, simulation run under the scenario's limits, outputs
// written. One Platform per process (SystemC elaborates once).
#pragma once
#include <chrono>
#include <memory>
#include <string>
#include <vector>
#include <tlm>
#include "models/common/context.h"
#include "models/common/irq.h"
#include "models/common/timed_target.h"
#include "config/scenario.h"

namespace vp {

class Bus;
class HostWatchdog;
struct DeviceTreeInput;
class TimelineSampler;
class HartProfiler;
namespace cache {
struct Region;
}

struct RunOptions {
    std::string out_dir;        // where stats.json, trace files and the run's config are written (the staging
                                // directory of an OutputDir, platform/output_dir.h)
    std::string published_dir;  // where they appear when the run is over (for messages; = out_dir if empty)
    bool quiet = false;         // no end-of-run summary
    std::string elf;            // --elf: run this ELF instead of the scenario's (no result check)
    // Booting like QEMU virt (platform/boot.h, docs/boot.md): --bios (instead of the scenario's images and
    // workload), --kernel, --initrd and --append (the kernel command line, /chosen/bootargs).
    std::string bios, kernel, initrd, append;
    bool profile = false;  // --profile: per-function profile of every hart (docs/profile.md)
    int gdb_port = -1;     // --gdb: wait for gdb on 127.0.0.1:PORT (0 = any free port); -1 = off.
                           // limits.max_host_seconds is ignored then (docs/gdb.md)
    // The CLI's watchdog, running since the scenario was read; attached to the simulation when it
    // starts (nullptr: run() starts its own).
    HostWatchdog* watchdog = nullptr;
};

// One window of the resolved memory map (`vp describe --map`).
struct MapEntry {
    std::string name;      // bus mapping name (the component, or component.window)
    std::string type;      // device-table key of the device it belongs to ("" for memories, caches)
    std::string instance;  // that device's instance name
    std::string key;       // scenario key path of its section
    uint64_t base = 0, size = 0;
    unsigned irq = 0;  // PLIC source of its device (0: none)
};

struct RunResult {
    int exit_code = 0;
    std::string stop_reason;
    Tick sim_time = 0;
    double host_seconds = 0;
};

class Platform {
public:
    // The complete schema of scenario files (every model's parameters).
    static const config::Schema& schema();

    Platform(const config::Scenario& scenario, const RunOptions& opts);
    ~Platform();

    RunResult run();
    // Writes stats.json (deterministic), host.json (host-dependent figures) into the output dir.
    void write_outputs(const RunResult& r);
    void print_summary(const RunResult& r) const;

    SimContext& context() { return ctx_; }
    // The resolved memory map: every bus window in address order, with its device and PLIC source.
    std::vector<MapEntry> memory_map() const;
    // The platform as a device tree source (docs/devicetree.md).
    std::string device_tree() const;

private:
    struct Models;  // everything instantiated from the scenario
    void build();
    void build_caches();
    void build_memories();
    void build_devices();
    void build_cpu();
    // `direct`: the model behind `socket`, which the bus then calls without the socket hop (timed_target.h).
    void attach(tlm::tlm_target_socket<>& socket, uint64_t base, uint64_t size, const std::string& name,
                const std::string& key, TimedTarget* direct = nullptr);
    void wire_irq(IrqLine& line, const std::string& key_path, unsigned irq);
    void check_window(uint64_t base, uint64_t size, const std::string& name, const std::string& key) const;
    void check_workload_cost();
    void load_images();
    void prepare_workload();
    void write_bootinfo();
    void place_dtb();
    void boot_images();  // --bios: images, device tree and reset ROM as QEMU virt places them
    DeviceTreeInput device_tree_input() const;
    void open_trace();
    std::string trace_summary() const;
    void log_platform_warning(const std::string& msg);
    void open_access_log(const std::vector<cache::Region>& regions);

    const config::Scenario& scenario_;
    RunOptions opts_;
    SimContext ctx_;
    std::unique_ptr<Models> m_;
    std::unique_ptr<TimelineSampler> timeline_;
    std::vector<std::unique_ptr<HartProfiler>> profilers_;  // --profile
    void start_profiles();                                  // timeline.json (statistics over time, for vp report)
    bool own_bootinfo_ = false;  // the scenario loads its own boot-info block as a raw binary
    // Firmware must find something in the boot-info block (workload blobs, named binaries): a block
    // that cannot be written is then a set-up error (platform.ram.size), else a warning.
    bool bootinfo_required_ = false;
    std::string bootinfo_required_what_;
    uint64_t data_base_ = 0;             // the first ELF's __loader_start: where workload data go by default
    uint64_t data_end_ = 0;              // ... and its __loader_end (0: unknown)
    uint64_t workload_image_bytes_ = 0;  // WorkloadCost::image_bytes (0: not estimated)
};

}  // namespace vp
