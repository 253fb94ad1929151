// Hostile input to the ISS from debuggers and firmware: ranges that reach past the end of the
// 32-bit address space (issue #17). Every case here once wrote or read past the hart's page-flag
// array (heap overflow, caught by the ASan suite) or wrapped around to address 0.
#include <catch2/catch.hpp>

#include "tests/iss/test_util.h"

using namespace vp::iss;
using namespace vp::iss::test;

TEST_CASE("watchpoint ranges past the end of the address space are cut at 2^32", "[debug][untrusted]") {
    Rig r;
    r.asm_load(".option norvc\n li s0, 0x80001000\n sw s0, 0(s0)\n li a0, 1\n ebreak\n");
    // gdb: `watch *(long long*)0xfffffffc` (Z2,fffffffc,8) and a Z2 of 0xffffffff bytes at 2 GiB.
    r.hart.add_watchpoint(0xfffffffc, 8, WatchKind::Write);
    r.hart.add_watchpoint(0x80000000, 0xffffffff, WatchKind::Write);
    REQUIRE(r.run() == StopReason::Watchpoint);
    CHECK(r.hart.last_watch_hit().addr == 0x80001000u);
    r.hart.remove_watchpoint(0x80000000, 0xffffffff, WatchKind::Write);
    r.hart.remove_watchpoint(0xfffffffc, 8, WatchKind::Write);
    REQUIRE(r.run() == StopReason::Trap);  // the final ebreak: nothing is watched any more
    CHECK(r.x(a0) == 1);
}

TEST_CASE("writes and invalidations over the last page neither overflow nor wrap to address 0", "[debug][untrusted]") {
    // 4 KiB of RAM on the last page of the address space, and 4 KiB at address 0.
    FlatEnv top(0xfffff000, 0x1000);
    Hart h(Rig::default_config(), top);
    top.hart = &h;
    h.add_fast_region(top.fast_region());
    top.write32(0xfffff000, addi(a0, zero, 7));
    top.write32(0xfffff004, kEbreak);
    h.set_pc(0xfffff000);
    REQUIRE(h.run(1000) == StopReason::Trap);
    CHECK(h.x(a0) == 7);

    // The page is decoded code now. Writes that reach past 2^32 must drop it and nothing else.
    top.write32(0xfffff000, addi(a0, zero, 9));
    h.notify_external_write(0xffffff00, 0x200);
    h.set_pc(0xfffff000);
    REQUIRE(h.run(h.cycles() + 1000) == StopReason::Trap);
    CHECK(h.x(a0) == 9);
    top.write32(0xfffff000, addi(a0, zero, 11));
    h.invalidate_decoded(0xfffff800, 0x1000);
    h.set_pc(0xfffff000);
    REQUIRE(h.run(h.cycles() + 1000) == StopReason::Trap);
    CHECK(h.x(a0) == 11);

    // Debug accesses across the end fail as a whole instead of wrapping around to address 0.
    std::vector<uint8_t> buf(0x200, 0xa5);
    CHECK_FALSE(h.debug_write(0xffffff00, buf.data(), uint32_t(buf.size())));
    CHECK_FALSE(h.debug_read(0xffffff00, buf.data(), uint32_t(buf.size())));
    CHECK(h.debug_read(0xffffff00, buf.data(), 0x100));  // up to the last byte is fine
}
