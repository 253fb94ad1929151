#include "platform/platform.h"
#include "models/cpu/iss/translator.h"
#include "models/common/exit_code.h"
#include <cstring>
#include <filesystem>
#include <set>
#include <fstream>
#include <iostream>
#include <sstream>
#include <unistd.h>
#include <tlm_utils/tlm_quantumkeeper.h>
#include "models/bus/bus.h"
#include "models/cache/access_log.h"
#include "models/cache/cache.h"
#include "models/cache/cache_ctrl.h"
#include "models/cpu/cpu.h"
#include "models/cpu/gdb/gdb_stub.h"
#include "models/cpu/iss/reservations.h"
#include "models/dma/msgdma.h"
#include "models/memory/hmc/gather_engine.h"
#include "models/memory/memory.h"
#include "models/periph/clint.h"
#include "models/periph/finisher.h"
#include "models/periph/marker.h"
#include "models/periph/plic.h"
#include "models/periph/uart16550.h"
#include "models/trafficgen/trafficgen.h"
#include "config/quantity.h"
#include "platform/boot.h"
#include "platform/devices.h"
#include "platform/devicetree.h"
#include "platform/loader.h"
#include "platform/progress.h"
#include "platform/timeline_sampler.h"
#include "models/profile/profiler.h"
#include "models/vector/accelerator.h"
#include "platform/watchdog.h"
#include "platform/workload/workload.h"
#include "vp/regs/bootinfo.h"
#include "vp/regs/cache_ctrl.h"
#include "vp/regs/clint.h"
#include "vp/regs/finisher.h"
#include "vp/regs/hmc.h"
#include "vp/regs/marker.h"
#include "vp/regs/memmap.h"
#include "vp/regs/msgdma.h"
#include "vp/regs/plic.h"
#include "vp/regs/uart16550.h"

namespace fs = std::filesystem;

