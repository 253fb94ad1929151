// Internal to the ISS: the inline fast paths of Hart's data memory accesses, shared by hart.cpp
// and exec.cpp. Not part of the public interface.
#pragma once

#include <cfenv>
#include <cstring>

#include "models/cpu/iss/hart.h"

namespace vp::iss {

// Host FP exception flags stand in for the guest's fflags between FP instructions (they are
// sticky on both sides), so the FP fast path needs no flag handling. Whenever control leaves the
// ISS (environment calls, semihosting), the host flags are folded into fflags first and whatever
// the host code raised is discarded afterwards.
struct HostFpGuard {
  Hart& hart;
  explicit HostFpGuard(Hart& h) : hart(h) { hart.sync_fflags(); }
  ~HostFpGuard() {
    if (std::fetestexcept(FE_ALL_EXCEPT)) std::feclearexcept(FE_ALL_EXCEPT);  // clearing is the costly part
  }
  HostFpGuard(const HostFpGuard&) = delete;
  HostFpGuard& operator=(const HostFpGuard&) = delete;
};

inline uint32_t Hart::timed_data(AccessKind kind, uint32_t addr, unsigned len, uint32_t region_cycles) {
  if (repeat_data_.hit(addr, len, is_write(kind))) return 0;  // a hit the L1 granted: no call
  return mem_timing_->data_access(kind, addr, len, cycle_, region_cycles);
}

// The host address of [addr, addr + size) if it lies in one page of a fast region `tlb` (rtlb_ or
// wtlb_) holds, with `region_cycles` = what the region costs uncached; nullptr if the access must
// take the slow path. It only looks: the caller moves the data and accounts the time (the
// executor keeps the cycle count in a register).
inline uint8_t* Hart::tlb_host(const TlbEntry* tlb, uint32_t addr, unsigned size, uint32_t& region_cycles,
                               uint32_t& pa) const {
  const uint32_t page = addr >> kPageBits;
  const TlbEntry& e = tlb[page % kTlbEntries];
  if (__builtin_expect(e.page == page && (addr & (kPageSize - 1)) <= kPageSize - size, 1)) {
    region_cycles = e.cycles;
    pa = addr + e.delta;
    return e.host + (addr & (kPageSize - 1));
  }
  return nullptr;
}

template <typename T>
inline bool Hart::load(uint32_t addr, T& v) {
  uint32_t c, pa;
  const uint8_t* const host = tlb_host(rtlb_, addr, sizeof(T), c, pa);
  if (!host) return load_slow(addr, &v, sizeof(T), AccessKind::Load);
  std::memcpy(&v, host, sizeof(T));
  if (__builtin_expect(mem_timing_ != nullptr, 0)) c = timed_data(AccessKind::Load, pa, sizeof(T), c);
  cycle_ += c;
  stall_data_ += c;
  return true;
}

template <typename T>
inline bool Hart::store(uint32_t addr, T v) {
  uint32_t c, pa;
  uint8_t* const host = tlb_host(wtlb_, addr, sizeof(T), c, pa);
  if (!host) return store_slow(addr, &v, sizeof(T), AccessKind::Store);
  std::memcpy(host, &v, sizeof(T));
  if (__builtin_expect(mem_timing_ != nullptr, 0)) c = timed_data(AccessKind::Store, pa, sizeof(T), c);
  cycle_ += c;
  stall_data_ += c;
  return true;
}

}  // namespace vp::iss
