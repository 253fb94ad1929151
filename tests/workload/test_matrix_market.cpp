// Matrix Market reader: the real matrices in data/ (NNZ after expansion as docs/sell_spmv.md reports),
// general/symmetric/skew expansion, and malformed files, each rejected with its file and line.
#include <catch2/catch.hpp>

#include <sstream>

#include "models/common/prng.h"
#include "platform/workload/matrix_market.h"

using vp::workload::CsrMatrix;
using vp::workload::MatrixMarketError;
using vp::workload::MatrixMarketInfo;
using vp::workload::MatrixMarketOptions;
using vp::workload::parse_matrix_market;
using vp::workload::read_matrix_market;

namespace {

CsrMatrix parse(const std::string& text, const MatrixMarketOptions& o = {}, MatrixMarketInfo* info = nullptr) {
    std::istringstream in(text);
    return parse_matrix_market(in, "t.mtx", o, info);
}

// The value of A(r, c) (0 when not stored); asserts the row is sorted and free of duplicates.
float at(const CsrMatrix& m, uint32_t r, uint32_t c) {
    float v = 0.0f;
    for (uint32_t k = m.row_ptr[r]; k < m.row_ptr[r + 1]; ++k) {
        if (k > m.row_ptr[r]) REQUIRE(m.col_idx[k - 1] < m.col_idx[k]);
        if (m.col_idx[k] == c) v = m.values[k];
    }
    return v;
}

std::string shared(const char* f) { return std::string(VP_DATA_DIR) + "/matrices/" + f; }

}  // namespace

TEST_CASE("matrix market: the real matrices in data/ have the published NNZ after expansion") {
    MatrixMarketOptions drop;
    drop.drop_explicit_zeros = true;  // SuiteSparse's nonzero count
    struct Case {
        const char* file;
        uint32_t n, nnz;
    } cases[] = {{"benzene.mtx", 8219, 242669}, {"msc01440.mtx", 1440, 44998}, {"bcsstk25.mtx", 15439, 252241}};
    for (const Case& c : cases) {
        MatrixMarketInfo info;
        const CsrMatrix m = read_matrix_market(shared(c.file), drop, &info);
        INFO(c.file);
        CHECK(m.rows == c.n);
        CHECK(m.cols == c.n);
        CHECK(m.nnz() == c.nnz);
        CHECK(info.symmetry == "symmetric");
        // Expansion: the pattern is symmetric and so are the values.
        for (uint32_t r = 0; r < m.rows; r += 97)
            for (uint32_t k = m.row_ptr[r]; k < m.row_ptr[r + 1]; ++k) REQUIRE(at(m, m.col_idx[k], r) == m.values[k]);
    }
    // msc01440 stores 636 explicit zeros below the diagonal: kept, they are 1,272 more entries.
    MatrixMarketInfo info;
    const CsrMatrix kept = read_matrix_market(shared("msc01440.mtx"), {}, &info);
    CHECK(kept.nnz() == 46270);
    CHECK(info.explicit_zeros == 1272);
    CHECK(info.stored == 23855);
}

