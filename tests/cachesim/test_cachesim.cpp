// tools/cachesim: log reading, the L1 -> L2 request stream, Belady's OPT, priorities from the log.
#include "tools/cachesim/cachesim.h"
#include <catch2/catch.hpp>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>
#include "models/common/prng.h"

using namespace vp;
using namespace vp::cachesim;
namespace fs = std::filesystem;

namespace {

// A temporary log file: regions features [0x10000, 0x10000 + 64*lines), a prio_ac and prio_pb table.
struct TempLog {
    fs::path path;
    TempLog(const std::string& name, const std::vector<cache::AccessRecord>& recs, const std::vector<uint32_t>& prio,
            bool with_tables = true) {
        path = fs::temp_directory_path() / ("vp_test_cachesim_" + std::to_string(::getpid()) + "_" + name + ".log");
        const uint64_t lo = 0x10000, hi = lo + 64 * prio.size();
        nlohmann::json h;
        h["regions"] = {{{"name", "features"}, {"lo", lo}, {"hi", hi}},
                        {{"name", "priority"}, {"lo", 0x20000}, {"hi", 0x30000}}};
        std::vector<std::vector<uint8_t>> blobs;
        h["blobs"] = nlohmann::json::array();
        if (with_tables) {
            std::vector<uint8_t> b(prio.size() * 4);
            std::memcpy(b.data(), prio.data(), b.size());
            h["blobs"].push_back({{"name", "prio_ac"}, {"addr", 0x20000}, {"size", b.size()}});
            h["blobs"].push_back({{"name", "prio_pb"}, {"addr", 0x28000}, {"size", b.size()}});
            blobs = {b, b};
        }
        cache::AccessLogWriter w(path.string(), h.dump(), blobs);
        for (const auto& r : recs) w.add(r.addr, cache::AccessLog::Kind(r.kind), r.size);
        w.close();
    }
    ~TempLog() {
        std::error_code ec;
        fs::remove(path, ec);
    }
};

cache::AccessRecord load(uint32_t a, uint8_t size = 4) { return {a, cache::AccessLog::Load, size, 0}; }
cache::AccessRecord store(uint32_t a, uint8_t size = 4) { return {a, cache::AccessLog::Store, size, 0}; }

LevelConfig level(uint64_t size, unsigned ways, const std::string& policy) {
    LevelConfig l;
    l.present = true;
    l.geo.size = size;
    l.geo.ways = ways;
    l.geo.line = 64;
    l.policy = policy;
    return l;
}

// The tests' addresses are small; the platform default caches only RAM at 0x8000_0000.
Config all_cacheable() {
    Config c;
    c.cacheable_lo = 0;
    return c;
}

uint64_t l2_misses(const Log& log, Config cfg) { return simulate(log, cfg).levels.back().total().misses; }

}  // namespace

TEST_CASE("a log written by AccessLogWriter reads back: regions, blobs, records") {
    TempLog t("roundtrip", {load(0x10000, 8), store(0x10044, 4), {0x80000000u, cache::AccessLog::FetchLine, 64, 0}},
              {5, 6, 7});
    const Log log = load_log(t.path.string());
    REQUIRE(log.regions.size() == 2);
    CHECK(log.region("features")->hi == 0x10000 + 3 * 64);
    REQUIRE(log.blob("prio_ac") != nullptr);
    CHECK(log.blob("prio_ac")->data.size() == 12);
    CHECK(log.blob("prio_pb")->addr == 0x28000);
    REQUIRE(log.records.size() == 3);
    CHECK(log.records[1].addr == 0x10044);
    CHECK(log.records[1].kind == cache::AccessLog::Store);
    CHECK(log.records[2].size == 64);
}

