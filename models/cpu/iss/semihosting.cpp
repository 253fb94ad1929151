#include "models/cpu/iss/semihosting.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <ctime>

#include "models/cpu/iss/hart.h"

namespace vp::iss {

using namespace semihost;

namespace {
constexpr uint32_t kAdpStoppedApplicationExit = 0x20026;
constexpr uint32_t kMarkerBefore = 0x01f01013;  // slli x0, x0, 0x1f
constexpr uint32_t kMarkerAfter = 0x40705013;   // srai x0, x0, 7
constexpr uint32_t kError = 0xffffffffu;
// ":semihosting-features": magic + feature byte (SH_EXT_EXIT_EXTENDED | SH_EXT_STDOUT_STDERR)
constexpr uint8_t kFeatures[5] = {'S', 'H', 'F', 'B', 0x3};

uint64_t now_us() {
  return uint64_t(
      std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now().time_since_epoch())
          .count());
}
}  // namespace

Semihosting::Semihosting(Hart& hart) : hart_(hart), start_us_(now_us()) {}

Semihosting::~Semihosting() {
  for (Handle& h : handles_) {
    if (h.kind == Handle::HostFile) sandbox_.close(h.fd);
  }
}

bool Semihosting::is_call_site(uint32_t pc) {
  if (pc & 3) return false;  // the sequence must be aligned, so it cannot straddle a page
  uint32_t before = 0, after = 0;
  return hart_.debug_read(pc - 4, &before, 4) && hart_.debug_read(pc + 4, &after, 4) && before == kMarkerBefore &&
         after == kMarkerAfter;
}

uint32_t Semihosting::param(uint32_t block, unsigned index) {
  uint32_t v = 0;
  hart_.debug_read(block + 4 * index, &v, 4);
  return v;
}

bool Semihosting::read_guest_name(uint32_t addr, uint32_t len, std::string& out) {
  if (len > HostSandbox::kMaxName) {
    errno = ENAMETOOLONG;
    return false;
  }
  out.resize(len);
  if (len == 0 || hart_.debug_read(addr, out.data(), len)) return true;
  errno = EFAULT;
  return false;
}

void Semihosting::warn(const std::string& msg) {
  if (warnings_ < kMaxWarnings) hart_.env().warning("semihosting: " + msg);
  if (++warnings_ == kMaxWarnings) hart_.env().warning("semihosting: further refused file operations are not reported");
}

uint32_t Semihosting::file_result(int r, const char* op, const std::string& name) {
  if (r >= 0) return uint32_t(r);
  last_errno_ = errno;
  if (!sandbox_.refusal().empty()) warn(std::string(op) + " '" + name + "' refused: " + sandbox_.refusal());
  return kError;
}

Semihosting::Handle* Semihosting::handle(uint32_t h) {
  if (h >= handles_.size() || handles_[h].kind == Handle::Closed) return nullptr;
  return &handles_[h];
}

uint32_t Semihosting::op_open(uint32_t block) {
  std::string name;
  if (!read_guest_name(param(block, 0), param(block, 2), name)) {
    last_errno_ = errno;
    return kError;
  }
  const uint32_t mode = param(block, 1);  // fopen mode index: r rb r+ r+b w wb w+ w+b a ab a+ a+b
  if (mode > 11) {
    last_errno_ = EINVAL;
    return kError;
  }
  uint32_t slot = 0;
  while (slot < handles_.size() && handles_[slot].kind != Handle::Closed) ++slot;
  if (slot >= kMaxHandles) {
    last_errno_ = EMFILE;
    return kError;
  }
  Handle h;
  if (name == ":tt") {
    h.kind = mode < 4 ? Handle::ConsoleIn : Handle::ConsoleOut;
  } else if (name == ":semihosting-features") {
    if (mode >= 4) return kError;
    h.kind = Handle::Features;
  } else {
    static constexpr int kFlags[3] = {O_RDONLY, O_WRONLY | O_CREAT | O_TRUNC, O_WRONLY | O_CREAT | O_APPEND};
    int flags = kFlags[mode / 4];
    if (mode & 2) flags = (flags & ~(O_RDONLY | O_WRONLY)) | O_RDWR;
    h.fd = sandbox_.open(name, flags);
    if (h.fd < 0) return file_result(-1, "open", name);
    h.kind = Handle::HostFile;
  }
  if (slot == handles_.size()) handles_.emplace_back();
  handles_[slot] = h;
  return slot;
}

