// Traps, interrupts, timer, WFI, self-modifying code, debug hooks, semihosting, HTIF, timing.
#include <catch2/catch.hpp>

#include "models/cpu/iss/fault_report.h"
#include "tests/iss/test_util.h"

using namespace vp::iss;
using namespace vp::iss::test;

namespace {
// Spins incrementing a0; the timer handler records mcycle/mcause/mepc and stops.
const char* kTimerProgram = R"(
    .option norvc
    la t0, handler
    csrw mtvec, t0
    li t0, 0x80
    csrw mie, t0
    csrsi mstatus, 8
  loop:
    addi a0, a0, 1
    j loop
  .align 2
  handler:
    csrr a1, mcycle
    csrr a2, mcause
    csrr a3, mepc
    ebreak
)";
}  // namespace

TEST_CASE("the timer interrupt is taken at the deadline, independent of the run() quantum", "[irq]") {
    uint32_t first_cycle = 0, first_count = 0;
    for (uint64_t quantum : {1'000'000ull, 7ull, 1ull}) {
        Rig r;
        r.asm_load(kTimerProgram);
        r.hart.set_timer_deadline(1000);
        StopReason why;
        do {
            why = r.run(quantum);
        } while (why == StopReason::CycleLimit);
        REQUIRE(why == StopReason::Trap);
        INFO("quantum " << quantum);
        CHECK(r.x(a2) == (kInterrupt | 7));
        // Taken at the first instruction boundary at or after cycle 1000 (each loop iteration is
        // 1 + 3 cycles: addi, then j with its refill penalty).
        CHECK(r.x(a1) >= 1000);
        CHECK(r.x(a1) < 1000 + 10);
        CHECK((r.csr(0x344) & kMTIP) != 0);
        if (quantum == 1'000'000ull) {
            first_cycle = r.x(a1);
            first_count = r.x(a0);
        } else {
            CHECK(r.x(a1) == first_cycle);
            CHECK(r.x(a0) == first_count);
        }
    }
}

TEST_CASE("vectored mtvec: interrupts go to base + 4*cause, exceptions to base; MEI beats MSI", "[irq]") {
    Rig r;
    r.asm_load(R"(
    .option norvc
    la t0, vectors
    ori t0, t0, 1
    csrw mtvec, t0
    li t0, 0x888
    csrw mie, t0
    csrsi mstatus, 8
    nop
    nop
    ebreak
  .align 6
  vectors:
    j exc
    .word 0, 0
    j msi           # base + 12
    .word 0, 0, 0, 0, 0, 0, 0
    j mei           # base + 44
  exc: li a0, 1
    ebreak
  msi: li a0, 3
    ebreak
  mei: li a0, 11
    ebreak
  )");
    r.hart.set_irq_pending(3, true);
    r.hart.set_irq_pending(11, true);
    REQUIRE(r.run() == StopReason::Trap);
    CHECK(r.x(a0) == 11);
    CHECK(r.csr(0x342) == (kInterrupt | 11));
    CHECK((r.csr(0x300) & 8) == 0);     // MIE cleared
    CHECK((r.csr(0x300) & 0x80) != 0);  // MPIE set
    CHECK((r.csr(0x300) & 0x1800) == 0x1800);
}

