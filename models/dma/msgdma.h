// Cascaded scatter-gather DMA (seed 004) from Intel Modular Scatter-Gather DMA (mSGDMA) blocks.
//
// One TLM-2.0 module with a target socket (the register window of include/vp/regs/msgdma.h) and an
// initiator socket (its masters). Inside, the blocks of Intel's core:
//   * dispatcher (DMA 1): CSR (status, control, fill levels, sequence numbers), descriptor FIFO
//     filled through the descriptor port (standard 16 B / extended 32 B format, GO commits) or by
//     the prefetcher, memory-mapped response FIFO;
//   * prefetcher: walks an in-memory chain (next pointer, OWNED_BY_HW), writes back actual bytes,
//     status and control, polling and park mode;
//   * read master (memory -> stream) and write master (stream -> memory), bursts of `burst` bytes,
//     joined by a bounded FIFO of `fifo_depth` entries (back-pressure: a read is issued only when its
//     data has a slot);
//   * converter (seed's descriptor generator): when enabled, DMA 1's read stream is an index stream;
//     each index becomes one descriptor for DMA 2 (one element read, or one index read per extra
//     level of indirection), DMA 2's read data streams back into DMA 1's write master.
//     DMA 2 is either Intel's one-descriptor-at-a-time dispatcher (`pipelined: false`: the next
//     element read is issued when the previous one has completed, plus the dispatch overhead) or the
//     seed's pipelined read DMA (`pipelined: true`: an element read per cycle while the FIFO has room).
//
// Timing (loosely timed): one SC_THREAD engine processes the descriptors in order with a local time
// ahead of the kernel; every master access is a b_transport with its issue time as annotated delay,
// and the issue times follow the recurrences in docs/dma.md. Register reads answer as of the access
// time: the engine records when each descriptor is accepted, starts and ends. Interrupt lines change
// at the kernel time of the event (sc_event_queue). No wait() in b_transport.
#pragma once
#include <cstdint>
#include <deque>
#include <string>
#include <vector>
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include "models/common/irq.h"
#include "models/common/txn.h"
#include "models/periph/mmio_device.h"
#include "vp/regs/memmap.h"

namespace vp {
struct MsgdmaConfig : MmioPort {
    MsgdmaConfig() : MmioPort{VP_DMA_BASE} {}
    Tick period = 10 * kNs;    // DMA clock period (100 MHz)
    unsigned width = 8;        // master data path, bytes per cycle
    unsigned burst = 64;       // max bytes per read/write master transaction
    unsigned fifo_depth = 16;  // data FIFO between read side and write master, entries (bursts or elements)
    unsigned descriptor_fifo_depth = 8;
    unsigned response_fifo_depth = 8;
    bool response_port = true;     // memory-mapped response port (false: no responses are kept)
    bool extended = false;         // extended (32-byte) descriptor format on the descriptor port
    bool prefetcher = true;        // prefetcher core present
    bool pipelined = true;         // DMA 2: seed's pipelined read DMA; false: mSGDMA one at a time
    unsigned dispatch_cycles = 4;  // descriptor to first command of the masters
    unsigned convert_cycles = 1;   // converter: index to DMA 2 descriptor
    unsigned write_window = 4;     // write master: write bursts outstanding
    unsigned irq = VP_IRQ_DMA0;    // PLIC source

    void params(config::Params& p);
};

class Msgdma : public MmioDevice {
public:
    tlm_utils::simple_initiator_socket<Msgdma> initiator_socket;

    // Throws std::invalid_argument on a bad configuration.
    Msgdma(sc_core::sc_module_name name, SimContext& ctx, const MsgdmaConfig& cfg);
    ~Msgdma() override;

