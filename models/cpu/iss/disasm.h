// One-line disassembly in standard RISC-V assembler syntax (ABI register names), for fault
// reports and instruction traces.
#pragma once

#include <cstdint>
#include <string>

#include "models/cpu/iss/decode.h"

namespace vp::iss {

class Extension;

const char* int_reg_name(unsigned i);  // "zero", "ra", ... (32 = the x0 sink -> "zero")
const char* fp_reg_name(unsigned i);   // "ft0", ...

// Disassembles a decoded instruction at pc. Instructions owned by an extension are printed by
// `ext` if given.
std::string disasm(const DecodedInsn& d, uint32_t pc, const Extension* ext = nullptr);
// Decodes and disassembles raw bits (a 16-bit parcel if (bits & 3) != 3).
std::string disasm(uint32_t bits, uint32_t pc, const DecodeFeatures& features = DecodeFeatures{});

}  // namespace vp::iss
