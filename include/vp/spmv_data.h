/* Data layout of the SpMV workload, shared by the host side (platform/workload/spmv_workload.cpp, which
 * writes it) and the firmware (firmware/programs/spmv, spmv_gather, which read it).
 *
 * Boot-info blobs (by name):
 *   "dims"     spmv_dims_t
 *   "row_ptr"  uint32[rows + 1]   CSR row pointers
 *   "col_idx"  uint32[nnz]        column of each nonzero
 *   "values"   float[nnz]         value of each nonzero
 *   "x"        float[cols]        the input vector
 *   "y"        float[rows]        the output; the firmware overwrites it (it starts as NaNs)
 *   "expect"   uint32             vp_vector_hash (include/vp/checksum.h) of the reference y
 * Each y[i] is accumulated left to right in float32 without fused multiply-add. */
#ifndef VP_SPMV_DATA_H
#define VP_SPMV_DATA_H
#include <stdint.h>

typedef struct {
    uint32_t rows, cols, nnz;
} spmv_dims_t;

#endif
