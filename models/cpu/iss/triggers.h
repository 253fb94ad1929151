// The trigger module (RISC-V debug spec, Sdtrig): tselect, tdata1/2/3 and tinfo with address
// triggers of type 2 (mcontrol): execute, load and store, matching equal (0), >= (2) or < (3),
// firing before the instruction or access with action 0 (breakpoint exception) or, for triggers
// a debugger owns (dmode = 1, not writable from M-mode), action 1 (halt: the GDB stub's hardware
// breakpoints). Without tcontrol, M-mode triggers with action 0 only fire while mstatus.MIE = 1
// (as the spec requires, so that a trap handler does not trigger itself). The hart asks this block
// only for instructions and pages it has flagged (see Hart), so the hot loop pays nothing.
#pragma once

#include <cstdint>
#include <functional>

namespace vp::iss {

class Triggers {
 public:
  static constexpr unsigned kCount = 4;
  static constexpr uint16_t kTselect = 0x7a0, kTdata1 = 0x7a1, kTdata2 = 0x7a2, kTdata3 = 0x7a3, kTinfo = 0x7a4;
  // mcontrol (tdata1, type 2) fields on RV32
  static constexpr uint32_t kTypeShift = 28, kDmode = 1u << 27, kHit = 1u << 20, kActionShift = 12, kMatchShift = 7,
                            kM = 1u << 6, kExecute = 1u << 2, kStore = 1u << 1, kLoad = 1u << 0;
  static constexpr uint32_t kTypeMcontrol = 2, kTypeDisabled = 15;
  static constexpr uint32_t kMatchEqual = 0, kMatchGe = 2, kMatchLt = 3;

  enum class Fire { None, Exception, Halt };

  Triggers() { reset(); }
  void reset();

  // CSR access from M-mode software (false: not a trigger CSR).
  bool read(uint16_t csr, uint32_t& value) const;
  bool write(uint16_t csr, uint32_t value);

  // Whether an instruction at pc needs the slow check (some enabled execute trigger matches pc,
  // whatever mstatus.MIE is): the hart flags such instructions when it decodes them.
  bool exec_may_fire(uint32_t pc) const;
  // Whether exec_may_fire() holds for some pc (an execute trigger is enabled).
  bool any_exec() const {
    for (const Trigger& t : t_)
      if (exec_enabled(t)) return true;
    return false;
  }
  // The execute triggers at pc that fire: the debugger's (halt) or software's (exception) ones.
  // Sets the hit bit of the trigger that fires.
  Fire exec(uint32_t pc, bool mie, bool debugger);
  // Software's load (store = false) or store triggers on [addr, addr + len).
  Fire access(uint32_t addr, unsigned len, bool store, bool mie);
  // Calls f(lo, hi, load, store) for the inclusive address range of each enabled load/store
  // trigger (the hart flags those pages for its slow path).
  void for_each_data_range(const std::function<void(uint32_t, uint32_t, bool, bool)>& f) const;

  // For a debugger: an execute trigger that halts at addr (dmode = 1, action = 1) in a trigger
  // no one uses; false if all are in use. remove_halt frees the one at addr.
  bool add_halt(uint32_t addr);
  void remove_halt(uint32_t addr);

  // Incremented whenever the triggers change (the hart then re-flags code and pages).
  unsigned generation() const { return generation_; }

 private:
  struct Trigger {
    uint32_t tdata1 = kTypeMcontrol << kTypeShift;
    uint32_t tdata2 = 0;
  };
  static bool matches(const Trigger& t, uint32_t lo, uint32_t hi);  // any address in [lo, hi]
  static bool in_use(const Trigger& t) { return (t.tdata1 & (kDmode | kExecute | kLoad | kStore)) != 0; }
  // An execute trigger enabled in M-mode (what exec_may_fire() and any_exec() look for).
  static bool exec_enabled(const Trigger& t) { return (t.tdata1 & kExecute) && (t.tdata1 & kM); }
  Fire fire(Trigger& t, bool mie);

  Trigger t_[kCount];
  unsigned select_ = 0;
  unsigned generation_ = 0;
};

}  // namespace vp::iss
