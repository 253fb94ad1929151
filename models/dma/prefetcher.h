// Intel's mSGDMA prefetcher core and its CSR at MSGDMA_PREF_OFFSET (CONTROL, NEXT_DESC_PTR low/high,
// DESC_POLL_FREQ, STATUS). It walks a linked list of descriptors in memory - 32-byte standard or,
// with `extended`, Intel's 64-byte extended prefetcher descriptors - hands each one owned by
// hardware to the dispatcher's FIFO, and after the transfer writes back actual bytes, status and the
// control word with OWNED_BY_HW cleared (kept in park mode). On a descriptor not owned by hardware
// it stops and clears RUN or, with DESC_POLL_EN, fetches it again every POLL_FREQ cycles. Its
// interrupt (GLOBAL_INTR_EN, STATUS.IRQ) is its own, separate from the dispatcher's.
// The VP fetches descriptor n+1 after the write-back of descriptor n (no fetch-ahead).
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include "models/common/stats.h"
#include "models/dma/descriptor.h"
#include "models/dma/irq_latch.h"
#include "models/dma/master_port.h"
#include "models/dma/msgdma_config.h"
#include "models/periph/mmio_device.h"

namespace vp {

class Prefetcher {
public:
    struct Hooks {
        std::function<void()> kick;
        std::function<void(Tick)> irq_at;
    };
    Prefetcher(const MsgdmaConfig& cfg, MasterPort& port, uint16_t track, StatGroup& stats,
               std::shared_ptr<spdlog::logger> log, Hooks hooks);
    void declare(RegisterBank& regs);

    // ---- engine side ----
    bool running() const;
    // Fetches the descriptor at the walk pointer (may wait() while polling). True when it is owned by
    // hardware: `d` is then ready for the dispatcher's FIFO.
    bool fetch(Descriptor& d);
    // After the transfer: the write-back; returns when it has completed (o.end when skipped).
    Tick write_back(const Descriptor& d, const Outcome& o);
    // The descriptor's interrupt, once the write-back is done (o.end).
    void completed(const Descriptor& d, const Outcome& o);
    bool irq_pending(Tick at) const { return irq_.pending(at); }

private:
    void reset(Tick at);
    Tick cycles(uint64_t n) const { return n * cfg_.period; }
    unsigned descriptor_size() const;

    const MsgdmaConfig& cfg_;
    MasterPort& port_;
    uint16_t track_;
    std::shared_ptr<spdlog::logger> log_;
    Hooks hooks_;

    uint32_t control_ = 0;    // RUN, DESC_POLL_EN, GLOBAL_INTR_EN, PARK_MODE
    uint64_t next_ = 0;       // NEXT_DESC_PTR as software sees it (hardware updates it only when polling)
    uint32_t poll_freq_ = 0;  // [15:0]
    uint64_t walk_ = 0;       // the descriptor the prefetcher fetches next
    Tick time_ = 0;           // no fetch before this
    Tick last_fetch_ = 0;     // issue of the last fetch
    Tick reset_until_ = 0;    // CONTROL.RESET reads 1 until here
    uint32_t epoch_ = 0;      // incremented by every reset: older descriptors are not written back
    IrqLatch irq_;

    Counter &prefetches_, &polls_;
};

}  // namespace vp
