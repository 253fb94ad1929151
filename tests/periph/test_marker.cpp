#include <chrono>
#include "harness.h"
#include "models/periph/marker.h"
#include "vp/regs/marker.h"
#include "vp/regs/memmap.h"

using namespace vp;
using namespace vp::test;

namespace {
constexpr uint64_t M = VP_MARKER_BASE;

void set_name(ScriptedInitiator& cpu, const std::string& n) {  // byte by byte, as the firmware HAL does
    unsigned i = 0;
    for (; i < n.size(); ++i) cpu.write8(M + MARKER_NAME + i, uint8_t(n[i]));
    cpu.write8(M + MARKER_NAME + i, 0);
}
}  // namespace

TEST_CASE("marker regions appear in the trace and in the statistics", "[marker]") {
    Bench b;
    TraceMarker marker("marker", b.ctx, TraceMarkerConfig{});
    b.attach(marker, M);
    std::vector<uint32_t> depth;
    b.run([&](ScriptedInitiator& cpu) {
        set_name(cpu, "outer");
        reach_device_at(1 * kUs, true);
        cpu.write32(M + MARKER_BEGIN, 1);
        set_name(cpu, "inner");
        reach_device_at(2 * kUs, true);
        cpu.write32(M + MARKER_BEGIN, 1);
        depth.push_back(cpu.read32(M + MARKER_DEPTH));
        reach_device_at(5 * kUs, true);
        cpu.write32(M + MARKER_END, 1);
        reach_device_at(6 * kUs, true);
        cpu.write32(M + MARKER_VALUE, 0xFFFFFFFF);  // instant named after NAME ("inner"), value -1
        reach_device_at(7 * kUs, true);
        cpu.write32(M + MARKER_BEGIN, 1);  // a second "inner" region
        reach_device_at(8 * kUs, true);
        cpu.write32(M + MARKER_END, 1);
        reach_device_at(10 * kUs, true);
        cpu.write32(M + MARKER_END, 1);
        depth.push_back(cpu.read32(M + MARKER_DEPTH));
        cpu.write32(M + MARKER_END, 1);  // nothing open: ignored with a warning
    });
    CHECK(depth == std::vector<uint32_t>{2, 0});
    const uint16_t track = marker.trace_id();
    REQUIRE(b.sink->regions.size() == 3);
    CHECK(b.sink->regions[0].name == "inner");
    CHECK(b.sink->regions[0].begin == 2 * kUs);
    CHECK(b.sink->regions[0].end == 5 * kUs);
    CHECK(b.sink->regions[1].name == "inner");
    CHECK(b.sink->regions[1].begin == 7 * kUs);
    CHECK(b.sink->regions[2].name == "outer");
    CHECK(b.sink->regions[2].begin == 1 * kUs);
    CHECK(b.sink->regions[2].end == 10 * kUs);
    for (auto& r : b.sink->regions) CHECK(r.track == track);
    REQUIRE(b.sink->instants.size() == 1);
    CHECK(b.sink->instants[0].name == "inner");
    CHECK(b.sink->instants[0].value == -1);
    CHECK(b.sink->instants[0].at == 6 * kUs);
    CHECK(b.counter("marker", "region.outer.count") == 1);
    CHECK(b.counter("marker", "region.outer.ps") == 9 * kUs);
    CHECK(b.counter("marker", "region.inner.count") == 2);
    CHECK(b.counter("marker", "region.inner.ps") == 4 * kUs);
    CHECK(b.counter("marker", "unmatched_ends") == 1);
    CHECK(b.counter("marker", "regions") == 3);
    // Exactly one trace record per counted transaction, whatever the tracer's region traffic.
    CHECK(b.records_of(track).size() == b.counter("marker", "transactions"));
}

TEST_CASE("marker statistics are kept with tracing off", "[marker]") {
    Bench b(false);
    TraceMarker marker("marker", b.ctx, TraceMarkerConfig{});
    b.attach(marker, M);
    b.run([&](ScriptedInitiator& cpu) {
        set_name(cpu, "spmv");
        reach_device_at(1 * kUs, true);
        cpu.write32(M + MARKER_BEGIN, 0);
        reach_device_at(4 * kUs, true);
        cpu.write32(M + MARKER_END, 0);
        CHECK(cpu.dbg_read(M + MARKER_NAME, 4) == 0x766d7073u);  // "spmv"
    });
    CHECK(b.counter("marker", "region.spmv.ps") == 3 * kUs);
    auto j = b.ctx.stats.to_json();
    CHECK(j["marker"]["counters"]["region.spmv.count"] == 1);
}

TEST_CASE("marker name buffer takes byte, half and word writes", "[marker]") {
    Bench b;
    TraceMarker marker("marker", b.ctx, TraceMarkerConfig{});
    b.attach(marker, M);
    tlm::tlm_response_status wide = tlm::TLM_OK_RESPONSE, beyond = tlm::TLM_OK_RESPONSE;
    b.run([&](ScriptedInitiator& cpu) {
        cpu.write32(M + MARKER_NAME, 0x64636261);   // "abcd"
        cpu.write(M + MARKER_NAME + 4, 0x6665, 2);  // "ef"
        cpu.write8(M + MARKER_NAME + 6, 0);
        CHECK(cpu.read8(M + MARKER_NAME + 1) == 'b');
        wide = cpu.write(M + MARKER_NAME, 0, 8, false);
        beyond = cpu.write(M + MARKER_NAME + MARKER_NAME_LEN, 0, 4, false);
    });
    CHECK(marker.name_buffer() == "abcdef");
    CHECK(wide == tlm::TLM_ADDRESS_ERROR_RESPONSE);
    CHECK(beyond == tlm::TLM_ADDRESS_ERROR_RESPONSE);
}