TEST_CASE("a writer with several outputs writes the same log to each; an output it cannot open is named") {
    const std::string stem =
        (fs::temp_directory_path() / ("vp_test_cachesim_multi_" + std::to_string(::getpid()))).string();
    const std::vector<std::string> paths = {stem + "_a.log", stem + "_b.log", stem + "_c.log"};
    {
        cache::AccessLogWriter w(paths, R"({"regions":[],"blobs":[{"name":"b","addr":4096,"size":3}]})",
                                 {std::vector<uint8_t>{1, 2, 3}});
        for (uint32_t i = 0; i < 200000; ++i) w.add(0x1000 + 4 * i, cache::AccessLog::Load, 4);  // > one buffer
        w.close();
        CHECK(w.records() == 200000);
    }
    auto bytes = [](const std::string& p) {
        std::ifstream f(p, std::ios::binary);
        return std::string(std::istreambuf_iterator<char>(f), {});
    };
    const std::string a = bytes(paths[0]);
    CHECK(a.size() > 200000 * sizeof(cache::AccessRecord));
    CHECK(bytes(paths[1]) == a);
    CHECK(bytes(paths[2]) == a);
    const Log log = load_log(paths[2]);
    REQUIRE(log.records.size() == 200000);
    CHECK(log.records.back().addr == 0x1000 + 4 * 199999);
    for (const auto& p : paths) fs::remove(p);
    // The second output cannot be created: the error names it, and the first is not left open.
    CHECK_THROWS_WITH(cache::AccessLogWriter({paths[0], "/nonexistent/dir/x.log"}, "{}", {}),
                      Catch::Contains("/nonexistent/dir/x.log"));
    fs::remove(paths[0]);
}

TEST_CASE("a log that is not one is rejected with the file name") {
    const fs::path p = fs::temp_directory_path() / ("vp_test_cachesim_bad_" + std::to_string(::getpid()));
    { std::ofstream(p) << "not a log at all"; }
    CHECK_THROWS_WITH(load_log(p.string()), Catch::Contains(p.string()) && Catch::Contains("bad magic"));
    fs::remove(p);
    CHECK_THROWS_WITH(load_log("/nonexistent/x.log"), Catch::Contains("/nonexistent/x.log"));
}

TEST_CASE("L1 misses become full-line reads at the line address, dirty victims become write-backs") {
    // Direct-mapped 2-line L1 (128 B): lines 0x10000 and 0x10080 share set 0.
    TempLog t("stream", {store(0x10004), load(0x10008), load(0x10080), load(0x1003c, 8)}, {1, 1, 1});
    const Log log = load_log(t.path.string());
    Config cfg = all_cacheable();
    cfg.l1d = level(128, 1, "lru");
    std::vector<Request> s;
    const auto l1 = run_l1(log, cfg, s);
    // store miss: write-allocate (line read); load hit; 0x10080 misses and evicts the dirty line
    // (write-back first, then the read); the 8-byte load at 0x1003c spans lines 0x10000 and 0x10040.
    REQUIRE(s.size() == 5);
    CHECK((s[0].addr == 0x10000 && s[0].len == 64 && !s[0].write));
    CHECK((s[1].addr == 0x10000 && s[1].write));
    CHECK((s[2].addr == 0x10080 && !s[2].write));
    CHECK((s[3].addr == 0x10000 && !s[3].write));  // 0x1003c: line 0x10000 (evicts the clean 0x10080)
    CHECK((s[4].addr == 0x10040 && !s[4].write));
    REQUIRE(l1.size() == 1);
    CHECK(l1[0].total().accesses == 5);  // 4 records, one spanning two lines
    CHECK(l1[0].total().misses == 4);
    CHECK(l1[0].total().writebacks == 1);
}

TEST_CASE("OPT and LRU on the textbook reference string: 9 and 12 misses with 3 frames") {
    // Silberschatz et al., Operating System Concepts, the page-replacement example: 3 frames,
    // 7 0 1 2 0 3 0 4 2 3 0 3 2 1 2 0 1 7 0 1 -> OPT 9 faults, LRU 12.
    const int ref[] = {7, 0, 1, 2, 0, 3, 0, 4, 2, 3, 0, 3, 2, 1, 2, 0, 1, 7, 0, 1};
    std::vector<cache::AccessRecord> recs;
    for (int p : ref) recs.push_back(load(0x40000 + 64 * p));
    TempLog t("textbook", recs, {1});
    const Log log = load_log(t.path.string());
    Config cfg = all_cacheable();  // no L1: the loads reach the L2 directly; one set of 3 ways
    cfg.l2 = level(3 * 64, 3, "opt");
    CHECK(l2_misses(log, cfg) == 9);
    cfg.l2.policy = "lru";
    CHECK(l2_misses(log, cfg) == 12);
}

