// CSR numbers and names from the one table (csr.def).
#pragma once

#include <cstdint>

namespace vp::iss {

enum Csr : uint16_t {
#define CSR(name, number, kind) kCsr_##name = number,
#include "models/cpu/iss/csr.def"
#undef CSR
};

// mstatus fields (privileged spec, machine mode) the hart and its extensions read and write.
constexpr uint32_t kMstatusMIE = 1u << 3, kMstatusMPIE = 1u << 7, kMstatusMPP = 3u << 11;
constexpr uint32_t kMstatusFS = 3u << 13, kMstatusFSInitial = 1u << 13, kMstatusFSDirty = 3u << 13;

struct CsrInfo {
  uint16_t number;
  const char* name;
  char kind;  // 'F' floating point, 'U' user counter, 'M' machine
};

// Every CSR of the table, in table order.
const CsrInfo* csr_table();
unsigned csr_count();
// The name of a CSR of the table (nullptr for others).
const char* csr_name(uint16_t csr);

}  // namespace vp::iss
