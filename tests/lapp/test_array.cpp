// LAPP's array against the plain ISS on hand-written loops: mapped loops leave exactly the state the
// first stage alone leaves; loops the array cannot run are rejected for the right reason and still
// run correctly; window, alias and store-stream rules; interrupts during array execution.
#include <catch2/catch.hpp>

#include <cstdio>
#include <random>

#include "tests/lapp/lapp_rig.h"

using namespace vp::lapp;
using namespace vp::lapp::test;

namespace {

constexpr uint32_t kSrc = 0x80100000, kSrc2 = 0x80180000, kDst = 0x80200000;

void fill_random(Pair& p, uint32_t addr, size_t words, uint32_t seed) {
    std::mt19937 rng(seed);
    std::vector<uint32_t> v(words);
    for (auto& w : v) w = rng();
    p.write(addr, v.data(), v.size() * 4);
}

const LoopReport& only_loop(const Machine& m) {
    REQUIRE(m.lapp->loops().size() == 1);
    return m.lapp->loops().begin()->second;
}

// out[i] = in[i] * 3 + 7 over n words (a0 = in, a1 = out, a2 = n).
const std::string kScale = setlo(0, 1) + dcpl("a0", 1, 0) + dcpl("a1", 0, 0) + R"(
loop:
    lw t0, 0(a0)
    slli t1, t0, 1
    add t0, t0, t1
    addi t0, t0, 7
    sw t0, 0(a1)
    addi a0, a0, 4
    addi a1, a1, 4
    addi a2, a2, -1
    bnez a2, loop
    ebreak
)";

}  // namespace

TEST_CASE("LAPP maps a word-stream loop and leaves the plain hart's state", "[lapp][equivalence]") {
    for (uint32_t n : {1u, 2u, 3u, 17u, 1000u, 4099u}) {
        Pair p;
        p.asm_load(kScale);
        fill_random(p, kSrc, n + 16, n);
        p.set_x(10, kSrc);
        p.set_x(11, kDst);
        p.set_x(12, n);
        REQUIRE(p.run());
        INFO("n = " << n << "\n" << p.lapp.log);
        CHECK(p.compare() == "");
        const LoopReport& rep = only_loop(p.lapp);
        CHECK(rep.mapped == 1);
        CHECK(rep.iterations == n);
        CHECK(rep.ii == 1);
        CHECK(p.lapp.lapp->stats().violations == 0);
        // The array needs fewer cycles than the first stage alone once the loop is long enough.
        if (n >= 1000) CHECK(p.lapp.hart.cycles() * 3 < p.plain.hart.cycles());
    }
}

TEST_CASE("Without a DCPL the loop runs in normal mode", "[lapp]") {
    Pair p;
    std::string src = kScale.substr(kScale.find("loop:"));
    p.asm_load(src);
    fill_random(p, kSrc, 64, 1);
    p.set_x(10, kSrc);
    p.set_x(11, kDst);
    p.set_x(12, 50);
    REQUIRE(p.run());
    CHECK(p.compare() == "");
    CHECK(p.lapp.lapp->stats().setups == 0);
    CHECK(p.lapp.hart.cycles() == p.plain.hart.cycles());
}

namespace {
// Runs `body` (a loop over a0/a1/a2 as above) on both harts; returns the LAPP loop report.
LoopReport run_loop(const std::string& src, uint32_t n, const ArrayConfig& cfg = ArrayConfig{}) {
    Pair p(cfg);
    p.asm_load(src);
    fill_random(p, kSrc, n + 64, 7);
    fill_random(p, kSrc2, n + 64, 8);
    p.set_x(10, kSrc);
    p.set_x(11, kDst);
    p.set_x(12, n);
    p.set_x(13, kSrc2);
    REQUIRE(p.run());
    INFO(p.lapp.log);
    CHECK(p.compare() == "");
    REQUIRE(p.lapp.lapp->loops().size() == 1);
    return p.lapp.lapp->loops().begin()->second;
}
}  // namespace

