// Platform-level interrupt controller (SiFive PLIC layout, subset: include/vp/regs/plic.h).
//
// Sources 1..sources-1 (0 means "none"), each with a priority 0..7 (0: never interrupts); contexts
// 0..contexts-1, each with enable bits, a threshold and a claim/complete register, and one output
// line (external interrupt pending of the hart/mode the platform connects it to; context 0 = hart 0
// M-mode). Level-triggered gateways as in the PLIC specification: a high source level becomes a
// pending request when the source has none outstanding; claiming clears the pending bit and marks the
// source in service; no new request is taken until the claiming context completes it, after which a
// still-high level is pending again. A request stays pending if the level drops before the claim.
// A context's line is high while some pending source enabled for it has priority > its threshold;
// a claim returns the highest such source (lowest id on ties), or 0.
#pragma once
#include <vector>
#include "models/common/irq.h"
#include "models/periph/mmio_device.h"
#include "vp/regs/memmap.h"

namespace vp {
struct PlicConfig : MmioPort {
    PlicConfig() : MmioPort{VP_PLIC_BASE} {}
    unsigned sources = 64;  // number of source ids, including the reserved 0 (PLIC_NUM_SOURCES)
    unsigned contexts = 2;  // QEMU virt: 2h = hart h M-mode, 2h + 1 = its S-mode

    void params(config::Params& p);
};

class Plic : public MmioDevice {
public:
    Plic(sc_core::sc_module_name name, SimContext& ctx, const PlicConfig& cfg);

    unsigned sources() const { return unsigned(sources_.size()); }
    unsigned contexts() const { return unsigned(contexts_.size()); }

    // Interrupt inputs: set the level of source n (1..sources-1), directly or through its line
    // (the PLIC owns the line and its on_change handler: drive it with set(), don't replace the handler).
    void set_source(unsigned n, bool level);
    IrqLine& source(unsigned n) { return sources_.at(n).line; }
    // Output of context c (to the hart's external interrupt input).
    IrqLine& context_irq(unsigned c) { return contexts_.at(c).line; }

    std::string summary() const override;
    bool pending(unsigned n) const { return sources_.at(n).pending; }

private:
    struct Source {
        uint32_t priority = 0;
        bool level = false, pending = false, in_service = false;
        IrqLine line;
    };
    struct Context {
        std::vector<uint32_t> enable;  // one bit per source
        uint32_t threshold = 0;
        IrqLine line;
    };

    bool enabled(const Context& c, unsigned n) const { return (c.enable[n / 32] >> (n % 32)) & 1; }
    unsigned best(const Context& c) const;  // highest-priority claimable source, 0 if none
    uint32_t claim(unsigned ctx);
    void complete(unsigned ctx, uint32_t n);
    void source_changed(unsigned n, bool level);
    void gateway(unsigned n);  // turns a high level into a request when none is outstanding
    void update();

    std::vector<Source> sources_;
    std::vector<Context> contexts_;
    unsigned words_;
    Counter &claims_, &spurious_claims_, &completes_;
};

}  // namespace vp
