// What one DCPL tells the L1 about one way: the element stream a prefetch way (1..3) delivers to the
// array, or the store stream way 0 receives from the last stage. Encoding: include/vp/isa/lapp.h.
#pragma once

#include <cstdint>

namespace vp::lapp {

struct StreamDesc {
    bool valid = false;
    uint32_t base = 0;
    uint32_t stride = 4;  // ways 1..3: bytes between elements; way 0: record bytes (0: from the stores)
    bool down = false;    // descending addresses
    uint32_t count = 0;   // elements (ways 1..3) / iterations (way 0); 0 = unbounded

    // Address of element k (a 4-byte word).
    uint32_t element_addr(uint64_t k) const { return down ? base - uint32_t(k * stride) : base + uint32_t(k * stride); }
    // The element holding all of [addr, addr + len) (len <= 4), the newest one when elements overlap
    // (stride < 4). False if no element 0 <= k < count holds it.
    bool element_of(uint32_t addr, unsigned len, int64_t& k, unsigned& within) const {
        const int64_t s = stride;
        int64_t e;
        if (!down) {
            const int64_t d = int64_t(addr) - int64_t(base);
            e = d >= 0 ? d / s : -((-d + s - 1) / s);  // floor
        } else {
            const int64_t d = int64_t(base) - int64_t(addr);
            e = d >= 0 ? (d + s - 1) / s : -((-d) / s);  // ceil
        }
        if (e < 0 || (count && e >= int64_t(count))) return false;
        const int64_t w = int64_t(addr) - int64_t(element_addr(uint64_t(e)));
        if (w < 0 || w + len > 4) return false;
        k = e;
        within = unsigned(w);
        return true;
    }
};

// Decodes a DCPL (rs1 = base, rs2 = descriptor). False for a descriptor with reserved bits set or a
// read way that would wrap around the address space; `why` says what is wrong.
bool decode_dcpl(uint32_t base, uint32_t desc, unsigned& way, StreamDesc& out, const char*& why);

}  // namespace vp::lapp
