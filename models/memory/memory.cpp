#include "models/memory/memory.h"
#include <algorithm>
#include <stdexcept>
#include "config/quantity.h"
#include "models/memory/ddr/ddr_timing.h"
#include "models/memory/fixed_timing.h"
#include "models/memory/hmc/hmc_timing.h"

namespace vp {

std::unique_ptr<MemoryTiming> make_memory_timing(const MemoryConfig& cfg) {
    if (cfg.timing == "fixed") return std::make_unique<FixedTiming>(cfg.fixed);
    if (cfg.timing == "ddr") return std::make_unique<DdrTiming>(cfg.ddr);
    if (cfg.timing == "hmc") return std::make_unique<HmcTiming>(cfg.hmc);
    throw std::invalid_argument("memory timing '" + cfg.timing + "': expected fixed, ddr or hmc");
}

Memory::Memory(sc_core::sc_module_name name, SimContext& ctx, const MemoryConfig& cfg)
    : Memory(name, ctx, cfg, make_memory_timing(cfg)) {}

Memory::Memory(sc_core::sc_module_name name, SimContext& ctx, const MemoryConfig& cfg,
               std::unique_ptr<MemoryTiming> timing)
    : sc_module(name),
      Component(ctx, std::string(sc_module::name())),
      target_socket("target_socket"),
      store_(cfg.size),
      timing_(std::move(timing)),
      dmi_(cfg.dmi),
      transactions_(
          stats_.counter("transactions", "count", "b_transport calls serviced (errors included; one trace span each)")),
      reads_(stats_.counter("reads", "count", "read transactions")),
      writes_(stats_.counter("writes", "count", "write transactions")),
      bytes_read_(stats_.counter("bytes_read", "bytes", "bytes read")),
      bytes_written_(stats_.counter("bytes_written", "bytes", "bytes written")),
      errors_(stats_.counter("errors", "count", "transactions answered with an error (address, command)")),
      dbg_accesses_(stats_.counter("debug_accesses", "count",
                                   "transport_dbg calls (loaders, debuggers, the data of an L2's transactions)")),
      dmi_grants_(stats_.counter("dmi_grants", "count", "DMI pointers granted")),
      dmi_invalidations_(stats_.counter("dmi_invalidations", "count", "DMI invalidations sent to initiators")),
      latency_(stats_.histogram("latency", "ps", "arrival to completion of timed transactions")) {
    if (!timing_) throw std::invalid_argument(name_ + ": no timing model");
    target_socket.register_b_transport(this, &Memory::b_transport);
    target_socket.register_get_direct_mem_ptr(this, &Memory::get_direct_mem_ptr);
    target_socket.register_transport_dbg(this, &Memory::transport_dbg);
    register_timing_stats();
    stats_.derived("bandwidth", "bytes/s", "bytes moved by b_transport over simulated time", [this] {
        return stats_.elapsed() ? double(bytes_read_.value + bytes_written_.value) * 1e12 / double(stats_.elapsed())
                                : 0.0;
    });
    stats_.derived("resident_bytes", "bytes", "host memory backing the store (touched pages)",
                   [this] { return double(store_.resident_bytes()); });
}

void Memory::set_timing(std::unique_ptr<MemoryTiming> timing) {
    if (!timing) throw std::invalid_argument(name_ + ": no timing model");
    // The old model stays alive: its statistics (and their derived functions) remain in the report.
    retired_.push_back(std::move(timing_));
    timing_ = std::move(timing);
    register_timing_stats();
    invalidate_dmi();
}

void Memory::register_timing_stats() {
    // "<memory>.<kind>", or "<memory>.<kind>.<n>" for the n-th model of one kind after set_timing().
    std::string path = name_ + "." + timing_->kind();
    for (unsigned n = 2; ctx_.stats.find(path); ++n) path = name_ + "." + timing_->kind() + "." + std::to_string(n);
    timing_->register_stats(ctx_.stats.group(path));
    timing_->attach(ctx_, path);
    // DRAM refreshes appear on the memory's trace track as instants (value: channel * 256 + rank).
    if (auto* ddr = dynamic_cast<DdrTiming*>(timing_.get())) {
        ddr->on_refresh([this](unsigned ch, unsigned rank, Tick at, Tick) {
            ctx_.tracer.instant(trace_id(), "refresh", int64_t(ch) * 256 + rank, at);
        });
    }
}

std::string Memory::summary() const {
    char buf[200];
    snprintf(buf, sizeof buf, "%llu transactions (%llu R, %llu W), mean latency %.1f ns, %s timing, ",
             (unsigned long long)transactions_.value, (unsigned long long)reads_.value,
             (unsigned long long)writes_.value, latency_.mean() / 1000.0, timing_->kind());
    return buf + config::format_bytes(store_.resident_bytes()) + " resident";
}

void Memory::set_dmi_enabled(bool on) {
    dmi_ = on;
    if (!on) invalidate_dmi();
}

void Memory::set_write_observer(std::function<void(uint64_t, uint64_t)> fn) {
    write_observer_ = std::move(fn);
    if (target_socket.get_base_port().size()) invalidate_dmi();  // pointers granted for writing must go
}

void Memory::invalidate_dmi() {
    ++dmi_invalidations_;
    target_socket->invalidate_direct_mem_ptr(0, store_.size() - 1);
}

void Memory::copy(tlm::tlm_generic_payload& p) {
    uint8_t* data = p.get_data_ptr();
    const unsigned len = p.get_data_length();
    const uint64_t addr = p.get_address();
    const unsigned sw = p.get_streaming_width() ? p.get_streaming_width() : len;
    const uint8_t* be = p.get_byte_enable_ptr();
    const unsigned be_len = p.get_byte_enable_length();
    uint8_t* mem = store_.data() + addr;
    if (!be && sw >= len) {  // the common case
        if (p.is_write())
            std::memcpy(mem, data, len);
        else
            std::memcpy(data, mem, len);
        return;
    }
    for (unsigned i = 0; i < len; ++i) {
        if (be && be_len && be[i % be_len] != TLM_BYTE_ENABLED) continue;
        uint8_t* m = mem + (i % sw);
        if (p.is_write())
            *m = data[i];
        else
            data[i] = *m;
    }
}

void Memory::b_transport(tlm::tlm_generic_payload& p, sc_core::sc_time& delay) { b_transport_timed(*this, p, delay); }

Tick Memory::timed_transport(tlm::tlm_generic_payload& p, Tick arrival) {
    TraceSpan span(ctx_.tracer, trace_id(), p, arrival);
    ++transactions_;

    const tlm::tlm_command cmd = p.get_command();
    const uint64_t addr = p.get_address();
    const unsigned len = p.get_data_length();
    const unsigned sw = p.get_streaming_width() ? p.get_streaming_width() : len;
    const uint64_t extent = std::min(len, sw);
    if (cmd == tlm::TLM_IGNORE_COMMAND) {
        p.set_response_status(tlm::TLM_OK_RESPONSE);
        span.finish(arrival, p.get_response_status());
        return arrival;
    }
    if (!store_.contains(addr, extent) || len == 0) {
        ++errors_;
        p.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        span.finish(arrival, p.get_response_status());
        log_->debug("address error: {} bytes at 0x{:x}", len, addr);
        return arrival;
    }

    if (!timing_only(p)) copy(p);  // (a cache's line fill or write-back: the data are here already)
    const bool write = cmd == tlm::TLM_WRITE_COMMAND;
    const Tick end = timed(write, addr, len, extent, arrival, span);
    p.set_dmi_allowed(dmi_enabled() && !(write && write_observer_));  // (writes through DMI are not granted)
    p.set_response_status(tlm::TLM_OK_RESPONSE);
    span.finish(end, p.get_response_status());
    return end;
}

// A cache's line fill or write-back on the line path (timed_target.h): timed_transport() without the
// payload, the span and the data.
Tick Memory::line_transport(LineTransfer& t, Tick arrival) {
    ++transactions_;
    if (!store_.contains(t.addr, t.len) || t.len == 0) {
        ++errors_;
        t.ok = false;
        log_->debug("address error: {} bytes at 0x{:x}", t.len, t.addr);
        return arrival;
    }
    TraceSpan span{TraceSpan::Inert{}};
    return timed(t.write, t.addr, t.len, t.len, arrival, span);
}

// The part of a transaction both entries share: the write observer, the counts and the timing.
Tick Memory::timed(bool write, uint64_t addr, unsigned len, uint64_t extent, Tick arrival, TraceSpan& span) {
    if (write && write_observer_) write_observer_(addr, extent);
    if (write) {
        ++writes_;
        bytes_written_ += len;
    } else {
        ++reads_;
        bytes_read_ += len;
    }
    const Tick end = timing_->access(write, addr, len, arrival, span);
    latency_.add(end - arrival);
    return end;
}

bool Memory::get_direct_mem_ptr(tlm::tlm_generic_payload& p, tlm::tlm_dmi& dmi) {
    // Refusals keep tlm_dmi's default range (the whole address space): ask again after a change.
    if (!dmi_enabled() || p.get_address() >= store_.size()) return false;
    dmi.set_dmi_ptr(store_.data());
    dmi.set_start_address(0);
    dmi.set_end_address(store_.size() - 1);
    if (write_observer_)
        dmi.allow_read();
    else
        dmi.allow_read_write();
    dmi.set_read_latency(to_sc_time(timing_->typical_read_latency()));
    dmi.set_write_latency(to_sc_time(timing_->typical_write_latency()));
    ++dmi_grants_;
    return true;
}

unsigned Memory::transport_dbg(tlm::tlm_generic_payload& p) {
    ++dbg_accesses_;
    const uint64_t addr = p.get_address();
    if (addr >= store_.size()) {
        p.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        return 0;
    }
    const unsigned n = unsigned(std::min<uint64_t>(p.get_data_length(), store_.size() - addr));
    if (p.is_write()) {
        store_.write(addr, p.get_data_ptr(), n);
        if (write_observer_) write_observer_(addr, n);
    } else if (p.is_read())
        store_.read(addr, p.get_data_ptr(), n);
    p.set_response_status(tlm::TLM_OK_RESPONSE);
    return n;
}

// The run's end, not the kernel's time: the CPU may have run ahead of the kernel (models/cpu), and the
// refreshes up to the end must not depend on how far.
void Memory::end_of_simulation() { timing_->finish(ctx_.end_time()); }

}  // namespace vp
