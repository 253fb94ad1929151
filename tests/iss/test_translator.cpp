// The translating executor (models/cpu/iss/translator.h) against the interpreter: the same program on
// two harts, one per executor, stopped at the same cycle limits; after every stop the registers, pc,
// memory and every counter must be equal, and the translator must have made blocks (else the
// comparison proves nothing).
#include <catch2/catch.hpp>

#include <cstdlib>
#include <cstring>
#include <string>

#include "models/cpu/iss/translator.h"
#include "tests/iss/test_util.h"

using namespace vp::iss;
using namespace vp::iss::test;
using vp::RepeatHits;

namespace {

// The suites also run under VP_EXECUTOR and VP_TRANSLATE_AFTER (which override HartConfig's
// executor and translate_after): not these harts.
struct NoExecutorOverride {
    struct Saved {
        const char* name;
        std::string value;
        bool had;
    };
    Saved saved[2] = {{"VP_EXECUTOR", "", false}, {"VP_TRANSLATE_AFTER", "", false}};
    NoExecutorOverride() {
        for (Saved& s : saved) {
            s.had = std::getenv(s.name) != nullptr;
            if (s.had) s.value = std::getenv(s.name);
            unsetenv(s.name);
        }
    }
    ~NoExecutorOverride() {
        for (const Saved& s : saved) {
            if (s.had) setenv(s.name, s.value.c_str(), 1);
        }
    }
};

// translate_after: 1 by default here (a block at every first visit: the most translated code, the
// strictest comparison), the platform's default where a test says so.
struct Pair {
    NoExecutorOverride no_override;
    Rig interp, jit;
    static HartConfig config(Executor e, uint32_t misa, unsigned translate_after) {
        HartConfig c = Rig::default_config();
        c.executor = e;
        c.misa = misa;
        c.translate_after = translate_after;
        return c;
    }
    Pair(uint32_t read_cycles, uint32_t write_cycles, uint32_t misa = HartConfig{}.misa, unsigned translate_after = 1)
        : interp(config(Executor::Interpret, misa, translate_after), false),
          jit(config(Executor::Translate, misa, translate_after), false) {
        interp.hart.add_fast_region(interp.env.fast_region(read_cycles, write_cycles));
        jit.hart.add_fast_region(jit.env.fast_region(read_cycles, write_cycles));
    }
    void asm_load(const std::string& src) {
        const auto bytes = assemble(src);
        interp.load(bytes);
        jit.load(bytes);
    }
    // Runs both in steps of `step` cycles (varied: limits fall anywhere in blocks) until the ebreak,
    // comparing everything after each step. Returns the number of steps.
    unsigned run_compare(uint64_t step, uint64_t max_cycles = 2'000'000) {
        unsigned steps = 0;
        for (;;) {
            const uint64_t s = step + (steps * 7) % 13;  // (not a fixed period)
            const StopReason a = interp.hart.run(interp.hart.cycles() + s);
            const StopReason b = jit.hart.run(jit.hart.cycles() + s);
            ++steps;
            INFO("step " << steps << " pc " << std::hex << interp.hart.pc() << " / " << jit.hart.pc());
            REQUIRE(a == b);
            compare();
            if (a != StopReason::CycleLimit || interp.hart.cycles() > max_cycles) break;
        }
        return steps;
    }
    void compare() {
        const Hart& i = interp.hart;
        const Hart& j = jit.hart;
        REQUIRE(i.pc() == j.pc());
        REQUIRE(i.cycles() == j.cycles());
        REQUIRE(i.instret() == j.instret());
        REQUIRE(i.checkpoint_passed() == j.checkpoint_passed());
        for (unsigned r = 0; r < 32; ++r) {
            INFO("x" << r);
            REQUIRE(i.x(r) == j.x(r));
        }
        for (unsigned r = 0; r < 32; ++r) {
            INFO("f" << r);
            REQUIRE(i.f(r) == j.f(r));
        }
        for (uint16_t csr : {0x001 /* fflags */, 0x300 /* mstatus */, 0x341 /* mepc */, 0x342 /* mcause */}) {
            INFO("csr " << std::hex << csr);
            REQUIRE(interp.csr(csr) == jit.csr(csr));
        }
        const HartStats si = i.stats(), sj = j.stats();
        REQUIRE(si.stall_fetch == sj.stall_fetch);
        REQUIRE(si.stall_data == sj.stall_data);
        REQUIRE(si.stall_exec == sj.stall_exec);
        REQUIRE(si.traps == sj.traps);
        REQUIRE(std::memcmp(interp.env.host(kRamBase), jit.env.host(kRamBase), 1u << 20) == 0);
    }
};

// Integer work of every kind a block covers (ALU, shifts, M with the division corner cases, loads
// of every width with and without a load-use stall, stores, compressed forms, lui/auipc, calls),
// a UART status load (MMIO: the block leaves there), and a trap (a load from nowhere) handled by
// a handler that skips it; 200 iterations.
const char* kMixedLoop = R"(
    la t0, handler
    csrw mtvec, t0
    la s0, data
    li s1, 200
    li a0, 0x12345
    li a1, -7
loop:
    add a2, a0, a1
    sub a3, a0, a1
    xor a4, a2, a3
    or a5, a4, a1
    and a6, a5, a0
    slt a7, a1, a0
    sltu t1, a1, a0
    sll t2, a0, a1
    srl t3, a1, a1
    sra t4, a1, a2
    slli t2, t2, 3
    srli t3, t3, 5
    srai t4, t4, 2
    slti t5, a1, -3
    sltiu t6, a1, 100
    xori a2, a2, -1
    ori a3, a3, 0x70
    andi a4, a4, 0x3f
    mul a5, a0, a1
    mulh a6, a0, a1
    mulhsu a7, a1, a0
    mulhu t1, a1, a0
    div t2, a0, a1
    rem t3, a0, a1
    divu t4, a0, a1
    remu t5, a0, a1
    div t6, a0, zero
    rem t2, a0, zero
    divu t3, a0, zero
    remu t4, a0, zero
    li t5, 0x80000000
    li t6, -1
    div a2, t5, t6
    rem a3, t5, t6
    sw a0, 0(s0)
    sh a1, 4(s0)
    sb a2, 6(s0)
    lw a4, 0(s0)
    add a4, a4, a4          # load-use
    lh a5, 4(s0)
    lhu a6, 4(s0)
    lb a7, 6(s0)
    lbu t1, 6(s0)
    addi t1, t1, 1          # load-use
    c.addi a0, 3
    c.slli a1, 1
    c.lw a2, 0(s0)
    c.sw a2, 8(s0)
    lui t2, 0xabcde
    auipc t3, 0x10
    li t4, 0x10000005
    lbu t5, 0(t4)           # the UART's line status: MMIO, the slow path
    lui t4, 0x70000
    lw t6, 0(t4)            # nothing there: an access fault, skipped by the handler
    jal ra, leaf
    li t0, 100              # each kind of branch both ways (s1 runs from 200 down to 1)
    bgeu s1, t0, 4f
    addi a0, a0, 5
4:  bltu s1, t0, 5f
    addi a0, a0, 7
5:  blt s1, t0, 6f
    addi a0, a0, 9
6:  bge s1, t0, 7f
    addi a0, a0, 11
7:  bne s1, t0, 8f
    addi a0, a0, 13
8:  beq s1, t0, 9f
    addi a0, a0, 1
9:  srai a1, a1, 1
    addi s1, s1, -1
    bnez s1, loop
    beq a0, a0, 1f
    nop
1:  bltu a1, a0, 2f
    nop
2:  bge a0, a1, 3f
3:  ebreak
leaf:
    addi a0, a0, 1
    ret
.align 2
handler:
    csrr t0, mepc
    addi t0, t0, 4
    csrw mepc, t0
    mret
.align 12                   # (a page of its own: stores to a page of code leave the block)
data:
    .space 64
)";

}  // namespace

