// Test finisher, compatible with QEMU virt's sifive_test (include/vp/regs/finisher.h): one write-only
// register at offset 0 that ends the simulation.
//   0x5555                 -> pass: ctx.request_stop(0, "finisher pass")
//   (code << 16) | 0x3333  -> fail: ctx.request_stop(code, ...) (code 0 exits 0, as QEMU does)
//   0x7777                 -> reset: not modelled, treated as a pass (with a warning)
//   anything else          -> ignored with a warning (QEMU ignores it too)
// 16- and 32-bit writes are accepted (QEMU accepts both); reads return 0; other sizes and offsets are
// TLM_ADDRESS_ERROR_RESPONSE. The stop takes effect at the end of the kernel's current delta cycle;
// the writer's (decoupled) local time is passed to request_stop and named in the stop reason.
#pragma once
#include "models/periph/mmio_device.h"
#include "vp/regs/memmap.h"

namespace vp {
struct TestFinisherConfig : MmioPort {
    TestFinisherConfig() : MmioPort{VP_FINISHER_BASE} {}

    void params(config::Params& p);
};

class TestFinisher : public MmioDevice {
public:
    TestFinisher(sc_core::sc_module_name name, SimContext& ctx, const TestFinisherConfig& cfg);

private:
    void command(uint32_t value, Tick at);
};

}  // namespace vp
