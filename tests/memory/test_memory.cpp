// Memory target: data, byte enables, streaming width, address errors, sparse store, DMI, debug access,
// statistics/trace consistency, fixed timing, schema declarations.
#include <catch2/catch.hpp>
#include <cstring>
#include "models/memory/ddr/ddr_timing.h"
#include "models/memory/fixed_timing.h"
#include "models/memory/memory.h"
#include "config/scenario.h"
#include "tests/memory/mem_test_util.h"
#include "tests/support/test_initiator.h"

using namespace vp;
using vp::test::TestInitiator;

namespace {

MemoryConfig mem_cfg(uint64_t size, bool dmi = true) {
    MemoryConfig c;
    c.size = size;
    c.dmi = dmi;
    c.timing = "fixed";
    return c;
}

// A memory with fixed timing (50 ns + 12.8 GB/s) and one test initiator.
struct Fixture {
    SimContext ctx;
    FixedTiming* fixed;
    Memory mem;
    TestInitiator cpu{"cpu"};
    explicit Fixture(uint64_t size = 1 << 20, bool dmi = true, FixedTimingConfig fc = {})
        : mem("ram", ctx, mem_cfg(size, dmi), make(fc)) {
        cpu.socket.bind(mem.target_socket);
    }
    std::unique_ptr<MemoryTiming> make(const FixedTimingConfig& fc) {
        auto t = std::make_unique<FixedTiming>(fc);
        fixed = t.get();
        return t;
    }
    uint64_t counter(const char* name) const { return ctx.stats.find("ram")->find_counter(name)->value; }
};

// Sends a payload with byte enables / streaming width set by the caller.
tlm::tlm_response_status send(TestInitiator& i, tlm::tlm_generic_payload& p) {
    sc_core::sc_time d = sc_core::SC_ZERO_TIME;
    p.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    i.socket->b_transport(p, d);
    return p.get_response_status();
}

}  // namespace

TEST_CASE("memory: data written through b_transport reads back") {
    Fixture f;
    f.cpu.body = [&](TestInitiator& i) {
        i.write32(0x100, 0xdeadbeef);
        REQUIRE(i.read32(0x100) == 0xdeadbeef);
        uint8_t block[200], back[200] = {};
        for (int k = 0; k < 200; ++k) block[k] = uint8_t(k * 7);
        REQUIRE(i.transport(true, 0x1000, block, 200, 0).status == tlm::TLM_OK_RESPONSE);
        REQUIRE(i.transport(false, 0x1000, back, 200, 0).status == tlm::TLM_OK_RESPONSE);
        REQUIRE(std::memcmp(block, back, 200) == 0);
    };
    sc_core::sc_start();
    REQUIRE(f.counter("writes") == 2);
    REQUIRE(f.counter("reads") == 2);
    REQUIRE(f.counter("bytes_written") == 204);
}

TEST_CASE("memory: a 4 GiB memory touched at a few addresses keeps resident_bytes small") {
    Fixture f(4ull << 30);
    f.cpu.body = [&](TestInitiator& i) {
        const uint64_t addrs[] = {0, 1ull << 30, 3ull << 30, (4ull << 30) - 4};
        for (uint64_t a : addrs) i.write32(a, uint32_t(a >> 8) | 1);
        for (uint64_t a : addrs) REQUIRE(i.read32(a) == (uint32_t(a >> 8) | 1));
    };
    sc_core::sc_start();
    REQUIRE(f.mem.size() == 4ull << 30);
    REQUIRE(f.mem.store().resident_bytes() <= 16 * 4096);
    REQUIRE(f.mem.store().resident_bytes() >= 4 * 4096);
}

