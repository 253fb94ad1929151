// Control and status registers (machine and, with misa S, supervisor). Unimplemented CSRs make
// csr_read/csr_write return false, which the executor turns into an illegal-instruction exception;
// csr_op adds the privilege checks of an instruction's access.
#include <cfenv>

#include "models/cpu/iss/csr.h"
#include "models/cpu/iss/hart.h"
#include "models/cpu/iss/hart_inline.h"

namespace vp::iss {

const CsrInfo* csr_table() {
  static const CsrInfo table[] = {
#define CSR(name, number, kind) {number, #name, #kind[0]},
#include "models/cpu/iss/csr.def"
#undef CSR
  };
  return table;
}

unsigned csr_count() {
  static const unsigned n = 0
#define CSR(name, number, kind) +1
#include "models/cpu/iss/csr.def"
#undef CSR
      ;
  return n;
}

const char* csr_name(uint16_t csr) {
  switch (csr) {
#define CSR(name, number, kind) \
  case number:                  \
    return #name;
#include "models/cpu/iss/csr.def"
#undef CSR
    default: return nullptr;
  }
}

namespace {
constexpr uint32_t kMInterrupts = kMSIP | kMTIP | kMEIP, kSInterrupts = kSSIP | kSTIP | kSEIP;
// Exceptions M may delegate to S: all but ecall from M (and the reserved causes).
constexpr uint32_t kDelegableExceptions = 0xb3ffu;  // 0-9, 12, 13, 15
// menvcfg / senvcfg: CBIE (5:4) and CBCFE (6), the Zicbom enables below M.
constexpr uint32_t kEnvcfgCbo = 0x70;
bool is_counter(uint16_t csr) { return (csr >= 0xc00 && csr <= 0xc1f) || (csr >= 0xc80 && csr <= 0xc9f); }
}  // namespace

bool Hart::csr_read(uint16_t csr, uint32_t& v) {
  for (auto& ext : extensions_) {
    if (ext->csr_read(*this, csr, v)) return true;
  }
  const bool has_f = cfg_.misa & kMisaF;
  switch (csr) {
    case kCsr_fflags:
      if (!has_f || !fs_enabled()) return false;
      sync_fflags();
      v = fflags_;
      return true;
    case kCsr_frm:
      if (!has_f || !fs_enabled()) return false;
      v = frm_;
      return true;
    case kCsr_fcsr:
      if (!has_f || !fs_enabled()) return false;
      sync_fflags();
      v = frm_ << 5 | fflags_;
      return true;
    case kCsr_cycle:
    case kCsr_mcycle:
      if (!cfg_.zicntr && csr == kCsr_cycle) return false;
      v = uint32_t(cycle_ + mcycle_offset_);
      return true;
    case kCsr_cycleh:
    case kCsr_mcycleh:
      if (!cfg_.zicntr && csr == kCsr_cycleh) return false;
      v = uint32_t((cycle_ + mcycle_offset_) >> 32);
      return true;
    case kCsr_instret:
    case kCsr_minstret:
      if (!cfg_.zicntr && csr == kCsr_instret) return false;
      v = uint32_t(instret_);
      return true;
    case kCsr_instreth:
    case kCsr_minstreth:
      if (!cfg_.zicntr && csr == kCsr_instreth) return false;
      v = uint32_t(instret_ >> 32);
      return true;
    case kCsr_time:
    case kCsr_timeh: {
      if (!cfg_.zicntr) return false;
      uint64_t t;
      {
        HostFpGuard guard(*this);
        t = env_.read_time();
      }
      v = csr == kCsr_time ? uint32_t(t) : uint32_t(t >> 32);
      return true;
    }
    case kCsr_mvendorid:
    case kCsr_marchid:
    case kCsr_mimpid:
    case kCsr_mconfigptr: v = 0; return true;
    case kCsr_mhartid: v = cfg_.hartid; return true;
    case kCsr_mstatus: {
      const bool dirty = (mstatus_ & kFsMask) == kFsDirty;
      v = mstatus_ | (dirty ? 0x80000000u : 0);
      return true;
    }
    case kCsr_mstatush:
    case kCsr_menvcfgh:
    case kCsr_mcountinhibit: v = 0; return true;  // (no counter can be inhibited: every bit read-only 0)
    case kCsr_menvcfg: v = menvcfg_; return true;
    case kCsr_misa: v = 0x40000000u | cfg_.misa; return true;
    case kCsr_mie: v = mie_; return true;
    case kCsr_mip: v = mip(); return true;
    case kCsr_medeleg:
    case kCsr_mideleg:
      if (!has_s()) return false;
      v = csr == kCsr_medeleg ? medeleg_ : mideleg_;
      return true;
    case kCsr_mcounteren:
      if (!has_u()) return false;
      v = mcounteren_;
      return true;
    case kCsr_sstatus:
    case kCsr_sie:
    case kCsr_sip:
    case kCsr_stvec:
    case kCsr_scounteren:
    case kCsr_senvcfg:
    case kCsr_sscratch:
    case kCsr_sepc:
    case kCsr_scause:
    case kCsr_stval:
    case kCsr_satp: {
      if (!has_s()) return false;
      const bool dirty = (mstatus_ & kFsMask) == kFsDirty;
      switch (csr) {
        case kCsr_sstatus: v = (mstatus_ | (dirty ? kMstatusSD : 0)) & kSstatusMask; break;
        case kCsr_sie: v = mie_ & mideleg_; break;
        case kCsr_sip: v = mip() & mideleg_; break;
        case kCsr_stvec: v = stvec_; break;
        case kCsr_scounteren: v = scounteren_; break;
        case kCsr_senvcfg: v = senvcfg_; break;
        case kCsr_sscratch: v = sscratch_; break;
        case kCsr_sepc: v = sepc_; break;
        case kCsr_scause: v = scause_; break;
        case kCsr_stval: v = stval_; break;
        default: v = satp_; break;
      }
      return true;
    }
    case kCsr_mtvec: v = mtvec_; return true;
    case kCsr_mscratch: v = mscratch_; return true;
    case kCsr_mepc: v = mepc_; return true;
    case kCsr_mcause: v = mcause_; return true;
    case kCsr_mtval: v = mtval_; return true;
    default:
      // Hardware performance counters 3..31 and their events are legal and read as zero.
      if ((csr >= 0xb03 && csr <= 0xb1f) || (csr >= 0xb83 && csr <= 0xb9f) || (csr >= 0x323 && csr <= 0x33f)) {
        v = 0;
        return true;
      }
      return pmp_.read(csr, v) || triggers_.read(csr, v);
  }
}

bool Hart::csr_write(uint16_t csr, uint32_t v) {
  for (auto& ext : extensions_) {
    if (ext->csr_write(*this, csr, v)) return true;
  }
  const bool has_f = cfg_.misa & kMisaF;
  switch (csr) {
    case kCsr_fflags:
      if (!has_f || !fs_enabled()) return false;
      std::feclearexcept(FE_ALL_EXCEPT);  // pending host flags belong to the old value
      fflags_ = v & 0x1f;
      mstatus_ |= kFsDirty;
      return true;
    case kCsr_frm:
      if (!has_f || !fs_enabled()) return false;
      frm_ = v & 7;
      mstatus_ |= kFsDirty;
      return true;
    case kCsr_fcsr:
      if (!has_f || !fs_enabled()) return false;
      std::feclearexcept(FE_ALL_EXCEPT);
      fflags_ = v & 0x1f;
      frm_ = (v >> 5) & 7;
      mstatus_ |= kFsDirty;
      return true;
    case kCsr_mcycle: mcycle_offset_ = ((((cycle_ + mcycle_offset_) & ~0xffffffffull) | v) - cycle_); return true;
    case kCsr_mcycleh:
      mcycle_offset_ = ((((cycle_ + mcycle_offset_) & 0xffffffffull) | uint64_t(v) << 32) - cycle_);
      return true;
    // The write replaces the increment of the writing instruction (hence the -1).
    case kCsr_minstret: instret_ = ((instret_ & ~0xffffffffull) | v) - 1; return true;
    case kCsr_minstreth: instret_ = ((instret_ & 0xffffffffull) | uint64_t(v) << 32) - 1; return true;
    case kCsr_mstatus: {
      uint32_t keep = kMstatusMIE | kMstatusMPIE;
      if (has_f) keep |= kFsMask;
      if (has_u()) keep |= kMstatusMPRV | kMstatusTW;
      if (has_s())
        keep |= kMstatusSIE | kMstatusSPIE | kMstatusSPP | kMstatusSUM | kMstatusMXR | kMstatusTVM | kMstatusTSR;
      // MPP is WARL: a mode the hart does not have keeps the old value (M only: always M).
      const uint8_t mpp = uint8_t((v & kMstatusMPP) >> kMstatusMPPShift);
      const bool mpp_ok = mpp == kPrivM || (mpp == kPrivS && has_s()) || (mpp == kPrivU && has_u());
      set_mstatus((v & keep) | ((mpp_ok ? v : mstatus_) & kMstatusMPP));
      return true;
    }
    case kCsr_mstatush:
    case kCsr_menvcfgh:
    case kCsr_mcountinhibit:
    case kCsr_misa: return true;  // WARL with nothing writable
    case kCsr_menvcfg: menvcfg_ = has_u() ? v & kEnvcfgCbo : 0; return true;
    case kCsr_mip:
      // Software sets the supervisor bits (M's own bits are driven by the interrupt lines).
      mip_sw_ = has_s() ? v & kSInterrupts : 0;
      end_block();
      return true;
    case kCsr_mie:
      mie_ = v & (kMInterrupts | (has_s() ? kSInterrupts : 0));
      end_block();
      return true;
    case kCsr_medeleg:
    case kCsr_mideleg:
      if (!has_s()) return false;
      if (csr == kCsr_medeleg)
        medeleg_ = v & kDelegableExceptions;
      else
        mideleg_ = v & kSInterrupts;
      end_block();
      return true;
    case kCsr_mcounteren:
      if (!has_u()) return false;
      mcounteren_ = v & 7;  // CY, TM, IR (the hpm counters read as zero in every mode)
      return true;
    case kCsr_sstatus:
      if (!has_s()) return false;
      set_mstatus((mstatus_ & ~(kSstatusMask & ~kMstatusSD)) |
                  (v & (kSstatusMask & ~kMstatusSD) & (has_f ? ~0u : ~kFsMask)));
      return true;
    case kCsr_sie:
      if (!has_s()) return false;
      mie_ = (mie_ & ~mideleg_) | (v & mideleg_);
      end_block();
      return true;
    case kCsr_sip:
      if (!has_s()) return false;
      mip_sw_ = (mip_sw_ & ~(kSSIP & mideleg_)) | (v & kSSIP & mideleg_);  // only SSIP is writable here
      end_block();
      return true;
    case kCsr_stvec:
      if (!has_s()) return false;
      stvec_ = (v & 3) >= 2 ? (v & ~3u) : v;
      return true;
    case kCsr_scounteren:
      if (!has_s()) return false;
      scounteren_ = v & 7;
      return true;
    case kCsr_senvcfg:
      if (!has_s()) return false;
      senvcfg_ = v & kEnvcfgCbo;
      return true;
    case kCsr_sscratch:
      if (!has_s()) return false;
      sscratch_ = v;
      return true;
    case kCsr_sepc:
      if (!has_s()) return false;
      sepc_ = v & ((cfg_.misa & kMisaC) ? ~1u : ~3u);
      return true;
    case kCsr_scause:
      if (!has_s()) return false;
      scause_ = v;
      return true;
    case kCsr_stval:
      if (!has_s()) return false;
      stval_ = v;
      return true;
    case kCsr_satp:
      if (!has_s()) return false;
      return write_satp(v);
    case kCsr_mtvec: mtvec_ = (v & 3) >= 2 ? (v & ~3u) : v; return true;  // reserved modes -> direct
    case kCsr_mscratch: mscratch_ = v; return true;
    case kCsr_mepc: mepc_ = v & ((cfg_.misa & kMisaC) ? ~1u : ~3u); return true;
    case kCsr_mcause: mcause_ = v; return true;
    case kCsr_mtval: mtval_ = v; return true;
    default:
      if ((csr >= 0xb03 && csr <= 0xb1f) || (csr >= 0xb83 && csr <= 0xb9f) || (csr >= 0x323 && csr <= 0x33f))
        return true;
      if (pmp_.write(csr, v)) {
        pmp_changed();
        return true;
      }
      const unsigned generation = triggers_.generation();
      if (triggers_.write(csr, v)) {
        if (triggers_.generation() != generation) triggers_changed();
        return true;
      }
      return false;
  }
}

// Executes csrrw/csrrs/csrrc(i). `src` is the rs1 value or the immediate; `is_write_op` is true
// for csrrw(i), which write even when src is 0. Returns false for an illegal access.
bool Hart::csr_op(const DecodedInsn& d, uint32_t src, bool is_write_op) {
  // `d` lives in the decode cache, which a CSR write may flush (PMP, triggers): read it first.
  const uint8_t rd = d.rd;
  const uint16_t csr = uint16_t(d.imm & 0xfff);
  const bool writes = is_write_op || d.rs1 != 0;
  if (writes && (csr >> 10) == 3) return false;  // read-only CSR
  if (((csr >> 8) & 3) > priv_) return false;    // a CSR of a more privileged mode
  if (priv_ < kPrivM && is_counter(csr)) {
    // Below M a counter needs its bit in mcounteren, and in U also in scounteren.
    const uint32_t bit = 1u << (csr & 31);
    if (!(mcounteren_ & bit) || (priv_ == kPrivU && has_s() && !(scounteren_ & bit))) return false;
  }
  if (csr == kCsr_satp && priv_ == kPrivS && (mstatus_ & kMstatusTVM)) return false;
  uint32_t old = 0;
  // csrrw with rd = x0 does not read (no read side effects), but the CSR must still exist.
  if (!(is_write_op && d.rd == kSinkReg)) {
    if (!csr_read(csr, old)) return false;
  }
  if (writes) {
    // mip.SEIP reads as the PLIC's line OR the bit software wrote, but only the written bit takes part
    // in a CSRRS/CSRRC (privileged spec, "Machine Interrupt Registers"): the line is never latched.
    const uint32_t base = csr == kCsr_mip ? (old & ~kSEIP) | (mip_sw_ & kSEIP) : old;
    uint32_t nv = src;
    switch (d.op) {
      case Op::CSRRS:
      case Op::CSRRSI: nv = base | src; break;
      case Op::CSRRC:
      case Op::CSRRCI: nv = base & ~src; break;
      default: break;
    }
    if (!csr_write(csr, nv)) return false;
  }
  x_[rd] = old;
  return true;
}

}  // namespace vp::iss
