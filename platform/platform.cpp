#include "platform/platform.h"
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sys/resource.h>
#include <tlm_utils/tlm_quantumkeeper.h>
#include "models/bus/bus.h"
#include "models/cache/access_log.h"
#include "models/cache/cache.h"
#include "models/cache/cache_ctrl.h"
#include "models/cpu/cpu.h"
#include "models/cpu/gdb/gdb_stub.h"
#include "models/dma/msgdma.h"
#include "models/lapp/lapp_device.h"
#include "models/memory/hmc/gather_engine.h"
#include "models/memory/memory.h"
#include "models/periph/clint.h"
#include "models/periph/finisher.h"
#include "models/periph/marker.h"
#include "models/periph/plic.h"
#include "models/periph/uart16550.h"
#include "models/trafficgen/trafficgen.h"
#include "platform/config/quantity.h"
#include "platform/loader.h"
#include "platform/workload/workload.h"
#include "vp/regs/bootinfo.h"
#include "vp/regs/cache_ctrl.h"
#include "vp/regs/clint.h"
#include "vp/regs/finisher.h"
#include "vp/regs/hmc.h"
#include "vp/regs/lapp.h"
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

static Schema build_schema() {
    Schema s;
    s.add("name", Kind::String, "unnamed", "", "scenario name (used for the default output directory)");
    s.add("description", Kind::String, "", "", "what the scenario runs and why");

    Schema& plat = s.map("platform", "the hardware: clocks, interconnect, memory map, models");
    plat.add("quantum", Kind::Time, "1us", "ps",
             "global time quantum of temporal decoupling: how far an initiator may run ahead of the kernel")
        .range(1, 1e15);
    BusConfig::declare(plat.map("bus", "system bus (router): clock, width, latency"));

    Schema& ram = plat.map("ram", "main memory (QEMU virt compatible base)");
    ram.add("base", Kind::Address, "0x8000_0000", "", "base address of main memory");
    MemoryConfig::declare(ram);
    ram.at("size").default_text = "128MiB";
    ram.at("size").required = false;
    Schema& mems = plat.list("memories", "further memories (scratchpads, local memories) on the bus");
    mems.add("name", Kind::String, "", "", "component name (unique)").mandatory();
    mems.add("base", Kind::Address, "", "", "base address").mandatory();
    MemoryConfig::declare(mems);

    auto device = [&](const char* key, const char* help, auto declare) {
        Schema& d = plat.map(key, help);
        d.add("enabled", Kind::Bool, "true", "", std::string("instantiate the ") + key);
        declare(d);
    };
    device("uart", "16550 UART (console)", Uart16550Config::declare);
    device("clint", "core-local interruptor: mtime, mtimecmp, msip", ClintConfig::declare);
    device("plic", "platform-level interrupt controller", PlicConfig::declare);
    device("finisher", "test finisher (sifive_test compatible): ends the run with an exit code",
           TestFinisherConfig::declare);
    device("marker", "trace-marker device: firmware-named regions in the trace", TraceMarkerConfig::declare);
    // --- cascaded scatter-gather DMA (models/dma, docs/dma.md) ---
    device("dma", "cascaded scatter-gather DMA from Intel mSGDMA blocks (seed 004)", MsgdmaConfig::declare);
    // --- end DMA ---
    // --- LAPP FU-array accelerator (models/lapp, docs/lapp.md) ---
    {
        Schema& l = plat.map("lapp", "LAPP, the binary-compatible linear FU-array accelerator (seed 002)");
        l.add("enabled", Kind::Bool, "false", "", "instantiate LAPP");
        LappConfig::declare(l);
    }
    // --- end LAPP ---
    Schema& cpu = plat.map("cpu", "the RISC-V CPU hart (RV32IMAFC, ISS)");
    CpuConfig::declare(cpu);
    cpu.add("record_accesses", Kind::Bool, "false", "",
            "write every L1D access and I-cache line fetch to <out>/accesses.vplog (replay: tools/cachesim)");

    // Caches (models/cache, docs/cache.md): private L1I/L1D of the CPU, shared L2 in front of the RAM.
    Schema& caches = plat.map("caches", "L1 instruction and data caches of the CPU, L2 between the bus and the RAM");
    auto cache = [&](const char* key, const char* help, const char* size, const char* ways, const char* hit,
                     const char* ctrl) {
        Schema& c = caches.map(key, help);
        c.add("enabled", Kind::Bool, "false", "", std::string("instantiate the ") + key);
        CacheConfig::declare(c, size, ways, hit, ctrl);
    };
    cache("l1i", "L1 instruction cache (private to the CPU)", "32KiB", "4", "0ns", "0x1800_1000");
    cache("l1d", "L1 data cache (private to the CPU)", "32KiB", "8", "0ns", "0x1800_2000");
    cache("l2", "shared L2 cache between the bus and the RAM (every master's RAM traffic passes it)", "256KiB", "8",
          "10ns", "0x1800_3000");
    // --- HMC host controller + gather/scatter engine (docs/hmc.md) ---
    {
        Schema& h =
            plat.map("hmc_ctrl", "HMC host controller registers and gather/scatter engine (when ram.timing is hmc)");
        h.add("enabled", Kind::Bool, "true", "", "instantiate the controller when platform.ram.timing is hmc");
        HmcCtrlConfig::declare(h);
    }
    // --- end HMC ---

    Schema& gens = s.list("traffic", "traffic generators (initiators replaying access patterns)");
    gens.add("name", Kind::String, "", "", "component name (unique; default trafficN)");
    TrafficGenConfig::declare(gens);

    Schema& load = s.list("load", "what to put in memory before the run");
    load.add("elf", Kind::Path, "", "", "ELF image: PT_LOAD segments at their physical addresses; entry = reset PC");
    load.add("binary", Kind::Path, "", "", "raw binary file, placed at `at`");
    load.add("at", Kind::Address, "", "", "address of a raw binary");
    load.add("name", Kind::String, "", "", "boot-info entry name for a raw binary (firmware finds it by name)");

    declare_workloads(s.map("workload", "host-side data set preparation and result check"));

    Schema& limits = s.map("limits", "when to stop a run that does not end by itself");
    limits.add("max_sim_time", Kind::Time, "0s", "ps", "stop after this much simulated time (0 = no limit)");
    limits.add("max_host_seconds", Kind::Float, "0", "s", "stop after this much wall-clock time (0 = no limit)")
        .at_least(0);

    Schema& trace = s.map("trace", "per-transaction trace");
    trace.add("enabled", Kind::Bool, "false", "", "record every transaction of the bus, caches and memories");
    trace.add("formats", Kind::StringList, "[perfetto]", "", "output formats: perfetto (trace.json), csv (trace.csv)");
    trace.add("components", Kind::StringList, "[]", "", "record only these components (empty: all)");
    trace.add("address_from", Kind::Address, "0", "", "record only transactions ending above this address");
    trace.add("address_to", Kind::Address, "0xFFFFFFFFFFFFFFFF", "",
              "record only transactions starting below this address");
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
    std::vector<std::unique_ptr<Memory>> memories;
    std::unique_ptr<Uart16550> uart;
    std::unique_ptr<Clint> clint;
    std::unique_ptr<Plic> plic;
    std::unique_ptr<TestFinisher> finisher;
    std::unique_ptr<TraceMarker> marker;
    std::unique_ptr<HmcController> hmc_ctrl;  // only with platform.ram.timing: hmc
    std::unique_ptr<Msgdma> dma;
    std::unique_ptr<LappDevice> lapp;
    std::unique_ptr<Cache> l1i, l1d, l2;
    std::unique_ptr<cache::AccessLogWriter> access_log;
    std::unique_ptr<Cpu> cpu;
    std::unique_ptr<gdb::GdbStub> gdb;  // --gdb (declared after cpu: destroyed before it)
    std::vector<std::unique_ptr<TrafficGenerator>> generators;
    std::unique_ptr<Loader> loader;
    std::unique_ptr<Workload> workload;
    std::vector<std::unique_ptr<iss::ElfImage>> elves;
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

// Binds a target to the bus and maps it; an overlap is a scenario error on the target's base.
// The memory map's entries by component name, for error messages naming the scenario key.
using MapKeys = std::map<std::string, std::string>;

static std::string hex(uint64_t v) {
    char b[24];
    snprintf(b, sizeof b, "0x%llx", (unsigned long long)v);
    return b;
}

// Binds a target to the bus and maps it. An overlap is a scenario error, reported on the base key of
// whichever of the two components the scenario file sets explicitly (else on the new one).
template <typename Socket>
static void attach(Bus& bus, unsigned& port, Socket& socket, uint64_t base, uint64_t size, const std::string& name,
                   const config::Scenario& sc, const std::string& key, MapKeys& keys) {
    bus.initiator_socket.bind(socket);
    for (auto& m : bus.mappings()) {
        if (base < m.base + m.size && m.base < base + size) {
            const std::string other = keys[m.name];
            const std::string mine = name + " [" + hex(base) + ", " + hex(base + size) + ")";
            const std::string theirs = m.name + " [" + hex(m.base) + ", " + hex(m.base + m.size) + ")";
            if (sc.line_of(key + ".base") || !sc.line_of(other + ".base"))
                sc.fail(key + ".base", mine + " overlaps " + theirs);
            sc.fail(other + ".base", theirs + " overlaps " + mine);
        }
    }
    bus.map(port++, base, size, name);
    keys[name] = key;
}

void Platform::build() {
    const auto& v = scenario_.values();
    const auto& plat = v.at("platform");
    tlm_utils::tlm_quantumkeeper::set_global_quantum(to_sc_time(plat.at("quantum").get<Tick>()));
    Models& m = *m_;
    m.bus = std::make_unique<Bus>("bus", ctx_, BusConfig::from_json(plat.at("bus")));
    MapKeys keys;

    // Caches: each enabled one is built from its section; controllers are mapped like devices.
    const auto& caches = plat.at("caches");
    auto make_cache = [&](std::unique_ptr<Cache>& slot, const char* key) {
        const auto& section = caches.at(key);
        if (!section.at("enabled").get<bool>()) return;
        const std::string k = std::string("platform.caches.") + key;
        try {
            slot = std::make_unique<Cache>(key, ctx_, CacheConfig::from_json(section), std::string(key) == "l2");
        } catch (const std::invalid_argument& e) {
            scenario_.fail(k + ".size", e.what());
        }
    };
    make_cache(m.l1i, "l1i");
    make_cache(m.l1d, "l1d");
    make_cache(m.l2, "l2");

    // Memories. With an L2, the bus reaches the RAM through it.
    auto add_memory = [&](const std::string& name, const nlohmann::json& j, const std::string& key) {
        const MemoryConfig cfg = MemoryConfig::from_json(j);
        if (cfg.size == 0) scenario_.fail(key + ".size", "a memory needs a size > 0");
        try {
            m.memories.push_back(std::make_unique<Memory>(name.c_str(), ctx_, cfg));
        } catch (const std::invalid_argument& e) {
            scenario_.fail(key + "." + cfg.timing, e.what());  // e.g. an inconsistent hmc/ddr parameter
        }
        const uint64_t base = j.at("base").get<uint64_t>();
        if (name == "ram" && m.l2) {
            attach(*m.bus, m.next_port, m.l2->target_socket(), base, cfg.size, name, scenario_, key, keys);
            m.l2->initiator_socket.bind(m.memories.back()->target_socket);
            m.l2->set_mapping_base(base);
            return;
        }
        attach(*m.bus, m.next_port, m.memories.back()->target_socket, base, cfg.size, name, scenario_, key, keys);
    };
    add_memory("ram", plat.at("ram"), "platform.ram");
    const auto& mems = plat.at("memories");
    for (size_t i = 0; i < mems.size(); ++i)
        add_memory(mems[i].at("name").get<std::string>(), mems[i], "platform.memories." + std::to_string(i));

    // Devices: each enabled one is built from its section and mapped at its base.
    auto device = [&](auto& slot, const char* key, uint64_t size, auto config) {
        using Model = typename std::remove_reference_t<decltype(slot)>::element_type;
        const auto& section = plat.at(key);
        if (!section.at("enabled").get<bool>()) return;
        const auto cfg = config(section);
        slot = std::make_unique<Model>(key, ctx_, cfg);
        attach(*m.bus, m.next_port, slot->socket, cfg.base, size, key, scenario_, std::string("platform.") + key, keys);
    };
    device(m.uart, "uart", UART_SIZE, Uart16550Config::from_json);
    device(m.clint, "clint", CLINT_SIZE, ClintConfig::from_json);
    device(m.plic, "plic", PLIC_SIZE, PlicConfig::from_json);
    device(m.finisher, "finisher", FINISHER_SIZE, TestFinisherConfig::from_json);
    device(m.marker, "marker", MARKER_SIZE, TraceMarkerConfig::from_json);
    for (auto* c : {&m.l1i, &m.l1d, &m.l2}) {
        if (!*c || !(*c)->controller()) continue;
        const std::string n = (*c)->controller()->component_name();
        attach(*m.bus, m.next_port, (*c)->controller()->socket, (*c)->config().ctrl_base, CACHECTL_SIZE, n, scenario_,
               "platform.caches." + std::string((*c)->basename()), keys);
    }
    if (m.uart && m.plic) {
        const unsigned irq = plat.at("uart").at("irq").get<unsigned>();
        const unsigned sources = plat.at("plic").at("sources").get<unsigned>();
        if (irq >= sources)
            scenario_.fail("platform.uart.irq", "no such PLIC source (plic.sources = " + std::to_string(sources) + ")");
        IrqLine& src = m.plic->source(irq);
        m.uart->irq().on_change([&src](bool level) { src.set(level); });
    }

    // --- HMC host controller (docs/hmc.md): with ram.timing hmc, on the same bus, PLIC source irq ---
    if (plat.at("hmc_ctrl").at("enabled").get<bool>() && plat.at("ram").at("timing").get<std::string>() == "hmc") {
        const auto& section = plat.at("hmc_ctrl");
        const HmcCtrlConfig cfg = HmcCtrlConfig::from_json(section);
        m.hmc_ctrl = std::make_unique<HmcController>("hmc_ctrl", ctx_, cfg, *m.memories.front(),
                                                     plat.at("ram").at("base").get<uint64_t>());
        attach(*m.bus, m.next_port, m.hmc_ctrl->socket, cfg.base, HMC_CTRL_SIZE, "hmc_ctrl", scenario_,
               "platform.hmc_ctrl", keys);
        if (m.plic) {
            const unsigned sources = plat.at("plic").at("sources").get<unsigned>();
            if (cfg.irq >= sources)
                scenario_.fail("platform.hmc_ctrl.irq",
                               "no such PLIC source (plic.sources = " + std::to_string(sources) + ")");
            IrqLine& src = m.plic->source(cfg.irq);
            m.hmc_ctrl->irq().on_change([&src](bool level) { src.set(level); });
        }
    }
    // --- end HMC ---
    // --- cascaded scatter-gather DMA: registers on the bus, masters as a bus initiator, IRQ to the PLIC ---
    if (plat.at("dma").at("enabled").get<bool>()) {
        const MsgdmaConfig c = MsgdmaConfig::from_json(plat.at("dma"));
        if (c.burst % c.width) scenario_.fail("platform.dma.burst", "must be a multiple of platform.dma.width");
    }
    device(m.dma, "dma", MSGDMA_WINDOW_SIZE, MsgdmaConfig::from_json);
    if (m.dma) {
        m.dma->initiator_socket.bind(m.bus->target_socket);
        if (m.plic) {
            const unsigned irq = plat.at("dma").at("irq").get<unsigned>();
            if (irq >= plat.at("plic").at("sources").get<unsigned>())
                scenario_.fail("platform.dma.irq", "no such PLIC source");
            IrqLine& src = m.plic->source(irq);
            m.dma->irq().on_change([&src](bool level) { src.set(level); });
        }
    }
    // --- end DMA ---
    // --- LAPP: registers on the bus; its first stage, prefetch ways and caches as bus initiators ---
    if (plat.at("lapp").at("enabled").get<bool>()) {
        try {
            device(m.lapp, "lapp", LAPP_WINDOW_SIZE, LappConfig::from_json);
        } catch (const std::invalid_argument& e) {
            scenario_.fail("platform.lapp.l1_size", e.what());
        }
        m.lapp->initiator_socket.bind(m.bus->target_socket);
        for (Cache* c : m.lapp->caches()) c->initiator_socket.bind(m.bus->target_socket);
        if (m.plic) {
            const unsigned irq = plat.at("lapp").at("irq").get<unsigned>();
            if (irq >= plat.at("plic").at("sources").get<unsigned>())
                scenario_.fail("platform.lapp.irq", "no such PLIC source");
            IrqLine& src = m.plic->source(irq);
            m.lapp->irq().on_change([&src](bool level) { src.set(level); });
        }
    }
    // --- end LAPP ---

    // Initiators: the CPU (with its L1s), traffic generators, the loader.
    if ((m.l1i || m.l1d) && !plat.at("cpu").at("enabled").get<bool>())
        scenario_.fail("platform.caches", "L1 caches need the CPU");
    std::vector<Cache*> l1s = {m.l1i.get(), m.l1d.get()};
    if (m.lapp)
        for (Cache* c : m.lapp->caches()) l1s.push_back(c);  // (bound to the bus above)
    for (Cache* l1 : l1s) {
        if (!l1) continue;
        if (l1 == m.l1i.get() || l1 == m.l1d.get()) l1->initiator_socket.bind(m.bus->target_socket);
        // Devices are never cached: everything on the bus but the memories bypasses the L1s.
        for (auto& map : m.bus->mappings()) {
            const bool memory = std::any_of(m.memories.begin(), m.memories.end(),
                                            [&](auto& mem) { return map.name == mem->component_name(); });
            if (!memory) l1->add_uncached(map.base, map.size);
        }
        m.bus->add_observer([l1](tlm::tlm_generic_payload& p, Tick at) { l1->observe(p, at); });
    }
    if (plat.at("cpu").at("enabled").get<bool>()) {
        m.cpu = std::make_unique<Cpu>("cpu0", ctx_, CpuConfig::from_json(plat.at("cpu")));
        m.cpu->socket.bind(m.bus->target_socket);
        m.cpu->attach_caches(m.l1i.get(), m.l1d.get(), m.l2.get());
        if (m.plic) m.cpu->connect_external_irq(m.plic->context_irq(0));
        if (m.clint) {
            m.cpu->connect_software_irq(m.clint->software_irq(0));
            Clint* clint = m.clint.get();
            m.cpu->set_timer([clint](Tick t) { return clint->mtime(t); },
                             [clint](std::function<void(Tick)> fn) { clint->on_deadline_change(0, std::move(fn)); });
        }
    }
    // --gdb: the GDB stub attaches to cpu0 (it waits for gdb before the first instruction).
    if (opts_.gdb_port >= 0) {
        if (!m.cpu) scenario_.fail("platform.cpu.enabled", "--gdb needs the CPU");
        m.gdb = std::make_unique<gdb::GdbStub>(*m.cpu, ctx_, opts_.gdb_port);
    }
    const auto& gens = v.at("traffic");
    for (size_t i = 0; i < gens.size(); ++i) {
        const std::string name =
            gens[i].at("name").is_null() ? "traffic" + std::to_string(i) : gens[i].at("name").get<std::string>();
        try {
            m.generators.push_back(
                std::make_unique<TrafficGenerator>(name.c_str(), ctx_, TrafficGenConfig::from_json(gens[i])));
        } catch (const std::exception& e) {
            scenario_.fail("traffic." + std::to_string(i), e.what());
        }
        m.generators.back()->initiator_socket.bind(m.bus->target_socket);
    }
    m.loader = std::make_unique<Loader>("loader");
    m.loader->socket.bind(m.bus->target_socket);
    m.loader->when_elaborated([this] { load_images(); });
}

void Platform::load_images() {
    const auto& v = scenario_.values();
    Models& m = *m_;
    // ELFs and binaries from the scenario; --elf replaces the scenario's ELFs.
    std::vector<std::pair<std::string, std::string>> elves;  // path, key
    bool own_bootinfo = false;  // a scenario may bring its own boot-info block as a raw binary
    const auto& loads = v.at("load");
    for (size_t i = 0; i < loads.size(); ++i) {
        const std::string key = "load." + std::to_string(i);
        const auto& l = loads[i];
        if (!l.at("elf").is_null() && !l.at("binary").is_null())
            scenario_.fail(key, "give either elf or binary, not both");
        if (!l.at("elf").is_null()) {
            if (opts_.elf.empty()) elves.push_back({l.at("elf").get<std::string>(), key + ".elf"});
        } else if (!l.at("binary").is_null()) {
            if (l.at("at").is_null()) scenario_.fail(key + ".at", "a raw binary needs an address `at`");
            std::ifstream in(l.at("binary").get<std::string>(), std::ios::binary);
            if (!in) scenario_.fail(key + ".binary", "cannot read '" + l.at("binary").get<std::string>() + "'");
            std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
            const uint64_t at = l.at("at").get<uint64_t>();
            try {
                m.loader->write(at, bytes.data(), bytes.size(), l.at("binary").get<std::string>());
            } catch (const std::exception& e) {
                scenario_.fail(key + ".at", e.what());
            }
            if (!l.at("name").is_null())
                m.loader->add_bootinfo(l.at("name").get<std::string>(), uint32_t(at), uint32_t(bytes.size()));
            if (at < VP_BOOTINFO_ADDR + sizeof(vp_bootinfo_t) && at + bytes.size() > VP_BOOTINFO_ADDR)
                own_bootinfo = true;
        } else {
            scenario_.fail(key, "a load entry needs `elf` or `binary`");
        }
    }
    if (!opts_.elf.empty()) elves.push_back({opts_.elf, "--elf"});

    uint64_t data_base = 0;
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
            if (auto tohost = elf->symbol("tohost")) m.cpu->set_tohost(*tohost);
            m.cpu->set_reset_pc(elf->entry());
            const iss::ElfImage* image = elf.get();
            auto symbolize = [image](uint32_t pc) { return image->describe(pc); };
            m.cpu->set_symbolizer(symbolize);
            ctx_.tracer.set_symbolizer(symbolize);
        }
        if (auto s = elf->symbol("__loader_start"); s && !data_base) data_base = *s;
        m.elves.push_back(std::move(elf));
    }

    // The workload's data set and its boot-info entries.
    const auto& w = v.at("workload");
    try {
        m.workload = make_workload(w);
    } catch (const std::exception& e) {
        scenario_.fail("workload", e.what());
    }
    if (m.workload) {
        const uint64_t base = w.at("base").get<uint64_t>() ? w.at("base").get<uint64_t>()
                              : data_base                  ? data_base
                                                           : 0x84000000ull;
        try {
            m.workload->prepare(*m.loader, base);
        } catch (const std::exception& e) {
            scenario_.fail("workload.base", e.what());
        }
    }
    // Caches: statistics by the workload's data regions; firmware finds the controllers by name.
    std::vector<cache::Region> regions;
    if (m.workload)
        for (const DataRegion& r : m.workload->regions()) regions.push_back({r.name, r.lo, r.hi});
    for (Cache* c : {m.l1i.get(), m.l1d.get(), m.l2.get()}) {
        if (!c) continue;
        try {
            c->set_regions(regions);
        } catch (const std::invalid_argument& e) {
            scenario_.fail("workload", std::string("data regions: ") + e.what());
        }
        if (c->controller())
            m.loader->add_bootinfo(std::string("cachectl.") + c->basename(), uint32_t(c->config().ctrl_base),
                                   CACHECTL_SIZE);
    }
    // Firmware finds the HMC controller by name too (absent: no HMC on this platform).
    if (m.hmc_ctrl) m.loader->add_bootinfo("hmc_ctrl", uint32_t(m.hmc_ctrl->base()), HMC_CTRL_SIZE);
    if (m.lapp) m.loader->add_bootinfo("lapp", uint32_t(m.lapp->base()), LAPP_WINDOW_SIZE);
    if (m.cpu && v.at("platform").at("cpu").at("record_accesses").get<bool>()) open_access_log(regions);

    // Boot-info: always present on the VP when there is a CPU, with a "vp" entry (firmware can tell it
    // runs on the VP and use VP-only devices such as the trace marker).
    if (own_bootinfo) {
        if (m.loader->bootinfo_entries())
            log_platform_warning(
                "the scenario loads its own boot-info block: named binaries and workload blobs are not announced");
    } else if (m.cpu) {
        m.loader->add_bootinfo("vp", 0, 0);
        try {
            m.loader->write_bootinfo();
        } catch (const std::exception& e) {
            log_platform_warning(std::string("no boot-info block: ") + e.what());
        }
    }
}

