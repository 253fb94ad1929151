// A RISC-V hart (RV32, machine, supervisor and user modes) as a plain C++ object: architectural state, the run loop,
// traps and interrupts, the decode cache and the fast-path memory. No SystemC in here; a TLM
// wrapper implements HartEnv and calls run() once per quantum.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "models/cpu/iss/csr.h"
#include "models/cpu/iss/decode.h"
#include "models/cpu/iss/env.h"
#include "models/cpu/iss/extension.h"
#include "models/cpu/iss/pmp.h"
#include "models/cpu/iss/timing.h"
#include "models/cpu/iss/triggers.h"
#include "models/common/repeat_hits.h"

namespace vp::iss {

class Semihosting;
class Reservations;

class Translator;

// How the hart runs instructions: the interpreter (exec.cpp, the reference), or with the translating
// executor (translator.h) for what it covers (functional runs with the default timing; the rest is
// interpreted). The environment variable VP_EXECUTOR (interpret or translate), when set, overrides
// it for every hart: the tests run whole suites under each.
enum class Executor { Interpret, Translate };

struct HartConfig {
  // Standard extensions (I always) and the modes below M (S, U: as QEMU's virt; without them the hart
  // is M-mode only: mstatus.MPP stays M, no supervisor CSRs).
  uint32_t misa = kMisaI | kMisaM | kMisaA | kMisaF | kMisaC | kMisaS | kMisaU;
  bool zicsr = true, zifencei = true, zicntr = true, zicbom = true;
  uint32_t hartid = 0;
  uint32_t reset_pc = 0x80000000;
  uint32_t reset_mtvec = 0;
  bool fpu_on_at_reset = false;  // mstatus.FS = Initial at reset (the spec's reset is Off)
  unsigned pmp_granularity = 0;  // G: PMP entries cover at least 2^(G+2) bytes (0: 4 bytes)
  bool semihosting = true;       // slli x0,x0,0x1f; ebreak; srai x0,x0,7 calls the host (files: see
                                 // Hart::set_semihosting_root; none by default)
  bool has_tohost = false;       // HTIF: stores to tohost_addr call HartEnv::tohost_write
  uint32_t tohost_addr = 0;
  // Exceptions (bit = mcause) that stop run() with StopReason::Trap instead of entering the trap
  // handler; the state is left at the faulting instruction. For tests and bare-metal bring-up.
  uint32_t stop_on_exceptions = 0;
  TimingConfig timing;
  Executor executor = Executor::Interpret;
  // The translating executor translates a block at an instruction only when the interpreter reaches
  // it for the translate_after-th time since it was decoded (1: the first time; at most 255): code
  // that runs a few times costs more to translate than it saves (docs/iss.md). VP_TRANSLATE_AFTER
  // overrides it, as VP_EXECUTOR does the executor. Host-side only: results are the same at any value.
  unsigned translate_after = kDefaultTranslateAfter;
  static constexpr unsigned kDefaultTranslateAfter = 32;
};

enum class StopReason {
  CycleLimit,  // cycles() reached the limit given to run()
  Exit,        // the program exited (semihosting, tohost) or request_stop() was called
  Wfi,         // WFI with no enabled interrupt pending; see Hart::waiting()
  Breakpoint,  // about to execute an instruction at a breakpoint PC (not executed yet)
  Watchpoint,  // an access hit a watchpoint; the accessing instruction completed
  Step,        // single step done
  Trap,        // a stop_on_exceptions cause, or an exception loop (the handler itself faults)
};
const char* stop_reason_name(StopReason r);

// mcause values
enum Cause : uint32_t {
  kInsnMisaligned = 0,
  kInsnAccessFault = 1,
  kIllegalInsn = 2,
  kBreakpointCause = 3,
  kLoadMisaligned = 4,
  kLoadAccessFault = 5,
  kStoreMisaligned = 6,
  kStoreAccessFault = 7,
  kEcallU = 8,
  kEcallS = 9,
  kEcallM = 11,
  kInsnPageFault = 12,
  kLoadPageFault = 13,
  kStorePageFault = 15,
  kInterrupt = 0x80000000u,
};
// mip/mie bits
constexpr uint32_t kSSIP = 1u << 1, kMSIP = 1u << 3, kSTIP = 1u << 5, kMTIP = 1u << 7, kSEIP = 1u << 9,
                   kMEIP = 1u << 11;

enum class WatchKind { Read = 1, Write = 2, Access = 3 };

struct TrapInfo {
  uint32_t cause = 0, tval = 0, pc = 0, insn = 0;  // insn: raw bits at pc when known
  bool valid = false;
};

class Hart {
 public:
  Hart(const HartConfig& config, HartEnv& env);
  ~Hart();
  Hart(const Hart&) = delete;
  Hart& operator=(const Hart&) = delete;

