// The loader's streamed write (Loader::write_from): a data set read in chunks lands byte for byte,
// a short file is a read error naming it, and a range that overlaps an earlier load is refused
// before anything is read.
#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <vector>

#include "tests/support/loader_bench.h"

using namespace vp;

namespace {

// A 16 MiB memory at address 0 behind a loader.
struct Bench : vp::test::LoaderBench {
    Bench() : LoaderBench(16u << 20) {}
};

// Bytes with no period (the top byte of a 64-bit multiplicative hash of the offset depends on all of
// its bits): a chunk written to the wrong place, twice or not at all shows.
std::string pattern(size_t n) {
    std::string s(n, '\0');
    for (size_t i = 0; i < n; ++i) s[i] = char((uint64_t(i) * 0x9e3779b97f4a7c15u) >> 56);
    return s;
}

}  // namespace

TEST_CASE("loader: a stream of several chunks lands byte for byte and only where it was placed") {
    Bench b;
    const size_t n = (5u << 20) / 2 + 123;  // 2.5 MiB and a bit: two whole chunks and a partial one
    const std::string data = pattern(n);
    std::istringstream in(data);
    const uint64_t at = 0x100003;  // not chunk-aligned
    b.loader.write_from(at, in, n, "data.bin");
    std::vector<char> back(n + 2);
    b.loader.read(at - 1, back.data(), back.size(), "check");
    REQUIRE(back.front() == 0);  // the byte before it and the one after are untouched
    REQUIRE(back.back() == 0);
    REQUIRE(std::string(back.begin() + 1, back.end() - 1) == data);
}

TEST_CASE("loader: a stream shorter than its size is a read error that names it") {
    Bench b;
    const std::string data = pattern(1500000);
    std::istringstream in(data);
    try {
        b.loader.write_from(0x1000, in, 3000000, "short.bin");
        FAIL("no error for a stream that ends early");
    } catch (const Loader::ReadError& e) {
        const std::string what = e.what();
        REQUIRE(what.find("short.bin") != std::string::npos);
        REQUIRE(what.find("1500000") != std::string::npos);  // where it ended
    }
}

TEST_CASE("loader: a stream overlapping an earlier load is refused before it is read") {
    Bench b;
    const std::string first = pattern(4096);
    b.loader.write(0x2000, first.data(), first.size(), "first.bin");
    const std::string second(8192, 'x');
    std::istringstream in(second);
    bool read_error = false, placement_error = false;
    try {
        b.loader.write_from(0x1000, in, second.size(), "second.bin");
    } catch (const Loader::ReadError&) {
        read_error = true;
    } catch (const std::runtime_error& e) {
        placement_error = std::string(e.what()).find("overlaps first.bin") != std::string::npos;
    }
    REQUIRE_FALSE(read_error);
    REQUIRE(placement_error);
    REQUIRE(in.tellg() == 0);  // nothing read
    std::vector<char> back(4096);
    b.loader.read(0x2000, back.data(), back.size(), "check");
    REQUIRE(std::string(back.begin(), back.end()) == first);
}
