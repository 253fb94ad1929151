// Single-precision CSR sparse matrix-vector product, the ISS speed benchmark (see docs/iss.md).
// A deterministic random matrix (N rows, ~NNZ_PER_ROW nonzeros per row, random columns) is built
// once, then y = A*x is computed REPS times. Prints a checksum so runs can be compared.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef N
#define N 20000
#endif
#ifndef NNZ_PER_ROW
#define NNZ_PER_ROW 16
#endif
#ifndef REPS
#define REPS 20
#endif

static uint32_t rng = 12345;
static uint32_t next(void) {
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return rng;
}

static void spmv(int n, const int* rowptr, const int* col, const float* val, const float* x, float* y) {
    for (int i = 0; i < n; ++i) {
        float sum = 0.0f;
        for (int k = rowptr[i]; k < rowptr[i + 1]; ++k) sum += val[k] * x[col[k]];
        y[i] = sum;
    }
}

int main(void) {
    const int nnz = N * NNZ_PER_ROW;
    int* rowptr = malloc((N + 1) * sizeof(int));
    int* col = malloc(nnz * sizeof(int));
    float* val = malloc(nnz * sizeof(float));
    float* x = malloc(N * sizeof(float));
    float* y = malloc(N * sizeof(float));
    if (!rowptr || !col || !val || !x || !y) {
        printf("out of memory\n");
        return 1;
    }
    int k = 0;
    for (int i = 0; i < N; ++i) {
        rowptr[i] = k;
        for (int j = 0; j < NNZ_PER_ROW; ++j, ++k) {
            col[k] = (int)(next() % N);
            val[k] = (float)(next() % 1000) / 1000.0f - 0.5f;
        }
    }
    rowptr[N] = k;
    for (int i = 0; i < N; ++i) x[i] = (float)(i % 17) * 0.25f;
    for (int r = 0; r < REPS; ++r) {
        spmv(N, rowptr, col, val, x, y);
        x[r % N] += 1.0f;
    }
    double checksum = 0;
    for (int i = 0; i < N; ++i) checksum += y[i] * (double)((i % 7) + 1);
    printf("spmv n=%d nnz=%d reps=%d checksum=%.4f\n", N, nnz, REPS, checksum);
    return 0;
}