  // Extensions are tried in the order added. Call before running (flushes the decode cache).
  Extension& add_extension(std::unique_ptr<Extension> ext);
  void reset();  // architectural reset (registers, CSRs, pc = reset_pc); counters are kept

  // ---- running ----
  // Executes until cycles() >= cycle_limit or another stop reason.
  StopReason run(uint64_t cycle_limit);
  StopReason step();  // exactly one instruction (or one trap entry)
  // Stop run() at the next instruction boundary (callable from HartEnv callbacks).
  void request_stop(StopReason why = StopReason::Exit);
  // Lowers the running run()'s cycle limit (callable from HartEnv callbacks: an access that made
  // another part of the system active ends the embedding's run-ahead); never raises it.
  void lower_cycle_limit(uint64_t cycle) {
    if (cycle < limit_) {
      limit_ = cycle;
      end_block();
    }
  }
  uint64_t cycle_limit() const { return limit_; }
  // A cycle at which run() calls HartEnv::checkpoint() without stopping (~0: none): an embedding
  // that runs past its synchronisation points learns where each one would have been. With `every`
  // (> 0) the later ones lie at the multiples of `every` cycles, and the hart, instead of calling
  // out at each (once per quantum: every few instructions with a short one), only notes the cycle
  // at which it passed the last (checkpoint_passed()).
  void set_checkpoint(uint64_t cycle, uint64_t every = 0) {
    checkpoint_ = cycle;
    checkpoint_every_ = every;
    checkpoint_passed_ = kNoCheckpoint;
    end_block();
  }
  // The cycle (an instruction boundary) at which run() passed the last periodic checkpoint since
  // set_checkpoint(); kNoCheckpoint if none.
  static constexpr uint64_t kNoCheckpoint = ~uint64_t(0);
  uint64_t checkpoint_passed() const { return checkpoint_passed_; }
  // While waiting() (after WFI), the embedding advances the hart's time to `cycle` (counted as
  // idle) before calling run() again. run() itself wakes up at the timer deadline if it lies
  // before its cycle limit.
  bool waiting() const { return waiting_; }
  void idle_until(uint64_t cycle);

  // ---- interrupts ----
  // Level of an interrupt line: bit is 3 (MSIP), 7 (MTIP as a plain level), 9 (SEIP: the PLIC's
  // supervisor context) or 11 (MEIP).
  void set_irq_pending(unsigned bit, bool level);
  // MTIP is high while cycles() >= deadline (~0 = never). Exact regardless of the run() limit.
  void set_timer_deadline(uint64_t cycle);
  uint64_t timer_deadline() const { return timer_deadline_; }
  // mip: the interrupt lines, the supervisor bits software set (SSIP, STIP, SEIP) and the timer.
  uint32_t mip() const { return mip_lines_ | mip_sw_ | (cycle_ >= timer_deadline_ ? kMTIP : 0); }
  // The privilege mode the hart runs in (kPrivM, kPrivS, kPrivU); a debugger may change it.
  uint8_t priv() const { return priv_; }
  void set_priv(uint8_t p);

