// A small ELF32 (RISC-V, little-endian) reader: loadable segments placed by physical address
// (p_paddr, so initialised .data lands at its load address as picolibc's crt0 expects) and the
// symbol table for address -> function lookups.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace vp::iss {

struct ElfSymbol {
  std::string name;
  uint32_t addr = 0, size = 0;
  bool is_function = false;
};

class ElfImage {
 public:
  struct Segment {
    uint32_t paddr = 0, vaddr = 0, memsz = 0;
    bool exec = false;
    std::vector<uint8_t> data;  // file contents (p_filesz bytes); the rest up to memsz is zero
  };

  // Reads and checks the file (a regular file of at most kMaxFileSize). On failure returns false
  // with a message in `error`.
  bool load(const std::string& path, std::string& error);
  // The same on bytes already in memory; `file` prefixes the messages.
  bool parse(const std::vector<uint8_t>& bytes, const std::string& file, std::string& error);
  static constexpr uint64_t kMaxFileSize = 1ull << 30;

  uint32_t entry() const { return entry_; }
  const std::vector<Segment>& segments() const { return segments_; }
  const std::vector<ElfSymbol>& symbols() const { return symbols_; }
  std::optional<uint32_t> symbol(const std::string& name) const;
  // The function (or other sized symbol) containing addr, or nullptr.
  const ElfSymbol* symbol_at(uint32_t addr) const;
  // "name+0x12", or "" when unknown.
  std::string describe(uint32_t addr) const;

  // Writes every segment (data, then zeros up to memsz, in pieces of at most 64 KiB) through
  // `write(paddr, bytes, len)`, which returns false if the target memory does not exist there.
  bool place(const std::function<bool(uint32_t, const uint8_t*, size_t)>& write, std::string& error) const;

 private:
  uint32_t entry_ = 0;
  std::vector<Segment> segments_;
  std::vector<ElfSymbol> symbols_;  // sorted by address
};

}  // namespace vp::iss
