// CSV trace: one row per transaction, times in ps, for scripts and spreadsheets (docs/trace.md).
#include <cstdio>
#include <stdexcept>
#include "models/trace/tracer.h"

namespace vp {
namespace {

class CsvSink : public TraceSink {
public:
    CsvSink(const std::string& path, const Tracer& tracer) : tracer_(tracer) {
        f_ = std::fopen(path.c_str(), "w");
        if (!f_) throw std::runtime_error("cannot write trace file '" + path + "'");
        std::fputs("id,parent,component,initiator,cmd,addr,len,issue_ps,start_ps,end_ps,wait_ps,status,pc,function,attrs\n", f_);
    }
    ~CsvSink() override { close(); }

    void transaction(const TraceRecord& r) override {
        const char* cmd = r.cmd == tlm::TLM_READ_COMMAND ? "R" : r.cmd == tlm::TLM_WRITE_COMMAND ? "W" : "I";
        std::string attrs;
        for (unsigned i = 0; i < r.n_attrs; ++i) {
            if (i) attrs += ';';
            attrs += r.attrs[i].key;
            attrs += '=';
            attrs += std::to_string(r.attrs[i].value);
        }
        std::string fn = r.has_pc ? tracer_.symbolize(r.pc) : std::string();
        char pc[16] = "";
        if (r.has_pc) snprintf(pc, sizeof pc, "0x%08x", r.pc);
        std::fprintf(f_, "%llu,%llu,%s,%s,%s,0x%llx,%u,%llu,%llu,%llu,%llu,%d,%s,%s,%s\n",
                     (unsigned long long)r.id, (unsigned long long)r.parent,
                     tracer_.component_name(r.component).c_str(), tracer_.component_name(r.initiator).c_str(),
                     cmd, (unsigned long long)r.addr, r.len, (unsigned long long)r.issue,
                     (unsigned long long)r.start, (unsigned long long)r.end,
                     (unsigned long long)(r.start - r.issue), int(r.status), pc, fn.c_str(), attrs.c_str());
    }
    void region(uint16_t track, const std::string& name, Tick begin, Tick end) override {
        std::fprintf(f_, "0,0,%s,,REGION,0x0,0,%llu,%llu,%llu,0,1,,%s,\n", tracer_.component_name(track).c_str(),
                     (unsigned long long)begin, (unsigned long long)begin, (unsigned long long)end, name.c_str());
    }
    void instant(uint16_t track, const std::string& name, int64_t value, Tick at) override {
        std::fprintf(f_, "0,0,%s,,MARK,0x0,0,%llu,%llu,%llu,0,1,,%s,value=%lld\n", tracer_.component_name(track).c_str(),
                     (unsigned long long)at, (unsigned long long)at, (unsigned long long)at, name.c_str(),
                     (long long)value);
    }
    void close() override {
        if (f_) std::fclose(f_);
        f_ = nullptr;
    }

private:
    const Tracer& tracer_;
    FILE* f_ = nullptr;
};

}  // namespace

std::unique_ptr<TraceSink> make_csv_sink(const std::string& path, const Tracer& tracer) {
    return std::make_unique<CsvSink>(path, tracer);
}

}  // namespace vp
