// Parameters of the vector accelerator (config/params.h): one declaration each.
#include "models/vector/accelerator.h"
#include "vp/regs/vec.h"

namespace vp {

using config::Kind;

void VecAccelConfig::params(config::Params& p) {
    declare_port(p, "vector accelerator's 4 KiB (include/vp/regs/vec.h)");
    p.add(ilm_base, "ilm_base", Kind::Address, "", "instruction local memory base (4 KiB aligned)")
        .range(0, 4294967295.0);
    p.add(dlm_base, "dlm_base", Kind::Address, "", "data local memory base (4 KiB aligned)").range(0, 4294967295.0);
    p.add(ilm_size, "ilm_size", Kind::Size, "bytes", "instruction local memory (multiple of 4 KiB)")
        .range(4096, 1 << 20);
    p.add(dlm_size, "dlm_size", Kind::Size, "bytes", "data local memory (multiple of 4 KiB)").range(4096, 1 << 20);
    p.rule(ilm_size % 4096 == 0, "ilm_size", "must be a multiple of 4 KiB");
    p.rule(dlm_size % 4096 == 0, "dlm_size", "must be a multiple of 4 KiB");
    p.rule(ilm_base % 4096 == 0 && ilm_base + ilm_size <= (1ull << 32), "ilm_base",
           "must be 4 KiB aligned with the ILM below 4 GiB");
    p.rule(dlm_base % 4096 == 0 && dlm_base + dlm_size <= (1ull << 32), "dlm_base",
           "must be 4 KiB aligned with the DLM below 4 GiB");
    p.rule(!(ilm_base < dlm_base + dlm_size && dlm_base < ilm_base + ilm_size), "dlm_base", "overlaps the ILM");
    p.add(lm_latency, "lm_latency", Kind::Time, "ps", "LM access latency from the bus side (CPU, DMA)");
    p.add(lm_bandwidth, "lm_bandwidth", Kind::Bandwidth, "bytes/s", "LM bus port bandwidth; 0 = unlimited").at_least(0);
    p.clock(period, "clock",
            "accelerator clock: control hart and vector unit (the FPGA of Kashimata et al. [kashimata-cascaded-dma]: "
            "45 MHz)");
    p.add(irq, "irq", Kind::Int, "", "PLIC interrupt source (VP_IRQ_VEC)").range(1, 1023);
    p.add(unit.vlen, "vlen", Kind::Int, "bits",
          "bits per vector register (power of two); VLMAX at SEW 32 and LMUL 8 = vlen / 4 (1024: 256 elements)")
        .range(64, 65536);
    p.rule((unit.vlen & (unit.vlen - 1)) == 0, "vlen", "must be a power of two");
    vec::VectorTimingConfig& t = unit.timing;
    p.add(t.add_lanes, "add_lanes", Kind::Int, "elements/cycle",
          "FP-add lanes; also integer, move, mask, slide and reduction work")
        .range(1, 1024);
    p.add(t.mul_lanes, "mul_lanes", Kind::Int, "elements/cycle",
          "FP-multiply lanes (multiplies, fused multiply-adds, integer multiplies)")
        .range(1, 1024);
    p.add(t.lm_bytes_per_cycle, "lm_bytes_per_cycle", Kind::Int, "bytes/cycle",
          "unit-stride vector load/store bandwidth to the data LM")
        .range(1, 4096);
    p.add(t.indexed_per_cycle, "indexed_per_cycle", Kind::Int, "elements/cycle",
          "strided and indexed vector accesses per cycle")
        .range(1, 1024);
    p.add(t.alu_latency, "alu_latency", Kind::Int, "cycles", "integer / move / mask pipeline depth").range(0, 1000);
    p.add(t.fp_latency, "fp_latency", Kind::Int, "cycles", "FP add / multiply / FMA pipeline depth").range(0, 1000);
    p.add(t.div_cycles, "div_cycles", Kind::Int, "cycles",
          "divide / square root: cycles per element per lane (not pipelined)")
        .range(1, 1000);
    p.add(t.mem_latency, "mem_latency", Kind::Int, "cycles", "data LM read latency of vector loads").range(0, 1000);
    p.add(t.queue_depth, "queue_depth", Kind::Int, "entries",
          "vector instruction queue between the scalar pipeline and issue")
        .range(1, 1024);
    p.add(t.chaining, "chaining", Kind::Bool, "",
          "dependent vector instructions start on their producer's first results");
}

}  // namespace vp
