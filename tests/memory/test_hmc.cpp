// HMC timing: address map, packet/FLIT accounting, one read's latency = the documented sum of its
// stages, link bandwidth under a saturating stream (lanes x rate less packet overhead), bank conflicts
// serialise, tags bound the requests in flight, energy counted per link bit / in-cube bit, and the
// model behind the Memory target (data, trace children).
#include <catch2/catch.hpp>
#include <systemc>
#include <tlm>
#include "models/memory/hmc/hmc_timing.h"
#include "models/memory/memory.h"
#include "tests/memory/mem_test_util.h"
#include "tests/support/test_initiator.h"

using namespace vp;
using vp::test::TestInitiator;
using vp::test::timed;

namespace {

HmcConfig one_link() {
    HmcConfig c;
    c.links = 1;
    return c;
}

// Latency of an isolated read of `bytes` (one packet) to a vault `remote` or not to its link, from the
// configuration: the sum documented in docs/hmc.md.
Tick read_sum(const HmcConfig& c, unsigned bytes, bool remote) {
    const Tick xbar = c.xbar_latency + (remote ? c.xbar_remote_latency : 0);
    const uint64_t bursts = (bytes + c.burst_bytes - 1) / c.burst_bytes;
    return c.host_latency + c.flits_time(1) + c.serdes_latency + xbar + c.vault_frontend + c.tRCD + c.tCL +
           bursts * c.tBURST + c.vault_backend + xbar + c.flits_time(HmcTiming::packet_flits(bytes)) + c.serdes_latency;
}

}  // namespace

TEST_CASE("hmc: defaults, FLIT time and packet sizes") {
    HmcConfig c;
    REQUIRE(c.vaults == 32);
    REQUIRE(c.link_bandwidth() == Approx(30e9));  // 16 lanes x 15 Gb/s / 8
    REQUIRE(c.flits_time(1) == 534);              // 128 bit / 240 Gb/s = 533.3 ps, rounded up
    REQUIRE(c.flits_time(9) == 4800);             // exact: no accumulated rounding
    REQUIRE(HmcTiming::packet_flits(64) == 5);    // RD64 response / WR64 request
    REQUIRE(HmcTiming::packet_flits(0) == 1);     // read request, write response
    REQUIRE(HmcTiming::packet_flits(128) == 9);
    REQUIRE(HmcTiming::packet_flits(4) == 2);
}

TEST_CASE("hmc: address map by max block size: vault, quadrant, bank") {
    HmcTiming t{HmcConfig{}};  // 128 B blocks, 8 vaults per quadrant, 8 banks
    REQUIRE(t.decode(0).vault == 0);
    REQUIRE(t.decode(127).vault == 0);
    REQUIRE(t.decode(128).vault == 1);
    REQUIRE(t.decode(8 * 128).quadrant == 1);
    REQUIRE(t.decode(8 * 128).vault == 8);
    REQUIRE(t.decode(31 * 128).vault == 31);
    REQUIRE(t.decode(32 * 128).vault == 0);
    REQUIRE(t.decode(32 * 128).bank == 1);
    REQUIRE(t.decode(32 * 128 * 8).bank == 0);
    HmcConfig c;
    c.max_block = 32;
    HmcTiming s{c};
    REQUIRE(s.decode(32).vault == 1);
    REQUIRE(s.link_of(9) == 1);
    c.vaults = 24;
    REQUIRE_THROWS_WITH(HmcTiming(c), Catch::Contains("vaults = 24"));
    c = HmcConfig{};
    c.lanes = 12;
    REQUIRE_THROWS_WITH(HmcTiming(c), Catch::Contains("lanes = 12"));
}

