// Helpers for the ISS unit tests: a hart on flat RAM, and an assembler wrapper that turns
// RISC-V assembly into bytes with the cross binutils (riscv64-unknown-elf-as).
#pragma once

#include <unistd.h>

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>
#include <vector>

#include "models/cpu/iss/hart.h"
#include "tests/iss/flat_env.h"

namespace vp::iss::test {

constexpr uint32_t kRamBase = 0x80000000u;

// Assembles `src` (GNU syntax) for rv32imafc + Zicsr/Zifencei/Zicbom and links it at `addr`
// (so `la` and other pc-relative pairs resolve); returns the .text bytes.
// `march` selects the ISA the assembler accepts (e.g. rv32imf_zve32f for the vector accelerator).
inline std::vector<uint8_t> assemble(const std::string& src, uint32_t addr = 0x80000000u,
                                     const std::string& march = "rv32imafc_zicsr_zifencei_zicbom") {
    char dir[] = "/tmp/iss_asm_XXXXXX";
    if (!mkdtemp(dir)) throw std::runtime_error("mkdtemp failed");
    const std::string base = std::string(dir) + "/t";
    {
        std::ofstream s(base + ".s");
        s << ".text\n.globl _start\n_start:\n" << src << "\n";
    }
    char text_addr[16];
    std::snprintf(text_addr, sizeof text_addr, "0x%x", addr);  // ld reads -Ttext as hex
    const std::string cmd = "riscv64-unknown-elf-as -march=" + march + " -mabi=ilp32f -o " + base + ".o " + base +
                            ".s && riscv64-unknown-elf-ld -m elf32lriscv --no-relax -Ttext=" + std::string(text_addr) +
                            " -o " + base + ".elf " + base + ".o && riscv64-unknown-elf-objcopy -O binary -j .text " +
                            base + ".elf " + base + ".bin";
    if (std::system(cmd.c_str()) != 0) throw std::runtime_error("assembly failed:\n" + src);
    std::ifstream in(base + ".bin", std::ios::binary);
    std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::system(("rm -rf " + std::string(dir)).c_str());
    return bytes;
}

// A hart with 1 MiB of RAM at 0x80000000 installed as a fast region. Programs end with `ebreak`,
// which stops run() (stop_on_exceptions) instead of trapping.
struct Rig {
    explicit Rig(HartConfig cfg = default_config(), bool fast = true) : env(kRamBase, 1u << 20), hart(cfg, env) {
        env.hart = &hart;
        if (fast) hart.add_fast_region(env.fast_region());
    }
    static HartConfig default_config() {
        HartConfig c;
        c.stop_on_exceptions = 1u << kBreakpointCause;
        c.fpu_on_at_reset = true;
        c.timing = TimingConfig{};
        return c;
    }
    void load(const std::vector<uint8_t>& bytes, uint32_t addr = kRamBase) {
        std::copy(bytes.begin(), bytes.end(), env.host(addr));
        hart.notify_external_write(addr, uint32_t(bytes.size()));
    }
    void load_words(const std::vector<uint32_t>& words, uint32_t addr = kRamBase) {
        for (size_t i = 0; i < words.size(); ++i) env.write32(addr + uint32_t(4 * i), words[i]);
        hart.notify_external_write(addr, uint32_t(4 * words.size()));
    }
    void asm_load(const std::string& src, uint32_t addr = kRamBase) { load(assemble(src, addr), addr); }
    // Runs until the final ebreak (or the limit); returns the stop reason.
    StopReason run(uint64_t max_cycles = 1'000'000) { return hart.run(hart.cycles() + max_cycles); }
    bool stopped_at_ebreak() const { return hart.last_trap().valid && hart.last_trap().cause == kBreakpointCause; }
    uint32_t csr(uint16_t n) {
        uint32_t v = 0;
        hart.read_csr(n, v);
        return v;
    }
    uint32_t x(unsigned i) const { return hart.x(i); }

    FlatEnv env;
    Hart hart;
};

// The M-mode prologue of the Sv32 tests that need one mapping: PMP open to S/U, the root table at
// 0x80010000 with VA 0x80000000 -> megapage PA 0x80000000 (S, R W X A D), satp on, then mret into
// S-mode at `entry` (a label or an address). `extra` runs before satp is written (more mappings, data).
inline std::string sv32_identity_to_s(const std::string& entry, const std::string& extra = "") {
    return R"(
  li t0, -1
  csrw pmpaddr0, t0
  li t0, 0x1f
  csrw pmpcfg0, t0
  li t1, 0x200000cf    # root [0x200]: VA 0x80000000 -> megapage PA 0x80000000; the rest invalid
  li t2, 0x80010800
  sw t1, 0(t2)
)" + extra +
           R"(
  li t0, 0x80080010    # satp: Sv32, root PPN 0x80010
  csrw satp, t0
  li t0, 0x1800
  csrc mstatus, t0
  li t0, 0x800         # MPP = S
  csrs mstatus, t0
  )" + std::string(std::isdigit(static_cast<unsigned char>(entry[0])) ? "li" : "la") +
           " t0, " + entry + R"(
  csrw mepc, t0
  mret
)";
}

// Register numbers by ABI name.
enum Reg : unsigned {
    zero = 0,
    ra = 1,
    sp = 2,
    t0 = 5,
    t1 = 6,
    t2 = 7,
    s0 = 8,
    s1 = 9,
    a0 = 10,
    a1 = 11,
    a2 = 12,
    a3 = 13,
    a4 = 14,
    a5 = 15,
    a6 = 16,
    a7 = 17
};

// Hand encoders (independent of the assembler, for the most basic tests).
inline uint32_t enc_i(uint32_t opc, unsigned rd, unsigned f3, unsigned rs1, int32_t imm) {
    return opc | rd << 7 | f3 << 12 | rs1 << 15 | (uint32_t(imm) & 0xfff) << 20;
}
inline uint32_t addi(unsigned rd, unsigned rs1, int32_t imm) { return enc_i(0x13, rd, 0, rs1, imm); }
inline uint32_t lui(unsigned rd, uint32_t imm20) { return 0x37 | rd << 7 | imm20 << 12; }
inline uint32_t add(unsigned rd, unsigned rs1, unsigned rs2) { return 0x33 | rd << 7 | rs1 << 15 | rs2 << 20; }
inline uint32_t sw(unsigned rs2, unsigned rs1, int32_t imm) {
    return 0x23 | (uint32_t(imm) & 0x1f) << 7 | 2 << 12 | rs1 << 15 | rs2 << 20 | (uint32_t(imm) >> 5 & 0x7f) << 25;
}
inline uint32_t lw(unsigned rd, unsigned rs1, int32_t imm) { return enc_i(0x03, rd, 2, rs1, imm); }
constexpr uint32_t kEbreak = 0x00100073, kEcall = 0x00000073, kWfi = 0x10500073, kMret = 0x30200073;

}  // namespace vp::iss::test
