// Fuzz target: register and descriptor sequences of the cascaded mSGDMA (models/dma), as firmware
// could write them (operations: fuzz/mmio_fuzz.h). The DMA (extended descriptors, prefetcher) sits
// on a bus with 1 MiB of RAM for its descriptors, index arrays and data. Each input starts from a
// dispatcher and prefetcher reset with zeroed RAM and runs for at most 200 us of simulated time
// (instrumented, up to about a second).
// Oracles: no crash, sanitizer report or exception out of the simulation (a model must answer any
// register value with a status or a bus error), and the DMA window answers every access.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "fuzz/mmio_fuzz.h"
#include "include/vp/regs/msgdma.h"
#include "models/bus/bus.h"
#include "models/common/context.h"
#include "models/dma/msgdma.h"
#include "models/memory/memory.h"

int sc_main(int, char**) { return 0; }

namespace {

using namespace vp;
constexpr uint64_t kRam = 0x80000000, kRamSize = 1 << 20, kDma = 0x18010000;

struct Rig {
    SimContext ctx;
    Bus bus{"bus", ctx, BusConfig{}};
    std::unique_ptr<Memory> ram;
    std::unique_ptr<Msgdma> dma;
    fuzz::Driver cpu{"cpu"};
    Rig() {
        MemoryConfig mc;
        mc.size = kRamSize;
        mc.dmi = false;
        ram = std::make_unique<Memory>("ram", ctx, mc);
        MsgdmaConfig cfg;
        cfg.base = kDma;
        cfg.extended = true;  // the larger format: more fields to get wrong
        dma = std::make_unique<Msgdma>("dma", ctx, cfg);
        cpu.socket.bind(bus.target_socket);
        dma->initiator_socket.bind(bus.target_socket);
        bus.initiator_socket.bind(ram->target_socket);
        bus.map(0, kRam, kRamSize, "ram");
        bus.initiator_socket.bind(dma->socket);
        bus.map(1, kDma, dma->size(), "dma");
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
    // Registers that matter lie below 0x200 (CSR, response, descriptor port, prefetcher, converter)
    // and in DMA 2's read-only view at 0x1000.
    const fuzz::Window w{kDma, MSGDMA_WINDOW_SIZE, 0x1FF, MSGDMA_DMA2_CSR_OFFSET, kRam, kRamSize};
    fuzz::run_input(
        rig->cpu, w, data, size,
        [](fuzz::Driver& c) {  // reset as a driver does: dispatcher RESET, prefetcher RESET, wait
            c.access(tlm::TLM_WRITE_COMMAND, kDma + MSGDMA_CSR_OFFSET + MSGDMA_CSR_CONTROL, MSGDMA_CONTROL_RESET, 4);
            c.access(tlm::TLM_WRITE_COMMAND, kDma + MSGDMA_PREF_OFFSET + MSGDMA_PREF_CONTROL, MSGDMA_PREF_CTL_RESET, 4);
            sc_core::wait(sc_core::sc_time(2, sc_core::SC_US));
        },
        sc_core::sc_time(200, sc_core::SC_US));
    return 0;
}
