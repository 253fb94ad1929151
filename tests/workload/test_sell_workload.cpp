// The sell workload: blob layout as include/vp/sell_data.h says, and a check that passes only when
// every requested case ran and wrote the reference y bit for bit (one flipped bit fails it).
#include <catch2/catch.hpp>

#include <cstring>

#include "config/scenario.h"
#include "config/schema.h"
#include "platform/workload/csr.h"
#include "platform/workload/sell.h"
#include "platform/workload/workload.h"
#include "vp/sell_data.h"
#include "tests/support/loader_bench.h"

using namespace vp;

namespace {

const config::Schema& schema() {
    static const config::Schema s = [] {
        config::Schema sc;
        declare_workloads(sc.map("workload", "test"));
        return sc;
    }();
    return s;
}

std::unique_ptr<Workload> workload_from(const std::string& yaml) {
    return make_workload(config::Scenario::from_text(yaml, "w.yaml", ".", schema()));
}

// A memory at address 0 behind a loader: the workload's blobs go there.
struct Bench : vp::test::LoaderBench {
    Bench() : LoaderBench(64u << 20) {}
    template <typename T>
    std::vector<T> blob(const char* name) {
        uint32_t addr = 0, size = 0;
        REQUIRE(loader.find_bootinfo(name, addr, size));
        std::vector<T> v(size / sizeof(T));
        loader.read(addr, v.data(), size, name);
        return v;
    }
    uint32_t addr(const char* name) {
        uint32_t a = 0, s = 0;
        REQUIRE(loader.find_bootinfo(name, a, s));
        return a;
    }
};

}  // namespace

TEST_CASE("sell workload: blobs, and a check that needs every requested case bit for bit") {
    auto wl = workload_from(
        "workload:\n  kind: sell\n  sell:\n    rows: 300\n    nnz_per_row: 7\n    seed: 3\n    C: 32\n    sigma: 64\n"
        "    cases: [csr, sell, acc_cdma]\n");
    REQUIRE(wl);
    Bench b;
    const workload::Image image = wl->build_image(0);
    for (const auto& blob : image.blobs) {  // what the platform's loader does
        b.loader.write(blob.addr, blob.data.data(), blob.data.size(), blob.name);
        b.loader.add_bootinfo(blob.name, uint32_t(blob.addr), uint32_t(blob.data.size()));
    }

    // The images the firmware reads, against the library that built them.
    const workload::CsrMatrix a = workload::random_csr(300, 300, 7, 3);
    const workload::SellMatrix s = workload::csr_to_sell(a, 32, 64);
    const auto info = b.blob<sell_info_t>("sell_info").at(0);
    CHECK(info.magic == SELL_INFO_MAGIC);
    CHECK(info.rows == 300);
    CHECK(info.nnz == a.nnz());
    CHECK(info.C == 32);
    CHECK(info.sigma == 64);
    CHECK(info.chunks == s.chunks());
    CHECK(info.padded == s.padded());
    CHECK(info.cases == ((1u << SELL_CASE_CSR) | (1u << SELL_CASE_SELL) | (1u << SELL_CASE_ACC_CDMA)));
    CHECK(info.done == 0);
    CHECK(info.flags == 0);  // sorted: not the identity permutation
    CHECK(info.y_stride == 304);
    CHECK(b.blob<uint32_t>("row_ptr") == a.row_ptr);
    CHECK(b.blob<uint32_t>("sell_col") == s.col_idx);
    CHECK(b.blob<uint32_t>("sell_perm") == s.perm);
    CHECK(b.blob<uint32_t>("sell_cptr") == s.chunk_ptr);
    const auto x = b.blob<float>("x");
    for (uint32_t i = 0; i < 300; ++i) REQUIRE(x[i] == float(i));  // x = 0, 1, 2, ... by default
    const auto y0 = b.blob<float>("y");
    REQUIRE(y0.size() == size_t(304) * SELL_CASES);
    for (float v : y0) REQUIRE(std::isnan(v));  // poisoned

    std::string report;
    CHECK_FALSE(wl->check(b.loader, report));
    CHECK_THAT(report, Catch::Contains("case csr was requested but the firmware did not run it"));

    // A firmware that did everything right.
    const std::vector<float> ref = workload::spmv_reference(a, x);
    for (uint32_t k : {SELL_CASE_CSR, SELL_CASE_SELL, SELL_CASE_ACC_CDMA})
        b.loader.overwrite(b.addr("y") + k * 304 * 4, ref.data(), ref.size() * 4, "y");
    sell_info_t done = info;
    done.done = info.cases;
    b.loader.overwrite(b.addr("sell_info"), &done, sizeof done, "info");
    CHECK(wl->check(b.loader, report));
    CHECK_THAT(report, Catch::Contains("y of csr, sell, acc_cdma matches the host reference bit for bit"));

    // One bit of one case wrong.
    float bad = ref[123];
    uint32_t bits;
    std::memcpy(&bits, &bad, 4);
    bits ^= 1;
    std::memcpy(&bad, &bits, 4);
    b.loader.overwrite(b.addr("y") + (SELL_CASE_SELL * 304 + 123) * 4, &bad, 4, "y");
    CHECK_FALSE(wl->check(b.loader, report));
    CHECK_THAT(report, Catch::StartsWith("case sell: y[123] = "));
}

TEST_CASE("sell workload: bad sections are errors naming file, line and key") {
    auto fails = [](const std::string& yaml, const std::string& what) {
        try {
            workload_from(yaml);
            FAIL("accepted");
        } catch (const config::ScenarioError& e) {
            CHECK_THAT(e.what(), Catch::Contains(what));
        }
    };
    fails("workload:\n  kind: sell\n  sell:\n    cases: [csr, gpu]\n",
          "w.yaml:4: workload.sell.cases: unknown case 'gpu'");
    fails("workload:\n  kind: sell\n  sell:\n    cases: []\n", "workload.sell.cases: no case to run");
    fails("workload:\n  kind: sell\n  sell:\n    standin: shyy41\n    kronecker_scale: 4\n",
          "workload.sell.matrix: give one of matrix, standin and kronecker_scale");
    CHECK_THROWS_WITH(workload_from("workload:\n  kind: sell\n  sell:\n    standin: nope\n"),
                      Catch::Contains("unknown stand-in matrix 'nope'"));
}