TEST_CASE("matrix market: general, symmetric, skew-symmetric, pattern and integer files") {
    const CsrMatrix g = parse(
        "%%MatrixMarket matrix coordinate real general\n% comment\n\n3 4 4\n3 4 -2.5e1\n1 1 1.0\n2 3 +0.5\n"
        "1 4 7\n");
    REQUIRE(g.rows == 3);
    REQUIRE(g.cols == 4);
    REQUIRE(g.nnz() == 4);
    CHECK(g.row_ptr == std::vector<uint32_t>{0, 2, 3, 4});
    CHECK(at(g, 0, 0) == 1.0f);
    CHECK(at(g, 0, 3) == 7.0f);
    CHECK(at(g, 1, 2) == 0.5f);
    CHECK(at(g, 2, 3) == -25.0f);

    const CsrMatrix s = parse("%%MatrixMarket matrix coordinate real symmetric\r\n2 2 2\r\n1 1 4\r\n2 1 3\r\n");
    CHECK(s.nnz() == 3);
    CHECK(at(s, 0, 1) == 3.0f);
    CHECK(at(s, 1, 0) == 3.0f);

    const CsrMatrix k = parse("%%MatrixMarket matrix coordinate real skew-symmetric\n3 3 2\n2 1 2\n3 2 -1\n");
    CHECK(k.nnz() == 4);
    CHECK(at(k, 1, 0) == 2.0f);
    CHECK(at(k, 0, 1) == -2.0f);
    CHECK(at(k, 1, 2) == 1.0f);

    const CsrMatrix p = parse("%%MatrixMarket MATRIX Coordinate Pattern Symmetric\n3 3 2\n3 1\n2 2\n");
    CHECK(p.nnz() == 3);
    CHECK(at(p, 0, 2) == 1.0f);

    MatrixMarketInfo info;
    const CsrMatrix i = parse("%%MatrixMarket matrix coordinate integer general\n2 2 2\n1 2 -7\n2 1 0\n", {}, &info);
    CHECK(at(i, 0, 1) == -7.0f);
    CHECK(i.nnz() == 2);
    CHECK(info.explicit_zeros == 1);
    MatrixMarketOptions drop;
    drop.drop_explicit_zeros = true;
    CHECK(parse("%%MatrixMarket matrix coordinate integer general\n2 2 2\n1 2 -7\n2 1 0\n", drop).nnz() == 1);
    // Empty rows and a last line without a line break.
    const CsrMatrix e = parse("%%MatrixMarket matrix coordinate real general\n4 4 1\n3 2 1.5");
    CHECK(e.row_ptr == std::vector<uint32_t>{0, 0, 0, 1, 1});
}

TEST_CASE("matrix market: malformed files name the file, the line and the reason") {
    const std::string g = "%%MatrixMarket matrix coordinate real general\n";
    struct Bad {
        std::string text;
        uint64_t line;
        const char* why;
    } bad[] = {
        {"", 1, "empty file"},
        {"hello\n", 1, "not a Matrix Market file"},
        {"%%MatrixMarket matrix coordinate real\n", 1, "banner needs"},
        {"%%MatrixMarket matrix array real general\n2 2\n", 1, "only the coordinate format"},
        {"%%MatrixMarket matrix coordinate complex general\n", 1, "field 'complex'"},
        {"%%MatrixMarket matrix coordinate real hermitian\n", 1, "symmetry 'hermitian'"},
        {"%%MatrixMarket vector coordinate real general\n", 1, "object 'vector'"},
        {g + "% only comments\n", 2, "file ends before the size line"},
        {g + "3 3\n", 2, "size line must be three integers"},
        {g + "3 x 1\n", 2, "size line must be three integers"},
        {g + "0 3 0\n", 2, "dimensions must be positive"},
        {g + "3 3 2\n1 1 1\n", 3, "file ends after 1 of 2 entries"},
        {g + "3 3 1\n1 1 1\n2 2 2\n", 4, "more entries than the 1"},
        {g + "3 3 1\n4 1 1\n", 3, "entry (4, 1) outside the 3 x 3 matrix"},
        {g + "3 3 1\n1 0 1\n", 3, "entry (1, 0) outside"},
        {g + "3 3 1\n-1 1 1\n", 3, "row and column must be integers"},
        {g + "3 3 1\n1 1\n", 3, "expected 'row col value', got 2 fields"},
        {g + "3 3 1\n1 1 1 1\n", 3, "got 4 fields"},
        {g + "3 3 1\n1 1 abc\n", 3, "value 'abc' is not a number"},
        {g + "3 3 1\n1 1 1.0D+00\n", 3, "is not a number"},
        {g + "3 3 1\n1 1 nan\n", 3, "not a finite float32"},
        {g + "3 3 1\n1 1 1e39\n", 3, "not a finite float32"},
        {g + "3 3 2\n1 2 1\n% c\n1 2 3\n", 5, "duplicate entry (1, 2), also at line 3"},
        {"%%MatrixMarket matrix coordinate integer general\n2 2 1\n1 1 1.5\n", 3, "not an integer"},
        {"%%MatrixMarket matrix coordinate real symmetric\n3 3 1\n1 2 1\n", 3, "lower triangle only"},
        {"%%MatrixMarket matrix coordinate real symmetric\n3 2 0\n", 2, "must be square"},
        {"%%MatrixMarket matrix coordinate real skew-symmetric\n3 3 1\n2 2 1\n", 3, "diagonal entry"},
        {"%%MatrixMarket matrix coordinate pattern general\n3 3 1\n1 1 1\n", 3, "expected 'row col', got 3"},
        {g + "3 3 1\n" + std::string(1100, '1') + "\n", 3, "line longer than 1024 characters"},
        {g + std::string(5000, '%') + "\n", 2, "line longer than 1024"},
    };
    for (const Bad& b : bad) {
        INFO(b.text.substr(0, 120));
        try {
            parse(b.text);
            FAIL("accepted");
        } catch (const MatrixMarketError& e) {
            CHECK(e.file() == "t.mtx");
            CHECK(e.line() == b.line);
            CHECK_THAT(e.what(), Catch::Contains(b.why));
            CHECK_THAT(e.what(), Catch::StartsWith("t.mtx:" + std::to_string(b.line) + ": "));
        }
    }
    CHECK_THROWS_WITH(read_matrix_market("/nonexistent/m.mtx"), "/nonexistent/m.mtx: cannot open matrix file");
}

