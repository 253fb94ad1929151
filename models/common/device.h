// What the platform needs to know of a device to assemble it from the scenario's device table
// (platform/devices.cpp): the windows it occupies on the bus, its interrupt output, its bus master,
// and the boot-info entries that tell firmware where it is. A device implements what it has; the
// platform wires all devices the same way.
#pragma once
#include <cstdint>
#include <string>
#include <vector>
#include <tlm>
#include "models/common/irq.h"

namespace vp {

class SimContext;
class Memory;

// What a device factory may use besides its own configuration section.
struct DeviceContext {
    SimContext& sim;
    Memory* ram = nullptr;  // the main memory model (a device inside the memory, e.g. the HMC controller)
    uint64_t ram_base = 0;  // its bus address
};

class Device {
public:
    struct Window {
        tlm::tlm_target_socket<>& socket;
        uint64_t base, size;
        std::string name;  // bus mapping name (statistics, error messages)
    };
    struct BootInfo {
        std::string name;  // firmware looks the device up by this name (include/vp/regs/bootinfo.h)
        uint32_t addr, size;
    };

    virtual ~Device() = default;
    virtual std::vector<Window> bus_windows() = 0;
    virtual IrqLine* irq_output() { return nullptr; }
    virtual tlm::tlm_initiator_socket<>* bus_master() { return nullptr; }
    virtual std::vector<BootInfo> boot_info() { return {}; }
};

}  // namespace vp
