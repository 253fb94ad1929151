// The LAPP device on a bus with a RAM, driven through its registers (include/vp/regs/lapp.h) by a
// scripted initiator: a started function runs and returns, its loop on the array; counters, the L0
// info register, the IRQ, the trace of the prefetch reads; errors (a trap, a bad entry, START while
// busy, ABORT of an endless loop) end in a status, never in a host failure. One TEST_CASE per process.
#include <catch2/catch.hpp>

#include <cstring>
#include <random>

#include "models/common/exit_code.h"
#include "models/lapp/lapp_device.h"
#include "models/memory/memory.h"
#include "tests/lapp/lapp_rig.h"
#include "tests/periph/harness.h"
#include "vp/regs/lapp.h"

using namespace vp;
using namespace vp::test;

namespace {

constexpr uint64_t kRam = 0x80000000, kRamSize = 4 << 20, kLapp = VP_LAPP_BASE;
constexpr uint32_t kCode = 0x80000000, kSrc = 0x80100000, kDst = 0x80200000, kStack = 0x80300000;

using lapp::test::dcpl;
using lapp::test::setlo;

// out[i] = in[i] * 3 + 7 (a0 = in, a1 = out, a2 = n), as a function.
const std::string kScaleFn = setlo(0, 1) + dcpl("a0", 1, 0) + dcpl("a1", 0, 0) + R"(
    beqz a2, done
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
done:
    li a0, 42
    ret
)";

struct LappBench : Bench {
    std::unique_ptr<Memory> ram;
    std::unique_ptr<LappDevice> lapp;
    std::vector<Edge> edges;

    explicit LappBench(LappConfig cfg = {}) {
        MemoryConfig mc;
        mc.size = kRamSize;
        mc.fixed.latency = 20 * kNs;
        ram = std::make_unique<Memory>("ram", ctx, mc);
        cfg.base = kLapp;
        lapp = std::make_unique<LappDevice>("lapp", ctx, cfg);
        bus.initiator_socket.bind(ram->target_socket);
        bus.map(ports++, kRam, kRamSize, "ram");
        attach(*lapp, kLapp);
        lapp->initiator_socket.bind(bus.target_socket);
        lapp->set_cacheable(kRam, kRamSize);
        lapp->irq().on_change([this](bool l) { edges.push_back({sim_now(), l}); });
    }
    void load_asm(const std::string& src, uint32_t at = kCode) {
        const auto bytes = iss::test::assemble(".option norvc\n" + src, at);
        ram->store().write(at - kRam, bytes.data(), bytes.size());
    }
    void poke(uint32_t a, const void* p, size_t n) { ram->store().write(a - kRam, p, n); }
    void peek(uint32_t a, void* p, size_t n) { ram->store().read(a - kRam, p, n); }

    // Starts ENTRY with a0..a2 and waits for the end (polling STATUS); returns STATUS. `modes`: a bit
    // per LAPP_MODE_* that debug reads of STATUS every 5 ns saw while the run was busy (bus reads can
    // be held up behind the transactions the array issued ahead of the kernel's time).
    static uint32_t start_and_wait(ScriptedInitiator& cpu, uint32_t entry, uint32_t a0, uint32_t a1, uint32_t a2,
                                   unsigned* modes = nullptr) {
        cpu.write32(kLapp + LAPP_ENTRY, entry);
        cpu.write32(kLapp + LAPP_SP, kStack);
        cpu.write32(kLapp + LAPP_ARG(0), a0);
        cpu.write32(kLapp + LAPP_ARG(1), a1);
        cpu.write32(kLapp + LAPP_ARG(2), a2);
        cpu.write32(kLapp + LAPP_CTRL, LAPP_CTRL_START);
        uint32_t s = 0;
        for (int i = 0; modes && i < 100000; ++i) {
            s = uint32_t(cpu.dbg_read(kLapp + LAPP_STATUS, 4));
            if (!(s & LAPP_STATUS_BUSY)) break;
            *modes |= 1u << LAPP_STATUS_MODE(s);
            sc_core::wait(sc_core::sc_time(5, sc_core::SC_NS));
        }
        for (int i = 0; i < 1000000; ++i) {
            s = cpu.read32(kLapp + LAPP_STATUS);
            if (!(s & LAPP_STATUS_BUSY)) break;
        }
        return s;
    }
    static uint64_t read64(ScriptedInitiator& cpu, uint32_t lo) {
        const uint32_t l = cpu.read32(kLapp + lo), h = cpu.read32(kLapp + lo + 4);
        return uint64_t(h) << 32 | l;
    }
};

