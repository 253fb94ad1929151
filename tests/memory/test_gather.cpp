// HMC gather/scatter engine through its registers (include/vp/regs/hmc.h): gather and scatter on
// random and duplicate indices in both modes, BUSY until the computed completion, only the command
// and the packed data cross the link, interrupt, and bad descriptors (error status, memory untouched).
#include <catch2/catch.hpp>
#include <cstring>
#include <systemc>
#include <tlm>
#include "models/bus/bus.h"
#include "models/common/prng.h"
#include "models/memory/hmc/gather_engine.h"
#include "models/memory/memory.h"
#include "tests/memory/mem_test_util.h"
#include "tests/support/test_initiator.h"
#include "vp/regs/hmc.h"
#include "vp/regs/memmap.h"

using namespace vp;
using vp::test::TestInitiator;

namespace {

constexpr uint64_t RAM = VP_RAM_BASE;
constexpr uint64_t CTRL = VP_HMC_CTRL_BASE;
constexpr uint64_t CTRL2 = VP_HMC_CTRL_BASE + HMC_CTRL_SIZE;
constexpr uint64_t RAM_SIZE = 4 << 20;

struct Bench {
    SimContext ctx;
    Bus bus{"bus", ctx, BusConfig{1e9, 8, 1}};
    Memory ram;
    HmcController ctrl;
    std::unique_ptr<HmcController> ctrl2;  // a second unit on the same cube (another engine), at CTRL2
    TestInitiator cpu{"cpu"};
    std::vector<std::pair<Tick, bool>> irq_edges;

    static MemoryConfig mc() {
        MemoryConfig c;
        c.size = RAM_SIZE;
        c.timing = "hmc";
        return c;
    }
    explicit Bench(const HmcCtrlConfig& cfg = {}, const HmcCtrlConfig* cfg2 = nullptr)
        : ram("ram", ctx, mc()), ctrl("hmc_ctrl", ctx, cfg, ram, RAM) {
        cpu.socket.bind(bus.target_socket);
        bus.initiator_socket.bind(ram.target_socket);
        bus.initiator_socket.bind(ctrl.socket);
        bus.map(0, RAM, RAM_SIZE, "ram");
        bus.map(1, CTRL, HMC_CTRL_SIZE, "hmc_ctrl");
        if (cfg2) {
            ctrl2 = std::make_unique<HmcController>("hmc_ctrl2", ctx, *cfg2, ram, RAM);
            bus.initiator_socket.bind(ctrl2->socket);
            bus.map(2, CTRL2, HMC_CTRL_SIZE, "hmc_ctrl2");
        }
        ctrl.irq().on_change([this](bool l) { irq_edges.push_back({sim_now(), l}); });
    }
    uint8_t* mem(uint64_t bus_addr) { return ram.store().data() + (bus_addr - RAM); }
    template <class T>
    void put(uint64_t a, const std::vector<T>& v) {
        std::memcpy(mem(a), v.data(), v.size() * sizeof(T));
    }
    template <class T>
    std::vector<T> get(uint64_t a, size_t n) {
        std::vector<T> v(n);
        std::memcpy(v.data(), mem(a), n * sizeof(T));
        return v;
    }
    HmcTiming& hmc() { return static_cast<HmcTiming&>(ram.timing()); }
    uint64_t stat(const std::string& name, const char* unit = "hmc_ctrl") {
        const Counter* c = ctx.stats.group(unit).find_counter(name);
        REQUIRE(c != nullptr);
        return c->value;
    }
};

HmcCtrlConfig coalescing(uint64_t buffer_bytes = 32768, unsigned merge_window = 256) {
    HmcCtrlConfig c;
    c.engine = HmcCtrlConfig::Engine::Coalescing;
    c.buffer_bytes = buffer_bytes;
    c.merge_window = merge_window;
    return c;
}

struct Cmd {
    uint32_t op, elem, index, count, esize, isize, dest;
};

// Programs a descriptor, rings the doorbell and polls GS_STATUS every 100 ns of the initiator's time.
// Returns the final status; `busy_seen` tells whether a poll saw BUSY.
uint32_t run_cmd(TestInitiator& i, const Cmd& c, Tick& t, bool* busy_seen = nullptr, Tick* done_at = nullptr,
                 uint64_t base = CTRL) {
    i.write32(base + GS_OP, c.op, t);
    i.write32(base + GS_ELEM_BASE, c.elem, t);
    i.write32(base + GS_INDEX_ADDR, c.index, t);
    i.write32(base + GS_COUNT, c.count, t);
    i.write32(base + GS_ELEM_SIZE, c.esize, t);
    i.write32(base + GS_INDEX_SIZE, c.isize, t);
    i.write32(base + GS_DEST, c.dest, t);
    i.write32(base + GS_DOORBELL, 1, t);
    t = i.last.end;
    for (;;) {
        const uint32_t s = i.read32(base + GS_STATUS, t);
        t = i.last.end;
        if (s != GS_STATUS_BUSY) {
            if (done_at) *done_at = t;
            return s;
        }
        if (busy_seen) *busy_seen = true;
        t += 100 * kNs;
    }
}

constexpr uint32_t ELEMS = RAM + 0x100000, INDEX = RAM + 0x200000, DEST = RAM + 0x300000;

}  // namespace

