/* sell_spmv: six SpMV cases (docs/sell_spmv.md) on one matrix (data: include/vp/sell_data.h,
 * written by the VP's `sell` workload, which also checks every case's y bit for bit).
 *
 *   csr          CPU, CSR
 *   csr_cdma     CPU, CSR; the cascaded DMA pre-gathers xg[k] = x[col_idx[k]] block by block into the
 *                accelerator's data LM (main memory without an accelerator), the CPU busy-waits for
 *                each block and then streams sd.values[k] * xg[k]
 *   sell         CPU, SELL
 *   acc_dma      accelerator, SELL: per block the normal DMA copies the sd.values into the LM while
 *                the CPU gathers x[col] into it; then the accelerator computes
 *   acc_cdma     accelerator, SELL: the normal DMA copies the values, then the cascaded DMA gathers
 *                x[col]; then the accelerator computes
 *   acc_overlap  as acc_cdma with two LM buffers: the gather (cascaded DMA) and the values copy (normal
 *                DMA) of block b+1 run while the accelerator computes block b
 * (the normal and the cascaded DMA are the first two mSGDMA instances, sell_lm.h; one does both roles
 * on a platform with one)
 *
 * Each case runs in a trace-marker region of its name (the VP's statistics give its time: MFLOPS =
 * 2 nnz / time), with the data caches flushed and invalidated before it (every case starts cold).
 * Every y[i] is accumulated in the order of row i's entries with one rounding per multiply and per
 * add (-ffp-contract=off here, vfmul + vfadd on the accelerator), so all cases equal the host's CSR
 * reference bit for bit. Exit: 0 ok (the VP checks the results), 2 missing or inconsistent data,
 * 3 a DMA or accelerator error. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <drivers/msgdma.h>
#include <hal/cache.h>
#include <hal/marker.h>
#include <hal/mmio.h>
#include <rt/bootinfo.h>
#include <rt/runtime.h>
#include <vp/sell_data.h>
#include "sell_lm.h"

static const char *const case_names[SELL_CASES] = SELL_CASE_NAMES;

sell_data_t sd; /* the data set (boot-info blobs) */

static int need(const char *name, uint32_t min_size, uint32_t *addr) {
    uint32_t size = 0;
    if (!vp_bootinfo_find(name, addr, &size) || size < min_size) {
        printf("sell_spmv: ERROR: boot-info entry \"%s\" missing or smaller than %lu bytes\n", name,
               (unsigned long)min_size);
        return 0;
    }
    return 1;
}

/* Finds and checks the data set; 0 if anything is missing or inconsistent. */
static int load(void) {
    uint32_t a;
    if (!need("sell_info", sizeof(sell_info_t), &a)) return 0;
    sd.info = (sell_info_t *)(uintptr_t)a;
    if (sd.info->magic != SELL_INFO_MAGIC || sd.info->version != SELL_INFO_VERSION) {
        printf("sell_spmv: ERROR: sell_info has a bad magic or version\n");
        return 0;
    }
    const uint32_t rows = sd.info->rows, nnz = sd.info->nnz, chunks = sd.info->chunks;
    if (sd.info->C == 0 || chunks != (rows + sd.info->C - 1) / sd.info->C || sd.info->y_stride < rows) {
        printf("sell_spmv: ERROR: inconsistent sell_info\n");
        return 0;
    }
    uint32_t rp, ci, va, xa, cp, wi, pe, sc, sv, ya;
    if (!need("row_ptr", 4 * (rows + 1), &rp) || !need("col_idx", 4 * nnz, &ci) || !need("values", 4 * nnz, &va) ||
        !need("x", 4 * sd.info->cols, &xa) || !need("sell_cptr", 4 * (chunks + 1), &cp) ||
        !need("sell_width", 4 * chunks, &wi) || !need("sell_perm", 4 * rows, &pe) ||
        !need("sell_col", 4 * sd.info->padded, &sc) || !need("sell_val", 4 * sd.info->padded, &sv) ||
        !need("y", 4 * sd.info->y_stride * SELL_CASES, &ya))
        return 0;
    sd.row_ptr = (const uint32_t *)(uintptr_t)rp;
    sd.col_idx = (const uint32_t *)(uintptr_t)ci;
    sd.values = (const float *)(uintptr_t)va;
    sd.x = (const float *)(uintptr_t)xa;
    sd.cptr = (const uint32_t *)(uintptr_t)cp;
    sd.width = (const uint32_t *)(uintptr_t)wi;
    sd.perm = (const uint32_t *)(uintptr_t)pe;
    sd.col = (const uint32_t *)(uintptr_t)sc;
    sd.val = (const float *)(uintptr_t)sv;
    sd.y = (float *)(uintptr_t)ya;
    /* Untrusted data: the kernels index with these, so check them once, outside the timed regions. */
    if (sd.row_ptr[0] != 0 || sd.row_ptr[rows] != nnz || sd.cptr[0] != 0 || sd.cptr[chunks] != sd.info->padded) {
        printf("sell_spmv: ERROR: row_ptr or sell_cptr inconsistent\n");
        return 0;
    }
    for (uint32_t i = 0; i < rows; i++)
        if (sd.row_ptr[i] > sd.row_ptr[i + 1] || sd.perm[i] >= rows) {
            printf("sell_spmv: ERROR: row_ptr not monotonic or sell_perm out of range at %lu\n", (unsigned long)i);
            return 0;
        }
    for (uint32_t c = 0; c < chunks; c++) {
        const uint32_t lanes = c + 1 < chunks ? sd.info->C : rows - c * sd.info->C;
        if (sd.cptr[c + 1] - sd.cptr[c] != sd.width[c] * lanes || sd.width[c] > sd.info->max_width) {
            printf("sell_spmv: ERROR: chunk %lu inconsistent\n", (unsigned long)c);
            return 0;
        }
    }
    for (uint32_t k = 0; k < nnz; k++)
        if (sd.col_idx[k] >= sd.info->cols) {
            printf("sell_spmv: ERROR: col_idx[%lu] out of range\n", (unsigned long)k);
            return 0;
        }
    for (uint32_t k = 0; k < sd.info->padded; k++)
        if (sd.col[k] >= sd.info->cols) {
            printf("sell_spmv: ERROR: sell_col[%lu] out of range\n", (unsigned long)k);
            return 0;
        }
    return 1;
}

