// DDR timing: exact latencies of the basic cases (closed bank, row hit, row conflict, write, closed
// page, multi-burst, tRRD/tFAW, tWTR, refresh), then whole-system behaviour through the Memory target
// and traffic generators: peak bandwidth of a stream, tRC bound of one bank, two initiators contending.
#include <catch2/catch.hpp>
#include <systemc>
#include <tlm>
#include <tlm_utils/tlm_quantumkeeper.h>
#include "models/bus/bus.h"
#include "models/memory/ddr/ddr_timing.h"
#include "models/memory/memory.h"
#include "models/trafficgen/trafficgen.h"
#include "tests/memory/mem_test_util.h"
#include "tests/support/test_initiator.h"

using namespace vp;
using vp::test::TestInitiator;
using vp::test::timed;

namespace {

// DDR3-1600 11-11-11 defaults, in ps.
constexpr Tick tCK = 1250, tCL = 11 * tCK, tCWL = 8 * tCK, tRCD = 11 * tCK, tRP = 11 * tCK, tBURST = 4 * tCK;
constexpr Tick tRAS = 35 * kNs, tRRD = 6 * kNs, tFAW = 30 * kNs, tWTR = 7500, tRFC = 260 * kNs, tREFI = 7800 * kNs;
constexpr Tick tRC = tRAS + tRP;

// Default mapping RoRaBaChCo, 1 channel, 1 rank: offset 6 bits, Co 7 bits, Ba 3 bits, Ro above.
uint64_t addr_of(uint64_t row, unsigned bank, unsigned col_burst = 0) {
    return (row << 16) | (uint64_t(bank) << 13) | (uint64_t(col_burst) << 6);
}

uint64_t n(const DdrTiming& t, DdrTiming::Count c) { return t.count(c); }

}  // namespace

TEST_CASE("ddr: defaults are DDR3-1600 (12.8 GB/s, 64 B bursts of 5 ns, 8 KiB rows)") {
    DdrConfig c;
    REQUIRE(c.burst_bytes() == 64);
    REQUIRE(c.tBURST() == 5 * kNs);
    REQUIRE(c.peak_bandwidth() == Approx(12.8e9));
    REQUIRE(c.columns * c.bus_width == 8192);
    DdrAddressMap m(c);
    const DdrCoord k = m.decode(addr_of(1234, 5, 17) + 63);
    REQUIRE(k.row == 1234);
    REQUIRE(k.bank == 5);
    REQUIRE(k.column == 17);
    REQUIRE(k.channel == 0);
}

TEST_CASE("ddr: address mapping strings place the fields where they say") {
    DdrConfig c;
    c.channels = 2;
    c.ranks = 2;
    c.mapping = "RoCoRaBaCh";  // burst-interleaved: channel in bit 6, bank in 7..9, rank in 10
    DdrAddressMap m(c);
    REQUIRE(m.decode(0x40).channel == 1);
    REQUIRE(m.decode(0x80).bank == 1);
    REQUIRE(m.decode(0x400).rank == 1);
    REQUIRE(m.decode(0x800).column == 1);
    REQUIRE(m.decode(uint64_t(1) << 18).row == 1);
    c.mapping = "RoRaBaCh";
    REQUIRE_THROWS_WITH(DdrAddressMap(c), Catch::Contains("five fields"));
    c.mapping = "RoRoBaChCo";
    REQUIRE_THROWS_WITH(DdrAddressMap(c), Catch::Contains("twice"));
    c.mapping = "RoRaBaChCo";
    c.banks = 6;
    REQUIRE_THROWS_WITH(DdrTiming(c), Catch::Contains("banks = 6: must be a power of two"));
}

TEST_CASE("ddr: a read to a precharged bank costs tRCD + CL + tBURST") {
    DdrTiming t{DdrConfig{}};
    REQUIRE(timed(t, false, addr_of(5, 0), 64, 0) == tRCD + tCL + tBURST);        // 32.5 ns
    REQUIRE(timed(t, false, addr_of(9, 3), 64, 1234567) == tRCD + tCL + tBURST);  // any arrival time
    REQUIRE(n(t, DdrTiming::kRowMisses) == 2);
    REQUIRE(n(t, DdrTiming::kActivates) == 2);
}