TEST_CASE("Loops with calls, inner branches or unsupported operations are rejected and run correctly",
          "[lapp][reject]") {
    const std::string head = setlo(0, 1) + dcpl("a0", 1, 0) + dcpl("a1", 0, 0) + "loop:\n lw t0, 0(a0)\n";
    const std::string tail =
        " sw t0, 0(a1)\n addi a0, a0, 4\n addi a1, a1, 4\n addi a2, a2, -1\n bnez a2, loop\n ebreak\n";
    SECTION("inner branch") {
        const LoopReport r = run_loop(head + " bltz t0, skip\n addi t0, t0, 1\nskip:\n" + tail, 40);
        CHECK(r.mapped == 0);
        CHECK(r.last_reject == Reject::Body);
        CHECK(r.detail.find("branch inside") != std::string::npos);
    }
    SECTION("call") {
        const LoopReport r = run_loop(head + " jal ra, fn\n" + tail + "fn:\n addi t0, t0, 3\n ret\n", 40);
        CHECK(r.last_reject == Reject::Body);
        CHECK(r.detail.find("call") != std::string::npos);
    }
    SECTION("division") {
        const LoopReport r = run_loop(head + " li t1, 7\n divu t0, t0, t1\n" + tail, 40);
        CHECK(r.last_reject == Reject::Body);
        CHECK(r.detail.find("division") != std::string::npos);
    }
    SECTION("CSR access") {
        const LoopReport r = run_loop(head + " csrr t1, mscratch\n add t0, t0, t1\n" + tail, 40);
        CHECK(r.last_reject == Reject::Body);
    }
    SECTION("fdiv") {
        const LoopReport r = run_loop(head + " fmv.w.x ft0, t0\n fdiv.s ft0, ft0, ft0\n fmv.x.w t0, ft0\n" + tail, 40);
        CHECK(r.last_reject == Reject::Body);
    }
}

TEST_CASE("A histogram (data-dependent addresses) is rejected and runs correctly", "[lapp][reject]") {
    // hist[in[i] & 255]++ : a0 = in, a1 = hist, a2 = n
    const std::string src = setlo(0, 1) + dcpl("a0", 1, 0) + dcpl("a1", 0, 0) + R"(
loop:
    lw t0, 0(a0)
    andi t0, t0, 255
    slli t0, t0, 2
    add t0, a1, t0
    lw t1, 0(t0)
    addi t1, t1, 1
    sw t1, 0(t0)
    addi a0, a0, 4
    addi a2, a2, -1
    bnez a2, loop
    ebreak
)";
    const LoopReport r = run_loop(src, 500);
    CHECK(r.mapped == 0);
    CHECK(r.last_reject == Reject::AddressNotAffine);
}

TEST_CASE("A load of what an earlier iteration stored is rejected (alias)", "[lapp][reject]") {
    // a[i] = a[i-1] + 1 with a = a1: the load stream reads the store stream one iteration back.
    const std::string src = setlo(0, 1) + dcpl("a0", 1, 0) + dcpl("a1", 0, 0) + R"(
loop:
    lw t0, -4(a1)
    addi t0, t0, 1
    sw t0, 0(a1)
    addi a1, a1, 4
    addi a2, a2, -1
    bnez a2, loop
    ebreak
)";
    // The DCPL of way 1 covers a1 - 4 (set a0 = a1 - 4 below by using a0 = kDst - 4).
    Pair p;
    p.asm_load(src);
    fill_random(p, kDst - 4, 200, 3);
    p.set_x(10, kDst - 4);
    p.set_x(11, kDst);
    p.set_x(12, 100);
    REQUIRE(p.run());
    CHECK(p.compare() == "");
    const LoopReport& r = only_loop(p.lapp);
    CHECK(r.last_reject == Reject::Alias);
}

TEST_CASE("In-place update (load and store of the same element) maps", "[lapp]") {
    // a[i] = a[i] + a[i+1]: the load of a[i+1] reads ahead of the stores (anti-dependence only).
    const std::string src = setlo(0, 1) + setlo(1, 1) + dcpl("a1", 1, 0) + dcpl("a1", 0, 0) + R"(
loop:
    lw t0, 0(a1)
    lw t1, 4(a1)
    add t0, t0, t1
    sw t0, 0(a1)
    addi a1, a1, 4
    addi a2, a2, -1
    bnez a2, loop
    ebreak
)";
    Pair p;
    p.asm_load(src);
    fill_random(p, kDst, 600, 5);
    p.set_x(11, kDst);
    p.set_x(12, 500);
    REQUIRE(p.run());
    INFO(p.lapp.log);
    CHECK(p.compare() == "");
    CHECK(only_loop(p.lapp).mapped == 1);
}

