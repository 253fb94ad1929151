// A run's output directory, published as a whole. Everything a run writes (stats, configuration, host
// figures, traces, access logs, files the firmware creates through semihosting) goes into a staging
// directory `<out>.partial` marked `.vp-incomplete`; when the run has written everything, the staging
// directory replaces `<out>` in one atomic rename (RENAME_EXCHANGE). So after any end of a run — an
// error, a signal, a full disk, a crash — `<out>` holds either the complete previous run or the
// complete new one, and an interrupted run leaves `<out>.partial` with its marker.
//
// vp never deletes a file it did not write. A published directory holds a manifest, `.vp-output`,
// listing every file and directory the run wrote. An existing `<out>` is replaced only when it holds
// nothing but what its manifest lists (or, for outputs of versions before the manifest, nothing but
// the names vp writes); anything else — a thesis.tex, a sub/data.csv, a symbolic link as `<out>` — is
// refused before the run (exit 2, naming the file). The previous run is then removed entry by entry
// from its manifest, never as a tree, so a file added to `<out>` while the run was going survives (it
// is kept, with a warning, in `<out>.partial`).
#pragma once
#include <string>
#include <vector>

namespace vp {

class OutputDir {
public:
    // Checks that `out` can be a vp output directory (absent, empty, or a previous run's holding only
    // its manifest's entries) and creates the staging directory. Throws std::invalid_argument naming
    // the problem (the CLI reports it as bad input, exit 2).
    explicit OutputDir(std::string out);
    OutputDir(const OutputDir&) = delete;
    OutputDir& operator=(const OutputDir&) = delete;

    const std::string& final_path() const { return out_; }
    const std::string& staging_path() const { return staging_; }
    // Makes the staging directory the output directory. Returns why it did not when `<out>` gained
    // files that are not vp's during the run (the new outputs stay in the staging directory; returned,
    // not thrown: it runs after the simulation, where an exception unwinding past SystemC's coroutine
    // stacks confuses AddressSanitizer), "" when published; throws std::runtime_error (with the
    // system's reason) when the file system refuses. The previous output is untouched when it did not
    // publish. Warnings (a previous run's directory that could not be removed completely) go to
    // `warnings()`.
    std::string publish();
    // Removes the staging directory (nothing ran worth keeping, e.g. a configuration error).
    void discard() noexcept;
    const std::vector<std::string>& warnings() const { return warnings_; }

    // Scenario and sweep names become directory names (out/<name>): 1 to 200 of letters, digits and
    // _ . + -, not starting with '.' (so never ".", ".." or a hidden name). The one rule, mirrored by
    // tools/sweep/vpsweep/spec.py.
    static bool valid_name(const std::string& name);
    static constexpr const char* kNameRule =
        "use 1 to 200 letters, digits and _ . + - , not starting with '.' (it names the output directory)";

    static constexpr const char* kOutputMarker = ".vp-output";  // the manifest
    static constexpr const char* kIncompleteMarker = ".vp-incomplete";
    static constexpr const char* kManifestHeader = "vp-output-manifest 1";

    // The first entry of `dir` (relative path; directories end in '/') that `dir`'s manifest does not
    // list; empty when every entry is vp's. Exposed for tests and for tools that add to a run's
    // directory (tools/report writes report.html and lists it).
    static std::string foreign_entry(const std::string& dir);

private:
    std::string out_, staging_;
    std::vector<std::string> warnings_;
};

}  // namespace vp
