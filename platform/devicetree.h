// The platform as a device tree (docs/devicetree.md): the source `vp describe --dts` prints, built from
// the resolved memory map, and the blob (DTB) the platform can place in RAM at reset (libfdt).
#pragma once
#include <cstdint>
#include <string>
#include <vector>
#include "platform/platform.h"

namespace vp {

struct DeviceTreeInput {
    bool cpu = true;
    uint32_t hartid = 0;  // of the first hart; hart h has hartid + h
    unsigned harts = 1;
    double cpu_hz = 1e9;
    unsigned plic_ndev = 63;     // PLIC sources without the reserved 0
    unsigned plic_contexts = 1;  // context 2h: hart h M-mode, 2h + 1: its S-mode (QEMU virt)
    std::vector<MapEntry> map;   // every bus window, with its device type, instance and PLIC source
    // /chosen for a kernel (vp run --append, --initrd; QEMU virt's properties): bootargs when not empty,
    // linux,initrd-start/-end when initrd_end > initrd_start.
    std::string bootargs;
    uint64_t initrd_start = 0, initrd_end = 0;
};

// The vendor prefix of the platform's own devices (compatible = "vp,<device>").
inline constexpr const char* kVendorPrefix = "vp";
// The scenario key the mask ROM of `vp run --bios` is mapped under (platform/boot.h; not a scenario
// key: the ROM exists only for such runs).
inline constexpr const char* kBootRomKey = "platform.mrom";

std::string device_tree_source(const DeviceTreeInput& in);
// The same tree as a flattened device tree blob (throws std::runtime_error when libfdt fails).
std::vector<uint8_t> device_tree_blob(const DeviceTreeInput& in);

}  // namespace vp
