// Intel's read master (memory -> stream): issues the read transactions of a descriptor in order, one
// data beat (`width` bytes) per DMA cycle, so a transaction of n bytes occupies the master for
// beats(n) cycles: read k issues at max(its earliest time, read k-1's issue + beats(read k-1)).
// The caller (the copy loop, the converter's index stream) supplies the earliest time, which is
// where the data FIFO's back-pressure comes in.
#pragma once
#include <algorithm>
#include <cstdint>
#include "models/dma/master_port.h"

namespace vp {

struct Issued {
    Tick issue = 0, end = 0;
    bool ok = true;
};

class ReadMaster {
public:
    ReadMaster(MasterPort& port, Tick period, unsigned width, uint16_t track)
        : port_(port), period_(period), width_(width), track_(track) {}

    void begin(Tick t0) { next_ = t0; }  // a new descriptor: free from t0
    Issued read(uint64_t addr, uint8_t* data, unsigned len, Tick earliest, uint64_t parent) {
        Issued r;
        r.issue = std::max(earliest, next_);
        r.end = port_.access(false, addr, data, len, r.issue, track_, parent, r.ok);
        next_ = r.issue + beats(len);
        return r;
    }
    Tick beats(uint64_t bytes) const { return (bytes + width_ - 1) / width_ * period_; }
    // No later read of this descriptor issues before this.
    Tick next_free() const { return next_; }

private:
    MasterPort& port_;
    Tick period_;
    unsigned width_;
    uint16_t track_;
    Tick next_ = 0;
};

}  // namespace vp
