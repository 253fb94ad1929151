#include "platform/progress.h"
#include <cstdio>
#include <cstdlib>
#include "config/quantity.h"

namespace vp {

static double env_seconds(const char* name, double fallback) {
    const char* v = std::getenv(name);
    if (!v || !*v) return fallback;
    char* end = nullptr;
    const double d = std::strtod(v, &end);
    return (end && *end == '\0' && d >= 0) ? d : fallback;
}

ProgressLine::ProgressLine(bool enabled, bool terminal, Limits limits)
    : enabled_(enabled), terminal_(terminal), limits_(limits) {
    after_ = env_seconds("VP_PROGRESS_AFTER", terminal ? 2.0 : 10.0);
    every_ = env_seconds("VP_PROGRESS_EVERY", terminal ? 0.5 : 10.0);
    next_ = after_;
}

std::string ProgressLine::text(double host_s, Tick sim, bool has_cpu, uint64_t instret) const {
    char buf[256];
    std::string s = "vp: " + config::format_time(sim) + " simulated";
    if (has_cpu) {
        if (instret >= 1000000)
            snprintf(buf, sizeof buf, ", %.1f M insn, %.1f MIPS", double(instret) * 1e-6,
                     host_s > 0 ? double(instret) * 1e-6 / host_s : 0.0);
        else
            snprintf(buf, sizeof buf, ", %llu insn, %.1f MIPS", (unsigned long long)instret,
                     host_s > 0 ? double(instret) * 1e-6 / host_s : 0.0);
        s += buf;
    }
    // The limit the run is closest to.
    double share = -1;
    const char* which = nullptr;
    if (limits_.max_sim) {
        share = double(sim) / double(limits_.max_sim);
        which = "limits.max_sim_time";
    }
    if (limits_.max_host > 0 && host_s / limits_.max_host > share) {
        share = host_s / limits_.max_host;
        which = "limits.max_host_seconds";
    }
    if (which) {
        snprintf(buf, sizeof buf, ", %.0f%% of %s", share * 100, which);
        s += buf;
    }
    snprintf(buf, sizeof buf, ", %.1f s", host_s);
    return s + buf;
}

void ProgressLine::update(double host_s, Tick sim, bool has_cpu, uint64_t instret) {
    if (!enabled_ || host_s < next_) return;
    next_ = host_s + every_;
    const std::string line = text(host_s, sim, has_cpu, instret);
    if (terminal_) {
        std::fprintf(stderr, "\r%s\x1b[K", line.c_str());
        shown_ = true;
    } else {
        std::fprintf(stderr, "%s\n", line.c_str());
    }
    std::fflush(stderr);
}

void ProgressLine::finish() {
    if (!shown_) return;
    std::fputs("\r\x1b[K", stderr);
    std::fflush(stderr);
    shown_ = false;
}

}  // namespace vp