std::vector<uint32_t> random_words(size_t n, uint32_t seed) {
    std::mt19937 rng(seed);
    std::vector<uint32_t> v(n);
    for (auto& w : v) w = rng();
    return v;
}

}  // namespace

TEST_CASE("A started function runs its loop on the array and returns", "[lapp][device]") {
    LappBench b;
    b.load_asm(kScaleFn);
    const uint32_t n = 1000;
    const auto in = random_words(n, 1);
    b.poke(kSrc, in.data(), 4 * n);
    uint32_t status = 0, ret = 0, mapped = 0, iters = 0, l0 = 0;
    unsigned modes = 0;
    uint64_t cycles = 0, instret = 0, array_cycles = 0;
    b.run([&](ScriptedInitiator& cpu) {
        CHECK(cpu.read32(kLapp + LAPP_ID) == LAPP_ID_VALUE);
        const uint32_t cfg = cpu.read32(kLapp + LAPP_CONFIG);
        CHECK(LAPP_CONFIG_STAGES(cfg) == lapp::ArrayConfig{}.stages);
        CHECK((cfg & LAPP_CONFIG_ARRAY));
        status = LappBench::start_and_wait(cpu, kCode, kSrc, kDst, n, &modes);
        ret = cpu.read32(kLapp + LAPP_ARG(0));
        mapped = cpu.read32(kLapp + LAPP_LOOPS_MAPPED);
        iters = cpu.read32(kLapp + LAPP_ARRAY_ITERS);
        cycles = LappBench::read64(cpu, LAPP_CYCLES_LO);
        instret = LappBench::read64(cpu, LAPP_INSTRET_LO);
        array_cycles = LappBench::read64(cpu, LAPP_ARRAY_CYCLES_LO);
        l0 = cpu.read32(kLapp + LAPP_L0INFO(0));
    });
    CHECK(status == LAPP_STATUS_DONE);
    CHECK(ret == 42);
    // STATUS showed the first stage in normal mode and the loop in array setup and in execution.
    CHECK(modes == (1u << LAPP_MODE_NORMAL | 1u << LAPP_MODE_SETUP | 1u << LAPP_MODE_ARRAY));
    std::vector<uint32_t> out(n);
    b.peek(kDst, out.data(), 4 * n);
    for (uint32_t i = 0; i < n; ++i) REQUIRE(out[i] == in[i] * 3 + 7);
    CHECK(mapped == 1);
    CHECK(iters == n);
    // SETLO, 2 x (li + DCPL), beqz, 9 per iteration, li, ret
    CHECK(instret == 1 + 4 + 1 + 9 * n + 2);
    CHECK(array_cycles < cycles);
    CHECK(cycles < 2 * n);  // about one iteration per cycle
    // The loop's only load is in stage 0, bound to way 1: bits [2:0] = 0b001.
    CHECK((l0 & 7) == 1);
    CHECK(b.counter("lapp", "window_violations") == 0);
    // The prefetch way read the stream through the bus: transactions from lapp in [kSrc, kSrc + 4n).
    unsigned reads = 0;
    for (const TraceRecord& r : b.sink->txns)
        if (r.initiator == b.lapp->trace_id() && r.addr >= kSrc && r.addr < kSrc + 4 * n) ++reads;
    CHECK(reads >= 4 * n / 64);
    // Energy: the first stage's instructions and the array's operations are in the ledger.
    CHECK(b.ctx.energy.count(uint16_t(b.ctx.energy.find("lapp", "insn"))) > 0);
    CHECK(b.ctx.energy.count(uint16_t(b.ctx.energy.find("lapp", "op_alu"))) >= 4 * n);
    // One local-buffer read per iteration, plus those of iterations issued before the exit resolved.
    const uint64_t lb_reads = b.ctx.energy.count(uint16_t(b.ctx.energy.find("lapp", "lb_read")));
    CHECK(lb_reads >= n);
    CHECK(lb_reads <= n + b.counter("lapp", "squashed"));
}

