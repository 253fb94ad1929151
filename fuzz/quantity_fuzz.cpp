// Fuzz target: the scenario quantity parsers (config/quantity.*): every parser on any text. They
// may only answer with a value or std::invalid_argument (the one-line reason the user sees); any
// other exception, a crash or undefined behaviour is a bug. An accepted value must round-trip
// through config::format_value (the scenario text of defaults, which params.h promises parses back
// to the same value), and format back as reports do.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string>

#include "config/params.h"
#include "config/quantity.h"

using namespace vp::config;

namespace {
template <class F>
void guarded(F f) {
    try {
        f();
    } catch (const std::invalid_argument&) {}
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    guarded([&] { (void)parse_int(text); });
    guarded([&] {
        const uint64_t a = parse_address(text);
        if (parse_address(format_value(Kind::Address, a)) != a) std::abort();
    });
    guarded([&] { (void)parse_float(text); });
    guarded([&] {
        const uint64_t b = parse_size(text);
        (void)format_size(b);
        if (parse_size(format_value(Kind::Size, b)) != b) std::abort();
    });
    guarded([&] {
        const uint64_t ps = parse_time_ps(text);
        (void)format_time(ps);
        if (parse_time_ps(format_value(Kind::Time, ps)) != ps) std::abort();
    });
    guarded([&] {
        const double hz = parse_freq_hz(text);
        (void)format_freq(hz);
        if (std::isfinite(hz) && parse_freq_hz(format_value(Kind::Freq, hz)) != hz) std::abort();
    });
    guarded([&] {
        const double bw = parse_bandwidth(text);
        (void)format_bandwidth(bw);
        if (std::isfinite(bw) && parse_bandwidth(format_value(Kind::Bandwidth, bw)) != bw) std::abort();
    });
    return 0;
}
