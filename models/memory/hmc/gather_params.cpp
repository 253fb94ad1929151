// Parameters of the HMC host controller (config/params.h).
#include "models/memory/hmc/gather_engine.h"

namespace vp {

void HmcCtrlConfig::params(config::Params& p) {
    using config::Kind;
    declare_port(p, "HMC controller's 64 KiB");
    p.add(window, "window", Kind::Int, "count",
          "element accesses the cube's gather unit keeps in flight (256 = one per bank)")
        .range(1, 4096);
    p.add(irq, "irq", Kind::Int, "", "PLIC interrupt source of the gather engine (VP_IRQ_GATHER)").range(1, 1023);
}

}  // namespace vp