void Platform::log_platform_warning(const std::string& msg) { ctx_.logger("platform")->warn("{}", msg); }

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
    fs::create_directories(opts_.out_dir);
    for (auto& fmt : t.at("formats").get<std::vector<std::string>>()) {
        if (fmt == "perfetto")
            ctx_.tracer.add_sink(make_perfetto_sink((fs::path(opts_.out_dir) / "trace.json").string(), ctx_.tracer));
        else if (fmt == "csv")
            ctx_.tracer.add_sink(make_csv_sink((fs::path(opts_.out_dir) / "trace.csv").string(), ctx_.tracer));
        else
            scenario_.fail("trace.formats", "unknown trace format '" + fmt + "' (perfetto, csv)");
    }
    ctx_.tracer.enable(true);
}

RunResult Platform::run() {
    const auto& limits = scenario_.values().at("limits");
    const Tick max_sim = limits.at("max_sim_time").get<Tick>();
    // With a debugger the wall clock says nothing about the run: no host-time limit (docs/gdb.md).
    const double max_host = opts_.gdb_port >= 0 ? 0.0 : limits.at("max_host_seconds").get<double>();
    const auto t0 = std::chrono::steady_clock::now();
    auto host_elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };

    // Run in slices so that host-time and simulated-time limits are checked without adding events
    // to the simulation; a slice ends early when the simulation starves (every model is done).
    const Tick slice = std::max<Tick>(100 * kUs, to_tick(tlm_utils::tlm_quantumkeeper::get_global_quantum()));
    RunResult r;
    if (m_->workload && !opts_.quiet) std::cerr << "workload: " << m_->workload->describe() << "\n";
    bool first = true;
    while (!ctx_.stop_requested()) {
        // Run at least up to the next pending event: with SC_EXIT_ON_STARVATION the kernel does not
        // advance time beyond the last event, so the run ends at the time of its last activity.
        Tick step = slice;
        if (!first) {
            if (!sc_core::sc_pending_activity()) break;
            const Tick next = to_tick(sc_core::sc_time_to_pending_activity());
            if (max_sim && sim_now() + next > max_sim) {
                ctx_.note_end_time(max_sim);
                ctx_.request_stop(3, "simulated time limit reached");
                break;
            }
            step = std::max(step, next);
        }
        first = false;
        if (max_sim) step = std::min(step, max_sim - sim_now());
        sc_core::sc_start(to_sc_time(step), sc_core::SC_EXIT_ON_STARVATION);
        if (max_host > 0 && host_elapsed() > max_host) {
            ctx_.request_stop(3, "host time limit reached");
            break;
        }
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
    // The result check: a wrong answer fails the run.
    const bool check = scenario_.values().at("workload").at("check").get<bool>() && opts_.elf.empty();
    if (m_->workload && check && r.exit_code == 0) {
        std::string report;
        if (!m_->workload->check(*m_->loader, report)) {
            r.exit_code = 5;
            r.stop_reason += "; result check FAILED: " + report;
        } else {
            r.stop_reason += "; result check passed: " + report;
        }
    }
    if (m_->gdb) m_->gdb->program_exited(r.exit_code);  // gdb sees W<code>
    r.sim_time = ctx_.end_time();
    ctx_.stats.set_elapsed(r.sim_time);
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
