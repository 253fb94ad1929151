// The firmware's LAPP kernels (firmware/kernels/lapp_kernels.c, from the built lapp_kernels.elf) called
// directly on a plain RV32IMF hart and on one with LAPP, on random inputs and lengths 0, 1, primes and
// large, with conventional and optimized local buffers: after every call the registers (all of x, f,
// pc, fcsr, mstatus, minstret) and the memory are identical; every loop meant for the array is mapped,
// the histogram's is rejected.
#include <catch2/catch.hpp>

#include <cstring>
#include <random>

#include "tests/lapp/lapp_rig.h"

using namespace vp::lapp;
using namespace vp::lapp::test;

namespace {

constexpr uint32_t kRam = 8u << 20;
constexpr uint32_t kStop = kRamBase + kRam - 0x1000;   // an ebreak: the kernels return here
constexpr uint32_t kStack = kRamBase + kRam - 0x2000;  // stack top
constexpr uint32_t kA = 0x80200000, kB = 0x80280000, kC = 0x80300000, kOut = 0x80380000, kOut2 = 0x80500000;

struct KernelRig {
    explicit KernelRig(const ArrayConfig& cfg) : p(cfg, kRam) {
        std::string err;
        const std::string path = std::string(VP_FIRMWARE_BIN_DIR) + "/lapp_kernels.elf";
        REQUIRE(elf.load(path, err));
        for (Machine* m : {&p.plain, &p.lapp}) {
            REQUIRE(elf.place(
                [&](uint32_t a, const uint8_t* d, size_t n) {
                    if (!m->env.in_ram(a, uint32_t(n))) return false;
                    std::memcpy(m->env.host(a), d, n);
                    return true;
                },
                err));
            m->env.write32(kStop, vp::iss::test::kEbreak);
            m->hart.notify_external_write(kRamBase, kRam);
        }
        for (const auto& s : elf.segments()) REQUIRE(s.paddr + s.memsz < kA);  // data above the image
    }

    // Calls `fn` with integer and float arguments on both harts; the other registers hold the same
    // random values on both.
    void call(const char* fn, std::vector<uint32_t> a, std::vector<uint32_t> fa = {}) {
        const auto entry = elf.symbol(fn);
        REQUIRE(entry);
        std::mt19937 rng(*entry ^ uint32_t(a.size()));
        for (unsigned r = 3; r < 32; ++r) p.set_x(r, rng());
        for (unsigned r = 0; r < 32; ++r) p.set_f(r, rng());
        p.set_x(1, kStop);
        p.set_x(2, kStack);
        for (size_t i = 0; i < a.size(); ++i) p.set_x(10 + unsigned(i), a[i]);
        for (size_t i = 0; i < fa.size(); ++i) p.set_f(10 + unsigned(i), fa[i]);
        p.set_pc(*entry);
        REQUIRE(p.run());
    }

    void random_bytes(uint32_t addr, uint32_t n, uint32_t seed) {
        std::mt19937 rng(seed);
        std::vector<uint8_t> v(n);
        for (auto& b : v) b = uint8_t(rng());
        p.write(addr, v.data(), n);
    }
    // Mostly ordinary floats, sometimes NaN, infinities, subnormals: exercises the FP flags.
    void random_floats(uint32_t addr, uint32_t n, uint32_t seed) {
        std::mt19937 rng(seed);
        std::vector<uint32_t> v(n);
        for (auto& w : v) {
            const uint32_t r = rng();
            if (r % 61 == 0)
                w = rng();
            else if (r % 67 == 0)
                w = (r & 0x80000000u) | (rng() & 0x007fffffu);
            else
                w = (r & 0x80000000u) | ((110 + rng() % 30) << 23) | (rng() & 0x7fffff);
        }
        p.write(addr, v.data(), 4 * n);
    }

    uint64_t mapped() const { return p.lapp.lapp->stats().mapped; }
    uint64_t rejected() const { return p.lapp.lapp->stats().rejected; }

