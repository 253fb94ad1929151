// Memory-mapped register devices: a small register bank and a TLM target base class.
//
// RegisterBank (an idea learnt from VCML's reg<T>): each register is declared once with its offset,
// width, accepted access sizes and read/write callbacks; the bank decodes an access, checks it and
// calls the callbacks, so a device model is only its registers and its behaviour.
//   - An access must lie inside one register, be naturally aligned and have an accepted size;
//     anything else (including offsets where no register is declared) is TLM_ADDRESS_ERROR_RESPONSE.
//   - Narrow accesses to a wide register (a 32-bit half of the 64-bit mtime) read the register and
//     extract the bytes; narrow writes merge the bytes into the register's current value (read
//     without side effects) and hand the callback the whole new value.
//   - A register without a write callback is read-only: writes are ignored, with one warning per
//     register (real devices ignore them too). Without a read callback it is write-only: reads return 0.
//   - Debug accesses (transport_dbg) read through `peek` when the register has read side effects,
//     and do not write registers whose writes act (THR, finisher, marker commands, PLIC complete):
//     they transfer 0 bytes instead.
//
// MmioDevice implements the TLM target for a RegisterBank with the project's timing conventions:
// an access arriving at `arrival` = sim_now() + delay waits for the device port (a Timeline), is
// serviced for `latency`, takes effect at its service start and completes at start + latency; the
// returned delay is completion - sim_now(). Every b_transport call, erroneous or not, counts one
// "transactions" and records one trace span. No wait() anywhere: safe under temporal decoupling.
#pragma once
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <utility>
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>
#include "config/params.h"
#include "models/common/context.h"
#include "models/common/device.h"
#include "models/common/time.h"
#include "models/common/timeline.h"

namespace vp {

// What a register callback knows about the access that triggered it.
struct RegAccess {
    Tick at = 0;          // time the access takes effect (service start; sim_now() for debug accesses)
    bool debug = false;   // transport_dbg
    unsigned offset = 0;  // first byte of the access within the register (narrow accesses)
    unsigned size = 0;    // bytes accessed (0: the whole register, as for merges and peeks)
};

class Register {
public:
    using ReadFn = std::function<uint64_t(const RegAccess&)>;
    using WriteFn = std::function<void(uint64_t value, const RegAccess&)>;

    Register(std::string name, uint64_t offset, unsigned width)
        : name_(std::move(name)), offset_(offset), width_(width), sizes_(1u << width) {}

    // Accepted access sizes in bytes as a mask of (1 << size): sizes(1 << 4 | 1 << 8). Default: the width.
    Register& sizes(unsigned mask) {
        sizes_ = mask;
        return *this;
    }
    Register& reads(ReadFn fn) {
        read_ = std::move(fn);
        return *this;
    }
    Register& writes(WriteFn fn) {
        write_ = std::move(fn);
        return *this;
    }
    // The register's reads have side effects: debug reads and narrow-write merges use `fn` instead.
    Register& peeks(ReadFn fn) {
        peek_ = std::move(fn);
        return *this;
    }
    // Debug writes are refused (0 bytes transferred): the write is a command, not a stored value.
    Register& no_debug_write() {
        debug_write_ = false;
        return *this;
    }

    const std::string& name() const { return name_; }
    uint64_t offset() const { return offset_; }
    unsigned width() const { return width_; }

private:
    friend class RegisterBank;
    std::string name_;
    uint64_t offset_;
    unsigned width_;
    unsigned sizes_;
    ReadFn read_, peek_;
    WriteFn write_;
    bool debug_write_ = true;
    bool warned_read_only_ = false;
};

class RegisterBank {
public:
    explicit RegisterBank(std::shared_ptr<spdlog::logger> log) : log_(std::move(log)) {}

    // Declares a register of `width` bytes (1, 2, 4 or 8). Throws std::logic_error on overlap.
    Register& add(const std::string& name, uint64_t offset, unsigned width);

    // Performs the access described by the payload at offset p.get_address() (relative to the device)
    // and returns the response status (also set in the payload). Debug accesses return through
    // `transferred` the number of bytes moved (0 when refused).
    tlm::tlm_response_status access(tlm::tlm_generic_payload& p, const RegAccess& a, unsigned* transferred = nullptr);

    const Register* find(uint64_t offset) const;

private:
    Register* find(uint64_t offset) { return const_cast<Register*>(std::as_const(*this).find(offset)); }

    std::map<uint64_t, Register> regs_;  // by offset
    std::shared_ptr<spdlog::logger> log_;
};

// The parameters every register device has: where its window is and how long an access takes.
// Declared by each device's params() with declare_port().
struct MmioPort {
    uint64_t base = 0;
    Tick latency = 10 * kNs;
    void declare_port(config::Params& p, const std::string& what);
};

class MmioDevice : public sc_core::sc_module, public Component, public Device {
public:
    tlm_utils::simple_target_socket<MmioDevice> socket;

    uint64_t base() const { return base_; }
    // Size of the register window, for the bus mapping.
    uint64_t size() const { return size_; }
    Tick latency() const { return latency_; }

    // Device: one register window (devices with more windows or an IRQ extend these).
    std::vector<Window> bus_windows() override { return {{socket, base_, size_, name_}}; }

protected:
    MmioDevice(sc_core::sc_module_name name, SimContext& ctx, const MmioPort& port, uint64_t size);

    RegisterBank regs_;
    Counter& transactions_;
    Counter& errors_;

private:
    void b_transport(tlm::tlm_generic_payload& p, sc_core::sc_time& delay);
    unsigned transport_dbg(tlm::tlm_generic_payload& p);

    uint64_t base_;
    uint64_t size_;
    Tick latency_;
    Timeline port_;
};

}  // namespace vp
