#include "platform/watchdog.h"
#include <unistd.h>
#include <cstdio>
#include "models/common/context.h"
#include "models/common/exit_code.h"

namespace vp {

HostWatchdog::HostWatchdog(SimContext& ctx, double max_seconds, uint64_t max_resident_bytes)
    : ctx_(ctx),
      max_seconds_(max_seconds),
      max_resident_(max_resident_bytes),
      start_(std::chrono::steady_clock::now()) {
    if (max_seconds_ > 0 || max_resident_ > 0) thread_ = std::thread([this] { loop(); });
}

HostWatchdog::~HostWatchdog() {
    {
        std::lock_guard<std::mutex> lock(m_);
        done_ = true;
    }
    cv_.notify_all();
    if (thread_.joinable()) thread_.join();
}

uint64_t HostWatchdog::resident_bytes() {
    unsigned long size = 0, resident = 0;
    if (FILE* f = std::fopen("/proc/self/statm", "r")) {
        if (std::fscanf(f, "%lu %lu", &size, &resident) != 2) resident = 0;
        std::fclose(f);
    }
    return uint64_t(resident) * uint64_t(sysconf(_SC_PAGESIZE));
}

uint64_t HostWatchdog::physical_memory() { return uint64_t(sysconf(_SC_PHYS_PAGES)) * uint64_t(sysconf(_SC_PAGESIZE)); }

void HostWatchdog::loop() {
    std::unique_lock<std::mutex> lock(m_);
    while (!done_) {
        cv_.wait_for(lock, std::chrono::milliseconds(20));
        if (done_) break;
        const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
        if (max_seconds_ > 0 && elapsed > max_seconds_) {
            ctx_.interrupt(kExitLimit, "host time limit reached (limits.max_host_seconds)");
            break;
        }
        if (max_resident_ > 0 && resident_bytes() > max_resident_) {
            ctx_.interrupt(kExitLimit, "host memory limit reached (limits.max_host_memory)");
            break;
        }
    }
}

}  // namespace vp