TEST_CASE("translator: a mixed integer loop: state and counters equal to the interpreter's at every stop",
          "[translator]") {
    if (!Translator::available()) return;  // (a build without xbyak: nothing to compare)
    for (uint32_t region : {0u, 3u}) {
        for (uint64_t step : {1'000'000ull, 97ull, 5ull}) {
            for (unsigned after : {1u, HartConfig::kDefaultTranslateAfter}) {
                INFO("region cycles " << region << ", steps of ~" << step << " cycles, translate_after " << after);
                Pair p(region, region + 1, HartConfig{}.misa, after);
                p.asm_load(kMixedLoop);
                p.run_compare(step);
                CHECK(p.jit.stopped_at_ebreak());
                CHECK(p.interp.stopped_at_ebreak());
                REQUIRE(p.jit.hart.translator() != nullptr);
                CHECK(p.jit.hart.translator()->blocks_translated() > 0);
                CHECK(p.interp.hart.translator() == nullptr);
            }
        }
    }
}

// The hotness threshold (HartConfig::translate_after): a loop whose entry the interpreter reaches
// `visits` times gets its block at the translate_after-th visit, not before; the count starts over
// when the code is decoded again (fence.i).
TEST_CASE("translator: a block is translated at the translate_after-th visit of its entry, not before",
          "[translator]") {
    if (!Translator::available()) return;  // (a build without xbyak: nothing to compare)
    // The loop body is one block (it branches back to its own entry, so once translated it runs on
    // inside the block); nothing else is translatable or visited more than once.
    const auto program = [](unsigned visits) {
        return "    li s1, " + std::to_string(visits) + R"(
loop:
    addi a0, a0, 3
    addi s1, s1, -1
    bnez s1, loop
    ebreak
)";
    };
    for (unsigned after : {2u, 5u, HartConfig::kDefaultTranslateAfter, 255u}) {
        for (unsigned visits : {after - 1, after, after + 1}) {
            INFO("translate_after " << after << ", loop entry reached " << visits << " times");
            Pair p(1, 1, HartConfig{}.misa, after);
            p.asm_load(program(visits));
            p.run_compare(1'000'000);
            CHECK(p.jit.stopped_at_ebreak());
            CHECK(p.jit.x(10) == 3 * visits);
            CHECK(p.jit.hart.translator()->blocks_translated() == (visits >= after ? 1u : 0u));
        }
    }
    {
        // translate_after 1: the first visit translates (li .. bnez, one block; the branch is not
        // taken, ebreak is not translatable).
        Pair p(1, 1, HartConfig{}.misa, 1);
        p.asm_load(program(1));
        p.run_compare(1'000'000);
        CHECK(p.jit.stopped_at_ebreak());
        CHECK(p.jit.hart.translator()->blocks_translated() == 1u);
    }
    {
        // The loop run twice, 4 visits each, fence.i in between: 8 visits in all, but the count starts
        // over with the code decoded again, so translate_after 5 is never reached.
        Pair p(1, 1, HartConfig{}.misa, 5);
        p.asm_load(R"(
    li s2, 2
outer:
    li s1, 4
loop:
    addi a0, a0, 3
    addi s1, s1, -1
    bnez s1, loop
    fence.i
    addi s2, s2, -1
    bnez s2, outer
    ebreak
)");
        p.run_compare(1'000'000);
        CHECK(p.jit.stopped_at_ebreak());
        CHECK(p.jit.x(10) == 24u);
        CHECK(p.jit.hart.translator()->blocks_translated() == 0u);
    }
}

