// Hart: construction, the outer run loop (stops, interrupts, WFI), traps, memory slow paths,
// the decode cache and the debug hooks. The per-instruction executor is in exec.cpp.
#include "models/cpu/iss/hart.h"

#include <algorithm>
#include <cfenv>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>

#include "models/cpu/iss/fpu.h"
#include "models/cpu/iss/hart_inline.h"
#include "models/cpu/iss/reservations.h"
#include "models/cpu/iss/semihosting.h"
#include "models/cpu/iss/translator.h"

namespace vp::iss {

const char* stop_reason_name(StopReason r) {
  switch (r) {
    case StopReason::CycleLimit: return "cycle-limit";
    case StopReason::Exit: return "exit";
    case StopReason::Wfi: return "wfi";
    case StopReason::Breakpoint: return "breakpoint";
    case StopReason::Watchpoint: return "watchpoint";
    case StopReason::Step: return "step";
    case StopReason::Trap: return "trap";
  }
  return "?";
}

Hart::Hart(const HartConfig& config, HartEnv& env)
    : cfg_(config),
      env_(env),
      // One byte per 4 KiB page of the 4 GiB space; calloc'd memory is zero-filled lazily by
      // the OS, so only the pages of flags actually touched cost memory.
      page_flags_(static_cast<uint8_t*>(std::calloc(1u << 20, 1)), &std::free),
      pmp_(config.pmp_granularity) {
  cfg_.misa |= kMisaI;
  features_.misa = cfg_.misa;
  features_.zicsr = cfg_.zicsr;
  features_.zifencei = cfg_.zifencei;
  features_.zicbom = cfg_.zicbom;
  semihost_ = std::make_unique<Semihosting>(*this);
  if (const char* e = std::getenv("VP_EXECUTOR")) {  // (for the tests: a whole suite under one executor)
    const std::string v = e;
    if (v != "interpret" && v != "translate") {
      std::fprintf(stderr, "VP_EXECUTOR=%s: expected interpret or translate\n", e);
      std::exit(2);
    }
    cfg_.executor = v == "translate" ? Executor::Translate : Executor::Interpret;
  }
  if (const char* e = std::getenv("VP_TRANSLATE_AFTER")) {  // (the same, for the translation threshold)
    char* end = nullptr;
    const unsigned long v = std::strtoul(e, &end, 10);
    if (!*e || *end || v < 1 || v > 255) {
      std::fprintf(stderr, "VP_TRANSLATE_AFTER=%s: expected a number of visits from 1 to 255\n", e);
      std::exit(2);
    }
    cfg_.translate_after = unsigned(v);
  }
  cfg_.translate_after = std::clamp(cfg_.translate_after, 1u, 255u);  // (a visit count is a byte)
  if (cfg_.executor == Executor::Translate) {
    if (!Translator::available()) {
      std::fprintf(stderr, "executor translate: this build has no translator (built without xbyak, or not x86-64)\n");
      std::exit(2);
    }
    try {
      jit_ = std::make_unique<Translator>(*this);
    } catch (const std::exception& e) {  // (no executable memory: a hardened host)
      std::fprintf(stderr, "executor translate: %s: the interpreter runs everything\n", e.what());
    }
  }
  set_timing(cfg_.timing);
  if (cfg_.has_tohost) set_page_flag(cfg_.tohost_addr >> kPageBits, kTohostPage);
  reset();
}

Hart::~Hart() {
  if (reservations_) reservations_->remove(*this);
}

void Hart::set_reservations(Reservations* r) {
  if (reservations_) reservations_->remove(*this);
  reservations_ = r;
  if (r) r->add(*this);
}

// ---------------------------------------------------------------------------------------------
// Reservations (reservations.h)

void Reservations::add(Hart& hart) { harts_.push_back(&hart); }

void Reservations::remove(Hart& hart) { harts_.erase(std::remove(harts_.begin(), harts_.end(), &hart), harts_.end()); }

void Reservations::reserved(Hart& hart, uint32_t addr) {
  (void)hart;
  if (harts_.size() < 2) return;  // one hart: only other initiators break it (the bus path, write())
  const uint32_t page = addr >> Hart::kPageBits;
  for (Hart* h : harts_)
    if (!(h->page_flags_.get()[page] & Hart::kReservedPage)) h->set_page_flag(page, Hart::kReservedPage);
}

void Reservations::write(const Hart* by, uint32_t addr, uint32_t len) {
  for (Hart* h : harts_) {
    if (h == by || !h->reservation_valid_) continue;
    if (h->reservation_addr_ < uint64_t(addr) + len && addr < uint64_t(h->reservation_addr_) + 4) {
      h->reservation_valid_ = false;
      ++broken_;
    }
  }
}

Extension& Hart::add_extension(std::unique_ptr<Extension> ext) {
  extensions_.push_back(std::move(ext));
  cfg_.misa |= extensions_.back()->misa_bits();
  flush_decode_cache();
  extensions_.back()->reset(*this);
  return *extensions_.back();
}

const Extension* Hart::extension(unsigned index) const {
  return index < extensions_.size() ? extensions_[index].get() : nullptr;
}

void Hart::reset() {
  std::fill(std::begin(x_), std::end(x_), 0);
  std::fill(std::begin(f_), std::end(f_), 0);
  pc_ = cfg_.reset_pc;
  fflags_ = frm_ = 0;
  mstatus_ = kMppM | ((cfg_.fpu_on_at_reset && (cfg_.misa & kMisaF)) ? kFsInitial : 0);
  mtvec_ = cfg_.reset_mtvec;
  mepc_ = mcause_ = mtval_ = mscratch_ = mie_ = 0;
  mip_sw_ = medeleg_ = mideleg_ = mcounteren_ = scounteren_ = menvcfg_ = senvcfg_ = 0;
  stvec_ = sscratch_ = sepc_ = scause_ = stval_ = satp_ = 0;
  priv_ = kPrivM;
  reservation_valid_ = false;
  waiting_ = false;
  forget_result_latency();
  std::fill(bht_.begin(), bht_.end(), uint8_t(1));  // weakly not taken
  misalign_mask_ = (cfg_.misa & kMisaC) ? 0 : 2;
  pmp_.reset();
  pmp_changed();
  triggers_.reset();
  triggers_changed();
  for (auto& e : extensions_) e->reset(*this);
}

void Hart::set_timing(const TimingConfig& t) {
  cfg_.timing = t;
  using C = TimingClass;
  const uint32_t per_class[unsigned(C::Count)] = {0,     0,      0,       t.mul,    t.div,    t.fadd, t.fmul,
                                                  t.fma, t.fdiv, t.fsqrt, t.fcvt_w, t.fcvt_s, t.fmisc};
  std::copy(std::begin(per_class), std::end(per_class), exec_cycles_);
  // Late results (TimingConfig::late_result): shifts, CSR reads, mul/div and the multi-cycle FP
  // operations; loads have their own load_use.
  for (unsigned c = 0; c < unsigned(C::Count); ++c)
    late_class_[c] = t.late_result > 0 && C(c) != C::Alu && C(c) != C::FMisc;
  bht_.assign(t.predictor == BranchPredictor::Bht ? t.bht_entries : 0, uint8_t(1));
  forget_result_latency();
  flush_decode_cache();
}

void Hart::forget_result_latency() {
  std::fill(std::begin(result_ready_), std::end(result_ready_), 0);
  results_busy_until_ = 0;
}

HartStats Hart::stats() const {
  HartStats s;
  s.cycles = cycle_;
  s.instret = instret_;
  s.stall_fetch = stall_fetch_;
  s.stall_data = stall_data_;
  s.stall_exec = stall_exec_;
  s.page_walks = page_walks_;
  s.page_walk_cycles = page_walk_cycles_;
  s.page_faults = page_faults_;
  s.idle = idle_;
  s.traps = traps_;
  return s;
}

// ---------------------------------------------------------------------------------------------
// Run loop

void Hart::request_stop(StopReason why) {
  if (!has_pending_stop_) {
    has_pending_stop_ = true;
    pending_stop_ = why;
  }
  end_block();
}

void Hart::idle_until(uint64_t cycle) {
  if (cycle > cycle_) {
    idle_ += cycle - cycle_;
    cycle_ = cycle;
  }
}

void Hart::set_irq_pending(unsigned bit, bool level) {
  const uint32_t m = 1u << bit;
  mip_lines_ = level ? (mip_lines_ | m) : (mip_lines_ & ~m);
  end_block();
}

void Hart::set_timer_deadline(uint64_t cycle) {
  timer_deadline_ = cycle;
  end_block();
}

void Hart::recompute_next_event() {
  uint64_t next = limit_;
  if ((mie_ & kMTIP) && timer_deadline_ > cycle_ && timer_deadline_ < next) next = timer_deadline_;
  other_event_ = step_mode_ ? 0 : next;
  if (checkpoint_ < next) next = checkpoint_;
  if (step_mode_) next = 0;
  next_event_ = next;
}

bool Hart::take_pending_interrupt() {
  const uint32_t pending = mip() & mie_;
  if (!pending) return false;
  // An interrupt M keeps is taken below M always, in M while MIE; a delegated one below S always,
  // in S while SIE, never in M (privileged spec, "Machine Interrupt Registers").
  const bool m_on = priv_ < kPrivM || (mstatus_ & kMstatusMIE);
  const bool s_on = priv_ < kPrivS || (priv_ == kPrivS && (mstatus_ & kMstatusSIE));
  const uint32_t take = (m_on ? pending & ~mideleg_ : 0) | (s_on ? pending & mideleg_ : 0);
  if (!take) return false;
  // Standard priority: MEI > MSI > MTI > SEI > SSI > STI.
  static constexpr uint8_t kOrder[] = {11, 3, 7, 9, 1, 5};
  for (uint8_t bit : kOrder) {
    if (take & (1u << bit)) {
      take_trap(kInterrupt | bit, 0);
      return true;
    }
  }
  return false;
}

StopReason Hart::run(uint64_t cycle_limit) {
  limit_ = cycle_limit;
  // Reading the FP environment is cheap, rewriting it (fesetround/feclearexcept) is not: run() is
  // entered once per quantum, so only touch it when someone else left it changed.
  if (std::fegetround() != FE_TONEAREST) std::fesetround(FE_TONEAREST);
  if (std::fetestexcept(FE_ALL_EXCEPT)) std::feclearexcept(FE_ALL_EXCEPT);
  bp_skip_pc_ = pc_;
  // No instruction jumps to an odd address (or, without C, to one that is not a multiple of 4); a pc
  // set from outside (an accelerator's entry point, a debugger) can be: fetching there is misaligned.
  if (pc_ & (misalign_mask_ | 1)) take_trap(kInsnMisaligned, pc_);
  StopReason why;
  for (;;) {
    if (has_pending_stop_) {
      has_pending_stop_ = false;
      why = pending_stop_;
      break;
    }
    if (waiting_) {
      if (mip() & mie_) {
        waiting_ = false;  // any enabled pending interrupt wakes WFI, even with mstatus.MIE = 0
      } else if ((mie_ & kMTIP) && timer_deadline_ <= limit_) {
        idle_until(timer_deadline_);
        waiting_ = false;
      } else {
        why = StopReason::Wfi;
        break;
      }
    }
    take_pending_interrupt();
    if (has_pending_stop_) continue;
    if (cycle_ >= checkpoint_) next_checkpoint();
    if (cycle_ >= limit_) {
      why = StopReason::CycleLimit;
      break;
    }
    recompute_next_event();
    execute_block();
  }
  sync_fflags();
  return why;
}

StopReason Hart::step() {
  step_mode_ = true;
  const StopReason r = run(~0ull);
  step_mode_ = false;
  return r;
}

void Hart::sync_fflags() { fpu::take_host_flags(fflags_); }

// ---------------------------------------------------------------------------------------------
// Traps

void Hart::raise_exception(uint32_t cause, uint32_t tval) { take_trap(cause, tval); }

void Hart::take_trap(uint32_t cause, uint32_t tval) {
  last_trap_ = TrapInfo{cause, tval, pc_, 0, true};
  const bool interrupt = cause & kInterrupt;
  const uint32_t code = cause & ~kInterrupt;
  // A trap taken in S or U mode goes to S when M delegated its cause (medeleg / mideleg).
  const bool to_s = priv_ <= kPrivS && code < 32 && (((interrupt ? mideleg_ : medeleg_) >> code) & 1);
  const uint32_t tvec = to_s ? stvec_ : mtvec_;
  uint32_t handler = tvec & ~3u;
  if (interrupt && (tvec & 3) == 1) handler += 4 * code;
  if (!interrupt && ((cause < 32 && (cfg_.stop_on_exceptions >> cause) & 1) || pc_ == handler)) {
    // Either asked to stop here, or the handler's own first instruction faults (a loop).
    request_stop(StopReason::Trap);
    return;
  }
  if (to_s) {
    sepc_ = pc_;
    scause_ = cause;
    stval_ = tval;
    mstatus_ = (mstatus_ & ~(kMstatusSPIE | kMstatusSIE | kMstatusSPP)) |
               ((mstatus_ & kMstatusSIE) ? kMstatusSPIE : 0) | (priv_ == kPrivS ? kMstatusSPP : 0);
    set_priv(kPrivS);
  } else {
    const uint8_t data_before = data_priv();
    mepc_ = pc_;
    mcause_ = cause;
    mtval_ = tval;
    mstatus_ = (mstatus_ & ~(kMstatusMPIE | kMstatusMIE | kMstatusMPP)) |
               ((mstatus_ & kMstatusMIE) ? kMstatusMPIE : 0) | (uint32_t(priv_) << kMstatusMPPShift);
    set_priv_and_data(kPrivM, data_before);
  }
  pc_ = handler;
  forget_result_latency();
  waiting_ = false;
  ++traps_;
  cycle_ += cfg_.timing.trap;
  stall_fetch_ += cfg_.timing.trap;
}

void Hart::do_mret() {
  const bool mpie = mstatus_ & kMstatusMPIE;
  const uint8_t mpp = uint8_t((mstatus_ & kMstatusMPP) >> kMstatusMPPShift);
  // MPP becomes the least privileged mode there is; leaving M clears MPRV.
  const uint32_t least = has_u() ? 0 : kMppM;
  mstatus_ = (mstatus_ & ~(kMstatusMIE | kMstatusMPP)) | (mpie ? kMstatusMIE : 0) | kMstatusMPIE | least;
  const uint8_t data_before = data_priv();
  if (mpp != kPrivM) mstatus_ &= ~kMstatusMPRV;
  set_priv_and_data(mpp, data_before);
  end_block();  // MIE may have turned on: look at pending interrupts
}

void Hart::do_sret() {
  const bool spie = mstatus_ & kMstatusSPIE;
  const uint8_t spp = (mstatus_ & kMstatusSPP) ? kPrivS : kPrivU;
  mstatus_ = (mstatus_ & ~(kMstatusSIE | kMstatusSPP | kMstatusMPRV)) | (spie ? kMstatusSIE : 0) | kMstatusSPIE;
  set_priv(spp);
  end_block();
}

void Hart::set_mstatus(uint32_t v) {
  constexpr uint32_t kDataContext = kMstatusMPRV | kMstatusMPP | kMstatusSUM | kMstatusMXR;
  const bool flush = ((mstatus_ ^ v) & kDataContext) &&
                     ((mstatus_ | v) & kMstatusMPRV || ((mstatus_ ^ v) & (kMstatusSUM | kMstatusMXR)));
  mstatus_ = v;
  if (flush) flush_tlbs();
  end_block();
}

bool Hart::write_satp(uint32_t v) {
  // MODE Bare or Sv32, PPN; no ASID bits (they read 0). Translation below M starts with the next
  // access (the fast paths start over).
  satp_ = v & 0x803fffffu;
  flush_tlbs();
  end_block();
  return true;
}

void Hart::set_priv_and_data(uint8_t p, uint8_t data_before) {
  // With MPRV set, a trap into M or an mret that stays in M changes MPP, hence the mode loads and
  // stores translate in, without changing the mode itself: the TLBs hold the old mode's pages.
  if (p == priv_ && data_priv() != data_before) flush_tlbs();
  set_priv(p);
}

void Hart::set_priv(uint8_t p) {
  if (p == priv_) return;
  priv_ = p;
  // The fast paths (TLBs, decoded pages) hold what the PMP allowed the old mode: start over.
  flush_tlbs();
  end_block();
}

// ---------------------------------------------------------------------------------------------
// Memory

const FastRegion* Hart::find_region(uint32_t addr, uint32_t len) const {
  for (const FastRegion& r : regions_) {
    if (addr >= r.base && uint64_t(addr - r.base) + len <= r.size) return &r;
  }
  return nullptr;
}

void Hart::add_fast_region(const FastRegion& r) {
  regions_.push_back(r);
  flush_tlbs();
}

void Hart::remove_fast_regions(uint32_t base, uint32_t size) {
  const uint64_t end = uint64_t(base) + size;
  regions_.erase(std::remove_if(regions_.begin(), regions_.end(),
                                [&](const FastRegion& r) { return r.base < end && base < uint64_t(r.base) + r.size; }),
                 regions_.end());
  flush_tlbs();
  flush_decode_cache();  // the code may be served from elsewhere now
}

void Hart::flush_tlbs() {
  for (auto& e : rtlb_) e.page = ~0u;
  for (auto& e : wtlb_) e.page = ~0u;
  for (auto& e : page_cache_) e = PageCacheEntry{};
  cur_page_num_ = ~0u;
  cur_page_ = nullptr;
  cur_page_end_ = 0;
  line_end_ = 0;
}

void Hart::set_page_flag(uint32_t page, uint8_t flag) {
  page_flags_.get()[page] |= flag;
  // The inline paths never see a watched page: drop it from the TLBs. (Their entries are virtual
  // pages; under translation any of them may map this physical page: look at each.)
  if (satp_ >> 31) {
    const uint32_t base = page << kPageBits;
    for (TlbEntry& e : wtlb_) {
      if (e.page != ~0u && (e.page << kPageBits) + e.delta == base) e.page = ~0u;
    }
    if (flag & kWatchReadPage) {
      for (TlbEntry& e : rtlb_) {
        if (e.page != ~0u && (e.page << kPageBits) + e.delta == base) e.page = ~0u;
      }
    }
    return;
  }
  if (wtlb_[page % kTlbEntries].page == page) wtlb_[page % kTlbEntries].page = ~0u;
  if ((flag & kWatchReadPage) && rtlb_[page % kTlbEntries].page == page) rtlb_[page % kTlbEntries].page = ~0u;
}

bool Hart::check_watch(uint32_t addr, unsigned len, bool write) {
  for (const Watchpoint& w : watchpoints_) {
    const bool kind_ok = write ? (int(w.kind) & int(WatchKind::Write)) : (int(w.kind) & int(WatchKind::Read));
    if (kind_ok && addr < uint64_t(w.addr) + w.len && w.addr < uint64_t(addr) + len) {
      watch_hit_ = WatchHit{addr, len, write, pc_};
      request_stop(StopReason::Watchpoint);
      return true;
    }
  }
  return false;
}

bool Hart::load_slow(uint32_t va, void* data, unsigned len, AccessKind kind) {
  const bool amo = kind == AccessKind::AmoLoad;
  const uint8_t dpriv = data_priv();
  uint32_t addr = va;  // the physical address
  if (translating(dpriv)) {
    if ((va & (kPageSize - 1)) + len > kPageSize) {  // misaligned across two pages: byte by byte
      for (unsigned i = 0; i < len; ++i) {
        if (!load_slow(va + i, static_cast<uint8_t*>(data) + i, 1, kind)) return false;
      }
      return true;
    }
    uint32_t cause;
    if (!translate(va, amo ? Access::Write : Access::Read, dpriv, addr, cause)) {
      take_trap(cause, va);
      return false;
    }
  }
  if (!pmp_allows(addr, len, amo ? Pmp::kR | Pmp::kW : Pmp::kR, dpriv)) {
    take_trap(amo ? kStoreAccessFault : kLoadAccessFault, va);
    return false;
  }
  const uint32_t page = addr >> kPageBits, last_page = (addr + len - 1) >> kPageBits;
  const uint8_t pf = page_flags_.get()[page] | page_flags_.get()[last_page];
  if (pf & kWatchReadPage) {
    if (data_trigger(addr, len, false)) return false;
    check_watch(addr, len, false);
  }
  const FastRegion* r = find_region(addr, len);
  if (r && r->read) {
    std::memcpy(data, r->host + (addr - r->base), len);
    const uint32_t c = mem_timing_ ? mem_timing_->data_access(kind, addr, len, cycle_, r->read_cycles) : r->read_cycles;
    cycle_ += c;
    stall_data_ += c;
    const uint32_t page_base = page << kPageBits;
    if (page == last_page && !(pf & kWatchReadPage) && find_region(page_base, kPageSize) == r &&
        pmp_allows(page_base, kPageSize, Pmp::kR, dpriv)) {
      const uint32_t vpage = va >> kPageBits;
      rtlb_[vpage % kTlbEntries] =
          TlbEntry{vpage, r->read_cycles, r->host + (page_base - r->base), page_base - (vpage << kPageBits)};
    }
    return true;
  }
  if (addr % len) {  // misaligned outside a fast region: split into bytes (as QEMU does)
    for (unsigned i = 0; i < len; ++i) {
      if (!load_slow(va + i, static_cast<uint8_t*>(data) + i, 1, kind)) return false;
    }
    return true;
  }
  uint64_t cycles = 0;
  MemStatus st;
  {
    HostFpGuard guard(*this);
    st = env_.access(kind, addr, data, len, cycles);
  }
  cycle_ += cycles;
  stall_data_ += cycles;
  if (st != MemStatus::Ok) {
    take_trap(kind == AccessKind::AmoLoad ? kStoreAccessFault : kLoadAccessFault, va);
    return false;
  }
  return true;
}

bool Hart::store_slow(uint32_t va, const void* data, unsigned len, AccessKind kind) {
  const uint8_t dpriv = data_priv();
  uint32_t addr = va;  // the physical address
  if (translating(dpriv)) {
    if ((va & (kPageSize - 1)) + len > kPageSize) {  // misaligned across two pages: byte by byte
      for (unsigned i = 0; i < len; ++i) {
        if (!store_slow(va + i, static_cast<const uint8_t*>(data) + i, 1, kind)) return false;
      }
      return true;
    }
    uint32_t cause;
    if (!translate(va, Access::Write, dpriv, addr, cause)) {
      take_trap(cause, va);
      return false;
    }
  }
  if (!pmp_allows(addr, len, Pmp::kW, dpriv)) {
    take_trap(kStoreAccessFault, va);
    return false;
  }
  const uint32_t page = addr >> kPageBits, last_page = (addr + len - 1) >> kPageBits;
  const uint8_t pf = page_flags_.get()[page] | page_flags_.get()[last_page];
  if (pf & kWatchWritePage) {
    if (data_trigger(addr, len, true)) return false;
    check_watch(addr, len, true);
  }
  // Another hart may hold a reservation here: it breaks (before the data moves: the store and the
  // break are one step for every other hart, which runs only when this one yields).
  if ((pf & kReservedPage) && reservations_) reservations_->write(this, addr, len);
  const FastRegion* r = find_region(addr, len);
  if (r && r->write) {
    std::memcpy(r->host + (addr - r->base), data, len);
    const uint32_t c =
        mem_timing_ ? mem_timing_->data_access(kind, addr, len, cycle_, r->write_cycles) : r->write_cycles;
    cycle_ += c;
    stall_data_ += c;
    const uint32_t page_base = page << kPageBits;
    if (page == last_page && pf == 0 && find_region(page_base, kPageSize) == r &&
        pmp_allows(page_base, kPageSize, Pmp::kW, dpriv)) {
      const uint32_t vpage = va >> kPageBits;
      wtlb_[vpage % kTlbEntries] =
          TlbEntry{vpage, r->write_cycles, r->host + (page_base - r->base), page_base - (vpage << kPageBits)};
    }
  } else if (addr % len) {
    for (unsigned i = 0; i < len; ++i) {
      if (!store_slow(va + i, static_cast<const uint8_t*>(data) + i, 1, kind)) return false;
    }
    return true;
  } else {
    uint64_t cycles = 0;
    MemStatus st;
    {
      HostFpGuard guard(*this);
      st = env_.access(kind, addr, const_cast<void*>(data), len, cycles);
    }
    cycle_ += cycles;
    stall_data_ += cycles;
    if (st != MemStatus::Ok) {
      take_trap(kStoreAccessFault, va);
      return false;
    }
  }
  // Side effects of writing a watched page.
  if (pf & kCodePage) {
    invalidate_code_page(page);
    if (last_page != page) invalidate_code_page(last_page);
  }
  if ((pf & kTohostPage) && cfg_.has_tohost && cfg_.tohost_addr >= addr && cfg_.tohost_addr < uint64_t(addr) + len) {
    uint32_t value = 0;
    debug_read(cfg_.tohost_addr, &value, 4);
    HostFpGuard guard(*this);
    if (env_.tohost_write(value)) request_stop(StopReason::Exit);
  }
  return true;
}

bool Hart::mem_load(uint32_t addr, void* data, unsigned len) {
  switch (len) {
    case 1: {
      uint8_t v;
      if (!load(addr, v)) return false;
      std::memcpy(data, &v, 1);
      return true;
    }
    case 2: {
      uint16_t v;
      if (!load(addr, v)) return false;
      std::memcpy(data, &v, 2);
      return true;
    }
    case 4: {
      uint32_t v;
      if (!load(addr, v)) return false;
      std::memcpy(data, &v, 4);
      return true;
    }
    default: return load_slow(addr, data, len, AccessKind::Load);
  }
}

bool Hart::mem_store(uint32_t addr, const void* data, unsigned len) {
  switch (len) {
    case 1: {
      uint8_t v;
      std::memcpy(&v, data, 1);
      return store(addr, v);
    }
    case 2: {
      uint16_t v;
      std::memcpy(&v, data, 2);
      return store(addr, v);
    }
    case 4: {
      uint32_t v;
      std::memcpy(&v, data, 4);
      return store(addr, v);
    }
    default: return store_slow(addr, data, len, AccessKind::Store);
  }
}

bool Hart::debug_read(uint32_t addr, void* data, uint32_t len) {
  if (uint64_t(addr) + len > (1ull << 32)) return false;  // addresses do not wrap around to 0
  if (const FastRegion* r = find_region(addr, len)) {
    std::memcpy(data, r->host + (addr - r->base), len);
    return true;
  }
  HostFpGuard guard(*this);
  if (env_.debug_access(false, addr, data, len)) return true;
  if (len == 1) return false;
  for (uint32_t i = 0; i < len; ++i) {
    if (!debug_read(addr + i, static_cast<uint8_t*>(data) + i, 1)) return false;
  }
  return true;
}

bool Hart::debug_write(uint32_t addr, const void* data, uint32_t len) {
  if (uint64_t(addr) + len > (1ull << 32)) return false;  // addresses do not wrap around to 0
  bool ok = true;
  if (const FastRegion* r = find_region(addr, len)) {
    std::memcpy(r->host + (addr - r->base), data, len);
  } else {
    HostFpGuard guard(*this);
    if (!env_.debug_access(true, addr, const_cast<void*>(data), len)) {
      ok = len > 1;
      for (uint32_t i = 0; ok && i < len; ++i) {
        ok = debug_write(addr + i, static_cast<const uint8_t*>(data) + i, 1);
      }
    }
  }
  notify_external_write(addr, len);
  return ok;
}

void Hart::notify_external_write(uint32_t addr, uint32_t len) {
  if (len == 0) return;
  const uint32_t first = addr >> kPageBits, last = last_page(addr, len);
  for (uint32_t p = first; p <= last && p >= first; ++p) {
    if (page_flags_.get()[p] & kCodePage) invalidate_code_page(p);
  }
  if (reservation_valid_ && reservation_addr_ < uint64_t(addr) + len && addr < reservation_addr_ + 4) {
    reservation_valid_ = false;
  }
}

// ---------------------------------------------------------------------------------------------
// Decode cache

void Hart::set_mem_timing(MemTiming* t) {
  mem_timing_ = t;
  repeat_data_.revoke_all();  // granted by the MemTiming before
  repeat_fetch_.revoke_all();
  fetch_line_bits_ = t ? t->fetch_line_bits() : 6;
  fetch_line_mask_ = uint32_t(std::min<uint64_t>(uint64_t(1) << fetch_line_bits_, kPageSize) - 1);
  forget_fetch_line();
  if (jit_) jit_->reset();  // (blocks are translated with or without fetch and data timing)
  end_block();              // the executor picks its loop (with or without hooks) per block
}

Hart::DecodedPage* Hart::decoded_page(uint32_t vpage) {
  PageCacheEntry& c = page_cache_[vpage % 64];
  fetch_unmapped_ = false;
  if (c.page == vpage) {
    fetch_delta_ = c.delta;
    return c.p;
  }
  DecodedPage* p = nullptr;
  // Decoded pages are physical (shared by every mapping of one); the cache above is virtual.
  uint32_t page = vpage;
  if (translating(priv_)) {
    // This cache is the hart's instruction TLB: a miss is a timed walk; fetch() reuses its entry.
    uint32_t pa, cause;
    const bool ok = translate(vpage << kPageBits, Access::Exec, priv_, pa, cause);
    if (!ok) {  // the fetch raises the fault (and reads no line: fetch_delta_ is not this page's)
      fetch_unmapped_ = true;
      return nullptr;
    }
    page = pa >> kPageBits;
  }
  fetch_delta_ = (page - vpage) << kPageBits;
  const FastRegion* r = find_region(page << kPageBits, kPageSize);
  // Decoded instructions skip the fetch's PMP check: only a page the current mode may execute
  // whole is cached (a change of mode or of the rules flushes this cache).
  if (r && r->exec &&
      (priv_ == kPrivM && !pmp_.active() ? true : pmp_allows(page << kPageBits, kPageSize, Pmp::kX, priv_))) {
    auto& slot = pages_[page];
    if (!slot) slot = std::make_unique<DecodedPage>();
    p = slot.get();
  }
  c = PageCacheEntry{vpage, p, (page - vpage) << kPageBits};
  return p;
}

// Only the op is reset: the executor may still read the other fields of the instruction that is
// executing when its own page gets invalidated (self-modifying code, DMA from an env callback).
void Hart::clear_page(DecodedPage& p) const {
  for (DecodedInsn& d : p.insn) d.op = Op::Undecoded;
  if (jit_) std::memset(p.visits, 0, sizeof p.visits);  // (re-decoded code counts its visits again)
}

void Hart::invalidate_code_page(uint32_t page) {
  page_flags_.get()[page] &= ~kCodePage;
  auto it = pages_.find(page);
  if (it != pages_.end()) clear_page(*it->second);
  // A 4-byte instruction at the end of the previous page has its upper half in this one.
  auto prev = pages_.find(page - 1);
  if (prev != pages_.end()) prev->second->insn[kPageSize / 2 - 1].op = Op::Undecoded;
}

void Hart::invalidate_decoded(uint32_t addr, uint32_t len) {
  if (!len) return;
  for (uint64_t page = addr >> kPageBits; page <= last_page(addr, len); ++page) {
    if (page_flags_.get()[page] & kCodePage) invalidate_code_page(uint32_t(page));
  }
}

void Hart::flush_decode_cache() {
  for (auto& [page, p] : pages_) {
    clear_page(*p);
    page_flags_.get()[page] &= ~kCodePage;
  }
  scratch_ = DecodedInsn{};
  if (jit_) jit_->reset();  // (blocks are unreachable anyway: re-decoding clears their entry flags)
}

// Fetches `len` (2 or 4) instruction bytes at virtual address va (in one page), adding the memory
// cycles to `cycles`; 0 or the fault's cause.
uint32_t Hart::fetch(uint32_t va, void* bytes, unsigned len, uint32_t& cycles, uint32_t& addr) {
  uint32_t cause;
  addr = va;
  if (translating(priv_)) {
    // The instruction TLB (decoded_page's cache) holds the page's translation: no second walk.
    const uint32_t vpage = va >> kPageBits;
    const PageCacheEntry& c = page_cache_[vpage % 64];
    if (c.page == vpage)
      addr = va + c.delta;
    else if (!translate(va, Access::Exec, priv_, addr, cause))
      return cause;
  }
  if (!pmp_allows(addr, len, Pmp::kX, priv_)) return kInsnAccessFault;
  const FastRegion* r = find_region(addr, len);
  if (r && r->exec) {
    std::memcpy(bytes, r->host + (addr - r->base), len);
    if (!mem_timing_) cycles += r->read_cycles;  // with a cache model the executor times fetches per line
    return 0;
  }
  uint64_t c = 0;
  MemStatus st;
  {
    HostFpGuard guard(*this);
    st = env_.access(AccessKind::Fetch, addr, bytes, len, c);
  }
  cycles += uint32_t(c);
  return st == MemStatus::Ok ? 0u : uint32_t(kInsnAccessFault);
}

// Fetches and decodes the instruction at pc into d. On a fetch fault raises the exception and
// returns false.
bool Hart::fetch_and_decode(uint32_t pc, DecodedInsn& d, bool trap) {
  // One access for the whole instruction when it is 4-byte aligned (the usual case); otherwise
  // (or if the word access faults: a 2-byte instruction at the end of memory) parcel by parcel.
  uint32_t cycles = 0;
  uint16_t lo = 0, hi = 0;
  uint32_t word = 0;
  uint32_t pa = pc, pa_hi = pc + 2;  // physical addresses of the two halves
  if ((pc & 3) == 0 && fetch(pc, &word, 4, cycles, pa) == 0) {
    lo = uint16_t(word);
    hi = uint16_t(word >> 16);
    pa_hi = pa + 2;
  } else {
    if (const uint32_t cause = fetch(pc, &lo, 2, cycles, pa)) {
      if (trap) take_trap(cause, pc);
      return false;
    }
    if ((lo & 3) == 3) {
      if (const uint32_t cause = fetch(pc + 2, &hi, 2, cycles, pa_hi)) {
        if (trap) take_trap(cause, pc + 2);
        return false;
      }
    }
  }
  decode_parcels(lo, hi, d);
  const unsigned tclass = unsigned(op_timing_class(d.op));
  d.exec_cycles = uint8_t(std::min<uint32_t>(255, d.exec_cycles + exec_cycles_[tclass]));
  if (late_class_[tclass]) d.flags |= DecodedInsn::kLateResult;
  d.fetch_cycles = uint8_t(std::min<uint32_t>(255, cycles));
  if ((!breakpoints_.empty() && std::find(breakpoints_.begin(), breakpoints_.end(), pc) != breakpoints_.end()) ||
      triggers_.exec_may_fire(pc)) {
    d.flags |= DecodedInsn::kBreakpoint;
  }
  if (has_entry_hook(pc)) d.flags |= DecodedInsn::kEntryHook;
  // Remember that this memory holds decoded code, so stores to it take the checked path. (The
  // physical pages: under translation each half of the instruction was fetched from its own.)
  const uint32_t page = pa >> kPageBits, last_page = (d.length() == 4 ? pa_hi : pa) >> kPageBits;
  if (!(page_flags_.get()[page] & kCodePage)) set_page_flag(page, kCodePage);
  if (!(page_flags_.get()[last_page] & kCodePage)) set_page_flag(last_page, kCodePage);
  return true;
}

// The decoder both paths share: a compressed parcel is expanded (illegal without C), a full
// instruction is offered to the extensions first, then decoded by the core.
void Hart::decode_parcels(uint16_t lo, uint16_t hi, DecodedInsn& d) {
  d = DecodedInsn{};
  if ((lo & 3) != 3) {
    const uint32_t expanded = (cfg_.misa & kMisaC) ? expand_compressed(lo, features_) : 0;
    if (expanded)
      decode32(expanded, features_, d);
    else
      d.op = Op::Illegal;
    d.raw = lo;
    d.flags = DecodedInsn::kCompressed;
    return;
  }
  const uint32_t insn = lo | uint32_t(hi) << 16;
  bool claimed = false;
  for (unsigned i = 0; i < extensions_.size() && !claimed; ++i) {
    if (extensions_[i]->decode(insn, d)) {
      d.op = Op::Ext;
      d.flags = uint8_t(i << DecodedInsn::kExtShift);
      claimed = true;
    }
  }
  if (!claimed) decode32(insn, features_, d);
  d.raw = insn;
}

bool Hart::decode_at_debug(uint32_t pc, DecodedInsn& d) {
  uint16_t lo = 0, hi = 0;
  uint32_t pa = 0, pa_hi = 0;  // (pc is virtual under translation; each parcel may be on its own page)
  if (!debug_translate(pc, pa) || !debug_read(pa, &lo, 2)) return false;
  if ((lo & 3) == 3 && (!debug_translate(pc + 2, pa_hi) || !debug_read(pa_hi, &hi, 2))) return false;
  decode_parcels(lo, hi, d);
  return true;
}

// ---------------------------------------------------------------------------------------------
// Debug hooks

void Hart::add_breakpoint(uint32_t pc) {
  if (std::find(breakpoints_.begin(), breakpoints_.end(), pc) == breakpoints_.end()) breakpoints_.push_back(pc);
  flush_decode_cache();  // entries are re-decoded with the breakpoint flag
  end_block();           // the executor picks its loop (with or without flag checks) per block
}

void Hart::remove_breakpoint(uint32_t pc) {
  breakpoints_.erase(std::remove(breakpoints_.begin(), breakpoints_.end(), pc), breakpoints_.end());
  flush_decode_cache();
}

// ---------------------------------------------------------------------------------------------
// Entry hooks

bool Hart::has_entry_hook(uint32_t pc) const {
  for (const EntryHook& h : entry_hooks_)
    if (h.pc == pc) return true;
  return false;
}

// Sets or clears the flag in the decoded entry of pc, if it is decoded (else decoding sets it).
void Hart::mark_entry_hook(uint32_t pc, bool on) {
  auto it = pages_.find(pc >> kPageBits);
  if (it == pages_.end()) return;
  DecodedInsn& d = it->second->insn[(pc & (kPageSize - 1)) >> 1];
  d.flags = on ? uint8_t(d.flags | DecodedInsn::kEntryHook) : uint8_t(d.flags & ~DecodedInsn::kEntryHook);
}

void Hart::set_entry_hook(uint32_t pc, const Extension& ext) {
  unsigned index = 0;
  while (index < extensions_.size() && extensions_[index].get() != &ext) ++index;
  if (index == extensions_.size()) return;  // not one of ours
  clear_entry_hook(pc);
  entry_hooks_.push_back(EntryHook{pc, index});
  mark_entry_hook(pc, true);
  end_block();  // the executor picks its loop (with or without flag checks) per block
}

void Hart::clear_entry_hook(uint32_t pc) {
  const auto n = entry_hooks_.size();
  entry_hooks_.erase(
      std::remove_if(entry_hooks_.begin(), entry_hooks_.end(), [pc](const EntryHook& h) { return h.pc == pc; }),
      entry_hooks_.end());
  if (entry_hooks_.size() != n) mark_entry_hook(pc, false);
}

bool Hart::run_entry_hook(uint32_t pc) {
  Extension* owner = nullptr;
  for (const EntryHook& h : entry_hooks_)
    if (h.pc == pc) owner = extensions_[h.ext].get();
  if (!owner) return false;
  bool taken;
  {
    HostFpGuard guard(*this);
    taken = owner->on_entry(*this, pc);
  }
  if (taken) forget_result_latency();
  return taken;
}

// flags[first..last] = (flags & keep) | set, eight pages per step (a watchpoint may span 2^20 pages).
static void update_page_flags(uint8_t* flags, uint32_t first, uint32_t last, uint8_t keep, uint8_t set) {
  uint32_t p = first;
  for (; p <= last && (p & 7); ++p) flags[p] = uint8_t((flags[p] & keep) | set);
  const uint64_t keep8 = 0x0101010101010101ull * keep, set8 = 0x0101010101010101ull * set;
  for (; uint64_t(p) + 7 <= last; p += 8) {
    uint64_t w;
    std::memcpy(&w, flags + p, 8);
    w = (w & keep8) | set8;
    std::memcpy(flags + p, &w, 8);
  }
  for (; p <= last; ++p) flags[p] = uint8_t((flags[p] & keep) | set);
}

bool Hart::add_trigger_breakpoint(uint32_t pc) {
  if (!triggers_.add_halt(pc)) return false;
  triggers_changed();
  return true;
}

void Hart::remove_trigger_breakpoint(uint32_t pc) {
  triggers_.remove_halt(pc);
  triggers_changed();
}

void Hart::pmp_changed() {
  flush_tlbs();
  flush_decode_cache();
}

void Hart::triggers_changed() {
  flush_decode_cache();  // decoding flags the instructions an execute trigger matches
  refresh_watch_flags();
  end_block();  // the executor picks its loop (with or without flag checks) per block
}

Hart::FlaggedInsn Hart::at_flagged_insn(uint32_t pc) {
  const bool mie = mstatus_ & kMstatusMIE;
  if (pc != bp_skip_pc_) {
    if (std::find(breakpoints_.begin(), breakpoints_.end(), pc) != breakpoints_.end() ||
        triggers_.exec(pc, mie, true) == Triggers::Fire::Halt)
      return FlaggedInsn::Stop;
  }
  bp_skip_pc_ = 1;  // (resuming here after a stop: the instruction runs)
  return triggers_.exec(pc, mie, false) == Triggers::Fire::Exception ? FlaggedInsn::Trap : FlaggedInsn::Run;
}

bool Hart::data_trigger(uint32_t addr, unsigned len, bool store) {
  if (triggers_.access(addr, len, store, mstatus_ & kMstatusMIE) != Triggers::Fire::Exception) return false;
  take_trap(kBreakpointCause, addr);  // before the access: it does not happen
  return true;
}

void Hart::refresh_watch_flags() {
  // Rare operation: clear the watch flags of the pages flagged last time, then flag the pages of
  // the debugger's watchpoints and of the load/store triggers (their accesses take the slow path).
  constexpr uint8_t kWatchBits = kWatchReadPage | kWatchWritePage;
  for (const PageRange& r : flagged_ranges_)
    update_page_flags(page_flags_.get(), r.first, r.last, uint8_t(~kWatchBits), 0);
  flagged_ranges_.clear();
  auto flag = [&](uint32_t lo, uint32_t hi, bool read, bool write) {
    const PageRange r{lo >> kPageBits, hi >> kPageBits};
    update_page_flags(page_flags_.get(), r.first, r.last, 0xff,
                      uint8_t((read ? kWatchReadPage : 0) | (write ? kWatchWritePage : 0)));
    flagged_ranges_.push_back(r);
  };
  for (const Watchpoint& w : watchpoints_) {
    const uint64_t last = uint64_t(w.addr) + std::max(w.len, 1u) - 1;
    flag(w.addr, uint32_t(std::min<uint64_t>(last, 0xffffffffu)), int(w.kind) & int(WatchKind::Read),
         int(w.kind) & int(WatchKind::Write));
  }
  triggers_.for_each_data_range([&](uint32_t lo, uint32_t hi, bool load, bool store) { flag(lo, hi, load, store); });
  flush_tlbs();  // (the inline paths never see a watched page)
}

void Hart::add_watchpoint(uint32_t addr, uint32_t len, WatchKind kind) {
  // A range past the end of the 32-bit address space is cut there (addresses do not wrap).
  len = uint32_t(std::min<uint64_t>(len, (1ull << 32) - addr));
  watchpoints_.push_back(Watchpoint{addr, len, kind});
  refresh_watch_flags();
}

void Hart::remove_watchpoint(uint32_t addr, uint32_t len, WatchKind kind) {
  len = uint32_t(std::min<uint64_t>(len, (1ull << 32) - addr));  // as add_watchpoint stored it
  watchpoints_.erase(
      std::remove_if(watchpoints_.begin(), watchpoints_.end(),
                     [&](const Watchpoint& w) { return w.addr == addr && w.len == len && w.kind == kind; }),
      watchpoints_.end());
  refresh_watch_flags();
}

void Hart::set_tohost(uint32_t addr) {
  cfg_.has_tohost = true;
  cfg_.tohost_addr = addr;
  set_page_flag(addr >> kPageBits, kTohostPage);
}

void Hart::set_semihosting_root(const std::string& dir) { semihost_->set_file_root(dir); }
void Hart::set_semihosting_write_limit(uint64_t bytes) { semihost_->set_file_write_limit(bytes); }
const std::string& Hart::semihosting_root() const { return semihost_->file_root(); }
void Hart::set_semihosting_cmdline(const std::string& cmdline) { semihost_->set_cmdline(cmdline); }

bool Hart::read_csr(uint16_t csr, uint32_t& value) {
  sync_fflags();
  return csr_read(csr, value);
}

bool Hart::write_csr(uint16_t csr, uint32_t value) { return csr_write(csr, value); }

}  // namespace vp::iss
