// Parameters of the cascaded mSGDMA: schema declarations and reading of the validated values.
#include "models/dma/msgdma_config.h"
#include "platform/config/schema.h"

namespace vp {

using config::Kind;

namespace {
template <class T>
T get(const nlohmann::json& j, const char* key, const T& def) {
    auto it = j.find(key);
    return it == j.end() || it->is_null() ? def : it->get<T>();
}
}  // namespace

void MsgdmaConfig::declare(config::Schema& s) {
    s.add("base", Kind::Address, "0x1801_0000", "",
          "base of the DMA's 64 KiB register window (include/vp/regs/msgdma.h)");
    s.add("latency", Kind::Time, "10ns", "ps", "access latency of a register (device port busy time)");
    s.add("clock", Kind::Freq, "100MHz", "Hz", "DMA clock: dispatch, conversion and master issue rates").at_least(1e3);
    s.add("width", Kind::Int, "8", "bytes", "master data path: bytes per DMA cycle").range(1, 128);
    s.add("burst", Kind::Int, "64", "bytes", "largest read/write master transaction (multiple of width, >= 64)")
        .range(64, 4096);
    s.add("fifo_depth", Kind::Int, "16", "entries",
          "data FIFO between the read side and the write master: bursts (copy) or elements (gather/scatter); "
          "bounds the element reads in flight of the pipelined DMA 2")
        .range(1, 4096);
    s.add("descriptor_fifo_depth", Kind::Int, "8", "entries", "dispatcher descriptor FIFO").range(1, 1024);
    s.add("response_fifo_depth", Kind::Int, "8", "entries", "dispatcher response FIFO").range(1, 1024);
    s.add("response_port", Kind::Bool, "true", "",
          "memory-mapped response port (the dispatcher waits while its response FIFO is full)");
    s.add("extended", Kind::Bool, "false", "",
          "Intel's extended descriptor formats: 32-byte descriptor port, 64-byte prefetcher descriptors "
          "(sequence number, burst counts, strides, 64-bit addresses)");
    s.add("prefetcher", Kind::Bool, "true", "", "instantiate the descriptor prefetcher core");
    s.add("pipelined", Kind::Bool, "true", "",
          "DMA 2 is the seed's pipelined read DMA (addresses streamed in, reads in flight up to fifo_depth); "
          "false: Intel's one-descriptor-at-a-time dispatcher");
    s.add("dispatch_cycles", Kind::Int, "4", "cycles", "descriptor accepted to first master command").range(0, 1000);
    s.add("convert_cycles", Kind::Int, "1", "cycles", "converter: index to DMA 2 descriptor").range(0, 1000);
    s.add("write_window", Kind::Int, "4", "count", "write master: write transactions outstanding").range(1, 256);
    s.add("irq", Kind::Int, "11", "", "PLIC interrupt source (VP_IRQ_DMA0)").range(1, 1023);
}

MsgdmaConfig MsgdmaConfig::from_json(const nlohmann::json& j) {
    MsgdmaConfig c;
    c.base = get(j, "base", c.base);
    c.latency = get(j, "latency", c.latency);
    if (j.contains("clock") && !j.at("clock").is_null()) c.period = period_of(j.at("clock").get<double>());
    c.width = get(j, "width", c.width);
    c.burst = get(j, "burst", c.burst);
    c.fifo_depth = get(j, "fifo_depth", c.fifo_depth);
    c.descriptor_fifo_depth = get(j, "descriptor_fifo_depth", c.descriptor_fifo_depth);
    c.response_fifo_depth = get(j, "response_fifo_depth", c.response_fifo_depth);
    c.response_port = get(j, "response_port", c.response_port);
    c.extended = get(j, "extended", c.extended);
    c.prefetcher = get(j, "prefetcher", c.prefetcher);
    c.pipelined = get(j, "pipelined", c.pipelined);
    c.dispatch_cycles = get(j, "dispatch_cycles", c.dispatch_cycles);
    c.convert_cycles = get(j, "convert_cycles", c.convert_cycles);
    c.write_window = get(j, "write_window", c.write_window);
    c.irq = get(j, "irq", c.irq);
    return c;
}

}  // namespace vp