TEST_CASE("translator: self-modifying code (a store into the running block's page, then fence.i)", "[translator]") {
    if (!Translator::available()) return;  // (a build without xbyak: nothing to compare)
    // The loop rewrites the immediate of `patched` (addi a0, a0, imm) each iteration: the store hits
    // a page of decoded code, so it leaves the block and invalidates the page; the fence.i flushes.
    const char* src = R"(
    .option norvc
    la s0, patched
    la s2, scratch
    li s1, 50
    li a0, 0
loop:
    lw t0, 0(s0)
    li t1, 0x00100000     # imm += 1 (bits 20..31)
    add t0, t0, t1
    sw t0, 0(s0)
    fence.i
patched:
    addi a0, a0, 1
    addi s1, s1, -1
    sw a0, 0(s2)          # (a store into the code page without fence.i: leaves the block too)
    bnez s1, loop
    ebreak
scratch:
    .word 0
)";
    for (uint64_t step : {1'000'000ull, 11ull}) {
        INFO("steps of ~" << step);
        Pair p(2, 2);
        p.asm_load(src);
        p.run_compare(step);
        CHECK(p.jit.stopped_at_ebreak());
        CHECK(p.jit.hart.translator()->blocks_translated() > 0);
        // imm went 2, 3, ..., 51: a0 = 2 + 3 + ... + 51
        CHECK(p.jit.x(10) == (2 + 51) * 50 / 2);
    }
}

