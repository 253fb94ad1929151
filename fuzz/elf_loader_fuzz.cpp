// Fuzz target: the ELF loader (models/cpu/iss/elf_loader.*): parse any bytes, place the segments
// into 64 KiB of RAM at 0x80000000 as the platform's loader does (refusing what does not fit), and
// look up symbols around the entry point. Oracle besides the sanitizers: placed segments hold what
// the file says (data, then zeros), and no allocation is sized by the file's p_memsz
// (-malloc_limit_mb).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "models/cpu/iss/elf_loader.h"

using namespace vp::iss;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    constexpr uint32_t kRam = 0x80000000u, kRamSize = 64 * 1024;
    const std::vector<uint8_t> bytes(data, data + size);
    ElfImage elf;
    std::string error;
    if (!elf.parse(bytes, "fuzz.elf", error)) {
        if (error.empty()) std::abort();  // a refusal always says why
        return 0;
    }
    std::vector<uint8_t> ram(kRamSize, 0xa5);
    const bool placed = elf.place(
        [&](uint32_t a, const uint8_t* p, size_t n) {
            if (a < kRam || uint64_t(a - kRam) + n > kRamSize) return false;
            std::memcpy(&ram[a - kRam], p, n);
            return true;
        },
        error);
    if (placed) {
        for (const auto& s : elf.segments()) {
            if (s.data.size() > s.memsz || s.data.size() > size) std::abort();
            // (later segments may overlap earlier ones: check the last segment only)
        }
        if (!elf.segments().empty()) {
            const auto& s = elf.segments().back();
            if (!s.data.empty() && std::memcmp(&ram[s.paddr - kRam], s.data.data(), s.data.size()) != 0) std::abort();
            for (uint64_t i = s.data.size(); i < s.memsz; ++i)
                if (ram[s.paddr - kRam + i] != 0) std::abort();
        }
    }
    (void)elf.describe(elf.entry());
    (void)elf.symbol("main");
    for (const auto& s : elf.symbols()) (void)elf.symbol_at(s.addr + s.size / 2);
    return 0;
}
