// iss-run: runs a bare-metal RV32 ELF on the ISS with flat RAM at 0x80000000 (128 MiB),
// semihosting, a UART transmit register and the sifive_test finisher. Prints MIPS to stderr.
//
//   iss-run [--no-dmi] [--trace] [--max-insns N] [--misa imafcsu] [--files DIR] [--pmp-g G] program.elf [args...]
// --files DIR: the semihosting file sandbox (default: no file access). --pmp-g G: PMP granularity
// 2^(G+2) bytes (default 4 bytes). --csr NUM=VALUE (repeatable): write a CSR before the first
// instruction, as firmware would (e.g. --csr 0x3b0=0xffffffff --csr 0x3a0=0x9f: a locked PMP entry).
#include <chrono>
#include <ctime>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "models/cpu/iss/disasm.h"
#include "models/cpu/iss/elf_loader.h"
#include "models/cpu/iss/fault_report.h"
#include "models/cpu/iss/hart.h"
#include "tests/iss/flat_env.h"

using namespace vp::iss;

namespace {
void trace(void* user, const Hart& hart, uint32_t pc, const DecodedInsn& d) {
    const auto* elf = static_cast<const ElfImage*>(user);
    std::fprintf(stderr, "%08x %-24s %s\n", pc, elf->describe(pc).c_str(),
                 disasm(d, pc, hart.extension(d.ext_index())).c_str());
}

int usage() {
    std::fprintf(stderr,
                 "usage: iss-run [--no-dmi] [--trace] [--max-insns N] [--misa LETTERS] [--files DIR] [--pmp-g G] "
                 "[--csr NUM=VALUE] program.elf [args...]\n");
    return 2;
}
}  // namespace

int main(int argc, char** argv) {
    bool dmi = true, tracing = false;
    uint64_t max_cycles = ~0ull;
    std::string misa = "imafcsu", files;
    unsigned pmp_g = 0;
    std::vector<std::pair<uint16_t, uint32_t>> csr_writes;
    int i = 1;
    for (; i < argc && argv[i][0] == '-'; ++i) {
        if (!std::strcmp(argv[i], "--no-dmi"))
            dmi = false;
        else if (!std::strcmp(argv[i], "--trace"))
            tracing = true;
        else if (!std::strcmp(argv[i], "--max-insns") && i + 1 < argc)
            max_cycles = std::strtoull(argv[++i], nullptr, 0);
        else if (!std::strcmp(argv[i], "--misa") && i + 1 < argc)
            misa = argv[++i];
        else if (!std::strcmp(argv[i], "--files") && i + 1 < argc)
            files = argv[++i];
        else if (!std::strcmp(argv[i], "--pmp-g") && i + 1 < argc)
            pmp_g = unsigned(std::strtoul(argv[++i], nullptr, 0));
        else if (!std::strcmp(argv[i], "--csr") && i + 1 < argc && std::strchr(argv[i + 1], '=')) {
            const char* a = argv[++i];
            csr_writes.emplace_back(uint16_t(std::strtoul(a, nullptr, 0)),
                                    uint32_t(std::strtoul(std::strchr(a, '=') + 1, nullptr, 0)));
        } else
            return usage();
    }
    if (i >= argc) return usage();
    const std::string path = argv[i];
    std::string cmdline = path;
    for (int k = i + 1; k < argc; ++k) cmdline += std::string(" ") + argv[k];

    ElfImage elf;
    std::string error;
    if (!elf.load(path, error)) {
        std::fprintf(stderr, "iss-run: %s\n", error.c_str());
        return 2;
    }
    test::FlatEnv env(0x80000000u, 128u << 20);
    env.echo = true;
    if (!elf.place(
            [&](uint32_t a, const uint8_t* p, size_t n) {
                if (!env.in_ram(a, uint32_t(n))) return false;
                std::memcpy(env.host(a), p, n);
                return true;
            },
            error)) {
        std::fprintf(stderr, "iss-run: %s: %s\n", path.c_str(), error.c_str());
        return 2;
    }

    HartConfig cfg;
    cfg.misa = kMisaI;
    for (char c : misa) cfg.misa |= misa_bit(char(std::toupper(c)));
    cfg.reset_pc = elf.entry();
    cfg.timing = TimingConfig{};
    cfg.pmp_granularity = pmp_g;
    if (auto tohost = elf.symbol("tohost")) {
        cfg.has_tohost = true;
        cfg.tohost_addr = *tohost;
    }
    Hart hart(cfg, env);
    env.hart = &hart;
    hart.set_semihosting_root(files);
    hart.set_semihosting_cmdline(cmdline);
    if (dmi) hart.add_fast_region(env.fast_region());
    if (tracing) hart.set_trace(&trace, &elf);
    for (const auto& [csr, value] : csr_writes) {
        if (!hart.write_csr(csr, value)) {
            std::fprintf(stderr, "iss-run: --csr 0x%x: no such CSR\n", csr);
            return 2;
        }
    }

    const auto t0 = std::chrono::steady_clock::now();
    const std::clock_t c0 = std::clock();
    StopReason why = StopReason::CycleLimit;
    uint64_t limit = 0;
    while (!env.exited) {
        limit = std::min(max_cycles, limit + 10'000'000);
        why = hart.run(limit);
        if (why == StopReason::CycleLimit && limit < max_cycles) continue;
        if (why == StopReason::Wfi && hart.timer_deadline() != ~0ull) {
            hart.idle_until(hart.timer_deadline());
            continue;
        }
        break;
    }
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const double cpu_secs = double(std::clock() - c0) / CLOCKS_PER_SEC;
    std::fflush(stdout);
    const HartStats s = hart.stats();
    std::fprintf(stderr,
                 "iss-run: %s after %llu instructions, %llu cycles (stalls: fetch %llu, data %llu, exec %llu) in %.3f "
                 "s: %.1f MIPS (%.1f MIPS per CPU second)\n",
                 stop_reason_name(why), (unsigned long long)s.instret, (unsigned long long)s.cycles,
                 (unsigned long long)s.stall_fetch, (unsigned long long)s.stall_data, (unsigned long long)s.stall_exec,
                 secs, secs > 0 ? double(s.instret) / secs / 1e6 : 0.0,
                 cpu_secs > 0 ? double(s.instret) / cpu_secs / 1e6 : 0.0);
    if (env.exited) return env.exit_code;
    if (why == StopReason::Trap || why == StopReason::Wfi) {
        std::fputs(fault_report(hart, hart.last_trap(), [&](uint32_t a) { return elf.describe(a); }).c_str(), stderr);
    }
    return 3;
}
