// Parameters of the HMC host controller and of the gather unit in the cube's logic layer (config/params.h).
#include "models/memory/hmc/gather_engine.h"

namespace vp {

void HmcCtrlConfig::params(config::Params& p) {
    using config::Kind;
    declare_port(p, "HMC controller's 64 KiB");
    p.choice(engine, "engine", {{"in_order", Engine::InOrder}, {"coalescing", Engine::Coalescing}},
             "gather unit in the logic layer: in_order (one vault access per element, in index order) or "
             "coalescing (merges the reads of a window of indices per block, a hot-burst buffer, reads in flight "
             "per vault; gathers only, scatters stay in order). docs/hmc.md, \"Gather units\"");
    p.add(window, "window", Kind::Int, "count",
          "element accesses the cube's gather unit keeps in flight (256 = one per bank)")
        .range(1, 4096);
    p.add(merge_window, "merge_window", Kind::Int, "count",
          "coalescing: indices examined together; their reads of one block (vault, bank, row) become one access")
        .range(1, 4096);
    p.add(buffer_bytes, "buffer_bytes", Kind::Size, "bytes",
          "coalescing: hot-burst buffer in the logic layer (32-byte lines, cleared at each command); 0 = none")
        .range(0, 1 << 20);
    p.add(buffer_ways, "buffer_ways", Kind::Int, "", "coalescing: associativity of the hot-burst buffer (LRU)")
        .range(1, 64);
    p.add(vault_queue, "vault_queue", Kind::Int, "count",
          "coalescing: element reads in flight per vault controller (gem5 HMC_2500_1x32 read buffer: 32)")
        .range(1, 256);
    p.add(indices_per_cycle, "indices_per_cycle", Kind::Int, "count",
          "coalescing: indices the unit takes per logic-layer cycle (tCK; 8 = one 32-byte crossbar beat of 4-byte "
          "indices)")
        .range(1, 64);
    p.add(irq, "irq", Kind::Int, "", "PLIC interrupt source of the gather engine (VP_IRQ_GATHER)").range(1, 1023);
    // The buffer's geometry, checked by the cache core that keeps its tags (one rule for both).
    const cache::Geometry::Problem g = cache::Geometry{buffer_bytes, buffer_ways, 32}.problem();
    p.rule(buffer_bytes == 0 || !g.key, "buffer_bytes", "hot-burst buffer: " + g.reason);
}

}  // namespace vp
