// Per-transaction trace: every transaction crossing the bus, a cache or a memory becomes one record
// (one complete event in the Perfetto view, one CSV row), with its parent, times and attributes.
//
// Recording happens when a component has computed a transaction's end time (at the annotated delay,
// as MINRES SCC does), so records arrive in simulation-call order, not in time order; writers cope.
// With tracing disabled, TraceSpan reduces to one predictable branch.
#pragma once
#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>
#include <tlm>
#include "models/common/time.h"
#include "models/common/txn.h"

namespace vp {

struct TraceAttr {
    const char* key;  // string literal
    int64_t value;
};

struct TraceRecord {
    uint64_t id = 0, parent = 0;
    uint16_t component = 0, parent_component = 0, initiator = 0;
    tlm::tlm_command cmd = tlm::TLM_IGNORE_COMMAND;
    uint64_t addr = 0;
    uint32_t len = 0;
    Tick issue = 0, start = 0, end = 0;  // arrival, service start (after waiting), completion
    tlm::tlm_response_status status = tlm::TLM_INCOMPLETE_RESPONSE;
    bool has_pc = false;
    uint32_t pc = 0;
    uint8_t n_attrs = 0;
    std::array<TraceAttr, 6> attrs{};
};

class Tracer;

// A trace output format. Receives the records that passed the filters.
//
// Every event is staged first: transaction(), region() and instant() format it but keep it back; the
// tracer then either commits it (commit()) or, when committing it would take the files past the size
// budget, closes the sink, which drops the staged event and writes the closing records. So the budget
// holds to the byte for every budget and format: size_if_closed() counts what is written, the staged
// event and the closing records (JSON track names and brackets) that close() would add.
class TraceSink {
public:
    virtual ~TraceSink() = default;
    virtual void transaction(const TraceRecord& r) = 0;
    virtual void region(uint16_t track, const std::string& name, Tick begin, Tick end) = 0;
    virtual void instant(uint16_t track, const std::string& name, int64_t value, Tick at) = 0;
    virtual void commit() {}
    virtual void close() = 0;  // drops a staged event, then closes the file (valid)
    // Bytes written (committed events; after close(), the whole file).
    virtual uint64_t bytes_written() const { return 0; }
    // The file's size if the staged event were committed and the file closed now (an upper bound).
    virtual uint64_t size_if_closed() const { return 0; }
};

struct TraceFilter {
    std::vector<std::string> components;           // empty: all
    uint64_t addr_lo = 0, addr_hi = ~uint64_t(0);  // [lo, hi)
    Tick time_from = 0, time_to = kTickMax;        // on the issue time, [from, to)
};

class Tracer {
public:
    bool enabled() const { return enabled_; }
    void enable(bool on) {
        enabled_ = on;
        configured_ |= on;
    }

    // Components register once; the id names their track. Id 0 is reserved for "unknown".
    uint16_t register_component(const std::string& name);
    const std::string& component_name(uint16_t id) const { return names_.at(id); }
    size_t component_count() const { return names_.size(); }

    void set_filter(const TraceFilter& f);
    void add_sink(std::unique_ptr<TraceSink> sink) { sinks_.push_back(std::move(sink)); }
    // Maps a PC to "function+offset" for the trace; installed by whoever knows the symbols.
    void set_symbolizer(std::function<std::string(uint32_t)> fn) { symbolizer_ = std::move(fn); }
    std::string symbolize(uint32_t pc) const { return symbolizer_ ? symbolizer_(pc) : std::string(); }

    uint64_t next_id() { return ++last_id_; }
    void record(const TraceRecord& r);

    // Named regions (trace-marker device, phases of a run) on a track of their own.
    void region_begin(uint16_t track, const std::string& name, Tick at);
    void region_end(uint16_t track, Tick at);
    void instant(uint16_t track, const std::string& name, int64_t value, Tick at);
    size_t open_regions(uint16_t track) const;
    // Closed regions, kept whether or not the trace is on (the report's firmware timeline): the
    // first kMaxRegionLog of them, in closing order; later ones are only counted (firmware is
    // untrusted: it may open regions without end).
    struct RegionLogEntry {
        uint16_t track;
        std::string name;
        Tick begin, end;
    };
    static constexpr size_t kMaxRegionLog = 10000;
    const std::vector<RegionLogEntry>& region_log() const { return region_log_; }
    uint64_t region_log_dropped() const { return region_log_dropped_; }

    uint64_t records_written() const { return written_; }
    void close();  // closes open regions at the current time and flushes the sinks