TEST_CASE("memory: accesses outside the range get TLM_ADDRESS_ERROR_RESPONSE and move no data") {
    Fixture f(0x1000);
    f.cpu.body = [&](TestInitiator& i) {
        uint32_t v = 0x11223344;
        REQUIRE(i.transport(true, 0x1000, &v, 4, 0).status == tlm::TLM_ADDRESS_ERROR_RESPONSE);
        REQUIRE(i.transport(true, 0xffe, &v, 4, 0).status == tlm::TLM_ADDRESS_ERROR_RESPONSE);  // crosses the end
        REQUIRE(i.transport(false, ~0ull - 1, &v, 4, 0).status == tlm::TLM_ADDRESS_ERROR_RESPONSE);
        REQUIRE(i.transport(true, 0xffc, &v, 4, 0).status == tlm::TLM_OK_RESPONSE);  // the last word is fine
    };
    sc_core::sc_start();
    REQUIRE(f.counter("errors") == 3);
    REQUIRE(f.counter("transactions") == 4);
    REQUIRE(f.mem.store().data()[0xffe] == 0x22);  // from the good write only
}

TEST_CASE("memory: byte enables are honoured on writes and reads") {
    Fixture f;
    f.cpu.body = [&](TestInitiator& i) {
        i.write32(0x40, 0xAABBCCDD);
        i.write32(0x44, 0x11111111);
        uint8_t data[8] = {1, 2, 3, 4, 5, 6, 7, 8};
        uint8_t be[2] = {TLM_BYTE_ENABLED, TLM_BYTE_DISABLED};  // pattern repeats: even bytes only
        tlm::tlm_generic_payload p;
        p.set_command(tlm::TLM_WRITE_COMMAND);
        p.set_address(0x40);
        p.set_data_ptr(data);
        p.set_data_length(8);
        p.set_streaming_width(8);
        p.set_byte_enable_ptr(be);
        p.set_byte_enable_length(2);
        REQUIRE(send(i, p) == tlm::TLM_OK_RESPONSE);
        REQUIRE(i.read32(0x40) == 0xAA03CC01);
        REQUIRE(i.read32(0x44) == 0x11071105);
        uint8_t out[8];
        std::memset(out, 0xEE, 8);
        p.set_command(tlm::TLM_READ_COMMAND);
        p.set_data_ptr(out);
        REQUIRE(send(i, p) == tlm::TLM_OK_RESPONSE);
        const uint8_t expect[8] = {0x01, 0xEE, 0x03, 0xEE, 0x05, 0xEE, 0x07, 0xEE};  // disabled bytes untouched
        REQUIRE(std::memcmp(out, expect, 8) == 0);
    };
    sc_core::sc_start();
}

TEST_CASE("memory: streaming width repeats the address window") {
    Fixture f;
    f.cpu.body = [&](TestInitiator& i) {
        uint8_t data[12] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
        tlm::tlm_generic_payload p;
        p.set_command(tlm::TLM_WRITE_COMMAND);
        p.set_address(0x80);
        p.set_data_ptr(data);
        p.set_data_length(12);
        p.set_streaming_width(4);  // a FIFO-like 4-byte register: last 4 bytes win
        REQUIRE(send(i, p) == tlm::TLM_OK_RESPONSE);
        REQUIRE(i.read32(0x80) == 0x0C0B0A09);
        REQUIRE(i.read32(0x84) == 0);  // nothing written beyond the window
        uint8_t out[8];
        p.set_command(tlm::TLM_READ_COMMAND);
        p.set_data_ptr(out);
        p.set_data_length(8);
        REQUIRE(send(i, p) == tlm::TLM_OK_RESPONSE);
        const uint8_t expect[8] = {9, 10, 11, 12, 9, 10, 11, 12};
        REQUIRE(std::memcmp(out, expect, 8) == 0);
        // A streaming access at the very end is in range as long as its window is.
        p.set_address((1 << 20) - 4);
        REQUIRE(send(i, p) == tlm::TLM_OK_RESPONSE);
    };
    sc_core::sc_start();
}

