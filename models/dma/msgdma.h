// Cascaded scatter-gather DMA built from Intel's Modular Scatter-Gather DMA blocks (docs/dma.md).
//
// One TLM-2.0 module: a target socket for the register window of include/vp/regs/msgdma.h and an
// initiator socket for the masters. Inside, the blocks Intel ships, each a class owning its
// register slice at its sub-block offset:
//   Dispatcher  (dispatcher.h)   CSR, descriptor port, descriptor FIFO, response FIFO and port
//   Prefetcher  (prefetcher.h)   prefetcher CSR, descriptor lists in memory, write-back
//   ReadMaster  (read_master.h)  memory -> stream, WriteMaster (write_master.h) stream -> memory
// and the cascade's additions:
//   Converter   (converter.h)    index-to-descriptor converter (the cascade's descriptor generator)
//   ElementDma  (element_dma.h)  DMA 2: Intel's one-at-a-time dispatcher or the pipelined read DMA
// This file is the engine that connects them: one SC_THREAD takes descriptors from the dispatcher
// (fed by the descriptor port or the prefetcher) and runs each as a copy through the read master,
// the data FIFO and the write master, or as a gather/scatter job through the converter.
//
// Timing (loosely timed, docs/dma.md): the engine runs ahead of the kernel by at most a quantum,
// re-synchronising between bus transactions; every master access is a b_transport whose annotated
// delay is its issue time. Between transactions the engine also obeys CONTROL.STOP (the masters
// pause) and a reset (the transfer stops), so a descriptor of any length runs in bounded steps
// that the run's limits can interrupt.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include "models/common/irq.h"
#include "models/dma/converter.h"
#include "models/dma/dispatcher.h"
#include "models/dma/element_dma.h"
#include "models/dma/master_port.h"
#include "models/dma/msgdma_config.h"
#include "models/dma/prefetcher.h"
#include "models/dma/read_master.h"
#include "models/dma/write_master.h"
#include "models/periph/mmio_device.h"

namespace vp {

class Msgdma : public MmioDevice {
public:
    tlm_utils::simple_initiator_socket<Msgdma> initiator_socket;

    // Throws std::invalid_argument on a bad configuration.
    Msgdma(sc_core::sc_module_name name, SimContext& ctx, const MsgdmaConfig& cfg);

    IrqLine& irq() { return irq_; }
    IrqLine* irq_output() override { return &irq_; }
    tlm::tlm_initiator_socket<>* bus_master() override { return &initiator_socket; }
    const MsgdmaConfig& config() const { return cfg_; }
    uint64_t descriptors_done() const { return dispatcher_.descriptors(); }
    uint64_t elements_done() const { return converter_.elements(); }
    // Element bytes moved per second over the descriptors' active time (0 before any).
    double gather_bandwidth() const;
    Tick active_time() const { return dispatcher_.active_time(); }
    uint64_t max_inflight() const { return dma2_.max_inflight(); }
    std::string summary() const override;

private:
    void engine();
    void run_next();
    Outcome copy(const Descriptor& d, Tick t0, uint64_t span);
    bool checkpoint(Tick safe, Tick idle_at);
    void trace_descriptor(uint64_t span, const Descriptor& d, const Outcome& o, uint64_t elements_before);
    void irq_at(Tick t);
    void update_irq();
    Tick cycles(uint64_t n) const { return n * cfg_.period; }

    MsgdmaConfig cfg_;
    IrqLine irq_;
    sc_core::sc_event kick_;
    sc_core::sc_event_queue irq_events_;
    Tick quantum_ = 1;
    InitiatorActivity activity_{ctx_};  // working while the engine processes descriptors

    MasterPort port_;
    ReadMaster reader_;
    WriteMaster writer_;
    Dispatcher dispatcher_;
    std::unique_ptr<Prefetcher> prefetcher_;  // absent with prefetcher: false
    ElementDma dma2_;
    Converter converter_;
    std::vector<uint8_t> stage_;  // copy: data between the read and the write master
};

}  // namespace vp
