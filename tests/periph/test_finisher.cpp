#include "harness.h"
#include "models/periph/finisher.h"
#include "vp/regs/finisher.h"
#include "vp/regs/memmap.h"

using namespace vp;
using namespace vp::test;

namespace {
constexpr uint64_t F = VP_FINISHER_BASE;

// Runs a script that writes `value` to the finisher at 3 us and then goes on for 1 ms.
void finish_with(Bench& b, uint32_t value, bool& after) {
    b.run([&, value](ScriptedInitiator& cpu) {
        sc_core::wait(3, sc_core::SC_US);
        cpu.write32(F + FINISHER_REG, value);
        sc_core::wait(1, sc_core::SC_MS);
        after = true;  // not reached when the simulation stopped
    });
}
}  // namespace

TEST_CASE("finisher pass ends the simulation with exit code 0", "[finisher]") {
    Bench b;
    TestFinisher fin("finisher", b.ctx, TestFinisherConfig{});
    b.attach(fin, F);
    bool after = false;
    finish_with(b, FINISHER_PASS, after);
    CHECK(b.ctx.stop_requested());
    CHECK(b.ctx.exit_code() == 0);
    CHECK_FALSE(after);
    CHECK(sim_now() < 4 * kUs);
    CHECK(b.ctx.stop_reason().find("finisher pass") == 0);
}

TEST_CASE("finisher fail code ends the simulation with that exit code", "[finisher]") {
    Bench b;
    TestFinisher fin("finisher", b.ctx, TestFinisherConfig{});
    b.attach(fin, F);
    bool after = false;
    finish_with(b, FINISHER_FAIL_CODE(42), after);
    CHECK(b.ctx.exit_code() == 42);
    CHECK_FALSE(after);
    CHECK(b.ctx.stop_reason().find("code 42") != std::string::npos);
}

TEST_CASE("finisher reset is treated as pass", "[finisher]") {
    Bench b;
    TestFinisher fin("finisher", b.ctx, TestFinisherConfig{});
    b.attach(fin, F);
    bool after = false;
    finish_with(b, FINISHER_RESET, after);
    CHECK(b.ctx.stop_requested());
    CHECK(b.ctx.exit_code() == 0);
    CHECK_FALSE(after);
}

TEST_CASE("finisher ignores other values, reads 0 and ignores debug writes", "[finisher]") {
    Bench b;
    TestFinisher fin("finisher", b.ctx, TestFinisherConfig{});
    b.attach(fin, F);
    bool after = false;
    tlm::tlm_response_status byte = tlm::TLM_OK_RESPONSE;
    b.run([&](ScriptedInitiator& cpu) {
        cpu.write32(F + FINISHER_REG, 0x1234);
        uint8_t v[4] = {0x55, 0x55, 0, 0};
        CHECK(cpu.dbg(tlm::TLM_WRITE_COMMAND, F + FINISHER_REG, v, 4) == 0);
        CHECK(cpu.read32(F + FINISHER_REG) == 0);
        byte = cpu.write(F + FINISHER_REG, 0x55, 1, false);
        after = true;                                   // still running after the non-commands
        cpu.write(F + FINISHER_REG, FINISHER_PASS, 2);  // 16-bit write accepted, as QEMU
    });
    CHECK(after);
    CHECK(byte == tlm::TLM_ADDRESS_ERROR_RESPONSE);
    CHECK(b.ctx.stop_requested());
    CHECK(b.ctx.exit_code() == 0);
}
