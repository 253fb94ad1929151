// Intel's mSGDMA dispatcher (DMA 1 of the cascade) and its three register slices:
//   * CSR at MSGDMA_CSR_OFFSET: STATUS, CONTROL, FILL_LEVEL, RESP_FILL, SEQ_NUM;
//   * descriptor port at MSGDMA_DESC_OFFSET: standard (16 B) or extended (32 B) format, byte-lane
//     writable; writing byte 3 of the control word with GO set commits the descriptor to the FIFO;
//   * response port at MSGDMA_RESPONSE_OFFSET: actual bytes and status of the oldest completed
//     descriptor-port descriptor; a read of byte 0x7 pops it.
// It owns the descriptor FIFO, the response FIFO, the dispatcher's interrupt (separate from the
// prefetcher's), stop, stop-on-error and reset. The engine (Msgdma) takes descriptors from it, runs
// them on the masters and hands back their outcome. Register reads answer as of their own time from
// the accept, start, first-write and end times recorded for each descriptor (the engine runs ahead
// of the kernel; docs/dma.md, "Timing").
#pragma once
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include "models/common/stats.h"
#include "models/dma/descriptor.h"
#include "models/dma/irq_latch.h"
#include "models/dma/msgdma_config.h"
#include "models/periph/mmio_device.h"
#include "vp/regs/msgdma.h"

namespace vp {

class Dispatcher {
public:
    struct Hooks {
        std::function<void()> kick;        // wake the engine (a descriptor, a control change)
        std::function<void(Tick)> irq_at;  // the interrupt line may change at this time
    };
    Dispatcher(const MsgdmaConfig& cfg, StatGroup& stats, std::shared_ptr<spdlog::logger> log, Hooks hooks);
    void declare(RegisterBank& regs);

    // ---- engine side ----
    // A descriptor may start: one is queued, the dispatcher is neither stopped nor resetting, and a
    // descriptor-port descriptor has a response slot (the dispatcher waits while the response FIFO is full).
    bool can_start() const;
    // The prefetcher may fetch: nothing queued or in flight, not stopped (the VP does not fetch ahead).
    bool idle_for_prefetch() const;
    void push(const Descriptor& d);  // a prefetched descriptor enters the FIFO at d.accept
    // Takes the next descriptor; `start` is when the read master takes it (before the dispatch delay).
    Descriptor pop(Tick& start);
    // While a transfer runs: its first write (kTickMax before it) and when the issued accesses end.
    void progress(Tick write_start, Tick idle_at);
    bool stop_requested() const { return control_ & MSGDMA_CONTROL_STOP; }
    bool reset_requested() const { return reset_requested_; }
    void pause(Tick idle_at);  // CONTROL.STOP: the masters hold until it is cleared
    void resume();
    // The descriptor in flight completed, or was aborted by a reset (o.aborted).
    void finish(const Descriptor& d, const Outcome& o);
    void prune();                                       // forget what no register access can ask about any more
    Tick next_start() const { return dispatch_free_; }  // no descriptor starts before this
    bool irq_pending(Tick at) const { return irq_.pending(at); }

    uint64_t descriptors() const { return descriptors_.value; }
    Tick active_time() const { return active_time_; }

private:
    struct Record {
        Tick accept, start, write_start, end;
        uint16_t seq;
        bool paused = false;
        Tick idle_at = 0;  // paused: when the accesses issued so far have ended
    };
    struct Response {
        uint32_t actual, status;
        Tick at;
    };

    void declare_csr(RegisterBank& regs);
    void declare_descriptor_port(RegisterBank& regs);
    void declare_response_port(RegisterBank& regs);
    void commit(uint32_t control, Tick at);
    void reset(Tick at);
    uint32_t status(Tick at) const;
    uint32_t control(Tick at) const;
    unsigned fill(Tick at, Tick Record::*taken) const;
    unsigned read_fill(Tick at) const { return fill(at, &Record::start); }
    unsigned write_fill(Tick at) const { return fill(at, &Record::write_start); }
    unsigned response_fill(Tick at) const;
    uint32_t sequence_numbers(Tick at) const;
    bool busy(Tick at) const;
    bool masters_idle(Tick at) const;
    bool resetting(Tick at) const { return reset_requested_ || at < reset_until_; }
    Tick cycles(uint64_t n) const { return n * cfg_.period; }

    const MsgdmaConfig& cfg_;
    std::shared_ptr<spdlog::logger> log_;
    Hooks hooks_;

    uint32_t control_ = 0;
    uint32_t words_[8] = {};        // descriptor port, as written
    std::deque<Descriptor> queue_;  // descriptor FIFO: accepted, not started
    bool active_valid_ = false;     // a descriptor is in flight (engine side)
    Record active_{};               // its record
    std::deque<Record> history_;    // finished descriptors, pruned once in the kernel's past
    uint16_t pruned_read_seq_ = 0, pruned_write_seq_ = 0;
    std::deque<Response> responses_;  // response FIFO
    Tick response_pop_at_ = 0;        // last time software freed a response slot
    Tick dispatch_free_ = 0;          // the next descriptor may start from here
    Tick busy_until_ = 0;             // last access of any finished descriptor ends
    Tick error_stop_at_ = kTickMax;   // stopped on error since (sets CONTROL.STOP and STOPPED_ON_ERR)
    Tick reset_until_ = 0;            // STATUS.RESETTING until here
    bool reset_requested_ = false;    // reset written while a descriptor was in flight
    Tick reset_at_ = 0;
    IrqLatch irq_;

    Counter &descriptors_, &errors_, &dropped_;
    Histogram& descriptor_time_;
    Tick active_time_ = 0;
};

}  // namespace vp
