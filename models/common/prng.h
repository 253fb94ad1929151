// Small fixed-algorithm PRNGs: the same seed gives the same sequence on every platform and standard
// library (unlike std::uniform_*_distribution, whose algorithms are implementation-defined).
#pragma once
#include <cstdint>

namespace vp {

// SplitMix64 (Steele, Lea, Flood 2014): a seed expander, and a fine generator on its own.
inline uint64_t splitmix64(uint64_t& state) {
    uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

// xoshiro256** (Blackman, Vigna 2018), seeded through SplitMix64.
class Xoshiro256 {
public:
    explicit Xoshiro256(uint64_t seed = 1) { reseed(seed); }
    void reseed(uint64_t seed) {
        uint64_t sm = seed;
        for (auto& w : s_) w = splitmix64(sm);
    }
    uint64_t next() {
        const uint64_t result = rotl(s_[1] * 5, 7) * 9;
        const uint64_t t = s_[1] << 17;
        s_[2] ^= s_[0];
        s_[3] ^= s_[1];
        s_[1] ^= s_[2];
        s_[0] ^= s_[3];
        s_[2] ^= t;
        s_[3] = rotl(s_[3], 45);
        return result;
    }
    // Uniform in [0, n) (n > 0), by multiply-shift: no modulo bias worth speaking of, no loops.
    uint64_t below(uint64_t n) {
        __extension__ typedef unsigned __int128 u128;
        return static_cast<uint64_t>((static_cast<u128>(next()) * n) >> 64);
    }
    // Uniform in [0, 1) with 53 bits.
    double unit() { return double(next() >> 11) * 0x1.0p-53; }

private:
    static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
    uint64_t s_[4];
};

}  // namespace vp