TEST_CASE("gather in memory: random and duplicate indices, BUSY until done, only the command crosses the link") {
    Bench b;
    const uint32_t n_elems = 50000, n = 3000;
    std::vector<float> x(n_elems);
    for (uint32_t k = 0; k < n_elems; ++k) x[k] = float(k) * 0.5f + 1.0f;
    Xoshiro256 rng(7);
    std::vector<uint32_t> idx(n);
    for (auto& v : idx) v = uint32_t(rng.next() % n_elems);
    idx[10] = idx[11] = idx[12] = 42;  // duplicates
    idx[n - 1] = n_elems - 1;          // the last element
    b.put(ELEMS, x);
    b.put(INDEX, idx);
    uint32_t st = 0;
    bool busy = false;
    uint64_t req_flits = 0, rsp_flits = 0;
    uint32_t completed = 0, last_ns = 0;
    b.cpu.body = [&](TestInitiator& i) {
        Tick t = 1 * kUs;
        st = run_cmd(i, {GS_OP_GATHER | GS_MODE_MEMORY, ELEMS, INDEX, n, 4, 4, DEST}, t, &busy);
        req_flits = b.hmc().count(HmcTiming::kReqFlits);
        rsp_flits = b.hmc().count(HmcTiming::kRspFlits);
        completed = i.read32(CTRL + GS_COMPLETED, t);
        last_ns = i.read32(CTRL + GS_LAST_NS, t);
    };
    sc_core::sc_start();
    REQUIRE(st == GS_STATUS_DONE);
    REQUIRE(completed == 1);
    REQUIRE(last_ns > 0);  // doorbell to completion, ns
    REQUIRE(last_ns < 100000);
    REQUIRE(busy);
    const auto got = b.get<float>(DEST, n);
    for (uint32_t k = 0; k < n; ++k) REQUIRE(got[k] == x[idx[k]]);
    REQUIRE(req_flits == 3);  // the descriptor packet
    REQUIRE(rsp_flits == 1);  // the completion
    // In-cube work: index blocks (4 B x 3000 / 128 B), one access per element, packed blocks written.
    REQUIRE(b.hmc().count(HmcTiming::kVaultAccesses) == 94 + n + 94);
}

