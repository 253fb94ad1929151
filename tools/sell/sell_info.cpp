// sell_info: the matrices of docs/sell_spmv.md (real files and stand-ins) in numbers: size, nonzeros, row lengths,
// SELL-C-σ padding (chunk occupancy β) for several σ. Used by docs/sell_spmv.md.
//
//   sell_info [--data DIR] [--C 256] [--json]
//   sell_info --kronecker SCALE      beta of a Graph500 matrix over C and sigma (power-law rows)
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>
#include "platform/workload/kronecker.h"
#include "platform/workload/matrix_market.h"
#include "platform/workload/sell.h"
#include "platform/workload/standin.h"

using namespace vp::workload;

// The data sets: --data DIR, else VP_DATA_DIR from the environment, else <prefix>/share/vp/data next
// to an installed sell_info (<prefix>/bin), else the source tree's data/.
std::string default_data_dir() {
    if (const char* e = std::getenv("VP_DATA_DIR")) return e;
    std::error_code ec;
    const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        const std::filesystem::path d = exe.parent_path().parent_path() / "share" / "vp" / "data";
        if (std::filesystem::is_directory(d / "matrices", ec)) return d.string();
    }
    return VP_DATA_DIR;
}

int main(int argc, char** argv) {
    std::string data = default_data_dir();
    uint32_t C = 256;
    bool json = false;
    uint32_t kronecker = 0;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--data") && i + 1 < argc)
            data = argv[++i];
        else if (!std::strcmp(argv[i], "--kronecker") && i + 1 < argc)
            kronecker = uint32_t(std::stoul(argv[++i]));
        else if (!std::strcmp(argv[i], "--C") && i + 1 < argc)
            C = uint32_t(std::stoul(argv[++i]));
        else if (!std::strcmp(argv[i], "--json"))
            json = true;
        else {
            std::fprintf(stderr, "usage: sell_info [--data DIR] [--C N] [--json] | --kronecker SCALE\n");
            return 2;
        }
    }
    if (kronecker) {
        KroneckerOptions o;
        o.scale = kronecker;
        o.values = KroneckerOptions::Values::Uniform;
        const CsrMatrix a = kronecker_csr(o);
        std::printf("kronecker SCALE %u: n %u, nnz %u\n%6s %10s %10s %10s\n", kronecker, a.rows, a.nnz(), "C",
                    "sigma=1", "sigma=4C", "sigma=n");
        for (uint32_t c : {8u, 32u, 64u, 256u})
            std::printf("%6u %10.3f %10.3f %10.3f\n", c, csr_to_sell(a, c, 1).beta(), csr_to_sell(a, c, 4 * c).beta(),
                        csr_to_sell(a, c, a.rows).beta());
        return 0;
    }
    const char* order[] = {"benzene", "msc01440", "shyy41", "bcsstk25", "lhr11c", "coupled"};
    if (json)
        std::printf("[\n");
    else
        std::printf(
            "%-9s %7s %8s %6s %5s %5s | beta(sigma=1) beta(sigma=%u) beta(sigma=n) | max chunk width (sigma=1)\n",
            "matrix", "n", "nnz", "nnz/r", "min", "max", 4 * C);
    bool first = true;
    for (const char* name : order) {
        CsrMatrix a;
        std::string source;
        try {
            if (std::string(name) == "shyy41" || std::string(name) == "lhr11c" || std::string(name) == "coupled") {
                a = standin_matrix(name);
                source = "stand-in";
            } else {
                MatrixMarketOptions o;
                o.drop_explicit_zeros = true;
                a = read_matrix_market(data + "/matrices/" + name + ".mtx", o);
                source = "file";
            }
        } catch (const std::exception& e) {
            std::fprintf(stderr, "sell_info: %s\n", e.what());
            return 2;
        }
        uint32_t lo = UINT32_MAX, hi = 0;
        for (uint32_t r = 0; r < a.rows; ++r) {
            const uint32_t l = a.row_ptr[r + 1] - a.row_ptr[r];
            lo = std::min(lo, l);
            hi = std::max(hi, l);
        }
        const SellStats s1 = sell_stats(csr_to_sell(a, C, 1));
        const SellStats s4 = sell_stats(csr_to_sell(a, C, 4 * C));
        const SellStats sn = sell_stats(csr_to_sell(a, C, a.rows));
        if (json) {
            std::printf(
                "%s  {\"matrix\": \"%s\", \"source\": \"%s\", \"rows\": %u, \"nnz\": %u, \"min_row\": %u, "
                "\"max_row\": %u, \"C\": %u, \"padded_sigma1\": %llu, \"beta_sigma1\": %.4f, "
                "\"beta_sigma4C\": %.4f, \"beta_sigman\": %.4f, \"max_width_sigma1\": %u}",
                first ? "" : ",\n", name, source.c_str(), a.rows, a.nnz(), lo, hi, C, (unsigned long long)s1.padded,
                s1.beta, s4.beta, sn.beta, s1.max_width);
        } else {
            std::printf("%-9s %7u %8u %6.1f %5u %5u | %13.3f %13.3f %13.3f | %u\n", name, a.rows, a.nnz(),
                        double(a.nnz()) / a.rows, lo, hi, s1.beta, s4.beta, sn.beta, s1.max_width);
        }
        first = false;
    }
    if (json) std::printf("\n]\n");
    return 0;
}
