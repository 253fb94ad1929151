// Bus: address decoding, decode errors, contention on the shared channels, DMI and debug transport.
#include <catch2/catch.hpp>
#include "models/bus/bus.h"
#include "tests/support/test_initiator.h"
#include "tests/support/test_target.h"

using namespace vp;
using vp::test::TestInitiator;
using vp::test::TestTarget;

namespace {

// 1 GHz, 8-byte bus, 1 cycle latency: a 4-byte read costs 1 ns request + 1 ns response + target time.
struct Fixture {
    SimContext ctx;
    BusConfig cfg{1e9, 8, 1};
    Bus bus{"bus", ctx, cfg};
    TestInitiator a{"a"}, b{"b"};
    TestTarget ram{"ram", 0x10000}, dev{"dev", 0x100};
    Fixture() {
        a.socket.bind(bus.target_socket);
        b.socket.bind(bus.target_socket);
        bus.initiator_socket.bind(ram.socket);
        bus.initiator_socket.bind(dev.socket);
        bus.map(0, 0x80000000, 0x10000, "ram");
        bus.map(1, 0x10000000, 0x100, "dev");
    }
};

}  // namespace

TEST_CASE("bus decodes addresses relative to each target's base") {
    Fixture f;
    f.a.body = [&](TestInitiator& i) {
        i.write32(0x80000010, 0xdeadbeef);
        i.write32(0x10000004, 0x12345678);
    };
    sc_core::sc_start();
    REQUIRE(f.ram.seen_addresses == std::vector<uint64_t>{0x10});
    REQUIRE(f.dev.seen_addresses == std::vector<uint64_t>{0x4});
    uint32_t v;
    std::memcpy(&v, &f.ram.mem[0x10], 4);
    REQUIRE(v == 0xdeadbeef);
    REQUIRE(f.ctx.stats.find("bus")->find_counter("to.ram")->value == 1);
}

TEST_CASE("unmapped addresses and accesses crossing a mapping end get TLM_ADDRESS_ERROR_RESPONSE") {
    Fixture f;
    f.a.body = [&](TestInitiator& i) {
        i.read32(0x40000000);
        REQUIRE(i.last.status == tlm::TLM_ADDRESS_ERROR_RESPONSE);
        i.read32(0x800FFFFE);
        REQUIRE(i.last.status == tlm::TLM_ADDRESS_ERROR_RESPONSE);
        i.read32(0x8000FFFE);  // straddles the end of ram
        REQUIRE(i.last.status == tlm::TLM_ADDRESS_ERROR_RESPONSE);
        i.read32(0x8000FFFC);
        REQUIRE(i.last.status == tlm::TLM_OK_RESPONSE);
    };
    sc_core::sc_start();
    REQUIRE(f.ctx.stats.find("bus")->find_counter("decode_errors")->value == 3);
    REQUIRE(f.ram.seen_addresses.size() == 1);
}

TEST_CASE("overlapping mappings are rejected") {
    SimContext ctx;
    Bus bus("bus", ctx, BusConfig{});
    bus.map(0, 0x1000, 0x1000, "a");
    REQUIRE_THROWS_WITH(bus.map(1, 0x1800, 0x1000, "b"), Catch::Contains("overlaps 'a'"));
}

TEST_CASE("an uncontended read costs request + target + response time") {
    Fixture f;
    Tick end = 0;
    f.a.body = [&](TestInitiator& i) {
        i.read32(0x80000000);
        end = i.last.end;
    };
    sc_core::sc_start();
    REQUIRE(end == 1 * kNs + 10 * kNs + 1 * kNs);
}

TEST_CASE("a second initiator arriving at the same time waits for the channels") {
    Fixture f;
    Tick end_a = 0, end_b = 0;
    // a and b both issue a 64-byte write at t=0: 1 address cycle + 8 data beats on the request channel.
    f.a.body = [&](TestInitiator& i) {
        uint8_t buf[64] = {};
        end_a = i.transport(true, 0x80000000, buf, 64, 0).end;
    };
    f.b.body = [&](TestInitiator& i) {
        uint8_t buf[64] = {};
        end_b = i.transport(true, 0x80000040, buf, 64, 0).end;
    };
    sc_core::sc_start();
    const Tick first = 9 * kNs + 10 * kNs + 1 * kNs;
    REQUIRE(std::min(end_a, end_b) == first);
    REQUIRE(std::max(end_a, end_b) == first + 9 * kNs);  // waited 9 ns for the request channel
    const Histogram* wait = f.ctx.stats.find("bus")->find_histogram("wait");
    REQUIRE(wait->count() == 2);
    REQUIRE(wait->max() == 9 * kNs);
}

