#include "models/cpu/iss/elf_loader.h"

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>

namespace vp::iss {

namespace {
// The ELF32 structures, spelled out (no <elf.h> dependency, and explicit little-endian reads).
uint16_t rd16(const std::vector<uint8_t>& b, size_t o) { return uint16_t(b[o] | b[o + 1] << 8); }
uint32_t rd32(const std::vector<uint8_t>& b, size_t o) {
  return uint32_t(b[o]) | uint32_t(b[o + 1]) << 8 | uint32_t(b[o + 2]) << 16 | uint32_t(b[o + 3]) << 24;
}
constexpr uint32_t kPtLoad = 1, kShtSymtab = 2, kSttFunc = 2, kPfX = 1;
constexpr uint16_t kEmRiscv = 243, kEtExec = 2;
constexpr uint64_t kMaxFileBytes = uint64_t(1) << 30;  // no firmware image is bigger than the 32-bit space
}  // namespace

bool ElfImage::load(const std::string& path, std::string& error) {
  segments_.clear();
  symbols_.clear();
  std::error_code ec;
  // Only regular files: a directory reads as nothing, a FIFO or a device (/dev/zero) never ends.
  if (!std::filesystem::is_regular_file(path, ec)) {
    error = path + (std::filesystem::exists(path, ec) ? ": not a regular file" : ": cannot open file (no such file)");
    return false;
  }
  if (std::filesystem::file_size(path, ec) > kMaxFileBytes) {
    error = path + ": larger than " + std::to_string(kMaxFileBytes >> 20) + " MiB: not a firmware image";
    return false;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = path + ": cannot open file";
    return false;
  }
  const std::vector<uint8_t> b((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  return parse(b, path, error);
}

bool ElfImage::parse(const std::vector<uint8_t>& b, const std::string& file, std::string& error) {
  segments_.clear();
  symbols_.clear();
  auto fail = [&](const std::string& why) {
    error = file + ": " + why;
    return false;
  };
  if (b.size() < 52 || std::memcmp(b.data(),
                                   "\x7f"
                                   "ELF",
                                   4) != 0)
    return fail("not an ELF file");
  if (b[5] != 1) return fail("not little-endian");
  const uint16_t machine = rd16(b, 18);  // at the same offset in 32- and 64-bit ELFs
  if (machine != kEmRiscv || b[4] != 1) {
    std::string why;
    if (machine != kEmRiscv) {
      const char* name = machine == 62 ? " = x86-64" : machine == 183 ? " = AArch64" : machine == 40 ? " = ARM" : "";
      why = "e_machine " + std::to_string(machine) + name;
    }
    if (b[4] != 1) why += std::string(why.empty() ? "" : ", ") + "64-bit (ELFCLASS64; this CPU is RV32)";
    return fail("not a 32-bit RISC-V ELF: " + why);
  }
  if (rd16(b, 16) != kEtExec) return fail("not an executable (ET_EXEC expected; relocatable object?)");
  entry_ = rd32(b, 24);
  const uint32_t phoff = rd32(b, 28), shoff = rd32(b, 32);
  const uint16_t phentsize = rd16(b, 42), phnum = rd16(b, 44), shentsize = rd16(b, 46), shnum = rd16(b, 48);
  if (phnum == 0) return fail("no program headers");
  if (phentsize < 32 || uint64_t(phoff) + uint64_t(phnum) * phentsize > b.size())
    return fail("program headers outside the file");

  for (unsigned i = 0; i < phnum; ++i) {
    const size_t o = phoff + size_t(i) * phentsize;
    if (rd32(b, o) != kPtLoad) continue;
    const uint32_t offset = rd32(b, o + 4), vaddr = rd32(b, o + 8), paddr = rd32(b, o + 12), filesz = rd32(b, o + 16),
                   memsz = rd32(b, o + 20), flags = rd32(b, o + 24);
    if (memsz == 0) continue;
    if (filesz > memsz) return fail("segment " + std::to_string(i) + " has p_filesz > p_memsz");
    if (uint64_t(offset) + filesz > b.size())
      return fail("segment " + std::to_string(i) + " extends past the end of the file");
    if (uint64_t(paddr) + memsz > (1ull << 32))
      return fail("segment " + std::to_string(i) + " reaches past the end of the 32-bit address space");
    Segment s;
    s.paddr = paddr;
    s.vaddr = vaddr;
    s.memsz = memsz;
    s.exec = flags & kPfX;
    s.data.assign(b.begin() + offset, b.begin() + offset + filesz);
    segments_.push_back(std::move(s));
  }
  if (segments_.empty()) return fail("no loadable (PT_LOAD) segments");

  // Symbols are optional (a stripped file still runs).
  if (shoff && shentsize >= 40 && uint64_t(shoff) + uint64_t(shnum) * shentsize <= b.size()) {
    for (unsigned i = 0; i < shnum; ++i) {
      const size_t o = shoff + size_t(i) * shentsize;
      if (rd32(b, o + 4) != kShtSymtab) continue;
      const uint32_t off = rd32(b, o + 16), size = rd32(b, o + 20), link = rd32(b, o + 24), entsize = rd32(b, o + 36);
      if (link >= shnum || entsize < 16 || uint64_t(off) + size > b.size()) continue;
      const size_t so = shoff + size_t(link) * shentsize;
      const uint32_t stroff = rd32(b, so + 16), strsize = rd32(b, so + 20);
      if (uint64_t(stroff) + strsize > b.size()) continue;
      for (uint32_t e = 0; e + entsize <= size; e += entsize) {
        const size_t eo = off + e;
        const uint32_t name = rd32(b, eo), value = rd32(b, eo + 4), sz = rd32(b, eo + 8);
        const uint8_t info = b[eo + 12];
        if (name == 0 || name >= strsize || rd16(b, eo + 14) == 0) continue;  // unnamed or undefined
        const char* p = reinterpret_cast<const char*>(b.data() + stroff + name);
        ElfSymbol s;
        s.name.assign(p, strnlen(p, strsize - name));
        s.addr = value;
        s.size = sz;
        s.is_function = (info & 0xf) == kSttFunc;
        if (!s.name.empty() && s.name[0] != '$') symbols_.push_back(std::move(s));
      }
    }
    std::sort(symbols_.begin(), symbols_.end(), [](const ElfSymbol& a, const ElfSymbol& c) { return a.addr < c.addr; });
  }
  return true;
}

std::optional<uint32_t> ElfImage::symbol(const std::string& name) const {
  for (const ElfSymbol& s : symbols_) {
    if (s.name == name) return s.addr;
  }
  return std::nullopt;
}

const ElfSymbol* ElfImage::symbol_at(uint32_t addr) const {
  auto it = std::upper_bound(symbols_.begin(), symbols_.end(), addr,
                             [](uint32_t a, const ElfSymbol& s) { return a < s.addr; });
  // Walk back to the closest preceding sized symbol that contains addr (prefer functions).
  const ElfSymbol* best = nullptr;
  while (it != symbols_.begin()) {
    --it;
    if (addr - it->addr > 0x100000) break;
    if (it->size && addr < it->addr + it->size) {
      if (it->is_function) return &*it;
      if (!best) best = &*it;
    }
  }
  return best;
}

std::string ElfImage::describe(uint32_t addr) const {
  const ElfSymbol* s = symbol_at(addr);
  // A label placed exactly here (an assembly label, size 0) names the spot better than an offset.
  const ElfSymbol* label = nullptr;
  auto it = std::lower_bound(symbols_.begin(), symbols_.end(), addr,
                             [](const ElfSymbol& e, uint32_t a) { return e.addr < a; });
  for (; it != symbols_.end() && it->addr == addr; ++it)
    if (it->size == 0 && (!s || it->name != s->name)) label = &*it;
  if (!s) return label ? label->name : "";
  char off[16];
  std::snprintf(off, sizeof off, "+0x%x", addr - s->addr);
  const std::string where = s->name + (addr == s->addr ? "" : off);
  return label ? label->name + " (" + where + ")" : where;
}

bool ElfImage::place(const std::function<bool(uint32_t, const uint8_t*, size_t)>& write, std::string& error) const {
  for (const Segment& s : segments_) {
    if (!s.data.empty() && !write(s.paddr, s.data.data(), s.data.size())) {
      char buf[96];
      std::snprintf(buf, sizeof buf, "segment at 0x%08x (size 0x%zx) does not fit in memory", s.paddr, s.data.size());
      error = buf;
      return false;
    }
    // The zero-filled rest in bounded pieces (p_memsz is the file's word, up to 4 GiB).
    static const std::vector<uint8_t> zeros(64 * 1024, 0);
    for (uint64_t done = s.data.size(); done < s.memsz;) {
      const size_t n = size_t(std::min<uint64_t>(zeros.size(), s.memsz - done));
      if (!write(s.paddr + uint32_t(done), zeros.data(), n)) {
        char buf[96];
        std::snprintf(buf, sizeof buf, "zero-filled part at 0x%08x does not fit in memory",
                      s.paddr + uint32_t(s.data.size()));
        error = buf;
        return false;
      }
      done += n;
    }
  }
  return true;
}

}  // namespace vp::iss
