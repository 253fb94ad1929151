// The named timing profiles of the one ISS core (docs/iss.md, "Timing profiles").
#include "models/cpu/iss/timing.h"

namespace vp::iss {

TimingConfig timing_profile(TimingProfile p) {
  TimingConfig t;  // Default: the generic in-order core the defaults in timing.h describe
  t.profile = p;
  if (p == TimingProfile::Nios2f) {
    // Intel Nios II/f with the Floating Point Hardware 2 component (FPH2). Sources: Nios II
    // Processor Reference Guide, "Instruction Performance" of the Nios II/f core and its ALU
    // options; Nios II Custom Instruction User Guide, FPH2 operation summary. Cycles there are
    // totals; here they are extra cycles on top of CPI 1.
    t.mul = 0;           // 32-bit multiplier: 1 cycle, result latency +2 (a late result)
    t.div = 34;          // hardware divide: 35 cycles, +2 (late result)
    t.fadd = 4;          // fadds/fsubs: 5 cycles (multi-cycle custom instruction: stalls the pipeline)
    t.fmul = 3;          // fmuls: 4 cycles
    t.fma = 10;          // no fused operation in FPH2: fmuls (4), the late-result gap (2), fadds (5)
    t.fdiv = 15;         // fdivs: 16 cycles
    t.fsqrt = 7;         // fsqrts: 8 cycles
    t.fcvt_w = 1;        // fixsi: 2 cycles
    t.fcvt_s = 3;        // floatis: 4 cycles
    t.fmisc = 0;         // fcmp*, fmins/fmaxs, fnegs, fabss: combinatorial, 1 cycle (fmv: a move here; on
                         // Nios II single-precision values live in the integer registers)
    t.load_use = 2;      // loads are late-result instructions
    t.late_result = 2;   // "two cycles placed between them and an instruction that uses their result"
    t.taken_branch = 1;  // correctly predicted taken: 2 cycles; not taken: 1
    t.predictor = BranchPredictor::Bht;  // "dynamic branch prediction using a 2-bit branch history table"
    t.bht_entries = 256;                 // the guide gives no size: an assumption (docs/iss.md)
    t.mispredict = 3;                    // mispredicted: 4 cycles (pipeline flush)
    t.jump = 1;                          // call, jmpi: 2 cycles
    t.jump_indirect = 2;                 // jmp, ret, callr: 3 cycles
    t.trap = 3;                          // trap, eret: 4 cycles (pipeline flush)
  }
  return t;
}

}  // namespace vp::iss
