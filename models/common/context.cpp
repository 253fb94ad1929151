#include "models/common/context.h"
#include <map>
#include <mutex>
#include <systemc>
#include <spdlog/sinks/base_sink.h>
#include <spdlog/sinks/stdout_color_sinks.h>

namespace vp {

namespace {

// Warnings and errors are throttled per kind: firmware in a loop can trigger one warning millions of
// times, each with its own text (an address, a value). A kind is the call site of a VP_WARN (file and
// line; context.h), else the message's text (a plain log->warn). The first kShown of each kind go
// through, the kShown-th saying that further ones are suppressed; the rest are counted and reported
// once at the end (SimContext::report_suppressed, with the kind's first text). At most kMaxKinds
// kinds are told apart; messages of further kinds share one count, so the throttle's memory is bounded
// whatever firmware does. Debug and trace output is never throttled.
class ThrottledSink : public spdlog::sinks::base_sink<std::mutex> {
public:
    static constexpr unsigned kShown = 10;
    static constexpr size_t kMaxKinds = 512;
    explicit ThrottledSink(spdlog::sink_ptr out) : out_(std::move(out)) {}

    std::vector<std::pair<std::string, uint64_t>> suppressed() {
        std::lock_guard<std::mutex> lock(mutex_);
        std::vector<std::pair<std::string, uint64_t>> v;
        for (auto& [kind, k] : kinds_)
            if (k.count > kShown) v.push_back({k.first_text, k.count - kShown});
        return v;
    }
    uint64_t suppressed_total() {
        std::lock_guard<std::mutex> lock(mutex_);
        uint64_t n = 0;
        for (auto& [kind, k] : kinds_) n += k.count > kShown ? k.count - kShown : 0;
        return n;
    }

protected:
    void sink_it_(const spdlog::details::log_msg& msg) override {
        if (msg.level >= spdlog::level::warn) {
            const std::string_view logger(msg.logger_name.data(), msg.logger_name.size());
            const std::string_view text(msg.payload.data(), msg.payload.size());
            std::string key(logger);
            key += ": ";
            if (!msg.source.empty())
                (key += msg.source.filename) += ":" + std::to_string(msg.source.line);
            else
                key += text;
            auto it = kinds_.find(key);
            if (it == kinds_.end()) {
                if (kinds_.size() >= kMaxKinds) key = "(further kinds)";
                it = kinds_.try_emplace(key).first;
                if (it->second.first_text.empty())
                    it->second.first_text = key == "(further kinds)"
                                                ? "messages of more than " + std::to_string(kMaxKinds) + " kinds"
                                                : std::string(logger) + ": " + std::string(text);
            }
            const uint64_t n = ++it->second.count;
            if (n > kShown) return;
            if (n == kShown) {
                spdlog::details::log_msg last = msg;
                const std::string t = std::string(text) + " (further messages of this kind suppressed)";
                last.payload = t;
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
    struct Kind {
        uint64_t count = 0;
        std::string first_text;
    };
    spdlog::sink_ptr out_;
    std::map<std::string, Kind> kinds_;
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
        fprintf(stderr, "[warning] %llu more of this kind (not shown): %s\n", (unsigned long long)n, text.c_str());
}

uint64_t SimContext::warnings_suppressed() { return shared_sink()->suppressed_total(); }

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