/* Every case starts with cold data caches: write back and drop every line of the L1D and the L2. */
static void caches_cold(void) {
    const char *which[] = {"l1d", "l2"};
    for (unsigned i = 0; i < 2; i++) {
        const uintptr_t ctl = vp_cachectl(which[i]);
        if (ctl) vp_write32(ctl + CACHECTL_MAINT, CACHECTL_MAINT_FLUSH);
    }
}

/* ---- case csr ------------------------------------------------------------------------------- */

static void spmv_csr(float *y) {
    const uint32_t rows = sd.info->rows;
    for (uint32_t i = 0; i < rows; i++) {
        float sum = 0.0f;
        for (uint32_t k = sd.row_ptr[i]; k < sd.row_ptr[i + 1]; k++) sum += sd.values[k] * sd.x[sd.col_idx[k]];
        y[i] = sum;
    }
}

/* ---- case csr_cdma -------------------------------------------------------------------------- */

/* Nonzeros block by block: the cascaded DMA gathers xg = x[col_idx[k0 .. k0+n)] into `buf` (busy
 * wait), then the CPU streams the block; a row may span blocks. */
static int spmv_csr_cdma(float *y, float *buf, uint32_t cap) {
    const uint32_t rows = sd.info->rows, nnz = sd.info->nnz;
    uint32_t i = 0;
    float sum = 0.0f;
    for (uint32_t k0 = 0; k0 < nnz; k0 += cap) {
        const uint32_t n = nnz - k0 < cap ? nnz - k0 : cap;
        const uint32_t s = msgdma_dev_gather(sell_dma_cascaded, buf, sd.x, 4, sd.col_idx + k0, 4, n, MSGDMA_POLL);
        if (s != 0) {
            printf("sell_spmv: ERROR: gather status 0x%lx\n", (unsigned long)s);
            return 0;
        }
        const volatile float *xg = buf - k0; /* xg[k] for k in [k0, k0 + n) */
        const uint32_t k1 = k0 + n;
        uint32_t k = k0;
        while (k < k1) {
            const uint32_t end = sd.row_ptr[i + 1];
            const uint32_t lim = end < k1 ? end : k1;
            for (; k < lim; k++) sum += sd.values[k] * xg[k];
            if (lim == end) {
                y[i++] = sum;
                sum = 0.0f;
            }
        }
    }
    for (; i < rows; i++) y[i] = 0.0f; /* trailing empty rows */
    return 1;
}

/* ---- case sell ------------------------------------------------------------------------------ */

/* SELL on the CPU, the loop order of the vector machine: for each chunk, for each j, for each row
 * of the chunk. acc (zeroed) is in sorted row order; y[perm[p]] = acc[p] at the end (skipped when
 * sigma = 1 and acc is y itself). */