TEST_CASE("Local-buffer window: a 3-tap filter needs 3 words per way", "[lapp][window]") {
    // out[i] = in[i-1] + in[i] + in[i+1]; the way streams from in - 4 (a0).
    const std::string src = setlo(0, 1) + setlo(1, 1) + setlo(2, 1) + dcpl("a0", 1, 0) + dcpl("a1", 0, 0) + R"(
loop:
    lw t0, 0(a0)
    lw t1, 4(a0)
    lw t2, 8(a0)
    add t0, t0, t1
    add t0, t0, t2
    sw t0, 0(a1)
    addi a0, a0, 4
    addi a1, a1, 4
    addi a2, a2, -1
    bnez a2, loop
    ebreak
)";
    for (LocalBufferKind kind : {LocalBufferKind::Optimized, LocalBufferKind::Conventional}) {
        for (unsigned words : {2u, 3u, 16u}) {
            ArrayConfig cfg;
            cfg.local_buffer = kind;
            cfg.lb_words = words;
            const LoopReport r = run_loop(src, 300, cfg);
            INFO("words " << words << " kind " << int(kind));
            CHECK(r.words_needed == 3);  // reported whether the window fits or not
            if (words < 3) {
                CHECK(r.last_reject == Reject::Window);
            } else {
                CHECK(r.mapped == 1);
            }
        }
    }
}

TEST_CASE("Optimized buffers need a SETLO per load that names the right way", "[lapp][window]") {
    // out[i] = x[i] + y[i], x on way 1 (a0), y on way 2 (a3)
    const std::string loop = R"(
loop:
    lw t0, 0(a0)
    lw t1, 0(a3)
    add t0, t0, t1
    sw t0, 0(a1)
    addi a0, a0, 4
    addi a3, a3, 4
    addi a1, a1, 4
    addi a2, a2, -1
    bnez a2, loop
    ebreak
)";
    const std::string ways = dcpl("a0", 1, 0) + dcpl("a3", 2, 0) + dcpl("a1", 0, 0);
    SECTION("bound right") { CHECK(run_loop(setlo(0, 1) + setlo(1, 2) + ways + loop, 100).mapped == 1); }
    SECTION("missing") { CHECK(run_loop(setlo(0, 1) + ways + loop, 100).last_reject == Reject::SetloMissing); }
    SECTION("swapped") {
        CHECK(run_loop(setlo(0, 2) + setlo(1, 1) + ways + loop, 100).last_reject == Reject::SetloMismatch);
    }
    SECTION("conventional buffers find the way by tag") {
        ArrayConfig cfg;
        cfg.local_buffer = LocalBufferKind::Conventional;
        const LoopReport r = run_loop(ways + loop, 100, cfg);
        CHECK(r.mapped == 1);
    }
    SECTION("no stream for a load") {
        ArrayConfig cfg;
        cfg.local_buffer = LocalBufferKind::Conventional;
        CHECK(run_loop(dcpl("a0", 1, 100) + dcpl("a1", 0, 0) + loop, 100, cfg).last_reject == Reject::NoStream);
    }
}

TEST_CASE("Load latency: optimized buffers (1 cycle) need fewer stages than conventional (2)", "[lapp]") {
    ArrayConfig opt, conv;
    conv.local_buffer = LocalBufferKind::Conventional;
    const LoopReport a = run_loop(kScale, 200, opt);
    const LoopReport b = run_loop(kScale, 200, conv);
    REQUIRE(a.mapped == 1);
    REQUIRE(b.mapped == 1);
    CHECK(b.stages == a.stages + 1);
    ArrayConfig big = opt;
    big.lb_words = 128;  // beyond 64 words the optimized buffer is no faster than the conventional one
    CHECK(run_loop(kScale, 200, big).stages == b.stages);
}

namespace {
// Random single-precision bit patterns: every class (NaNs, infinities, subnormals, zeros) appears.
void fill_random_floats(Pair& p, uint32_t addr, size_t n, uint32_t seed) {
    std::mt19937 rng(seed);
    std::vector<uint32_t> v(n);
    for (auto& w : v) {
        const uint32_t r = rng();
        switch (r % 8) {
            case 0: w = rng(); break;                                      // anything, NaNs included
            case 1: w = (r & 0x80000000u) | (rng() & 0x007fffffu); break;  // subnormal or zero
            default: w = (r & 0x80000000u) | ((100 + rng() % 56) << 23) | (rng() & 0x7fffff); break;
        }
    }
    p.write(addr, v.data(), v.size() * 4);
}
}  // namespace

