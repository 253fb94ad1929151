// Parameters of the GCN combination engine (config/params.h): one declaration each.
#include "models/gcn_comb/gcn_comb.h"

namespace vp {

using config::Kind;

void GcnCombConfig::params(config::Params& p) {
    declare_port(p, "combination engine's 4 KiB (include/vp/regs/gcn_comb.h)");
    p.add(irq, "irq", Kind::Int, "", "PLIC interrupt source (VP_IRQ_GCN_COMB): a job ended").range(1, 1023);
    p.clock(period, "clock", "systolic array clock: one row of X enters per cycle");
    p.add(rows, "rows", Kind::Int, "", "processing-element rows (K of a tile)").range(1, 1024);
    p.add(cols, "cols", Kind::Int, "", "processing-element columns (N of a tile)").range(1, 1024);
    p.add(outstanding, "outstanding", Kind::Int, "count", "reads in flight (W, X, partial sums)").range(1, 256);
    p.add(write_outstanding, "write_outstanding", Kind::Int, "count", "writes of Z in flight").range(1, 256);
    p.add(lookahead, "lookahead", Kind::Int, "rows", "rows of X read ahead of the array").range(1, 4096);
    p.add(e_mac, "e_mac", Kind::Float, "pJ", "one PE multiply-add (fp32 multiply + add)").at_least(0);
    p.add(e_line, "e_line", Kind::Float, "pJ", "one line (or part of one) into or out of the engine").at_least(0);
}

}  // namespace vp
