// RISC-V semihosting (the Arm semihosting protocol behind `slli x0,x0,0x1f; ebreak;
// srai x0,x0,7`), as used by picolibc's libsemihost and crt0-semihost. RV32: parameter-block
// words are 32 bits. Console I/O goes to HartEnv; host files are opened relative to the current
// directory.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace vp::iss {

class Hart;

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

 private:
  struct Handle {
    enum Kind { Closed, ConsoleIn, ConsoleOut, Features, HostFile } kind = Closed;
    int fd = -1;
    uint32_t pos = 0;  // for the features pseudo-file
  };
  uint32_t param(uint32_t block, unsigned index);
  bool read_guest_string(uint32_t addr, uint32_t len, std::string& out);
  Handle* handle(uint32_t h);
  uint32_t op_open(uint32_t block);
  uint32_t op_write(uint32_t block);
  uint32_t op_read(uint32_t block);
  void do_exit(int code);

  Hart& hart_;
  std::vector<Handle> handles_;
  std::string cmdline_;
  int last_errno_ = 0;
  uint64_t start_us_ = 0;
};

}  // namespace vp::iss