TEST_CASE("ddr: a row hit costs CL + tBURST") {
    DdrTiming t{DdrConfig{}};
    timed(t, false, addr_of(5, 0, 0), 64, 0);
    REQUIRE(timed(t, false, addr_of(5, 0, 3), 64, 100 * kNs) == tCL + tBURST);  // 18.75 ns
    REQUIRE(timed(t, true, addr_of(5, 0, 4), 64, 200 * kNs) == tCWL + tBURST);
    REQUIRE(n(t, DdrTiming::kRowHits) == 2);
}

TEST_CASE("ddr: a row conflict costs tRP + tRCD + CL + tBURST") {
    DdrTiming t{DdrConfig{}};
    timed(t, false, addr_of(5, 0), 64, 0);
    REQUIRE(timed(t, false, addr_of(6, 0), 64, 100 * kNs) == tRP + tRCD + tCL + tBURST);  // 46.25 ns
    REQUIRE(n(t, DdrTiming::kRowConflicts) == 1);
    REQUIRE(n(t, DdrTiming::kPrecharges) == 1);
    // Too early after the ACT: the PRE waits for tRAS, so the ACTs are tRC apart.
    DdrTiming u{DdrConfig{}};
    timed(u, false, addr_of(5, 0), 64, 0);
    REQUIRE(timed(u, false, addr_of(6, 0), 64, 0) == tRC + tRCD + tCL + tBURST);
}

TEST_CASE("ddr: a write to a precharged bank costs tRCD + CWL + tBURST") {
    DdrTiming t{DdrConfig{}};
    REQUIRE(timed(t, true, addr_of(5, 2), 64, 0) == tRCD + tCWL + tBURST);  // 28.75 ns
}

TEST_CASE("ddr: a transaction longer than a burst issues one column command and data burst per 64 B") {
    DdrTiming t{DdrConfig{}};
    REQUIRE(timed(t, false, addr_of(5, 0), 256, 0) == tRCD + tCL + 4 * tBURST);
    REQUIRE(n(t, DdrTiming::kBursts) == 4);
    REQUIRE(n(t, DdrTiming::kRowHits) == 3);
    // Unaligned: 8 bytes straddling two bursts cost two bursts.
    REQUIRE(timed(t, false, addr_of(5, 0, 10) + 60, 8, 1 * kUs) == tCL + 2 * tBURST);
    REQUIRE(n(t, DdrTiming::kBursts) == 6);
}

TEST_CASE("ddr: closed-page policy precharges after every access") {
    DdrConfig c;
    c.page_policy = PagePolicy::Closed;
    DdrTiming t{c};
    REQUIRE(timed(t, false, addr_of(5, 0), 64, 0) == tRCD + tCL + tBURST);
    REQUIRE(timed(t, false, addr_of(5, 0, 1), 64, 100 * kNs) == tRCD + tCL + tBURST);  // same row: no hit
    REQUIRE(timed(t, false, addr_of(7, 0), 64, 200 * kNs) == tRCD + tCL + tBURST);     // other row: no conflict
    // Back to back on one bank: the auto-precharge waits for tRAS, the next ACT for tRP.
    REQUIRE(timed(t, false, addr_of(8, 0), 64, 200 * kNs) == tRC + tRCD + tCL + tBURST);
    REQUIRE(n(t, DdrTiming::kRowHits) == 0);
    REQUIRE(n(t, DdrTiming::kRowConflicts) == 0);
    REQUIRE(n(t, DdrTiming::kRowMisses) == 4);
    REQUIRE(n(t, DdrTiming::kPrecharges) == 4);
}

TEST_CASE("ddr: other banks open rows in parallel (tRRD, tFAW) and data serialises on the bus") {
    DdrTiming t{DdrConfig{}};
    // Five reads at t=0 to five banks: ACTs at 0, tRRD, 2 tRRD, 3 tRRD, then tFAW after the first.
    const Tick miss = tRCD + tCL + tBURST;
    REQUIRE(timed(t, false, addr_of(1, 0), 64, 0) == miss);
    REQUIRE(timed(t, false, addr_of(1, 1), 64, 0) == tRRD + miss);
    REQUIRE(timed(t, false, addr_of(1, 2), 64, 0) == 2 * tRRD + miss);
    REQUIRE(timed(t, false, addr_of(1, 3), 64, 0) == 3 * tRRD + miss);
    REQUIRE(timed(t, false, addr_of(1, 4), 64, 0) == tFAW + miss);
    // Row hits in four open banks, all at once: one burst after the other on the data bus.
    for (unsigned b = 0; b < 4; ++b) REQUIRE(timed(t, false, addr_of(1, b, 1), 64, 1 * kUs) == tCL + tBURST * (b + 1));
    // A request from the past fills the data bus gap it finds (resource reservation, not FIFO).
    REQUIRE(timed(t, false, addr_of(1, 4, 2), 64, 500 * kNs) == tCL + tBURST);
}

