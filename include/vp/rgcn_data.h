/* Data layout of the R-GCN workload (docs/rgcn_cache.md), shared by the host side (platform/workload/
 * rgcn_workload.cpp, which writes it) and the firmware (firmware/programs/rgcn, which reads it).
 *
 * Boot-info blobs:
 *   "rgcn_info"  rgcn_info_t followed by `matrices` rgcn_matrix_t entries
 *   "features"   X: double[n][d], row stride `row_stride` bytes (a multiple of 64), 64-byte aligned
 *   "output"     Y: same shape as X; the firmware overwrites it
 *   "adj"        COO of every sparse matrix back to back, structure of arrays:
 *                uint32 row[total_nnz] at rows_off, uint32 col[total_nnz] at cols_off,
 *                double val[total_nnz] at vals_off (offsets in bytes from the blob start)
 *   "prio_ac"    uint32 per line of X: q_i of the line's vertex (access count base)
 *   "prio_pb"    uint32 per line of X: p_i of eq. (5) (priority base)
 *                With RGCN_FLAG_OUTPUT_PRIORITY, "output" follows "features" directly and both
 *                tables go on with one entry per line of Y (row i of Y is also accessed q_i times:
 *                once per nonzero in row i of every A_r and A_r^T, and once by E); the controllers'
 *                feature range then covers X and Y (Tomita et al. give the output p_i, Sec. 4).
 *
 * The layer: Y = 0; then for each matrix M in order (A_1, A_1^T, A_2, A_2^T, ..., A_R, A_R^T, E):
 *   for each nonzero k of M in storage order (rows ascending): Y[row] += val * X[col]
 * element by element, d = 0..D-1, each as y = y + (v * x) rounded to double (no fused multiply-add).
 * E (kind RGCN_MAT_IDENTITY) has no arrays: Y[i] = Y[i] + X[i] for i = 0..n-1. */
#ifndef VP_RGCN_DATA_H
#define VP_RGCN_DATA_H
#include <stdint.h>

#define RGCN_INFO_MAGIC   0x4E434752u /* "RGCN" little-endian */
#define RGCN_INFO_VERSION 1u

#define RGCN_MAT_ADJ       0u /* A_r: rows = subjects, columns = objects */
#define RGCN_MAT_TRANSPOSE 1u /* A_r^T: rows = objects, columns = subjects */
#define RGCN_MAT_IDENTITY  2u /* E */

typedef struct {
    uint32_t magic;                        /* RGCN_INFO_MAGIC */
    uint32_t version;                      /* RGCN_INFO_VERSION */
    uint32_t n;                            /* vertices (rows of X and Y) */
    uint32_t d;                            /* feature dimension (doubles per row) */
    uint32_t row_stride;                   /* bytes from one row of X (or Y) to the next */
    uint32_t relations;                    /* R */
    uint32_t matrices;                     /* rgcn_matrix_t entries after this header (2R + 1) */
    uint32_t max_p;                        /* PB maximum priority, for the cache controllers' MAX_P */
    uint32_t total_nnz;                    /* entries of the "adj" arrays */
    uint32_t rows_off, cols_off, vals_off; /* byte offsets of the arrays inside "adj" */
    uint32_t flags;                        /* RGCN_FLAG_* */
    uint32_t reserved[3];
} rgcn_info_t; /* 64 bytes */

#define RGCN_FLAG_OUTPUT_PRIORITY 1u

typedef struct {
    uint32_t kind;     /* RGCN_MAT_* */
    uint32_t relation; /* r (0 for E) */
    uint32_t first;    /* index of the first nonzero in the "adj" arrays */
    uint32_t nnz;      /* nonzeros (n for E, which has no arrays) */
} rgcn_matrix_t;

#endif
