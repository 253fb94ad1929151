#include "models/bus/bus.h"
#include <algorithm>
#include <stdexcept>
#include "config/params.h"
#include "models/common/txn.h"

namespace vp {

void BusConfig::params(config::Params& p) {
    using config::Kind;
    p.add(clock_hz, "clock", Kind::Freq, "Hz", "bus clock").range(1e3, 1e12);
    p.add(width_bytes, "width", Kind::Size, "bytes", "data path width: bytes moved per beat").range(1, 256);
    p.add(latency_cycles, "latency", Kind::Int, "cycles", "address + arbitration cycles of every transaction")
        .range(0, 1000);
    p.choice(crossbar, "topology", {{"shared", false}, {"crossbar", true}},
             "shared: one request and one response channel; crossbar: per-target channels (slave-side "
             "arbitration, e.g. an Avalon-MM switch fabric): transfers to different targets overlap");
}

Bus::Bus(sc_core::sc_module_name name, SimContext& ctx, const BusConfig& cfg)
    : sc_module(name),
      Component(ctx, std::string(sc_module::name())),
      target_socket("target_socket"),
      initiator_socket("initiator_socket"),
      cfg_(cfg),
      period_(period_of(cfg.clock_hz)),
      transactions_(stats_.counter("transactions", "count", "transactions routed (including decode errors)")),
      reads_(stats_.counter("reads", "count", "read transactions")),
      writes_(stats_.counter("writes", "count", "write transactions")),
      bytes_read_(stats_.counter("bytes_read", "bytes", "bytes read through the bus")),
      bytes_written_(stats_.counter("bytes_written", "bytes", "bytes written through the bus")),
      decode_errors_(stats_.counter("decode_errors", "count", "transactions to unmapped addresses")),
      dbg_accesses_(stats_.counter("debug_accesses", "count", "transport_dbg calls (loaders, debuggers)")),
      dmi_grants_(stats_.counter("dmi_grants", "count", "DMI pointers granted to initiators")),
      wait_(stats_.histogram("wait", "ps", "time a transaction waited for the request or response channel")),
      latency_(stats_.histogram("latency", "ps", "arrival to completion, including the target")) {
    config::validate(cfg);
    if ((cfg.width_bytes & (cfg.width_bytes - 1)) == 0) width_shift_ = __builtin_ctz(cfg.width_bytes);
    target_socket.register_b_transport(this, &Bus::b_transport);
    target_socket.register_get_direct_mem_ptr(this, &Bus::get_direct_mem_ptr);
    target_socket.register_transport_dbg(this, &Bus::transport_dbg);
    initiator_socket.register_invalidate_direct_mem_ptr(this, &Bus::invalidate_direct_mem_ptr);
    stats_.derived("request_utilization", "ratio",
                   "busy fraction of the request channel (crossbar: the busiest target's)",
                   [this] { return stats_.elapsed() ? double(request_busy()) / double(stats_.elapsed()) : 0.0; });
    stats_.derived("response_utilization", "ratio",
                   "busy fraction of the response channel (crossbar: the busiest target's)",
                   [this] { return stats_.elapsed() ? double(response_busy()) / double(stats_.elapsed()) : 0.0; });
}

Tick Bus::request_busy() const {
    Tick t = request_channel_.busy_total();
    for (const auto& ports : target_request_)
        for (const Timeline& c : ports) t = std::max(t, c.busy_total());
    return t;
}

Tick Bus::response_busy() const {
    Tick t = response_channel_.busy_total();
    for (const auto& ports : target_response_)
        for (const Timeline& c : ports) t = std::max(t, c.busy_total());
    return t;
}

std::string Bus::summary() const {
    const double util = stats_.elapsed() ? double(request_busy()) / double(stats_.elapsed()) : 0.0;
    char buf[160];
    snprintf(buf, sizeof buf,
             cfg_.crossbar
                 ? "%llu transactions (%llu R, %llu W), mean wait %.1f ns, crossbar, busiest target %.1f%% busy"
                 : "%llu transactions (%llu R, %llu W), mean wait %.1f ns, request channel %.1f%% busy",
             (unsigned long long)transactions_.value, (unsigned long long)reads_.value,
             (unsigned long long)writes_.value, wait_.mean() / 1000.0, 100.0 * util);
    return buf;
}

void Bus::map(unsigned port, uint64_t base, uint64_t size, const std::string& target_name) {
    if (size == 0) throw std::invalid_argument("mapping '" + target_name + "' has size 0");
    for (auto& m : map_) {
        if (base < m.base + m.size && m.base < base + size)
            throw std::invalid_argument("mapping '" + target_name + "' overlaps '" + m.name + "'");
    }
    if (cfg_.crossbar && traffic_started_)
        throw std::logic_error("bus: crossbar mapping added after the first transaction");
    map_.push_back({base, size, port, target_name, 1, {}});
    if (direct_.size() <= port) direct_.resize(port + 1, nullptr);  // (a port is mapped before it is used)
    if (lines_.size() <= port) lines_.resize(port + 1, nullptr);
    std::sort(map_.begin(), map_.end(), [](auto& a, auto& b) { return a.base < b.base; });
    if (cfg_.crossbar) {
        target_request_.clear();
        target_response_.clear();
        for (const Mapping& mm : map_) {
            target_request_.emplace_back(mm.slave_ports);
            target_response_.emplace_back(mm.slave_ports);
        }
    }
    last_ = nullptr;
    for (auto& m : map_) {
        const std::string stat = "to." + m.name;
        Counter* existing = stats_.find_counter(stat);
        m.routed = existing ? existing : &stats_.counter(stat, "count", "transactions routed to " + m.name);
    }
}

const Bus::Mapping* Bus::decode_search(uint64_t addr) const {
    auto it = std::upper_bound(map_.begin(), map_.end(), addr, [](uint64_t a, const Mapping& m) { return a < m.base; });
    if (it == map_.begin()) return nullptr;
    --it;
    if (addr - it->base >= it->size) return nullptr;
    last_ = &*it;
    return last_;
}

void Bus::set_ports(const std::string& target_name, unsigned ports) {
    if (traffic_started_) throw std::logic_error("bus: ports of '" + target_name + "' set after the first transaction");
    for (size_t i = 0; i < map_.size(); ++i) {
        if (map_[i].name != target_name) continue;
        map_[i].slave_ports = std::max(1u, ports);
        if (cfg_.crossbar) {
            target_request_[i].assign(map_[i].slave_ports, Timeline());
            target_response_[i].assign(map_[i].slave_ports, Timeline());
        }
        return;
    }
    throw std::invalid_argument("bus: no mapping named '" + target_name + "'");
}

unsigned Bus::slave_port(Mapping& m, uint16_t initiator) {
    for (size_t i = 0; i < m.port_of.size(); ++i)
        if (m.port_of[i] == initiator) return unsigned(i % m.slave_ports);
    m.port_of.push_back(initiator);
    return unsigned((m.port_of.size() - 1) % m.slave_ports);
}

void Bus::bind_direct(unsigned port, TimedTarget* direct) {
    if (direct_.size() <= port) direct_.resize(port + 1, nullptr);
    if (lines_.size() <= port) lines_.resize(port + 1, nullptr);
    direct_[port] = direct;
    lines_[port] = direct && direct->serves_lines() ? direct : nullptr;
}

void Bus::b_transport(int, tlm::tlm_generic_payload& p, sc_core::sc_time& delay) { b_transport_timed(*this, p, delay); }

// What both entries share: decoding, the counts, the observers (`observed`: the payload they see;
// null when none watches `who`), the request channel, the target (`hop(mapping, arrival)` returns when
// the target is done) and the response channel.
template <class Hop>
Tick Bus::route(uint64_t addr, unsigned len, bool is_write, uint16_t who, Tick arrival, TraceSpan& span,
                tlm::tlm_generic_payload* observed, bool& decoded, Hop&& hop) {
    const uint64_t beats = this->beats(len);
    ++transactions_;

    const Mapping* m = decode(addr);
    if (!m || len > m->size - (addr - m->base)) {
        ++decode_errors_;
        decoded = false;
        log_->debug("decode error at 0x{:x}", addr);
        return arrival + cfg_.latency_cycles * period_;
    }
    ++*m->routed;
    if (observed)
        for (const Watcher& w : observers_)
            if (w.wants(who)) w.fn(*observed, arrival, who);
    if (is_write) {
        ++writes_;
        bytes_written_ += len;
    } else {
        ++reads_;
        bytes_read_ += len;
    }

    // Request phase: address (+ write data) over the request channel (the target's own in a crossbar).
    const size_t target = size_t(m - map_.data());
    traffic_started_ = true;
    unsigned sp = 0;  // the initiator's slave port at a multi-port target
    if (cfg_.crossbar && m->slave_ports > 1) sp = slave_port(map_[target], who);
    Timeline& request = cfg_.crossbar ? target_request_[target][sp] : request_channel_;
    Timeline& response = cfg_.crossbar ? target_response_[target][sp] : response_channel_;
    const Tick req_len = (cfg_.latency_cycles + (is_write ? beats : 0)) * period_;
    const Tick req_start = request.reserve(arrival, req_len);
    span.start(req_start);

    const Tick ready = hop(*m, req_start + req_len);

    // Response phase: read data (or the write response) back over the response channel.
    const Tick resp_len = (is_write ? 1 : beats) * period_;
    const Tick resp_start = response.reserve(ready, resp_len);
    const Tick end = resp_start + resp_len;

    wait_.add((req_start - arrival) + (resp_start - ready));
    latency_.add(end - arrival);
    return end;
}

Tick Bus::timed_transport(tlm::tlm_generic_payload& p, Tick arrival) {
    const uint64_t addr = p.get_address();
    TraceSpan span(ctx_.tracer, trace_id(), p, arrival);
    uint16_t who = 0;  // (read only where something asks: an observer, a crossbar's slave ports)
    if (!observers_.empty() || cfg_.crossbar) {
        const TxnExt* e = txn_ext(p);
        who = e ? e->initiator : 0;
    }
    bool decoded = true;
    const Tick end =
        route(addr, p.get_data_length(), p.is_write(), who, arrival, span, &p, decoded, [&](const Mapping& m, Tick at) {
            p.set_address(addr - m.base);
            const Tick ready = timed_call(direct_[m.port], initiator_socket[m.port], p, at);
            p.set_address(addr);
            return ready;
        });
    if (!decoded) p.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
    span.finish(end, p.get_response_status());
    return end;
}

Tick Bus::line_transport(LineTransfer& t, Tick arrival) {
    if (watched(t.initiator)) {  // an observer sees a payload
        tlm::tlm_generic_payload& p = line_payload_.fill(t);
        const Tick end = timed_transport(p, arrival);
        t.ok = p.is_response_ok();
        return end;
    }
    TraceSpan span{TraceSpan::Inert{}};
    bool decoded = true;
    const Tick end =
        route(t.addr, t.len, t.write, t.initiator, arrival, span, nullptr, decoded, [&](const Mapping& m, Tick at) {
            if (TimedTarget* const target = lines_[m.port]) {
                t.addr -= m.base;  // (the transfer goes on in the target's address space, and comes back)
                const Tick ready = target->line_transport(t, at);
                t.addr += m.base;
                return ready;
            }
            tlm::tlm_generic_payload& p = line_payload_.fill(t);
            p.set_address(t.addr - m.base);
            const Tick ready = timed_call(direct_[m.port], initiator_socket[m.port], p, at);
            t.ok = p.is_response_ok();
            return ready;
        });
    if (!decoded) t.ok = false;
    return end;
}

bool Bus::get_direct_mem_ptr(int, tlm::tlm_generic_payload& p, tlm::tlm_dmi& dmi) {
    const uint64_t addr = p.get_address();
    const Mapping* m = decode(addr);
    if (!m) return false;
    p.set_address(addr - m->base);
    const bool ok = initiator_socket[m->port]->get_direct_mem_ptr(p, dmi);
    p.set_address(addr);
    // Translate the granted range back to bus addresses and clip it to this mapping.
    const uint64_t lo = std::max<uint64_t>(dmi.get_start_address(), 0) + m->base;
    const uint64_t hi = std::min<uint64_t>(dmi.get_end_address(), m->size - 1) + m->base;
    dmi.set_start_address(lo);
    dmi.set_end_address(hi);
    if (ok) {
        // The initiator skips the bus, but not its traversal time.
        const sc_core::sc_time hop = to_sc_time((cfg_.latency_cycles + 1) * period_);
        dmi.set_read_latency(dmi.get_read_latency() + hop);
        dmi.set_write_latency(dmi.get_write_latency() + hop);
        ++dmi_grants_;
    }
    return ok;
}

unsigned Bus::transport_dbg(int, tlm::tlm_generic_payload& p) {
    ++dbg_accesses_;
    const uint64_t addr = p.get_address();
    const Mapping* m = decode(addr);
    if (!m || p.get_data_length() > m->size - (addr - m->base)) {
        p.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        return 0;
    }
    p.set_address(addr - m->base);
    const unsigned n = initiator_socket[m->port]->transport_dbg(p);
    p.set_address(addr);
    return n;
}

void Bus::invalidate_direct_mem_ptr(int port, sc_dt::uint64 start, sc_dt::uint64 end) {
    for (auto& m : map_) {
        if (m.port != unsigned(port)) continue;
        const uint64_t lo = m.base + std::min<uint64_t>(start, m.size - 1);
        const uint64_t hi = m.base + std::min<uint64_t>(end, m.size - 1);
        for (unsigned i = 0; i < target_socket.size(); ++i) target_socket[i]->invalidate_direct_mem_ptr(lo, hi);
    }
}

}  // namespace vp