TEST_CASE("gather to host: 8-byte elements and indices land in GS_BUF, data packets cross the link") {
    Bench b;
    const uint32_t n = 500;
    std::vector<uint64_t> x(4096);
    for (uint32_t k = 0; k < x.size(); ++k) x[k] = 0x1111111100000000ull + k * 3;
    Xoshiro256 rng(11);
    std::vector<uint64_t> idx(n);
    for (auto& v : idx) v = rng.next() % x.size();
    idx[0] = idx[1] = 7;
    b.put(ELEMS, x);
    b.put(INDEX, idx);
    uint32_t st = 0;
    std::vector<uint64_t> got(n);
    b.cpu.body = [&](TestInitiator& i) {
        Tick t = 0;
        st = run_cmd(i, {GS_OP_GATHER | GS_MODE_HOST, ELEMS, INDEX, n, 8, 8, 64}, t);
        for (uint32_t k = 0; k < n; ++k) {
            const uint64_t lo = i.read32(CTRL + GS_BUF + 64 + 8 * k, t),
                           hi = i.read32(CTRL + GS_BUF + 64 + 8 * k + 4, t);
            got[k] = lo | hi << 32;
        }
    };
    sc_core::sc_start();
    REQUIRE(st == GS_STATUS_DONE);
    for (uint32_t k = 0; k < n; ++k) REQUIRE(got[k] == x[idx[k]]);
    // 4000 bytes of packed data from buffer offset 64: 64..128, 30 blocks of 128, 3968..4064.
    const uint64_t data_flits = (1 + 4) + 30 * 9 + (1 + 6);  // 64 B, 30 x 128 B, 96 B
    REQUIRE(b.hmc().count(HmcTiming::kRspFlits) == data_flits + 1);
    REQUIRE(b.hmc().count(HmcTiming::kReqFlits) == 3);
}

TEST_CASE("scatter in memory and from host: duplicates keep the last element") {
    Bench b;
    const uint32_t n = 1000, size = 20000;
    std::vector<uint32_t> base(size, 0xEEEEEEEE);
    b.put(ELEMS, base);
    Xoshiro256 rng(3);
    std::vector<uint32_t> idx(n), src(n);
    for (uint32_t k = 0; k < n; ++k) {
        idx[k] = uint32_t(rng.next() % size);
        src[k] = 0xA0000000u + k;
    }
    idx[5] = idx[900] = 1234;  // element 900 wins
    b.put(INDEX, idx);
    b.put(DEST, src);
    uint32_t st1 = 0, st2 = 0;
    b.cpu.body = [&](TestInitiator& i) {
        Tick t = 0;
        st1 = run_cmd(i, {GS_OP_SCATTER | GS_MODE_MEMORY, ELEMS, INDEX, n, 4, 4, DEST}, t);
        // From host: 16 elements written into GS_BUF, scattered to 16 more places (one duplicate).
        for (uint32_t k = 0; k < 16; ++k) i.write32(CTRL + GS_BUF + 4 * k, 0xB0000000u + k, t);
        st2 = run_cmd(i, {GS_OP_SCATTER | GS_MODE_HOST, ELEMS, INDEX + 4 * n, 16, 4, 4, 0}, t);
    };
    std::vector<uint32_t> idx2(16);
    for (uint32_t k = 0; k < 16; ++k) idx2[k] = size - 1 - k;
    idx2[15] = idx2[14];
    b.put(INDEX + 4 * n, idx2);
    sc_core::sc_start();
    REQUIRE(st1 == GS_STATUS_DONE);
    REQUIRE(st2 == GS_STATUS_DONE);
    std::vector<uint32_t> expect = base;
    for (uint32_t k = 0; k < n; ++k) expect[idx[k]] = src[k];
    for (uint32_t k = 0; k < 16; ++k) expect[idx2[k]] = 0xB0000000u + k;
    REQUIRE(expect[1234] == 0xA0000000u + 900);
    REQUIRE(b.get<uint32_t>(ELEMS, size) == expect);
}