TEST_CASE("memory: DMI grants the whole range with the timing model's typical latency") {
    Fixture f(1 << 20);
    f.cpu.body = [&](TestInitiator& i) {
        tlm::tlm_generic_payload p;
        tlm::tlm_dmi dmi;
        p.set_address(0x1234);
        p.set_command(tlm::TLM_READ_COMMAND);
        REQUIRE(i.socket->get_direct_mem_ptr(p, dmi));
        REQUIRE(dmi.get_dmi_ptr() == f.mem.store().data());
        REQUIRE(dmi.get_start_address() == 0);
        REQUIRE(dmi.get_end_address() == (1 << 20) - 1);
        REQUIRE(dmi.is_read_write_allowed());
        // fixed: latency + one 8-byte word at 12.8 GB/s = 50 ns + 625 ps
        REQUIRE(to_tick(dmi.get_read_latency()) == 50 * kNs + 625);
        REQUIRE(to_tick(dmi.get_write_latency()) == 50 * kNs + 625);
        // A store through the pointer is what b_transport and transport_dbg see.
        const uint32_t v = 0x5a5aa5a5;
        std::memcpy(dmi.get_dmi_ptr() + 0x200, &v, 4);
        REQUIRE(i.read32(0x200) == v);
        // The memory suggests DMI on its responses.
        uint32_t w = 0;
        tlm::tlm_generic_payload q;
        q.set_command(tlm::TLM_READ_COMMAND);
        q.set_address(0x200);
        q.set_data_ptr(reinterpret_cast<unsigned char*>(&w));
        q.set_data_length(4);
        q.set_streaming_width(4);
        REQUIRE(send(i, q) == tlm::TLM_OK_RESPONSE);
        REQUIRE(q.is_dmi_allowed());
    };
    sc_core::sc_start();
    REQUIRE(f.counter("dmi_grants") == 1);
}

TEST_CASE("memory: dmi=false refuses DMI and the responses do not suggest it") {
    {
        Fixture f(1 << 16, false);
        f.cpu.body = [&](TestInitiator& i) {
            tlm::tlm_generic_payload p;
            tlm::tlm_dmi dmi;
            p.set_address(0);
            p.set_command(tlm::TLM_READ_COMMAND);
            REQUIRE_FALSE(i.socket->get_direct_mem_ptr(p, dmi));
            uint32_t w = 0;
            tlm::tlm_generic_payload q;
            q.set_command(tlm::TLM_READ_COMMAND);
            q.set_address(0);
            q.set_data_ptr(reinterpret_cast<unsigned char*>(&w));
            q.set_data_length(4);
            q.set_streaming_width(4);
            REQUIRE(send(i, q) == tlm::TLM_OK_RESPONSE);
            REQUIRE_FALSE(q.is_dmi_allowed());
        };
        sc_core::sc_start();
        REQUIRE(f.counter("dmi_grants") == 0);
    }
}

TEST_CASE("memory: turning DMI off or replacing the timing model invalidates granted pointers") {
    {
        Fixture f(1 << 16, true);
        f.cpu.body = [&](TestInitiator& i) {
            tlm::tlm_generic_payload p;
            tlm::tlm_dmi dmi;
            p.set_address(0);
            p.set_command(tlm::TLM_READ_COMMAND);
            REQUIRE(i.socket->get_direct_mem_ptr(p, dmi));
            f.mem.set_dmi_enabled(false);
            REQUIRE(i.dmi_invalidations == 1);
            REQUIRE_FALSE(i.socket->get_direct_mem_ptr(p, dmi));
            f.mem.set_dmi_enabled(true);
            FixedTimingConfig slow;
            slow.latency = 200 * kNs;
            f.mem.set_timing(std::make_unique<FixedTiming>(slow));
            REQUIRE(i.dmi_invalidations == 2);
            tlm::tlm_dmi dmi2;
            REQUIRE(i.socket->get_direct_mem_ptr(p, dmi2));
            REQUIRE(to_tick(dmi2.get_read_latency()) == 200 * kNs + 625);
        };
        sc_core::sc_start();
        REQUIRE(f.counter("dmi_invalidations") == 2);
        REQUIRE(f.ctx.stats.find("ram.fixed.2") != nullptr);  // the new model's statistics
    }
}

