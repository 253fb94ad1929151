/* sell_spmv_smp: the accelerator cases of sell_spmv on K engine pairs sequenced by K harts (sell_lm.h,
 * docs/sell_spmv.md "Several engine pairs").
 *
 * Start-up (the runtime's, rt/smp.h): hart 0 runs crt0 and main; the others wait for the release,
 * then call vp_smp_worker(mhartid) on their own stack. main (sell_spmv.c) releases them first
 * (sell_smp_release); each reports in (`arrived`) and sleeps in WFI until hart 0 raises its CLINT
 * msip (so that waiting harts cost no host time while hart 0 validates the data). main finds the pairs
 * (sell_lm_find), which calls sell_smp_start: the heap above the sorted accumulators is split into K
 * scratch parts; harts 1..K-1 must have reported in (a hart the platform does not have never does:
 * after 1 ms sell_smp_start gives up and the accelerator cases are skipped). A case: hart 0 publishes
 * it (job sequence number, msip of each worker), every hart runs sell_lm_run_acc_case on its pair,
 * taking chunks in turn (sell_grab_chunk), hart 0 waits until all have finished (amoadd counter).
 * Harts beyond K are never woken. */
#include <stdint.h>
#include <stdio.h>
#include <hal/cache.h>
#include <hal/clint.h>
#include <hal/mmio.h>
#include <vp/regs/cache_ctrl.h>
#include <rt/runtime.h>
#include <rt/smp.h>
#include "sell_lm.h"

static volatile uint32_t arrived, finished, failed;
static volatile uint32_t job_seq;                 /* hart 0 increments it to start a job */
static volatile uint32_t job_end[SELL_MAX_PAIRS]; /* mcycle when each pair finished its last job */
static uint32_t case_start;                       /* mcycle when the last case started */
static struct {
    enum { JOB_CASE, JOB_CLEAN } kind;
    uint32_t k;
    float *y;
    const void *p;
    uint32_t n;
} job;

static uint64_t cycles(void) {
    uint32_t lo;
    __asm__ volatile("csrr %0, mcycle" : "=r"(lo));
    return lo;
}

static int do_job(void) {
    if (job.kind == JOB_CLEAN) {
        vp_cache_clean_range(job.p, job.n);
        return 1;
    }
    return sell_lm_run_acc_case(job.k, job.y);
}

void vp_smp_worker(uint32_t hartid) {
    const uint32_t h = hartid - sell_hart_base;
    __asm__ volatile("csrs mie, %0" ::"r"(1u << 3)); /* MSIE: WFI wakes on msip (mstatus.MIE stays off) */
    __atomic_fetch_add(&arrived, 1u, __ATOMIC_ACQ_REL);
    uint32_t seen = 0;
    for (;;) {
        uint32_t s;
        for (;;) { /* msip cleared before the check: a job published after it raises msip again */
            vp_clint_clear_msip(h);
            if ((s = __atomic_load_n(&job_seq, __ATOMIC_ACQUIRE)) != seen) break;
            __asm__ volatile("wfi");
        }
        seen = s;
        if (!do_job()) __atomic_store_n(&failed, 1u, __ATOMIC_RELEASE);
        if (job.kind == JOB_CASE) job_end[h] = (uint32_t)cycles();
        __atomic_fetch_add(&finished, 1u, __ATOMIC_ACQ_REL);
    }
}

void sell_smp_release(void) { vp_smp_release_harts(); }

/* Chunks are taken in turn: each pair's pipeline takes the next one (amoadd on a shared counter) when
 * it looks ahead to a new chunk, so the pairs stay busy until the last chunk is taken and finish within
 * about one chunk of each other (dynamic self-scheduling). Sorted rows (sigma) put the widest chunks
 * first: the pair that takes chunk 0 (the hub rows) has the longest single piece of work. A chunk is
 * one pair's, so every row's sum keeps its order (bit-exact). */
static volatile uint32_t next_chunk;

uint32_t sell_grab_chunk(void) {
    const uint32_t c = __atomic_fetch_add(&next_chunk, 1u, __ATOMIC_RELAXED);
    if (c < sd.info->chunks) {
        sell_pair_t *p = sell_pair();
        p->chunks++;
        p->elements += sd.cptr[c + 1] - sd.cptr[c];
    }
    return c < sd.info->chunks ? c : sd.info->chunks;
}

