// Parameters of the vector accelerator: schema declarations and reading of the validated values
// (the existing per-model style; one small file so it converts easily to config::Params).
#include "models/vector/accelerator.h"
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

void VecAccelConfig::declare(config::Schema& s) {
    const VecAccelConfig d;
    const vec::VectorTimingConfig& t = d.unit.timing;
    s.add("base", Kind::Address, "0x1803_0000", "", "control registers (include/vp/regs/vec.h), 4 KiB window");
    s.add("ilm_base", Kind::Address, "0x1840_0000", "", "instruction local memory base");
    s.add("dlm_base", Kind::Address, "0x1850_0000", "", "data local memory base");
    s.add("ilm_size", Kind::Size, "16KiB", "bytes", "instruction local memory (multiple of 4 KiB, <= 1 MiB)")
        .range(4096, 1 << 20);
    s.add("dlm_size", Kind::Size, "32KiB", "bytes", "data local memory (multiple of 4 KiB, <= 1 MiB)")
        .range(4096, 1 << 20);
    s.add("latency", Kind::Time, "10ns", "ps", "register access latency (device port busy time)");
    s.add("lm_latency", Kind::Time, "2ns", "ps", "LM access latency from the bus side (CPU, DMA)");
    s.add("lm_bandwidth", Kind::Bandwidth, "8GB/s", "bytes/s", "LM bus port bandwidth; 0 = unlimited").at_least(0);
    s.add("clock", Kind::Freq, "1GHz", "Hz", "accelerator clock (control hart and vector unit)").at_least(1e3);
    s.add("irq", Kind::Int, "16", "", "PLIC interrupt source (VP_IRQ_VEC)").range(1, 1023);
    s.add("vlen", Kind::Int, "1024", "bits",
          "bits per vector register (power of two); VLMAX at SEW 32 and LMUL 8 = vlen / 4 (1024: 256 elements)")
        .range(64, 65536);
    s.add("add_lanes", Kind::Int, std::to_string(t.add_lanes), "elements/cycle",
          "FP-add lanes; also integer, move, mask, slide and reduction work")
        .range(1, 1024);
    s.add("mul_lanes", Kind::Int, std::to_string(t.mul_lanes), "elements/cycle",
          "FP-multiply lanes (multiplies, fused multiply-adds, integer multiplies)")
        .range(1, 1024);
    s.add("lm_bytes_per_cycle", Kind::Int, std::to_string(t.lm_bytes_per_cycle), "bytes/cycle",
          "unit-stride vector load/store bandwidth to the data LM")
        .range(1, 4096);
    s.add("indexed_per_cycle", Kind::Int, std::to_string(t.indexed_per_cycle), "elements/cycle",
          "strided and indexed vector accesses per cycle")
        .range(1, 1024);
    s.add("alu_latency", Kind::Int, std::to_string(t.alu_latency), "cycles", "integer / move / mask pipeline depth")
        .range(0, 1000);
    s.add("fp_latency", Kind::Int, std::to_string(t.fp_latency), "cycles", "FP add / multiply / FMA pipeline depth")
        .range(0, 1000);
    s.add("div_cycles", Kind::Int, std::to_string(t.div_cycles), "cycles",
          "divide / square root: cycles per element per lane (not pipelined)")
        .range(1, 1000);
    s.add("mem_latency", Kind::Int, std::to_string(t.mem_latency), "cycles", "data LM read latency of vector loads")
        .range(0, 1000);
    s.add("queue_depth", Kind::Int, std::to_string(t.queue_depth), "entries",
          "vector instruction queue between the scalar pipeline and issue")
        .range(1, 1024);
    s.add("chaining", Kind::Bool, "true", "", "dependent vector instructions start on their producer's first results");
}

VecAccelConfig VecAccelConfig::from_json(const nlohmann::json& j) {
    VecAccelConfig c;
    c.base = get(j, "base", c.base);
    c.ilm_base = get(j, "ilm_base", c.ilm_base);
    c.dlm_base = get(j, "dlm_base", c.dlm_base);
    c.ilm_size = get(j, "ilm_size", c.ilm_size);
    c.dlm_size = get(j, "dlm_size", c.dlm_size);
    c.latency = get(j, "latency", c.latency);
    c.lm_latency = get(j, "lm_latency", c.lm_latency);
    c.lm_bandwidth = get(j, "lm_bandwidth", c.lm_bandwidth);
    if (j.contains("clock") && !j.at("clock").is_null()) c.period = period_of(j.at("clock").get<double>());
    c.irq = get(j, "irq", c.irq);
    c.unit.vlen = get(j, "vlen", c.unit.vlen);
    auto& t = c.unit.timing;
    t.add_lanes = get(j, "add_lanes", t.add_lanes);
    t.mul_lanes = get(j, "mul_lanes", t.mul_lanes);
    t.lm_bytes_per_cycle = get(j, "lm_bytes_per_cycle", t.lm_bytes_per_cycle);
    t.indexed_per_cycle = get(j, "indexed_per_cycle", t.indexed_per_cycle);
    t.alu_latency = get(j, "alu_latency", t.alu_latency);
    t.fp_latency = get(j, "fp_latency", t.fp_latency);
    t.div_cycles = get(j, "div_cycles", t.div_cycles);
    t.mem_latency = get(j, "mem_latency", t.mem_latency);
    t.queue_depth = get(j, "queue_depth", t.queue_depth);
    t.chaining = get(j, "chaining", t.chaining);
    return c;
}

}  // namespace vp
