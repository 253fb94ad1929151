#include "models/lapp/loop_capture.h"

#include <set>

#include "models/cpu/iss/hart.h"
#include "vp/isa/lapp.h"

namespace vp::lapp {

using iss::Fmt;
using iss::Op;

const char* unit_name(Unit u) {
    switch (u) {
        case Unit::Alu: return "alu";
        case Unit::Mul: return "mul";
        case Unit::Fpu: return "fpu";
        case Unit::Lsu: return "lsu";
    }
    return "?";
}

namespace {

uint8_t xreg(uint8_t r) { return r == iss::kSinkReg || r == 0 ? kNoReg : r; }
uint8_t xsrc(uint8_t r) { return r; }  // x0 as a source reads 0: an invariant like any other
uint8_t freg(uint8_t r) { return uint8_t(iss::kFpRegBase + r); }

unsigned mem_bytes(Op op) {
    switch (op) {
        case Op::LB:
        case Op::LBU:
        case Op::SB: return 1;
        case Op::LH:
        case Op::LHU:
        case Op::SH: return 2;
        default: return 4;
    }
}

}  // namespace

namespace {
OpClass op_class_of(const BodyInsn& b) {
    if (b.load) return OpClass::Load;
    if (b.store) return OpClass::Store;
    if (b.unit == Unit::Mul) return OpClass::Mul;
    if (b.unit != Unit::Fpu) return OpClass::Alu;
    switch (b.d.op) {
        case Op::FADD_S:
        case Op::FSUB_S: return OpClass::FAdd;
        case Op::FMUL_S: return OpClass::FMul;
        case Op::FMADD_S:
        case Op::FMSUB_S:
        case Op::FNMSUB_S:
        case Op::FNMADD_S: return OpClass::Fma;
        default: return OpClass::FMisc;
    }
}
}  // namespace

const char* classify(const iss::DecodedInsn& d, uint32_t pc, const UnitLatencies& lat, BodyInsn& out) {
    const char* why = classify_unit(d, pc, lat, out);
    out.op_class = op_class_of(out);
    return why;
}

const char* classify_unit(const iss::DecodedInsn& d, uint32_t pc, const UnitLatencies& lat, BodyInsn& out) {
    out = BodyInsn{};
    out.pc = pc;
    out.d = d;
    if (d.flags & iss::DecodedInsn::kCompressed) return "compressed instruction (LAPP is RV32IMF without C)";
    if ((d.raw & LAPP_DCPL_MASK) == LAPP_DCPL_MATCH || (d.raw & LAPP_SETLO_MASK) == LAPP_SETLO_MATCH)
        return "LAPP control instruction inside the loop";
    switch (d.op) {
        case Op::Illegal:
        case Op::Undecoded: return "illegal instruction";
        case Op::Ext: return "extension instruction";
        case Op::JAL:
        case Op::JALR: return "call or jump in the loop";
        case Op::DIV:
        case Op::DIVU:
        case Op::REM:
        case Op::REMU: return "division (no divider in the array stages)";
        case Op::FDIV_S:
        case Op::FSQRT_S: return "fdiv.s/fsqrt.s (not pipelined, no unit in the array stages)";
        default: break;
    }
    switch (iss::op_format(d.op)) {
        case Fmt::U: out.dst = xreg(d.rd); return nullptr;
        case Fmt::B:
            out.branch = true;
            out.src[0] = xsrc(d.rs1);
            out.src[1] = xsrc(d.rs2);
            return nullptr;
        case Fmt::Load:
            out.unit = Unit::Lsu;
            out.load = true;
            out.dst = xreg(d.rd);
            out.src[0] = xsrc(d.rs1);
            out.mem_bytes = uint8_t(mem_bytes(d.op));
            return nullptr;
        case Fmt::Store:
            out.unit = Unit::Lsu;
            out.store = true;
            out.src[0] = xsrc(d.rs1);
            out.src[1] = xsrc(d.rs2);
            out.mem_bytes = uint8_t(mem_bytes(d.op));
            return nullptr;
        case Fmt::I:
        case Fmt::R: {
            const bool mul = d.op == Op::MUL || d.op == Op::MULH || d.op == Op::MULHSU || d.op == Op::MULHU;
            out.unit = mul ? Unit::Mul : Unit::Alu;
            out.latency = mul ? lat.mul : 1;
            out.dst = xreg(d.rd);
            out.src[0] = xsrc(d.rs1);
            if (iss::op_format(d.op) == Fmt::R) out.src[1] = xsrc(d.rs2);
            return nullptr;
        }
        case Fmt::FLoad:
            out.unit = Unit::Lsu;
            out.load = out.fp = out.dirties_fs = true;
            out.dst = freg(d.rd);
            out.src[0] = xsrc(d.rs1);
            out.mem_bytes = 4;
            return nullptr;
        case Fmt::FStore:
            out.unit = Unit::Lsu;
            out.store = out.fp = true;
            out.src[0] = xsrc(d.rs1);
            out.src[1] = freg(d.rs2);
            out.mem_bytes = 4;
            return nullptr;
        default: break;
    }
    // The remaining supported formats are FP operations on the FPU.
    out.unit = Unit::Fpu;
    out.fp = true;
    out.dirties_fs = d.op != Op::FMV_X_W && d.op != Op::FCLASS_S;
    switch (iss::op_format(d.op)) {
        case Fmt::FR4:
            out.dst = freg(d.rd);
            out.src[0] = freg(d.rs1);
            out.src[1] = freg(d.rs2);
            out.src[2] = freg(d.rs3);
            out.latency = lat.fma;
            return nullptr;
        case Fmt::FR:
            out.dst = freg(d.rd);
            out.src[0] = freg(d.rs1);
            out.src[1] = freg(d.rs2);
            out.latency = d.op == Op::FMUL_S                         ? lat.fmul
                          : d.op == Op::FADD_S || d.op == Op::FSUB_S ? lat.fadd
                                                                     : lat.fmisc;
            return nullptr;
        case Fmt::XFrm:
        case Fmt::XF:
            out.dst = xreg(d.rd);
            out.src[0] = freg(d.rs1);
            out.latency = lat.fmisc;
            return nullptr;
        case Fmt::XFF:
            out.dst = xreg(d.rd);
            out.src[0] = freg(d.rs1);
            out.src[1] = freg(d.rs2);
            out.latency = lat.fmisc;
            return nullptr;
        case Fmt::FXrm:
        case Fmt::FX:
            out.dst = freg(d.rd);
            out.src[0] = xsrc(d.rs1);
            out.latency = lat.fmisc;
            return nullptr;
        default: break;
    }
    // CSR, fence, ecall/ebreak, mret, wfi, AMO, LR/SC, cache-block operations.
    return "system, atomic or CSR instruction";
}

iss::DecodeFeatures features_of(const iss::Hart& hart) {
    iss::DecodeFeatures f;
    f.misa = hart.config().misa;
    f.zicsr = hart.config().zicsr;
    f.zifencei = hart.config().zifencei;
    f.zicbom = hart.config().zicbom;
    return f;
}

namespace {
// Reads the 32-bit instruction at pc; false if unreadable or compressed.
bool read_insn(iss::Hart& hart, uint32_t pc, uint32_t& insn) {
    if (!hart.debug_read(pc, &insn, 4)) return false;
    return (insn & 3) == 3;
}
}  // namespace

bool find_loop(iss::Hart& hart, uint32_t dcpl_pc, unsigned max_scan, LoopBounds& out) {
    // A depth-first walk of the control flow after the DCPL (fall-through before taken branches,
    // through unconditional jumps, over calls; returns end a path): the loop is closed by the first
    // backward branch to an instruction on the current path, the DCPL outside its body. Compilers
    // place preheaders and guards around a loop in either order, so the walk follows both ways.
    const iss::DecodeFeatures f = features_of(hart);
    struct Frame {
        uint32_t pc;
        uint32_t succ[2];
        unsigned n, next;
    };
    std::vector<Frame> stack;
    std::set<uint32_t> visited, on_path;
    auto enter = [&](uint32_t pc) -> int {  // 1: loop found, 0: pushed, -1: not walkable
        uint32_t insn;
        if (!read_insn(hart, pc, insn)) return -1;
        iss::DecodedInsn d;
        iss::decode32(insn, f, d);
        visited.insert(pc);
        Frame fr{pc, {0, 0}, 0, 0};
        if (d.op == Op::JAL && d.rd == iss::kSinkReg) {
            fr.succ[fr.n++] = pc + uint32_t(d.imm);
        } else if (d.op == Op::JALR || d.op == Op::Illegal) {
            // a return, an indirect jump, or no instruction: the path ends
        } else if (iss::op_format(d.op) == Fmt::B) {
            const uint32_t target = pc + uint32_t(d.imm);
            if (d.imm <= 0 && on_path.count(target) && !(target <= dcpl_pc && dcpl_pc <= pc)) {
                out.head = target;
                out.branch = pc;
                return 1;
            }
            fr.succ[fr.n++] = pc + 4;
            fr.succ[fr.n++] = target;
        } else {
            fr.succ[fr.n++] = pc + 4;
        }
        on_path.insert(pc);
        stack.push_back(fr);
        return 0;
    };
    if (enter(dcpl_pc + 4) == 1) return true;
    while (!stack.empty()) {
        Frame& top = stack.back();
        if (top.next == top.n) {
            on_path.erase(top.pc);
            stack.pop_back();
            continue;
        }
        const uint32_t next = top.succ[top.next++];
        if (visited.count(next) || next == dcpl_pc) continue;
        if (visited.size() >= max_scan) return false;
        if (enter(next) == 1) return true;
    }
    return false;
}

bool capture_body(iss::Hart& hart, const LoopBounds& loop, const UnitLatencies& lat, std::vector<BodyInsn>& body,
                  std::string& why) {
    body.clear();
    const iss::DecodeFeatures f = features_of(hart);
    for (uint32_t pc = loop.head; pc <= loop.branch; pc += 4) {
        uint32_t insn;
        if (!hart.debug_read(pc, &insn, 4)) {
            why = "instruction memory not readable";
            return false;
        }
        iss::DecodedInsn d;
        if ((insn & 3) != 3) {
            d.flags = iss::DecodedInsn::kCompressed;
            d.raw = insn & 0xffff;
        } else {
            iss::decode32(insn, f, d);
        }
        BodyInsn b;
        if (const char* bad = classify(d, pc, lat, b)) {
            char buf[64];
            snprintf(buf, sizeof buf, " at 0x%08x", pc);
            why = std::string(bad) + buf;
            return false;
        }
        if (b.branch && pc != loop.branch) {
            char buf[80];
            snprintf(buf, sizeof buf, "branch inside the loop body at 0x%08x", pc);
            why = buf;
            return false;
        }
        body.push_back(b);
    }
    return true;
}

}  // namespace vp::lapp
