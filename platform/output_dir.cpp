#include "platform/output_dir.h"
#include <fcntl.h>
#include <stdio.h>
#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <stdexcept>

namespace fs = std::filesystem;

namespace vp {

namespace {

// What versions before the manifest wrote into an output directory (and `vp report`'s pages): such a
// directory (an empty `.vp-output`, or a stats.json next to a config.json) is replaced only when it
// holds nothing else.
const std::set<std::string> kLegacyNames = {
    ".vp-output",     "stats.json", "host.json", "config.json",   "timeline.json",  "profile.json", "profile.txt",
    "profile.folded", "trace.json", "trace.csv", "trace.pftrace", "accesses.vplog", "report.html",  "compare.html"};

// Manifest lines: one path per line, '\' and newline escaped (firmware chooses semihosting names).
std::string escape(const std::string& s) {
    std::string r;
    for (char c : s) {
        if (c == '\\')
            r += "\\\\";
        else if (c == '\n')
            r += "\\n";
        else
            r += c;
    }
    return r;
}

std::string unescape(const std::string& s) {
    std::string r;
    for (size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '\\' && i + 1 < s.size()) {
            r += s[i + 1] == 'n' ? '\n' : s[i + 1];
            ++i;
        } else {
            r += s[i];
        }
    }
    return r;
}

bool is_dir_no_follow(const fs::path& p) {
    std::error_code ec;
    return fs::symlink_status(p, ec).type() == fs::file_type::directory;
}

bool exists_no_follow(const fs::path& p) {
    std::error_code ec;
    const auto t = fs::symlink_status(p, ec).type();
    return t != fs::file_type::not_found && t != fs::file_type::none;
}

// Every entry under `dir` (symbolic links not followed), relative, directories ending in '/'.
std::vector<std::string> list_tree(const fs::path& dir) {
    std::vector<std::string> out;
    std::error_code ec;
    fs::recursive_directory_iterator it(dir, fs::directory_options::none, ec), end;
    if (ec) throw std::invalid_argument("cannot read " + dir.string() + ": " + ec.message());
    for (; it != end; it.increment(ec)) {
        if (ec) throw std::invalid_argument("cannot read " + dir.string() + ": " + ec.message());
        std::string rel = it->path().lexically_relative(dir).generic_string();
        if (it->symlink_status(ec).type() == fs::file_type::directory) rel += '/';
        out.push_back(std::move(rel));
    }
    if (ec) throw std::invalid_argument("cannot read " + dir.string() + ": " + ec.message());
    std::sort(out.begin(), out.end());
    return out;
}

struct Manifest {
    enum { None, Legacy, Listed } kind = None;
    std::set<std::string> entries;  // Listed: what the run wrote
};

Manifest read_manifest(const fs::path& dir) {
    Manifest m;
    const fs::path file = dir / OutputDir::kOutputMarker;
    std::error_code ec;
    if (fs::symlink_status(file, ec).type() == fs::file_type::regular) {
        std::ifstream in(file, std::ios::binary);
        std::string line;
        if (std::getline(in, line) && line == OutputDir::kManifestHeader) {
            m.kind = Manifest::Listed;
            while (std::getline(in, line))
                if (!line.empty()) m.entries.insert(unescape(line));
            return m;
        }
        m.kind = Manifest::Legacy;  // an empty marker: a version before the manifest
        return m;
    }
    if (fs::exists(dir / "stats.json", ec) && fs::exists(dir / "config.json", ec)) m.kind = Manifest::Legacy;
    return m;
}

bool owned(const Manifest& m, const std::string& entry) {
    if (entry == OutputDir::kOutputMarker) return m.kind != Manifest::None;
    if (m.kind == Manifest::Listed) return m.entries.count(entry) > 0;
    if (m.kind == Manifest::Legacy) return kLegacyNames.count(entry) > 0;
    return false;
}

// Removes what `dir`'s manifest lists (children before their directories), then the manifest and
// `dir` itself when nothing else is left. Returns the entries that stayed (not vp's).
std::vector<std::string> remove_listed(const fs::path& dir) {
    const Manifest m = read_manifest(dir);
    std::vector<std::string> listed;
    if (m.kind == Manifest::Listed)
        listed.assign(m.entries.begin(), m.entries.end());
    else if (m.kind == Manifest::Legacy)
        for (auto& n : kLegacyNames)
            if (n != OutputDir::kOutputMarker) listed.push_back(n);
    std::sort(listed.rbegin(), listed.rend());  // "a/b" before "a/"
    std::error_code ec;
    for (auto& e : listed) {
        std::string p = e;
        if (!p.empty() && p.back() == '/') p.pop_back();
        const fs::path rel(p);
        if (p.empty() || rel.is_absolute() ||
            std::any_of(rel.begin(), rel.end(), [](const fs::path& c) { return c == ".."; }))
            continue;             // never outside `dir` (the manifest is a file anyone could edit)
        fs::remove(dir / p, ec);  // a link itself, a file, or an empty directory
    }
    fs::remove(dir / OutputDir::kOutputMarker, ec);
    if (fs::remove(dir, ec)) return {};
    std::vector<std::string> left;
    try {
        left = list_tree(dir);
    } catch (const std::exception&) {
        left = {"?"};
    }
    return left;
}

void touch(const fs::path& p) {
    std::ofstream f(p);
    if (!f) throw std::runtime_error("cannot write '" + p.string() + "': " + std::strerror(errno));
}

void write_manifest(const fs::path& stage) {
    std::ostringstream s;
    s << OutputDir::kManifestHeader << "\n";
    for (auto& e : list_tree(stage))
        if (e != OutputDir::kOutputMarker && e != OutputDir::kIncompleteMarker) s << escape(e) << "\n";
    const fs::path file = stage / OutputDir::kOutputMarker;
    std::ofstream f(file, std::ios::binary | std::ios::trunc);
    f << s.str();
    f.flush();
    if (!f) throw std::runtime_error("cannot write '" + file.string() + "': " + std::strerror(errno));
}

std::string refusal(const std::string& out, const std::string& dir, const std::string& entry) {
    return "--out " + out + ": not a vp output directory: " + (fs::path(dir) / entry).string() +
           " was not written by vp, and vp replaces only a directory that holds nothing but a previous run's "
           "outputs (choose a new or empty directory, or move the file)";
}

}  // namespace

