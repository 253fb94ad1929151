// Scenario parameters of the HMC host controller (schema declarations; see periph_config.cpp for why
// they live apart from the model).
#include "models/memory/hmc/gather_engine.h"
#include "platform/config/schema.h"

namespace vp {

using config::Kind;

void HmcCtrlConfig::declare(config::Schema& s) {
    s.add("base", Kind::Address, "0x1802_0000", "", "base address of the HMC controller registers (64 KiB window)");
    s.add("latency", Kind::Time, "10ns", "ps", "access latency of a register (device port busy time)");
    s.add("window", Kind::Int, "256", "count",
          "element accesses the cube's gather unit keeps in flight (256 = one per bank)")
        .range(1, 4096);
    s.add("irq", Kind::Int, "15", "", "PLIC interrupt source of the gather engine (VP_IRQ_GATHER)").range(1, 1023);
}

HmcCtrlConfig HmcCtrlConfig::from_json(const nlohmann::json& j) {
    HmcCtrlConfig c;
    auto get = [&j](const char* k, auto def) {
        auto it = j.find(k);
        return it == j.end() || it->is_null() ? def : it->template get<decltype(def)>();
    };
    c.base = get("base", c.base);
    c.latency = get("latency", c.latency);
    c.window = get("window", c.window);
    c.irq = get("irq", c.irq);
    return c;
}

}  // namespace vp
