// A small TLM target for bus tests: a RAM of `size` bytes with a fixed service time, DMI, debug.
// The bus is the unit under test; this target only needs predictable timing.
#pragma once
#include <vector>
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>
#include "models/common/time.h"

namespace vp::test {

class TestTarget : public sc_core::sc_module {
public:
    tlm_utils::simple_target_socket<TestTarget> socket;
    std::vector<uint8_t> mem;
    Tick service = 10 * kNs;
    std::vector<uint64_t> seen_addresses;

    TestTarget(sc_core::sc_module_name n, size_t size) : sc_module(n), socket("socket"), mem(size) {
        socket.register_b_transport(this, &TestTarget::b_transport);
        socket.register_get_direct_mem_ptr(this, &TestTarget::get_dmi);
        socket.register_transport_dbg(this, &TestTarget::dbg);
    }
    void invalidate(uint64_t lo, uint64_t hi) { socket->invalidate_direct_mem_ptr(lo, hi); }

private:
    void b_transport(tlm::tlm_generic_payload& p, sc_core::sc_time& delay) {
        seen_addresses.push_back(p.get_address());
        if (p.get_address() + p.get_data_length() > mem.size()) {
            p.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
            return;
        }
        if (p.is_write())
            std::memcpy(&mem[p.get_address()], p.get_data_ptr(), p.get_data_length());
        else
            std::memcpy(p.get_data_ptr(), &mem[p.get_address()], p.get_data_length());
        delay += to_sc_time(service);
        p.set_response_status(tlm::TLM_OK_RESPONSE);
    }
    bool get_dmi(tlm::tlm_generic_payload&, tlm::tlm_dmi& d) {
        d.set_dmi_ptr(mem.data());
        d.set_start_address(0);
        d.set_end_address(mem.size() - 1);
        d.allow_read_write();
        d.set_read_latency(to_sc_time(service));
        d.set_write_latency(to_sc_time(service));
        return true;
    }
    unsigned dbg(tlm::tlm_generic_payload& p) {
        if (p.get_address() + p.get_data_length() > mem.size()) return 0;
        if (p.is_write())
            std::memcpy(&mem[p.get_address()], p.get_data_ptr(), p.get_data_length());
        else
            std::memcpy(p.get_data_ptr(), &mem[p.get_address()], p.get_data_length());
        return p.get_data_length();
    }
};

}  // namespace vp::test
