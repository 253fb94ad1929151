// Fuzz target: the Matrix Market reader (platform/workload/matrix_market.*), whose files are untrusted
// input. It may only answer with a well-formed CSR matrix or a MatrixMarketError naming the input; any
// other exception, a crash or undefined behaviour is a bug. Limits are small here so that memory
// stays bounded by the input (the reader must never allocate from a count a header claims). Oracle:
// an accepted matrix is well formed (row_ptr monotone from 0 to nnz, columns inside the matrix and
// ascending within a row, values finite), and dropping explicit zeros keeps exactly the entries
// whose value is not zero.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>

#include "platform/workload/matrix_market.h"

using namespace vp::workload;

namespace {

bool parse(const std::string& text, bool drop, CsrMatrix& out) {
    MatrixMarketOptions opt;
    opt.drop_explicit_zeros = drop;
    opt.max_dim = 1u << 16;
    opt.max_entries = 1u << 16;
    std::istringstream in(text);
    try {
        out = parse_matrix_market(in, "fuzz.mtx", opt);
        return true;
    } catch (const MatrixMarketError& e) {
        if (std::string(e.what()).rfind("fuzz.mtx", 0) != 0) std::abort();  // the message names the input
        return false;
    }
}

void check(const CsrMatrix& m) {
    if (m.row_ptr.size() != size_t(m.rows) + 1 || m.row_ptr.front() != 0 || m.row_ptr.back() != m.nnz() ||
        m.values.size() != m.col_idx.size())
        std::abort();
    for (uint32_t r = 0; r < m.rows; ++r) {
        if (m.row_ptr[r] > m.row_ptr[r + 1]) std::abort();
        for (uint32_t k = m.row_ptr[r]; k < m.row_ptr[r + 1]; ++k) {
            if (m.col_idx[k] >= m.cols || !std::isfinite(m.values[k])) std::abort();
            if (k > m.row_ptr[r] && m.col_idx[k] <= m.col_idx[k - 1]) std::abort();
        }
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    CsrMatrix kept, dropped;
    const bool ok_kept = parse(text, false, kept);
    const bool ok_dropped = parse(text, true, dropped);
    if (ok_kept != ok_dropped) std::abort();  // dropping zeros never changes whether a file is valid
    if (!ok_kept) return 0;
    check(kept);
    check(dropped);
    if (dropped.rows != kept.rows || dropped.cols != kept.cols) std::abort();
    uint32_t nonzero = 0;
    for (float v : kept.values) nonzero += v != 0.0f;
    if (dropped.nnz() != nonzero) std::abort();
    return 0;
}
