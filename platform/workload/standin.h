// Synthetic stand-ins for sparse matrices that are not available offline: the same number of rows and
// of nonzeros as the original (so NNZ/row matches too) and a structure built after the kind of
// problem the original comes from, since SpMV performance in CSR and, above all, in SELL (padding to
// the longest row of every chunk) depends on the band structure and the row-length distribution, not
// only on the counts. docs/sell_spmv.md describes each model and what is assumed.
//
//   shyy41  (4,720 x 4,720, 20,042 nnz): CFD, 2D Navier-Stokes on a structured grid: 5-point stencil on
//           an 80 x 59 grid with a share of off-diagonal couplings absent (boundary rows); rows of
//           1..5 entries, band 80.
//   lhr11c  (10,964 x 10,964, 231,806 nnz): chemical process flowsheet (light hydrocarbon recovery):
//           equation blocks of 36 (one unit/stage), rows of very different lengths (mass balances,
//           equilibrium, enthalpy balances), couplings to the own and the neighbouring stages, a few
//           recycle couplings anywhere and a few long border rows (plant-wide balances).
//   coupled (11,341 x 11,341, 97,193 nnz): coupled circuit/device simulation: structurally symmetric,
//           short local rows plus three supply-like nets that touch 12 %, 8 % and 4 % of all nodes
//           (dense rows and columns).
#pragma once
#include <cstdint>
#include <string>
#include <vector>
#include "platform/workload/csr.h"

namespace vp::workload {

struct StandinInfo {
    std::string name;
    uint32_t rows;
    uint32_t nnz;
    std::string kind;  // one line: what the original is and how the stand-in mimics it
};

// The stand-ins this generator knows, in the order of docs/sell_spmv.md's table.
const std::vector<StandinInfo>& standin_matrices();

// The stand-in called `name` (square, exactly rows x rows with nnz entries, columns ascending and
// distinct in every row, values uniform in [-1, 1) and never 0). Same name and seed: the same matrix
// on every host. Throws std::invalid_argument for an unknown name.
CsrMatrix standin_matrix(const std::string& name, uint64_t seed = 1);

}  // namespace vp::workload
