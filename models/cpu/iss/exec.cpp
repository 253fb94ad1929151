// The executor: the hot loop that runs pre-decoded instructions until the next event.
//
// Per instruction: find the decode-cache slot for the PC (decoding on a miss), account the
// cycles, and switch on the compact operation code. Anything that needs the outer loop's
// attention (interrupt enables, stops, WFI) calls end_block(), which makes this loop exit at the
// next instruction boundary. A trapping instruction has already redirected pc_ in take_trap()
// and leaves through `continue` without retiring.
#include <cmath>

#include "models/cpu/iss/fpu.h"
#include "models/cpu/iss/hart.h"
#include "models/cpu/iss/hart_inline.h"
#include "models/cpu/iss/semihosting.h"

namespace vp::iss {

namespace {
inline float F(uint32_t b) { return fpu::to_f(b); }
}  // namespace

void Hart::execute_block() {
  const bool checks = trace_fn_ || insns_may_be_flagged();
  if (mem_timing_)
    checks ? run_block<true, true>() : run_block<true, false>();
  else
    checks ? run_block<false, true>() : run_block<false, false>();
}

template <bool kFetch, bool kChecks>
void Hart::run_block() {
  uint32_t* const x = x_;
  uint32_t* const f = f_;
  const TimingConfig& tc = cfg_.timing;
  uint32_t pc;
  do {
    pc = pc_;
  // An instruction that retired without an event due carries on here with its successor's pc in a
  // register: reloading pc_ just stored put a store-to-load forward on every instruction's path to
  // its decode-cache slot.
  next_insn:
    const uint32_t page = pc >> kPageBits;
    DecodedInsn* slot;
    if (__builtin_expect(page == cur_page_num_, 1) || enter_page(page)) {
      slot = &cur_page_->insn[(pc & (kPageSize - 1)) >> 1];
      // With a cache model, fetching from a new line is an I-cache access (within a line the fetch
      // unit keeps the line; a 4-byte instruction straddling two lines counts as the first line).
      if (kFetch && (pc >> fetch_line_bits_) != fetch_line_) {
        fetch_line_ = pc >> fetch_line_bits_;
        if (!repeat_fetch_.hit(pc, 2, false)) {  // (a line the L1I granted costs no call and no cycle)
          const uint32_t c = mem_timing_->fetch_line(pc, cycle_);
          cycle_ += c;
          stall_fetch_ += c;
        }
      }
    } else {
      slot = &scratch_;  // not cacheable memory: fetch through the environment every time
      scratch_.op = Op::Undecoded;
    }
    if (__builtin_expect(slot->op == Op::Undecoded, 0)) {
      if (!fetch_and_decode(pc, *slot)) continue;
    }
    // Read in place (a copy costs a store-forwarding stall). A store may invalidate the slot
    // (self-modifying code): no case reads `d` after its store.
    const DecodedInsn& d = *slot;

    if (kChecks && __builtin_expect(d.flags & (DecodedInsn::kBreakpoint | DecodedInsn::kEntryHook), 0)) {
      if (d.flags & DecodedInsn::kBreakpoint) {  // gdb breakpoint or trigger
        const FlaggedInsn what = at_flagged_insn(pc);
        if (what == FlaggedInsn::Stop) {
          request_stop(StopReason::Breakpoint);
          break;
        }
        if (what == FlaggedInsn::Trap) {
          take_trap(kBreakpointCause, pc);
          continue;
        }
      }
      if ((d.flags & DecodedInsn::kEntryHook) && run_entry_hook(pc)) continue;
    }
    if (kChecks && trace_fn_) trace_fn_(trace_user_, *this, pc, d);

    if (pending_load_reg_) {
      if (insn_reads(d, pending_load_reg_)) {
        cycle_ += tc.load_use;
        stall_data_ += tc.load_use;
      }
      pending_load_reg_ = 0;
    }
    {
      // Read once: the byte fields may alias anything, so each use would be a reload.
      const unsigned exec_cycles = d.exec_cycles, fetch_cycles = d.fetch_cycles;
      cycle_ += 1 + exec_cycles + fetch_cycles;
      // With caches (kFetch) most instructions have neither; without, every fetch costs cycles.
      if (!kFetch || (exec_cycles | fetch_cycles)) {
        stall_exec_ += exec_cycles;
        stall_fetch_ += fetch_cycles;
      }
    }

    // pc + d.length() without a branch or a flag-to-mask sequence (4 - 2 for compressed ones).
    static_assert(DecodedInsn::kCompressed == 1, "the length formula below takes the flag as bit 0");
    uint32_t next_pc = pc + 4 - ((d.flags & DecodedInsn::kCompressed) << 1);
    const uint32_t rs1v = x[d.rs1];

#define TAKEN_JUMP(target, penalty)                 \
  do {                                              \
    const uint32_t t_ = (target);                   \
    if (__builtin_expect(t_ & misalign_mask_, 0)) { \
      take_trap(kInsnMisaligned, t_);               \
      goto trapped;                                 \
    }                                               \
    next_pc = t_;                                   \
    cycle_ += (penalty);                            \
    stall_fetch_ += (penalty);                      \
  } while (0)
#define BRANCH(cond) \
  if (cond) TAKEN_JUMP(pc + uint32_t(d.imm), tc.taken_branch)
#define LOAD(T, dest_expr)                           \
  {                                                  \
    T v_{};                                          \
    if (!load(rs1v + uint32_t(d.imm), v_)) continue; \
    dest_expr;                                       \
  }
#define FP_ENABLED_OR_ILLEGAL \
  if (__builtin_expect(!fs_enabled(), 0)) goto illegal
// Resolves the rounding mode (dynamic -> frm); reserved modes are illegal.
#define RESOLVE_RM(rm)                                             \
  const unsigned rm = d.imm == fpu::kDyn ? frm_ : unsigned(d.imm); \
  if (rm > fpu::kRMM) goto illegal

    switch (d.op) {
      // ---------------- RV32I ----------------
      case Op::LUI: x[d.rd] = uint32_t(d.imm); break;
      case Op::AUIPC: x[d.rd] = pc + uint32_t(d.imm); break;
      case Op::JAL:
        TAKEN_JUMP(pc + uint32_t(d.imm), tc.jump);
        x[d.rd] = pc + d.length();
        break;
      case Op::JALR:
        TAKEN_JUMP((rs1v + uint32_t(d.imm)) & ~1u, tc.jump);
        x[d.rd] = pc + d.length();
        break;
      case Op::BEQ: BRANCH(rs1v == x[d.rs2]); break;
      case Op::BNE: BRANCH(rs1v != x[d.rs2]); break;
      case Op::BLT: BRANCH(int32_t(rs1v) < int32_t(x[d.rs2])); break;
      case Op::BGE: BRANCH(int32_t(rs1v) >= int32_t(x[d.rs2])); break;
      case Op::BLTU: BRANCH(rs1v < x[d.rs2]); break;
      case Op::BGEU: BRANCH(rs1v >= x[d.rs2]); break;
      case Op::LB:
        LOAD(int8_t, x[d.rd] = uint32_t(int32_t(v_)));
        pending_load_reg_ = d.rd;
        break;
      case Op::LH:
        LOAD(int16_t, x[d.rd] = uint32_t(int32_t(v_)));
        pending_load_reg_ = d.rd;
        break;
      case Op::LW:
        LOAD(uint32_t, x[d.rd] = v_);
        pending_load_reg_ = d.rd;
        break;
      case Op::LBU:
        LOAD(uint8_t, x[d.rd] = v_);
        pending_load_reg_ = d.rd;
        break;
      case Op::LHU:
        LOAD(uint16_t, x[d.rd] = v_);
        pending_load_reg_ = d.rd;
        break;
      case Op::SB:
        if (!store(rs1v + uint32_t(d.imm), uint8_t(x[d.rs2]))) continue;
        break;
      case Op::SH:
        if (!store(rs1v + uint32_t(d.imm), uint16_t(x[d.rs2]))) continue;
        break;
      case Op::SW:
        if (!store(rs1v + uint32_t(d.imm), x[d.rs2])) continue;
        break;
      case Op::ADDI: x[d.rd] = rs1v + uint32_t(d.imm); break;
      case Op::SLTI: x[d.rd] = int32_t(rs1v) < d.imm; break;
      case Op::SLTIU: x[d.rd] = rs1v < uint32_t(d.imm); break;
      case Op::XORI: x[d.rd] = rs1v ^ uint32_t(d.imm); break;
      case Op::ORI: x[d.rd] = rs1v | uint32_t(d.imm); break;
      case Op::ANDI: x[d.rd] = rs1v & uint32_t(d.imm); break;
      case Op::SLLI: x[d.rd] = rs1v << d.imm; break;
      case Op::SRLI: x[d.rd] = rs1v >> d.imm; break;
      case Op::SRAI: x[d.rd] = uint32_t(int32_t(rs1v) >> d.imm); break;
      case Op::ADD: x[d.rd] = rs1v + x[d.rs2]; break;
      case Op::SUB: x[d.rd] = rs1v - x[d.rs2]; break;
      case Op::SLL: x[d.rd] = rs1v << (x[d.rs2] & 31); break;
      case Op::SLT: x[d.rd] = int32_t(rs1v) < int32_t(x[d.rs2]); break;
      case Op::SLTU: x[d.rd] = rs1v < x[d.rs2]; break;
      case Op::XOR: x[d.rd] = rs1v ^ x[d.rs2]; break;
      case Op::SRL: x[d.rd] = rs1v >> (x[d.rs2] & 31); break;
      case Op::SRA: x[d.rd] = uint32_t(int32_t(rs1v) >> (x[d.rs2] & 31)); break;
      case Op::OR: x[d.rd] = rs1v | x[d.rs2]; break;
      case Op::AND: x[d.rd] = rs1v & x[d.rs2]; break;
      case Op::FENCE: break;
      case Op::FENCE_I: flush_decode_cache(); break;
      case Op::ECALL: take_trap(kEcallM, 0); continue;
      case Op::EBREAK:
        if (cfg_.semihosting && !(d.flags & DecodedInsn::kCompressed) && semihost_->is_call_site(pc)) {
          HostFpGuard guard(*this);
          semihost_->call();  // may write guest memory, even this instruction's page
          break;
        }
        take_trap(kBreakpointCause, pc);
        continue;
      case Op::MRET:
        do_mret();
        TAKEN_JUMP(mepc_, tc.jump);
        break;
      case Op::WFI:
        if ((mip() & mie_) == 0) {
          waiting_ = true;
          end_block();
        }
        break;

      // ---------------- Zicsr ----------------
      case Op::CSRRW:
        if (!csr_op(d, rs1v, true)) goto illegal;
        break;
      case Op::CSRRS:
      case Op::CSRRC:
        if (!csr_op(d, rs1v, false)) goto illegal;
        break;
      case Op::CSRRWI:
        if (!csr_op(d, d.rs1, true)) goto illegal;
        break;
      case Op::CSRRSI:
      case Op::CSRRCI:
        if (!csr_op(d, d.rs1, false)) goto illegal;
        break;

      // ---------------- M ----------------
      case Op::MUL: x[d.rd] = rs1v * x[d.rs2]; break;
      case Op::MULH: x[d.rd] = uint32_t((int64_t(int32_t(rs1v)) * int64_t(int32_t(x[d.rs2]))) >> 32); break;
      case Op::MULHSU: x[d.rd] = uint32_t((int64_t(int32_t(rs1v)) * int64_t(uint64_t(x[d.rs2]))) >> 32); break;
      case Op::MULHU: x[d.rd] = uint32_t((uint64_t(rs1v) * uint64_t(x[d.rs2])) >> 32); break;
      case Op::DIV: {
        const int32_t a = int32_t(rs1v), b = int32_t(x[d.rs2]);
        x[d.rd] = b == 0 ? ~0u : (a == INT32_MIN && b == -1) ? uint32_t(a) : uint32_t(a / b);
        break;
      }
      case Op::DIVU: x[d.rd] = x[d.rs2] == 0 ? ~0u : rs1v / x[d.rs2]; break;
      case Op::REM: {
        const int32_t a = int32_t(rs1v), b = int32_t(x[d.rs2]);
        x[d.rd] = b == 0 ? uint32_t(a) : (a == INT32_MIN && b == -1) ? 0 : uint32_t(a % b);
        break;
      }
      case Op::REMU: x[d.rd] = x[d.rs2] == 0 ? rs1v : rs1v % x[d.rs2]; break;

      // ---------------- A ----------------
      case Op::LR_W: {
        if (rs1v & 3) {
          take_trap(kLoadMisaligned, rs1v);
          continue;
        }
        uint32_t v = 0;
        if (!load(rs1v, v)) continue;
        x[d.rd] = v;
        reservation_valid_ = true;
        reservation_addr_ = rs1v;
        pending_load_reg_ = d.rd;
        break;
      }
      case Op::SC_W: {
        if (rs1v & 3) {
          take_trap(kStoreMisaligned, rs1v);
          continue;
        }
        const bool ok = reservation_valid_ && reservation_addr_ == rs1v;
        const unsigned rd = d.rd;
        reservation_valid_ = false;
        if (ok && !store_slow(rs1v, &x[d.rs2], 4, AccessKind::AmoStore)) continue;
        x[rd] = ok ? 0 : 1;
        break;
      }
      case Op::AMOSWAP_W:
      case Op::AMOADD_W:
      case Op::AMOXOR_W:
      case Op::AMOAND_W:
      case Op::AMOOR_W:
      case Op::AMOMIN_W:
      case Op::AMOMAX_W:
      case Op::AMOMINU_W:
      case Op::AMOMAXU_W: {
        if (rs1v & 3) {
          take_trap(kStoreMisaligned, rs1v);
          continue;
        }
        uint32_t old = 0;  // (a device that answers with fewer bytes leaves the rest 0, not stack garbage)
        const unsigned rd = d.rd;
        if (!load_slow(rs1v, &old, 4, AccessKind::AmoLoad)) continue;
        const uint32_t b = x[d.rs2];
        uint32_t nv = b;
        switch (d.op) {
          case Op::AMOADD_W: nv = old + b; break;
          case Op::AMOXOR_W: nv = old ^ b; break;
          case Op::AMOAND_W: nv = old & b; break;
          case Op::AMOOR_W: nv = old | b; break;
          case Op::AMOMIN_W: nv = int32_t(old) < int32_t(b) ? old : b; break;
          case Op::AMOMAX_W: nv = int32_t(old) > int32_t(b) ? old : b; break;
          case Op::AMOMINU_W: nv = old < b ? old : b; break;
          case Op::AMOMAXU_W: nv = old > b ? old : b; break;
          default: break;
        }
        if (!store_slow(rs1v, &nv, 4, AccessKind::AmoStore)) continue;
        x[rd] = old;
        break;
      }

      // ---------------- F ----------------
      case Op::FLW: {
        FP_ENABLED_OR_ILLEGAL;
        LOAD(uint32_t, f[d.rd] = v_);
        pending_load_reg_ = kFpRegBase + d.rd;
        mstatus_ |= kFsDirty;
        break;
      }
      case Op::FSW:
        FP_ENABLED_OR_ILLEGAL;
        if (!store(rs1v + uint32_t(d.imm), f[d.rs2])) continue;
        break;
      case Op::FMADD_S:
      case Op::FMSUB_S:
      case Op::FNMSUB_S:
      case Op::FNMADD_S: {
        FP_ENABLED_OR_ILLEGAL;
        RESOLVE_RM(rm);
        const bool neg_prod = d.op == Op::FNMSUB_S || d.op == Op::FNMADD_S;
        const bool neg_add = d.op == Op::FMSUB_S || d.op == Op::FNMADD_S;
        if (rm == fpu::kRNE) {
          const float a = neg_prod ? -F(f[d.rs1]) : F(f[d.rs1]);
          const float c = neg_add ? -F(f[d.rs3]) : F(f[d.rs3]);
          const uint32_t r = fpu::canon(std::fma(a, F(f[d.rs2]), c));
          if (r == fpu::kCanonicalNaN && fpu::fma_inf_times_zero(f[d.rs1], f[d.rs2])) fflags_ |= fpu::kNV;
          f[d.rd] = r;
        } else {
          f[d.rd] = fpu::fma(f[d.rs1], f[d.rs2], f[d.rs3], neg_prod, neg_add, rm, fflags_);
        }
        mstatus_ |= kFsDirty;
        break;
      }
#define FP_BINARY(OPNAME, expr, slow)                                                     \
  case Op::OPNAME: {                                                                      \
    FP_ENABLED_OR_ILLEGAL;                                                                \
    RESOLVE_RM(rm);                                                                       \
    const float a = F(f[d.rs1]), b = F(f[d.rs2]);                                         \
    f[d.rd] = rm == fpu::kRNE ? fpu::canon(expr) : slow(f[d.rs1], f[d.rs2], rm, fflags_); \
    (void)b;                                                                              \
    mstatus_ |= kFsDirty;                                                                 \
    break;                                                                                \
  }
        FP_BINARY(FADD_S, a + b, fpu::add)
        FP_BINARY(FSUB_S, a - b, fpu::sub)
        FP_BINARY(FMUL_S, a * b, fpu::mul)
        FP_BINARY(FDIV_S, a / b, fpu::div)
#undef FP_BINARY
      case Op::FSQRT_S: {
        FP_ENABLED_OR_ILLEGAL;
        RESOLVE_RM(rm);
        f[d.rd] = rm == fpu::kRNE ? fpu::canon(std::sqrt(F(f[d.rs1]))) : fpu::sqrt(f[d.rs1], rm, fflags_);
        mstatus_ |= kFsDirty;
        break;
      }
      case Op::FSGNJ_S:
        FP_ENABLED_OR_ILLEGAL;
        f[d.rd] = (f[d.rs1] & 0x7fffffff) | (f[d.rs2] & 0x80000000u);
        mstatus_ |= kFsDirty;
        break;
      case Op::FSGNJN_S:
        FP_ENABLED_OR_ILLEGAL;
        f[d.rd] = (f[d.rs1] & 0x7fffffff) | (~f[d.rs2] & 0x80000000u);
        mstatus_ |= kFsDirty;
        break;
      case Op::FSGNJX_S:
        FP_ENABLED_OR_ILLEGAL;
        f[d.rd] = f[d.rs1] ^ (f[d.rs2] & 0x80000000u);
        mstatus_ |= kFsDirty;
        break;
      case Op::FMIN_S:
        FP_ENABLED_OR_ILLEGAL;
        f[d.rd] = fpu::min(f[d.rs1], f[d.rs2], fflags_);
        mstatus_ |= kFsDirty;
        break;
      case Op::FMAX_S:
        FP_ENABLED_OR_ILLEGAL;
        f[d.rd] = fpu::max(f[d.rs1], f[d.rs2], fflags_);
        mstatus_ |= kFsDirty;
        break;
      case Op::FCVT_W_S: {
        FP_ENABLED_OR_ILLEGAL;
        RESOLVE_RM(rm);
        x[d.rd] = fpu::cvt_w_s(f[d.rs1], rm, fflags_);
        mstatus_ |= kFsDirty;
        break;
      }
      case Op::FCVT_WU_S: {
        FP_ENABLED_OR_ILLEGAL;
        RESOLVE_RM(rm);
        x[d.rd] = fpu::cvt_wu_s(f[d.rs1], rm, fflags_);
        mstatus_ |= kFsDirty;
        break;
      }
      case Op::FMV_X_W:
        FP_ENABLED_OR_ILLEGAL;
        x[d.rd] = f[d.rs1];
        break;
      case Op::FEQ_S:
        FP_ENABLED_OR_ILLEGAL;
        x[d.rd] = fpu::feq(f[d.rs1], f[d.rs2], fflags_);
        mstatus_ |= kFsDirty;
        break;
      case Op::FLT_S:
        FP_ENABLED_OR_ILLEGAL;
        x[d.rd] = fpu::flt(f[d.rs1], f[d.rs2], fflags_);
        mstatus_ |= kFsDirty;
        break;
      case Op::FLE_S:
        FP_ENABLED_OR_ILLEGAL;
        x[d.rd] = fpu::fle(f[d.rs1], f[d.rs2], fflags_);
        mstatus_ |= kFsDirty;
        break;
      case Op::FCLASS_S:
        FP_ENABLED_OR_ILLEGAL;
        x[d.rd] = fpu::fclass(f[d.rs1]);
        break;
      case Op::FCVT_S_W: {
        FP_ENABLED_OR_ILLEGAL;
        RESOLVE_RM(rm);
        f[d.rd] = rm == fpu::kRNE ? fpu::to_b(float(int32_t(rs1v))) : fpu::cvt_s_w(int32_t(rs1v), rm, fflags_);
        mstatus_ |= kFsDirty;
        break;
      }
      case Op::FCVT_S_WU: {
        FP_ENABLED_OR_ILLEGAL;
        RESOLVE_RM(rm);
        f[d.rd] = rm == fpu::kRNE ? fpu::to_b(float(rs1v)) : fpu::cvt_s_wu(rs1v, rm, fflags_);
        mstatus_ |= kFsDirty;
        break;
      }
      case Op::FMV_W_X:
        FP_ENABLED_OR_ILLEGAL;
        f[d.rd] = rs1v;
        mstatus_ |= kFsDirty;
        break;

      // ---------------- Zicbom ----------------
      case Op::CBO_CLEAN:
      case Op::CBO_FLUSH:
      case Op::CBO_INVAL: {
        const CacheOp op = d.op == Op::CBO_CLEAN   ? CacheOp::Clean
                           : d.op == Op::CBO_FLUSH ? CacheOp::Flush
                                                   : CacheOp::Inval;
        uint64_t cycles = 0;
        {
          HostFpGuard guard(*this);
          env_.cache_op(op, rs1v, cycles);
        }
        cycle_ += cycles;
        stall_data_ += cycles;
        break;
      }

      // ---------------- plug-ins and the rest ----------------
      case Op::Ext: {
        const ExecResult r = extensions_[d.ext_index()]->execute(*this, d);
        if (r == ExecResult::Trapped) continue;
        if (r == ExecResult::Jumped) next_pc = pc_;
        break;
      }
      case Op::Illegal:
      case Op::Undecoded:
      case Op::Count: goto illegal;
      // Every Op is a case above and the decoder writes nothing else (UBSan builds check it): without
      // the range check of an ordinary default, dispatch is one indexed jump.
      default: __builtin_unreachable();
    }
    pc_ = next_pc;
    ++instret_;
    if (__builtin_expect(cycle_ < next_event_, 1)) {
      pc = next_pc;
      goto next_insn;
    }
    continue;
  illegal:
    take_trap(kIllegalInsn, d.raw);
  trapped:;
  } while (cycle_ < next_event_ || pass_checkpoint());
  if (step_mode_ && !has_pending_stop_) request_stop(StopReason::Step);
#undef TAKEN_JUMP
#undef BRANCH
#undef LOAD
#undef FP_ENABLED_OR_ILLEGAL
#undef RESOLVE_RM
}

}  // namespace vp::iss
