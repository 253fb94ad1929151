#include <cctype>
#include <cstdio>
#include <fstream>
#include "platform/workload/gcn_workload.h"
#include "platform/workload/rgcn_workload.h"
#include "platform/workload/sell_workload.h"
#include "platform/workload/spmv_workload.h"
#include "platform/workload/workload.h"

namespace vp {

const std::vector<WorkloadEntry>& workload_table() {
    static const std::vector<WorkloadEntry> table = {
        workload_kind<SpmvWorkload, SpmvConfig>(
            "spmv",
            "y = A x in CSR (float values, 32-bit indices): firmware/programs/spmv, layout include/vp/spmv_data.h"),
        workload_kind<RgcnWorkload, RgcnConfig>(
            "rgcn",
            "one R-GCN layer's sparse products sum_r A_r X + A_r^T X + E X: firmware/programs/rgcn, layout "
            "include/vp/rgcn_data.h"),
        workload_kind<GcnWorkload, GcnConfig>(
            "gcn",
            "one GCN layer's aggregation Y = Â X with feature slicing, vertex tiling and automatic tile morphing: "
            "firmware/programs/gcn, layout include/vp/gcn_data.h, docs/gcn.md"),
        workload_kind<SellWorkload, SellConfig>("sell",
                                                "y = A x in CSR and SELL-C-sigma, the six cases of Table 1 of "
                                                "Kashimata et al. [kashimata-cascaded-dma] (and acc_hmc): "
                                                "firmware/programs/sell_spmv, layout include/vp/sell_data.h"),
    };
    return table;
}

void declare_workloads(config::Schema& s) {
    using config::Kind;
    std::vector<std::string> kinds{"none"};
    for (const WorkloadEntry& w : workload_table()) kinds.push_back(w.kind);
    std::string help = "host-side data set and result check:";
    for (auto& k : kinds) help += " " + k;
    s.add("kind", Kind::Enum, "none", "", help).one_of(kinds);
    s.add("base", Kind::Address, "0", "",
          "where the data blobs go (0 = the ELF's __loader_start symbol, else 0x8400_0000)");
    s.add("check", Kind::Bool, "true", "", "compare the firmware's result with the host reference after the run");
    for (const WorkloadEntry& w : workload_table()) w.declare(s.map(w.kind, w.help));
}

WorkloadCost workload_cost(const config::Scenario& sc, std::string& key) {
    const std::string kind = sc.at("workload.kind").get<std::string>();
    for (const WorkloadEntry& w : workload_table())
        if (kind == w.kind) {
            key = std::string("workload.") + w.kind;
            return w.cost(sc, key);
        }
    key = "workload";
    return {};
}

WorkloadCost csr_cost(uint64_t rows, uint64_t cols, uint64_t nnz, uint64_t generator_bytes_per_nnz) {
    WorkloadCost c;
    // row_ptr, col_idx, values, x, y
    c.image_bytes = 4 * (rows + 1) + 8 * nnz + 4 * cols + 4 * rows;
    // the matrix and vectors on the host (A, x, y_ref), the image's copy, the simulated memory's copy
    c.host_bytes = 3 * c.image_bytes + generator_bytes_per_nnz * nnz;
    return c;
}

bool matrix_market_dims(const std::string& path, uint64_t& rows, uint64_t& cols, uint64_t& nnz) {
    std::ifstream in(path);
    if (!in) return false;
    std::string line, banner;
    // The banner, comments, then the size line; a header longer than this says nothing useful.
    for (unsigned n = 0; n < 10000 && std::getline(in, line); ++n) {
        if (n == 0) {
            banner = line;
            for (char& ch : banner) ch = char(std::tolower(static_cast<unsigned char>(ch)));
            continue;
        }
        if (line.empty() || line[0] == '%' || line.find_first_not_of(" \t\r") == std::string::npos) continue;
        unsigned long long r = 0, c = 0, e = 0;
        if (std::sscanf(line.c_str(), "%llu %llu %llu", &r, &c, &e) != 3) return false;
        const bool symmetric = banner.find("symmetric") != std::string::npos;
        rows = r;
        cols = c;
        nnz = symmetric ? 2 * uint64_t(e) : uint64_t(e);
        return true;
    }
    return false;
}

std::unique_ptr<Workload> make_workload(const config::Scenario& sc) {
    const std::string kind = sc.at("workload.kind").get<std::string>();
    for (const WorkloadEntry& w : workload_table())
        if (kind == w.kind) return w.make(sc, std::string("workload.") + w.kind);
    return nullptr;
}

}  // namespace vp
