// Test rig for LAPP: the same program on two RV32IMF harts of the ISS, one plain (a core without LAPP)
// and one with LAPP's mode controller, each on its own flat RAM; compare() checks that the
// architectural state (x, f, pc, fcsr, mstatus, minstret) and the whole RAM are identical.
#pragma once

#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "models/cpu/iss/elf_loader.h"
#include "models/lapp/mode_controller.h"
#include "tests/iss/test_util.h"
#include "vp/isa/lapp.h"

namespace vp::lapp::test {

using iss::test::FlatEnv;
using iss::test::kRamBase;

// The array's memory side on a flat RAM: line reads after a fixed latency, record writes at once.
class FlatPort : public MemoryPort {
public:
    bool read_line(uint32_t addr, uint8_t* data, unsigned len, uint64_t at, uint64_t& done) override {
        ++lines;
        done = at + latency;
        if (fail_from && addr >= fail_from) return false;
        return hart->debug_read(addr, data, len);
    }
    void write_record(uint32_t addr, const uint8_t* data, uint8_t mask, unsigned len, uint64_t) override {
        ++records;
        for (unsigned i = 0; i < len; ++i)
            if (mask & (1u << i)) hart->debug_write(addr + i, data + i, 1);
    }
    iss::Hart* hart = nullptr;
    uint64_t latency = 20;
    uint32_t fail_from = 0;  // line reads at or above this address fail (0: none)
    uint64_t lines = 0, records = 0;
};

inline std::string hexs(uint32_t v) {
    char b[16];
    std::snprintf(b, sizeof b, "0x%x", v);
    return b;
}
// "li t6, desc; or x0, base, t6": a DCPL in assembly (t6 is clobbered).
inline std::string dcpl(const char* base, unsigned way, unsigned count, unsigned stride = 0, bool down = false) {
    return "li t6, " + hexs(LAPP_DESC(way, down, stride, count)) + "\n or x0, " + base + ", t6\n";
}
inline std::string setlo(unsigned load, unsigned way, bool storebuf = false) {
    return "ori x0, x0, " + std::to_string(LAPP_SETLO_IMM(load, way, storebuf)) + "\n";
}

inline iss::HartConfig lapp_hart_config() {
    iss::HartConfig c;
    c.misa = iss::kMisaI | iss::kMisaM | iss::kMisaF;  // LAPP = RV32IMF
    c.stop_on_exceptions = 1u << iss::kBreakpointCause;
    c.fpu_on_at_reset = true;
    c.semihosting = false;
    return c;
}

struct Machine {
    explicit Machine(bool with_lapp, const ArrayConfig& cfg = ArrayConfig{}, uint32_t ram = 4u << 20)
        : env(kRamBase, ram), hart(lapp_hart_config(), env) {
        env.hart = &hart;
        hart.add_fast_region(env.fast_region());
        port.hart = &hart;
        if (with_lapp) {
            auto m = std::make_unique<ModeController>(cfg, port);
            lapp = m.get();
            lapp->set_log([this](int level, const std::string& s) {
                log += s + "\n";
                if (level >= 2) warnings += s + "\n";
            });
            hart.add_extension(std::move(m));
        }
    }
    FlatEnv env;
    iss::Hart hart;
    FlatPort port;
    ModeController* lapp = nullptr;
    std::string log, warnings;
};

// A plain hart and a LAPP hart running the same code on the same data.
struct Pair {
    explicit Pair(const ArrayConfig& cfg = ArrayConfig{}, uint32_t ram = 4u << 20)
        : plain(false, cfg, ram), lapp(true, cfg, ram) {}

    void load(const std::vector<uint8_t>& bytes, uint32_t addr = kRamBase) {
        for (Machine* m : {&plain, &lapp}) {
            std::copy(bytes.begin(), bytes.end(), m->env.host(addr));
            m->hart.notify_external_write(addr, uint32_t(bytes.size()));
        }
    }
    void asm_load(const std::string& src, uint32_t addr = kRamBase) {
        load(iss::test::assemble(".option norvc\n" + src, addr), addr);
    }
    void write(uint32_t addr, const void* data, size_t len) {
        for (Machine* m : {&plain, &lapp}) std::memcpy(m->env.host(addr), data, len);
    }
    void set_x(unsigned r, uint32_t v) {
        plain.hart.set_x(r, v);
        lapp.hart.set_x(r, v);
    }
    void set_f(unsigned r, uint32_t v) {
        plain.hart.set_f(r, v);
        lapp.hart.set_f(r, v);
    }
    void set_pc(uint32_t pc) {
        plain.hart.set_pc(pc);
        lapp.hart.set_pc(pc);
    }
    // Runs both until they stop (ebreak); returns false if either did not stop at the ebreak.
    bool run(uint64_t max_cycles = 200'000'000) {
        bool ok = true;
        for (Machine* m : {&plain, &lapp}) {
            const iss::StopReason r = m->hart.run(m->hart.cycles() + max_cycles);
            ok = ok && r == iss::StopReason::Trap && m->hart.last_trap().cause == iss::kBreakpointCause;
        }
        return ok;
    }
    // Empty string when the architectural states and memories agree; else the first differences.
    // `trap_csrs`: also mepc and mcause (not when the two harts took interrupts at different points).
    std::string compare(uint32_t mem_from = kRamBase, uint32_t mem_len = 0, bool trap_csrs = true) {
        std::string diff;
        auto note = [&](const std::string& what, uint32_t a, uint32_t b) {
            if (a != b && diff.size() < 2000) {
                char buf[160];
                std::snprintf(buf, sizeof buf, "%s: plain 0x%08x, lapp 0x%08x\n", what.c_str(), a, b);
                diff += buf;
            }
        };
        for (unsigned r = 0; r < 32; ++r) note("x" + std::to_string(r), plain.hart.x(r), lapp.hart.x(r));
        for (unsigned r = 0; r < 32; ++r) note("f" + std::to_string(r), plain.hart.f(r), lapp.hart.f(r));
        note("pc", plain.hart.pc(), lapp.hart.pc());
        for (uint16_t csr : {uint16_t(0x003), uint16_t(0x300), uint16_t(0xb02), uint16_t(0x341), uint16_t(0x342)}) {
            if (!trap_csrs && (csr == 0x341 || csr == 0x342)) continue;
            uint32_t a = 0, b = 0;
            plain.hart.read_csr(csr, a);
            lapp.hart.read_csr(csr, b);
            char name[16];
            std::snprintf(name, sizeof name, "csr 0x%03x", csr);
            note(name, a, b);
        }
        const uint32_t len = mem_len ? mem_len : uint32_t(4u << 20) - (mem_from - kRamBase);
        const uint8_t* p = plain.env.host(mem_from);
        const uint8_t* q = lapp.env.host(mem_from);
        if (std::memcmp(p, q, len) != 0) {
            for (uint32_t i = 0; i < len; ++i)
                if (p[i] != q[i]) {
                    char name[32];
                    std::snprintf(name, sizeof name, "mem[0x%08x]", mem_from + i);
                    note(name, p[i], q[i]);
                    break;
                }
        }
        return diff;
    }
    Machine plain, lapp;
};

}  // namespace vp::lapp::test
