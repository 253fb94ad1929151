// Booting like QEMU 7.2's `virt` machine (riscv32): where `vp run --bios FW --kernel IMAGE --initrd
// FILE` puts each image and the device tree, and the reset vector ROM that starts the harts
// (hw/riscv/boot.c and hw/riscv/virt.c of QEMU 7.2; docs/boot.md). Pure arithmetic and bytes: the
// platform (platform.cpp, Platform::boot_images) does the loading.
#pragma once
#include <cstdint>
#include <vector>

namespace vp::boot {

inline constexpr uint64_t kMiB = 1ull << 20;
// QEMU virt's mask ROM (VIRT_MROM): the reset vector at its start, fw_dynamic_info right after it.
inline constexpr uint32_t kMromBase = 0x1000, kMromSize = 0xf000;
inline constexpr uint32_t kResetVectorBytes = 40;  // ten words (riscv_setup_rom_reset_vec)
// The size QEMU reserves for its device tree (FDT_MAX_SIZE of device_tree.c: the tree is built in a
// 1 MiB buffer, and riscv_load_fdt places that many bytes).
inline constexpr uint64_t kQemuFdtSize = 1 * kMiB;

// OpenSBI's fw_dynamic_info (include/sbi/fw_dynamic.h; QEMU's boot_opensbi.h), version 2, rv32.
inline constexpr uint32_t kFwDynamicMagic = 0x4942534f;  // "OSBI"
inline constexpr uint32_t kFwDynamicVersion = 2;
inline constexpr uint32_t kFwDynamicNextModeS = 1;

inline uint64_t align_up(uint64_t v, uint64_t a) { return (v + a - 1) / a * a; }
inline uint64_t align_down(uint64_t v, uint64_t a) { return v / a * a; }

// riscv_calc_kernel_start_addr (rv32): a raw kernel goes to the first 4 MiB boundary at or after the
// end of the firmware (an ELF kernel goes where its segments say).
inline uint64_t kernel_start(uint64_t firmware_end) { return align_up(firmware_end, 4 * kMiB); }

// riscv_load_initrd: kernel entry + min(RAM size / 2, 128 MiB) (room for the kernel to unpack).
inline uint64_t initrd_start(uint64_t kernel_entry, uint64_t ram_size) {
    return kernel_entry + (ram_size / 2 < 128 * kMiB ? ram_size / 2 : 128 * kMiB);
}

// riscv_load_fdt: the highest 2 MiB boundary that leaves `fdt_size` bytes (QEMU: kQemuFdtSize, or
// the blob when larger) below the end of the RAM or below 3 GiB, whichever is lower (a 32-bit
// kernel must reach it). 0 when the RAM has no such room.
uint64_t fdt_address(uint64_t ram_base, uint64_t ram_size, uint64_t fdt_size);

// The ROM's bytes (QEMU's riscv_setup_rom_reset_vec for rv32, then riscv_rom_copy_firmware_info):
//   auipc t0, 0 ; addi a2, t0, 40 ; csrr a0, mhartid ; lw a1, 32(t0) ; lw t0, 24(t0) ; jr t0
//   .word start_addr, 0, fdt_addr, 0
//   fw_dynamic_info { magic, version, next_addr = kernel_entry, next_mode = S, options = 0, boot_hart = 0 }
// Every hart runs it from kMromBase in M-mode: a0 = mhartid, a1 = the DTB, a2 = fw_dynamic_info.
std::vector<uint8_t> reset_rom(uint32_t start_addr, uint32_t fdt_addr, uint32_t kernel_entry);

}  // namespace vp::boot
