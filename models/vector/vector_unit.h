// The vector unit of the accelerator: a Zve32f subset of RVV 1.0 (SEW 32 only) as a plug-in
// (iss::Extension) of the platform's one ISS core. docs/vector.md has the instruction table.
//
// Blocks:
//   * vector register file: 32 registers of VLEN bits, held as one flat array of 32-bit elements,
//     so a register group of LMUL registers is a contiguous run (element i of group vd is word
//     vd * VLEN/32 + i); mask registers are bit i of that run (RVV's mask layout);
//   * configuration state vtype / vl / vstart (+ vxrm, vxsat, vcsr, vlenb CSRs);
//   * the execution loops: every instruction runs at dispatch as a tight host loop over the
//     register file (results are exact at once);
//   * the load/store path, which reaches only the data local memory (a host window): any other
//     address is an access fault with vstart at the faulting element;
//   * the timing model (IssueModel): queue, pipes, scoreboard, chaining; it only decides how many
//     cycles the scalar side stalls.
// Tail and mask policies: agnostic (ta/ma) is executed as undisturbed, a legal agnostic behaviour.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "models/cpu/iss/extension.h"
#include "models/vector/issue_model.h"

namespace vp::vec {

enum class VOp : uint8_t {
#define VOP(name, mnem, unit, form) name,
#include "models/vector/vops.def"
#undef VOP
    Count
};

// Timing parameters of the vector unit (cycles of the accelerator clock).
struct VectorTimingConfig {
    unsigned add_lanes = 8;            // FP-add / integer / move / mask elements per cycle
    unsigned mul_lanes = 8;            // FP-multiply / FMA / integer-multiply elements per cycle
    unsigned lm_bytes_per_cycle = 32;  // unit-stride load/store bandwidth to the data LM
    unsigned indexed_per_cycle = 1;    // strided / indexed elements per cycle (one LM access each)
    unsigned alu_latency = 2;          // integer, move, mask, slide, compare
    unsigned fp_latency = 4;           // FP add / multiply / fused multiply-add pipeline depth
    unsigned div_cycles = 8;           // per element per lane: divide, square root (not pipelined)
    unsigned mem_latency = 2;          // data LM read latency
    unsigned queue_depth = 8;          // vector instructions between the scalar side and issue
    bool chaining = true;              // dependent instructions start on the first results
};

struct VectorUnitConfig {
    unsigned vlen = 1024;  // bits per vector register (power of two, 64..65536)
    VectorTimingConfig timing;
};

// A host window of guest memory the vector loads and stores may reach.
struct MemWindow {
    uint32_t base = 0, size = 0;
    uint8_t* host = nullptr;
};

struct VectorStats {
    uint64_t instructions = 0;  // vector instructions executed (vset* included)
    uint64_t element_ops = 0;   // body elements processed (vl per instruction; whole-register ops count all)
    uint64_t flops = 0;         // FP element operations (an FMA counts 2)
    uint64_t mem_bytes = 0;     // bytes loaded or stored by vector memory instructions
};

class VectorUnit : public iss::Extension {
public:
    explicit VectorUnit(const VectorUnitConfig& cfg);

    // The data LM: the only memory vector loads and stores reach.
    void set_data_window(const MemWindow& w) { dlm_ = w; }

    // ---- iss::Extension ----
    const char* name() const override { return "Zve32f"; }
    bool decode(uint32_t insn, iss::DecodedInsn& out) override;
    iss::ExecResult execute(iss::Hart& hart, const iss::DecodedInsn& d) override;
    bool csr_read(iss::Hart& hart, uint16_t csr, uint32_t& value) override;
    bool csr_write(iss::Hart& hart, uint16_t csr, uint32_t value) override;
    void reset(iss::Hart& hart) override;
    std::string disasm(const iss::DecodedInsn& d, uint32_t pc) const override;

    // ---- state, for tests, reports and the accelerator ----
    unsigned vlen() const { return vlen_; }
    unsigned vlmax(unsigned lmul = 8) const { return lmul * vlen_ / 32; }
    uint32_t vl() const { return vl_; }
    uint32_t vtype() const { return vtype_; }
    uint32_t vstart() const { return vstart_; }
    // Element i of register group starting at vd (i may run past the register, into the group).
    uint32_t elem(unsigned vd, unsigned i) const { return vregs_[vd * words_ + i]; }
    void set_elem(unsigned vd, unsigned i, uint32_t v) { vregs_[vd * words_ + i] = v; }
    uint32_t* reg(unsigned v) { return &vregs_[v * words_]; }
    const VectorStats& stats() const { return stats_; }
    const IssueModel& issue() const { return issue_; }
    // Cycle at which every dispatched vector instruction has completed.
    uint64_t drained() const { return issue_.drained(); }
    static const char* mnemonic(VOp op);

private:
    // Decoded operand kinds (what the second source operand of an arithmetic op is).
    enum Src : uint8_t { kSrcV = 0, kSrcX = 1, kSrcI = 2, kSrcF = 3 };

    bool set_vtype(uint32_t vtype, uint32_t avl, bool keep_vl);
    unsigned lmul() const { return lmul_; }
    bool mask_bit(unsigned i) const { return (vregs_[i >> 5] >> (i & 31)) & 1; }
    uint32_t window_of(uint32_t addr, unsigned len) const;  // host offset + 1, 0 if outside the DLM
    iss::ExecResult illegal(iss::Hart& h, const iss::DecodedInsn& d);
    iss::ExecResult exec_memory(iss::Hart& h, const iss::DecodedInsn& d, VOp op, bool vm);
    iss::ExecResult exec_fp(iss::Hart& h, const iss::DecodedInsn& d, VOp op, bool vm, Src src);
    bool check_groups(const iss::DecodedInsn& d, VOp op, bool vm, Src src) const;
    void time(iss::Hart& h, const iss::DecodedInsn& d, VOp op, bool vm, Src src, uint32_t elems);
    template <class F>
    void for_active(bool vm, F&& body);

    VectorUnitConfig cfg_;
    unsigned vlen_, words_;  // VLEN bits, 32-bit words per register
    std::vector<uint32_t> vregs_;
    std::vector<uint32_t> tmp_;  // scratch for slides / gathers / compares
    uint32_t vtype_ = 0x80000000u, vl_ = 0, vstart_ = 0, vxrm_ = 0, vxsat_ = 0;
    unsigned lmul_ = 1;
    MemWindow dlm_;
    IssueModel issue_;
    VectorStats stats_;
};

}  // namespace vp::vec
