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

std::string hexs(uint32_t v) {
    char b[16];
    std::snprintf(b, sizeof b, "0x%x", v);
    return b;
}

// "li t6, desc; or x0, base, t6": a DCPL in assembly.
std::string dcpl(const char* base, unsigned way, unsigned count, unsigned stride = 0, bool down = false) {
    return "li t6, " + hexs(LAPP_DESC(way, down, stride, count)) + "\n or x0, " + base + ", t6\n";
}
std::string setlo(unsigned load, unsigned way, bool storebuf = false) {
    return "ori x0, x0, " + std::to_string(LAPP_SETLO_IMM(load, way, storebuf)) + "\n";
}

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
            CHECK(r.words_needed == (words >= 3 ? 3u : 0u));  // reported when mapped
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
