// Fuzz target: register sequences of the HMC controller's gather/scatter engine (models/memory/hmc,
// include/vp/regs/hmc.h), as firmware could write them (operations: fuzz/mmio_fuzz.h): descriptors
// with any opcode, mode, counts, element and index sizes, addresses in and out of the cube, doorbells
// while busy, the 32 KiB GS_BUF. The cube is 1 MiB of HMC-timed RAM on a bus. Each input starts with
// zeroed RAM, waits out the previous command and runs for at most 200 us of simulated time.
// Oracles: no crash, sanitizer report or exception out of the simulation; every access answered.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "fuzz/mmio_fuzz.h"
#include "include/vp/regs/hmc.h"
#include "models/bus/bus.h"
#include "models/common/context.h"
#include "models/memory/hmc/gather_engine.h"
#include "models/memory/memory.h"

int sc_main(int, char**) { return 0; }

namespace {

using namespace vp;
constexpr uint64_t kRam = 0x80000000, kRamSize = 1 << 20, kCtrl = 0x18020000;

struct Rig {
    SimContext ctx;
    Bus bus{"bus", ctx, BusConfig{}};
    std::unique_ptr<Memory> ram;
    std::unique_ptr<HmcController> ctrl;
    fuzz::Driver cpu{"cpu"};
    Rig() {
        MemoryConfig mc;
        mc.size = kRamSize;
        mc.timing = "hmc";
        ram = std::make_unique<Memory>("ram", ctx, mc);
        HmcCtrlConfig cfg;
        cfg.base = kCtrl;
        ctrl = std::make_unique<HmcController>("hmc_ctrl", ctx, cfg, *ram, kRam);
        cpu.socket.bind(bus.target_socket);
        bus.initiator_socket.bind(ram->target_socket);
        bus.map(0, kRam, kRamSize, "ram");
        bus.initiator_socket.bind(ctrl->socket);
        bus.map(1, kCtrl, HMC_CTRL_SIZE, "hmc_ctrl");
    }
};

Rig* rig = nullptr;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (!rig) {
        fuzz::quiet_systemc();
        rig = new Rig;
    }
    std::vector<uint8_t> zero(kRamSize, 0);
    rig->ram->store().write(0, zero.data(), zero.size());
    // The descriptor registers lie below 0x48; bit 14 of an offset selects GS_BUF.
    const fuzz::Window w{kCtrl, HMC_CTRL_SIZE, 0x7F, GS_BUF, kRam, kRamSize};
    fuzz::run_input(
        rig->cpu, w, data, size,
        [](fuzz::Driver& c) {  // let a command of the previous input finish (BUSY ignores the doorbell)
            for (int k = 0; k < 1000 && c.access(tlm::TLM_READ_COMMAND, kCtrl + GS_STATUS, 0, 4) == GS_STATUS_BUSY; ++k)
                sc_core::wait(sc_core::sc_time(1, sc_core::SC_US));
        },
        sc_core::sc_time(200, sc_core::SC_US));
    return 0;
}
