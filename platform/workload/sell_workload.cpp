// SELL SpMV workload (docs/sell_spmv.md): one matrix in CSR and in SELL-C-sigma, x, and one y per
// case for firmware/programs/sell_spmv; layout in include/vp/sell_data.h. The check compares every
// requested case's y with the host's CSR reference bit for bit.
#include "platform/workload/sell_workload.h"
#include <algorithm>
#include <cstring>
#include <stdexcept>
#include "platform/loader.h"
#include "platform/workload/csr.h"
#include "platform/workload/kronecker.h"
#include "platform/workload/matrix_market.h"
#include "platform/workload/sell.h"
#include "platform/workload/standin.h"
#include "vp/sell_data.h"

namespace vp {
namespace {

const char* const kCaseNames[SELL_CASES] = SELL_CASE_NAMES;

uint32_t case_bit(const std::string& name) {
    for (uint32_t k = 0; k < SELL_CASES; ++k)
        if (name == kCaseNames[k]) return 1u << k;
    return 0;
}

}  // namespace

void SellConfig::params(config::Params& p) {
    using config::Kind;
    p.add(matrix, "matrix", Kind::Path, "", "Matrix Market file (e.g. ${data}/matrices/benzene.mtx)");
    p.add(standin, "standin", Kind::String, "",
          "synthetic stand-in instead of a file: shyy41, lhr11c or coupled (platform/workload/standin.h)");
    p.add(kronecker_scale, "kronecker_scale", Kind::Int, "",
          "Graph500 Kronecker matrix with 2^SCALE rows (docs/hmc.md; 0 = off)")
        .range(0, 26);
    p.add(edgefactor, "edgefactor", Kind::Int, "", "Graph500 edge factor of the Kronecker matrix").range(1, 1024);
    p.choice(drop_explicit_zeros, "explicit_zeros", {{"drop", true}, {"keep", false}},
             "entries stored as 0 in the file: drop (SuiteSparse's nonzero count, the paper's NNZ) or keep");
    p.add(rows, "rows", Kind::Int, "",
          "rows (= columns) of the random matrix used when none of matrix, standin, kronecker_scale is given")
        .range(1, 1 << 24);
    p.add(nnz_per_row, "nnz_per_row", Kind::Int, "", "mean nonzeros per row of the random matrix").range(1, 1 << 16);
    p.add(seed, "seed", Kind::Int, "", "seed of the random matrix, the stand-in, the Kronecker matrix and a random x")
        .at_least(0);
    p.add(C, "C", Kind::Int, "", "SELL chunk height (slice size S; the paper: 256 = the vector length)")
        .range(1, 1 << 16);
    p.add(sigma, "sigma", Kind::Int, "", "SELL sorting window in rows (1 = no sorting: plain SELL, as in the paper)")
        .range(1, 1 << 30);
    p.choice(x_index, "x", {{"index", true}, {"random", false}},
             "input vector: index (0, 1, 2, ..., as in the paper) or random (uniform in [-1, 1))");
    p.add(cases, "cases", Kind::StringList, "",
          "cases to run, each timed in a trace-marker region of its name and checked: csr, csr_cdma, sell, acc_dma, "
          "acc_cdma, acc_overlap (docs/sell_spmv.md), acc_hmc (memory-side gather, needs ram.timing: hmc)");
    p.rule((!matrix.empty()) + (!standin.empty()) + (kronecker_scale > 0) <= 1, "matrix",
           "give one of matrix, standin and kronecker_scale");
    p.rule(!cases.empty(), "cases", "no case to run");
    for (const std::string& c : cases)
        p.rule(case_bit(c) != 0, "cases",
               "unknown case '" + c + "' (csr, csr_cdma, sell, acc_dma, acc_cdma, acc_overlap, acc_hmc)");
}

WorkloadCost SellConfig::cost() const {
    uint64_t r = rows, c = rows, nnz = uint64_t(rows) * nnz_per_row, scratch = 8;
    if (!matrix.empty()) {
        if (!matrix_market_dims(matrix, r, c, nnz)) return {};
        scratch = 16;
    } else if (!standin.empty()) {
        r = c = nnz = 0;
        for (const workload::StandinInfo& s : workload::standin_matrices())
            if (s.name == standin) r = c = s.rows, nnz = s.nnz;
    } else if (kronecker_scale) {
        r = c = uint64_t(1) << kronecker_scale;
        nnz = 2 * r * edgefactor;
        scratch = 24;
    }
    // CSR as SpMV's, plus SELL (at least the nonzeros: columns, values, the permutation) and one y per case.
    WorkloadCost cost = csr_cost(r, c, nnz, scratch);
    const uint64_t sell = 8 * nnz + 8 * r, ys = 4 * r * std::max<size_t>(1, cases.size());
    cost.image_bytes += sell + ys;
    cost.host_bytes += 3 * (sell + ys);
    return cost;
}

SellWorkload::SellWorkload(const SellConfig& c) {
    if (!c.matrix.empty()) {
        workload::MatrixMarketOptions o;
        o.drop_explicit_zeros = c.drop_explicit_zeros;
        source_ = c.matrix;
        a_ = workload::read_matrix_market(source_, o);
    } else if (!c.standin.empty()) {
        a_ = workload::standin_matrix(c.standin, c.seed);
        source_ = "stand-in " + c.standin;
    } else if (c.kronecker_scale) {
        workload::KroneckerOptions o;  // Graph500 matrices (docs/hmc.md), values uniform in [-1, 1)
        o.scale = c.kronecker_scale;
        o.edgefactor = c.edgefactor;
        o.seed = c.seed;
        o.values = workload::KroneckerOptions::Values::Uniform;
        a_ = workload::kronecker_csr(o);
        source_ = "kronecker SCALE " + std::to_string(c.kronecker_scale);
    } else {
        a_ = workload::random_csr(c.rows, c.rows, c.nnz_per_row, c.seed);
        source_ = "random";
    }
    sell_ = workload::csr_to_sell(a_, c.C, c.sigma);
    if (c.x_index) {
        x_.resize(a_.cols);  // the paper's input vector 0, 1, 2, ... (exact in float up to 2^24)
        for (uint32_t i = 0; i < a_.cols; ++i) x_[i] = float(i);
    } else {
        x_ = workload::random_vector(a_.cols, c.seed ^ 0x5eed);
    }
    y_ref_ = workload::spmv_reference(a_, x_);
    for (const std::string& name : c.cases) cases_ |= case_bit(name);
}

workload::Image SellWorkload::build_image(uint64_t base) {
    workload::ImageBuilder img(base);
    sell_info_t info{};
    info.magic = SELL_INFO_MAGIC;
    info.version = SELL_INFO_VERSION;
    info.rows = a_.rows;
    info.cols = a_.cols;
    info.nnz = a_.nnz();
    info.C = sell_.C;
    info.sigma = sell_.sigma;
    info.chunks = sell_.chunks();
    info.padded = uint32_t(sell_.padded());
    info.max_width = workload::sell_stats(sell_).max_width;
    info.cases = cases_;
    info.y_stride = uint32_t(workload::ImageBuilder::align(uint64_t(a_.rows) * 4) / 4);
    info.flags = sell_.identity_perm() ? SELL_FLAG_IDENTITY_PERM : 0;
    y_stride_ = info.y_stride;
    info_addr_ = img.add("sell_info", &info, sizeof info);
    // The arrays the kernels stream or gather are statistics regions.
    img.add("row_ptr", a_.row_ptr, true);
    img.add("col_idx", a_.col_idx, true);
    img.add("values", a_.values, true);
    img.add("x", x_, true);
    img.add("sell_cptr", sell_.chunk_ptr);
    img.add("sell_width", sell_.width.empty() ? std::vector<uint32_t>{0} : sell_.width);
    img.add("sell_perm", sell_.perm);
    img.add("sell_col", sell_.col_idx, true);
    img.add("sell_val", sell_.values, true);
    const std::vector<float> poison(size_t(y_stride_) * SELL_CASES, __builtin_nanf("0x7ead"));  // unwritten y fails
    y_addr_ = img.add("y", poison, true);
    return img.take();
}

bool SellWorkload::check(Loader& loader, std::string& report) {
    sell_info_t info;
    loader.read(info_addr_, &info, sizeof info, "sell_info");
    std::string ran;
    for (uint32_t k = 0; k < SELL_CASES; ++k) {
        if (!(cases_ >> k & 1)) continue;
        if (!(info.done >> k & 1)) {
            report = std::string("case ") + kCaseNames[k] + " was requested but the firmware did not run it";
            return false;
        }
        std::vector<float> y(a_.rows);
        loader.read(y_addr_ + uint64_t(k) * y_stride_ * 4, y.data(), y.size() * 4, "sell result y");
        for (uint32_t i = 0; i < a_.rows; ++i) {
            uint32_t got, want;
            std::memcpy(&got, &y[i], 4);
            std::memcpy(&want, &y_ref_[i], 4);
            if (got != want) {
                char buf[200];
                snprintf(buf, sizeof buf, "case %s: y[%u] = %.9g (0x%08x), reference %.9g (0x%08x)", kCaseNames[k], i,
                         double(y[i]), got, double(y_ref_[i]), want);
                report = buf;
                return false;
            }
        }
        ran += std::string(ran.empty() ? "" : ", ") + kCaseNames[k];
    }
    report = "y of " + ran + " matches the host reference bit for bit (" + std::to_string(a_.rows) + " rows)";
    return true;
}

std::string SellWorkload::describe() const {
    char buf[96];
    snprintf(buf, sizeof buf, ", SELL-%u-%u beta %.3f", sell_.C, sell_.sigma, sell_.beta());
    return "sell " + source_ + " " + std::to_string(a_.rows) + "x" + std::to_string(a_.cols) + ", " +
           std::to_string(a_.nnz()) + " nonzeros" + buf;
}

}  // namespace vp
