/* rgcn: one R-GCN layer's sparse products (docs/rgcn_cache.md) on data the loader placed.
 *
 *   Y = sum_r (A_r X + A_r^T X) + E X
 *
 * in the order and layout of include/vp/rgcn_data.h (matrices A_1, A_1^T, ..., A_R, A_R^T, E; COO
 * with rows ascending; X and Y double[n][d] with a row stride of whole 64-byte lines). Doubles are
 * soft-float (rv32imafc has no D extension); every operation rounds to double and -ffp-contract=off
 * keeps a*b+c unfused, so the VP's host reference reproduces Y bit for bit (the VP checks it).
 *
 * Before computing, every cache controller announced in the boot-info block ("cachectl.l1i",
 * "cachectl.l1d", "cachectl.l2") is programmed for priority-aware replacement:
 * FV_START/FV_END = the features blob (features and output with RGCN_FLAG_OUTPUT_PRIORITY), PR_START = "prio_ac" under policy AC, "prio_pb" under PB
 * (else left alone), MAX_P = the workload's max_p. PERIOD and DEFAULT_PRIO keep their configured
 * values. Without such entries (no caches, or plain runs) it just computes.
 *
 * Output (deterministic): sizes, the policies found, "rgcn: done". Exit: 0 = ok, 2 = missing or
 * inconsistent data. */
#include <stdint.h>
#include <stdio.h>
#include <rt/bootinfo.h>
#include <hal/marker.h>
#include <hal/mmio.h>
#include <vp/regs/cache_ctrl.h>
#include <vp/rgcn_data.h>

static int need(const char *name, uint32_t min_size, uint32_t *addr) {
    uint32_t size = 0;
    if (!vp_bootinfo_find(name, addr, &size)) {
        printf("rgcn: ERROR: boot-info entry \"%s\" missing\n", name);
        return 0;
    }
    if (size < min_size) {
        printf("rgcn: ERROR: blob \"%s\" has %lu bytes, need %lu\n", name, (unsigned long)size,
               (unsigned long)min_size);
        return 0;
    }
    return 1;
}

static const char *policy_name(uint32_t p) {
    static const char *names[] = {"lru", "plru", "random", "srrip", "drrip", "ac", "pb", "grasp"};
    return p < sizeof names / sizeof names[0] ? names[p] : "?";
}

/* Programs one controller if the platform has it. */
static void program_cache(const char *entry, uint32_t fv_lo, uint32_t fv_hi, uint32_t prio_ac, uint32_t prio_pb,
                          uint32_t max_p) {
    uint32_t base;
    if (!vp_bootinfo_find(entry, &base, NULL)) return;
    const uint32_t policy = vp_read32(base + CACHECTL_POLICY);
    vp_write32(base + CACHECTL_FV_START, fv_lo);
    vp_write32(base + CACHECTL_FV_END, fv_hi);
    if (policy == CACHECTL_POLICY_AC)
        vp_write32(base + CACHECTL_PR_START, prio_ac);
    else if (policy == CACHECTL_POLICY_PB)
        vp_write32(base + CACHECTL_PR_START, prio_pb);
    vp_write32(base + CACHECTL_MAX_P, max_p);
    printf("rgcn: %s policy %s\n", entry, policy_name(policy));
}

/* Y[row] += v * X[col] over d elements. Kept out of line so the loop is one function in traces. */
static void __attribute__((noinline)) axpy_row(double *y, const double *x, double v, uint32_t d) {
    for (uint32_t k = 0; k < d; k++) y[k] = y[k] + v * x[k];
}

static void __attribute__((noinline)) add_row(double *y, const double *x, uint32_t d) {
    for (uint32_t k = 0; k < d; k++) y[k] = y[k] + x[k];
}