uint32_t Semihosting::guest_prefix(uint32_t addr, char* buf, uint32_t n) {
  if (hart_.debug_read(addr, buf, n)) return n;
  uint32_t k = 0;  // (rare: the end of guest memory or of the address space lies inside)
  while (k < n && hart_.debug_read(addr + k, buf + k, 1)) ++k;
  return k;
}

// WRITE and READ move at most kChunk bytes through the host at a time: the guest's length is only
// bounded by its memory, which the chunks are checked against one by one.
uint32_t Semihosting::op_write(uint32_t block) {
  Handle* h = handle(param(block, 0));
  const uint32_t addr = param(block, 1), len = param(block, 2);
  if (!h || (h->kind != Handle::ConsoleOut && h->kind != Handle::HostFile)) return len;
  std::vector<char> buf(std::min(len, kChunk));
  uint32_t done = 0;
  while (done < len) {
    const uint32_t room = std::min(len - done, kChunk), n = guest_prefix(addr + done, buf.data(), room);
    if (n == 0) break;
    if (h->kind == Handle::ConsoleOut) {
      hart_.env().console_write(buf.data(), n);
    } else {
      if (file_bytes_written_ + n > file_write_limit_) {
        if (!warned_write_limit_)
          warn("write refused: the run wrote its limit of " + std::to_string(file_write_limit_) +
               " bytes to host files (ENOSPC)");
        warned_write_limit_ = true;
        last_errno_ = ENOSPC;
        break;
      }
      const ssize_t w = ::write(h->fd, buf.data(), n);
      if (w > 0) file_bytes_written_ += uint64_t(w);
      if (w < 0) last_errno_ = errno;
      if (w <= 0) break;
      if (uint32_t(w) < n) {
        done += uint32_t(w);
        break;
      }
    }
    done += n;
    if (n < room) break;  // guest memory ended
  }
  return len - done;  // bytes not written
}

uint32_t Semihosting::op_read(uint32_t block) {
  Handle* h = handle(param(block, 0));
  const uint32_t addr = param(block, 1), len = param(block, 2);
  if (!h) return len;
  std::vector<char> buf(std::min(len, kChunk));
  uint32_t done = 0;
  while (done < len) {
    // The destination must be guest memory before anything is consumed from the source.
    const uint32_t room = std::min(len - done, kChunk), want = guest_prefix(addr + done, buf.data(), room);
    if (want == 0) break;
    size_t n = 0;
    if (h->kind == Handle::ConsoleIn) {
      n = hart_.env().console_read(buf.data(), want);
    } else if (h->kind == Handle::Features) {
      while (n < want && h->pos < sizeof(kFeatures)) buf[n++] = char(kFeatures[h->pos++]);
    } else if (h->kind == Handle::HostFile) {
      const ssize_t r = ::read(h->fd, buf.data(), want);
      if (r < 0) {
        last_errno_ = errno;
        break;
      }
      n = size_t(r);
    } else {
      break;
    }
    if (n && !hart_.debug_write(addr + done, buf.data(), uint32_t(n))) break;
    done += uint32_t(n);
    if (n < room) break;  // end of file / input, or of guest memory
  }
  return len - done;  // bytes not read
}

// The console gets the string in bounded pieces, up to the NUL or the end of guest memory.
void Semihosting::op_write0(uint32_t addr) {
  char piece[256];
  size_t n = 0;
  for (uint32_t a = addr;; ++a) {
    char c = 0;
    const bool more = hart_.debug_read(a, &c, 1) && c;
    if (more) piece[n++] = c;
    if (n == sizeof piece || (!more && n)) {
      hart_.env().console_write(piece, n);
      n = 0;
    }
    if (!more || a == 0xffffffffu) break;
  }
}

void Semihosting::do_exit(int code) {
  hart_.exit_code_ = code;
  hart_.env().exit_request(code);
  hart_.request_stop(StopReason::Exit);
}

