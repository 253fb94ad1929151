// Quantities with units, as written in scenario files.
#include <catch2/catch.hpp>
#include "config/params.h"
#include "config/quantity.h"

using namespace vp::config;

TEST_CASE("sizes accept binary and decimal units") {
    REQUIRE(parse_size("32KiB") == 32768);
    REQUIRE(parse_size("256 MiB") == 256ull << 20);
    REQUIRE(parse_size("4GiB") == 4ull << 30);
    REQUIRE(parse_size("1.5KiB") == 1536);
    REQUIRE(parse_size("64") == 64);
    REQUIRE(parse_size("0x1000") == 4096);
    REQUIRE(parse_size("2kB") == 2000);
    REQUIRE_THROWS_WITH(parse_size("12 apples"), Catch::Contains("KiB"));
    REQUIRE_THROWS(parse_size("0.3B"));
}

TEST_CASE("times need a unit and resolve to whole picoseconds") {
    REQUIRE(parse_time_ps("1.6ns") == 1600);
    REQUIRE(parse_time_ps("13.75ns") == 13750);
    REQUIRE(parse_time_ps("7.8us") == 7800000);
    REQUIRE(parse_time_ps("2ms") == 2000000000ull);
    REQUIRE(parse_time_ps("0s") == 0);
    REQUIRE_THROWS_WITH(parse_time_ps("13"), Catch::Contains("unit"));
    REQUIRE_THROWS_WITH(parse_time_ps("0.1ps"), Catch::Contains("whole number of picoseconds"));
    REQUIRE_THROWS(parse_time_ps("-1ns"));
}

TEST_CASE("frequencies and bandwidths") {
    REQUIRE(parse_freq_hz("50MHz") == Approx(50e6));
    REQUIRE(parse_freq_hz("1.6GHz") == Approx(1.6e9));
    REQUIRE_THROWS(parse_freq_hz("0Hz"));
    REQUIRE_THROWS_WITH(parse_freq_hz("100"), Catch::Contains("MHz"));
    REQUIRE(parse_bandwidth("12.8GB/s") == Approx(12.8e9));
    REQUIRE(parse_bandwidth("10Gb/s") == Approx(1.25e9));
    REQUIRE(parse_bandwidth("1GiB/s") == Approx(1073741824.0));
    // 0 = unlimited for the parameters that say so (platform.ram.fixed.bandwidth, platform.vec.lm_bandwidth):
    // with or without a unit; negative never.
    REQUIRE(parse_bandwidth("0") == 0.0);
    REQUIRE(parse_bandwidth("0GB/s") == 0.0);
    REQUIRE_THROWS_WITH(parse_bandwidth("-1GB/s"), Catch::Contains("must not be negative"));
    REQUIRE_THROWS_WITH(parse_bandwidth("5"), Catch::Contains("with a unit"));
}

TEST_CASE("integers and addresses allow hex and digit separators") {
    REQUIRE(parse_address("0x8000_0000") == 0x80000000ull);
    REQUIRE(parse_int("-42") == -42);
    REQUIRE(parse_int("1_000") == 1000);
    REQUIRE_THROWS(parse_address("-1"));
    REQUIRE_THROWS(parse_int("12abc"));
}

TEST_CASE("formatting for reports") {
    REQUIRE(format_size(32768) == "32 KiB");
    // Sizes are integers, never floating-point notation (issue #32 item 18).
    REQUIRE(format_size(1814620) == "1814620 B");
    REQUIRE(format_size(uint64_t(3) << 40) == "3 TiB");
    REQUIRE(format_size(~uint64_t(0)) == "18446744073709551615 B");
    REQUIRE(format_bytes(0) == "0 B");
    REQUIRE(format_bytes(1023) == "1023 B");
    REQUIRE(format_bytes(1024) == "1.00 KiB");
    REQUIRE(format_bytes(8485) == "8.29 KiB");
    REQUIRE(format_bytes(1814620) == "1.73 MiB");
    REQUIRE(format_bytes(300 * 1024) == "300 KiB");
    REQUIRE(format_bytes(1024 * 1024 - 1) == "1.00 MiB");  // not "1024 KiB"
    REQUIRE(format_bytes(~uint64_t(0)) == "16.0 EiB");
    REQUIRE(format_time(13750) == "13.75 ns");
    REQUIRE(format_freq(1.6e9) == "1.6 GHz");
    REQUIRE(format_bandwidth(12.8e9) == "12.8 GB/s");
}

TEST_CASE("whole sizes are exact beyond 2^53 bytes and round-trip through format_value") {
    // Found by the quantity fuzz target (fuzz/quantity_fuzz.cpp): the number went through a double,
    // so 2^56 - 1 bytes came back as 2^56 and the default text of a size did not parse back to it.
    const uint64_t v = 0xffffffffffffffull;
    CHECK(parse_size("72057594037927935B") == v);
    CHECK(parse_size("72057594037927935") == v);
    CHECK(parse_size(format_value(Kind::Size, v)) == v);
    CHECK(parse_size("18446744073709551615B") == ~0ull);
    CHECK_THROWS_WITH(parse_size("18446744073709551616B"), Catch::Contains("out of range"));
    CHECK_THROWS_WITH(parse_size("16777216TiB"), Catch::Contains("out of range"));
    CHECK(parse_size("1.5KiB") == 1536);  // fractions still go through the double path
}
