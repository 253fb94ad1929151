// SpMV workload: y = A x with A in CSR (float values, 32-bit indices); layout include/vp/spmv_data.h.
#include "platform/workload/spmv_workload.h"
#include <cstring>
#include <stdexcept>
#include "platform/loader.h"
#include "platform/workload/kronecker.h"
#include "platform/workload/matrix_market.h"
#include "vp/checksum.h"
#include "vp/spmv_data.h"

namespace vp {

void SpmvConfig::params(config::Params& p) {
    using config::Kind;
    p.add(matrix, "matrix", Kind::Path, "",
          "Matrix Market file (e.g. ${data}/matrices/msc01440.mtx); none: a random matrix from "
          "rows/cols/nnz_per_row/seed");
    p.add(rows, "rows", Kind::Int, "", "rows of the random matrix").range(1, 1 << 30);
    p.add(cols, "cols", Kind::Int, "", "columns of the random matrix (0 = rows)").range(0, 1 << 30);
    p.add(nnz_per_row, "nnz_per_row", Kind::Int, "", "mean nonzeros per row of the random matrix").range(1, 1 << 20);
    p.add(seed, "seed", Kind::Int, "", "seed of the random matrix and of x").at_least(0);
    p.add(kronecker_scale, "kronecker_scale", Kind::Int, "",
          "Graph500 Kronecker matrix with 2^SCALE rows instead of the random one (0 = off; matrix wins)")
        .range(0, 26);
    p.add(edgefactor, "edgefactor", Kind::Int, "", "Graph500 edge factor of the Kronecker matrix").range(1, 1024);
    // The data set must fit the 32-bit address space (and the host): 8 bytes per nonzero (value +
    // column), 8 per row (row pointer, x, y).
    const double n = kronecker_scale ? double(uint64_t(1) << kronecker_scale) : double(rows);
    const double nnz = kronecker_scale ? 2.0 * n * edgefactor : double(rows) * nnz_per_row;
    const double bytes = 8 * nnz + 12 * n;
    p.rule(
        !matrix.empty() || bytes < 3.5 * double(uint64_t(1) << 30), kronecker_scale ? "kronecker_scale" : "rows",
        "the matrix would need " + std::to_string(uint64_t(bytes) >> 20) + " MiB: more than a 32-bit platform holds");
}

WorkloadCost SpmvConfig::cost() const {
    uint64_t r = rows, c = cols ? cols : rows, nnz = uint64_t(rows) * nnz_per_row;
    if (!matrix.empty()) {
        if (!matrix_market_dims(matrix, r, c, nnz)) return {};
        return csr_cost(r, c, nnz, 16);  // the reader's scratch: ~16 bytes per stored entry
    }
    if (kronecker_scale) {
        r = c = uint64_t(1) << kronecker_scale;
        nnz = 2 * r * edgefactor;  // symmetrised, before duplicates are merged
        return csr_cost(r, c, nnz, 24);
    }
    return csr_cost(r, c, nnz, 8);
}

SpmvWorkload::SpmvWorkload(const SpmvConfig& c) {
    if (!c.matrix.empty()) {
        source_ = c.matrix;
        a_ = workload::read_matrix_market(source_);
    } else if (c.kronecker_scale) {  // Graph500 Kronecker graph as a symmetric pattern matrix
        workload::KroneckerOptions o;
        o.scale = c.kronecker_scale;
        o.edgefactor = c.edgefactor;
        o.seed = c.seed;
        a_ = workload::kronecker_csr(o);
        source_ = "kronecker SCALE " + std::to_string(c.kronecker_scale);
    } else {
        a_ = workload::random_csr(c.rows, c.cols ? c.cols : c.rows, c.nnz_per_row, c.seed);
        source_ = "random";
    }
    x_ = workload::random_vector(a_.cols, c.seed ^ 0x5eed);
    y_ref_ = workload::spmv_reference(a_, x_);
}

workload::Image SpmvWorkload::build_image(uint64_t base) {
    workload::ImageBuilder img(base);
    const spmv_dims_t dims{a_.rows, a_.cols, a_.nnz()};
    img.add("dims", &dims, sizeof dims);
    // Each array is a statistics region (hit_x of the HMC study, docs/hmc.md).
    img.add("row_ptr", a_.row_ptr, true);
    img.add("col_idx", a_.col_idx, true);
    img.add("values", a_.values, true);
    img.add("x", x_, true);
    const std::vector<float> poison(a_.rows, __builtin_nanf("0x7ead"));  // an unwritten y cannot pass
    y_addr_ = img.add("y", poison, true);
    const uint32_t expect = workload::vector_hash(y_ref_);
    img.add("expect", &expect, sizeof expect);
    return img.take();
}

bool SpmvWorkload::check(Loader& loader, std::string& report) {
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

std::string SpmvWorkload::describe() const {
    return "spmv " + source_ + " " + std::to_string(a_.rows) + "x" + std::to_string(a_.cols) + ", " +
           std::to_string(a_.nnz()) + " nonzeros";
}

}  // namespace vp
