#include "models/cpu/iss/host_sandbox.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>
#include <system_error>
#include <vector>

namespace vp::iss {

HostSandbox::~HostSandbox() {
  if (root_fd_ >= 0) ::close(root_fd_);
}

void HostSandbox::set_root(const std::string& dir) {
  if (root_fd_ >= 0) ::close(root_fd_);
  root_fd_ = -1;
  root_ = dir;
}

int HostSandbox::refuse(int err, const std::string& why) {
  refusal_ = why;
  errno = err;
  return -1;
}

int HostSandbox::root_fd() {
  if (root_fd_ < 0) {
    std::error_code ec;
    std::filesystem::create_directories(root_, ec);  // (an error shows in the open below)
    // The root itself may be reached through symlinks: the user chose it.
    root_fd_ = ::open(root_.c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC);
    if (root_fd_ < 0) return refuse(errno, "the sandbox directory " + root_ + " cannot be opened");
  }
  return root_fd_;
}

int HostSandbox::parent_of(const std::string& name, std::string& leaf) {
  refusal_.clear();
  if (root_.empty()) return refuse(EACCES, "semihosting file access is off");
  if (name.size() > kMaxName) return refuse(ENAMETOOLONG, "name longer than " + std::to_string(kMaxName));
  if (name.find('\0') != std::string::npos) return refuse(EINVAL, "NUL byte in the name");
  if (!name.empty() && name[0] == '/') return refuse(EACCES, "absolute path");
  std::vector<std::string> parts;
  for (size_t pos = 0; pos <= name.size();) {
    size_t end = name.find('/', pos);
    if (end == std::string::npos) end = name.size();
    const std::string part = name.substr(pos, end - pos);
    if (part == "..") return refuse(EACCES, "'..' in the name");
    if (!part.empty() && part != ".") parts.push_back(part);
    pos = end + 1;
  }
  if (parts.empty()) return refuse(EINVAL, "the name names no file");
  const int root = root_fd();
  if (root < 0) return -1;
  int dir = ::fcntl(root, F_DUPFD_CLOEXEC, 0);
  for (size_t i = 0; dir >= 0 && i + 1 < parts.size(); ++i) {
    // O_NOFOLLOW: a symlink as a directory component fails (ENOTDIR/ELOOP) instead of leading away.
    const int next = ::openat(dir, parts[i].c_str(), O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    const int err = errno;
    struct stat st;
    const bool is_link =
        next < 0 && ::fstatat(dir, parts[i].c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK(st.st_mode);
    ::close(dir);
    if (is_link) return refuse(ELOOP, "symbolic link '" + parts[i] + "' on the way");
    if (next < 0) {
      errno = err;
      return -1;
    }
    dir = next;
  }
  leaf = parts.back();
  return dir;
}

int HostSandbox::open(const std::string& name, int flags) {
  if (open_files_ >= kMaxOpenFiles) return refuse(EMFILE, "more than " + std::to_string(kMaxOpenFiles) + " open files");
  std::string leaf;
  const int dir = parent_of(name, leaf);
  if (dir < 0) return -1;
  // Look before opening: opening a FIFO or a device may block or have side effects.
  struct stat st;
  if (::fstatat(dir, leaf.c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0 && !S_ISREG(st.st_mode)) {
    ::close(dir);
    return S_ISLNK(st.st_mode) ? refuse(ELOOP, "'" + leaf + "' is a symbolic link")
                               : refuse(EINVAL, "'" + leaf + "' is not a regular file");
  }
  const int fd = ::openat(dir, leaf.c_str(), flags | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0644);
  const int err = errno;
  ::close(dir);
  if (fd < 0) return err == ELOOP ? refuse(ELOOP, "'" + leaf + "' is a symbolic link") : (errno = err, -1);
  // And after: the name may have been replaced in between (by someone on the host).
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    return refuse(EINVAL, "'" + leaf + "' is not a regular file");
  }
  ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
  ++open_files_;
  return fd;
}

void HostSandbox::close(int fd) {
  if (fd < 0) return;
  ::close(fd);
  if (open_files_) --open_files_;
}

int HostSandbox::remove(const std::string& name) {
  std::string leaf;
  const int dir = parent_of(name, leaf);
  if (dir < 0) return -1;
  const int r = ::unlinkat(dir, leaf.c_str(), 0);  // (a symlink itself is removed, never its target)
  const int err = errno;
  ::close(dir);
  errno = err;
  return r;
}

int HostSandbox::rename(const std::string& from, const std::string& to) {
  std::string from_leaf, to_leaf;
  const int from_dir = parent_of(from, from_leaf);
  if (from_dir < 0) return -1;
  const int to_dir = parent_of(to, to_leaf);
  if (to_dir < 0) {
    const int err = errno;
    ::close(from_dir);
    errno = err;
    return -1;
  }
  const int r = ::renameat(from_dir, from_leaf.c_str(), to_dir, to_leaf.c_str());
  const int err = errno;
  ::close(from_dir);
  ::close(to_dir);
  errno = err;
  return r;
}

}  // namespace vp::iss
