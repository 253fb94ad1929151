// Chrome/Perfetto trace-event JSON (loads in ui.perfetto.dev and chrome://tracing).
//
// Layout: one process per component (its track group), named after the component. Transactions of
// one component overlap when it pipelines, but complete ("X") events on one thread must nest, so
// each record goes to the first "lane" (thread) of its component whose previous events all ended
// before it starts. Parent->child links are flow events ("s" on the parent, "f" with bp=e on the
// child). Parents are recorded after their children (a parent completes last), so a child's flow
// waits until its parent's lane is known. Timestamps are microseconds with exact ps decimals.
#include <algorithm>
#include <cstdio>
#include <fmt/compile.h>
#include <fmt/format.h>
#include <map>
#include <stdexcept>
#include <string_view>
#include <unordered_map>
#include <nlohmann/json.hpp>
#include "models/trace/tracer.h"

namespace vp {
namespace {

const char* cmd_name(tlm::tlm_command c) {
    switch (c) {
        case tlm::TLM_READ_COMMAND: return "R";
        case tlm::TLM_WRITE_COMMAND: return "W";
        default: return "ignore";
    }
}

const char* status_name(tlm::tlm_response_status s) {
    switch (s) {
        case tlm::TLM_OK_RESPONSE: return "ok";
        case tlm::TLM_ADDRESS_ERROR_RESPONSE: return "address_error";
        case tlm::TLM_GENERIC_ERROR_RESPONSE: return "generic_error";
        case tlm::TLM_COMMAND_ERROR_RESPONSE: return "command_error";
        case tlm::TLM_BURST_ERROR_RESPONSE: return "burst_error";
        case tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE: return "byte_enable_error";
        default: return "incomplete";
    }
}

class PerfettoSink : public TraceSink {
public:
    PerfettoSink(const std::string& path, const Tracer& tracer) : tracer_(tracer) {
        f_ = std::fopen(path.c_str(), "w");
        if (!f_) throw std::runtime_error("cannot write trace file '" + path + "'");
        std::setvbuf(f_, nullptr, _IOFBF, 1 << 20);
        put("{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n");
    }
    ~PerfettoSink() override { close(); }
    uint64_t bytes_written() const override { return bytes_; }

    // Every event is staged (formatted into buf_, with its separator, and the state it would change
    // noted in staged_) and written by commit(); close() drops a staged event. size_if_closed() counts
    // the closing records (track names, brackets) of the state after the staged event, so the tracer
    // keeps the file within the size budget to the byte.
    void transaction(const TraceRecord& r) override {
        stage(r.component, true, r.issue, r.end);
        staged_.txn = true;
        staged_.id = r.id;
        staged_.parent = r.parent;
        const Placed me{r.component, staged_.lane, r.issue};
        staged_.me = me;
        // Formatted straight into a buffer (no JSON objects): tracing must stay within a few times
        // the untraced speed (docs/performance.md).
        auto out = fmt::appender(buf_);
        fmt::format_to(
            out, FMT_COMPILE("{{\"ph\":\"X\",\"cat\":\"txn\",\"name\":\"{} 0x{:x}\",\"pid\":{},\"tid\":{},\"ts\":"),
            cmd_name(r.cmd), r.addr, r.component, staged_.lane);
        append_us(r.issue);
        buf_.append(std::string_view(",\"dur\":"));
        append_us(r.end - r.issue);
        // Compact arguments: defaults (no parent, no wait, status ok) are left out.
        fmt::format_to(out, FMT_COMPILE(",\"args\":{{\"id\":{},\"len\":{},\"from\":\"{}\""), r.id, r.len,
                       initiator_name(r.initiator));
        if (r.parent) fmt::format_to(out, FMT_COMPILE(",\"parent\":{}"), r.parent);
        if (r.start != r.issue)
            fmt::format_to(out, FMT_COMPILE(",\"wait_ns\":{}.{:03}"), (r.start - r.issue) / 1000,
                           (r.start - r.issue) % 1000);
        if (r.status != tlm::TLM_OK_RESPONSE)
            fmt::format_to(out, FMT_COMPILE(",\"status\":\"{}\""), status_name(r.status));
        if (r.has_pc) {
            fmt::format_to(out, FMT_COMPILE(",\"pc\":\"0x{:08x}\""), r.pc);
            const std::string& fn = function_of(r.pc);
            if (!fn.empty()) fmt::format_to(out, FMT_COMPILE(",\"function\":\"{}\""), fn);
        }
        for (unsigned i = 0; i < r.n_attrs; ++i)
            fmt::format_to(out, FMT_COMPILE(",\"{}\":{}"), r.attrs[i].key, r.attrs[i].value);
        buf_.append(std::string_view("}}"));
        // Children completed (and were recorded) before this record: draw their flows now.
        auto waiting = pending_.find(r.id);
        if (waiting != pending_.end())
            for (auto& child : waiting->second) flow(me, child);
    }

