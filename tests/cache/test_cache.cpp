// The TLM cache model: timing of hits, misses, MSHR merges and blocking; write-backs and data
// surviving eviction; the priority-table fetch of Tomita et al. [tomita-gnn-cache]; controller registers; stale-data hazards.
// Each TEST_CASE runs in its own process (SystemC elaborates once).
#include <catch2/catch.hpp>
#include <cfenv>
#include <cstring>
#include "models/bus/bus.h"
#include "models/cache/cache.h"
#include "models/cache/cache_ctrl.h"
#include "models/cpu/iss/env.h"
#include "models/memory/fixed_timing.h"
#include "models/memory/memory.h"
#include "models/common/prng.h"
#include "tests/support/test_initiator.h"
#include "tests/support/test_thread.h"
#include "vp/regs/cache_ctrl.h"

using namespace vp;
using vp::test::TestInitiator;

namespace {

constexpr Tick kMemLatency = 50 * kNs;
constexpr Tick kHit = 10 * kNs;

CacheConfig small_cache(uint64_t size, unsigned ways, unsigned mshrs = 4, const char* policy = "lru") {
    CacheConfig c;
    c.geometry.size = size;
    c.geometry.ways = ways;
    c.geometry.line = 64;
    c.hit_latency = kHit;
    c.mshrs = mshrs;
    c.policy = policy;
    c.ctrl_base = 0x1000'0000;
    return c;
}

// (A CPU-side L1 has no target socket: a test calls access() from a TestThread.)
using vp::test::TestThread;

// initiator -> L2 (bus-side cache) -> memory with a fixed 50 ns latency and unlimited bandwidth.
struct Fixture {
    SimContext ctx;
    TestInitiator cpu{"cpu"};
    TestInitiator ctrl_port{"ctrl_port"};
    Cache cache;
    Memory mem;

    explicit Fixture(const CacheConfig& cc) : cache("l2", ctx, cc, true), mem("mem", ctx, mem_config(), timing()) {
        cpu.socket.bind(cache.target_socket());
        cache.initiator_socket.bind(mem.target_socket);
        ctrl_port.socket.bind(cache.controller()->socket);
        cpu.initiator_id = 77;
    }
    static MemoryConfig mem_config() {
        MemoryConfig m;
        m.size = 1 << 20;
        return m;
    }
    static std::unique_ptr<MemoryTiming> timing() {
        FixedTimingConfig f;
        f.latency = kMemLatency;
        f.bandwidth = 0;
        return std::make_unique<FixedTiming>(f);
    }
    uint64_t stat(const char* name) { return cache.array().totals().*(field(name)); }
    static uint64_t cache::RegionStats::*field(const std::string& n) {
        if (n == "accesses") return &cache::RegionStats::accesses;
        if (n == "hits") return &cache::RegionStats::hits;
        if (n == "misses") return &cache::RegionStats::misses;
        if (n == "evictions") return &cache::RegionStats::evictions;
        if (n == "writebacks") return &cache::RegionStats::writebacks;
        return &cache::RegionStats::priority_fetches;
    }
    uint64_t mem_counter(const char* n) { return ctx.stats.group("mem").find_counter(n)->value; }
    uint64_t cache_counter(const char* n) { return ctx.stats.group("l2").find_counter(n)->value; }
};

}  // namespace

TEST_CASE("a miss costs lookup + memory, a hit only the lookup; hits + misses = accesses") {
    Fixture f(small_cache(4096, 4));
    f.cpu.body = [&](TestInitiator& cpu) {
        uint32_t v = 0;
        auto a = cpu.transport(false, 0x100, &v, 4, 0);
        CHECK(a.end == kHit + kMemLatency);
        a = cpu.transport(false, 0x104, &v, 4, 1000 * kNs);
        CHECK(a.end == 1000 * kNs + kHit);
        a = cpu.transport(false, 0x200, &v, 4, 2000 * kNs);
        CHECK(a.end == 2000 * kNs + kHit + kMemLatency);
    };
    sc_core::sc_start();
    CHECK(f.stat("accesses") == 3);
    CHECK(f.stat("hits") == 1);
    CHECK(f.stat("misses") == 2);
    CHECK(f.stat("hits") + f.stat("misses") == f.stat("accesses"));
    CHECK(f.mem_counter("reads") == 2);  // one line fill per miss
    // Energy ledger: one lookup per access, one array write per fill (8 words of a 64-byte line).
    const int acc = f.ctx.energy.find("l2", "access"), fill = f.ctx.energy.find("l2", "fill");
    REQUIRE(acc >= 0);
    REQUIRE(fill >= 0);
    CHECK(f.ctx.energy.count(EnergyLedger::Kind(acc)) == 3);
    CHECK(f.ctx.energy.count(EnergyLedger::Kind(fill)) == 2);
    CHECK(f.ctx.energy.pj(EnergyLedger::Kind(fill)) == Approx(2 * 8 * sram_access_pj(4096)));
}

