#include "platform/devices.h"
#include "models/dma/msgdma.h"
#include "models/gcn_agg/gcn_agg.h"
#include "models/gcn_comb/gcn_comb.h"
#include "models/lapp/lapp_device.h"
#include "models/memory/hmc/gather_engine.h"
#include "models/periph/clint.h"
#include "models/periph/finisher.h"
#include "models/periph/marker.h"
#include "models/periph/plic.h"
#include "models/periph/uart16550.h"
#include "models/vector/accelerator.h"
#include "vp/regs/clint.h"
#include "vp/regs/finisher.h"
#include "vp/regs/gcn_agg.h"
#include "vp/regs/gcn_comb.h"
#include "vp/regs/hmc.h"
#include "vp/regs/lapp.h"
#include "vp/regs/marker.h"
#include "vp/regs/msgdma.h"
#include "vp/regs/plic.h"
#include "vp/regs/uart16550.h"
#include "vp/regs/vec.h"

namespace vp {

const std::vector<DeviceEntry>& device_table() {
    static const std::vector<DeviceEntry> table = {
        // key, help, enabled by default, the parameter naming its PLIC source, window size (for placing
        // further instances), how many instances a scenario may list
        device<Uart16550, Uart16550Config>("uart", "16550 UART (console)", true, "irq", UART_SIZE),
        device<Clint, ClintConfig>("clint", "core-local interruptor: mtime, mtimecmp, msip", true, "", CLINT_SIZE, 1),
        device<Plic, PlicConfig>("plic", "platform-level interrupt controller", true, "", PLIC_SIZE, 1),
        device<TestFinisher, TestFinisherConfig>("finisher", "test finisher (sifive_test compatible): ends the run",
                                                 true, "", FINISHER_SIZE),
        device<TraceMarker, TraceMarkerConfig>("marker", "trace-marker device: firmware-named regions in the trace",
                                               true, "", MARKER_SIZE),
        device<Msgdma, MsgdmaConfig>("dma", "cascaded scatter-gather DMA from Intel mSGDMA blocks (docs/dma.md)", true,
                                     "irq", MSGDMA_WINDOW_SIZE),
        device<HmcController, HmcCtrlConfig>("hmc_ctrl",
                                             "HMC host controller and gather/scatter engine (when ram.timing is hmc); "
                                             "several instances are several gather units in the cube's logic "
                                             "layer, each with its own command registers (docs/hmc.md)",
                                             true, "irq", HMC_CTRL_SIZE),
        device<VecAccel, VecAccelConfig>("vec",
                                         "vector accelerator: RV32IMF control hart with a Zve32f vector unit and "
                                         "instruction/data local memories (docs/vector.md)",
                                         true, "irq", VEC_WINDOW_SIZE, 16,
                                         [](const nlohmann::json& s) {
                                             return std::vector<DeviceWindow>{
                                                 {"base", VEC_WINDOW_SIZE},
                                                 {"ilm_base", s.at("ilm_size").get<uint64_t>()},
                                                 {"dlm_base", s.at("dlm_size").get<uint64_t>()}};
                                         }),
        device<LappDevice, LappConfig>("lapp", "LAPP, the binary-compatible linear FU-array accelerator (docs/lapp.md)",
                                       false, "irq", LAPP_WINDOW_SIZE),
        device<GcnAgg, GcnAggConfig>("gcn_agg",
                                     "GCN aggregation engine: 16 SIMD cores, vertex/edge prefetchers and feature "
                                     "reader through the L2 (docs/gcn_engines.md)",
                                     false, "irq", GCN_AGG_WINDOW_SIZE),
        device<GcnComb, GcnCombConfig>("gcn_comb",
                                       "GCN combination engine: 32x32 weight-stationary systolic array for X·W "
                                       "(docs/gcn_engines.md)",
                                       false, "irq", GCN_COMB_WINDOW_SIZE),
    };
    return table;
}

}  // namespace vp
