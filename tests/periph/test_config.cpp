// Parameters: each device's declarations validate a scenario section, and from_json reads the
// normalised values back into the config struct.
#include "harness.h"
#include "models/periph/clint.h"
#include "models/periph/finisher.h"
#include "models/periph/marker.h"
#include "models/periph/plic.h"
#include "models/periph/uart16550.h"
#include "config/scenario.h"
#include "config/schema.h"

using namespace vp;
using namespace vp::config;

namespace {
Schema periph_schema() {
    Schema s;
    config::declare<Uart16550Config>(s.map("uart0", "UART"));
    config::declare<ClintConfig>(s.map("clint", "CLINT"));
    config::declare<PlicConfig>(s.map("plic", "PLIC"));
    config::declare<TestFinisherConfig>(s.map("finisher", "finisher"));
    config::declare<TraceMarkerConfig>(s.map("marker", "marker"));
    return s;
}
}  // namespace

TEST_CASE("periph defaults from the schema equal the config structs' defaults", "[config]") {
    const Schema schema = periph_schema();
    const auto sc = Scenario::from_text("{}\n", "<test>", ".", schema);
    const auto& v = sc.values();
    const auto u = config::from_json<Uart16550Config>(v.at("uart0"));
    CHECK(u.base == 0x10000000u);
    CHECK(u.latency == 10 * kNs);
    CHECK(u.output == "stdout");
    CHECK(u.input.empty());
    CHECK(u.input_file.empty());
    CHECK(u.irq == 10);
    const auto c = config::from_json<ClintConfig>(v.at("clint"));
    CHECK(c.base == 0x02000000u);
    CHECK(c.harts == 1);
    CHECK(c.timebase_hz == 10e6);
    const auto p = config::from_json<PlicConfig>(v.at("plic"));
    CHECK(p.base == 0x0C000000u);
    CHECK(p.sources == 64);
    CHECK(p.contexts == 2);
    CHECK(config::from_json<TestFinisherConfig>(v.at("finisher")).base == 0x00100000u);
    CHECK(config::from_json<TraceMarkerConfig>(v.at("marker")).base == 0x18000000u);
}

TEST_CASE("periph parameters with units are normalised and read back", "[config]") {
    const Schema schema = periph_schema();
    const std::string yaml =
        "uart0: {base: 0x1000_0100, latency: 2.5ns, output: none, input: \"hello\", irq: 12}\n"
        "clint: {harts: 4, timebase: 32.768kHz, latency: 1ns}\n"
        "plic: {sources: 128, contexts: 2}\n"
        "finisher: {latency: 0ns}\n"
        "marker: {base: 0x1800_1000}\n";
    const auto sc = Scenario::from_text(yaml, "<test>", ".", schema);
    const auto& v = sc.values();
    const auto u = config::from_json<Uart16550Config>(v.at("uart0"));
    CHECK(u.base == 0x10000100u);
    CHECK(u.latency == 2500);
    CHECK(u.output == "none");
    CHECK(u.input == "hello");
    CHECK(u.irq == 12);
    const auto c = config::from_json<ClintConfig>(v.at("clint"));
    CHECK(c.harts == 4);
    CHECK(c.timebase_hz == 32768.0);
    CHECK(c.latency == 1000);
    const auto p = config::from_json<PlicConfig>(v.at("plic"));
    CHECK(p.sources == 128);
    CHECK(p.contexts == 2);
    CHECK(config::from_json<TestFinisherConfig>(v.at("finisher")).latency == 0);
    CHECK(config::from_json<TraceMarkerConfig>(v.at("marker")).base == 0x18001000u);
}

TEST_CASE("periph parameters out of range are rejected", "[config]") {
    const Schema schema = periph_schema();
    CHECK_THROWS_AS(Scenario::from_text("clint: {harts: 0}\n", "<test>", ".", schema), ScenarioError);
    CHECK_THROWS_AS(Scenario::from_text("plic: {sources: 2000}\n", "<test>", ".", schema), ScenarioError);
    CHECK_THROWS_AS(Scenario::from_text("uart0: {latency: 10}\n", "<test>", ".", schema), ScenarioError);
    CHECK_THROWS_AS(Scenario::from_text("uart0: {input_file: /no/such/file}\n", "<test>", ".", schema), ScenarioError);
}