namespace vp {

using config::Kind;
using config::Schema;

// ---------------------------------------------------------------------------------------------
// Schema: the platform's own sections plus every model's declaration.

// The defaults of one of the CPU's caches.
static CacheConfig cache_defaults(uint64_t size, unsigned ways, Tick hit_latency, uint64_t ctrl_base) {
    CacheConfig c;
    c.geometry.size = size;
    c.geometry.ways = ways;
    c.hit_latency = hit_latency;
    c.ctrl_base = ctrl_base;
    return c;
}

static Schema build_schema() {
    Schema s;
    s.add("name", Kind::String, "unnamed", "", "scenario name (used for the default output directory)");
    s.add("description", Kind::String, "", "", "what the scenario runs and why");

    Schema& plat = s.map("platform", "the hardware: clocks, interconnect, memory map, models");
    plat.add("quantum", Kind::Time, "1us", "ps",
             "global time quantum of temporal decoupling: how far an initiator may run ahead of the kernel")
        .range(1, 1e15);
    config::declare<BusConfig>(plat.map("bus", "system bus (router): clock, width, latency"));

    Schema& ram = plat.map("ram", "main memory (QEMU virt compatible base)");
    ram.add("base", Kind::Address, config::format_value(Kind::Address, uint64_t(VP_RAM_BASE)), "",
            "base address of main memory");
    MemoryConfig ram_defaults;
    ram_defaults.size = VP_RAM_DEFAULT_SIZE;
    config::declare(ram, ram_defaults);
    ram.at("size").required = false;
    ram.at("size").default_text = config::format_value(Kind::Size, uint64_t(VP_RAM_DEFAULT_SIZE));
    Schema& mems = plat.list("memories", "further memories (scratchpads, local memories) on the bus");
    mems.add("name", Kind::String, "", "", "component name (unique)").mandatory();
    mems.add("base", Kind::Address, "", "", "base address").mandatory();
    config::declare<MemoryConfig>(mems);

    plat.add("dtb", Kind::Bool, "false", "",
             "place the platform's device tree blob in RAM at reset (2 MiB aligned below the top of the RAM, as "
             "QEMU virt) and pass its address in a1, a0 = hart id (docs/devicetree.md)");
    for (const DeviceEntry& d : device_table()) {
        Schema& section = d.max_instances > 1 ? plat.instances(d.key, d.help) : plat.map(d.key, d.help);
        section.add("enabled", Kind::Bool, d.enabled ? "true" : "false", "", std::string("instantiate the ") + d.key);
        d.declare(section);
    }

    Schema& cpu = plat.map("cpu", "the RISC-V CPU hart (RV32IMAFC, ISS)");
    cpu.add("enabled", Kind::Bool, "true", "", "instantiate the CPU hart");
    config::declare<CpuConfig>(cpu);
    cpu.add("record_accesses", Kind::Bool, "false", "",
            "write every L1D access and I-cache line fetch to <out>/accesses.vplog (replay: tools/cachesim)");

    // Caches (models/cache, docs/cache.md): private L1I/L1D of the CPU, shared L2 in front of the RAM.
    Schema& caches = plat.map("caches", "L1 instruction and data caches of the CPU, L2 between the bus and the RAM");
    auto cache = [&](const char* key, const char* help, const CacheConfig& defaults) {
        Schema& c = caches.map(key, help);
        c.add("enabled", Kind::Bool, "false", "", std::string("instantiate the ") + key);
        config::declare(c, defaults);
    };
    cache("l1i", "L1 instruction cache (private to the CPU)", cache_defaults(32 * 1024, 4, 0, VP_CACHECTL_L1I_BASE));
    cache("l1d", "L1 data cache (private to the CPU)", cache_defaults(32 * 1024, 8, 0, VP_CACHECTL_L1D_BASE));
    cache("l2", "shared L2 cache between the bus and the RAM (every master's RAM traffic passes it)",
          cache_defaults(256 * 1024, 8, 10 * kNs, VP_CACHECTL_L2_BASE));

    Schema& gens = s.list("traffic", "traffic generators (initiators replaying access patterns)");
    gens.add("name", Kind::String, "", "", "component name (unique; default trafficN)");
    config::declare<TrafficGenConfig>(gens);

    Schema& load = s.list("load", "what to put in memory before the run");
    load.add("elf", Kind::Path, "", "", "ELF image: PT_LOAD segments at their physical addresses; entry = reset PC");
    load.add("binary", Kind::Path, "", "", "raw binary file, placed at `at`");
    load.add("at", Kind::Address, "", "", "address of a raw binary");
    load.add("name", Kind::String, "", "", "boot-info entry name for a raw binary (firmware finds it by name)");

    declare_workloads(s.map("workload", "host-side data set preparation and result check"));

    Schema& limits = s.map("limits", "when to stop a run that does not end by itself");
    limits.add("max_sim_time", Kind::Time, "0s", "ps", "stop after this much simulated time (0 = no limit)");
    limits
        .add("max_host_seconds", Kind::Float, "0", "s",
             "stop after this much wall-clock time, counted from the start of vp run (building the platform "
             "and its workload included; 0 = no limit)")
        .at_least(0);
    limits.add("max_host_memory", Kind::Size, "0B", "bytes",
               "stop when the simulator's resident memory exceeds this, from the start of vp run; a workload whose "
               "data set would need more is refused before it is generated (0 = three quarters of the host's "
               "memory)");

    Schema& trace = s.map("trace", "per-transaction trace");
    trace.add("enabled", Kind::Bool, "false", "", "record every transaction of the bus, caches and memories");
    trace.add("formats", Kind::StringList, "[perfetto]", "",
              "output formats: perfetto (trace.json, Chrome JSON), pftrace (trace.pftrace, Perfetto's protobuf: "
              "at least 3x smaller, tested, and cheaper to write; docs/trace.md), csv (trace.csv)");
    trace.add("components", Kind::StringList, "[]", "", "record only these components (empty: all)");
    trace.add("address_from", Kind::Address, "0", "", "record only transactions ending above this address");
    trace.add("address_to", Kind::Address, "0xFFFFFFFFFFFFFFFF", "",
              "record only transactions starting below this address");
    trace.add("time_from", Kind::Time, "0s", "ps", "record only transactions issued at or after this time");
    trace.add("time_to", Kind::Time, "0s", "ps", "record only transactions issued before this time (0 = no limit)");
    trace.add("max_bytes", Kind::Size, "256MiB", "bytes",
              "size budget of the trace files together: at it the files are closed (valid), the run goes on "
              "untraced and the summary says where the trace stopped (0 = no limit)");
    return s;
}

const Schema& Platform::schema() {
    static const Schema s = build_schema();
    return s;
}

// ---------------------------------------------------------------------------------------------

struct Platform::Models {
    std::unique_ptr<Bus> bus;
    std::vector<std::unique_ptr<Memory>> memories;  // memories.front() is the RAM
    // Per hart (index = hart; null where that L1 is not enabled): hart 0's are "l1i"/"l1d" with the
    // controllers, hart h's "l1i_h"/"l1d_h" without (docs/smp.md). The L2 is shared.
    std::vector<std::unique_ptr<Cache>> l1i, l1d;
    std::unique_ptr<Cache> l2;
    Cache* l1i0() const { return l1i.empty() ? nullptr : l1i[0].get(); }
    Cache* l1d0() const { return l1d.empty() ? nullptr : l1d[0].get(); }
    std::vector<std::unique_ptr<Device>> devices;  // from the device table, in its order
    Plic* plic = nullptr;                          // among the devices, when enabled
    Clint* clint = nullptr;
    std::map<unsigned, std::string> irq_users;  // PLIC source -> the parameter that claimed it
    std::unique_ptr<cache::AccessLogWriter> access_log;
    iss::Reservations reservations;          // the harts' LR/SC reservations (declared before cpus: outlives them)
    std::vector<std::unique_ptr<Cpu>> cpus;  // one per hart: cpu0, cpu1, ...
    Cpu* cpu = nullptr;                      // cpus[0] (null without a CPU)
    std::vector<uint16_t> hart_initiators;   // the harts' and their L1s' trace ids
    std::unique_ptr<gdb::GdbStub> gdb;       // --gdb (declared after cpus: destroyed before them)
    std::vector<std::unique_ptr<TrafficGenerator>> generators;
    std::unique_ptr<Loader> loader;
    std::unique_ptr<Workload> workload;
    std::vector<std::unique_ptr<iss::ElfImage>> elves;
    std::map<std::string, std::string> map_keys;  // bus mapping name -> scenario key (error messages)
    std::vector<MapEntry> map;                    // every bus window, in the order mapped
    struct DeviceInstance {
        std::string type, name, path;
        unsigned irq;
        Device* device;
    };
    std::vector<DeviceInstance> instances;  // the devices built, with their names and PLIC sources
    unsigned next_port = 0;
};

Platform::Platform(const config::Scenario& scenario, const RunOptions& opts)
    : scenario_(scenario), opts_(opts), m_(std::make_unique<Models>()) {
    if (sc_core::sc_get_time_resolution() != sc_core::sc_time(1, sc_core::SC_PS))
        throw std::logic_error("the VP needs SystemC's default 1 ps time resolution");
    build();
    open_trace();
}

Platform::~Platform() = default;

// The harts the scenario asks for (0 without a CPU).
static unsigned hart_count(const config::Scenario& sc) {
    return sc.at("platform.cpu.enabled").get<bool>() ? sc.read<CpuConfig>("platform.cpu").harts : 0;
}

static std::string hex(uint64_t v) {
    char b[24];
    snprintf(b, sizeof b, "0x%llx", (unsigned long long)v);
    return b;
}

// Binds a target to the bus and maps it. An overlap is a scenario error, reported on the base key of
// whichever of the two components the scenario file sets explicitly (else on the new one).
void Platform::attach(tlm::tlm_target_socket<>& socket, uint64_t base, uint64_t size, const std::string& name,
                      const std::string& key, TimedTarget* direct) {
    Models& m = *m_;
    if (m.map_keys.count(name)) {  // only memories have user-given names: blame the one that has
        const std::string& other = m.map_keys[name];
        const bool mine = key.rfind("platform.memories.", 0) == 0;
        scenario_.fail((mine ? key : other) + ".name",
                       "the name '" + name + "' is already used by " + (mine ? other : key));
    }
    check_window(base, size, name, key);
    m.bus->initiator_socket.bind(socket);
    for (auto& map : m.bus->mappings()) {
        if (base < map.base + map.size && map.base < base + size) {
            const std::string other = m.map_keys[map.name];
            const std::string mine = name + " [" + hex(base) + ", " + hex(base + size) + ")";
            const std::string theirs = map.name + " [" + hex(map.base) + ", " + hex(map.base + map.size) + ")";
            if (scenario_.line_of(key + ".base") || !scenario_.line_of(other + ".base"))
                scenario_.fail(key + ".base", mine + " overlaps " + theirs);
            scenario_.fail(other + ".base", theirs + " overlaps " + mine);
        }
    }
    m.bus->map(m.next_port, base, size, name);
    m.map.push_back({name, "", "", key, base, size, 0});
    if (direct) m.bus->bind_direct(m.next_port, direct);
    ++m.next_port;
    m.map_keys[name] = key;
}

// The bus and every initiator are 32-bit: nothing can be reached above 4 GiB. Checked before a
// memory is built, so a 1 TiB RAM is an error, not an allocation.
void Platform::check_window(uint64_t base, uint64_t size, const std::string& name, const std::string& key) const {
    if (base + size >= base && base + size <= (uint64_t(1) << 32)) return;
    const std::string where = name + " [" + hex(base) + ", " + hex(base + size) + ")";
    const bool size_given = scenario_.line_of(key + ".size") > 0 && scenario_.line_of(key + ".base") == 0;
    scenario_.fail(key + (size_given ? ".size" : ".base"), where + " reaches past the 32-bit address space (4 GiB)");
}

// Connects a device's interrupt output to PLIC source `irq`, given by the parameter at `key_path`.
void Platform::wire_irq(IrqLine& line, const std::string& key_path, unsigned irq) {
    Models& m = *m_;
    if (!m.plic) return;  // no interrupt controller on this platform: the line stays unconnected
    if (irq == 0 || irq >= m.plic->sources())
        scenario_.fail(key_path,
                       "no such PLIC source (platform.plic.sources = " + std::to_string(m.plic->sources()) + ")");
    if (auto [it, fresh] = m.irq_users.emplace(irq, key_path); !fresh) {  // blame the one the scenario gave
        const bool mine = scenario_.given(key_path) || !scenario_.given(it->second);
        scenario_.fail(mine ? key_path : it->second,
                       "PLIC source " + std::to_string(irq) + " is already used by " + (mine ? it->second : key_path));
    }
    IrqLine& source = m.plic->source(irq);
    line.on_change([&source](bool level) { source.set(level); });
}

void Platform::build() {
    Models& m = *m_;
    check_workload_cost();
    tlm_utils::tlm_quantumkeeper::set_global_quantum(to_sc_time(scenario_.at("platform.quantum").get<Tick>()));
    m.bus = std::make_unique<Bus>("bus", ctx_, scenario_.read<BusConfig>("platform.bus"));
    build_caches();
    build_memories();
    build_devices();
    build_cpu();
    const auto& gens = scenario_.at("traffic");
    for (size_t i = 0; i < gens.size(); ++i) {
        const std::string key = "traffic." + std::to_string(i);
        const std::string name =
            gens[i].at("name").is_null() ? "traffic" + std::to_string(i) : gens[i].at("name").get<std::string>();
        const TrafficGenConfig cfg = scenario_.read<TrafficGenConfig>(key);
        if (cfg.pattern.pattern != TrafficPattern::Csv) {  // every address it will touch must be mapped
            const uint64_t lo = cfg.pattern.base, hi = cfg.pattern.base + cfg.pattern.range;
            bool mapped = false;
            for (auto& map : m.bus->mappings()) mapped |= lo >= map.base && hi <= map.base + map.size;
            if (!mapped)
                scenario_.fail(key + ".base", "[" + hex(lo) + ", " + hex(hi) +
                                                  ") is not inside one mapped component: its accesses would all fail");
        }
        try {
            m.generators.push_back(std::make_unique<TrafficGenerator>(name.c_str(), ctx_, cfg));
        } catch (const config::ScenarioError&) {
            throw;
        } catch (const std::exception& e) {
            scenario_.fail(key, e.what());
        }
        m.generators.back()->initiator_socket.bind(m.bus->target_socket);
    }
    m.loader = std::make_unique<Loader>("loader");
    m.loader->socket.bind(m.bus->target_socket);
    m.loader->when_elaborated([this] {
        if (!opts_.bios.empty()) {
            boot_images();  // (instead of the scenario's images, its workload and the boot-info block)
        } else {
            load_images();
            prepare_workload();
            write_bootinfo();
            place_dtb();
        }
        if (opts_.profile) start_profiles();  // the harts are final now (set_tohost rebuilds the CPU's)
        // Built: from now on the simulation polls for stop requests, and a host limit asks for one.
        if (opts_.watchdog) opts_.watchdog->attach(&ctx_);
    });
}

// Before anything is built: a workload whose data set cannot fit is refused from its parameters,
// not after generating gigabytes (workload.h, WorkloadCost; issue #32). Simulated memory past the
// 32-bit space is bad input (exit 2); host memory past the run's limit is a limit (exit 3).
void Platform::check_workload_cost() {
    std::string key;
    WorkloadCost c;
    try {
        c = workload_cost(scenario_, key);
    } catch (const config::ScenarioError&) {
        throw;
    } catch (const std::exception&) {
        return;  // a configuration the workload rejects: prepare_workload reports it, as before
    }
    workload_image_bytes_ = c.image_bytes;
    if (c.image_bytes > (uint64_t(1) << 32))
        scenario_.fail(key, "the data set would need " + config::format_bytes(c.image_bytes) +
                                " of simulated memory: more than the 32-bit platform addresses (4 GiB)");
    const uint64_t configured = scenario_.at("limits.max_host_memory").get<uint64_t>();
    const uint64_t limit = HostWatchdog::memory_limit(configured);
    const uint64_t now = HostWatchdog::resident_bytes();
    if (c.host_bytes && now + c.host_bytes > limit)
        throw LimitError(key + ": the data set would need about " + config::format_bytes(c.host_bytes) +
                         " of host memory to prepare (" + config::format_bytes(now) + " in use already), more than " +
                         (configured ? "limits.max_host_memory = " + config::format_size(configured)
                                     : "three quarters of the host's memory (" + config::format_size(limit) +
                                           "; limits.max_host_memory)") +
                         " allows");
}

// Caches: each enabled one is built from its section (the L1s are bound to the CPU in build_cpu, the
// L2 in front of the RAM in build_memories); their controllers are mapped like devices.
void Platform::build_caches() {
    Models& m = *m_;
    const unsigned harts = std::max(1u, hart_count(scenario_));
    m.l1i.resize(harts);
    m.l1d.resize(harts);
    // Hart 0's L1s, the L2, then the other harts' L1s (the order of construction is the order of the
    // statistics: a one-hart platform is unchanged).
    for (auto [slot, key] : {std::pair{&m.l1i[0], "l1i"}, {&m.l1d[0], "l1d"}, {&m.l2, "l2"}}) {
        const std::string path = std::string("platform.caches.") + key;
        if (!scenario_.at(path + ".enabled").get<bool>()) continue;
        *slot = std::make_unique<Cache>(key, ctx_, scenario_.read<CacheConfig>(path), std::string(key) == "l2");
        if (CacheController* ctrl = (*slot)->controller())
            attach(ctrl->socket, ctrl->base(), ctrl->size(), ctrl->component_name(), path);
    }
    // Further harts: the same L1s, private, each with its own controller ("l1i_h"/"l1d_h" at
    // VP_CACHECTL_L1I_HART(h)/_L1D_HART(h); none when hart 0's has none), so that its registers
    // act on that hart's cache (docs/smp.md).
    for (unsigned h = 1; h < harts; ++h)
        for (auto [slot, key] : {std::pair{&m.l1i[h], "l1i"}, {&m.l1d[h], "l1d"}}) {
            const std::string path = std::string("platform.caches.") + key;
            if (!scenario_.at(path + ".enabled").get<bool>()) continue;
            CacheConfig cfg = scenario_.read<CacheConfig>(path);
            if (cfg.ctrl_base)
                cfg.ctrl_base = std::string(key) == "l1i" ? VP_CACHECTL_L1I_HART(h) : VP_CACHECTL_L1D_HART(h);
            *slot = std::make_unique<Cache>((std::string(key) + "_" + std::to_string(h)).c_str(), ctx_, cfg, false);
            if (CacheController* ctrl = (*slot)->controller())
                attach(ctrl->socket, ctrl->base(), ctrl->size(), ctrl->component_name(), path);
        }
    if ((m.l1i0() || m.l1d0()) && !scenario_.at("platform.cpu.enabled").get<bool>())
        scenario_.fail("platform.caches", "L1 caches need the CPU");
}

// Memories: the RAM (reached through the L2 when there is one) and further memories.
void Platform::build_memories() {
    Models& m = *m_;
    auto add_memory = [&](const std::string& name, const std::string& key) {
        const MemoryConfig cfg = scenario_.read<MemoryConfig>(key);
        const uint64_t base = scenario_.at(key + ".base").get<uint64_t>();
        check_window(base, cfg.size, name, key);
        m.memories.push_back(std::make_unique<Memory>(name.c_str(), ctx_, cfg));
        if (name == "ram" && m.l2) {
            attach(m.l2->target_socket(), base, cfg.size, name, key, m.l2.get());
            m.l2->initiator_socket.bind(m.memories.back()->target_socket);
            m.l2->bind_direct(m.memories.back().get());
            m.l2->set_mapping_base(base);
            m.bus->set_ports(name, cfg.ports);  // (the L2's slave port: the initiators reach the RAM there)
            return;
        }
        attach(m.memories.back()->target_socket, base, cfg.size, name, key, m.memories.back().get());
        m.bus->set_ports(name, cfg.ports);
    };
    add_memory("ram", "platform.ram");
    const auto& mems = scenario_.at("platform.memories");
    for (size_t i = 0; i < mems.size(); ++i)
        add_memory(mems[i].at("name").get<std::string>(), "platform.memories." + std::to_string(i));
    if (!opts_.bios.empty()) {  // QEMU virt's mask ROM with the reset vector (platform/boot.h)
        MemoryConfig rom;
        rom.size = boot::kMromSize;
        m.memories.push_back(std::make_unique<Memory>("mrom", ctx_, rom));
        attach(m.memories.back()->target_socket, boot::kMromBase, rom.size, "mrom", kBootRomKey,
               m.memories.back().get());
    }
}

// Devices: every enabled instance of every entry of the device table, built, mapped, bound and wired
// the same way. A device written as one map is one instance named by its key; written as a list, each
// element is an instance named by its `name`. Instance 0 keeps the device's defaults; a further instance
// gets free slots for what its section does not give: its windows keep the layout of the defaults,
// shifted together into [VP_INST_BASE, VP_INST_END) by the lowest multiple of their alignment (the
// largest window rounded up to a power of two, at least 4 KiB) at which they overlap nothing mapped or
// given; its interrupt, the lowest PLIC source from VP_IRQ_INST_FIRST up that no other instance uses
// (docs/overview.md, "A second instance of a device").
void Platform::build_devices() {
    Models& m = *m_;
    DeviceContext dc{ctx_, m.memories.front().get(), scenario_.at("platform.ram.base").get<uint64_t>()};
    struct Instance {
        const DeviceEntry* entry;
        std::string name, path;
        nlohmann::json section;
        bool placed;  // its windows and IRQ are free slots the platform chooses (when not given)
    };
    std::vector<Instance> instances;
    std::map<std::string, std::string> names;  // instance name -> its key path
    for (auto& [name, key] : m.map_keys) names.emplace(name, key);
    for (const char* own : {"bus", "loader"}) names.emplace(own, std::string("the platform's ") + own);
    for (unsigned h = 0; h < std::max(1u, hart_count(scenario_)); ++h)
        names.emplace("cpu" + std::to_string(h), "the platform's cpu" + std::to_string(h));
    for (const DeviceEntry& d : device_table())  // single instances are named by their key
        if (const nlohmann::json& v = scenario_.at(std::string("platform.") + d.key);
            !v.is_array() && v.at("enabled").get<bool>())
            names.emplace(d.key, std::string("platform.") + d.key);
    for (const DeviceEntry& d : device_table()) {
        const std::string path = std::string("platform.") + d.key;
        const nlohmann::json& v = scenario_.at(path);
        if (!v.is_array()) {
            if (v.at("enabled").get<bool>()) instances.push_back({&d, d.key, path, v, false});
            continue;
        }
        if (v.size() > d.max_instances)
            scenario_.fail(path + "." + std::to_string(d.max_instances),
                           "at most " + std::to_string(d.max_instances) + " instances of " + d.key);
        for (size_t i = 0; i < v.size(); ++i) {
            const std::string ipath = path + "." + std::to_string(i);
            if (!v[i].at("enabled").get<bool>()) continue;
            const std::string name = v[i].at("name").get<std::string>();
            if (auto [it, fresh] = names.emplace(name, ipath); !fresh)
                scenario_.fail(ipath + ".name", "the name '" + name + "' is already used by " + it->second);
            instances.push_back({&d, name, ipath, v[i], i > 0});
        }
    }
    auto windows_of = [](const Instance& in) {
        return in.entry->windows ? in.entry->windows(in.section)
                                 : std::vector<DeviceWindow>{{"base", in.entry->window}};
    };
    // Placement: what is mapped or given first, then the free slots for the rest, in table order.
    std::vector<std::pair<uint64_t, uint64_t>> taken;  // [base, end)
    for (auto& map : m.bus->mappings()) taken.push_back({map.base, map.base + map.size});
    std::set<unsigned> irqs_taken;
    for (const Instance& in : instances) {
        for (const DeviceWindow& w : windows_of(in))
            if (!in.placed || scenario_.given(in.path + "." + w.key)) {
                const uint64_t b = in.section.at(w.key).get<uint64_t>();
                taken.push_back({b, b + w.size});
            }
        if (*in.entry->irq_key && (!in.placed || scenario_.given(in.path + "." + in.entry->irq_key)))
            irqs_taken.insert(in.section.at(in.entry->irq_key).get<unsigned>());
    }
    for (Instance& in : instances) {
        if (!in.placed) continue;
        std::vector<DeviceWindow> free;  // the windows to place: shifted together, keeping their layout
        uint64_t lowest = ~uint64_t(0), align = 0x1000;
        for (const DeviceWindow& w : windows_of(in)) {
            if (scenario_.given(in.path + "." + w.key)) continue;
            free.push_back(w);
            lowest = std::min(lowest, in.section.at(w.key).get<uint64_t>());
            while (align < w.size) align <<= 1;
        }
        if (!free.empty()) {
            auto fits = [&](uint64_t delta) {
                for (const DeviceWindow& w : free) {
                    const uint64_t b = in.section.at(w.key).get<uint64_t>() + delta;
                    if (b + w.size > VP_INST_END) return false;
                    for (auto [lo, hi] : taken)
                        if (b < hi && lo < b + w.size) return false;
                }
                return true;
            };
            uint64_t delta = VP_INST_BASE - lowest;
            while (!fits(delta) && lowest + delta < VP_INST_END) delta += align;
            if (!fits(delta))
                scenario_.fail(in.path + "." + free.front().key, "no free room left in [" + hex(VP_INST_BASE) + ", " +
                                                                     hex(VP_INST_END) +
                                                                     ") for this instance: give its base");
            for (const DeviceWindow& w : free) {
                const uint64_t b = in.section.at(w.key).get<uint64_t>() + delta;
                in.section[w.key] = b;
                taken.push_back({b, b + w.size});
            }
        }
        if (*in.entry->irq_key && !scenario_.given(in.path + "." + in.entry->irq_key)) {
            unsigned irq = VP_IRQ_INST_FIRST;
            while (irqs_taken.count(irq)) ++irq;
            in.section[in.entry->irq_key] = irq;
            irqs_taken.insert(irq);
        }
    }
    // Several harts (docs/smp.md): the CLINT has a msip/mtimecmp pair per hart, the PLIC a context pair
    // per hart (QEMU virt: 2h = M-mode, 2h + 1 = S-mode); sizes the scenario does not give follow the
    // harts, sizes it gives must be large enough.
    if (const unsigned harts = hart_count(scenario_); harts > 1)
        for (Instance& in : instances) {
            const std::string type = in.entry->key;
            const char* key = type == "clint" ? "harts" : type == "plic" ? "contexts" : nullptr;
            if (!key) continue;
            const unsigned need = type == "clint" ? harts : 2 * harts;
            if (!scenario_.given(in.path + "." + key)) {
                in.section[key] = need;
            } else if (in.section.at(key).get<unsigned>() < (type == "clint" ? harts : 2 * harts - 1)) {
                scenario_.fail(in.path + "." + key,
                               std::string("platform.cpu.harts = ") + std::to_string(harts) + " needs at least " +
                                   std::to_string(type == "clint" ? harts : 2 * harts - 1) +
                                   (type == "clint" ? " harts" : " contexts (2h: hart h, M-mode)"));
            }
        }
    std::vector<std::pair<Device*, const Instance*>> built;
    for (const Instance& in : instances) {
        std::unique_ptr<Device> dev;
        try {
            dev = in.entry->create(dc, scenario_, in.path, in.name, in.section);
        } catch (const config::ParamError& e) {  // a model's own check of its configuration
            scenario_.fail(in.path + "." + e.key(), e.what());
        }
        if (!dev) continue;
        if (m.instances.size() == VP_BOOTINFO_DEV_MAX)  // firmware finds each in the boot-info device table
            scenario_.fail(in.path, "more than " + std::to_string(VP_BOOTINFO_DEV_MAX) +
                                        " device instances (the boot-info block's device table holds that many)");
        const unsigned irq =
            *in.entry->irq_key && dev->irq_output() ? in.section.at(in.entry->irq_key).get<unsigned>() : 0;
        for (const Device::Window& w : dev->bus_windows()) {
            attach(w.socket, w.base, w.size, w.name, in.path);
            m.map.back().type = in.entry->key;
            m.map.back().instance = in.name;
            m.map.back().irq = irq;
        }
        if (auto* master = dev->bus_master()) master->bind(m.bus->target_socket);
        if (auto* plic = dynamic_cast<Plic*>(dev.get())) m.plic = plic;
        if (auto* clint = dynamic_cast<Clint*>(dev.get())) m.clint = clint;
        m.instances.push_back({in.entry->key, in.name, in.path, irq, dev.get()});
        built.push_back({dev.get(), &in});
        m.devices.push_back(std::move(dev));
    }
    for (auto [dev, in] : built)
        if (IrqLine* line = dev->irq_output(); line && *in->entry->irq_key)
            wire_irq(*line, in->path + "." + in->entry->irq_key, in->section.at(in->entry->irq_key).get<unsigned>());
}

// The CPU harts with their L1s, interrupt lines, timers and (with --gdb) the debugger stub. Hart h
// (cpu<h>, mhartid = hartid + h) has CLINT msip/mtimecmp h, PLIC context 2h (M-mode: MEIP) and, where
// the PLIC has it, 2h + 1 (S-mode: SEIP), as QEMU virt (docs/smp.md).
void Platform::build_cpu() {
    Models& m = *m_;
    const unsigned harts = hart_count(scenario_);
    // Every hart's L1s and the harts themselves are one coherent memory system (the data lives in the
    // memories, docs/smp.md): one L1's bus traffic is never a stale-data hazard for another's.
    std::vector<uint16_t> coherent;
    for (auto* list : {&m.l1i, &m.l1d})
        for (auto& c : *list)
            if (c) coherent.push_back(c->trace_id());
    for (auto* list : {&m.l1i, &m.l1d})
        for (auto& l1p : *list) {
            Cache* l1 = l1p.get();
            if (!l1) continue;
            l1->initiator_socket.bind(m.bus->target_socket);
            l1->bind_direct(m.bus.get());
            // Devices are never cached: everything on the bus but the memories bypasses the L1s.
            for (auto& map : m.bus->mappings()) {
                const bool memory = std::any_of(m.memories.begin(), m.memories.end(),
                                                [&](auto& mem) { return map.name == mem->component_name(); });
                if (!memory) l1->add_uncached(map.base, map.size);
            }
            m.bus->add_observer([l1](tlm::tlm_generic_payload& p, Tick at, uint16_t who) { l1->observe(p, at, who); },
                                &l1->own_initiators());
        }
    if (harts) {
        CpuConfig base = scenario_.read<CpuConfig>("platform.cpu");
        // Booting as QEMU virt (--bios): no semihosting unless asked for, as QEMU's default (OpenSBI
        // probes it and would take it for its console instead of the UART).
        if (!opts_.bios.empty() && !scenario_.given("platform.cpu.semihosting")) base.semihosting = false;
        for (unsigned h = 0; h < harts; ++h) {
            CpuConfig cfg = base;
            cfg.hartid = base.hartid + h;
            auto cpu = std::make_unique<Cpu>(("cpu" + std::to_string(h)).c_str(), ctx_, cfg);
            cpu->socket.bind(m.bus->target_socket);
            cpu->attach_caches(m.l1i[h].get(), m.l1d[h].get(), m.l2.get());
            cpu->set_semihosting_sandbox(opts_.out_dir);
            if (m.plic && 2 * h < m.plic->contexts()) cpu->connect_external_irq(m.plic->context_irq(2 * h));
            if (m.plic && 2 * h + 1 < m.plic->contexts())
                cpu->connect_supervisor_external_irq(m.plic->context_irq(2 * h + 1));
            if (m.clint) {
                cpu->connect_software_irq(m.clint->software_irq(h));
                Clint* clint = m.clint;
                cpu->set_timer(
                    [clint](Tick t) { return clint->mtime(t); },
                    [clint, h](std::function<void(Tick)> fn) { clint->on_deadline_change(h, std::move(fn)); });
            }
            cpu->hart().set_reservations(&m.reservations);
            m.cpus.push_back(std::move(cpu));
        }
        m.cpu = m.cpus.front().get();
        if (harts > 1)  // MSI on the L1Ds (docs/smp.md "Coherence")
            for (auto& cpu : m.cpus) {
                std::vector<Cpu*> peers;
                for (auto& other : m.cpus)
                    if (other != cpu) peers.push_back(other.get());
                cpu->set_peers(std::move(peers));
            }
        if (harts > 1)
            for (auto& cpu : m.cpus) coherent.push_back(cpu->trace_id());
        for (auto* list : {&m.l1i, &m.l1d})
            for (auto& c : *list)
                if (c)
                    for (uint16_t id : coherent)
                        if (std::find(c->own_initiators().begin(), c->own_initiators().end(), id) ==
                            c->own_initiators().end())
                            c->add_own_initiator(id);
        // Writes of every other initiator (DMA, traffic generators) break the harts' reservations; the
        // harts' own stores tell the registry themselves (Hart::store_slow).
        std::vector<uint16_t>& harts_ids = m.hart_initiators;
        for (auto& cpu : m.cpus) harts_ids.push_back(cpu->trace_id());
        for (auto* list : {&m.l1i, &m.l1d})
            for (auto& c : *list)
                if (c) harts_ids.push_back(c->trace_id());
        iss::Reservations* res = &m.reservations;
        m.bus->add_observer(
            [res](tlm::tlm_generic_payload& p, Tick, uint16_t) {
                if (p.is_write()) res->write(nullptr, uint32_t(p.get_address()), p.get_data_length());
            },
            &harts_ids);
    }
    // --gdb: the GDB stub, one gdb thread per hart (it waits for gdb before the first instruction).
    if (opts_.gdb_port >= 0) {
        if (!m.cpu) scenario_.fail("platform.cpu.enabled", "--gdb needs the CPU");
        std::vector<Cpu*> cpus;
        for (auto& c : m.cpus) cpus.push_back(c.get());
        m.gdb = std::make_unique<gdb::GdbStub>(std::move(cpus), ctx_, opts_.gdb_port);
    }
}

// ELFs and raw binaries from the scenario (--elf replaces the scenario's ELFs). The first ELF sets the
// CPU's reset PC, tohost and symbols.
void Platform::load_images() {
    Models& m = *m_;
    std::vector<std::pair<std::string, std::string>> elves;  // path, key
    bool loaded_binary = false;
    const auto& loads = scenario_.at("load");
    for (size_t i = 0; i < loads.size(); ++i) {
        const std::string key = "load." + std::to_string(i);
        const auto& l = loads[i];
        if (!l.at("elf").is_null() && !l.at("binary").is_null())
            scenario_.fail(key, "give either elf or binary, not both");
        if (!l.at("elf").is_null()) {
            if (opts_.elf.empty()) elves.push_back({l.at("elf").get<std::string>(), key + ".elf"});
        } else if (!l.at("binary").is_null()) {
            if (l.at("at").is_null()) scenario_.fail(key + ".at", "a raw binary needs an address `at`");
            const std::string file = l.at("binary").get<std::string>();
            std::ifstream in(file, std::ios::binary);
            std::error_code ec;
            const uintmax_t size = fs::file_size(file, ec);
            if (!in || ec) scenario_.fail(key + ".binary", "cannot read '" + file + "'");
            // A 32-bit physical address space holds at most 4 GiB: refuse a bigger file before reading it.
            if (size > (uintmax_t(1) << 32))
                scenario_.fail(key + ".binary", "'" + file + "' is larger than the 4 GiB address space");
            const uint64_t at = l.at("at").get<uint64_t>();
            try {
                m.loader->write_from(at, in, size, file);  // (in chunks: no copy of the file in host memory)
            } catch (const Loader::ReadError& e) {
                scenario_.fail(key + ".binary", e.what());
            } catch (const std::exception& e) {
                scenario_.fail(key + ".at", e.what());
            }
            if (!l.at("name").is_null()) {
                try {
                    m.loader->add_bootinfo(l.at("name").get<std::string>(), uint32_t(at), uint32_t(size));
                    if (!bootinfo_required_)
                        bootinfo_required_what_ = "the named binary '" + l.at("name").get<std::string>() + "'";
                    bootinfo_required_ = true;
                } catch (const std::exception& e) {
                    scenario_.fail(key + ".name", e.what());
                }
            }
            loaded_binary = true;
            if (at < VP_BOOTINFO_ADDR + sizeof(vp_bootinfo_t) && at + size > VP_BOOTINFO_ADDR) own_bootinfo_ = true;
        } else {
            scenario_.fail(key, "a load entry needs `elf` or `binary`");
        }
    }
    if (!opts_.elf.empty()) elves.push_back({opts_.elf, "--elf"});

    for (auto& [path, key] : elves) {
        auto elf = std::make_unique<iss::ElfImage>();
        std::string err;
        if (!elf->load(path, err)) {
            if (key == "--elf") throw config::ScenarioError("--elf " + path, 0, "", err);
            scenario_.fail(key, err);
        }
        try {
            m.loader->load_elf(*elf, path);
        } catch (const std::exception& e) {
            if (key == "--elf") throw config::ScenarioError("--elf " + path, 0, "", e.what());
            scenario_.fail(key, e.what());
        }
        if (m.cpu && m.elves.empty()) {
            const iss::ElfImage* image = elf.get();
            auto symbolize = [image](uint32_t pc) { return image->describe(pc); };
            for (auto& cpu : m.cpus) {  // every hart starts at the entry (as QEMU virt with -bios none)
                if (auto tohost = elf->symbol("tohost")) cpu->set_tohost(*tohost);
                cpu->set_reset_pc(elf->entry());
                cpu->set_symbolizer(symbolize);
            }
            ctx_.tracer.set_symbolizer(symbolize);
            // Firmware linked with firmware/runtime/vp.ld keeps its stack below __stack (the boot-info
            // page): outside memory, its first call faults, and so does every trap handler after it.
            if (auto stack = elf->symbol("__stack"); stack && *stack >= 4) {
                bool mapped = false;  // (by the bus map: a probe read would count as a debug access)
                for (auto& map : m.bus->mappings()) mapped |= *stack - 4 >= map.base && *stack <= map.base + map.size;
                if (!mapped) {
                    const uint64_t base = scenario_.at("platform.ram.base").get<uint64_t>();
                    const uint64_t size = scenario_.at("platform.ram.size").get<uint64_t>();
                    scenario_.fail("platform.ram.size", "the stack of " + path + " ends at " + hex(*stack) +
                                                            " (its __stack), outside the RAM [" + hex(base) + ", " +
                                                            hex(base + size) + "): the firmware could not run; " +
                                                            "give RAM that reaches it (the default 128MiB does)");
                }
            }
        }
        if (auto s = elf->symbol("__loader_start"); s && !data_base_) {
            data_base_ = *s;
            if (auto e = elf->symbol("__loader_end")) data_end_ = *e;
        }
        m.elves.push_back(std::move(elf));
    }
    if (m.cpu && m.elves.empty() && !loaded_binary)
        scenario_.fail("load",
                       "nothing to run: the CPU is enabled but no program is loaded (give load: - elf: FILE, "
                       "or --elf FILE, or --bios FILE [--kernel IMAGE], or set platform.cpu.enabled: false)");
}

// The workload's data set: generated or loaded on the host, placed in memory (at workload.base, else
// after the first ELF's image), announced in the boot-info block; its regions label cache statistics.
void Platform::prepare_workload() {
    Models& m = *m_;
    const auto& w = scenario_.at("workload");
    try {
        m.workload = make_workload(scenario_);
    } catch (const config::ScenarioError&) {
        throw;
    } catch (const std::exception& e) {
        scenario_.fail("workload", e.what());
    }
    std::vector<cache::Region> regions;
    if (m.workload) {
        const uint64_t given = w.at("base").get<uint64_t>();
        uint64_t base = given ? given : data_base_ ? data_base_ : 0x84000000ull;
        // A data set larger than the firmware's loader area (below its stack and the boot-info page)
        // goes above the first 128 MiB, where the RAM reaches that far.
        const uint64_t above = uint64_t(VP_RAM_BASE) + VP_RAM_DEFAULT_SIZE;
        const uint64_t ram_base = scenario_.at("platform.ram.base").get<uint64_t>();
        const uint64_t ram_end = ram_base + scenario_.at("platform.ram.size").get<uint64_t>();
        const bool too_big = !given && data_base_ && data_end_ && base + workload_image_bytes_ > data_end_;
        if (too_big && ram_base <= above && ram_end >= above + workload_image_bytes_) base = above;
        try {
            workload::Image img = m.workload->build_image(base);
            auto extent = [&] {
                uint64_t end = base;
                for (const workload::ImageBlob& b : img.blobs) end = std::max<uint64_t>(end, b.addr + b.data.size());
                return end - base;
            };
            if (!given && base == data_base_ && data_end_ && base + extent() > data_end_) {
                const uint64_t need = extent();  // (more than the estimate said)
                if (ram_base > above || ram_end < above + need)
                    scenario_.fail("platform.ram.size",
                                   "the data set needs " + config::format_bytes(need) +
                                       ": more than the loader area [" + hex(data_base_) + ", " + hex(data_end_) +
                                       ") below the firmware's stack and the boot-info page; with RAM reaching " +
                                       hex(above + need) + " it goes above the first 128 MiB instead");
                base = above;
                img = workload::Image{};  // (one image at a time in host memory)
                img = m.workload->build_image(base);
            }
            for (const workload::ImageBlob& b : img.blobs) {
                m.loader->write(b.addr, b.data.data(), b.data.size(), "workload blob '" + b.name + "'");
                m.loader->add_bootinfo(b.name, uint32_t(b.addr), uint32_t(b.data.size()));
                if (!bootinfo_required_) bootinfo_required_what_ = "the workload's data (blob '" + b.name + "')";
                bootinfo_required_ = true;
            }
            for (const workload::ImageRegion& r : img.regions) regions.push_back({r.name, r.lo, r.hi});
        } catch (const config::ScenarioError&) {
            throw;
        } catch (const std::exception& e) {
            scenario_.fail("workload.base", e.what());
        }
    }
    std::vector<Cache*> caches{m.l2.get()};
    for (auto* list : {&m.l1i, &m.l1d})
        for (auto& c : *list) caches.push_back(c.get());
    for (Cache* c : caches) {
        if (!c) continue;
        try {
            c->set_regions(regions);
        } catch (const std::invalid_argument& e) {
            scenario_.fail("workload", std::string("data regions: ") + e.what());
        }
    }
    if (m.cpu && scenario_.at("platform.cpu.record_accesses").get<bool>()) {
        if (m.cpus.size() > 1)
            scenario_.fail("platform.cpu.record_accesses",
                           "records one hart's accesses: not with platform.cpu.harts > 1");
        open_access_log(regions);
    }
}

std::vector<MapEntry> Platform::memory_map() const {
    std::vector<MapEntry> map = m_->map;
    std::stable_sort(map.begin(), map.end(), [](const MapEntry& a, const MapEntry& b) { return a.base < b.base; });
    return map;
}

DeviceTreeInput Platform::device_tree_input() const {
    DeviceTreeInput in;
    in.cpu = m_->cpu != nullptr;
    if (in.cpu) {
        const CpuConfig cfg = scenario_.read<CpuConfig>("platform.cpu");
        in.hartid = cfg.hartid;
        in.harts = cfg.harts;
        in.cpu_hz = cfg.clock_hz;
    }
    if (m_->plic) {
        in.plic_ndev = m_->plic->sources() - 1;
        in.plic_contexts = m_->plic->contexts();
    }
    in.map = memory_map();
    return in;
}

std::string Platform::device_tree() const { return device_tree_source(device_tree_input()); }

// platform.dtb: the device tree blob in RAM, at QEMU virt's place (the highest 2 MiB boundary that
// leaves room for it below the end of the RAM), its address in a1 and the hart id in a0 at reset.
// Several harts: a0 = mhartid in every case (a1 = the DTB when it is on), as QEMU virt's reset code.
void Platform::place_dtb() {
    Models& m = *m_;
    if (m.cpus.size() > 1)
        for (auto& cpu : m.cpus) cpu->hart().set_x(10, cpu->hart().config().hartid);
    if (!m.cpu || !scenario_.at("platform.dtb").get<bool>()) return;
    const std::vector<uint8_t> blob = device_tree_blob(device_tree_input());
    const uint64_t base = scenario_.at("platform.ram.base").get<uint64_t>();
    const uint64_t end = base + scenario_.at("platform.ram.size").get<uint64_t>();
    const uint64_t at = boot::fdt_address(base, end - base, blob.size());
    if (!at) scenario_.fail("platform.dtb", "the RAM has no 2 MiB aligned room for the device tree blob");
    try {
        m.loader->write(at, blob.data(), blob.size(), "device tree blob");
    } catch (const std::exception& e) {
        scenario_.fail("platform.dtb", e.what());
    }
    for (auto& cpu : m.cpus) {
        cpu->hart().set_x(10, cpu->hart().config().hartid);
        cpu->hart().set_x(11, uint32_t(at));
    }
}

// vp run --bios FW [--kernel IMAGE [--initrd FILE] [--append ARGS]]: the images, the device tree and
// the reset ROM where QEMU 7.2's virt machine (riscv32) puts them (virt_machine_done, hw/riscv/boot.c;
// platform/boot.h, docs/boot.md). An image is an ELF (by its magic: placed by its segments' physical
// addresses) or a raw binary. The firmware: at the start of the RAM; a raw kernel at the next 4 MiB
// boundary after the firmware's end (an ELF kernel where it says; its entry is its lowest address);
// the initrd at the kernel + min(RAM / 2, 128 MiB); the DTB (with /chosen bootargs and
// linux,initrd-start/-end) at the highest 2 MiB boundary 1 MiB below the end of the RAM (or 3 GiB);
// every hart starts in M-mode at the ROM's reset vector (0x1000), which jumps to the RAM base with
// a0 = mhartid, a1 = the DTB, a2 = OpenSBI's fw_dynamic_info (next_addr = the kernel, next_mode = S).
// Any file that cannot be read or placed (missing, empty, overlapping another image, past the RAM)
// stops the run before it starts: one line naming the option and the file, exit 2.
void Platform::boot_images() {
    Models& m = *m_;
    if (!m.cpu) scenario_.fail("platform.cpu.enabled", "--bios needs the CPU");
    const uint64_t ram_base = scenario_.at("platform.ram.base").get<uint64_t>();
    const uint64_t ram_size = scenario_.at("platform.ram.size").get<uint64_t>();
    const uint64_t ram_end = ram_base + ram_size;
    auto fail = [](const std::string& opt, const std::string& path, const std::string& why) {
        throw config::ScenarioError(opt + " " + path, 0, "", why);
    };
    struct Placed {
        uint64_t lo, hi;
        const iss::ElfImage* elf;
    };
    // One image: an ELF at its segments, anything else as raw bytes at `raw_at` (in the RAM).
    auto load = [&](const std::string& opt, const std::string& path, uint64_t raw_at, bool elf_allowed) -> Placed {
        std::ifstream in(path, std::ios::binary);
        if (!in) fail(opt, path, "cannot open the file");
        char magic[4] = {};
        in.read(magic, 4);
        if (elf_allowed && in.gcount() == 4 &&
            std::memcmp(magic,
                        "\x7f"
                        "ELF",
                        4) == 0) {
            auto elf = std::make_unique<iss::ElfImage>();
            std::string err;
            if (!elf->load(path, err)) fail(opt, path, err);
            uint64_t lo = ~uint64_t(0), hi = 0;
            for (const auto& seg : elf->segments())
                if (seg.memsz) {
                    lo = std::min<uint64_t>(lo, seg.paddr);
                    hi = std::max<uint64_t>(hi, uint64_t(seg.paddr) + seg.memsz);
                }
            if (!hi) fail(opt, path, "the ELF has no loadable segment");
            try {
                m.loader->load_elf(*elf, opt + " " + path);
            } catch (const std::exception& e) {
                fail(opt, path, e.what());
            }
            m.elves.push_back(std::move(elf));
            return {lo, hi, m.elves.back().get()};
        }
        std::error_code ec;
        const uint64_t size = fs::file_size(path, ec);
        if (ec) fail(opt, path, ec.message());
        if (size == 0) fail(opt, path, "the file is empty");
        if (raw_at < ram_base || raw_at + size > ram_end)
            fail(opt, path,
                 config::format_bytes(size) + " at " + hex(raw_at) + " do not fit in the RAM [" + hex(ram_base) + ", " +
                     hex(ram_end) + ") (platform.ram.size)");
        in.clear();
        in.seekg(0);
        try {
            m.loader->write_from(raw_at, in, size, opt + " " + path);
        } catch (const std::exception& e) {
            fail(opt, path, e.what());
        }
        return {raw_at, raw_at + size, nullptr};
    };

    const Placed fw = load("--bios", opts_.bios, ram_base, true);
    uint32_t kernel_entry = 0;  // fw_dynamic_info.next_addr (0 without a kernel, as QEMU)
    DeviceTreeInput dt = device_tree_input();
    dt.bootargs = opts_.append;
    if (!opts_.kernel.empty()) {
        const Placed k = load("--kernel", opts_.kernel, boot::kernel_start(fw.hi), true);
        kernel_entry = uint32_t(k.lo);
        if (!opts_.initrd.empty()) {
            const Placed rd = load("--initrd", opts_.initrd, boot::initrd_start(kernel_entry, ram_size), false);
            dt.initrd_start = rd.lo;
            dt.initrd_end = rd.hi;
        }
    }
    std::vector<uint8_t> blob;
    try {
        blob = device_tree_blob(dt);
    } catch (const std::exception& e) {
        throw config::ScenarioError("the device tree", 0, "", e.what());
    }
    const uint64_t fdt = boot::fdt_address(ram_base, ram_size, std::max<uint64_t>(blob.size(), boot::kQemuFdtSize));
    if (!fdt) scenario_.fail("platform.ram.size", "the RAM has no 2 MiB aligned room for the device tree blob");
    try {
        m.loader->write(fdt, blob.data(), blob.size(), "the device tree blob");
        const std::vector<uint8_t> rom = boot::reset_rom(uint32_t(ram_base), uint32_t(fdt), kernel_entry);
        m.loader->write(boot::kMromBase, rom.data(), rom.size(), "the reset vector");
    } catch (const std::exception& e) {
        throw config::ScenarioError("the device tree", 0, "", e.what());
    }
    for (auto& cpu : m.cpus) cpu->set_reset_pc(boot::kMromBase);
    if (fw.elf) {  // fault reports and the trace name the firmware's functions
        auto symbolize = [image = fw.elf](uint32_t pc) { return image->describe(pc); };
        for (auto& cpu : m.cpus) cpu->set_symbolizer(symbolize);
        ctx_.tracer.set_symbolizer(symbolize);
    }
}

// The boot-info block: where firmware finds the data blobs and the devices by name. Always present on
// the VP when there is a CPU, with a "vp" entry (firmware can tell it runs on the VP and use VP-only
// devices such as the trace marker).
void Platform::write_bootinfo() {
    Models& m = *m_;
    // (Harts 1..'s L1 controllers are at fixed addresses, VP_CACHECTL_L1I_HART(h): no entries, which
    // are limited to VP_BOOTINFO_MAX.)
    for (Cache* c : {m.l1i0(), m.l1d0(), m.l2.get()})
        if (c && c->controller())
            m.loader->add_bootinfo(std::string("cachectl.") + c->basename(), uint32_t(c->controller()->base()),
                                   uint32_t(c->controller()->size()));
    // The first instance of a type keeps the names a single instance has ("vec", "vec_ilm", "lapp"): the
    // single-instance firmware APIs find it by them. Further instances' entries carry their own names.
    std::map<std::string, unsigned> seen;
    for (const auto& in : m.instances) {
        const bool first = seen[in.type]++ == 0;
        for (const Device::BootInfo& b : in.device->boot_info()) {
            std::string name = b.name;
            if (first && name.rfind(in.name, 0) == 0) name = in.type + name.substr(in.name.size());
            try {
                m.loader->add_bootinfo(name, b.addr, b.size);
            } catch (const std::runtime_error& e) {  // more named entries than the block holds
                scenario_.fail(in.path, e.what());
            }
        }
    }
    std::map<std::string, uint32_t> of_type;  // instances of each device type so far
    for (const auto& in : m.instances) {
        const std::vector<Device::Window> w = in.device->bus_windows();
        m.loader->add_bootinfo_device(in.name, in.type, w.empty() ? 0 : uint32_t(w[0].base),
                                      w.empty() ? 0 : uint32_t(w[0].size), in.irq, of_type[in.type]++);
    }
    if (own_bootinfo_) {
        if (m.loader->bootinfo_entries())
            log_platform_warning(
                "the scenario loads its own boot-info block: named binaries and workload blobs are not announced");
    } else if (m.cpu) {
        m.loader->add_bootinfo("vp", 0, 0);
        try {
            m.loader->write_bootinfo();
        } catch (const std::exception& e) {
            // Firmware that looks for its data there would find nothing (or fault reading it): when the
            // scenario has data to announce, that is a set-up error, not a run that never ends.
            const uint64_t base = scenario_.at("platform.ram.base").get<uint64_t>();
            const uint64_t size = scenario_.at("platform.ram.size").get<uint64_t>();
            const std::string where = "the boot-info block [" + hex(VP_BOOTINFO_ADDR) + ", " +
                                      hex(uint64_t(VP_BOOTINFO_ADDR) + sizeof(vp_bootinfo_t)) +
                                      ") (VP_BOOTINFO_ADDR, also the top of the stack of firmware/runtime/vp.ld) "
                                      "does not fit in the RAM [" +
                                      hex(base) + ", " + hex(base + size) + ")";
            if (bootinfo_required_)
                scenario_.fail("platform.ram.size", where + ": the firmware could not find " + bootinfo_required_what_ +
                                                        "; give RAM that reaches " +
                                                        hex(uint64_t(VP_BOOTINFO_ADDR) + sizeof(vp_bootinfo_t)) +
                                                        " (the default 128MiB at 0x80000000 does)");
            log_platform_warning("no boot-info block: " + where + " (" + e.what() + ")");
        }
    }
}

void Platform::log_platform_warning(const std::string& msg) { VP_WARN(ctx_.logger("platform"), "{}", msg); }

// The access log (models/cache/access_log.h): regions, the blobs the workload names (priority
// tables), then one record per L1D access / I-cache line fetch, written as the CPU runs.
void Platform::open_access_log(const std::vector<cache::Region>& regions) {
    Models& m = *m_;
    nlohmann::ordered_json h;
    h["scenario"] = scenario_.values().at("name");
    h["regions"] = nlohmann::json::array();
    for (auto& r : regions) h["regions"].push_back({{"name", r.name}, {"lo", r.lo}, {"hi", r.hi}});
    h["blobs"] = nlohmann::json::array();
    std::vector<std::vector<uint8_t>> blobs;
    if (m.workload) {
        for (const std::string& name : m.workload->log_blobs()) {
            uint32_t addr = 0, size = 0;
            if (!m.loader->find_bootinfo(name, addr, size))
                throw std::logic_error("workload names log blob '" + name + "' but placed no such boot-info entry");
            blobs.emplace_back(size);
            m.loader->read(addr, blobs.back().data(), size, name);
            h["blobs"].push_back({{"name", name}, {"addr", addr}, {"size", size}});
        }
    }
    for (const char* k : {"l1i", "l1d", "l2"}) h["caches"][k] = scenario_.values().at("platform").at("caches").at(k);
    fs::create_directories(opts_.out_dir);
    m.access_log = std::make_unique<cache::AccessLogWriter>((fs::path(opts_.out_dir) / "accesses.vplog").string(),
                                                            h.dump(), blobs);
    m.cpu->record_accesses(m.access_log.get());
}

void Platform::open_trace() {
    const auto& t = scenario_.values().at("trace");
    if (!t.at("enabled").get<bool>()) return;
    TraceFilter f;
    f.components = t.at("components").get<std::vector<std::string>>();
    for (auto& c : f.components) {
        bool known = false;
        for (size_t i = 1; i < ctx_.tracer.component_count(); ++i)
            known |= ctx_.tracer.component_name(uint16_t(i)) == c;
        if (!known) scenario_.fail("trace.components", "no component named '" + c + "'");
    }
    f.addr_lo = t.at("address_from").get<uint64_t>();
    f.addr_hi = t.at("address_to").get<uint64_t>();
    f.time_from = t.at("time_from").get<Tick>();
    const Tick to = t.at("time_to").get<Tick>();
    f.time_to = to ? to : kTickMax;
    ctx_.tracer.set_filter(f);
    if (const uint64_t budget = t.at("max_bytes").get<uint64_t>()) {
        ctx_.tracer.set_budget(budget, [this, budget] {
            log_platform_warning("the trace reached its budget (trace.max_bytes = " + config::format_size(budget) +
                                 ") at " + config::format_time(ctx_.tracer.stopped_at()) +
                                 " simulated: the files are closed, the run goes on untraced");
        });
    }
    fs::create_directories(opts_.out_dir);
    for (auto& fmt : t.at("formats").get<std::vector<std::string>>()) {
        if (fmt == "perfetto")
            ctx_.tracer.add_sink(make_perfetto_sink((fs::path(opts_.out_dir) / "trace.json").string(), ctx_.tracer));
        else if (fmt == "csv")
            ctx_.tracer.add_sink(make_csv_sink((fs::path(opts_.out_dir) / "trace.csv").string(), ctx_.tracer));
        else if (fmt == "pftrace")
            ctx_.tracer.add_sink(
                make_perfetto_proto_sink((fs::path(opts_.out_dir) / "trace.pftrace").string(), ctx_.tracer));
        else
            scenario_.fail("trace.formats", "unknown trace format '" + fmt + "' (perfetto, pftrace, csv)");
    }
    // The files' headers and closing records must fit: the budget holds to the byte (docs/trace.md).
    const uint64_t budget = t.at("max_bytes").get<uint64_t>(), empty = ctx_.tracer.empty_size();
    if (budget && empty > budget)
        scenario_.fail("trace.max_bytes", config::format_size(budget) + " is below the " + std::to_string(empty) +
                                              " bytes the empty trace files take (headers, closing records); "
                                              "raise it, or 0 = no limit");
    ctx_.tracer.enable(true);
}

// --profile: the hook on every hart's instructions (only now: without --profile no hook exists).
void Platform::start_profiles() {
    Models& m = *m_;
    auto counter = [&](const char* group, const char* name) -> const Counter* {
        const StatGroup* g = ctx_.stats.find(group);
        return g ? g->find_counter(name) : nullptr;
    };
    for (size_t h = 0; h < m.cpus.size(); ++h) {  // one profile per hart: cpu0, cpu1, ...
        HartProfiler::Sources src;
        auto misses = [](Cache* c) { return [c] { return c->array().totals().misses; }; };
        for (Cache* l1 : {m.l1i[h].get(), m.l1d[h].get()})
            if (l1) src.l1_misses.push_back(misses(l1));
        if (m.l2) src.l2_misses = misses(m.l2.get());
        for (const char* b : {"bytes_read", "bytes_written"})
            if (const Counter* c = counter("bus", b)) src.bus_bytes.push_back(c);
        profilers_.push_back(std::make_unique<HartProfiler>(m.cpus[h]->component_name(), m.cpus[h]->hart(),
                                                            m.elves.empty() ? nullptr : m.elves.front().get(), src));
    }
    for (auto& dev : m.devices)  // the vector accelerator's control hart (its program has no symbols here)
        if (auto* vec = dynamic_cast<VecAccel*>(dev.get()))
            profilers_.push_back(std::make_unique<HartProfiler>(vec->component_name() + ".hart", vec->hart(), nullptr,
                                                                HartProfiler::Sources{}));
}

RunResult Platform::run() {
    const auto& limits = scenario_.values().at("limits");
    const Tick max_sim = limits.at("max_sim_time").get<Tick>();
    // With a debugger the wall clock says nothing about the run: no host-time limit (docs/gdb.md).
    const double max_host = opts_.gdb_port >= 0 ? 0.0 : limits.at("max_host_seconds").get<double>();
    const uint64_t max_memory = HostWatchdog::memory_limit(limits.at("max_host_memory").get<uint64_t>());
    const auto t0 = std::chrono::steady_clock::now();
    auto host_elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };
    // The CLI's watchdog runs since the scenario was read (it attaches when the platform is built);
    // without one, the limits count from here.
    std::unique_ptr<HostWatchdog> own_watchdog;
    if (!opts_.watchdog) own_watchdog = std::make_unique<HostWatchdog>(ctx_, max_host, max_memory);