TEST_CASE("SAXPY with fmadd.s: results and fflags equal the plain hart's", "[lapp][equivalence][fp]") {
    // y[i] = a * x[i] + y[i]: x on way 1 (a0), y on way 2 and the store stream (a3), a in fa0.
    const std::string src = setlo(0, 1) + setlo(1, 2) + dcpl("a0", 1, 0) + dcpl("a3", 2, 0) + dcpl("a3", 0, 0) + R"(
loop:
    flw ft0, 0(a0)
    flw ft1, 0(a3)
    fmadd.s ft1, fa0, ft0, ft1
    fsw ft1, 0(a3)
    addi a0, a0, 4
    addi a3, a3, 4
    addi a2, a2, -1
    bnez a2, loop
    ebreak
)";
    for (uint32_t n : {1u, 5u, 31u, 1024u, 2053u}) {
        for (uint32_t rm : {0u, 1u, 4u}) {
            Pair p;
            p.asm_load(src);
            fill_random_floats(p, kSrc, n, n + rm);
            fill_random_floats(p, kSrc2, n, 2 * n + rm);
            p.set_x(10, kSrc);
            p.set_x(13, kSrc2);
            p.set_x(12, n);
            p.set_f(10, 0x3fc00000u);  // 1.5
            for (Machine* m : {&p.plain, &p.lapp}) m->hart.write_csr(0x002, rm);
            REQUIRE(p.run());
            INFO("n " << n << " rm " << rm << "\n" << p.lapp.log);
            CHECK(p.compare() == "");
            CHECK(only_loop(p.lapp).mapped == 1);
        }
    }
}

TEST_CASE("An FP accumulation maps with the fma's latency as initiation interval", "[lapp][fp]") {
    // s = sum x[i] * y[i] (fa1): the self-loop of fmadd.s bounds the interval.
    const std::string src = setlo(0, 1) + setlo(1, 2) + dcpl("a0", 1, 0) + dcpl("a3", 2, 0) + R"(
loop:
    flw ft0, 0(a0)
    flw ft1, 0(a3)
    fmadd.s fa1, ft0, ft1, fa1
    addi a0, a0, 4
    addi a3, a3, 4
    addi a2, a2, -1
    bnez a2, loop
    ebreak
)";
    Pair p;
    p.asm_load(src);
    fill_random_floats(p, kSrc, 300, 1);
    fill_random_floats(p, kSrc2, 300, 2);
    p.set_x(10, kSrc);
    p.set_x(13, kSrc2);
    p.set_x(12, 300);
    REQUIRE(p.run());
    CHECK(p.compare() == "");
    const LoopReport& r = only_loop(p.lapp);
    CHECK(r.mapped == 1);
    CHECK(r.ii == 1 + vp::iss::TimingConfig{}.fma);
}

TEST_CASE("A loop-carried value through two instructions is rejected (no self-loop)", "[lapp][reject]") {
    const std::string src = setlo(0, 1) + dcpl("a0", 1, 0) + R"(
loop:
    lw t1, 0(a0)
    add t0, s0, t1
    addi s0, t0, 0
    addi a0, a0, 4
    addi a2, a2, -1
    bnez a2, loop
    ebreak
)";
    const LoopReport r = run_loop(src, 100);
    CHECK(r.last_reject == Reject::Recurrence);
}

TEST_CASE("Grayscale on 3-byte pixels maps with a stride-3 DCPL", "[lapp][bytes]") {
    // gray[i] = (77 R + 150 G + 29 B) >> 8; the way delivers one 4-byte element every 3 bytes.
    const std::string src = setlo(0, 1) + setlo(1, 1) + setlo(2, 1) + dcpl("a0", 1, 0, 3) + dcpl("a1", 0, 0) + R"(
    li s1, 77
    li s2, 150
    li s3, 29
loop:
    lbu t0, 0(a0)
    lbu t1, 1(a0)
    lbu t2, 2(a0)
    mul t0, t0, s1
    mul t1, t1, s2
    mul t2, t2, s3
    add t0, t0, t1
    add t0, t0, t2
    srli t0, t0, 8
    sb t0, 0(a1)
    addi a0, a0, 3
    addi a1, a1, 1
    addi a2, a2, -1
    bnez a2, loop
    ebreak
)";
    for (uint32_t n : {1u, 7u, 641u}) {
        const LoopReport r = run_loop(src, n);
        CHECK(r.mapped == 1);
        CHECK(r.words_needed == 1);
    }
    // With a word stream (stride 4) the pixels drift through the window: rejected.
    std::string word_stream = src;
    word_stream.replace(word_stream.find(hexs(LAPP_DESC(1, 0, 3, 0))), hexs(LAPP_DESC(1, 0, 3, 0)).size(),
                        hexs(LAPP_DESC(1, 0, 0, 0)));
    CHECK(run_loop(word_stream, 100).last_reject == Reject::StreamStride);
}

