// The aggregation engine of Lee et al.'s GCN accelerator (docs/gcn_engines.md): Y_s = Â·X_s for one
// vertical strip of a tiling, Â in CSC, through the platform's bus and its L2 (the global cache).
//
// Blocks and their memory-level parallelism (each a window of outstanding 64-byte line reads,
// models/common/outstanding.h, one request per engine cycle):
//   vertex prefetcher  colptr and cursor lines               vertex_outstanding
//   edge prefetcher    rowidx and weight lines                edge_outstanding
//   feature reader     rows of X_s (and Y_s when a tile adds to it)   feature_outstanding
//   output writer      rows of Y_s, cursor lines (posted)     output_outstanding
//   SIMD cores         `cores` cores of `lanes` float lanes: a column of c nonzeros takes
//                      c * ceil(width / lanes) cycles on the core free first, once all its data is in.
// Dependencies: a column's edge reads wait for its colptr/cursor words, its feature reads for the row
// indices; the prefetchers run at most `lookahead` columns ahead of the cores. The engine's time is
// therefore the memory hierarchy's: every line is a timed TLM read or write whose completion the L2
// (hit, MSHR merge, miss to DRAM) decides. The data moves with those transactions: the result is
// computed from what the bus returned, in the reference's order (bit for bit).
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

struct GcnAggConfig : MmioPort {
    GcnAggConfig() : MmioPort{VP_GCN_AGG_BASE} {}
    Tick period = 1 * kNs;  // 1 GHz
    unsigned cores = 16;
    unsigned lanes = 16;  // floats per core and cycle
    unsigned vertex_outstanding = 4;
    unsigned edge_outstanding = 8;
    unsigned feature_outstanding = 16;
    unsigned output_outstanding = 8;
    unsigned lookahead = 64;    // columns the prefetchers may run ahead of the cores
    unsigned max_width = 4096;  // floats per row the row buffers hold
    unsigned irq = VP_IRQ_GCN_AGG;
    double e_mac = 4.6;    // pJ per lane multiply-add (fp32 fmul 3.7 + fadd 0.9, Horowitz 45 nm)
    double e_line = 10.0;  // pJ per 64-byte line into or out of the engine's buffers

    void params(config::Params& p);
};

class GcnAgg : public JobDevice {
public:
    tlm_utils::simple_initiator_socket<GcnAgg> initiator_socket;

    GcnAgg(sc_core::sc_module_name name, SimContext& ctx, const GcnAggConfig& cfg);
    tlm::tlm_initiator_socket<>* bus_master() override { return &initiator_socket; }
    const GcnAggConfig& config() const { return cfg_; }
    std::string summary() const override;

private:
    struct Job {
        uint32_t colptr = 0, rowidx = 0, weight = 0, x = 0, y = 0, cursor = 0;
        uint32_t n = 0, nnz = 0, width = 0, d0 = 0, d1 = 0, side = 0;
    };
    // A line buffer of one array read through a prefetcher's window.
    struct LineBuf {
        uint64_t line = ~uint64_t(0);
        Tick ready = 0;
        uint8_t data[64];
    };

    void latch() override;
    Tick run(Tick t0) override;
    bool check_job();
    // Reads the 32-bit word at `addr` through `buf` and `win` (a new line is one read issued no earlier
    // than `dep`); `ready` = when its line is in. False on a bus error (fail() called).
    bool word(LineBuf& buf, Outstanding& win, Counter& stall, uint64_t addr, Tick dep, uint32_t& value, Tick& ready);
    // One 64-byte line read/write through `win` no earlier than `dep`; returns its completion.
    bool line_read(Outstanding& win, Counter& stall, uint64_t addr, uint8_t* data, Tick dep, Tick& done);
    bool write(uint64_t addr, const uint8_t* data, unsigned len, Tick dep, Tick& done);
    bool flush_cursors(Tick dep);

    GcnAggConfig cfg_;
    MasterPort port_;
    Job reg_, job_;
    Outstanding vertex_, edge_, feature_, output_;
    LineBuf colptr_buf_, cursor_buf_, rowidx_buf_, weight_buf_;
    std::vector<float> acc_;       // the destination row being summed (width floats)
    std::vector<float> row_;       // one row of X_s or Y_s as read
    std::vector<Tick> core_free_;  // per SIMD core
    std::vector<Tick> col_start_;  // compute start of the last `lookahead` columns (ring)
    // Cursor writes gathered per line: [first, end) bytes of line `cur_line_` hold new values.
    uint64_t cur_line_ = ~uint64_t(0);
    unsigned cur_first_ = 0, cur_end_ = 0;
    uint8_t cur_data_[64];
    Tick cur_dep_ = 0;
    uint64_t run_nonzeros_ = 0, run_lines_ = 0;
    uint32_t last_nonzeros_ = 0, last_lines_ = 0;

    Counter &nonzeros_, &macs_, &visits_, &columns_, &vertex_lines_, &edge_lines_, &feature_lines_, &output_lines_;
    Counter &vertex_stall_, &edge_stall_, &feature_stall_, &output_stall_, &core_busy_;
    EnergyLedger::Kind e_mac_, e_line_;
};

}  // namespace vp
