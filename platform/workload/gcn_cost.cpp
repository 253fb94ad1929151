#include "platform/workload/gcn_cost.h"

namespace vp::workload {

GcnCostTerms gcn_cost_fv(double vertices, double nnz, double features, double bf, double bv, double miss_rate) {
    GcnCostTerms t;
    t.graph = bf * (bv * vertices + nnz);
    t.input = miss_rate * nnz * features;
    t.output = bv * vertices * features;
    return t;
}

}  // namespace vp::workload
