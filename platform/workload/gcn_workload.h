// The GCN aggregation workload: Y = Â·X of one layer on the CPU (firmware/programs/gcn) with feature
// slicing, vertex tiling and automatic tile morphing; data layout in include/vp/gcn_data.h.
#pragma once
#include <string>
#include <vector>
#include "platform/workload/gcn.h"
#include "platform/workload/workload.h"

namespace vp {

struct GcnConfig {
    std::string graph = "cora";  // cora, citeseer, pokec, pokec_sbm (stand-ins), powerlaw, kronecker
    uint32_t scale_down = 1;
    double mixing = 0.2;              // pokec_sbm: fraction of in-arcs from outside the community
    bool community_order = false;     // pokec_sbm: vertices numbered community by community
    workload::PowerLawSpec powerlaw;  // graph: powerlaw (its seed is graph_seed)
    uint32_t kronecker_scale = 10, edgefactor = 16;
    uint64_t graph_seed = 1;
    uint32_t features = 128;
    std::string kernel = "baseline";  // baseline, vt, fs, fsvt, atm
    uint32_t slices = 1, tiles = 1;
    bool fine = true;
    uint32_t out_features = 0;  // the combination Z = Y·W: columns of W (0: aggregation only)
    uint64_t seed = 1;
    WorkloadCost cost() const;  // before anything is generated (workload.h)
    void params(config::Params& p);
};

class GcnWorkload : public Workload {
public:
    explicit GcnWorkload(const GcnConfig& cfg);
    std::string name() const override { return "gcn"; }
    workload::Image build_image(uint64_t base) override;
    bool check(Loader& loader, std::string& report) override;
    std::string describe() const override;

private:
    workload::GcnGraph graph_;
    workload::GcnRun run_;
    uint32_t f_ = 0;
    std::vector<float> x_, y_ref_, w_, z_ref_;  // W and Z: with out_features only
    std::string source_;
    uint64_t y_addr_ = 0, z_addr_ = 0;
};

}  // namespace vp
