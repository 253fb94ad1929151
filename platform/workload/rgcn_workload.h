// The R-GCN workload: one layer's sparse products sum_r A_r X + A_r^T X + E X on the CPU
// (firmware/programs/rgcn), data layout in include/vp/rgcn_data.h.
#pragma once
#include <string>
#include <vector>
#include "platform/workload/rgcn.h"
#include "platform/workload/workload.h"

namespace vp {

struct RgcnConfig {
    std::string dataset;  // N-Triples (gzip); empty: the synthetic graph
    bool sort = true;
    uint32_t dim = 64, max_p = 10;
    bool output_priority = false;
    uint64_t seed = 1;
    workload::SyntheticSpec synthetic;
    WorkloadCost cost() const;  // before anything is generated (workload.h)
    void params(config::Params& p);
};

class RgcnWorkload : public Workload {
public:
    explicit RgcnWorkload(const RgcnConfig& cfg);
    std::string name() const override { return "rgcn"; }
    workload::Image build_image(uint64_t base) override;
    bool check(Loader& loader, std::string& report) override;
    std::string describe() const override;
    std::vector<std::string> log_blobs() const override { return {"prio_ac", "prio_pb"}; }

private:
    workload::RgcnLayer layer_;
    std::vector<double> y_ref_;
    std::string source_;
    uint64_t edges_ = 0, y_addr_ = 0;
};

}  // namespace vp
