#include "models/trace/tracer.h"
#include <new>
#include <type_traits>
#include <algorithm>

namespace vp {

uint16_t Tracer::register_component(const std::string& name) {
    names_.push_back(name);
    const bool selected = filter_.components.empty() || std::find(filter_.components.begin(), filter_.components.end(),
                                                                  name) != filter_.components.end();
    component_selected_.push_back(selected);
    return static_cast<uint16_t>(names_.size() - 1);
}

void Tracer::set_filter(const TraceFilter& f) {
    filter_ = f;
    for (size_t i = 1; i < names_.size(); ++i) {
        component_selected_[i] = f.components.empty() ||
                                 std::find(f.components.begin(), f.components.end(), names_[i]) != f.components.end();
    }
}

bool Tracer::passes(const TraceRecord& r) const {
    if (r.component < component_selected_.size() && !component_selected_[r.component]) return false;
    if (r.addr + r.len <= filter_.addr_lo || r.addr >= filter_.addr_hi) return false;
    if (r.issue < filter_.time_from || r.issue >= filter_.time_to) return false;
    return true;
}

void Tracer::record(const TraceRecord& r) {
    if (!enabled_ || closed_ || !passes(r)) return;
    for (auto& s : sinks_) s->transaction(r);
    if (!commit_staged()) return;
    ++written_;
    stopped_at_ = std::max(stopped_at_, r.issue);  // the latest issue time recorded so far
}

void Tracer::set_budget(uint64_t max_bytes, std::function<void()> on_full) {
    budget_ = max_bytes;
    on_full_ = std::move(on_full);
}

uint64_t Tracer::empty_size() const {
    uint64_t n = 0;
    for (auto& s : sinks_) n += s->size_if_closed();
    return n;
}

uint64_t Tracer::bytes_written() const {
    if (closed_ || full_) return final_bytes_;
    uint64_t n = 0;
    for (auto& s : sinks_) n += s->bytes_written();
    return n;
}

// The staged event fits the budget (with every file's closing records): commit it. Otherwise close the
// files without it (they stay valid and within the budget), stop tracing, tell the platform.
bool Tracer::commit_staged() {
    if (budget_) {
        uint64_t total = 0;
        for (auto& s : sinks_) total += s->size_if_closed();
        if (total > budget_) {
            for (auto& s : sinks_) s->close();
            for (auto& s : sinks_) final_bytes_ += s->bytes_written();
            full_ = true;
            enabled_ = false;
            if (on_full_) on_full_();
            return false;
        }
    }
    for (auto& s : sinks_) s->commit();
    return true;
}

void Tracer::region_begin(uint16_t track, const std::string& name, Tick at) { regions_.push_back({track, name, at}); }

void Tracer::region_end(uint16_t track, Tick at) {
    for (auto it = regions_.rbegin(); it != regions_.rend(); ++it) {
        if (it->track != track) continue;
        if (region_log_.size() < kMaxRegionLog)
            region_log_.push_back({track, it->name, it->begin, at});
        else
            ++region_log_dropped_;
        if (enabled_ && !closed_ && at >= filter_.time_from && it->begin < filter_.time_to) {
            for (auto& s : sinks_) s->region(track, it->name, it->begin, at);
            commit_staged();
        }
        regions_.erase(std::next(it).base());
        return;
    }
}

size_t Tracer::open_regions(uint16_t track) const {
    return std::count_if(regions_.begin(), regions_.end(), [&](auto& r) { return r.track == track; });
}

void Tracer::instant(uint16_t track, const std::string& name, int64_t value, Tick at) {
    if (!enabled_ || closed_ || at < filter_.time_from || at >= filter_.time_to) return;
    for (auto& s : sinks_) s->instant(track, name, value, at);
    commit_staged();
}

void Tracer::close() {
    if (closed_) return;
    const Tick now = sim_now();
    while (!regions_.empty()) region_end(regions_.back().track, std::max(now, regions_.back().begin));
    if (!full_) {
        for (auto& s : sinks_) s->close();
        for (auto& s : sinks_) final_bytes_ += s->bytes_written();
    }
    closed_ = true;
}

void TraceSpan::open(uint16_t component, tlm::tlm_generic_payload& p, Tick issue) {
    static_assert(std::is_trivially_destructible_v<TraceRecord>, "the span's record is never destroyed");
    new (&s_.rec) TraceRecord();
    s_.rec.id = tracer_->next_id();
    s_.rec.component = component;
    s_.rec.cmd = p.get_command();
    s_.rec.addr = p.get_address();
    s_.rec.len = p.get_data_length();
    s_.rec.issue = s_.rec.start = s_.rec.end = issue;
    ext_ = txn_ext(p);
    if (ext_) {
        s_.rec.parent = ext_->trace_id;
        s_.rec.parent_component = ext_->trace_component;
        s_.rec.initiator = ext_->initiator;
        s_.rec.has_pc = ext_->has_pc;
        s_.rec.pc = ext_->pc;
        ext_->trace_id = s_.rec.id;
        ext_->trace_component = component;
    }
}

void TraceSpan::restore() {
    ext_->trace_id = s_.rec.parent;
    ext_->trace_component = s_.rec.parent_component;
    ext_ = nullptr;
}

void TraceSpan::record(Tick end, tlm::tlm_response_status status) {
    s_.rec.end = end;
    s_.rec.status = status;
    if (ext_) restore();
    tracer_->record(s_.rec);
    tracer_ = nullptr;
}

std::string ps_to_us_string(Tick ps) {
    char buf[32];
    snprintf(buf, sizeof buf, "%llu.%06llu", static_cast<unsigned long long>(ps / 1000000),
             static_cast<unsigned long long>(ps % 1000000));
    return buf;
}

}  // namespace vp