TEST_CASE("WFI stops the hart until an enabled interrupt; the timer wakes it inside run()", "[irq][wfi]") {
    Rig r;
    r.asm_load(R"(
    .option norvc
    li t0, 0x80
    csrw mie, t0              # MTIE, but mstatus.MIE = 0: wake up without trapping
    wfi
    li a0, 1
    ebreak
  )");
    REQUIRE(r.run(10'000) == StopReason::Wfi);
    CHECK(r.hart.waiting());
    const uint64_t at_wfi = r.hart.cycles();
    CHECK(r.run(10'000) == StopReason::Wfi);  // nothing pending: stays put without using cycles
    CHECK(r.hart.cycles() == at_wfi);
    r.hart.set_timer_deadline(at_wfi + 500);
    REQUIRE(r.run(10'000) == StopReason::Trap);
    CHECK(r.x(a0) == 1);
    CHECK(r.hart.stats().idle == 500);
    CHECK(!r.hart.waiting());

    // An external interrupt line wakes it too, after the embedding advanced time.
    Rig e;
    e.asm_load(".option norvc\n li t0, 0x800\n csrw mie, t0\n wfi\n li a0, 2\n ebreak\n");
    REQUIRE(e.run(10'000) == StopReason::Wfi);
    e.hart.idle_until(e.hart.cycles() + 1234);
    e.hart.set_irq_pending(11, true);
    REQUIRE(e.run(10'000) == StopReason::Trap);
    CHECK(e.x(a0) == 2);
    CHECK(e.hart.stats().idle == 1234);
}

TEST_CASE("self-modifying code is detected on stores; fence.i picks up outside writes", "[smc]") {
    Rig r;
    r.asm_load(R"(
    .option norvc
    li a0, 0
    jal ra, func               # a0 = 1
    la t0, func
    li t1, 0x06450513          # addi a0, a0, 100
    sw t1, 0(t0)               # the hart's own store: detected without fence.i
    jal ra, func               # a0 = 101
    ebreak                     # the test rewrites func behind the hart's back here
    jal ra, func               # stale decode: still +100 -> 201
    fence.i
    jal ra, func               # +1000 -> 1201
    ebreak
  .align 4
  func:
    addi a0, a0, 1
    ret
  )");
    REQUIRE(r.run() == StopReason::Trap);
    CHECK(r.x(a0) == 101);
    const uint32_t func = r.x(t0);
    r.env.write32(func, 0x3e850513);  // addi a0, a0, 1000, written without notify_external_write
    r.hart.set_pc(r.hart.pc() + 4);
    REQUIRE(r.run() == StopReason::Trap);
    CHECK(r.x(a0) == 1201);
}

TEST_CASE("breakpoints stop before the instruction; continuing executes it", "[debug]") {
    Rig r;
    r.asm_load(".option norvc\n li a0, 1\n li a0, 2\n li a0, 3\n ebreak\n");
    r.hart.add_breakpoint(kRamBase + 8);
    REQUIRE(r.run() == StopReason::Breakpoint);
    CHECK(r.hart.pc() == kRamBase + 8);
    CHECK(r.x(a0) == 2);
    REQUIRE(r.run() == StopReason::Trap);
    CHECK(r.x(a0) == 3);
    // single step
    r.hart.set_pc(kRamBase);
    REQUIRE(r.hart.step() == StopReason::Step);
    CHECK(r.hart.pc() == kRamBase + 4);
    CHECK(r.x(a0) == 1);
    r.hart.remove_breakpoint(kRamBase + 8);
    REQUIRE(r.run() == StopReason::Trap);
    CHECK(r.x(a0) == 3);
}

TEST_CASE("watchpoints stop after the accessing instruction", "[debug]") {
    Rig r;
    r.asm_load(R"(
    .option norvc
    li s0, 0x80005000
    lw a0, 0(s0)                # page watched for writes only: no stop
    li t0, 77
    sw t0, 8(s0)                # write watchpoint hit
    li a1, 1
    lw a2, 16(s0)               # read watchpoint hit
    li a3, 1
    ebreak
  )");
    r.hart.add_watchpoint(0x80005008, 4, WatchKind::Write);
    r.hart.add_watchpoint(0x80005010, 4, WatchKind::Read);
    REQUIRE(r.run() == StopReason::Watchpoint);
    CHECK(r.hart.last_watch_hit().addr == 0x80005008u);
    CHECK(r.hart.last_watch_hit().write);
    CHECK(r.env.read32(0x80005008) == 77);
    CHECK(r.hart.pc() == kRamBase + 16);  // after the sw (li s0 is one lui)
    REQUIRE(r.run() == StopReason::Watchpoint);
    CHECK(r.hart.last_watch_hit().addr == 0x80005010u);
    CHECK(!r.hart.last_watch_hit().write);
    CHECK(r.x(a1) == 1);
    r.hart.remove_watchpoint(0x80005010, 4, WatchKind::Read);
    REQUIRE(r.run() == StopReason::Trap);
    CHECK(r.x(a3) == 1);
}

TEST_CASE("access faults: fetch (1), load (5), store (7) with mtval = address", "[trap]") {
    struct Case {
        const char* code;
        uint32_t cause;
    };
    for (const Case& c : {Case{"li t1, 0x1000\n lw a0, 0(t1)", kLoadAccessFault},
                          Case{"li t1, 0x1000\n sw a0, 0(t1)", kStoreAccessFault},
                          Case{"li t1, 0x1000\n amoadd.w a0, a0, (t1)", kStoreAccessFault},
                          Case{"li t1, 0x1000\n jr t1", kInsnAccessFault}}) {
        Rig r;
        r.asm_load(std::string(".option norvc\n la t0, handler\n csrw mtvec, t0\n") + c.code +
                   "\n ebreak\n .align 2\nhandler: ebreak\n");
        REQUIRE(r.run() == StopReason::Trap);
        INFO(c.code);
        CHECK(r.csr(0x342) == c.cause);
        CHECK(r.csr(0x343) == 0x1000u);
        if (c.cause == kInsnAccessFault) CHECK(r.csr(0x341) == 0x1000u);
    }
}

TEST_CASE("a fault at the trap handler itself stops the hart with a readable report", "[trap]") {
    HartConfig cfg = Rig::default_config();
    cfg.reset_mtvec = 0x1000;  // nothing there
    Rig r(cfg);
    r.asm_load(".option norvc\n li t1, 0x2000\n lw a0, 0(t1)\n ebreak\n");
    REQUIRE(r.run() == StopReason::Trap);
    CHECK(r.hart.pc() == 0x1000u);
    CHECK(r.hart.last_trap().cause == kInsnAccessFault);
    const std::string report = fault_report(r.hart, r.hart.last_trap());
    CHECK(report.find("instruction access fault") != std::string::npos);
    CHECK(report.find("pc=0x00001000") != std::string::npos);

    // and a report at a readable instruction shows its disassembly
    HartConfig cfg2 = Rig::default_config();
    cfg2.stop_on_exceptions |= 1u << kLoadAccessFault;
    Rig r2(cfg2);
    r2.asm_load(".option norvc\n li t1, 0x2000\n lw a0, 0(t1)\n ebreak\n");
    REQUIRE(r2.run() == StopReason::Trap);
    const std::string rep2 =
        fault_report(r2.hart, r2.hart.last_trap(), [](uint32_t a) { return a == kRamBase + 4 ? "main+0x4" : ""; });
    CHECK(rep2.find("load access fault") != std::string::npos);
    CHECK(rep2.find("lw a0, 0(t1)") != std::string::npos);
    CHECK(rep2.find("<main+0x4>") != std::string::npos);
    CHECK(rep2.find("x6  t1   00002000") != std::string::npos);
}

TEST_CASE("semihosting: WRITE0, WRITEC, WRITE to :tt and EXIT_EXTENDED", "[semihosting]") {
    Rig r;
    r.asm_load(R"(
    .option norvc
    li a0, 4                   # SYS_WRITE0
    la a1, msg
    slli x0, x0, 0x1f
    ebreak
    srai x0, x0, 7
    li a0, 3                   # SYS_WRITEC
    la a1, bang
    slli x0, x0, 0x1f
    ebreak
    srai x0, x0, 7
    la a1, open_blk            # SYS_OPEN(":tt", "w")
    li a0, 1
    slli x0, x0, 0x1f
    ebreak
    srai x0, x0, 7
    la a1, write_blk
    sw a0, 0(a1)               # handle
    li a0, 5                   # SYS_WRITE -> 0 bytes left
    slli x0, x0, 0x1f
    ebreak
    srai x0, x0, 7
    mv s1, a0
    li a0, 0x20                # SYS_EXIT_EXTENDED(ApplicationExit, 42)
    la a1, exit_blk
    slli x0, x0, 0x1f
    ebreak
    srai x0, x0, 7
    ebreak
  .align 2
  open_blk: .word tt, 4, 3
  write_blk: .word 0, text, 3
  exit_blk: .word 0x20026, 42
  msg: .asciz "hello "
  bang: .byte '!'
  tt: .asciz ":tt"
  text: .ascii "abc"
  )");
    REQUIRE(r.run() == StopReason::Exit);
    CHECK(r.env.console == "hello !abc");
    CHECK(r.x(s1) == 0);
    CHECK(r.env.exit_code == 42);
    CHECK(r.hart.exit_code() == 42);
}

TEST_CASE("a plain ebreak (not in the semihosting sequence) is a breakpoint exception", "[semihosting]") {
    HartConfig cfg = Rig::default_config();
    cfg.stop_on_exceptions = 0;
    Rig r(cfg);
    r.asm_load(
        ".option norvc\n la t0, h\n csrw mtvec, t0\n li a0, 0x18\n nop\n ebreak\n nop\n .align 2\nh: csrr a1, mcause\n "
        "csrr a2, mtval\n wfi\n");
    REQUIRE(r.run() == StopReason::Wfi);
    CHECK(r.x(a1) == kBreakpointCause);
    CHECK(r.x(a2) == kRamBase + 20);
    CHECK(!r.env.exited);
}

TEST_CASE("HTIF tohost stores reach the environment and end the run", "[htif]") {
    HartConfig cfg = Rig::default_config();
    cfg.has_tohost = true;
    cfg.tohost_addr = 0x80006000;
    Rig r(cfg);
    r.asm_load(
        ".option norvc\n li t0, 0x80006000\n li t1, 0x80006004\n sw zero, 0(t1)\n li t2, 11\n sw t2, 0(t0)\n ebreak\n");
    REQUIRE(r.run() == StopReason::Exit);
    CHECK(r.env.exit_code == 5);
}

TEST_CASE("timing: base CPI 1, load-use, mul/div, taken branches, memory latencies", "[timing]") {
    // Cycles of `body`, relative to the same program without it.
    auto cycles_of = [](const std::string& body, uint32_t read_cycles = 0) {
        auto run = [&](const std::string& b) {
            Rig r(Rig::default_config(), false);
            r.hart.add_fast_region(r.env.fast_region(read_cycles, 0));
            r.asm_load(".option norvc\n li s0, 0x80008000\n" + b + "\n ebreak\n");
            r.run();
            return r.hart.cycles();
        };
        return run(body) - run("");
    };
    const TimingConfig t;
    CHECK(cycles_of("addi a0, a0, 1\n addi a1, a1, 1") == 2);
    CHECK(cycles_of("lw a0, 0(s0)\n addi a1, a0, 1") == 2 + t.load_use);
    CHECK(cycles_of("flw fa0, 0(s0)\n fadd.s fa1, fa0, fa0") == 2 + t.load_use + t.fadd);
    CHECK(cycles_of("lw a0, 0(s0)\n addi a1, a2, 1") == 2);
    CHECK(cycles_of("mul a0, a1, a2") == 1 + t.mul);
    CHECK(cycles_of("div a0, a1, a2") == 1 + t.div);
    CHECK(cycles_of("beq zero, zero, 1f\n 1:") == 1 + t.taken_branch);
    CHECK(cycles_of("bne zero, zero, 1f\n 1:") == 1);
    CHECK(cycles_of("jal zero, 1f\n 1:") == 1 + t.jump);
    CHECK(cycles_of("fdiv.s ft0, ft1, ft2") == 1 + t.fdiv);
    CHECK(cycles_of("fmadd.s ft0, ft1, ft2, ft3") == 1 + t.fma);
    // A 3-cycle fast region: the fetch and the data access both pay it.
    CHECK(cycles_of("lw a0, 0(s0)", 3) == 1 + 3 + 3);
}

TEST_CASE("timing: the Nios II/f profile (late results by distance, 2-bit prediction, FPH2 cycles)", "[timing]") {
    // Literal numbers from Intel's Nios II Processor Reference Guide (Nios II/f instruction
    // performance: late results have two cycles between them and a user; branches 2 taken / 1 not
    // taken / 4 mispredicted; jmp, ret, callr 3; call 2) and the FPH2 table (fmuls 4, fadds 5).
    const TimingConfig nios = timing_profile(TimingProfile::Nios2f);
    auto cycles_of = [&](const std::string& body) {
        auto run = [&](const std::string& b) {
            HartConfig cfg = Rig::default_config();
            cfg.timing = nios;
            Rig r(cfg, false);
            r.hart.add_fast_region(r.env.fast_region(0, 0));
            r.asm_load(".option norvc\n li s0, 0x80008000\n" + b + "\n ebreak\n");
            r.run();
            return r.hart.cycles();
        };
        return run(body) - run("");
    };
    // A late result (load, shift, mul, multi-cycle FP) and its user: 2 cycles, 1 with one
    // instruction between, none with two.
    CHECK(cycles_of("lw a0, 0(s0)\n addi a1, a0, 1") == 2 + 2);
    CHECK(cycles_of("lw a0, 0(s0)\n addi a2, a2, 1\n addi a1, a0, 1") == 3 + 1);
    CHECK(cycles_of("lw a0, 0(s0)\n addi a2, a2, 1\n addi a3, a3, 1\n addi a1, a0, 1") == 4);
    CHECK(cycles_of("slli a0, a0, 2\n add a1, a0, a1") == 2 + 2);
    CHECK(cycles_of("mul a0, a1, a2\n add a1, a0, a1") == 2 + 2);
    CHECK(cycles_of("add a0, a1, a2\n add a1, a0, a1") == 2);  // a normal ALU result: no gap
    // Two loads in a row, the first one's user next: its result is one cycle away.
    CHECK(cycles_of("lw a0, 0(s0)\n lw a1, 4(s0)\n addi a2, a0, 1") == 3 + 1);
    // FPH2: fmuls 4 cycles, fadds 5, and the late result between them.
    CHECK(cycles_of("fmul.s ft0, ft1, ft2") == 4);
    CHECK(cycles_of("fadd.s ft0, ft1, ft2") == 5);
    CHECK(cycles_of("fmul.s ft0, ft1, ft2\n fadd.s ft3, ft3, ft0") == 4 + 2 + 5);
    CHECK(cycles_of("flt.s a0, ft1, ft2") == 1);  // combinatorial custom instruction
    // Branches: the counters start weakly not taken, so a taken branch is mispredicted once (4
    // cycles), then predicted (2); a branch not taken is predicted (1).
    CHECK(cycles_of("beq zero, zero, 1f\n 1:") == 4);
    CHECK(cycles_of("bne zero, zero, 1f\n 1:") == 1);
    // A loop of 4 iterations: the backward branch is mispredicted on the first taken (the counter
    // goes weakly taken), predicted on the second and third, mispredicted at the exit.
    CHECK(cycles_of("li a0, 4\n 1: addi a0, a0, -1\n bnez a0, 1b") == 1 + 4 * 1 + (4 + 2 + 2 + 4));
    CHECK(cycles_of("jal zero, 1f\n 1:") == 2);                      // call, jmpi
    CHECK(cycles_of("la a0, 1f\n jalr zero, 0(a0)\n 1:") == 2 + 3);  // jmp, ret, callr (la: auipc + addi)
}

TEST_CASE("timing: a load-use stall for every operand a consumer reads, none for the others", "[timing]") {
    auto cycles = [](const std::string& body) {
        Rig r(Rig::default_config(), false);
        r.hart.add_fast_region(r.env.fast_region(0, 0));
        r.asm_load(".option norvc\n li s0, 0x80008000\n" + body + "\n ebreak\n");
        r.run();
        return r.hart.cycles();
    };
    const unsigned load_use = TimingConfig{}.load_use;
    // The same consumer after a load of the register it reads and after a load of another one.
    auto stall = [&](const std::string& load, const std::string& reads, const std::string& other) {
        return cycles(load + "\n" + reads) - cycles(load + "\n" + other);
    };
    const std::string lw = "lw a0, 0(s0)", flw = "flw fa0, 0(s0)";
    CHECK(stall(lw, "addi a1, a0, 1", "addi a1, a3, 1") == load_use);                // I, rs1
    CHECK(stall(lw, "add a1, a2, a0", "add a1, a2, a3") == load_use);                // R, rs2
    CHECK(stall(lw, "sw a0, 4(s0)", "sw a3, 4(s0)") == load_use);                    // store data
    CHECK(stall(lw, "bne zero, a0, 1f\n 1:", "bne zero, a3, 1f\n 1:") == load_use);  // branch, rs2
    CHECK(stall(lw, "fcvt.s.w ft0, a0", "fcvt.s.w ft0, a3") == load_use);            // int source of an FP op
    CHECK(stall(lw, "fmv.w.x ft0, a0", "fmv.w.x ft0, a3") == load_use);
    CHECK(stall(lw, "csrrw zero, mscratch, a0", "csrrw zero, mscratch, a3") == load_use);
    CHECK(stall(flw, "fsw fa0, 4(s0)", "fsw fa3, 4(s0)") == load_use);                          // FP store data
    CHECK(stall(flw, "fmadd.s ft0, ft1, ft2, fa0", "fmadd.s ft0, ft1, ft2, fa3") == load_use);  // rs3
    CHECK(stall(flw, "feq.s a1, ft1, fa0", "feq.s a1, ft1, fa3") == load_use);                  // FP compare, rs2
    CHECK(stall(flw, "fcvt.w.s a1, fa0", "fcvt.w.s a1, fa3") == load_use);
    CHECK(stall(flw, "fmv.x.w a1, fa0", "fmv.x.w a1, fa3") == load_use);
    CHECK(stall(flw, "fsqrt.s ft0, fa0", "fsqrt.s ft0, fa3") == load_use);
    // x10 and f10 are different registers; an immediate or a destination is no read.
    CHECK(stall(lw, "fadd.s ft0, fa0, fa0", "fadd.s ft0, fa3, fa3") == 0);
    CHECK(stall(flw, "addi a1, a0, 1", "addi a1, a3, 1") == 0);
    CHECK(stall(lw, "lui a0, 1", "lui a3, 1") == 0);
    CHECK(stall(lw, "fcvt.s.w fa0, a3", "fcvt.s.w fa3, a3") == 0);
}

TEST_CASE("periodic checkpoints: the hart notes the boundaries the embedding would have been asked about", "[timing]") {
    // A loop of short instructions and long divisions (32 extra cycles: one instruction passes
    // several periods at once), run once with the embedding asked at every checkpoint and once with
    // the period handed to the hart: the same boundaries, the same run.
    const std::string prog =
        ".option norvc\n li t0, 40\n li t1, 7\n"
        "1: div t2, t0, t1\n addi t0, t0, -1\n mul t3, t0, t1\n bnez t0, 1b\n ebreak\n";
    for (const uint64_t period : {5ull, 13ull, 64ull, 1000ull}) {
        Rig asked, periodic;
        asked.env.checkpoint_period = periodic.env.checkpoint_period = period;
        asked.asm_load(prog);
        periodic.asm_load(prog);
        asked.hart.set_checkpoint(period);
        periodic.hart.set_checkpoint(period, period);
        REQUIRE(asked.run() == StopReason::Trap);
        REQUIRE(periodic.run() == StopReason::Trap);
        CHECK(periodic.hart.cycles() == asked.hart.cycles());
        CHECK(periodic.env.checkpoints.empty());  // (the hart did not call out)
        REQUIRE(!asked.env.checkpoints.empty());
        CHECK(periodic.hart.checkpoint_passed() == asked.env.checkpoints.back());
        CHECK(asked.hart.checkpoint_passed() == Hart::kNoCheckpoint);
        // One call per boundary passed, however many an instruction passes at once.
        for (size_t i = 1; i < asked.env.checkpoints.size(); ++i)
            CHECK(asked.env.checkpoints[i] / period > asked.env.checkpoints[i - 1] / period);
    }
    // A new set_checkpoint() forgets the boundaries passed before it.
    Rig r;
    r.asm_load(prog);
    r.hart.set_checkpoint(10, 10);
    REQUIRE(r.run() == StopReason::Trap);
    CHECK(r.hart.checkpoint_passed() != Hart::kNoCheckpoint);
    r.hart.set_checkpoint(~0ull, 10);
    CHECK(r.hart.checkpoint_passed() == Hart::kNoCheckpoint);
}

TEST_CASE("the slow path (no fast regions) gives the same results and counts accesses", "[memory]") {
    Rig r(Rig::default_config(), false);
    r.env.slow_cycles = 5;
    r.asm_load(".option norvc\n li s0, 0x80008000\n li t0, 9\n sw t0, 0(s0)\n lw a0, 0(s0)\n ebreak\n");
    REQUIRE(r.run() == StopReason::Trap);
    CHECK(r.x(a0) == 9);
    CHECK(r.env.slow_accesses == 5 + 2);  // one fetch per instruction, sw, lw
    const HartStats s = r.hart.stats();
    CHECK(s.stall_data == 2 * 5);
    CHECK(s.stall_fetch == 5 * 5);
}