TEST_CASE("bad descriptors end with an error status and change no memory") {
    Bench b;
    std::vector<uint32_t> idx = {1, 2, 3, 0x7FFFFFFF};  // the last one points far outside the RAM
    b.put(INDEX, idx);
    std::vector<uint32_t> x(16, 0x5A5A5A5A);
    b.put(ELEMS, x);
    std::vector<uint32_t> dst(16, 0x12345678);
    b.put(DEST, dst);
    std::vector<uint8_t> before = b.get<uint8_t>(RAM, RAM_SIZE);
    std::vector<std::pair<uint32_t, uint32_t>> got;  // status, expected
    uint32_t err_info = 0;
    b.cpu.body = [&](TestInitiator& i) {
        Tick t = 0;
        const uint32_t G = GS_OP_GATHER, S = GS_OP_SCATTER;
        got.push_back({run_cmd(i, {G, ELEMS, INDEX, 0, 4, 4, DEST}, t), GS_STATUS_ERR_COUNT});
        got.push_back({run_cmd(i, {G, ELEMS + 2, INDEX, 3, 4, 4, DEST}, t), GS_STATUS_ERR_ALIGN});
        got.push_back({run_cmd(i, {G, ELEMS, INDEX + 1, 3, 4, 4, DEST}, t), GS_STATUS_ERR_ALIGN});
        got.push_back({run_cmd(i, {S, ELEMS, INDEX, 3, 4, 4, DEST + 2}, t), GS_STATUS_ERR_ALIGN});
        got.push_back({run_cmd(i, {G, ELEMS, INDEX, 3, 3, 4, DEST}, t), GS_STATUS_ERR_SIZE});
        got.push_back({run_cmd(i, {G, ELEMS, INDEX, 3, 4, 2, DEST}, t), GS_STATUS_ERR_SIZE});
        got.push_back({run_cmd(i, {7, ELEMS, INDEX, 3, 4, 4, DEST}, t), GS_STATUS_ERR_OP});
        got.push_back({run_cmd(i, {G, ELEMS, 0x1000, 3, 4, 4, DEST}, t), GS_STATUS_ERR_RANGE});  // index not in RAM
        got.push_back({run_cmd(i, {G, ELEMS, uint32_t(RAM + RAM_SIZE - 8), 3, 4, 4, DEST}, t), GS_STATUS_ERR_RANGE});
        got.push_back({run_cmd(i, {G, ELEMS, INDEX, 3, 4, 4, uint32_t(RAM + RAM_SIZE - 8)}, t), GS_STATUS_ERR_RANGE});
        got.push_back({run_cmd(i, {G | GS_MODE_HOST, ELEMS, INDEX, 3, 4, 4, GS_BUF_SIZE - 8}, t), GS_STATUS_ERR_RANGE});
        got.push_back({run_cmd(i, {G, ELEMS, INDEX, 4, 4, 4, DEST}, t), GS_STATUS_ERR_INDEX});
        err_info = i.read32(CTRL + GS_ERR_INFO, t);
        got.push_back({run_cmd(i, {S, ELEMS, INDEX, 4, 4, 4, DEST}, t), GS_STATUS_ERR_INDEX});  // 3 good ones first
        got.push_back({run_cmd(i, {G, ELEMS, INDEX, 3, 4, 4, DEST}, t), GS_STATUS_DONE});       // still usable
    };
    sc_core::sc_start();
    for (auto& [s, e] : got) CHECK(s == e);
    REQUIRE(err_info == 3);
    // Only the last (good) gather wrote: 12 bytes at DEST.
    std::vector<uint8_t> after = b.get<uint8_t>(RAM, RAM_SIZE);
    for (unsigned k = 0; k < 3; ++k) {
        const uint32_t v = 0x5A5A5A5A;
        std::memcpy(&before[DEST - RAM + 4 * k], &v, 4);
    }
    REQUIRE(after == before);
    REQUIRE(b.hmc().count(HmcTiming::kPackets) == 2);  // errors send no packet: the good command + its completion
}

