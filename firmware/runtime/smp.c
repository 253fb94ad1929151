/* Harts from the device tree (include/rt/smp.h). */
#include <rt/smp.h>

volatile uint32_t vp_smp_release; /* runtime/smp_start.S spins on it */

static uint32_t be32(const void *p) {
    const uint8_t *b = (const uint8_t *)p;
    return ((uint32_t)b[0] << 24) | ((uint32_t)b[1] << 16) | ((uint32_t)b[2] << 8) | b[3];
}

/* s starts with p (freestanding: programs without a C library call this too) */
static int starts_with(const char *s, const char *p) {
    while (*p)
        if (*s++ != *p++) return 0;
    return 1;
}

/* Walks the structure block: FDT_BEGIN_NODE 1, FDT_END_NODE 2, FDT_PROP 3 (len, nameoff, value),
 * FDT_NOP 4, FDT_END 9 (devicetree specification v0.4, 5.4). */
uint32_t vp_dtb_count_cpus(uintptr_t dtb) {
    if (!dtb || be32((const void *)dtb) != 0xd00dfeedu) return 0;
    const uint8_t *st = (const uint8_t *)(dtb + be32((const void *)(dtb + 8)));
    uint32_t depth = 0, in_cpus = 0, n = 0;
    for (;;) {
        const uint32_t tok = be32(st);
        st += 4;
        if (tok == 1) {
            const char *name = (const char *)st;
            uint32_t len = 0;
            while (name[len]) ++len;
            st += (len + 4u) & ~3u;
            ++depth;
            if (depth == 2 && starts_with(name, "cpus") && (name[4] == 0 || name[4] == '@')) in_cpus = 1;
            if (depth == 3 && in_cpus && starts_with(name, "cpu@")) ++n;
        } else if (tok == 2) {
            if (depth == 2) in_cpus = 0;
            --depth;
        } else if (tok == 3) {
            st += 8u + ((be32(st) + 3u) & ~3u);
        } else if (tok == 4) {
        } else {
            break;
        }
    }
    return n;
}

uint32_t vp_smp_harts(void) {
    uint32_t dtb;
    __asm__ volatile("csrr %0, mscratch" : "=r"(dtb)); /* smp_start.S put hart 0's a1 there */
    uint32_t harts = vp_dtb_count_cpus(dtb);
    if (harts == 0) harts = 1;
    return harts > VP_SMP_MAX_HARTS ? VP_SMP_MAX_HARTS : harts;
}
