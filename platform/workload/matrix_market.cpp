#include "platform/workload/matrix_market.h"
#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
#include <string_view>
#include <vector>

namespace vp::workload {
namespace {

constexpr size_t kMaxLine = 1024;  // the format's limit on a line (NIST Matrix Market, section 2)

// Reads lines of at most kMaxLine characters into a fixed buffer: a file without line breaks cannot
// make the reader allocate.
class LineReader {
public:
    LineReader(std::istream& in, const std::string& name) : in_(in), name_(name) {}

    // False at the end of the stream; the line excludes the '\n' (and a trailing '\r').
    bool next(std::string_view& line) {
        if (!in_.getline(buf_, sizeof buf_)) {
            if (in_.gcount() == 0 && in_.eof()) return false;
            ++lineno_;
            if (in_.bad()) fail("read error");
            fail("line longer than " + std::to_string(kMaxLine) + " characters");
        }
        ++lineno_;
        size_t n = size_t(in_.gcount());
        if (!in_.eof() && n > 0) --n;  // the delimiter was extracted and counted
        if (n > 0 && buf_[n - 1] == '\r') --n;
        line = std::string_view(buf_, n);
        return true;
    }
    uint64_t lineno() const { return lineno_; }
    [[noreturn]] void fail(const std::string& why) const { throw MatrixMarketError(name_, lineno_, why); }

private:
    std::istream& in_;
    const std::string& name_;
    uint64_t lineno_ = 0;
    char buf_[kMaxLine + 3];  // + '\r' + NUL (getline stores at most size - 1 characters)
};

// Whitespace-separated tokens of one line (spaces and tabs).
size_t split(std::string_view line, std::string_view* tok, size_t max) {
    size_t n = 0, i = 0;
    while (i < line.size()) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
        if (i == line.size()) break;
        size_t j = i;
        while (j < line.size() && line[j] != ' ' && line[j] != '\t') ++j;
        if (n < max) tok[n] = line.substr(i, j - i);
        ++n;
        i = j;
    }
    return n;
}

bool blank_or_comment(std::string_view line) {
    std::string_view t[1];
    return line.empty() || line[0] == '%' || split(line, t, 1) == 0;
}

std::string lower(std::string_view s) {
    std::string r(s);
    for (char& c : r) c = char(std::tolower(static_cast<unsigned char>(c)));
    return r;
}

std::string quoted(std::string_view s) {
    std::string r = "'";
    for (char c : s.substr(0, 40)) r += (c >= 0x20 && c < 0x7f) ? c : '?';
    return r + (s.size() > 40 ? "...'" : "'");
}

template <typename T>
bool parse_int(std::string_view s, T& v) {
    if (!s.empty() && s[0] == '+') s.remove_prefix(1);
    const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
    return r.ec == std::errc() && r.ptr == s.data() + s.size();
}

bool parse_real(std::string_view s, double& v) {
    if (s.size() > 1 && s[0] == '+' && s[1] != '-') s.remove_prefix(1);
    const auto r = std::from_chars(s.data(), s.data() + s.size(), v, std::chars_format::general);
    return r.ec == std::errc() && r.ptr == s.data() + s.size();
}

struct Entry {
    uint32_t r, c;
    float v;
    uint64_t line;
};

}  // namespace

