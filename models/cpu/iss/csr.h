// CSR numbers and names from the one table (csr.def).
#pragma once

#include <cstdint>

namespace vp::iss {

enum Csr : uint16_t {
#define CSR(name, number, kind) kCsr_##name = number,
#include "models/cpu/iss/csr.def"
#undef CSR
};

// mstatus fields (privileged spec) the hart and its extensions read and write.
constexpr uint32_t kMstatusSIE = 1u << 1, kMstatusMIE = 1u << 3, kMstatusSPIE = 1u << 5, kMstatusMPIE = 1u << 7;
constexpr uint32_t kMstatusSPP = 1u << 8, kMstatusMPP = 3u << 11, kMstatusMPPShift = 11;
constexpr uint32_t kMstatusFS = 3u << 13, kMstatusFSInitial = 1u << 13, kMstatusFSDirty = 3u << 13;
constexpr uint32_t kMstatusMPRV = 1u << 17, kMstatusSUM = 1u << 18, kMstatusMXR = 1u << 19;
constexpr uint32_t kMstatusTVM = 1u << 20, kMstatusTW = 1u << 21, kMstatusTSR = 1u << 22, kMstatusSD = 1u << 31;
// The mstatus bits sstatus shows (and writes, but SD, which is read-only).
constexpr uint32_t kSstatusMask =
    kMstatusSIE | kMstatusSPIE | kMstatusSPP | kMstatusFS | kMstatusSUM | kMstatusMXR | kMstatusSD;

// Privilege levels (the encoding of mstatus.MPP and of the CSR numbers' bits 9:8).
enum Priv : uint8_t { kPrivU = 0, kPrivS = 1, kPrivM = 3 };

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