int main(void) {
    uint32_t a_info, a_adj, a_x, a_y, a_ac, a_pb;
    if (!vp_bootinfo_get()) {
        printf("rgcn: ERROR: no boot-info block (the data comes from the VP's rgcn workload)\n");
        return 2;
    }
    if (!need("rgcn_info", sizeof(rgcn_info_t), &a_info)) return 2;
    const rgcn_info_t *info = (const rgcn_info_t *)(uintptr_t)a_info;
    if (info->magic != RGCN_INFO_MAGIC || info->version != RGCN_INFO_VERSION) {
        printf("rgcn: ERROR: rgcn_info has a bad magic or version\n");
        return 2;
    }
    const uint32_t n = info->n, d = info->d, stride = info->row_stride, nnz = info->total_nnz;
    if (stride % 64 != 0 || stride < 8 * d) {
        printf("rgcn: ERROR: row stride %lu is not whole lines holding %lu doubles\n", (unsigned long)stride,
               (unsigned long)d);
        return 2;
    }
    const uint32_t xy_bytes = n * stride, out_prio = (info->flags & RGCN_FLAG_OUTPUT_PRIORITY) != 0;
    const uint32_t lines = xy_bytes / 64 * (out_prio ? 2 : 1); /* priority-table entries */
    if (!need("rgcn_info", sizeof(rgcn_info_t) + info->matrices * sizeof(rgcn_matrix_t), &a_info) ||
        !need("adj", info->vals_off + 8 * nnz, &a_adj) || !need("features", xy_bytes, &a_x) ||
        !need("output", xy_bytes, &a_y) || !need("prio_ac", 4 * lines, &a_ac) || !need("prio_pb", 4 * lines, &a_pb))
        return 2;
    if (out_prio && a_y != a_x + xy_bytes) {
        printf("rgcn: ERROR: output priorities need \"output\" right after \"features\"\n");
        return 2;
    }
    const uint32_t fv_end = out_prio ? a_y + xy_bytes : a_x + xy_bytes;
    const rgcn_matrix_t *mats = (const rgcn_matrix_t *)(info + 1);
    const uint32_t *rows = (const uint32_t *)(uintptr_t)(a_adj + info->rows_off);
    const uint32_t *cols = (const uint32_t *)(uintptr_t)(a_adj + info->cols_off);
    const double *vals = (const double *)(uintptr_t)(a_adj + info->vals_off);
    for (uint32_t m = 0; m < info->matrices; m++) {
        if (mats[m].kind == RGCN_MAT_IDENTITY) {
            if (mats[m].nnz != n) {
                printf("rgcn: ERROR: matrix %lu (E) has %lu entries, not n\n", (unsigned long)m,
                       (unsigned long)mats[m].nnz);
                return 2;
            }
        } else if (mats[m].kind > RGCN_MAT_IDENTITY || mats[m].first > nnz || mats[m].nnz > nnz - mats[m].first) {
            printf("rgcn: ERROR: matrix %lu out of the adj arrays\n", (unsigned long)m);
            return 2;
        }
    }
    for (uint32_t k = 0; k < nnz; k++) {
        if (rows[k] >= n || cols[k] >= n) {
            printf("rgcn: ERROR: nonzero %lu out of range\n", (unsigned long)k);
            return 2;
        }
    }
    printf("rgcn: n=%lu d=%lu relations=%lu matrices=%lu nnz=%lu\n", (unsigned long)n, (unsigned long)d,
           (unsigned long)info->relations, (unsigned long)info->matrices, (unsigned long)nnz);

    /* The priority registers first (contract with the cache model, docs/rgcn_cache.md). */
    program_cache("cachectl.l1i", a_x, fv_end, a_ac, a_pb, info->max_p);
    program_cache("cachectl.l1d", a_x, fv_end, a_ac, a_pb, info->max_p);
    program_cache("cachectl.l2", a_x, fv_end, a_ac, a_pb, info->max_p);

    const int on_vp = vp_bootinfo_find("vp", NULL, NULL);
    if (on_vp) vp_marker_begin("rgcn");
    uint8_t *const xb = (uint8_t *)(uintptr_t)a_x, *const yb = (uint8_t *)(uintptr_t)a_y;
    for (uint32_t i = 0; i < n; i++) {
        double *y = (double *)(yb + i * stride);
        for (uint32_t k = 0; k < d; k++) y[k] = 0.0;
    }
    for (uint32_t m = 0; m < info->matrices; m++) {
        const rgcn_matrix_t *M = &mats[m];
        if (M->kind == RGCN_MAT_IDENTITY) {
            for (uint32_t i = 0; i < n; i++) add_row((double *)(yb + i * stride), (const double *)(xb + i * stride), d);
            continue;
        }
        const uint32_t end = M->first + M->nnz;
        for (uint32_t k = M->first; k < end; k++)
            axpy_row((double *)(yb + rows[k] * stride), (const double *)(xb + cols[k] * stride), vals[k], d);
    }
    if (on_vp) vp_marker_end();
    printf("rgcn: done\n");
    return 0;
}
