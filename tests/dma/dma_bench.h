// Test bench for the mSGDMA: a bus, a RAM, the DMA (optionally a second one) and a scripted CPU,
// with an in-memory trace sink. Knows nothing of the DMA's registers: the register-level tests
// bring their own offsets (test_msgdma.cpp from vp/regs/msgdma.h, test_msgdma_intel.cpp literals
// from Intel's documentation). One DmaBench per process (SystemC elaborates once).
#pragma once
#include <catch2/catch.hpp>
#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <vector>
#include "models/dma/msgdma.h"
#include "models/memory/memory.h"
#include "tests/periph/harness.h"

namespace vp::test {

constexpr uint64_t kRam = 0x80000000;
constexpr uint64_t kRamSize = 4 << 20;
constexpr uint64_t kDma = 0x18010000;
struct DmaBench {
    SimContext ctx;
    MemorySink* sink = nullptr;
    Bus bus{"bus", ctx, BusConfig{}};
    ScriptedInitiator cpu{"cpu"};
    std::unique_ptr<Memory> ram;
    std::unique_ptr<Msgdma> dma, dma_b;
    std::vector<Edge> edges;

    explicit DmaBench(MsgdmaConfig cfg = {}, Tick mem_latency = 50 * kNs, bool two = false, MsgdmaConfig cfg_b = {}) {
        auto s = std::make_unique<MemorySink>();
        sink = s.get();
        ctx.tracer.add_sink(std::move(s));
        ctx.tracer.enable(true);
        MemoryConfig mc;
        mc.size = kRamSize;
        mc.dmi = false;
        mc.fixed.latency = mem_latency;
        ram = std::make_unique<Memory>("ram", ctx, mc);
        cfg.base = kDma;
        dma = std::make_unique<Msgdma>("dma", ctx, cfg);
        cpu.socket.bind(bus.target_socket);
        dma->initiator_socket.bind(bus.target_socket);
        bus.initiator_socket.bind(ram->target_socket);
        bus.map(0, kRam, kRamSize, "ram");
        bus.initiator_socket.bind(dma->socket);
        bus.map(1, kDma, dma->size(), "dma");
        if (two) {
            cfg_b.base = kDma + 0x10000;
            dma_b = std::make_unique<Msgdma>("dma_b", ctx, cfg_b);
            dma_b->initiator_socket.bind(bus.target_socket);
            bus.initiator_socket.bind(dma_b->socket);
            bus.map(2, cfg_b.base, dma_b->size(), "dma_b");
        }
        dma->irq().on_change([this](bool l) { edges.push_back({sim_now(), l}); });
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
    uint64_t counter(const std::string& name) const { return ctx.stats.find("dma")->find_counter(name)->value; }
    void poke32(uint64_t addr, uint32_t v) { poke(addr, &v, 4); }
    uint32_t peek32(uint64_t addr) {
        uint32_t v;
        peek(addr, &v, 4);
        return v;
    }
    // The DMA's data-master accesses of descriptors (children of a descriptor span), in call order.
    std::vector<TraceRecord> master_accesses(tlm::tlm_command cmd) const {
        std::vector<TraceRecord> v;
        for (auto& r : sink->txns)
            if (r.component == dma->trace_id() && r.parent != 0 && r.cmd == cmd) v.push_back(r);
        return v;
    }
    // The descriptor spans (one per descriptor the DMA ran), in completion order.
    std::vector<TraceRecord> descriptor_spans() const {
        std::vector<TraceRecord> v;
        for (auto& r : sink->txns)
            if (r.component == dma->trace_id() && r.parent == 0 && r.initiator == dma->trace_id() && r.n_attrs)
                v.push_back(r);
        return v;
    }
};

inline std::vector<uint8_t> pattern(size_t n, uint32_t seed) {
    std::vector<uint8_t> v(n);
    std::mt19937 g(seed);
    for (auto& b : v) b = uint8_t(g());
    return v;
}

}  // namespace vp::test
