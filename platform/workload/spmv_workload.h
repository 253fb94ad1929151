// The SpMV workload: y = A x with A in CSR (float values, 32-bit indices), for firmware/programs/spmv
// and spmv_gather; data layout include/vp/spmv_data.h.
#pragma once
#include <string>
#include <vector>
#include "platform/workload/csr.h"
#include "platform/workload/workload.h"

namespace vp {

struct SpmvConfig {
    std::string matrix;  // Matrix Market file; empty: random or Kronecker
    uint32_t rows = 512, cols = 0, nnz_per_row = 8;
    uint64_t seed = 1;
    uint32_t kronecker_scale = 0, edgefactor = 16;
    WorkloadCost cost() const;  // before anything is generated (workload.h)
    void params(config::Params& p);
};

class SpmvWorkload : public Workload {
public:
    explicit SpmvWorkload(const SpmvConfig& cfg);
    std::string name() const override { return "spmv"; }
    workload::Image build_image(uint64_t base) override;
    bool check(Loader& loader, std::string& report) override;
    std::string describe() const override;

private:
    workload::CsrMatrix a_;
    std::vector<float> x_, y_ref_;
    std::string source_;
    uint64_t y_addr_ = 0;
};

}  // namespace vp