bool OutputDir::valid_name(const std::string& name) {
    if (name.empty() || name.size() > 200 || name.front() == '.') return false;
    return std::all_of(name.begin(), name.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.' ||
               c == '+' || c == '-';
    });
}

std::string OutputDir::foreign_entry(const std::string& dir) {
    const Manifest m = read_manifest(dir);
    for (auto& e : list_tree(dir))
        if (!owned(m, e)) return e;
    return {};
}

OutputDir::OutputDir(std::string out) : out_(std::move(out)) {
    while (out_.size() > 1 && out_.back() == '/') out_.pop_back();
    if (out_.empty()) throw std::invalid_argument("--out: empty directory name");
    const std::string last = fs::path(out_).filename().string();
    if (last.empty() || last == "." || last == "..")
        throw std::invalid_argument("--out " + out_ +
                                    ": name the directory itself (not /, . or ..): vp replaces it as a whole");
    staging_ = out_ + ".partial";
    const fs::path dir(out_), stage(staging_);
    std::error_code ec;
    const auto type = fs::symlink_status(dir, ec).type();
    if (type == fs::file_type::symlink)
        throw std::invalid_argument("--out " + out_ +
                                    ": is a symbolic link; give the directory itself (vp replaces the directory "
                                    "as a whole, it would replace the link)");
    if (exists_no_follow(dir)) {
        if (type != fs::file_type::directory)
            throw std::invalid_argument("--out " + out_ + ": exists and is not a directory");
        const std::string foreign = foreign_entry(out_);
        if (!foreign.empty()) throw std::invalid_argument(refusal(out_, out_, foreign));
    }
    if (exists_no_follow(stage)) {
        if (!is_dir_no_follow(stage))
            throw std::invalid_argument("--out " + out_ + ": " + staging_ +
                                        " exists and is not a directory; remove it or choose another --out");
        if (exists_no_follow(stage / kIncompleteMarker)) {
            fs::remove_all(stage, ec);  // vp's staging directory of a run that did not finish
        } else if (read_manifest(stage).kind != Manifest::None || fs::is_empty(stage, ec)) {
            // A previous output whose removal was cut short, or an empty directory.
            const std::string foreign = foreign_entry(staging_);
            if (!foreign.empty()) throw std::invalid_argument(refusal(out_, staging_, foreign));
            if (!remove_listed(stage).empty())
                throw std::invalid_argument("--out " + out_ + ": cannot remove " + staging_);
        } else {
            throw std::invalid_argument("--out " + out_ + ": " + staging_ +
                                        " exists and is not an interrupted vp run; remove it or choose another --out");
        }
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

std::string OutputDir::publish() {
    const fs::path dir(out_), stage(staging_);
    std::error_code ec;
    write_manifest(stage);
    fs::remove(stage / kIncompleteMarker, ec);
    auto keep_staged = [&](const std::string& why) {
        touch(stage / kIncompleteMarker);
        return why;
    };
    if (renameat2(AT_FDCWD, staging_.c_str(), AT_FDCWD, out_.c_str(), RENAME_NOREPLACE) == 0) return "";
    if (errno != EEXIST)
        throw std::runtime_error(
            keep_staged("cannot publish " + staging_ + " as " + out_ + ": " + std::strerror(errno)));
    // `out` exists: it must still hold nothing but a previous run's outputs (a file may have been
    // added during the run).
    if (fs::symlink_status(dir, ec).type() != fs::file_type::directory)
        return keep_staged("--out " + out_ + ": is no longer a directory; the outputs are in " + staging_);
    const std::string foreign = foreign_entry(out_);
    if (!foreign.empty())
        return keep_staged(refusal(out_, out_, foreign) + " (the new outputs are in " + staging_ + ")");
    // Swap both directories in one step, then remove the previous run (now at the staging path) entry by
    // entry from its manifest.
    if (renameat2(AT_FDCWD, staging_.c_str(), AT_FDCWD, out_.c_str(), RENAME_EXCHANGE) != 0)
        throw std::runtime_error(
            keep_staged("cannot publish " + staging_ + " as " + out_ + ": " + std::strerror(errno)));
    const std::vector<std::string> left = remove_listed(stage);
    if (!left.empty())
        warnings_.push_back("the previous outputs' directory " + staging_ + " keeps " + std::to_string(left.size()) +
                            " entries vp did not write (first: " + left.front() + "); move them and remove it");
    return "";
}

void OutputDir::discard() noexcept {
    std::error_code ec;
    fs::remove_all(staging_, ec);
}

}  // namespace vp