  // ---- memory ----
  // Installs a direct host-memory window (from TLM DMI). Regions must not overlap.
  void add_fast_region(const FastRegion& r);
  // Removes every fast region overlapping [base, base+size) (DMI invalidation).
  void remove_fast_regions(uint32_t base, uint32_t size);
  const std::vector<FastRegion>& fast_regions() const { return regions_; }
  // Attaches a cache model that times fast-region accesses (nullptr: fixed region cycles). Set it
  // before the first instruction: decoded instructions keep the fetch cost they were decoded with.
  void set_mem_timing(MemTiming* t);
  MemTiming* mem_timing() const { return mem_timing_; }
  // Grants of the MemTiming's data / instruction cache (models/common/repeat_hits.h): accesses to a
  // granted line skip the MemTiming call. set_mem_timing() takes every grant back.
  RepeatHits& repeat_hits(bool fetch) { return fetch ? repeat_fetch_ : repeat_data_; }
  // The I-side forgets which line it fetches from (after an I-cache invalidation).
  void forget_fetch_line() {
    fetch_line_ = ~0u;
    line_end_ = 0;
  }
  // Someone else (DMA, debugger, loader, another hart) wrote guest memory: drops decoded code
  // and the LR reservation if they overlap.
  void notify_external_write(uint32_t addr, uint32_t len);
  void clear_reservation() { reservation_valid_ = false; }
  // Several harts sharing memory: the registry their LR/SC reservations live in (reservations.h;
  // nullptr: none, the default). Registers the hart; a hart leaves it when destroyed.
  void set_reservations(Reservations* r);
  // The hart holds a reservation on the word at `addr` (LR done, no SC or breaking write since).
  bool holds_reservation(uint32_t addr) const { return reservation_valid_ && reservation_addr_ == addr; }
  // Untimed memory access through fast regions or HartEnv::debug_access (loader, gdb, semihosting).
  // False if a byte is not mapped or the range reaches past 2^32 (nothing wraps around to 0).
  bool debug_read(uint32_t addr, void* data, uint32_t len);
  bool debug_write(uint32_t addr, const void* data, uint32_t len);
  // Timed accesses as a load/store instruction makes them, for extensions. On a fault they raise
  // the exception (the caller's instruction must then return ExecResult::Trapped) and return false.
  bool mem_load(uint32_t addr, void* data, unsigned len);
  bool mem_store(uint32_t addr, const void* data, unsigned len);

  // ---- registers ----
  uint32_t pc() const { return pc_; }
  void set_pc(uint32_t pc) { pc_ = pc; }
  uint32_t x(unsigned i) const { return x_[i]; }
  void set_x(unsigned i, uint32_t v) {
    if (i != 0) x_[i] = v;
  }
  uint32_t f(unsigned i) const { return f_[i]; }  // raw single-precision bits
  void set_f(unsigned i, uint32_t v) { f_[i] = v; }
  // CSR access for debuggers and extensions: no privilege checks; false if not implemented.
  bool read_csr(uint16_t csr, uint32_t& value);
  bool write_csr(uint16_t csr, uint32_t value);
  // Raises a synchronous exception at the current instruction (for extensions).
  void raise_exception(uint32_t cause, uint32_t tval);
  void raise_illegal(uint32_t insn_bits) { raise_exception(kIllegalInsn, insn_bits); }
  // Marks the FP state dirty (extensions touching FP registers).
  void set_fs_dirty() { mstatus_ |= kFsDirty; }
  // FP state for extensions with FP instructions: mstatus.FS != Off, and the dynamic rounding mode.
  bool fp_enabled() const { return fs_enabled(); }
  uint32_t frm() const { return frm_; }
  // Extra cycles the current instruction of an extension costs beyond its decode-time exec_cycles
  // (e.g. the scalar pipeline waiting for room in a vector issue queue). Counted as stall_exec.
  void add_stall_cycles(uint64_t n) {
    cycle_ += n;
    stall_exec_ += n;
  }

  // HTIF: from now on, stores to `addr` call HartEnv::tohost_write (as HartConfig::has_tohost).
  void set_tohost(uint32_t addr);

  // ---- semihosting ----
  // The only host directory semihosting file calls reach (SYS_OPEN/REMOVE/RENAME names are
  // resolved below it; absolute paths, ".." and symlinks are refused). "" (the default): no file
  // access; console I/O and exit still work. See docs/reliability.md.
  void set_semihosting_root(const std::string& dir);
  // Bytes a run may write to host files (default 1 GiB; past it WRITE fails with ENOSPC).
  void set_semihosting_write_limit(uint64_t bytes);
  const std::string& semihosting_root() const;
  void set_semihosting_cmdline(const std::string& cmdline);
  // ---- extensions that execute code themselves (e.g. an FU array running a loop) ----
  // Arms the entry hook of `ext` (an extension of this hart) at `pc`: before the instruction at pc
  // executes, ext.on_entry() may take over. One hook per PC (a later call replaces the owner).
  void set_entry_hook(uint32_t pc, const Extension& ext);
  void clear_entry_hook(uint32_t pc);
  bool has_entry_hook(uint32_t pc) const;
  // Work done on the hart's behalf: `insns` instructions retired in `cycles` cycles (instret, the
  // cycle count and their CSRs advance as if the hart had executed them).
  void retire_external(uint64_t insns, uint64_t cycles) {
    instret_ += insns;
    cycle_ += cycles;
  }

