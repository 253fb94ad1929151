// The index-to-descriptor converter (the cascade's descriptor generator) and its register
// slice at MSGDMA_CONV_OFFSET. With CONV_CTRL.ENABLE, a DMA 1 descriptor is a gather/scatter job:
// DMA 1's read master streams the index array, each index v becomes ELEM_BASE + v * ELEM_SIZE
// (after up to three intermediate levels v <- LEVEL_BASE[k][v], each one DMA 2 read of INDEX_SIZE
// bytes) and a one-element descriptor for DMA 2 (ElementDma), whose data streams back into DMA 1's
// write master: written contiguously (gather, in `burst`-byte writes) or to the converted address
// (scatter, one write per element, the elements read contiguously from SRC_BASE).
//   index burst k issues at max(read master free, the converter took the first index of burst
//   k - index_lookahead (default 2));
//   element i's DMA 2 read of level l is ready at (data of level l-1) + convert_cycles;
//   the write master takes element i at max(its data, previous take + beats(element), write window).
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>
#include "models/common/stats.h"
#include "models/dma/descriptor.h"
#include "models/dma/element_dma.h"
#include "models/dma/msgdma_config.h"
#include "models/dma/read_master.h"
#include "models/dma/write_master.h"
#include "models/periph/mmio_device.h"

namespace vp {

class Converter {
public:
    // Called between elements with the earliest time a later access of the job can issue and when
    // the accesses issued so far end; false: a reset stopped the job.
    using Checkpoint = std::function<bool(Tick safe, Tick idle_at)>;

    Converter(const MsgdmaConfig& cfg, ReadMaster& reader, WriteMaster& writer, ElementDma& dma2, StatGroup& stats,
              std::shared_ptr<spdlog::logger> log);
    void declare(RegisterBank& regs);
    bool enabled() const;
    // Runs `d` as a gather/scatter job whose masters start at t0 (descriptor span `span`).
    Outcome run(const Descriptor& d, Tick t0, uint64_t span, const Checkpoint& checkpoint);
    uint64_t elements() const { return elements_.value; }
    uint64_t element_bytes() const { return element_bytes_.value; }

private:
    Tick cycles(uint64_t n) const { return n * cfg_.period; }
    Tick beats(uint64_t bytes) const { return cycles((bytes + cfg_.width - 1) / cfg_.width); }

    const MsgdmaConfig& cfg_;
    ReadMaster& reader_;
    WriteMaster& writer_;
    ElementDma& dma2_;
    std::shared_ptr<spdlog::logger> log_;
    uint32_t ctrl_ = 0, elem_base_ = 0, elem_size_ = 4, index_size_ = 4, levels_ = 1, src_base_ = 0;
    uint32_t level_base_[3] = {};
    std::vector<uint8_t> index_buf_, write_buf_;
    Counter &elements_, &index_reads_, &element_bytes_;
};

}  // namespace vp