TEST_CASE("translator: a chained exit into a block whose page a store invalidated runs the new code", "[translator]") {
    if (!Translator::available()) return;  // (a build without xbyak: nothing to compare)
    // Each iteration's store patches `target` (its immediate += 1) in the page the blocks run in,
    // without fence.i: the store leaves its block, the page's slots are decoded again as they are
    // reached, and the block made after the store jumps to `target`, whose old block is still in the
    // table (its slot not decoded yet, its flag not cleared): the jump must not enter that block.
    const char* src = R"(
    .option norvc
    la s0, target
    li t1, 0x00100000
    li s1, 40
    li a0, 0
loop:
    lw t0, 0(s0)
    add t0, t0, t1
    sw t0, 0(s0)
    addi s1, s1, -1
    j target
back:
    bnez s1, loop
    ebreak
target:
    addi a0, a0, 1
    addi a1, a1, 1
    j back
)";
    for (unsigned after : {1u, 2u, HartConfig::kDefaultTranslateAfter}) {
        for (uint64_t step : {1'000'000ull, 7ull}) {
            INFO("translate_after " << after << ", steps of ~" << step);
            Pair p(1, 1, HartConfig{}.misa, after);
            p.asm_load(src);
            p.run_compare(step);
            CHECK(p.jit.stopped_at_ebreak());
            CHECK(p.jit.x(10) == (2 + 41) * 40 / 2);  // imm 2, 3, ..., 41
            CHECK(p.jit.x(11) == 40u);
            if (after == 1) CHECK(p.jit.hart.translator()->blocks_translated() > 0);
        }
    }
}

TEST_CASE("translator: a misaligned jalr target traps (without C) as in the interpreter", "[translator]") {
    if (!Translator::available()) return;  // (a build without xbyak: nothing to compare)
    const char* src = R"(
    .option norvc
    la t0, handler
    csrw mtvec, t0
    li s1, 20
loop:
    la t1, target
    addi t1, t1, 2        # misaligned without C
    addi a0, a0, 1
    jalr ra, t1, 0
back:
    addi s1, s1, -1
    bnez s1, loop
    ebreak
target:
    nop
    nop
handler:
    la t0, back
    csrw mepc, t0
    mret
)";
    Pair p(1, 1, HartConfig{}.misa & ~kMisaC);
    p.asm_load(src);
    p.run_compare(1'000'000);
    CHECK(p.jit.stopped_at_ebreak());
    CHECK(p.jit.hart.stats().traps == 20);
    CHECK(p.jit.hart.translator()->blocks_translated() > 0);
}

TEST_CASE("translator: a tight loop (a block that branches to its own entry) with loads, load-use and events",
          "[translator]") {
    if (!Translator::available()) return;  // (a build without xbyak: nothing to compare)
    const char* src = R"(
    la s0, data
    li s1, 300
    li a0, 0
loop:
    lw t0, 0(s0)
    add a0, a0, t0          # load-use
    lbu t1, 5(s0)
    sw a0, 8(s0)
    addi t0, t0, 3
    sw t0, 0(s0)
    addi s1, s1, -1
    bnez s1, loop
    ebreak
.align 12                   # (a page of its own: stores to a page of code leave the block)
data:
    .word 7, 0x1234, 0, 0
)";
    for (uint32_t region : {0u, 2u}) {
        for (uint64_t step : {1'000'000ull, 50ull, 3ull}) {
            INFO("region cycles " << region << ", steps of ~" << step);
            Pair p(region, region);
            p.asm_load(src);
            // Periodic checkpoints (the platform's run-ahead sets them every quantum): a block notes
            // the ones it passes itself.
            p.interp.hart.set_checkpoint(100, 37);
            p.jit.hart.set_checkpoint(100, 37);
            p.run_compare(step);
            CHECK(p.jit.stopped_at_ebreak());
            CHECK(p.jit.hart.translator()->blocks_translated() > 0);
        }
    }
}