TEST_CASE("OPT never misses more than any policy on the same stream") {
    Xoshiro256 rng(42);
    std::vector<cache::AccessRecord> recs;
    for (int i = 0; i < 20000; ++i) {
        // Skewed footprint: small lines numbers are much more frequent.
        const uint64_t u = rng.below(1000);
        const uint32_t line = uint32_t(u * u / 2000);  // 0..499
        recs.push_back(rng.below(4) ? load(0x10000 + 64 * line) : store(0x10000 + 64 * line + 8));
    }
    std::vector<uint32_t> prio(500);
    for (size_t k = 0; k < prio.size(); ++k) prio[k] = uint32_t(500 - k);
    TempLog t("property", recs, prio);
    const Log log = load_log(t.path.string());
    Config cfg = all_cacheable();
    cfg.l1d = level(1024, 2, "lru");
    cfg.l2 = level(4096, 4, "opt");
    const uint64_t opt = l2_misses(log, cfg);
    CHECK(opt > 0);
    for (const std::string& p : cache::policy_names()) {
        cfg.l2.policy = p;
        INFO("policy " << p);
        CHECK(opt <= l2_misses(log, cfg));
    }
    // And OPT is strictly better than LRU here (a skewed stream larger than the cache).
    cfg.l2.policy = "lru";
    CHECK(opt < l2_misses(log, cfg));
}

TEST_CASE("AC keeps a line with many remaining accesses that LRU evicts (priorities from the log's table)") {
    // One set of 2 ways. Line 0 of the features region (q = 100) is read once per round, between
    // rounds two lines used once (q = 1). LRU evicts line 0 every round: 3 misses per round, 12 in 4.
    // AC gives line 0 priority 100 and the single-use lines 1, so they are the victims: line 0 only
    // misses once, 1 + 2 * 4 = 9 misses.
    std::vector<cache::AccessRecord> recs;
    for (uint32_t r = 0; r < 4; ++r) {
        recs.push_back(load(0x10000));
        recs.push_back(load(0x10000 + 64 * (2 * r + 1)));
        recs.push_back(load(0x10000 + 64 * (2 * r + 2)));
    }
    std::vector<uint32_t> prio(9, 1);
    prio[0] = 100;
    TempLog t("ac", recs, prio);
    const Log log = load_log(t.path.string());
    Config cfg = all_cacheable();
    cfg.l2 = level(128, 2, "lru");
    CHECK(l2_misses(log, cfg) == 12);
    cfg.l2.policy = "ac";
    CHECK(l2_misses(log, cfg) == 9);
    cfg.l2.policy = "opt";
    CHECK(l2_misses(log, cfg) == 9);
    // Without the feature range every line gets the default priority 0 and AC degenerates to LRU.
    cfg.l2.policy = "ac";
    cfg.fv_region = "";
    CHECK(l2_misses(log, cfg) == 12);
}

TEST_CASE("an AC/PB L1 reads the line's table entry through the L2 before the line, unless told not to") {
    TempLog t("prioreads", {load(0x10000 + 64 * 5 + 16)}, std::vector<uint32_t>(8, 3));
    const Log log = load_log(t.path.string());
    Config cfg = all_cacheable();
    cfg.l1d = level(1024, 2, "pb");
    std::vector<Request> s;
    auto l1 = run_l1(log, cfg, s);
    REQUIRE(s.size() == 2);
    CHECK((s[0].addr == 0x28000 + 4 * 5 && s[0].len == 4));  // prio_pb entry of line 5
    CHECK((s[1].addr == 0x10000 + 64 * 5 && s[1].len == 64));
    CHECK(l1[0].stats[0].priority_fetches == 1);  // region 0 = features
    cfg.priority_reads = false;
    run_l1(log, cfg, s);
    REQUIRE(s.size() == 1);
    CHECK(s[0].addr == 0x10000 + 64 * 5);
    // An LRU L1 reads no priority.
    cfg.priority_reads = true;
    cfg.l1d.policy = "lru";
    run_l1(log, cfg, s);
    CHECK(s.size() == 1);
}

TEST_CASE("streaming the records from the file gives the same results as loading them") {
    Xoshiro256 rng(7);
    std::vector<cache::AccessRecord> recs;
    for (int i = 0; i < 1200000; ++i)  // more than one streaming chunk (2^20 records)
        recs.push_back(load(0x10000 + 8 * uint32_t(rng.below(40000))));
    TempLog t("streamed", recs, std::vector<uint32_t>(1000, 3));
    Config cfg = all_cacheable();
    cfg.l1d = level(2048, 4, "ac");
    cfg.l2 = level(16384, 8, "pb");
    const Result a = simulate(load_log(t.path.string(), true), cfg);
    const Log streamed = load_log(t.path.string(), false);
    CHECK(streamed.records.empty());
    const Result b = simulate(streamed, cfg);
    REQUIRE(a.levels.size() == b.levels.size());
    CHECK(b.levels[0].total().accesses == 1200000);
    for (size_t i = 0; i < a.levels.size(); ++i) {
        CHECK(a.levels[i].total().accesses == b.levels[i].total().accesses);
        CHECK(a.levels[i].total().misses == b.levels[i].total().misses);
        CHECK(a.levels[i].total().writebacks == b.levels[i].total().writebacks);
        CHECK(a.levels[i].total_read_misses() == b.levels[i].total_read_misses());
    }
}

