// Host limits of a run, enforced from outside the simulation: a thread that looks at the wall clock
// and the process's resident memory every few milliseconds and, past a limit, asks the simulation to
// stop (SimContext::interrupt). Models doing long work poll that request, so a limit holds inside a
// long quantum, a huge DMA transfer or a big gather, not only between kernel slices.
#pragma once
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>

namespace vp {

class SimContext;

class HostWatchdog {
public:
    // 0 = no limit.
    HostWatchdog(SimContext& ctx, double max_seconds, uint64_t max_resident_bytes);
    ~HostWatchdog();

    // Resident set size of this process now, and its peak since vp started (bytes; /proc/self/status
    // VmRSS and VmHWM: the limit and host.json's peak_rss_bytes read the same source).
    static uint64_t resident_bytes();
    static uint64_t peak_resident_bytes();
    // Physical memory of the host (bytes).
    static uint64_t physical_memory();

private:
    void loop();

    SimContext& ctx_;
    double max_seconds_;
    uint64_t max_resident_;
    std::chrono::steady_clock::time_point start_;
    std::mutex m_;
    std::condition_variable cv_;
    bool done_ = false;
    std::thread thread_;
};

}  // namespace vp