  // ---- debug ----
  void add_breakpoint(uint32_t pc);
  void remove_breakpoint(uint32_t pc);
  // A breakpoint in the trigger module (a debugger's hardware breakpoint: an execute trigger with
  // dmode = 1 that software cannot change); false if all triggers are in use. The hart stops with
  // StopReason::Breakpoint before the instruction, like add_breakpoint.
  bool add_trigger_breakpoint(uint32_t pc);
  void remove_trigger_breakpoint(uint32_t pc);
  void add_watchpoint(uint32_t addr, uint32_t len, WatchKind kind);
  void remove_watchpoint(uint32_t addr, uint32_t len, WatchKind kind);
  struct WatchHit {
    uint32_t addr = 0, len = 0;
    bool write = false;
    uint32_t pc = 0;
  };
  const WatchHit& last_watch_hit() const { return watch_hit_; }
  // Called for every instruction before it executes (slows the hart down; nullptr = off).
  using TraceFn = void (*)(void* user, const Hart& hart, uint32_t pc, const DecodedInsn& d);
  void set_trace(TraceFn fn, void* user) {
    trace_fn_ = fn;
    trace_user_ = user;
    end_block();  // the executor picks its loop (with or without hooks) per block
  }

  // ---- observation ----
  uint64_t cycles() const { return cycle_; }
  uint64_t instret() const { return instret_; }
  HartStats stats() const;
  const HartConfig& config() const { return cfg_; }
  // The executor in use (HartConfig::executor, or VP_EXECUTOR); translator(): its blocks, if any.
  Executor executor() const { return jit_ ? Executor::Translate : Executor::Interpret; }
  const Translator* translator() const { return jit_.get(); }
  void set_timing(const TimingConfig& t);  // flushes the decode cache
  const TrapInfo& last_trap() const { return last_trap_; }
  int exit_code() const { return exit_code_; }
  HartEnv& env() { return env_; }
  const Extension* extension(unsigned index) const;
  // Flushes the whole decode cache (what fence.i does).
  void flush_decode_cache();
  // Drops decoded instructions of [addr, addr + len) (an I-cache line was invalidated).
  void invalidate_decoded(uint32_t addr, uint32_t len);
  // Decodes the instruction at pc without executing it (disassembly); false if not fetchable.
  bool decode_at_debug(uint32_t pc, DecodedInsn& d);
  // The debugger's view of va (GDB): the physical address the hart's current mode maps it to (itself
  // in M-mode or without translation). A walk of the page table through debug_read: no permission,
  // A/D or PMP checks, no time, no statistics. False when va is not mapped.
  bool debug_translate(uint32_t va, uint32_t& pa);

 private:
  friend class Semihosting;
  friend class Reservations;
  friend class Translator;

  // ---- memory internals ----
  static constexpr unsigned kPageBits = 12, kPageSize = 1u << kPageBits;
  static constexpr unsigned kTlbEntries = 256;
  struct TlbEntry {       // a page of a fast region the inline load/store path may use directly
    uint32_t page = ~0u;  // the virtual page (the physical one without translation)
    uint32_t cycles = 0;
    uint8_t* host = nullptr;  // host address of the page start
    uint32_t delta = 0;       // physical - virtual address (what the caches are asked about)
  };
  // kReservedPage: some hart holds or held an LR reservation in the page (reservations.h): stores
  // take the slow path, which tells the registry.
  enum PageFlag : uint8_t {
    kCodePage = 1,
    kWatchReadPage = 2,
    kWatchWritePage = 4,
    kTohostPage = 8,
    kReservedPage = 16
  };
  struct DecodedPage {
    DecodedInsn insn[kPageSize / 2];
    // The translating executor's visit counts, one per slot (HartConfig::translate_after; apart from
    // the slots, whose hot loop does not read them): how often the interpreter reached the slot
    // since the page was cleared, counting up to translate_after - 1 only.
    uint8_t visits[kPageSize / 2] = {};
  };
  struct Watchpoint {
    uint32_t addr, len;
    WatchKind kind;
  };