TEST_CASE("memory: transport_dbg reads and writes without time or statistics, clipped to the range") {
    Fixture f(0x1000);
    f.cpu.body = [&](TestInitiator& i) {
        uint8_t in[16], out[16] = {};
        for (int k = 0; k < 16; ++k) in[k] = uint8_t(0xA0 + k);
        REQUIRE(i.debug(true, 0x10, in, 16) == 16);
        REQUIRE(i.debug(false, 0x10, out, 16) == 16);
        REQUIRE(std::memcmp(in, out, 16) == 0);
        REQUIRE(i.debug(false, 0xff8, out, 16) == 8);  // clipped at the end
        REQUIRE(i.debug(false, 0x1000, out, 4) == 0);
        REQUIRE(sc_core::sc_time_stamp() == sc_core::SC_ZERO_TIME);
    };
    sc_core::sc_start();
    REQUIRE(f.counter("transactions") == 0);
    REQUIRE(f.counter("debug_accesses") == 4);
}

TEST_CASE("fixed timing: one access costs latency + size / bandwidth") {
    Fixture f;
    Tick lat64 = 0, lat4 = 0, lat_late = 0;
    f.cpu.body = [&](TestInitiator& i) {
        uint8_t buf[64] = {};
        lat64 = i.transport(false, 0, buf, 64, 0).end;               // 5 ns transfer + 50 ns
        lat4 = i.transport(true, 0, buf, 4, 1 * kUs).end - 1 * kUs;  // 312.5 -> 313 ps + 50 ns
        lat_late = i.transport(false, 64, buf, 64, 2 * kUs).end - 2 * kUs;
    };
    sc_core::sc_start();
    REQUIRE(lat64 == 55 * kNs);
    REQUIRE(lat4 == 50 * kNs + 313);
    REQUIRE(lat_late == 55 * kNs);
}

TEST_CASE("fixed timing: back-to-back accesses are bounded by the bandwidth") {
    FixedTimingConfig fc;
    fc.latency = 20 * kNs;
    fc.bandwidth = 1e9;  // 1 GB/s: 64 B take 64 ns
    Fixture f(1 << 20, true, fc);
    std::vector<Tick> ends;
    f.cpu.body = [&](TestInitiator& i) {
        uint8_t buf[64] = {};
        for (int k = 0; k < 100; ++k) ends.push_back(i.transport(false, 64 * k, buf, 64, 0).end);  // all at t=0
    };
    sc_core::sc_start();
    for (int k = 0; k < 100; ++k) REQUIRE(ends[k] == Tick(k + 1) * 64 * kNs + 20 * kNs);
    const double bw = 100.0 * 64 / (double(ends.back() - 20 * kNs) * 1e-12);
    REQUIRE(bw <= 1e9 * 1.000001);
    REQUIRE(f.ctx.stats.find("ram.fixed")->find_histogram("port_wait")->max() == 99 * 64 * kNs);
}

TEST_CASE("memory: the trace holds exactly one record per counted transaction") {
    SimContext ctx;
    std::vector<TraceRecord> recs;
    ctx.tracer.enable(true);
    ctx.tracer.add_sink(std::make_unique<vp::test::CaptureSink>(recs));
    Memory mem("ram", ctx, mem_cfg(0x1000));
    TestInitiator cpu{"cpu"};
    cpu.initiator_id = 42;
    cpu.socket.bind(mem.target_socket);
    cpu.body = [&](TestInitiator& i) {
        for (int k = 0; k < 5; ++k) i.write32(4 * k, k, 100 * kNs * k);
        i.read32(0x2000);  // error: traced too
        uint8_t b[4];
        i.debug(false, 0, b, 4);  // debug: neither counted nor traced
    };
    sc_core::sc_start();
    const uint64_t n = ctx.stats.find("ram")->find_counter("transactions")->value;
    REQUIRE(n == 6);
    REQUIRE(recs.size() == n);
    REQUIRE(recs[0].initiator == 42);
    REQUIRE(recs[1].issue == 100 * kNs);
    REQUIRE(recs[1].end == 100 * kNs + 50 * kNs + 313);
    REQUIRE(recs[5].status == tlm::TLM_ADDRESS_ERROR_RESPONSE);
}

