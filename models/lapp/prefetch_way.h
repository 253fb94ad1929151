// The memory side of array execution: the port to the L1/L2 (implemented by the device with timed
// TLM transactions, by unit tests with a flat memory), and one read-only prefetch way (L1 ways 1..3)
// that a DCPL turns into an element stream: it fetches the lines its elements lie in, in stream order,
// a window of requests ahead, and hands the array one element word per iteration.
#pragma once

#include <cstdint>
#include <deque>
#include <vector>

#include "models/lapp/array_config.h"
#include "models/lapp/stream.h"

namespace vp::lapp {

// Times are absolute cycles of the LAPP clock (the control hart's cycle count).
class MemoryPort {
public:
    virtual ~MemoryPort() = default;
    // A prefetch way's line read issued at `at`: fills `data`; `done` = the cycle the line arrives.
    // False on a bus error (the elements in it are then unusable).
    virtual bool read_line(uint32_t addr, uint8_t* data, unsigned len, uint64_t at, uint64_t& done) = 0;
    // The last stage's write of a store record through L1 way 0 at `at` (bytes where mask is set).
    virtual void write_record(uint32_t addr, const uint8_t* data, uint8_t mask, unsigned len, uint64_t at) = 0;
};

class PrefetchWay {
public:
    // Starts streaming elements [first, ...) of `s` at cycle `at` (array setup).
    void start(const StreamDesc& s, int64_t first, const ArrayConfig& cfg, MemoryPort& port, uint64_t at);
    bool active() const { return active_; }
    void stop() { active_ = false; }

    // Issues the line requests due at cycle `now` (at most one per cycle, `prefetch_window` in flight,
    // no more lines resident than the way holds).
    void tick(uint64_t now);

    // Element k's word. Returns the cycle it is available (> now: the array must wait); `ok` is false
    // if its line could not be read (a bus error) or k lies beyond the DCPL's count.
    uint64_t element(int64_t k, uint64_t now, uint32_t& word, bool& ok);

    // The array no longer needs elements below k: their lines may be replaced.
    void release_below(int64_t k);

    uint64_t lines_fetched() const { return lines_fetched_; }
    uint64_t bus_errors() const { return bus_errors_; }

private:
    struct Line {
        uint32_t addr = 0;
        uint64_t ready = 0;
        bool ok = false;
        std::vector<uint8_t> data;
    };
    // The next line the stream needs after `last_line_`, walking elements from next_element_.
    bool next_line(uint32_t& line);
    Line* find(uint32_t line);
    void request(uint32_t line, uint64_t at);

    StreamDesc s_;
    const ArrayConfig* cfg_ = nullptr;
    MemoryPort* port_ = nullptr;
    bool active_ = false;
    unsigned line_bytes_ = 64, capacity_lines_ = 128;
    int64_t next_element_ = 0;       // first element whose lines are not all requested
    uint32_t last_requested_ = ~0u;  // line address most recently requested
    uint64_t last_issue_ = 0;
    std::deque<Line> lines_;  // resident and in-flight lines, in stream order
    uint64_t lines_fetched_ = 0, bus_errors_ = 0;
};

}  // namespace vp::lapp
