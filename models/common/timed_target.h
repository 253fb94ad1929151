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
#pragma once
#include <tlm>
#include "models/common/time.h"

namespace vp {

class TimedTarget {
public:
    // `arrival`: when the transaction reaches the target (absolute; not before the kernel's current
    // time). Returns when it completes, with the payload's response status set as b_transport would.
    virtual Tick timed_transport(tlm::tlm_generic_payload& p, Tick arrival) = 0;

protected:
    ~TimedTarget() = default;
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