TEST_CASE("a request from the past fills a gap instead of queueing behind a future reservation") {
    Fixture f;
    Tick late_end = 0, early_end = 0;
    f.a.body = [&](TestInitiator& i) {
        i.read32(0x80000000, 100 * kNs);  // runs ahead: issued at t=100ns
        late_end = i.last.end;
        uint32_t data = 0;
        early_end = i.transport(false, 0x80000004, &data, 4, 10 * kNs).end;  // then an access at t=10ns
    };
    sc_core::sc_start();
    REQUIRE(late_end == 112 * kNs);
    REQUIRE(early_end == 22 * kNs);
}

TEST_CASE("DMI is forwarded with bus addresses and invalidations reach every initiator") {
    Fixture f;
    f.a.body = [&](TestInitiator& i) {
        tlm::tlm_generic_payload p;
        tlm::tlm_dmi dmi;
        p.set_address(0x80000100);
        p.set_command(tlm::TLM_READ_COMMAND);
        REQUIRE(i.socket->get_direct_mem_ptr(p, dmi));
        REQUIRE(dmi.get_start_address() == 0x80000000);
        REQUIRE(dmi.get_end_address() == 0x8000FFFF);
        REQUIRE(dmi.get_dmi_ptr() == f.ram.mem.data());
        REQUIRE(dmi.get_read_latency() > to_sc_time(10 * kNs));  // target + bus traversal
        f.ram.invalidate(0x100, 0x1ff);
    };
    sc_core::sc_start();
    REQUIRE(f.a.dmi_invalidations == 1);
    REQUIRE(f.b.dmi_invalidations == 1);
}

TEST_CASE("transport_dbg reaches the target without timing and reports decode errors") {
    Fixture f;
    f.a.body = [&](TestInitiator& i) {
        uint32_t v = 0xcafef00d;
        REQUIRE(i.debug(true, 0x80000020, &v, 4) == 4);
        uint32_t r = 0;
        REQUIRE(i.debug(false, 0x80000020, &r, 4) == 4);
        REQUIRE(r == 0xcafef00d);
        REQUIRE(i.debug(false, 0x50000000, &r, 4) == 0);
    };
    sc_core::sc_start();
    REQUIRE(sc_core::sc_time_stamp() == sc_core::SC_ZERO_TIME);
    REQUIRE(f.ctx.stats.find("bus")->find_counter("transactions")->value == 0);
}

TEST_CASE("crossbar: a multi-port target gives each initiator its own port; one port makes them queue") {
    // Two initiators write 64 bytes each to the same target at the same time: to the two-port target
    // neither waits; to the one-port target the second queues behind the first on the request
    // channel (9 beats + 1 latency cycle).
    SimContext ctx;
    BusConfig cfg{1e9, 8, 1, true};
    Bus bus{"bus", ctx, cfg};
    TestInitiator a{"a"}, b{"b"};
    a.initiator_id = 7;
    b.initiator_id = 9;
    TestTarget two{"two", 0x10000}, one{"one", 0x10000};
    a.socket.bind(bus.target_socket);
    b.socket.bind(bus.target_socket);
    bus.initiator_socket.bind(two.socket);
    bus.initiator_socket.bind(one.socket);
    bus.map(0, 0x80000000, 0x10000, "two");
    bus.map(1, 0x90000000, 0x10000, "one");
    bus.set_ports("two", 2);
    const Tick later = 1000 * kNs;
    Tick a2 = 0, b2 = 0, a1 = 0, b1 = 0;
    a.body = [&](TestInitiator& i) {
        uint8_t buf[64] = {};
        a2 = i.transport(true, 0x80000000, buf, 64, 0).end;
        a1 = i.transport(true, 0x90000000, buf, 64, later).end - later;
    };
    b.body = [&](TestInitiator& i) {
        uint8_t buf[64] = {};
        b2 = i.transport(true, 0x80000040, buf, 64, 0).end;
        b1 = i.transport(true, 0x90000040, buf, 64, later).end - later;
    };
    sc_core::sc_start();
    const Tick alone = 9 * kNs + 10 * kNs + 1 * kNs;
    CHECK(a2 == alone);
    CHECK(b2 == alone);
    CHECK(std::min(a1, b1) == alone);
    CHECK(std::max(a1, b1) == alone + 9 * kNs);
}

