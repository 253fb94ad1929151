// SpMV workload: y = A x with A in CSR (float values, 32-bit indices), for firmware/programs/spmv.
// Boot-info entries: dims (rows, cols, nnz), row_ptr, col_idx, values, x, y (output), expect (hash).
#include <cstring>
#include <stdexcept>
#include "platform/config/quantity.h"
#include "platform/config/schema.h"
#include "platform/loader.h"
#include "platform/workload/csr.h"
#include "platform/workload/kronecker.h"
#include "platform/workload/matrix_market.h"
#include "platform/workload/rgcn_workload.h"
#include "platform/workload/sell_workload.h"
#include "platform/workload/workload.h"

namespace vp {
namespace {

using workload::CsrMatrix;

uint64_t align_up(uint64_t v, uint64_t a) { return (v + a - 1) / a * a; }

class SpmvWorkload : public Workload {
public:
    explicit SpmvWorkload(const nlohmann::json& j) {
        const auto& m = j.at("matrix");
        const uint32_t scale = j.value("kronecker_scale", 0u);
        if (!m.is_null()) {
            source_ = m.get<std::string>();
            a_ = workload::read_matrix_market(source_);
        } else if (scale) {  // Graph500 Kronecker graph as a symmetric pattern matrix (seed 001)
            workload::KroneckerOptions o;
            o.scale = scale;
            o.edgefactor = j.value("edgefactor", o.edgefactor);
            o.seed = j.at("seed").get<uint64_t>();
            a_ = workload::kronecker_csr(o);
            source_ = "kronecker SCALE " + std::to_string(scale);
        } else {
            const uint32_t rows = j.at("rows").get<uint32_t>();
            const uint32_t cols = j.at("cols").get<uint32_t>() ? j.at("cols").get<uint32_t>() : rows;
            a_ = workload::random_csr(rows, cols, j.at("nnz_per_row").get<uint32_t>(), j.at("seed").get<uint64_t>());
            source_ = "random";
        }
        x_ = workload::random_vector(a_.cols, j.at("seed").get<uint64_t>() ^ 0x5eed);
        y_ref_ = workload::spmv_reference(a_, x_);
    }

    std::string name() const override { return "spmv"; }
    std::vector<DataRegion> regions() const override { return regions_; }

    void prepare(Loader& loader, uint64_t base) override {
        uint64_t at = align_up(base, 64);
        auto place = [&](const char* name, const void* data, size_t bytes) {
            loader.write(at, data, bytes, std::string("workload blob '") + name + "'");
            loader.add_bootinfo(name, uint32_t(at), uint32_t(bytes));
            const std::string n = name;
            if (n == "row_ptr" || n == "col_idx" || n == "values" || n == "x" || n == "y")
                regions_.push_back({n, at, at + bytes});  // cache statistics per array (hit_x: seed 001)
            const uint64_t here = at;
            at = align_up(at + bytes, 64);
            return here;
        };
        const uint32_t dims[3] = {a_.rows, a_.cols, a_.nnz()};
        place("dims", dims, sizeof dims);
        place("row_ptr", a_.row_ptr.data(), a_.row_ptr.size() * 4);
        place("col_idx", a_.col_idx.data(), a_.col_idx.size() * 4);
        place("values", a_.values.data(), a_.values.size() * 4);
        place("x", x_.data(), x_.size() * 4);
        const std::vector<float> poison(a_.rows, __builtin_nanf("0x7ead"));  // an unwritten y cannot pass
        y_addr_ = place("y", poison.data(), poison.size() * 4);
        const uint32_t expect = workload::vector_hash(y_ref_);
        place("expect", &expect, sizeof expect);
    }

    bool check(Loader& loader, std::string& report) override {
        std::vector<float> y(a_.rows);
        loader.read(y_addr_, y.data(), y.size() * 4, "spmv result y");
        for (uint32_t i = 0; i < a_.rows; ++i) {
            uint32_t got, want;
            std::memcpy(&got, &y[i], 4);
            std::memcpy(&want, &y_ref_[i], 4);
            if (got != want) {
                char buf[160];
                snprintf(buf, sizeof buf, "y[%u] = %.9g (0x%08x), reference %.9g (0x%08x)", i, double(y[i]), got,
                         double(y_ref_[i]), want);
                report = buf;
                return false;
            }
        }
        report = "y matches the host reference bit for bit (" + std::to_string(a_.rows) + " rows)";
        return true;
    }

    std::string describe() const override {
        return "spmv " + source_ + " " + std::to_string(a_.rows) + "x" + std::to_string(a_.cols) + ", " +
               std::to_string(a_.nnz()) + " nonzeros";
    }

private:
    CsrMatrix a_;
    std::vector<float> x_, y_ref_;
    std::string source_;
    uint64_t y_addr_ = 0;
    std::vector<DataRegion> regions_;
};

}  // namespace

void declare_workloads(config::Schema& s) {
    using config::Kind;
    s.add("kind", Kind::Enum, "none", "", "host-side data set and result check: none, spmv, rgcn or sell")
        .one_of({"none", "spmv", "rgcn", "sell"});
    s.add("base", Kind::Address, "0", "",
          "where the data blobs go (0 = the ELF's __loader_start symbol, else 0x8400_0000)");
    s.add("check", Kind::Bool, "true", "", "compare the firmware's result with the host reference after the run");
    auto& sp = s.map("spmv", "y = A x in CSR (float values, 32-bit indices): firmware/programs/spmv");
    sp.add("matrix", Kind::Path, "", "",
           "Matrix Market file (e.g. ${shared}/data/matrices/msc01440.mtx); "
           "none: a random matrix from rows/cols/nnz_per_row/seed");
    sp.add("rows", Kind::Int, "512", "", "rows of the random matrix").range(1, 1 << 30);
    sp.add("cols", Kind::Int, "0", "", "columns of the random matrix (0 = rows)").range(0, 1 << 30);
    sp.add("nnz_per_row", Kind::Int, "8", "", "mean nonzeros per row of the random matrix").range(1, 1 << 20);
    sp.add("seed", Kind::Int, "1", "", "seed of the random matrix and of x").at_least(0);
    sp.add("kronecker_scale", Kind::Int, "0", "",
           "Graph500 Kronecker matrix with 2^SCALE rows instead of the random one (0 = off; matrix wins)")
        .range(0, 26);
    sp.add("edgefactor", Kind::Int, "16", "", "Graph500 edge factor of the Kronecker matrix").range(1, 1024);
    declare_rgcn_workload(s);
    declare_sell_workload(s);
}

std::unique_ptr<Workload> make_workload(const nlohmann::json& section) {
    const std::string kind = section.at("kind").get<std::string>();
    if (kind == "spmv") return std::make_unique<SpmvWorkload>(section.at("spmv"));
    if (kind == "rgcn") return make_rgcn_workload(section.at("rgcn"));
    if (kind == "sell") return make_sell_workload(section.at("sell"));
    return nullptr;
}

}  // namespace vp
