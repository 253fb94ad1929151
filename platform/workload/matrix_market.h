// Matrix Market reader (NIST "coordinate" format) for the SpMV workloads. Matrix files are untrusted
// input: every problem is a MatrixMarketError naming the file and the line, memory is bounded by
// explicit limits (never by a count a header claims), and nothing a file says can make the reader
// allocate before the lines that justify it have been read.
//
// Accepted: "%%MatrixMarket matrix coordinate {real|integer|pattern} {general|symmetric|skew-symmetric}"
// (keywords case-insensitive), '%' comment lines and blank lines anywhere, CRLF line ends.
// Symmetric files store the lower triangle (row >= col) and are expanded (off-diagonal entries
// mirrored); skew-symmetric files store the strictly lower triangle and mirror with the sign flipped.
// Rejected with a reason: array format, complex/hermitian fields, indices outside the matrix, upper-
// triangle entries in a symmetric file, duplicate entries, values that are not finite or do not fit
// a float32, missing or extra entries, trailing text on a line, lines longer than 1024 characters
// (the format's own limit), dimensions or entry counts above the limits.
#pragma once
#include <cstdint>
#include <istream>
#include <stdexcept>
#include <string>
#include "platform/workload/csr.h"

namespace vp::workload {

struct MatrixMarketOptions {
    // SuiteSparse counts "nonzeros" without the explicitly stored zeros (msc01440: 46,270 stored
    // after expansion, 44,998 nonzeros); true drops them. False keeps every stored entry (as scipy's
    // mmread does), which leaves y unchanged and only adds work.
    bool drop_explicit_zeros = false;
    uint32_t max_dim = 1u << 24;      // rows and columns (row_ptr is allocated from the header)
    uint64_t max_entries = 1u << 25;  // stored entries (before expansion): ~16 bytes each while parsing
};

// What the file held, for reports and tests.
struct MatrixMarketInfo {
    std::string field, symmetry;  // lower case, as in the banner
    uint64_t stored = 0;          // entries in the file
    uint64_t explicit_zeros = 0;  // entries (after expansion) whose value is 0, dropped or kept
};

class MatrixMarketError : public std::runtime_error {
public:
    MatrixMarketError(const std::string& file, uint64_t line, const std::string& why)
        : std::runtime_error(file + (line ? ":" + std::to_string(line) : std::string()) + ": " + why),
          file_(file),
          line_(line) {}
    const std::string& file() const { return file_; }
    uint64_t line() const { return line_; }  // 0 = not about one line (e.g. the file cannot be opened)

private:
    std::string file_;
    uint64_t line_;
};

// Parses a Matrix Market stream; `name` is used in error messages.
CsrMatrix parse_matrix_market(std::istream& in, const std::string& name, const MatrixMarketOptions& opt = {},
                              MatrixMarketInfo* info = nullptr);
// Opens and parses a file.
CsrMatrix read_matrix_market(const std::string& path, const MatrixMarketOptions& opt = {},
                             MatrixMarketInfo* info = nullptr);

}  // namespace vp::workload
