// Timed transport with absolute times: what a b_transport does between turning its delay into an
// arrival time and turning the completion time back into a delay.
//
// The models on the cached memory path (the bus, the L2, the memories) implement their
// b_transport on top of timed_transport(), and the platform binds the model in front of each one
// (an L1 to the bus, the bus to the L2 and the memories, the L2 to the RAM) both through the TLM
// socket and directly. Going direct skips the socket hop and the sc_time conversions of every hop
// (SystemC builds an sc_time out of line) and behaves exactly like b_transport: b_transport is
// timed_transport behind the conversions. The sockets stay bound for everything else (debug
// access, DMI, other initiators), and a model bound only through its socket is reached as before.
//
// The line path (LineTransfer, line_transport): a cache's own line fill or write-back while no trace
// is recorded, the cached memory path's common case, goes L1 -> bus -> L2 -> memory as a small
// struct instead of a TLM payload. No payload to fill, no extension to look up, no span to open at
// each hop; every model counts and times it with the same code as a payload (its transport core is
// shared between the two entries). A target that does not serve lines (serves_lines() false) is
// reached through a payload built from the transfer (LinePayload), exactly as before.
#pragma once
#include <vector>
#include <tlm>
#include "models/common/time.h"
#include "models/common/txn.h"

namespace vp {

// A line fill or write-back of a tags-only cache: timing only (the memory holds the current data,
// TxnExt::timing_only), no trace span (tracing is off). `initiator`, `pc`: the access that caused
// it, as its TxnExt would say. `ok` is the answer: false for an address error.
struct LineTransfer {
    uint64_t addr;  // in the target's address space
    unsigned len;
    bool write;
    uint16_t initiator;
    bool has_pc;
    uint32_t pc;
    bool ok = true;
    // The TxnExt a payload of this transfer carries.
    void origin(TxnExt& e) const {
        e.trace_id = 0;
        e.trace_component = 0;
        e.initiator = initiator;
        e.has_pc = has_pc;
        e.timing_only = true;
        e.pc = pc;
    }
};

class TimedTarget {
public:
    // `arrival`: when the transaction reaches the target (absolute; not before the kernel's current
    // time). Returns when it completes, with the payload's response status set as b_transport would.
    virtual Tick timed_transport(tlm::tlm_generic_payload& p, Tick arrival) = 0;
    // The line path: true when line_transport() serves a LineTransfer exactly as timed_transport()
    // would serve its payload (same counts, times and warnings).
    virtual bool serves_lines() const { return false; }
    // Called only when serves_lines(). Returns the completion time and sets t.ok.
    virtual Tick line_transport(LineTransfer& t, Tick arrival) {
        t.ok = false;
        return arrival;
    }

protected:
    ~TimedTarget() = default;
};

// A payload standing for a LineTransfer, for a target that does not serve lines (reused: fill()
// sets every field a target reads).
struct LinePayload {
    tlm::tlm_generic_payload p;
    TxnExt ext;
    std::vector<uint8_t> scratch;  // the data pointer of a timing-only transfer (nothing is copied)
    LinePayload() { p.set_extension(&ext); }
    ~LinePayload() { p.clear_extension(&ext); }
    LinePayload(const LinePayload&) = delete;
    LinePayload& operator=(const LinePayload&) = delete;
    tlm::tlm_generic_payload& fill(const LineTransfer& t) {
        t.origin(ext);
        if (scratch.size() < t.len) scratch.resize(t.len);
        prepare_transfer(p, t.write, t.addr, scratch.data(), t.len);
        return p;
    }
};

// A TLM b_transport in terms of timed_transport (every TimedTarget's socket callback).
inline void b_transport_timed(TimedTarget& target, tlm::tlm_generic_payload& p, sc_core::sc_time& delay) {
    const Tick now = sim_now();
    delay = to_sc_time(target.timed_transport(p, now + to_tick(delay)) - now);
}

// The next hop of a timed transaction: `direct` when the platform bound it, else through `socket`
// (anything with operator-> to a tlm_fw_transport_if) with the conversions. Returns the completion.
template <class Socket>
Tick timed_call(TimedTarget* direct, Socket&& socket, tlm::tlm_generic_payload& p, Tick arrival) {
    if (direct) return direct->timed_transport(p, arrival);
    const Tick now = sim_now();
    sc_core::sc_time delay = to_sc_time(arrival - now);
    socket->b_transport(p, delay);
    return now + to_tick(delay);
}

}  // namespace vp
