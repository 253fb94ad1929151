/* cache_ops: exercises cache maintenance on the VP (tests/platform checks the caches' statistics).
 *   1. writes 8 lines of a buffer (dirty in L1D), cbo.clean on them: 8 write-backs, lines stay valid
 *   2. writes one line, cbo.flush: written back and gone
 *   3. writes one line, cbo.inval: the dirty line is dropped (a reported hazard: dirty_discards = 1)
 *   4. reads the controllers' geometry registers and the POLICY register, selects PB on L2 and back
 * Prints what it did; exits 0. Without caches (no cachectl entries) it says so and exits 0. */
#include <stdio.h>
#include <hal/cache.h>

static volatile uint32_t buf[8 * 16] __attribute__((aligned(64)));
static volatile uint32_t one[16] __attribute__((aligned(64)));
static volatile uint32_t two[16] __attribute__((aligned(64)));

int main(void) {
    const uintptr_t l1d = vp_cachectl("l1d"), l2 = vp_cachectl("l2");
    if (!l1d) {
        printf("cache_ops: no L1D controller, nothing to do\n");
        return 0;
    }
    printf("cache_ops: l1d %u KiB %u-way line %u, policy %u\n", (unsigned)vp_read32(l1d + CACHECTL_SIZE_KIB),
           (unsigned)vp_read32(l1d + CACHECTL_WAYS), (unsigned)vp_read32(l1d + CACHECTL_LINE_SIZE),
           (unsigned)vp_read32(l1d + CACHECTL_POLICY));
    for (unsigned i = 0; i < 8 * 16; ++i) buf[i] = i;
    vp_cache_clean_range(buf, sizeof buf);
    one[0] = 1;
    vp_cbo_flush(one);
    two[0] = 2;
    vp_cbo_inval(two);
    if (l2) {
        vp_write32(l2 + CACHECTL_POLICY, CACHECTL_POLICY_PB);
        const uint32_t got = vp_read32(l2 + CACHECTL_POLICY);
        vp_write32(l2 + CACHECTL_POLICY, CACHECTL_POLICY_LRU);
        printf("cache_ops: l2 policy select PB -> %u\n", (unsigned)got);
        if (got != CACHECTL_POLICY_PB) return 1;
    }
    printf("cache_ops: done\n");
    return 0;
}
