// RISC-V semihosting (the Arm semihosting protocol behind `slli x0,x0,0x1f; ebreak;
// srai x0,x0,7`), as used by picolibc's libsemihost and crt0-semihost. RV32: parameter-block
// words are 32 bits. Console I/O goes to HartEnv. Host files are the security boundary between
// simulated software and the host: they exist only inside a sandbox directory (HostSandbox; none
// by default), and every length the guest gives is checked against guest memory and moved in
// bounded chunks. See docs/reliability.md.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "models/cpu/iss/host_sandbox.h"

namespace vp::iss {

class Hart;

namespace semihost {
// Operation numbers (a0) of the calls the VP serves.
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
}  // namespace semihost

class Semihosting {
 public:
  explicit Semihosting(Hart& hart);
  ~Semihosting();
  Semihosting(const Semihosting&) = delete;
  Semihosting& operator=(const Semihosting&) = delete;

  // True if the (uncompressed) ebreak at pc is framed by the semihosting marker instructions.
  bool is_call_site(uint32_t pc);
  // Performs the call: op in a0, parameter (block address) in a1, result to a0.
  void call();
  // What SYS_GET_CMDLINE returns.
  void set_cmdline(const std::string& s) { cmdline_ = s; }
  // The directory guest files live in; "" (the default) turns file access off (console I/O,
  // exit and the other calls keep working).
  void set_file_root(const std::string& dir) { sandbox_.set_root(dir); }
  const std::string& file_root() const { return sandbox_.root(); }

  static constexpr uint32_t kChunk = 64 * 1024;  // host buffer of one READ/WRITE step
  // Host disk a run may fill through SYS_WRITE to files: a guest looping on WRITE must not fill the
  // host's disk. Past it, WRITE transfers nothing more and sets ENOSPC (the guest sees a full disk).
  static constexpr uint64_t kMaxFileBytesWritten = uint64_t(1) << 30;
  void set_file_write_limit(uint64_t bytes) { file_write_limit_ = bytes; }
  static constexpr unsigned kMaxWarnings = 10;  // refused file operations reported, then counted
  static constexpr unsigned kMaxHandles = 256;  // open handles of any kind (console ones too)

 private:
  struct Handle {
    enum Kind { Closed, ConsoleIn, ConsoleOut, Features, HostFile } kind = Closed;
    int fd = -1;
    uint32_t pos = 0;  // for the features pseudo-file
  };
  uint32_t param(uint32_t block, unsigned index);
  // A name from guest memory; false (errno set) if it is longer than HostSandbox::kMaxName or
  // not in guest memory. Nothing is allocated before the length is checked.
  bool read_guest_name(uint32_t addr, uint32_t len, std::string& out);
  uint32_t file_result(int r, const char* op, const std::string& name);  // 0 or -1, errno, warning
  void warn(const std::string& msg);
  // Copies guest memory [addr, addr + n) to buf up to the first byte that is not guest memory;
  // returns how many bytes it copied.
  uint32_t guest_prefix(uint32_t addr, char* buf, uint32_t n);
  Handle* handle(uint32_t h);
  uint32_t op_open(uint32_t block);
  uint32_t op_write(uint32_t block);
  uint32_t op_read(uint32_t block);
  void do_exit(int code);

  void op_write0(uint32_t addr);

  Hart& hart_;
  HostSandbox sandbox_;
  unsigned warnings_ = 0;
  std::vector<Handle> handles_;
  std::string cmdline_;
  int last_errno_ = 0;
  uint64_t file_bytes_written_ = 0;  // to host files, this run
  uint64_t file_write_limit_ = kMaxFileBytesWritten;
  bool warned_write_limit_ = false;
  uint64_t start_us_ = 0;
};

}  // namespace vp::iss
