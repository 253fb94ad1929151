/* The GCN aggregation shared by the firmware programs gcn (one hart; engines, ATM) and gcn_smp
 * (several harts): the graph, the checks of the loader's data (untrusted input) and the CPU kernel of
 * one strip. Layout and summation order: include/vp/gcn_data.h; docs/gcn.md. Include once per program. */
#ifndef GCN_LAYER_H
#define GCN_LAYER_H
#include <stdint.h>
#include <stdio.h>
#include <rt/bootinfo.h>
#include <vp/gcn_data.h>

typedef struct {
    uint32_t n, w;
    const uint32_t *colptr, *rowidx;
    const float *weight;
    uint32_t *cursor;
} graph_t;

static int need(const char *name, uint32_t min_size, uint32_t *addr) {
    uint32_t size = 0;
    if (!vp_bootinfo_find(name, addr, &size)) {
        printf("gcn: ERROR: boot-info entry \"%s\" missing\n", name);
        return 0;
    }
    if (size < min_size) {
        printf("gcn: ERROR: blob \"%s\" has %lu bytes, need %lu\n", name, (unsigned long)size, (unsigned long)min_size);
        return 0;
    }
    return 1;
}

/* y += a * x over w floats (w a multiple of 16), each element rounded as y = y + (a * x). */
static inline void axpy(float *restrict y, const float *restrict x, float a, uint32_t w) {
    for (uint32_t k = 0; k < w; k += 4) {
        y[k] = y[k] + a * x[k];
        y[k + 1] = y[k + 1] + a * x[k + 1];
        y[k + 2] = y[k + 2] + a * x[k + 2];
        y[k + 3] = y[k + 3] + a * x[k + 3];
    }
}

static inline void zero_row(float *y, uint32_t w) {
    for (uint32_t k = 0; k < w; k += 4) {
        y[k] = 0.0f;
        y[k + 1] = 0.0f;
        y[k + 2] = 0.0f;
        y[k + 3] = 0.0f;
    }
}

/* One vertical strip: destinations [d0, d1), square tiles of `side` source vertices. Aligned to a line:
 * where the hot loop falls relative to the fetch lines decides the fetch stalls of a platform without an
 * L1I (gcn_tiny: +13 % cycles when code added to main moved it), so edits elsewhere do not move it. */
static void __attribute__((noinline, aligned(64)))
run_strip(const graph_t *g, uint32_t d0, uint32_t d1, uint32_t side, const float *xs, float *ys) {
    const uint32_t n = g->n, w = g->w;
    const uint32_t *colptr = g->colptr, *rowidx = g->rowidx;
    const float *weight = g->weight;
    if (side >= n) { /* one tile: the whole column at once */
        for (uint32_t v = d0; v < d1; v++) {
            float *y = ys + v * w;
            zero_row(y, w);
            const uint32_t e = colptr[v + 1];
            for (uint32_t k = colptr[v]; k < e; k++) axpy(y, xs + rowidx[k] * w, weight[k], w);
        }
        return;
    }
    uint32_t *cursor = g->cursor;
    for (uint32_t s0 = 0; s0 < n; s0 += side) {
        const uint32_t s1 = n - s0 > side ? s0 + side : n;
        const int first = s0 == 0, last = s1 == n;
        for (uint32_t v = d0; v < d1; v++) {
            float *y = ys + v * w;
            uint32_t k;
            if (first) {
                zero_row(y, w);
                k = colptr[v];
            } else {
                k = cursor[v];
            }
            const uint32_t e = colptr[v + 1];
            for (; k < e; k++) {
                const uint32_t u = rowidx[k];
                if (u >= s1) break;
                axpy(y, xs + u * w, weight[k], w);
            }
            if (!last) cursor[v] = k;
        }
    }
}

/* The layer's data from the boot-info block, checked: the gcn_info header, the blobs' sizes, the
 * columns monotone and inside the arrays, every row index < n. Fills *g (g->w = f / slices: one
 * slice's row width), *info_out and the addresses of X and Y (B_F slices of n x w floats each).
 * 0, or 2 (the program's exit code) after printing why. */
static int gcn_open(graph_t *g_out, const gcn_info_t **info_out, uint32_t *x_out, uint32_t *y_out) {
    uint32_t a_info, a_graph, a_x, a_y, a_cur;
    if (!vp_bootinfo_get()) {
        printf("gcn: ERROR: no boot-info block (the data comes from the VP's gcn workload)\n");
        return 2;
    }
    if (!need("gcn_info", sizeof(gcn_info_t), &a_info)) return 2;
    const gcn_info_t *info = (const gcn_info_t *)(uintptr_t)a_info;
    if (info->magic != GCN_INFO_MAGIC || info->version != GCN_INFO_VERSION) {
        printf("gcn: ERROR: gcn_info has a bad magic or version\n");
        return 2;
    }
    const uint32_t n = info->n, nnz = info->nnz, f = info->f, slices = info->slices, kernel = info->kernel;
    if (n == 0 || slices == 0 || f % (GCN_SLICE_ALIGN * slices) != 0 || kernel > GCN_KERNEL_ATM || info->tiles == 0 ||
        info->tiles > GCN_UNITS || (info->tiles & (info->tiles - 1)) != 0 || info->unit == 0 ||
        (uint64_t)info->unit * GCN_UNITS < n) {
        printf("gcn: ERROR: inconsistent gcn_info (n %lu f %lu slices %lu tiles %lu kernel %lu unit %lu)\n",
               (unsigned long)n, (unsigned long)f, (unsigned long)slices, (unsigned long)info->tiles,
               (unsigned long)kernel, (unsigned long)info->unit);
        return 2;
    }
    if ((uint64_t)n * f * 4 > 0x7FFFFFFFu || (uint64_t)info->weight_off + 4ull * nnz > 0x7FFFFFFFu) {
        printf("gcn: ERROR: data larger than the address space\n");
        return 2;
    }
    const uint32_t xy_bytes = n * f * 4;
    if (!need("graph", info->weight_off + 4 * nnz, &a_graph) || !need("features", xy_bytes, &a_x) ||
        !need("output", xy_bytes, &a_y) || !need("cursor", 4 * n, &a_cur))
        return 2;
    graph_t g;
    g.n = n;
    g.w = f / slices;
    g.colptr = (const uint32_t *)(uintptr_t)(a_graph + info->colptr_off);
    g.rowidx = (const uint32_t *)(uintptr_t)(a_graph + info->rowidx_off);
    g.weight = (const float *)(uintptr_t)(a_graph + info->weight_off);
    g.cursor = (uint32_t *)(uintptr_t)a_cur;
    /* Untrusted input: the columns must be monotone and inside the arrays, every row index < n. */
    if (g.colptr[0] != 0 || g.colptr[n] != nnz) {
        printf("gcn: ERROR: colptr does not span the %lu nonzeros\n", (unsigned long)nnz);
        return 2;
    }
    for (uint32_t v = 0; v < n; v++) {
        if (g.colptr[v + 1] < g.colptr[v]) {
            printf("gcn: ERROR: colptr decreases at column %lu\n", (unsigned long)v);
            return 2;
        }
    }
    for (uint32_t k = 0; k < nnz; k++) {
        if (g.rowidx[k] >= n) {
            printf("gcn: ERROR: nonzero %lu has row %lu >= n\n", (unsigned long)k, (unsigned long)g.rowidx[k]);
            return 2;
        }
    }
    *g_out = g;
    *info_out = info;
    *x_out = a_x;
    *y_out = a_y;
    return 0;
}

#endif