    Pair p;
    vp::iss::ElfImage elf;
};

std::vector<ArrayConfig> configs() {
    ArrayConfig opt, conv;
    conv.local_buffer = LocalBufferKind::Conventional;
    return {opt, conv};
}

const uint32_t kLengths[] = {0, 1, 2, 3, 7, 13, 97, 257, 1021, 4099};

}  // namespace

TEST_CASE("Kernel grayscale: LAPP equals the plain hart", "[lapp][kernels]") {
    for (const ArrayConfig& cfg : configs())
        for (uint32_t n : kLengths) {
            KernelRig k(cfg);
            k.random_bytes(kA, 3 * n + 8, n);
            k.random_bytes(kOut, n + 8, n + 1);
            k.call("k_grayscale", {kA, kOut, n});
            INFO("n " << n << "\n" << k.p.lapp.log);
            CHECK(k.p.compare() == "");
            CHECK(k.mapped() == (n ? 1u : 0u));
            CHECK(k.p.lapp.lapp->stats().violations == 0);
        }
}

TEST_CASE("Kernel filter3x3_row: LAPP equals the plain hart", "[lapp][kernels]") {
    for (const ArrayConfig& cfg : configs())
        for (uint32_t w : {0u, 2u, 3u, 4u, 5u, 61u, 640u, 1021u}) {
            KernelRig k(cfg);
            k.random_bytes(kA, w + 8, w);
            k.random_bytes(kB, w + 8, w + 1);
            k.random_bytes(kC, w + 8, w + 2);
            k.random_bytes(kOut, w + 8, w + 3);
            k.call("k_filter3x3_row", {kA, kB, kC, kOut, w});
            INFO("w " << w << "\n" << k.p.lapp.log);
            CHECK(k.p.compare() == "");
            CHECK(k.mapped() == (w >= 3 ? 1u : 0u));
        }
}

TEST_CASE("Kernel alpha_blend: LAPP equals the plain hart", "[lapp][kernels]") {
    for (const ArrayConfig& cfg : configs())
        for (uint32_t n : kLengths) {
            KernelRig k(cfg);
            k.random_bytes(kA, 4 * n + 8, n);
            k.random_bytes(kB, 4 * n + 8, n + 1);
            k.random_bytes(kOut, 4 * n + 8, n + 2);
            k.call("k_alpha_blend", {kA, kB, kOut, n});
            INFO("n " << n << "\n" << k.p.lapp.log);
            CHECK(k.p.compare() == "");
            CHECK(k.mapped() == (n ? 1u : 0u));
        }
}

TEST_CASE("Kernel saxpy: LAPP equals the plain hart (values and fflags)", "[lapp][kernels][fp]") {
    for (const ArrayConfig& cfg : configs())
        for (uint32_t n : kLengths) {
            KernelRig k(cfg);
            k.random_floats(kA, n + 4, n);
            k.random_floats(kB, n + 4, n + 1);
            std::mt19937 rng(n);
            k.call("k_saxpy", {kA, kB, n}, {0x3f000000u | uint32_t(rng() & 0x7fffff)});
            INFO("n " << n << "\n" << k.p.lapp.log);
            CHECK(k.p.compare() == "");
            CHECK(k.mapped() == (n ? 1u : 0u));
        }
}

TEST_CASE("Kernel fir5: LAPP equals the plain hart; it needs a 5-word window", "[lapp][kernels][fp]") {
    for (const ArrayConfig& cfg : configs())
        for (uint32_t n : kLengths) {
            KernelRig k(cfg);
            k.random_floats(kA, n + 8, n);
            k.random_floats(kB, 8, n + 1);
            k.random_floats(kOut2, n + 4, n + 2);
            k.call("k_fir5", {kA, kB, kOut2, n});
            INFO("n " << n << "\n" << k.p.lapp.log);
            CHECK(k.p.compare() == "");
            CHECK(k.mapped() == (n ? 1u : 0u));
            if (n) CHECK(k.p.lapp.lapp->loops().begin()->second.words_needed == 5);
        }
    for (unsigned words : {4u, 5u}) {  // the window rule decides
        ArrayConfig cfg;
        cfg.lb_words = words;
        KernelRig k(cfg);
        k.random_floats(kA, 108, 1);
        k.random_floats(kB, 8, 2);
        k.call("k_fir5", {kA, kB, kOut2, 100});
        CHECK(k.p.compare() == "");
        CHECK(k.mapped() == (words >= 5 ? 1u : 0u));
        if (words < 5) CHECK(k.p.lapp.lapp->loops().begin()->second.last_reject == Reject::Window);
    }
}