static void spmv_sell(float *y, float *acc) {
    const uint32_t C = sd.info->C, chunks = sd.info->chunks;
    for (uint32_t c = 0; c < chunks; c++) {
        const uint32_t lanes = c + 1 < chunks ? C : sd.info->rows - c * C;
        const uint32_t w = sd.width[c];
        const uint32_t *col = sd.col + sd.cptr[c];
        const float *val = sd.val + sd.cptr[c];
        float *a = acc + c * C;
        for (uint32_t j = 0; j < w; j++, col += lanes, val += lanes)
            for (uint32_t r = 0; r < lanes; r++) a[r] += val[r] * sd.x[col[r]];
    }
    if (acc != y)
        for (uint32_t p = 0; p < sd.info->rows; p++) y[sd.perm[p]] = acc[p];
}

/* --------------------------------------------------------------------------------------------- */

int main(void) {
#if SELL_SMP
    sell_smp_release();
#endif
    if (!vp_bootinfo_get()) {
        printf("sell_spmv: ERROR: no boot-info block (run it with a `sell` workload scenario)\n");
        return 2;
    }
    if (!load()) return 2;
    printf("sell_spmv: rows=%lu nnz=%lu SELL-%lu-%lu chunks=%lu padded=%lu\n", (unsigned long)sd.info->rows,
           (unsigned long)sd.info->nnz, (unsigned long)sd.info->C, (unsigned long)sd.info->sigma,
           (unsigned long)sd.info->chunks, (unsigned long)sd.info->padded);
    const int identity = (sd.info->flags & SELL_FLAG_IDENTITY_PERM) != 0;
    const sell_lm_t lm = sell_lm_find();
    /* The DMAs read the index and value arrays, which no CPU writes while a case runs, and every case
     * starts after a whole-cache flush (caches_cold): the lines the L1D holds of them are clean, so
     * the driver's per-transfer cache maintenance over them would be work without effect. */
#if !SELL_SMP /* the driver keeps four ranges: sell_lm_find takes two for the LMs */
    msgdma_cache_managed(sd.col_idx, sd.info->nnz * sizeof *sd.col_idx);
#endif
    msgdma_cache_managed(sd.col, sd.info->padded * sizeof *sd.col);
    msgdma_cache_managed(sd.val, sd.info->padded * sizeof *sd.val);
    uint32_t done = 0;
    int rc = 0;

    for (uint32_t k = 0; k < SELL_CASES && rc == 0; k++) {
        if (!(sd.info->cases >> k & 1)) continue;
        float *y = sd.y + k * sd.info->y_stride;
        float *acc = y;
        if (k == SELL_CASE_SELL) {
            if (!identity) acc = (float *)__heap_start;    /* sorted-order accumulators */
            memset(acc, 0, sd.info->rows * sizeof(float)); /* y = y0 + A x with y0 = 0, outside the timing */
        }
        if (!sell_lm_case_possible(k, &lm)) {
            printf("sell_spmv: %s skipped (%s)\n", case_names[k], sell_lm_why_not(k, &lm));
            continue;
        }
        caches_cold();
        const uint64_t t0 = vp_rdcycle64();
        vp_marker_begin(case_names[k]);
        int ok = 1;
        switch (k) {
            case SELL_CASE_CSR: spmv_csr(y); break;
            case SELL_CASE_CSR_CDMA: ok = spmv_csr_cdma(y, lm.gather_buf, lm.gather_cap); break;
            case SELL_CASE_SELL: spmv_sell(y, acc); break;
            default: ok = SELL_RUN_ACC_CASE(k, y); break;
        }
        vp_marker_end();
        const uint64_t t1 = vp_rdcycle64();
        if (!ok) {
            rc = 3;
            break;
        }
        /* The VP reads y from memory behind the caches: write it back. */
#if SELL_SMP
        sell_smp_clean(y, sd.info->rows * sizeof(float)); /* every hart's L1D */
#else
        vp_cache_clean_range(y, sd.info->rows * sizeof(float));
#endif
        done |= 1u << k;
        printf("sell_spmv: %-11s %10lu cycles\n", case_names[k], (unsigned long)(t1 - t0));
#if SELL_SMP
        if (k >= SELL_CASE_ACC_DMA) sell_smp_report(k);
#endif
    }
    sd.info->done = done;
    vp_cache_clean_range(sd.info, sizeof *sd.info);
    return rc;
}