TEST_CASE("translator: FP loads, stores and arithmetic (NaNs, fflags, rounding modes, FS off)", "[translator]") {
    if (!Translator::available()) return;  // (a build without xbyak: nothing to compare)
    // fadd/fsub/fmul/fdiv at RNE (static and dynamic), fsgnj*, fmv; frm switched to RTZ halfway (the
    // dynamic-rm instructions leave the block to the interpreter), 0/0 and inf-inf (canonical NaN, NV),
    // fflags read back, mstatus.FS set back to Initial each iteration (the FP instructions make it Dirty)
    // and turned off for the last iterations (illegal, skipped).
    const char* src = R"(
    la t0, handler
    csrw mtvec, t0
    la s0, data
    li s1, 40
loop:
    li t2, 0x4000           # mstatus.FS Dirty -> Initial: each FP instruction below makes it Dirty
    csrc mstatus, t2
    flw fa0, 0(s0)
    flw fa1, 4(s0)
    fadd.s fa2, fa0, fa1
    fsub.s fa3, fa0, fa1, rne
    fmul.s fa4, fa2, fa3
    fdiv.s fa5, fa4, fa1
    fsgnj.s ft0, fa5, fa1
    fsgnjn.s ft1, fa5, fa1
    fsgnjx.s ft2, fa5, fa1
    fmv.x.w a0, ft2
    fmv.w.x ft3, a0
    fsw fa5, 0(s0)
    fsw ft3, 8(s0)
    flw ft4, 12(s0)         # 0.0
    fdiv.s ft5, ft4, ft4    # 0/0: NaN, NV
    fsw ft5, 16(s0)
    csrr a1, fflags
    sw a1, 20(s0)
    li t1, 20
    bne s1, t1, 1f
    csrwi frm, 1            # RTZ from here on
1:  li t1, 5
    bne s1, t1, 2f
    li t2, 0x6000           # mstatus.FS off: the FP instructions trap from here on
    csrc mstatus, t2
2:  addi s1, s1, -1
    bnez s1, loop
    ebreak
.align 2
handler:
    csrr t0, mepc
    addi t0, t0, 4
    csrw mepc, t0
    mret
.align 12                   # (a page of its own: stores to a page of code leave the block)
data:
    .word 0x3fc00000, 0x40490fdb, 0, 0, 0, 0
)";
    for (uint64_t step : {1'000'000ull, 17ull}) {
        INFO("steps of ~" << step);
        Pair p(1, 1);
        p.asm_load(src);
        p.run_compare(step);
        CHECK(p.jit.stopped_at_ebreak());
        CHECK(p.jit.hart.translator()->blocks_translated() > 0);
        for (unsigned r = 0; r < 32; ++r) {
            INFO("f" << r);
            CHECK(p.jit.hart.f(r) == p.interp.hart.f(r));
        }
        CHECK(p.jit.csr(0x001) == p.interp.csr(0x001));  // fflags
        CHECK(p.jit.csr(0x300) == p.interp.csr(0x300));  // mstatus
        CHECK(p.jit.hart.stats().traps > 0);
    }
}

namespace {

// A cache model for the hart's MemTiming hooks (env.h) that exercises what a translated block does
// with caches: it grants repeat hits (models/common/repeat_hits.h) to some lines (per-line stamps on
// some, stores on some), takes all grants back now and then, answers with cycles that depend on the
// address, and records every call with the hart's state at the call (pc, cycle count, instret), which
// must be the interpreter's. Counters and stamps are its own, compared at the end.
struct ToyCache : MemTiming {
    struct Call {
        int kind;
        uint32_t addr;
        unsigned len;
        uint64_t now;
        uint32_t region_cycles, pc;
        uint64_t cycles, instret;
        bool operator==(const Call& o) const {
            return kind == o.kind && addr == o.addr && len == o.len && now == o.now &&
                   region_cycles == o.region_cycles && pc == o.pc && cycles == o.cycles && instret == o.instret;
        }
    };
    Hart& hart;
    std::vector<Call> calls;
    uint64_t counts[2] = {0, 0}, lookups = 0, clock = 0, stamps[64] = {};