TEST_CASE("Descending streams: a reversed copy", "[lapp]") {
    // out[i] = in[n-1-i]: way 1 streams down from in + 4(n-1) (a0), the store stream goes up.
    const std::string src = setlo(0, 1) + dcpl("a0", 1, 0, 0, true) + dcpl("a1", 0, 0) + R"(
loop:
    lw t0, 0(a0)
    sw t0, 0(a1)
    addi a0, a0, -4
    addi a1, a1, 4
    addi a2, a2, -1
    bnez a2, loop
    ebreak
)";
    Pair p;
    p.asm_load(src);
    fill_random(p, kSrc, 300, 9);
    p.set_x(10, kSrc + 4 * 299);
    p.set_x(11, kDst);
    p.set_x(12, 300);
    REQUIRE(p.run());
    CHECK(p.compare() == "");
    CHECK(only_loop(p.lapp).mapped == 1);
}

TEST_CASE("A load of bytes its own iteration stored reads the store buffer", "[lapp]") {
    const std::string loop = R"(
loop:
    lw t0, 0(a0)
    sh t0, 0(a1)
    lhu t1, 0(a1)
    addi t1, t1, 5
    sh t1, 2(a1)
    addi a0, a0, 4
    addi a1, a1, 4
    addi a2, a2, -1
    bnez a2, loop
    ebreak
)";
    const std::string ways = dcpl("a0", 1, 0) + dcpl("a1", 0, 0);
    CHECK(run_loop(setlo(0, 1) + setlo(1, 0, true) + ways + loop, 200).mapped == 1);
    CHECK(run_loop(setlo(0, 1) + setlo(1, 1) + ways + loop, 200).last_reject == Reject::SetloMismatch);
    ArrayConfig conv;
    conv.local_buffer = LocalBufferKind::Conventional;
    CHECK(run_loop(ways + loop, 200, conv).mapped == 1);
}

TEST_CASE("Array size and stream length limits", "[lapp][reject]") {
    ArrayConfig small;
    small.stages = 4;
    CHECK(run_loop(kScale, 100, small).last_reject == Reject::Stages);
    std::string short_stream = kScale;
    short_stream.replace(short_stream.find(hexs(LAPP_DESC(1, 0, 0, 0))), hexs(LAPP_DESC(1, 0, 0, 0)).size(),
                         hexs(LAPP_DESC(1, 0, 0, 50)));
    CHECK(run_loop(short_stream, 100).last_reject == Reject::StreamCount);
    CHECK(run_loop(short_stream, 50).mapped == 1);
}

TEST_CASE("Untrusted HINT operands: reserved bits are ignored with a warning, odd values run correctly",
          "[lapp][untrusted]") {
    SECTION("reserved descriptor and SETLO bits") {
        const std::string src = "ori x0, x0, 0x400\n li t6, 0xffffffff\n or x0, a0, t6\n" + kScale;
        Pair p;
        p.asm_load(src);
        fill_random(p, kSrc, 64, 1);
        p.set_x(10, kSrc);
        p.set_x(11, kDst);
        p.set_x(12, 50);
        REQUIRE(p.run());
        CHECK(p.compare() == "");
        CHECK(p.lapp.lapp->stats().dcpl_ignored == 1);
        CHECK(p.lapp.lapp->stats().setlo_ignored == 1);
        CHECK(p.lapp.warnings.find("reserved") != std::string::npos);
        CHECK(only_loop(p.lapp).mapped == 1);  // the valid HINTs still apply
    }
    SECTION("a DCPL not followed by a loop") {
        Pair p;
        p.asm_load("li t6, 0x10001\n or x0, a0, t6\n addi a0, a0, 1\n ebreak\n");
        REQUIRE(p.run());
        CHECK(p.compare() == "");
        CHECK(p.lapp.lapp->stats().dcpl_ignored == 1);
    }
    SECTION("huge, odd and wrapping streams") {
        std::mt19937 rng(42);
        for (int i = 0; i < 40; ++i) {
            // Random descriptors and bases for every way, then the usual loop.
            std::string src;
            for (unsigned way = 0; way < 4; ++way) {
                const uint32_t desc = rng() & ~8u, base = rng() % 3 ? kSrc + (rng() % 64) : rng();
                src += "li t5, " + hexs(base) + "\n li t6, " + hexs(desc) + "\n or x0, t5, t6\n";
            }
            src += kScale.substr(kScale.find("loop:"));
            Pair p;
            p.asm_load(src);
            fill_random(p, kSrc, 200, uint32_t(i));
            p.set_x(10, kSrc);
            p.set_x(11, kDst);
            p.set_x(12, 100);
            REQUIRE(p.run());
            INFO(p.lapp.log);
            CHECK(p.compare() == "");
            CHECK(p.lapp.lapp->stats().violations == 0);
        }
    }
}

