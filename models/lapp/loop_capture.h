// Loop capture: what array setup reads of the program. On a DCPL, the capture unit scans forward for
// the loop (the first backward conditional branch whose target lies after the DCPL) and, at setup,
// reads the body [head, branch] and classifies every instruction for the array: which functional
// unit executes it, which registers it reads and writes, or why the array cannot execute it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "models/cpu/iss/decode.h"

namespace vp::iss {
class Hart;
}

namespace vp::lapp {

// Register numbering of the array's dataflow: x0..x31 are 0..31, f0..f31 are 64..95 (as in the ISS).
constexpr uint8_t kNoReg = 0xFF;
constexpr unsigned kRegSlots = 96;
inline bool is_fp_reg(uint8_t r) { return r >= iss::kFpRegBase && r != kNoReg; }

enum class Unit : uint8_t { Alu, Mul, Fpu, Lsu };
const char* unit_name(Unit u);
// What an operation costs in energy (docs/lapp.md): the functional unit's operation class.
enum class OpClass : uint8_t { Alu, Mul, FAdd, FMul, Fma, FMisc, Load, Store, Count };
constexpr unsigned kOpClasses = unsigned(OpClass::Count);

// One instruction of a captured loop body.
struct BodyInsn {
    uint32_t pc = 0;
    iss::DecodedInsn d;
    Unit unit = Unit::Alu;
    OpClass op_class = OpClass::Alu;
    uint8_t dst = kNoReg;  // register written (kNoReg: none, or x0)
    uint8_t src[3] = {kNoReg, kNoReg, kNoReg};
    bool load = false, store = false, branch = false;
    bool fp = false;          // needs mstatus.FS != Off
    bool dirties_fs = false;  // sets mstatus.FS = Dirty (as the ISS does)
    uint8_t mem_bytes = 0;    // loads and stores
    unsigned latency = 1;     // cycles until the result is usable (loads: set by the mapper)
};

// Why an instruction cannot run on the array (nullptr: it can). Fills `out` in both cases.
// `timing` gives the multi-cycle latencies (the ISS's extra cycles + 1).
struct UnitLatencies {
    unsigned mul = 3, fadd = 4, fmul = 4, fma = 5, fmisc = 2;
};
const char* classify(const iss::DecodedInsn& d, uint32_t pc, const UnitLatencies& lat, BodyInsn& out);
// The part of classify() that decides the unit and operands.
const char* classify_unit(const iss::DecodedInsn& d, uint32_t pc, const UnitLatencies& lat, BodyInsn& out);

struct LoopBounds {
    uint32_t head = 0;    // first instruction of the body (the backward branch's target)
    uint32_t branch = 0;  // the backward branch, last instruction of the body
    unsigned length() const { return (branch - head) / 4 + 1; }
};

// The decode features of `hart` (its misa and Z* switches).
iss::DecodeFeatures features_of(const iss::Hart& hart);

// Scans at most `max_scan` instructions after the DCPL at `dcpl_pc` for the loop. False if none:
// a backward branch to at or before the DCPL (an outer loop) or an unreadable/compressed
// instruction ends the scan.
bool find_loop(iss::Hart& hart, uint32_t dcpl_pc, unsigned max_scan, LoopBounds& out);

// Reads and classifies the body. On failure returns false and explains in `why`; `body` then holds
// the instructions up to the offending one.
bool capture_body(iss::Hart& hart, const LoopBounds& loop, const UnitLatencies& lat, std::vector<BodyInsn>& body,
                  std::string& why);

}  // namespace vp::lapp