    explicit ToyCache(Hart& h) : hart(h) {
        for (bool fetch : {false, true}) {
            RepeatHits& g = hart.repeat_hits(fetch);
            g.shift = 6;
            g.mask = 63;
            g.lookups = &lookups;
            g.clock = &clock;
        }
    }
    void grant(bool fetch, uint32_t addr, bool store) {
        RepeatHits& g = hart.repeat_hits(fetch);
        if (calls.size() % 23 == 0) g.revoke_all();
        const uint64_t line = addr >> 6;
        if (line % 3 == 1) return;  // never granted
        RepeatHits::Entry& e = g.entry[line & g.mask];
        e.line = line;
        e.counts = counts;
        e.stamp = line % 2 ? &stamps[line % 64] : nullptr;
        e.stores = store || line % 5 == 0;
    }
    uint32_t data_access(AccessKind kind, uint32_t addr, unsigned len, uint64_t now, uint32_t region_cycles) override {
        calls.push_back(Call{int(kind), addr, len, now, region_cycles, hart.pc(), hart.cycles(), hart.instret()});
        grant(false, addr, is_write(kind));
        return (addr >> 2) % 4 + region_cycles;
    }
    uint32_t fetch_line(uint32_t addr, uint64_t now) override {
        calls.push_back(Call{-1, addr, 0, now, 0, hart.pc(), hart.cycles(), hart.instret()});
        grant(true, addr, false);
        return (addr >> 6) % 3 + 1;
    }
    unsigned fetch_line_bits() const override { return 6; }
};

}  // namespace

TEST_CASE("translator: with a cache model, the same calls at the same state, the same grants counted", "[translator]") {
    if (!Translator::available()) return;  // (a build without xbyak: nothing to compare)
    // The mixed loop (every block kind, MMIO, a trap, line crossings within blocks) and a tight loop
    // over a few lines of data, in steps that stop anywhere; both harts' toy caches must have seen
    // the same calls and counted the same repeats.
    const char* tight = R"(
    la s0, data
    li s1, 400
loop:
    andi t2, s1, 15
    slli t2, t2, 4
    add t3, s0, t2
    lw t0, 0(t3)
    add a0, a0, t0          # load-use
    sw a0, 4(t3)
    sh a0, 8(t3)
    lbu t1, 9(t3)
    sw t1, 68(t3)
    addi s1, s1, -1
    bnez s1, loop
    ebreak
.align 12
data:
    .space 512
)";
    for (const char* src : {kMixedLoop, tight}) {
        for (uint64_t step : {3ull, 41ull, 1'000'000ull}) {
            INFO((src == tight ? "tight loop" : "mixed loop") << ", steps of ~" << step);
            Pair p(1, 2);
            ToyCache ci(p.interp.hart), cj(p.jit.hart);
            p.interp.hart.set_mem_timing(&ci);
            p.jit.hart.set_mem_timing(&cj);
            p.asm_load(src);
            p.interp.hart.set_checkpoint(100, 37);
            p.jit.hart.set_checkpoint(100, 37);
            p.run_compare(step);
            CHECK(p.jit.stopped_at_ebreak());
            CHECK(p.jit.hart.translator()->blocks_translated() > 0);
            REQUIRE(ci.calls.size() == cj.calls.size());
            for (size_t k = 0; k < ci.calls.size(); ++k) {
                INFO("call " << k << ": kind " << ci.calls[k].kind << " addr " << std::hex << ci.calls[k].addr);
                REQUIRE(ci.calls[k] == cj.calls[k]);
            }
            CHECK(ci.lookups > 100);  // (repeats were counted: the grants were used)
            CHECK(ci.counts[0] == cj.counts[0]);
            CHECK(ci.counts[1] == cj.counts[1]);
            CHECK(ci.lookups == cj.lookups);
            CHECK(ci.clock == cj.clock);
            CHECK(std::memcmp(ci.stamps, cj.stamps, sizeof ci.stamps) == 0);
        }
    }
}
