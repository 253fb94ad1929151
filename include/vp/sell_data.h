/* Data layout of the SELL SpMV workload (docs/sell_spmv.md), shared by the host side
 * (platform/workload/sell_workload.cpp, which writes it and checks the results) and the firmware
 * (firmware/programs/sell_spmv, which reads it and runs the cases).
 *
 * y = A x with A given twice: CSR ("row_ptr", "col_idx", "values") and SELL-C-sigma ("sell_cptr",
 * "sell_width", "sell_perm", "sell_col", "sell_val"; layout in platform/workload/sell.h: chunk c has
 * lanes = min(C, rows - c*C) rows, element (j, r) at sell_cptr[c] + j*lanes + r; padding is column 0
 * with value +0.0f). x: float[cols] ("x"). Results: "y" holds SELL_CASES vectors of y_stride floats,
 * case k's y at y + k*y_stride (poisoned with NaN by the host: an unwritten y cannot pass).
 *
 * Every case computes each y[i] in the order of row i's stored entries, one rounding per multiply
 * and per add (no fused multiply-add): bit-identical to the host's CSR reference. The firmware sets
 * bit k of `done` for every case it ran; the host checks exactly the requested cases and fails a
 * requested case that did not run. */
#ifndef VP_SELL_DATA_H
#define VP_SELL_DATA_H
#include <stdint.h>

#define SELL_INFO_MAGIC   0x4C4C4553u /* "SELL" little-endian */
#define SELL_INFO_VERSION 1u

/* The six cases of the paper's Table 1 and one beyond it (docs/sell_spmv.md), by bit index (also the
 * firmware's marker region names). */
#define SELL_CASE_CSR         0u /* CPU, CSR */
#define SELL_CASE_CSR_CDMA    1u /* CPU, CSR, cascaded DMA pre-gathers x[col] into the LM (busy wait) */
#define SELL_CASE_SELL        2u /* CPU, SELL */
#define SELL_CASE_ACC_DMA     3u /* accelerator, SELL: DMA copies values into the LM, the CPU gathers x */
#define SELL_CASE_ACC_CDMA    4u /* accelerator, SELL: DMA copies values, cascaded DMA gathers x */
#define SELL_CASE_ACC_OVERLAP 5u /* as ACC_CDMA, transfers of block b+1 overlap the computation of b */
#define SELL_CASE_ACC_HMC \
    6u /* the HMC's memory-side gather packs x[col] in the cube,
                                  * the DMA streams it and the values into the LM, overlapped */
#define SELL_CASES 7u
#define SELL_CASE_NAMES \
    { "csr", "csr_cdma", "sell", "acc_dma", "acc_cdma", "acc_overlap", "acc_hmc" }

#define SELL_FLAG_IDENTITY_PERM 1u /* sigma = 1: sorted position p is row p */

typedef struct {
    uint32_t magic;   /* SELL_INFO_MAGIC */
    uint32_t version; /* SELL_INFO_VERSION */
    uint32_t rows, cols, nnz;
    uint32_t C;     /* chunk height (slice size S) */
    uint32_t sigma; /* sorting window (1 = no sorting) */
    uint32_t chunks;
    uint32_t padded; /* SELL elements, padding included */
    uint32_t max_width;
    uint32_t cases;    /* bit k: run case k (host -> firmware) */
    uint32_t done;     /* bit k: case k ran and wrote its y (firmware -> host) */
    uint32_t y_stride; /* floats from one case's y to the next (rows rounded up to 16) */
    uint32_t flags;    /* SELL_FLAG_* */
    uint32_t reserved[2];
} sell_info_t; /* 64 bytes */

#endif