TEST_CASE("With the array off the same function runs on the first stage alone", "[lapp][device]") {
    LappConfig cfg;
    cfg.array = false;
    LappBench b(cfg);
    b.load_asm(kScaleFn);
    const uint32_t n = 300;
    const auto in = random_words(n, 2);
    b.poke(kSrc, in.data(), 4 * n);
    uint32_t status = 0, mapped = 0;
    uint64_t cycles = 0, instret = 0;
    b.run([&](ScriptedInitiator& cpu) {
        status = LappBench::start_and_wait(cpu, kCode, kSrc, kDst, n);
        mapped = cpu.read32(kLapp + LAPP_LOOPS_MAPPED);
        cycles = LappBench::read64(cpu, LAPP_CYCLES_LO);
        instret = LappBench::read64(cpu, LAPP_INSTRET_LO);
    });
    CHECK(status == LAPP_STATUS_DONE);
    std::vector<uint32_t> out(n);
    b.peek(kDst, out.data(), 4 * n);
    for (uint32_t i = 0; i < n; ++i) REQUIRE(out[i] == in[i] * 3 + 7);
    CHECK(mapped == 0);
    CHECK(instret == 1 + 4 + 1 + 9 * n + 2);
    CHECK(cycles > 9 * n);
}

TEST_CASE("The IRQ rises when a run ends (enabled) and clears on write-1", "[lapp][device]") {
    LappBench b;
    b.load_asm(kScaleFn);
    uint32_t pending = 0, after = 0;
    b.run([&](ScriptedInitiator& cpu) {
        cpu.write32(kLapp + LAPP_IRQ_EN, 1);
        LappBench::start_and_wait(cpu, kCode, kSrc, kDst, 10);
        sc_core::wait(sc_core::sc_time(100, sc_core::SC_NS));
        pending = cpu.read32(kLapp + LAPP_IRQ);
        cpu.write32(kLapp + LAPP_IRQ, 1);
        after = cpu.read32(kLapp + LAPP_IRQ);
    });
    CHECK(pending == 1);
    CHECK(after == 0);
    REQUIRE(b.edges.size() == 2);
    CHECK(b.edges[0].level);
    CHECK(!b.edges[1].level);
}

