// Parameters of the cascaded mSGDMA (scenario key platform.dma; declarations in params.cpp).
#pragma once
#include <cstdint>
#include "models/common/time.h"
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
    bool extended = false;         // extended descriptor formats (descriptor port 32 B, prefetcher 64 B)
    bool prefetcher = true;        // prefetcher core present
    bool pipelined = true;         // DMA 2: the pipelined read DMA; false: mSGDMA one at a time
    unsigned dispatch_cycles = 4;  // descriptor to first command of the masters
    unsigned convert_cycles = 1;   // converter: index to DMA 2 descriptor
    unsigned index_lookahead = 2;  // converter: index bursts read ahead of the element being converted
    unsigned write_window = 4;     // write master: write bursts outstanding
    unsigned irq = VP_IRQ_DMA0;    // PLIC source

    void params(config::Params& p);
};

}  // namespace vp