TEST_CASE("A prefetch line that cannot be read stops the array; normal mode finishes", "[lapp]") {
    Pair p;
    p.asm_load(kScale);
    fill_random(p, kSrc, 2100, 3);
    p.set_x(10, kSrc);
    p.set_x(11, kDst);
    p.set_x(12, 2000);
    p.lapp.port.fail_from = kSrc + 4096;  // the port, not the memory, fails from word 1024 on
    REQUIRE(p.run());
    CHECK(p.compare() == "");
    CHECK(p.lapp.lapp->stats().bus_errors == 1);
    CHECK(only_loop(p.lapp).iterations == 1024);
}

namespace {
// A timer handler that saves a0/a2 and mepc at kSave, counts, and disarms the timer.
constexpr uint32_t kSave = 0x80300000;
const std::string kHandler = R"(
handler:
    csrw mscratch, t0
    li t0, 0x80300000
    sw a0, 0(t0)
    sw a2, 4(t0)
    csrr a0, mepc
    sw a0, 8(t0)
    lw a0, 12(t0)
    addi a0, a0, 1
    sw a0, 12(t0)
    csrr a0, mcause
    sw a0, 16(t0)
    li t0, 0x02000000      # msip = 0
    sw zero, 0(t0)
    li t0, 0x02004000      # mtimecmp = max
    li a0, -1
    sw a0, 0(t0)
    sw a0, 4(t0)
    lw a0, 0x300000(zero)  # (placeholder, patched below)
)";
std::string interrupt_program(bool timer) {
    std::string h = kHandler;
    h.replace(h.find("    lw a0, 0x300000(zero)  # (placeholder, patched below)\n"),
              std::string("    lw a0, 0x300000(zero)  # (placeholder, patched below)\n").size(),
              "    li t0, 0x80300000\n    lw a0, 0(t0)\n    csrr t0, mscratch\n    mret\n");
    std::string setup = R"(
    la t0, handler
    csrw mtvec, t0
)";
    if (timer)
        setup += R"(
    li t0, 0x0200bff8      # mtimecmp = mtime + 10 ticks (1000 cycles)
    lw t1, 0(t0)
    addi t1, t1, 10
    li t0, 0x02004000
    sw t1, 0(t0)
    sw zero, 4(t0)
    li t0, 0x80
    csrw mie, t0
)";
    else
        setup += "    li t0, 0x8\n    csrw mie, t0\n";
    setup += "    csrsi mstatus, 8\n";
    return setup + kScale + h;
}
}  // namespace

TEST_CASE("A timer interrupt during array execution is taken at an iteration boundary", "[lapp][interrupt]") {
    Pair p;
    p.asm_load(interrupt_program(true));
    fill_random(p, kSrc, 3000, 11);
    p.set_x(10, kSrc);
    p.set_x(11, kDst);
    p.set_x(12, 2500);
    REQUIRE(p.run());
    INFO(p.lapp.log);
    CHECK(p.compare(kDst, 4 * 2600, false) == "");  // registers and the output
    const uint32_t* save = reinterpret_cast<const uint32_t*>(p.lapp.env.host(kSave));
    CHECK(save[3] == 1);            // one interrupt
    CHECK(save[4] == 0x80000007u);  // machine timer
    const LoopReport& r = only_loop(p.lapp);
    CHECK(save[2] == r.head);  // taken at the loop head...
    // ...with the state of a whole number of iterations: a0 and a2 agree.
    CHECK(save[0] == kSrc + 4 * (2500 - save[1]));
    CHECK(save[1] > 0);
    CHECK(save[1] < 2500);
    CHECK(r.interrupts == 1);
    CHECK(r.entries == 2);  // setup again after mret
    CHECK(r.iterations == 2500);
}

namespace {
// Raises the software interrupt (MSIP) of its hart when the array fetches the n-th line.
class IrqPort : public FlatPort {
public:
    bool read_line(uint32_t addr, uint8_t* data, unsigned len, uint64_t at, uint64_t& done) override {
        if (++count == raise_at) hart->set_irq_pending(3, true);
        return FlatPort::read_line(addr, data, len, at, done);
    }
    uint64_t count = 0, raise_at = 0;
};
}  // namespace