TEST_CASE("crossbar: transfers to different targets overlap, to the same target they queue") {
    SimContext ctx;
    BusConfig cfg{1e9, 8, 1, true};
    Bus bus{"bus", ctx, cfg};
    TestInitiator a{"a"}, b{"b"};
    TestTarget ram{"ram", 0x10000}, dev{"dev", 0x100};
    a.socket.bind(bus.target_socket);
    b.socket.bind(bus.target_socket);
    bus.initiator_socket.bind(ram.socket);
    bus.initiator_socket.bind(dev.socket);
    bus.map(0, 0x80000000, 0x10000, "ram");
    bus.map(1, 0x10000000, 0x100, "dev");
    Tick end_a = 0, end_b = 0, end_a2 = 0;
    // The same two 64-byte writes at t=0 as on the shared bus, but to different targets: no wait.
    a.body = [&](TestInitiator& i) {
        uint8_t buf[64] = {};
        end_a = i.transport(true, 0x80000000, buf, 64, 0).end;
        end_a2 = i.transport(true, 0x80000040, buf, 64, 0).end;  // again at t=0, to the same target
    };
    b.body = [&](TestInitiator& i) {
        uint8_t buf[64] = {};
        end_b = i.transport(true, 0x10000000, buf, 64, 0).end;
    };
    sc_core::sc_start();
    const Tick alone = 9 * kNs + 10 * kNs + 1 * kNs;
    REQUIRE(end_a == alone);
    REQUIRE(end_b == alone);
    REQUIRE(end_a2 == alone + 9 * kNs);  // queued behind a's first write on ram's request channel
}

// A cache's observer ignores its own initiators (Bus::add_observer's list, read at each transaction),
// and that list may grow after traffic started: the bus remembers its last answer per initiator, and
// must ask again once the list changed.
TEST_CASE("an observer's ignore list is honoured as it grows, for repeated and alternating initiators") {
    Fixture f;
    f.a.initiator_id = 3;
    f.b.initiator_id = 5;
    std::vector<uint16_t> ignored{3};
    std::vector<uint16_t> seen;
    f.bus.add_observer([&](tlm::tlm_generic_payload&, Tick, uint16_t who) { seen.push_back(who); }, &ignored);
    f.a.body = [&](TestInitiator& i) {
        uint8_t buf[4] = {};
        i.transport(false, 0x80000000, buf, 4, 0);  // a: ignored
        i.transport(false, 0x80000004, buf, 4, 0);
        sc_core::wait(sc_core::sc_time(500, sc_core::SC_NS));
        ignored.push_back(5);  // from now on b is ignored too
    };
    f.b.body = [&](TestInitiator& i) {
        uint8_t buf[4] = {};
        sc_core::wait(sc_core::sc_time(100, sc_core::SC_NS));
        i.transport(false, 0x80000040, buf, 4, 100 * kNs);  // after a's, before the list grew: seen
        i.transport(false, 0x80000044, buf, 4, 100 * kNs);  // the same initiator again: seen
        sc_core::wait(sc_core::sc_time(900, sc_core::SC_NS));
        i.transport(false, 0x80000048, buf, 4, 1000 * kNs);  // the last initiator asked about, now ignored
    };
    sc_core::sc_start();
    CHECK(seen == std::vector<uint16_t>{5, 5});
}

// A line transfer (timed_target.h) takes a payload only for an observer that watches its initiator;
// the bus remembers an initiator no observer watches (ignore lists only grow), which an observer
// added later must undo.
TEST_CASE("a line transfer reaches an observer added after the bus found none watching its initiator") {
    Fixture f;
    const std::vector<uint16_t> ignore_7{7};
    std::vector<uint16_t> seen;
    f.bus.add_observer([&](tlm::tlm_generic_payload&, Tick, uint16_t who) { seen.push_back(who); }, &ignore_7);
    sc_core::sc_start(sc_core::SC_ZERO_TIME);  // (elaborated: the sockets are bound)
    LineTransfer t{0x80000000, 64, false, 7, false, 0};
    f.bus.line_transport(t, 0);
    CHECK(t.ok);
    CHECK(seen.empty());  // ignored by the only observer
    f.bus.add_observer([&](tlm::tlm_generic_payload&, Tick, uint16_t who) { seen.push_back(who); });  // watches all
    LineTransfer u{0x80000040, 64, false, 7, false, 0};
    f.bus.line_transport(u, 0);
    CHECK(u.ok);
    CHECK(seen == std::vector<uint16_t>{7});
}