    void region(uint16_t track, const std::string& name, Tick begin, Tick end) override {
        stage(track, true, begin, end);
        buf_.append("{\"ph\":\"X\",\"cat\":\"region\",\"name\":" + quoted(name) + ",\"pid\":" + std::to_string(track) +
                    ",\"tid\":" + std::to_string(staged_.lane) + ",\"ts\":" + ps_to_us_string(begin) +
                    ",\"dur\":" + ps_to_us_string(end - begin) + "}");
    }

    void instant(uint16_t track, const std::string& name, int64_t value, Tick at) override {
        stage(track, false, at, at);
        buf_.append("{\"ph\":\"i\",\"s\":\"t\",\"cat\":\"marker\",\"name\":" + quoted(name) +
                    ",\"pid\":" + std::to_string(track) + ",\"tid\":0,\"ts\":" + ps_to_us_string(at) +
                    ",\"args\":{\"value\":" + std::to_string(value) + "}}");
    }

    void commit() override {
        if (!staged_.active || !f_) return;
        std::fwrite(buf_.data(), 1, buf_.size(), f_);
        bytes_ += buf_.size();
        first_ = false;
        if (staged_.placed) {
            auto& lanes = lanes_[staged_.comp];
            if (staged_.lane == lanes.size())
                lanes.push_back(staged_.end);
            else
                lanes[staged_.lane] = staged_.end;
        }
        used_[staged_.comp] = true;
        closing_ = staged_.closing;
        if (staged_.txn) {
            pending_.erase(staged_.id);
            if (staged_.parent) pending_[staged_.parent].push_back(Child{staged_.id, staged_.me});
        }
        staged_.active = false;
    }

    uint64_t size_if_closed() const override {
        return bytes_ + (staged_.active ? buf_.size() + staged_.closing : closing_);
    }

    void close() override {
        if (!f_) return;
        staged_.active = false;  // a staged event is dropped
        // Track names, one process per component and its lanes as threads.
        for (auto& [comp, _] : used_)
            for (auto& e : metadata(comp, 0, lane_count(comp))) emit(e);
        put("\n]}\n");
        std::fclose(f_);
        f_ = nullptr;
    }

private:
    struct Placed {
        uint16_t comp;
        unsigned lane;
        Tick start;
    };
    struct Child {
        uint64_t id;
        Placed where;
    };
    struct Staged {
        bool active = false, placed = false, txn = false;
        uint16_t comp = 0;
        unsigned lane = 0;
        Tick end = 0;
        uint64_t id = 0, parent = 0;
        Placed me{};
        uint64_t closing = 0;  // closing_ after the commit
    };

    // Starts staging an event of `comp`: its separator, its lane (first whose events all ended at or
    // before `begin`, when `placed`) and the closing records it adds (a new component's names, a new
    // lane's name).
    void stage(uint16_t comp, bool placed, Tick begin, Tick end) {
        buf_.clear();
        if (!first_) buf_.append(std::string_view(",\n"));
        staged_.active = true;
        staged_.placed = placed;
        staged_.txn = false;
        staged_.comp = comp;
        staged_.end = end;
        unsigned lane = 0, lanes_now = 0;
        auto it = lanes_.find(comp);
        if (it != lanes_.end()) {
            lanes_now = unsigned(it->second.size());
            while (lane < lanes_now && it->second[lane] > begin) ++lane;
        }
        staged_.lane = placed ? lane : 0;
        const unsigned before = std::max(1u, lanes_now);
        const unsigned after = std::max(before, placed ? lane + 1 : 0u);
        staged_.closing = closing_;
        if (!used_.count(comp))
            staged_.closing += metadata_bytes(comp, 0, after);
        else if (after > before)
            staged_.closing += metadata_bytes(comp, before, after);
    }

    unsigned lane_count(uint16_t comp) const {
        auto it = lanes_.find(comp);
        return it == lanes_.end() ? 1u : std::max(1u, unsigned(it->second.size()));
    }

