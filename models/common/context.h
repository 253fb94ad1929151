// What every model of one simulation shares: statistics, trace, loggers, and the run's stop request.
// One SimContext per platform instance (tests build several), passed to each model's constructor.
#pragma once
#include <algorithm>
#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <vector>
#include <spdlog/spdlog.h>
#include "models/common/energy.h"
#include "models/common/stats.h"
#include "models/trace/tracer.h"

// A warning of a model, throttled by its kind, the call site (models/common/context.cpp): firmware can
// repeat a warning millions of times with a different text each time (an address, a value).
//   VP_WARN(log_, "write of {} to {}: ignored", v, hex(a));
#define VP_WARN(logger, ...) \
    (logger)->log(spdlog::source_loc{__FILE__, __LINE__, SPDLOG_FUNCTION}, spdlog::level::warn, __VA_ARGS__)

namespace vp {

class Component;

class SimContext {
public:
    StatsRegistry stats;
    Tracer tracer;
    EnergyLedger energy;  // pJ per event/bit of every model (docs/energy.md)

    // Per-component logger ("vp.<name>"), writing to stderr at the context's level.
    std::shared_ptr<spdlog::logger> logger(const std::string& component);
    void set_log_level(spdlog::level::level_enum lvl);
    // One line per throttled kind of warning: how many of that kind were not shown (models/common/
    // context.cpp: the first 10 of each kind are shown; a kind is a VP_WARN call site).
    void report_suppressed() const;
    // Warnings and errors counted but not shown so far (all contexts of the process).
    static uint64_t warnings_suppressed();
    spdlog::level::level_enum log_level() const { return log_level_; }

    // Ends the simulation at the end of the current delta cycle with an exit code (finisher,
    // semihosting exit, tohost, a fatal trap). The first request wins.
    // `at` is the requester's local time (it may run ahead of the kernel under temporal decoupling).
    void request_stop(int exit_code, const std::string& reason, Tick at = 0);
    bool stop_requested() const { return exit_code_.has_value(); }
    // Initiators that finish ahead of the kernel report their local end time here, so the run's
    // simulated time is the time of the last activity, not of the last kernel synchronisation.
    void note_end_time(Tick t) {
        if (t > end_time_) end_time_ = t;
    }
    Tick end_time() const { return std::max(end_time_, sim_now()); }
    int exit_code() const { return exit_code_.value_or(0); }
    // Every model of this simulation, in construction order (for the run summary).
    const std::vector<Component*>& components() const { return components_; }
    void add_component(Component* c) { components_.push_back(c); }
    const std::string& stop_reason() const { return stop_reason_; }

    // Activity of initiators other than the CPU hart (DMA, accelerators, traffic generators, the
    // HMC gather engine). While one works, the hart synchronises with the kernel at every quantum
    // boundary (their accesses and its own interleave at quantum granularity); while none does, the
    // hart runs ahead to the next kernel event (models/cpu/cpu.cpp, docs/timing.md). An initiator
    // either says when it starts and stops (InitiatorActivity) or until when its last operation,
    // issued in zero kernel time, keeps it busy.
    void initiator_started() { ++active_initiators_; }
    void initiator_stopped() { --active_initiators_; }
    void initiator_busy_until(Tick t) { busy_until_ = std::max(busy_until_, t); }
    bool other_initiators_active() const { return active_initiators_ > 0 || busy_until_ > sim_now(); }
    // The end of the platform's current simulation slice (at most limits.max_sim_time; kTickMax:
    // none). Nothing runs ahead past it, so slices end (the timeline is sampled, limits are checked)
    // where they would without run-ahead.
    void set_time_horizon(Tick t) { horizon_ = t; }
    Tick time_horizon() const { return horizon_; }

    // Asynchronous stop requests: the host-time and host-memory limits (a watchdog thread) and
    // SIGINT/SIGTERM (a signal handler) set them; anything may, from any thread (lock-free, async-
    // signal-safe; `reason` must be a string literal). Long model operations poll interrupted()
    // every few milliseconds of host time and return early; the run loop turns the request into a
    // stop with that exit code.
    void interrupt(int exit_code, const char* reason) noexcept {
        int none = -1;
        if (interrupt_code_.compare_exchange_strong(none, exit_code)) interrupt_reason_.store(reason);
    }
    bool interrupted() const noexcept { return interrupt_code_.load(std::memory_order_relaxed) >= 0; }
    int interrupt_code() const noexcept { return interrupt_code_.load(); }
    const char* interrupt_reason() const noexcept { return interrupt_reason_.load(); }

private:
    spdlog::level::level_enum log_level_ = spdlog::level::warn;
    std::optional<int> exit_code_;
    std::string stop_reason_;
    Tick end_time_ = 0;
    std::vector<Component*> components_;
    int active_initiators_ = 0;
    Tick busy_until_ = 0;
    Tick horizon_ = kTickMax;
    std::atomic<int> interrupt_code_{-1};
    std::atomic<const char*> interrupt_reason_{""};
};

// One initiator's working/idle state in SimContext's count (idempotent; idle when destroyed).
class InitiatorActivity {
public:
    explicit InitiatorActivity(SimContext& ctx) : ctx_(ctx) {}
    ~InitiatorActivity() { set(false); }
    InitiatorActivity(const InitiatorActivity&) = delete;
    InitiatorActivity& operator=(const InitiatorActivity&) = delete;
    void set(bool working) {
        if (working == working_) return;
        working_ = working;
        if (working)
            ctx_.initiator_started();
        else
            ctx_.initiator_stopped();
    }
    bool working() const { return working_; }

private:
    SimContext& ctx_;
    bool working_ = false;
};

// Mixin giving a model its name, statistics group, trace track and logger.
class Component {
public:
    Component(SimContext& ctx, const std::string& name)
        : ctx_(ctx),
          name_(name),
          stats_(ctx.stats.group(name)),
          trace_id_(ctx.tracer.register_component(name)),
          log_(ctx.logger(name)) {
        ctx.add_component(this);
    }
    virtual ~Component() = default;
    const std::string& component_name() const { return name_; }
    // One line of key figures for the end-of-run summary ("" = nothing to say).
    virtual std::string summary() const { return {}; }
    // Called once when the run has ended, before statistics are written: publish final counts.
    virtual void finalize() {}
    uint16_t trace_id() const { return trace_id_; }

protected:
    SimContext& ctx_;
    std::string name_;
    StatGroup& stats_;
    uint16_t trace_id_;
    std::shared_ptr<spdlog::logger> log_;
};

}  // namespace vp
