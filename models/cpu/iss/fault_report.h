// Human-readable report of a trap: cause, PC (with function name if known), instruction bits and
// disassembly, and all registers.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

namespace vp::iss {

class Hart;
struct TrapInfo;

const char* cause_name(uint32_t mcause);  // "illegal instruction", "machine timer interrupt", ...

// symbolize(addr) may return "" when unknown, e.g. ElfImage::describe.
std::string fault_report(Hart& hart, const TrapInfo& trap, const std::function<std::string(uint32_t)>& symbolize = {});

}  // namespace vp::iss
