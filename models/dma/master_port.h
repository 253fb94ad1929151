// The DMA's Avalon-MM hosts as the bus sees them: every read and write master access, descriptor
// fetch and write-back goes through one MasterPort, which issues a b_transport whose annotated
// delay is the access's issue time (loosely timed, no wait()), records one trace span on the
// caller's track as a child of the descriptor's span, and counts reads, writes and bytes.
#pragma once
#include <cstdint>
#include <memory>
#include <tlm>
#include "models/common/context.h"
#include "models/common/txn.h"

namespace vp {

class MasterPort {
public:
    MasterPort(tlm::tlm_initiator_socket<>& socket, SimContext& ctx, uint16_t initiator, StatGroup& stats,
               std::shared_ptr<spdlog::logger> log);
    ~MasterPort();
    MasterPort(const MasterPort&) = delete;
    MasterPort& operator=(const MasterPort&) = delete;

    // One access of `len` bytes issued at `issue` (clamped to sim_now()), traced on `track` as a child
    // of span `parent` (0: none); `track` (the issuing block: the DMA, or DMA 2 of the cascade) is the
    // initiator the bus sees. Returns its completion time; `ok` is false on an error response.
    Tick access(bool write, uint64_t addr, uint8_t* data, unsigned len, Tick issue, uint16_t track, uint64_t parent,
                bool& ok);
    uint16_t initiator() const { return initiator_; }

private:
    tlm::tlm_initiator_socket<>& socket_;
    SimContext& ctx_;
    uint16_t initiator_;
    tlm::tlm_generic_payload payload_;
    TxnExt ext_;
    Counter &reads_, &writes_, &bytes_read_, &bytes_written_;
    std::shared_ptr<spdlog::logger> log_;
};

}  // namespace vp
