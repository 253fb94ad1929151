/* Order-independent checksum of a float vector's bit patterns, shared by firmware (which prints it)
 * and the VP's host-side reference (which checks it): hash = sum_i vp_checksum_mix(i, bits(y[i])).
 * tools/qemu/make_spmv_data.py implements the same formula in Python. */
#ifndef VP_CHECKSUM_H
#define VP_CHECKSUM_H
#include <stdint.h>

static inline uint32_t vp_checksum_mix(uint32_t i, uint32_t bits) {
    uint32_t h = bits ^ (i * 0x9E3779B9u);
    h ^= h >> 16;
    h *= 0x85EBCA6Bu;
    h ^= h >> 13;
    h *= 0xC2B2AE35u;
    h ^= h >> 16;
    return h;
}

#endif
