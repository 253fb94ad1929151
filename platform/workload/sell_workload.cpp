// SELL SpMV workload (seed 004, Table 1): one matrix in CSR and in SELL-C-sigma, x, and one y per
// case for firmware/programs/sell_spmv; layout in include/vp/sell_data.h. The check compares every
// requested case's y with the host's CSR reference bit for bit.
#include "platform/workload/sell_workload.h"
#include <cstring>
#include <stdexcept>
#include "platform/config/schema.h"
#include "platform/loader.h"
#include "platform/workload/csr.h"
#include "platform/workload/kronecker.h"
#include "platform/workload/matrix_market.h"
#include "platform/workload/sell.h"
#include "platform/workload/standin.h"
#include "vp/sell_data.h"

namespace vp {
namespace {

using workload::CsrMatrix;
using workload::SellMatrix;

uint64_t align_up(uint64_t v, uint64_t a) { return (v + a - 1) / a * a; }

const char* const kCaseNames[SELL_CASES] = SELL_CASE_NAMES;

class SellWorkload : public Workload {
public:
    explicit SellWorkload(const nlohmann::json& j) {
        const std::string standin = j.at("standin").is_null() ? "" : j.at("standin").get<std::string>();
        const int sources =
            !j.at("matrix").is_null() + !standin.empty() + (j.at("kronecker_scale").get<uint32_t>() > 0);
        if (sources > 1) throw std::invalid_argument("give one of sell.matrix, sell.standin and sell.kronecker_scale");
        if (!j.at("matrix").is_null()) {
            workload::MatrixMarketOptions o;
            o.drop_explicit_zeros = j.at("explicit_zeros").get<std::string>() == "drop";
            source_ = j.at("matrix").get<std::string>();
            a_ = workload::read_matrix_market(source_, o);
        } else if (!standin.empty()) {
            a_ = workload::standin_matrix(standin, j.at("seed").get<uint64_t>());
            source_ = "stand-in " + standin;
        } else if (const uint32_t scale = j.at("kronecker_scale").get<uint32_t>()) {
            workload::KroneckerOptions o;  // seed 001's Graph500 matrices, values uniform in [-1, 1)
            o.scale = scale;
            o.edgefactor = j.at("edgefactor").get<uint32_t>();
            o.seed = j.at("seed").get<uint64_t>();
            o.values = workload::KroneckerOptions::Values::Uniform;
            a_ = workload::kronecker_csr(o);
            source_ = "kronecker SCALE " + std::to_string(scale);
        } else {
            const uint32_t rows = j.at("rows").get<uint32_t>();
            a_ = workload::random_csr(rows, rows, j.at("nnz_per_row").get<uint32_t>(), j.at("seed").get<uint64_t>());
            source_ = "random";
        }
        sell_ = workload::csr_to_sell(a_, j.at("C").get<uint32_t>(), j.at("sigma").get<uint32_t>());
        if (j.at("x").get<std::string>() == "index") {
            x_.resize(a_.cols);  // the seed's input vector 0, 1, 2, ... (exact in float up to 2^24)
            for (uint32_t i = 0; i < a_.cols; ++i) x_[i] = float(i);
        } else {
            x_ = workload::random_vector(a_.cols, j.at("seed").get<uint64_t>() ^ 0x5eed);
        }
        y_ref_ = workload::spmv_reference(a_, x_);
        for (const auto& c : j.at("cases")) {
            const std::string name = c.get<std::string>();
            uint32_t k = 0;
            while (k < SELL_CASES && name != kCaseNames[k]) ++k;
            if (k == SELL_CASES)
                throw std::invalid_argument(
                    "unknown case '" + name +
                    "' in sell.cases (csr, csr_cdma, sell, acc_dma, acc_cdma, acc_overlap, acc_hmc)");
            cases_ |= 1u << k;
        }
        if (!cases_) throw std::invalid_argument("sell.cases is empty");
    }

    std::string name() const override { return "sell"; }
    std::vector<DataRegion> regions() const override { return regions_; }

