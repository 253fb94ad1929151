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

    void transaction(const TraceRecord& r) override {
        const unsigned lane = place(r.component, r.issue, r.end);
        const Placed me{r.component, lane, r.issue};
        // Formatted straight into a buffer (no JSON objects): tracing must stay within a few times
        // the untraced speed (docs/performance.md).
        buf_.clear();
        auto out = fmt::appender(buf_);
        fmt::format_to(
            out, FMT_COMPILE("{{\"ph\":\"X\",\"cat\":\"txn\",\"name\":\"{} 0x{:x}\",\"pid\":{},\"tid\":{},\"ts\":"),
            cmd_name(r.cmd), r.addr, r.component, lane);
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
        emit_buffer();
        used_[r.component] = true;
        // Children completed (and were recorded) before this record: draw their flows now.
        auto waiting = pending_.find(r.id);
        if (waiting != pending_.end()) {
            for (auto& child : waiting->second) flow(me, child);
            pending_.erase(waiting);
        }
        if (r.parent) pending_[r.parent].push_back(Child{r.id, me});
    }

    void region(uint16_t track, const std::string& name, Tick begin, Tick end) override {
        const unsigned lane = place(track, begin, end);
        used_[track] = true;
        emit("{\"ph\":\"X\",\"cat\":\"region\",\"name\":" + nlohmann::json(name).dump() +
             ",\"pid\":" + std::to_string(track) + ",\"tid\":" + std::to_string(lane) +
             ",\"ts\":" + ps_to_us_string(begin) + ",\"dur\":" + ps_to_us_string(end - begin) + "}");
    }

    void instant(uint16_t track, const std::string& name, int64_t value, Tick at) override {
        used_[track] = true;
        emit("{\"ph\":\"i\",\"s\":\"t\",\"cat\":\"marker\",\"name\":" + nlohmann::json(name).dump() +
             ",\"pid\":" + std::to_string(track) + ",\"tid\":0,\"ts\":" + ps_to_us_string(at) +
             ",\"args\":{\"value\":" + std::to_string(value) + "}}");
    }

    void close() override {
        if (!f_) return;
        // Track names, one process per component and its lanes as threads.
        for (auto& [comp, _] : used_) {
            auto name = nlohmann::json(tracer_.component_name(comp)).dump();
            emit("{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":" + std::to_string(comp) +
                 ",\"args\":{\"name\":" + name + "}}");
            emit("{\"ph\":\"M\",\"name\":\"process_sort_index\",\"pid\":" + std::to_string(comp) +
                 ",\"args\":{\"sort_index\":" + std::to_string(comp) + "}}");
            const unsigned lanes = lanes_.count(comp) ? unsigned(lanes_[comp].size()) : 1;
            for (unsigned l = 0; l < lanes; ++l) {
                auto tname =
                    nlohmann::json(tracer_.component_name(comp) + (l ? " #" + std::to_string(l + 1) : std::string()))
                        .dump();
                emit("{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":" + std::to_string(comp) +
                     ",\"tid\":" + std::to_string(l) + ",\"args\":{\"name\":" + tname + "}}");
            }
        }
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

    // First lane of the component whose events all ended at or before `begin`.
    unsigned place(uint16_t comp, Tick begin, Tick end) {
        auto& lanes = lanes_[comp];
        for (unsigned l = 0; l < lanes.size(); ++l) {
            if (lanes[l] <= begin) {
                lanes[l] = end;
                return l;
            }
        }
        lanes.push_back(end);
        return unsigned(lanes.size() - 1);
    }

    void flow(const Placed& p, const Child& c) {
        buf_.clear();
        auto out = fmt::appender(buf_);
        fmt::format_to(
            out,
            FMT_COMPILE("{{\"ph\":\"s\",\"cat\":\"txn\",\"name\":\"flow\",\"id\":{},\"pid\":{},\"tid\":{},\"ts\":"),
            c.id, p.comp, p.lane);
        append_us(p.start);
        fmt::format_to(out,
                       FMT_COMPILE("}},\n{{\"ph\":\"f\",\"bp\":\"e\",\"cat\":\"txn\",\"name\":\"flow\",\"id\":{},"
                                   "\"pid\":{},\"tid\":{},\"ts\":"),
                       c.id, c.where.comp, c.where.lane);
        append_us(c.where.start);
        buf_.push_back('}');
        emit_buffer();
    }

    // Microseconds with exact picosecond decimals, as the JSON trace's time unit.
    void append_us(Tick ps) {
        fmt::format_to(fmt::appender(buf_), FMT_COMPILE("{}.{:06}"), ps / 1000000, ps % 1000000);
    }

    void emit_buffer() {
        if (!first_) put(",\n");
        first_ = false;
        std::fwrite(buf_.data(), 1, buf_.size(), f_);
        bytes_ += buf_.size();
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
            std::none_of(s.begin(), s.end(), [](char ch) { return static_cast<unsigned char>(ch) < 0x20; }))
            return s;
        const std::string quoted = nlohmann::json(s).dump();
        return quoted.substr(1, quoted.size() - 2);
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
