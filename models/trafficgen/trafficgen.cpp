#include "models/trafficgen/trafficgen.h"
#include <algorithm>
#include <stdexcept>
#include <tlm_utils/tlm_quantumkeeper.h>

namespace vp {

std::string TrafficGenerator::summary() const {
    char buf[200];
    snprintf(buf, sizeof buf, "%llu requests (%llu R, %llu W, %llu errors), mean latency %.1f ns, %.3g GB/s",
             (unsigned long long)requests_.value, (unsigned long long)reads_.value, (unsigned long long)writes_.value,
             (unsigned long long)errors_.value, latency_.mean() / 1000.0, achieved_bandwidth() / 1e9);
    return buf;
}

TrafficGenerator::TrafficGenerator(sc_core::sc_module_name name, SimContext& ctx, const TrafficGenConfig& cfg)
    : sc_module(name),
      Component(ctx, std::string(sc_module::name())),
      initiator_socket("initiator_socket"),
      cfg_(cfg),
      pattern_(cfg.pattern),
      requests_(stats_.counter("requests", "count", "requests issued and completed (one trace span each)")),
      reads_(stats_.counter("reads", "count", "read requests")),
      writes_(stats_.counter("writes", "count", "write requests")),
      bytes_(stats_.counter("bytes", "bytes", "bytes requested (reads + writes)")),
      errors_(stats_.counter("errors", "count", "requests answered with an error response")),
      latency_(stats_.histogram("latency", "ps", "issue to completion")) {
    if (cfg.window == 0) throw std::invalid_argument(name_ + ": window must be >= 1");
    buffer_.resize(std::max(1u, pattern_.max_size()));
    initiator_socket.register_invalidate_direct_mem_ptr(this, &TrafficGenerator::invalidate_direct_mem_ptr);
    ext_.initiator = trace_id();
    payload_.set_extension(&ext_);
    stats_.derived("bandwidth", "bytes/s", "bytes over the active time, first issue to last completion",
                   [this] { return achieved_bandwidth(); });
    stats_.derived("active_time", "ps", "first issue to last completion",
                   [this] { return double(last_completion_ - first_issue_); });
    SC_HAS_PROCESS(TrafficGenerator);
    SC_THREAD(run);
}

TrafficGenerator::~TrafficGenerator() { payload_.clear_extension(&ext_); }

double TrafficGenerator::achieved_bandwidth() const {
    if (last_completion_ <= first_issue_) return 0.0;
    return double(bytes_.value) * 1e12 / double(last_completion_ - first_issue_);
}

void TrafficGenerator::run() {
    activity_.set(true);  // a hart synchronises at every quantum while this generator works
    tlm_utils::tlm_quantumkeeper qk;
    qk.reset();
    std::vector<Tick> completion(cfg_.window, 0);  // ring: completion times of the last `window` requests
    Tick prev_issue = 0;
    TrafficAccess a;
    tlm::tlm_generic_payload& p = payload_;

    for (uint64_t k = 0; pattern_.next(a); ++k) {
        Tick issue = k == 0 ? cfg_.start : prev_issue + cfg_.interval;
        issue = std::max(issue, cfg_.start + a.at);
        if (k >= cfg_.window) issue = std::max(issue, completion[k % cfg_.window]);
        issue = std::max(issue, sim_now());  // only if something in the path called wait()

        // Move the local time to the issue time; synchronise only past the quantum boundary.
        qk.set(to_sc_time(issue - sim_now()));
        if (qk.need_sync()) qk.sync();

        if (a.write)
            for (unsigned i = 0; i < a.size; ++i) buffer_[i] = static_cast<uint8_t>((a.addr + i) ^ k);
        prepare_transfer(p, a.write, a.addr, buffer_.data(), a.size);
        ext_.trace_id = 0;
        ext_.trace_component = 0;

        TraceSpan span(ctx_.tracer, trace_id(), p, issue);
        span.start(issue);
        sc_core::sc_time delay = qk.get_local_time();
        initiator_socket->b_transport(p, delay);
        const Tick end = std::max(sim_now() + to_tick(delay), issue);
        span.finish(end, p.get_response_status());

        completion[k % cfg_.window] = end;
        if (k == 0) first_issue_ = issue;
        last_completion_ = std::max(last_completion_, end);
        prev_issue = issue;
        ++requests_;
        if (a.write)
            ++writes_;
        else
            ++reads_;
        bytes_ += a.size;
        latency_.add(end - issue);
        if (p.get_response_status() != tlm::TLM_OK_RESPONSE) {
            ++errors_;
            log_->debug("{} at 0x{:x}: {}", a.write ? "write" : "read", a.addr, p.get_response_string());
        }
    }

    // Done once the last response has arrived, in kernel time.
    qk.set(to_sc_time(std::max(last_completion_, sim_now()) - sim_now()));
    qk.sync();
    done_ = true;
    activity_.set(false);
    done_event_.notify(sc_core::SC_ZERO_TIME);
    log_->debug("done: {} requests, {:.3f} GB/s", requests_.value, achieved_bandwidth() / 1e9);
    if (on_done_) on_done_();
}

}  // namespace vp
