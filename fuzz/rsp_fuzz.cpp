// Fuzz target: the GDB remote-protocol layer (models/cpu/gdb/rsp.*): bytes as they would arrive
// on the socket go through the packet framer, and every packet through the command handler, on a
// hart with 64 KiB of RAM running a small loop. Continue/step run the hart a few hundred cycles.
// Checksums are not required (the fuzzer could not guess them; gdb's no-ack mode skips them too).
// Oracle besides the sanitizers: every reply fits the PacketSize the stub announces.
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "models/cpu/gdb/rsp.h"
#include "tests/iss/flat_env.h"

using namespace vp;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    constexpr uint32_t kRam = 0x80000000u;
    iss::test::FlatEnv env(kRam, 64 * 1024);
    iss::HartConfig cfg;
    cfg.reset_pc = kRam;
    iss::Hart hart(cfg, env);
    env.hart = &hart;
    hart.add_fast_region(env.fast_region());
    // loop: addi a0, a0, 1; lui a2, 0x80001; sw a0, 0x100(a2); lw a1, 0x100(a2); j loop (data on
    // another page than the code: a store to a code page drops its decoded instructions)
    const uint32_t program[] = {0x00150513, 0x80001637, 0x10a62023, 0x10062583, 0xff1ff06f};
    for (unsigned i = 0; i < 5; ++i) env.write32(kRam + 4 * i, program[i]);

    gdb::RspFramer framer;
    gdb::RspCommands cmds(hart);
    for (size_t i = 0; i < size; ++i) {
        const auto e = framer.push(data[i]);
        if (e == gdb::RspFramer::Event::None || e == gdb::RspFramer::Event::Interrupt) continue;
        if (e == gdb::RspFramer::Event::BadPacket && framer.too_long()) continue;
        const gdb::RspCommands::Result r = cmds.handle(framer.packet());
        if (r.reply.size() > gdb::kPacketSize) std::abort();
        switch (r.action) {
            case gdb::RspCommands::Action::Continue: hart.run(hart.cycles() + 300); break;
            case gdb::RspCommands::Action::Step: hart.step(); break;
            case gdb::RspCommands::Action::Kill:
            case gdb::RspCommands::Action::Detach: cmds.clear(); break;
            case gdb::RspCommands::Action::Reply: break;
        }
        cmds.clear_pc_override();
    }
    cmds.clear();
    return 0;
}
