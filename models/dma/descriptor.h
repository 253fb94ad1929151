// A descriptor as the dispatcher holds it, whichever port it came from, and the outcome of running it.
#pragma once
#include <cstdint>
#include "models/common/time.h"

namespace vp {

struct Descriptor {
    uint64_t read = 0, write = 0;
    uint32_t length = 0;
    uint32_t control = 0;  // the descriptor control word (vp/regs/msgdma.h MSGDMA_DESC_CTL_*)
    // Extended format only (the standard format reads sequentially with the longest bursts):
    uint16_t seq = 0;                            // sequence number, echoed in the CSR SEQ_NUM register
    uint8_t read_burst = 0, write_burst = 0;     // burst counts in words; 0 = the longest burst
    uint16_t read_stride = 1, write_stride = 1;  // address step in words; 0 = fixed address
    Tick accept = 0;                             // entered the descriptor FIFO
    // Prefetched descriptors: where the descriptor lives (write-back), its next pointer and the
    // prefetcher reset epoch it belongs to (a prefetcher reset forgets it).
    bool prefetched = false;
    uint64_t fetched_from = 0, next = 0;
    uint32_t epoch = 0;
};

struct Outcome {
    Tick start = 0;            // the read master took it
    Tick write_start = 0;      // the write master issued its first write (end when it wrote nothing)
    Tick end = 0;              // last access done (prefetched: write-back done)
    Tick last_read_issue = 0;  // early done: the next descriptor may start after it
    uint32_t actual = 0;       // bytes written
    uint8_t error = 0;         // MSGDMA_ERR_* bits
    bool aborted = false;      // a dispatcher reset stopped it: no response, write-back or interrupt
};

}  // namespace vp
