// The translating executor (stage 1): see translator.h for what a block is and why it is exact.
//
// Generated code, per block (System V x86-64; rbx, rbp, r12, r13 are callee-saved, so pushed):
//   rbx = the Hart, ebp = the entry pc (pc-relative values are ebp + a constant: the code does not
//   depend on the virtual address its physical page is mapped at), r13 = next_event_ (read again, and
//   r12 rebased, after each call a block with caches makes), r12 = the cycle count minus r13 at entry
//   plus the region cycles of the loads and stores run so far, or with caches the L1s' answers and
//   fetch stalls (the only cycles not known when translating): the cycle count at
//   a point is r12 + r13 + that point's static cycles, and "cycle < next_event", the interpreter's
//   check after each instruction, is r12 < -(static cycles). Guest registers stay in Hart::x_ (read
//   and written in memory). Each exit writes pc_, cycle_, instret_ and the stall counters as the
//   interpreter has them there; each load stores its result latency (results_busy_until_,
//   pending_result_) as the interpreter's RESULT_AFTER does. Most exits do so through one shared
//   routine per code buffer (exit_record), which reads the exit's static state from its ExitRecord
//   (rdx): an exit's own code is two instructions, which keeps the emission per block cheap.
#include "models/cpu/iss/translator.h"

#include <algorithm>
#include <deque>
#include <functional>

#include "models/cpu/iss/fpu.h"
#include "models/cpu/iss/hart.h"

#if defined(VP_HAVE_XBYAK) && defined(__x86_64__)
#define VP_TRANSLATOR 1
#include <xbyak/xbyak.h>
#else
#define VP_TRANSLATOR 0
#endif

namespace vp::iss {

#if VP_TRANSLATOR

namespace {

constexpr size_t kCodeBytes = size_t(16) << 20;     // the code buffer; full: every block is dropped
constexpr size_t kRoomForBlock = size_t(64) << 10;  // at least this much left before a block is emitted
constexpr unsigned kMaxInsns = 64;                  // instructions per block at most
constexpr unsigned kTableBits = 16;                 // the block table: 2^16 entries, at most half used

bool is_branch(Op op) { return op >= Op::BEQ && op <= Op::BGEU; }
bool is_load(Op op) { return (op >= Op::LB && op <= Op::LHU) || op == Op::FLW; }
bool is_fp_arith(Op op) { return op == Op::FADD_S || op == Op::FSUB_S || op == Op::FMUL_S || op == Op::FDIV_S; }
bool ends_block(Op op) { return op == Op::JAL || op == Op::JALR || is_branch(op); }

bool translatable(Op op) {
  switch (op) {
    case Op::LUI:
    case Op::AUIPC:
    case Op::JAL:
    case Op::JALR:
    case Op::BEQ:
    case Op::BNE:
    case Op::BLT:
    case Op::BGE:
    case Op::BLTU:
    case Op::BGEU:
    case Op::LB:
    case Op::LH:
    case Op::LW:
    case Op::LBU:
    case Op::LHU:
    case Op::SB:
    case Op::SH:
    case Op::SW:
    case Op::ADDI:
    case Op::SLTI:
    case Op::SLTIU:
    case Op::XORI:
    case Op::ORI:
    case Op::ANDI:
    case Op::SLLI:
    case Op::SRLI:
    case Op::SRAI:
    case Op::ADD:
    case Op::SUB:
    case Op::SLL:
    case Op::SLT:
    case Op::SLTU:
    case Op::XOR:
    case Op::SRL:
    case Op::SRA:
    case Op::OR:
    case Op::AND:
    case Op::FENCE:
    case Op::MUL:
    case Op::MULH:
    case Op::MULHSU:
    case Op::MULHU:
    case Op::DIV:
    case Op::DIVU:
    case Op::REM:
    case Op::REMU:
    case Op::FLW:
    case Op::FSW:
    case Op::FADD_S:
    case Op::FSUB_S:
    case Op::FMUL_S:
    case Op::FDIV_S:
    case Op::FSGNJ_S:
    case Op::FSGNJN_S:
    case Op::FSGNJX_S:
    case Op::FMV_X_W:
    case Op::FMV_W_X: return true;
    default: return false;
  }
}

// The hart's state at an exit: what the interpreter has there (before instruction `retired` of the
// block, or after the last one).
struct Exit {
  uint32_t retired = 0;          // instructions retired in the block
  uint64_t cycles = 0;           // static cycles since entry (r12 holds the dynamic ones)
  uint64_t exec = 0, fetch = 0;  // stall_exec_ / stall_fetch_ increments
  uint64_t data = 0;             // static stall_data_ increment (load-use stalls)
  bool dynamic_data = false;     // some load or store ran before: r12 - cycle_ is stall_data_ too
  bool pc_in_eax = false;        // the next pc is in eax (jalr), else entry pc + pc_offset
  uint32_t pc_offset = 0;
  bool early = false;  // the interpreter runs the instruction at pc next
  // A taken branch or jump to the block's own entry: rather than returning to the interpreter's
  // loop, which would enter this block again (the event check passed, nothing pending: see below),
  // run it again.
  bool loop_back = false;
  // A static exit (a branch, taken or not, or a jal) whose target may start a block: chained.
  bool chain = false;
};

// The static part of an exit's state (Exit without the code-generation fields), read by the shared
// exit routine: an exit's own code is only "rdx = its record; jump to the routine" (stage 2: most of
// a block's exits are never taken, and emitting each one's stores was most of the translation time).
struct ExitRecord {
  uint64_t cycles, exec, fetch, data;
  uint32_t retired, pc_offset;
  uint32_t dynamic_data, early;
  // Chaining (exit_chain): the slot of the exit's target, in the block's page, and the entry of the
  // block table where a block starting there would be found first (else nullptr: not chained).
  const DecodedInsn* target;
  const TranslatedBlock* entry;
};
constexpr size_t kRecords = size_t(1) << 18;        // the records' arena; full: every block is dropped
constexpr size_t kRecordsPerBlock = 8 * kMaxInsns;  // at most (a generous bound) per block
constexpr int kProloguePushes = 6;                  // push rbx, rbp, r12, r13: the bytes exit_chain skips

}  // namespace

struct Translator::Impl : Xbyak::CodeGenerator {
  Impl() : Xbyak::CodeGenerator(kCodeBytes) { records.reserve(kRecords); }

