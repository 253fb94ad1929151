// CSV trace: one row per transaction, times in ps, for scripts and spreadsheets (docs/trace.md).
#include <cstdio>
#include <unordered_map>
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

    void transaction(const TraceRecord& r) override {
        const char* cmd = r.cmd == tlm::TLM_READ_COMMAND ? "R" : r.cmd == tlm::TLM_WRITE_COMMAND ? "W" : "I";
        buf_.clear();
        auto out = fmt::appender(buf_);
        fmt::format_to(out, FMT_COMPILE("{},{},{},{},{},0x{:x},{},{},{},{},{},{},"), r.id, r.parent,
                       tracer_.component_name(r.component), tracer_.component_name(r.initiator), cmd, r.addr, r.len,
                       r.issue, r.start, r.end, r.start - r.issue, int(r.status));
        if (r.has_pc) {
            auto it = functions_.find(r.pc);
            if (it == functions_.end()) it = functions_.emplace(r.pc, tracer_.symbolize(r.pc)).first;
            fmt::format_to(out, FMT_COMPILE("0x{:08x},{}"), r.pc, it->second);
        } else {
            buf_.push_back(',');
        }
        buf_.push_back(',');
        for (unsigned i = 0; i < r.n_attrs; ++i)
            fmt::format_to(out, FMT_COMPILE("{}{}={}"), i ? ";" : "", r.attrs[i].key, r.attrs[i].value);
        buf_.push_back('\n');
        std::fwrite(buf_.data(), 1, buf_.size(), f_);
        bytes_ += buf_.size();
    }
    void region(uint16_t track, const std::string& name, Tick begin, Tick end) override {
        if (!f_) return;
        bytes_ += counted(std::fprintf(f_, "0,0,%s,,REGION,0x0,0,%llu,%llu,%llu,0,1,,%s,\n",
                                       tracer_.component_name(track).c_str(), (unsigned long long)begin,
                                       (unsigned long long)begin, (unsigned long long)end, name.c_str()));
    }
    void instant(uint16_t track, const std::string& name, int64_t value, Tick at) override {
        if (!f_) return;
        bytes_ += counted(std::fprintf(f_, "0,0,%s,,MARK,0x0,0,%llu,%llu,%llu,0,1,,%s,value=%lld\n",
                                       tracer_.component_name(track).c_str(), (unsigned long long)at,
                                       (unsigned long long)at, (unsigned long long)at, name.c_str(), (long long)value));
    }
    void close() override {
        if (f_) std::fclose(f_);
        f_ = nullptr;
    }

private:
    static uint64_t counted(int n) { return n > 0 ? uint64_t(n) : 0; }  // fprintf: < 0 on error

    const Tracer& tracer_;
    FILE* f_ = nullptr;
    uint64_t bytes_ = 0;
    fmt::memory_buffer buf_;
    std::unordered_map<uint32_t, std::string> functions_;
};

}  // namespace

std::unique_ptr<TraceSink> make_csv_sink(const std::string& path, const Tracer& tracer) {
    return std::make_unique<CsvSink>(path, tracer);
}

}  // namespace vp
