#include "platform/watchdog.h"
#include <unistd.h>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
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

void HostWatchdog::set_abort(std::function<void(const std::string&, int)> fn) {
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

namespace {

// A "Key:   123 kB" line of /proc/self/status, in bytes (0 when absent). The kernel keeps these per
// process image: VmHWM starts again at exec, unlike getrusage's ru_maxrss, which inherits the
// high-water mark of the process that started vp (a 300 MB Python script made a 21 MB run report
// 374 MB).
uint64_t proc_status_bytes(const char* key) {
    uint64_t value = 0;
    if (FILE* f = std::fopen("/proc/self/status", "r")) {
        char line[256];
        const size_t n = std::strlen(key);
        while (std::fgets(line, sizeof line, f)) {
            if (std::strncmp(line, key, n) == 0 && line[n] == ':') {
                value = std::strtoull(line + n + 1, nullptr, 10) * 1024;
                break;
            }
        }
        std::fclose(f);
    }
    return value;
}

}  // namespace

uint64_t HostWatchdog::resident_bytes() { return proc_status_bytes("VmRSS"); }

uint64_t HostWatchdog::peak_resident_bytes() { return proc_status_bytes("VmHWM"); }

uint64_t HostWatchdog::physical_memory() { return uint64_t(sysconf(_SC_PHYS_PAGES)) * uint64_t(sysconf(_SC_PAGESIZE)); }

uint64_t HostWatchdog::memory_limit(uint64_t configured) { return configured ? configured : physical_memory() / 4 * 3; }

void HostWatchdog::loop() {
    std::unique_lock<std::mutex> lock(m_);
    while (!done_) {
        cv_.wait_for(lock, std::chrono::milliseconds(20));
        if (done_ || disarmed_) break;
        const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
        const char* reason = nullptr;
        int code = kExitLimit;
        if (const int sig = signal_ ? signal_->load() : 0; sig && !ctx_) {  // attached: the handler interrupts
            reason = sig == SIGINT ? "interrupted (SIGINT)" : "terminated (SIGTERM)";
            code = 128 + sig;
        } else if (max_seconds_ > 0 && elapsed > max_seconds_)
            reason = "host time limit reached (limits.max_host_seconds)";
        else if (max_resident_ > 0 && peak_resident_bytes() > max_resident_)  // a spike between two looks counts
            reason = "host memory limit reached (limits.max_host_memory)";
        if (!reason) continue;
        if (ctx_) {
            ctx_->interrupt(kExitLimit, reason);
            break;
        }
        // Before the simulation: nothing would look at a stop request.
        const std::string why = std::string(reason) + " while the platform and its workload were built";
        if (abort_)
            abort_(why, code);
        else
            std::fprintf(stderr, "vp: %s (exit code %d)\n", why.c_str(), code);
        std::fflush(stderr);
        _exit(code);
    }
}

}  // namespace vp
