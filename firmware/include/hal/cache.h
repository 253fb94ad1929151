/* Cache maintenance for firmware: Zicbom block operations (one line, the caches of the hart and the
 * shared L2) and the cache controllers' registers (include/vp/regs/cache_ctrl.h), found through the
 * boot-info entries "cachectl.l1i", "cachectl.l1d", "cachectl.l2" the VP adds for each cache present.
 * DMA is not coherent with the caches (docs/cache.md): clean before a DMA reads what the CPU wrote,
 * invalidate before the CPU reads what a DMA wrote. On a core without caches the cbo.* are no-ops. */
#ifndef FW_HAL_CACHE_H
#define FW_HAL_CACHE_H
#include <stdint.h>
#include <rt/bootinfo.h>
#include <hal/mmio.h>
#include <vp/regs/cache_ctrl.h>
#include <vp/regs/memmap.h>

/* cbo.clean / cbo.flush / cbo.inval (MISC-MEM, funct3 2, imm 1 / 2 / 0), written with .insn so that
 * no assembler support for Zicbom is needed. */
static inline void vp_cbo_clean(const volatile void *p) {
    __asm__ volatile(".insn i 0x0F, 2, x0, %0, 1" ::"r"(p) : "memory");
}
static inline void vp_cbo_flush(const volatile void *p) {
    __asm__ volatile(".insn i 0x0F, 2, x0, %0, 2" ::"r"(p) : "memory");
}
static inline void vp_cbo_inval(const volatile void *p) {
    __asm__ volatile(".insn i 0x0F, 2, x0, %0, 0" ::"r"(p) : "memory");
}

/* The block size of the cbo.* operations (include/vp/regs/cache_ctrl.h: whatever the line sizes). */
#define VP_CBO_BLOCK VP_CBO_BLOCK_SIZE

/* Applies op to every block overlapping [p, p + len). */
static inline void vp_cache_range(void (*op)(const volatile void *), const volatile void *p, uint32_t len) {
    uintptr_t a = (uintptr_t)p & ~(uintptr_t)(VP_CBO_BLOCK - 1);
    const uintptr_t end = (uintptr_t)p + len;
    for (; a < end; a += VP_CBO_BLOCK) op((const volatile void *)a);
}
static inline void vp_cache_clean_range(const volatile void *p, uint32_t len) { vp_cache_range(vp_cbo_clean, p, len); }
static inline void vp_cache_flush_range(const volatile void *p, uint32_t len) { vp_cache_range(vp_cbo_flush, p, len); }
static inline void vp_cache_inval_range(const volatile void *p, uint32_t len) { vp_cache_range(vp_cbo_inval, p, len); }

/* Base of a cache controller ("l1i", "l1d", "l2"), or 0 when that cache is not present. */
static inline uintptr_t vp_cachectl(const char *which) {
    char name[16] = "cachectl.";
    for (int i = 0; which[i] && i < 6; ++i) {
        name[9 + i] = which[i];
        name[10 + i] = 0;
    }
    uint32_t addr = 0;
    return vp_bootinfo_find(name, &addr, 0) ? (uintptr_t)addr : 0;
}

/* Base of hart `hart`'s own L1 controller ("l1i" or "l1d"), or 0 when not present: hart 0's is
 * vp_cachectl(which); with several harts, hart h >= 1's L1s have theirs at the fixed addresses
 * VP_CACHECTL_L1I_HART(h) / _L1D_HART(h) (include/vp/regs/memmap.h), present when hart 0's is. */
static inline uintptr_t vp_cachectl_hart(const char *which, uint32_t hart) {
    const uintptr_t hart0 = vp_cachectl(which);
    if (hart == 0 || hart0 == 0) return hart0;
    return which[2] == 'i' ? VP_CACHECTL_L1I_HART(hart) : VP_CACHECTL_L1D_HART(hart);
}

/* Cache statistics (STAT_* registers of include/vp/regs/cache_ctrl.h) of the controller at `ctl`
 * (vp_cachectl()): counts since the last reset, latched by a snapshot. */
typedef struct {
    uint64_t accesses, misses, writebacks; /* every lookup of the cache */
    uint64_t win_accesses, win_misses;     /* lookups inside the window */
} vp_cache_stats_t;

/* The window whose lookups are counted apart: [start, end). */
static inline void vp_cache_stat_window(uintptr_t ctl, uint32_t start, uint32_t end) {
    vp_write32(ctl + CACHECTL_STAT_WIN_START, start);
    vp_write32(ctl + CACHECTL_STAT_WIN_END, end);
}
static inline void vp_cache_stat_reset(uintptr_t ctl) {
    vp_write32(ctl + CACHECTL_STAT_CTRL, CACHECTL_STAT_CTRL_RESET);
}

static inline uint64_t vp_cache_stat64(uintptr_t ctl, uint32_t off) {
    return (uint64_t)vp_read32(ctl + off) | (uint64_t)vp_read32(ctl + off + 4) << 32;
}

/* Latches the counts and reads them; with `reset`, the live counts restart from 0 in the same write. */
static inline void vp_cache_stat_read(uintptr_t ctl, vp_cache_stats_t *s, int reset) {
    vp_write32(ctl + CACHECTL_STAT_CTRL, CACHECTL_STAT_CTRL_SNAPSHOT | (reset ? CACHECTL_STAT_CTRL_RESET : 0u));
    s->accesses = vp_cache_stat64(ctl, CACHECTL_STAT_ACCESSES);
    s->misses = vp_cache_stat64(ctl, CACHECTL_STAT_MISSES);
    s->writebacks = vp_cache_stat64(ctl, CACHECTL_STAT_WRITEBACKS);
    s->win_accesses = vp_cache_stat64(ctl, CACHECTL_STAT_WIN_ACCESSES);
    s->win_misses = vp_cache_stat64(ctl, CACHECTL_STAT_WIN_MISSES);
}

#endif