    // Run in slices so that host-time and simulated-time limits are checked without adding events
    // to the simulation; a slice ends early when the simulation starves (every model is done).
    const Tick slice = std::max<Tick>(100 * kUs, to_tick(tlm_utils::tlm_quantumkeeper::get_global_quantum()));
    // Slices the timeline does not sample run as one, of at most this length (the progress line and
    // Ctrl-C are looked at between them).
    const Tick max_merged = std::max<Tick>(kMs, slice);
    RunResult r;
    if (m_->workload && !opts_.quiet) std::cerr << "workload: " << m_->workload->describe() << "\n";
    // Not with a debugger: its console shares the terminal.
    ProgressLine progress(!opts_.quiet && opts_.gdb_port < 0, isatty(STDERR_FILENO) == 1, {max_sim, max_host});
    timeline_ = std::make_unique<TimelineSampler>(ctx_.stats, slice);
    for (auto& c : m_->cpus) {
        Cpu* cpu = c.get();
        timeline_->add_source(cpu->component_name() + ".instret", [cpu] { return cpu->hart().instret(); });
        timeline_->add_source(cpu->component_name() + ".cycles", [cpu] { return cpu->hart().cycles(); });
    }
    auto show_progress = [&] {
        uint64_t instret = 0;
        for (auto& c : m_->cpus) instret += c->hart().instret();
        progress.update(host_elapsed(), sim_now(), m_->cpu != nullptr, instret);
    };
    bool first = true;
    uint64_t last_bus_transactions = 0;
    while (!ctx_.stop_requested()) {
        // Run at least up to the next pending event: with SC_EXIT_ON_STARVATION the kernel does not
        // advance time beyond the last event, so the run ends at the time of its last activity.
        Tick step = slice;
        if (!first) {
            if (!sc_core::sc_pending_activity()) break;
            const Tick next = to_tick(sc_core::sc_time_to_pending_activity());
            if (max_sim && sim_now() + next > max_sim) {
                ctx_.note_end_time(max_sim);
                ctx_.request_stop(kExitLimit, "simulated time limit reached");
                break;
            }
            step = std::max(step, next);
        }
        first = false;
        // Each slice end costs a synchronisation of every initiator that ran ahead (a CPU: a
        // SystemC context switch, its statistics, its limit). While slices are regular and the bus
        // idle (a CPU running from DMI without caches), the ones up to the next the timeline samples
        // are merged into one, on the same grid of whole slices. Not while the bus works: shared
        // resources keep their reservations back to the kernel's time, and a CPU running ahead by
        // a merged slice would make those timelines up to 10x longer, for a gain lost in the noise
        // of a cached run (A/B on the headline SpMV).
        // Results do not depend on where a slice ends (it is a quantum boundary a run-ahead hart
        // may skip, docs/timing.md); the timeline's sample times may move by a few µs: a slice
        // whose last event comes before its end stops there (SC_EXIT_ON_STARVATION), and fewer
        // slices drift less.
        const uint64_t bus_transactions = m_->bus ? m_->bus->transactions() : 0;
        const bool bus_idle = bus_transactions == last_bus_transactions;
        last_bus_transactions = bus_transactions;
        if (step == slice && bus_idle) {
            const Tick now = sim_now(), due = timeline_->next_due();
            if (due > now + slice) step = std::min(div_ceil(due - now, slice) * slice, max_merged / slice * slice);
        }
        if (max_sim) step = std::min(step, max_sim - sim_now());
        // The CPU runs ahead no further than the slice's end (models/cpu/cpu.cpp), so slices end, and
        // the timeline is sampled, where they would with every-boundary synchronisation, and no run
        // passes its simulated-time limit. Costs one synchronisation per slice.
        ctx_.set_time_horizon(sim_now() + step);
        sc_core::sc_start(to_sc_time(step), sc_core::SC_EXIT_ON_STARVATION);
        show_progress();
        timeline_->sample(sim_now());
        if (ctx_.interrupted()) {
            ctx_.request_stop(ctx_.interrupt_code(), ctx_.interrupt_reason());
            break;
        }
    }
    progress.finish();
    if (opts_.watchdog) opts_.watchdog->disarm();  // the run is over: its outputs are written in any case
    own_watchdog.reset();
    for (auto& p : profilers_) p->finish();
    // Deadlock: every hart asleep in WFI with nothing left that could wake one.
    if (!ctx_.stop_requested() && m_->cpu &&
        std::all_of(m_->cpus.begin(), m_->cpus.end(), [](auto& c) { return c->asleep(); })) {
        if (m_->cpus.size() == 1)
            ctx_.request_stop(kExitDeadlock, "the CPU sleeps in WFI and nothing is left that could wake it (at pc " +
                                                 hex(m_->cpu->hart().pc()) + ")");
        else
            ctx_.request_stop(kExitDeadlock,
                              "every hart sleeps in WFI and nothing is left that could wake one (cpu0 at pc " +
                                  hex(m_->cpu->hart().pc()) + ")");
    }
    for (Component* c : ctx_.components()) c->finalize();
    if (m_->access_log) {
        m_->cpu->record_accesses(nullptr);
        m_->access_log->close();
    }
    if (!ctx_.stop_requested()) ctx_.request_stop(0, "all activity finished");
    ctx_.tracer.close();
    r.exit_code = ctx_.exit_code();
    r.stop_reason = ctx_.stop_reason();
    if (r.exit_code < 0 || r.exit_code > 255) {  // a process status is 8 bits: 256 would read as success
        r.stop_reason += "; exit code " + std::to_string(r.exit_code) + " reported as 255";
        r.exit_code = 255;
    }
    // The result check: a wrong answer fails the run.
    const bool check =
        scenario_.values().at("workload").at("check").get<bool>() && opts_.elf.empty() && opts_.bios.empty();
    if (m_->workload && check && r.exit_code == 0) {
        std::string report;
        if (!m_->workload->check(*m_->loader, report)) {
            r.exit_code = kExitWrongResult;
            r.stop_reason += "; result check FAILED: " + report;
        } else {
            r.stop_reason += "; result check passed: " + report;
        }
    }
    if (m_->gdb) m_->gdb->program_exited(r.exit_code);  // gdb sees W<code>
    r.sim_time = ctx_.end_time();
    ctx_.stats.set_elapsed(r.sim_time);
    timeline_->final_sample(r.sim_time);
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
    stats["energy"] = ctx_.energy.to_json();  // energy ledger (docs/energy.md)
    if (ctx_.tracer.configured()) {           // the trace's extent (docs/trace.md "Size budget")
        const Tracer& t = ctx_.tracer;
        stats["trace"] = {{"records", t.records_written()},
                          {"bytes", t.bytes_written()},
                          {"max_bytes", t.budget()},
                          {"stopped_at_budget", t.stopped_at_budget()},
                          {"stopped_at_ps", t.stopped_at_budget() ? nlohmann::json(t.stopped_at()) : nlohmann::json()}};
    }
    // Strings that came from firmware or input files (region names, symbols) may be any bytes: invalid
    // UTF-8 is replaced (U+FFFD) instead of ending the run in an exception.
    constexpr auto kReplace = nlohmann::ordered_json::error_handler_t::replace;
    write_atomically(dir / "stats.json", stats.dump(2, ' ', false, kReplace) + "\n");