// 16 hits to one warm line, all issued at 1 us: when does the last complete? (The tag port.)
static Tick last_of_16_hits(Tick lookup_interval) {
    CacheConfig cc = small_cache(4096, 4);
    cc.lookup_interval = lookup_interval;
    Fixture f(cc);
    Tick last = 0;
    f.cpu.body = [&](TestInitiator& cpu) {
        uint32_t v = 0;
        cpu.transport(false, 0x100, &v, 4, 0);  // the miss that brings the line
        for (unsigned k = 0; k < 16; ++k)
            last = std::max(last, cpu.transport(false, 0x100 + 4 * (k % 16), &v, 4, kUs).end);
    };
    sc_core::sc_start();
    CHECK(f.stat("hits") == 16);
    return last;
}

TEST_CASE("tag port, unpipelined (lookup_interval 0): concurrent lookups hold it for hit_latency each") {
    CHECK(last_of_16_hits(0) == kUs + 16 * kHit);
}

TEST_CASE("tag port, pipelined (lookup_interval 1 ns): one lookup accepted per ns, each takes hit_latency") {
    CHECK(last_of_16_hits(1 * kNs) == kUs + 15 * kNs + kHit);
}

TEST_CASE("SRAM access energy follows Horowitz's points and grows with the size") {
    CHECK(sram_access_pj(8 * 1024) == Approx(10.0));
    CHECK(sram_access_pj(32 * 1024) == Approx(20.0));
    CHECK(sram_access_pj(1024 * 1024) == Approx(100.0));
    CHECK(sram_access_pj(256 * 1024) > sram_access_pj(32 * 1024));
    CHECK(sram_access_pj(256 * 1024) < sram_access_pj(1024 * 1024));
}

TEST_CASE("an access to a line still in flight waits for its fill (MSHR merge), it does not miss again") {
    Fixture f(small_cache(4096, 4));
    f.cpu.body = [&](TestInitiator& cpu) {
        uint32_t v = 0;
        const Tick first = cpu.transport(false, 0x0, &v, 4, 0).end;
        const Tick second = cpu.transport(false, 0x8, &v, 4, 5 * kNs).end;
        CHECK(first == kHit + kMemLatency);
        CHECK(second == first);
    };
    sc_core::sc_start();
    CHECK(f.stat("misses") == 1);
    CHECK(f.cache_counter("mshr_merges") == 1);
}

TEST_CASE("with one MSHR the cache is blocking: misses to different lines serialise; with two they overlap") {
    SimContext ctx;
    TestInitiator a("a"), b("b");
    Cache blocking("blocking", ctx, small_cache(4096, 4, 1), true),
        overlapping("overlapping", ctx, small_cache(4096, 4, 2), true);
    Memory m1("m1", ctx, Fixture::mem_config(), Fixture::timing()),
        m2("m2", ctx, Fixture::mem_config(), Fixture::timing());
    a.socket.bind(blocking.target_socket());
    blocking.initiator_socket.bind(m1.target_socket);
    b.socket.bind(overlapping.target_socket());
    overlapping.initiator_socket.bind(m2.target_socket);
    Tick ends[2][2] = {};
    auto body = [&](int which) {
        return [&, which](TestInitiator& t) {
            uint32_t v = 0;
            ends[which][0] = t.transport(false, 0x000, &v, 4, 0).end;
            ends[which][1] = t.transport(false, 0x040, &v, 4, 0).end;
        };
    };
    a.body = body(0);
    b.body = body(1);
    sc_core::sc_start();
    CHECK(ends[0][0] == kHit + kMemLatency);
    CHECK(ends[0][1] == ends[0][0] + kMemLatency);  // waited for the only MSHR
    CHECK(ends[1][1] == ends[1][0]);                // a second MSHR: in parallel
}

TEST_CASE("dirty lines are written back when evicted and their data survives the eviction") {
    // One set of 4 ways: the fifth line evicts the least recently used one.
    Fixture f(small_cache(256, 4));
    f.cpu.body = [&](TestInitiator& cpu) {
        for (uint32_t i = 0; i < 4; ++i) cpu.write32(0x1000 * i, 0xC0DE0000 + i, i * 100 * kNs);
        uint32_t v = 0;
        cpu.transport(false, 0x4000, &v, 4, 1000 * kNs);  // evicts line 0x0000 (dirty)
        CHECK(f.stat("evictions") == 1);
        CHECK(f.stat("writebacks") == 1);
        CHECK(!f.cache.array().contains(0x0000));
        CHECK(cpu.read32(0x0000, 2000 * kNs) == 0xC0DE0000);  // from memory, after a new miss
        CHECK(cpu.read32(0x3000, 3000 * kNs) == 0xC0DE0003);
    };
    sc_core::sc_start();
    // Two write-backs: 0x0000 (evicted by 0x4000) and 0x1000 (evicted when 0x0000 came back); the
    // CPU's own writes were write-allocated in the cache, not written to memory.
    CHECK(f.mem_counter("writes") == 2);
    uint32_t mem0 = 0;
    f.mem.store().read(0, &mem0, 4);
    CHECK(mem0 == 0xC0DE0000);
}

