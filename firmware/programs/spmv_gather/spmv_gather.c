/* spmv_gather: y = A*x in CSR with the gather done inside the Hybrid Memory Cube (docs/hmc.md).
 *
 * Same data and output as firmware/programs/spmv (boot-info "dims", "row_ptr", "col_idx", "values",
 * "x", "y", "expect"), same float32 left-to-right accumulation, so the same host reference checks it.
 * The nonzeros are processed in chunks of CHUNK: for each chunk the HMC controller's gather engine
 * (include/vp/regs/hmc.h) packs xg[k] = x[col_idx[k0 + k]]
 *   GATHER_TO_HOST=0 (spmv_gather): into a buffer in the cube's memory (top of the heap area), read
 *                    back by ordinary loads;
 *   GATHER_TO_HOST=1 (spmv_gather_host): into the controller's buffer GS_BUF (returned over the link),
 *                    read by MMIO loads;
 * then the kernel streams values[k] * xg[k] into the rows. Indices never cross the link. The CPU
 * sleeps (WFI) until the engine's completion interrupt (PLIC source VP_IRQ_GATHER) instead of polling.
 * The kernel is wrapped in a trace-marker region "spmv". Needs platform.ram.timing: hmc (the controller
 * is found through the boot-info entry "hmc_ctrl"; without it the program exits 2).
 * Exit: 0 ok, 1 hash mismatch, 2 missing data, 3 gather error. */
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include <rt/bootinfo.h>
#include <hal/marker.h>
#include <hal/cache.h>
#include <hal/irq.h>
#include <hal/mmio.h>
#include <hal/plic.h>
#include <vp/checksum.h>
#include <vp/spmv_data.h>
#include <vp/regs/hmc.h>
#include <vp/regs/memmap.h>

#ifndef GATHER_TO_HOST
#define GATHER_TO_HOST 0
#endif
#define CHUNK 4096u /* elements per gather: 16 KiB, half of GS_BUF */

static uintptr_t hmc_base; /* from the boot-info entry "hmc_ctrl" (VP_HMC_CTRL_BASE by default) */
#define HMC(off) (hmc_base + (off))

#if !GATHER_TO_HOST
/* CHUNK floats at the top of the heap area (runtime/vp.ld), which nothing else uses from the top:
 * not .bss (crt0 would clear it with 16 K byte stores) and not malloc (picolibc zeroes new blocks). */
extern char __heap_end[];
static float *xg_mem;
#endif