    // host.json: what depends on the machine running the simulation.
    nlohmann::ordered_json host;
    host["host_seconds"] = r.host_seconds;
    host["sim_seconds_per_host_second"] = r.host_seconds > 0 ? double(r.sim_time) * 1e-12 / r.host_seconds : 0.0;
    host["peak_rss_bytes"] = HostWatchdog::peak_resident_bytes();  // this process's own (not ru_maxrss)
    // The translating executor's work (platform.cpu.executor: translate): host-side, like the rest.
    uint64_t blocks = 0, resets = 0;
    bool translating = false;
    for (auto& c : m_->cpus) {
        if (const iss::Translator* t = c->hart().translator()) {
            translating = true;
            blocks += t->blocks_translated();
            resets += t->resets();
        }
    }
    if (translating) host["translator"] = {{"blocks_translated", blocks}, {"resets", resets}};
    write_atomically(dir / "host.json", host.dump(2) + "\n");

    // Statistics over time and the firmware's regions, for `vp report` (docs/report.md). Deterministic.
    if (timeline_) {
        nlohmann::ordered_json tl = timeline_->to_json();
        nlohmann::ordered_json regions = nlohmann::ordered_json::array();
        for (const Tracer::RegionLogEntry& e : ctx_.tracer.region_log())
            regions.push_back({{"track", ctx_.tracer.component_name(e.track)},
                               {"name", e.name},
                               {"begin_ps", e.begin},
                               {"end_ps", e.end}});
        tl["regions"] = regions;
        tl["regions_dropped"] = ctx_.tracer.region_log_dropped();
        write_atomically(dir / "timeline.json", tl.dump(-1, ' ', false, kReplace) + "\n");
    }