TEST_CASE("gather interrupt: raised at completion when enabled, cleared by writing the pending bit") {
    Bench b;
    std::vector<uint32_t> idx(64);
    for (uint32_t k = 0; k < 64; ++k) idx[k] = k * 37 % 1000;
    b.put(INDEX, idx);
    uint32_t pending_before = 9, pending_after = 9;
    Tick done = 0;
    b.cpu.body = [&](TestInitiator& i) {
        Tick t = 0;
        i.write32(CTRL + GS_IRQ_ENABLE, 1, t);
        run_cmd(i, {GS_OP_GATHER, ELEMS, INDEX, 64, 4, 4, DEST}, t);
        done = b.ctrl.last_completion();
        // Let the kernel reach the completion time, then look and clear.
        sc_core::wait(to_sc_time(t - sim_now() + 1));
        pending_before = i.read32(CTRL + GS_IRQ_PENDING, sim_now());
        i.write32(CTRL + GS_IRQ_PENDING, 1, sim_now());
        pending_after = i.read32(CTRL + GS_IRQ_PENDING, sim_now());
    };
    sc_core::sc_start();
    REQUIRE(pending_before == 1);
    REQUIRE(pending_after == 0);
    REQUIRE(b.irq_edges.size() == 2);
    REQUIRE(b.irq_edges[0].second);
    REQUIRE(b.irq_edges[0].first == done);  // raised exactly at the completion time
    REQUIRE_FALSE(b.irq_edges[1].second);
}

TEST_CASE("registers: identification and configuration") {
    Bench b;
    uint32_t id = 0, cfg = 0;
    b.cpu.body = [&](TestInitiator& i) {
        id = i.read32(CTRL + HMC_ID);
        cfg = i.read32(CTRL + HMC_CONFIG);
    };
    sc_core::sc_start();
    REQUIRE(id == HMC_ID_VALUE);
    REQUIRE(cfg == (32u | 8u << 8 | 4u << 16 | 7u << 24));
}

TEST_CASE("trace: a command is one span on the controller's track, its vault accesses are children") {
    Bench b;
    std::vector<TraceRecord> recs;
    b.ctx.tracer.enable(true);
    b.ctx.tracer.add_sink(std::make_unique<vp::test::CaptureSink>(recs));
    std::vector<uint32_t> idx = {5, 900, 5, 77, 3000, 12, 13, 14, 1, 0};
    b.put(INDEX, idx);
    uint32_t st = 0;
    b.cpu.body = [&](TestInitiator& i) {
        Tick t = 0;
        st = run_cmd(i, {GS_OP_GATHER, ELEMS, INDEX, 10, 4, 4, DEST}, t);
    };
    sc_core::sc_start();
    REQUIRE(st == GS_STATUS_DONE);
    const TraceRecord* cmd = nullptr;
    for (auto& r : recs)
        if (r.component == b.ctrl.trace_id() && r.len == 10) cmd = &r;
    REQUIRE(cmd != nullptr);
    REQUIRE(cmd->end == b.ctrl.last_completion());
    unsigned children = 0;
    for (auto& r : recs)
        if (r.parent == cmd->id) {
            ++children;
            REQUIRE(r.issue >= cmd->issue);
            REQUIRE(r.end <= cmd->end);
        }
    REQUIRE(children == 1 + 10 + 1);  // the index block, ten elements, the packed block
}

// ---- the coalescing gather unit (docs/hmc.md, "Gather units") -----------------------------------

