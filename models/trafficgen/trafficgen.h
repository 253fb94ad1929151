// Traffic generator: a TLM-2.0 initiator replaying an access pattern (sequential, strided, random,
// or a CSV of accesses) with up to `window` requests in flight, for memory and interconnect studies.
//
// Loosely timed: request k issues at
//     issue_k = max(start + csv_time_k, issue_{k-1} + interval, completion_{k-window})
// (issue_0 = start), i.e. the generator never waits for a response unless `window` requests are
// outstanding. b_transport returns each completion through its delay. The thread keeps a local time
// offset and synchronises (tlm_quantumkeeper, global quantum) only at quantum boundaries.
// When all requests have completed it sets done() and notifies done_event() (see docs/trafficgen.md).
#pragma once
#include <functional>
#include <string>
#include <vector>
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include "config/params.h"
#include "models/common/context.h"
#include "models/common/txn.h"
#include "models/trafficgen/pattern.h"

namespace vp {
struct TrafficGenConfig {
    PatternParams
        pattern;          // what to access (pattern, base, range, access_size, stride, count, read_fraction, seed, csv)
    unsigned window = 1;  // max outstanding requests (1: wait for each response)
    Tick interval = 0;    // ps between consecutive issues, at least
    Tick start = 0;       // ps, time of the first issue

    TrafficGenConfig() { pattern.base = 0x80000000; }  // VP_RAM_BASE
    void params(config::Params& p);
};

class TrafficGenerator : public sc_core::sc_module, public Component {
public:
    tlm_utils::simple_initiator_socket<TrafficGenerator> initiator_socket;

    // Throws (std::invalid_argument / std::runtime_error naming file and line) on a bad configuration.
    TrafficGenerator(sc_core::sc_module_name name, SimContext& ctx, const TrafficGenConfig& cfg);
    ~TrafficGenerator() override;

    // Finished: every request issued and completed (at the kernel's time of the last completion).
    bool done() const { return done_; }
    const sc_core::sc_event& done_event() const { return done_event_; }
    // Called once when the generator is done (e.g. the platform ends the run when all are).
    void on_done(std::function<void()> fn) { on_done_ = std::move(fn); }

    uint64_t requests_issued() const { return requests_.value; }
    Tick first_issue() const { return first_issue_; }
    Tick last_completion() const { return last_completion_; }
    // Bytes per second over [first issue, last completion] (0 before any completion).
    double achieved_bandwidth() const;
    std::string summary() const override;

private:
    void run();
    void invalidate_direct_mem_ptr(sc_dt::uint64, sc_dt::uint64) {}

    TrafficGenConfig cfg_;
    AccessPattern pattern_;
    std::vector<uint8_t> buffer_;
    tlm::tlm_generic_payload payload_;
    TxnExt ext_;
    bool done_ = false;
    InitiatorActivity activity_{ctx_};
    sc_core::sc_event done_event_;
    std::function<void()> on_done_;
    Tick first_issue_ = 0, last_completion_ = 0;

    Counter &requests_, &reads_, &writes_, &bytes_, &errors_;
    Histogram& latency_;
};

}  // namespace vp
