// Instruction decoding: the compact operation enum, the pre-decoded instruction record kept in the
// decode cache, and the decoders for 32-bit and compressed (16-bit) encodings.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace vp::iss {

enum class Op : uint8_t {
#define OP(name, mnem, fmt, tclass) name,
#include "models/cpu/iss/ops.def"
#undef OP
  Count
};

// Operand layout of an operation: drives disassembly and which registers it reads.
enum class Fmt : uint8_t {
  None,
  U,
  J,
  Jalr,
  B,
  Load,
  Store,
  I,
  R,
  Fence,
  Csr,
  CsrI,
  Lr,
  Amo,
  FLoad,
  FStore,
  FR4,
  FR,
  FR1,
  XFrm,
  XF,
  XFF,
  FXrm,
  FX,
  Cbo,
  Sfence  // sfence.vma rs1, rs2
};

// Selects the extra execute latency (TimingConfig) of an operation.
// Shift and Csr cost what Alu does; they differ in having a late result (TimingConfig::late_result).
enum class TimingClass : uint8_t {
  Alu,
  Shift,
  Csr,
  Mul,
  Div,
  FAdd,
  FMul,
  Fma,
  FDiv,
  FSqrt,
  FCvtW,
  FCvtS,
  FMisc,
  Count
};

// Operand format per operation (inline: the executor consults it for load-use checks).
inline constexpr Fmt kOpFormat[] = {
#define OP(name, mnem, fmt, tclass) Fmt::fmt,
#include "models/cpu/iss/ops.def"
#undef OP
};

const char* op_mnemonic(Op op);
inline Fmt op_format(Op op) { return kOpFormat[static_cast<unsigned>(op)]; }
TimingClass op_timing_class(Op op);

// Register numbering used for dependency tracking: x0..x31 are 0..31, f0..f31 are 64..95.
// x0 as a destination is decoded as register 32, a write-only sink, so no instruction needs a
// special case for x0 and reads of x0 always see 0.
constexpr uint8_t kSinkReg = 32;
constexpr uint8_t kFpRegBase = 64;

// One pre-decoded instruction (16 bytes). Field meaning depends on the format; an Extension may
// use rd/rs1/rs2/rs3/imm freely for the instructions it claims.
struct DecodedInsn {
  Op op = Op::Undecoded;
  uint8_t rd = 0, rs1 = 0, rs2 = 0, rs3 = 0;
  uint8_t flags = 0;
  // (Adjacent, in this order: the executor tests both with one 16-bit load.)
  uint8_t exec_cycles = 0;   // extra execute cycles (from TimingConfig), filled by the hart
  uint8_t fetch_cycles = 0;  // instruction-memory cycles, filled by the hart
  int32_t imm = 0;           // immediate; CSR number for Zicsr; rm for FP ops; aq/rl for A
  uint32_t raw = 0;          // instruction bits as fetched (the 16-bit parcel if compressed)

  static constexpr uint8_t kBreakpoint = 1;  // a debugger breakpoint is set on this PC
  static constexpr uint8_t kCompressed = 2;  // 2-byte instruction (the value: 4 - it is the length)
  static constexpr uint8_t kLateResult = 4;  // its result comes TimingConfig::late_result cycles late
  static constexpr uint8_t kEntryHook = 8;   // an extension's entry hook is armed on this PC
  static constexpr unsigned kExtShift = 4;   // bits 4..7: index of the owning Extension (Op::Ext)
  // The translating executor's marks (translator.h), on operations other than Op::Ext (whose bits
  // 4..7 are its extension's index): a translated block starts here, no block can start here.
  // Decoding clears them (a re-decoded slot drops its block).
  static constexpr uint8_t kJitEntry = 16, kJitNever = 32;

  unsigned length() const { return 4 - (flags & kCompressed); }
  unsigned ext_index() const { return flags >> kExtShift; }
};
static_assert(sizeof(DecodedInsn) == 16, "DecodedInsn should stay small for cache density");
static_assert(offsetof(DecodedInsn, fetch_cycles) == offsetof(DecodedInsn, exec_cycles) + 1,
              "the executor reads exec_cycles and fetch_cycles as one 16-bit word");