  template <typename T>
  bool load(uint32_t addr, T& v);
  template <typename T>
  bool store(uint32_t addr, T v);
  uint8_t* tlb_host(const TlbEntry* tlb, uint32_t addr, unsigned size, uint32_t& region_cycles, uint32_t& pa) const;
  // The cycles of a fast-region data access with a MemTiming attached (a granted repeat: 0).
  uint32_t timed_data(AccessKind kind, uint32_t addr, unsigned len, uint32_t region_cycles);
  bool load_slow(uint32_t addr, void* data, unsigned len, AccessKind kind);
  bool store_slow(uint32_t addr, const void* data, unsigned len, AccessKind kind);
  // ---- Sv32 (satp.MODE = 1), mmu.cpp ----
  enum class Access : uint8_t { Read, Write, Exec };
  bool translating(uint8_t priv) const { return priv != kPrivM && (satp_ >> 31); }
  // The physical address of `va` for an access in mode `priv` (the page walk reads the page table
  // through the caches and counts its cycles); false with the exception cause to raise: a page
  // fault, or an access fault of the page table or of a physical address beyond 32 bits.
  bool translate(uint32_t va, Access access, uint8_t priv, uint32_t& pa, uint32_t& cause);
  // A cbo's block address: read or write permission; a fault is a store/AMO page or access fault
  // (raised; false).
  bool cbo_translate(uint32_t va, uint32_t& pa);
  // One page-table entry, read as the walker reads it; false: an access fault.
  bool read_pte(uint32_t addr, uint32_t& pte);
  bool amo_access(uint32_t addr, uint32_t& old, uint32_t newval_if_swap, bool write);
  const FastRegion* find_region(uint32_t addr, uint32_t len) const;
  void flush_tlbs();
  void set_page_flag(uint32_t page, uint8_t flag);
  // The last page of [addr, addr + len) (len > 0), cut at the end of the address space: ranges
  // from debuggers, DMA or semihosting may reach past 2^32, the page flags end there.
  static uint32_t last_page(uint32_t addr, uint32_t len) {
    return uint32_t(std::min<uint64_t>((uint64_t(addr) + len - 1) >> kPageBits, (1u << (32 - kPageBits)) - 1));
  }
  void refresh_watch_flags();
  bool check_watch(uint32_t addr, unsigned len, bool write);
  void invalidate_code_page(uint32_t page);
  void clear_page(DecodedPage& p) const;

  // ---- decode cache ----
  DecodedPage* decoded_page(uint32_t page);
  // trap false (the translator decoding ahead): a fetch fault only returns false.
  bool fetch_and_decode(uint32_t pc, DecodedInsn& d, bool trap = true);
  void decode_parcels(uint16_t lo, uint16_t hi, DecodedInsn& d);
  // 0, or the cause of the fault (instruction access or page fault).
  // `pa`: the physical address fetched.
  uint32_t fetch(uint32_t addr, void* bytes, unsigned len, uint32_t& cycles, uint32_t& pa);