    // --profile (docs/profile.md): JSON for tools and vp report, a flat table, folded stacks.
    if (!profilers_.empty()) {
        nlohmann::ordered_json pj;
        pj["schema"] = "vp-profile";
        pj["harts"] = nlohmann::ordered_json::array();
        std::ostringstream flat, folded;
        for (auto& p : profilers_) {
            if (!p->total().instructions) continue;
            pj["harts"].push_back(p->to_json());
            p->write_flat(flat);
            flat << "\n";
            p->write_folded(folded);
        }
        write_atomically(dir / "profile.json", pj.dump(1, ' ', false, kReplace) + "\n");
        write_atomically(dir / "profile.txt", flat.str());
        write_atomically(dir / "profile.folded", folded.str());
    }

    // The validated configuration with every default filled in: what exactly ran.
    write_atomically(dir / "config.json", scenario_.values().dump(2) + "\n");
}

void Platform::print_summary(const RunResult& r) const {
    ctx_.report_suppressed();
    if (opts_.quiet) {  // quiet, but a run that did not succeed says why
        if (r.exit_code != 0) std::cerr << "vp: " << r.stop_reason << " (exit code " << r.exit_code << ")\n";
        return;
    }
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
    const std::string dir = opts_.published_dir.empty() ? opts_.out_dir : opts_.published_dir;
    out << "outputs         " << dir << "/stats.json" << (ctx_.tracer.configured() ? " + trace" : "") << "\n";
    if (ctx_.tracer.configured()) out << trace_summary();
}

// One or two lines on the trace: what was written and, when the budget stopped it, where and how to
// get the part that matters within the budget.
std::string Platform::trace_summary() const {
    const Tracer& t = ctx_.tracer;
    std::string s = "trace           " + std::to_string(t.records_written()) + " transactions, " +
                    config::format_bytes(t.bytes_written());
    if (!t.stopped_at_budget()) return s + "\n";
    s += ", STOPPED at the budget (trace.max_bytes = " + config::format_size(t.budget()) + ") at " +
         config::format_time(t.stopped_at()) + " simulated of " + config::format_time(ctx_.end_time()) + "\n";
    s += "                narrow it: trace.time_from/time_to, trace.components, trace.address_from/address_to, "
         "or raise trace.max_bytes\n";
    return s;
}

}  // namespace vp