TEST_CASE("memory: declare() and from_json() agree with the scenario validator") {
    config::Schema s;
    config::declare<MemoryConfig>(s.map("ram", "test memory"));
    // Every parameter has help, and a unit where it has a dimension.
    std::function<void(const config::Schema&)> check = [&](const config::Schema& sc) {
        for (const auto& p : sc.params()) {
            INFO(p.key);
            REQUIRE_FALSE(p.help.empty());
            if (p.kind == config::Kind::Time || p.kind == config::Kind::Size || p.kind == config::Kind::Bandwidth)
                REQUIRE_FALSE(p.unit.empty());
            if (p.children) check(*p.children);
        }
    };
    check(s);
    auto sc = config::Scenario::from_text(
        "ram:\n  size: 4GiB\n  timing: ddr\n  dmi: false\n  ddr:\n    tRCD: 12\n    page_policy: closed\n"
        "    mapping: RoBaRaCoCh\n    channels: 2\n",
        "s.yaml", ".", s);
    const MemoryConfig mc = config::from_json<MemoryConfig>(sc.values().at("ram"));
    REQUIRE(mc.size == 4ull << 30);
    REQUIRE_FALSE(mc.dmi);
    REQUIRE(mc.timing == "ddr");
    const DdrConfig& d = mc.ddr;
    REQUIRE(d.tRCD == 12 * 1250);
    REQUIRE(d.page_policy == PagePolicy::Closed);
    REQUIRE(d.channels == 2);
    // Everything not given takes the declared defaults, which equal the C++ defaults.
    const DdrConfig def;
    REQUIRE(d.tCL == def.tCL);
    REQUIRE(d.tCWL == def.tCWL);
    REQUIRE(d.tRP == def.tRP);
    REQUIRE(d.tRAS == def.tRAS);
    REQUIRE(d.tWR == def.tWR);
    REQUIRE(d.tRTP == def.tRTP);
    REQUIRE(d.tRRD == def.tRRD);
    REQUIRE(d.tFAW == def.tFAW);
    REQUIRE(d.tWTR == def.tWTR);
    REQUIRE(d.tRFC == def.tRFC);
    REQUIRE(d.tREFI == def.tREFI);
    REQUIRE(d.rows == def.rows);
    REQUIRE(d.columns == def.columns);
    REQUIRE(d.bus_width == def.bus_width);
    auto fx = config::Scenario::from_text("ram:\n  size: 1MiB\n", "s.yaml", ".", s);
    const MemoryConfig mf = config::from_json<MemoryConfig>(fx.values().at("ram"));
    const FixedTimingConfig& fc = mf.fixed;
    REQUIRE(fc.latency == FixedTimingConfig{}.latency);
    REQUIRE(fc.bandwidth == Approx(FixedTimingConfig{}.bandwidth));
    // Bad mappings are named, on the parameter that is wrong, for scenarios and for code alike.
    DdrConfig bad;
    bad.mapping = "RoRaBaChXx";
    REQUIRE_THROWS_WITH(config::validate(bad), Catch::Contains("unknown field 'Xx'"));
    auto bs = config::Scenario::from_text("ram:\n  size: 1MiB\n  ddr:\n    mapping: RoRaBaChXx\n", "b.yaml", ".", s);
    REQUIRE_THROWS_WITH(bs.read<MemoryConfig>("ram"),
                        Catch::Contains("b.yaml:4: ram.ddr.mapping") && Catch::Contains("unknown field 'Xx'"));
}
