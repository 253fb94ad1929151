// The combination engine of Lee et al.'s GCN accelerator (docs/gcn_engines.md): Z = X·W on a
// weight-stationary systolic array of `rows` x `cols` processing elements (32 x 32 at 1 GHz), through the
// platform's bus and its L2.
//
// Dataflow, per tile (an N tile of `cols` columns of W, a K tile of `rows` rows of W; K tiles inner):
//   weight load   the tile's kc rows of W shift into the array: kc cycles once they are read;
//   streaming     row i of X's K tile enters at t_i = max(t_{i-1} + 1 cycle, its data, its partial
//                 sums) and leaves the array kc + nc - 1 cycles later (fill/drain of the skewed
//                 wavefront); a K tile after the first starts from the partial sums of Z it wrote;
//   next tile     its weights load once the current tile has drained (no weight double-buffering).
// The reads (W rows, X rows, partial sums) go through one window of `outstanding` reads in flight, X rows
// at most `lookahead` rows ahead of the array; Z rows are posted writes through a window of
// `write_outstanding`. Every access is a timed TLM transaction through the L2; the result is computed
// from the data the bus returned, k ascending, each product and sum rounded to float (bit for bit).
#pragma once
#include <cstdint>
#include <string>
#include <vector>
#include <tlm_utils/simple_initiator_socket.h>
#include "models/common/outstanding.h"
#include "models/dma/master_port.h"
#include "models/periph/job_device.h"
#include "vp/regs/memmap.h"

namespace vp {

struct GcnCombConfig : MmioPort {
    GcnCombConfig() : MmioPort{VP_GCN_COMB_BASE} {}
    Tick period = 1 * kNs;  // 1 GHz
    unsigned rows = 32;     // PE rows: the K extent of a tile
    unsigned cols = 32;     // PE columns: the N extent of a tile
    unsigned outstanding = 16;
    unsigned write_outstanding = 8;
    unsigned lookahead = 64;  // X rows read ahead of the array
    unsigned irq = VP_IRQ_GCN_COMB;
    double e_mac = 4.6;    // pJ per PE multiply-add (fp32 fmul 3.7 + fadd 0.9, Horowitz 45 nm)
    double e_line = 10.0;  // pJ per line (or part of one) into or out of the engine

    void params(config::Params& p);
};

class GcnComb : public JobDevice {
public:
    tlm_utils::simple_initiator_socket<GcnComb> initiator_socket;

    GcnComb(sc_core::sc_module_name name, SimContext& ctx, const GcnCombConfig& cfg);
    tlm::tlm_initiator_socket<>* bus_master() override { return &initiator_socket; }
    const GcnCombConfig& config() const { return cfg_; }
    std::string summary() const override;

private:
    struct Job {
        uint32_t x = 0, w = 0, z = 0, m = 0, k = 0, n = 0, xs = 0, ws = 0, zs = 0, flags = 0;
    };
    void latch() override;
    Tick run(Tick t0) override;
    bool check_job();
    // Reads/writes [addr, addr + len) split at line boundaries; `ready`/`done` = the last completion.
    bool read(uint64_t addr, void* dst, unsigned len, Tick dep, Tick& ready);
    bool write(uint64_t addr, const void* src, unsigned len, Tick dep);

    GcnCombConfig cfg_;
    MasterPort port_;
    Job reg_, job_;
    Outstanding reads_win_, writes_win_;
    std::vector<float> wtile_;  // rows x cols weights of the current tile
    std::vector<float> xrow_, zrow_;
    std::vector<Tick> entry_;  // entry times of the last `lookahead` rows (ring)
    uint32_t last_tiles_ = 0;

    Counter &tiles_, &macs_, &lines_read_, &lines_written_, &read_wait_, &write_wait_, &array_cycles_;
    EnergyLedger::Kind e_mac_, e_line_;
};

}  // namespace vp
