// Timing of the vector unit: a decoupled in-order issue queue in front of pipelined functional
// units, with a per-register scoreboard and optional chaining.
//
// The control hart executes every vector instruction functionally when it reaches it (results are
// exact at once); this model only says when the instruction would have issued and completed, and
// how long the scalar pipeline had to wait:
//   * the scalar side hands an instruction to the queue at its cycle `now`; with the queue full
//     (the instruction `depth` places earlier has not issued yet) it stalls until a slot frees;
//   * instructions issue in order, at most one per cycle, when their unit accepts a new one and
//     their source registers are ready: with chaining, when the producer's first elements come out
//     of its pipeline (start + latency); without, when the producer has completed;
//   * a unit is busy for ceil(elements / lanes) cycles (its occupancy), the result completes
//     `latency` cycles after the last element entered it (never before the sources completed);
//   * an instruction with a scalar result (vmv.x.s, vfmv.f.s, vcpop.m, vfirst.m) stalls the scalar
//     side until it completed.
// Everything is in cycles of the accelerator clock (the hart's cycle counter).
#pragma once

#include <cstdint>
#include <vector>

namespace vp::vec {

// Functional units (pipes). The FP-add lanes also execute integer, move, mask, slide and
// reduction work; multiplies and fused multiply-adds use the multiply lanes.
enum class Pipe : uint8_t { Add, Mul, Div, Mem, Count };

struct IssueRequest {
    Pipe pipe = Pipe::Add;
    uint32_t occupancy = 1;  // cycles the pipe is busy with this instruction
    uint32_t latency = 1;    // from the last element entering the pipe to its result
    uint32_t srcs = 0;       // bit r: reads vector register r
    uint32_t dsts = 0;       // bit r: writes vector register r
    bool scalar_result = false;
};

struct IssueStats {
    uint64_t instructions = 0;
    uint64_t queue_full_stall = 0;     // scalar cycles waiting for a queue slot
    uint64_t scalar_result_stall = 0;  // scalar cycles waiting for a vector result
    uint64_t pipe_busy[unsigned(Pipe::Count)] = {};
};

class IssueModel {
public:
    IssueModel(unsigned queue_depth, bool chaining);

    // Hands one instruction over at scalar cycle `now`. Returns the cycles the scalar side stalls.
    uint64_t dispatch(uint64_t now, const IssueRequest& r);
    // Cycle at which every dispatched instruction has completed.
    uint64_t drained() const { return drained_; }
    const IssueStats& stats() const { return stats_; }
    void reset();  // empty queue, idle units (a new program starts)

private:
    unsigned depth_;
    bool chaining_;
    std::vector<uint64_t> issued_;  // ring: issue cycles of the last `depth_` instructions
    unsigned head_ = 0;
    uint64_t last_issue_ = 0;
    uint64_t pipe_free_[unsigned(Pipe::Count)] = {};
    uint64_t first_[32] = {};  // cycle the register's first element is available (chaining)
    uint64_t done_[32] = {};   // cycle the register is completely written
    uint64_t drained_ = 0;
    IssueStats stats_;
};

}  // namespace vp::vec
