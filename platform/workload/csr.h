// Sparse matrices for the workloads: CSR with float values and 32-bit indices (the layout the
// firmware kernels read), a deterministic random generator (Matrix Market files: matrix_market.h), and the
// reference SpMV the VP checks firmware results against.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace vp::workload {

struct CsrMatrix {
    uint32_t rows = 0, cols = 0;
    std::vector<uint32_t> row_ptr;  // rows + 1
    std::vector<uint32_t> col_idx;  // nnz, ascending within a row
    std::vector<float> values;      // nnz
    uint32_t nnz() const { return uint32_t(col_idx.size()); }
};

// Rows with a uniformly random number of nonzeros in [1, 2*nnz_per_row - 1] (mean nnz_per_row) at
// distinct random columns, values uniform in [-1, 1). Same seed, same matrix, on every host.
CsrMatrix random_csr(uint32_t rows, uint32_t cols, uint32_t nnz_per_row, uint64_t seed);

// Dense vector with values uniform in [-1, 1).
std::vector<float> random_vector(uint32_t n, uint64_t seed);

// y = A x, each row accumulated left to right in float32 with separate multiply and add roundings:
// exactly what the firmware's loop computes when compiled without FP contraction.
std::vector<float> spmv_reference(const CsrMatrix& a, const std::vector<float>& x);

// Order-independent hash of y's bit patterns (firmware/programs/spmv: the same formula).
uint32_t vector_hash(const std::vector<float>& y);

}  // namespace vp::workload
