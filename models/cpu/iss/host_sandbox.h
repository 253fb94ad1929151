// The semihosting file sandbox: the only way simulated software reaches host files. Every name the
// guest gives is resolved below one directory (the root) with openat() one component at a time,
// never following a symbolic link, so neither an absolute path, nor "..", nor a symlink (placed
// before the run or raced in during it) leads outside. Only regular files are opened (no FIFOs or
// devices that could block the simulation or read without end). See docs/reliability.md.
#pragma once

#include <string>

namespace vp::iss {

class HostSandbox {
 public:
  static constexpr size_t kMaxName = 4096;  // PATH_MAX: longer guest names are refused unread
  static constexpr unsigned kMaxOpenFiles = 64;

  HostSandbox() = default;
  ~HostSandbox();
  HostSandbox(const HostSandbox&) = delete;
  HostSandbox& operator=(const HostSandbox&) = delete;

  // The directory guest files live in ("" = no file access at all). It is created, if missing, at
  // the first file operation; a relative path is relative to the current directory then.
  void set_root(const std::string& dir);
  const std::string& root() const { return root_; }
  bool enabled() const { return !root_.empty(); }

  // The three operations, on names relative to the root. They return what the POSIX call would
  // (a file descriptor, 0, or -1) and set errno: EACCES for a name outside the sandbox (absolute,
  // "..", file access off), ELOOP for a symlink on the way, EINVAL for a file that is not regular,
  // ENAMETOOLONG, EMFILE beyond kMaxOpenFiles open files.
  int open(const std::string& name, int flags);
  int remove(const std::string& name);
  int rename(const std::string& from, const std::string& to);
  // Closes a descriptor open() returned.
  void close(int fd);

  // Why the last refused name was refused, for a warning ("" when the last call was not refused
  // by the sandbox itself but by the host, e.g. a missing file).
  const std::string& refusal() const { return refusal_; }

 private:
  int root_fd();
  // Opens the directory holding `name`'s last component (O_PATH, no symlinks followed) and
  // returns its descriptor, the component in `leaf`; -1 with errno set when refused.
  int parent_of(const std::string& name, std::string& leaf);
  int refuse(int err, const std::string& why);

  std::string root_;
  int root_fd_ = -1;
  unsigned open_files_ = 0;
  std::string refusal_;
};

}  // namespace vp::iss
