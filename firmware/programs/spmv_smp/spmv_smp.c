/* spmv_smp: the spmv firmware's CSR sparse matrix-vector product y = A*x (float32, no fused
 * multiply-add; firmware/programs/spmv) split across the harts the device tree lists (docs/smp.md):
 * hart h computes rows [h * rows / N, (h + 1) * rows / N). Data, checks, output and exit codes as
 * spmv's, plus a line with N; the `spmv` workload checks y bit for bit against the host.
 *
 * The runtime's SMP start-up (include/rt/smp.h): hart 0 runs crt0 and main; the other harts wait
 * for the release and call vp_smp_worker. Hart 0 validates the data, publishes it, releases the
 * others, computes its rows, waits for the others at an amoadd barrier (spmv_done) and reports.
 * Without a DTB (platform.dtb false, one hart) N = 1 and it runs as spmv does. */
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include <rt/bootinfo.h>
#include <rt/smp.h>
#include <hal/marker.h>
#include <vp/checksum.h>
#include <vp/spmv_data.h>

static volatile uint32_t spmv_done;
static struct {
    uint32_t harts, rows;
    const uint32_t *row_ptr, *col_idx;
    const float *values, *x;
    float *y;
} job;

static uint32_t f2u(float f) {
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

/* Rows [h * rows / N, (h + 1) * rows / N) of y = A x, each accumulated left to right as in spmv. */
static void spmv_rows(uint32_t h) {
    const uint32_t lo = (uint32_t)((uint64_t)job.rows * h / job.harts);
    const uint32_t hi = (uint32_t)((uint64_t)job.rows * (h + 1) / job.harts);
    for (uint32_t i = lo; i < hi; i++) {
        float sum = 0.0f;
        for (uint32_t k = job.row_ptr[i]; k < job.row_ptr[i + 1]; k++) sum += job.values[k] * job.x[job.col_idx[k]];
        job.y[i] = sum;
    }
}

void vp_smp_worker(uint32_t hartid) {
    if (hartid >= job.harts) return; /* not in the device tree's count: park */
    spmv_rows(hartid);
    __atomic_fetch_add(&spmv_done, 1u, __ATOMIC_ACQ_REL); /* amoadd: the barrier */
}

static int need(const char *name, uint32_t min_size, uint32_t *addr) {
    uint32_t size = 0;
    if (!vp_bootinfo_find(name, addr, &size)) {
        printf("spmv_smp: ERROR: boot-info entry \"%s\" missing\n", name);
        return 0;
    }
    if (size < min_size) {
        printf("spmv_smp: ERROR: blob \"%s\" has %lu bytes, need %lu\n", name, (unsigned long)size,
               (unsigned long)min_size);
        return 0;
    }
    return 1;
}

int main(void) {
    const uint32_t harts = vp_smp_harts();

    uint32_t a_dims, a_rp, a_ci, a_val, a_x, a_y;
    if (!vp_bootinfo_get()) {
        printf("spmv_smp: ERROR: no boot-info block at 0x87fff000 (load the data, see tools/qemu)\n");
        return 2;
    }
    if (!need("dims", sizeof(spmv_dims_t), &a_dims)) return 2;
    const spmv_dims_t *dims = (const spmv_dims_t *)(uintptr_t)a_dims;
    uint32_t rows = dims->rows, cols = dims->cols, nnz = dims->nnz;
    if (!need("row_ptr", 4 * (rows + 1), &a_rp) || !need("col_idx", 4 * nnz, &a_ci) ||
        !need("values", 4 * nnz, &a_val) || !need("x", 4 * cols, &a_x) || !need("y", 4 * rows, &a_y))
        return 2;
    const uint32_t *row_ptr = (const uint32_t *)(uintptr_t)a_rp;
    const uint32_t *col_idx = (const uint32_t *)(uintptr_t)a_ci;
    if (row_ptr[0] != 0 || row_ptr[rows] != nnz) {
        printf("spmv_smp: ERROR: row_ptr inconsistent with nnz\n");
        return 2;
    }
    for (uint32_t i = 0; i < rows; i++) {
        if (row_ptr[i] > row_ptr[i + 1]) {
            printf("spmv_smp: ERROR: row_ptr decreases at row %lu\n", (unsigned long)i);
            return 2;
        }
    }
    for (uint32_t k = 0; k < nnz; k++) {
        if (col_idx[k] >= cols) {
            printf("spmv_smp: ERROR: col_idx[%lu] out of range\n", (unsigned long)k);
            return 2;
        }
    }
    printf("spmv_smp: rows=%lu cols=%lu nnz=%lu harts=%lu\n", (unsigned long)rows, (unsigned long)cols,
           (unsigned long)nnz, (unsigned long)harts);

    job.harts = harts;
    job.rows = rows;
    job.row_ptr = row_ptr;
    job.col_idx = col_idx;
    job.values = (const float *)(uintptr_t)a_val;
    job.x = (const float *)(uintptr_t)a_x;
    job.y = (float *)(uintptr_t)a_y;

    const int on_vp = vp_bootinfo_find("vp", NULL, NULL);
    if (on_vp) vp_marker_begin("spmv");
    uint32_t c0;
    __asm__ volatile("csrr %0, mcycle" : "=r"(c0));
    vp_smp_release_harts(); /* publishes job */
    spmv_rows(0);
    while (__atomic_load_n(&spmv_done, __ATOMIC_ACQUIRE) != harts - 1u) {}
    uint32_t c1;
    __asm__ volatile("csrr %0, mcycle" : "=r"(c1));
    if (on_vp) vp_marker_end();

    float *y = job.y;
    float sum = 0.0f;
    uint32_t hash = 0;
    for (uint32_t i = 0; i < rows; i++) {
        sum += y[i];
        hash += vp_checksum_mix(i, f2u(y[i])); /* include/vp/checksum.h, shared with the VP */
    }
    printf("spmv_smp: sum(y)=0x%08lx hash(y)=0x%08lx\n", (unsigned long)f2u(sum), (unsigned long)hash);
    if (on_vp) printf("info: spmv_smp: %lu cycles on %lu harts\n", (unsigned long)(c1 - c0), (unsigned long)harts);

    uint32_t a_exp;
    if (vp_bootinfo_find("expect", &a_exp, NULL)) {
        uint32_t want = *(const uint32_t *)(uintptr_t)a_exp;
        if (want != hash) {
            printf("spmv_smp: FAIL (expected hash 0x%08lx)\n", (unsigned long)want);
            return 1;
        }
        printf("spmv_smp: PASS (hash matches the reference)\n");
    } else {
        printf("spmv_smp: done (no reference hash given)\n");
    }
    return 0;
}