TEST_CASE("An interrupt line raised during array execution is taken at the next iteration boundary",
          "[lapp][interrupt]") {
    Machine plain(false);
    IrqPort port;
    ArrayConfig cfg;
    Machine lapp(false);
    port.hart = &lapp.hart;
    port.raise_at = 20;
    auto ctl = std::make_unique<ModeController>(cfg, port);
    ModeController* c = ctl.get();
    lapp.hart.add_extension(std::move(ctl));
    const auto bytes = vp::iss::test::assemble(".option norvc\n" + interrupt_program(false), kRamBase);
    for (Machine* m : {&plain, &lapp}) {
        std::copy(bytes.begin(), bytes.end(), m->env.host(kRamBase));
        m->hart.notify_external_write(kRamBase, uint32_t(bytes.size()));
        std::mt19937 rng(5);
        for (uint32_t i = 0; i < 3000; ++i) m->env.write32(kSrc + 4 * i, rng());
        m->hart.set_x(10, kSrc);
        m->hart.set_x(11, kDst);
        m->hart.set_x(12, 2500);
        REQUIRE(m->hart.run(100'000'000) == vp::iss::StopReason::Trap);
    }
    CHECK(std::memcmp(plain.env.host(kDst), lapp.env.host(kDst), 4 * 2600) == 0);
    const uint32_t* save = reinterpret_cast<const uint32_t*>(lapp.env.host(kSave));
    REQUIRE(c->loops().size() == 1);
    const LoopReport& r = c->loops().begin()->second;
    CHECK(save[3] == 1);
    CHECK(save[4] == 0x80000003u);
    CHECK(save[2] == r.head);
    CHECK(save[0] == kSrc + 4 * (2500 - save[1]));
    CHECK(save[1] > 0);
    CHECK(r.interrupts == 1);
    CHECK(r.iterations == 2500);
}

namespace {
// The sum of column a0 of a rows x 96 word matrix (row pitch 384 B, so every element lies in a line
// of its own): a fixed-stride prefetch of `rows` lines, more than a way of 128 lines holds.
std::string column_sum(uint32_t rows) {
    return setlo(0, 1) + dcpl("a0", 1, rows, 384) + R"(
loop:
    lw t0, 0(a0)
    add a3, a3, t0
    addi a0, a0, 384
    addi a2, a2, -1
    bnez a2, loop
    ebreak
)";
}

LoopReport column_sum_run(const ArrayConfig& cfg, uint32_t rows) {
    Pair p(cfg);
    p.asm_load(column_sum(rows));
    fill_random(p, kSrc, 96 * rows, 5);
    p.set_x(10, kSrc + 4 * 7);
    p.set_x(12, rows);
    p.set_x(13, 0);
    REQUIRE(p.run());
    INFO(p.lapp.log);
    CHECK(p.compare() == "");
    const LoopReport r = only_loop(p.lapp);
    CHECK(r.mapped == 1);
    CHECK(r.iterations == rows);
    return r;
}
}  // namespace

// Issue #32 item 19a: the ways released a line only when the local buffers' window (lb_words elements
// behind the oldest iteration) had left it, so with 128 words and a line per element a way held
// 128 lines it could not replace: no prefetch ahead, every element a demand read. The local buffers
// keep copies of what passed them, so a line may go once its elements entered the L0 register.
TEST_CASE("A larger local buffer never starves a prefetch way (column walk, a line per element)", "[lapp][prefetch]") {
    for (LocalBufferKind kind : {LocalBufferKind::Conventional, LocalBufferKind::Optimized}) {
        ArrayConfig small, big;
        small.local_buffer = big.local_buffer = kind;
        small.lb_words = 16;
        // Optimized buffers above 64 words take 2 cycles per load (one more stage): compare at 64 there.
        big.lb_words = kind == LocalBufferKind::Conventional ? 128 : 64;
        const LoopReport a = column_sum_run(small, 256), b = column_sum_run(big, 256);
        INFO("kind " << int(kind) << ": lb_words " << small.lb_words << " " << a.cycles << " cycles (" << a.stall_cycles
                     << " stalled), " << big.lb_words << ": " << b.cycles << " cycles (" << b.stall_cycles
                     << " stalled)");
        CHECK(a.stages == b.stages);
        CHECK(b.cycles <= a.cycles);
        CHECK(b.stall_cycles <= a.stall_cycles);
        // The way prefetches: a window of 8 lines of 20 cycles each streams a line every 2.5 cycles,
        // demand reads would take 20 per element.
        CHECK(b.cycles < 256 * 5);
    }
    ArrayConfig biggest;
    biggest.lb_words = 255;  // the parameter's maximum, latency 2
    biggest.local_buffer = LocalBufferKind::Optimized;
    CHECK(column_sum_run(biggest, 256).cycles < 256 * 5);
}

