#include "platform/output_dir.h"
#include <fcntl.h>
#include <stdio.h>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>

namespace fs = std::filesystem;

namespace vp {

namespace {

bool is_marked_or_empty(const fs::path& dir, const char* marker) {
    std::error_code ec;
    if (fs::exists(dir / marker, ec)) return true;
    // Outputs of versions before the marker existed: a stats.json next to a config.json.
    if (fs::exists(dir / "stats.json", ec) && fs::exists(dir / "config.json", ec)) return true;
    return fs::is_empty(dir, ec) && !ec;
}

void touch(const fs::path& p) {
    std::ofstream f(p);
    if (!f) throw std::runtime_error("cannot write '" + p.string() + "': " + std::strerror(errno));
}

}  // namespace

OutputDir::OutputDir(std::string out) : out_(std::move(out)) {
    while (out_.size() > 1 && out_.back() == '/') out_.pop_back();
    if (out_.empty()) throw std::invalid_argument("--out: empty directory name");
    staging_ = out_ + ".partial";
    const fs::path dir(out_), stage(staging_);
    std::error_code ec;
    if (fs::exists(dir, ec)) {
        if (!fs::is_directory(dir, ec))
            throw std::invalid_argument("--out " + out_ + ": exists and is not a directory");
        if (!is_marked_or_empty(dir, kOutputMarker))
            throw std::invalid_argument("--out " + out_ + ": exists and is not a vp output directory (no " +
                                        kOutputMarker + "); choose a new or empty directory");
    }
    if (fs::exists(stage, ec)) {
        if (!fs::is_directory(stage, ec) || !is_marked_or_empty(stage, kIncompleteMarker))
            throw std::invalid_argument("--out " + out_ + ": " + staging_ +
                                        " exists and is not an interrupted vp run; remove it or choose another --out");
        fs::remove_all(stage, ec);  // an earlier run that did not finish
    }
    fs::create_directories(stage, ec);
    if (ec) throw std::invalid_argument("--out " + out_ + ": cannot create " + staging_ + ": " + ec.message());
    try {
        touch(stage / kIncompleteMarker);
    } catch (const std::exception& e) {
        fs::remove_all(stage, ec);
        throw std::invalid_argument("--out " + out_ + ": " + e.what());
    }
}

void OutputDir::publish() {
    const fs::path dir(out_), stage(staging_);
    touch(stage / kOutputMarker);
    std::error_code ec;
    fs::remove(stage / kIncompleteMarker, ec);
    if (fs::exists(dir, ec)) {
        // Swap both directories in one step, then remove the previous run (now at the staging path).
        if (renameat2(AT_FDCWD, staging_.c_str(), AT_FDCWD, out_.c_str(), RENAME_EXCHANGE) != 0) {
            const std::string why = std::strerror(errno);
            touch(stage / kIncompleteMarker);
            throw std::runtime_error("cannot publish " + staging_ + " as " + out_ + ": " + why);
        }
        fs::remove_all(stage, ec);
        return;
    }
    fs::rename(stage, dir, ec);
    if (ec) {
        touch(stage / kIncompleteMarker);
        throw std::runtime_error("cannot publish " + staging_ + " as " + out_ + ": " + ec.message());
    }
}

void OutputDir::discard() noexcept {
    std::error_code ec;
    fs::remove_all(staging_, ec);
}

}  // namespace vp
