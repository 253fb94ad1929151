// DMA 2 of the cascade: the DMA that reads one element (or, for multi-level indirection, one
// intermediate index) per descriptor the converter generates. Two kinds (docs/dma.md):
//   * Intel's dispatcher (`pipelined: false`): one descriptor at a time; the next read of a level is
//     issued when the previous one has completed plus the dispatch overhead;
//   * the pipelined read DMA (`pipelined: true`): addresses stream in, one read per data beat
//     as long as the data FIFO (`fifo_depth` elements, counting reads in flight and data not yet
//     taken) has a free slot.
// Its dispatcher CSR is visible read-only at MSGDMA_DMA2_CSR_OFFSET (STATUS: busy; SEQ_NUM: the
// number of descriptors it has executed, mod 2^16, in both halves - the converter numbers them).
#pragma once
#include <cstdint>
#include <vector>
#include "models/common/stats.h"
#include "models/dma/master_port.h"
#include "models/dma/msgdma_config.h"
#include "models/dma/read_master.h"
#include "models/periph/mmio_device.h"

namespace vp {

class ElementDma {
public:
    ElementDma(const MsgdmaConfig& cfg, MasterPort& port, uint16_t track, StatGroup& stats);
    void declare(RegisterBank& regs);

    // A new gather/scatter job of `levels` levels starting at t0.
    void begin(Tick t0, unsigned levels);
    // Reads level `level` of element i (`last`: the element itself) from `addr` once `ready`.
    Issued read(unsigned level, uint64_t i, uint64_t addr, uint8_t* data, unsigned len, Tick ready, bool last,
                uint64_t parent);
    // The next stage (or DMA 1's write master) took element i's data of `level` at t: its slot is free.
    void taken(unsigned level, uint64_t i, Tick t) { slot_[level][i % slot_[level].size()] = t; }
    uint64_t max_inflight() const { return max_inflight_; }
    // No later read of this job issues before this.
    Tick next_free() const;

private:
    Tick cycles(uint64_t n) const { return n * cfg_.period; }
    Tick beats(uint64_t bytes) const { return cycles((bytes + cfg_.width - 1) / cfg_.width); }

    const MsgdmaConfig& cfg_;
    MasterPort& port_;
    uint16_t track_;
    std::vector<std::vector<Tick>> slot_;  // per level: data FIFO slot i % fifo_depth free from
    std::vector<Tick> next_, prev_end_;    // per level: pipelined next issue / last completion
    std::vector<Tick> element_end_;        // completion of element i % fifo_depth (reads in flight)
    Tick busy_until_ = 0;
    uint64_t max_inflight_ = 0;
    Counter& reads_;
    Histogram& latency_;
};

}  // namespace vp
