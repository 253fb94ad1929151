// Host limits of a run (limits.max_host_seconds, limits.max_host_memory), enforced from outside the
// simulation: a thread that looks at the wall clock and the process's resident memory every few
// milliseconds. The CLI starts it as soon as the scenario is read, so the limits hold while the
// platform is built and the workload generated, not only while the simulation runs:
//  - until attach(): nothing polls for a stop request (a generator in a long loop, a big allocation),
//    so a limit (or SIGINT/SIGTERM, watch_signal) ends the process: the abort function (remove the
//    staging directory, say why) and _exit(kExitLimit, or 128 + the signal);
//  - attached to a simulation: a limit asks it to stop (SimContext::interrupt). Models doing long work
//    poll that request, so a limit holds inside a long quantum, a huge DMA transfer, a big gather or
//    a loop on the LAPP array, and the run ends with its outputs written;
//  - disarmed: the run is over and its outputs are being written (bounded by the run's own size).
#pragma once
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>

namespace vp {

class SimContext;

// A run refused before it starts because it would exceed a host limit (the CLI: one line, exit 3).
class LimitError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

class HostWatchdog {
public:
    // 0 = no limit. Counts host time from now.
    HostWatchdog(double max_seconds, uint64_t max_resident_bytes);
    // Attached to `ctx` from the start (a platform built without the CLI's watchdog).
    HostWatchdog(SimContext& ctx, double max_seconds, uint64_t max_resident_bytes);
    ~HostWatchdog();
    HostWatchdog(const HostWatchdog&) = delete;
    HostWatchdog& operator=(const HostWatchdog&) = delete;

    // Called (from the watchdog's thread) when a limit is reached or a signal arrived before attach(),
    // with the reason and the exit code the process then ends with (_exit: kExitLimit, 128 + signal).
    // Must be quick and not touch the simulation.
    void set_abort(std::function<void(const std::string& reason, int exit_code)> fn);
    // A signal number a handler stores (SIGINT, SIGTERM): before attach() it ends the process as a
    // limit does (after attach() the handler's SimContext::interrupt stops the run).
    void watch_signal(const std::atomic<int>* signal) { signal_ = signal; }
    // From now on a limit asks `ctx` to stop (nullptr: back to aborting).
    void attach(SimContext* ctx);
    // From now on no limit acts.
    void disarm();

    double max_seconds() const { return max_seconds_; }
    uint64_t max_resident() const { return max_resident_; }

    // Resident set size of this process now, and its peak since vp started (bytes; /proc/self/status
    // VmRSS and VmHWM: the limit and host.json's peak_rss_bytes read the same source).
    static uint64_t resident_bytes();
    static uint64_t peak_resident_bytes();
    // Physical memory of the host (bytes).
    static uint64_t physical_memory();
    // The memory limit a run has: limits.max_host_memory, or three quarters of the host's memory for 0.
    static uint64_t memory_limit(uint64_t configured);

private:
    void loop();

    double max_seconds_;
    uint64_t max_resident_;
    std::chrono::steady_clock::time_point start_;
    std::mutex m_;
    std::condition_variable cv_;
    bool done_ = false, disarmed_ = false;
    SimContext* ctx_ = nullptr;
    std::function<void(const std::string&, int)> abort_;
    const std::atomic<int>* signal_ = nullptr;
    std::thread thread_;
};

}  // namespace vp
