// Plug-in interface for instruction-set extensions that live outside the core (e.g. a Zve32f
// subset of RVV for the vector accelerator's control hart, or the LAPP HINT instructions).
#pragma once

#include <cstdint>
#include <string>

#include "models/cpu/iss/decode.h"

namespace vp::iss {

class Hart;

// What the core does after Extension::execute.
enum class ExecResult {
  Next,     // advance the PC by the instruction length
  Jumped,   // the extension set the PC itself (Hart::set_pc)
  Trapped,  // the extension called Hart::raise_exception; the instruction does not retire
};

class Extension {
 public:
  virtual ~Extension() = default;
  virtual const char* name() const = 0;

  // misa bits this extension adds (e.g. misa_bit('V')); 0 for a non-standard extension.
  virtual uint32_t misa_bits() const { return 0; }

  // Offered every uncompressed instruction before the standard decoder, so an extension can also
  // claim HINT encodings (writes to x0) that the standard decoder would treat as no-ops. Return
  // false for anything you do not own. On true, fill rd/rs1/rs2/rs3/imm as you like (they are
  // yours) and optionally exec_cycles; the core sets op, flags and raw. Decoding happens once
  // per PC (decode cache), so this need not be fast.
  virtual bool decode(uint32_t insn, DecodedInsn& out) { return false; }

  // Executes an instruction this extension claimed. Use the Hart's public register and memory
  // methods; memory helpers return false after raising the exception (then return Trapped).
  virtual ExecResult execute(Hart& hart, const DecodedInsn& d) = 0;

  // CSR hooks, asked before the core's own CSRs. Return false if the CSR is not yours.
  virtual bool csr_read(Hart& hart, uint16_t csr, uint32_t& value) { return false; }
  virtual bool csr_write(Hart& hart, uint16_t csr, uint32_t value) { return false; }

  virtual void reset(Hart& hart) {}

  // Entry hook (Hart::set_entry_hook): called before the instruction at an armed PC executes, for
  // extensions that execute a stretch of code themselves (an FU array running a loop). Return true
  // when you did: the PC, registers and memory are then as if the hart had executed up to the new
  // PC, and the cycles and instructions are accounted (Hart::retire_external). Return false to let
  // the instruction at pc execute normally. Host FP flags are folded into fflags before the call
  // and discarded after it (report FP flags through the fflags CSR).
  virtual bool on_entry(Hart& hart, uint32_t pc) { return false; }

  // One-line disassembly of an instruction this extension claimed.
  virtual std::string disasm(const DecodedInsn& d, uint32_t pc) const { return name(); }
};

}  // namespace vp::iss
