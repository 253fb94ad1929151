#include "models/cpu/iss/fault_report.h"
#include "models/cpu/iss/csr.h"

#include <cstdio>

#include "models/cpu/iss/disasm.h"
#include "models/cpu/iss/hart.h"

namespace vp::iss {

const char* cause_name(uint32_t mcause) {
  if (mcause & kInterrupt) {
    switch (mcause & ~kInterrupt) {
      case 3: return "machine software interrupt";
      case 7: return "machine timer interrupt";
      case 11: return "machine external interrupt";
      default: return "interrupt";
    }
  }
  switch (mcause) {
    case 0: return "instruction address misaligned";
    case 1: return "instruction access fault";
    case 2: return "illegal instruction";
    case 3: return "breakpoint";
    case 4: return "load address misaligned";
    case 5: return "load access fault";
    case 6: return "store/AMO address misaligned";
    case 7: return "store/AMO access fault";
    case 11: return "environment call from M-mode";
    default: return "unknown cause";
  }
}

std::string fault_report(Hart& hart, const TrapInfo& trap, const std::function<std::string(uint32_t)>& symbolize) {
  std::string out;
  char line[160];
  auto where = [&](uint32_t a) {
    std::string s = symbolize ? symbolize(a) : std::string();
    return s.empty() ? s : " <" + s + ">";
  };
  std::snprintf(line, sizeof line, "trap: %s (mcause=0x%08x) at pc=0x%08x%s, mtval=0x%08x\n", cause_name(trap.cause),
                trap.cause, trap.pc, where(trap.pc).c_str(), trap.tval);
  out += line;
  DecodedInsn d;
  if (hart.decode_at_debug(trap.pc, d)) {
    const bool c = d.flags & DecodedInsn::kCompressed;
    std::snprintf(line, sizeof line, "insn: %0*x  %s\n", c ? 4 : 8, d.raw,
                  disasm(d, trap.pc, hart.extension(d.ext_index())).c_str());
  } else {
    std::snprintf(line, sizeof line, "insn: <not readable>\n");
  }
  out += line;
  for (unsigned i = 0; i < 32; i += 4) {
    std::snprintf(line, sizeof line, "  x%-2u %-4s %08x  x%-2u %-4s %08x  x%-2u %-4s %08x  x%-2u %-4s %08x\n", i,
                  int_reg_name(i), hart.x(i), i + 1, int_reg_name(i + 1), hart.x(i + 1), i + 2, int_reg_name(i + 2),
                  hart.x(i + 2), i + 3, int_reg_name(i + 3), hart.x(i + 3));
    out += line;
  }
  if (hart.config().misa & kMisaF) {
    for (unsigned i = 0; i < 32; i += 4) {
      std::snprintf(line, sizeof line, "  f%-2u %-4s %08x  f%-2u %-4s %08x  f%-2u %-4s %08x  f%-2u %-4s %08x\n", i,
                    fp_reg_name(i), hart.f(i), i + 1, fp_reg_name(i + 1), hart.f(i + 1), i + 2, fp_reg_name(i + 2),
                    hart.f(i + 2), i + 3, fp_reg_name(i + 3), hart.f(i + 3));
      out += line;
    }
  }
  uint32_t mstatus = 0, mepc = 0, mcause = 0, mtval = 0, mtvec = 0, mie = 0, fcsr = 0;
  hart.read_csr(kCsr_mstatus, mstatus);
  hart.read_csr(kCsr_mepc, mepc);
  hart.read_csr(kCsr_mcause, mcause);
  hart.read_csr(kCsr_mtval, mtval);
  hart.read_csr(kCsr_mtvec, mtvec);
  hart.read_csr(kCsr_mie, mie);
  hart.read_csr(kCsr_fcsr, fcsr);
  std::snprintf(line, sizeof line,
                "  mstatus %08x  mepc %08x  mcause %08x  mtval %08x  mtvec %08x  mie %08x  mip %08x  fcsr %02x\n",
                mstatus, mepc, mcause, mtval, mtvec, mie, hart.mip(), fcsr);
  out += line;
  std::snprintf(line, sizeof line, "  cycles %llu  instret %llu\n", (unsigned long long)hart.cycles(),
                (unsigned long long)hart.instret());
  out += line;
  return out;
}

}  // namespace vp::iss