  // ---- execution ----
  void execute_block();  // the hot loop, in exec.cpp
  // The loop itself; kFetch: a MemTiming (caches) times each new fetch line; kChecks: a trace hook
  // sees each instruction, or some instruction may be flagged (a gdb breakpoint, an execute trigger,
  // an extension's entry hook), so each one's flags are looked at. Plain runs have neither check;
  // attaching a hook, a breakpoint or a trigger ends the block, so the next one picks its loop again.
  // kOnePending: the default timing (no late results, load_use <= 1), where at most one result is
  // on its way when an instruction starts (the previous load's: every instruction takes a cycle), so
  // the load-use check compares the operand fields with that register (pending_result_) instead of
  // reading the result-ready table (the same decisions; set_timing() picks the loop).
  // kJit: the translating executor's loop (no checks, kOnePending, no predictor; with or without kFetch): at
  // each instruction boundary it enters the translated block that starts there, if any.
  template <bool kFetch, bool kChecks, bool kOnePending, bool kJit = false>
  void run_block();
  bool insns_may_be_flagged() const { return !breakpoints_.empty() || !entry_hooks_.empty() || triggers_.any_exec(); }
  void take_trap(uint32_t cause, uint32_t tval);
  bool take_pending_interrupt();
  void recompute_next_event();
  // At the end of an instruction: if the checkpoint is the only event reached, note it and go on
  // without leaving the hot loop (once per quantum under run-ahead).
  bool pass_checkpoint() {
    if (next_event_ != checkpoint_ || cycle_ >= other_event_) return false;
    next_checkpoint();
    next_event_ = checkpoint_ < other_event_ ? checkpoint_ : other_event_;
    return cycle_ < next_event_;
  }
  // cycle_ reached checkpoint_: note it, and set the next one (the first multiple of the period
  // after cycle_, or the embedding's answer).
  void next_checkpoint() {
    if (!checkpoint_every_) {
      checkpoint_ = env_.checkpoint(cycle_);
      return;
    }
    checkpoint_passed_ = cycle_;
    uint64_t next = checkpoint_ + checkpoint_every_;  // (nearly always: the next quantum)
    if (next <= cycle_) next = (cycle_ / checkpoint_every_ + 1) * checkpoint_every_;
    checkpoint_ = next;
  }
  void end_block() { next_event_ = 0; }
  bool do_semihosting_ebreak();
  void do_mret();
  void do_sret();
  // set_priv(p) after mstatus changed; data_before: data_priv() before the change.
  void set_priv_and_data(uint8_t p, uint8_t data_before);
  // The legality checks of the privileged instructions in the current mode (false: illegal).
  bool mret_allowed() const { return priv_ == kPrivM; }
  bool sret_allowed() const { return priv_ == kPrivM || (priv_ == kPrivS && !(mstatus_ & kMstatusTSR)); }
  bool wfi_allowed() const {
    return priv_ == kPrivM || (!(mstatus_ & kMstatusTW) && priv_ == kPrivS);  // U: illegal when S exists
  }
  bool sfence_allowed() const { return priv_ == kPrivM || (priv_ == kPrivS && !(mstatus_ & kMstatusTVM)); }
  // Zicbom below M: menvcfg (and in U senvcfg) enable each operation; CBIE = 01 makes an inval a
  // flush. False: illegal.
  bool cbo_allowed(CacheOp& op) const {
    const auto field = [&](uint32_t cfg, unsigned shift, unsigned bits) { return (cfg >> shift) & ((1u << bits) - 1); };
    if (op == CacheOp::Inval) {
      const uint32_t m = field(menvcfg_, 4, 2), s = priv_ == kPrivU ? field(senvcfg_, 4, 2) : 3;
      if (m == 0 || m == 2 || s == 0 || s == 2) return false;
      if (m == 1 || s == 1) op = CacheOp::Flush;
      return true;
    }
    return field(menvcfg_, 6, 1) && (priv_ != kPrivU || field(senvcfg_, 6, 1));
  }
  uint32_t ecall_cause() const { return priv_ == kPrivU ? kEcallU : priv_ == kPrivS ? kEcallS : kEcallM; }
  // The mode loads and stores use: mstatus.MPP while MPRV is set, else the current one.
  uint8_t data_priv() const {
    return (mstatus_ & kMstatusMPRV) ? uint8_t((mstatus_ & kMstatusMPP) >> kMstatusMPPShift) : priv_;
  }
  bool run_entry_hook(uint32_t pc);  // true: the owning extension executed from pc
  void mark_entry_hook(uint32_t pc, bool on);
  bool csr_op(const DecodedInsn& d, uint32_t src, bool write_always);

  // ---- CSRs (csr.cpp) ----
  bool csr_read(uint16_t csr, uint32_t& v);
  bool csr_write(uint16_t csr, uint32_t v);
  // mstatus = v; a change of what loads and stores may do (MPRV, MPP, SUM, MXR) flushes the TLBs.
  void set_mstatus(uint32_t v);
  bool write_satp(uint32_t v);  // false: not a legal write (never; WARL)

