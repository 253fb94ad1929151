#include "models/common/context.h"
#include <systemc>
#include <spdlog/sinks/stdout_color_sinks.h>

namespace vp {

std::shared_ptr<spdlog::logger> SimContext::logger(const std::string& component) {
    const std::string name = "vp." + component;
    auto log = spdlog::get(name);
    if (!log) log = spdlog::stderr_color_mt(name);
    log->set_level(log_level_);
    log->set_pattern("[%l] %n: %v");
    return log;
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
