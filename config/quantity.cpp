#include "config/quantity.h"
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <utility>
#include <vector>

namespace vp::config {
namespace {

std::string strip(std::string s) {
    std::string out;
    for (char c : s)
        if (c != '_' && c != ' ') out += c;
    return out;
}

// Splits "12.8GB/s" into 12.8 and "GB/s". Throws when there is no leading number.
std::pair<double, std::string> split_number(const std::string& text, const char* what) {
    const std::string s = strip(text);
    size_t pos = 0;
    double v;
    try {
        v = std::stod(s, &pos);
    } catch (...) {
        throw std::invalid_argument(std::string("expected ") + what + ", got '" + text + "'");
    }
    if (!std::isfinite(v)) throw std::invalid_argument(std::string("expected ") + what + ", got '" + text + "'");
    return {v, s.substr(pos)};
}

double unit_factor(const std::string& unit, const std::vector<std::pair<const char*, double>>& table,
                   const std::string& text, const char* what) {
    for (auto& [name, f] : table)
        if (unit == name) return f;
    std::string accepted;
    for (auto& [name, f] : table) accepted += (accepted.empty() ? "" : ", ") + std::string(name);
    throw std::invalid_argument(std::string("expected ") + what + " with a unit (" + accepted + "), got '" + text +
                                "'");
}

std::string trim_float(double v) {
    char buf[64];
    snprintf(buf, sizeof buf, "%.6g", v);
    return buf;
}

}  // namespace

int64_t parse_int(const std::string& text) {
    const std::string s = strip(text);
    if (s.empty()) throw std::invalid_argument("expected an integer, got ''");
    size_t pos = 0;
    long long v;
    try {
        v = std::stoll(s, &pos, 0);
    } catch (const std::out_of_range&) {
        throw std::invalid_argument("integer out of range: '" + text + "'");
    } catch (...) {
        throw std::invalid_argument("expected an integer, got '" + text + "'");
    }
    if (pos != s.size()) throw std::invalid_argument("expected an integer, got '" + text + "'");
    return v;
}

uint64_t parse_address(const std::string& text) {
    const std::string s = strip(text);
    if (s.empty() || s[0] == '-')
        throw std::invalid_argument("expected an address (e.g. 0x8000_0000), got '" + text + "'");
    size_t pos = 0;
    unsigned long long v;
    try {
        v = std::stoull(s, &pos, 0);
    } catch (...) {
        throw std::invalid_argument("expected an address (e.g. 0x8000_0000), got '" + text + "'");
    }
    if (pos != s.size()) throw std::invalid_argument("expected an address (e.g. 0x8000_0000), got '" + text + "'");
    return v;
}

double parse_float(const std::string& text) {
    auto [v, rest] = split_number(text, "a number");
    if (!rest.empty()) throw std::invalid_argument("expected a number, got '" + text + "'");
    return v;
}

uint64_t parse_size(const std::string& text) {
    const std::string s = strip(text);
    if (s.rfind("0x", 0) == 0 || s.rfind("0X", 0) == 0) return parse_address(s);
    auto [v, unit] = split_number(text, "a size like '32KiB'");
    static const std::vector<std::pair<const char*, double>> units = {
        {"", 1},     {"B", 1},    {"KiB", 1024.0}, {"MiB", 1048576.0}, {"GiB", 1073741824.0}, {"TiB", 1099511627776.0},
        {"kB", 1e3}, {"KB", 1e3}, {"MB", 1e6},     {"GB", 1e9},        {"TB", 1e12}};
    const double factor = unit_factor(unit, units, text, "a size");
    // A whole number of a unit is computed in integers: a double holds integers exactly only up to
    // 2^53, so "72057594037927935B" would become ...936 (and not round-trip through format_value).
    const size_t digits = std::min(s.find_first_not_of("0123456789"), s.size());
    if (digits != 0 && digits == s.size() - unit.size()) {
        uint64_t n = 0, bytes = 0;
        bool overflow = false;
        for (size_t i = 0; i < digits; ++i)
            overflow |= __builtin_mul_overflow(n, 10u, &n) || __builtin_add_overflow(n, uint64_t(s[i] - '0'), &n);
        overflow |= __builtin_mul_overflow(n, uint64_t(factor), &bytes);
        if (overflow) throw std::invalid_argument("size out of range: '" + text + "'");
        return bytes;
    }
    const double bytes = v * factor;
    if (bytes < 0 || bytes != std::floor(bytes) || bytes > 1.8e19)
        throw std::invalid_argument("size must be a whole, non-negative number of bytes, got '" + text + "'");
    return static_cast<uint64_t>(bytes);
}

uint64_t parse_time_ps(const std::string& text) {
    auto [v, unit] = split_number(text, "a time like '1.6ns'");
    static const std::vector<std::pair<const char*, double>> units = {
        {"ps", 1}, {"ns", 1e3}, {"us", 1e6}, {"ms", 1e9}, {"s", 1e12}};
    const double ps = v * unit_factor(unit, units, text, "a time");
    const double rounded = std::round(ps);
    if (ps < 0 || std::fabs(ps - rounded) > 1e-6 * std::max(1.0, ps) || rounded > 1.8e19)
        throw std::invalid_argument("time must be a non-negative whole number of picoseconds, got '" + text + "'");
    return static_cast<uint64_t>(rounded);
}

double parse_freq_hz(const std::string& text) {
    auto [v, unit] = split_number(text, "a frequency like '50MHz'");
    static const std::vector<std::pair<const char*, double>> units = {
        {"Hz", 1}, {"kHz", 1e3}, {"KHz", 1e3}, {"MHz", 1e6}, {"GHz", 1e9}};
    const double hz = v * unit_factor(unit, units, text, "a frequency");
    if (hz <= 0) throw std::invalid_argument("frequency must be positive, got '" + text + "'");
    return hz;
}

double parse_bandwidth(const std::string& text) {
    auto [v, unit] = split_number(text, "a bandwidth like '12.8GB/s'");
    // Zero is zero in every unit: a bare 0 is fine (the parameters that take it read it as "unlimited";
    // their range says whether it is allowed).
    if (v == 0 && unit.empty()) return 0;
    static const std::vector<std::pair<const char*, double>> units = {
        {"B/s", 1},        {"kB/s", 1e3},     {"KB/s", 1e3},        {"MB/s", 1e6},           {"GB/s", 1e9},
        {"TB/s", 1e12},    {"KiB/s", 1024.0}, {"MiB/s", 1048576.0}, {"GiB/s", 1073741824.0}, {"b/s", 1 / 8.0},
        {"bps", 1 / 8.0},  {"kb/s", 1e3 / 8}, {"Kb/s", 1e3 / 8},    {"Mb/s", 1e6 / 8},       {"Mbps", 1e6 / 8},
        {"Gb/s", 1e9 / 8}, {"Gbps", 1e9 / 8}};
    const double bps = v * unit_factor(unit, units, text, "a bandwidth");
    if (bps < 0) throw std::invalid_argument("bandwidth must not be negative, got '" + text + "'");
    return bps;
}

std::string format_size(uint64_t bytes) {
    static const char* names[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    int i = 0;
    while (bytes >= 1024 && bytes % 1024 == 0 && i < 6) {
        bytes /= 1024;
        ++i;
    }
    return std::to_string(bytes) + " " + names[i];  // an integer: never "1.81462e+06 B"
}

std::string format_bytes(uint64_t bytes) {
    static const char* names[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    if (bytes < 1024) return std::to_string(bytes) + " B";
    double v = double(bytes);
    int i = 0;
    // The unit in which the value shows as at most 1023 (rounded to three digits).
    while (i < 6 && v >= 1023.5) {
        v /= 1024;
        ++i;
    }
    char buf[32];
    snprintf(buf, sizeof buf, v < 9.995 ? "%.2f %s" : v < 99.95 ? "%.1f %s" : "%.0f %s", v, names[i]);
    return buf;
}

std::string format_time(uint64_t ps) {
    if (ps == 0) return "0 s";
    static const std::pair<double, const char*> units[] = {
        {1e12, "s"}, {1e9, "ms"}, {1e6, "us"}, {1e3, "ns"}, {1, "ps"}};
    for (auto& [f, n] : units)
        if (double(ps) >= f) return trim_float(double(ps) / f) + " " + n;
    return std::to_string(ps) + " ps";
}

std::string format_freq(double hz) {
    if (hz >= 1e9) return trim_float(hz / 1e9) + " GHz";
    if (hz >= 1e6) return trim_float(hz / 1e6) + " MHz";
    if (hz >= 1e3) return trim_float(hz / 1e3) + " kHz";
    return trim_float(hz) + " Hz";
}

std::string format_bandwidth(double bps) {
    if (bps >= 1e9) return trim_float(bps / 1e9) + " GB/s";
    if (bps >= 1e6) return trim_float(bps / 1e6) + " MB/s";
    if (bps >= 1e3) return trim_float(bps / 1e3) + " kB/s";
    return trim_float(bps) + " B/s";
}

}  // namespace vp::config
