#include "platform/platform.h"
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sys/resource.h>
#include <tlm_utils/tlm_quantumkeeper.h>
#include "models/bus/bus.h"
#include "platform/config/quantity.h"

namespace fs = std::filesystem;

namespace vp {

using config::Kind;
using config::Schema;

// ---------------------------------------------------------------------------------------------
// Schema: the platform's own sections plus every model's declaration.

static Schema build_schema() {
    Schema s;
    s.add("name", Kind::String, "unnamed", "", "scenario name (used for the default output directory)");
    s.add("description", Kind::String, "", "", "what the scenario runs and why");

    Schema& plat = s.map("platform", "the hardware: clocks, interconnect, memory map, models");
    plat.add("quantum", Kind::Time, "1us", "ps",
             "global time quantum of temporal decoupling: how far an initiator may run ahead of the kernel")
        .range(1, 1e15);
    BusConfig::declare(plat.map("bus", "system bus (router): clock, width, latency"));

    Schema& limits = s.map("limits", "when to stop a run that does not end by itself");
    limits.add("max_sim_time", Kind::Time, "0s", "ps", "stop after this much simulated time (0 = no limit)");
    limits.add("max_host_seconds", Kind::Float, "0", "s", "stop after this much wall-clock time (0 = no limit)")
        .at_least(0);

    Schema& trace = s.map("trace", "per-transaction trace");
    trace.add("enabled", Kind::Bool, "false", "", "record every transaction of the bus, caches and memories");
    trace.add("formats", Kind::StringList, "[perfetto]", "", "output formats: perfetto (trace.json), csv (trace.csv)");
    trace.add("components", Kind::StringList, "[]", "", "record only these components (empty: all)");
    trace.add("address_from", Kind::Address, "0", "", "record only transactions ending above this address");
    trace.add("address_to", Kind::Address, "0xFFFFFFFFFFFFFFFF", "", "record only transactions starting below this address");
    trace.add("time_from", Kind::Time, "0s", "ps", "record only transactions issued at or after this time");
    trace.add("time_to", Kind::Time, "0s", "ps", "record only transactions issued before this time (0 = no limit)");
    return s;
}

const Schema& Platform::schema() {
    static const Schema s = build_schema();
    return s;
}

// ---------------------------------------------------------------------------------------------

struct Platform::Models {
    std::unique_ptr<Bus> bus;
};

Platform::Platform(const config::Scenario& scenario, const RunOptions& opts)
    : scenario_(scenario), opts_(opts), m_(std::make_unique<Models>()) {
    if (sc_core::sc_get_time_resolution() != sc_core::sc_time(1, sc_core::SC_PS))
        throw std::logic_error("the VP needs SystemC's default 1 ps time resolution");
    build();
    open_trace();
}

Platform::~Platform() = default;

void Platform::build() {
    const auto& v = scenario_.values();
    const auto& plat = v.at("platform");
    tlm_utils::tlm_quantumkeeper::set_global_quantum(to_sc_time(plat.at("quantum").get<Tick>()));
    m_->bus = std::make_unique<Bus>("bus", ctx_, BusConfig::from_json(plat.at("bus")));
}

void Platform::open_trace() {
    const auto& t = scenario_.values().at("trace");
    if (!t.at("enabled").get<bool>()) return;
    TraceFilter f;
    f.components = t.at("components").get<std::vector<std::string>>();
    for (auto& c : f.components) {
        bool known = false;
        for (size_t i = 1; i < ctx_.tracer.component_count(); ++i) known |= ctx_.tracer.component_name(uint16_t(i)) == c;
        if (!known) scenario_.fail("trace.components", "no component named '" + c + "'");
    }
    f.addr_lo = t.at("address_from").get<uint64_t>();
    f.addr_hi = t.at("address_to").get<uint64_t>();
    f.time_from = t.at("time_from").get<Tick>();
    const Tick to = t.at("time_to").get<Tick>();
    f.time_to = to ? to : kTickMax;
    ctx_.tracer.set_filter(f);
    fs::create_directories(opts_.out_dir);
    for (auto& fmt : t.at("formats").get<std::vector<std::string>>()) {
        if (fmt == "perfetto") ctx_.tracer.add_sink(make_perfetto_sink((fs::path(opts_.out_dir) / "trace.json").string(), ctx_.tracer));
        else if (fmt == "csv") ctx_.tracer.add_sink(make_csv_sink((fs::path(opts_.out_dir) / "trace.csv").string(), ctx_.tracer));
        else scenario_.fail("trace.formats", "unknown trace format '" + fmt + "' (perfetto, csv)");
    }
    ctx_.tracer.enable(true);
}

RunResult Platform::run() {
    const auto& limits = scenario_.values().at("limits");
    const Tick max_sim = limits.at("max_sim_time").get<Tick>();
    const double max_host = limits.at("max_host_seconds").get<double>();
    const auto t0 = std::chrono::steady_clock::now();
    auto host_elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };

    // Run in slices so that host-time and simulated-time limits are checked without adding events
    // to the simulation; a slice ends early when the simulation starves (every model is done).
    const Tick slice = std::max<Tick>(100 * kUs, to_tick(tlm_utils::tlm_quantumkeeper::get_global_quantum()));
    RunResult r;
    while (!ctx_.stop_requested()) {
        Tick step = slice;
        if (max_sim) {
            if (sim_now() >= max_sim) { ctx_.request_stop(3, "simulated time limit reached"); break; }
            step = std::min(step, max_sim - sim_now());
        }
        sc_core::sc_start(to_sc_time(step), sc_core::SC_EXIT_ON_STARVATION);
        if (ctx_.stop_requested()) break;
        if (!sc_core::sc_pending_activity()) { ctx_.request_stop(0, "all activity finished"); break; }
        if (max_host > 0 && host_elapsed() > max_host) { ctx_.request_stop(3, "host time limit reached"); break; }
    }
    ctx_.tracer.close();
    r.exit_code = ctx_.exit_code();
    r.stop_reason = ctx_.stop_reason();
    r.sim_time = ctx_.end_time();
    r.host_seconds = host_elapsed();
    return r;
}

// Writes `text` to `path` through a temporary file, so an existing file is never left truncated.
static void write_atomically(const fs::path& path, const std::string& text) {
    const fs::path tmp = path.string() + ".tmp";
    {
        std::ofstream out(tmp);
        if (!out) throw std::runtime_error("cannot write '" + tmp.string() + "'");
        out << text;
        if (!out) throw std::runtime_error("cannot write '" + tmp.string() + "'");
    }
    fs::rename(tmp, path);
}

void Platform::write_outputs(const RunResult& r) {
    fs::create_directories(opts_.out_dir);
    const fs::path dir(opts_.out_dir);

    // stats.json: deterministic (no host figures), documented in docs/stats.md.
    nlohmann::ordered_json stats;
    stats["schema"] = "vp-stats";
    stats["schema_version"] = 1;
    stats["scenario"] = scenario_.values().at("name");
    stats["run"] = {{"sim_time_ps", r.sim_time}, {"exit_code", r.exit_code}, {"stop_reason", r.stop_reason}};
    stats["components"] = ctx_.stats.to_json();
    write_atomically(dir / "stats.json", stats.dump(2) + "\n");

    // host.json: what depends on the machine running the simulation.
    struct rusage ru {};
    getrusage(RUSAGE_SELF, &ru);
    nlohmann::ordered_json host;
    host["host_seconds"] = r.host_seconds;
    host["sim_seconds_per_host_second"] = r.host_seconds > 0 ? double(r.sim_time) * 1e-12 / r.host_seconds : 0.0;
    host["peak_rss_bytes"] = uint64_t(ru.ru_maxrss) * 1024;
    write_atomically(dir / "host.json", host.dump(2) + "\n");

    // The validated configuration with every default filled in: what exactly ran.
    write_atomically(dir / "config.json", scenario_.values().dump(2) + "\n");
}

void Platform::print_summary(const RunResult& r) const {
    if (opts_.quiet) return;
    auto& out = std::cerr;
    out << "---- vp summary: " << scenario_.values().at("name").get<std::string>() << " ----\n";
    out << "simulated time  " << config::format_time(r.sim_time) << "\n";
    char buf[128];
    snprintf(buf, sizeof buf, "%.3f s", r.host_seconds);
    out << "host time       " << buf << "\n";
    if (r.host_seconds > 0) {
        snprintf(buf, sizeof buf, "%.3g simulated s per host s", double(r.sim_time) * 1e-12 / r.host_seconds);
        out << "speed           " << buf << "\n";
    }
    out << "stop            " << r.stop_reason << " (exit code " << r.exit_code << ")\n";
    for (const Component* c : ctx_.components()) {
        const std::string line = c->summary();
        if (!line.empty()) out << "  " << c->component_name() << ": " << line << "\n";
    }
    out << "outputs         " << opts_.out_dir << "/stats.json" << (ctx_.tracer.enabled() ? " + trace" : "") << "\n";
}

}  // namespace vp
