/* sell_spmv: the accelerator's data local memory (LM), the two DMA engines and the accelerator cases.
 * Without an accelerator on the platform (no boot-info entry "vec_dlm"), csr_cdma gathers into a
 * main-memory buffer of the LM's default size instead, and the acc_* cases are skipped.
 *
 * DMA engines (the paper's system has a normal DMA and the cascaded DMA): the first mSGDMA instance of
 * the boot-info device table is the normal DMA (values into the LM, results out of it), the second the
 * cascaded DMA (gathers of x). With one instance it plays both roles, one transfer after the other;
 * without any, the cases that need a DMA are skipped. */
#ifndef SELL_LM_H
#define SELL_LM_H
#include <drivers/msgdma.h>
#include <stdint.h>
#include <vp/sell_data.h>

/* The data set (boot-info blobs, include/vp/sell_data.h), found and checked by sell_spmv.c. */
typedef struct {
    sell_info_t *info;
    const uint32_t *row_ptr, *col_idx;         /* CSR */
    const uint32_t *cptr, *width, *perm, *col; /* SELL */
    const float *values, *val;                 /* CSR values, SELL values */
    const float *x;
    float *y; /* SELL_CASES vectors of info->y_stride floats */
} sell_data_t;
extern sell_data_t sd;

typedef struct {
    int in_lm;           /* 1: gather_buf is in the accelerator's data LM; 0: in main memory */
    float *gather_buf;   /* csr_cdma's destination */
    uint32_t gather_cap; /* floats */
    int accelerator;     /* the acc_* cases can run */
    int dmas;            /* mSGDMA engines used: 0, 1 (both roles) or 2 (normal + cascaded) */
} sell_lm_t;

/* The engines (valid when sell_lm_t.dmas > 0; the same handle twice when dmas == 1). */
extern msgdma_t *sell_dma_normal, *sell_dma_cascaded;

/* Finds the LM and the accelerator, opens and initialises the DMA engines. */
sell_lm_t sell_lm_find(void);
int sell_lm_case_possible(uint32_t k, const sell_lm_t *lm);
const char *sell_lm_why_not(uint32_t k, const sell_lm_t *lm);
/* Runs accelerator case k (SELL_CASE_ACC_*) writing y; 0 on a DMA or accelerator error. With
 * SELL_SMP: this hart's share of the chunks on this hart's engine pair. */
int sell_lm_run_acc_case(uint32_t k, float *y);

#if SELL_SMP
/* sell_spmv_smp (docs/sell_spmv.md, "Several engine pairs"): K engine pairs, each one mSGDMA instance
 * (both roles), one vector accelerator and one HMC gather unit (hmc_ctrl instance) -- instance k of
 * each type in the boot-info device table -- sequenced by hart k (mhartid - hart 0's); the pairs take
 * the chunks in turn (sell_grab_chunk). sell_lm.c reads the engines and the LM from this hart's pair
 * where the one-hart build has its globals; sell_smp.c starts the harts and runs a case on all. */
#include <hal/vec.h>
#define SELL_MAX_PAIRS 8 /* = VP_SMP_MAX_HARTS (rt/smp.h) */
typedef struct {
    msgdma_t dma;                          /* the normal and the cascaded DMA of the pair */
    vec_t vec;                             /* its accelerator */
    uint32_t entry;                        /* sell_kernel's entry there */
    uint32_t dlm_base, dlm_size, dlm_free; /* its LM: address, size, first byte after the image's data */
    uint32_t gather_unit;                  /* its gather unit's registers (0: none) */
    uint32_t chunks, elements;             /* what it took in the last case */
    uintptr_t scratch, scratch_end;        /* its part of the heap (acc_hmc's packed buffers and stage) */
} sell_pair_t;
extern sell_pair_t sell_pairs[SELL_MAX_PAIRS];
extern uint32_t sell_npairs, sell_hart_base;
static inline sell_pair_t *sell_pair(void) {
    uint32_t h;
    __asm__ volatile("csrr %0, mhartid" : "=r"(h));
    return &sell_pairs[h - sell_hart_base];
}
/* The next chunk for this hart's pair (the chunk count when none is left). */
uint32_t sell_grab_chunk(void);
/* Opens pair k's instances (0 if one is missing: no pair k). */
int sell_lm_open_pair(uint32_t k);
/* Lets the other harts out of start.S (first thing in main): they report in and sleep. */
void sell_smp_release(void);
/* Splits the heap over the K pairs; 0 with fewer harts than pairs (K - 1 must have reported in). */
int sell_smp_start(void);
/* Runs accelerator case k on every pair at once (hart 0 takes pair 0) and waits for all; 0 on an error. */
int sell_smp_run_acc_case(uint32_t k, float *y);
/* After case k (outside its timed region): each pair's chunks and finish time, the L2's lookups and misses. */
void sell_smp_report(uint32_t k);
/* Every hart writes back its L1D's lines of [p, p + n) (each hart's cbo reaches its own L1D). */
void sell_smp_clean(const void *p, uint32_t n);
#define SELL_RUN_ACC_CASE sell_smp_run_acc_case
#else
#define SELL_RUN_ACC_CASE sell_lm_run_acc_case
#endif

#endif