TEST_CASE("ddr: ACTs arriving in time order wait exactly at the tRRD and tFAW boundaries") {
    // (The in-order case has its own short path in place_act: its boundaries, to the picosecond.
    // timed() answers the latency from the arrival.)
    DdrTiming t{DdrConfig{}};
    const Tick miss = tRCD + tCL + tBURST;
    for (unsigned b = 0; b < 4; ++b)  // exactly tRRD apart: none waits
        REQUIRE(timed(t, false, addr_of(1, b), 64, b * tRRD) == miss);
    // The fifth ACT 1 ps inside the window of the first: it waits until the window ends.
    REQUIRE(timed(t, false, addr_of(1, 4), 64, tFAW - 1) == 1 + miss);
    // Exactly tFAW after the fourth last and tRRD after the last: no wait.
    REQUIRE(timed(t, false, addr_of(1, 5), 64, tFAW + tRRD) == miss);
    // With slack on both.
    REQUIRE(timed(t, false, addr_of(1, 6), 64, tFAW + 3 * tRRD) == miss);
    // 1 ps short of tRRD after the last (tFAW after the fourth last is met): waits 1 ps.
    REQUIRE(timed(t, false, addr_of(1, 7), 64, tFAW + 4 * tRRD - 1) == 1 + miss);
    REQUIRE(n(t, DdrTiming::kActivates) == 8);
}

TEST_CASE("ddr: a read after a write to the same rank waits for tWTR") {
    DdrTiming t{DdrConfig{}};
    timed(t, false, addr_of(1, 0), 64, 0);
    REQUIRE(timed(t, true, addr_of(1, 0, 1), 64, 100 * kNs) == tCWL + tBURST);
    // write data ends at 115 ns; read command >= 115 + tWTR
    REQUIRE(timed(t, false, addr_of(1, 0, 2), 64, 100 * kNs) == tCWL + tBURST + tWTR + tCL + tBURST);
}

TEST_CASE("ddr: refresh happens every tREFI and makes the rank unavailable for tRFC") {
    DdrTiming t{DdrConfig{}};
    std::vector<Tick> refs;
    t.on_refresh([&](unsigned, unsigned, Tick at, Tick end) {
        refs.push_back(at);
        REQUIRE(end == at + tRFC);
    });
    const Tick miss = tRCD + tCL + tBURST;
    REQUIRE(timed(t, false, addr_of(1, 0), 64, tREFI - 100 * kNs) == miss);  // before the first refresh
    // Just after the first refresh is due: the bank (open) is precharged, REF, then tRFC.
    REQUIRE(timed(t, false, addr_of(1, 0), 64, tREFI + 1 * kNs) == tRP + tRFC - 1 * kNs + miss);
    REQUIRE(refs == std::vector<Tick>{tREFI + tRP});
    // Idle banks (row left open by the previous access: precharged again), second interval.
    REQUIRE(timed(t, false, addr_of(1, 1), 64, 2 * tREFI + 10 * kNs) == tRP + tRFC - 10 * kNs + miss);
    // After a long idle time every missed refresh is accounted, at its due time.
    t.finish(20 * tREFI + 1);
    REQUIRE(n(t, DdrTiming::kRefreshes) == 20);
    REQUIRE(refs.size() == 20);
    REQUIRE(refs[1] == 2 * tREFI + tRP);                                           // bank 0's row was open
    REQUIRE(refs[2] == 3 * tREFI + tRP);                                           // bank 1's row was open
    for (size_t k = 3; k < refs.size(); ++k) REQUIRE(refs[k] == (k + 1) * tREFI);  // all precharged: on time
}

// ---------------------------------------------------------------------------------------------
// Through the Memory target and traffic generators (one simulation per test case).