TEST_CASE("matrix market: limits bound memory before any entry is read") {
    MatrixMarketOptions o;
    o.max_dim = 1000;
    o.max_entries = 10;
    const std::string g = "%%MatrixMarket matrix coordinate real general\n";
    CHECK_THROWS_WITH(parse(g + "4000000000 1 0\n", o), Catch::Contains("t.mtx:2: dimensions 4000000000 x 1 exceed"));
    CHECK_THROWS_WITH(parse(g + "10 10 11\n", o), Catch::Contains("t.mtx:2: 11 entries exceed the limit of 10"));
    // The default limits too: a header claiming 2^40 entries in a 60-byte file is refused at once.
    CHECK_THROWS_WITH(parse(g + "100 100 1099511627776\n"), Catch::Contains("exceed the limit"));
    // A huge claimed count within the limit costs nothing before the lines exist.
    CHECK_THROWS_WITH(parse(g + "100 100 30000000\n1 1 1\n"), Catch::Contains("file ends after 1 of 30000000"));
}

TEST_CASE("matrix market: mutated files are parsed or rejected with a MatrixMarketError, nothing else") {
    // A deterministic stand-in for fuzzing (no fuzzing infrastructure in the project yet): byte
    // flips, insertions and truncations of a valid file.
    const std::string good =
        "%%MatrixMarket matrix coordinate real symmetric\n% c\n5 5 6\n1 1 2.0\n2 1 -1e-3\n3 3 4\n5 2 7.25\n"
        "4 4 1\n5 5 3\n";
    const char alphabet[] = "0123456789 -+.eE%\n\r\tx";
    vp::Xoshiro256 rng(7);
    int parsed = 0, rejected = 0;
    for (int it = 0; it < 4000; ++it) {
        std::string t = good;
        const int edits = 1 + int(rng.below(4));
        for (int e = 0; e < edits && !t.empty(); ++e) {
            const size_t pos = rng.below(t.size());
            switch (rng.below(3)) {
                case 0: t[pos] = alphabet[rng.below(sizeof alphabet - 1)]; break;
                case 1: t.insert(pos, 1, alphabet[rng.below(sizeof alphabet - 1)]); break;
                default: t.resize(pos); break;
            }
        }
        try {
            const CsrMatrix m = parse(t);
            REQUIRE(m.row_ptr.size() == size_t(m.rows) + 1);
            REQUIRE(m.row_ptr.back() == m.nnz());
            for (uint32_t c : m.col_idx) REQUIRE(c < m.cols);
            ++parsed;
        } catch (const MatrixMarketError& e) {
            REQUIRE(std::string(e.what()).rfind("t.mtx:", 0) == 0);
            ++rejected;
        }
    }
    CHECK(parsed > 0);
    CHECK(rejected > 0);
}
