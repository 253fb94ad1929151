// Transaction trace: the Perfetto JSON parses, holds one complete event per counted transaction,
// links parents to children with flows; CSV rows match; filters select.
#include <catch2/catch.hpp>
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <unistd.h>
#include <nlohmann/json.hpp>
#include "models/bus/bus.h"
#include "tests/support/test_initiator.h"
#include "tests/support/test_target.h"

using namespace vp;
using vp::test::TestInitiator;
using vp::test::TestTarget;
namespace fs = std::filesystem;

namespace {

// Two buses in a row, so bus1's spans are children of bus0's spans.
struct Fixture {
    SimContext ctx;
    Bus bus0{"bus0", ctx, BusConfig{}};
    Bus bus1{"bus1", ctx, BusConfig{}};
    TestInitiator cpu{"cpu"};
    TestTarget ram{"ram", 0x1000};
    fs::path dir = fs::temp_directory_path() / ("vp_test_trace_" + std::to_string(::getpid()));
    Fixture() {
        fs::create_directories(dir);
        cpu.socket.bind(bus0.target_socket);
        bus0.initiator_socket.bind(bus1.target_socket);
        bus1.initiator_socket.bind(ram.socket);
        bus0.map(0, 0x1000, 0x1000, "bus1");
        bus1.map(0, 0x0, 0x1000, "ram");
        cpu.initiator_id = ctx.tracer.register_component("cpu");
    }
    void run(int n) {
        cpu.body = [n](TestInitiator& i) {
            for (int k = 0; k < n; ++k) i.read32(0x1000 + 4 * k, Tick(k) * 100 * kNs);
            i.read32(0x9000);  // decode error: counted, traced
        };
        sc_core::sc_start();
        ctx.tracer.close();
    }
    uint64_t counted(const char* bus) { return ctx.stats.find(bus)->find_counter("transactions")->value; }
};

nlohmann::json load(const fs::path& p) {
    std::ifstream in(p);
    return nlohmann::json::parse(in);
}

}  // namespace

TEST_CASE("the Perfetto trace is valid JSON with one complete event per counted transaction") {
    Fixture f;
    f.ctx.tracer.enable(true);
    f.ctx.tracer.add_sink(make_perfetto_sink((f.dir / "t.json").string(), f.ctx.tracer));
    f.run(20);
    auto j = load(f.dir / "t.json");
    std::map<int, int> per_pid;
    int flows_s = 0, flows_f = 0;
    for (auto& e : j["traceEvents"]) {
        if (e["ph"] == "X") ++per_pid[e["pid"].get<int>()];
        if (e["ph"] == "s") ++flows_s;
        if (e["ph"] == "f") ++flows_f;
    }
    REQUIRE(f.counted("bus0") == 21);
    REQUIRE(per_pid[f.bus0.trace_id()] == 21);
    REQUIRE(per_pid[f.bus1.trace_id()] == int(f.counted("bus1")));
    REQUIRE(f.counted("bus1") == 20);
    // Every bus1 span is a child of a bus0 span: one flow (start + end) each.
    REQUIRE(flows_s == 20);
    REQUIRE(flows_f == 20);
    // Process names identify the components.
    bool named = false;
    for (auto& e : j["traceEvents"])
        if (e["ph"] == "M" && e["name"] == "process_name" && e["args"]["name"] == "bus1") named = true;
    REQUIRE(named);
}

TEST_CASE("trace records carry issue, start and end times and the initiator") {
    Fixture f;
    f.ctx.tracer.enable(true);
    f.ctx.tracer.add_sink(make_csv_sink((f.dir / "t.csv").string(), f.ctx.tracer));
    f.run(3);
    std::ifstream in(f.dir / "t.csv");
    std::string header, line;
    std::getline(in, header);
    REQUIRE(header.rfind("id,parent,component,initiator,cmd,addr,len,issue_ps,start_ps,end_ps", 0) == 0);
    int rows = 0, bus1_rows = 0;
    while (std::getline(in, line)) {
        ++rows;
        if (line.find(",bus1,cpu,R,") != std::string::npos) ++bus1_rows;
    }
    REQUIRE(rows == 3 + 3 + 1);
    REQUIRE(bus1_rows == 3);
}