void Semihosting::call() {
  const uint32_t op = hart_.x(10), a1 = hart_.x(11);
  uint32_t result = 0;
  switch (op) {
    case SYS_OPEN: result = op_open(a1); break;
    case SYS_CLOSE: {
      Handle* h = handle(param(a1, 0));
      if (!h) {
        result = kError;
        break;
      }
      if (h->kind == Handle::HostFile) sandbox_.close(h->fd);
      *h = Handle{};
      break;
    }
    case SYS_WRITEC: {
      char c = 0;
      hart_.debug_read(a1, &c, 1);
      hart_.env().console_write(&c, 1);
      break;
    }
    case SYS_WRITE0: op_write0(a1); break;
    case SYS_WRITE: result = op_write(a1); break;
    case SYS_READ: result = op_read(a1); break;
    case SYS_READC: {
      char c;
      result = hart_.env().console_read(&c, 1) == 1 ? uint8_t(c) : kError;
      break;
    }
    case SYS_ISERROR: result = int32_t(param(a1, 0)) < 0; break;
    case SYS_ISTTY: {
      Handle* h = handle(param(a1, 0));
      result = h && (h->kind == Handle::ConsoleIn || h->kind == Handle::ConsoleOut);
      break;
    }
    case SYS_SEEK: {
      Handle* h = handle(param(a1, 0));
      const uint32_t pos = param(a1, 1);
      if (h && h->kind == Handle::HostFile) {
        result = ::lseek(h->fd, off_t(pos), SEEK_SET) < 0 ? kError : 0;
      } else if (h && h->kind == Handle::Features) {
        h->pos = pos;
      } else {
        result = kError;
      }
      break;
    }
    case SYS_FLEN: {
      Handle* h = handle(param(a1, 0));
      struct stat st;
      if (h && h->kind == Handle::HostFile && ::fstat(h->fd, &st) == 0)
        result = uint32_t(st.st_size);
      else if (h && h->kind == Handle::Features)
        result = sizeof(kFeatures);
      else
        result = h ? 0 : kError;
      break;
    }
    case SYS_REMOVE: {
      std::string name;
      result = read_guest_name(param(a1, 0), param(a1, 1), name) ? file_result(sandbox_.remove(name), "remove", name)
                                                                 : (last_errno_ = errno, kError);
      break;
    }
    case SYS_RENAME: {
      std::string from, to;
      result = read_guest_name(param(a1, 0), param(a1, 1), from) && read_guest_name(param(a1, 2), param(a1, 3), to)
                   ? file_result(sandbox_.rename(from, to), "rename", from + "' to '" + to)
                   : (last_errno_ = errno, kError);
      break;
    }
    case SYS_CLOCK: result = uint32_t((now_us() - start_us_) / 10000); break;  // centiseconds
    case SYS_TIME: result = uint32_t(std::time(nullptr)); break;
    case SYS_ERRNO: result = uint32_t(last_errno_); break;
    case SYS_GET_CMDLINE: {
      const uint32_t buf = param(a1, 0), size = param(a1, 1);
      if (cmdline_.size() + 1 > size) {
        result = kError;
        break;
      }
      hart_.debug_write(buf, cmdline_.c_str(), uint32_t(cmdline_.size() + 1));
      const uint32_t len = uint32_t(cmdline_.size());
      hart_.debug_write(a1 + 4, &len, 4);
      break;
    }
    case SYS_HEAPINFO: {
      // Zeros mean "unknown": the C runtime then uses its linker-script symbols.
      const uint32_t block = param(a1, 0), zeros[4] = {0, 0, 0, 0};
      hart_.debug_write(block, zeros, sizeof(zeros));
      break;
    }
    case SYS_EXIT:
      // RV32 (like A32): the parameter is the reason itself, with no room for an exit code.
      do_exit(a1 == kAdpStoppedApplicationExit ? 0 : 1);
      break;
    case SYS_EXIT_EXTENDED: do_exit(param(a1, 0) == kAdpStoppedApplicationExit ? int(param(a1, 1)) : 1); break;
    case SYS_ELAPSED: {
      const uint64_t t = hart_.cycles();
      hart_.debug_write(a1, &t, 8);
      break;
    }
    case SYS_TICKFREQ: result = 1000000000; break;  // nominal: one tick per cycle at 1 GHz
    default: result = kError; break;
  }
  hart_.set_x(10, result);
}

}  // namespace vp::iss
