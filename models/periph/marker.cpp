#include "models/periph/marker.h"
#include <algorithm>
#include "vp/regs/marker.h"

namespace vp {

TraceMarker::TraceMarker(sc_core::sc_module_name name, SimContext& ctx, const TraceMarkerConfig& cfg)
    : MmioDevice(name, ctx, cfg, MARKER_SIZE),
      name_buf_(MARKER_NAME_LEN, 0),
      regions_(stats_.counter("regions", "count", "regions opened")),
      values_(stats_.counter("values", "count", "VALUE instant events")),
      unmatched_ends_(stats_.counter("unmatched_ends", "count", "END writes with no region open (ignored)")) {
    auto command = [](auto fn) { return [fn](uint64_t, const RegAccess& a) { fn(a.at); }; };
    auto zero = [](const RegAccess&) -> uint64_t { return 0; };
    regs_.add("BEGIN", MARKER_BEGIN, 4).reads(zero).writes(command([this](Tick at) { begin(at); })).no_debug_write();
    regs_.add("END", MARKER_END, 4).reads(zero).writes(command([this](Tick at) { end(at); })).no_debug_write();
    regs_.add("VALUE", MARKER_VALUE, 4)
        .reads(zero)
        .writes([this](uint64_t v, const RegAccess& a) {
            ++values_;
            const std::string n = name_buffer();
            ctx_.tracer.instant(trace_id(), n.empty() ? "value" : n, int64_t(int32_t(uint32_t(v))), a.at);
        })
        .no_debug_write();
    regs_.add("DEPTH", MARKER_DEPTH, 4).reads([this](const RegAccess&) -> uint64_t { return depth(); });
    for (unsigned i = 0; i < MARKER_NAME_LEN; i += 4) {
        regs_.add("NAME" + std::to_string(i / 4), MARKER_NAME + i, 4)
            .sizes(1u << 1 | 1u << 2 | 1u << 4)
            .reads([this, i](const RegAccess&) -> uint64_t {
                return uint64_t(name_buf_[i]) | uint64_t(name_buf_[i + 1]) << 8 | uint64_t(name_buf_[i + 2]) << 16 |
                       uint64_t(name_buf_[i + 3]) << 24;
            })
            .writes([this, i](uint64_t v, const RegAccess&) {
                for (unsigned b = 0; b < 4; ++b) name_buf_[i + b] = uint8_t(v >> (8 * b));
            });
    }
}

std::string TraceMarker::name_buffer() const {
    auto nul = std::find(name_buf_.begin(), name_buf_.end(), 0);
    // Firmware writes any bytes: only printable ASCII is kept as is, other bytes become \xNN, so that
    // names are valid UTF-8 in stats.json and the trace (a byte 0x80 ended the run in an exception).
    std::string name;
    for (auto it = name_buf_.begin(); it != nul; ++it) {
        const uint8_t c = *it;
        if (c >= 0x20 && c < 0x7F && c != '\\') {
            name += char(c);
        } else {
            static const char hex[] = "0123456789abcdef";
            name += {'\\', 'x', hex[c >> 4], hex[c & 15]};
        }
    }
    return name;
}

std::string TraceMarker::summary() const {
    if (!regions_.value && !values_.value) return {};
    return std::to_string(regions_.value) + " regions, " + std::to_string(values_.value) + " values";
}

TraceMarker::PerName& TraceMarker::per_name(const std::string& n) {
    auto it = per_name_.find(n);
    if (it != per_name_.end()) return it->second;
    PerName p{&stats_.counter("region." + n + ".count", "count", "regions '" + n + "' closed"),
              &stats_.counter("region." + n + ".ps", "ps", "total time inside regions '" + n + "'")};
    return per_name_.emplace(n, p).first->second;
}

std::string TraceMarker::stat_name(const std::string& n) {
    if (per_name_.size() < kMaxNames || per_name_.count(n)) return n;
    if (!folded_) {
        VP_WARN(log_, "more than {} distinct region names: regions of further names are counted as '{}'", kMaxNames,
                kOtherName);
        folded_ = true;
    }
    return kOtherName;
}

void TraceMarker::begin(Tick at) {
    std::string n = name_buffer();
    if (n.empty()) n = "region";
    ++regions_;
    ctx_.tracer.region_begin(trace_id(), n, at);
    n = stat_name(n);
    per_name(n);  // registered at the open, so that it appears in the statistics even if never closed
    open_.push_back({n, at});
    ctx_.energy.region_begin(n);
}

void TraceMarker::end(Tick at) {
    if (open_.empty()) {
        ++unmatched_ends_;
        VP_WARN(log_, "END with no region open: ignored");
        return;
    }
    const Open o = open_.back();
    open_.pop_back();
    const Tick end_at = std::max(at, o.begin);
    PerName& p = per_name(o.name);
    ++*p.count;
    *p.ps += end_at - o.begin;
    ctx_.tracer.region_end(trace_id(), end_at);
    ctx_.energy.region_end();
}

}  // namespace vp
