// vec-run: runs an accelerator program image on the vector accelerator model alone (real SystemC
// kernel, the VecAccel module on a bus, a minimal CPU thread playing the program protocol of
// include/vp/regs/vec.h through the registers). Used by the QEMU differential test
// (run_vec_diff.py) and the simulation-speed benchmark (benchmarks/vector_bench.sh).
//
//   vec-run [--vlen BITS] [--dlm BYTES] [--dump ADDR --label NAME] [--stats] TEXT.bin DATA.bin [ARG ...]
//   vec-run --elf CPU.elf
//
// TEXT goes to the ILM, DATA to the DLM; the program starts at the ILM base with a0.. = ARGs.
// --dump prints EXIT_CODE words from ADDR as "NAME: N words" and lines "iiii: w w w w w w w w"
// (the format of firmware/programs/vec_suite). --stats prints cycles, element operations and
// the host's simulation speed (host CPU time of the run, from START to the end). Exit status: 0 done, 1 program error, 2 bad arguments.
#include <ctime>
#include <functional>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>
#include <systemc>
#include "models/bus/bus.h"
#include "models/cpu/cpu.h"
#include "models/cpu/iss/elf_loader.h"
#include "models/periph/plic.h"
#include "models/vector/accelerator.h"
#include "vp/regs/bootinfo.h"
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/tlm_quantumkeeper.h>
#include "vp/regs/vec.h"

using namespace vp;

