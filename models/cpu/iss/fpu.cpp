#include "models/cpu/iss/fpu.h"

#include <cfenv>
#include <cmath>
#include <limits>

// This file must be compiled with -frounding-math and -ffp-contract=off (see CMakeLists.txt).

namespace vp::iss::fpu {

namespace {

constexpr int kHostMode[4] = {FE_TONEAREST, FE_TOWARDZERO, FE_DOWNWARD, FE_UPWARD};

uint32_t to_riscv_flags(int fe) {
  return (fe & FE_INEXACT ? kNX : 0) | (fe & FE_UNDERFLOW ? kUF : 0) | (fe & FE_OVERFLOW ? kOF : 0) |
         (fe & FE_DIVBYZERO ? kDZ : 0) | (fe & FE_INVALID ? kNV : 0);
}

// Runs op() (float result) with the host in rounding mode rm (RNE/RTZ/RDN/RUP). The volatile
// temporaries keep the compiler from moving the arithmetic across the fesetround calls.
template <class F>
uint32_t directed(unsigned rm, F op) {
  if (rm == kRNE) return canon(op());
  std::fesetround(kHostMode[rm]);
  volatile float r = op();
  std::fesetround(FE_TONEAREST);
  return canon(r);
}

// Rounds a double to single precision, ties away from zero (RMM), raising OF/UF/NX. `v` must
// already be rounded to odd if it is not exact, which makes this second rounding correct.
uint32_t round_rmm(double v, uint32_t& fflags) {
  if (std::isnan(v)) return kCanonicalNaN;
  if (std::isinf(v) || v == 0) return to_b(static_cast<float>(v));
  const double a = std::fabs(v);
  int e;
  std::frexp(a, &e);  // a in [2^(e-1), 2^e)
  auto round_at = [&](int ulp_exp, bool& inexact) {
    const double q = std::ldexp(a, -ulp_exp);
    double r = std::floor(q);
    const double frac = q - r;
    if (frac >= 0.5) r += 1;
    inexact = frac != 0;
    return std::ldexp(r, ulp_exp);
  };
  bool inexact;
  const double res = round_at(std::max(e - 24, -149), inexact);
  if (res >= 0x1p128) {
    fflags |= kOF | kNX;
    return v < 0 ? 0xff800000u : 0x7f800000u;
  }
  if (inexact) {
    fflags |= kNX;
    bool unused;
    // Tininess is detected after rounding (with an unbounded exponent), as RISC-V specifies.
    if (a < 0x1p-126 && round_at(e - 24, unused) < 0x1p-126) fflags |= kUF;
  }
  return to_b(static_cast<float>(v < 0 ? -res : res));
}

// Computes op() (double result, from single inputs) rounded to odd, then rounds it with RMM.
template <class F>
uint32_t rmm(F op, uint32_t& fflags) {
  take_host_flags(fflags);
  std::fesetround(FE_TOWARDZERO);
  volatile double r = op();
  std::fesetround(FE_TONEAREST);
  const int fe = std::fetestexcept(FE_ALL_EXCEPT);
  std::feclearexcept(FE_ALL_EXCEPT);
  fflags |= (fe & FE_INVALID ? kNV : 0) | (fe & FE_DIVBYZERO ? kDZ : 0);
  double v = r;
  if ((fe & FE_INEXACT) && std::isfinite(v)) {  // jam the sticky bit: round to odd
    uint64_t bits;
    std::memcpy(&bits, &v, 8);
    bits |= 1;
    std::memcpy(&v, &bits, 8);
  }
  const uint32_t out = round_rmm(v, fflags);
  std::feclearexcept(FE_ALL_EXCEPT);
  return out;
}

template <class FF, class FD>
uint32_t arith(unsigned rm, uint32_t& fflags, FF op_float, FD op_double) {
  if (rm == kRMM) return rmm(op_double, fflags);
  return directed(rm, op_float);
}

// |a| rounded to an integer in mode rm (the sign of `a` decides the direction of RDN/RUP), worked out
// on the encoding with integer arithmetic. The host's rounding functions (trunc, floor, ceil) raise
// FE_INEXACT on some hosts, and the host flags stand in for fflags: an invalid conversion would
// report NX with NV (IEEE 754 and RISC-V: an invalid conversion raises invalid only).
struct Rounded {
  uint64_t mag;  // saturates at 2^40 (anything above 2^32 is out of range for every conversion)
  bool inexact;
};
Rounded round_to_int(uint32_t a, unsigned rm) {
  const bool neg = a >> 31;
  const unsigned exp = (a >> 23) & 0xff;
  if (exp == 0xff) return {uint64_t(1) << 40, false};  // infinity (NaN is handled by the caller)
  const uint64_t mant = (a & 0x7fffff) | (exp ? 0x800000u : 0);
  const int e = int(exp ? exp : 1) - 150;  // |a| = mant * 2^e
  if (e >= 0) return {e > 16 ? uint64_t(1) << 40 : mant << e, false};
  // The fraction's class: 0 none, 1 below one half, 2 exactly one half, 3 above.
  uint64_t ip = 0;
  int frac = mant ? 1 : 0;
  if (e >= -24) {
    ip = mant >> -e;
    const uint64_t rem = mant & ((uint64_t(1) << -e) - 1), half = uint64_t(1) << (-e - 1);
    frac = rem == 0 ? 0 : rem < half ? 1 : rem == half ? 2 : 3;
  }
  bool up = false;
  switch (rm) {
    case kRTZ: break;
    case kRDN: up = neg && frac; break;
    case kRUP: up = !neg && frac; break;
    case kRMM: up = frac >= 2; break;
    default: up = frac == 3 || (frac == 2 && (ip & 1)); break;  // RNE
  }
  return {ip + up, frac != 0};
}
}  // namespace

void take_host_flags(uint32_t& fflags) {
  const int fe = std::fetestexcept(FE_ALL_EXCEPT);
  if (fe) {
    fflags |= to_riscv_flags(fe);
    std::feclearexcept(FE_ALL_EXCEPT);
  }
}

uint32_t add(uint32_t a, uint32_t b, unsigned rm, uint32_t& fl) {
  volatile float x = to_f(a), y = to_f(b);
  return arith(
      rm, fl, [&] { return x + y; }, [&] { return double(x) + double(y); });
}
uint32_t sub(uint32_t a, uint32_t b, unsigned rm, uint32_t& fl) {
  volatile float x = to_f(a), y = to_f(b);
  return arith(
      rm, fl, [&] { return x - y; }, [&] { return double(x) - double(y); });
}
uint32_t mul(uint32_t a, uint32_t b, unsigned rm, uint32_t& fl) {
  volatile float x = to_f(a), y = to_f(b);
  return arith(
      rm, fl, [&] { return x * y; }, [&] { return double(x) * double(y); });
}
uint32_t div(uint32_t a, uint32_t b, unsigned rm, uint32_t& fl) {
  volatile float x = to_f(a), y = to_f(b);
  return arith(
      rm, fl, [&] { return x / y; }, [&] { return double(x) / double(y); });
}
uint32_t sqrt(uint32_t a, unsigned rm, uint32_t& fl) {
  volatile float x = to_f(a);
  return arith(
      rm, fl, [&] { return std::sqrt(float(x)); }, [&] { return std::sqrt(double(x)); });
}
uint32_t fma(uint32_t a, uint32_t b, uint32_t c, bool neg_prod, bool neg_add, unsigned rm, uint32_t& fl) {
  if (fma_inf_times_zero(a, b)) fl |= kNV;
  volatile float x = neg_prod ? -to_f(a) : to_f(a), y = to_f(b), z = neg_add ? -to_f(c) : to_f(c);
  // The double product of two singles is exact, so one double fma rounds only once.
  return arith(
      rm, fl, [&] { return std::fma(float(x), float(y), float(z)); },
      [&] { return std::fma(double(x), double(y), double(z)); });
}

namespace {
uint32_t minmax(uint32_t a, uint32_t b, bool want_max, uint32_t& fl) {
  if (is_snan(a) || is_snan(b)) fl |= kNV;
  const bool an = is_nan(a), bn = is_nan(b);
  if (an && bn) return kCanonicalNaN;
  if (an) return b;
  if (bn) return a;
  if ((a | b) << 1 == 0) {  // both zeros: -0 < +0
    return want_max ? (a & b) : (a | b);
  }
  const float x = to_f(a), y = to_f(b);
  return (want_max ? x > y : x < y) ? a : b;
}
}  // namespace

uint32_t min(uint32_t a, uint32_t b, uint32_t& fl) { return minmax(a, b, false, fl); }
uint32_t max(uint32_t a, uint32_t b, uint32_t& fl) { return minmax(a, b, true, fl); }

uint32_t feq(uint32_t a, uint32_t b, uint32_t& fl) {
  if (is_snan(a) || is_snan(b)) fl |= kNV;
  if (is_nan(a) || is_nan(b)) return 0;
  return to_f(a) == to_f(b);
}
uint32_t flt(uint32_t a, uint32_t b, uint32_t& fl) {
  if (is_nan(a) || is_nan(b)) {
    fl |= kNV;
    return 0;
  }
  return to_f(a) < to_f(b);
}
uint32_t fle(uint32_t a, uint32_t b, uint32_t& fl) {
  if (is_nan(a) || is_nan(b)) {
    fl |= kNV;
    return 0;
  }
  return to_f(a) <= to_f(b);
}

uint32_t fclass(uint32_t a) {
  const bool neg = a >> 31;
  const uint32_t exp = (a >> 23) & 0xff, frac = a & 0x7fffff;
  if (exp == 0xff) {
    if (frac == 0) return neg ? 1u << 0 : 1u << 7;
    return (frac & 0x400000) ? 1u << 9 : 1u << 8;
  }
  if (exp == 0) {
    if (frac == 0) return neg ? 1u << 3 : 1u << 4;
    return neg ? 1u << 2 : 1u << 5;
  }
  return neg ? 1u << 1 : 1u << 6;
}

uint32_t cvt_w_s(uint32_t a, unsigned rm, uint32_t& fl) {
  if (is_nan(a)) {
    fl |= kNV;
    return 0x7fffffff;
  }
  const Rounded r = round_to_int(a, rm);
  if (a >> 31) {
    if (r.mag > 0x80000000u) {
      fl |= kNV;
      return 0x80000000u;
    }
    if (r.inexact) fl |= kNX;
    return uint32_t(0 - r.mag);
  }
  if (r.mag > 0x7fffffffu) {
    fl |= kNV;
    return 0x7fffffff;
  }
  if (r.inexact) fl |= kNX;
  return uint32_t(r.mag);
}

uint32_t cvt_wu_s(uint32_t a, unsigned rm, uint32_t& fl) {
  if (is_nan(a)) {
    fl |= kNV;
    return 0xffffffffu;
  }
  const Rounded r = round_to_int(a, rm);
  if (a >> 31) {
    if (r.mag != 0) {  // a negative integer: invalid, and nothing else
      fl |= kNV;
      return 0;
    }
    if (r.inexact) fl |= kNX;  // rounds to zero (-0.5 in RUP): valid
    return 0;
  }
  if (r.mag > 0xffffffffu) {
    fl |= kNV;
    return 0xffffffffu;
  }
  if (r.inexact) fl |= kNX;
  return uint32_t(r.mag);
}

uint32_t cvt_s_w(int32_t v, unsigned rm, uint32_t& fl) {
  volatile int32_t x = v;
  return arith(
      rm, fl, [&] { return static_cast<float>(x); }, [&] { return double(x); });
}
uint32_t cvt_s_wu(uint32_t v, unsigned rm, uint32_t& fl) {
  volatile uint32_t x = v;
  return arith(
      rm, fl, [&] { return static_cast<float>(x); }, [&] { return double(x); });
}

}  // namespace vp::iss::fpu
