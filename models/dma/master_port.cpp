#include "models/dma/master_port.h"
#include <algorithm>
#include "models/trace/tracer.h"

namespace vp {

MasterPort::MasterPort(tlm::tlm_initiator_socket<>& socket, SimContext& ctx, uint16_t initiator, StatGroup& stats,
                       std::shared_ptr<spdlog::logger> log)
    : socket_(socket),
      ctx_(ctx),
      initiator_(initiator),
      reads_(stats.counter("reads", "count", "read transactions of all masters")),
      writes_(stats.counter("writes", "count", "write transactions of all masters")),
      bytes_read_(stats.counter("bytes_read", "bytes", "bytes read by all masters")),
      bytes_written_(stats.counter("bytes_written", "bytes", "bytes written by all masters")),
      log_(std::move(log)) {
    ext_.initiator = initiator;
    payload_.set_extension(&ext_);
}

MasterPort::~MasterPort() { payload_.clear_extension(&ext_); }

Tick MasterPort::access(bool write, uint64_t addr, uint8_t* data, unsigned len, Tick issue, uint16_t track,
                        uint64_t parent, bool& ok) {
    issue = std::max(issue, sim_now());
    tlm::tlm_generic_payload& p = payload_;
    prepare_transfer(p, write, addr, data, len);
    ext_.trace_id = parent;
    ext_.trace_component = parent ? initiator_ : 0;
    // The block that issues the access is the initiator the fabric sees: DMA 2 of the cascade (its
    // own track) is an Avalon-MM read master of its own, as in Kashimata et al.'s cascade of two
    // mSGDMAs, so a memory with several ports gives it a port apart from DMA 1's (bus.h).
    ext_.initiator = track ? track : initiator_;
    Tick end;
    {
        TraceSpan span(ctx_.tracer, track, p, issue);
        span.start(issue);
        sc_core::sc_time delay = to_sc_time(issue - sim_now());
        socket_->b_transport(p, delay);
        end = std::max(sim_now() + to_tick(delay), issue);
        span.finish(end, p.get_response_status());
    }
    ok = p.is_response_ok();
    if (write) {
        ++writes_;
        bytes_written_ += len;
    } else {
        ++reads_;
        bytes_read_ += len;
    }
    if (!ok) log_->debug("{} of {} bytes at 0x{:x}: {}", write ? "write" : "read", len, addr, p.get_response_string());
    return end;
}

}  // namespace vp