namespace {

MemoryConfig ddr_memory(uint64_t size, const DdrConfig& ddr = {}) {
    MemoryConfig c;
    c.size = size;
    c.timing = "ddr";
    c.ddr = ddr;
    return c;
}

TrafficGenConfig stream(uint64_t base, uint64_t count, unsigned window) {
    TrafficGenConfig g;
    g.pattern.pattern = TrafficPattern::Sequential;
    g.pattern.base = base;
    g.pattern.range = 1ull << 30;
    g.pattern.access_size = 64;
    g.pattern.count = count;
    g.window = window;
    return g;
}

const DdrTiming& ddr_of(Memory& m) { return static_cast<const DdrTiming&>(m.timing()); }

}  // namespace

TEST_CASE("ddr: through the Memory target the latency is the DRAM's, and the trace names bank and row") {
    SimContext ctx;
    std::vector<TraceRecord> recs;
    ctx.tracer.enable(true);
    auto sink = std::make_unique<vp::test::CaptureSink>(recs);
    auto* capture = sink.get();
    ctx.tracer.add_sink(std::move(sink));
    Memory mem("ram", ctx, ddr_memory(1ull << 30));
    TestInitiator cpu{"cpu"};
    cpu.socket.bind(mem.target_socket);
    Tick miss = 0, hit = 0, conflict = 0;
    cpu.body = [&](TestInitiator& i) {
        uint8_t b[64] = {};
        miss = i.transport(false, addr_of(3, 2), b, 64, 0).end;
        hit = i.transport(false, addr_of(3, 2, 5), b, 64, 1 * kUs).end - 1 * kUs;
        conflict = i.transport(false, addr_of(4, 2), b, 64, 2 * kUs).end - 2 * kUs;
        i.transport(false, addr_of(4, 2), b, 64, tREFI + 1 * kUs);  // after the first refresh
    };
    sc_core::sc_start();
    REQUIRE(miss == tRCD + tCL + tBURST);
    REQUIRE(hit == tCL + tBURST);
    REQUIRE(conflict == tRP + tRCD + tCL + tBURST);
    REQUIRE(recs.size() == 4);
    REQUIRE(capture->instants.size() == 1);  // the refresh, on the memory's track
    REQUIRE(capture->instants[0].first == "refresh");
    REQUIRE(capture->instants[0].second == tREFI + tRP);
    auto attr = [](const TraceRecord& r, const std::string& k) {
        for (unsigned a = 0; a < r.n_attrs; ++a)
            if (k == r.attrs[a].key) return r.attrs[a].value;
        return int64_t(-1);
    };
    REQUIRE(attr(recs[0], "bank") == 2);
    REQUIRE(attr(recs[0], "row") == 3);
    REQUIRE(attr(recs[0], "row_state") == DdrTiming::kMiss);
    REQUIRE(attr(recs[1], "row_state") == DdrTiming::kHit);
    REQUIRE(attr(recs[2], "row_state") == DdrTiming::kConflict);
    REQUIRE(recs[2].start == 2 * kUs);  // PRE issued at arrival
    REQUIRE(ctx.stats.find("ram.ddr")->find_counter("row_conflicts")->value == 1);
    REQUIRE(to_tick(sc_core::sc_time_stamp()) == 0);  // the memory never waits
}

TEST_CASE("ddr: a sequential stream with 16 requests in flight reaches the peak bandwidth within 5 %") {
    tlm_utils::tlm_quantumkeeper::set_global_quantum(to_sc_time(1 * kUs));
    SimContext ctx;
    Memory mem("ram", ctx, ddr_memory(1ull << 30));
    TrafficGenerator gen("gen", ctx, stream(0, 200000, 16));  // 12.8 MB, ~1 ms with refresh
    gen.initiator_socket.bind(mem.target_socket);
    sc_core::sc_start();
    REQUIRE(gen.done());
    const double bw = gen.achieved_bandwidth();
    INFO("bandwidth " << bw / 1e9 << " GB/s");
    REQUIRE(bw <= 12.8e9);
    REQUIRE(bw >= 0.95 * 12.8e9);
    const DdrTiming& d = ddr_of(mem);
    const double active = double(gen.last_completion() - gen.first_issue());
    REQUIRE(n(d, DdrTiming::kRefreshes) >= uint64_t(active / double(tREFI)));  // refresh included
    // One miss per 8 KiB row, plus one after each refresh.
    REQUIRE(n(d, DdrTiming::kRowHits) >= 200000 - 200000 / 128 - 2 * n(d, DdrTiming::kRefreshes));
}

