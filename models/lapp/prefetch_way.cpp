#include "models/lapp/prefetch_way.h"

#include <algorithm>
#include <cstring>

namespace vp::lapp {

void PrefetchWay::start(const StreamDesc& s, int64_t first, const ArrayConfig& cfg, MemoryPort& port, uint64_t at) {
    s_ = s;
    cfg_ = &cfg;
    port_ = &port;
    active_ = true;
    line_bytes_ = cfg.line_bytes;
    capacity_lines_ = std::max(1u, cfg.way_bytes / cfg.line_bytes);
    next_element_ = first;
    last_requested_ = ~0u;
    last_issue_ = at ? at - 1 : 0;
    lines_.clear();
}

PrefetchWay::Line* PrefetchWay::find(uint32_t line) {
    for (auto it = lines_.rbegin(); it != lines_.rend(); ++it)
        if (it->addr == line) return &*it;
    return nullptr;
}

bool PrefetchWay::next_line(uint32_t& line) {
    const uint32_t mask = ~(line_bytes_ - 1);
    for (unsigned guard = 0; guard < 4 * capacity_lines_ + 8; ++guard) {
        if (s_.count && next_element_ >= int64_t(s_.count)) return false;  // end of the DCPL's stream
        const uint32_t a = s_.element_addr(uint64_t(next_element_));
        const uint32_t la = a & mask, lb = (a + 3) & mask;
        if (!find(la)) {
            line = la;
            return true;
        }
        if (lb != la && !find(lb)) {
            line = lb;
            return true;
        }
        ++next_element_;
    }
    return false;
}

void PrefetchWay::request(uint32_t line, uint64_t at) {
    Line l;
    l.addr = line;
    l.data.assign(line_bytes_, 0);
    l.ok = port_->read_line(line, l.data.data(), line_bytes_, at, l.ready);
    if (!l.ok) ++bus_errors_;
    ++lines_fetched_;
    last_requested_ = line;
    lines_.push_back(std::move(l));
}

void PrefetchWay::tick(uint64_t now) {
    if (!active_) return;
    uint64_t t = last_issue_ + 1;
    while (t <= now) {
        if (lines_.size() >= capacity_lines_) return;  // the way is full until the array moves on
        unsigned in_flight = 0;
        uint64_t first_back = ~0ull;
        for (auto it = lines_.rbegin(); it != lines_.rend() && in_flight <= cfg_->prefetch_window; ++it) {
            if (it->ready > t) {
                ++in_flight;
                first_back = std::min(first_back, it->ready);
            }
        }
        if (in_flight >= cfg_->prefetch_window) {
            t = std::max(t + 1, first_back);
            continue;
        }
        uint32_t line;
        if (!next_line(line)) {
            active_ = false;  // every element of the stream is requested
            return;
        }
        request(line, t);
        last_issue_ = t;
        ++t;
    }
}

uint64_t PrefetchWay::element(int64_t k, uint64_t now, uint32_t& word, bool& ok) {
    word = 0;
    if (k < 0 || (s_.count && k >= int64_t(s_.count))) {
        ok = false;
        return now;
    }
    const uint32_t a = s_.element_addr(uint64_t(k));
    const uint32_t mask = ~(line_bytes_ - 1);
    uint64_t ready = now;
    ok = true;
    uint8_t bytes[4];
    for (unsigned i = 0; i < 4; ++i) {
        const uint32_t b = a + i, line = b & mask;
        Line* l = find(line);
        if (!l) {  // the prefetcher is behind: a demand request now
            request(line, std::max(now, last_issue_ + 1));
            last_issue_ = std::max(now, last_issue_ + 1);
            l = &lines_.back();
        }
        ready = std::max(ready, l->ready);
        ok = ok && l->ok;
        bytes[i] = l->data[b - line];
    }
    std::memcpy(&word, bytes, 4);
    return ready;
}

void PrefetchWay::release_below(int64_t k) {
    if (k <= 0) return;
    const uint32_t a = s_.element_addr(uint64_t(k));
    while (!lines_.empty()) {
        const Line& f = lines_.front();
        const bool behind = s_.down ? f.addr > a + 3 : uint64_t(f.addr) + line_bytes_ <= a;
        if (!behind) break;
        lines_.pop_front();
    }
}

}  // namespace vp::lapp
