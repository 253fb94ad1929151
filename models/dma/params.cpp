// Parameters of the cascaded mSGDMA (config/params.h): one declaration each.
#include "models/dma/msgdma_config.h"
#include "vp/regs/msgdma.h"

namespace vp {

using config::Kind;

void MsgdmaConfig::params(config::Params& p) {
    declare_port(p, "DMA's 64 KiB (include/vp/regs/msgdma.h)");
    p.clock(period, "clock", "DMA clock: dispatch, conversion and master issue rates");
    p.add(width, "width", Kind::Int, "bytes", "master data path: bytes per DMA cycle").range(1, 128);
    p.add(burst, "burst", Kind::Int, "bytes", "largest read/write master transaction (multiple of width, >= 64)")
        .range(MSGDMA_CONV_MAX_ELEM, 4096);
    p.rule(width == 0 || burst % width == 0, "burst", "must be a multiple of width (" + std::to_string(width) + ")");
    p.add(fifo_depth, "fifo_depth", Kind::Int, "entries",
          "data FIFO between the read side and the write master: bursts (copy) or elements (gather/scatter); "
          "bounds the element reads in flight of the pipelined DMA 2")
        .range(1, 4096);
    p.add(descriptor_fifo_depth, "descriptor_fifo_depth", Kind::Int, "entries", "dispatcher descriptor FIFO")
        .range(1, 1024);
    p.add(response_fifo_depth, "response_fifo_depth", Kind::Int, "entries", "dispatcher response FIFO").range(1, 1024);
    p.add(response_port, "response_port", Kind::Bool, "",
          "memory-mapped response port (the dispatcher waits while its response FIFO is full)");
    p.add(extended, "extended", Kind::Bool, "",
          "Intel's extended descriptor formats: 32-byte descriptor port, 64-byte prefetcher descriptors "
          "(sequence number, burst counts, strides, 64-bit addresses)");
    p.add(prefetcher, "prefetcher", Kind::Bool, "", "instantiate the descriptor prefetcher core");
    p.add(pipelined, "pipelined", Kind::Bool, "",
          "DMA 2 is Kashimata et al. [kashimata-cascaded-dma]'s pipelined read DMA (addresses streamed in, reads in "
          "flight up to fifo_depth); "
          "false: Intel's one-descriptor-at-a-time dispatcher");
    p.add(dispatch_cycles, "dispatch_cycles", Kind::Int, "cycles", "descriptor accepted to first master command")
        .range(0, 1000);
    p.add(convert_cycles, "convert_cycles", Kind::Int, "cycles", "converter: index to DMA 2 descriptor").range(0, 1000);
    p.add(index_lookahead, "index_lookahead", Kind::Int, "bursts",
          "converter: index-stream bursts it holds; DMA 1 reads index burst k once the converter has taken the "
          "first index of burst k - index_lookahead")
        .range(1, 64);
    p.add(write_window, "write_window", Kind::Int, "count", "write master: write transactions outstanding")
        .range(1, 256);
    p.add(irq, "irq", Kind::Int, "", "PLIC interrupt source (VP_IRQ_DMA0)").range(1, 1023);
}

}  // namespace vp