TEST_CASE("filters select components, address ranges and time windows") {
    Fixture f;
    f.ctx.tracer.enable(true);
    TraceFilter flt;
    flt.components = {"bus1"};
    flt.addr_lo = 0x4;  // bus1 sees ram-relative addresses 0x0, 0x4, 0x8, ...
    flt.addr_hi = 0x10;
    flt.time_to = 250 * kNs;
    f.ctx.tracer.set_filter(flt);
    f.ctx.tracer.add_sink(make_csv_sink((f.dir / "f.csv").string(), f.ctx.tracer));
    f.run(10);
    std::ifstream in(f.dir / "f.csv");
    std::string line;
    std::getline(in, line);
    int rows = 0;
    while (std::getline(in, line)) ++rows;
    REQUIRE(rows == 2);  // 0x4 at t=100ns, 0x8 at t=200ns; 0xc at 300ns is outside the window
}

TEST_CASE("with tracing disabled nothing is recorded and no ids are spent") {
    Fixture f;
    f.run(5);
    REQUIRE(f.ctx.tracer.records_written() == 0);
    REQUIRE(f.ctx.tracer.next_id() == 1);
}

TEST_CASE("regions appear as slices on their track") {
    SimContext ctx;
    ctx.tracer.enable(true);
    const auto dir = fs::temp_directory_path() / ("vp_test_regions_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    ctx.tracer.add_sink(make_perfetto_sink((dir / "r.json").string(), ctx.tracer));
    const uint16_t track = ctx.tracer.register_component("marker");
    ctx.tracer.region_begin(track, "spmv", 10 * kNs);
    ctx.tracer.region_begin(track, "inner", 20 * kNs);
    REQUIRE(ctx.tracer.open_regions(track) == 2);
    ctx.tracer.region_end(track, 30 * kNs);
    ctx.tracer.region_end(track, 40 * kNs);
    ctx.tracer.close();
    auto j = load(dir / "r.json");
    std::vector<std::string> names;
    for (auto& e : j["traceEvents"])
        if (e["ph"] == "X") names.push_back(e["name"]);
    REQUIRE(names == std::vector<std::string>{"inner", "spmv"});
}

TEST_CASE("at the size budget the files are closed valid, tracing stops and the run goes on") {
    Fixture f;
    f.ctx.tracer.enable(true);
    f.ctx.tracer.add_sink(make_perfetto_sink((f.dir / "b.json").string(), f.ctx.tracer));
    int calls = 0;
    const uint64_t budget = 8 * 1024;
    f.ctx.tracer.set_budget(budget, [&] { ++calls; });
    f.run(200);  // ~200 x 2 spans of ~300 B: far more than the budget
    CHECK(calls == 1);
    CHECK(f.ctx.tracer.stopped_at_budget());
    CHECK_FALSE(f.ctx.tracer.enabled());
    CHECK(f.ctx.tracer.configured());
    // The run went on: every transaction was counted, only the first ones were recorded.
    CHECK(f.counted("bus0") == 201);
    const uint64_t recorded = f.ctx.tracer.records_written();
    CHECK(recorded > 0);
    CHECK(recorded < 2 * 201);
    // The file is complete JSON, within the budget, with exactly the recorded spans.
    CHECK(fs::file_size(f.dir / "b.json") <= budget);
    CHECK(fs::file_size(f.dir / "b.json") == f.ctx.tracer.bytes_written());
    auto j = load(f.dir / "b.json");
    uint64_t spans = 0;
    Tick last_issue = 0;
    for (auto& e : j["traceEvents"]) {
        if (e["ph"] != "X") continue;
        ++spans;
        last_issue = std::max(last_issue, Tick(std::llround(e["ts"].get<double>() * 1e6)));
    }
    CHECK(spans == recorded);
    CHECK(f.ctx.tracer.stopped_at() == last_issue);
    fs::remove_all(f.dir);
}

TEST_CASE("closed regions are logged whether or not the trace is on, up to a bound") {
    SimContext ctx;
    const uint16_t marker = ctx.tracer.register_component("marker");
    for (int i = 0; i < 3; ++i) {
        ctx.tracer.region_begin(marker, "r" + std::to_string(i), Tick(i) * 10);
        ctx.tracer.region_end(marker, Tick(i) * 10 + 5);
    }
    REQUIRE(ctx.tracer.region_log().size() == 3);
    CHECK(ctx.tracer.region_log()[1].name == "r1");
    CHECK(ctx.tracer.region_log()[1].begin == 10);
    CHECK(ctx.tracer.region_log()[1].end == 15);
    for (size_t i = 0; i < Tracer::kMaxRegionLog; ++i) {
        ctx.tracer.region_begin(marker, "x", 100);
        ctx.tracer.region_end(marker, 101);
    }
    CHECK(ctx.tracer.region_log().size() == Tracer::kMaxRegionLog);
    CHECK(ctx.tracer.region_log_dropped() == 3);
}
