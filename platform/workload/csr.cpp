#include "platform/workload/csr.h"
#include <algorithm>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include "models/common/prng.h"
#include "vp/checksum.h"

namespace vp::workload {

CsrMatrix random_csr(uint32_t rows, uint32_t cols, uint32_t nnz_per_row, uint64_t seed) {
    if (rows == 0 || cols == 0 || nnz_per_row == 0) throw std::invalid_argument("random matrix with a zero dimension");
    Xoshiro256 rng(seed);
    CsrMatrix m;
    m.rows = rows;
    m.cols = cols;
    m.row_ptr.reserve(rows + 1);
    m.row_ptr.push_back(0);
    std::vector<uint32_t> row;
    for (uint32_t i = 0; i < rows; ++i) {
        const uint32_t k = std::min<uint32_t>(cols, 1 + uint32_t(rng.below(2 * uint64_t(nnz_per_row) - 1)));
        row.clear();
        while (row.size() < k) {
            const uint32_t c = uint32_t(rng.below(cols));
            if (std::find(row.begin(), row.end(), c) == row.end()) row.push_back(c);
        }
        std::sort(row.begin(), row.end());
        for (uint32_t c : row) {
            m.col_idx.push_back(c);
            m.values.push_back(float(rng.unit() * 2.0 - 1.0));
        }
        m.row_ptr.push_back(uint32_t(m.col_idx.size()));
    }
    return m;
}

CsrMatrix read_matrix_market(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error(path + ": cannot open matrix file");
    std::string line;
    int lineno = 0;
    auto fail = [&](const std::string& why) -> std::runtime_error {
        return std::runtime_error(path + ":" + std::to_string(lineno) + ": " + why);
    };
    if (!std::getline(in, line)) throw std::runtime_error(path + ": empty file");
    ++lineno;
    std::istringstream header(line);
    std::string banner, object, format, field, symmetry;
    header >> banner >> object >> format >> field >> symmetry;
    for (auto* s : {&object, &format, &field, &symmetry}) std::transform(s->begin(), s->end(), s->begin(), ::tolower);
    if (banner != "%%MatrixMarket" || object != "matrix") throw fail("not a Matrix Market matrix file");
    if (format != "coordinate") throw fail("only the coordinate format is supported, not '" + format + "'");
    if (field != "real" && field != "integer" && field != "pattern") throw fail("unsupported field '" + field + "'");
    if (symmetry != "general" && symmetry != "symmetric" && symmetry != "skew-symmetric")
        throw fail("unsupported symmetry '" + symmetry + "'");
    const bool pattern = field == "pattern";
    uint64_t rows = 0, cols = 0, entries = 0;
    while (std::getline(in, line)) {
        ++lineno;
        if (line.empty() || line[0] == '%') continue;
        std::istringstream s(line);
        if (!(s >> rows >> cols >> entries)) throw fail("expected 'rows cols entries'");
        break;
    }
    if (rows == 0 || cols == 0 || rows > UINT32_MAX || cols > UINT32_MAX) throw fail("bad matrix dimensions");
    struct E {
        uint32_t r, c;
        float v;
    };
    std::vector<E> es;
    es.reserve(symmetry == "general" ? entries : 2 * entries);
    uint64_t seen = 0;
    while (seen < entries && std::getline(in, line)) {
        ++lineno;
        if (line.empty() || line[0] == '%') continue;
        std::istringstream s(line);
        uint64_t r, c;
        double v = 1.0;
        if (!(s >> r >> c) || (!pattern && !(s >> v)))
            throw fail("expected 'row col" + std::string(pattern ? "'" : " value'"));
        if (r < 1 || r > rows || c < 1 || c > cols)
            throw fail("entry (" + std::to_string(r) + ", " + std::to_string(c) + ") outside the matrix");
        es.push_back({uint32_t(r - 1), uint32_t(c - 1), float(v)});
        if (symmetry != "general" && r != c)
            es.push_back({uint32_t(c - 1), uint32_t(r - 1), float(symmetry == "symmetric" ? v : -v)});
        ++seen;
    }
    if (seen != entries)
        throw fail("file ends after " + std::to_string(seen) + " of " + std::to_string(entries) + " entries");
    std::sort(es.begin(), es.end(), [](const E& a, const E& b) { return a.r != b.r ? a.r < b.r : a.c < b.c; });
    CsrMatrix m;
    m.rows = uint32_t(rows);
    m.cols = uint32_t(cols);
    m.row_ptr.assign(rows + 1, 0);
    m.col_idx.reserve(es.size());
    m.values.reserve(es.size());
    for (auto& e : es) {
        ++m.row_ptr[e.r + 1];
        m.col_idx.push_back(e.c);
        m.values.push_back(e.v);
    }
    for (uint64_t i = 0; i < rows; ++i) m.row_ptr[i + 1] += m.row_ptr[i];
    return m;
}

std::vector<float> random_vector(uint32_t n, uint64_t seed) {
    Xoshiro256 rng(seed);
    std::vector<float> v(n);
    for (auto& x : v) x = float(rng.unit() * 2.0 - 1.0);
    return v;
}

std::vector<float> spmv_reference(const CsrMatrix& a, const std::vector<float>& x) {
    std::vector<float> y(a.rows);
    for (uint32_t i = 0; i < a.rows; ++i) {
        float sum = 0.0f;
        for (uint32_t k = a.row_ptr[i]; k < a.row_ptr[i + 1]; ++k) {
            volatile float prod = a.values[k] * x[a.col_idx[k]];  // rounded to float before the add
            sum = sum + prod;
        }
        y[i] = sum;
    }
    return y;
}

uint32_t vector_hash(const std::vector<float>& y) {
    uint32_t hash = 0;
    for (uint32_t i = 0; i < y.size(); ++i) {
        uint32_t bits;
        std::memcpy(&bits, &y[i], 4);
        hash += vp_checksum_mix(i, bits);
    }
    return hash;
}

}  // namespace vp::workload
