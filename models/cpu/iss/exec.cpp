// The executor: the hot loop that runs pre-decoded instructions until the next event.
//
// Per instruction: find the decode-cache slot for the PC (the next slot when the instruction
// follows its predecessor in the same page and, with a cache model, the same fetch line: then
// neither is looked up; decoding on a miss), account the cycles, and switch on
// the compact operation code. The cycle and instruction counts, the pc and the load-use register
// stay in locals; every call out of the loop sees them stored (SPILL/RELOAD below). Anything that
// needs the outer loop's attention (interrupt enables, stops, WFI) calls end_block(), which makes
// this loop exit at the next instruction boundary. A trapping instruction has already redirected
// pc_ in take_trap() and leaves through `goto resume` without retiring.
#include <algorithm>
#include <cmath>

#include "models/cpu/iss/fpu.h"
#include "models/cpu/iss/hart.h"
#include "models/cpu/iss/hart_inline.h"
#include "models/cpu/iss/reservations.h"
#include "models/cpu/iss/semihosting.h"
#include "models/cpu/iss/translator.h"

namespace vp::iss {

namespace {
inline float F(uint32_t b) { return fpu::to_f(b); }
}  // namespace

void Hart::execute_block() {
  const bool checks = trace_fn_ || insns_may_be_flagged();
  const bool one = cfg_.timing.late_result == 0 && cfg_.timing.load_use <= 1;
  if (mem_timing_) {
    if (one && jit_ && !checks && bht_.empty())
      run_block<true, false, true, true>();  // the translating executor, with caches
    else if (one)
      checks ? run_block<true, true, true>() : run_block<true, false, true>();
    else
      checks ? run_block<true, true, false>() : run_block<true, false, false>();
  } else {
    if (one && jit_ && !checks && bht_.empty())
      run_block<false, false, true, true>();  // the translating executor: functional, default timing
    else if (one)
      checks ? run_block<false, true, true>() : run_block<false, false, true>();
    else
      checks ? run_block<false, true, false>() : run_block<false, false, false>();
  }
}

template <bool kFetch, bool kChecks, bool kOnePending, bool kJit>
void Hart::run_block() {
  static_assert(!kJit || (!kChecks && kOnePending), "blocks are translated for runs without checks, default timing");
  uint32_t(&x)[33] = x_;  // (the member arrays: addressed from `this`, they need no register)
  uint32_t(&f)[32] = f_;
  const TimingConfig& tc = cfg_.timing;
  // The counters every instruction touches live in locals (registers) while the loop runs: as
  // members, each instruction paid their loads and stores, and a store-to-load forward on the
  // cycle count's path. Everything outside the loop reads and writes the members, so every call
  // out of it is bracketed: SPILL() before, RELOAD() after (OUT(stmt) does both). After a call
  // that trapped (or an instruction that did not retire), pc_ says where to go on: `goto resume`.
  uint32_t pc = pc_;  // the current instruction's (pc_ is stored only when something outside looks)
  uint64_t cycle = cycle_, instret = instret_, next_event = next_event_;
  uint64_t busy = results_busy_until_;  // some result is not ready before this cycle
  // (Fixed while the loop runs: set_timing() is called from outside it.)
  const bool predictor = !bht_.empty();
#define SPILL()  (cycle_ = cycle, instret_ = instret, pc_ = pc, results_busy_until_ = busy)
#define RELOAD() (cycle = cycle_, instret = instret_, next_event = next_event_, busy = results_busy_until_)
// Register `reg`'s new value can be read `latency` cycles after now (the producer's end).
// (kOnePending: the previous pending result, if any, is ready by now, so `ready_` is the latest.)
#define RESULT_AFTER(reg, latency)             \
  do {                                         \
    const uint64_t ready_ = cycle + (latency); \
    if (kOnePending) {                         \
      pending_result_ = (reg);                 \
      busy = ready_;                           \
    } else {                                   \
      result_ready_[reg] = ready_;             \
      busy = ready_ > busy ? ready_ : busy;    \
    }                                          \
  } while (0)
#define OUT(stmt) \
  do {            \
    SPILL();      \
    stmt;         \
    RELOAD();     \
  } while (0)
  DecodedInsn* slot;  // the current instruction's decode-cache slot
  // kJit: a block left before the instruction at pc, which the interpreter now runs (a block that
  // starts there would leave at once again).
  bool jit_skip = false;
  for (;;) {
    // A jump, a trap or a new page: find pc's slot (an instruction that follows the previous one in
    // its page skips this: its slot is the next one).
    {
      const uint32_t page = pc >> kPageBits;
      if (__builtin_expect(page == cur_page_num_, 1) || enter_page(page)) {
        slot = &cur_page_->insn[(pc & (kPageSize - 1)) >> 1];
      } else {
        slot = &scratch_;  // not cacheable memory: fetch through the environment every time
        scratch_.op = Op::Undecoded;
      }
    }
    // With a cache model, fetching from a new line is an I-cache access (within a line the fetch
    // unit keeps the line; a 4-byte instruction straddling two lines counts as the first line).
    if (kFetch && ((pc >> fetch_line_bits_) != fetch_line_ || !line_end_)) {
      if ((pc >> fetch_line_bits_) != fetch_line_ && !__builtin_expect(fetch_unmapped_, 0)) {
        fetch_line_ = pc >> fetch_line_bits_;
        if (!repeat_fetch_.hit(pc + fetch_delta_, 2, false)) {  // (a granted line: no call, no cycle)
          uint32_t c;
          OUT(c = mem_timing_->fetch_line(pc + fetch_delta_, cycle_));
          cycle += c;
          stall_fetch_ += c;
        }
      }
      // The instructions that follow this one up to the line's end (or the page's) need no check:
      // the retire path runs them on from their slots while below line_end_. (A line lies in one
      // page: while the line stays, so does its end; whatever drops the page zeroes line_end_.)
      // (fetch_line_mask_: the line's offset bits, at most the page's; a line of the page holds
      // (mask + 1) / 2 slots; the scratch slot has no page, and no line end.)
      line_end_ =
          cur_page_ ? reinterpret_cast<uintptr_t>(slot + ((fetch_line_mask_ + 1 - (pc & fetch_line_mask_)) >> 1)) : 0;
    }
  in_line : {
    if (__builtin_expect(slot->op == Op::Undecoded, 0)) {
      bool decoded;
      OUT(decoded = fetch_and_decode(pc, *slot));
      if (!decoded) goto resume;
    }
    // The translating executor: a block that starts here runs when no result is on its way (then the
    // load-use check below would not fire); an instruction without one that a block can start
    // with becomes a block's entry (translator.h).
    if (kJit && slot->op != Op::Ext) {
      const uint8_t fl = slot->flags;
      if (__builtin_expect(jit_skip, 0)) {
        jit_skip = false;
      } else if (fl & DecodedInsn::kJitEntry) {
        if (cycle >= busy) {
          if (const TranslatedBlock* b = jit_->find(slot)) {
            SPILL();
            const unsigned r = b->code(this, pc);
            RELOAD();
            pc = pc_;
            if (r == TranslatedBlock::kStopped) break;
            jit_skip = r == TranslatedBlock::kLeftBefore;
            // (It stopped after an instruction that reached an event, or before one to interpret.)
            if (jit_skip || cycle < next_event) continue;
            goto event;
          } else {
            slot->flags = uint8_t(fl & ~DecodedInsn::kJitEntry);  // dropped (reset): translate again
          }
        }
      } else if (!(fl & DecodedInsn::kJitNever)) {
        // (Not the scratch slot of uncached memory, which is decoded again each time.)
        if (cur_page_ && slot >= cur_page_->insn && slot < cur_page_->insn + kPageSize / 2) {
          // Translated at the translate_after-th visit (HartConfig): until then, interpreted and
          // counted. (The count stays at translate_after - 1: a slot whose block was dropped is
          // translated again at its next visit.)
          uint8_t& visits = cur_page_->visits[slot - cur_page_->insn];
          if (visits + 1u < cfg_.translate_after) {
            ++visits;
          } else {
            bool made;
            OUT(made = jit_->translate(pc, slot, cur_page_->insn + kPageSize / 2));
            if (made) goto in_line;
            slot->flags = uint8_t(slot->flags | DecodedInsn::kJitNever);
          }
        } else {
          slot->flags = uint8_t(slot->flags | DecodedInsn::kJitNever);
        }
      }
    }
    // Read in place (a copy costs a store-forwarding stall). A store may invalidate the slot
    // (self-modifying code): no case reads `d` after its store.
    const DecodedInsn& d = *slot;

    if (kChecks && __builtin_expect(d.flags & (DecodedInsn::kBreakpoint | DecodedInsn::kEntryHook), 0)) {
      if (d.flags & DecodedInsn::kBreakpoint) {  // gdb breakpoint or trigger
        FlaggedInsn what;
        OUT(what = at_flagged_insn(pc));
        if (what == FlaggedInsn::Stop) {
          OUT(request_stop(StopReason::Breakpoint));
          break;
        }
        if (what == FlaggedInsn::Trap) {
          OUT(take_trap(kBreakpointCause, pc));
          goto resume;
        }
      }
      if (d.flags & DecodedInsn::kEntryHook) {
        bool taken;
        OUT(taken = run_entry_hook(pc));
        if (taken) goto resume;
      }
    }
    if (kChecks && trace_fn_) OUT(trace_fn_(trace_user_, *this, pc, d));

    if (__builtin_expect(cycle < busy, 0)) {
      // A result is on its way (load-use, late result): an instruction that reads it waits.
      const OpOperandReads& r = kOpOperandReads[unsigned(d.op)];
      uint64_t need;
      if (kOnePending) {
        const unsigned p = pending_result_;
        need =
            (unsigned(d.rs1 + r.rs1) == p) | (unsigned(d.rs2 + r.rs2) == p) | (unsigned(d.rs3 + r.rs3) == p) ? busy : 0;
      } else {
        need = result_ready_[d.rs1 + r.rs1];
        need = std::max(need, result_ready_[d.rs2 + r.rs2]);
        need = std::max(need, result_ready_[d.rs3 + r.rs3]);
      }
      if (need > cycle) {
        stall_data_ += need - cycle;
        cycle = need;
      }
    }
    if (kFetch) {
      // With caches most instructions have neither execute nor fetch cycles: one test of both bytes
      // (adjacent: see DecodedInsn).
      uint16_t both;
      std::memcpy(&both, &d.exec_cycles, sizeof both);
      ++cycle;
      if (__builtin_expect(both != 0, 0)) {
        const unsigned exec_cycles = d.exec_cycles, fetch_cycles = d.fetch_cycles;
        cycle += exec_cycles + fetch_cycles;
        stall_exec_ += exec_cycles;
        stall_fetch_ += fetch_cycles;
      }
    } else {
      // Without, every fetch costs cycles. (Read once: the byte fields may alias anything, so each
      // use would be a reload.)
      const unsigned exec_cycles = d.exec_cycles, fetch_cycles = d.fetch_cycles;
      cycle += 1 + exec_cycles + fetch_cycles;
      stall_exec_ += exec_cycles;
      stall_fetch_ += fetch_cycles;
    }

    // Shifts, mul/div, CSR reads, multi-cycle FP with TimingConfig::late_result: decode sets the flag
    // only when late_result > 0 (set_timing() re-decodes), so the flag alone says it (its byte is
    // loaded for the length anyway).
    if (__builtin_expect(d.flags & DecodedInsn::kLateResult, 0))
      RESULT_AFTER(kOpDestBase[unsigned(d.op)] + d.rd, tc.late_result);

    // d.length() without a branch: the flag's value is what a compressed instruction is shorter by.
    static_assert(DecodedInsn::kCompressed == 2, "the length formula below takes the flag's value as 4 - length");
    const uint32_t len = 4 - (d.flags & DecodedInsn::kCompressed);
    const uint32_t rs1v = x[d.rs1];

// A taken branch or jump: a misaligned target traps (before `link`, the jump's rd write, happens);
// otherwise the instruction retires with pc = the target.
#define JUMP_TO(target, penalty, link)              \
  do {                                              \
    const uint32_t t_ = (target);                   \
    if (__builtin_expect(t_ & misalign_mask_, 0)) { \
      OUT(take_trap(kInsnMisaligned, t_));          \
      goto resume;                                  \
    }                                               \
    link;                                           \
    pc = t_;                                        \
    cycle += (penalty);                             \
    stall_fetch_ += (penalty);                      \
    goto jumped;                                    \
  } while (0)
// (With a branch predictor the cost depends on the prediction: predicted_branch_cycles.)
#define BRANCH(cond)                                           \
  {                                                            \
    const bool taken_ = (cond);                                \
    if (__builtin_expect(predictor, 0)) {                      \
      const uint32_t p_ = predicted_branch_cycles(pc, taken_); \
      if (taken_) JUMP_TO(pc + uint32_t(d.imm), p_, (void)0);  \
      cycle += p_;                                             \
      stall_fetch_ += p_;                                      \
    } else if (taken_) {                                       \
      JUMP_TO(pc + uint32_t(d.imm), tc.taken_branch, (void)0); \
    }                                                          \
  }
// A data access's timing: the region's cycles, or with a MemTiming (caches) what it answers (0
// for a repeat of a hit it granted, without a call).
#define DATA_CYCLES(kind, addr, len, c)                                        \
  if (!kFetch || !repeat_data_.hit(addr, len, is_write(kind))) {               \
    if (kFetch) OUT(c = mem_timing_->data_access(kind, addr, len, cycle_, c)); \
    cycle += c;                                                                \
    stall_data_ += c;                                                          \
  }
// With a cache model the data move comes after the access's cycles, the host line prefetched
// first: a host cache miss of the move ahead of the L1's call held the host's reorder buffer while the
// miss path ran (docs/performance.md, "The gathered load and the host's reorder buffer"; the
// translator does the same). The same value: the cache models move no data.
#define LOAD_TO(T, addr, dest_expr)                                    \
  {                                                                    \
    const uint32_t a_ = (addr);                                        \
    T v_;                                                              \
    uint32_t c_, pa_;                                                  \
    if (const uint8_t* h_ = tlb_host(rtlb_, a_, sizeof(T), c_, pa_)) { \
      if (kFetch) __builtin_prefetch(h_);                              \
      DATA_CYCLES(AccessKind::Load, pa_, sizeof(T), c_);               \
      std::memcpy(&v_, h_, sizeof(T));                                 \
    } else { /* (its own variable: v_ keeps a register) */             \
      T s_{};                                                          \
      bool ok_;                                                        \
      OUT(ok_ = load_slow(a_, &s_, sizeof(T), AccessKind::Load));      \
      if (!ok_) goto resume;                                           \
      v_ = s_;                                                         \
    }                                                                  \
    dest_expr;                                                         \
  }
#define LOAD(T, dest_expr) LOAD_TO(T, rs1v + uint32_t(d.imm), dest_expr)
#define STORE(T, value)                                             \
  {                                                                 \
    const uint32_t a_ = rs1v + uint32_t(d.imm);                     \
    const T v_ = (value);                                           \
    uint32_t c_, pa_;                                               \
    if (uint8_t* h_ = tlb_host(wtlb_, a_, sizeof(T), c_, pa_)) {    \
      std::memcpy(h_, &v_, sizeof(T));                              \
      DATA_CYCLES(AccessKind::Store, pa_, sizeof(T), c_);           \
    } else {                                                        \
      bool ok_;                                                     \
      OUT(ok_ = store_slow(a_, &v_, sizeof(T), AccessKind::Store)); \
      if (!ok_) goto resume;                                        \
    }                                                               \
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
      case Op::JAL: JUMP_TO(pc + uint32_t(d.imm), tc.jump, x[d.rd] = pc + len);
      case Op::JALR: JUMP_TO((rs1v + uint32_t(d.imm)) & ~1u, tc.jump_indirect, x[d.rd] = pc + len);
      case Op::BEQ: BRANCH(rs1v == x[d.rs2]); break;
      case Op::BNE: BRANCH(rs1v != x[d.rs2]); break;
      case Op::BLT: BRANCH(int32_t(rs1v) < int32_t(x[d.rs2])); break;
      case Op::BGE: BRANCH(int32_t(rs1v) >= int32_t(x[d.rs2])); break;
      case Op::BLTU: BRANCH(rs1v < x[d.rs2]); break;
      case Op::BGEU: BRANCH(rs1v >= x[d.rs2]); break;
      case Op::LB:
        LOAD(int8_t, x[d.rd] = uint32_t(int32_t(v_)));
        RESULT_AFTER(d.rd, tc.load_use);
        break;
      case Op::LH:
        LOAD(int16_t, x[d.rd] = uint32_t(int32_t(v_)));
        RESULT_AFTER(d.rd, tc.load_use);
        break;
      case Op::LW:
        LOAD(uint32_t, x[d.rd] = v_);
        RESULT_AFTER(d.rd, tc.load_use);
        break;
      case Op::LBU:
        LOAD(uint8_t, x[d.rd] = v_);
        RESULT_AFTER(d.rd, tc.load_use);
        break;
      case Op::LHU:
        LOAD(uint16_t, x[d.rd] = v_);
        RESULT_AFTER(d.rd, tc.load_use);
        break;
      case Op::SB: STORE(uint8_t, uint8_t(x[d.rs2])); break;
      case Op::SH: STORE(uint16_t, uint16_t(x[d.rs2])); break;
      case Op::SW: STORE(uint32_t, x[d.rs2]); break;
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
      case Op::FENCE_I: OUT(flush_decode_cache()); break;
      case Op::ECALL: OUT(take_trap(ecall_cause(), 0)); goto resume;
      case Op::EBREAK:
        if (cfg_.semihosting && !(d.flags & DecodedInsn::kCompressed) && semihost_->is_call_site(pc)) {
          SPILL();
          {
            HostFpGuard guard(*this);
            semihost_->call();  // may write guest memory, even this instruction's page
          }
          RELOAD();
          break;
        }
        OUT(take_trap(kBreakpointCause, pc));
        goto resume;
      case Op::MRET:
        if (!mret_allowed()) goto illegal;
        OUT(do_mret());
        JUMP_TO(mepc_, tc.trap, (void)0);
      case Op::SRET:
        if (!sret_allowed()) goto illegal;
        OUT(do_sret());
        JUMP_TO(sepc_, tc.trap, (void)0);
      case Op::SFENCE_VMA:
        if (!sfence_allowed()) goto illegal;
        OUT(flush_tlbs());  // the translations the fast paths hold
        break;
      case Op::WFI:
        if (!wfi_allowed()) goto illegal;
        if ((mip() & mie_) == 0) {
          waiting_ = true;
          OUT(end_block());
        }
        break;

// A CSR instruction with source value `src` (rs1's value or the immediate); illegal if csr_op refuses.
#define CSR_OP(src, write_always)                \
  {                                              \
    bool ok_;                                    \
    OUT(ok_ = csr_op(d, (src), (write_always))); \
    if (!ok_) goto illegal;                      \
  }

      // ---------------- Zicsr ----------------
      case Op::CSRRW: CSR_OP(rs1v, true); break;
      case Op::CSRRS:
      case Op::CSRRC: CSR_OP(rs1v, false); break;
      case Op::CSRRWI: CSR_OP(d.rs1, true); break;
      case Op::CSRRSI:
      case Op::CSRRCI: CSR_OP(d.rs1, false); break;

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
          OUT(take_trap(kLoadMisaligned, rs1v));
          goto resume;
        }
        LOAD_TO(uint32_t, rs1v, x[d.rd] = v_);
        reservation_valid_ = true;
        reservation_addr_ = rs1v;
        if (reservations_) reservations_->reserved(*this, rs1v);
        RESULT_AFTER(d.rd, tc.load_use);
        break;
      }
      case Op::SC_W: {
        if (rs1v & 3) {
          OUT(take_trap(kStoreMisaligned, rs1v));
          goto resume;
        }
        const bool ok = reservation_valid_ && reservation_addr_ == rs1v;
        const unsigned rd = d.rd;
        reservation_valid_ = false;
        if (ok) {
          bool stored;
          OUT(stored = store_slow(rs1v, &x[d.rs2], 4, AccessKind::AmoStore));
          if (!stored) goto resume;
        }
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
          OUT(take_trap(kStoreMisaligned, rs1v));
          goto resume;
        }
        uint32_t old = 0;  // (a device that answers with fewer bytes leaves the rest 0, not stack garbage)
        const unsigned rd = d.rd;
        bool done;
        OUT(done = load_slow(rs1v, &old, 4, AccessKind::AmoLoad));
        if (!done) goto resume;
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
        OUT(done = store_slow(rs1v, &nv, 4, AccessKind::AmoStore));
        if (!done) goto resume;
        x[rd] = old;
        break;
      }

      // ---------------- F ----------------
      case Op::FLW: {
        FP_ENABLED_OR_ILLEGAL;
        LOAD(uint32_t, f[d.rd] = v_);
        RESULT_AFTER(kFpRegBase + d.rd, tc.load_use);
        mstatus_ |= kFsDirty;
        break;
      }
      case Op::FSW:
        FP_ENABLED_OR_ILLEGAL;
        STORE(uint32_t, f[d.rs2]);
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
        CacheOp op = d.op == Op::CBO_CLEAN ? CacheOp::Clean : d.op == Op::CBO_FLUSH ? CacheOp::Flush : CacheOp::Inval;
        if (priv_ != kPrivM && !cbo_allowed(op)) goto illegal;
        uint32_t block = rs1v;  // the physical address of the block (a cbo needs read or write permission)
        if (translating(data_priv())) {
          bool ok_;
          OUT(ok_ = cbo_translate(rs1v, block));
          if (!ok_) goto resume;
        }
        uint64_t cycles = 0;
        SPILL();
        {
          HostFpGuard guard(*this);
          env_.cache_op(op, block, cycles);
        }
        RELOAD();
        cycle += cycles;
        stall_data_ += cycles;
        break;
      }

