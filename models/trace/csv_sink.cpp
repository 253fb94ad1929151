// CSV trace: one row per transaction, times in ps, for scripts and spreadsheets (docs/trace.md).
#include <cstdio>
#include <deque>
#include <string>
#include <unordered_map>
#include <vector>
#include <fmt/compile.h>
#include <fmt/format.h>
#include <stdexcept>
#include "models/trace/tracer.h"

namespace vp {
namespace {

class CsvSink : public TraceSink {
public:
    CsvSink(const std::string& path, const Tracer& tracer) : tracer_(tracer) {
        f_ = std::fopen(path.c_str(), "w");
        if (!f_) throw std::runtime_error("cannot write trace file '" + path + "'");
        std::setvbuf(f_, nullptr, _IOFBF, 1 << 20);
        static const char header[] =
            "id,parent,component,initiator,cmd,addr,len,issue_ps,start_ps,end_ps,wait_ps,status,pc,function,attrs\n";
        std::fputs(header, f_);
        bytes_ += sizeof header - 1;
    }
    ~CsvSink() override { close(); }
    uint64_t bytes_written() const override { return bytes_; }

    // Staged: formatted into buf_, written by commit() (Tracer: the size budget holds to the byte).
    void transaction(const TraceRecord& r) override {
        const char* cmd = r.cmd == tlm::TLM_READ_COMMAND ? "R" : r.cmd == tlm::TLM_WRITE_COMMAND ? "W" : "I";
        buf_.clear();
        auto out = fmt::appender(buf_);
        fmt::format_to(out, FMT_COMPILE("{},{},{},{},{},0x{:x},{},{},{},{},{},{},"), r.id, r.parent,
                       component(r.component), component(r.initiator), cmd, r.addr, r.len, r.issue, r.start, r.end,
                       r.start - r.issue, int(r.status));
        if (r.has_pc) {
            auto it = functions_.find(r.pc);
            if (it == functions_.end()) it = functions_.emplace(r.pc, field(tracer_.symbolize(r.pc))).first;
            fmt::format_to(out, FMT_COMPILE("0x{:08x},{}"), r.pc, it->second);
        } else {
            buf_.push_back(',');
        }
        buf_.push_back(',');
        for (unsigned i = 0; i < r.n_attrs; ++i)
            fmt::format_to(out, FMT_COMPILE("{}{}={}"), i ? ";" : "", r.attrs[i].key, r.attrs[i].value);
        buf_.push_back('\n');
        staged_ = true;
    }
    // Region and marker names are the firmware's: quoted as CSV fields (a comma, quote or newline in a
    // name cannot shift the columns or start a row).
    void region(uint16_t track, const std::string& name, Tick begin, Tick end) override {
        buf_.clear();
        fmt::format_to(fmt::appender(buf_), "0,0,{},,REGION,0x0,0,{},{},{},0,1,,{},\n", component(track), begin, begin,
                       end, field(name));
        staged_ = true;
    }
    void instant(uint16_t track, const std::string& name, int64_t value, Tick at) override {
        buf_.clear();
        fmt::format_to(fmt::appender(buf_), "0,0,{},,MARK,0x0,0,{},{},{},0,1,,{},value={}\n", component(track), at, at,
                       at, field(name), value);
        staged_ = true;
    }
    void commit() override {
        if (!staged_ || !f_) return;
        std::fwrite(buf_.data(), 1, buf_.size(), f_);
        bytes_ += buf_.size();
        staged_ = false;
    }
    void close() override {
        staged_ = false;  // a staged row is dropped
        if (f_) std::fclose(f_);
        f_ = nullptr;
    }
    uint64_t size_if_closed() const override { return bytes_ + (staged_ ? buf_.size() : 0); }

    // A CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break.
    static std::string field(const std::string& s) {
        if (s.find_first_of(",\"\r\n") == std::string::npos) return s;
        std::string q = "\"";
        for (char c : s) {
            if (c == '"') q += '"';
            q += c;
        }
        return q + "\"";
    }

private:
    const std::string& component(uint16_t id) {
        if (id >= components_.size()) components_.resize(id + 1);
        if (components_[id].empty()) components_[id] = field(tracer_.component_name(id));
        return components_[id];
    }

    const Tracer& tracer_;
    FILE* f_ = nullptr;
    uint64_t bytes_ = 0;
    fmt::memory_buffer buf_;
    std::unordered_map<uint32_t, std::string> functions_;
    // A deque: growing it keeps references to its names valid. One row formats two names in one
    // call (component and initiator); with a vector the second lookup's resize left the first a
    // dangling reference (garbage lengths: bad_alloc, then an abort while unwinding).
    std::deque<std::string> components_;
    bool staged_ = false;
};

}  // namespace

std::unique_ptr<TraceSink> make_csv_sink(const std::string& path, const Tracer& tracer) {
    return std::make_unique<CsvSink>(path, tracer);
}

}  // namespace vp