TEST_CASE("AC: a miss inside the feature-vector range reads the line's priority from the table; outside, the default") {
    Fixture f(small_cache(128, 2, 4, "ac"));  // one set of two ways
    auto& pr = f.cache.priority_regs();
    pr.fv_start = 0x10000;
    pr.fv_end = 0x20000;
    pr.pr_start = 0x80000;
    pr.default_prio = 0;
    const uint32_t q_line0 = 5;
    f.mem.store().write(0x80000, &q_line0, 4);  // entry 0 <-> line 0x10000
    f.cpu.body = [&](TestInitiator& cpu) {
        uint32_t v = 0;
        const Tick miss_in = cpu.transport(false, 0x10000, &v, 4, 0).end;  // A: priority 5 (fetched)
        CHECK(miss_in == kHit + kMemLatency);                              // table read in parallel with the line fill
        cpu.transport(false, 0x30000, &v, 4, 100 * kNs);                   // B: outside, default priority 0
        cpu.transport(false, 0x50000, &v, 4, 200 * kNs);                   // C: evicts the lowest priority: B, not A
        CHECK(f.cache.array().contains(0x10000));
        CHECK(!f.cache.array().contains(0x30000));
    };
    sc_core::sc_start();
    CHECK(f.stat("priority_fetches") == 1);
    CHECK(f.mem_counter("reads") == 4);  // 3 line fills + 1 table entry
}

TEST_CASE("LRU on the same sequence evicts the older feature-vector line (the case AC wins)") {
    Fixture f(small_cache(128, 2, 4, "lru"));
    f.cpu.body = [&](TestInitiator& cpu) {
        uint32_t v = 0;
        cpu.transport(false, 0x10000, &v, 4, 0);
        cpu.transport(false, 0x30000, &v, 4, 100 * kNs);
        cpu.transport(false, 0x50000, &v, 4, 200 * kNs);
        CHECK(!f.cache.array().contains(0x10000));
    };
    sc_core::sc_start();
    CHECK(f.stat("priority_fetches") == 0);
}

TEST_CASE("controller registers: policy select, priority range, geometry, whole-cache clean") {
    Fixture f(small_cache(4096, 4));
    f.ctrl_port.body = [&](TestInitiator& c) {
        CHECK(c.read32(CACHECTL_POLICY) == CACHECTL_POLICY_LRU);
        CHECK(c.read32(CACHECTL_LINE_SIZE) == 64);
        CHECK(c.read32(CACHECTL_WAYS) == 4);
        CHECK(c.read32(CACHECTL_SETS) == 16);
        CHECK(c.read32(CACHECTL_SIZE_KIB) == 4);
        c.write32(CACHECTL_FV_START, 0x80100000);
        c.write32(CACHECTL_FV_END, 0x80200000);
        c.write32(CACHECTL_PR_START, 0x80300000);
        c.write32(CACHECTL_POLICY, CACHECTL_POLICY_PB);
        CHECK(c.read32(CACHECTL_POLICY) == CACHECTL_POLICY_PB);
        CHECK(f.cache.policy_name() == "pb");
        CHECK(f.cache.priority_regs().fv_end == 0x80200000);
        c.write32(CACHECTL_POLICY, 99);  // no such policy: ignored
        CHECK(f.cache.policy_name() == "pb");
        // Two dirty lines, then MAINT clean: both written back, still valid.
        wait(sc_core::sc_time(1, sc_core::SC_US));
        c.write32(CACHECTL_MAINT, CACHECTL_MAINT_CLEAN, 2000 * kNs);
        CHECK(f.cache.array().dirty_lines().empty());
        CHECK(f.cache.array().valid_lines() == 2);
        c.write32(CACHECTL_MAINT, CACHECTL_MAINT_INVALIDATE, 3000 * kNs);
        CHECK(f.cache.array().valid_lines() == 0);
    };
    f.cpu.body = [&](TestInitiator& cpu) {
        cpu.write32(0x100, 1, 0);
        cpu.write32(0x200, 2, 10 * kNs);
    };
    sc_core::sc_start();
    CHECK(f.mem_counter("writes") == 2);
    CHECK(f.cache_counter("dirty_discards") == 0);
}

