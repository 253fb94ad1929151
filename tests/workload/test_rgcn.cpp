#include "platform/workload/rgcn.h"
#include <catch2/catch.hpp>
#include <zlib.h>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <unistd.h>

using namespace vp::workload;
namespace fs = std::filesystem;

namespace {

// Writes text as a gzip file in a fresh temp directory; the directory is removed on destruction.
struct TempGz {
    fs::path dir, file;
    TempGz(const std::string& name, const std::string& text) {
        dir = fs::temp_directory_path() / ("vp_test_rgcn_" + std::to_string(::getpid()) + "_" + name);
        fs::create_directories(dir);
        file = dir / name;
        gzFile f = gzopen(file.c_str(), "wb");
        REQUIRE(f != nullptr);
        REQUIRE(gzwrite(f, text.data(), unsigned(text.size())) == int(text.size()));
        REQUIRE(gzclose(f) == Z_OK);
    }
    ~TempGz() {
        std::error_code ec;
        fs::remove_all(dir, ec);
    }
};

const char* kTiny =
    "# comment\n"
    "_:x <q> \"lit\"@en .\n"
    "<a> <p> <b> .\n"
    "<b> <p> <c> .\n"
    "<a> <q> <b> .\n"
    "\n"
    "<a> <p> <b> .\n"
    "<c> <p> <a> . # trailing comment\n"
    "<c>\t<q> \"x\\\"y\"^^<http://t> .\r\n";

std::string error_of(const std::string& text) {
    TempGz t("bad.nt.gz", text);
    try {
        read_ntriples_gz(t.file.string());
    } catch (const std::runtime_error& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST_CASE("rgcn: tiny N-Triples graph, ids, counts, q, renumbering and PB priorities") {
    TempGz t("tiny.nt.gz", kTiny);
    RelationalGraph g = read_ntriples_gz(t.file.string());

    REQUIRE(g.entities == std::vector<std::string>{"_:x", "\"lit\"@en", "<a>", "<b>", "<c>", "\"x\\\"y\"^^<http://t>"});
    REQUIRE(g.relations == std::vector<std::string>{"<q>", "<p>"});
    REQUIRE(g.num_edges() == 6);
    REQUIRE(g.duplicates_dropped == 1);
    const uint32_t expect[6][3] = {{0, 0, 1}, {2, 1, 3}, {3, 1, 4}, {2, 0, 3}, {4, 1, 2}, {4, 0, 5}};
    for (int k = 0; k < 6; ++k) {
        CHECK(g.edges[k].s == expect[k][0]);
        CHECK(g.edges[k].r == expect[k][1]);
        CHECK(g.edges[k].o == expect[k][2]);
    }

    std::vector<uint64_t> q = access_counts(g);
    REQUIRE(q == std::vector<uint64_t>{2, 2, 4, 4, 4, 2});

    std::vector<uint32_t> new_id = degree_renumbering(q);
    REQUIRE(new_id == std::vector<uint32_t>{3, 4, 0, 1, 2, 5});
    std::vector<uint64_t> qs = permute(q, new_id);
    REQUIRE(qs == std::vector<uint64_t>{4, 4, 4, 2, 2, 2});

    std::vector<CooPattern> a = renumbered_adjacency(g, new_id);
    REQUIRE(a.size() == 2);
    CHECK(a[0].n == 6);
    CHECK(a[0].row == std::vector<uint32_t>{0, 2, 3});
    CHECK(a[0].col == std::vector<uint32_t>{1, 5, 4});
    CHECK(a[1].row == std::vector<uint32_t>{0, 1, 2});
    CHECK(a[1].col == std::vector<uint32_t>{1, 2, 0});

    // total = 18; suffix sums 18, 14, 10, 6, 4, 2; 11 * suffix / 18 = 11 (clamped to 10), 8, 6, 3, 2, 1.
    CHECK(pb_priorities(qs, 10) == std::vector<uint32_t>{10, 8, 6, 3, 2, 1});
    CHECK(pb_priorities(qs, 0) == std::vector<uint32_t>{0, 0, 0, 0, 0, 0});
    CHECK_THROWS_AS(pb_priorities(q, 10), std::invalid_argument);  // not sorted
}

TEST_CASE("rgcn: malformed input names the file and line") {
    CHECK_THAT(error_of("<a> <p> <b> .\n<a> <p> <b>\n"), Catch::Contains("bad.nt.gz:2:") && Catch::Contains("'.'"));
    CHECK_THAT(error_of("\n\"lit\" <p> <b> .\n"), Catch::Contains("bad.nt.gz:2:") && Catch::Contains("subject"));
    CHECK_THAT(error_of("<a> _:p <b> .\n"), Catch::Contains("bad.nt.gz:1:") && Catch::Contains("predicate"));
    CHECK_THAT(error_of("<a> <p> \"open .\n"),
               Catch::Contains("bad.nt.gz:1:") && Catch::Contains("unterminated literal"));
    CHECK_THAT(error_of("<a> <p> <b . \n"), Catch::Contains("bad.nt.gz:1:"));
    CHECK_THAT(error_of("<a> <p> <b> . extra\n"), Catch::Contains("bad.nt.gz:1:"));
    CHECK_THROWS_WITH(read_ntriples_gz("/nonexistent/x.nt.gz"), Catch::Contains("/nonexistent/x.nt.gz"));
}

namespace {

// Loads a real data set, checks the derived structures' invariants and prints the counts.
RelationalGraph check_real(const std::string& name, const std::string& path) {
    RelationalGraph g = read_ntriples_gz(path);
    std::vector<uint64_t> q = access_counts(g);
    uint64_t total = 0;
    for (uint64_t v : q) total += v;
    CHECK(total == 2 * g.num_edges() + g.num_entities());
    std::vector<uint32_t> new_id = degree_renumbering(q);
    std::vector<uint64_t> qs = permute(q, new_id);
    CHECK(std::is_sorted(qs.rbegin(), qs.rend()));
    std::vector<CooPattern> a = renumbered_adjacency(g, new_id);
    uint64_t nnz = 0;
    for (const CooPattern& m : a) {
        nnz += m.nnz();
        CHECK(std::is_sorted(m.row.begin(), m.row.end()));
    }
    CHECK(nnz == g.num_edges());
    std::vector<uint32_t> p = pb_priorities(qs, 10);
    CHECK(p.front() == 10);
    CHECK(std::is_sorted(p.rbegin(), p.rend()));
    std::printf(
        "%s: %u entities, %u relations, %llu edges (%llu duplicate triples dropped), max q %llu, "
        "total q %llu, vertices with p=10: %lld\n",
        name.c_str(), g.num_entities(), g.num_relations(), (unsigned long long)g.num_edges(),
        (unsigned long long)g.duplicates_dropped, (unsigned long long)qs.front(), (unsigned long long)total,
        (long long)std::count(p.begin(), p.end(), 10u));
    return g;
}

}  // namespace

TEST_CASE("rgcn: AIFB counts equal Tomita et al. [tomita-gnn-cache] Table 1") {
    RelationalGraph g = check_real("AIFB", VP_DATA_DIR "/rgcn/aifb_stripped.nt.gz");
    // Table 1: 8,285 entities, 45 relations, 29,043 edges. The stripped file matches exactly (tolerance 0).
    CHECK(g.num_edges() == 29043);
    CHECK(g.num_relations() == 45);
    CHECK(g.num_entities() == 8285);
}

TEST_CASE("rgcn: MUTAG counts equal Tomita et al. [tomita-gnn-cache] Table 1") {
    RelationalGraph g = check_real("MUTAG", VP_DATA_DIR "/rgcn/mutag_stripped.nt.gz");
    // Table 1: 23,644 entities, 23 relations, 74,227 edges. The stripped file matches exactly (tolerance 0).
    CHECK(g.num_edges() == 74227);
    CHECK(g.num_relations() == 23);
    CHECK(g.num_entities() == 23644);
}

// Issue #32 item 9: a gzip bomb as the data set is read as a stream, never decompressed whole.
namespace {
uint64_t peak_rss_bytes() {  // VmHWM of this process (one TEST_CASE per process)
    FILE* f = std::fopen("/proc/self/status", "r");
    REQUIRE(f);
    char line[256];
    uint64_t kb = 0;
    while (std::fgets(line, sizeof line, f))
        if (std::sscanf(line, "VmHWM: %lu kB", reinterpret_cast<unsigned long*>(&kb)) == 1) break;
    std::fclose(f);
    return kb << 10;
}
// `repeat` copies of `unit`, gzip-compressed by chunks (the test never holds the whole text).
struct TempGzBomb {
    fs::path dir, file;
    TempGzBomb(const std::string& name, const std::string& unit, uint64_t repeat) {
        dir = fs::temp_directory_path() / ("vp_test_rgcn_" + std::to_string(::getpid()) + "_" + name);
        fs::create_directories(dir);
        file = dir / name;
        gzFile f = gzopen(file.c_str(), "wb1");
        REQUIRE(f != nullptr);
        std::string chunk;
        for (unsigned i = 0; i < (1u << 16) / unit.size() + 1; ++i) chunk += unit;
        const uint64_t per_chunk = chunk.size() / unit.size();
        for (uint64_t done = 0; done < repeat; done += per_chunk) {
            const size_t n = size_t(std::min<uint64_t>(per_chunk, repeat - done)) * unit.size();
            REQUIRE(gzwrite(f, chunk.data(), unsigned(n)) == int(n));
        }
        REQUIRE(gzclose(f) == Z_OK);
    }
    ~TempGzBomb() {
        std::error_code ec;
        fs::remove_all(dir, ec);
    }
};
}  // namespace

// Growth of the peak resident size that a bounded reader stays under. Not measurable under
// AddressSanitizer, whose quarantine of freed blocks (256 MiB) and shadow memory grow with every
// line read and freed (465 MB measured): there the tests check only what was read; the release build
// checks the bound.
#if defined(__SANITIZE_ADDRESS__)
constexpr uint64_t kRssSlack = UINT64_MAX;
#else
constexpr uint64_t kRssSlack = uint64_t(16) << 20;
#endif

TEST_CASE("rgcn: a gzip bomb of repeated triples is read in bounded memory") {
    const std::string triple = "<http://example.org/a> <http://example.org/p> <http://example.org/b> .\n";
    const uint64_t copies = (uint64_t(96) << 20) / triple.size();  // 96 MiB decompressed, ~0.4 MB on disk
    TempGzBomb t("bomb.nt.gz", triple, copies);
    REQUIRE(fs::file_size(t.file) < (uint64_t(1) << 20));
    const uint64_t before = peak_rss_bytes();
    const RelationalGraph g = read_ntriples_gz(t.file.string());
    CHECK(g.num_edges() == 1);
    CHECK(g.duplicates_dropped == copies - 1);
    CHECK(peak_rss_bytes() - before < kRssSlack);  // the whole text would be 96 MiB
}

TEST_CASE("rgcn: a gzip bomb of one endless line is refused at the line limit") {
    TempGzBomb t("line.nt.gz", std::string(4096, 'a'), 16384);  // one 64 MiB line
    const uint64_t before = peak_rss_bytes();
    std::string why;
    try {
        read_ntriples_gz(t.file.string());
    } catch (const std::runtime_error& e) {
        why = e.what();
    }
    CHECK(why.find("line.nt.gz:1: line longer than 1 MiB") != std::string::npos);
    CHECK(peak_rss_bytes() - before < kRssSlack);
}