// Issue #32 item 19b: LAPP_DESC truncated a stride above 0xFFF to its low 12 bits without a word.
TEST_CASE("A stride the descriptor cannot hold is never truncated: the DCPL is ignored with a warning",
          "[lapp][untrusted]") {
    CHECK((LAPP_DESC(1, 0, 0xFFF, 10) >> LAPP_DESC_STRIDE_SHIFT & LAPP_DESC_STRIDE_MASK) == 0xFFFu);
    CHECK((LAPP_DESC(1, 0, 0xFFF, 10) & LAPP_DESC_RESERVED) == 0);
    for (uint32_t stride : {0x1000u, 0x1004u, 0x10000u, 0xFFFFFFFCu}) {
        const uint32_t desc = LAPP_DESC(2, 1, stride, 77);
        CHECK((desc & LAPP_DESC_RESERVED) != 0);
        CHECK((desc & LAPP_DESC_WAY_MASK) == 2);
        CHECK((desc & LAPP_DESC_DOWN) != 0);
        CHECK(desc >> LAPP_DESC_COUNT_SHIFT == 77);
        unsigned way;
        StreamDesc s;
        const char* why = nullptr;
        CHECK_FALSE(decode_dcpl(kSrc, desc, way, s, why));
    }
    // A column walk with a 4 KiB + 4 B row pitch: the loop runs in normal mode, correctly, and says why.
    const std::string src = setlo(0, 1) + dcpl("a0", 1, 20, 0x1004) + R"(
loop:
    lw t0, 0(a0)
    add a3, a3, t0
    li t1, 0x1004
    add a0, a0, t1
    addi a2, a2, -1
    bnez a2, loop
    ebreak
)";
    Pair p;
    p.asm_load(src);
    fill_random(p, kSrc, 0x1004 * 20 / 4, 3);
    p.set_x(10, kSrc);
    p.set_x(12, 20);
    p.set_x(13, 0);
    REQUIRE(p.run());
    CHECK(p.compare() == "");
    CHECK(p.lapp.lapp->stats().dcpl_ignored == 1);
    CHECK(p.lapp.warnings.find("stride or record above 0xFFF") != std::string::npos);
}

// Issue #32 item 19c: a rejected setup cost no cycles while a mapped one costs capture + mapping +
// configuration + prefill. The capture and the mapper's work take their time either way.
TEST_CASE("A rejected array setup costs its capture and mapping cycles", "[lapp][reject]") {
    ArrayConfig cfg;
    cfg.capture_cycles_per_insn = 3;
    cfg.map_cycles_per_insn = 5;
    const std::string head = setlo(0, 1) + dcpl("a0", 1, 0) + dcpl("a1", 0, 0) + "loop:\n lw t0, 0(a0)\n";
    const std::string tail =
        " sw t0, 0(a1)\n addi a0, a0, 4\n addi a1, a1, 4\n addi a2, a2, -1\n bnez a2, loop\n ebreak\n";
    struct Case {
        const char* what;
        std::string src;
        Reject why;
        uint64_t cost;   // in cycles, from cfg
        uint64_t insns;  // instructions read by the setup (its energy events)
    };
    const Case cases[] = {
        // Capture stops at the division (the 2nd instruction of 7): 2 instructions read.
        {"division", head + " divu t0, t0, a2\n" + tail, Reject::Body, 2 * 3, 2},
        // The mapper rejects after reading all 6 instructions: capture and mapping of each.
        {"two streams one way", head.substr(0, head.find("loop:")) + "loop:\n lw t0, 0(a0)\n lw t1, 4(a0)\n" + tail,
         Reject::None, 7 * (3 + 5), 7},
    };
    for (const Case& c : cases) {
        Pair p(cfg);
        p.asm_load(c.src);
        fill_random(p, kSrc, 200, 1);
        p.set_x(10, kSrc);
        p.set_x(11, kDst);
        p.set_x(12, 50);
        REQUIRE(p.run());
        INFO(c.what << "\n" << p.lapp.log);
        CHECK(p.compare() == "");
        const LoopReport& r = only_loop(p.lapp);
        REQUIRE(r.rejected == 1);
        if (c.why != Reject::None) CHECK(r.last_reject == c.why);
        CHECK(r.rejected_setup_cycles == c.cost);
        CHECK(p.lapp.lapp->stats().setup_cycles == c.cost);
        CHECK(p.lapp.lapp->stats().setup_insns == c.insns);
        CHECK(p.lapp.hart.cycles() == p.plain.hart.cycles() + c.cost);
    }
}