TEST_CASE("records outside the cacheable range bypass the caches") {
    TempLog t("mmio", {load(0x18002000), load(0x80000000u), load(0x80000004u)}, {1});
    const Log log = load_log(t.path.string());
    Config cfg;  // default: RAM only
    cfg.l1d = level(1024, 2, "lru");
    const Result r = simulate(log, cfg);
    CHECK(r.levels[0].total().accesses == 2);
    CHECK(r.levels[0].total().misses == 1);
}

TEST_CASE("bad configurations and logs are rejected with the reason") {
    TempLog t("notables", {load(0x10000)}, {1}, false);
    const Log log = load_log(t.path.string());
    Config cfg = all_cacheable();
    cfg.l2 = level(1024, 2, "ac");
    CHECK_THROWS_WITH(simulate(log, cfg), Catch::Contains("prio_ac") && Catch::Contains("ac"));
    cfg.l2.policy = "belady";
    CHECK_THROWS_WITH(simulate(log, cfg), Catch::Contains("unknown policy 'belady'"));
    cfg.l2.policy = "lru";
    cfg.l1d = level(1024, 2, "opt");
    CHECK_THROWS_WITH(simulate(log, cfg), Catch::Contains("only available for the L2"));
    CHECK(parse_size("32KiB") == 32768);
    CHECK(parse_size("4MiB") == 4u << 20);
    CHECK(parse_size("256") == 256);
    CHECK_THROWS_WITH(parse_size("3 parsecs"), Catch::Contains("unknown size unit"));
    CHECK_THROWS_WITH(parse_size("lots"), Catch::Contains("not a size"));
}

TEST_CASE("lengths in a hostile log are checked against the file before anything is allocated") {
    // Header length, blob sizes and header types from the file (issue #17): each once allocated what
    // the file claimed (up to 4 GiB, or 1 TiB for a blob) or threw a JSON type error past the handler.
    const fs::path p = fs::temp_directory_path() / ("vp_test_cachesim_hostile_" + std::to_string(::getpid()));
    auto write_log = [&](uint32_t header_len, const std::string& header, const std::string& tail = "") {
        std::ofstream f(p, std::ios::binary);
        const uint32_t version = 1;
        f.write("VPACCLOG", 8);
        f.write(reinterpret_cast<const char*>(&version), 4);
        f.write(reinterpret_cast<const char*>(&header_len), 4);
        f << header << tail;
    };
    write_log(0xffffffffu, "{}");
    CHECK_THROWS_WITH(load_log(p.string()), Catch::Contains("truncated"));
    const std::string huge_blob = R"({"blobs":[{"name":"t","addr":0,"size":1099511627776}]})";
    write_log(uint32_t(huge_blob.size()), huge_blob, "12345678");
    CHECK_THROWS_WITH(load_log(p.string()), Catch::Contains("truncated"));
    const std::string wrong_type = R"({"blobs":[{"name":"t","addr":0,"size":"big"}]})";
    write_log(uint32_t(wrong_type.size()), wrong_type);
    CHECK_THROWS_WITH(load_log(p.string()), Catch::Contains("bad JSON header"));
    write_log(2, "[]");  // valid JSON, not an object
    CHECK_THROWS_WITH(load_log(p.string()), Catch::Contains("bad JSON header"));
    fs::remove(p);
    // Not a log: a directory, and /dev/zero (read as a stream: its first bytes are not the magic)
    CHECK_THROWS_WITH(load_log(fs::temp_directory_path().string()), Catch::Contains("is a directory"));
    CHECK_THROWS_WITH(load_log("/dev/zero"), Catch::Contains("bad magic"));
}

