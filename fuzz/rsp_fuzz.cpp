// Fuzz target: the GDB remote-protocol layer (models/cpu/gdb/rsp.*): bytes as they would arrive
// on the socket go through the packet framer, and every packet through the command handler, on two
// harts (gdb threads 1 and 2: thread ids, Hg/Hc, vCont per thread), each with 64 KiB of RAM running a
// small loop. Continue runs both harts a few hundred cycles; step steps the hart the command names.
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
    iss::test::FlatEnv env0(kRam, 64 * 1024), env1(kRam, 64 * 1024);
    iss::HartConfig cfg;
    cfg.reset_pc = kRam;
    iss::HartConfig cfg1 = cfg;
    cfg1.hartid = 1;
    iss::Hart hart0(cfg, env0), hart1(cfg1, env1);
    iss::Hart* harts[2] = {&hart0, &hart1};
    // loop: addi a0, a0, 1; lui a2, 0x80001; sw a0, 0x100(a2); lw a1, 0x100(a2); j loop (data on
    // another page than the code: a store to a code page drops its decoded instructions)
    const uint32_t program[] = {0x00150513, 0x80001637, 0x10a62023, 0x10062583, 0xff1ff06f};
    for (iss::test::FlatEnv* env : {&env0, &env1}) {
        for (unsigned i = 0; i < 5; ++i) env->write32(kRam + 4 * i, program[i]);
    }
    env0.hart = &hart0;
    env1.hart = &hart1;
    hart0.add_fast_region(env0.fast_region());
    hart1.add_fast_region(env1.fast_region());

    gdb::RspFramer framer;
    gdb::RspCommands cmds({&hart0, &hart1});
    for (size_t i = 0; i < size; ++i) {
        const auto e = framer.push(data[i]);
        if (e == gdb::RspFramer::Event::None || e == gdb::RspFramer::Event::Interrupt) continue;
        if (e == gdb::RspFramer::Event::BadPacket && framer.too_long()) continue;
        const gdb::RspCommands::Result r = cmds.handle(framer.packet());
        if (r.reply.size() > gdb::kPacketSize) std::abort();
        switch (r.action) {
            case gdb::RspCommands::Action::Continue:
                for (iss::Hart* h : harts) h->run(h->cycles() + 300);
                break;
            case gdb::RspCommands::Action::Step:
                if (cmds.step_hart() >= 2) std::abort();  // (a thread id the stub does not have)
                harts[cmds.step_hart()]->step();
                cmds.set_stopped(cmds.step_hart());
                break;
            case gdb::RspCommands::Action::Kill:
            case gdb::RspCommands::Action::Detach: cmds.clear(); break;
            case gdb::RspCommands::Action::Reply: break;
        }
        cmds.clear_pc_override();
    }
    cmds.clear();
    return 0;
}
