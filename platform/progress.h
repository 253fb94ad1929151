// Progress of a long run on stderr: how far the simulation is (simulated time, instructions, host
// MIPS, share of the run's limits). On a terminal one line that updates in place (every 0.5 s); into
// a file or pipe a plain line every 10 s. Nothing for runs shorter than 2 s, nothing with --quiet.
// Progress never touches the run's outputs (stats and traces stay byte-identical).
// VP_PROGRESS_AFTER / VP_PROGRESS_EVERY (seconds) override the delay and the interval (tests, CI logs).
#pragma once
#include <cstdint>
#include <string>
#include "models/common/time.h"

namespace vp {

class ProgressLine {
public:
    struct Limits {
        Tick max_sim = 0;     // 0: none
        double max_host = 0;  // s, 0: none
    };
    // `enabled` false: never prints. `terminal`: stderr is a terminal (update in place).
    ProgressLine(bool enabled, bool terminal, Limits limits);
    ~ProgressLine() { finish(); }

    // Called between simulation slices; prints when the time has come.
    void update(double host_s, Tick sim, bool has_cpu, uint64_t instret);
    // Clears the in-place line (the summary follows on a clean line).
    void finish();

    // The line's text (no control characters), e.g. "vp: 1.2 ms simulated, 45.6 M insn, 28.1 MIPS, 12% of
    // limits.max_sim_time, 3.2 s". Public for tests.
    std::string text(double host_s, Tick sim, bool has_cpu, uint64_t instret) const;

private:
    bool enabled_, terminal_;
    Limits limits_;
    double after_, every_;
    double next_ = 0;     // host time of the next print
    bool shown_ = false;  // the terminal line has something on it
};

}  // namespace vp