namespace {

std::vector<uint8_t> read_file(const char* path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        std::fprintf(stderr, "vec-run: cannot read %s\n", path);
        std::exit(2);
    }
    return std::vector<uint8_t>((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// The CPU side: register accesses through the bus, synchronised (waits for each access's delay).
struct Host : sc_core::sc_module {
    tlm_utils::simple_initiator_socket<Host> socket{"socket"};
    std::function<void(Host&)> script;
    SC_HAS_PROCESS(Host);
    explicit Host(sc_core::sc_module_name n) : sc_module(n) { SC_THREAD(run); }
    void run() { script(*this); }
    uint32_t access(bool write, uint64_t addr, uint32_t v) {
        tlm::tlm_generic_payload p;
        p.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
        p.set_address(addr);
        p.set_data_ptr(reinterpret_cast<unsigned char*>(&v));
        p.set_data_length(4);
        p.set_streaming_width(4);
        p.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
        sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
        socket->b_transport(p, delay);
        wait(delay);
        if (!p.is_response_ok()) {
            std::fprintf(stderr, "vec-run: bus error at 0x%llx\n", (unsigned long long)addr);
            std::exit(1);
        }
        return v;
    }
    uint32_t read32(uint64_t a) { return access(false, a, 0); }
    void write32(uint64_t a, uint32_t v) { access(true, a, v); }
};

// Host CPU time of this process (the machine is shared: wall time would measure the neighbours).
double cpu_seconds() {
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + 1e-9 * double(ts.tv_nsec);
}

[[noreturn]] void usage() {
    std::fprintf(stderr,
                 "usage: vec-run [--vlen BITS] [--dlm BYTES] [--dump ADDR --label NAME] [--stats] TEXT.bin DATA.bin "
                 "[ARG ...]\n");
    std::exit(2);
}

}  // namespace

// --elf: a CPU program on a minimal SoC of CPU, RAM, PLIC and the accelerator, the boot-info block
// naming the accelerator, as the platform will build it once the accelerator is a device there.
// The console is the CPU's semihosting output; the exit status is the program's.
int run_soc(const char* elf_path) {
    iss::ElfImage elf;
    std::string error;
    if (!elf.load(elf_path, error)) {
        std::fprintf(stderr, "vec-run: %s: %s\n", elf_path, error.c_str());
        return 2;
    }
    SimContext ctx;
    Bus bus("bus", ctx, BusConfig{});
    CpuConfig cc;
    Cpu cpu("cpu0", ctx, cc);
    MemoryConfig mc;
    mc.size = VP_RAM_DEFAULT_SIZE;
    Memory ram("ram", ctx, mc);
    Plic plic("plic", ctx, PlicConfig{});
    VecAccelConfig vc;
    VecAccel acc("vec", ctx, vc);
    cpu.socket.bind(bus.target_socket);
    unsigned port = 0;
    auto map = [&](auto& target_socket, uint64_t base, uint64_t size, const char* name) {
        bus.initiator_socket.bind(target_socket);
        bus.map(port++, base, size, name);
    };
    map(ram.target_socket, VP_RAM_BASE, mc.size, "ram");
    map(plic.socket, VP_PLIC_BASE, plic.size(), "plic");
    map(acc.socket, vc.base, acc.size(), "vec");
    map(acc.ilm().target_socket, vc.ilm_base, vc.ilm_size, "vec.ilm");
    map(acc.dlm().target_socket, vc.dlm_base, vc.dlm_size, "vec.dlm");
    cpu.connect_external_irq(plic.context_irq(0));
    acc.irq().on_change([&plic, &vc](bool level) { plic.source(vc.irq).set(level); });
    if (!elf.place(
            [&](uint32_t a, const uint8_t* p, size_t n) {
                if (a < VP_RAM_BASE || a - VP_RAM_BASE + n > mc.size) return false;
                ram.store().write(a - VP_RAM_BASE, p, n);
                return true;
            },
            error)) {
        std::fprintf(stderr, "vec-run: %s\n", error.c_str());
        return 2;
    }
    cpu.set_reset_pc(elf.entry());
    vp_bootinfo_t info{};
    info.magic = VP_BOOTINFO_MAGIC;
    info.version = VP_BOOTINFO_VERSION;
    const std::pair<const char*, std::pair<uint32_t, uint32_t>> entries[] = {
        {VEC_BOOTINFO_REGS, {uint32_t(vc.base), VEC_WINDOW_SIZE}},
        {VEC_BOOTINFO_ILM, {uint32_t(vc.ilm_base), vc.ilm_size}},
        {VEC_BOOTINFO_DLM, {uint32_t(vc.dlm_base), vc.dlm_size}},
    };
    for (const auto& [name, where] : entries) {
        std::strncpy(info.entry[info.count].name, name, VP_BOOTINFO_NAMELEN - 1);
        info.entry[info.count].addr = where.first;
        info.entry[info.count].size = where.second;
        ++info.count;
    }
    ram.store().write(VP_BOOTINFO_ADDR - VP_RAM_BASE, &info, sizeof info);
    // stdout is the program's console: no "simulation stopped" note from the kernel.
    sc_core::sc_report_handler::set_actions(sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
    sc_core::sc_start();
    std::fflush(stdout);
    if (acc.runs() == 0) std::fprintf(stderr, "vec-run: the program never started the accelerator\n");
    return ctx.exit_code();
}

int sc_main(int argc, char** argv) {
    // The platform's default global quantum (platform.quantum: 1 us).
    tlm_utils::tlm_quantumkeeper::set_global_quantum(sc_core::sc_time(1, sc_core::SC_US));
    if (argc == 3 && std::string(argv[1]) == "--elf") return run_soc(argv[2]);
    VecAccelConfig cfg;
    uint32_t dump = 0;
    bool do_dump = false, stats = false;
    std::string label = "vec";
    std::vector<const char*> pos;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto next = [&] { return i + 1 < argc ? argv[++i] : (usage(), nullptr); };
        if (a == "--vlen")
            cfg.unit.vlen = unsigned(std::strtoul(next(), nullptr, 0));
        else if (a == "--dlm")
            cfg.dlm_size = uint32_t(std::strtoul(next(), nullptr, 0));
        else if (a == "--dump") {
            dump = uint32_t(std::strtoul(next(), nullptr, 0));
            do_dump = true;
        } else if (a == "--label")
            label = next();
        else if (a == "--stats")
            stats = true;
        else if (a.rfind("--", 0) == 0)
            usage();
        else
            pos.push_back(argv[i]);
    }
    if (pos.size() < 2 || pos.size() > 2 + VEC_NUM_ARGS) usage();
    const auto text = read_file(pos[0]), data = read_file(pos[1]);
    std::vector<uint32_t> args;
    for (size_t k = 2; k < pos.size(); ++k) args.push_back(uint32_t(std::strtoul(pos[k], nullptr, 0)));

    SimContext ctx;
    Bus bus("bus", ctx, BusConfig{});
    Host host("cpu");
    host.socket.bind(bus.target_socket);
    std::unique_ptr<VecAccel> acc;
    try {
        acc = std::make_unique<VecAccel>("vec", ctx, cfg);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "vec-run: %s\n", e.what());
        return 2;
    }
    bus.initiator_socket.bind(acc->socket);
    bus.map(0, cfg.base, acc->size(), "vec");
    bus.initiator_socket.bind(acc->ilm().target_socket);
    bus.map(1, cfg.ilm_base, cfg.ilm_size, "vec.ilm");
    bus.initiator_socket.bind(acc->dlm().target_socket);
    bus.map(2, cfg.dlm_base, cfg.dlm_size, "vec.dlm");
    if (text.size() > cfg.ilm_size || data.size() > cfg.dlm_size) {
        std::fprintf(stderr, "vec-run: the image does not fit the LMs\n");
        return 2;
    }
    if (!text.empty()) acc->ilm().store().write(0, text.data(), text.size());
    if (!data.empty()) acc->dlm().store().write(0, data.data(), data.size());  // a program may have no data

    uint32_t status = 0, words = 0;
    std::vector<uint32_t> out;
    double host_s = 0;
    host.script = [&](Host& c) {
        for (size_t k = 0; k < args.size(); ++k) c.write32(cfg.base + VEC_ARG(k), args[k]);
        c.write32(cfg.base + VEC_ENTRY_PC, uint32_t(cfg.ilm_base));
        const double t0 = cpu_seconds();
        c.write32(cfg.base + VEC_CTRL, VEC_CTRL_START);
        // The accelerator runs to the end in long strides of its own: poll rarely.
        while (!((status = c.read32(cfg.base + VEC_STATUS)) & (VEC_STATUS_DONE | VEC_STATUS_ERROR)))
            sc_core::wait(100, sc_core::SC_US);
        host_s = cpu_seconds() - t0;
        words = c.read32(cfg.base + VEC_EXIT_CODE);
    };
    sc_core::sc_start();
    if (!(status & VEC_STATUS_DONE)) return 1;
    if (do_dump) {
        if (dump < cfg.dlm_base || uint64_t(dump) + 4ull * words > cfg.dlm_base + cfg.dlm_size) {
            std::fprintf(stderr, "vec-run: %u words at 0x%08x are not in the DLM\n", words, dump);
            return 1;
        }
        out.resize(words);
        acc->dlm().store().read(dump - cfg.dlm_base, out.data(), 4ull * words);
        std::printf("%s: %u words\n", label.c_str(), words);
        for (uint32_t i = 0; i < words; i += 8) {
            std::printf("%04x:", i);
            for (uint32_t k = i; k < i + 8 && k < words; ++k) std::printf(" %08x", out[k]);
            std::printf("\n");
        }
    }
    if (stats) {
        const StatGroup* g = ctx.stats.find("vec");
        auto cnt = [&](const char* n) { return double(g->find_counter(n)->value); };
        const double ops = cnt("element_ops");
        std::printf(
            "cycles %.0f  instret %.0f  vector_instructions %.0f  element_ops %.0f  flops %.0f  host_s %.3f  "
            "Melem_ops_per_host_s %.1f  elem_ops_per_cycle %.2f\n",
            cnt("busy_cycles"), cnt("instret"), cnt("vector_instructions"), ops, cnt("flops"), host_s,
            host_s > 0 ? ops / host_s / 1e6 : 0.0, ops / cnt("busy_cycles"));
    }
    return 0;
}

// Our own main: stdout carries the dump, so the SystemC banner is switched off.
int main(int argc, char** argv) {
    setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0);
    return sc_core::sc_elab_and_sim(argc, argv);
}
