// Test bench of the GCN engines: a scripted CPU, a bus, a shared L2 (the global cache) in front of a RAM
// with a fixed latency, the aggregation engine and the combination engine as bus masters whose RAM
// accesses pass the L2 (as on the platform). One bench per process (SystemC elaborates once).
#pragma once
#include <catch2/catch.hpp>
#include <cstring>
#include <memory>
#include <vector>
#include "models/cache/cache.h"
#include "models/gcn_agg/gcn_agg.h"
#include "models/gcn_comb/gcn_comb.h"
#include "models/memory/fixed_timing.h"
#include "models/memory/memory.h"
#include "tests/periph/harness.h"

namespace vp::test {

constexpr uint64_t kRam = 0x80000000;
constexpr uint64_t kRamSize = 8 << 20;
constexpr uint64_t kAgg = 0x18050000, kComb = 0x18060000, kAgg2 = 0x18070000;

// The engines' path to the global cache moves a 64-byte line per bus cycle (the platform's scenario
// for the engines sets platform.bus.width: 64 likewise).
inline BusConfig wide_bus() {
    BusConfig c;
    c.width_bytes = 64;
    return c;
}

struct EngineBench {
    SimContext ctx;
    Bus bus{"bus", ctx, wide_bus()};
    ScriptedInitiator cpu{"cpu"};
    std::unique_ptr<Cache> l2;
    std::unique_ptr<Memory> ram;
    std::unique_ptr<GcnAgg> agg, agg2;  // agg2: a second aggregation engine when asked for
    std::unique_ptr<GcnComb> comb;
    std::vector<std::pair<Tick, bool>> agg_irq;

    explicit EngineBench(GcnAggConfig ac = {}, GcnCombConfig cc = {}, Tick mem_latency = 50 * kNs,
                         uint64_t l2_size = 256 * 1024, const GcnAggConfig* second = nullptr) {
        CacheConfig c;
        c.geometry.size = l2_size;
        c.geometry.ways = 16;
        c.geometry.line = 64;
        c.hit_latency = 1 * kNs;  // a global cache that looks up a line per cycle
        c.mshrs = 32;
        l2 = std::make_unique<Cache>("l2", ctx, c, true);
        MemoryConfig mc;
        mc.size = kRamSize;
        mc.dmi = false;
        FixedTimingConfig ft;
        ft.latency = mem_latency;
        ram = std::make_unique<Memory>("ram", ctx, mc, std::make_unique<FixedTiming>(ft));
        ac.base = kAgg;
        cc.base = kComb;
        agg = std::make_unique<GcnAgg>("gcn_agg", ctx, ac);
        comb = std::make_unique<GcnComb>("gcn_comb", ctx, cc);
        cpu.socket.bind(bus.target_socket);
        agg->initiator_socket.bind(bus.target_socket);
        comb->initiator_socket.bind(bus.target_socket);
        bus.initiator_socket.bind(l2->target_socket());
        bus.map(0, kRam, kRamSize, "ram");
        l2->initiator_socket.bind(ram->target_socket);
        l2->bind_direct(ram.get());
        l2->set_mapping_base(kRam);
        bus.initiator_socket.bind(agg->socket);
        bus.map(1, kAgg, agg->size(), "gcn_agg");
        bus.initiator_socket.bind(comb->socket);
        bus.map(2, kComb, comb->size(), "gcn_comb");
        if (second) {
            GcnAggConfig c2 = *second;
            c2.base = kAgg2;
            agg2 = std::make_unique<GcnAgg>("gcn_agg2", ctx, c2);
            agg2->initiator_socket.bind(bus.target_socket);
            bus.initiator_socket.bind(agg2->socket);
            bus.map(3, kAgg2, agg2->size(), "gcn_agg2");
        }
        agg->irq().on_change([this](bool l) { agg_irq.push_back({sim_now(), l}); });
    }
    void run(std::function<void(ScriptedInitiator&)> script) {
        cpu.script = std::move(script);
        sc_core::sc_start();
    }
    void poke(uint64_t addr, const void* p, size_t n) { ram->store().write(addr - kRam, p, n); }
    void peek(uint64_t addr, void* p, size_t n) { ram->store().read(addr - kRam, p, n); }
    template <class T>
    void poke_vec(uint64_t addr, const std::vector<T>& v) {
        poke(addr, v.data(), v.size() * sizeof(T));
    }
    template <class T>
    std::vector<T> peek_vec(uint64_t addr, size_t n) {
        std::vector<T> v(n);
        peek(addr, v.data(), n * sizeof(T));
        return v;
    }
    uint64_t counter(const std::string& group, const std::string& name) const {
        return ctx.stats.find(group)->find_counter(name)->value;
    }
};

// Polls STATUS until the job is no longer busy (time passes between polls); returns STATUS.
inline uint32_t wait_job(ScriptedInitiator& c, uint64_t status, uint32_t busy) {
    uint32_t s = 0;
    for (int k = 0; k < 10000000; ++k) {
        s = c.read32(status);
        if (!(s & busy)) break;
        sc_core::wait(50, sc_core::SC_NS);
    }
    return s;
}

inline uint64_t read64(ScriptedInitiator& c, uint64_t lo) { return c.read32(lo) | uint64_t(c.read32(lo + 4)) << 32; }

}  // namespace vp::test