TEST_CASE("marker regions collect the energy counted between BEGIN and END", "[marker]") {
    Bench b;
    TraceMarker marker("marker", b.ctx, TraceMarkerConfig{});
    b.attach(marker, M);
    const auto ev = b.ctx.energy.define("dev", "op", 2.0);
    b.run([&](ScriptedInitiator& cpu) {
        b.ctx.energy.add(ev, 5);  // outside any region
        set_name(cpu, "work");
        cpu.write32(M + MARKER_BEGIN, 1);
        b.ctx.energy.add(ev, 7);
        cpu.write32(M + MARKER_END, 1);
        cpu.write32(M + MARKER_BEGIN, 1);
        b.ctx.energy.add(ev, 1);
        cpu.write32(M + MARKER_END, 1);
    });
    CHECK(b.ctx.energy.region_pj("work") == 16.0);
    CHECK(b.ctx.energy.total_pj() == 26.0);
    CHECK(b.ctx.energy.to_json()["regions"]["work"]["count"] == 2);
}

// Issue #32 item 11: firmware chooses region names; the statistics keep a bounded number of them.
TEST_CASE("marker statistics keep at most kMaxNames region names, the rest under (other)", "[marker]") {
    Bench b;
    TraceMarker marker("marker", b.ctx, TraceMarkerConfig{});
    b.attach(marker, M);
    const unsigned names = unsigned(TraceMarker::kMaxNames) + 500;
    b.run([&](ScriptedInitiator& cpu) {
        for (unsigned i = 0; i < names; ++i) {
            set_name(cpu, "r" + std::to_string(i));
            cpu.write32(M + MARKER_BEGIN, 1);
            cpu.write32(M + MARKER_END, 1);
        }
        set_name(cpu, "r0");  // a name seen before the cap is still its own
        cpu.write32(M + MARKER_BEGIN, 1);
        cpu.write32(M + MARKER_END, 1);
    });
    const auto j = b.ctx.stats.to_json()["marker"]["counters"];
    size_t per_name = 0;
    for (auto& [k, v] : j.items()) per_name += k.rfind("region.", 0) == 0 && k.size() > 6 && k.find(".count") != k.npos;
    CHECK(per_name == TraceMarker::kMaxNames + 1);
    CHECK(b.counter("marker", "region.r0.count") == 2);
    CHECK(b.counter("marker", "region.r" + std::to_string(TraceMarker::kMaxNames - 1) + ".count") == 1);
    CHECK(b.ctx.stats.find("marker")->find_counter("region.r" + std::to_string(TraceMarker::kMaxNames) + ".count") ==
          nullptr);
    CHECK(b.counter("marker", std::string("region.") + TraceMarker::kOtherName + ".count") == 500);
    CHECK(b.counter("marker", "regions") == names + 1);
    CHECK(b.ctx.energy.to_json()["regions"].size() == TraceMarker::kMaxNames + 1);
    // The trace keeps every region under its own name.
    REQUIRE(b.sink->regions.size() == names + 1);
    CHECK(b.sink->regions[names - 1].name == "r" + std::to_string(names - 1));
}

// Issue #32 item 11: writing statistics is linear in their number (nlohmann's ordered_json made
// filling an object quadratic: 200,000 names took minutes).
TEST_CASE("statistics with many names are serialised in linear time", "[marker][stats]") {
    StatsRegistry reg;
    StatGroup& g = reg.group("many");
    const unsigned n = 50000;
    for (unsigned i = 0; i < n; ++i) g.counter("c" + std::to_string(i), "count", "") += i;
    const auto t0 = std::chrono::steady_clock::now();
    const auto j = reg.to_json();
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    CHECK(j["many"]["counters"].size() == n);
    CHECK(j["many"]["counters"]["c49999"] == 49999);
    CHECK(s < 1.0);  // ~0.03 s linear; ~5 s quadratic
}

// Firmware writes any bytes as a name: outside printable ASCII they are escaped, so stats.json and the
// trace stay valid UTF-8 (a byte 0x80 in a name ended a run in a JSON exception, exit 1).
TEST_CASE("marker names with bytes outside printable ASCII are escaped", "[marker]") {
    Bench b;
    TraceMarker marker("marker", b.ctx, TraceMarkerConfig{});
    b.attach(marker, M);
    b.run([&](ScriptedInitiator& cpu) {
        set_name(cpu, std::string("a\x80\\\n\xff", 5));
        cpu.write32(M + MARKER_BEGIN, 1);
        cpu.write32(M + MARKER_END, 1);
    });
    const std::string name = "a\\x80\\x5c\\x0a\\xff";
    CHECK(marker.name_buffer() == name);
    CHECK(b.counter("marker", "region." + name + ".count") == 1);
    REQUIRE(b.sink->regions.size() == 1);
    CHECK(b.sink->regions[0].name == name);
    CHECK_NOTHROW(b.ctx.stats.to_json().dump());
}
