// Intel's write master (stream -> memory): issues the write transactions of a descriptor in order,
// one beat per cycle, with at most `window` writes outstanding:
//   write k issues at max(its data ready, write k-1's issue + beats(write k-1), write k-window done).
#pragma once
#include <algorithm>
#include <cstdint>
#include <vector>
#include "models/dma/read_master.h"

namespace vp {

class WriteMaster {
public:
    WriteMaster(MasterPort& port, Tick period, unsigned width, unsigned window, uint16_t track)
        : port_(port), period_(period), width_(width), window_(window, 0), track_(track) {}

    void begin(Tick t0) {  // a new descriptor: free from t0, no write outstanding
        next_ = t0;
        std::fill(window_.begin(), window_.end(), 0);
        k_ = 0;
        first_issue_ = kTickMax;
    }
    // When the write window lets the next write issue (the converter's take of an element waits for it).
    Tick window_free() const { return window_[k_ % window_.size()]; }
    Issued write(uint64_t addr, uint8_t* data, unsigned len, Tick ready, uint64_t parent) {
        Issued w;
        w.issue = std::max({ready, next_, window_free()});
        w.end = port_.access(true, addr, data, len, w.issue, track_, parent, w.ok);
        next_ = w.issue + beats(len);
        window_[k_++ % window_.size()] = w.end;
        first_issue_ = std::min(first_issue_, w.issue);
        return w;
    }
    // No later write of this descriptor issues before this.
    Tick next_free() const { return next_; }
    // Issue time of the descriptor's first write (kTickMax before it).
    Tick first_issue() const { return first_issue_; }
    Tick beats(uint64_t bytes) const { return (bytes + width_ - 1) / width_ * period_; }

private:
    MasterPort& port_;
    Tick period_;
    unsigned width_;
    std::vector<Tick> window_;  // completion times of the last `window` writes
    uint16_t track_;
    Tick next_ = 0;
    uint64_t k_ = 0;
    Tick first_issue_ = kTickMax;
};

}  // namespace vp
