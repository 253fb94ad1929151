/* smp: SMP bring-up and memory-model checks, written for QEMU virt (-smp N -bios none) and run unchanged
 * on the VP (platform.cpu.harts: N, platform.dtb: true). docs/smp.md.
 *
 * Every hart starts in start.S with a0 = mhartid, a1 = the DTB. Hart 0 counts the harts in the DTB's
 * /cpus node and releases the others; then, all harts together:
 *   start-up   a0 == mhartid on every hart
 *   amo        a shared counter incremented with amoadd.w by every hart
 *   lr/sc      the same with an lr.w/sc.w loop
 *   barrier    rounds of "write my slot, barrier, check every slot"
 *   ipi        hart 0 raises each other hart's CLINT msip; the hart takes the software interrupt
 *   timer      each hart arms its own mtimecmp and sleeps in wfi until its timer interrupt
 *   plic       the UART's interrupt (THR empty, source 10) routed to one hart's machine-mode PLIC
 *              context at a time (context 2h, QEMU virt's numbering): that hart claims it, no other does
 *   kernel     y = A x split by rows across the harts, checked against hart 0's serial result
 *   litmus     MP, SB, LB, 2+2W between harts 0 and 1 and IRIW on harts 0-3 (N >= 4), with and
 *              without fences: the outcomes RVWMO forbids (with fences) must never appear
 * Only hart 0 prints (the output does not depend on timing); lines starting with "info:" report
 * outcome counts, which do (tests/firmware/run_smp.py compares every other line). Ends through the
 * test finisher: pass, or fail with code 1. */
#include <stdint.h>
#include <vp/regs/clint.h>
#include <vp/regs/finisher.h>
#include <vp/regs/memmap.h>
#include <vp/regs/plic.h>
#include <vp/regs/uart16550.h>

#include <rt/smp.h>

#include "smp_console.h"

#define SMP_MAX_HARTS 8

