// The environment interface of the ISS: what the embedding (the TLM wrapper, a host harness or a
// unit test) provides to a Hart. Everything here is plain C++; no SystemC.
#pragma once

#include <cfenv>
#include <cstddef>
#include <cstdint>
#include <string>

namespace vp::iss {

enum class MemStatus { Ok, AccessFault };

// Fetch, Load and Store are ordinary accesses. An atomic memory operation (AMO, and the write
// half of a successful SC) is an AmoLoad immediately followed by an AmoStore to the same address;
// the hart never lets anything else run in between, so the pair is atomic for the environment.
enum class AccessKind { Fetch, Load, Store, AmoLoad, AmoStore };

inline bool is_write(AccessKind k) { return k == AccessKind::Store || k == AccessKind::AmoStore; }

// A host-memory window the hart may access directly (from TLM DMI). Accesses that hit it cost
// read_cycles / write_cycles and never call the environment.
struct FastRegion {
  uint8_t* host = nullptr;  // host address of guest address `base`
  uint32_t base = 0;
  uint32_t size = 0;  // bytes; base + size may be 2^32 at most
  bool read = true, write = true, exec = true;
  uint32_t read_cycles = 0, write_cycles = 0;
};

// Cache-block management operation requested by a Zicbom instruction.
enum class CacheOp { Clean = 1, Flush = 2, Inval = 0 };  // values are the cbo.* imm field

// Timing of fast-region accesses when a cache model is attached (Hart::set_mem_timing). The hart
// still moves the data through the fast region (no environment call); the model only says how many
// cycles each access took. Without a MemTiming, fast regions cost their fixed read/write cycles.
//
// The hart calls these hooks from its inline load/store and fetch paths, without the HostFpGuard it
// puts around environment calls (that would cost every access): the host's FP exception flags still
// stand for the guest's pending fflags there (hart_inline.h). An implementation leaves them as it
// found them; whatever it does that may raise host flags (calls into other models) goes inside a
// HostFpFlagsKept.
class MemTiming {
 public:
  virtual ~MemTiming() = default;
  // A data access (Load, Store, AmoLoad, AmoStore) to a fast region at the hart's cycle `now`;
  // `region_cycles` is what the region would cost uncached. Returns the cycles the access takes.
  virtual uint32_t data_access(AccessKind kind, uint32_t addr, unsigned len, uint64_t now, uint32_t region_cycles) = 0;
  // The hart starts fetching from a new line (of 2^fetch_line_bits() bytes) of a fast region.
  // Returns the cycles the fetch takes.
  virtual uint32_t fetch_line(uint32_t addr, uint64_t now) = 0;
  virtual unsigned fetch_line_bits() const = 0;
  // Repeat hits (models/common/repeat_hits.h, Hart::repeat_hits): lines the model granted are
  // accessed again without these calls, counted by the hart and taking 0 cycles. A model that
  // grants answers such a repeat with 0 cycles itself.
};

// Keeps the host FP exception flags across a scope: on exit they are as the scope found them (the
// flags raised inside are cleared, the guest's pending ones stay).
#if defined(__x86_64__)
// x86-64 does all FP math of this program in SSE, whose flags are MXCSR bits 0..5 (the same bits
// as the x87 status word's). Reading MXCSR and, only if something was raised, writing it back
// costs a few cycles per miss, where fetestexcept + feclearexcept cost two library calls and an
// FPU environment rewrite. x87 flags (long double code below) are rare and handled the slow way.
struct HostFpFlagsKept {
  static constexpr unsigned kFlags = 0x3f;
  const unsigned mxcsr = __builtin_ia32_stmxcsr();
  const unsigned x87 = x87_status();
  HostFpFlagsKept() = default;
  HostFpFlagsKept(const HostFpFlagsKept&) = delete;
  HostFpFlagsKept& operator=(const HostFpFlagsKept&) = delete;
  ~HostFpFlagsKept() {
    if (const unsigned raised = x87_status() & ~x87 & kFlags) std::feclearexcept(int(raised));  // both units
    const unsigned now = __builtin_ia32_stmxcsr();
    if ((now ^ mxcsr) & kFlags) __builtin_ia32_ldmxcsr((now & ~kFlags) | (mxcsr & kFlags));
  }
  static unsigned x87_status() {
    uint16_t sw;
    __asm__ volatile("fnstsw %0" : "=am"(sw));
    return sw;
  }
};
#else
struct HostFpFlagsKept {
  const int before = std::fetestexcept(FE_ALL_EXCEPT);
  HostFpFlagsKept() = default;
  HostFpFlagsKept(const HostFpFlagsKept&) = delete;
  HostFpFlagsKept& operator=(const HostFpFlagsKept&) = delete;
  ~HostFpFlagsKept() {
    const int raised = std::fetestexcept(FE_ALL_EXCEPT) & ~before;
    if (raised) std::feclearexcept(raised);
  }
};
#endif

class HartEnv {
 public:
  virtual ~HartEnv() = default;

  // Slow path for every access that does not hit a FastRegion. Misaligned accesses are split by
  // the hart into byte accesses before they get here, so addr is always aligned to len.
  // Adds the cycles the access took to `cycles`.
  virtual MemStatus access(AccessKind kind, uint32_t addr, void* data, unsigned len, uint64_t& cycles) = 0;

  // Untimed access for semihosting and debuggers. Returns false if nothing is mapped there.
  virtual bool debug_access(bool write, uint32_t addr, void* data, unsigned len) = 0;

  // Zicbom: clean/flush/invalidate the cache block holding addr.
  virtual void cache_op(CacheOp op, uint32_t addr, uint64_t& cycles) {}

  // Value of the 'time' CSR (the CLINT mtime). The hart's own cycle count at the moment of the
  // read is Hart::cycles(); a wrapper under temporal decoupling uses it to stay consistent.
  virtual uint64_t read_time() = 0;

  // Semihosting console output (SYS_WRITEC/WRITE0 and writes to ":tt").
  virtual void console_write(const char* s, size_t n) = 0;
  // Semihosting console input (SYS_READC, reads of ":tt"). Returns bytes read, 0 at end of input.
  virtual size_t console_read(char* s, size_t n) { return 0; }

  // The program asked to end (semihosting SYS_EXIT or HTIF tohost). The hart stops with
  // StopReason::Exit after calling this.
  virtual void exit_request(int code) = 0;

  // run() reached the checkpoint cycle set with Hart::set_checkpoint() (at the instruction boundary
  // where it would have stopped had that been its cycle limit). Returns the next checkpoint.
  virtual uint64_t checkpoint(uint64_t cycle) { return ~uint64_t(0); }
  // Something the simulated software did was refused (e.g. a semihosting file operation outside
  // the sandbox): one line for the user. The hart limits how many it sends.
  virtual void warning(const std::string& message) {}

  // A store hit the HTIF tohost word (HartConfig::tohost_addr); value is the word stored.
  // Return true if the program exits (the hart then stops with StopReason::Exit).
  virtual bool tohost_write(uint32_t value) { return false; }
};

}  // namespace vp::iss
