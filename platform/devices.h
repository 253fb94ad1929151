// The platform's device table: every memory-mapped device a scenario can instantiate, one line each.
// Adding a device = its folder under models/, its register header under include/vp/regs (base address
// and PLIC source in memmap.h), and one line in device_table() (platform/devices.cpp). The platform
// declares each device's section (`platform.<key>`, with `enabled`), builds it with its factory, maps
// its windows on the bus, binds its bus master, wires its interrupt to the PLIC source named by its
// `irq_key` parameter, and announces its boot-info entries to firmware — the same way for all.
#pragma once
#include <memory>
#include <string>
#include <type_traits>
#include <vector>
#include "config/params.h"
#include "config/scenario.h"
#include "models/common/device.h"

namespace vp {

struct DeviceEntry {
    const char* key;      // scenario section platform.<key>; also the component name
    const char* help;     // one line for `vp describe`
    bool enabled;         // default of platform.<key>.enabled
    const char* irq_key;  // parameter holding the device's PLIC source ("" = no interrupt)
    void (*declare)(config::Schema& section);
    // Builds the device from its validated section; null when it does not apply to this platform.
    std::unique_ptr<Device> (*create)(DeviceContext& dc, const config::Scenario& sc, const char* key);
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
DeviceEntry device(const char* key, const char* help, bool enabled = true, const char* irq_key = "") {
    return {key,
            help,
            enabled,
            irq_key,
            [](config::Schema& s) { config::declare<Config>(s); },
            [](DeviceContext& dc, const config::Scenario& sc, const char* k) -> std::unique_ptr<Device> {
                const Config cfg = sc.read<Config>(std::string("platform.") + k);
                if constexpr (detail::has_factory<Model, Config>::value)
                    return Model::create(dc, k, cfg);
                else
                    return std::make_unique<Model>(k, dc.sim, cfg);
            }};
}

}  // namespace vp
