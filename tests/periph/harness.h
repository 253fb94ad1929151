// Test bench for the peripherals: a SimContext, a bus, a scripted initiator and an in-memory trace sink.
// SystemC allows one elaboration per process: each TEST_CASE builds one Bench and must run in a process
// of its own (ctest runs each test case separately; by hand, run the binary with one test name).
#pragma once
#include <catch2/catch.hpp>
#include <functional>
#include <string>
#include <vector>
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include "models/bus/bus.h"
#include "models/common/context.h"
#include "models/trace/tracer.h"

namespace vp::test {

// Captures everything the tracer emits.
struct MemorySink : TraceSink {
    struct Region {
        uint16_t track;
        std::string name;
        Tick begin, end;
    };
    struct Instant {
        uint16_t track;
        std::string name;
        int64_t value;
        Tick at;
    };
    std::vector<TraceRecord> txns;
    std::vector<Region> regions;
    std::vector<Instant> instants;
    void transaction(const TraceRecord& r) override { txns.push_back(r); }
    void region(uint16_t track, const std::string& name, Tick b, Tick e) override {
        regions.push_back({track, name, b, e});
    }
    void instant(uint16_t track, const std::string& name, int64_t v, Tick at) override {
        instants.push_back({track, name, v, at});
    }
    void close() override {}
};

// An initiator running a script in an SC_THREAD. By default every access is synchronised (the
// thread waits for the returned delay); with `decoupled`, accesses only advance a local time offset.
struct ScriptedInitiator : sc_core::sc_module {
    tlm_utils::simple_initiator_socket<ScriptedInitiator> socket;
    std::function<void(ScriptedInitiator&)> script;
    bool decoupled = false;
    Tick local = 0;     // decoupled: local time offset ahead of the kernel
    Tick last_end = 0;  // completion time of the last access

    SC_HAS_PROCESS(ScriptedInitiator);
    explicit ScriptedInitiator(sc_core::sc_module_name n) : sc_module(n), socket("socket") { SC_THREAD(run); }
    void run() {
        if (script) script(*this);
    }

    tlm::tlm_response_status access(tlm::tlm_command cmd, uint64_t addr, uint8_t* data, unsigned len) {
        sc_core::sc_time delay = to_sc_time(local);
        tlm::tlm_response_status status;
        {  // the payload is gone before wait(): a simulation stopped during the wait leaks nothing
            tlm::tlm_generic_payload p;
            p.set_command(cmd);
            p.set_address(addr);
            p.set_data_ptr(data);
            p.set_data_length(len);
            p.set_streaming_width(len);
            p.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
            socket->b_transport(p, delay);
            status = p.get_response_status();
        }
        last_end = sim_now() + to_tick(delay);
        if (decoupled)
            local = to_tick(delay);
        else
            wait(delay);
        return status;
    }
    uint64_t read(uint64_t addr, unsigned len, tlm::tlm_response_status* st = nullptr) {
        uint8_t b[8] = {};
        auto s = access(tlm::TLM_READ_COMMAND, addr, b, len);
        if (st)
            *st = s;
        else
            CHECK(s == tlm::TLM_OK_RESPONSE);
        uint64_t v = 0;
        for (unsigned i = 0; i < len; ++i) v |= uint64_t(b[i]) << (8 * i);
        return v;
    }
    tlm::tlm_response_status write(uint64_t addr, uint64_t v, unsigned len, bool check = true) {
        uint8_t b[8];
        for (unsigned i = 0; i < len; ++i) b[i] = uint8_t(v >> (8 * i));
        auto s = access(tlm::TLM_WRITE_COMMAND, addr, b, len);
        if (check) CHECK(s == tlm::TLM_OK_RESPONSE);
        return s;
    }
    uint8_t read8(uint64_t a) { return uint8_t(read(a, 1)); }
    uint32_t read32(uint64_t a) { return uint32_t(read(a, 4)); }
    uint64_t read64(uint64_t a) { return read(a, 8); }
    void write8(uint64_t a, uint8_t v) { write(a, v, 1); }
    void write32(uint64_t a, uint32_t v) { write(a, v, 4); }
    void write64(uint64_t a, uint64_t v) { write(a, v, 8); }

    // Debug access through the bus; returns the byte count transferred.
    unsigned dbg(tlm::tlm_command cmd, uint64_t addr, uint8_t* data, unsigned len) {
        tlm::tlm_generic_payload p;
        p.set_command(cmd);
        p.set_address(addr);
        p.set_data_ptr(data);
        p.set_data_length(len);
        p.set_streaming_width(len);
        return socket->transport_dbg(p);
    }
    uint64_t dbg_read(uint64_t addr, unsigned len) {
        uint8_t b[8] = {};
        CHECK(dbg(tlm::TLM_READ_COMMAND, addr, b, len) == len);
        uint64_t v = 0;
        for (unsigned i = 0; i < len; ++i) v |= uint64_t(b[i]) << (8 * i);
        return v;
    }
};

struct Bench {
    SimContext ctx;
    MemorySink* sink = nullptr;
    Bus bus;
    ScriptedInitiator cpu{"cpu"};
    unsigned ports = 0;

    explicit Bench(bool trace = true) : bus("bus", ctx, BusConfig{}) {
        if (trace) {
            auto s = std::make_unique<MemorySink>();
            sink = s.get();
            ctx.tracer.add_sink(std::move(s));
            ctx.tracer.enable(true);
        }
        cpu.socket.bind(bus.target_socket);
    }
    template <class Device>
    Device& attach(Device& d, uint64_t base) {
        bus.initiator_socket.bind(d.socket);
        bus.map(ports++, base, d.size(), d.component_name());
        return d;
    }
    void run(std::function<void(ScriptedInitiator&)> script) {
        cpu.script = std::move(script);
        sc_core::sc_start();
    }
    uint64_t counter(const std::string& group, const std::string& name) const {
        const StatGroup* g = ctx.stats.find(group);
        REQUIRE(g);
        const Counter* c = g->find_counter(name);
        REQUIRE(c);
        return c->value;
    }
    // Trace records of one component.
    std::vector<TraceRecord> records_of(uint16_t component) const {
        std::vector<TraceRecord> out;
        for (auto& r : sink->txns)
            if (r.component == component) out.push_back(r);
        return out;
    }
};

// The bus (default config: 1 GHz, 8-byte path, 1 cycle of latency) delays a transaction by its request
// phase before the target sees it: 1 cycle for a read, 1 + 1 data beat for a write of up to 8 bytes.
constexpr Tick kBusRead = 1 * kNs;
constexpr Tick kBusWrite = 2 * kNs;

// Waits so that the next synchronised read (or write) reaches the device at time `t`.
inline void reach_device_at(Tick t, bool write = false) {
    sc_core::wait(to_sc_time(t - (write ? kBusWrite : kBusRead) - sim_now()));
}
// Sets a decoupled initiator's local offset so that its next read (or write) reaches the device at `t`.
inline void local_for_device_at(ScriptedInitiator& cpu, Tick t, bool write = false) {
    cpu.local = t - (write ? kBusWrite : kBusRead) - sim_now();
}
// Prints IRQ edges in failure messages.
struct Edge {
    Tick at;
    bool level;
    bool operator==(const Edge& o) const { return at == o.at && level == o.level; }
};

}  // namespace vp::test

namespace Catch {
template <>
struct StringMaker<vp::test::Edge> {
    static std::string convert(const vp::test::Edge& e) {
        return std::string(e.level ? "rise@" : "fall@") + std::to_string(e.at);
    }
};
}  // namespace Catch