    IrqLine& irq() { return irq_; }
    IrqLine* irq_output() override { return &irq_; }
    tlm::tlm_initiator_socket<>* bus_master() override { return &initiator_socket; }
    const MsgdmaConfig& config() const { return cfg_; }
    uint64_t descriptors_done() const { return descriptors_.value; }
    uint64_t elements_done() const { return elements_.value; }
    // Element bytes moved per second over the descriptors' active time (0 before any).
    double gather_bandwidth() const;
    Tick active_time() const { return active_; }
    uint64_t max_inflight() const { return max_inflight_; }
    std::string summary() const override;

private:
    struct Desc {
        uint64_t read = 0, write = 0;
        uint32_t length = 0, control = 0;
        uint16_t seq = 0;
        Tick accept = 0;
        bool from_prefetcher = false;
    };
    struct Result {
        Tick start = 0, end = 0, last_read_issue = 0;
        uint32_t actual = 0;
        uint8_t error = 0;
    };
    struct Done {
        Tick start, end;
    };
    struct Response {
        uint32_t actual;
        uint32_t status;
        Tick at;
    };

    void declare_registers();
    void engine();
    void prefetch_step();
    Result process(const Desc& d, Tick ready);
    Result copy(const Desc& d, Tick t0, uint64_t span);
    Result convert(const Desc& d, Tick t0, uint64_t span);
    // One master access (issue time `issue`), traced on `track` as a child of `parent`. Returns completion.
    Tick access(bool write, uint64_t addr, uint8_t* data, unsigned len, Tick issue, uint16_t track, uint64_t parent,
                bool& ok);
    void complete(const Desc& d, const Result& r);
    void raise_irq_at(Tick t);
    void update_irq();
    void reset_dispatcher(Tick at);
    void sync_if_far(Tick t);
    Tick cycles(uint64_t n) const { return n * cfg_.period; }
    Tick beats(uint64_t bytes) const { return cycles(div_ceil(bytes, cfg_.width)); }

    // register views (as of time `at`)
    uint32_t status(Tick at) const;
    unsigned fill_level(Tick at) const;
    unsigned response_fill(Tick at) const;
    uint32_t completed_by(Tick at) const;
    bool busy(Tick at) const;
    bool stopped_now() const;

    MsgdmaConfig cfg_;
    IrqLine irq_;
    uint16_t dma2_track_;
    tlm::tlm_generic_payload payload_;
    TxnExt ext_;
    sc_core::sc_event kick_;
    sc_core::sc_event_queue irq_events_;

    // dispatcher
    uint32_t control_ = 0;
    uint32_t desc_words_[8] = {};
    InitiatorActivity activity_{ctx_};  // working while the engine processes descriptors
    std::deque<Desc> queue_;            // accepted, not yet processed by the engine
    std::deque<Done> done_;             // processed; pruned when over in kernel time
    uint32_t completed_pruned_ = 0;
    std::deque<Response> responses_;
    Tick response_pop_at_ = 0;  // last time software freed a response slot
    Tick dispatch_free_ = 0;    // when the dispatcher may start the next descriptor
    Tick busy_until_ = 0;
    Tick reset_until_ = 0;
    Tick error_at_ = kTickMax;       // stopped on error since
    std::vector<Tick> irq_pending_;  // times of latched, not yet cleared interrupt events
    uint16_t seq_ = 0;

    // prefetcher
    uint32_t pref_control_ = 0;
    uint64_t pref_next_ = 0;
    uint32_t pref_poll_ = 0;
    Tick pref_time_ = 0;

    // converter
    uint32_t conv_ctrl_ = 0, conv_elem_base_ = 0, conv_elem_size_ = 4, conv_index_size_ = 4, conv_levels_ = 1;
    uint32_t conv_src_base_ = 0;
    uint32_t conv_level_base_[3] = {};
    Tick dma2_busy_until_ = 0;

    std::vector<uint8_t> buf_, wbuf_;
    Tick first_start_ = kTickMax, active_ = 0;
    uint64_t max_inflight_ = 0;

    Counter &descriptors_, &elements_, &index_reads_, &element_reads_, &reads_, &writes_, &bytes_read_, &bytes_written_,
        &element_bytes_, &dma_errors_, &prefetches_, &polls_, &dropped_;
    Histogram &element_latency_, &descriptor_time_;
};

}  // namespace vp
