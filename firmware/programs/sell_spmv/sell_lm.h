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
/* Runs accelerator case k (SELL_CASE_ACC_*) writing y; 0 on a DMA or accelerator error. */
int sell_lm_run_acc_case(uint32_t k, float *y);

#endif
