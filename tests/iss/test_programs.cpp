// Whole programs (picolibc + semihosting start-up) through the ELF loader, and loader errors.
#include <catch2/catch.hpp>

#include <cstdio>
#include <cstring>
#include <fstream>

#include "models/cpu/iss/elf_loader.h"
#include "tests/iss/test_util.h"

using namespace vp::iss;
using namespace vp::iss::test;

namespace {
struct ProgramRun {
    StopReason why;
    int exit_code;
    std::string console;
    uint64_t instret;
};

ProgramRun run_elf(const std::string& path, bool fast = true) {
    ElfImage elf;
    std::string error;
    REQUIRE(elf.load(path, error));
    FlatEnv env(kRamBase, 128u << 20);
    REQUIRE(elf.place(
        [&](uint32_t a, const uint8_t* p, size_t n) {
            if (!env.in_ram(a, uint32_t(n))) return false;
            std::memcpy(env.host(a), p, n);
            return true;
        },
        error));
    HartConfig cfg;
    cfg.reset_pc = elf.entry();
    Hart hart(cfg, env);
    env.hart = &hart;
    hart.set_semihosting_root("iss_program_files");  // host files of the programs (created when used)
    if (fast) hart.add_fast_region(env.fast_region());
    StopReason why;
    do {
        why = hart.run(hart.cycles() + 1'000'000);
    } while (why == StopReason::CycleLimit && hart.cycles() < 2'000'000'000ull);
    return {why, env.exit_code, env.console, hart.instret()};
}
}  // namespace

#ifdef ISS_PROGRAM_DIR
TEST_CASE("picolibc hello: stdio, host files, stderr, exit code (same output as QEMU)", "[programs]") {
    const ProgramRun r = run_elf(ISS_PROGRAM_DIR "/hello.elf");
    CHECK(r.why == StopReason::Exit);
    CHECK(r.exit_code == 7);
    CHECK(r.console == "hello from rv32\nsum=82.500\nread back: file-content-42\nto stderr\n");
}

TEST_CASE("SpMV (small) gives QEMU's checksum, with and without fast regions", "[programs]") {
    for (bool fast : {true, false}) {
        const ProgramRun r = run_elf(ISS_PROGRAM_DIR "/spmv_small.elf", fast);
        INFO("fast " << fast);
        CHECK(r.why == StopReason::Exit);
        CHECK(r.exit_code == 0);
        CHECK(r.console == "spmv n=1000 nnz=16000 reps=3 checksum=-619.9459\n");
    }
}

TEST_CASE("ELF symbols map addresses to functions", "[elf]") {
    ElfImage elf;
    std::string error;
    REQUIRE(elf.load(ISS_PROGRAM_DIR "/hello.elf", error));
    const auto main_addr = elf.symbol("main");
    REQUIRE(main_addr);
    CHECK(elf.describe(*main_addr) == "main");
    CHECK(elf.describe(*main_addr + 4) == "main+0x4");
    // .data is placed by physical address: its load address differs from its run address.
    bool lma_differs = false;
    for (const auto& s : elf.segments()) lma_differs |= s.paddr != s.vaddr;
    CHECK(lma_differs);
}
#endif

TEST_CASE("ELF loader reports bad files clearly", "[elf]") {
    ElfImage elf;
    std::string error;
    CHECK(!elf.load("/nonexistent/file.elf", error));
    CHECK(error.find("cannot open") != std::string::npos);

    const std::string path = "iss_bad_elf.tmp";
    {
        std::ofstream f(path, std::ios::binary);
        f << "this is not an elf file at all, just some text that is long enough to be a header.....";
    }
    CHECK(!elf.load(path, error));
    CHECK(error.find("not an ELF file") != std::string::npos);
    {
        std::ofstream f(path, std::ios::binary);
        std::string hdr(64, '\0');
        hdr[0] = 0x7f;
        hdr[1] = 'E';
        hdr[2] = 'L';
        hdr[3] = 'F';
        hdr[4] = 2;  // ELFCLASS64
        hdr[5] = 1;
        f << hdr;
    }
    CHECK(!elf.load(path, error));
    CHECK(error.find("32-bit") != std::string::npos);
    {
        std::ofstream f(path, std::ios::binary);
        std::string hdr(64, '\0');
        hdr[0] = 0x7f;
        hdr[1] = 'E';
        hdr[2] = 'L';
        hdr[3] = 'F';
        hdr[4] = 1;
        hdr[5] = 1;
        hdr[16] = 2;          // ET_EXEC
        hdr[18] = char(243);  // EM_RISCV
        hdr[28] = 0x40;       // e_phoff past the end
        hdr[42] = 32;
        hdr[44] = 3;
        f << hdr;
    }
    CHECK(!elf.load(path, error));
    CHECK(error.find("program headers outside the file") != std::string::npos);
    std::remove(path.c_str());
}
