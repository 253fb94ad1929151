#include "models/periph/finisher.h"
#include "vp/regs/finisher.h"

namespace vp {

TestFinisher::TestFinisher(sc_core::sc_module_name name, SimContext& ctx, const TestFinisherConfig& cfg)
    : MmioDevice(name, ctx, cfg, FINISHER_SIZE) {
    regs_.add("finisher", FINISHER_REG, 4)
        .sizes(1u << 2 | 1u << 4)
        .reads([](const RegAccess&) -> uint64_t { return 0; })
        .writes([this](uint64_t v, const RegAccess& a) { command(uint32_t(v), a.at); })
        .no_debug_write();
}

void TestFinisher::command(uint32_t value, Tick at) {
    const std::string when = " at " + ps_to_us_string(at) + " us";
    switch (value & 0xFFFF) {
        case FINISHER_PASS: ctx_.request_stop(0, "finisher pass" + when, at); break;
        case FINISHER_FAIL: {
            const int code = int(value >> 16);
            ctx_.request_stop(code, "finisher fail, code " + std::to_string(code) + when, at);
            break;
        }
        case FINISHER_RESET:
            VP_WARN(log_, "reset requested: not modelled, ending the simulation as a pass");
            ctx_.request_stop(0, "finisher reset (treated as pass)" + when, at);
            break;
        default: VP_WARN(log_, "value 0x{:x} is no finisher command: ignored", value);
    }
}

}  // namespace vp
