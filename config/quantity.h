// Parsing of scenario quantities with units: sizes ("32KiB"), times ("1.6ns"), frequencies ("50MHz"),
// bandwidths ("12.8GB/s", "10Gb/s"), and integers/addresses ("0x8000_0000"). Each parser throws
// std::invalid_argument with a one-line reason naming the accepted forms.
#pragma once
#include <cstdint>
#include <string>

namespace vp::config {

int64_t parse_int(const std::string& text);       // decimal or 0x hex, '_' separators allowed
uint64_t parse_address(const std::string& text);  // non-negative integer
double parse_float(const std::string& text);
uint64_t parse_size(const std::string& text);     // bytes; B, KiB, MiB, GiB, TiB, kB/KB, MB, GB; plain = bytes
uint64_t parse_time_ps(const std::string& text);  // ps, ns, us, ms, s (unit required); whole ps
double parse_freq_hz(const std::string& text);    // Hz, kHz, MHz, GHz (unit required)
double parse_bandwidth(const std::string& text);  // bytes/s: B/s, kB/s, KB/s, MB/s, GB/s, KiB/s, MiB/s, GiB/s,
                                                  // bit rates b/s, kb/s, Mb/s, Gb/s, bps, Gbps

// Formatting back for reports: "32 KiB", "13.75 ns", "1.6 GHz", "12.8 GB/s". format_size is exact
// (an integer in the largest binary unit that divides it: "32 KiB", "1814620 B"), for configured
// sizes; format_bytes is for measured byte counts (three significant digits: "1.73 MiB", "812 B").
std::string format_size(uint64_t bytes);
std::string format_bytes(uint64_t bytes);
std::string format_time(uint64_t ps);
std::string format_freq(double hz);
std::string format_bandwidth(double bytes_per_s);

}  // namespace vp::config