TEST_CASE("statistics registers: window, snapshot and reset read back what stats.json reports") {
    Fixture f(small_cache(4096, 4));  // 16 sets of 4 ways
    f.cache.set_regions({{"features", 0x4000, 0x8000}});
    Cache::StatSnapshot first, second;
    auto read64 = [&](uint32_t off) {
        return uint64_t(f.ctrl_port.read32(off)) | uint64_t(f.ctrl_port.read32(off + 4)) << 32;
    };
    auto latched = [&]() {
        Cache::StatSnapshot s;
        s.accesses = read64(CACHECTL_STAT_ACCESSES);
        s.misses = read64(CACHECTL_STAT_MISSES);
        s.writebacks = read64(CACHECTL_STAT_WRITEBACKS);
        s.win_accesses = read64(CACHECTL_STAT_WIN_ACCESSES);
        s.win_misses = read64(CACHECTL_STAT_WIN_MISSES);
        return s;
    };
    f.cpu.body = [&](TestInitiator& cpu) {
        f.ctrl_port.write32(CACHECTL_STAT_WIN_START, 0x4000);
        f.ctrl_port.write32(CACHECTL_STAT_WIN_END, 0x8000);
        CHECK(f.ctrl_port.read32(CACHECTL_STAT_WIN_START) == 0x4000);
        CHECK(f.ctrl_port.read32(CACHECTL_STAT_WIN_END) == 0x8000);
        uint32_t v = 0;
        Tick t = 0;
        for (uint32_t a : {0x4000u, 0x4004u, 0x4040u, 0x100u, 0x4000u}) cpu.transport(false, a, &v, 4, t += 100 * kNs);
        cpu.write32(0x200, 5, t += 100 * kNs);  // set 8, now dirty
        // Snapshot and reset in one write: 6 lookups, 4 misses (0x4000, 0x4040, 0x100, 0x200), of them
        // 4 lookups and 2 misses in the window.
        f.ctrl_port.write32(CACHECTL_STAT_CTRL, CACHECTL_STAT_CTRL_SNAPSHOT | CACHECTL_STAT_CTRL_RESET);
        first = latched();
        // Four more lines of set 8 (line 0x200 + k * 1 KiB): the fourth evicts the dirty 0x200.
        for (uint32_t a : {0x600u, 0xA00u, 0xE00u, 0x1200u}) cpu.transport(false, a, &v, 4, t += 100 * kNs);
        CHECK(read64(CACHECTL_STAT_ACCESSES) == first.accesses);  // latched: unchanged until a snapshot
        f.ctrl_port.write32(CACHECTL_STAT_CTRL, CACHECTL_STAT_CTRL_SNAPSHOT);
        second = latched();
        CHECK(f.ctrl_port.read32(CACHECTL_STAT_CTRL) == 0);
    };
    sc_core::sc_start();
    CHECK(first.accesses == 6);
    CHECK(first.misses == 4);
    CHECK(first.writebacks == 0);
    CHECK(first.win_accesses == 4);
    CHECK(first.win_misses == 2);
    CHECK(second.accesses == 4);
    CHECK(second.misses == 4);
    CHECK(second.writebacks == 1);
    CHECK(second.win_accesses == 0);
    CHECK(second.win_misses == 0);
    // stats.json's counters (published at the end of the run) are the sum of both intervals, and the
    // window equal to a region counts exactly that region's lookups.
    f.cache.finalize();
    CHECK(f.cache_counter("accesses") == first.accesses + second.accesses);
    CHECK(f.cache_counter("misses") == first.misses + second.misses);
    CHECK(f.cache_counter("writebacks") == first.writebacks + second.writebacks);
    CHECK(f.cache_counter("region.features.accesses") == first.win_accesses);
    CHECK(f.cache_counter("region.features.misses") == first.win_misses);
}

// A CPU-side L1 (no target socket; the CPU calls access()) watching another master's traffic.
TEST_CASE("stale-data hazards: another master reading a dirty line, the CPU hitting a line another master rewrote") {
    SimContext ctx;
    CacheConfig cc = small_cache(4096, 4);
    cc.ctrl_base = 0;
    Cache l1("l1d", ctx, cc, false);
    Memory mem("mem", ctx, Fixture::mem_config(), Fixture::timing());
    l1.initiator_socket.bind(mem.target_socket);
    const uint16_t cpu_id = ctx.tracer.register_component("cpu0"), dma_id = ctx.tracer.register_component("dma");
    l1.add_own_initiator(cpu_id);
    TestThread driver("driver");
    auto bus_txn = [&](bool write, uint64_t addr, uint16_t who) {
        tlm::tlm_generic_payload p;
        TxnExt e;
        e.initiator = who;
        p.set_extension(&e);
        uint8_t buf[64] = {};
        p.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
        p.set_address(addr);
        p.set_data_ptr(buf);
        p.set_data_length(64);
        l1.observe(p, sim_now());
        p.clear_extension(&e);
    };
    driver.fn = [&] {
        TxnExt cpu;
        cpu.initiator = cpu_id;
        cpu.has_pc = true;
        cpu.pc = 0x80001234;
        l1.access(0x1000, 4, true, 0, cpu);   // dirty line
        l1.access(0x2000, 4, false, 0, cpu);  // clean line
        bus_txn(false, 0x1000, cpu_id);       // the CPU's own traffic: never a hazard
        CHECK(ctx.stats.group("l1d").find_counter("hazard_dirty_reads")->value == 0);
        bus_txn(false, 0x1000, dma_id);  // DMA reads a dirty line
        CHECK(ctx.stats.group("l1d").find_counter("hazard_dirty_reads")->value == 1);
        bus_txn(true, 0x2000, dma_id);              // DMA rewrites a cached line ...
        l1.access(0x2004, 4, false, 1 * kUs, cpu);  // ... and the CPU hits it
        CHECK(ctx.stats.group("l1d").find_counter("hazard_stale_hits")->value == 1);
        l1.access(0x2008, 4, false, 2 * kUs, cpu);  // reported once per rewrite
        CHECK(ctx.stats.group("l1d").find_counter("hazard_stale_hits")->value == 1);
        // Invalidate before reading DMA output: no hazard.
        bus_txn(true, 0x2000, dma_id);
        l1.maintain(Cache::Maint::Invalidate, 0x2000, 3 * kUs, cpu);
        l1.access(0x2000, 4, false, 4 * kUs, cpu);
        CHECK(ctx.stats.group("l1d").find_counter("hazard_stale_hits")->value == 1);
    };
    sc_core::sc_start();
    CHECK_FALSE(ctx.stop_requested());
}

