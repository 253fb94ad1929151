// System bus: a TLM-2.0 router with any number of initiators and targets.
//
// Decoding comes from a mapping table filled from the scenario's memory map; a target sees addresses
// relative to its base. Timing (loosely timed, resource reservation, see docs/timing.md):
//   request channel:  `latency` cycles of address/arbitration, plus one cycle per write data beat;
//   response channel: one cycle per read data beat (one cycle for a write response).
// The two channels are split (like AXI): the bus is not held while a target works. A transaction
// that finds a channel reserved waits for the first gap (first come, first served by arrival time,
// ties in call order); the wait is recorded in the trace and in the `wait` histogram.
// Topology `shared` (default): one request and one response channel for everything. `crossbar`:
// slave-side arbitration, as an Avalon-MM switch fabric or an AXI crossbar: every target has its
// own request and response channels, so transfers to different targets (a DMA reading DDR while it
// writes a local memory) proceed in parallel and only transfers to the same target queue. A target
// with several ports (set_ports: a memory controller's multi-port front end) has a channel pair per
// port; each initiator gets a port of its own (round robin in the order initiators first reach it),
// so only initiators sharing a port queue in the fabric.
// DMI requests are forwarded and translated; invalidations from targets reach every initiator.
#pragma once
#include <algorithm>
#include <functional>
#include <string>
#include <vector>
#include "config/params.h"
#include <systemc>
#include <tlm>
#include <tlm_utils/multi_passthrough_initiator_socket.h>
#include <tlm_utils/multi_passthrough_target_socket.h>
#include "models/common/context.h"
#include "models/common/timed_target.h"
#include "models/common/timeline.h"

namespace vp {

struct BusConfig {
    double clock_hz = 1e9;
    unsigned width_bytes = 8;     // data path width: bytes per beat
    unsigned latency_cycles = 1;  // address + arbitration cycles per transaction
    bool crossbar = false;        // per-target channels (slave-side arbitration) instead of one shared pair

    void params(config::Params& p);
};

class Bus : public sc_core::sc_module, public Component, public TimedTarget {
public:
    tlm_utils::multi_passthrough_target_socket<Bus> target_socket;        // initiators bind here
    tlm_utils::multi_passthrough_initiator_socket<Bus> initiator_socket;  // targets bind here

    Bus(sc_core::sc_module_name name, SimContext& ctx, const BusConfig& cfg);

    // Routes [base, base + size) to the target bound to initiator_socket port `port`.
    // Throws std::invalid_argument on overlap with an existing mapping.
    void map(unsigned port, uint64_t base, uint64_t size, const std::string& target_name);
    // The target bound to initiator_socket port `port` is also `direct` (timed_target.h): the bus calls
    // it without the socket hop. It must be the very model bound to that port.
    void bind_direct(unsigned port, TimedTarget* direct);
    // The mapping `target_name` has `ports` slave ports (crossbar only; default 1). Before traffic.
    void set_ports(const std::string& target_name, unsigned ports);

    // A transaction from an initiator, in absolute times (b_transport is this behind the conversions).
    Tick timed_transport(tlm::tlm_generic_payload& p, Tick arrival) override;
    // The line path (timed_target.h): the L1s' fills and write-backs, without a payload unless an
    // observer watches their initiator or the target does not serve lines.
    bool serves_lines() const override { return true; }
    Tick line_transport(LineTransfer& t, Tick arrival) override;

    struct Mapping {
        uint64_t base, size;
        unsigned port;
        std::string name;
        unsigned slave_ports = 1;       // crossbar: channel pairs of this target
        std::vector<uint16_t> port_of;  // crossbar: initiator ids in arrival order
        Counter* routed = nullptr;      // "to.<name>"
    };
    const std::vector<Mapping>& mappings() const { return map_; }
    // Transactions routed so far (decode errors included).
    uint64_t transactions() const { return transactions_.value; }
    // The mapping holding `addr`, or nullptr (decode error). The mapping decoded last answers first
    // (inline: an L1's misses all go to one memory).
    const Mapping* decode(uint64_t addr) const {
        if (last_ && addr - last_->base < last_->size) return last_;
        return decode_search(addr);
    }
    std::string summary() const override;