TEST_CASE("ddr: random reads to one bank are bounded by tRC = tRAS + tRP per access") {
    tlm_utils::tlm_quantumkeeper::set_global_quantum(to_sc_time(1 * kUs));
    SimContext ctx;
    // Bank bits on top: the lowest 512 MiB are all bank 0, rows picked at random.
    DdrConfig ddr;
    ddr.mapping = "BaRaChRoCo";
    ddr.tREFI = 0;
    Memory mem("ram", ctx, ddr_memory(4ull << 30, ddr));
    TrafficGenConfig g;
    g.pattern.pattern = TrafficPattern::Random;
    g.pattern.base = 0;
    g.pattern.range = 512ull << 20;
    g.pattern.access_size = 64;
    g.pattern.count = 500;
    g.pattern.seed = 7;
    g.window = 16;
    TrafficGenerator gen("gen", ctx, g);
    gen.initiator_socket.bind(mem.target_socket);
    sc_core::sc_start();
    const DdrTiming& d = ddr_of(mem);
    REQUIRE(n(d, DdrTiming::kActivates) >= 495);  // almost always a new row
    const Tick active = gen.last_completion() - gen.first_issue();
    const uint64_t acts = n(d, DdrTiming::kActivates);
    REQUIRE(active >= (acts - 1) * tRC);                  // never faster than one ACT per tRC
    REQUIRE(active <= acts * tRC + tRCD + tCL + tBURST);  // and the bank is kept busy
}

namespace {

struct Shares {
    double a, b, total;
};

// Two sequential streams (16 in flight each) through a fast bus into one DDR3-1600 channel.
Shares contend(Tick quantum) {
    tlm_utils::tlm_quantumkeeper::set_global_quantum(to_sc_time(quantum));
    SimContext ctx;
    Bus bus("bus", ctx, BusConfig{2e9, 64, 1});  // 128 GB/s: not the bottleneck
    Memory mem("ram", ctx, ddr_memory(1ull << 30));
    TrafficGenerator a("a", ctx, stream(0x0, 50000, 16));
    // b starts four banks and 4096 rows away: the streams walk disjoint banks (no row ping-pong).
    TrafficGenerator b("b", ctx, stream(0x10008000, 50000, 16));
    a.initiator_socket.bind(bus.target_socket);
    b.initiator_socket.bind(bus.target_socket);
    bus.initiator_socket.bind(mem.target_socket);
    bus.map(0, 0, 1ull << 30, "ram");
    sc_core::sc_start();
    REQUIRE(a.done());
    REQUIRE(b.done());
    const Tick t0 = std::min(a.first_issue(), b.first_issue());
    const Tick t1 = std::max(a.last_completion(), b.last_completion());
    const Shares s{a.achieved_bandwidth(), b.achieved_bandwidth(), 2.0 * 50000 * 64 * 1e12 / double(t1 - t0)};
    INFO("a " << s.a / 1e9 << " GB/s, b " << s.b / 1e9 << " GB/s, total " << s.total / 1e9);
    CHECK(s.total <= 12.8e9);
    return s;
}

}  // namespace

TEST_CASE("ddr: two initiators contend: together bounded by the peak and each gets about half") {
    // A quantum shorter than the streams' window span: arrivals interleave nearly in time order.
    const Shares s = contend(100 * kNs);
    REQUIRE(s.total <= 12.8e9);
    REQUIRE(s.total >= 0.9 * 12.8e9);
    REQUIRE(s.a == Approx(s.total / 2).epsilon(0.1));
    REQUIRE(s.b == Approx(s.total / 2).epsilon(0.1));
}

TEST_CASE("ddr: with a long quantum two initiators stay bounded by the peak but share unfairly (documented)") {
    // With a 1 us quantum the first initiator reserves the data bus a quantum ahead of the second:
    // the bound holds (the data bus is a Timeline), the split does not follow arrival order.
    const Shares s = contend(1 * kUs);
    REQUIRE(s.total <= 12.8e9);
    REQUIRE(s.total >= 0.9 * 12.8e9);
    REQUIRE(s.b >= 0.3 * s.total);
    REQUIRE(s.a > s.b);
}