int sell_smp_start(void) {
    const uint32_t K = sell_npairs;
    /* Scratch: the heap above the sorted accumulators (sell case), split in K parts. */
    const uintptr_t lo = (uintptr_t)__heap_start + sd.info->rows * 4,
                    part = ((uintptr_t)__heap_end - lo) / K & ~(uintptr_t)63;
    for (uint32_t k = 0; k < K; k++) {
        sell_pairs[k].scratch = lo + k * part;
        sell_pairs[k].scratch_end = lo + (k + 1) * part;
    }
    const uint64_t t0 = cycles();
    while (__atomic_load_n(&arrived, __ATOMIC_ACQUIRE) < K - 1)
        if ((uint32_t)(cycles() - t0) > 1000000u) {
            printf("sell_spmv: ERROR: %lu engine pairs but only %lu harts answered (platform.cpu.harts)\n",
                   (unsigned long)K, (unsigned long)(1 + arrived));
            return 0;
        }
    printf("sell_spmv: %lu engine pairs on %lu harts\n", (unsigned long)K, (unsigned long)K);
    return 1;
}

static int run_all(void) {
    __atomic_store_n(&finished, 0u, __ATOMIC_RELAXED);
    __atomic_store_n(&failed, 0u, __ATOMIC_RELAXED);
    __atomic_fetch_add(&job_seq, 1u, __ATOMIC_ACQ_REL); /* publishes job */
    for (uint32_t h = 1; h < sell_npairs; h++) vp_clint_set_msip(h);
    const int ok = do_job();
    if (job.kind == JOB_CASE) job_end[0] = (uint32_t)cycles();
    while (__atomic_load_n(&finished, __ATOMIC_ACQUIRE) != sell_npairs - 1) {}
    return ok && !failed;
}

int sell_smp_run_acc_case(uint32_t k, float *y) {
    next_chunk = 0;
    for (uint32_t p = 0; p < sell_npairs; p++) sell_pairs[p].chunks = sell_pairs[p].elements = 0;
    job.kind = JOB_CASE;
    job.k = k;
    job.y = y;
    /* The L2's lookups and misses of the case alone (its controller's statistics registers), for the
     * tag port's busy fraction (tools/sell/hmc_experiment.py --engines). */
    const uintptr_t l2 = vp_cachectl("l2");
    if (l2) vp_write32(l2 + CACHECTL_STAT_CTRL, CACHECTL_STAT_CTRL_RESET);
    const uint32_t t0 = (uint32_t)cycles();
    const int ok = run_all();
    if (l2) vp_write32(l2 + CACHECTL_STAT_CTRL, CACHECTL_STAT_CTRL_SNAPSHOT);
    case_start = t0;
    return ok;
}

void sell_smp_report(uint32_t k) {
    for (uint32_t p = 0; p < sell_npairs; p++)
        printf("sell_spmv: %s pair %lu: %lu chunks, %lu elements\n", k == SELL_CASE_ACC_HMC ? "acc_hmc" : "acc",
               (unsigned long)p, (unsigned long)sell_pairs[p].chunks, (unsigned long)sell_pairs[p].elements);
    /* When each pair finished (the harts' mcycle counts time from reset alike, WFI included). */
    for (uint32_t p = 0; p < sell_npairs; p++)
        printf("sell_spmv: pair %lu finished after %lu cycles\n", (unsigned long)p,
               (unsigned long)(job_end[p] - case_start));
    const uintptr_t l2 = vp_cachectl("l2");
    if (l2)
        printf("sell_spmv: l2 during the case: %lu lookups, %lu misses\n",
               (unsigned long)vp_read32(l2 + CACHECTL_STAT_ACCESSES),
               (unsigned long)vp_read32(l2 + CACHECTL_STAT_MISSES));
}

void sell_smp_clean(const void *p, uint32_t n) {
    job.kind = JOB_CLEAN;
    job.p = p;
    job.n = n;
    run_all();
}
