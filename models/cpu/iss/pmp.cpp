#include "models/cpu/iss/pmp.h"

namespace vp::iss {

namespace {
constexpr uint16_t kCfg0 = 0x3a0, kCfgLast = 0x3af, kAddr0 = 0x3b0, kAddrLast = 0x3ef;
constexpr uint8_t kWritableCfg = 0x9f;  // L, A, X, W, R (bits 6:5 are reserved, read as zero)
uint8_t mode(uint8_t cfg) { return (cfg >> 3) & 3; }
}  // namespace

void Pmp::reset() {
  for (unsigned i = 0; i < kEntries; ++i) {
    cfg_[i] = 0;
    addr_[i] = 0;
  }
  update();
}

// pmpaddr as software reads it: with a granularity G >= 1 the low bits depend on the mode (the
// stored value keeps them, so switching the mode back shows them again).
uint32_t Pmp::read_addr(unsigned i) const {
  uint32_t v = addr_[i];
  if (g_ >= 2 && mode(cfg_[i]) == kNapot) v |= (1u << (g_ - 1)) - 1;  // bits G-2:0 read as ones
  if (g_ >= 1 && mode(cfg_[i]) != kNapot) v &= ~((1u << g_) - 1);     // bits G-1:0 read as zeros
  return v;
}

bool Pmp::read(uint16_t csr, uint32_t& value) const {
  if (csr >= kCfg0 && csr <= kCfgLast) {
    const unsigned first = (csr - kCfg0) * 4;  // RV32: pmpcfgN holds entries 4N..4N+3
    value = 0;
    for (unsigned k = 0; k < 4 && first + k < kEntries; ++k) value |= uint32_t(cfg_[first + k]) << (8 * k);
    return true;
  }
  if (csr >= kAddr0 && csr <= kAddrLast) {
    const unsigned i = csr - kAddr0;
    value = i < kEntries ? read_addr(i) : 0;
    return true;
  }
  return false;
}

bool Pmp::write(uint16_t csr, uint32_t value) {
  if (csr >= kCfg0 && csr <= kCfgLast) {
    const unsigned first = (csr - kCfg0) * 4;
    for (unsigned k = 0; k < 4 && first + k < kEntries; ++k) {
      uint8_t& c = cfg_[first + k];
      if (c & kLock) continue;  // locked until reset
      uint8_t v = uint8_t(value >> (8 * k)) & kWritableCfg;
      if ((v & kW) && !(v & kR)) v &= uint8_t(~kW);              // R=0 W=1 is reserved: WARL to no access
      if (g_ >= 1 && mode(v) == kNa4) v &= uint8_t(~(3u << 3));  // NA4 is not selectable when G >= 1
      c = v;
    }
    update();
    return true;
  }
  if (csr >= kAddr0 && csr <= kAddrLast) {
    const unsigned i = csr - kAddr0;
    if (i >= kEntries) return true;
    // A locked entry's address is fixed, and so is the bottom of a locked TOR range above it.
    if (cfg_[i] & kLock) return true;
    if (i + 1 < kEntries && (cfg_[i + 1] & kLock) && mode(cfg_[i + 1]) == kTor) return true;
    addr_[i] = value;
    update();
    return true;
  }
  return false;
}

void Pmp::update() {
  active_ = false;
  const uint64_t grain_mask = ~((uint64_t(1) << g_) - 1);  // TOR ignores pmpaddr bits G-1:0
  for (unsigned i = 0; i < kEntries; ++i) {
    Range& r = range_[i];
    r = Range{};
    switch (mode(cfg_[i])) {
      case kOff: continue;
      case kTor:
        r.lo = i == 0 ? 0 : (uint64_t(addr_[i - 1]) & grain_mask) << 2;
        r.hi = (uint64_t(addr_[i]) & grain_mask) << 2;
        break;
      case kNa4:
        r.lo = uint64_t(addr_[i]) << 2;
        r.hi = r.lo + 4;
        break;
      case kNapot: {
        // Trailing ones of pmpaddr give the size: t ones = 2^(t+3) bytes, aligned to its size.
        uint32_t y = addr_[i];
        if (g_ >= 2) y |= (1u << (g_ - 1)) - 1;
        unsigned t = 0;
        while (t < 32 && (y >> t & 1)) ++t;
        const uint64_t size = uint64_t(8) << t;  // up to 2^35: the whole 34-bit space and more
        r.lo = (uint64_t(y) << 2) & ~(size - 1);
        r.hi = r.lo + size;
        break;
      }
    }
    active_ = true;
  }
}

bool Pmp::allows(uint64_t addr, uint64_t len, uint8_t perm) const {
  const uint64_t end = addr + len;
  for (unsigned i = 0; i < kEntries; ++i) {
    const Range& r = range_[i];
    if (r.lo >= r.hi || !(addr < r.hi && r.lo < end)) continue;  // no byte matches
    if (!(r.lo <= addr && end <= r.hi)) return false;            // some bytes only: fails
    if (!(cfg_[i] & kLock)) return true;                         // M-mode ignores unlocked entries
    return (cfg_[i] & perm) == perm;
  }
  return true;  // no entry matches: M-mode has access
}

bool Pmp::allows_su(uint64_t addr, uint64_t len, uint8_t perm) const {
  const uint64_t end = addr + len;
  for (unsigned i = 0; i < kEntries; ++i) {
    const Range& r = range_[i];
    if (r.lo >= r.hi || !(addr < r.hi && r.lo < end)) continue;
    if (!(r.lo <= addr && end <= r.hi)) return false;
    return (cfg_[i] & perm) == perm;  // locked or not
  }
  return false;  // no entry matches: S and U have no access
}

}  // namespace vp::iss
