#include "harness.h"
#include "models/periph/clint.h"
#include "vp/regs/clint.h"
#include "vp/regs/memmap.h"

using namespace vp;
using namespace vp::test;

namespace {
constexpr uint64_t C = VP_CLINT_BASE;

}  // namespace

TEST_CASE("clint mtime counts at 10 MHz from simulated time", "[clint]") {
    Bench b;
    Clint clint("clint", b.ctx, ClintConfig{});
    b.attach(clint, C);
    std::vector<uint64_t> v;
    uint32_t lo = 0, hi = 0;
    b.run([&](ScriptedInitiator& cpu) {
        v.push_back(cpu.read64(C + CLINT_MTIME));  // at 1 ns: 0
        reach_device_at(1 * kUs);
        v.push_back(cpu.read64(C + CLINT_MTIME));  // 10
        reach_device_at(1 * kUs + 99999);
        v.push_back(cpu.read32(C + CLINT_MTIME));  // 10 (rounded down)
        reach_device_at(1 * kUs + 100 * kNs);
        v.push_back(cpu.read32(C + CLINT_MTIME));  // 11
        // Far ahead in local time (decoupled): 1000 s = 1e10 ticks, above 32 bits; t * 1e7 > 2^64 ps*Hz.
        cpu.decoupled = true;
        local_for_device_at(cpu, 1000 * kSec);
        lo = cpu.read32(C + CLINT_MTIME);
        local_for_device_at(cpu, 1000 * kSec);
        hi = cpu.read32(C + CLINT_MTIME + 4);
    });
    CHECK(v == std::vector<uint64_t>{0, 10, 10, 11});
    CHECK((uint64_t(hi) << 32 | lo) == 10000000000ull);
    CHECK(clint.mtime(1000 * kSec) == 10000000000ull);
}

TEST_CASE("clint mtime writes keep an offset; 32-bit halves merge", "[clint]") {
    Bench b;
    Clint clint("clint", b.ctx, ClintConfig{});
    b.attach(clint, C);
    std::vector<uint64_t> v;
    b.run([&](ScriptedInitiator& cpu) {
        reach_device_at(2 * kUs, true);
        cpu.write64(C + CLINT_MTIME, 1000);
        reach_device_at(3 * kUs);
        v.push_back(cpu.read64(C + CLINT_MTIME));  // 1010
        reach_device_at(4 * kUs, true);
        cpu.write32(C + CLINT_MTIME + 4, 7);                             // high half only: low half keeps counting
        v.push_back(cpu.read64(C + CLINT_MTIME) - (uint64_t(7) << 32));  // ~1020 (+ latency)
        reach_device_at(5 * kUs, true);
        cpu.write32(C + CLINT_MTIME, 5);  // low half only
        reach_device_at(6 * kUs);
        v.push_back(cpu.read64(C + CLINT_MTIME));
    });
    REQUIRE(v.size() == 3);
    CHECK(v[0] == 1010);
    CHECK(v[1] == 1020);  // read at 4 us + 20 ns (write, then 10 ns latency + 2 bus cycles): still 1020
    CHECK(v[2] == ((uint64_t(7) << 32) | 15));
}

TEST_CASE("clint timer deadline and timer line at the exact time", "[clint]") {
    Bench b;
    Clint clint("clint", b.ctx, ClintConfig{});
    b.attach(clint, C);
    std::vector<Tick> deadlines;
    clint.on_deadline_change(0, [&](Tick d) { deadlines.push_back(d); });
    std::vector<Edge> edges;
    clint.timer_irq(0).on_change([&](bool l) { edges.push_back({sim_now(), l}); });
    Tick d0 = 0;
    b.run([&](ScriptedInitiator& cpu) {
        d0 = clint.timer_deadline(0);
        // Glitch-free RV32 sequence: high word all ones, low word, high word.
        cpu.write32(C + CLINT_MTIMECMP(0) + 4, 0xFFFFFFFF);
        cpu.write32(C + CLINT_MTIMECMP(0), 100);
        cpu.write32(C + CLINT_MTIMECMP(0) + 4, 0);
        CHECK(cpu.read64(C + CLINT_MTIMECMP(0)) == 100);
        reach_device_at(15 * kUs, true);
        CHECK(clint.timer_irq(0).level());
        cpu.write64(C + CLINT_MTIMECMP(0), 200);  // re-arm: line drops at the write
    });
    CHECK(d0 == kTickMax);
    // The first two writes leave the deadline beyond kTickMax (0xFFFFFFFF_00000064 ticks): no change.
    CHECK(deadlines == std::vector<Tick>{10 * kUs, 20 * kUs});
    CHECK(clint.timer_deadline(0) == 20 * kUs);
    CHECK(edges == std::vector<Edge>{{10 * kUs, true}, {15 * kUs, false}, {20 * kUs, true}});
    CHECK(b.counter("clint", "timer_interrupts") == 2);
}