TEST_CASE("Untrusted use: traps, bad entries, START while busy and ABORT end in a status", "[lapp][device]") {
    LappBench b;
    b.load_asm(kScaleFn);
    // An endless loop at 0x80001000, an illegal (compressed: RV32IMF has no C) instruction at 0x80002000.
    b.load_asm("spin: j spin\n", 0x80001000);
    const uint16_t c_nop = 0x0001;
    b.poke(0x80002000, &c_nop, 2);
    uint32_t s_illegal = 0, cause = 0, pc = 0, s_unmapped = 0, cause2 = 0, s_busy = 0, s_abort = 0, s_after = 0;
    b.run([&](ScriptedInitiator& cpu) {
        s_illegal = LappBench::start_and_wait(cpu, 0x80002000, 0, 0, 0);
        cause = cpu.read32(kLapp + LAPP_ERR_CAUSE);
        pc = cpu.read32(kLapp + LAPP_ERR_PC);
        s_unmapped = LappBench::start_and_wait(cpu, 0x00000040, 0, 0, 0);  // nothing there
        cause2 = cpu.read32(kLapp + LAPP_ERR_CAUSE);
        // Endless loop: busy until ABORT; a second START meanwhile is ignored.
        cpu.write32(kLapp + LAPP_ENTRY, 0x80001000);
        cpu.write32(kLapp + LAPP_CTRL, LAPP_CTRL_START);
        sc_core::wait(sc_core::sc_time(20, sc_core::SC_US));
        s_busy = cpu.read32(kLapp + LAPP_STATUS);
        cpu.write32(kLapp + LAPP_CTRL, LAPP_CTRL_START);
        cpu.write32(kLapp + LAPP_CTRL, LAPP_CTRL_ABORT);
        for (int i = 0; i < 100000 && (cpu.read32(kLapp + LAPP_STATUS) & LAPP_STATUS_BUSY); ++i) {}
        s_abort = cpu.read32(kLapp + LAPP_STATUS);
        // The device still works afterwards.
        s_after = LappBench::start_and_wait(cpu, kCode, kSrc, kDst, 5);
        // Bad accesses to the window are bus errors, not crashes.
        tlm::tlm_response_status st;
        cpu.read(kLapp + 0x7F0, 4, &st);
        CHECK(st == tlm::TLM_ADDRESS_ERROR_RESPONSE);
        cpu.read(kLapp + LAPP_STATUS + 1, 1, &st);
        CHECK(st != tlm::TLM_OK_RESPONSE);
    });
    CHECK(s_illegal == LAPP_STATUS_ERROR);
    CHECK(cause == vp::iss::kIllegalInsn);
    CHECK(pc == 0x80002000);
    CHECK(s_unmapped == LAPP_STATUS_ERROR);
    CHECK(cause2 == vp::iss::kInsnAccessFault);
    CHECK((s_busy & LAPP_STATUS_BUSY));
    CHECK(s_abort == LAPP_STATUS_ABORTED);
    CHECK(s_after == LAPP_STATUS_DONE);
    CHECK(b.counter("lapp", "start_ignored") == 1);
    CHECK(b.counter("lapp", "run_errors") == 3);
}

// Issue #32 item 10: a host limit or SIGINT (SimContext::interrupt) stops a loop running on the array
// between two iterations, and the run with it; before, the array ran the whole loop inside one
// instruction (60 M iterations: a minute past a 10 s host-time limit). The request arrives while the
// array runs: when its prefetch way reads the input's line of element 1000.
TEST_CASE("An interrupt request stops a loop on the array between iterations", "[lapp][device][limits]") {
    LappBench b;
    struct InterruptAt : TraceSink {
        SimContext& ctx;
        uint16_t who;
        uint64_t at;
        InterruptAt(SimContext& c, uint16_t w, uint64_t a) : ctx(c), who(w), at(a) {}
        void transaction(const TraceRecord& r) override {
            if (r.initiator == who && r.addr >= at && r.addr < at + 64)
                ctx.interrupt(kExitLimit, "host time limit reached (limits.max_host_seconds)");
        }
        void region(uint16_t, const std::string&, Tick, Tick) override {}
        void instant(uint16_t, const std::string&, int64_t, Tick) override {}
        void close() override {}
    };
    b.ctx.tracer.add_sink(std::make_unique<InterruptAt>(b.ctx, b.lapp->trace_id(), kSrc + 4 * 1000));
    b.load_asm(kScaleFn);
    const uint32_t n = 200000;
    uint32_t status = 0;
    b.run([&](ScriptedInitiator& cpu) { status = LappBench::start_and_wait(cpu, kCode, kSrc, kDst, n); });
    CHECK(b.ctx.stop_requested());
    CHECK(b.ctx.exit_code() == kExitLimit);
    CHECK(b.ctx.stop_reason().find("host time limit") != std::string::npos);
    CHECK(b.counter("lapp", "loops_mapped") == 1);
    CHECK(b.counter("lapp", "iterations") > 100);    // the loop ran on the array
    CHECK(b.counter("lapp", "iterations") < 10000);  // and stopped soon after the request, not at its end
    CHECK(status != LAPP_STATUS_DONE);
}