// Repeat hits at the TLM level: the L1 grants a line after a hit that took no time, the holder's
// repeats count as lookups and hits, and another master's write or a statistics window takes the
// grant back (the stale hit is still reported, the window still counts).
TEST_CASE("repeat hits: granted after a hit, counted like hits, taken back by a stale mark and a window") {
    SimContext ctx;
    CacheConfig cc = small_cache(4096, 4);
    cc.ctrl_base = 0;
    Cache slow("slow", ctx, cc, false);  // with a hit latency (the tag port is reserved per lookup): no grants
    cc.hit_latency = 0;
    Cache l1("l1d", ctx, cc, false);
    Memory mem("mem", ctx, Fixture::mem_config(), Fixture::timing()),
        mem2("mem2", ctx, Fixture::mem_config(), Fixture::timing());
    l1.initiator_socket.bind(mem.target_socket);
    slow.initiator_socket.bind(mem2.target_socket);
    const uint16_t cpu_id = ctx.tracer.register_component("cpu0"), dma_id = ctx.tracer.register_component("dma");
    l1.add_own_initiator(cpu_id);
    RepeatHits holder, slow_holder;
    l1.grant_repeat_hits(&holder);
    slow.grant_repeat_hits(&slow_holder);
    TestThread driver("driver");
    driver.fn = [&] {
        TxnExt cpu;
        cpu.initiator = cpu_id;
        slow.access(0x1000, 4, false, 0, cpu);
        slow.access(0x1000, 4, false, 1 * kUs, cpu);
        CHECK_FALSE(slow_holder.hit(0x1000, 4, false));
        CHECK_FALSE(holder.hit(0x1000, 4, false));  // nothing granted yet
        l1.access(0x1000, 4, false, 0, cpu);        // miss: no grant (it took time)
        CHECK_FALSE(holder.hit(0x1004, 4, false));
        l1.access(0x1000, 4, false, 1 * kUs, cpu);  // hit, no time: granted
        CHECK(holder.hit(0x1004, 4, false));
        CHECK(holder.hit(0x103c, 4, false));
        CHECK_FALSE(holder.hit(0x103e, 4, false));  // crosses into the next line
        CHECK_FALSE(holder.hit(0x1008, 4, true));   // a clean line: a store must go to the cache
        l1.access(0x1008, 4, true, 2 * kUs, cpu);   // the store makes it dirty: stores repeat too
        CHECK(holder.hit(0x1010, 4, true));
        // Another master rewrites the line: the grant goes, and the CPU's next hit is reported.
        tlm::tlm_generic_payload p;
        TxnExt dma;
        dma.initiator = dma_id;
        uint8_t buf[64] = {};
        p.set_command(tlm::TLM_WRITE_COMMAND);
        p.set_address(0x1000);
        p.set_data_ptr(buf);
        p.set_data_length(64);
        l1.observe(p, sim_now(), dma_id);
        CHECK_FALSE(holder.hit(0x1004, 4, false));
        l1.access(0x1004, 4, false, 3 * kUs, cpu);
        CHECK(ctx.stats.group("l1d").find_counter("hazard_stale_hits")->value == 1);
        // A statistics window: no grants while it is set (its lookups must be seen).
        CHECK(holder.hit(0x1004, 4, false));
        l1.set_stat_window(0x1000, 0x2000);
        CHECK_FALSE(holder.hit(0x1004, 4, false));
        l1.access(0x1004, 4, false, 4 * kUs, cpu);
        CHECK_FALSE(holder.hit(0x1004, 4, false));
        l1.stat_snapshot();
        CHECK(l1.stat_latched().win_accesses == 1);
        // A hit on a line whose fill is still in flight waits (an MSHR merge): not granted.
        l1.set_stat_window(0, 0);
        l1.access(0x3000, 4, false, 5 * kUs, cpu);
        l1.access(0x3004, 4, false, 5 * kUs + 1, cpu);
        CHECK_FALSE(holder.hit(0x3008, 4, false));
        // After a miss its requester waited for (the hart does), the line is granted if its fill is
        // complete by the time the requester goes on: its first hit would take no time either.
        const Tick done = l1.access(0x5000, 4, false, 6 * kUs, cpu);
        REQUIRE(done > 6 * kUs);
        l1.grant_after_miss(0x5000, done - 1);
        CHECK_FALSE(holder.hit(0x5004, 4, false));  // the fill is still in flight then
        l1.grant_after_miss(0x5000, done);
        CHECK(holder.hit(0x5004, 4, false));
        l1.access(0x5008, 4, false, done, cpu);  // a hit: nothing to grant after it
        l1.grant_after_miss(0x6000, done);       // (nor for a line the last access did not miss)
        CHECK_FALSE(holder.hit(0x6000, 4, false));
    };
    sc_core::sc_start();
    // 9 accesses through the cache (three misses) + 5 repeats (3 loads, 1 store, 1 load after the
    // stale hit).
    const cache::RegionStats t = l1.array().totals();
    CHECK(t.accesses == 14);
    CHECK(t.hits == 11);
    CHECK(ctx.energy.count(EnergyLedger::Kind(ctx.energy.find("l1d", "access"))) == 14);
}

