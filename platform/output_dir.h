// A run's output directory, published as a whole. Everything a run writes (stats, configuration, host
// figures, traces, access logs, files the firmware creates through semihosting) goes into a staging
// directory `<out>.partial` marked `.vp-incomplete`; when the run has written everything, the staging
// directory replaces `<out>` in one atomic rename (RENAME_EXCHANGE). So after any end of a run — an
// error, a signal, a full disk, a crash — `<out>` holds either the complete previous run or the
// complete new one, and an interrupted run leaves `<out>.partial` with its marker.
#pragma once
#include <string>

namespace vp {

class OutputDir {
public:
    // Checks that `out` can be a vp output directory (absent, empty, or a previous run's, marked
    // `.vp-output`) and creates the staging directory. Throws std::invalid_argument naming the
    // problem (the CLI reports it as bad input, exit 2).
    explicit OutputDir(std::string out);
    OutputDir(const OutputDir&) = delete;
    OutputDir& operator=(const OutputDir&) = delete;

    const std::string& final_path() const { return out_; }
    const std::string& staging_path() const { return staging_; }
    // Makes the staging directory the output directory. Throws std::runtime_error (with the system's
    // reason) when the file system refuses; the previous output is then untouched.
    void publish();
    // Removes the staging directory (nothing ran worth keeping, e.g. a configuration error).
    void discard() noexcept;

    static constexpr const char* kOutputMarker = ".vp-output";
    static constexpr const char* kIncompleteMarker = ".vp-incomplete";

private:
    std::string out_, staging_;
};

}  // namespace vp
