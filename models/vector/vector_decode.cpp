// Decoding of the vector encodings (OP-V, and LOAD-FP / STORE-FP with a vector width) into the
// unit's own operation codes. Anything outside the implemented subset is left unclaimed, so the
// core raises an illegal-instruction exception for it.
#include "models/vector/vector_unit.h"

namespace vp::vec {

namespace {

using iss::DecodedInsn;

// Packs a decoded vector instruction: rs3 = VOp, rd/rs1/rs2 = register fields, imm = value << 8 |
// nf << 3 | src << 1 | vm.
bool claim(DecodedInsn& out, VOp op, unsigned vd, unsigned vs1, unsigned vs2, unsigned vm, unsigned src,
           int32_t value = 0, unsigned nf = 0) {
    out.rs3 = uint8_t(op);
    out.rd = uint8_t(vd);
    out.rs1 = uint8_t(vs1);
    out.rs2 = uint8_t(vs2);
    out.imm = int32_t(uint32_t(value) << 8) | int32_t(nf << 3 | src << 1 | vm);
    return true;
}

constexpr unsigned V = 1, X = 2, I = 4, F = 8;  // allowed operand kinds

struct Entry {
    VOp op;
    unsigned kinds;
};

// OPIVV / OPIVX / OPIVI by funct6 (the .vv/.vx/.vi forms RVV defines for each op).
bool opi(unsigned funct6, Entry& e) {
    switch (funct6) {
        case 0x00: e = {VOp::VADD, V | X | I}; return true;
        case 0x02: e = {VOp::VSUB, V | X}; return true;
        case 0x03: e = {VOp::VRSUB, X | I}; return true;
        case 0x04: e = {VOp::VMINU, V | X}; return true;
        case 0x05: e = {VOp::VMIN, V | X}; return true;
        case 0x06: e = {VOp::VMAXU, V | X}; return true;
        case 0x07: e = {VOp::VMAX, V | X}; return true;
        case 0x09: e = {VOp::VAND, V | X | I}; return true;
        case 0x0a: e = {VOp::VOR, V | X | I}; return true;
        case 0x0b: e = {VOp::VXOR, V | X | I}; return true;
        case 0x0c: e = {VOp::VRGATHER, V | X | I}; return true;
        case 0x0e: e = {VOp::VSLIDEUP, X | I}; return true;
        case 0x0f: e = {VOp::VSLIDEDOWN, X | I}; return true;
        case 0x17: e = {VOp::VMERGE, V | X | I}; return true;  // vm = 1: vmv.v.*
        case 0x18: e = {VOp::VMSEQ, V | X | I}; return true;
        case 0x19: e = {VOp::VMSNE, V | X | I}; return true;
        case 0x1a: e = {VOp::VMSLTU, V | X}; return true;
        case 0x1b: e = {VOp::VMSLT, V | X}; return true;
        case 0x1c: e = {VOp::VMSLEU, V | X | I}; return true;
        case 0x1d: e = {VOp::VMSLE, V | X | I}; return true;
        case 0x1e: e = {VOp::VMSGTU, X | I}; return true;
        case 0x1f: e = {VOp::VMSGT, X | I}; return true;
        case 0x25: e = {VOp::VSLL, V | X | I}; return true;
        case 0x27: e = {VOp::VMVR, I}; return true;
        case 0x28: e = {VOp::VSRL, V | X | I}; return true;
        case 0x29: e = {VOp::VSRA, V | X | I}; return true;
        default: return false;
    }
}

// OPMVV / OPMVX by funct6 (the unary groups are handled by the caller).
bool opm(unsigned funct6, Entry& e) {
    switch (funct6) {
        case 0x00: e = {VOp::VREDSUM, V}; return true;
        case 0x01: e = {VOp::VREDAND, V}; return true;
        case 0x02: e = {VOp::VREDOR, V}; return true;
        case 0x03: e = {VOp::VREDXOR, V}; return true;
        case 0x04: e = {VOp::VREDMINU, V}; return true;
        case 0x05: e = {VOp::VREDMIN, V}; return true;
        case 0x06: e = {VOp::VREDMAXU, V}; return true;
        case 0x07: e = {VOp::VREDMAX, V}; return true;
        case 0x0e: e = {VOp::VSLIDE1UP, X}; return true;
        case 0x0f: e = {VOp::VSLIDE1DOWN, X}; return true;
        case 0x18: e = {VOp::VMANDN, V}; return true;
        case 0x19: e = {VOp::VMAND, V}; return true;
        case 0x1a: e = {VOp::VMOR, V}; return true;
        case 0x1b: e = {VOp::VMXOR, V}; return true;
        case 0x1c: e = {VOp::VMORN, V}; return true;
        case 0x1d: e = {VOp::VMNAND, V}; return true;
        case 0x1e: e = {VOp::VMNOR, V}; return true;
        case 0x1f: e = {VOp::VMXNOR, V}; return true;
        case 0x20: e = {VOp::VDIVU, V | X}; return true;
        case 0x21: e = {VOp::VDIV, V | X}; return true;
        case 0x22: e = {VOp::VREMU, V | X}; return true;
        case 0x23: e = {VOp::VREM, V | X}; return true;
        case 0x24: e = {VOp::VMULHU, V | X}; return true;
        case 0x25: e = {VOp::VMUL, V | X}; return true;
        case 0x26: e = {VOp::VMULHSU, V | X}; return true;
        case 0x27: e = {VOp::VMULH, V | X}; return true;
        case 0x29: e = {VOp::VMADD, V | X}; return true;
        case 0x2b: e = {VOp::VNMSUB, V | X}; return true;
        case 0x2d: e = {VOp::VMACC, V | X}; return true;
        case 0x2f: e = {VOp::VNMSAC, V | X}; return true;
        default: return false;
    }
}

// OPFVV / OPFVF by funct6.
bool opf(unsigned funct6, Entry& e) {
    switch (funct6) {
        case 0x00: e = {VOp::VFADD, V | F}; return true;
        case 0x01: e = {VOp::VFREDUSUM, V}; return true;
        case 0x02: e = {VOp::VFSUB, V | F}; return true;
        case 0x03: e = {VOp::VFREDOSUM, V}; return true;
        case 0x04: e = {VOp::VFMIN, V | F}; return true;
        case 0x05: e = {VOp::VFREDMIN, V}; return true;
        case 0x06: e = {VOp::VFMAX, V | F}; return true;
        case 0x07: e = {VOp::VFREDMAX, V}; return true;
        case 0x08: e = {VOp::VFSGNJ, V | F}; return true;
        case 0x09: e = {VOp::VFSGNJN, V | F}; return true;
        case 0x0a: e = {VOp::VFSGNJX, V | F}; return true;
        case 0x0e: e = {VOp::VFSLIDE1UP, F}; return true;
        case 0x0f: e = {VOp::VFSLIDE1DOWN, F}; return true;
        case 0x17: e = {VOp::VFMERGE, F}; return true;  // vm = 1: vfmv.v.f
        case 0x18: e = {VOp::VMFEQ, V | F}; return true;
        case 0x19: e = {VOp::VMFLE, V | F}; return true;
        case 0x1b: e = {VOp::VMFLT, V | F}; return true;
        case 0x1c: e = {VOp::VMFNE, V | F}; return true;
        case 0x1d: e = {VOp::VMFGT, F}; return true;
        case 0x1f: e = {VOp::VMFGE, F}; return true;
        case 0x20: e = {VOp::VFDIV, V | F}; return true;
        case 0x21: e = {VOp::VFRDIV, F}; return true;
        case 0x24: e = {VOp::VFMUL, V | F}; return true;
        case 0x27: e = {VOp::VFRSUB, F}; return true;
        case 0x28: e = {VOp::VFMADD, V | F}; return true;
        case 0x29: e = {VOp::VFNMADD, V | F}; return true;
        case 0x2a: e = {VOp::VFMSUB, V | F}; return true;
        case 0x2b: e = {VOp::VFNMSUB, V | F}; return true;
        case 0x2c: e = {VOp::VFMACC, V | F}; return true;
        case 0x2d: e = {VOp::VFNMACC, V | F}; return true;
        case 0x2e: e = {VOp::VFMSAC, V | F}; return true;
        case 0x2f: e = {VOp::VFNMSAC, V | F}; return true;
        default: return false;
    }
}

bool decode_mem(uint32_t insn, DecodedInsn& out) {
    const unsigned vd = (insn >> 7) & 31, width = (insn >> 12) & 7, rs1 = (insn >> 15) & 31, rs2 = (insn >> 20) & 31;
    const unsigned vm = (insn >> 25) & 1, mop = (insn >> 26) & 3, mew = (insn >> 28) & 1, nf = insn >> 29;
    const bool store = (insn & 0x7f) == 0x27;
    // Vector widths are 000 (8), 101 (16), 110 (32), 111 (64); 001..100 are scalar FP loads/stores.
    if (width != 0 && width < 5) return false;
    if (mew) return false;
    if (mop == 0) {         // unit stride: rs2 is lumop / sumop
        if (rs2 == 0x08) {  // whole registers: nf + 1 in {1, 2, 4, 8}, unmasked
            const unsigned n = nf + 1;
            if (!vm || (n & (n - 1)) != 0) return false;
            if (store ? width != 0 : (width != 0 && width != 6)) return false;
            return claim(out, store ? VOp::VSR : VOp::VLR, vd, rs1, 0, 1, 0, 0, nf);
        }
        if (nf) return false;  // segment loads/stores are not implemented
        if (rs2 == 0x0b) {     // mask load / store: EEW 8, unmasked
            if (!vm || width != 0) return false;
            return claim(out, store ? VOp::VSM : VOp::VLM, vd, rs1, 0, 1, 0);
        }
        if (width != 6) return false;  // data EEW must be SEW (32)
        if (rs2 == 0) return claim(out, store ? VOp::VSE : VOp::VLE, vd, rs1, 0, vm, 0);
        if (rs2 == 0x10 && !store) return claim(out, VOp::VLEFF, vd, rs1, 0, vm, 0);
        return false;
    }
    if (nf || width != 6) return false;  // no segments; EEW (strided) or index EEW (indexed) 32 only
    if (mop == 2) return claim(out, store ? VOp::VSSE : VOp::VLSE, vd, rs1, rs2, vm, 0);
    const bool ordered = mop == 3;
    return claim(out, store ? (ordered ? VOp::VSOXEI : VOp::VSUXEI) : (ordered ? VOp::VLOXEI : VOp::VLUXEI), vd, rs1,
                 rs2, vm, 0);
}

int32_t simm5(unsigned v) { return int32_t(v << 27) >> 27; }

}  // namespace

bool VectorUnit::decode(uint32_t insn, DecodedInsn& out) {
    const unsigned opcode = insn & 0x7f;
    if (opcode == 0x07 || opcode == 0x27) return decode_mem(insn, out);
    if (opcode != 0x57) return false;
    const unsigned vd = (insn >> 7) & 31, funct3 = (insn >> 12) & 7, vs1 = (insn >> 15) & 31, vs2 = (insn >> 20) & 31;
    const unsigned vm = (insn >> 25) & 1, funct6 = insn >> 26;
    Entry e{};
    switch (funct3) {
        case 7:  // OPCFG
            if (!(insn >> 31)) return claim(out, VOp::VSETVLI, vd, vs1, 0, 0, 0, int32_t((insn >> 20) & 0x7ff));
            if ((insn >> 30) == 3) return claim(out, VOp::VSETIVLI, vd, vs1, 0, 0, 0, int32_t((insn >> 20) & 0x3ff));
            if ((insn >> 25) == 0x40) return claim(out, VOp::VSETVL, vd, vs1, vs2, 0, 0);
            return false;
        case 0:    // OPIVV
        case 3:    // OPIVI
        case 4: {  // OPIVX
            if (!opi(funct6, e)) return false;
            const unsigned kind = funct3 == 0 ? V : funct3 == 3 ? I : X;
            const unsigned src = funct3 == 0 ? kSrcV : funct3 == 3 ? kSrcI : kSrcX;
            if (!(e.kinds & kind)) return false;
            if (e.op == VOp::VMERGE && vm) {  // vmv.v.v / vmv.v.x / vmv.v.i
                if (vs2 != 0) return false;
                e.op = VOp::VMV_V;
            }
            if (e.op == VOp::VMVR) {  // vmv<nr>r.v: simm5 = nr - 1
                const unsigned n = vs1 + 1;
                if (!vm || (n != 1 && n != 2 && n != 4 && n != 8)) return false;
                return claim(out, e.op, vd, 0, vs2, 1, kSrcI, 0, vs1);
            }
            return claim(out, e.op, vd, vs1, vs2, vm, src, kind == I ? simm5(vs1) : 0);
        }
        case 2:                    // OPMVV
            if (funct6 == 0x10) {  // VWXUNARY0
                if (vs1 == 0x00 && vm) return claim(out, VOp::VMV_X_S, vd, 0, vs2, 1, 0);
                if (vs1 == 0x10) return claim(out, VOp::VCPOP, vd, 0, vs2, vm, 0);
                if (vs1 == 0x11) return claim(out, VOp::VFIRST, vd, 0, vs2, vm, 0);
                return false;
            }
            if (funct6 == 0x14) {  // VMUNARY0
                switch (vs1) {
                    case 0x01: return claim(out, VOp::VMSBF, vd, 0, vs2, vm, 0);
                    case 0x02: return claim(out, VOp::VMSOF, vd, 0, vs2, vm, 0);
                    case 0x03: return claim(out, VOp::VMSIF, vd, 0, vs2, vm, 0);
                    case 0x10: return claim(out, VOp::VIOTA, vd, 0, vs2, vm, 0);
                    case 0x11: return vs2 == 0 ? claim(out, VOp::VID, vd, 0, 0, vm, 0) : false;
                    default: return false;
                }
            }
            if (!opm(funct6, e) || !(e.kinds & V)) return false;
            if (funct6 >= 0x18 && funct6 <= 0x1f && !vm) return false;  // mask logical ops are unmasked
            return claim(out, e.op, vd, vs1, vs2, vm, kSrcV);
        case 6:  // OPMVX
            if (funct6 == 0x10) return (vs2 == 0 && vm) ? claim(out, VOp::VMV_S_X, vd, vs1, 0, 1, kSrcX) : false;
            if (!opm(funct6, e) || !(e.kinds & X)) return false;
            return claim(out, e.op, vd, vs1, vs2, vm, kSrcX);
        case 1:  // OPFVV
            if (funct6 == 0x10) return (vs1 == 0 && vm) ? claim(out, VOp::VFMV_F_S, vd, 0, vs2, 1, 0) : false;
            if (funct6 == 0x12) {  // VFUNARY0: single-width conversions only
                static const VOp cvt[8] = {VOp::VFCVT_XU_F, VOp::VFCVT_X_F, VOp::VFCVT_F_XU,     VOp::VFCVT_F_X,
                                           VOp::Count,      VOp::Count,     VOp::VFCVT_RTZ_XU_F, VOp::VFCVT_RTZ_X_F};
                if (vs1 >= 8 || cvt[vs1] == VOp::Count) return false;
                return claim(out, cvt[vs1], vd, 0, vs2, vm, 0);
            }
            if (funct6 == 0x13) {  // VFUNARY1
                if (vs1 == 0x00) return claim(out, VOp::VFSQRT, vd, 0, vs2, vm, 0);
                if (vs1 == 0x10) return claim(out, VOp::VFCLASS, vd, 0, vs2, vm, 0);
                return false;
            }
            if (!opf(funct6, e) || !(e.kinds & V)) return false;
            return claim(out, e.op, vd, vs1, vs2, vm, kSrcV);
        case 5:  // OPFVF
            if (funct6 == 0x10) return (vs2 == 0 && vm) ? claim(out, VOp::VFMV_S_F, vd, vs1, 0, 1, kSrcF) : false;
            if (!opf(funct6, e) || !(e.kinds & F)) return false;
            if (e.op == VOp::VFMERGE && vm) {  // vfmv.v.f
                if (vs2 != 0) return false;
                e.op = VOp::VFMV_V_F;
            }
            return claim(out, e.op, vd, vs1, vs2, vm, kSrcF);
        default: return false;
    }
}

}  // namespace vp::vec
