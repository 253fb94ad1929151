// The platform's device table: every memory-mapped device a scenario can instantiate, one line each.
// Adding a device = its folder under models/, its register header under include/vp/regs (base address
// and PLIC source in memmap.h), and one line in device_table() (platform/devices.cpp). The platform
// declares each device's section (`platform.<key>`, with `enabled`), builds it with its factory, maps
// its windows on the bus, binds its bus master, wires its interrupt to the PLIC source named by its
// `irq_key` parameter, and announces its boot-info entries to firmware — the same way for all.
//
// Instances: a device whose `max_instances` is above 1 may be written as a list of named instances
// (`platform.dma: [{name: dma0}, {name: dma1}]`); each is a component named by its instance name. The
// first keeps the device's defaults; a further one whose window bases or PLIC source the scenario does
// not give gets free ones (Platform::build_devices, docs/overview.md "A second instance").
#pragma once
#include <memory>
#include <string>
#include <type_traits>
#include <vector>
#include "config/params.h"
#include "config/scenario.h"
#include "models/common/device.h"

namespace vp {

// A window of a device, for the placement of further instances: the Address parameter of its section
// that gives the window's base, and the window's size.
struct DeviceWindow {
    std::string key;
    uint64_t size;
};

struct DeviceEntry {
    const char* key;      // scenario section platform.<key>; also the component name of a single instance
    const char* help;     // one line for `vp describe`
    bool enabled;         // default of platform.<key>.enabled
    const char* irq_key;  // parameter holding the device's PLIC source ("" = no interrupt)
    void (*declare)(config::Schema& section);
    // Builds the device named `name` from its validated `section` (scenario key `path`, for messages);
    // null when it does not apply to this platform.
    std::unique_ptr<Device> (*create)(DeviceContext& dc, const config::Scenario& sc, const std::string& path,
                                      const std::string& name, const nlohmann::json& section);
    // Its windows (from its section), for placing further instances; null: one window at "base" of
    // `window` bytes.
    std::vector<DeviceWindow> (*windows)(const nlohmann::json& section) = nullptr;
    uint64_t window = 0x1000;     // size of that one window
    unsigned max_instances = 16;  // 1: the section is a map only (the CPU has one PLIC, one CLINT)
};

const std::vector<DeviceEntry>& device_table();

namespace detail {
template <class Model, class Config, class = void>
struct has_factory : std::false_type {};
template <class Model, class Config>
struct has_factory<
    Model, Config,
    std::void_t<decltype(Model::create(std::declval<DeviceContext&>(), std::string(), std::declval<const Config&>()))>>
    : std::true_type {};
}  // namespace detail

// A table line for a model built from its config struct: `Model(name, SimContext&, const Config&)`, or
// `Model::create(DeviceContext&, name, const Config&)` when the model has a factory of its own.
template <class Model, class Config>
DeviceEntry device(const char* key, const char* help, bool enabled = true, const char* irq_key = "",
                   uint64_t window = 0x1000, unsigned max_instances = 16,
                   std::vector<DeviceWindow> (*windows)(const nlohmann::json&) = nullptr) {
    return {key,
            help,
            enabled,
            irq_key,
            [](config::Schema& s) { config::declare<Config>(s); },
            [](DeviceContext& dc, const config::Scenario& sc, const std::string& path, const std::string& name,
               const nlohmann::json& section) -> std::unique_ptr<Device> {
                Config cfg;
                try {
                    cfg = config::from_json<Config>(section);
                } catch (const config::ParamError& e) {
                    sc.fail(path + "." + e.key(), e.what());
                }
                if constexpr (detail::has_factory<Model, Config>::value)
                    return Model::create(dc, name, cfg);
                else
                    return std::make_unique<Model>(name.c_str(), dc.sim, cfg);
            },
            windows,
            window,
            max_instances};
}

}  // namespace vp
