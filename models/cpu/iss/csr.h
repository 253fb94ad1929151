// CSR numbers and names from the one table (csr.def).
#pragma once

#include <cstdint>

namespace vp::iss {

enum Csr : uint16_t {
#define CSR(name, number, kind) kCsr_##name = number,
#include "models/cpu/iss/csr.def"
#undef CSR
};

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