namespace {
// One gather of `idx` (4-byte elements x[k] = f(k), 4-byte indices) on a fresh bench with `cfg`: the
// packed result, the command's time and the last command's registers (merged, buffer hits, reads).
struct GatherRun {
    std::vector<uint32_t> packed;
    uint32_t status = 0, ns = 0, merged = 0, hits = 0, reads = 0, engine = 9;
};
// Gathers `idx` (4-byte elements x[k] = f(k), 4-byte indices) `repeat` times through the controller
// at CTRL, then (with a second controller) once through the one at CTRL2 into DEST2; checks every
// packed element against x; returns the packed arrays and each controller's last-command registers.
constexpr uint32_t DEST2 = DEST + 0x40000;
std::vector<GatherRun> gather_runs(Bench& b, const std::vector<uint32_t>& idx, unsigned repeat = 1) {
    std::vector<uint32_t> x(1 << 18);
    for (uint32_t k = 0; k < x.size(); ++k) x[k] = k * 2654435761u ^ 0x5bd1e995u;
    b.put(ELEMS, x);
    b.put(INDEX, idx);
    std::vector<GatherRun> r(b.ctrl2 ? 2 : 1);
    const uint32_t n = uint32_t(idx.size());
    b.cpu.body = [&](TestInitiator& i) {
        Tick t = 0;
        for (size_t u = 0; u < r.size(); ++u) {
            const uint64_t base = u ? CTRL2 : CTRL;
            for (unsigned k = 0; k < (u ? 1 : repeat); ++k)
                r[u].status = run_cmd(i, {GS_OP_GATHER | GS_MODE_MEMORY, ELEMS, INDEX, n, 4, 4, u ? DEST2 : DEST}, t,
                                      nullptr, nullptr, base);
            r[u].ns = i.read32(base + GS_LAST_NS, t);
            r[u].merged = i.read32(base + GS_LAST_MERGED, t);
            r[u].hits = i.read32(base + GS_LAST_BUF_HITS, t);
            r[u].reads = i.read32(base + GS_LAST_READS, t);
            r[u].engine = i.read32(base + GS_ENGINE, t);
        }
    };
    sc_core::sc_start();
    for (size_t u = 0; u < r.size(); ++u) {
        r[u].packed = b.get<uint32_t>(u ? DEST2 : DEST, n);
        for (uint32_t k = 0; k < n; ++k) REQUIRE(r[u].packed[k] == x[idx[k]]);
    }
    return r;
}
}  // namespace

TEST_CASE("coalescing gather: bit-exact with the in-order engine, reads of one block in a window merge") {
    // Window 0: elements 0..255 (eight 128-byte blocks: 8 reads, 248 merged); window 1: one element in
    // each of 256 blocks (256 reads, none merged). No buffer.
    std::vector<uint32_t> idx;
    for (uint32_t k = 0; k < 256; ++k) idx.push_back(k);
    for (uint32_t k = 0; k < 256; ++k) idx.push_back(1000 + 32 * k);
    const HmcCtrlConfig co = coalescing(0);
    Bench b(HmcCtrlConfig{}, &co);
    const auto r = gather_runs(b, idx);
    const GatherRun &in_order = r[0], &merged = r[1];
    REQUIRE(b.stat("merged_reads", "hmc_ctrl2") == 248);
    REQUIRE(b.stat("buffer_hits", "hmc_ctrl2") == 0);
    REQUIRE(b.stat("element_reads", "hmc_ctrl2") == 8 + 256);
    // Reads per vault: 128-byte blocks interleave over the 32 vaults; every vault gets its share.
    uint64_t sum = 0;
    for (unsigned v = 0; v < 32; ++v) {
        const uint64_t n = b.stat("vault_reads_" + std::to_string(v), "hmc_ctrl2");
        CHECK(n >= 8);
        sum += n;
    }
    REQUIRE(sum == 8 + 256);
    REQUIRE(b.ctx.energy.count(EnergyLedger::Kind(b.ctx.energy.find("hmc_ctrl2", "merge_lookup"))) == idx.size());
    REQUIRE(b.ctx.energy.find("hmc_ctrl2", "buffer_lookup") < 0);  // no buffer
    REQUIRE(b.ctx.energy.find("hmc_ctrl", "merge_lookup") < 0);    // the in-order engine books none
    REQUIRE(in_order.status == GS_STATUS_DONE);
    REQUIRE(merged.status == GS_STATUS_DONE);
    REQUIRE(merged.packed == in_order.packed);
    REQUIRE(in_order.engine == GS_ENGINE_IN_ORDER);
    REQUIRE(merged.engine == GS_ENGINE_COALESCING);
    REQUIRE(in_order.reads == idx.size());
    REQUIRE(in_order.merged == 0);
    REQUIRE(merged.merged == 248);
    REQUIRE(merged.reads == 264);
}

