// How a master splits its side of a descriptor into bus transactions (Intel's extended descriptor
// fields, [UG] "Read and Write Stride Fields", "Read and Write Burst Count"):
//   stride 1 (the standard format): sequential, transactions of the burst count (in words of the
//            master's data width; 0 = the longest, `burst` bytes) each, the last one shorter;
//   stride s != 1: one word per transaction, word k at base + k * s * width (s = 0: a fixed address,
//            e.g. a peripheral's data register); the last word may be shorter than `width`.
// Transaction k covers bytes [k * chunk, min((k + 1) * chunk, length)) of the stream.
#pragma once
#include <algorithm>
#include <cstdint>

namespace vp {

struct AccessPlan {
    uint64_t base = 0;
    uint64_t length = 0;
    unsigned chunk = 1;  // stream bytes per transaction
    uint64_t step = 0;   // address step per transaction

    // `width` and `burst` are the master's data path and longest transaction in bytes (burst a
    // multiple of width); burst_count and stride come from the descriptor.
    static AccessPlan make(uint64_t base, uint64_t length, unsigned width, unsigned burst, unsigned burst_count,
                           unsigned stride) {
        AccessPlan p;
        p.base = base;
        p.length = length;
        if (stride == 1) {
            p.chunk = burst_count == 0 ? burst : std::min(burst, burst_count * width);
            p.step = p.chunk;
        } else {
            p.chunk = width;
            p.step = uint64_t(stride) * width;
        }
        return p;
    }
    uint64_t count() const { return (length + chunk - 1) / chunk; }
    uint64_t stream_offset(uint64_t k) const { return k * chunk; }
    uint64_t address(uint64_t k) const { return base + k * step; }
    unsigned size(uint64_t k) const { return unsigned(std::min<uint64_t>(chunk, length - k * chunk)); }
};

}  // namespace vp
