// Single-precision floating point with RISC-V semantics on top of the host FPU.
//
// Round-to-nearest-even (the common case) is done inline by the executor with host arithmetic;
// host exception flags are sticky and stand in for fflags (see HostFpGuard). The functions here
// cover the other rounding modes (directed modes via fesetround, RMM in software from a
// round-to-odd double result) and the operations with RISC-V-specific rules (NaN handling of
// fmin/fmax, signalling compares, saturating conversions, fclass).
#pragma once

#include <cstdint>
#include <cstring>

namespace vp::iss::fpu {

// fflags bits
constexpr uint32_t kNX = 1, kUF = 2, kOF = 4, kDZ = 8, kNV = 16;
constexpr uint32_t kCanonicalNaN = 0x7fc00000;
enum Rm : unsigned { kRNE = 0, kRTZ = 1, kRDN = 2, kRUP = 3, kRMM = 4, kDyn = 7 };

inline float to_f(uint32_t b) {
  float f;
  std::memcpy(&f, &b, 4);
  return f;
}
inline uint32_t to_b(float f) {
  uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}
inline bool is_nan(uint32_t b) { return (b & 0x7fffffff) > 0x7f800000; }
inline bool is_snan(uint32_t b) { return is_nan(b) && !(b & 0x00400000); }
// RISC-V returns the canonical NaN from every arithmetic operation that produces a NaN.
inline uint32_t canon(float r) {
  const uint32_t b = to_b(r);
  return is_nan(b) ? kCanonicalNaN : b;
}

// RISC-V raises NV for inf * 0 in a fused multiply-add even when the addend is a quiet NaN (the
// host FPU does not: IEEE leaves it open). Called when an fma produced a NaN.
inline bool fma_inf_times_zero(uint32_t a, uint32_t b) {
  const uint32_t ma = a & 0x7fffffff, mb = b & 0x7fffffff;
  return (ma == 0x7f800000 && mb == 0) || (ma == 0 && mb == 0x7f800000);
}

// Moves the host's exception flags into `fflags` (RISC-V encoding) and clears them.
void take_host_flags(uint32_t& fflags);

// Arithmetic in any valid rounding mode rm (0..4).
uint32_t add(uint32_t a, uint32_t b, unsigned rm, uint32_t& fflags);
uint32_t sub(uint32_t a, uint32_t b, unsigned rm, uint32_t& fflags);
uint32_t mul(uint32_t a, uint32_t b, unsigned rm, uint32_t& fflags);
uint32_t div(uint32_t a, uint32_t b, unsigned rm, uint32_t& fflags);
uint32_t sqrt(uint32_t a, unsigned rm, uint32_t& fflags);
// (neg_prod ? -(a*b) : a*b) + (neg_add ? -c : c) with a single rounding.
uint32_t fma(uint32_t a, uint32_t b, uint32_t c, bool neg_prod, bool neg_add, unsigned rm, uint32_t& fflags);

uint32_t min(uint32_t a, uint32_t b, uint32_t& fflags);
uint32_t max(uint32_t a, uint32_t b, uint32_t& fflags);
uint32_t feq(uint32_t a, uint32_t b, uint32_t& fflags);  // quiet: NV only for sNaN
uint32_t flt(uint32_t a, uint32_t b, uint32_t& fflags);  // signalling: NV for any NaN
uint32_t fle(uint32_t a, uint32_t b, uint32_t& fflags);
uint32_t fclass(uint32_t a);
uint32_t cvt_w_s(uint32_t a, unsigned rm, uint32_t& fflags);  // saturating, NV on overflow/NaN
uint32_t cvt_wu_s(uint32_t a, unsigned rm, uint32_t& fflags);
uint32_t cvt_s_w(int32_t v, unsigned rm, uint32_t& fflags);
uint32_t cvt_s_wu(uint32_t v, unsigned rm, uint32_t& fflags);

}  // namespace vp::iss::fpu
