// What every model of one simulation shares: statistics, trace, loggers, and the run's stop request.
// One SimContext per platform instance (tests build several), passed to each model's constructor.
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <spdlog/spdlog.h>
#include "models/common/stats.h"
#include "models/trace/tracer.h"

namespace vp {

class SimContext {
public:
    StatsRegistry stats;
    Tracer tracer;

    // Per-component logger ("vp.<name>"), writing to stderr at the context's level.
    std::shared_ptr<spdlog::logger> logger(const std::string& component);
    void set_log_level(spdlog::level::level_enum lvl);
    spdlog::level::level_enum log_level() const { return log_level_; }

    // Ends the simulation at the end of the current delta cycle with an exit code (finisher,
    // semihosting exit, tohost, a fatal trap). The first request wins.
    void request_stop(int exit_code, const std::string& reason);
    bool stop_requested() const { return exit_code_.has_value(); }
    int exit_code() const { return exit_code_.value_or(0); }
    const std::string& stop_reason() const { return stop_reason_; }

private:
    spdlog::level::level_enum log_level_ = spdlog::level::warn;
    std::optional<int> exit_code_;
    std::string stop_reason_;
};

// Mixin giving a model its name, statistics group, trace track and logger.
class Component {
public:
    Component(SimContext& ctx, const std::string& name)
        : ctx_(ctx), name_(name), stats_(ctx.stats.group(name)), trace_id_(ctx.tracer.register_component(name)),
          log_(ctx.logger(name)) {}
    virtual ~Component() = default;
    const std::string& component_name() const { return name_; }
    uint16_t trace_id() const { return trace_id_; }

protected:
    SimContext& ctx_;
    std::string name_;
    StatGroup& stats_;
    uint16_t trace_id_;
    std::shared_ptr<spdlog::logger> log_;
};

}  // namespace vp
