/* spmv: CSR sparse matrix-vector product y = A*x in single precision, on data the loader placed.
 *
 * Boot-info entries (names, layout include/vp/spmv_data.h): "dims", "row_ptr" (uint32[rows+1]),
 * "col_idx" (uint32[nnz]), "values" (float[nnz]), "x" (float[cols]), "y" (float[rows], output).
 * Optional: "expect" (uint32 hash of y) -> the result is checked here too; "vp" (present only on the
 * VP) -> the kernel is wrapped in a trace-marker region "spmv" (QEMU has no marker device).
 *
 * Output (deterministic, no timing): rows/cols/nnz, the float sum of y in row order (hex bits) and
 * an order-independent hash of the bit patterns of y:  hash = sum_i mix(i, bits(y[i])) mod 2^32.
 * Each y[i] is accumulated left to right in float32 without fused multiply-add (-ffp-contract=off),
 * so a host reference that rounds every operation to float32 reproduces it bit for bit.
 * Exit: 0 = ok, 1 = hash mismatch with "expect", 2 = missing/inconsistent data. */
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include <rt/bootinfo.h>
#include <hal/marker.h>
#include <vp/checksum.h>
#include <vp/spmv_data.h>

static uint32_t f2u(float f) {
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static void spmv_csr(uint32_t rows, const uint32_t *row_ptr, const uint32_t *col_idx, const float *values,
                     const float *x, float *y) {
    for (uint32_t i = 0; i < rows; i++) {
        float sum = 0.0f;
        for (uint32_t k = row_ptr[i]; k < row_ptr[i + 1]; k++) sum += values[k] * x[col_idx[k]];
        y[i] = sum;
    }
}

static int need(const char *name, uint32_t min_size, uint32_t *addr) {
    uint32_t size = 0;
    if (!vp_bootinfo_find(name, addr, &size)) {
        printf("spmv: ERROR: boot-info entry \"%s\" missing\n", name);
        return 0;
    }
    if (size < min_size) {
        printf("spmv: ERROR: blob \"%s\" has %lu bytes, need %lu\n", name, (unsigned long)size,
               (unsigned long)min_size);
        return 0;
    }
    return 1;
}

int main(void) {
    uint32_t a_dims, a_rp, a_ci, a_val, a_x, a_y;
    if (!vp_bootinfo_get()) {
        printf("spmv: ERROR: no boot-info block at 0x87fff000 (load the data, see tools/qemu)\n");
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
        printf("spmv: ERROR: row_ptr inconsistent with nnz\n");
        return 2;
    }
    for (uint32_t k = 0; k < nnz; k++) {
        if (col_idx[k] >= cols) {
            printf("spmv: ERROR: col_idx[%lu] out of range\n", (unsigned long)k);
            return 2;
        }
    }
    printf("spmv: rows=%lu cols=%lu nnz=%lu\n", (unsigned long)rows, (unsigned long)cols, (unsigned long)nnz);

    const int on_vp = vp_bootinfo_find("vp", NULL, NULL);
    float *y = (float *)(uintptr_t)a_y;
    if (on_vp) vp_marker_begin("spmv");
    spmv_csr(rows, row_ptr, col_idx, (const float *)(uintptr_t)a_val, (const float *)(uintptr_t)a_x, y);
    if (on_vp) vp_marker_end();

    float sum = 0.0f;
    uint32_t hash = 0;
    for (uint32_t i = 0; i < rows; i++) {
        sum += y[i];
        hash += vp_checksum_mix(i, f2u(y[i])); /* include/vp/checksum.h, shared with the VP */
    }
    printf("spmv: sum(y)=0x%08lx hash(y)=0x%08lx\n", (unsigned long)f2u(sum), (unsigned long)hash);

    uint32_t a_exp;
    if (vp_bootinfo_find("expect", &a_exp, NULL)) {
        uint32_t want = *(const uint32_t *)(uintptr_t)a_exp;
        if (want != hash) {
            printf("spmv: FAIL (expected hash 0x%08lx)\n", (unsigned long)want);
            return 1;
        }
        printf("spmv: PASS (hash matches the reference)\n");
    } else {
        printf("spmv: done (no reference hash given)\n");
    }
    return 0;
}
