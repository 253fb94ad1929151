#include "platform/watchdog.h"
#include <unistd.h>
#include <cstdio>
#include "models/common/context.h"
#include "models/common/exit_code.h"

namespace vp {

HostWatchdog::HostWatchdog(double max_seconds, uint64_t max_resident_bytes)
    : max_seconds_(max_seconds), max_resident_(max_resident_bytes), start_(std::chrono::steady_clock::now()) {
    if (max_seconds_ > 0 || max_resident_ > 0) thread_ = std::thread([this] { loop(); });
}

HostWatchdog::HostWatchdog(SimContext& ctx, double max_seconds, uint64_t max_resident_bytes)
    : max_seconds_(max_seconds), max_resident_(max_resident_bytes), start_(std::chrono::steady_clock::now()) {
    ctx_ = &ctx;
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

void HostWatchdog::set_abort(std::function<void(const std::string&)> fn) {
    std::lock_guard<std::mutex> lock(m_);
    abort_ = std::move(fn);
}

void HostWatchdog::attach(SimContext* ctx) {
    std::lock_guard<std::mutex> lock(m_);
    ctx_ = ctx;
}

void HostWatchdog::disarm() {
    std::lock_guard<std::mutex> lock(m_);
    disarmed_ = true;
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

uint64_t HostWatchdog::memory_limit(uint64_t configured) { return configured ? configured : physical_memory() / 4 * 3; }

void HostWatchdog::loop() {
    std::unique_lock<std::mutex> lock(m_);
    while (!done_) {
        cv_.wait_for(lock, std::chrono::milliseconds(20));
        if (done_ || disarmed_) break;
        const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
        const char* reason = nullptr;
        if (max_seconds_ > 0 && elapsed > max_seconds_)
            reason = "host time limit reached (limits.max_host_seconds)";
        else if (max_resident_ > 0 && resident_bytes() > max_resident_)
            reason = "host memory limit reached (limits.max_host_memory)";
        if (!reason) continue;
        if (ctx_) {
            ctx_->interrupt(kExitLimit, reason);
            break;
        }
        // Before the simulation: nothing would look at a stop request.
        const std::string why = std::string(reason) + " while the platform and its workload were built";
        if (abort_)
            abort_(why);
        else
            std::fprintf(stderr, "vp: %s (exit code %d)\n", why.c_str(), int(kExitLimit));
        std::fflush(stderr);
        _exit(kExitLimit);
    }
}

}  // namespace vp
