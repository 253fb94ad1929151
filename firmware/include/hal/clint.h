/* CLINT at VP_CLINT_BASE (registers: include/vp/regs/clint.h). mtime ticks at VP_CLINT_TIMEBASE_HZ. */
#ifndef FW_HAL_CLINT_H
#define FW_HAL_CLINT_H
#include <stdint.h>
#include <vp/regs/clint.h>
#include <vp/regs/memmap.h>
#include <hal/mmio.h>

static inline uint64_t vp_clint_mtime(void) {
    uint32_t hi, lo, hi2;
    do {
        hi = vp_read32(VP_CLINT_BASE + CLINT_MTIME + 4);
        lo = vp_read32(VP_CLINT_BASE + CLINT_MTIME);
        hi2 = vp_read32(VP_CLINT_BASE + CLINT_MTIME + 4);
    } while (hi != hi2);
    return ((uint64_t)hi << 32) | lo;
}

static inline uint64_t vp_clint_get_mtimecmp(unsigned hart) {
    uintptr_t a = VP_CLINT_BASE + CLINT_MTIMECMP(hart);
    return ((uint64_t)vp_read32(a + 4) << 32) | vp_read32(a);
}

/* Glitch-free 64-bit update on RV32: park the high word at all-ones first. */
static inline void vp_clint_set_mtimecmp(unsigned hart, uint64_t t) {
    uintptr_t a = VP_CLINT_BASE + CLINT_MTIMECMP(hart);
    vp_write32(a + 4, 0xFFFFFFFFu);
    vp_write32(a, (uint32_t)t);
    vp_write32(a + 4, (uint32_t)(t >> 32));
}

/* Disarm the timer: the comparison never becomes true (clears mip.MTIP). */
static inline void vp_clint_disarm_timer(unsigned hart) { vp_clint_set_mtimecmp(hart, UINT64_MAX); }

static inline void vp_clint_set_msip(unsigned hart) { vp_write32(VP_CLINT_BASE + CLINT_MSIP(hart), 1u); }
static inline void vp_clint_clear_msip(unsigned hart) { vp_write32(VP_CLINT_BASE + CLINT_MSIP(hart), 0u); }
static inline uint32_t vp_clint_get_msip(unsigned hart) { return vp_read32(VP_CLINT_BASE + CLINT_MSIP(hart)) & 1u; }

#endif