  // ---- PMP and triggers: checked on slow paths only ----
  // PMP rules changed: fast paths (TLBs, decoded code) were filled under the old ones.
  void pmp_changed();
  // Trigger settings changed: re-flag decoded instructions and watched pages.
  void triggers_changed();
  // The access [addr, addr + len) in mode `priv` passes the PMP (also: may be put in a TLB / decode
  // page under the current rules, which every change of mode or rules flushes).
  bool pmp_allows(uint32_t addr, uint32_t len, uint8_t perm, uint8_t priv) const {
    return priv == kPrivM ? (!pmp_.active() || pmp_.allows(addr, len, perm)) : pmp_.allows_su(addr, len, perm);
  }
  // An instruction flagged kBreakpoint: a gdb breakpoint or halt trigger stops the hart, an
  // exception trigger traps.
  enum class FlaggedInsn { Run, Stop, Trap };
  [[gnu::cold, gnu::noinline]] FlaggedInsn at_flagged_insn(uint32_t pc);
  // A load/store on a flagged page hit a software trigger: raises the breakpoint exception.
  bool data_trigger(uint32_t addr, unsigned len, bool store);
  bool fs_enabled() const { return (mstatus_ & kFsMask) != 0; }

  // ---- FP flags: host flags accumulate lazily; see sync_fflags ----
  void sync_fflags();         // fold host exception flags into fflags_ and clear them
  friend struct HostFpGuard;  // around every call into the environment

  // mstatus fields: from the CSR table's header (csr.h); kMstatusMIE and kMstatusMPIE are used as is.
  static constexpr uint32_t kMppM = kMstatusMPP;
  static constexpr uint32_t kFsMask = kMstatusFS, kFsInitial = kMstatusFSInitial, kFsDirty = kMstatusFSDirty;

  HartConfig cfg_;
  HartEnv& env_;
  DecodeFeatures features_;
  std::vector<std::unique_ptr<Extension>> extensions_;
  std::unique_ptr<Semihosting> semihost_;

  // architectural state (x_[32] is the sink register that x0 destinations write)
  uint32_t x_[33] = {};
  uint32_t f_[32] = {};
  uint32_t pc_ = 0;
  uint32_t fflags_ = 0, frm_ = 0;
  uint32_t mstatus_ = 0, mtvec_ = 0, mepc_ = 0, mcause_ = 0, mtval_ = 0, mscratch_ = 0;
  uint32_t mie_ = 0, mip_lines_ = 0, mip_sw_ = 0;
  uint8_t priv_ = kPrivM;
  // Supervisor state (misa S) and delegation; mcounteren/scounteren gate the counters below M.
  uint32_t medeleg_ = 0, mideleg_ = 0, mcounteren_ = 0, scounteren_ = 0, menvcfg_ = 0, senvcfg_ = 0;
  uint32_t stvec_ = 0, sscratch_ = 0, sepc_ = 0, scause_ = 0, stval_ = 0, satp_ = 0;
  bool has_s() const { return cfg_.misa & kMisaS; }
  bool has_u() const { return cfg_.misa & kMisaU; }
  uint64_t mcycle_offset_ = 0;
  bool reservation_valid_ = false;
  uint32_t reservation_addr_ = 0;
  Reservations* reservations_ = nullptr;

  // time and events
  uint64_t cycle_ = 0, instret_ = 0;
  uint64_t stall_fetch_ = 0, stall_data_ = 0, stall_exec_ = 0, idle_ = 0, traps_ = 0;
  uint64_t page_walks_ = 0, page_walk_cycles_ = 0, page_faults_ = 0;  // HartStats
  uint64_t timer_deadline_ = ~0ull;
  uint64_t limit_ = 0;
  uint64_t next_event_ = 0;
  uint64_t checkpoint_ = ~uint64_t(0);
  uint64_t checkpoint_every_ = 0;               // periodic checkpoints (0: HartEnv::checkpoint)
  uint64_t checkpoint_passed_ = kNoCheckpoint;  // the cycle of the last periodic one passed
  uint64_t other_event_ = 0;  // next_event_ without the checkpoint  // the hot loop runs while cycle_ < next_event_
  bool waiting_ = false;
  bool step_mode_ = false;
  bool has_pending_stop_ = false;
  StopReason pending_stop_ = StopReason::Exit;
  uint32_t bp_skip_pc_ = 1;  // a breakpoint here is not reported (we just stopped at it)
  // Result latency (TimingConfig: load_use, late_result): the cycle from which each register's
  // value may be read, indexed like insn_reads()'s numbering plus kNotRead (a field that is not
  // read indexes an entry that stays 0); results_busy_until_: the latest of them, so that the
  // executor looks at the table only while some result is still on its way.
  // (An extension's instruction may put any byte in its operand fields: an index goes up to 255 +
  // kNotRead.)
  uint64_t result_ready_[256 + kNotRead] = {};
  uint64_t results_busy_until_ = 0;
  unsigned pending_result_ = kNotRead;  // kOnePending: the register whose result is ready at results_busy_until_
  void forget_result_latency();         // a pipeline flush (trap entry, an extension that redirected pc)
  uint32_t exec_cycles_[unsigned(TimingClass::Count)] = {};  // per TimingClass
  bool late_class_[unsigned(TimingClass::Count)] = {};       // per TimingClass: a late result
  std::vector<uint8_t> bht_;  // BranchPredictor::Bht: 2-bit counters (empty: no predictor)
  // The extra cycles of a conditional branch at `pc` with a predictor (and its counter's update).
  uint32_t predicted_branch_cycles(uint32_t pc, bool taken) {
    uint8_t& c = bht_[(pc >> 1) & (bht_.size() - 1)];
    const bool predicted_taken = c >= 2;
    c = taken ? uint8_t(c + (c < 3)) : uint8_t(c - (c > 0));
    if (predicted_taken != taken) return cfg_.timing.mispredict;
    return taken ? cfg_.timing.taken_branch : 0;
  }
  uint32_t misalign_mask_ = 0;  // jump targets with these bits set are misaligned (2 without C)

