#include "models/dma/element_dma.h"
#include <algorithm>
#include "vp/regs/msgdma.h"

namespace vp {

ElementDma::ElementDma(const MsgdmaConfig& cfg, MasterPort& port, uint16_t track, StatGroup& stats)
    : cfg_(cfg),
      port_(port),
      track_(track),
      reads_(stats.counter("element_reads", "count", "DMA 2 reads (elements and intermediate indices)")),
      latency_(stats.histogram("element_latency", "ps", "DMA 2 element read: issue to data")) {}

void ElementDma::declare(RegisterBank& regs) {
    const uint64_t d2 = MSGDMA_DMA2_CSR_OFFSET;
    regs.add("dma2_status", d2 + MSGDMA_CSR_STATUS, 4).reads([this](const RegAccess& a) -> uint64_t {
        const bool busy = a.at < busy_until_;
        return (busy ? MSGDMA_STATUS_BUSY : MSGDMA_STATUS_DESC_EMPTY) | MSGDMA_STATUS_RESP_EMPTY;
    });
    regs.add("dma2_sequence_number", d2 + MSGDMA_CSR_SEQ_NUM, 4).reads([this](const RegAccess&) {
        const uint32_t c = uint32_t(reads_.value) & 0xFFFF;
        return uint64_t(c | c << 16);
    });
}

void ElementDma::begin(Tick t0, unsigned levels) {
    const unsigned D = cfg_.fifo_depth;
    slot_.assign(levels, std::vector<Tick>(D, 0));
    next_.assign(levels, t0);
    prev_end_.assign(levels, t0);
    element_end_.assign(D, 0);
}

Tick ElementDma::next_free() const {
    Tick t = kTickMax;
    for (size_t l = 0; l < next_.size(); ++l)
        t = std::min(t, cfg_.pipelined ? next_[l] : prev_end_[l] + cycles(cfg_.dispatch_cycles));
    return t;
}

Issued ElementDma::read(unsigned level, uint64_t i, uint64_t addr, uint8_t* data, unsigned len, Tick ready, bool last,
                        uint64_t parent) {
    const Tick slot = slot_[level][i % slot_[level].size()];
    Issued r;
    if (cfg_.pipelined)
        r.issue = std::max({ready, next_[level], slot});
    else
        r.issue = std::max({ready, prev_end_[level] + cycles(cfg_.dispatch_cycles), slot});
    if (last) {
        uint64_t inflight = 1;
        for (Tick e : element_end_) inflight += e > r.issue;
        max_inflight_ = std::max(max_inflight_, inflight);
    }
    r.end = port_.access(false, addr, data, len, r.issue, track_, parent, r.ok);
    ++reads_;
    next_[level] = r.issue + beats(len);
    prev_end_[level] = r.end;
    busy_until_ = std::max(busy_until_, r.end);
    if (r.ok && last) {
        element_end_[i % element_end_.size()] = r.end;
        latency_.add(r.end - r.issue);
    }
    return r;
}

}  // namespace vp