// What an instruction's operand fields name when its format reads them, as offsets into the
// numbering above: 0 for an x register, kFpRegBase for an f register, kNotRead (field + 128 is no
// register) when the field is not read. Indexed by Fmt.
struct OperandReads {
  uint8_t rs1, rs2, rs3;
};
constexpr uint8_t kNotRead = 128;
inline constexpr OperandReads kOperandReads[] = {
    {kNotRead, kNotRead, kNotRead},        // None (includes Op::Ext: extensions take no part in load-use)
    {kNotRead, kNotRead, kNotRead},        // U
    {kNotRead, kNotRead, kNotRead},        // J
    {0, kNotRead, kNotRead},               // Jalr
    {0, 0, kNotRead},                      // B
    {0, kNotRead, kNotRead},               // Load
    {0, 0, kNotRead},                      // Store
    {0, kNotRead, kNotRead},               // I
    {0, 0, kNotRead},                      // R
    {kNotRead, kNotRead, kNotRead},        // Fence
    {0, kNotRead, kNotRead},               // Csr
    {kNotRead, kNotRead, kNotRead},        // CsrI
    {0, kNotRead, kNotRead},               // Lr
    {0, 0, kNotRead},                      // Amo
    {0, kNotRead, kNotRead},               // FLoad
    {0, kFpRegBase, kNotRead},             // FStore
    {kFpRegBase, kFpRegBase, kFpRegBase},  // FR4
    {kFpRegBase, kFpRegBase, kNotRead},    // FR
    {kFpRegBase, kNotRead, kNotRead},      // FR1
    {kFpRegBase, kNotRead, kNotRead},      // XFrm
    {kFpRegBase, kNotRead, kNotRead},      // XF
    {kFpRegBase, kFpRegBase, kNotRead},    // XFF
    {0, kNotRead, kNotRead},               // FXrm
    {0, kNotRead, kNotRead},               // FX
    {0, kNotRead, kNotRead},               // Cbo
    {0, 0, kNotRead},                      // Sfence
};
static_assert(sizeof(kOperandReads) / sizeof(kOperandReads[0]) == unsigned(Fmt::Sfence) + 1, "one entry per Fmt");

// kOperandReads by operation rather than by format, four bytes an entry: the executor's load-use
// check indexes it with the operation it has at hand (no format lookup first).
struct alignas(4) OpOperandReads {
  uint8_t rs1, rs2, rs3;
};
inline constexpr auto kOpOperandReads = [] {
  std::array<OpOperandReads, sizeof(kOpFormat) / sizeof(kOpFormat[0])> t{};
  for (size_t i = 0; i < t.size(); ++i) {
    const OperandReads& r = kOperandReads[unsigned(kOpFormat[i])];
    t[i] = {r.rs1, r.rs2, r.rs3};
  }
  return t;
}();

// Where an operation's result goes, in the numbering above: kFpRegBase + rd for an f register,
// rd for an x register (the late-result bookkeeping; what an operation without a result names
// here is never read).
inline constexpr auto kOpDestBase = [] {
  std::array<uint8_t, sizeof(kOpFormat) / sizeof(kOpFormat[0])> t{};
  for (size_t i = 0; i < t.size(); ++i) {
    const Fmt f = kOpFormat[i];
    t[i] = (f == Fmt::FLoad || f == Fmt::FR4 || f == Fmt::FR || f == Fmt::FR1 || f == Fmt::FXrm || f == Fmt::FX)
               ? kFpRegBase
               : 0;
  }
  return t;
}();

// True if the instruction reads `reg` (in the numbering above): the load-use hazard check.
// Branch-free: a compare per operand field.
inline bool insn_reads(const DecodedInsn& d, unsigned reg) {
  const OpOperandReads& r = kOpOperandReads[unsigned(d.op)];
  return (unsigned(d.rs1) + r.rs1 == reg) | (unsigned(d.rs2) + r.rs2 == reg) | (unsigned(d.rs3) + r.rs3 == reg);
}

// misa extension bits
constexpr uint32_t misa_bit(char c) { return 1u << (c - 'A'); }
constexpr uint32_t kMisaA = misa_bit('A'), kMisaC = misa_bit('C'), kMisaF = misa_bit('F'), kMisaI = misa_bit('I'),
                   kMisaM = misa_bit('M');
// Privilege modes beyond M (not decoder features: they change which instructions are legal where).
constexpr uint32_t kMisaS = misa_bit('S'), kMisaU = misa_bit('U');

// Feature switches of the standard decoder (the Z* extensions have no misa bit).
struct DecodeFeatures {
  uint32_t misa = kMisaI | kMisaM | kMisaA | kMisaF | kMisaC;
  bool zicsr = true, zifencei = true, zicbom = true;
};

// Decodes a 32-bit instruction. Leaves op == Op::Illegal for illegal or disabled encodings.
// Sets op/rd/rs1/rs2/rs3/imm and raw; rd == 0 of an integer destination becomes kSinkReg.
void decode32(uint32_t insn, const DecodeFeatures& f, DecodedInsn& d);

// Expands a compressed instruction to its 32-bit equivalent; returns 0 if the parcel is illegal
// or needs an extension that is disabled (e.g. c.flw without F).
uint32_t expand_compressed(uint16_t parcel, const DecodeFeatures& f);

}  // namespace vp::iss
