// Fuzz target: the scenario quantity parsers (platform/config/quantity.*): every parser on any
// text. They may only answer with a value or std::invalid_argument (the one-line reason the user
// sees); any other exception, a crash or undefined behaviour is a bug. Accepted values are
// formatted back as reports do.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string>

#include "platform/config/quantity.h"

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
    guarded([&] { (void)parse_address(text); });
    guarded([&] { (void)parse_float(text); });
    guarded([&] {
        const uint64_t b = parse_size(text);
        (void)format_size(b);
    });
    guarded([&] {
        const uint64_t ps = parse_time_ps(text);
        (void)format_time(ps);
    });
    guarded([&] { (void)format_freq(parse_freq_hz(text)); });
    guarded([&] { (void)format_bandwidth(parse_bandwidth(text)); });
    return 0;
}
