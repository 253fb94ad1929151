// Control and status registers (machine mode only). Unimplemented CSRs make csr_read/csr_write
// return false, which the executor turns into an illegal-instruction exception.
#include <cfenv>

#include "models/cpu/iss/hart.h"
#include "models/cpu/iss/hart_inline.h"

namespace vp::iss {

namespace {
enum : uint16_t {
  kFflags = 0x001,
  kFrm = 0x002,
  kFcsr = 0x003,
  kCycle = 0xc00,
  kTime = 0xc01,
  kInstret = 0xc02,
  kCycleH = 0xc80,
  kTimeH = 0xc81,
  kInstretH = 0xc82,
  kMvendorid = 0xf11,
  kMarchid = 0xf12,
  kMimpid = 0xf13,
  kMhartid = 0xf14,
  kMconfigptr = 0xf15,
  kMstatus = 0x300,
  kMisa = 0x301,
  kMie = 0x304,
  kMtvec = 0x305,
  kMstatusH = 0x310,
  kMscratch = 0x340,
  kMepc = 0x341,
  kMcause = 0x342,
  kMtval = 0x343,
  kMip = 0x344,
  kMenvcfg = 0x30a,
  kMenvcfgH = 0x31a,
  kMcycle = 0xb00,
  kMinstret = 0xb02,
  kMcycleH = 0xb80,
  kMinstretH = 0xb82,
};
constexpr uint32_t kMieWritable = kMSIP | kMTIP | kMEIP;
}  // namespace

bool Hart::csr_read(uint16_t csr, uint32_t& v) {
  for (auto& ext : extensions_) {
    if (ext->csr_read(*this, csr, v)) return true;
  }
  const bool has_f = cfg_.misa & kMisaF;
  switch (csr) {
    case kFflags:
      if (!has_f || !fs_enabled()) return false;
      sync_fflags();
      v = fflags_;
      return true;
    case kFrm:
      if (!has_f || !fs_enabled()) return false;
      v = frm_;
      return true;
    case kFcsr:
      if (!has_f || !fs_enabled()) return false;
      sync_fflags();
      v = frm_ << 5 | fflags_;
      return true;
    case kCycle:
    case kMcycle:
      if (!cfg_.zicntr && csr == kCycle) return false;
      v = uint32_t(cycle_ + mcycle_offset_);
      return true;
    case kCycleH:
    case kMcycleH:
      if (!cfg_.zicntr && csr == kCycleH) return false;
      v = uint32_t((cycle_ + mcycle_offset_) >> 32);
      return true;
    case kInstret:
    case kMinstret:
      if (!cfg_.zicntr && csr == kInstret) return false;
      v = uint32_t(instret_);
      return true;
    case kInstretH:
    case kMinstretH:
      if (!cfg_.zicntr && csr == kInstretH) return false;
      v = uint32_t(instret_ >> 32);
      return true;
    case kTime:
    case kTimeH: {
      if (!cfg_.zicntr) return false;
      uint64_t t;
      {
        HostFpGuard guard(*this);
        t = env_.read_time();
      }
      v = csr == kTime ? uint32_t(t) : uint32_t(t >> 32);
      return true;
    }
    case kMvendorid:
    case kMarchid:
    case kMimpid:
    case kMconfigptr: v = 0; return true;
    case kMhartid: v = cfg_.hartid; return true;
    case kMstatus: {
      const bool dirty = (mstatus_ & kFsMask) == kFsDirty;
      v = mstatus_ | (dirty ? 0x80000000u : 0);
      return true;
    }
    case kMstatusH:
    case kMenvcfg:
    case kMenvcfgH: v = 0; return true;
    case kMisa: v = 0x40000000u | cfg_.misa; return true;
    case kMie: v = mie_; return true;
    case kMip: v = mip(); return true;
    case kMtvec: v = mtvec_; return true;
    case kMscratch: v = mscratch_; return true;
    case kMepc: v = mepc_; return true;
    case kMcause: v = mcause_; return true;
    case kMtval: v = mtval_; return true;
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
    case kFflags:
      if (!has_f || !fs_enabled()) return false;
      std::feclearexcept(FE_ALL_EXCEPT);  // pending host flags belong to the old value
      fflags_ = v & 0x1f;
      mstatus_ |= kFsDirty;
      return true;
    case kFrm:
      if (!has_f || !fs_enabled()) return false;
      frm_ = v & 7;
      mstatus_ |= kFsDirty;
      return true;
    case kFcsr:
      if (!has_f || !fs_enabled()) return false;
      std::feclearexcept(FE_ALL_EXCEPT);
      fflags_ = v & 0x1f;
      frm_ = (v >> 5) & 7;
      mstatus_ |= kFsDirty;
      return true;
    case kMcycle: mcycle_offset_ = ((((cycle_ + mcycle_offset_) & ~0xffffffffull) | v) - cycle_); return true;
    case kMcycleH:
      mcycle_offset_ = ((((cycle_ + mcycle_offset_) & 0xffffffffull) | uint64_t(v) << 32) - cycle_);
      return true;
    // The write replaces the increment of the writing instruction (hence the -1).
    case kMinstret: instret_ = ((instret_ & ~0xffffffffull) | v) - 1; return true;
    case kMinstretH: instret_ = ((instret_ & 0xffffffffull) | uint64_t(v) << 32) - 1; return true;
    case kMstatus: {
      uint32_t keep = kMstatusMIE | kMstatusMPIE;
      if (has_f) keep |= kFsMask;
      mstatus_ = (v & keep) | kMppM;  // MPP is fixed to M: there is no other mode
      end_block();
      return true;
    }
    case kMstatusH:
    case kMenvcfg:
    case kMenvcfgH:
    case kMisa:
    case kMip: return true;  // WARL with nothing writable (mip bits are driven by the interrupt lines)
    case kMie:
      mie_ = v & kMieWritable;
      end_block();
      return true;
    case kMtvec: mtvec_ = (v & 3) >= 2 ? (v & ~3u) : v; return true;  // reserved modes -> direct
    case kMscratch: mscratch_ = v; return true;
    case kMepc: mepc_ = v & ((cfg_.misa & kMisaC) ? ~1u : ~3u); return true;
    case kMcause: mcause_ = v; return true;
    case kMtval: mtval_ = v; return true;
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
  const uint16_t csr = uint16_t(d.imm & 0xfff);
  const bool writes = is_write_op || d.rs1 != 0;
  if (writes && (csr >> 10) == 3) return false;  // read-only CSR
  uint32_t old = 0;
  // csrrw with rd = x0 does not read (no read side effects), but the CSR must still exist.
  if (!(is_write_op && d.rd == kSinkReg)) {
    if (!csr_read(csr, old)) return false;
  }
  if (writes) {
    uint32_t nv = src;
    switch (d.op) {
      case Op::CSRRS:
      case Op::CSRRSI: nv = old | src; break;
      case Op::CSRRC:
      case Op::CSRRCI: nv = old & ~src; break;
      default: break;
    }
    if (!csr_write(csr, nv)) return false;
  }
  x_[d.rd] = old;
  return true;
}

}  // namespace vp::iss