TEST_CASE("hazards: error stops the run with exit code 6") {
    SimContext ctx;
    CacheConfig cc = small_cache(4096, 4);
    cc.ctrl_base = 0;
    cc.hazard = CacheConfig::HazardAction::Error;
    Cache l1("l1d", ctx, cc, false);
    Memory mem("mem", ctx, Fixture::mem_config(), Fixture::timing());
    l1.initiator_socket.bind(mem.target_socket);
    TestInitiator dummy("dummy");  // gives the test an SC_THREAD to run in
    Memory mem2("mem2", ctx, Fixture::mem_config(), Fixture::timing());
    dummy.socket.bind(mem2.target_socket);
    dummy.body = [&](TestInitiator&) {
        TxnExt cpu;
        l1.access(0x1000, 4, true, 0, cpu);
        tlm::tlm_generic_payload p;
        TxnExt e;
        e.initiator = 999;
        p.set_extension(&e);
        uint8_t buf[4];
        p.set_command(tlm::TLM_READ_COMMAND);
        p.set_address(0x1000);
        p.set_data_ptr(buf);
        p.set_data_length(4);
        l1.observe(p, 0);
        p.clear_extension(&e);
    };
    sc_core::sc_start();
    CHECK(ctx.stop_requested());
    CHECK(ctx.exit_code() == 6);
}

namespace {
// Counts the AroundMiss objects the cache makes and how many are alive.
struct MissProbe {
    static inline int made = 0, live = 0;
    MissProbe() { ++made, ++live; }
    ~MissProbe() { --live; }
};

// A memory below the cache whose timing code raises a host FP flag (as a model computing with doubles
// may), and which notes whether a MissProbe surrounds the call.
struct FpRaisingMemory : sc_core::sc_module {
    tlm_utils::simple_target_socket<FpRaisingMemory> socket{"socket"};
    int probes_alive = -1;
    explicit FpRaisingMemory(sc_core::sc_module_name n) : sc_module(n) {
        socket.register_b_transport(this, &FpRaisingMemory::b_transport);
    }
    void b_transport(tlm::tlm_generic_payload& p, sc_core::sc_time& delay) {
        probes_alive = MissProbe::live;
        volatile double one = 1.0, three = 3.0;
        volatile double third = one / three;  // FE_INEXACT
        (void)third;
        delay += sc_core::sc_time(10, sc_core::SC_NS);
        p.set_response_status(tlm::TLM_OK_RESPONSE);
    }
};
}  // namespace