TEST_CASE("Kernel histogram: rejected (data-dependent addresses), still identical", "[lapp][kernels]") {
    for (uint32_t n : kLengths) {
        KernelRig k(ArrayConfig{});
        k.random_bytes(kA, n + 8, n);
        k.random_bytes(kOut, 1024, 0);
        k.call("k_histogram", {kA, kOut, n});
        CHECK(k.p.compare() == "");
        CHECK(k.mapped() == 0);
        CHECK(k.rejected() == (n ? 1u : 0u));
        if (n) CHECK(k.p.lapp.lapp->loops().begin()->second.last_reject == Reject::AddressNotAffine);
    }
}

TEST_CASE("Kernel GCN X*W (row and dot-product forms): LAPP equals the plain hart", "[lapp][kernels][fp]") {
    struct Shape {
        uint32_t n, fin, fout;
    };
    for (const ArrayConfig& cfg : configs())
        for (Shape s : {Shape{1, 1, 1}, Shape{2, 3, 5}, Shape{3, 7, 16}, Shape{4, 16, 31}})
            for (const char* fn : {"k_gcn_xw_rows", "k_gcn_xw_dot"}) {
                KernelRig k(cfg);
                k.random_floats(kA, s.n * s.fin, s.fin);
                k.random_floats(kB, s.fin * s.fout, s.fout);
                k.random_floats(kOut2, s.n * s.fout, s.n);
                k.call(fn, {kA, kB, kOut2, s.n, s.fin, s.fout});
                INFO(fn << " " << s.n << "x" << s.fin << "x" << s.fout << "\n" << k.p.lapp.log);
                CHECK(k.p.compare() == "");
                const bool rows = std::string(fn) == "k_gcn_xw_rows";
                CHECK(k.mapped() == (rows ? s.n * s.fin : s.n * s.fout));
                CHECK(k.rejected() == 0);
                if (!rows) CHECK(k.p.lapp.lapp->loops().begin()->second.ii == 1 + vp::iss::TimingConfig{}.fadd);
            }
}

// Issue #32 item 19a: the dot form walks a column of W (256 x 96 floats: a 384-byte stride, a line
// per element). With 128-word local buffers the prefetch way used to keep the lines of the last 128
// elements, all it holds, and starved: the kernel took far longer than with 16 words.
TEST_CASE("Kernel GCN X*W dot form over a 256 x 96 W: 128-word local buffers are not slower",
          "[lapp][kernels][prefetch]") {
    const uint32_t n = 2, fin = 256, fout = 96;
    auto cycles = [&](LocalBufferKind kind, unsigned words) {
        ArrayConfig cfg;
        cfg.local_buffer = kind;
        cfg.lb_words = words;
        KernelRig k(cfg);
        k.random_floats(kA, n * fin, 1);
        k.random_floats(kB, fin * fout, 2);
        k.random_floats(kOut2, n * fout, 3);
        k.call("k_gcn_xw_dot", {kA, kB, kOut2, n, fin, fout});
        INFO(k.p.lapp.log);
        CHECK(k.p.compare() == "");
        CHECK(k.mapped() == n * fout);
        return k.p.lapp.hart.cycles();
    };
    const uint64_t conv16 = cycles(LocalBufferKind::Conventional, 16);
    const uint64_t conv128 = cycles(LocalBufferKind::Conventional, 128);
    const uint64_t opt16 = cycles(LocalBufferKind::Optimized, 16);
    const uint64_t opt64 = cycles(LocalBufferKind::Optimized, 64);
    INFO("conventional 16: " << conv16 << ", 128: " << conv128 << "; optimized 16: " << opt16 << ", 64: " << opt64);
    CHECK(conv128 <= conv16);
    CHECK(opt64 <= opt16);
}