  // With caches (a MemTiming), the two calls out of a block, made where the interpreter makes them
  // (exec.cpp), with the hart's state as the interpreter's SPILL() leaves it there: pc_ the
  // instruction's, cycle_ the cycle count, instret_ what retired before it (`retired`: of the block).
  // The block keeps the entry's cycle_ and instret_ (its exits add to them): both are put back.
  template <typename F>
  static uint32_t call_out(Hart& h, uint32_t pc, uint64_t now, uint32_t retired, F&& f) {
    const uint64_t cycle = h.cycle_, instret = h.instret_;
    h.pc_ = pc;
    h.cycle_ = now;
    h.instret_ = instret + retired;
    const uint32_t c = f();
    h.cycle_ = cycle;
    h.instret_ = instret;
    return c;
  }
  // A load or store whose line the L1 did not grant (the block tested the grants inline): the
  // access's cycles. `site`: len | store << 8 | retired << 16.
  static uint32_t data_access(Hart* h, uint32_t pa, uint64_t now, uint32_t region_cycles, uint32_t pc, uint32_t site) {
    const AccessKind kind = (site >> 8) & 1 ? AccessKind::Store : AccessKind::Load;
    return call_out(*h, pc, now, site >> 16,
                    [&] { return h->mem_timing_->data_access(kind, pa, site & 0xff, now, region_cycles); });
  }
  // The fetch step of instruction `pc` at cycle `now` (the block made it the line fetched from)
  // when the L1I did not grant the line: its cycles. The block adds every cycle it did not know when
  // translated to stall_data_ at its exits: these are fetch stalls, so they are moved from there.
  static uint32_t fetch_line(Hart* h, uint32_t pc, uint64_t now, uint32_t retired) {
    const uint32_t c =
        call_out(*h, pc, now, retired, [&] { return h->mem_timing_->fetch_line(pc + h->fetch_delta_, now); });
    h->stall_fetch_ += c;
    h->stall_data_ -= c;
    return c;
  }

