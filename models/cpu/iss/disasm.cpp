#include "models/cpu/iss/disasm.h"
#include "models/cpu/iss/csr.h"

#include <cstdio>

#include "models/cpu/iss/extension.h"

namespace vp::iss {

namespace {
const char* const kIntNames[33] = {"zero", "ra", "sp", "gp", "tp",  "t0",  "t1", "t2", "s0", "s1", "a0",
                                   "a1",   "a2", "a3", "a4", "a5",  "a6",  "a7", "s2", "s3", "s4", "s5",
                                   "s6",   "s7", "s8", "s9", "s10", "s11", "t3", "t4", "t5", "t6", "zero"};
const char* const kFpNames[32] = {"ft0", "ft1", "ft2", "ft3", "ft4",  "ft5",  "ft6", "ft7", "fs0",  "fs1", "fa0",
                                  "fa1", "fa2", "fa3", "fa4", "fa5",  "fa6",  "fa7", "fs2", "fs3",  "fs4", "fs5",
                                  "fs6", "fs7", "fs8", "fs9", "fs10", "fs11", "ft8", "ft9", "ft10", "ft11"};
const char* const kRmNames[8] = {"rne", "rtz", "rdn", "rup", "rmm", "?5", "?6", "dyn"};

std::string fence_set(unsigned bits) {
  std::string s;
  if (bits & 8) s += 'i';
  if (bits & 4) s += 'o';
  if (bits & 2) s += 'r';
  if (bits & 1) s += 'w';
  return s.empty() ? "0" : s;
}
}  // namespace

const char* int_reg_name(unsigned i) { return i <= 32 ? kIntNames[i] : "?"; }
const char* fp_reg_name(unsigned i) { return i < 32 ? kFpNames[i] : "?"; }

std::string disasm(const DecodedInsn& d, uint32_t pc, const Extension* ext) {
  if (d.op == Op::Ext) return ext ? ext->disasm(d, pc) : "<extension instruction>";
  char buf[96];
  const char* m = op_mnemonic(d.op);
  const char *rd = int_reg_name(d.rd), *rs1 = int_reg_name(d.rs1), *rs2 = int_reg_name(d.rs2);
  const char *fd = fp_reg_name(d.rd), *fs1 = fp_reg_name(d.rs1), *fs2 = fp_reg_name(d.rs2), *fs3 = fp_reg_name(d.rs3);
  const unsigned rm = unsigned(d.imm) & 7;
  // The rounding mode is printed only when it is not the default (dyn), as objdump does.
  std::string rms = (rm == 7) ? "" : std::string(", ") + kRmNames[rm];
  switch (op_format(d.op)) {
    case Fmt::None:
      if (d.op == Op::Illegal)
        std::snprintf(buf, sizeof buf, "illegal 0x%0*x", (d.raw & 3) == 3 ? 8 : 4, d.raw);
      else
        std::snprintf(buf, sizeof buf, "%s", m);
      break;
    case Fmt::U: std::snprintf(buf, sizeof buf, "%s %s, 0x%x", m, rd, uint32_t(d.imm) >> 12); break;
    case Fmt::J: std::snprintf(buf, sizeof buf, "%s %s, 0x%x", m, rd, pc + uint32_t(d.imm)); break;
    case Fmt::Jalr: std::snprintf(buf, sizeof buf, "%s %s, %d(%s)", m, rd, d.imm, rs1); break;
    case Fmt::B: std::snprintf(buf, sizeof buf, "%s %s, %s, 0x%x", m, rs1, rs2, pc + uint32_t(d.imm)); break;
    case Fmt::Load: std::snprintf(buf, sizeof buf, "%s %s, %d(%s)", m, rd, d.imm, rs1); break;
    case Fmt::Store: std::snprintf(buf, sizeof buf, "%s %s, %d(%s)", m, rs2, d.imm, rs1); break;
    case Fmt::I: std::snprintf(buf, sizeof buf, "%s %s, %s, %d", m, rd, rs1, d.imm); break;
    case Fmt::R: std::snprintf(buf, sizeof buf, "%s %s, %s, %s", m, rd, rs1, rs2); break;
    case Fmt::Fence:
      std::snprintf(buf, sizeof buf, "%s %s, %s", m, fence_set((d.imm >> 4) & 15).c_str(),
                    fence_set(d.imm & 15).c_str());
      break;
    case Fmt::Csr:
    case Fmt::CsrI: {
      const uint16_t csr = uint16_t(d.imm & 0xfff);
      char cbuf[16];
      const char* cn = csr_name(csr);
      if (!cn) {
        std::snprintf(cbuf, sizeof cbuf, "0x%03x", csr);
        cn = cbuf;
      }
      if (op_format(d.op) == Fmt::Csr)
        std::snprintf(buf, sizeof buf, "%s %s, %s, %s", m, rd, cn, rs1);
      else
        std::snprintf(buf, sizeof buf, "%s %s, %s, %u", m, rd, cn, d.rs1);
      break;
    }
    case Fmt::Lr: std::snprintf(buf, sizeof buf, "%s %s, (%s)", m, rd, rs1); break;
    case Fmt::Amo: std::snprintf(buf, sizeof buf, "%s %s, %s, (%s)", m, rd, rs2, rs1); break;
    case Fmt::FLoad: std::snprintf(buf, sizeof buf, "%s %s, %d(%s)", m, fd, d.imm, rs1); break;
    case Fmt::FStore: std::snprintf(buf, sizeof buf, "%s %s, %d(%s)", m, fs2, d.imm, rs1); break;
    case Fmt::FR4: std::snprintf(buf, sizeof buf, "%s %s, %s, %s, %s%s", m, fd, fs1, fs2, fs3, rms.c_str()); break;
    case Fmt::FR:
      if (d.op == Op::FSGNJ_S || d.op == Op::FSGNJN_S || d.op == Op::FSGNJX_S || d.op == Op::FMIN_S ||
          d.op == Op::FMAX_S)
        rms.clear();
      std::snprintf(buf, sizeof buf, "%s %s, %s, %s%s", m, fd, fs1, fs2, rms.c_str());
      break;
    case Fmt::FR1: std::snprintf(buf, sizeof buf, "%s %s, %s%s", m, fd, fs1, rms.c_str()); break;
    case Fmt::XFrm: std::snprintf(buf, sizeof buf, "%s %s, %s%s", m, rd, fs1, rms.c_str()); break;
    case Fmt::XF: std::snprintf(buf, sizeof buf, "%s %s, %s", m, rd, fs1); break;
    case Fmt::XFF: std::snprintf(buf, sizeof buf, "%s %s, %s, %s", m, rd, fs1, fs2); break;
    case Fmt::FXrm: std::snprintf(buf, sizeof buf, "%s %s, %s%s", m, fd, rs1, rms.c_str()); break;
    case Fmt::FX: std::snprintf(buf, sizeof buf, "%s %s, %s", m, fd, rs1); break;
    case Fmt::Cbo: std::snprintf(buf, sizeof buf, "%s (%s)", m, rs1); break;
    case Fmt::Sfence: std::snprintf(buf, sizeof buf, "%s %s, %s", m, rs1, rs2); break;
  }
  return buf;
}

std::string disasm(uint32_t bits, uint32_t pc, const DecodeFeatures& features) {
  DecodedInsn d;
  if ((bits & 3) != 3) {
    const uint32_t e = expand_compressed(uint16_t(bits), features);
    if (e)
      decode32(e, features, d);
    else
      d.op = Op::Illegal;
    d.raw = bits & 0xffff;
    d.flags = DecodedInsn::kCompressed;
  } else {
    decode32(bits, features, d);
  }
  return disasm(d, pc);
}

}  // namespace vp::iss
