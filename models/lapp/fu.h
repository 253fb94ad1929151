// The functional units of an array stage: the integer ALU, the multiplier and the FPU compute the
// RISC-V result of one instruction from its operand values (the same rules as the ISS's executor,
// FP flags returned explicitly); the LSU's load extension and the branch comparison of the loop's
// backward branch. Loads and stores move their data through the local and store buffers.
#pragma once

#include <cstdint>

#include "models/cpu/iss/decode.h"

namespace vp::lapp {

// Result of an ALU, multiplier or FPU instruction. `rm`: the resolved rounding mode (0..4) of FP
// instructions; `pc`: for auipc. FP exception flags are ORed into `fflags`.
uint32_t fu_compute(const iss::DecodedInsn& d, unsigned rm, uint32_t pc, uint32_t a, uint32_t b, uint32_t c,
                    uint32_t& fflags);

// The branch condition of a conditional branch.
bool fu_branch_taken(iss::Op op, uint32_t a, uint32_t b);

// Sign or zero extension of the `raw` bytes a load read (little endian, low bytes valid).
uint32_t fu_load_value(iss::Op op, uint32_t raw);

}  // namespace vp::lapp