TEST_CASE("hmc: one read's latency equals the documented sum of its stages") {
    HmcConfig c;  // 4 links: every vault is local to its link
    HmcTiming t{c};
    REQUIRE(timed(t, false, 0, 64, 0) == read_sum(c, 64, false));
    REQUIRE(read_sum(c, 64, false) == 52101);  // the number docs/hmc.md quotes
    REQUIRE(timed(t, false, 5 * 128 + 64, 32, 1 * kUs) == read_sum(c, 32, false));
    // One link: a vault of quadrant 1 is remote (crossbar penalty both ways).
    HmcTiming one{one_link()};
    REQUIRE(timed(one, false, 8 * 128, 64, 0) == read_sum(c, 64, true));
    REQUIRE(one.count(HmcTiming::kRemote) == 1);
    // A write: the data travel in the request (5 FLITs), the response is one FLIT.
    HmcTiming w{c};
    const Tick wr = c.host_latency + c.flits_time(5) + c.serdes_latency + 2 * c.xbar_latency + c.vault_frontend +
                    c.tRCD + c.tCWL + 2 * c.tBURST + c.vault_backend + c.flits_time(1) + c.serdes_latency;
    REQUIRE(timed(w, true, 0, 64, 0) == wr);
    REQUIRE(w.count(HmcTiming::kReqFlits) == 5);
    REQUIRE(w.count(HmcTiming::kRspFlits) == 1);
}

TEST_CASE("hmc: a transaction longer than max_block becomes several packets") {
    HmcTiming t{HmcConfig{}};
    timed(t, false, 64, 256, 0);  // 64..320: pieces 64..128, 128..256, 256..320
    REQUIRE(t.count(HmcTiming::kPackets) == 6);
    REQUIRE(t.count(HmcTiming::kReqFlits) == 3);
    REQUIRE(t.count(HmcTiming::kRspFlits) == 5 + 9 + 5);
    REQUIRE(t.count(HmcTiming::kVaultAccesses) == 3);
}

TEST_CASE("hmc: link bandwidth under a saturating stream is lanes x rate less packet overhead") {
    for (unsigned bytes : {64u, 128u}) {
        for (bool write : {false, true}) {
            HmcConfig c = one_link();
            HmcTiming t{c};
            const unsigned n = 4000;
            Tick first = 0, last = 0;
            for (unsigned i = 0; i < n; ++i) {
                const Tick end = timed(t, write, uint64_t(i) * bytes, bytes, 0);
                if (i == 0) first = end;
                last = std::max(last, end);
            }
            const double measured = double(n - 1) * bytes * 1e12 / double(last - first);
            const double expected = c.link_bandwidth() * double(bytes) / double(16 * HmcTiming::packet_flits(bytes));
            INFO("bytes " << bytes << (write ? " write" : " read") << ": " << measured / 1e9 << " GB/s, expected "
                          << expected / 1e9);
            REQUIRE(measured == Approx(expected).epsilon(0.05));
            REQUIRE(measured <= expected * 1.0001);
        }
    }
    // Four links: four times the bandwidth for a stream spread over the quadrants.
    HmcConfig c;
    HmcTiming t{c};
    const unsigned n = 8000;
    Tick last = 0;
    for (unsigned i = 0; i < n; ++i) last = std::max(last, timed(t, false, uint64_t(i) * 128, 128, 0));
    const double measured = double(n) * 128 * 1e12 / double(last);
    REQUIRE(measured == Approx(4 * c.link_bandwidth() * 8 / 9).epsilon(0.05));
}

TEST_CASE("hmc: accesses to one bank serialise (closed page: tRAS + tRP); other banks only share the TSVs") {
    HmcConfig c;
    const uint64_t same_bank = uint64_t(c.vaults) * c.max_block * c.banks;  // vault 0, bank 0 again
    const uint64_t other_bank = uint64_t(c.vaults) * c.max_block;           // vault 0, bank 1
    HmcTiming t{c};
    REQUIRE(t.decode(same_bank).bank == 0);
    REQUIRE(t.decode(other_bank).bank == 1);
    const Tick a = timed(t, false, 0, 32, 0);
    const Tick b = timed(t, false, same_bank, 32, 0);
    // The second ACT waits for the first's precharge: max(tRAS, tRCD + tRTP) + tRP.
    REQUIRE(b - a == std::max(c.tRAS, c.tRCD + c.tRTP) + c.tRP);
    HmcTiming u{c};
    const Tick x = timed(u, false, 0, 32, 0);
    const Tick y = timed(u, false, other_bank, 32, 0);
    REQUIRE(y - x == c.tBURST);  // the banks overlap; the data follow each other on the vault's TSVs
}