  std::vector<ExitRecord> records;          // reserved once: the blocks hold their records' addresses
  const uint8_t* exit_record = nullptr;     // the shared exit: rdx = the record; returns its `early`
  const uint8_t* exit_record_r8 = nullptr;  // the same, returning r8d
  const uint8_t* event_check = nullptr;     // an instruction's failed event check: rdx = the record
  const uint8_t* exit_chain = nullptr;      // a static exit that enters the target's block if it can
  const uint8_t* code_start = nullptr;      // the first block's code (after the shared routines)
};

bool Translator::available() { return true; }

Translator::Translator(Hart& hart) : hart_(hart), impl_(std::make_unique<Impl>()) {
  table_.assign(size_t(1) << kTableBits, TranslatedBlock{});
  mask_ = table_.size() - 1;
  shift_ = 64 - kTableBits;
}

Translator::~Translator() = default;

void Translator::reset() {
  if (count_ == 0 && impl_->getCurr() == (impl_->code_start ? impl_->code_start : impl_->getCode())) return;
  impl_->reset();
  impl_->records.clear();
  impl_->exit_record = impl_->exit_record_r8 = impl_->event_check = impl_->exit_chain = impl_->code_start =
      nullptr;  // emitted again
  std::fill(table_.begin(), table_.end(), TranslatedBlock{});
  count_ = 0;
  ++resets_;
}

bool Translator::translate(uint32_t pc, DecodedInsn* slot, DecodedInsn* page_end) {
  Hart& h = hart_;
  const TimingConfig& tc = h.cfg_.timing;

  // The block's instructions and their static timing (the interpreter's accounting, in order).
  struct Insn {
    const DecodedInsn* d;
    uint32_t offset, len;
    uint32_t stall;   // load-use stall before it (the previous instruction loaded what it reads)
    uint32_t cycles;  // 1 + exec_cycles + fetch_cycles
  };
  Insn insns[kMaxInsns];
  unsigned n = 0;
  // With caches (a MemTiming): fetch lines and data accesses are timed as the interpreter's kFetch
  // loop times them (exec.cpp): the grants of repeat hits tested inline, everything else a call.
  // An instruction that starts a fetch line other than its predecessor's (static: the line's offset
  // bits lie within the page) takes the interpreter's fetch step first.
  const bool timed = h.mem_timing_ != nullptr;
  const uint32_t entry_in_page = pc & (Hart::kPageSize - 1);
  const auto starts_line = [&](uint32_t offset, uint32_t prev_offset) {
    return ((entry_in_page + offset) >> h.fetch_line_bits_) != ((entry_in_page + prev_offset) >> h.fetch_line_bits_);
  };
  uint32_t offset = 0;
  unsigned pending = kNotRead;  // the register the previous instruction loaded
  for (DecodedInsn* s = slot; s < page_end && n < kMaxInsns;) {
    if (s->op == Op::Undecoded) {
      // Decode ahead, as the interpreter would on reaching it: the same bytes (a write to them
      // invalidates the page, which holds decoded code already), the same fetch cycles. Not the
      // page's last slot (its upper half may be elsewhere), nor a page the instruction TLB does
      // not hold (a walk has effects): there, the block ends.
      const uint32_t at = pc + offset;
      if (s + 1 >= page_end) break;
      if (h.translating(h.priv_) && h.page_cache_[(at >> Hart::kPageBits) % 64].page != (at >> Hart::kPageBits)) break;
      if (!h.fetch_and_decode(at, *s, false)) break;
    }
    const DecodedInsn& d = *s;
    if (!translatable(d.op)) break;
    const uint32_t len = d.length();
    if (len == 4 && s + 1 >= page_end) break;  // its upper half lies in the next page
    // A taken branch or jal to a misaligned target traps (its target is static): the interpreter's.
    if ((is_branch(d.op) || d.op == Op::JAL) && ((pc + offset + uint32_t(d.imm)) & h.misalign_mask_)) break;
    // FP arithmetic: round to nearest even only (host SSE, as the interpreter's fast path); a static
    // other mode is the interpreter's (a dynamic one is checked when it runs).
    if (is_fp_arith(d.op) && d.imm != fpu::kRNE && d.imm != fpu::kDyn) break;
    const uint32_t stall = (pending != kNotRead && insn_reads(d, pending)) ? tc.load_use : 0;
    // Timed: a fetch step's cycles come before the load-use check, and absorb the stall (dynamic):
    // the block ends before such an instruction.
    if (timed && stall && starts_line(offset, insns[n - 1].offset)) break;
    insns[n++] = Insn{&d, offset, len, stall, 1u + d.exec_cycles + d.fetch_cycles};
    pending = is_load(d.op) ? kOpDestBase[unsigned(d.op)] + d.rd : kNotRead;
    offset += len;
    s += len / 2;
    if (ends_block(d.op)) break;
  }
  if (n == 0) return false;

  if (impl_->getSize() + kRoomForBlock > kCodeBytes || 2 * (count_ + 1) > table_.size() ||
      impl_->records.size() + kRecordsPerBlock > kRecords)
    reset();

  using namespace Xbyak::util;
  Impl& g = *impl_;
  const auto member = [&h](const void* m) {
    return int32_t(reinterpret_cast<const char*>(m) - reinterpret_cast<const char*>(&h));
  };
  const int32_t o_x = member(&h.x_[0]), o_pc = member(&h.pc_), o_cycle = member(&h.cycle_),
                o_instret = member(&h.instret_), o_stall_exec = member(&h.stall_exec_),
                o_stall_fetch = member(&h.stall_fetch_), o_stall_data = member(&h.stall_data_),
                o_busy = member(&h.results_busy_until_), o_pending = member(&h.pending_result_),
                o_rtlb = member(&h.rtlb_[0]), o_wtlb = member(&h.wtlb_[0]), o_next_event = member(&h.next_event_),
                o_f = member(&h.f_[0]), o_mstatus = member(&h.mstatus_), o_frm = member(&h.frm_),
                o_checkpoint = member(&h.checkpoint_), o_checkpoint_every = member(&h.checkpoint_every_),
                o_checkpoint_passed = member(&h.checkpoint_passed_), o_other_event = member(&h.other_event_),
                o_fetch_line = member(&h.fetch_line_), o_fetch_unmapped = member(&h.fetch_unmapped_),
                o_fetch_delta = member(&h.fetch_delta_), o_line_end = member(&h.line_end_),
                o_data_grants = member(&h.repeat_data_), o_fetch_grants = member(&h.repeat_fetch_);
  static_assert(sizeof(Hart::TlbEntry) == 24, "the TLB index below scales by 3 * 8");
  const int32_t o_tlb_page = int32_t(offsetof(Hart::TlbEntry, page)),
                o_tlb_cycles = int32_t(offsetof(Hart::TlbEntry, cycles)),
                o_tlb_host = int32_t(offsetof(Hart::TlbEntry, host)),
                o_tlb_delta = int32_t(offsetof(Hart::TlbEntry, delta));
  static_assert(sizeof(RepeatHits::Entry) == 32, "the grant index below scales by 32");
  const int32_t o_grant_entry = int32_t(offsetof(RepeatHits, entry)),
                o_grant_shift = int32_t(offsetof(RepeatHits, shift)),
                o_grant_mask = int32_t(offsetof(RepeatHits, mask)),
                o_grant_lookups = int32_t(offsetof(RepeatHits, lookups)),
                o_grant_clock = int32_t(offsetof(RepeatHits, clock)),
                o_entry_line = int32_t(offsetof(RepeatHits::Entry, line)),
                o_entry_counts = int32_t(offsetof(RepeatHits::Entry, counts)),
                o_entry_stamp = int32_t(offsetof(RepeatHits::Entry, stamp)),
                o_entry_stores = int32_t(offsetof(RepeatHits::Entry, stores));
  const auto X = [&](unsigned r) { return dword[rbx + o_x + int32_t(4 * r)]; };
  const auto F = [&](unsigned r) { return dword[rbx + o_f + int32_t(4 * r)]; };

  // The state of the exit whose record rdx points to, as emit_exit stores it below: pc, the cycle
  // (left in rax), instret and the stall counters (cycle_ is the entry's until this stores it).
  const auto store_record_state = [&] {
    g.mov(eax, dword[rdx + int32_t(offsetof(ExitRecord, pc_offset))]);
    g.add(eax, ebp);
    g.mov(dword[rbx + o_pc], eax);
    g.lea(rax, ptr[r12 + r13]);
    Xbyak::Label static_data;
    g.cmp(dword[rdx + int32_t(offsetof(ExitRecord, dynamic_data))], 0);
    g.je(static_data);
    g.mov(rcx, rax);
    g.sub(rcx, qword[rbx + o_cycle]);
    g.add(qword[rbx + o_stall_data], rcx);
    g.L(static_data);
    g.mov(rcx, qword[rdx + int32_t(offsetof(ExitRecord, data))]);
    g.add(qword[rbx + o_stall_data], rcx);
    g.add(rax, qword[rdx + int32_t(offsetof(ExitRecord, cycles))]);
    g.mov(qword[rbx + o_cycle], rax);
    g.mov(ecx, dword[rdx + int32_t(offsetof(ExitRecord, retired))]);
    g.add(qword[rbx + o_instret], rcx);
    g.mov(rcx, qword[rdx + int32_t(offsetof(ExitRecord, exec))]);
    g.add(qword[rbx + o_stall_exec], rcx);
    g.mov(rcx, qword[rdx + int32_t(offsetof(ExitRecord, fetch))]);
    g.add(qword[rbx + o_stall_fetch], rcx);
  };
  // The shared exit routines (once per code buffer): exit_record returns the record's `early`,
  // exit_record_r8 r8d.
  if (!g.exit_record) {
    try {
      g.exit_record = g.getCurr();
      g.mov(r8d, dword[rdx + int32_t(offsetof(ExitRecord, early))]);
      g.exit_record_r8 = g.getCurr();
      store_record_state();
      g.mov(eax, r8d);
      g.pop(r13);
      g.pop(r12);
      g.pop(rbp);
      g.pop(rbx);
      g.ret();
      // The event check after an instruction failed (rdx: the record of the state after it; called
      // from the block): if the event is the periodic checkpoint only, note it as the interpreter's
      // pass_checkpoint() does and return into the block; else leave the block with the routine's
      // answer (0: the interpreter's loop handles the event, 2: the checkpoint was passed and the
      // run stops there).
      Xbyak::Label checkpoint, leave;
      g.event_check = g.getCurr();
      g.lea(rcx, ptr[r12 + r13]);
      g.add(rcx, qword[rdx + int32_t(offsetof(ExitRecord, cycles))]);
      g.mov(rsi, rdx);
      g.call(checkpoint);
      g.cmp(eax, 1);
      g.jne(leave);
      g.ret();
      g.L(leave);
      g.add(rsp, 8);  // (the return address into the block)
      g.mov(rdx, rsi);
      g.mov(r8d, eax);
      g.jmp(static_cast<const void*>(g.exit_record_r8), Xbyak::CodeGenerator::T_NEAR);
      // pass_checkpoint() for the periodic checkpoint, with rcx = the cycle count: eax = 1 (passed, go
      // on; r12/r13 rebased on the new next event), 2 (passed, the run stops), 0 (another event, or
      // a checkpoint the environment sets: the interpreter's loop handles it; nothing changed).
      g.L(checkpoint);
      {
        Xbyak::Label other, stop;
        g.mov(rax, qword[rbx + o_next_event]);
        g.cmp(rax, qword[rbx + o_checkpoint]);
        g.jne(other);
        g.cmp(rcx, qword[rbx + o_other_event]);
        g.jae(other);
        g.mov(rdx, qword[rbx + o_checkpoint_every]);
        g.test(rdx, rdx);
        g.jz(other);
        g.add(rdx, qword[rbx + o_checkpoint]);  // the next one (next_checkpoint())
        g.cmp(rdx, rcx);
        g.jbe(other);  // (already passed too: the interpreter's general case)
        g.mov(qword[rbx + o_checkpoint_passed], rcx);
        g.mov(qword[rbx + o_checkpoint], rdx);
        g.mov(rax, qword[rbx + o_other_event]);
        g.cmp(rdx, rax);
        g.cmovb(rax, rdx);
        g.mov(qword[rbx + o_next_event], rax);
        g.cmp(rcx, rax);
        g.jae(stop);
        g.add(r12, r13);
        g.mov(r13, rax);
        g.sub(r12, r13);
        g.mov(eax, 1);
        g.ret();
        g.L(stop);
        g.mov(eax, 2);
        g.ret();
        g.L(other);
        g.xor_(eax, eax);
        g.ret();
      }
      // Chaining: a static exit (rdx: its record) whose target may start a block. The state is stored
      // as exit_record does; then, where the interpreter's loop would enter the target's block at
      // once (no event reached, no result on its way, the slot decoded and flagged, its block in the
      // table), the block is entered here, behind its prologue (the registers it pushes are pushed
      // already); else the block returns kRan, as exit_record would. Only targets in the block's own
      // page are chained: the page's mapping is the one the block runs under (a satp write changes
      // the interpreter's page, not the code's). The slot's op is checked too: a page invalidated
      // by a store keeps its slots' flags until each is decoded again, and its table entries until
      // they are translated again.
      {
        Xbyak::Label ran;
        g.exit_chain = g.getCurr();
        store_record_state();
        // The interpreter's loop: cycle < next_event (r13 is next_event_), cycle >= busy.
        g.cmp(rax, r13);
        g.jae(ran, Xbyak::CodeGenerator::T_NEAR);
        g.cmp(rax, qword[rbx + o_busy]);
        g.jb(ran, Xbyak::CodeGenerator::T_NEAR);
        g.mov(rcx, qword[rdx + int32_t(offsetof(ExitRecord, target))]);
        g.movzx(esi, byte[rcx + int32_t(offsetof(DecodedInsn, op))]);
        g.cmp(esi, unsigned(Op::Undecoded));
        g.je(ran, Xbyak::CodeGenerator::T_NEAR);
        g.cmp(esi, unsigned(Op::Ext));  // (its flags' upper bits are an extension's index)
        g.je(ran, Xbyak::CodeGenerator::T_NEAR);
        g.test(byte[rcx + int32_t(offsetof(DecodedInsn, flags))], DecodedInsn::kJitEntry);
        g.jz(ran, Xbyak::CodeGenerator::T_NEAR);
        g.mov(rsi, qword[rdx + int32_t(offsetof(ExitRecord, entry))]);
        g.cmp(qword[rsi + int32_t(offsetof(TranslatedBlock, slot))], rcx);
        g.jne(ran, Xbyak::CodeGenerator::T_NEAR);
        g.mov(rax, qword[rsi + int32_t(offsetof(TranslatedBlock, code))]);
        g.add(rax, kProloguePushes);
        g.mov(rdi, rbx);
        g.mov(esi, dword[rbx + o_pc]);
        g.jmp(rax);
        g.L(ran);
        g.xor_(eax, eax);  // kRan
        g.pop(r13);
        g.pop(r12);
        g.pop(rbp);
        g.pop(rbx);
        g.ret();
      }
      if (g.hasUndefinedLabel()) throw Xbyak::Error(Xbyak::ERR_LABEL_IS_NOT_FOUND);
      g.code_start = g.getCurr();
    } catch (const Xbyak::Error&) {
      reset();
      return false;
    }
  }

  const uint8_t* const start = g.getCurr();
  std::deque<std::pair<Xbyak::Label, Exit>> stubs;  // out-of-line exits (deque: labels stay put)
  Xbyak::Label epilogue;
  // Exits before an instruction, reached by a jcc rel32 whose displacement is patched in when the
  // exit's code is emitted after the block (no xbyak label: cheaper to emit).
  struct Leave {
    size_t end;  // the jcc's end (offset in the code buffer)
    Exit exit;
  };
  std::vector<Leave> leaves;
  // Timed: the calls out of line (a data access the grants do not cover, a block entered in another
  // fetch line), emitted after the block; each returns to its label.
  std::deque<Xbyak::Label> returns;
  std::vector<std::function<void()>> calls;
  try {
    g.push(rbx);
    g.push(rbp);
    g.push(r12);
    g.push(r13);
    if (g.getCurr() - start != kProloguePushes) throw Xbyak::Error(Xbyak::ERR_INTERNAL);  // (exit_chain skips them)
    g.mov(rbx, rdi);
    g.mov(ebp, esi);
    g.mov(r13, qword[rbx + o_next_event]);
    g.mov(r12, qword[rbx + o_cycle]);
    g.sub(r12, r13);
    Xbyak::Label body;
    g.L(body);

    // Timed: a call of one of Impl's functions (rdi = the hart; the other arguments set); its cycles
    // are dynamic (r12). Then RELOAD(): the next event may have moved (r12 rebased on it).
    const auto call_impl = [&](const void* fn) {
      g.mov(rdi, rbx);
      g.sub(rsp, 8);  // (16-byte aligned at the call: the entry's return address and 4 pushes)
      g.mov(rax, reinterpret_cast<uint64_t>(fn));
      g.call(rax);
      g.add(rsp, 8);
      g.mov(eax, eax);
      g.add(r12, rax);
      g.add(r12, r13);
      g.mov(r13, qword[rbx + o_next_event]);
      g.sub(r12, r13);
    };
    // Timed: RepeatHits::hit of the grant table at `o_grants` for the access at r9d (`size` bytes,
    // a store or not), inline: a grant is counted (the region's lookups and hits, the energy
    // ledger's lookups, the line's stamp) and the code goes on at `done`; no grant jumps to `call`.
    // (rcx, r10, r11 and rax are used.)
    const auto grant_test = [&](int32_t o_grants, unsigned size, bool store, Xbyak::Label& call, Xbyak::Label& done) {
      g.mov(ecx, dword[rbx + o_grants + o_grant_shift]);
      g.mov(r10d, r9d);
      g.shr(r10, cl);  // the line
      g.mov(r11, qword[rbx + o_grants + o_grant_mask]);
      g.and_(r11, r10);
      g.shl(r11, 5);  // its entry's offset
      g.cmp(r10, qword[rbx + r11 + (o_grants + o_grant_entry + o_entry_line)]);
      g.jne(call, Xbyak::CodeGenerator::T_NEAR);
      if (size > 1) {
        g.test(r9d, size - 1);
        g.jnz(call, Xbyak::CodeGenerator::T_NEAR);
      }
      if (store) {
        g.cmp(byte[rbx + r11 + (o_grants + o_grant_entry + o_entry_stores)], 0);
        g.je(call, Xbyak::CodeGenerator::T_NEAR);
      }
      g.mov(rax, qword[rbx + r11 + (o_grants + o_grant_entry + o_entry_counts)]);
      g.add(qword[rax], 1);
      g.add(qword[rax + 8], 1);
      g.mov(rax, qword[rbx + o_grants + o_grant_lookups]);
      g.add(qword[rax], 1);
      g.mov(rax, qword[rbx + r11 + (o_grants + o_grant_entry + o_entry_stamp)]);
      g.test(rax, rax);
      g.jz(done, Xbyak::CodeGenerator::T_NEAR);
      g.mov(rcx, qword[rbx + o_grants + o_grant_clock]);
      g.mov(r10, qword[rcx]);
      g.add(r10, 1);
      g.mov(qword[rcx], r10);
      g.mov(qword[rax], r10);
    };
    // Timed: the interpreter's fetch step (exec.cpp, the top of its loop) for the instruction at
    // `pc_offset`, `retired` instructions and `cycles` static cycles into the block: in a line other
    // than the one fetched from (and not in an unmapped page), that line is fetched from now (the
    // interpreter's loop finds its end again: line_end_ 0), and unless the L1I granted it, the L1I
    // is called.
    const auto fetch_step = [&](uint32_t pc_offset, uint32_t retired, uint64_t cycles) {
      Xbyak::Label& done = returns.emplace_back();
      Xbyak::Label& call = returns.emplace_back();
      g.lea(eax, ptr[rbp + int32_t(pc_offset)]);
      g.mov(r9d, eax);
      g.shr(eax, uint8_t(h.fetch_line_bits_));
      g.cmp(eax, dword[rbx + o_fetch_line]);
      g.je(done, Xbyak::CodeGenerator::T_NEAR);
      g.cmp(byte[rbx + o_fetch_unmapped], 0);
      g.jne(done, Xbyak::CodeGenerator::T_NEAR);
      g.mov(dword[rbx + o_fetch_line], eax);
      g.mov(qword[rbx + o_line_end], 0);
      g.add(r9d, dword[rbx + o_fetch_delta]);
      grant_test(o_fetch_grants, 1, false, call, done);  // (pc is 2-byte aligned: size 1 skips the test)
      g.L(done);
      calls.push_back([&g, &done, &call, call_impl, pc_offset, retired, cycles] {
        g.L(call);
        g.lea(esi, ptr[rbp + int32_t(pc_offset)]);
        g.lea(rdx, ptr[r12 + r13 + int32_t(cycles)]);
        g.mov(ecx, retired);
        call_impl(reinterpret_cast<const void*>(&Impl::fetch_line));
        g.jmp(done, Xbyak::CodeGenerator::T_NEAR);
      });
    };
    // Entered from the interpreter's loop, the entry's line is the one it fetches from (its fetch
    // step ran); entered from a chained exit or going round, maybe not.
    if (timed) fetch_step(0, 0, 0);

    // The slot of the instruction at `pc_offset` from the entry, if it lies in the block's page.
    const DecodedInsn* const page_start = page_end - Hart::kPageSize / 2;
    const auto slot_at = [&](uint32_t pc_offset) -> const DecodedInsn* {
      const int64_t at = int64_t(pc & (Hart::kPageSize - 1)) + int32_t(pc_offset);
      if (at < 0 || at >= int64_t(Hart::kPageSize)) return nullptr;
      return page_start + (at >> 1);
    };
    const auto record = [&](const Exit& e) {
      const DecodedInsn* target = e.chain ? slot_at(e.pc_offset) : nullptr;
      g.records.push_back(ExitRecord{e.cycles, e.exec, e.fetch, e.data, e.retired, e.pc_offset,
                                     e.dynamic_data ? 1u : 0u, e.early ? 1u : 0u, target,
                                     target ? &table_[hash(target)] : nullptr});
      return &g.records.back();
    };
    const auto emit_exit = [&](const Exit& e) {
      if (!e.pc_in_eax && !e.loop_back) {  // a shared routine, with this exit's record
        const ExitRecord* r = record(e);
        g.mov(rdx, reinterpret_cast<uint64_t>(r));
        g.jmp(static_cast<const void*>(r->target ? g.exit_chain : g.exit_record), Xbyak::CodeGenerator::T_NEAR);
        return;
      }
      if (e.pc_in_eax) {
        g.mov(dword[rbx + o_pc], eax);
      } else {
        g.lea(eax, ptr[rbp + int32_t(e.pc_offset)]);
        g.mov(dword[rbx + o_pc], eax);
      }
      g.lea(rax, ptr[r12 + r13]);  // the cycle count without this point's static cycles
      if (e.dynamic_data) {
        g.mov(rcx, rax);
        g.sub(rcx, qword[rbx + o_cycle]);  // (cycle_ is the entry's until this exit stores it)
        if (e.data) g.add(rcx, uint32_t(e.data));
        g.add(qword[rbx + o_stall_data], rcx);
      } else if (e.data) {
        g.add(qword[rbx + o_stall_data], uint32_t(e.data));
      }
      if (e.cycles) g.add(rax, uint32_t(e.cycles));
      g.mov(qword[rbx + o_cycle], rax);
      if (e.retired) g.add(qword[rbx + o_instret], e.retired);
      if (e.exec) g.add(qword[rbx + o_stall_exec], uint32_t(e.exec));
      if (e.fetch) g.add(qword[rbx + o_stall_fetch], uint32_t(e.fetch));
      if (e.loop_back) {
        // The state is stored as at any exit; with no event reached, go round with r12 rebased (the
        // cycle count is r12 + r13 again). No result is on its way: the block ends with a branch or
        // jump, which takes a cycle after any load in it (load_use <= 1).
        Xbyak::Label leave;
        g.cmp(r12, -int32_t(e.cycles));
        g.jge(leave);
        if (e.cycles) g.add(r12, uint32_t(e.cycles));
        g.jmp(body, Xbyak::CodeGenerator::T_NEAR);
        g.L(leave);
      }
      g.mov(eax, e.early ? 1 : 0);
      g.jmp(epilogue, Xbyak::CodeGenerator::T_NEAR);
    };

    Exit at;  // the state at the start of the current instruction
    // Timed: fetch stalls and data accesses' cycles are dynamic from the start (the entry's fetch step).
    at.dynamic_data = timed;
    for (unsigned i = 0; i < n; ++i) {
      const Insn& in = insns[i];
      const DecodedInsn& d = *in.d;
      at.retired = i;
      at.pc_offset = in.offset;
      at.early = true;
      // An exit before this instruction (a slow memory access, a misaligned jalr target).
      // cc: the x86 condition (jcc rel32 is 0f 80+cc).
      enum : uint8_t { kE = 0x4, kNE = 0x5, kA = 0x7 };
      const auto leave_if = [&](uint8_t cc) {
        g.db(0x0f);
        g.db(0x80 | cc);
        g.dd(0);
        leaves.push_back(Leave{g.getSize(), at});
      };
      // After it: the state the next instruction starts with.
      Exit next = at;
      next.retired = i + 1;
      next.cycles += in.stall + in.cycles;
      next.exec += d.exec_cycles;
      next.fetch += d.fetch_cycles;
      next.data += in.stall;
      next.pc_offset = in.offset + in.len;
      next.early = false;

      // The inline TLB path of a load or store (tlb_host): eax = address, rcx = the page offset,
      // rdx = 3 * the entry's index; a miss leaves before this instruction.
      const auto tlb_lookup = [&](int32_t o_tlb, unsigned size) {
        g.mov(eax, X(d.rs1));
        if (d.imm) g.add(eax, d.imm);
        g.mov(ecx, eax);
        g.shr(ecx, Hart::kPageBits);
        g.movzx(edx, cl);  // page % kTlbEntries
        static_assert(Hart::kTlbEntries == 256, "the TLB index is the page's low byte");
        g.lea(rdx, ptr[rdx + rdx * 2]);
        g.cmp(ecx, dword[rbx + rdx * 8 + (o_tlb + o_tlb_page)]);
        leave_if(kNE);
        g.mov(ecx, eax);
        g.and_(ecx, Hart::kPageSize - 1);
        if (size > 1) {
          g.cmp(ecx, Hart::kPageSize - size);
          leave_if(kA);
        }
        g.mov(rsi, qword[rbx + rdx * 8 + (o_tlb + o_tlb_host)]);
        if (timed) {  // r9d = the physical address (what the caches are asked about)
          g.mov(r9d, eax);
          g.add(r9d, dword[rbx + rdx * 8 + (o_tlb + o_tlb_delta)]);
        }
      };
      // The access's cycles (after tlb_lookup and the data's move; rdx still the TLB index): the
      // region's, or timed, DATA_CYCLES in exec.cpp: a repeat of a hit the L1 granted (RepeatHits::hit,
      // inline: counted where the cache would count it) costs none, anything else is the
      // MemTiming's answer (a call out of line).
      const auto data_cycles = [&](int32_t o_tlb, unsigned size, bool store, bool keep_host = false) {
        if (!timed) {
          g.mov(edi, dword[rbx + rdx * 8 + (o_tlb + o_tlb_cycles)]);
          g.add(r12, rdi);
          return;
        }
        Xbyak::Label& done = returns.emplace_back();
        Xbyak::Label& call = returns.emplace_back();
        grant_test(o_data_grants, size, store, call, done);
        g.L(done);
        const uint32_t site = size | (store ? 1u << 8 : 0u) | (i << 16);
        calls.push_back(
            [&g, &done, &call, call_impl, o_tlb, o_tlb_cycles, site, keep_host, now = next.cycles, off = in.offset] {
              g.L(call);
              if (keep_host) {  // (rsi twice: the stack stays 16-byte aligned at the call)
                g.push(rsi);
                g.push(rsi);
              }
              g.mov(ecx, dword[rbx + rdx * 8 + (o_tlb + o_tlb_cycles)]);  // the region's cycles
              g.mov(esi, r9d);
              g.lea(rdx, ptr[r12 + r13 + int32_t(now)]);
              g.lea(r8d, ptr[rbp + int32_t(off)]);
              g.mov(r9d, site);
              call_impl(reinterpret_cast<const void*>(&Impl::data_access));
              if (keep_host) {
                g.pop(rsi);
                g.pop(rsi);
              }
              g.jmp(done, Xbyak::CodeGenerator::T_NEAR);
            });
      };

      // A load's data move and its cycles. Timed, the move comes after the cycles: the host line is
      // prefetched first, and the L1's miss path, when called, runs while it comes (the move's load
      // ahead of the call held the host's reorder buffer until the line came, a miss in the host's
      // caches on every gathered element). The same value: the cache models hold tags only and move
      // no data, and the page's host memory stays where it is.
      const auto timed_load = [&](int32_t o_tlb, unsigned size, const auto& move) {
        if (!timed) {
          move(rsi + rcx);
          data_cycles(o_tlb, size, false);
          return;
        }
        g.add(rsi, rcx);  // (the grant test uses rcx; the call keeps rsi)
        g.prefetcht0(ptr[rsi]);
        data_cycles(o_tlb, size, false, true);
        move(Xbyak::RegExp(rsi));
      };

      if (timed && i > 0 && starts_line(in.offset, insns[i - 1].offset)) fetch_step(in.offset, i, at.cycles);

      const bool fp = d.op == Op::FLW || d.op == Op::FSW || is_fp_arith(d.op) || d.op == Op::FSGNJ_S ||
                      d.op == Op::FSGNJN_S || d.op == Op::FSGNJX_S || d.op == Op::FMV_X_W || d.op == Op::FMV_W_X;
      if (fp) {  // FP_ENABLED_OR_ILLEGAL: with mstatus.FS off, the interpreter raises it
        g.test(dword[rbx + o_mstatus], Hart::kFsMask);
        leave_if(kE);
      }
      if (is_fp_arith(d.op) && d.imm == fpu::kDyn) {  // RESOLVE_RM: frm other than RNE: the interpreter's
        g.cmp(dword[rbx + o_frm], fpu::kRNE);
        leave_if(kNE);
      }
      // mstatus.FS = Dirty, as every FP instruction but fmv.x.w does.
      const auto fs_dirty = [&] { g.or_(dword[rbx + o_mstatus], Hart::kFsDirty); };

      switch (d.op) {
        case Op::LUI: g.mov(X(d.rd), uint32_t(d.imm)); break;
        case Op::AUIPC:
          g.lea(eax, ptr[rbp + int32_t(in.offset + uint32_t(d.imm))]);
          g.mov(X(d.rd), eax);
          break;
        case Op::ADDI:
          if (d.rs1 == 0) {
            g.mov(X(d.rd), uint32_t(d.imm));
            break;
          }
          g.mov(eax, X(d.rs1));
          if (d.imm) g.add(eax, d.imm);
          g.mov(X(d.rd), eax);
          break;
        case Op::XORI:
        case Op::ORI:
        case Op::ANDI:
          g.mov(eax, X(d.rs1));
          if (d.op == Op::XORI) g.xor_(eax, d.imm);
          if (d.op == Op::ORI) g.or_(eax, d.imm);
          if (d.op == Op::ANDI) g.and_(eax, d.imm);
          g.mov(X(d.rd), eax);
          break;
        case Op::SLTI:
        case Op::SLTIU:
          g.mov(eax, X(d.rs1));
          g.xor_(ecx, ecx);
          g.cmp(eax, d.imm);
          if (d.op == Op::SLTI)
            g.setl(cl);
          else
            g.setb(cl);
          g.mov(X(d.rd), ecx);
          break;
        case Op::SLLI:
        case Op::SRLI:
        case Op::SRAI:
          g.mov(eax, X(d.rs1));
          if (d.op == Op::SLLI) g.shl(eax, uint8_t(d.imm & 31));
          if (d.op == Op::SRLI) g.shr(eax, uint8_t(d.imm & 31));
          if (d.op == Op::SRAI) g.sar(eax, uint8_t(d.imm & 31));
          g.mov(X(d.rd), eax);
          break;
        case Op::ADD:
        case Op::SUB:
        case Op::XOR:
        case Op::OR:
        case Op::AND:
          g.mov(eax, X(d.rs1));
          if (d.op == Op::ADD) g.add(eax, X(d.rs2));
          if (d.op == Op::SUB) g.sub(eax, X(d.rs2));
          if (d.op == Op::XOR) g.xor_(eax, X(d.rs2));
          if (d.op == Op::OR) g.or_(eax, X(d.rs2));
          if (d.op == Op::AND) g.and_(eax, X(d.rs2));
          g.mov(X(d.rd), eax);
          break;
        case Op::SLL:
        case Op::SRL:
        case Op::SRA:
          g.mov(eax, X(d.rs1));
          g.mov(ecx, X(d.rs2));  // (x86 takes the count mod 32, as RV32 does)
          if (d.op == Op::SLL) g.shl(eax, cl);
          if (d.op == Op::SRL) g.shr(eax, cl);
          if (d.op == Op::SRA) g.sar(eax, cl);
          g.mov(X(d.rd), eax);
          break;
        case Op::SLT:
        case Op::SLTU:
          g.mov(eax, X(d.rs1));
          g.xor_(ecx, ecx);
          g.cmp(eax, X(d.rs2));
          if (d.op == Op::SLT)
            g.setl(cl);
          else
            g.setb(cl);
          g.mov(X(d.rd), ecx);
          break;
        case Op::MUL:
          g.mov(eax, X(d.rs1));
          g.imul(eax, X(d.rs2));
          g.mov(X(d.rd), eax);
          break;
        case Op::MULH:
        case Op::MULHSU:
        case Op::MULHU:
          if (d.op == Op::MULHU)
            g.mov(eax, X(d.rs1));  // (zero-extends into rax)
          else
            g.movsxd(rax, X(d.rs1));
          if (d.op == Op::MULH)
            g.movsxd(rcx, X(d.rs2));
          else
            g.mov(ecx, X(d.rs2));
          g.imul(rax, rcx);  // (the low 64 bits: exact for each signedness; the high half never overflows)
          if (d.op == Op::MULHU)
            g.shr(rax, 32);
          else
            g.sar(rax, 32);
          g.mov(X(d.rd), eax);
          break;
        case Op::DIV:
        case Op::REM: {
          // b == 0: ~0 / a; INT32_MIN / -1: a / 0; else idiv (which would fault on both).
          Xbyak::Label zero, overflow, divide, store;
          const bool rem = d.op == Op::REM;
          g.mov(eax, X(d.rs1));
          g.mov(ecx, X(d.rs2));
          g.test(ecx, ecx);
          g.jz(zero);
          g.cmp(ecx, -1);
          g.jne(divide);
          g.cmp(eax, 0x80000000u);
          g.je(overflow);
          g.L(divide);
          g.cdq();
          g.idiv(ecx);
          if (rem) g.mov(eax, edx);
          g.jmp(store);
          g.L(zero);
          if (!rem) g.mov(eax, ~0u);  // rem: a (in eax)
          g.jmp(store);
          g.L(overflow);
          if (rem) g.xor_(eax, eax);  // div: a (in eax)
          g.L(store);
          g.mov(X(d.rd), eax);
          break;
        }
        case Op::DIVU:
        case Op::REMU: {
          Xbyak::Label zero, store;
          const bool rem = d.op == Op::REMU;
          g.mov(eax, X(d.rs1));
          g.mov(ecx, X(d.rs2));
          g.test(ecx, ecx);
          g.jz(zero);
          g.xor_(edx, edx);
          g.div(ecx);
          if (rem) g.mov(eax, edx);
          g.jmp(store);
          g.L(zero);
          if (!rem) g.mov(eax, ~0u);  // remu: a (in eax)
          g.L(store);
          g.mov(X(d.rd), eax);
          break;
        }
        case Op::FENCE: break;
        case Op::LB:
        case Op::LH:
        case Op::LW:
        case Op::LBU:
        case Op::LHU: {
          const unsigned size = (d.op == Op::LB || d.op == Op::LBU) ? 1 : (d.op == Op::LW) ? 4 : 2;
          tlb_lookup(o_rtlb, size);
          const auto move = [&](const Xbyak::RegExp& from) {
            switch (d.op) {
              case Op::LB: g.movsx(eax, byte[from]); break;
              case Op::LBU: g.movzx(eax, byte[from]); break;
              case Op::LH: g.movsx(eax, word[from]); break;
              case Op::LHU: g.movzx(eax, word[from]); break;
              default: g.mov(eax, dword[from]); break;
            }
            g.mov(X(d.rd), eax);
          };
          timed_load(o_rtlb, size, move);
          // RESULT_AFTER(rd, load_use): ready load_use cycles after this instruction's end.
          g.lea(rax, ptr[r12 + r13 + int32_t(next.cycles + tc.load_use)]);
          g.mov(qword[rbx + o_busy], rax);
          g.mov(dword[rbx + o_pending], uint32_t(d.rd));
          next.dynamic_data = true;
          break;
        }
        case Op::FLW: {
          tlb_lookup(o_rtlb, 4);
          timed_load(o_rtlb, 4, [&](const Xbyak::RegExp& from) {
            g.mov(eax, dword[from]);
            g.mov(F(d.rd), eax);
          });
          g.lea(rax, ptr[r12 + r13 + int32_t(next.cycles + tc.load_use)]);
          g.mov(qword[rbx + o_busy], rax);
          g.mov(dword[rbx + o_pending], uint32_t(kFpRegBase + d.rd));
          fs_dirty();
          next.dynamic_data = true;
          break;
        }
        case Op::FSW: {
          tlb_lookup(o_wtlb, 4);
          g.mov(r8d, F(d.rs2));
          g.mov(dword[rsi + rcx], r8d);
          data_cycles(o_wtlb, 4, true);
          next.dynamic_data = true;
          break;
        }
        case Op::FADD_S:
        case Op::FSUB_S:
        case Op::FMUL_S:
        case Op::FDIV_S: {
          // The host's single-precision operation (its exception flags accumulate in MXCSR, which
          // the hart folds into fflags: as the interpreter's), then canon(): any NaN is the canonical one.
          g.movd(xmm0, F(d.rs1));
          if (d.op == Op::FADD_S) g.addss(xmm0, F(d.rs2));
          if (d.op == Op::FSUB_S) g.subss(xmm0, F(d.rs2));
          if (d.op == Op::FMUL_S) g.mulss(xmm0, F(d.rs2));
          if (d.op == Op::FDIV_S) g.divss(xmm0, F(d.rs2));
          g.movd(eax, xmm0);
          g.mov(ecx, eax);
          g.and_(ecx, 0x7fffffff);
          g.mov(edx, fpu::kCanonicalNaN);
          g.cmp(ecx, 0x7f800000);
          g.cmova(eax, edx);
          g.mov(F(d.rd), eax);
          fs_dirty();
          break;
        }
        case Op::FSGNJ_S:
        case Op::FSGNJN_S:
        case Op::FSGNJX_S:
          g.mov(eax, F(d.rs1));
          g.mov(ecx, F(d.rs2));
          if (d.op == Op::FSGNJX_S) {
            g.and_(ecx, 0x80000000u);
            g.xor_(eax, ecx);
          } else {
            if (d.op == Op::FSGNJN_S) g.not_(ecx);
            g.and_(ecx, 0x80000000u);
            g.and_(eax, 0x7fffffff);
            g.or_(eax, ecx);
          }
          g.mov(F(d.rd), eax);
          fs_dirty();
          break;
        case Op::FMV_X_W:
          g.mov(eax, F(d.rs1));
          g.mov(X(d.rd), eax);
          break;
        case Op::FMV_W_X:
          g.mov(eax, X(d.rs1));
          g.mov(F(d.rd), eax);
          fs_dirty();
          break;
        case Op::SB:
        case Op::SH:
        case Op::SW: {
          const unsigned size = d.op == Op::SB ? 1 : d.op == Op::SH ? 2 : 4;
          tlb_lookup(o_wtlb, size);
          g.mov(r8d, X(d.rs2));
          if (size == 1) g.mov(byte[rsi + rcx], r8b);
          if (size == 2) g.mov(word[rsi + rcx], r8w);
          if (size == 4) g.mov(dword[rsi + rcx], r8d);
          data_cycles(o_wtlb, size, true);
          next.dynamic_data = true;
          break;
        }
        case Op::JAL: {
          g.lea(eax, ptr[rbp + int32_t(in.offset + in.len)]);
          g.mov(X(d.rd), eax);
          Exit taken = next;
          taken.pc_offset = in.offset + uint32_t(d.imm);
          taken.cycles += tc.jump;
          taken.fetch += tc.jump;
          taken.loop_back = taken.pc_offset == 0;
          taken.chain = true;
          emit_exit(taken);
          break;
        }
        case Op::JALR: {
          // The target first (rd may be rs1); a misaligned one traps: the interpreter's.
          g.mov(eax, X(d.rs1));
          if (d.imm) g.add(eax, d.imm);
          g.and_(eax, ~1u);
          if (h.misalign_mask_) {
            g.test(eax, h.misalign_mask_);
            leave_if(kNE);
          }
          g.lea(ecx, ptr[rbp + int32_t(in.offset + in.len)]);
          g.mov(X(d.rd), ecx);
          Exit taken = next;
          taken.pc_in_eax = true;
          taken.cycles += tc.jump_indirect;
          taken.fetch += tc.jump_indirect;
          emit_exit(taken);
          break;
        }
        case Op::BEQ:
        case Op::BNE:
        case Op::BLT:
        case Op::BGE:
        case Op::BLTU:
        case Op::BGEU: {
          Exit taken = next;
          taken.pc_offset = in.offset + uint32_t(d.imm);
          taken.cycles += tc.taken_branch;
          taken.fetch += tc.taken_branch;
          taken.loop_back = taken.pc_offset == 0;
          taken.chain = true;
          stubs.emplace_back();
          stubs.back().second = taken;
          Xbyak::Label& to = stubs.back().first;
          g.mov(eax, X(d.rs1));
          g.cmp(eax, X(d.rs2));
          switch (d.op) {
            case Op::BEQ: g.je(to, Xbyak::CodeGenerator::T_NEAR); break;
            case Op::BNE: g.jne(to, Xbyak::CodeGenerator::T_NEAR); break;
            case Op::BLT: g.jl(to, Xbyak::CodeGenerator::T_NEAR); break;
            case Op::BGE: g.jge(to, Xbyak::CodeGenerator::T_NEAR); break;
            case Op::BLTU: g.jb(to, Xbyak::CodeGenerator::T_NEAR); break;
            default: g.jae(to, Xbyak::CodeGenerator::T_NEAR); break;
          }
          Exit not_taken = next;
          not_taken.chain = true;
          emit_exit(not_taken);  // not taken
          break;
        }
        default:  // (not reached: translatable() lists exactly the cases above)
          reset();
          return false;
      }
      // The interpreter's event check after the instruction (after the last one, the loop's).
      if (i + 1 < n) {
        // cmp; jl over (rel8, patched); rdx = the record of the state after it; call event_check.
        g.cmp(r12, -int32_t(next.cycles));
        g.db(0x7c);
        g.db(0);
        const size_t over = g.getSize();
        g.mov(rdx, reinterpret_cast<uint64_t>(record(next)));
        g.call(static_cast<const void*>(g.event_check));
        g.rewrite(over - 1, g.getSize() - over, 1);
      }
      at = next;
    }
    if (!ends_block(insns[n - 1].d->op)) emit_exit(at);  // ran to an instruction it does not cover
    for (auto& [label, exit] : stubs) {
      g.L(label);
      emit_exit(exit);
    }
    for (const Leave& l : leaves) {
      g.rewrite(l.end - 4, g.getSize() - l.end, 4);
      emit_exit(l.exit);
    }
    for (const auto& emit_call : calls) emit_call();
    g.L(epilogue);
    g.pop(r13);
    g.pop(r12);
    g.pop(rbp);
    g.pop(rbx);
    g.ret();
    if (g.hasUndefinedLabel()) {
      reset();
      return false;
    }
  } catch (const Xbyak::Error&) {
    // (Not expected: the room check above keeps the buffer from filling.) Start over next time.
    reset();
    return false;
  }

  for (size_t i = hash(slot);; i = (i + 1) & mask_) {
    TranslatedBlock& b = table_[i];
    if (b.slot == slot || !b.slot) {
      if (!b.slot) ++count_;
      b = TranslatedBlock{slot, reinterpret_cast<unsigned (*)(Hart*, uint32_t)>(const_cast<uint8_t*>(start))};
      break;
    }
  }
  slot->flags |= DecodedInsn::kJitEntry;
  ++blocks_;
  return true;
}

#else  // no translator in this build

struct Translator::Impl {};
bool Translator::available() { return false; }
Translator::Translator(Hart& hart) : hart_(hart) {}
Translator::~Translator() = default;
void Translator::reset() {}
bool Translator::translate(uint32_t, DecodedInsn*, DecodedInsn*) { return false; }

#endif

}  // namespace vp::iss
