// The GDB protocol's memory commands see what the selected hart sees (models/cpu/gdb/rsp.cpp,
// Hart::debug_translate): virtual addresses while the hart runs below M with Sv32 on, physical in M.
#include <catch2/catch.hpp>
#include "models/cpu/gdb/rsp.h"
#include "tests/iss/test_util.h"

using namespace vp;
using namespace vp::iss;
using namespace vp::iss::test;

TEST_CASE("GDB memory commands translate through the hart's Sv32 tables below M", "[priv][mmu][gdb]") {
    Rig r(Rig::default_config());
    r.asm_load(R"(
  .option norvc
)" + sv32_identity_to_s("in_s", R"(
  li t0, 0x12345678    # the word gdb reads at PA 0x80020000
  li t1, 0x80020000
  sw t0, 0(t1)
  li t1, 0x200000cf    # root [0x100]: VA 0x40000000 -> megapage PA 0x80000000 too
  li t2, 0x80010400
  sw t1, 0(t2)
)") + R"(
in_s:
  ebreak
)");
    r.run();
    REQUIRE(r.stopped_at_ebreak());
    gdb::RspCommands cmds(r.hart);
    CHECK(cmds.handle("m40020000,4").reply == "78563412");  // VA 0x40020000 -> PA 0x80020000
    CHECK(cmds.handle("m80020000,4").reply == "78563412");  // the identity megapage
    CHECK(cmds.handle("m00001000,4").reply == "E14");       // not mapped
    CHECK(cmds.handle("M40020004,4:efbeadde").reply == "OK");
    uint32_t v = 0;
    REQUIRE(r.hart.debug_read(0x80020004, &v, 4));
    CHECK(v == 0xdeadbeefu);
    // A read across the end of the rig's 1 MiB of RAM (through the mapping) stops there (a short reply).
    CHECK(cmds.handle("m400ffffe,4").reply.size() == 4);
}
