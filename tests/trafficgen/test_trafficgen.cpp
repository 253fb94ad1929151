// Traffic generator: addresses of each pattern (through a recording target), window and interval,
// start time, CSV parsing and its errors, determinism, done notification, statistics and trace.
#include <catch2/catch.hpp>
#include <cstdio>
#include <fstream>
#include <set>
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>
#include <tlm_utils/tlm_quantumkeeper.h>
#include <unistd.h>
#include "models/memory/memory.h"
#include "models/trafficgen/trafficgen.h"
#include "config/scenario.h"

using namespace vp;

namespace {

// Records every request; answers after a fixed service time (no contention), errors above `limit`.
struct Recorder : sc_core::sc_module {
    struct Req {
        Tick arrival, end;
        bool write;
        uint64_t addr;
        unsigned size;
        uint16_t initiator;
        uint64_t parent;
    };
    tlm_utils::simple_target_socket<Recorder> socket;
    std::vector<Req> reqs;
    Tick service = 100 * kNs;
    uint64_t limit = ~0ull;

    explicit Recorder(sc_core::sc_module_name n) : sc_module(n), socket("socket") {
        socket.register_b_transport(this, &Recorder::b_transport);
    }
    void b_transport(tlm::tlm_generic_payload& p, sc_core::sc_time& delay) {
        const Tick arrival = sim_now() + to_tick(delay);
        const TxnExt* ext = txn_ext(p);
        reqs.push_back({arrival, arrival + service, p.is_write(), p.get_address(), p.get_data_length(),
                        ext ? ext->initiator : uint16_t(0), ext ? ext->trace_id : 0});
        p.set_response_status(p.get_address() >= limit ? tlm::TLM_ADDRESS_ERROR_RESPONSE : tlm::TLM_OK_RESPONSE);
        delay += to_sc_time(service);
    }
    // Largest number of requests in flight at once ([arrival, end) intervals).
    size_t max_outstanding() const {
        std::vector<std::pair<Tick, int>> ev;
        for (auto& r : reqs) {
            ev.push_back({r.arrival, +1});
            ev.push_back({r.end, -1});
        }
        std::sort(ev.begin(), ev.end());  // ends (-1) sort before starts at the same time
        int cur = 0, best = 0;
        for (auto& e : ev) best = std::max(best, cur += e.second);
        return size_t(best);
    }
};

TrafficGenConfig gen_cfg(TrafficPattern pat, uint64_t count, unsigned window = 1) {
    TrafficGenConfig c;
    c.pattern.pattern = pat;
    c.pattern.base = 0x80000000;
    c.pattern.range = 0x1000;
    c.pattern.access_size = 64;
    c.pattern.stride = 0x300;
    c.pattern.count = count;
    c.window = window;
    return c;
}

std::string write_temp(const std::string& text) {
    char name[] = "/tmp/vp_tg_XXXXXX.csv";
    const int fd = mkstemps(name, 4);
    REQUIRE(fd >= 0);
    close(fd);
    std::ofstream(name) << text;
    return name;
}

std::string csv_error(const std::string& text, const std::string& file = "acc.csv") {
    try {
        parse_access_csv(text, file);
    } catch (const std::runtime_error& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST_CASE("trafficgen: sequential and strided patterns produce base + k*step modulo range") {
    AccessPattern seq(gen_cfg(TrafficPattern::Sequential, 70).pattern);
    AccessPattern str(gen_cfg(TrafficPattern::Strided, 10).pattern);
    TrafficAccess a;
    for (uint64_t k = 0; k < 70; ++k) {
        REQUIRE(seq.next(a));
        REQUIRE(a.addr == 0x80000000 + (k * 64) % 0x1000);
        REQUIRE(a.size == 64);
        REQUIRE_FALSE(a.write);
    }
    REQUIRE_FALSE(seq.next(a));
    for (uint64_t k = 0; k < 10; ++k) {
        REQUIRE(str.next(a));
        REQUIRE(a.addr == 0x80000000 + (k * 0x300) % 0x1000);
    }
}

TEST_CASE("trafficgen: the generator issues the pattern's addresses to its target, tagged with its id") {
    SimContext ctx;
    Recorder rec("rec");
    TrafficGenerator gen("gen", ctx, gen_cfg(TrafficPattern::Strided, 12, 1));
    gen.initiator_socket.bind(rec.socket);
    sc_core::sc_start();
    REQUIRE(rec.reqs.size() == 12);
    for (uint64_t k = 0; k < 12; ++k) {
        REQUIRE(rec.reqs[k].addr == 0x80000000 + (k * 0x300) % 0x1000);
        REQUIRE(rec.reqs[k].initiator == gen.trace_id());
        // window 1: each request waits for the previous response
        REQUIRE(rec.reqs[k].arrival == k * 100 * kNs);
    }
    REQUIRE(gen.done());
    REQUIRE(ctx.stats.find("gen")->find_counter("requests")->value == 12);
    REQUIRE(ctx.stats.find("gen")->find_counter("bytes")->value == 12 * 64);
    REQUIRE(gen.achieved_bandwidth() == Approx(64 / 100e-9));
}

TEST_CASE("trafficgen: random addresses are aligned, inside the range, and depend only on the seed") {
    PatternParams p = gen_cfg(TrafficPattern::Random, 2000).pattern;
    p.read_fraction = 0.3;
    AccessPattern x(p), y(p);
    p.seed = 2;
    AccessPattern z(p);
    TrafficAccess a, b, c;
    int same_as_other_seed = 0, writes = 0;
    std::set<uint64_t> seen;
    for (int k = 0; k < 2000; ++k) {
        REQUIRE(x.next(a));
        REQUIRE(y.next(b));
        REQUIRE(z.next(c));
        REQUIRE(a.addr == b.addr);
        REQUIRE(a.write == b.write);
        REQUIRE(a.addr % 64 == 0);
        REQUIRE(a.addr >= 0x80000000);
        REQUIRE(a.addr + 64 <= 0x80001000);
        same_as_other_seed += a.addr == c.addr;
        writes += a.write;
        seen.insert(a.addr);
    }
    REQUIRE(same_as_other_seed < 200);  // 1 in 64 expected by chance
    REQUIRE(seen.size() == 64);         // every slot of the range visited
    REQUIRE(writes == Approx(0.7 * 2000).margin(100));
    // The sequence is fixed by the algorithm (xoshiro256** seeded by splitmix64), not the library.
    AccessPattern w(gen_cfg(TrafficPattern::Random, 4).pattern);
    std::vector<uint64_t> first;
    for (int k = 0; k < 4; ++k) {
        w.next(a);
        first.push_back((a.addr - 0x80000000) / 64);
    }
    Xoshiro256 rng(1);
    for (int k = 0; k < 4; ++k) REQUIRE(first[k] == rng.below(64));
    uint64_t sm = 0;
    REQUIRE(splitmix64(sm) == 0xe220a8397b1dcdafull);  // reference value of SplitMix64 from seed 0
}

TEST_CASE("trafficgen: the window bounds the requests in flight") {
    SimContext ctx;
    Recorder rec("rec");
    TrafficGenerator gen("gen", ctx, gen_cfg(TrafficPattern::Sequential, 40, 4));
    gen.initiator_socket.bind(rec.socket);
    sc_core::sc_start();
    REQUIRE(rec.max_outstanding() == 4);
    // Four at t=0, then each one as an earlier one completes.
    for (size_t k = 0; k < 40; ++k) REQUIRE(rec.reqs[k].arrival == (k / 4) * 100 * kNs);
    REQUIRE(gen.last_completion() == 10 * 100 * kNs);
    REQUIRE(gen.achieved_bandwidth() == Approx(4 * 64 / 100e-9));
}

TEST_CASE("trafficgen: interval and start time delay the issues") {
    tlm_utils::tlm_quantumkeeper::set_global_quantum(to_sc_time(1 * kUs));
    SimContext ctx;
    Recorder rec("rec");
    TrafficGenConfig c = gen_cfg(TrafficPattern::Sequential, 30, 8);
    c.interval = 30 * kNs;
    c.start = 5 * kUs;
    TrafficGenerator gen("gen", ctx, c);
    gen.initiator_socket.bind(rec.socket);
    sc_core::sc_start();
    // issue_k = max(issue_{k-1} + 30 ns, completion_{k-8}): the interval dominates (8 * 30 > 100).
    for (size_t k = 0; k < 30; ++k) REQUIRE(rec.reqs[k].arrival == 5 * kUs + k * 30 * kNs);
    REQUIRE(rec.max_outstanding() == 4);  // 100 ns / 30 ns in flight
    REQUIRE(gen.first_issue() == 5 * kUs);
}

TEST_CASE("trafficgen: results do not depend on the quantum (single initiator)") {
    // The same run under a 1 ps, 1 us and 1 ms quantum: each in its own generator of one simulation
    // would share the quantum, so compare against the timing computed by hand instead.
    tlm_utils::tlm_quantumkeeper::set_global_quantum(to_sc_time(1 * kMs));
    SimContext ctx;
    Recorder rec("rec");
    TrafficGenConfig c = gen_cfg(TrafficPattern::Random, 100, 3);
    c.interval = 7 * kNs;
    TrafficGenerator gen("gen", ctx, c);
    gen.initiator_socket.bind(rec.socket);
    sc_core::sc_start();
    std::vector<Tick> done(100);
    Tick prev = 0;
    for (size_t k = 0; k < 100; ++k) {
        Tick issue = k == 0 ? 0 : prev + 7 * kNs;
        if (k >= 3) issue = std::max(issue, done[k - 3]);
        REQUIRE(rec.reqs[k].arrival == issue);
        done[k] = issue + 100 * kNs;
        prev = issue;
    }
    REQUIRE(to_tick(sc_core::sc_time_stamp()) == done[99]);  // done at the last completion
}

TEST_CASE("trafficgen: done is flagged and notified at the last completion") {
    SimContext ctx;
    Recorder rec("rec");
    rec.limit = 0x80000800;  // the upper half answers with errors
    TrafficGenerator gen("gen", ctx, gen_cfg(TrafficPattern::Sequential, 64, 2));
    gen.initiator_socket.bind(rec.socket);
    Tick seen_at = 0;
    bool flag_at_event = false;
    int callbacks = 0;
    gen.on_done([&] { ++callbacks; });
    sc_core::sc_spawn([&] {
        sc_core::wait(gen.done_event());
        seen_at = sim_now();
        flag_at_event = gen.done();
    });
    REQUIRE_FALSE(gen.done());
    sc_core::sc_start();
    REQUIRE(flag_at_event);
    REQUIRE(callbacks == 1);
    REQUIRE(seen_at == gen.last_completion());
    REQUIRE(seen_at == 32 * 100 * kNs);
    REQUIRE(ctx.stats.find("gen")->find_counter("errors")->value == 32);
}

TEST_CASE("trafficgen: CSV accesses are replayed with their times (absolute or delta, with units)") {
    const std::string abs = write_temp(
        "# time, op, address, size\n"
        "time,op,addr,size\n"
        "0, R, 0x100, 64\n"
        "\n"
        "1.5ns, W, 0x2_00, 4   # a comment\n"
        "2us, read, 512, 8\n");
    auto v = load_access_csv(abs);
    REQUIRE(v.size() == 3);
    REQUIRE(v[1].time == 1500);
    REQUIRE(v[1].write);
    REQUIRE(v[1].addr == 0x200);
    REQUIRE(v[2].time == 2 * kUs);
    REQUIRE(v[2].size == 8);
    auto d = parse_access_csv("delta,op,addr,size\n10ns,R,0,4\n10ns,W,4,4\n0,R,8,4\n", "d.csv");
    REQUIRE(d[0].time == 10 * kNs);
    REQUIRE(d[1].time == 20 * kNs);
    REQUIRE(d[2].time == 20 * kNs);

    SimContext ctx;
    Recorder rec("rec");
    rec.service = 10 * kNs;
    TrafficGenConfig c;
    c.pattern.pattern = TrafficPattern::Csv;
    c.pattern.csv_file = abs;
    c.pattern.base = 0x80000000;
    c.pattern.count = 0;
    c.window = 1;
    c.start = 1 * kUs;
    TrafficGenerator gen("gen", ctx, c);
    gen.initiator_socket.bind(rec.socket);
    sc_core::sc_start();
    std::remove(abs.c_str());
    REQUIRE(rec.reqs.size() == 3);
    REQUIRE(rec.reqs[0].arrival == 1 * kUs);
    REQUIRE(rec.reqs[1].arrival == 1 * kUs + 10 * kNs);  // waited for the first response (window 1)
    REQUIRE(rec.reqs[1].write);
    REQUIRE(rec.reqs[1].addr == 0x80000200);
    REQUIRE(rec.reqs[2].arrival == 3 * kUs);
    REQUIRE(rec.reqs[2].size == 8);
}

TEST_CASE("trafficgen: CSV errors name the file and the line") {
    REQUIRE(csv_error("0,R,0,4\n1,X,0,4\n") == "acc.csv:2: bad operation 'X' (R or W)");
    REQUIRE(csv_error("# c\n\n0,R,zz,4\n") == "acc.csv:3: bad address 'zz' (decimal or 0x hex)");
    REQUIRE(csv_error("0,R,0,0\n") == "acc.csv:1: bad size '0' (1 to 1048576 bytes)");
    REQUIRE(csv_error("5furlongs,R,0,4\n") ==
            "acc.csv:1: bad time '5furlongs' (a number of ps, or with a unit: ps ns us ms s)");
    REQUIRE(csv_error("0,R,0\n") ==
            "acc.csv:1: expected 4 comma-separated fields (time or delta, R/W, address, size), got 3");
    REQUIRE(csv_error("10,R,0,4\n5,R,0,4\n") == "acc.csv:2: time goes backwards (5 after 10 ps)");
    REQUIRE(csv_error("when,op,addr,size\n") ==
            "acc.csv:1: header's first column must be 'time' or 'delta', got 'when'");
    REQUIRE(csv_error("0,R,-4,4\n") == "acc.csv:1: bad address '-4' (decimal or 0x hex)");
    REQUIRE_THROWS_WITH(load_access_csv("/nonexistent/acc.csv"), "/nonexistent/acc.csv: cannot open the access file");
    const std::string f = write_temp("0,R,0,4\n0,W,0,4\n0,R,0,4x\n");
    TrafficGenConfig c;
    c.pattern.pattern = TrafficPattern::Csv;
    c.pattern.csv_file = f;
    SimContext ctx;
    REQUIRE_THROWS_WITH(TrafficGenerator("gen", ctx, c), f + ":3: bad size '4x' (1 to 1048576 bytes)");
    std::remove(f.c_str());
}

TEST_CASE("trafficgen: one trace span per request, parent of the memory's span") {
    SimContext ctx;
    std::vector<TraceRecord> recs;
    struct Sink : TraceSink {
        std::vector<TraceRecord>& out;
        explicit Sink(std::vector<TraceRecord>& o) : out(o) {}
        void transaction(const TraceRecord& r) override { out.push_back(r); }
        void region(uint16_t, const std::string&, Tick, Tick) override {}
        void instant(uint16_t, const std::string&, int64_t, Tick) override {}
        void close() override {}
    };
    ctx.tracer.enable(true);
    ctx.tracer.add_sink(std::make_unique<Sink>(recs));
    MemoryConfig mc;
    mc.size = 1 << 20;
    Memory mem("ram", ctx, mc);
    TrafficGenConfig c = gen_cfg(TrafficPattern::Random, 10, 4);
    c.pattern.base = 0;
    c.pattern.read_fraction = 0.5;
    TrafficGenerator gen("gen", ctx, c);
    gen.initiator_socket.bind(mem.target_socket);
    sc_core::sc_start();
    REQUIRE(recs.size() == 20);  // memory span recorded first (inner), then the generator's
    for (size_t k = 0; k < 20; k += 2) {
        REQUIRE(recs[k].component == mem.trace_id());
        REQUIRE(recs[k + 1].component == gen.trace_id());
        REQUIRE(recs[k].parent == recs[k + 1].id);
        REQUIRE(recs[k].initiator == gen.trace_id());
        REQUIRE(recs[k + 1].end == recs[k].end);
    }
    REQUIRE(ctx.stats.find("gen")->find_counter("requests")->value == 10);
    REQUIRE(ctx.stats.find("gen")->find_counter("reads")->value +
                ctx.stats.find("gen")->find_counter("writes")->value ==
            10);
}

TEST_CASE("trafficgen: declare() and from_json() agree with the scenario validator") {
    config::Schema s;
    config::declare<TrafficGenConfig>(s.map("gen", "a generator"));
    for (const auto& p : s.find("gen")->children->params()) {
        INFO(p.key);
        REQUIRE_FALSE(p.help.empty());
    }
    auto sc = config::Scenario::from_text(
        "gen:\n  pattern: random\n  base: 0x9000_0000\n  range: 64MiB\n  access_size: 128B\n  window: 8\n"
        "  interval: 2ns\n  start: 1us\n  seed: 99\n  read_fraction: 0.25\n  count: 5000\n",
        "s.yaml", ".", s);
    const TrafficGenConfig c = config::from_json<TrafficGenConfig>(sc.values().at("gen"));
    REQUIRE(c.pattern.pattern == TrafficPattern::Random);
    REQUIRE(c.pattern.base == 0x90000000);
    REQUIRE(c.pattern.range == 64ull << 20);
    REQUIRE(c.pattern.access_size == 128);
    REQUIRE(c.pattern.stride == 64);
    REQUIRE(c.pattern.count == 5000);
    REQUIRE(c.pattern.seed == 99);
    REQUIRE(c.pattern.read_fraction == Approx(0.25));
    REQUIRE(c.window == 8);
    REQUIRE(c.interval == 2000);
    REQUIRE(c.start == 1 * kUs);
    auto d = config::Scenario::from_text("gen: {}\n", "s.yaml", ".", s);
    const TrafficGenConfig def = config::from_json<TrafficGenConfig>(d.values().at("gen"));
    REQUIRE(def.pattern.pattern == TrafficPattern::Sequential);
    REQUIRE(def.pattern.base == 0x80000000);
    REQUIRE(def.window == 1);
}
