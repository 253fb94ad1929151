// Parameters of the peripherals: schema declarations and reading of the validated values.
// Each device's declare() adds its keys to the schema of the device's own section (the platform decides
// where the section lives, e.g. `uart0:`); from_json() reads that section, already validated and
// normalised (times in ps, frequencies in Hz, addresses as integers). Missing keys keep the defaults of
// the config struct, so from_json also accepts a partial object (tests).
// Kept apart from the device sources so that users of the models without the scenario schema (unit
// tests of other models) do not need to link its implementation.
#include <cmath>
#include "models/periph/clint.h"
#include "models/periph/finisher.h"
#include "models/periph/marker.h"
#include "models/periph/plic.h"
#include "models/periph/uart16550.h"
#include "platform/config/schema.h"

namespace vp {

using config::Kind;

namespace {
void declare_common(config::Schema& s, const char* base, const char* what) {
    s.add("base", Kind::Address, base, "", std::string("base address of the ") + what + " registers");
    s.add("latency", Kind::Time, "10ns", "ps", "access latency of a register (device port busy time)");
}
// The value at `key`, or `def` when the key is absent or null (optional parameter without default).
template <class T>
T get(const nlohmann::json& j, const char* key, const T& def) {
    auto it = j.find(key);
    return it == j.end() || it->is_null() ? def : it->get<T>();
}
template <class C>
void read_common(C& c, const nlohmann::json& j) {
    c.base = get(j, "base", c.base);
    c.latency = get(j, "latency", c.latency);
}
}  // namespace

void Uart16550Config::declare(config::Schema& s) {
    declare_common(s, "0x1000_0000", "16550 UART");
    s.add("output", Kind::String, "stdout", "",
          "where transmitted bytes go: \"stdout\", \"none\", or a file path (relative to the working directory)");
    s.add("input", Kind::String, "", "", "bytes the UART receives (available from time 0)");
    s.add("input_file", Kind::Path, "", "", "file whose contents the UART receives after `input`");
    s.add("irq", Kind::Int, "10", "", "PLIC interrupt source of the UART (QEMU virt: 10)").range(1, 1023);
}

Uart16550Config Uart16550Config::from_json(const nlohmann::json& j) {
    Uart16550Config c;
    read_common(c, j);
    c.output = get(j, "output", c.output);
    c.input = get(j, "input", c.input);
    c.input_file = get(j, "input_file", c.input_file);
    c.irq = get(j, "irq", c.irq);
    return c;
}

void ClintConfig::declare(config::Schema& s) {
    declare_common(s, "0x0200_0000", "CLINT");
    s.add("harts", Kind::Int, "1", "", "number of harts (msip/mtimecmp pairs and interrupt lines)").range(1, 4095);
    s.add("timebase", Kind::Freq, "10MHz", "Hz", "mtime counting rate (QEMU virt: 10 MHz)").at_least(1);
}

ClintConfig ClintConfig::from_json(const nlohmann::json& j) {
    ClintConfig c;
    read_common(c, j);
    c.harts = get(j, "harts", c.harts);
    c.timebase_hz = get(j, "timebase", c.timebase_hz);
    return c;
}

void PlicConfig::declare(config::Schema& s) {
    declare_common(s, "0x0C00_0000", "PLIC");
    s.add("sources", Kind::Int, "64", "", "number of interrupt source ids, including the reserved id 0").range(2, 1024);
    s.add("contexts", Kind::Int, "1", "", "number of contexts (hart/privilege-mode targets); 0 = hart 0 M-mode")
        .range(1, 15872);
}

PlicConfig PlicConfig::from_json(const nlohmann::json& j) {
    PlicConfig c;
    read_common(c, j);
    c.sources = get(j, "sources", c.sources);
    c.contexts = get(j, "contexts", c.contexts);
    return c;
}

void TestFinisherConfig::declare(config::Schema& s) { declare_common(s, "0x0010_0000", "test finisher"); }

TestFinisherConfig TestFinisherConfig::from_json(const nlohmann::json& j) {
    TestFinisherConfig c;
    read_common(c, j);
    return c;
}

void TraceMarkerConfig::declare(config::Schema& s) { declare_common(s, "0x1800_0000", "trace marker"); }

TraceMarkerConfig TraceMarkerConfig::from_json(const nlohmann::json& j) {
    TraceMarkerConfig c;
    read_common(c, j);
    return c;
}

}  // namespace vp