CsrMatrix parse_matrix_market(std::istream& in, const std::string& name, const MatrixMarketOptions& opt,
                              MatrixMarketInfo* info) {
    LineReader lr(in, name);
    std::string_view line, tok[6];

    if (!lr.next(line)) throw MatrixMarketError(name, 1, "empty file");
    const size_t nh = split(line, tok, 6);
    if (nh < 1 || tok[0] != "%%MatrixMarket") lr.fail("not a Matrix Market file (no %%MatrixMarket banner)");
    if (nh != 5) lr.fail("banner needs 'object format field symmetry' after %%MatrixMarket");
    const std::string object = lower(tok[1]), format = lower(tok[2]), field = lower(tok[3]), symmetry = lower(tok[4]);
    if (object != "matrix") lr.fail("object " + quoted(tok[1]) + " is not 'matrix'");
    if (format != "coordinate") lr.fail("only the coordinate format is supported, not " + quoted(tok[2]));
    if (field != "real" && field != "integer" && field != "pattern")
        lr.fail("field " + quoted(tok[3]) + " is not supported (real, integer, pattern)");
    if (symmetry != "general" && symmetry != "symmetric" && symmetry != "skew-symmetric")
        lr.fail("symmetry " + quoted(tok[4]) + " is not supported (general, symmetric, skew-symmetric)");
    const bool pattern = field == "pattern", integer = field == "integer";
    const bool general = symmetry == "general", skew = symmetry == "skew-symmetric";
    const size_t ntok = pattern ? 2 : 3;

    // Size line: the first line that is neither a comment nor blank.
    uint64_t rows = 0, cols = 0, entries = 0;
    for (;;) {
        if (!lr.next(line)) lr.fail("file ends before the size line 'rows cols entries'");
        if (blank_or_comment(line)) continue;
        if (split(line, tok, 6) != 3 || !parse_int(tok[0], rows) || !parse_int(tok[1], cols) ||
            !parse_int(tok[2], entries))
            lr.fail("size line must be three integers 'rows cols entries'");
        break;
    }
    if (rows == 0 || cols == 0) lr.fail("matrix dimensions must be positive");
    if (rows > opt.max_dim || cols > opt.max_dim)
        lr.fail("dimensions " + std::to_string(rows) + " x " + std::to_string(cols) + " exceed the limit of " +
                std::to_string(opt.max_dim));
    if (entries > opt.max_entries)
        lr.fail(std::to_string(entries) + " entries exceed the limit of " + std::to_string(opt.max_entries));
    if (!general && rows != cols) lr.fail(symmetry + " matrix must be square");

    std::vector<Entry> es;
    es.reserve(size_t(std::min<uint64_t>(general ? entries : 2 * entries, 1u << 20)));  // grows with real lines
    uint64_t seen = 0;
    while (seen < entries) {
        if (!lr.next(line))
            lr.fail("file ends after " + std::to_string(seen) + " of " + std::to_string(entries) + " entries");
        if (blank_or_comment(line)) continue;
        const size_t n = split(line, tok, 6);
        if (n != ntok)
            lr.fail(std::string("expected 'row col") + (pattern ? "" : " value") + "', got " + std::to_string(n) +
                    " fields");
        uint64_t r = 0, c = 0;
        if (!parse_int(tok[0], r) || !parse_int(tok[1], c))
            lr.fail("row and column must be integers, got " + quoted(tok[0]) + " " + quoted(tok[1]));
        if (r < 1 || r > rows || c < 1 || c > cols)
            lr.fail("entry (" + std::to_string(r) + ", " + std::to_string(c) + ") outside the " + std::to_string(rows) +
                    " x " + std::to_string(cols) + " matrix");
        double v = 1.0;
        if (integer) {
            int64_t iv = 0;
            if (!parse_int(tok[2], iv)) lr.fail("value " + quoted(tok[2]) + " is not an integer");
            v = double(iv);
        } else if (!pattern) {
            if (!parse_real(tok[2], v)) lr.fail("value " + quoted(tok[2]) + " is not a number");
        }
        const float f = float(v);
        if (!std::isfinite(f)) lr.fail("value " + quoted(tok[2]) + " is not a finite float32");
        if (!general && c > r)
            lr.fail(symmetry + " file stores the lower triangle only, not (" + std::to_string(r) + ", " +
                    std::to_string(c) + ")");
        if (skew && c == r) lr.fail("skew-symmetric file has a diagonal entry");
        es.push_back({uint32_t(r - 1), uint32_t(c - 1), f, lr.lineno()});
        if (!general && r != c) es.push_back({uint32_t(c - 1), uint32_t(r - 1), skew ? -f : f, lr.lineno()});
        ++seen;
    }
    while (lr.next(line))
        if (!blank_or_comment(line))
            lr.fail("more entries than the " + std::to_string(entries) + " the size line announces");

    std::sort(es.begin(), es.end(), [](const Entry& a, const Entry& b) {
        return a.r != b.r ? a.r < b.r : a.c != b.c ? a.c < b.c : a.line < b.line;
    });
    for (size_t i = 1; i < es.size(); ++i)
        if (es[i].r == es[i - 1].r && es[i].c == es[i - 1].c)
            throw MatrixMarketError(name, es[i].line,
                                    "duplicate entry (" + std::to_string(es[i].r + 1) + ", " +
                                        std::to_string(es[i].c + 1) + "), also at line " +
                                        std::to_string(es[i - 1].line));

    CsrMatrix m;
    m.rows = uint32_t(rows);
    m.cols = uint32_t(cols);
    m.row_ptr.assign(size_t(rows) + 1, 0);
    uint64_t zeros = 0;
    for (const Entry& e : es) zeros += e.v == 0.0f;
    m.col_idx.reserve(es.size() - (opt.drop_explicit_zeros ? zeros : 0));
    m.values.reserve(m.col_idx.capacity());
    for (const Entry& e : es) {
        if (opt.drop_explicit_zeros && e.v == 0.0f) continue;
        ++m.row_ptr[e.r + 1];
        m.col_idx.push_back(e.c);
        m.values.push_back(e.v);
    }
    for (uint64_t i = 0; i < rows; ++i) m.row_ptr[i + 1] += m.row_ptr[i];
    if (info) *info = {field, symmetry, entries, zeros};
    return m;
}

CsrMatrix read_matrix_market(const std::string& path, const MatrixMarketOptions& opt, MatrixMarketInfo* info) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw MatrixMarketError(path, 0, "cannot open matrix file");
    return parse_matrix_market(in, path, opt, info);
}

}  // namespace vp::workload