    // Size budget over all sinks (0: none). When the next event would take the files (closing records
    // included) past it, the event is dropped, the sinks are closed (valid files, within the budget),
    // tracing switches off for the rest of the run (spans are inert again: the run goes on at the
    // untraced speed) and `on_full` is called once.
    void set_budget(uint64_t max_bytes, std::function<void()> on_full = {});
    uint64_t budget() const { return budget_; }
    // What the files hold with no event at all (headers and closing records): a budget below it cannot
    // hold (the platform refuses it as bad input).
    uint64_t empty_size() const;
    bool configured() const { return configured_; }  // tracing was asked for (it may have stopped)
    bool stopped_at_budget() const { return full_; }
    // The latest issue time of the transactions recorded before the budget stopped the trace.
    Tick stopped_at() const { return stopped_at_; }
    uint64_t bytes_written() const;  // over all sinks, final after close()

private:
    bool passes(const TraceRecord& r) const;

    bool enabled_ = false;
    std::vector<std::string> names_{"unknown"};
    std::vector<bool> component_selected_{true};
    TraceFilter filter_;
    std::vector<std::unique_ptr<TraceSink>> sinks_;
    std::function<std::string(uint32_t)> symbolizer_;
    uint64_t last_id_ = 0;
    uint64_t written_ = 0;
    struct OpenRegion {
        uint16_t track;
        std::string name;
        Tick begin;
    };
    std::vector<OpenRegion> regions_;
    std::vector<RegionLogEntry> region_log_;
    uint64_t region_log_dropped_ = 0;
    bool closed_ = false;
    bool configured_ = false;
    uint64_t budget_ = 0;
    bool full_ = false;
    Tick stopped_at_ = 0;
    uint64_t final_bytes_ = 0;
    std::function<void()> on_full_;
    bool commit_staged();  // commits the staged event, or stops at the budget (false)
};

// Records one component's service of one transaction. Construct on entry, set the service start
// once known, add attributes, finish with the completion time. Inert when tracing is off.
class TraceSpan {
public:
    TraceSpan(Tracer& tracer, uint16_t component, tlm::tlm_generic_payload& p, Tick issue)
        : tracer_(tracer.enabled() ? &tracer : nullptr) {
        if (tracer_) open(component, p, issue);
    }
    // A span that records nothing: a transfer on the line path (timed_target.h), while no trace is on.
    struct Inert {};
    explicit TraceSpan(Inert) : tracer_(nullptr) {}
    TraceSpan(const TraceSpan&) = delete;
    TraceSpan& operator=(const TraceSpan&) = delete;
    ~TraceSpan() {
        if (tracer_ && ext_) restore();
    }

    bool active() const { return tracer_ != nullptr; }
    uint64_t id() const { return tracer_ ? s_.rec.id : 0; }
    uint16_t component() const { return tracer_ ? s_.rec.component : 0; }  // for sub-transactions' parent links
    void start(Tick t) {
        if (tracer_) s_.rec.start = t;
    }
    void attr(const char* key, int64_t value) {
        if (tracer_ && s_.rec.n_attrs < s_.rec.attrs.size()) s_.rec.attrs[s_.rec.n_attrs++] = {key, value};
    }
    void finish(Tick end, tlm::tlm_response_status status) {
        if (tracer_) record(end, status);  // inline: an inert span (no trace) costs no call
    }

private:
    void open(uint16_t component, tlm::tlm_generic_payload& p, Tick issue);
    void record(Tick end, tlm::tlm_response_status status);
    void restore();

    Tracer* tracer_;
    TxnExt* ext_ = nullptr;
    // Constructed only when tracing is on (open()): an inert span costs no zeroing of the record.
    union Storage {
        Storage() {}
        TraceRecord rec;
    } s_;
};

// Sinks: Chrome/Perfetto trace-event JSON and CSV (see docs/trace.md).
std::unique_ptr<TraceSink> make_perfetto_sink(const std::string& path, const Tracer& tracer);
std::unique_ptr<TraceSink> make_csv_sink(const std::string& path, const Tracer& tracer);
// Perfetto's native protobuf format (trace.pftrace), models/trace/perfetto_proto_sink.cpp.
std::unique_ptr<TraceSink> make_perfetto_proto_sink(const std::string& path, const Tracer& tracer);

// Formats ps as microseconds with exact decimals ("12.345678"), the JSON trace's time unit.
std::string ps_to_us_string(Tick ps);

}  // namespace vp