      // ---------------- plug-ins and the rest ----------------
      case Op::Ext: {
        ExecResult r;
        OUT(r = extensions_[d.ext_index()]->execute(*this, d));
        if (r == ExecResult::Trapped) goto resume;
        if (r == ExecResult::Jumped) {
          pc = pc_;
          goto jumped;
        }
        break;
      }
      case Op::Illegal:
      case Op::Undecoded:
      case Op::Count: goto illegal;
      // Every Op is a case above and the decoder writes nothing else (UBSan builds check it): without
      // the range check of an ordinary default, dispatch is one indexed jump.
      default: __builtin_unreachable();
    }
    // Retired; the next instruction follows: in the same page, its slot is the next one.
    pc += len;
    ++instret;
    if (__builtin_expect(cycle < next_event, 1)) {
      // In the same page (the slot past the page's last one is its end) and, with a cache model, in
      // the same fetch line, the next slot; in integers: the scratch slot has no page (end 0), and
      // no slot follows it.
      // (len / 2 slots: len * 8 bytes, one address computation, no shifts)
      static_assert(sizeof(DecodedInsn) % 2 == 0, "a slot per two bytes of code");
      const uintptr_t next = reinterpret_cast<uintptr_t>(slot) + len * (sizeof(DecodedInsn) / 2);
      if (__builtin_expect(next < (kFetch ? line_end_ : cur_page_end_), 1)) {
        slot = reinterpret_cast<DecodedInsn*>(next);
        goto in_line;
      }
      continue;
    }
    goto event;
  jumped:  // retired with pc = the target of a jump
    ++instret;
    if (__builtin_expect(cycle < next_event, 1)) continue;
    goto event;
  illegal:
    OUT(take_trap(kIllegalInsn, d.raw));
  }
  resume:  // the instruction did not retire (a trap, or an extension ran code): go on at pc_
    pc = pc_;
    if (cycle < next_event) continue;
  event:
    // If the checkpoint is the only event reached, note it and go on (once per quantum).
    cycle_ = cycle;
    if (!pass_checkpoint()) break;
    next_event = next_event_;
  }
  SPILL();
  if (step_mode_ && !has_pending_stop_) request_stop(StopReason::Step);
#undef SPILL
#undef RELOAD
#undef OUT
#undef JUMP_TO
#undef BRANCH
#undef RESULT_AFTER
#undef DATA_CYCLES
#undef LOAD_TO
#undef LOAD
#undef STORE
#undef FP_ENABLED_OR_ILLEGAL
#undef RESOLVE_RM
#undef CSR_OP
}

}  // namespace vp::iss
