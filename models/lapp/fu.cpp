// Compiled with -frounding-math -ffp-contract=off (CMakeLists.txt), like the ISS's FP code: the FP
// operations go through models/cpu/iss/fpu with the host flags collected after each one.
#include "models/lapp/fu.h"

#include <cfenv>

#include "models/cpu/iss/fpu.h"

namespace vp::lapp {

using iss::Op;
namespace fpu = iss::fpu;

uint32_t fu_compute(const iss::DecodedInsn& d, unsigned rm, uint32_t pc, uint32_t a, uint32_t b, uint32_t c,
                    uint32_t& fflags) {
    switch (d.op) {
        case Op::LUI: return uint32_t(d.imm);
        case Op::AUIPC: return pc + uint32_t(d.imm);
        case Op::ADDI: return a + uint32_t(d.imm);
        case Op::SLTI: return int32_t(a) < d.imm;
        case Op::SLTIU: return a < uint32_t(d.imm);
        case Op::XORI: return a ^ uint32_t(d.imm);
        case Op::ORI: return a | uint32_t(d.imm);
        case Op::ANDI: return a & uint32_t(d.imm);
        case Op::SLLI: return a << d.imm;
        case Op::SRLI: return a >> d.imm;
        case Op::SRAI: return uint32_t(int32_t(a) >> d.imm);
        case Op::ADD: return a + b;
        case Op::SUB: return a - b;
        case Op::SLL: return a << (b & 31);
        case Op::SLT: return int32_t(a) < int32_t(b);
        case Op::SLTU: return a < b;
        case Op::XOR: return a ^ b;
        case Op::SRL: return a >> (b & 31);
        case Op::SRA: return uint32_t(int32_t(a) >> (b & 31));
        case Op::OR: return a | b;
        case Op::AND: return a & b;
        case Op::MUL: return a * b;
        case Op::MULH: return uint32_t((int64_t(int32_t(a)) * int64_t(int32_t(b))) >> 32);
        case Op::MULHSU: return uint32_t((int64_t(int32_t(a)) * int64_t(uint64_t(b))) >> 32);
        case Op::MULHU: return uint32_t((uint64_t(a) * uint64_t(b)) >> 32);
        case Op::FSGNJ_S: return (a & 0x7fffffff) | (b & 0x80000000u);
        case Op::FSGNJN_S: return (a & 0x7fffffff) | (~b & 0x80000000u);
        case Op::FSGNJX_S: return a ^ (b & 0x80000000u);
        case Op::FMV_X_W:
        case Op::FMV_W_X: return a;
        case Op::FCLASS_S: return fpu::fclass(a);
        default: break;
    }
    // FP arithmetic: the host's flags of this one operation become its fflags.
    std::feclearexcept(FE_ALL_EXCEPT);
    uint32_t fl = 0, r = 0;
    switch (d.op) {
        case Op::FADD_S: r = fpu::add(a, b, rm, fl); break;
        case Op::FSUB_S: r = fpu::sub(a, b, rm, fl); break;
        case Op::FMUL_S: r = fpu::mul(a, b, rm, fl); break;
        case Op::FMADD_S: r = fpu::fma(a, b, c, false, false, rm, fl); break;
        case Op::FMSUB_S: r = fpu::fma(a, b, c, false, true, rm, fl); break;
        case Op::FNMSUB_S: r = fpu::fma(a, b, c, true, false, rm, fl); break;
        case Op::FNMADD_S: r = fpu::fma(a, b, c, true, true, rm, fl); break;
        case Op::FMIN_S: r = fpu::min(a, b, fl); break;
        case Op::FMAX_S: r = fpu::max(a, b, fl); break;
        case Op::FEQ_S: r = fpu::feq(a, b, fl); break;
        case Op::FLT_S: r = fpu::flt(a, b, fl); break;
        case Op::FLE_S: r = fpu::fle(a, b, fl); break;
        case Op::FCVT_W_S: r = fpu::cvt_w_s(a, rm, fl); break;
        case Op::FCVT_WU_S: r = fpu::cvt_wu_s(a, rm, fl); break;
        case Op::FCVT_S_W: r = fpu::cvt_s_w(int32_t(a), rm, fl); break;
        case Op::FCVT_S_WU: r = fpu::cvt_s_wu(a, rm, fl); break;
        default: break;  // the mapper only maps the operations above
    }
    fpu::take_host_flags(fl);
    fflags |= fl;
    return r;
}

bool fu_branch_taken(Op op, uint32_t a, uint32_t b) {
    switch (op) {
        case Op::BEQ: return a == b;
        case Op::BNE: return a != b;
        case Op::BLT: return int32_t(a) < int32_t(b);
        case Op::BGE: return int32_t(a) >= int32_t(b);
        case Op::BLTU: return a < b;
        case Op::BGEU: return a >= b;
        default: return false;
    }
}

uint32_t fu_load_value(Op op, uint32_t raw) {
    switch (op) {
        case Op::LB: return uint32_t(int32_t(int8_t(raw)));
        case Op::LBU: return raw & 0xff;
        case Op::LH: return uint32_t(int32_t(int16_t(raw)));
        case Op::LHU: return raw & 0xffff;
        default: return raw;
    }
}

}  // namespace vp::lapp
