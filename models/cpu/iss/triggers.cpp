#include "models/cpu/iss/triggers.h"

namespace vp::iss {

namespace {
constexpr uint32_t kActionMask = 0xfu << Triggers::kActionShift, kMatchMask = 0xfu << Triggers::kMatchShift;
// The mcontrol bits M-mode software may set here: hit, action, match, m, execute, store, load.
// select (data match), timing (after), sizelo, chain, s and u (no such modes) are hardwired to 0.
constexpr uint32_t kWritable =
    Triggers::kHit | kActionMask | kMatchMask | Triggers::kM | Triggers::kExecute | Triggers::kStore | Triggers::kLoad;
uint32_t field(uint32_t v, uint32_t mask, unsigned shift) { return (v & mask) >> shift; }
}  // namespace

void Triggers::reset() {
  for (Trigger& t : t_) t = Trigger{};
  select_ = 0;
  ++generation_;
}

bool Triggers::read(uint16_t csr, uint32_t& value) const {
  switch (csr) {
    case kTselect: value = select_; return true;
    case kTdata1: value = t_[select_].tdata1; return true;
    case kTdata2: value = t_[select_].tdata2; return true;
    case kTdata3: value = 0; return true;
    case kTinfo: value = 1u << 24 | 1u << kTypeMcontrol; return true;  // version 1 (Sdtrig 1.0), type 2 only
    default: return false;
  }
}

bool Triggers::write(uint16_t csr, uint32_t value) {
  Trigger& t = t_[select_];
  switch (csr) {
    case kTselect:
      if (value < kCount) select_ = value;  // WARL: other values leave it unchanged
      return true;
    case kTdata1: {
      if (t.tdata1 & kDmode) return true;  // only the debugger writes its triggers
      const uint32_t type = value >> kTypeShift;
      uint32_t v = value & kWritable;
      const uint32_t match = field(v, kMatchMask, kMatchShift);
      if (match != kMatchEqual && match != kMatchGe && match != kMatchLt) v &= ~kMatchMask;
      if (field(v, kActionMask, kActionShift) != 0) v &= ~kActionMask;  // action 1 needs dmode
      // Type 0 or 15 (or anything but 2) disables the trigger; it stays an mcontrol.
      t.tdata1 = type == kTypeMcontrol ? (kTypeMcontrol << kTypeShift | v) : (kTypeDisabled << kTypeShift);
      ++generation_;
      return true;
    }
    case kTdata2:
      if (t.tdata1 & kDmode) return true;
      t.tdata2 = value;
      ++generation_;
      return true;
    case kTdata3: return true;  // (no textra: read-only zero)
    case kTinfo: return true;   // read-only; writes are ignored
    default: return false;
  }
}

bool Triggers::matches(const Trigger& t, uint32_t lo, uint32_t hi) {
  switch (field(t.tdata1, kMatchMask, kMatchShift)) {
    case kMatchEqual: return lo <= t.tdata2 && t.tdata2 <= hi;
    case kMatchGe: return hi >= t.tdata2;
    case kMatchLt: return lo < t.tdata2;
    default: return false;
  }
}

Triggers::Fire Triggers::fire(Trigger& t, bool mie) {
  if (t.tdata1 >> kTypeShift != kTypeMcontrol || !(t.tdata1 & kM)) return Fire::None;
  if (t.tdata1 & kDmode) {
    if (field(t.tdata1, kActionMask, kActionShift) != 1) return Fire::None;
    t.tdata1 |= kHit;
    return Fire::Halt;
  }
  if (!mie) return Fire::None;  // (no tcontrol: M-mode breakpoint exceptions need MIE)
  t.tdata1 |= kHit;
  return Fire::Exception;
}

bool Triggers::exec_may_fire(uint32_t pc) const {
  for (const Trigger& t : t_) {
    if (exec_enabled(t) && matches(t, pc, pc)) return true;
  }
  return false;
}

Triggers::Fire Triggers::exec(uint32_t pc, bool mie, bool debugger) {
  for (Trigger& t : t_) {
    if (!(t.tdata1 & kExecute) || bool(t.tdata1 & kDmode) != debugger || !matches(t, pc, pc)) continue;
    const Fire f = fire(t, mie);
    if (f != Fire::None) return f;
  }
  return Fire::None;
}

Triggers::Fire Triggers::access(uint32_t addr, unsigned len, bool store, bool mie) {
  const uint64_t last = uint64_t(addr) + (len ? len : 1) - 1;
  const uint32_t hi = last > 0xffffffffu ? 0xffffffffu : uint32_t(last);
  for (Trigger& t : t_) {
    if (!(t.tdata1 & (store ? kStore : kLoad)) || (t.tdata1 & kDmode) || !matches(t, addr, hi)) continue;
    const Fire f = fire(t, mie);
    if (f != Fire::None) return f;
  }
  return Fire::None;
}

void Triggers::for_each_data_range(const std::function<void(uint32_t, uint32_t, bool, bool)>& f) const {
  for (const Trigger& t : t_) {
    const bool load = t.tdata1 & kLoad, store = t.tdata1 & kStore;
    if (!(load || store) || !(t.tdata1 & kM) || t.tdata1 >> kTypeShift != kTypeMcontrol) continue;
    switch (field(t.tdata1, kMatchMask, kMatchShift)) {
      case kMatchEqual: f(t.tdata2, t.tdata2, load, store); break;
      case kMatchGe: f(t.tdata2, 0xffffffffu, load, store); break;
      case kMatchLt:
        if (t.tdata2) f(0, t.tdata2 - 1, load, store);
        break;
      default: break;
    }
  }
}

bool Triggers::add_halt(uint32_t addr) {
  for (Trigger& t : t_) {
    if (in_use(t)) continue;
    t.tdata1 = kTypeMcontrol << kTypeShift | kDmode | 1u << kActionShift | kM | kExecute;  // match equal
    t.tdata2 = addr;
    ++generation_;
    return true;
  }
  return false;
}

void Triggers::remove_halt(uint32_t addr) {
  for (Trigger& t : t_) {
    if ((t.tdata1 & kDmode) && t.tdata2 == addr) {
      t = Trigger{};
      ++generation_;
      return;
    }
  }
}

}  // namespace vp::iss
