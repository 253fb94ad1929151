// Timing parameters and performance counters of the in-order, single-issue timing model.
#pragma once

#include <cstdint>

namespace vp::iss {

// How conditional branches are predicted.
//   None: a taken branch pays `taken_branch`, a branch not taken nothing.
//   Bht:  a table of 2-bit saturating counters indexed by the branch's address (the Nios II/f's
//         dynamic prediction): correctly predicted taken pays `taken_branch`, correctly predicted
//         not taken nothing, mispredicted `mispredict`.
enum class BranchPredictor : uint8_t { None, Bht };

// Named presets of TimingConfig: timing_profile() below.
enum class TimingProfile : uint8_t { Default, Nios2f };

// Extra cycles on top of the base CPI of 1. Memory cycles come on top of these: from the
// FastRegion latencies or from what the environment's slow path reports.
//
// Result latency: a load's result is ready `load_use` cycles after the load ends; with
// `late_result` > 0 the results of shifts, CSR reads, mul/div and the multi-cycle FP operations
// (every F class but fmisc) are ready `late_result` cycles after their instruction ends. An
// instruction that reads a result before it is ready waits (stall_data). (Nios II/f: "late result
// instructions have two cycles placed between them and an instruction that uses their result".)
struct TimingConfig {
  TimingProfile profile = TimingProfile::Default;  // (its name only: the values are the fields)
  uint32_t mul = 2;                                // mul, mulh*
  uint32_t div = 32;                               // div*, rem*
  uint32_t fadd = 3;                               // fadd.s, fsub.s
  uint32_t fmul = 3;                               // fmul.s
  uint32_t fma = 4;                                // fmadd.s family
  uint32_t fdiv = 16;                              // fdiv.s
  uint32_t fsqrt = 16;                             // fsqrt.s
  uint32_t fcvt_w = 1;                             // fcvt.w[u].s (float to integer)
  uint32_t fcvt_s = 1;                             // fcvt.s.w[u] (integer to float)
  uint32_t fmisc = 1;                              // fcmp, fmin/fmax, fclass, fsgnj, fmv
  uint32_t load_use = 1;                           // cycles between a load and an instruction that reads its result
  uint32_t late_result = 0;                        // the same for shifts, CSR reads, mul/div, multi-cycle FP (0: none)
  uint32_t taken_branch = 2;  // taken conditional branch (with a predictor: correctly predicted taken)
  BranchPredictor predictor = BranchPredictor::None;
  uint32_t bht_entries = 256;  // Bht: counters (a power of two), indexed by pc / 2
  uint32_t mispredict = 3;     // Bht: a mispredicted conditional branch
  uint32_t jump = 2;           // jal (pipeline refill)
  uint32_t jump_indirect = 2;  // jalr
  uint32_t trap = 2;           // trap entry, mret
};

// The values of a named preset (platform.cpu.timing.profile; keys a scenario gives beside it
// override them; timing.cpp cites the sources of each).
TimingConfig timing_profile(TimingProfile p);

struct HartStats {
  uint64_t cycles = 0;       // total, == Hart::cycles()
  uint64_t instret = 0;      // retired instructions
  uint64_t stall_fetch = 0;  // instruction memory cycles + branch/jump refill penalties
  uint64_t stall_data = 0;   // data memory cycles + result-latency waits (load-use, late results)
  uint64_t stall_exec = 0;   // multi-cycle execution (mul/div/FP)
  uint64_t idle = 0;         // cycles spent waiting in WFI
  uint64_t traps = 0;        // exceptions + interrupts taken
  // Sv32 (models/cpu/iss/mmu.cpp): walks = misses of the hart's translation caches (each one walk of
  // the page table), their cycles (the PTE reads, through the PMP and the data cache model), and the
  // walks that ended in a page fault.
  uint64_t page_walks = 0, page_walk_cycles = 0, page_faults = 0;
};

}  // namespace vp::iss
