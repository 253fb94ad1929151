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

// The TLB halves of a load / store: true if the access lies in one page of a fast region the TLB
// holds; then the data moved and `region_cycles` is what the region costs uncached. Timing is the
// caller's (the executor keeps the cycle count in a register).
template <typename T>
inline bool Hart::tlb_load(uint32_t addr, T& v, uint32_t& region_cycles) const {
  const uint32_t page = addr >> kPageBits;
  const TlbEntry& e = rtlb_[page % kTlbEntries];
  if (__builtin_expect(e.page == page && (addr & (kPageSize - 1)) <= kPageSize - sizeof(T), 1)) {
    std::memcpy(&v, e.host + (addr & (kPageSize - 1)), sizeof(T));
    region_cycles = e.cycles;
    return true;
  }
  return false;
}

template <typename T>
inline bool Hart::tlb_store(uint32_t addr, T v, uint32_t& region_cycles) {
  const uint32_t page = addr >> kPageBits;
  const TlbEntry& e = wtlb_[page % kTlbEntries];
  if (__builtin_expect(e.page == page && (addr & (kPageSize - 1)) <= kPageSize - sizeof(T), 1)) {
    std::memcpy(e.host + (addr & (kPageSize - 1)), &v, sizeof(T));
    region_cycles = e.cycles;
    return true;
  }
  return false;
}

template <typename T>
inline bool Hart::load(uint32_t addr, T& v) {
  uint32_t c;
  if (!tlb_load(addr, v, c)) return load_slow(addr, &v, sizeof(T), AccessKind::Load);
  if (__builtin_expect(mem_timing_ != nullptr, 0)) c = timed_data(AccessKind::Load, addr, sizeof(T), c);
  cycle_ += c;
  stall_data_ += c;
  return true;
}

template <typename T>
inline bool Hart::store(uint32_t addr, T v) {
  uint32_t c;
  if (!tlb_store(addr, v, c)) return store_slow(addr, &v, sizeof(T), AccessKind::Store);
  if (__builtin_expect(mem_timing_ != nullptr, 0)) c = timed_data(AccessKind::Store, addr, sizeof(T), c);
  cycle_ += c;
  stall_data_ += c;
  return true;
}

}  // namespace vp::iss
