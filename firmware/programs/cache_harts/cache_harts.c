/* cache_harts: with several harts, hart h's L1D controller (vp_cachectl_hart, include/hal/cache.h)
 * counts hart h's own lookups: hart 1 streams through an array 8x its L1D with a statistics window on
 * it while hart 0 spins on a flag; hart 0 then reads both controllers. Hart 1's shows one miss per line
 * of the array inside the window, hart 0's no window traffic at all. Then Zicbom across harts: hart 1
 * writes a buffer (its lines dirty in hart 1's L1D), hart 0 cleans it with cbo.clean, and hart 1's L1D
 * wrote every line back (its controller's writebacks). Needs 2 harts, the device tree and L1Ds
 * (programs.txt). Exit 0 = pass, 1 = wrong counts, 2 = no second hart or no controller. */
#include <stdint.h>
#include <stdio.h>
#include <hal/cache.h>
#include <rt/smp.h>

#define LINES 4096u /* 256 KiB: 8x a 32 KiB L1D */
static volatile uint32_t array[LINES * 16] __attribute__((aligned(64)));
static volatile uint32_t streamed, written;
#define DIRTY_LINES 32u
static volatile uint32_t buffer[DIRTY_LINES * 16] __attribute__((aligned(64)));
static volatile uint32_t sink;

void vp_smp_worker(uint32_t hartid) {
    if (hartid != 1) return;
    uint32_t sum = 0;
    for (uint32_t i = 0; i < LINES; i++) sum += array[i * 16];
    sink = sum;
    __atomic_store_n(&streamed, 1u, __ATOMIC_RELEASE);
    for (uint32_t i = 0; i < DIRTY_LINES; i++) buffer[i * 16] = i; /* dirty in this hart's L1D */
    __atomic_store_n(&written, 1u, __ATOMIC_RELEASE);
}

int main(void) {
    const uint32_t harts = vp_smp_harts();
    const uintptr_t ctl0 = vp_cachectl_hart("l1d", 0), ctl1 = vp_cachectl_hart("l1d", 1);
    if (harts < 2 || !ctl0 || !ctl1) {
        printf("cache_harts: ERROR: needs 2 harts with L1Ds (harts %lu)\n", (unsigned long)harts);
        return 2;
    }
    const uint32_t lo = (uint32_t)(uintptr_t)array, hi = lo + sizeof array;
    for (uintptr_t c = ctl0; c; c = c == ctl0 ? ctl1 : 0) {
        vp_cache_stat_window(c, lo, hi);
        vp_cache_stat_reset(c);
    }
    vp_smp_release_harts();
    while (!__atomic_load_n(&streamed, __ATOMIC_ACQUIRE)) {}
    vp_cache_stats_t s0, s1;
    vp_cache_stat_read(ctl0, &s0, 0);
    vp_cache_stat_read(ctl1, &s1, 0);
    printf("cache_harts: l1d (hart 0) window lookups %lu misses %lu; l1d_1 (hart 1) window lookups %lu misses %lu\n",
           (unsigned long)s0.win_accesses, (unsigned long)s0.win_misses, (unsigned long)s1.win_accesses,
           (unsigned long)s1.win_misses);
    int ok = s1.win_accesses == LINES && s1.win_misses == LINES && s0.win_accesses == 0;
    while (!__atomic_load_n(&written, __ATOMIC_ACQUIRE)) {}
    vp_cache_stats_t before, after;
    vp_cache_stat_read(ctl1, &before, 0);
    vp_cache_clean_range(buffer, sizeof buffer); /* cbo.clean on hart 0 */
    vp_cache_stat_read(ctl1, &after, 0);
    printf("cache_harts: cbo.clean on hart 0 of %lu lines dirty in hart 1's L1D: %lu written back there\n",
           (unsigned long)DIRTY_LINES, (unsigned long)(after.writebacks - before.writebacks));
    ok &= after.writebacks - before.writebacks == DIRTY_LINES;
    printf("cache_harts: %s\n", ok ? "PASS" : "FAIL");
    return ok ? 0 : 1;
}
