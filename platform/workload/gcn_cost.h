// The first-order memory-access model of feature slicing and vertex tiling (eq. 2, 3, 6 of
// docs/gcn.md): the accesses of one aggregation Â·X with |V| vertices, |E| nonzeros, |F| features,
// B_F feature slices and B_V x B_V vertex tiles, given the miss rate m of the input-feature reads
// (assumed a function of the working set |V||F| / (B_F B_V) alone):
//   M_FV = B_F (B_V |V| + |E|)      graph traversal: column pointers once per tile row, every nonzero,
//                                    once per slice
//        + m |E| |F|                input features: every nonzero reads a row of |F| features
//        + B_V |V| |F|              output features: every tile column writes its rows once
// M_VT (eq. 2) is M_FV with B_F = 1, M_FS (eq. 3) with B_V = 1. Units: element accesses.
#pragma once

namespace vp::workload {

struct GcnCostTerms {
    double graph = 0, input = 0, output = 0;
    double total() const { return graph + input + output; }
};

// eq. 6 (and eq. 2, 3 as its special cases).
GcnCostTerms gcn_cost_fv(double vertices, double nnz, double features, double bf, double bv, double miss_rate);
inline GcnCostTerms gcn_cost_vt(double v, double e, double f, double bv, double m) {
    return gcn_cost_fv(v, e, f, 1, bv, m);
}
inline GcnCostTerms gcn_cost_fs(double v, double e, double f, double bf, double m) {
    return gcn_cost_fv(v, e, f, bf, 1, m);
}
// The working set the miss rate depends on: |V||F| / (B_F B_V) elements.
inline double gcn_working_set(double v, double f, double bf, double bv) { return v * f / (bf * bv); }

}  // namespace vp::workload
