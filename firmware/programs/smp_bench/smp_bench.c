/* smp_bench: y = A x (int32, KN x KN), REPS times, rows h, h + n, ... on hart h of n (n = the /cpus/cpu@
 * nodes of the DTB in a1; without a DTB, 1). Hart 0 prints the hash of y and the cycles (mcycle) the
 * parallel part took, then ends through the test finisher. docs/smp.md ("Scaling"). */
#include <stdint.h>
#include <vp/regs/finisher.h>
#include <vp/regs/memmap.h>
#include <vp/regs/uart16550.h>

#include "../smp/smp_console.h"

#define KN   128u
#define REPS 64u

static uint32_t be32(const uint8_t *b) {
    return ((uint32_t)b[0] << 24) | ((uint32_t)b[1] << 16) | ((uint32_t)b[2] << 8) | b[3];
}
static uint32_t count_cpus(uintptr_t dtb) {
    if (!dtb || be32((const uint8_t *)dtb) != 0xd00dfeedu) return 1;
    const uint8_t *st = (const uint8_t *)(dtb + be32((const uint8_t *)(dtb + 8)));
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
            if (depth == 2 && name[0] == 'c' && name[1] == 'p' && name[2] == 'u' && name[3] == 's') in_cpus = 1;
            if (depth == 3 && in_cpus && name[0] == 'c' && name[1] == 'p' && name[2] == 'u' && name[3] == '@') ++n;
        } else if (tok == 2) {
            if (depth == 2) in_cpus = 0;
            --depth;
        } else if (tok == 3) {
            st += 8u + ((be32(st) + 3u) & ~3u);
        } else if (tok != 4) {
            break;
        }
    }
    return n ? n : 1;
}

static volatile uint32_t nharts, released, bar_count, bar_sense;
static void barrier(uint32_t *local) {
    const uint32_t sense = *local ^ 1u;
    *local = sense;
    if (__atomic_fetch_add(&bar_count, 1u, __ATOMIC_ACQ_REL) == nharts - 1u) {
        bar_count = 0;
        __atomic_store_n(&bar_sense, sense, __ATOMIC_RELEASE);
    } else {
        while (__atomic_load_n(&bar_sense, __ATOMIC_ACQUIRE) != sense) {}
    }
}

static int32_t mat[KN][KN], vx[KN], vy[KN];

static uint32_t rdcycle(void) {
    uint32_t v;
    __asm__ volatile("csrr %0, mcycle" : "=r"(v));
    return v;
}

void smp_main(uint32_t h, uintptr_t dtb) {
    if (h == 0) {
        nharts = count_cpus(dtb);
        uint32_t s = 1u;
        for (uint32_t i = 0; i < KN; ++i) {
            for (uint32_t j = 0; j < KN; ++j) {
                s = s * 1103515245u + 12345u;
                mat[i][j] = (int32_t)(s >> 16) % 201 - 100;
            }
            s = s * 1103515245u + 12345u;
            vx[i] = (int32_t)(s >> 16) % 201 - 100;
        }
        __atomic_store_n(&released, 1u, __ATOMIC_RELEASE);
    } else {
        while (!__atomic_load_n(&released, __ATOMIC_ACQUIRE)) {}
    }
    const uint32_t n = nharts;
    if (h >= n) {
        for (;;) __asm__ volatile("wfi");
    }
    uint32_t sense = 0;
    barrier(&sense);
    const uint32_t t0 = rdcycle();
    for (uint32_t r = 0; r < REPS; ++r) {
        for (uint32_t i = h; i < KN; i += n) {
            int32_t acc = (int32_t)r;
            for (uint32_t j = 0; j < KN; ++j) acc += mat[i][j] * vx[j];
            vy[i] = acc;
        }
        barrier(&sense);
    }
    const uint32_t t1 = rdcycle();
    if (h == 0) {
        uint32_t hash = 0;
        for (uint32_t i = 0; i < KN; ++i) hash = hash * 31u + (uint32_t)vy[i];
        puts_("smp_bench: ");
        putu(n);
        puts_(" harts, hash ");
        putu(hash);
        puts_(", cycles ");
        putu(t1 - t0);
        puts_("\n");
        while ((*(volatile uint8_t *)(VP_UART0_BASE + UART_LSR) & 0x60) != 0x60) {}
        *(volatile uint32_t *)(VP_FINISHER_BASE + FINISHER_REG) = FINISHER_PASS;
    }
    for (;;) __asm__ volatile("wfi");
}
