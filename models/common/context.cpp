#include "models/common/context.h"
#include <map>
#include <mutex>
#include <systemc>
#include <spdlog/sinks/base_sink.h>
#include <spdlog/sinks/stdout_color_sinks.h>

namespace vp {

namespace {

// Warnings and errors are throttled per identical text: firmware in a loop can trigger the same
// warning millions of times. The first kShown of each go through, the rest are counted and reported
// once at the end (SimContext::report_suppressed). Debug and trace output is never throttled.
class ThrottledSink : public spdlog::sinks::base_sink<std::mutex> {
public:
    static constexpr unsigned kShown = 10;
    explicit ThrottledSink(spdlog::sink_ptr out) : out_(std::move(out)) {}

    std::vector<std::pair<std::string, uint64_t>> suppressed() {
        std::lock_guard<std::mutex> lock(mutex_);
        std::vector<std::pair<std::string, uint64_t>> v;
        for (auto& [text, n] : counts_)
            if (n > kShown) v.push_back({text, n - kShown});
        return v;
    }

protected:
    void sink_it_(const spdlog::details::log_msg& msg) override {
        if (msg.level >= spdlog::level::warn) {
            const std::string key = std::string(msg.logger_name.data(), msg.logger_name.size()) + ": " +
                                    std::string(msg.payload.data(), msg.payload.size());
            const uint64_t n = ++counts_[key];
            if (n > kShown) return;
            if (n == kShown) {
                spdlog::details::log_msg last = msg;
                const std::string text =
                    key.substr(msg.logger_name.size() + 2) + " (further identical messages suppressed)";
                last.payload = text;
                out_->log(last);
                return;
            }
        }
        out_->log(msg);
    }
    void flush_() override { out_->flush(); }
    void set_pattern_(const std::string& pattern) override { out_->set_pattern(pattern); }
    void set_formatter_(std::unique_ptr<spdlog::formatter> f) override { out_->set_formatter(std::move(f)); }

private:
    spdlog::sink_ptr out_;
    std::map<std::string, uint64_t> counts_;
};

std::shared_ptr<ThrottledSink> shared_sink() {
    static auto sink = [] {
        auto s = std::make_shared<ThrottledSink>(std::make_shared<spdlog::sinks::stderr_color_sink_mt>());
        s->set_pattern("[%l] %n: %v");
        return s;
    }();
    return sink;
}

}  // namespace

std::shared_ptr<spdlog::logger> SimContext::logger(const std::string& component) {
    const std::string name = "vp." + component;
    auto log = spdlog::get(name);
    if (!log) {
        log = std::make_shared<spdlog::logger>(name, shared_sink());
        spdlog::register_logger(log);
    }
    log->set_level(log_level_);
    log->set_pattern("[%l] %n: %v");
    return log;
}

void SimContext::report_suppressed() const {
    for (auto& [text, n] : shared_sink()->suppressed())
        fprintf(stderr, "[warning] %llu more times: %s\n", (unsigned long long)n, text.c_str());
}

void SimContext::set_log_level(spdlog::level::level_enum lvl) {
    log_level_ = lvl;
    spdlog::apply_all([lvl](std::shared_ptr<spdlog::logger> l) { l->set_level(lvl); });
}

void SimContext::request_stop(int exit_code, const std::string& reason, Tick at) {
    if (exit_code_) return;
    note_end_time(at);
    exit_code_ = exit_code;
    stop_reason_ = reason;
    if (sc_core::sc_is_running()) sc_core::sc_stop();
}

}  // namespace vp