#define CSR_READ(name)                                  \
    ({                                                  \
        uint32_t v_;                                    \
        __asm__ volatile("csrr %0, " #name : "=r"(v_)); \
        v_;                                             \
    })
#define CSR_SET(name, bits)   __asm__ volatile("csrs " #name ", %0" ::"r"(bits))
#define CSR_CLEAR(name, bits) __asm__ volatile("csrc " #name ", %0" ::"r"(bits))
#define CSR_WRITE(name, v)    __asm__ volatile("csrw " #name ", %0" ::"r"(v))

#define MIP_MSIP    (1u << 3)
#define MIP_MTIP    (1u << 7)
#define MIP_MEIP    (1u << 11)
#define MSTATUS_MIE (1u << 3)

static inline void w32(uintptr_t a, uint32_t v) { *(volatile uint32_t *)a = v; }
static inline uint32_t r32(uintptr_t a) { return *(volatile uint32_t *)a; }
static inline uint8_t r8(uintptr_t a) { return *(volatile uint8_t *)a; }
static inline void w8(uintptr_t a, uint8_t v) { *(volatile uint8_t *)a = v; }

/* ---- console (hart 0 only): smp_console.h ---- */
static void putx(uint32_t v) {
    puts_("0x");
    for (int i = 28; i >= 0; i -= 4) putc_("0123456789abcdef"[(v >> i) & 15u]);
}
static void finish(int ok) {
    while ((r8(VP_UART0_BASE + UART_LSR) & 0x60) != 0x60) {}
    w32(VP_FINISHER_BASE + FINISHER_REG, ok ? FINISHER_PASS : FINISHER_FAIL_CODE(1));
    for (;;) __asm__ volatile("wfi");
}

/* ---- CLINT ---- */
static uint64_t mtime(void) {
    uint32_t hi, lo;
    do {
        hi = r32(VP_CLINT_BASE + CLINT_MTIME + 4);
        lo = r32(VP_CLINT_BASE + CLINT_MTIME);
    } while (hi != r32(VP_CLINT_BASE + CLINT_MTIME + 4));
    return ((uint64_t)hi << 32) | lo;
}
static void set_mtimecmp(unsigned h, uint64_t t) {
    uintptr_t a = VP_CLINT_BASE + CLINT_MTIMECMP(h);
    w32(a + 4, 0xFFFFFFFFu);
    w32(a, (uint32_t)t);
    w32(a + 4, (uint32_t)(t >> 32));
}
static uint64_t get_mtimecmp(unsigned h) {
    uintptr_t a = VP_CLINT_BASE + CLINT_MTIMECMP(h);
    return ((uint64_t)r32(a + 4) << 32) | r32(a);
}

/* ---- shared state ---- */
static volatile uint32_t nharts; /* set by hart 0 before `released` */
static volatile uint32_t released;
static volatile uint32_t arrived;
static volatile uint32_t a0_ok[SMP_MAX_HARTS];
static uint32_t amo_counter, lrsc_counter;
static volatile uint32_t bar_count, bar_sense;
static volatile uint32_t slots[SMP_MAX_HARTS];
static volatile uint32_t barrier_errors;
static volatile uint32_t ipi_taken[SMP_MAX_HARTS];
static volatile uint32_t ipi_phase;
static volatile uint32_t timer_taken[SMP_MAX_HARTS], timer_late_ok[SMP_MAX_HARTS];
static volatile uint32_t unexpected_traps;
static volatile uint32_t plic_taken[SMP_MAX_HARTS], plic_source[SMP_MAX_HARTS];
static volatile uint32_t plic_done;

/* Sense-reversing barrier of every hart (amoadd on the count, the last one flips the sense). */
static void barrier(uint32_t *local_sense) {
    const uint32_t sense = *local_sense ^ 1u;
    *local_sense = sense;
    if (__atomic_fetch_add(&bar_count, 1u, __ATOMIC_ACQ_REL) == nharts - 1u) {
        bar_count = 0;
        __atomic_store_n(&bar_sense, sense, __ATOMIC_RELEASE);
    } else {
        while (__atomic_load_n(&bar_sense, __ATOMIC_ACQUIRE) != sense) {}
    }
}

/* Sleeps until `cond` holds, `cond` being set by an interrupt handler. Checked with interrupts on, an
 * interrupt taken between the check and the wfi would leave the wfi asleep for ever (the lost wake-up).
 * So the check and the wfi run with mstatus.MIE off (wfi still wakes on an interrupt enabled in mie),
 * and the interrupt is taken in the short window with MIE on after it. */
#define WAIT_UNTIL(cond)                     \
    do {                                     \
        CSR_CLEAR(mstatus, MSTATUS_MIE);     \
        while (!(cond)) {                    \
            __asm__ volatile("wfi");         \
            CSR_SET(mstatus, MSTATUS_MIE);   \
            CSR_CLEAR(mstatus, MSTATUS_MIE); \
        }                                    \
        CSR_SET(mstatus, MSTATUS_MIE);       \
    } while (0)

/* ---- traps: machine software and timer interrupts ---- */
__attribute__((interrupt("machine"), aligned(4))) static void trap_handler(void) {
    const uint32_t cause = CSR_READ(mcause), h = CSR_READ(mhartid);
    if (cause == 0x80000003u) {
        w32(VP_CLINT_BASE + CLINT_MSIP(h), 0);
        ipi_taken[h] = ipi_taken[h] + 1u;
    } else if (cause == 0x80000007u) {
        const uint64_t now = mtime(), cmp = get_mtimecmp(h);
        timer_late_ok[h] = now >= cmp;
        set_mtimecmp(h, UINT64_MAX);
        timer_taken[h] = timer_taken[h] + 1u;
    } else if (cause == 0x8000000bu) { /* the UART's THR-empty interrupt through this hart's context */
        const uint32_t src = r32(VP_PLIC_BASE + PLIC_CLAIM(2u * h));
        w8(VP_UART0_BASE + UART_IER, 0); /* the UART drops the line */
        w32(VP_PLIC_BASE + PLIC_CLAIM(2u * h), src);
        plic_source[h] = src;
        plic_taken[h] = plic_taken[h] + 1u;
    } else {
        unexpected_traps = unexpected_traps + 1u;
        CSR_WRITE(mepc, CSR_READ(mepc) + 4u); /* (skip it; reported by hart 0) */
    }
}

/* ---- device tree: the number of /cpus/cpu@N nodes: vp_dtb_count_cpus (rt/smp.h) ---- */

/* ---- tests ---- */
#define AMO_ITERS    2000u
#define BAR_ROUNDS   20u
#define KN           48u
#define LITMUS_ITERS 40u

static int32_t mat[KN][KN], vec_x[KN];
static volatile int32_t vec_y[KN];

static void lrsc_add(uint32_t *p, uint32_t v) {
    uint32_t old, fail;
    do {
        __asm__ volatile("lr.w %0, (%2)\n\tadd %0, %0, %3\n\tsc.w %1, %0, (%2)"
                         : "=&r"(old), "=&r"(fail)
                         : "r"(p), "r"(v)
                         : "memory");
    } while (fail);
}

static void delay(uint32_t n) {
    for (volatile uint32_t i = 0; i < n; ++i) {}
}

/* Litmus variables, each in its own 64-byte block. */
static volatile uint32_t lx __attribute__((aligned(64))), ly __attribute__((aligned(64)));
static volatile uint32_t lr1 __attribute__((aligned(64))), lr2 __attribute__((aligned(64)));
static volatile uint32_t lr3 __attribute__((aligned(64))), lr4 __attribute__((aligned(64)));

#define FENCE(pred, succ) __asm__ volatile("fence " #pred ", " #succ ::: "memory")

/* The litmus tests, each without and with fences (kind = 2 * test + fenced). `forbidden` is the
 * outcome RVWMO forbids with the fences (allowed without them); `results` the number of result bits
 * (an outcome is r1 r2 [r3 r4] read as a binary number, r1 first). */
struct litmus_test {
    const char *name;
    const char *outcome; /* the forbidden outcome, described */
    uint32_t results, forbidden, min_harts;
};
static const struct litmus_test litmus_tests[5] = {
    {"MP", "(flag=1, data=0)", 2, 2u, 2},            /* r1 = flag, r2 = data */
    {"SB", "(r1=0, r2=0)", 2, 0u, 2},                /* r1 = y on hart 0, r2 = x on hart 1 */
    {"LB", "(r1=1, r2=1)", 2, 3u, 2},                /* r1 = y on hart 0, r2 = x on hart 1 */
    {"IRIW", "(r1=1, r2=0, r3=1, r4=0)", 4, 10u, 4}, /* hart 2: r1 = x, r2 = y; hart 3: r3 = y, r4 = x */
    {"2+2W", "(x=1, y=1 at the end)", 2, 3u, 2},     /* r1 = (x == 1), r2 = (y == 1) at the end */
};

/* One litmus test: `kind` = 2 * test + fenced (litmus_tests). outcomes[r1 r2 [r3 r4]]. */
static void litmus(uint32_t h, uint32_t *sense, unsigned kind, volatile uint32_t outcomes[16]) {
    const unsigned test = kind / 2u, fenced = kind & 1u;
    for (uint32_t i = 0; i < LITMUS_ITERS; ++i) {
        if (h == 0) lx = ly = 0;
        barrier(sense);
        const uint32_t d = (i * 37u + h * 11u) % 23u; /* vary the interleaving */
        delay(d);
        switch (test) {
            case 0: /* MP: hart 0 writes data (x) then flag (y); hart 1 reads flag then data */
                if (h == 0) {
                    lx = 1;
                    if (fenced) FENCE(w, w);
                    ly = 1;
                } else if (h == 1) {
                    const uint32_t f = ly;
                    if (fenced) FENCE(r, r);
                    lr1 = f;
                    lr2 = lx;
                }
                break;
            case 1: /* SB: hart 0 writes x, reads y; hart 1 writes y, reads x */
                if (h == 0) {
                    lx = 1;
                    if (fenced) FENCE(rw, rw);
                    lr1 = ly;
                } else if (h == 1) {
                    ly = 1;
                    if (fenced) FENCE(rw, rw);
                    lr2 = lx;
                }
                break;
            case 2: /* LB: hart 0 reads y, writes x; hart 1 reads x, writes y */
                if (h == 0) {
                    const uint32_t r = ly;
                    if (fenced) FENCE(r, w);
                    lx = 1;
                    lr1 = r;
                } else if (h == 1) {
                    const uint32_t r = lx;
                    if (fenced) FENCE(r, w);
                    ly = 1;
                    lr2 = r;
                }
                break;
            case 3: /* IRIW: hart 0 writes x, hart 1 writes y; hart 2 reads x then y, hart 3 y then x */
                if (h == 0) {
                    lx = 1;
                } else if (h == 1) {
                    ly = 1;
                } else if (h == 2) {
                    const uint32_t a = lx;
                    if (fenced) FENCE(r, r);
                    const uint32_t b = ly;
                    lr1 = a;
                    lr2 = b;
                } else if (h == 3) {
                    const uint32_t a = ly;
                    if (fenced) FENCE(r, r);
                    const uint32_t b = lx;
                    lr3 = a;
                    lr4 = b;
                }
                break;
            default: /* 2+2W: hart 0 writes x = 1 then y = 2; hart 1 writes y = 1 then x = 2 */
                if (h == 0) {
                    lx = 1;
                    if (fenced) FENCE(w, w);
                    ly = 2;
                } else if (h == 1) {
                    ly = 1;
                    if (fenced) FENCE(w, w);
                    lx = 2;
                }
                break;
        }
        barrier(sense);
        if (h == 0) {
            if (test == 4) {
                lr1 = lx == 1u;
                lr2 = ly == 1u;
            }
            const uint32_t o = litmus_tests[test].results == 4u
                                   ? (lr1 & 1u) * 8u + (lr2 & 1u) * 4u + (lr3 & 1u) * 2u + (lr4 & 1u)
                                   : (lr1 & 1u) * 2u + (lr2 & 1u);
            ++outcomes[o];
        }
    }
}

static void put_outcome(uint32_t o, uint32_t bits) {
    for (uint32_t b = bits; b-- > 0;) putc_((o >> b) & 1u ? '1' : '0');
}

void smp_main(uint32_t hartid, uintptr_t dtb) {
    const uint32_t h = CSR_READ(mhartid);
    a0_ok[h] = hartid == h;
    CSR_WRITE(mtvec, (uintptr_t)&trap_handler);
    if (h == 0) {
        const uint32_t n = vp_dtb_count_cpus(dtb);
        nharts = n;
        __atomic_store_n(&released, 1u, __ATOMIC_RELEASE);
        puts_("smp: ");
        putu(n);
        puts_(" harts in the device tree\n");
        if (n < 2 || n > SMP_MAX_HARTS) {
            puts_("smp: FAIL (needs 2..8 harts and the device tree in a1)\n");
            finish(0);
        }
    } else {
        while (!__atomic_load_n(&released, __ATOMIC_ACQUIRE)) {}
    }
    uint32_t sense = 0;
    const uint32_t n = nharts;
    __atomic_fetch_add(&arrived, 1u, __ATOMIC_ACQ_REL);
    barrier(&sense);
    int ok = 1;
    if (h == 0) {
        uint32_t good = 0;
        for (uint32_t i = 0; i < n; ++i) good += a0_ok[i];
        puts_("start-up: ");
        putu(arrived);
        puts_(" harts arrived, a0 = mhartid on ");
        putu(good);
        puts_("\n");
        ok &= arrived == n && good == n;
    }

    /* AMO and LR/SC counters */
    for (uint32_t i = 0; i < AMO_ITERS; ++i) __atomic_fetch_add(&amo_counter, 1u, __ATOMIC_RELAXED);
    for (uint32_t i = 0; i < AMO_ITERS; ++i) lrsc_add(&lrsc_counter, 1u);
    barrier(&sense);
    if (h == 0) {
        puts_("amo counter: ");
        putu(amo_counter);
        puts_(" (expected ");
        putu(n * AMO_ITERS);
        puts_(")\nlr/sc counter: ");
        putu(lrsc_counter);
        puts_(" (expected ");
        putu(n * AMO_ITERS);
        puts_(")\n");
        ok &= amo_counter == n * AMO_ITERS && lrsc_counter == n * AMO_ITERS;
    }

    /* Barrier: every hart sees every slot of the round it is in */
    for (uint32_t r = 1; r <= BAR_ROUNDS; ++r) {
        slots[h] = r;
        barrier(&sense);
        for (uint32_t i = 0; i < n; ++i)
            if (slots[i] != r) __atomic_fetch_add(&barrier_errors, 1u, __ATOMIC_RELAXED);
        barrier(&sense);
    }
    if (h == 0) {
        puts_("barrier: ");
        putu(BAR_ROUNDS);
        puts_(" rounds, ");
        putu(barrier_errors);
        puts_(" errors\n");
        ok &= barrier_errors == 0;
    }

    /* IPI through the CLINT: hart 0 raises msip of each other hart in turn */
    CSR_SET(mie, MIP_MSIP);
    CSR_SET(mstatus, MSTATUS_MIE);
    barrier(&sense);
    if (h == 0) {
        for (uint32_t t = 1; t < n; ++t) {
            w32(VP_CLINT_BASE + CLINT_MSIP(t), 1);
            const uint64_t give_up = mtime() + 10000000u; /* 1 s */
            while (!ipi_taken[t] && mtime() < give_up) {}
        }
        __atomic_store_n(&ipi_phase, 1u, __ATOMIC_RELEASE);
    } else {
        WAIT_UNTIL(ipi_taken[h] || __atomic_load_n(&ipi_phase, __ATOMIC_ACQUIRE));
    }
    barrier(&sense);
    CSR_CLEAR(mie, MIP_MSIP);
    if (h == 0) {
        uint32_t good = 0;
        for (uint32_t t = 1; t < n; ++t) good += ipi_taken[t] == 1u;
        puts_("ipi: ");
        putu(good);
        puts_(" of ");
        putu(n - 1);
        puts_(" harts took exactly one software interrupt\n");
        ok &= good == n - 1 && ipi_taken[0] == 0;
    }

    /* Per-hart timers: each hart arms its own mtimecmp, later for higher harts, and sleeps */
    barrier(&sense);
    set_mtimecmp(h, mtime() + 200u * (h + 1u));
    CSR_SET(mie, MIP_MTIP);
    WAIT_UNTIL(timer_taken[h]);
    CSR_CLEAR(mie, MIP_MTIP);
    barrier(&sense);
    if (h == 0) {
        uint32_t good = 0;
        for (uint32_t t = 0; t < n; ++t) good += timer_taken[t] == 1u && timer_late_ok[t];
        puts_("timer: ");
        putu(good);
        puts_(" of ");
        putu(n);
        puts_(" harts took one timer interrupt, at or after their own mtimecmp\n");
        ok &= good == n;
    }

    /* PLIC: the UART's interrupt to one hart's M-mode context at a time; that hart (only) takes it */
    CSR_SET(mie, MIP_MEIP);
    barrier(&sense);
    if (h == 0) {
        w32(VP_PLIC_BASE + PLIC_PRIORITY(VP_IRQ_UART0), 1);
        for (uint32_t t = 0; t < n; ++t) w32(VP_PLIC_BASE + PLIC_THRESHOLD(2u * t), 0);
        for (uint32_t t = 0; t < n; ++t) {
            for (uint32_t c = 0; c < 2u * n; ++c)
                w32(VP_PLIC_BASE + PLIC_ENABLE(c, 0), c == 2u * t ? 1u << VP_IRQ_UART0 : 0u);
            w8(VP_UART0_BASE + UART_IER, 0x02);           /* ETBEI: THR empty raises the line at once */
            const uint64_t give_up = mtime() + 10000000u; /* 1 s */
            while (!plic_taken[t] && mtime() < give_up) {}
            w8(VP_UART0_BASE + UART_IER, 0);
        }
        for (uint32_t c = 0; c < 2u * n; ++c) w32(VP_PLIC_BASE + PLIC_ENABLE(c, 0), 0);
        __atomic_store_n(&plic_done, 1u, __ATOMIC_RELEASE);
    } else {
        /* (not WAIT_UNTIL: a hart whose context is off gets no interrupt to wake it from wfi) */
        while (!__atomic_load_n(&plic_done, __ATOMIC_ACQUIRE)) {}
    }
    barrier(&sense);
    CSR_CLEAR(mie, MIP_MEIP);
    if (h == 0) {
        uint32_t good = 0;
        for (uint32_t t = 0; t < n; ++t) good += plic_taken[t] == 1u && plic_source[t] == VP_IRQ_UART0;
        puts_("plic: ");
        putu(good);
        puts_(" of ");
        putu(n);
        puts_(" harts claimed the UART interrupt once, through their own context\n");
        ok &= good == n;
    }
    CSR_CLEAR(mstatus, MSTATUS_MIE);

    /* Parallel kernel: y = A x, rows h, h + n, ... on hart h */
    if (h == 0) {
        uint32_t s = 12345u;
        for (uint32_t i = 0; i < KN; ++i) {
            for (uint32_t j = 0; j < KN; ++j) {
                s = s * 1103515245u + 12345u;
                mat[i][j] = (int32_t)(s >> 16) % 201 - 100;
            }
            s = s * 1103515245u + 12345u;
            vec_x[i] = (int32_t)(s >> 16) % 201 - 100;
        }
    }
    barrier(&sense);
    for (uint32_t i = h; i < KN; i += n) {
        int32_t acc = 0;
        for (uint32_t j = 0; j < KN; ++j) acc += mat[i][j] * vec_x[j];
        vec_y[i] = acc;
    }
    barrier(&sense);
    if (h == 0) {
        uint32_t bad = 0, sum = 0;
        for (uint32_t i = 0; i < KN; ++i) {
            int32_t acc = 0;
            for (uint32_t j = 0; j < KN; ++j) acc += mat[i][j] * vec_x[j];
            bad += acc != vec_y[i];
            sum = sum * 31u + (uint32_t)vec_y[i];
        }
        puts_("kernel: y = A x (");
        putu(KN);
        puts_("x");
        putu(KN);
        puts_(") on every hart, hash ");
        putx(sum);
        puts_(", ");
        putu(bad);
        puts_(" rows differ from the serial result\n");
        ok &= bad == 0;
    }

    /* Litmus: MP, SB, LB, 2+2W between harts 0 and 1, IRIW on harts 0-3 (the others only take part
     * in the barriers). The outcome RVWMO forbids with fences must not appear with them (the
     * `litmus` line); without fences RVWMO allows it, so its count goes on an `info:` line
     * (tests/firmware/run_smp.py checks it is 0 on the VP, which is sequentially consistent). */
    for (unsigned kind = 0; kind < 2u * 5u; ++kind) {
        const struct litmus_test *t = &litmus_tests[kind / 2u];
        const unsigned fenced = kind & 1u;
        if (n < t->min_harts) {
            if (h == 0) {
                puts_("litmus ");
                puts_(t->name);
                puts_(fenced ? "+fences" : "");
                puts_(": skipped (needs ");
                putu(t->min_harts);
                puts_(" harts)\n");
            }
            continue;
        }
        volatile uint32_t outcomes[16]; /* volatile: no memset (no C library) */
        for (uint32_t o = 0; o < 16u; ++o) outcomes[o] = 0;
        if (h == 0) lr1 = lr2 = lr3 = lr4 = 0; /* hart 0 only: it reads them last */
        litmus(h, &sense, kind, outcomes);
        if (h == 0) {
            const uint32_t forbidden = outcomes[t->forbidden];
            puts_("litmus ");
            puts_(t->name);
            puts_(fenced ? "+fences" : "");
            puts_(": ");
            putu(LITMUS_ITERS);
            puts_(" runs");
            if (fenced) {
                puts_(", forbidden outcome ");
                puts_(t->outcome);
                puts_(" seen ");
                putu(forbidden);
                puts_(" times");
                ok &= forbidden == 0;
            }
            puts_("\ninfo: ");
            puts_(t->name);
            puts_(fenced ? "+fences" : "");
            puts_(" outcomes (r1,r2");
            puts_(t->results == 4u ? ",r3,r4)" : ")");
            for (uint32_t o = 0; o < (1u << t->results); ++o) {
                if (outcomes[o] == 0 && t->results == 4u) continue; /* 16 outcomes: the seen ones */
                putc_(' ');
                put_outcome(o, t->results);
                putc_(':');
                putu(outcomes[o]);
            }
            if (!fenced) {
                puts_("\ninfo: ");
                puts_(t->name);
                puts_(": outcome forbidden only with fences ");
                puts_(t->outcome);
                puts_(" seen ");
                putu(forbidden);
                puts_(" times");
            }
            puts_("\n");
        }
    }

    barrier(&sense);
    if (h == 0) {
        if (unexpected_traps) {
            puts_("unexpected traps: ");
            putu(unexpected_traps);
            puts_("\n");
            ok = 0;
        }
        puts_(ok ? "smp: PASS\n" : "smp: FAIL\n");
        finish(ok);
    }
    for (;;) __asm__ volatile("wfi");
}
