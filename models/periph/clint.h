// Core-local interruptor (SiFive CLINT layout as QEMU virt, include/vp/regs/clint.h).
//
// mtime is a pure function of simulated time: mtime(t) = t_ps * timebase / 1e12 (exact integer
// arithmetic, rounded down) + an offset kept when software writes mtime. Each access samples it at
// its own time (the initiator's local time under temporal decoupling), so rdtime-style polling is
// exact whatever the quantum.
// Per hart h:
//   - msip: bit 0 of MSIP(h) drives software_irq(h) immediately.
//   - timer: the interrupt is pending at every time t >= timer_deadline(h), the first time at which
//     mtime >= mtimecmp(h) (kTickMax if never). Decoupled harts compare their local time with the
//     deadline themselves (exact, quantum-independent); on_deadline_change(h, fn) tells them when a
//     write moved it. timer_irq(h) follows the same deadline in kernel time (an sc_event at the
//     deadline), for non-decoupled users such as a hart sleeping in WFI.
// mtimecmp resets to all ones (never). mtime wrap-around (after 58,000 years at 10 MHz) is not modelled.
#pragma once
#include <deque>
#include <functional>
#include <vector>
#include "models/common/irq.h"
#include "models/periph/mmio_device.h"
#include "vp/regs/memmap.h"

namespace vp {
struct ClintConfig : MmioPort {
    ClintConfig() : MmioPort{VP_CLINT_BASE} {}
    unsigned harts = 1;
    double timebase_hz = 10e6;  // VP_CLINT_TIMEBASE_HZ; rounded to an integer number of Hz

    void params(config::Params& p);
};

class Clint : public MmioDevice {
public:
    SC_HAS_PROCESS(Clint);
    Clint(sc_core::sc_module_name name, SimContext& ctx, const ClintConfig& cfg);

    unsigned harts() const { return unsigned(harts_.size()); }
    IrqLine& software_irq(unsigned hart) { return harts_.at(hart).msip_line; }
    IrqLine& timer_irq(unsigned hart) { return harts_.at(hart).timer_line; }

    // Value of mtime at time `t` (what a read at t returns; the `time` CSR of the harts).
    uint64_t mtime(Tick t) const;
    std::string summary() const override;
    uint64_t mtimecmp(unsigned hart) const { return harts_.at(hart).mtimecmp; }
    // First time at which mtime >= mtimecmp(hart); kTickMax if never.
    Tick timer_deadline(unsigned hart) const { return harts_.at(hart).deadline; }
    // Called (inside the writer's b_transport) whenever a write moves the hart's deadline.
    void on_deadline_change(unsigned hart, std::function<void(Tick deadline)> fn) {
        harts_.at(hart).on_change = std::move(fn);
    }

private:
    __extension__ typedef __int128 int128;  // GCC/Clang extension: exact ps x Hz products
    __extension__ typedef unsigned __int128 uint128;

    struct Hart {
        uint32_t msip = 0;
        uint64_t mtimecmp = ~uint64_t(0);
        Tick deadline = kTickMax;
        std::function<void(Tick)> on_change;
        IrqLine msip_line, timer_line;
        // Kernel-time view for timer_line: deadline in force until the first change, then the changes
        // (time of the write, new deadline) not yet reached by the kernel, in time order.
        Tick line_deadline = kTickMax;
        std::deque<std::pair<Tick, Tick>> changes;
    };

    Tick deadline_of(uint64_t cmp) const;
    void set_mtime(uint64_t value, Tick at);
    void update_deadline(unsigned hart, Tick at);
    void update_timer_lines();  // SC_METHOD

    uint64_t hz_;
    int128 offset_ = 0;  // mtime(t) = raw(t) + offset_
    std::vector<Hart> harts_;
    sc_core::sc_event timer_event_;
    Counter& timer_irqs_;
};

}  // namespace vp