  // memory
  MemTiming* mem_timing_ = nullptr;
  unsigned fetch_line_bits_ = 6;
  uint32_t fetch_line_mask_ = 63;  // offset bits of a fetch line within its page: min(line, page) - 1
  uint32_t fetch_line_ = ~0u;      // line (pc >> fetch_line_bits_) the hart fetches from; ~0: none
  // With a MemTiming: the host address just past the decode-cache slots of fetch_line_'s part of the
  // current page (0: none). The executor's next slot below it needs neither a page nor a line check.
  uintptr_t line_end_ = 0;
  std::vector<FastRegion> regions_;
  TlbEntry rtlb_[kTlbEntries], wtlb_[kTlbEntries];
  RepeatHits repeat_data_, repeat_fetch_;
  std::unique_ptr<uint8_t, void (*)(void*)> page_flags_;  // 2^20 entries, lazily zeroed
  std::vector<Watchpoint> watchpoints_;
  struct PageRange {
    uint32_t first, last;
  };
  std::vector<PageRange> flagged_ranges_;  // the pages the watch flags were last set on
  WatchHit watch_hit_;
  std::unordered_map<uint32_t, std::unique_ptr<DecodedPage>> pages_;
  struct PageCacheEntry {
    uint32_t page = ~0u;  // virtual
    DecodedPage* p = nullptr;
    uint32_t delta = 0;  // physical - virtual address
  };
  PageCacheEntry page_cache_[64];
  // The page the executor is in, when its instructions are decoded (else ~0u: cur_page_ is then null).
  uint32_t cur_page_num_ = ~0u;
  DecodedPage* cur_page_ = nullptr;
  // The host address just past cur_page_'s last slot (0 without a current page): the executor's
  // next slot lies in the page while its address is below (one compare, no pc arithmetic).
  uintptr_t cur_page_end_ = 0;
  // physical - virtual address of the page the executor is in (the I-cache sees physical lines).
  uint32_t fetch_delta_ = 0;
  // The walk refused the page the executor moved to: its fetch faults and times no I-cache line.
  bool fetch_unmapped_ = false;
  // The executor moves to `page`; false (and no current page) if its memory is not cacheable.
  bool enter_page(uint32_t page) {
    cur_page_ = decoded_page(page);
    cur_page_num_ = cur_page_ ? page : ~0u;
    cur_page_end_ = cur_page_ ? reinterpret_cast<uintptr_t>(cur_page_->insn + kPageSize / 2) : 0;
    return cur_page_ != nullptr;
  }
  DecodedInsn scratch_;  // for instructions fetched from memory that is not cached
  std::vector<uint32_t> breakpoints_;
  struct EntryHook {
    uint32_t pc;
    unsigned ext;  // index into extensions_
  };
  std::vector<EntryHook> entry_hooks_;

  std::unique_ptr<Translator> jit_;  // the translating executor (nullptr: interpret only)

  TraceFn trace_fn_ = nullptr;
  void* trace_user_ = nullptr;
  TrapInfo last_trap_;
  int exit_code_ = 0;

  // (after the hot members: only slow paths look at these)
  Pmp pmp_;
  Triggers triggers_;
};

}  // namespace vp::iss
