# See LICENSE for license details.

#include "riscv_test.h"
#undef RVTEST_RV64UF
#define RVTEST_RV64UF RVTEST_RV32UF

#include "../rv64uf/recoding.S"
