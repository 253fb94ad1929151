// Physical memory protection (RISC-V privileged spec, "Physical Memory Protection"): 16 entries,
// pmpcfg0-3 and pmpaddr0-15, address matching OFF/TOR/NA4/NAPOT, lock bit. The hart runs in
// An entry restricts an M-mode access only when it is locked, an S- or U-mode access always, and an
// S/U access no entry matches fails (16 entries are implemented); an access that an entry matches
// only partly fails whatever the entry's bits (as the spec says). The hart consults this
// block on its slow paths only; see Hart (hart.cpp) for how fast paths stay correct.
#pragma once

#include <cstdint>

namespace vp::iss {

class Pmp {
 public:
  static constexpr unsigned kEntries = 16;
  enum Perm : uint8_t { kR = 1, kW = 2, kX = 4 };
  // Address-matching modes (pmpcfg.A) and the lock bit.
  static constexpr uint8_t kOff = 0, kTor = 1, kNa4 = 2, kNapot = 3, kLock = 0x80;

  // granularity: the G of the spec (entries cover at least 2^(G+2) bytes); 0 = 4 bytes.
  explicit Pmp(unsigned granularity = 0) : g_(granularity > 30 ? 30 : granularity) { reset(); }
  void reset();  // all entries OFF and unlocked (the spec leaves the reset value open; zero here)

  // CSR access: pmpcfg0-15 (0x3a0-0x3af) and pmpaddr0-63 (0x3b0-0x3ef); entries 16-63 are
  // hardwired to zero. read/write return false for any other CSR number.
  bool read(uint16_t csr, uint32_t& value) const;
  bool write(uint16_t csr, uint32_t value);

  // True when some entry is not OFF: only then can an M-mode access fail.
  bool active() const { return active_; }
  // The M-mode check of an access of [addr, addr + len) needing every bit of `perm` (an AMO
  // needs kR | kW).
  bool allows(uint64_t addr, uint64_t len, uint8_t perm) const;
  // The same for an S- or U-mode access.
  bool allows_su(uint64_t addr, uint64_t len, uint8_t perm) const;

  uint8_t cfg(unsigned i) const { return cfg_[i]; }

 private:
  uint32_t read_addr(unsigned i) const;
  void update();  // recompute the ranges and active_

  unsigned g_;
  uint8_t cfg_[kEntries] = {};
  uint32_t addr_[kEntries] = {};  // physical address bits 33:2, as written
  struct Range {
    uint64_t lo = 0, hi = 0;  // [lo, hi); empty when lo >= hi
  } range_[kEntries];
  bool active_ = false;
};

}  // namespace vp::iss