    // The metadata events of a component: its process name and sort index (when `from_lane` is 0) and
    // the names of lanes [from_lane, to_lane).
    std::vector<std::string> metadata(uint16_t comp, unsigned from_lane, unsigned to_lane) const {
        std::vector<std::string> ev;
        const std::string& cname = tracer_.component_name(comp);
        if (from_lane == 0) {
            ev.push_back("{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":" + std::to_string(comp) +
                         ",\"args\":{\"name\":" + quoted(cname) + "}}");
            ev.push_back("{\"ph\":\"M\",\"name\":\"process_sort_index\",\"pid\":" + std::to_string(comp) +
                         ",\"args\":{\"sort_index\":" + std::to_string(comp) + "}}");
        }
        for (unsigned l = from_lane; l < to_lane; ++l)
            ev.push_back("{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":" + std::to_string(comp) +
                         ",\"tid\":" + std::to_string(l) + ",\"args\":{\"name\":" +
                         quoted(cname + (l ? " #" + std::to_string(l + 1) : std::string())) + "}}");
        return ev;
    }
    // Their bytes with separators (from_lane > 0: the lanes' names only; equal bounds: nothing).
    uint64_t metadata_bytes(uint16_t comp, unsigned from_lane, unsigned to_lane) const {
        if (from_lane > 0 && from_lane >= to_lane) return 0;
        uint64_t n = 0;
        for (auto& e : metadata(comp, from_lane, to_lane)) n += 2 + e.size();
        return n;
    }

    // A JSON string of any bytes (firmware chooses region and marker names): invalid UTF-8 becomes
    // U+FFFD instead of an exception.
    static std::string quoted(const std::string& s) {
        return nlohmann::json(s).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    }

    // A child's flow (its parent's start to the child), appended to the staged event.
    void flow(const Placed& p, const Child& c) {
        auto out = fmt::appender(buf_);
        fmt::format_to(
            out,
            FMT_COMPILE(",\n{{\"ph\":\"s\",\"cat\":\"txn\",\"name\":\"flow\",\"id\":{},\"pid\":{},\"tid\":{},\"ts\":"),
            c.id, p.comp, p.lane);
        append_us(p.start);
        fmt::format_to(out,
                       FMT_COMPILE("}},\n{{\"ph\":\"f\",\"bp\":\"e\",\"cat\":\"txn\",\"name\":\"flow\",\"id\":{},"
                                   "\"pid\":{},\"tid\":{},\"ts\":"),
                       c.id, c.where.comp, c.where.lane);
        append_us(c.where.start);
        buf_.push_back('}');
    }

    // Microseconds with exact picosecond decimals, as the JSON trace's time unit.
    void append_us(Tick ps) {
        fmt::format_to(fmt::appender(buf_), FMT_COMPILE("{}.{:06}"), ps / 1000000, ps % 1000000);
    }

    void put(std::string_view s) {
        std::fwrite(s.data(), 1, s.size(), f_);
        bytes_ += s.size();
    }

    const std::string& initiator_name(uint16_t id) {
        if (id >= initiators_.size()) initiators_.resize(id + 1);
        if (initiators_[id].empty()) initiators_[id] = escaped(tracer_.component_name(id));
        return initiators_[id];
    }

    // Symbol names, computed once per PC.
    const std::string& function_of(uint32_t pc) {
        auto it = functions_.find(pc);
        if (it == functions_.end()) it = functions_.emplace(pc, escaped(tracer_.symbolize(pc))).first;
        return it->second;
    }

    static std::string escaped(const std::string& s) {
        if (s.find_first_of("\"\\") == std::string::npos &&
            std::none_of(s.begin(), s.end(), [](char ch) { return static_cast<unsigned char>(ch) < 0x20; }) &&
            std::all_of(s.begin(), s.end(), [](char ch) { return static_cast<unsigned char>(ch) < 0x80; }))
            return s;
        const std::string q = quoted(s);
        return q.substr(1, q.size() - 2);
    }

    void emit(const std::string& event) {
        if (!first_) put(",\n");
        first_ = false;
        put(event);
    }

    const Tracer& tracer_;
    FILE* f_ = nullptr;
    bool first_ = true;
    uint64_t bytes_ = 0;
    uint64_t closing_ = 4;  // what close() writes for what is committed: track names, "\n]}\n"
    Staged staged_;
    std::map<uint16_t, std::vector<Tick>> lanes_;
    std::map<uint16_t, bool> used_;
    std::unordered_map<uint64_t, std::vector<Child>> pending_;
    std::unordered_map<uint32_t, std::string> functions_;
    std::vector<std::string> initiators_;
    fmt::memory_buffer buf_;
};

}  // namespace

std::unique_ptr<TraceSink> make_perfetto_sink(const std::string& path, const Tracer& tracer) {
    return std::make_unique<PerfettoSink>(path, tracer);
}

}  // namespace vp