// The CPU's L1s run inside the ISS's load/store path, where the host FP flags hold the guest's fflags.
TEST_CASE("access<AroundMiss>: made around each miss only, and iss::HostFpFlagsKept drops the flags raised below") {
    SimContext ctx;
    CacheConfig cc = small_cache(4096, 4);
    cc.ctrl_base = 0;
    cc.hit_latency = 0;
    Cache l1("l1d", ctx, cc, false);
    FpRaisingMemory mem("mem");
    l1.initiator_socket.bind(mem.socket);
    TestInitiator dummy("dummy");  // an SC_THREAD for the test body
    Memory mem2("mem2", ctx, Fixture::mem_config(), Fixture::timing());
    dummy.socket.bind(mem2.target_socket);
    dummy.body = [&](TestInitiator&) {
        TxnExt o;
        l1.access<MissProbe>(0x1000, 4, false, 0, o);  // miss
        CHECK(MissProbe::made == 1);
        CHECK(mem.probes_alive == 1);                        // the line fill ran inside it
        l1.access<MissProbe>(0x1004, 4, false, 1 * kUs, o);  // hit
        CHECK(MissProbe::made == 1);
        l1.access<MissProbe>(0x103c, 8, false, 2 * kUs, o);  // 0x1000 hits, 0x1040 misses
        CHECK(MissProbe::made == 2);
        CHECK(MissProbe::live == 0);

        std::feclearexcept(FE_ALL_EXCEPT);
        std::feraiseexcept(FE_DIVBYZERO);                               // the guest's pending flag
        l1.access<iss::HostFpFlagsKept>(0x2000, 4, false, 3 * kUs, o);  // miss: the memory raises FE_INEXACT
        CHECK(std::fetestexcept(FE_DIVBYZERO));
        CHECK_FALSE(std::fetestexcept(FE_INEXACT));
        l1.access(0x3000, 4, false, 4 * kUs, o);  // without it the model's flag stays behind
        CHECK(std::fetestexcept(FE_INEXACT));
        std::feclearexcept(FE_ALL_EXCEPT);
    };
    sc_core::sc_start();
    CHECK(l1.array().totals().misses == 4);
}

namespace {
// L1 -> bus -> L2 -> DDR3 memory, and a DMA-like initiator on the bus, as the platform builds them;
// `direct`: also bound directly (timed_target.h), as the platform does, else through the sockets only.
struct Chain {
    SimContext ctx;
    std::string prefix;
    Cache l1, l2;
    Bus bus;
    Memory ram;
    TestInitiator dma;
    static constexpr uint64_t kBase = 0x8000'0000, kSize = 1 << 20;

    static CacheConfig level(uint64_t size, unsigned ways, Tick hit) {
        CacheConfig c = small_cache(size, ways, 2);
        c.ctrl_base = 0;
        c.hit_latency = hit;
        c.hazard = CacheConfig::HazardAction::Ignore;  // (counted; the DMA rewrites lines the L1 holds)
        return c;
    }
    static MemoryConfig ddr() {
        MemoryConfig m;
        m.size = kSize;
        m.timing = "ddr";
        return m;
    }
    // `ignore_own`: the bus's observer (the L1's stale-data watch) ignores the L1's own transactions, as
    // on the platform, so that the L1's fills and write-backs take the line path (timed_target.h) when
    // bound directly; without, every transaction of the chain is a payload.
    // `bus_to_l2_by_socket`: the bus reaches the L2 through its socket only, so that line transfers
    // turn into payloads there (LinePayload).
    Chain(const std::string& p, bool direct, bool ignore_own = false, bool bus_to_l2_by_socket = false)
        : prefix(p),
          l1((p + "l1").c_str(), ctx, level(2048, 2, 0), false),
          l2((p + "l2").c_str(), ctx, level(16384, 4, kHit), true),
          bus((p + "bus").c_str(), ctx, BusConfig{}),
          ram((p + "ram").c_str(), ctx, ddr()),
          dma((p + "dma").c_str()) {
        l1.initiator_socket.bind(bus.target_socket);
        dma.socket.bind(bus.target_socket);
        bus.initiator_socket.bind(l2.target_socket());
        bus.map(0, kBase, kSize, "ram");
        l2.initiator_socket.bind(ram.target_socket);
        l2.set_mapping_base(kBase);
        bus.add_observer([this](tlm::tlm_generic_payload& pl, Tick at, uint16_t who) { l1.observe(pl, at, who); },
                         ignore_own ? &l1.own_initiators() : nullptr);
        dma.initiator_id = 99;
        if (direct) {
            l1.bind_direct(&bus);
            if (!bus_to_l2_by_socket) bus.bind_direct(0, &l2);
            l2.bind_direct(&ram);
        }
    }
    nlohmann::ordered_json stats(const std::string& component) {
        l1.finalize();  // (the caches publish their counts at the end of a run)
        l2.finalize();
        return ctx.stats.group(prefix + component).to_json();
    }
};
}  // namespace