TEST_CASE("clint deadline is exact for a timebase that does not divide 1 THz", "[clint]") {
    Bench b;
    ClintConfig c;
    c.timebase_hz = 3e6;
    c.harts = 2;
    Clint clint("clint", b.ctx, c);
    b.attach(clint, C);
    std::vector<uint64_t> m;
    b.run([&](ScriptedInitiator& cpu) {
        cpu.write64(C + CLINT_MTIMECMP(1), 1);
        cpu.decoupled = true;
        const Tick d = clint.timer_deadline(1);
        CHECK(d == 333334);  // ceil(1e12 / 3e6)
        local_for_device_at(cpu, d - 1);
        m.push_back(cpu.read64(C + CLINT_MTIME));
        local_for_device_at(cpu, d);
        m.push_back(cpu.read64(C + CLINT_MTIME));
    });
    CHECK(m == std::vector<uint64_t>{0, 1});
    CHECK(clint.timer_deadline(0) == kTickMax);
    CHECK(clint.timer_irq(1).level());
    CHECK_FALSE(clint.timer_irq(0).level());
}

TEST_CASE("clint timer line under temporal decoupling follows the writer's local time", "[clint]") {
    Bench b;
    Clint clint("clint", b.ctx, ClintConfig{});
    b.attach(clint, C);
    std::vector<Edge> edges;
    clint.timer_irq(0).on_change([&](bool l) { edges.push_back({sim_now(), l}); });
    b.run([&](ScriptedInitiator& cpu) {
        cpu.write64(C + CLINT_MTIMECMP(0), 100);  // deadline 10 us, written at ~0 (synchronised)
        cpu.decoupled = true;
        // The hart runs ahead to 20 us local time (kernel still near 0) and disarms the timer there:
        // the line must still pulse from 10 us to the write at 20 us.
        local_for_device_at(cpu, 20 * kUs, true);
        cpu.write64(C + CLINT_MTIMECMP(0), ~uint64_t(0));
        // At 50 us local time it sets a deadline already passed: the line rises at the write, 50 us.
        local_for_device_at(cpu, 50 * kUs, true);
        cpu.write64(C + CLINT_MTIMECMP(0), 300);
        CHECK(clint.timer_deadline(0) == 30 * kUs);
        cpu.decoupled = false;
        wait(to_sc_time(cpu.local));  // synchronise, so that the kernel reaches 50 us
    });
    CHECK(edges == std::vector<Edge>{{10 * kUs, true}, {20 * kUs, false}, {50 * kUs, true}});
}

TEST_CASE("clint msip drives the software interrupt line per hart", "[clint]") {
    Bench b;
    ClintConfig c;
    c.harts = 2;
    Clint clint("clint", b.ctx, c);
    b.attach(clint, C);
    std::vector<bool> l1;
    tlm::tlm_response_status beyond = tlm::TLM_OK_RESPONSE, byte = tlm::TLM_OK_RESPONSE;
    b.run([&](ScriptedInitiator& cpu) {
        cpu.write32(C + CLINT_MSIP(1), 0xFFFFFFFF);  // only bit 0 exists
        l1.push_back(clint.software_irq(1).level());
        CHECK(cpu.read32(C + CLINT_MSIP(1)) == 1);
        CHECK_FALSE(clint.software_irq(0).level());
        cpu.write32(C + CLINT_MSIP(1), 0);
        l1.push_back(clint.software_irq(1).level());
        beyond = cpu.write(C + CLINT_MSIP(2), 1, 4, false);  // no hart 2
        byte = cpu.write(C + CLINT_MSIP(0), 1, 1, false);    // msip is a 32-bit register
    });
    CHECK(l1 == std::vector<bool>{true, false});
    CHECK(beyond == tlm::TLM_ADDRESS_ERROR_RESPONSE);
    CHECK(byte == tlm::TLM_ADDRESS_ERROR_RESPONSE);
    CHECK_FALSE(clint.software_irq(0).level());
}
