// Decoders for the standard extensions. Compressed instructions are expanded to their 32-bit
// equivalent and decoded once by decode32; the decode cache makes the extra step free.
#include "models/cpu/iss/decode.h"

namespace vp::iss {

namespace {

struct OpInfo {
  const char* mnemonic;
  Fmt fmt;
  TimingClass tclass;
};

constexpr OpInfo kOpInfo[] = {
#define OP(name, mnem, fmt, tclass) {mnem, Fmt::fmt, TimingClass::tclass},
#include "models/cpu/iss/ops.def"
#undef OP
};

inline uint32_t bits(uint32_t v, unsigned hi, unsigned lo) { return (v >> lo) & ((1u << (hi - lo + 1)) - 1); }
inline uint32_t bit(uint32_t v, unsigned b) { return (v >> b) & 1; }
inline int32_t sext(uint32_t v, unsigned width) {
  const uint32_t m = 1u << (width - 1);
  return static_cast<int32_t>((v ^ m) - m);
}

// True if the destination register of this format is an integer register.
bool int_dest(Fmt f) {
  switch (f) {
    case Fmt::U:
    case Fmt::J:
    case Fmt::Jalr:
    case Fmt::Load:
    case Fmt::I:
    case Fmt::R:
    case Fmt::Csr:
    case Fmt::CsrI:
    case Fmt::Lr:
    case Fmt::Amo:
    case Fmt::XFrm:
    case Fmt::XF:
    case Fmt::XFF: return true;
    default: return false;
  }
}

// ---- 32-bit encoders used by the compressed expansion ----
uint32_t enc_r(uint32_t opc, uint32_t rd, uint32_t f3, uint32_t rs1, uint32_t rs2, uint32_t f7) {
  return opc | rd << 7 | f3 << 12 | rs1 << 15 | rs2 << 20 | f7 << 25;
}
uint32_t enc_i(uint32_t opc, uint32_t rd, uint32_t f3, uint32_t rs1, int32_t imm) {
  return opc | rd << 7 | f3 << 12 | rs1 << 15 | (static_cast<uint32_t>(imm) & 0xfff) << 20;
}
uint32_t enc_s(uint32_t opc, uint32_t f3, uint32_t rs1, uint32_t rs2, int32_t imm) {
  const uint32_t u = static_cast<uint32_t>(imm);
  return opc | (u & 0x1f) << 7 | f3 << 12 | rs1 << 15 | rs2 << 20 | bits(u, 11, 5) << 25;
}
uint32_t enc_b(uint32_t f3, uint32_t rs1, uint32_t rs2, int32_t imm) {
  const uint32_t u = static_cast<uint32_t>(imm);
  return 0x63 | bit(u, 11) << 7 | bits(u, 4, 1) << 8 | f3 << 12 | rs1 << 15 | rs2 << 20 | bits(u, 10, 5) << 25 |
         bit(u, 12) << 31;
}
uint32_t enc_j(uint32_t rd, int32_t imm) {
  const uint32_t u = static_cast<uint32_t>(imm);
  return 0x6f | rd << 7 | bits(u, 19, 12) << 12 | bit(u, 11) << 20 | bits(u, 10, 1) << 21 | bit(u, 20) << 31;
}

constexpr uint32_t kOpImm = 0x13, kOp = 0x33, kLoad = 0x03, kStore = 0x23, kLoadFp = 0x07, kStoreFp = 0x27, kLui = 0x37,
                   kJalr = 0x67;

}  // namespace

const char* op_mnemonic(Op op) { return kOpInfo[static_cast<unsigned>(op)].mnemonic; }
TimingClass op_timing_class(Op op) { return kOpInfo[static_cast<unsigned>(op)].tclass; }

void decode32(uint32_t insn, const DecodeFeatures& f, DecodedInsn& d) {
  const uint32_t opcode = insn & 0x7f;
  const uint32_t rd = bits(insn, 11, 7), f3 = bits(insn, 14, 12), rs1 = bits(insn, 19, 15), rs2 = bits(insn, 24, 20),
                 f7 = insn >> 25;
  const int32_t imm_i = static_cast<int32_t>(insn) >> 20;
  const int32_t imm_s = (static_cast<int32_t>(insn) >> 25) * 32 + static_cast<int32_t>(rd);
  const bool has_m = f.misa & kMisaM, has_a = f.misa & kMisaA, has_f = f.misa & kMisaF;
  Op op = Op::Illegal;
  int32_t imm = 0;

  switch (opcode) {
    case 0x37:
      op = Op::LUI;
      imm = static_cast<int32_t>(insn & 0xfffff000);
      break;
    case 0x17:
      op = Op::AUIPC;
      imm = static_cast<int32_t>(insn & 0xfffff000);
      break;
    case 0x6f:
      op = Op::JAL;
      imm = sext(bit(insn, 31) << 20 | bits(insn, 19, 12) << 12 | bit(insn, 20) << 11 | bits(insn, 30, 21) << 1, 21);
      break;
    case 0x67:
      if (f3 == 0) {
        op = Op::JALR;
        imm = imm_i;
      }
      break;
    case 0x63: {
      static constexpr Op kBr[8] = {Op::BEQ, Op::BNE, Op::Illegal, Op::Illegal, Op::BLT, Op::BGE, Op::BLTU, Op::BGEU};
      op = kBr[f3];
      imm = sext(bit(insn, 31) << 12 | bit(insn, 7) << 11 | bits(insn, 30, 25) << 5 | bits(insn, 11, 8) << 1, 13);
      break;
    }
    case 0x03: {
      static constexpr Op kLd[8] = {Op::LB, Op::LH, Op::LW, Op::Illegal, Op::LBU, Op::LHU, Op::Illegal, Op::Illegal};
      op = kLd[f3];
      imm = imm_i;
      break;
    }
    case 0x23: {
      static constexpr Op kSt[8] = {Op::SB,      Op::SH,      Op::SW,      Op::Illegal,
                                    Op::Illegal, Op::Illegal, Op::Illegal, Op::Illegal};
      op = kSt[f3];
      imm = imm_s;
      break;
    }
    case 0x13:
      imm = imm_i;
      switch (f3) {
        case 0: op = Op::ADDI; break;
        case 2: op = Op::SLTI; break;
        case 3: op = Op::SLTIU; break;
        case 4: op = Op::XORI; break;
        case 6: op = Op::ORI; break;
        case 7: op = Op::ANDI; break;
        case 1:
          if (f7 == 0) {
            op = Op::SLLI;
            imm = rs2;
          }
          break;
        case 5:
          if (f7 == 0) {
            op = Op::SRLI;
            imm = rs2;
          } else if (f7 == 0x20) {
            op = Op::SRAI;
            imm = rs2;
          }
          break;
      }
      break;
    case 0x33:
      if (f7 == 0) {
        static constexpr Op kAlu[8] = {Op::ADD, Op::SLL, Op::SLT, Op::SLTU, Op::XOR, Op::SRL, Op::OR, Op::AND};
        op = kAlu[f3];
      } else if (f7 == 0x20) {
        if (f3 == 0)
          op = Op::SUB;
        else if (f3 == 5)
          op = Op::SRA;
      } else if (f7 == 1 && has_m) {
        static constexpr Op kMul[8] = {Op::MUL, Op::MULH, Op::MULHSU, Op::MULHU, Op::DIV, Op::DIVU, Op::REM, Op::REMU};
        op = kMul[f3];
      }
      break;
    case 0x0f:
      if (f3 == 0)
        op = Op::FENCE, imm = imm_i;
      else if (f3 == 1 && f.zifencei)
        op = Op::FENCE_I;
      else if (f3 == 2 && f.zicbom && rd == 0) {
        if (imm_i == 0)
          op = Op::CBO_INVAL;
        else if (imm_i == 1)
          op = Op::CBO_CLEAN;
        else if (imm_i == 2)
          op = Op::CBO_FLUSH;
      }
      break;
    case 0x73:
      if (f3 == 0) {
        if (insn == 0x00000073)
          op = Op::ECALL;
        else if (insn == 0x00100073)
          op = Op::EBREAK;
        else if (insn == 0x30200073)
          op = Op::MRET;
        else if (insn == 0x10500073)
          op = Op::WFI;
        else if (insn == 0x10200073 && (f.misa & kMisaS))
          op = Op::SRET;
        else if ((insn & 0xfe007fffu) == 0x12000073u && (f.misa & kMisaS))
          op = Op::SFENCE_VMA;  // rs1 = virtual address, rs2 = ASID (both optional)
      } else if (f3 != 4 && f.zicsr) {
        static constexpr Op kCsr[8] = {Op::Illegal, Op::CSRRW,  Op::CSRRS,  Op::CSRRC,
                                       Op::Illegal, Op::CSRRWI, Op::CSRRSI, Op::CSRRCI};
        op = kCsr[f3];
        imm = static_cast<int32_t>(insn >> 20);
      }
      break;
    case 0x2f:
      if (f3 == 2 && has_a) {
        imm = static_cast<int32_t>(bits(insn, 26, 25));  // aq/rl
        switch (insn >> 27) {
          case 0x02:
            if (rs2 == 0) op = Op::LR_W;
            break;
          case 0x03: op = Op::SC_W; break;
          case 0x01: op = Op::AMOSWAP_W; break;
          case 0x00: op = Op::AMOADD_W; break;
          case 0x04: op = Op::AMOXOR_W; break;
          case 0x0c: op = Op::AMOAND_W; break;
          case 0x08: op = Op::AMOOR_W; break;
          case 0x10: op = Op::AMOMIN_W; break;
          case 0x14: op = Op::AMOMAX_W; break;
          case 0x18: op = Op::AMOMINU_W; break;
          case 0x1c: op = Op::AMOMAXU_W; break;
        }
      }
      break;
    case 0x07:
      if (has_f && f3 == 2) {
        op = Op::FLW;
        imm = imm_i;
      }
      break;
    case 0x27:
      if (has_f && f3 == 2) {
        op = Op::FSW;
        imm = imm_s;
      }
      break;
    case 0x43:
    case 0x47:
    case 0x4b:
    case 0x4f:
      if (has_f && bits(insn, 26, 25) == 0 && f3 != 5 && f3 != 6) {
        static constexpr Op kFma[4] = {Op::FMADD_S, Op::FMSUB_S, Op::FNMSUB_S, Op::FNMADD_S};
        op = kFma[(opcode >> 2) & 3];
        imm = static_cast<int32_t>(f3);
      }
      break;
    case 0x53: {
      if (!has_f) break;
      const bool rm_ok = f3 != 5 && f3 != 6;
      imm = static_cast<int32_t>(f3);
      switch (f7) {
        case 0x00:
          if (rm_ok) op = Op::FADD_S;
          break;
        case 0x04:
          if (rm_ok) op = Op::FSUB_S;
          break;
        case 0x08:
          if (rm_ok) op = Op::FMUL_S;
          break;
        case 0x0c:
          if (rm_ok) op = Op::FDIV_S;
          break;
        case 0x2c:
          if (rm_ok && rs2 == 0) op = Op::FSQRT_S;
          break;
        case 0x10:
          if (f3 == 0)
            op = Op::FSGNJ_S;
          else if (f3 == 1)
            op = Op::FSGNJN_S;
          else if (f3 == 2)
            op = Op::FSGNJX_S;
          break;
        case 0x14:
          if (f3 == 0)
            op = Op::FMIN_S;
          else if (f3 == 1)
            op = Op::FMAX_S;
          break;
        case 0x60:
          if (rm_ok && rs2 == 0)
            op = Op::FCVT_W_S;
          else if (rm_ok && rs2 == 1)
            op = Op::FCVT_WU_S;
          break;
        case 0x70:
          if (rs2 == 0 && f3 == 0)
            op = Op::FMV_X_W;
          else if (rs2 == 0 && f3 == 1)
            op = Op::FCLASS_S;
          break;
        case 0x50:
          if (f3 == 0)
            op = Op::FLE_S;
          else if (f3 == 1)
            op = Op::FLT_S;
          else if (f3 == 2)
            op = Op::FEQ_S;
          break;
        case 0x68:
          if (rm_ok && rs2 == 0)
            op = Op::FCVT_S_W;
          else if (rm_ok && rs2 == 1)
            op = Op::FCVT_S_WU;
          break;
        case 0x78:
          if (rs2 == 0 && f3 == 0) op = Op::FMV_W_X;
          break;
      }
      break;
    }
    default: break;
  }

  d.op = op;
  d.raw = insn;
  d.imm = op == Op::Illegal ? 0 : imm;
  d.rs1 = static_cast<uint8_t>(rs1);
  d.rs2 = static_cast<uint8_t>(rs2);
  d.rs3 = static_cast<uint8_t>(insn >> 27);
  d.rd = static_cast<uint8_t>(rd);
  if (rd == 0 && int_dest(op_format(op))) d.rd = kSinkReg;
}

uint32_t expand_compressed(uint16_t parcel, const DecodeFeatures& f) {
  const uint32_t c = parcel;
  const uint32_t quadrant = c & 3, f3 = bits(c, 15, 13);
  const uint32_t rd = bits(c, 11, 7), rs2 = bits(c, 6, 2);
  const uint32_t rdp = 8 + bits(c, 4, 2), rs1p = 8 + bits(c, 9, 7);  // the x8..x15 fields
  const bool has_f = f.misa & kMisaF;
  const int32_t imm6 = sext(bit(c, 12) << 5 | bits(c, 6, 2), 6);

  switch (quadrant) {
    case 0: {
      const int32_t lw_off = static_cast<int32_t>(bits(c, 12, 10) << 3 | bit(c, 6) << 2 | bit(c, 5) << 6);
      switch (f3) {
        case 0: {  // c.addi4spn
          const uint32_t nz = bits(c, 12, 11) << 4 | bits(c, 10, 7) << 6 | bit(c, 6) << 2 | bit(c, 5) << 3;
          if (nz == 0) return 0;
          return enc_i(kOpImm, rdp, 0, 2, static_cast<int32_t>(nz));
        }
        case 2: return enc_i(kLoad, rdp, 2, rs1p, lw_off);                 // c.lw
        case 3: return has_f ? enc_i(kLoadFp, rdp, 2, rs1p, lw_off) : 0;   // c.flw
        case 6: return enc_s(kStore, 2, rs1p, rdp, lw_off);                // c.sw
        case 7: return has_f ? enc_s(kStoreFp, 2, rs1p, rdp, lw_off) : 0;  // c.fsw
        default: return 0;  // c.fld/c.fsd (no D) and the reserved encoding
      }
    }
    case 1:
      switch (f3) {
        case 0: return enc_i(kOpImm, rd, 0, rd, imm6);  // c.addi / c.nop
        case 1:
        case 5: {  // c.jal / c.j
          const int32_t off = sext(bit(c, 12) << 11 | bit(c, 11) << 4 | bits(c, 10, 9) << 8 | bit(c, 8) << 10 |
                                       bit(c, 7) << 6 | bit(c, 6) << 7 | bits(c, 5, 3) << 1 | bit(c, 2) << 5,
                                   12);
          return enc_j(f3 == 1 ? 1 : 0, off);
        }
        case 2: return enc_i(kOpImm, rd, 0, 0, imm6);  // c.li
        case 3:
          if (rd == 2) {  // c.addi16sp
            const int32_t nz =
                sext(bit(c, 12) << 9 | bit(c, 6) << 4 | bit(c, 5) << 6 | bits(c, 4, 3) << 7 | bit(c, 2) << 5, 10);
            return nz == 0 ? 0 : enc_i(kOpImm, 2, 0, 2, nz);
          } else {  // c.lui
            if (imm6 == 0) return 0;
            return kLui | rd << 7 | (static_cast<uint32_t>(imm6) << 12);
          }
        case 4: {
          switch (bits(c, 11, 10)) {
            case 0: return bit(c, 12) ? 0 : enc_i(kOpImm, rs1p, 5, rs1p, static_cast<int32_t>(rs2));          // c.srli
            case 1: return bit(c, 12) ? 0 : enc_i(kOpImm, rs1p, 5, rs1p, static_cast<int32_t>(rs2 | 0x400));  // c.srai
            case 2: return enc_i(kOpImm, rs1p, 7, rs1p, imm6);                                                // c.andi
            default: {
              if (bit(c, 12)) return 0;  // c.subw/c.addw are RV64 only
              static constexpr uint32_t kF3[4] = {0, 4, 6, 7};
              const uint32_t sel = bits(c, 6, 5);
              return enc_r(kOp, rs1p, kF3[sel], rs1p, rdp, sel == 0 ? 0x20 : 0);  // c.sub/xor/or/and
            }
          }
        }
        default: {  // c.beqz / c.bnez
          const int32_t off = sext(
              bit(c, 12) << 8 | bits(c, 11, 10) << 3 | bits(c, 6, 5) << 6 | bits(c, 4, 3) << 1 | bit(c, 2) << 5, 9);
          return enc_b(f3 == 6 ? 0 : 1, rs1p, 0, off);
        }
      }
    case 2: {
      const int32_t lwsp_off = static_cast<int32_t>(bit(c, 12) << 5 | bits(c, 6, 4) << 2 | bits(c, 3, 2) << 6);
      const int32_t swsp_off = static_cast<int32_t>(bits(c, 12, 9) << 2 | bits(c, 8, 7) << 6);
      switch (f3) {
        case 0: return bit(c, 12) ? 0 : enc_i(kOpImm, rd, 1, rd, static_cast<int32_t>(rs2));  // c.slli
        case 2: return rd == 0 ? 0 : enc_i(kLoad, rd, 2, 2, lwsp_off);                        // c.lwsp
        case 3: return has_f ? enc_i(kLoadFp, rd, 2, 2, lwsp_off) : 0;                        // c.flwsp
        case 4:
          if (!bit(c, 12)) {
            if (rs2 == 0) return rd == 0 ? 0 : enc_i(kJalr, 0, 0, rd, 0);  // c.jr
            return enc_r(kOp, rd, 0, 0, rs2, 0);                           // c.mv
          }
          if (rs2 == 0) {
            if (rd == 0) return 0x00100073;    // c.ebreak
            return enc_i(kJalr, 1, 0, rd, 0);  // c.jalr
          }
          return enc_r(kOp, rd, 0, rd, rs2, 0);                           // c.add
        case 6: return enc_s(kStore, 2, 2, rs2, swsp_off);                // c.swsp
        case 7: return has_f ? enc_s(kStoreFp, 2, 2, rs2, swsp_off) : 0;  // c.fswsp
        default: return 0;
      }
    }
    default: return 0;  // not a compressed parcel
  }
}

}  // namespace vp::iss