static uint32_t f2u(float f) {
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

/* Gathers n elements x[idx[0..n)] and waits for completion; returns the final status. */
static uint32_t gather(const float *x, const uint32_t *idx, uint32_t n) {
    vp_write32(HMC(GS_OP), GS_OP_GATHER | (GATHER_TO_HOST ? GS_MODE_HOST : GS_MODE_MEMORY));
    vp_write32(HMC(GS_ELEM_BASE), (uint32_t)(uintptr_t)x);
    vp_write32(HMC(GS_INDEX_ADDR), (uint32_t)(uintptr_t)idx);
    vp_write32(HMC(GS_COUNT), n);
    vp_write32(HMC(GS_ELEM_SIZE), 4);
    vp_write32(HMC(GS_INDEX_SIZE), 4);
#if GATHER_TO_HOST
    vp_write32(HMC(GS_DEST), 0);
#else
    vp_write32(HMC(GS_DEST), (uint32_t)(uintptr_t)xg_mem);
#endif
    vp_write32(HMC(GS_DOORBELL), 1);
    /* Sleep until the completion interrupt: WFI wakes on the pending machine external interrupt
     * (mie.MEIE set, mstatus.MIE clear: no trap is taken), then clear the engine's pending bit (its
     * level drops) and claim/complete the source at the PLIC. GS_STATUS is the truth; the interrupt
     * only replaces the polling. */
    uint32_t s;
    while ((s = vp_read32(HMC(GS_STATUS))) == GS_STATUS_BUSY) __asm__ volatile("wfi");
    vp_write32(HMC(GS_IRQ_PENDING), 1);
    const uint32_t src = vp_plic_claim(0);
    if (src) vp_plic_complete(0, src);
    return s;
}

static void gather_irq_setup(void) {
    vp_irq_disable(); /* mstatus.MIE = 0: WFI returns, no trap handler needed */
    vp_plic_set_priority(VP_IRQ_GATHER, 1);
    vp_plic_set_threshold(0, 0);
    vp_plic_enable(0, VP_IRQ_GATHER, true);
    vp_irq_source_enable(MIE_MEIE);
    vp_write32(HMC(GS_IRQ_ENABLE), 1);
}

static int spmv_gather(uint32_t rows, uint32_t nnz, const uint32_t *row_ptr, const uint32_t *col_idx,
                       const float *values, const float *x, float *y) {
    uint32_t i = 0;
    float sum = 0.0f;
#if GATHER_TO_HOST
    const volatile float *xg = (const volatile float *)HMC(GS_BUF);
#else
    const float *xg = xg_mem;
#endif
    for (uint32_t k0 = 0; k0 < nnz; k0 += CHUNK) {
        const uint32_t n = nnz - k0 < CHUNK ? nnz - k0 : CHUNK;
        const uint32_t s = gather(x, col_idx + k0, n);
        if (s != GS_STATUS_DONE) {
            printf("spmv_gather: ERROR: gather status %lu\n", (unsigned long)s);
            return 0;
        }
#if !GATHER_TO_HOST
        /* The cube rewrote xg behind the caches: drop any copy of it (cbo.inval; a no-op without caches). */
        vp_cache_inval_range(xg, n * sizeof(float));
#endif
        const uint32_t k1 = k0 + n;
        uint32_t k = k0;
        while (k < k1) { /* the rows (or row parts) of this chunk; a row may span chunks */
            const uint32_t end = row_ptr[i + 1];
            const uint32_t lim = end < k1 ? end : k1;
            for (; k < lim; k++) sum += values[k] * xg[k - k0];
            if (lim == end) { /* row i complete (empty rows too) */
                y[i++] = sum;
                sum = 0.0f;
            }
        }
    }
    for (; i < rows; i++) {
        y[i] = sum;
        sum = 0.0f;
    }
    return 1;
}

static int need(const char *name, uint32_t min_size, uint32_t *addr) {
    uint32_t size = 0;
    if (!vp_bootinfo_find(name, addr, &size) || size < min_size) {
        printf("spmv_gather: ERROR: boot-info entry \"%s\" missing or too small\n", name);
        return 0;
    }
    return 1;
}

int main(void) {
    uint32_t a_dims, a_rp, a_ci, a_val, a_x, a_y;
    if (!vp_bootinfo_get()) {
        printf("spmv_gather: ERROR: no boot-info block (run it with an HMC spmv scenario)\n");
        return 2;
    }
    if (!need("dims", sizeof(spmv_dims_t), &a_dims)) return 2;
    const spmv_dims_t *dims = (const spmv_dims_t *)(uintptr_t)a_dims;
    const uint32_t rows = dims->rows, cols = dims->cols, nnz = dims->nnz;
    if (!need("row_ptr", 4 * (rows + 1), &a_rp) || !need("col_idx", 4 * nnz, &a_ci) ||
        !need("values", 4 * nnz, &a_val) || !need("x", 4 * cols, &a_x) || !need("y", 4 * rows, &a_y))
        return 2;
    const uint32_t *row_ptr = (const uint32_t *)(uintptr_t)a_rp;
    if (row_ptr[0] != 0 || row_ptr[rows] != nnz) {
        printf("spmv_gather: ERROR: row_ptr inconsistent with nnz\n");
        return 2;
    }
    const uint32_t *col_idx = (const uint32_t *)(uintptr_t)a_ci;
    for (uint32_t k = 0; k < nnz; k++) { /* as firmware/programs/spmv does, outside the timed region */
        if (col_idx[k] >= cols) {
            printf("spmv_gather: ERROR: col_idx[%lu] out of range\n", (unsigned long)k);
            return 2;
        }
    }
    uint32_t a_hmc;
    if (!vp_bootinfo_find("hmc_ctrl", &a_hmc, NULL)) { /* the platform has no HMC (ram.timing is not hmc) */
        printf("spmv_gather: ERROR: no HMC controller (boot-info entry \"hmc_ctrl\" missing)\n");
        return 2;
    }
    hmc_base = a_hmc;
    if (vp_read32(HMC(HMC_ID)) != HMC_ID_VALUE) {
        printf("spmv_gather: ERROR: no HMC controller at 0x%08lx\n", (unsigned long)a_hmc);
        return 2;
    }
    printf("spmv_gather: rows=%lu cols=%lu nnz=%lu mode=%s\n", (unsigned long)rows, (unsigned long)cols,
           (unsigned long)nnz, GATHER_TO_HOST ? "to-host" : "in-memory");

    float *y = (float *)(uintptr_t)a_y;
    gather_irq_setup();
#if !GATHER_TO_HOST
    xg_mem = (float *)(((uintptr_t)__heap_end - CHUNK * sizeof(float)) & ~(uintptr_t)127);
#endif
    vp_marker_begin("spmv");
    const int ok =
        spmv_gather(rows, nnz, row_ptr, col_idx, (const float *)(uintptr_t)a_val, (const float *)(uintptr_t)a_x, y);
    vp_marker_end();
    if (!ok) return 3;

    float sum = 0.0f;
    uint32_t hash = 0;
    for (uint32_t r = 0; r < rows; r++) {
        sum += y[r];
        hash += vp_checksum_mix(r, f2u(y[r]));
    }
    printf("spmv_gather: sum(y)=0x%08lx hash(y)=0x%08lx\n", (unsigned long)f2u(sum), (unsigned long)hash);
    uint32_t a_exp;
    if (vp_bootinfo_find("expect", &a_exp, NULL)) {
        if (*(const uint32_t *)(uintptr_t)a_exp != hash) {
            printf("spmv_gather: FAIL\n");
            return 1;
        }
        printf("spmv_gather: PASS (hash matches the reference)\n");
    }
    return 0;
}
