// The SELL SpMV workload (docs/sell_spmv.md): one matrix in CSR and in SELL-C-sigma, x, and one y per
// case for firmware/programs/sell_spmv; layout include/vp/sell_data.h.
#pragma once
#include <string>
#include <vector>
#include "platform/workload/csr.h"
#include "platform/workload/sell.h"
#include "platform/workload/workload.h"

namespace vp {

struct SellConfig {
    std::string matrix;                    // Matrix Market file
    std::string standin;                   // or a stand-in (platform/workload/standin.h)
    uint32_t kronecker_scale = 0;          // or a Graph500 Kronecker matrix
    uint32_t edgefactor = 16;              //   its edge factor
    bool drop_explicit_zeros = true;       // SuiteSparse's nonzero count (the paper's NNZ)
    uint32_t rows = 512, nnz_per_row = 8;  // else a random matrix
    uint64_t seed = 1;
    uint32_t C = 256, sigma = 1;  // SELL-C-sigma (the paper: C = S = 256, no sorting)
    bool x_index = true;          // x = 0, 1, 2, ... (the paper's); false: uniform in [-1, 1)
    std::vector<std::string> cases = {"csr", "csr_cdma", "sell", "acc_dma", "acc_cdma", "acc_overlap"};
    WorkloadCost cost() const;  // before anything is generated (workload.h)
    void params(config::Params& p);
};

class SellWorkload : public Workload {
public:
    explicit SellWorkload(const SellConfig& cfg);
    std::string name() const override { return "sell"; }
    workload::Image build_image(uint64_t base) override;
    bool check(Loader& loader, std::string& report) override;
    std::string describe() const override;

private:
    workload::CsrMatrix a_;
    workload::SellMatrix sell_;
    std::vector<float> x_, y_ref_;
    std::string source_;
    uint32_t cases_ = 0, y_stride_ = 0;
    uint64_t info_addr_ = 0, y_addr_ = 0;
};

}  // namespace vp