    // Called for every routed transaction before it reaches its target, with bus addresses, the
    // arrival time and the initiator's trace id (TxnExt; 0: none): the caches' stale-data hazard
    // detection watches other masters this way.
    // `ignored`: initiators whose transactions the observer does not want (a cache's own), read at each
    // transaction (the list may grow later): the bus does not call it for those.
    using Observer = std::function<void(tlm::tlm_generic_payload&, Tick arrival, uint16_t initiator)>;
    void add_observer(Observer fn, const std::vector<uint16_t>* ignored = nullptr) {
        observers_.push_back({std::move(fn), ignored});
        unwatched_ = -1;  // the new observer may watch it
    }

private:
    void b_transport(int port, tlm::tlm_generic_payload& p, sc_core::sc_time& delay);
    bool get_direct_mem_ptr(int port, tlm::tlm_generic_payload& p, tlm::tlm_dmi& dmi);
    unsigned transport_dbg(int port, tlm::tlm_generic_payload& p);
    Tick request_busy() const;
    Tick response_busy() const;
    void invalidate_direct_mem_ptr(int port, sc_dt::uint64 start, sc_dt::uint64 end);

    BusConfig cfg_;
    Tick period_;
    std::vector<Mapping> map_;  // sorted by base
    mutable const Mapping* last_ = nullptr;
    const Mapping* decode_search(uint64_t addr) const;
    Timeline request_channel_, response_channel_;  // shared topology
    // crossbar: per mapping (map_ order), per slave port
    std::vector<std::vector<Timeline>> target_request_, target_response_;
    // The slave port of `m` an initiator uses (assigned on its first transaction to it).
    unsigned slave_port(Mapping& m, uint16_t initiator);
    bool traffic_started_ = false;  // crossbar: the per-target channels follow map_, fixed once traffic flows

    Counter &transactions_, &reads_, &writes_, &bytes_read_, &bytes_written_, &decode_errors_, &dbg_accesses_,
        &dmi_grants_;
    Histogram &wait_, &latency_;
    struct Watcher {
        Observer fn;
        const std::vector<uint16_t>* ignored;
        // The last answer, for the initiator asked about last while `ignored` had this length (the
        // lists only grow: Cache::add_own_initiator). An L1's misses come one after another from
        // one initiator, so the common case is two compares instead of a search per observer.
        mutable uint16_t last_who = 0;
        mutable size_t last_size = ~size_t(0);
        mutable bool last_wants = true;
        bool wants(uint16_t who) const {
            if (!ignored) return true;
            if (who != last_who || ignored->size() != last_size) {
                last_wants = std::find(ignored->begin(), ignored->end(), who) == ignored->end();
                last_who = who;
                last_size = ignored->size();
            }
            return last_wants;
        }
    };
    std::vector<Watcher> observers_;
    // Whether an observer watches `who` (a line transfer then takes a payload for it). An initiator
    // that no observer watches stays unwatched while the ignore lists grow (they only grow), so that
    // answer is remembered for the initiator asked last until an observer is added: an L1's line
    // transfers, which every observer ignores, then cost one compare instead of a look at each list.
    bool watched(uint16_t who) const {
        if (who == unwatched_) return false;
        for (const Watcher& w : observers_)
            if (w.wants(who)) return true;
        unwatched_ = who;
        return false;
    }
    mutable int32_t unwatched_ = -1;  // the initiator found unwatched last (-1: none)
    // Data beats of `len` bytes (at least one): a shift when the width is a power of two (a division
    // costs tens of cycles on every transaction).
    uint64_t beats(unsigned len) const {
        const unsigned width = cfg_.width_bytes;
        const uint64_t n =
            width_shift_ >= 0 ? (uint64_t(len) + width - 1) >> width_shift_ : len / width + (len % width != 0);
        return std::max<uint64_t>(1, n);
    }
    int width_shift_ = -1;              // log2(width) when a power of two
    std::vector<TimedTarget*> direct_;  // per initiator_socket port: the target bound directly, if any
    std::vector<TimedTarget*> lines_;   // per port: direct_ if it serves lines (timed_target.h), else null
    LinePayload line_payload_;          // a line transfer to a target that does not serve lines
    template <class Hop>
    Tick route(uint64_t addr, unsigned len, bool is_write, uint16_t who, Tick arrival, TraceSpan& span,
               tlm::tlm_generic_payload* observed, bool& decoded, Hop&& hop);
};

}  // namespace vp
