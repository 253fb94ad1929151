// Timing parameters and performance counters of the in-order, single-issue timing model.
#pragma once

#include <cstdint>

namespace vp::iss {

// Extra cycles on top of the base CPI of 1. Memory cycles come on top of these: from the
// FastRegion latencies or from what the environment's slow path reports.
struct TimingConfig {
  uint32_t mul = 2;           // mul, mulh*
  uint32_t div = 32;          // div*, rem*
  uint32_t fadd = 3;          // fadd.s, fsub.s
  uint32_t fmul = 3;          // fmul.s
  uint32_t fma = 4;           // fmadd.s family
  uint32_t fdiv = 16;         // fdiv.s
  uint32_t fsqrt = 16;        // fsqrt.s
  uint32_t fmisc = 1;         // fcvt, fcmp, fmin/fmax, fclass, fsgnj, fmv
  uint32_t load_use = 1;      // the next instruction reads a load's destination
  uint32_t taken_branch = 2;  // taken conditional branch
  uint32_t jump = 2;          // jal, jalr, mret, traps (pipeline refill)
};

struct HartStats {
  uint64_t cycles = 0;       // total, == Hart::cycles()
  uint64_t instret = 0;      // retired instructions
  uint64_t stall_fetch = 0;  // instruction memory cycles + branch/jump refill penalties
  uint64_t stall_data = 0;   // data memory cycles + load-use penalties
  uint64_t stall_exec = 0;   // multi-cycle execution (mul/div/FP)
  uint64_t idle = 0;         // cycles spent waiting in WFI
  uint64_t traps = 0;        // exceptions + interrupts taken
};

}  // namespace vp::iss
