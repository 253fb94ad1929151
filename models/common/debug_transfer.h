// An untimed (debug) transfer through an initiator socket: what a hart's debugger/semihosting access,
// the image loader and LAPP's hart use to read or write memory without simulated time.
#pragma once
#include <cstdint>
#include <tlm>

namespace vp {

// Moves `len` bytes at `addr` (write: from `data`, read: into it); returns how many the target moved.
template <typename Socket>
inline unsigned debug_transfer(Socket& socket, bool write, uint64_t addr, void* data, unsigned len) {
    tlm::tlm_generic_payload p;
    p.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
    p.set_address(addr);
    p.set_data_ptr(static_cast<unsigned char*>(data));
    p.set_data_length(len);
    p.set_streaming_width(len);
    return socket->transport_dbg(p);
}

}  // namespace vp
