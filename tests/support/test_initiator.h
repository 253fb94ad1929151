// A minimal TLM initiator for tests: issues b_transport / transport_dbg / DMI requests from test code
// running inside an SC_THREAD, with an explicit local time (temporal decoupling made visible).
#pragma once
#include <cstring>
#include <functional>
#include <vector>
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include "models/common/time.h"
#include "models/common/txn.h"

namespace vp::test {

struct Access {
    tlm::tlm_response_status status;
    Tick end;  // completion time (absolute)
};

class TestInitiator : public sc_core::sc_module {
public:
    tlm_utils::simple_initiator_socket<TestInitiator> socket;
    std::function<void(TestInitiator&)> body;  // runs in an SC_THREAD
    uint16_t initiator_id = 0;
    int dmi_invalidations = 0;

    explicit TestInitiator(sc_core::sc_module_name n) : sc_module(n), socket("socket") {
        SC_HAS_PROCESS(TestInitiator);
        SC_THREAD(thread);
        socket.register_invalidate_direct_mem_ptr(this, &TestInitiator::invalidate);
    }

    // Transaction issued at absolute time `at` (>= now). Returns status and completion time.
    Access transport(bool write, uint64_t addr, void* data, unsigned len, Tick at) {
        tlm::tlm_generic_payload p;
        TxnExt ext;
        ext.initiator = initiator_id;
        p.set_extension(&ext);
        p.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
        p.set_address(addr);
        p.set_data_ptr(static_cast<unsigned char*>(data));
        p.set_data_length(len);
        p.set_streaming_width(len);
        p.set_byte_enable_ptr(nullptr);
        p.set_dmi_allowed(false);
        p.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
        sc_core::sc_time delay = to_sc_time(at - sim_now());
        socket->b_transport(p, delay);
        p.clear_extension(&ext);
        return {p.get_response_status(), sim_now() + to_tick(delay)};
    }
    uint32_t read32(uint64_t addr, Tick at = 0) {
        uint32_t v = 0;
        last = transport(false, addr, &v, 4, std::max(at, sim_now()));
        return v;
    }
    void write32(uint64_t addr, uint32_t v, Tick at = 0) {
        last = transport(true, addr, &v, 4, std::max(at, sim_now()));
    }

    unsigned debug(bool write, uint64_t addr, void* data, unsigned len) {
        tlm::tlm_generic_payload p;
        p.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
        p.set_address(addr);
        p.set_data_ptr(static_cast<unsigned char*>(data));
        p.set_data_length(len);
        return socket->transport_dbg(p);
    }

    Access last{};

private:
    void thread() {
        if (body) body(*this);
    }
    void invalidate(sc_dt::uint64, sc_dt::uint64) { ++dmi_invalidations; }
};

}  // namespace vp::test