namespace {

// Writes `bytes` into a new FIFO from a thread (as vp-rgcn-trace would through a pipe); the reader
// opens the FIFO's path. `cut` stops the writer after that many bytes (a truncated stream).
struct FifoFeed {
    fs::path path;
    std::thread writer;
    FifoFeed(const std::string& name, std::string bytes, size_t cut = ~size_t(0)) {
        path = fs::temp_directory_path() / ("vp_test_cachesim_fifo_" + std::to_string(::getpid()) + "_" + name);
        fs::remove(path);
        REQUIRE(::mkfifo(path.c_str(), 0600) == 0);
        writer = std::thread([p = path, b = std::move(bytes), cut] {
            std::FILE* f = std::fopen(p.c_str(), "wb");
            if (!f) return;
            std::fwrite(b.data(), 1, std::min(cut, b.size()), f);  // (EPIPE if the reader gave up: fine)
            std::fclose(f);
        });
    }
    ~FifoFeed() {
        if (writer.joinable()) writer.join();
        std::error_code ec;
        fs::remove(path, ec);
    }
};

std::string file_bytes(const fs::path& p) {
    std::ifstream f(p, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
}

void check_same(const LevelResult& a, const LevelResult& b) {
    CHECK(a.name == b.name);
    REQUIRE(a.stats.size() == b.stats.size());
    for (size_t i = 0; i < a.stats.size(); ++i) {
        CHECK(a.stats[i].accesses == b.stats[i].accesses);
        CHECK(a.stats[i].misses == b.stats[i].misses);
        CHECK(a.stats[i].writebacks == b.stats[i].writebacks);
        CHECK(a.stats[i].priority_fetches == b.stats[i].priority_fetches);
        CHECK(a.read_misses[i] == b.read_misses[i]);
    }
}

}  // namespace

TEST_CASE("one pass drives every L2 size, from a file or a stream, as run_l1 + run_l2 do per size") {
    Xoshiro256 rng(11);
    std::vector<cache::AccessRecord> recs;
    for (int i = 0; i < 300000; ++i) {
        const uint32_t a = 0x10000 + 8 * uint32_t(rng.below(30000));
        recs.push_back(rng.below(4) == 0 ? store(a) : load(a));
    }
    TempLog t("onepass", recs, std::vector<uint32_t>(1000, 2));
    Config cfg = all_cacheable();
    cfg.l1d = level(2048, 4, "ac");
    std::vector<LevelConfig> l2s = {level(8192, 8, "pb"), level(32768, 8, "pb"), level(131072, 8, "pb")};
    // Reference: the L2 request stream stored, then each size replayed over it.
    const Log file = load_log(t.path.string(), false);
    std::vector<Request> stream;
    const std::vector<LevelResult> l1 = run_l1(file, cfg, stream);
    std::vector<LevelResult> ref;
    for (const LevelConfig& lc : l2s) {
        Config c = cfg;
        c.l2 = lc;
        ref.push_back(run_l2(file, c, stream));
    }
    REQUIRE(ref[0].total().misses > ref[2].total().misses);  // (the sizes differ: a test that can fail)
    auto check_pass = [&](const OnePassResult& one) {
        REQUIRE(one.l1.size() == l1.size());
        check_same(one.l1[0], l1[0]);
        CHECK(one.l2_requests == stream.size());
        REQUIRE(one.l2.size() == l2s.size());
        for (size_t k = 0; k < l2s.size(); ++k) check_same(one.l2[k], ref[k]);
    };
    check_pass(run_one_pass(file, cfg, l2s));
    // The same log through a FIFO: read once, as it arrives.
    FifoFeed feed("onepass", file_bytes(t.path));
    const Log streamed = load_log(feed.path.string(), false);
    check_pass(run_one_pass(streamed, cfg, l2s));
    CHECK_THROWS_WITH(run_one_pass(streamed, cfg, l2s), Catch::Contains("read only once"));
    LevelConfig opt = level(8192, 8, "opt");
    CHECK_THROWS_WITH(run_one_pass(file, cfg, {opt}), Catch::Contains("opt"));
}

TEST_CASE("a stream's lengths are bounded by what arrives: a huge blob that never comes is a truncated stream") {
    const std::string huge_blob = R"({"blobs":[{"name":"t","addr":0,"size":1099511627776}]})";
    std::string bytes = "VPACCLOG";
    const uint32_t version = 1, len = uint32_t(huge_blob.size());
    bytes.append(reinterpret_cast<const char*>(&version), 4);
    bytes.append(reinterpret_cast<const char*>(&len), 4);
    bytes += huge_blob + std::string(3 << 20, 'x');  // 3 MiB of a claimed 1 TiB
    FifoFeed feed("huge", bytes);
    CHECK_THROWS_WITH(load_log(feed.path.string(), false), Catch::Contains("truncated stream"));
    // A stream cut inside the header.
    TempLog t("cut", {load(0x10000)}, {1});
    FifoFeed cut("cut", file_bytes(t.path), 20);
    CHECK_THROWS_WITH(load_log(cut.path.string(), false), Catch::Contains("truncated stream"));
}
