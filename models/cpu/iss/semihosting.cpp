#include "models/cpu/iss/semihosting.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <ctime>

#include "models/cpu/iss/hart.h"

namespace vp::iss {

namespace {
enum : uint32_t {
  SYS_OPEN = 0x01,
  SYS_CLOSE = 0x02,
  SYS_WRITEC = 0x03,
  SYS_WRITE0 = 0x04,
  SYS_WRITE = 0x05,
  SYS_READ = 0x06,
  SYS_READC = 0x07,
  SYS_ISERROR = 0x08,
  SYS_ISTTY = 0x09,
  SYS_SEEK = 0x0a,
  SYS_FLEN = 0x0c,
  SYS_REMOVE = 0x0e,
  SYS_RENAME = 0x0f,
  SYS_CLOCK = 0x10,
  SYS_TIME = 0x11,
  SYS_ERRNO = 0x13,
  SYS_GET_CMDLINE = 0x15,
  SYS_HEAPINFO = 0x16,
  SYS_EXIT = 0x18,
  SYS_EXIT_EXTENDED = 0x20,
  SYS_ELAPSED = 0x30,
  SYS_TICKFREQ = 0x31,
};
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
    if (h.kind == Handle::HostFile) ::close(h.fd);
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

bool Semihosting::read_guest_string(uint32_t addr, uint32_t len, std::string& out) {
  out.resize(len);
  return len == 0 || hart_.debug_read(addr, out.data(), len);
}

Semihosting::Handle* Semihosting::handle(uint32_t h) {
  if (h >= handles_.size() || handles_[h].kind == Handle::Closed) return nullptr;
  return &handles_[h];
}

uint32_t Semihosting::op_open(uint32_t block) {
  std::string name;
  if (!read_guest_string(param(block, 0), param(block, 2), name)) return kError;
  const uint32_t mode = param(block, 1);  // fopen mode index: r rb r+ r+b w wb w+ w+b a ab a+ a+b
  Handle h;
  if (name == ":tt") {
    h.kind = mode < 4 ? Handle::ConsoleIn : Handle::ConsoleOut;
  } else if (name == ":semihosting-features") {
    if (mode >= 4) return kError;
    h.kind = Handle::Features;
  } else {
    static constexpr int kFlags[3] = {O_RDONLY, O_WRONLY | O_CREAT | O_TRUNC, O_WRONLY | O_CREAT | O_APPEND};
    int flags = kFlags[(mode / 4) % 3];
    if (mode & 2) flags = (flags & ~(O_RDONLY | O_WRONLY)) | O_RDWR;
    h.fd = ::open(name.c_str(), flags, 0644);
    if (h.fd < 0) {
      last_errno_ = errno;
      return kError;
    }
    h.kind = Handle::HostFile;
  }
  for (uint32_t i = 0; i < handles_.size(); ++i) {
    if (handles_[i].kind == Handle::Closed) {
      handles_[i] = h;
      return i;
    }
  }
  handles_.push_back(h);
  return uint32_t(handles_.size() - 1);
}

uint32_t Semihosting::op_write(uint32_t block) {
  Handle* h = handle(param(block, 0));
  const uint32_t addr = param(block, 1), len = param(block, 2);
  std::string buf;
  if (!h || !read_guest_string(addr, len, buf)) return len;
  if (h->kind == Handle::ConsoleOut) {
    hart_.env().console_write(buf.data(), buf.size());
    return 0;
  }
  if (h->kind != Handle::HostFile) return len;
  const ssize_t n = ::write(h->fd, buf.data(), buf.size());
  if (n < 0) {
    last_errno_ = errno;
    return len;
  }
  return len - uint32_t(n);  // bytes not written
}

uint32_t Semihosting::op_read(uint32_t block) {
  Handle* h = handle(param(block, 0));
  const uint32_t addr = param(block, 1), len = param(block, 2);
  if (!h) return len;
  std::string buf(len, '\0');
  size_t n = 0;
  if (h->kind == Handle::ConsoleIn) {
    n = hart_.env().console_read(buf.data(), len);
  } else if (h->kind == Handle::Features) {
    while (n < len && h->pos < sizeof(kFeatures)) buf[n++] = char(kFeatures[h->pos++]);
  } else if (h->kind == Handle::HostFile) {
    const ssize_t r = ::read(h->fd, buf.data(), len);
    if (r < 0) {
      last_errno_ = errno;
      return len;
    }
    n = size_t(r);
  } else {
    return len;
  }
  if (n && !hart_.debug_write(addr, buf.data(), uint32_t(n))) return len;
  return len - uint32_t(n);  // bytes not read
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
      if (h->kind == Handle::HostFile) ::close(h->fd);
      *h = Handle{};
      break;
    }
    case SYS_WRITEC: {
      char c = 0;
      hart_.debug_read(a1, &c, 1);
      hart_.env().console_write(&c, 1);
      break;
    }
    case SYS_WRITE0: {
      std::string s;
      char c;
      while (hart_.debug_read(a1 + uint32_t(s.size()), &c, 1) && c) s.push_back(c);
      hart_.env().console_write(s.data(), s.size());
      break;
    }
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
      read_guest_string(param(a1, 0), param(a1, 1), name);
      result = ::unlink(name.c_str()) == 0 ? 0 : (last_errno_ = errno, kError);
      break;
    }
    case SYS_RENAME: {
      std::string from, to;
      read_guest_string(param(a1, 0), param(a1, 1), from);
      read_guest_string(param(a1, 2), param(a1, 3), to);
      result = std::rename(from.c_str(), to.c_str()) == 0 ? 0 : (last_errno_ = errno, kError);
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