TEST_CASE("coalescing gather: the hot-burst buffer serves repeats across windows, cleared at each command") {
    // Window 0 reads elements 0..255 (8 reads, 248 merged); windows 1 and 2 repeat them (in another
    // order): all 512 from the buffer. The same command again: the buffer starts empty, same counts.
    std::vector<uint32_t> idx;
    for (uint32_t k = 0; k < 256; ++k) idx.push_back(k);
    for (uint32_t k = 0; k < 256; ++k) idx.push_back(k);
    for (uint32_t k = 0; k < 256; ++k) idx.push_back(255 - k);
    Bench b(coalescing());
    const GatherRun r = gather_runs(b, idx, 2)[0];
    REQUIRE(r.status == GS_STATUS_DONE);
    REQUIRE(r.merged == 248);
    REQUIRE(r.hits == 512);
    REQUIRE(r.reads == 8);
    REQUIRE(b.stat("buffer_hits") == 2 * 512);
    REQUIRE(b.stat("element_reads") == 2 * 8);
    REQUIRE(b.stat("busy") > 0);
}

TEST_CASE("coalescing gather: a hub element read over and over is not bank-bound") {
    // 2,000 reads of one element: the in-order engine activates the same bank 2,000 times
    // (tRAS + tRP = 29.3 ns each); the coalescing unit reads it once per window and then from the buffer.
    std::vector<uint32_t> idx(2000, 4242);
    for (uint32_t k = 0; k < idx.size(); k += 7) idx[k] = 4242 + 8 * (k % 64);  // a few neighbours
    const HmcCtrlConfig co = coalescing();
    Bench b(HmcCtrlConfig{}, &co);
    const auto r = gather_runs(b, idx);
    const GatherRun &in_order = r[0], &merged = r[1];
    REQUIRE(merged.packed == in_order.packed);
    REQUIRE(in_order.ns > 1700 * 29);  // 1,714 reads of element 4242, one bank
    REQUIRE(merged.ns * 10 < in_order.ns);
    REQUIRE(merged.reads < 64);
}

TEST_CASE("coalescing gather: bad descriptors answer with an error status") {
    Bench b(coalescing());
    std::vector<uint32_t> idx = {1, 2, 0x7FFFFFFF};
    b.put(INDEX, idx);
    std::vector<uint8_t> before = b.get<uint8_t>(RAM, RAM_SIZE);
    std::vector<uint32_t> st;
    b.cpu.body = [&](TestInitiator& i) {
        Tick t = 0;
        st.push_back(run_cmd(i, {GS_OP_GATHER, ELEMS, INDEX, 3, 4, 4, DEST}, t));           // index 2 outside
        st.push_back(run_cmd(i, {GS_OP_GATHER, ELEMS, INDEX, 0xFFFFFFFF, 4, 4, DEST}, t));  // 16 GiB of indices
        st.push_back(run_cmd(i, {GS_OP_GATHER, ELEMS, INDEX, 2, 4, 4, DEST}, t));           // fine
    };
    sc_core::sc_start();
    REQUIRE(st == std::vector<uint32_t>{GS_STATUS_ERR_INDEX, GS_STATUS_ERR_RANGE, GS_STATUS_DONE});
    std::vector<uint8_t> after = b.get<uint8_t>(RAM, RAM_SIZE);
    std::memcpy(&before[DEST - RAM], &after[DEST - RAM], 8);  // the good gather's 8 bytes
    REQUIRE(after == before);
    REQUIRE(b.stat("element_reads") == 1);  // elements 1 and 2 share a block
}

// (Apart from the simulation above: an exception thrown after sc_start confuses AddressSanitizer
// about SystemC's coroutine stacks in the sanitizer build.)
TEST_CASE("coalescing gather: bad parameters are refused where they are declared") {
    // The platform reports a ParamError as a scenario error naming the key.
    HmcCtrlConfig c = coalescing();
    c.buffer_bytes = 1000;  // not ways x 32 B x a power of two
    REQUIRE_THROWS_AS(config::validate(c), config::ParamError);
    c = coalescing();
    c.merge_window = 0;
    REQUIRE_THROWS_AS(config::validate(c), config::ParamError);
    c = coalescing();
    c.vault_queue = 100000;
    REQUIRE_THROWS_AS(config::validate(c), config::ParamError);
}
