// Fuzz target: register and descriptor sequences of the cascaded mSGDMA (models/dma), as firmware
// could write them. The DMA sits on a bus with 1 MiB of RAM (its descriptors, index arrays and
// data) and a driver thread that performs the input's operations: register writes of 1, 2 or 4
// bytes anywhere in its window, register reads, RAM words (random or pointing into the RAM, so
// that chains and gathers reach memory), waits. Each input starts from a DMA reset and zeroed RAM
// and runs for at most 200 us of simulated time (instrumented, that is up to about a second).
//
// SystemC elaborates once per process: the platform is built on the first input and every input
// is a dynamic process (sc_spawn) run by sc_start. libFuzzer provides main(); sc_main is unused.
// Oracles: no crash, sanitizer report or exception out of the simulation (a model must answer any
// register value with a status or a bus error), and the DMA window answers every access.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <vector>

#include "include/vp/regs/msgdma.h"
#include "models/bus/bus.h"
#include "models/common/context.h"
#include "models/dma/msgdma.h"
#include "models/memory/memory.h"

int sc_main(int, char**) { return 0; }

namespace {

using namespace vp;
constexpr uint64_t kRam = 0x80000000, kRamSize = 1 << 20, kDma = 0x18010000;

struct Driver : sc_core::sc_module {
    tlm_utils::simple_initiator_socket<Driver> socket{"socket"};
    explicit Driver(sc_core::sc_module_name n) : sc_module(n) {}
    // One bus access; a response other than OK is fine (the DMA may refuse), but it must answer.
    uint32_t access(tlm::tlm_command cmd, uint64_t addr, uint32_t value, unsigned len) {
        uint8_t b[4];
        std::memcpy(b, &value, 4);
        tlm::tlm_generic_payload p;
        p.set_command(cmd);
        p.set_address(addr);
        p.set_data_ptr(b);
        p.set_data_length(len);
        p.set_streaming_width(len);
        p.set_byte_enable_ptr(nullptr);
        p.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
        sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
        socket->b_transport(p, delay);
        if (p.get_response_status() == tlm::TLM_INCOMPLETE_RESPONSE) std::abort();
        wait(delay);
        std::memcpy(&value, b, 4);
        return value;
    }
};

struct Rig {
    SimContext ctx;
    Bus bus{"bus", ctx, BusConfig{}};
    std::unique_ptr<Memory> ram;
    std::unique_ptr<Msgdma> dma;
    Driver cpu{"cpu"};
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
// The input being run: a thread of an earlier input still waiting when its sc_start ended stops at
// its next step (it must not act on the new input, nor read its freed operations).
unsigned generation = 0;

void run_ops(std::shared_ptr<const std::vector<uint8_t>> ops, unsigned gen) {
    const uint8_t* data = ops->data();
    const size_t size = ops->size();
    Driver& c = rig->cpu;
    using tlm::TLM_READ_COMMAND;
    using tlm::TLM_WRITE_COMMAND;
    // Reset as a driver does: dispatcher RESET, prefetcher RESET, wait for both to finish.
    c.access(TLM_WRITE_COMMAND, kDma + MSGDMA_CSR_OFFSET + MSGDMA_CSR_CONTROL, MSGDMA_CONTROL_RESET, 4);
    c.access(TLM_WRITE_COMMAND, kDma + MSGDMA_PREF_OFFSET, 0x4, 4);
    sc_core::wait(sc_core::sc_time(2, sc_core::SC_US));
    for (size_t i = 0; i + 8 <= size && i < 8 * 256 && gen == generation; i += 8) {
        const uint8_t op = data[i], len_sel = data[i + 1];
        const uint16_t off = uint16_t(data[i + 2] | data[i + 3] << 8);
        uint32_t v;
        std::memcpy(&v, data + i + 4, 4);
        // Most offsets land in the used sub-blocks (< 0x200, and DMA 2's view at 0x1000); a few anywhere.
        const uint64_t reg = kDma + ((off & 0x8000) ? (off & 0xFFFF) % MSGDMA_WINDOW_SIZE
                                                    : ((off & 0x4000) ? 0x1000 : 0) + (off & 0x1FF));
        const unsigned len = len_sel % 3 == 0 ? 4 : len_sel % 3 == 1 ? 2 : 1;
        const uint64_t word = kRam + (uint64_t(off) * 4) % kRamSize;
        switch (op % 7) {
            case 0: c.access(TLM_WRITE_COMMAND, reg & ~uint64_t(len - 1), v, len); break;
            case 1: c.access(TLM_READ_COMMAND, reg & ~uint64_t(len - 1), 0, len); break;
            case 2: c.access(TLM_WRITE_COMMAND, word, v, 4); break;                      // RAM: any value
            case 3: c.access(TLM_WRITE_COMMAND, word, uint32_t(kRam + v % kRamSize), 4); break;  // a pointer
            case 4: c.access(TLM_WRITE_COMMAND, reg & ~uint64_t(3), uint32_t(kRam + v % kRamSize), 4); break;
            case 5: sc_core::wait(sc_core::sc_time(v % 20000, sc_core::SC_NS)); break;
            default: c.access(TLM_WRITE_COMMAND, reg & ~uint64_t(3), v | 0x80000000u, 4); break;  // GO / RUN-like
        }
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (!rig) {
        sc_core::sc_report_handler::set_actions("/IEEE_Std_1666/deprecated", sc_core::SC_DO_NOTHING);
        sc_core::sc_report_handler::set_actions(sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
        sc_core::sc_report_handler::set_actions(sc_core::SC_WARNING, sc_core::SC_DO_NOTHING);
        rig = new Rig;
    }
    std::vector<uint8_t> zero(kRamSize, 0);
    rig->ram->store().write(0, zero.data(), zero.size());
    auto input = std::make_shared<const std::vector<uint8_t>>(data, data + size);
    const unsigned gen = ++generation;
    sc_core::sc_spawn([input, gen] { run_ops(input, gen); });
    try {
        sc_core::sc_start(sc_core::sc_time(200, sc_core::SC_US));
    } catch (...) {
        std::abort();  // an exception out of the simulation
    }
    return 0;
}
