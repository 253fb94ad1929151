// Parameters of the GCN aggregation engine (config/params.h): one declaration each.
#include "models/gcn_agg/gcn_agg.h"

namespace vp {

using config::Kind;

void GcnAggConfig::params(config::Params& p) {
    declare_port(p, "aggregation engine's 4 KiB (include/vp/regs/gcn_agg.h)");
    p.add(irq, "irq", Kind::Int, "", "PLIC interrupt source (VP_IRQ_GCN_AGG): a job ended").range(1, 1023);
    p.clock(period, "clock", "engine clock: SIMD cores and one request per cycle per prefetcher");
    p.add(cores, "cores", Kind::Int, "", "SIMD cores (a column of the strip runs on the core free first)")
        .range(1, 255);
    p.add(lanes, "lanes", Kind::Int, "floats", "lanes per core: floats multiplied and added per cycle").range(1, 1024);
    p.add(vertex_outstanding, "vertex_outstanding", Kind::Int, "count",
          "vertex prefetcher: colptr/cursor line reads in flight")
        .range(1, 256);
    p.add(edge_outstanding, "edge_outstanding", Kind::Int, "count",
          "edge prefetcher: rowidx/weight line reads in flight")
        .range(1, 256);
    p.add(feature_outstanding, "feature_outstanding", Kind::Int, "count",
          "feature reader: X_s/Y_s line reads in flight (the engine's memory-level parallelism)")
        .range(1, 256);
    p.add(output_outstanding, "output_outstanding", Kind::Int, "count", "output writer: Y_s/cursor writes in flight")
        .range(1, 256);
    p.add(lookahead, "lookahead", Kind::Int, "columns", "columns the prefetchers run ahead of the cores")
        .range(1, 4096);
    p.add(max_width, "max_width", Kind::Int, "floats", "longest row (WIDTH) the row buffers hold; a multiple of 16")
        .range(16, 65536);
    p.rule(max_width % 16 == 0, "max_width", "must be a multiple of 16 (whole 64-byte lines)");
    p.add(e_mac, "e_mac", Kind::Float, "pJ", "one lane multiply-add (fp32 multiply + add)").at_least(0);
    p.add(e_line, "e_line", Kind::Float, "pJ", "one 64-byte line into or out of the engine's buffers").at_least(0);
}

}  // namespace vp
