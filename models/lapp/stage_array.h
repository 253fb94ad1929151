// Array execution: the stages run the mapped loop as a real dataflow machine, cycle by cycle.
//
// Stage j executes, in cycle t0 + i, the part of iteration (i - j) / II mapped onto it (for II = 1:
// iteration i - j, Shitaoka et al.'s "stage j runs iteration i-j+1 in cycle i" counted from 1). An
// iteration carries its values in propagation registers from stage to stage; a loop-carried value
// comes from the previous iteration's definition (the self-loop); loads read the stage's local
// buffer (filled by the L0 propagation register, one element per way with each iteration) or the
// iteration's store buffer; stores merge into the store buffer, which the last stage writes at the
// store stream's auto-incremented address. The loop's backward branch is evaluated in its stage: the
// iteration whose branch falls through is the last one; younger iterations already in the array are
// squashed. The whole array stalls while an element's line is still on its way from the L2.
//
// The model checks what the hardware trusts the mapper for: every load finds its element in the
// window (shadow tags), every value is ready when read, every store lands at the stream address. A
// violation stops the array at the last completed iteration: the first stage resumes from there in
// normal mode, so a mapping error costs time, never a wrong value.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "models/lapp/array_config.h"
#include "models/lapp/local_buffer.h"
#include "models/lapp/mapper.h"
#include "models/lapp/prefetch_way.h"

namespace vp::lapp {

// Countable activity of one array run (for the energy ledger and statistics).
struct ArrayEvents {
    uint64_t ops[kOpClasses] = {};  // instructions executed per class (squashed iterations included)
    uint64_t l0_pushes = 0;         // elements read from the prefetch ways into the L0 register
    uint64_t preg_words = 0;        // words written into propagation registers (values moving a stage down)
    uint64_t l0_moves = 0;          // words moved from one stage's L0 register to the next
    uint64_t lb_writes = 0, lb_reads = 0, tag_compares = 0;
    uint64_t sb_merges = 0, sb_reads = 0;
    uint64_t records_written = 0;  // store records written by the last stage
    uint64_t lines_fetched = 0;    // prefetch line reads
    ArrayEvents& operator+=(const ArrayEvents& o);
};

struct ArrayResult {
    enum class End : uint8_t {
        Exit,       // the loop exited: continue after the backward branch
        Interrupt,  // stopped issuing for an interrupt: continue at the loop head
        Violation,  // a window/dataflow/store-stream violation (a mapping error): continue at the loop head
        BusError,   // an element's line could not be read: continue at the loop head (normal mode faults)
    } end = End::Exit;
    uint64_t iterations = 0;  // committed
    uint64_t squashed = 0;
    uint64_t cycles = 0;  // from the start of setup to the last commit
    uint64_t setup_cycles = 0, stall_cycles = 0;
    uint32_t fflags = 0;                                 // of the committed iterations
    std::vector<std::pair<uint8_t, uint32_t>> live_out;  // registers after the last committed iteration
    std::string error;
    ArrayEvents ev;
};

class StageArray {
public:
    explicit StageArray(const ArrayConfig& cfg) : cfg_(cfg) {}

    // Runs the mapped loop from absolute cycle `start` (array setup begins). `stop_before_issue(c)`
    // is asked before each iteration enters the array: true stops issuing (an interrupt is due).
    ArrayResult run(const Mapping& m, MemoryPort& port, uint64_t start,
                    const std::function<bool(uint64_t)>& stop_before_issue);

private:
    const ArrayConfig& cfg_;
};

}  // namespace vp::lapp