    void prepare(Loader& loader, uint64_t base) override {
        uint64_t at = align_up(base, 64);
        auto place = [&](const char* name, const void* data, size_t bytes, bool region) {
            loader.write(at, data, bytes, std::string("workload blob '") + name + "'");
            loader.add_bootinfo(name, uint32_t(at), uint32_t(bytes));
            if (region) regions_.push_back({name, at, at + bytes});
            const uint64_t here = at;
            at = align_up(at + bytes, 64);
            return here;
        };
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
        info.y_stride = uint32_t(align_up(a_.rows, 16));
        info.flags = sell_.identity_perm() ? SELL_FLAG_IDENTITY_PERM : 0;
        info_addr_ = place("sell_info", &info, sizeof info, false);
        place("row_ptr", a_.row_ptr.data(), a_.row_ptr.size() * 4, true);
        place("col_idx", a_.col_idx.data(), a_.col_idx.size() * 4, true);
        place("values", a_.values.data(), a_.values.size() * 4, true);
        place("x", x_.data(), x_.size() * 4, true);
        place("sell_cptr", sell_.chunk_ptr.data(), sell_.chunk_ptr.size() * 4, false);
        place("sell_width", sell_.width.data(), std::max<size_t>(1, sell_.width.size()) * 4, false);
        place("sell_perm", sell_.perm.data(), sell_.perm.size() * 4, false);
        place("sell_col", sell_.col_idx.data(), sell_.col_idx.size() * 4, true);
        place("sell_val", sell_.values.data(), sell_.values.size() * 4, true);
        const std::vector<float> poison(size_t(info.y_stride) * SELL_CASES, __builtin_nanf("0x7ead"));
        y_stride_ = info.y_stride;
        y_addr_ = place("y", poison.data(), poison.size() * 4, true);
    }

    bool check(Loader& loader, std::string& report) override {
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
                    snprintf(buf, sizeof buf, "case %s: y[%u] = %.9g (0x%08x), reference %.9g (0x%08x)", kCaseNames[k],
                             i, double(y[i]), got, double(y_ref_[i]), want);
                    report = buf;
                    return false;
                }
            }
            ran += std::string(ran.empty() ? "" : ", ") + kCaseNames[k];
        }
        report = "y of " + ran + " matches the host reference bit for bit (" + std::to_string(a_.rows) + " rows)";
        return true;
    }

    std::string describe() const override {
        char buf[96];
        snprintf(buf, sizeof buf, ", SELL-%u-%u beta %.3f", sell_.C, sell_.sigma, sell_.beta());
        return "sell " + source_ + " " + std::to_string(a_.rows) + "x" + std::to_string(a_.cols) + ", " +
               std::to_string(a_.nnz()) + " nonzeros" + buf;
    }

private:
    CsrMatrix a_;
    SellMatrix sell_;
    std::vector<float> x_, y_ref_;
    std::string source_;
    uint32_t cases_ = 0, y_stride_ = 0;
    uint64_t info_addr_ = 0, y_addr_ = 0;
    std::vector<DataRegion> regions_;
};

}  // namespace

void declare_sell_workload(config::Schema& s) {
    using config::Kind;
    auto& se = s.map("sell",
                     "y = A x in CSR and SELL-C-sigma, the six cases of seed 004's Table 1: "
                     "firmware/programs/sell_spmv, layout in include/vp/sell_data.h");
    se.add("matrix", Kind::Path, "", "", "Matrix Market file (e.g. ${shared}/data/matrices/benzene.mtx)");
    se.add("standin", Kind::String, "", "",
           "synthetic stand-in instead of a file: shyy41, lhr11c or coupled (platform/workload/standin.h); "
           "none of matrix, standin and kronecker_scale: a random matrix from rows/nnz_per_row/seed");
    se.add("kronecker_scale", Kind::Int, "0", "",
           "Graph500 Kronecker matrix with 2^SCALE rows (seed 001's SpMV matrices; 0 = off)")
        .range(0, 26);
    se.add("edgefactor", Kind::Int, "16", "", "Graph500 edge factor of the Kronecker matrix").range(1, 1024);
    se.add("explicit_zeros", Kind::Enum, "drop", "",
           "entries stored as 0 in the file: drop (SuiteSparse's nonzero count, the seed's NNZ) or keep")
        .one_of({"drop", "keep"});
    se.add("rows", Kind::Int, "512", "", "rows (= columns) of the random matrix").range(1, 1 << 24);
    se.add("nnz_per_row", Kind::Int, "8", "", "mean nonzeros per row of the random matrix").range(1, 1 << 16);
    se.add("seed", Kind::Int, "1", "", "seed of the random matrix, the stand-in and a random x").at_least(0);
    se.add("C", Kind::Int, "256", "", "SELL chunk height (the seed's slice size S = the vector length)")
        .range(1, 1 << 16);
    se.add("sigma", Kind::Int, "1", "", "SELL sorting window in rows (1 = no sorting, the seed's SELL)")
        .range(1, 1 << 30);
    se.add("x", Kind::Enum, "index", "", "input vector: index (the seed's 0, 1, 2, ...) or random (uniform [-1, 1))")
        .one_of({"index", "random"});
    se.add("cases", Kind::StringList, "[csr, csr_cdma, sell, acc_dma, acc_cdma, acc_overlap]", "",
           "cases to run, each timed in a trace-marker region of its name and checked: csr, csr_cdma, sell, "
           "acc_dma, acc_cdma, acc_overlap (seed 004's Table 1), acc_hmc (memory-side gather, needs ram.timing: hmc)");
}

std::unique_ptr<Workload> make_sell_workload(const nlohmann::json& section) {
    return std::make_unique<SellWorkload>(section);
}

}  // namespace vp
