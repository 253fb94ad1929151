// Shared by the fuzz targets of SystemC register devices (msgdma, hmc_gather): a driver thread that
// performs an input's operations on a device window and on RAM, and the per-process SystemC set-up.
//
// SystemC elaborates once per process: the platform is built on the first input and every input is a
// dynamic process (sc_spawn) run by a bounded sc_start. libFuzzer provides main(); the target defines
// a dummy sc_main. A thread of an earlier input still waiting when its sc_start ended stops at its
// next step (it must not act on the new input, nor read its freed operations).
//
// Input: 8-byte operations [op, len, off_lo, off_hi, value (LE 32)]:
//   op % 7 = 0 register write of 1/2/4 bytes (len % 3), 1 register read, 2 RAM word = value,
//            3 RAM word = a pointer into the RAM, 4 register = a pointer into the RAM,
//            5 wait value % 20 us, 6 register write of value | 0x8000_0000 (GO/RUN-like bits)
//   register offset: off bit 15 set: anywhere in the window; else bit 14 selects `alt_offset`,
//   plus off & hot_mask (the registers that matter).
#pragma once
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <memory>
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <vector>

namespace vp::fuzz {

struct Driver : sc_core::sc_module {
    tlm_utils::simple_initiator_socket<Driver> socket{"socket"};
    explicit Driver(sc_core::sc_module_name n) : sc_module(n) {}
    // One bus access; a response other than OK is fine (a device may refuse), but it must answer.
    uint32_t access(tlm::tlm_command cmd, uint64_t addr, uint32_t value, unsigned len) {
        uint8_t b[4];
        std::memcpy(b, &value, 4);
        tlm::tlm_generic_payload p;
        p.set_command(cmd);
        p.set_address(addr);
        p.set_data_ptr(b);
        p.set_data_length(len);
        p.set_streaming_width(len);
        p.set_byte_enable_ptr(nullptr);
        p.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
        sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
        socket->b_transport(p, delay);
        if (p.get_response_status() == tlm::TLM_INCOMPLETE_RESPONSE) std::abort();
        wait(delay);
        std::memcpy(&value, b, 4);
        return value;
    }
};

struct Window {
    uint64_t base, size;     // the device's registers
    uint32_t hot_mask;       // offsets that matter: off & hot_mask
    uint64_t alt_offset;     // a second block (bit 14 of off)
    uint64_t ram, ram_size;  // RAM on the same bus
};

inline unsigned generation = 0;

inline void run_ops(Driver& c, const Window& w, const std::shared_ptr<const std::vector<uint8_t>>& ops, unsigned gen) {
    using tlm::TLM_READ_COMMAND;
    using tlm::TLM_WRITE_COMMAND;
    const uint8_t* data = ops->data();
    for (size_t i = 0; i + 8 <= ops->size() && i < 8 * 256 && gen == generation; i += 8) {
        const uint8_t op = data[i], len_sel = data[i + 1];
        const uint16_t off = uint16_t(data[i + 2] | data[i + 3] << 8);
        uint32_t v;
        std::memcpy(&v, data + i + 4, 4);
        const uint64_t reg =
            w.base + ((off & 0x8000) ? off % w.size : ((off & 0x4000) ? w.alt_offset : 0) + (off & w.hot_mask));
        const unsigned len = len_sel % 3 == 0 ? 4 : len_sel % 3 == 1 ? 2 : 1;
        const uint64_t word = w.ram + (uint64_t(off) * 4) % w.ram_size;
        const uint32_t ptr = uint32_t(w.ram + v % w.ram_size);
        switch (op % 7) {
            case 0: c.access(TLM_WRITE_COMMAND, reg & ~uint64_t(len - 1), v, len); break;
            case 1: c.access(TLM_READ_COMMAND, reg & ~uint64_t(len - 1), 0, len); break;
            case 2: c.access(TLM_WRITE_COMMAND, word, v, 4); break;
            case 3: c.access(TLM_WRITE_COMMAND, word, ptr, 4); break;
            case 4: c.access(TLM_WRITE_COMMAND, reg & ~uint64_t(3), ptr, 4); break;
            case 5: sc_core::wait(sc_core::sc_time(v % 20000, sc_core::SC_NS)); break;
            default: c.access(TLM_WRITE_COMMAND, reg & ~uint64_t(3), v | 0x80000000u, 4); break;
        }
    }
}

// Runs one input: `reset` (in the driver thread, before the operations), then the operations, for at
// most `budget` of simulated time. An exception out of the simulation is a finding.
inline void run_input(Driver& c, const Window& w, const uint8_t* data, size_t size, std::function<void(Driver&)> reset,
                      sc_core::sc_time budget) {
    auto ops = std::make_shared<const std::vector<uint8_t>>(data, data + size);
    const unsigned gen = ++generation;
    sc_core::sc_spawn([&c, w, ops, gen, reset] {
        reset(c);
        run_ops(c, w, ops, gen);
    });
    try {
        sc_core::sc_start(budget);
    } catch (...) {
        std::abort();
    }
}

inline void quiet_systemc() {
    sc_core::sc_report_handler::set_actions("/IEEE_Std_1666/deprecated", sc_core::SC_DO_NOTHING);
    sc_core::sc_report_handler::set_actions(sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
    sc_core::sc_report_handler::set_actions(sc_core::SC_WARNING, sc_core::SC_DO_NOTHING);
}

}  // namespace vp::fuzz
