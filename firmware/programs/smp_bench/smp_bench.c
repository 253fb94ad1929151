/* smp_bench: y = A x (int32, KN x KN), REPS times, rows h, h + n, ... on hart h of n (n = the /cpus/cpu@
 * nodes of the DTB in a1; without a DTB, 1). Hart 0 prints the hash of y and the cycles (mcycle) the
 * parallel part took, then ends through the test finisher. docs/smp.md ("Scaling"). */
#include <stdint.h>
#include <vp/regs/finisher.h>
#include <vp/regs/memmap.h>
#include <vp/regs/uart16550.h>

#include <rt/smp.h>

#include "../smp/smp_console.h"

#define KN   128u
#define REPS 64u

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
        const uint32_t n = vp_dtb_count_cpus(dtb);
        nharts = n ? n : 1;
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
