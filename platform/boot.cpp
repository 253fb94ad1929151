#include "platform/boot.h"

namespace vp::boot {

uint64_t fdt_address(uint64_t ram_base, uint64_t ram_size, uint64_t fdt_size) {
    const uint64_t ram_end = ram_base + ram_size, three_gib = 3072 * kMiB;
    const uint64_t top = ram_base < three_gib ? (ram_end < three_gib ? ram_end : three_gib) : ram_end;
    if (top < ram_base + fdt_size) return 0;
    const uint64_t at = align_down(top - fdt_size, 2 * kMiB);
    return at < ram_base ? 0 : at;
}

std::vector<uint8_t> reset_rom(uint32_t start_addr, uint32_t fdt_addr, uint32_t kernel_entry) {
    const uint32_t words[] = {
        0x00000297u,  // 1: auipc t0, %pcrel_hi(fw_dyn)
        0x02828613u,  //    addi  a2, t0, %pcrel_lo(1b)
        0xf1402573u,  //    csrr  a0, mhartid
        0x0202a583u,  //    lw    a1, 32(t0)
        0x0182a283u,  //    lw    t0, 24(t0)
        0x00028067u,  //    jr    t0
        start_addr,   // start: .dword
        0,
        fdt_addr,  // fdt_laddr: .dword
        0,
        // fw_dyn: struct fw_dynamic_info (target_long = 32 bits)
        kFwDynamicMagic, kFwDynamicVersion, kernel_entry, kFwDynamicNextModeS,
        0,  // options
        0,  // boot_hart
    };
    std::vector<uint8_t> bytes;
    for (uint32_t w : words)
        for (unsigned i = 0; i < 4; ++i) bytes.push_back(uint8_t(w >> (8 * i)));  // little-endian
    return bytes;
}

}  // namespace vp::boot
