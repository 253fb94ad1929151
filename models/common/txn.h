// Per-transaction identity carried through TLM with the generic payload.
//
// The initiator that creates a transaction attaches a TxnExt naming itself (and the PC that caused
// it, when there is one). Every component that services the transaction and records a trace span
// swaps its own span id into `trace_id` while it forwards the transaction, so that the next component
// knows its parent; sub-transactions (a cache refill, a priority-table fetch) copy `trace_id` as their
// parent. See models/trace/tracer.h (TraceSpan).
#pragma once
#include <cstdint>
#include <tlm>

namespace vp {

struct TxnExt : tlm::tlm_extension<TxnExt> {
    uint64_t trace_id = 0;         // span currently servicing this transaction (0: none)
    uint16_t trace_component = 0;  // component that owns trace_id
    uint16_t initiator = 0;        // component id of the original initiator (0: unknown)
    bool has_pc = false;
    // No data needs to move: a tags-only cache's line fill or write-back, for which the memory already
    // holds the current data. Targets time it and count it like any transaction, and skip the copy.
    bool timing_only = false;
    uint32_t pc = 0;  // program counter that caused the access

    tlm::tlm_extension_base* clone() const override { return new TxnExt(*this); }
    void copy_from(const tlm::tlm_extension_base& other) override { *this = static_cast<const TxnExt&>(other); }
};

// Sets `p` up for a timed transfer of `len` bytes at `addr` (write: from `data`, read: into it) as the
// platform's initiators issue one: no byte enables, no DMI hint, the response still to come.
inline void prepare_transfer(tlm::tlm_generic_payload& p, bool write, uint64_t addr, uint8_t* data, unsigned len) {
    p.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
    p.set_address(addr);
    p.set_data_ptr(data);
    p.set_data_length(len);
    p.set_streaming_width(len);
    p.set_byte_enable_ptr(nullptr);
    p.set_byte_enable_length(0);
    p.set_dmi_allowed(false);
    p.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
}

// Returns the payload's TxnExt, or nullptr when the initiator attached none.
inline TxnExt* txn_ext(tlm::tlm_generic_payload& p) { return p.get_extension<TxnExt>(); }
inline bool timing_only(tlm::tlm_generic_payload& p) {
    const TxnExt* e = txn_ext(p);
    return e && e->timing_only;
}

}  // namespace vp