// The platform binds the cached memory path directly; the sockets must give the very same answers.
// With the observer ignoring the L1's own transactions, the direct chain carries the L1's fills and
// write-backs on the line path (no payload from the L1 to the RAM), the socket chain as payloads.
// (Each TEST_CASE runs in a process of its own: one simulation each.)
static void check_direct_same_as_sockets(bool ignore_own, bool bus_to_l2_by_socket = false) {
    Chain direct("direct_", true, ignore_own, bus_to_l2_by_socket), socket("socket_", false, ignore_own);
    std::vector<Tick> l1_direct, l1_socket, dma_direct, dma_socket;
    auto drive = [&](Chain& c, std::vector<Tick>& l1_ends, std::vector<Tick>& dma_ends, uint64_t seed) {
        Xoshiro256 rng(seed);
        const TxnExt origin;  // (initiator 0: the L1 names itself)
        Tick at = 0;
        for (int i = 0; i < 4000; ++i) {
            // Mostly a few hot lines, sometimes anywhere in 256 KiB: L1 and L2 hits and misses, dirty
            // victims; accesses issued behind the kernel's time too (the L1 then starts them at now).
            const uint64_t addr = Chain::kBase + (rng.below(4) ? rng.below(4096) : rng.below(256 * 1024)) / 4 * 4;
            l1_ends.push_back(c.l1.access(addr, 4, rng.below(3) == 0, at, origin));
            if (i % 7 == 0) {  // another master through the bus: data must move as before
                uint8_t buf[64];
                const bool write = rng.below(2);
                for (auto& b : buf) b = uint8_t(rng.next());
                const uint64_t line = Chain::kBase + rng.below(256 * 1024) / 64 * 64;
                dma_ends.push_back(c.dma.transport(write, line, buf, 64, std::max(at, sim_now())).end);
                if (!write) dma_ends.push_back(buf[0] | uint64_t(buf[63]) << 8);  // (the data read, too)
            }
            at += rng.below(40) * kNs;
            if (i % 50 == 0) sc_core::wait(rng.below(3000) * kNs, sc_core::SC_PS);
        }
    };
    direct.dma.body = [&](TestInitiator&) { drive(direct, l1_direct, dma_direct, 42); };
    socket.dma.body = [&](TestInitiator&) { drive(socket, l1_socket, dma_socket, 42); };
    sc_core::sc_start();
    REQUIRE(l1_direct.size() == 4000);
    CHECK(l1_direct == l1_socket);
    CHECK(dma_direct == dma_socket);
    for (const char* c : {"l1", "bus", "l2", "ram"}) {
        INFO(c);
        CHECK(direct.stats(c) == socket.stats(c));
    }
    // (and the sequence exercised what it should)
    CHECK(direct.stats("l2")["counters"]["misses"].get<uint64_t>() > 100);
    CHECK(direct.stats("l1")["counters"]["writebacks"].get<uint64_t>() > 100);
    CHECK(std::memcmp(direct.ram.store().data(), socket.ram.store().data(), Chain::kSize) == 0);
}

TEST_CASE("direct binding: the same completion times, data and statistics as through the sockets") {
    check_direct_same_as_sockets(false);
}

TEST_CASE("the line path (an L1's fills and write-backs without a payload): the same as payloads through sockets") {
    check_direct_same_as_sockets(true);
}

TEST_CASE("the line path turns into payloads at a target that does not serve lines: the same results") {
    check_direct_same_as_sockets(true, true);
}

// Tags-only caches: their own line fills and write-backs are timed and counted but move no data.
TEST_CASE("the caches' fills and write-backs move no data; another master's transactions through the L2 do") {
    Chain c("c_", true);
    uint8_t* ram = c.ram.store().data();
    for (uint64_t i = 0; i < 256 * 1024; ++i) ram[i] = uint8_t(i * 7 + 3);  // what the CPU's DMI writes left
    uint8_t got[64] = {};
    c.dma.body = [&](TestInitiator&) {
        const TxnExt origin;
        Tick at = 0;
        for (uint64_t i = 0; i < 2000; ++i, at += 5 * kNs)  // stores: dirty lines, evicted from L1 and L2
            c.l1.access(Chain::kBase + (i * 4096 + i * 64) % (256 * 1024), 4, true, at, origin);
        c.dma.transport(false, Chain::kBase + 0x1040, got, 64, at);
    };
    sc_core::sc_start();
    const auto l1 = c.stats("l1")["counters"], l2 = c.stats("l2")["counters"], mem = c.stats("ram")["counters"];
    CHECK(l1["writebacks"].get<uint64_t>() > 1000);
    CHECK(l2["writebacks"].get<uint64_t>() > 500);
    CHECK(mem["writes"].get<uint64_t>() == l2["writebacks"].get<uint64_t>());  // timed like any write
    CHECK(mem["bytes_written"].get<uint64_t>() == 64 * l2["writebacks"].get<uint64_t>());
    // Memory unchanged by them (nothing was copied, not even the same bytes back)...
    bool unchanged = true;
    for (uint64_t i = 0; i < 256 * 1024; ++i) unchanged &= ram[i] == uint8_t(i * 7 + 3);
    CHECK(unchanged);
    // ...and no untimed copies for them: the one debug access is the other master's read, with its data.
    CHECK(mem["debug_accesses"].get<uint64_t>() == 1);
    CHECK(c.stats("bus")["counters"]["debug_accesses"].get<uint64_t>() == 0);
    CHECK(got[0] == uint8_t(0x1040 * 7 + 3));
    CHECK(got[63] == uint8_t((0x1040 + 63) * 7 + 3));
}
