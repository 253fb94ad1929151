// Helpers shared by the memory tests: a trace sink that keeps records, a detached TraceSpan.
#pragma once
#include <memory>
#include <vector>
#include "models/common/context.h"

namespace vp::test {

class CaptureSink : public TraceSink {
public:
    explicit CaptureSink(std::vector<TraceRecord>& out) : out_(out) {}
    void transaction(const TraceRecord& r) override { out_.push_back(r); }
    void region(uint16_t, const std::string&, Tick, Tick) override {}
    void instant(uint16_t, const std::string& name, int64_t, Tick at) override { instants.push_back({name, at}); }
    void close() override {}
    std::vector<std::pair<std::string, Tick>> instants;

private:
    std::vector<TraceRecord>& out_;
};

// Calls a timing model directly (no SystemC kernel needed): returns the latency of one access.
template <class Timing>
Tick timed(Timing& t, bool write, uint64_t addr, unsigned len, Tick arrival) {
    Tracer tracer;
    tlm::tlm_generic_payload p;
    TraceSpan span(tracer, 0, p, arrival);
    return t.access(write, addr, len, arrival, span) - arrival;
}

}  // namespace vp::test
