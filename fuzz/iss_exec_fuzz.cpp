// Fuzz target: the instruction decoder and executor. The input is a hart's starting state and a
// program: random instruction words and register values, run in a sandboxed hart on 64 KiB of
// flat RAM (plus the test environment's UART, CLINT and finisher) for a bounded number of cycles.
//
// Input: 32 little-endian words of state, then the program (copied to 0x80000000):
//   word 0..30   x1..x31 (registers whose bit is set in word 31's low half point into RAM instead)
//   word 31      bits 0-15: "points into RAM" mask for x1..x16; bits 16-19: misa variant;
//                bit 20: semihosting on
// Oracle besides the sanitizers: the same program runs twice, once through the fast path (DMI
// region, decode cache, TLBs) and once through the environment (no fast region); both must end in
// the same architectural state (registers, pc, instret, memory), since timing is identical
// (fast-region and environment accesses both cost 0 cycles here).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstdio>
#include <cstring>

#include "models/cpu/iss/hart.h"
#include "tests/iss/flat_env.h"

using namespace vp::iss;

namespace {
constexpr uint32_t kRam = 0x80000000u, kRamSize = 64 * 1024;
constexpr uint64_t kCycles = 20000;
constexpr size_t kHeader = 32 * 4;

uint32_t word(const uint8_t* p) {
    uint32_t v;
    std::memcpy(&v, p, 4);
    return v;
}

struct Run {
    test::FlatEnv env{kRam, kRamSize};
    Hart hart;
    Run(const HartConfig& cfg, const uint8_t* data, size_t size, bool fast) : hart(cfg, env) {
        env.hart = &hart;
        std::memcpy(env.host(kRam), data + kHeader, std::min<size_t>(size - kHeader, kRamSize));
        const uint32_t mask = word(data + 31 * 4) & 0xffff;
        for (unsigned i = 1; i < 32; ++i) {
            uint32_t v = word(data + 4 * (i - 1));
            if (i <= 16 && (mask >> (i - 1) & 1)) v = kRam + (v % kRamSize);
            hart.set_x(i, v);
        }
        if (fast) hart.add_fast_region(env.fast_region());
    }
    void go() {
        StopReason why = StopReason::CycleLimit;
        for (int stops = 0; stops < 64 && hart.cycles() < kCycles; ++stops) {
            why = hart.run(kCycles);
            if (why == StopReason::Exit || why == StopReason::CycleLimit) break;
            if (why == StopReason::Wfi) {
                if (hart.timer_deadline() >= kCycles) break;
                hart.idle_until(hart.timer_deadline());
            }
            // Trap (an exception loop): leave it where it is; the next run() makes no progress either.
            if (why == StopReason::Trap) break;
        }
    }
};
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size < kHeader + 4) return 0;
    const uint32_t ctl = word(data + 31 * 4);
    static const uint32_t kMisa[8] = {kMisaI | kMisaM | kMisaA | kMisaF | kMisaC,
                                      kMisaI,
                                      kMisaI | kMisaM | kMisaF,
                                      kMisaI | kMisaC,
                                      kMisaI | kMisaA,
                                      kMisaI | kMisaF | kMisaC,
                                      kMisaI | kMisaM | kMisaA | kMisaC,
                                      kMisaI | kMisaM | kMisaA | kMisaF};
    HartConfig cfg;
    cfg.misa = kMisa[(ctl >> 16) & 7];
    cfg.semihosting = (ctl >> 20) & 1;  // (no file access: the hart's default sandbox is off)
    cfg.reset_pc = kRam;
    cfg.timing = TimingConfig{};
    Run fast(cfg, data, size, true), slow(cfg, data, size, false);
    fast.go();
    slow.go();
    // x0 stays zero, pc stays 2-byte aligned, and both paths agree.
    if (fast.hart.x(0) != 0 || (fast.hart.pc() & 1)) std::abort();
    bool same = fast.hart.pc() == slow.hart.pc() && fast.hart.instret() == slow.hart.instret() &&
                fast.hart.cycles() == slow.hart.cycles() &&
                std::memcmp(fast.env.host(kRam), slow.env.host(kRam), kRamSize) == 0 &&
                fast.env.console == slow.env.console && fast.env.exit_code == slow.env.exit_code;
    for (unsigned i = 0; i < 32; ++i)
        same = same && fast.hart.x(i) == slow.hart.x(i) && fast.hart.f(i) == slow.hart.f(i);
    if (!same && std::getenv("VP_FUZZ_EXPLAIN")) {
        std::fprintf(stderr, "pc %x/%x instret %llu/%llu cycles %llu/%llu mem %d console %d exit %d/%d\n",
                     fast.hart.pc(), slow.hart.pc(), (unsigned long long)fast.hart.instret(),
                     (unsigned long long)slow.hart.instret(), (unsigned long long)fast.hart.cycles(),
                     (unsigned long long)slow.hart.cycles(),
                     std::memcmp(fast.env.host(kRam), slow.env.host(kRam), kRamSize) == 0,
                     fast.env.console == slow.env.console, fast.env.exit_code, slow.env.exit_code);
        for (unsigned i = 0; i < 32; ++i)
            if (fast.hart.x(i) != slow.hart.x(i) || fast.hart.f(i) != slow.hart.f(i))
                std::fprintf(stderr, "reg %u: x %x/%x f %llx/%llx\n", i, fast.hart.x(i), slow.hart.x(i),
                             (unsigned long long)fast.hart.f(i), (unsigned long long)slow.hart.f(i));
    }
    if (!same) std::abort();
    return 0;
}
