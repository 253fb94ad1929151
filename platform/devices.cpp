#include "platform/devices.h"
#include "models/dma/msgdma.h"
#include "models/lapp/lapp_device.h"
#include "models/memory/hmc/gather_engine.h"
#include "models/periph/clint.h"
#include "models/periph/finisher.h"
#include "models/periph/marker.h"
#include "models/periph/plic.h"
#include "models/periph/uart16550.h"
#include "models/vector/accelerator.h"

namespace vp {

const std::vector<DeviceEntry>& device_table() {
    static const std::vector<DeviceEntry> table = {
        // key, help, enabled by default, the parameter naming its PLIC source
        device<Uart16550, Uart16550Config>("uart", "16550 UART (console)", true, "irq"),
        device<Clint, ClintConfig>("clint", "core-local interruptor: mtime, mtimecmp, msip"),
        device<Plic, PlicConfig>("plic", "platform-level interrupt controller"),
        device<TestFinisher, TestFinisherConfig>("finisher", "test finisher (sifive_test compatible): ends the run"),
        device<TraceMarker, TraceMarkerConfig>("marker", "trace-marker device: firmware-named regions in the trace"),
        device<Msgdma, MsgdmaConfig>("dma", "cascaded scatter-gather DMA from Intel mSGDMA blocks (docs/dma.md)", true,
                                     "irq"),
        device<HmcController, HmcCtrlConfig>(
            "hmc_ctrl", "HMC host controller and gather/scatter engine (when ram.timing is hmc)", true, "irq"),
        device<VecAccel, VecAccelConfig>("vec",
                                         "vector accelerator: RV32IMF control hart with a Zve32f vector unit and "
                                         "instruction/data local memories (docs/vector.md)",
                                         true, "irq"),
        device<LappDevice, LappConfig>("lapp", "LAPP, the binary-compatible linear FU-array accelerator (docs/lapp.md)",
                                       false, "irq"),
    };
    return table;
}

}  // namespace vp
