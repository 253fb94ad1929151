// Simulated time as integer picoseconds. The SystemC kernel runs at its default 1 ps resolution,
// so a Tick converts to and from sc_time without rounding. Models compute with Ticks (cheap
// integer arithmetic, exact, deterministic) and only touch sc_time at synchronisation points.
#pragma once
#include <cstdint>
#include <systemc>

namespace vp {

using Tick = uint64_t;  // picoseconds

constexpr Tick kPs = 1;
constexpr Tick kNs = 1000 * kPs;
constexpr Tick kUs = 1000 * kNs;
constexpr Tick kMs = 1000 * kUs;
constexpr Tick kSec = 1000 * kMs;
constexpr Tick kTickMax = ~Tick(0);

inline sc_core::sc_time to_sc_time(Tick t) { return sc_core::sc_time::from_value(t); }
inline Tick to_tick(const sc_core::sc_time& t) { return t.value(); }

// Current global simulation time (the time of the kernel, not of a decoupled initiator). Read
// through the inline accessors: sc_time_stamp() is an out-of-line call into the kernel, and the
// cached miss path asks several times per transaction.
// (The global read here: g++ may emit sc_get_curr_simcontext() out of line, a call per ask.)
inline Tick sim_now() {
    sc_core::sc_simcontext* c = sc_core::sc_curr_simcontext;
    if (__builtin_expect(!c, 0)) c = sc_core::sc_get_curr_simcontext();
    return c->time_stamp().value();
}

// Period of a clock in ps, rounded to the nearest ps.
inline Tick period_of(double hz) { return static_cast<Tick>(1e12 / hz + 0.5); }

// Integer ceiling division, for converting bytes into bus beats or bursts.
constexpr uint64_t div_ceil(uint64_t a, uint64_t b) { return (a + b - 1) / b; }

}  // namespace vp