TEST_CASE("hmc: tags bound the requests in flight") {
    HmcConfig c = one_link();
    c.tags = 2;
    HmcTiming t{c};
    const Tick a = timed(t, false, 0, 32, 0);
    timed(t, false, 128, 32, 0);
    const Tick third = timed(t, false, 256, 32, 0);
    REQUIRE(t.count(HmcTiming::kTagWaits) == 1);
    // The third request leaves when the first response is back (its tag is free again).
    REQUIRE(third == a + read_sum(c, 32, false) - c.host_latency);
}

TEST_CASE("hmc: energy counts link bits, in-cube bits and DRAM bits") {
    SimContext ctx;
    HmcConfig c;
    HmcTiming t{c};
    t.attach(ctx, "ram.hmc");
    timed(t, false, 0, 64, 0);   // RD64: 1 + 5 FLITs on the link, 2 TSV bursts
    timed(t, true, 128, 16, 0);  // WR16: 2 + 1 FLITs, 1 burst
    const EnergyLedger& e = ctx.energy;
    REQUIRE(e.count(EnergyLedger::Kind(e.find("ram.hmc", "link_tx_bit"))) == (1 + 2) * 128);
    REQUIRE(e.count(EnergyLedger::Kind(e.find("ram.hmc", "link_rx_bit"))) == (5 + 1) * 128);
    REQUIRE(e.count(EnergyLedger::Kind(e.find("ram.hmc", "incube_bit"))) == 3 * 32 * 8);
    REQUIRE(e.count(EnergyLedger::Kind(e.find("ram.hmc", "dram_write_bit"))) == 32 * 8);
    REQUIRE(e.component_pj("ram.hmc") ==
            Approx(9 * 128 * c.e_link_bit + 3 * 256 * (c.e_incube_bit + c.e_dram_bit) + 2 * c.e_activate));
}

TEST_CASE("hmc: behind the Memory target (timing: hmc): data, latency, vault spans as children") {
    SimContext ctx;
    std::vector<TraceRecord> recs;
    ctx.tracer.enable(true);
    ctx.tracer.add_sink(std::make_unique<vp::test::CaptureSink>(recs));
    MemoryConfig mc;
    mc.size = 1 << 20;
    mc.timing = "hmc";
    mc.dmi = false;
    Memory mem("ram", ctx, mc);
    REQUIRE(std::string(mem.timing().kind()) == "hmc");
    TestInitiator cpu{"cpu"};
    cpu.socket.bind(mem.target_socket);
    Tick lat = 0;
    uint32_t back = 0;
    cpu.body = [&](TestInitiator& i) {
        uint32_t v = 0xCAFEF00D;
        i.transport(true, 0x1000, &v, 4, 0);
        lat = i.transport(false, 0x1000, &back, 4, 1 * kUs).end - 1 * kUs;
    };
    sc_core::sc_start();
    REQUIRE(back == 0xCAFEF00D);
    REQUIRE(lat == read_sum(HmcConfig{}, 4, false));  // RD16: 1-burst access, 2-FLIT response
    // Two memory spans, each with one vault child.
    unsigned children = 0;
    for (auto& r : recs)
        if (r.parent) {
            ++children;
            bool found = false;
            for (auto& p : recs) found |= p.id == r.parent && p.component == mem.trace_id();
            REQUIRE(found);
        }
    REQUIRE(recs.size() == 4);
    REQUIRE(children == 2);
}
