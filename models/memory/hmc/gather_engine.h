// The HMC host controller's register window: memory-mapped gather/scatter engine (include/vp/regs/hmc.h).
//
// Firmware writes a descriptor and rings the doorbell; the controller sends one custom-command packet
// over link 0 and the cube's logic layer (next to link 0's crossbar port) reads the index array and the
// elements over its internal paths (HmcTiming::vault_access: crossbar, vault controller, banks, TSVs),
// then writes the packed array into the cube (in-memory mode) or returns it in response packets that
// the controller stores in its 32 KiB buffer GS_BUF (to-host mode). SCATTER is the reverse.
//
// Functional effect: the whole command is validated first (a bad descriptor changes no memory), then
// performed on the memory's backing store at the doorbell (data are visible at once; firmware waits for
// DONE, which GS_STATUS reports from the computed completion time on). Timing (`engine`): the in-order
// unit issues one vault access per element in index order, at most `window` in flight (a ring of their
// completion times); the coalescing unit (gathers) merges a window's reads per block, serves repeats
// from a hot-burst buffer and queues reads per vault (coalesced_reads). Index blocks are prefetched
// with their own window of 8. See docs/hmc.md, "Gather units".
#pragma once
#include <deque>
#include <memory>
#include <unordered_map>
#include <vector>
#include "models/cache/cache_array.h"
#include "models/common/irq.h"
#include "models/memory/hmc/hmc_timing.h"
#include "models/memory/memory.h"
#include "models/periph/mmio_device.h"
#include "vp/regs/memmap.h"

namespace vp {
struct HmcCtrlConfig : MmioPort {
    HmcCtrlConfig() : MmioPort{VP_HMC_CTRL_BASE} {}
    // The gather unit in the cube's logic layer (docs/hmc.md, "Gather units"):
    //   InOrder     one vault access per element, in index order (the first engine);
    //   Coalescing  merges the element reads of a window of indices that fall into the same block
    //               (same vault, bank and row: one activation), serves repeats from a small buffer
    //               of hot bursts, and keeps reads in flight per vault.
    enum class Engine { InOrder, Coalescing };
    Engine engine = Engine::InOrder;
    unsigned window = 256;          // element accesses in flight in the logic layer's gather unit (= banks of the cube)
    unsigned merge_window = 256;    // coalescing: indices examined together (the merge CAM's entries)
    uint64_t buffer_bytes = 32768;  // coalescing: hot-burst buffer (32-byte lines, per command); 0 = none
    unsigned buffer_ways = 8;       // coalescing: its associativity (LRU)
    unsigned vault_queue = 32;      // coalescing: reads in flight per vault controller (gem5 HMC read buffer)
    unsigned indices_per_cycle = 8;  // coalescing: indices the unit takes per logic-layer cycle (tCK)
    unsigned irq = VP_IRQ_GATHER;    // PLIC source

    void params(config::Params& p);
};

class HmcController : public MmioDevice {
public:
    // `ram` must use HmcTiming; `ram_base` is its bus address (descriptor addresses are bus addresses).
    HmcController(sc_core::sc_module_name name, SimContext& ctx, const HmcCtrlConfig& cfg, Memory& ram,
                  uint64_t ram_base);

    // The device-table factory: the controller exists when the main memory is a cube (null otherwise).
    static std::unique_ptr<Device> create(DeviceContext& dc, const std::string& name, const HmcCtrlConfig& cfg);

    IrqLine& irq() { return irq_; }
    IrqLine* irq_output() override { return &irq_; }
    std::vector<BootInfo> boot_info() override { return {{name_, uint32_t(base()), uint32_t(size())}}; }
    // Status as seen at time `at` (BUSY before the running command's completion).
    uint32_t status(Tick at) const;
    Tick last_completion() const { return done_at_; }
    std::string summary() const override;

    struct Descriptor {
        uint32_t op = 0, elem_base = 0, index_addr = 0, count = 0, elem_size = 4, index_size = 4, dest = 0;
    };
    // Runs a command at `at` (what the doorbell does); returns its final status. Public for tests.
    uint32_t run(const Descriptor& d, Tick at);
    const std::vector<uint8_t>& buffer() const { return buf_; }

private:
    uint32_t validate(const Descriptor& d, std::vector<uint64_t>& idx);
    // Element reads of a gather through the coalescing unit (from `cube`, the command's arrival): fills
    // out_ready (per packed block: when its elements are in the logic layer).
    void coalesced_reads(const Descriptor& d, const std::vector<uint64_t>& idx, const std::vector<Tick>& idx_ready,
                         Tick cube, std::vector<Tick>& out_ready, const HmcTiming::TraceParent* parent);
    Tick time_command(const Descriptor& d, const std::vector<uint64_t>& idx, Tick at,
                      const HmcTiming::TraceParent* parent);
    void completion_event();
    void update_irq(Tick at);
    bool pending(Tick at) const { return completed_ && !cleared_ && at >= done_at_; }

    HmcCtrlConfig cfg_;
    Memory& ram_;
    HmcTiming& hmc_;
    uint64_t ram_base_;
    Descriptor d_;
    std::vector<uint8_t> buf_;
    IrqLine irq_;
    sc_core::sc_event done_event_;
    uint32_t final_status_ = 0;  // of the last command
    Tick started_at_ = 0, done_at_ = 0;
    bool completed_ = false;  // a command has been started since reset
    bool cleared_ = false;    // its pending bit was cleared
    uint32_t irq_enable_ = 0, err_info_ = 0;
    Counter &commands_, &gathers_, &scatters_, &elements_, &errors_, &busy_doorbells_;
    Histogram& cmd_latency_;
    // The coalescing unit's statistics, registered with that engine only (the in-order engine's
    // statistics stay as they were).
    Counter *element_reads_ = nullptr, *merged_ = nullptr, *buffer_hits_ = nullptr, *busy_ps_ = nullptr;
    std::vector<Counter*> vault_reads_;                          // element reads per vault
    uint32_t last_merged_ = 0, last_hits_ = 0, last_reads_ = 0;  // of the last command (registers)
    std::unique_ptr<cache::CacheArray> hot_;                     // coalescing: the hot-burst buffer (tags)
    std::unordered_map<uint64_t, Tick> hot_ready_;               // its lines' data arrival times
    EnergyLedger::Kind e_cam_ = 0, e_buf_ = 0;
};

}  // namespace vp
