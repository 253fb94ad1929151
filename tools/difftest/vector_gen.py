"""Random RVV Zve32f programs for the differential tester (tools/difftest/difftest.py, mode vector).

Only the subset the vector accelerator implements (docs/vector.md: SEW 32, LMUL 1/2/4/8, no
widening/narrowing, no fixed point, no segment loads). A program is a position-independent
function vec_main_<k>(a0 = scratch, a1 = input data) that returns the number of result words it wrote
at scratch + OUT_OFF. A driver runs a batch of programs one after the other, each on its own
inputs and scratch, and gathers their results; the same assembled code runs on the accelerator
(vec-run: the region is the DLM) and, called as a function, on QEMU's CPU with v=true (a RAM
buffer).

Each unit is self-contained: it starts with its own vsetvli (random AVL, LMUL, ta/tu, ma/mu), so
removing units while shrinking never leaves a register group misaligned for the LMUL in force.
After each unit a probe appends its result (the destination register group with a whole-register
store, or the scalar result) and, for FP units, fflags (read and cleared) to the result log; at
the end the log gets all 32 vector registers, fcsr, vl, vtype and the store area.
"""
import os
import random
import subprocess

DLM_BASE = 0x18500000
IN_WORDS = 2048                  # a1: 8 KiB of inputs,
IDX_OFF, PERM_OFF = 0x2000, 0x2400  # then 256 load offsets (dups, any order) and 256 distinct store offsets
DATA_BYTES = 0x2800
OUT_OFF = 0x1000                 # a0: store area 4 KiB, then the result log
DLM_SIZE = 0x100000              # vec-run --dlm: the largest DLM
VLENB = 128                      # VLEN 1024 on both sides

FP_SPECIAL = [0x00000000, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00000, 0x7fc00001, 0x7f800001, 0xff800001,
              0x00000001, 0x80000001, 0x007fffff, 0x00800000, 0x7f7fffff, 0xff7fffff, 0x3f800000, 0xbf800000,
              0x3f000000, 0xbf000000, 0x3fc00000, 0x40200000, 0xc0200000, 0x4f000000, 0xcf000000, 0x4f800000,
              0xc2f6e979, 0x4b800000, 0x1f800000, 0x5f800000]
INT_SPECIAL = [0, 1, 0xffffffff, 0x7fffffff, 0x80000000, 31, 32, 0xffff, 0x10000, 0x55555555]


def rand_word(r):
    k = r.random()
    if k < 0.3:
        return r.choice(FP_SPECIAL)
    if k < 0.6:
        return (r.getrandbits(1) << 31) | (r.randrange(110, 150) << 23) | r.getrandbits(23)
    if k < 0.75:
        return r.choice(INT_SPECIAL)
    if k < 0.85:
        return r.randrange(-40, 40) & 0xffffffff
    return r.getrandbits(32)


XOPS = ["a2", "a3", "a4", "a5", "a6", "a7", "s10", "s11", "t1", "t2", "t3", "t4"]  # .vx operands (inputs)
AVLS = ["s3", "s4", "s5", "s6", "s7", "zero"]                                      # AVL sources
STRIDES = ["s8", "s9"]                                                                 # load strides
ST_STRIDES = ["s1"]                                                                    # store stride

INT_VV = ["vadd", "vsub", "vand", "vor", "vxor", "vsll", "vsrl", "vsra", "vminu", "vmin", "vmaxu", "vmax",
          "vmul", "vmulh", "vmulhu", "vmulhsu", "vdiv", "vdivu", "vrem", "vremu"]
INT_VX_ONLY = ["vrsub"]
INT_VI = ["vadd", "vrsub", "vand", "vor", "vxor", "vsll", "vsrl", "vsra"]
INT_MACC = ["vmacc", "vnmsac", "vmadd", "vnmsub"]
FP_VV = ["vfadd", "vfsub", "vfmul", "vfdiv", "vfmin", "vfmax", "vfsgnj", "vfsgnjn", "vfsgnjx"]
FP_VF_ONLY = ["vfrsub", "vfrdiv"]
FP_MACC = ["vfmacc", "vfnmacc", "vfmsac", "vfnmsac", "vfmadd", "vfnmadd", "vfmsub", "vfnmsub"]
FP_UNARY = ["vfsqrt.v", "vfclass.v", "vfcvt.x.f.v", "vfcvt.xu.f.v", "vfcvt.rtz.x.f.v", "vfcvt.rtz.xu.f.v",
            "vfcvt.f.x.v", "vfcvt.f.xu.v"]
CMP_INT = {"vv": ["vmseq", "vmsne", "vmsltu", "vmslt", "vmsleu", "vmsle"],
           "vx": ["vmseq", "vmsne", "vmsltu", "vmslt", "vmsleu", "vmsle", "vmsgtu", "vmsgt"],
           "vi": ["vmseq", "vmsne", "vmsleu", "vmsle", "vmsgtu", "vmsgt"]}
CMP_FP = {"vv": ["vmfeq", "vmfne", "vmflt", "vmfle"], "vf": ["vmfeq", "vmfne", "vmflt", "vmfle", "vmfgt", "vmfge"]}
MASK_LOGIC = ["vmand", "vmnand", "vmandn", "vmxor", "vmor", "vmnor", "vmorn", "vmxnor"]
RED_INT = ["vredsum", "vredand", "vredor", "vredxor", "vredminu", "vredmin", "vredmaxu", "vredmax"]
RED_FP = ["vfredusum", "vfredosum", "vfredmin", "vfredmax"]


class VGen:
    def __init__(self, seed):
        self.r = random.Random(seed)

    def group(self, lmul, avoid=(), no_v0=False):
        """A register group aligned to lmul, not overlapping the groups in avoid."""
        r = self.r
        cands = []
        for v in range(0, 32, lmul):
            if no_v0 and v == 0:
                continue
            if any(v < a + n and a < v + lmul for a, n in avoid):
                continue
            cands.append(v)
        return r.choice(cands)

    def unit(self):
        r = self.r
        lmul = r.choice([1, 1, 2, 4, 8])
        avl = r.choice(AVLS)
        pol = f"{r.choice(['ta', 'tu'])}, {r.choice(['ma', 'mu'])}"
        k = r.random()
        if k < 0.05:
            form = f"vsetivli t0, {r.randrange(32)}, e32, m{lmul}, {pol}"
        elif k < 0.1:
            form = None  # vsetvl below
        else:
            form = f"vsetvli t0, {avl}, e32, m{lmul}, {pol}"
        vtype = 0x10 | {1: 0, 2: 1, 4: 2, 8: 3}[lmul] | r.choice([0, 0x40, 0x80, 0xc0])
        lines = [form] if form else [f"li t6, {vtype}", f"vsetvl t0, {avl}, t6"]
        kinds = [("int", 16), ("fp", 16), ("fma", 8), ("funary", 8), ("cmp", 8), ("mask", 6), ("red", 8),
                 ("move", 8), ("perm", 8), ("load", 10), ("store", 6), ("vill", 2), ("frm", 2)]
        kind = r.choices([a for a, _ in kinds], [w for _, w in kinds])[0]
        body, dest, fp = getattr(self, "k_" + kind)(lmul)
        lines += body
        probe = ["sw t0, 0(t5)", "addi t5, t5, 4"]  # vl
        if dest is not None:
            if isinstance(dest, str):
                if dest.startswith("f"):
                    probe += [f"fsw {dest}, 0(t5)", "addi t5, t5, 4"]
                else:
                    probe += [f"sw {dest}, 0(t5)", "addi t5, t5, 4"]
            else:
                v, n = dest
                probe += [f"vs{n}r.v v{v}, (t5)", f"addi t5, t5, {n * VLENB}"]
        if fp:
            probe += ["csrrw t6, fflags, zero", "sw t6, 0(t5)", "addi t5, t5, 4"]
        return kind, lines + probe

    def mask(self):
        return ", v0.t" if self.r.random() < 0.3 else ""

    def k_int(self, L):
        r = self.r
        m = self.mask()
        vs2, vs1 = self.group(L), self.group(L)
        vd = self.group(L, no_v0=bool(m))
        k = r.random()
        if k < 0.45:
            return [f"{r.choice(INT_VV)}.vv v{vd}, v{vs2}, v{vs1}{m}"], (vd, L), False
        if k < 0.75:
            return [f"{r.choice(INT_VV + INT_VX_ONLY)}.vx v{vd}, v{vs2}, {r.choice(XOPS)}{m}"], (vd, L), False
        if k < 0.9:
            op = r.choice(INT_VI)
            imm = r.randrange(32) if op in ("vsll", "vsrl", "vsra") else r.randint(-16, 15)
            return [f"{op}.vi v{vd}, v{vs2}, {imm}{m}"], (vd, L), False
        op = r.choice(INT_MACC)
        src = f"v{vs1}" if r.random() < 0.5 else r.choice(XOPS)
        return [f"{op}.{'vv' if src.startswith('v') else 'vx'} v{vd}, {src}, v{vs2}{m}"], (vd, L), False

    def k_fp(self, L):
        r = self.r
        m = self.mask()
        vs2, vs1 = self.group(L), self.group(L)
        vd = self.group(L, no_v0=bool(m))
        if r.random() < 0.55:
            return [f"{r.choice(FP_VV)}.vv v{vd}, v{vs2}, v{vs1}{m}"], (vd, L), True
        return [f"{r.choice(FP_VV + FP_VF_ONLY)}.vf v{vd}, v{vs2}, f{r.randrange(31)}{m}"], (vd, L), True

    def k_fma(self, L):
        r = self.r
        m = self.mask()
        vs2, vs1 = self.group(L), self.group(L)
        vd = self.group(L, no_v0=bool(m))
        if r.random() < 0.5:
            return [f"{r.choice(FP_MACC)}.vv v{vd}, v{vs1}, v{vs2}{m}"], (vd, L), True
        return [f"{r.choice(FP_MACC)}.vf v{vd}, f{r.randrange(31)}, v{vs2}{m}"], (vd, L), True

    def k_funary(self, L):
        r = self.r
        m = self.mask()
        vs2 = self.group(L)
        vd = self.group(L, no_v0=bool(m))
        op = r.choice(FP_UNARY)
        # QEMU 7.2 aborts (translate.c decode_save_opc: assertion insn_start != NULL) on a vfcvt.rtz.*
        # that is the first instruction with a rounding mode in its translation block; an exact
        # dynamic-rm conversion into f31 (never an operand) just before it avoids the crash.
        pre = ["fcvt.s.w f31, zero"] if ".rtz." in op else []
        return pre + [f"{op} v{vd}, v{vs2}{m}"], (vd, L), True

    def k_cmp(self, L):
        r = self.r
        m = self.mask()
        vs2, vs1 = self.group(L), self.group(L)
        vd = self.group(1, avoid=[(vs2, L), (vs1, L)] + ([(0, 1)] if m else []))
        k = r.random()
        if k < 0.25:
            return [f"{r.choice(CMP_INT['vv'])}.vv v{vd}, v{vs2}, v{vs1}{m}"], (vd, 1), False
        if k < 0.45:
            return [f"{r.choice(CMP_INT['vx'])}.vx v{vd}, v{vs2}, {r.choice(XOPS)}{m}"], (vd, 1), False
        if k < 0.55:
            return [f"{r.choice(CMP_INT['vi'])}.vi v{vd}, v{vs2}, {r.randint(-16, 15)}{m}"], (vd, 1), False
        if k < 0.8:
            return [f"{r.choice(CMP_FP['vv'])}.vv v{vd}, v{vs2}, v{vs1}{m}"], (vd, 1), True
        return [f"{r.choice(CMP_FP['vf'])}.vf v{vd}, v{vs2}, f{r.randrange(31)}{m}"], (vd, 1), True

    def k_mask(self, L):
        r = self.r
        k = r.random()
        a, b, d = r.randrange(32), r.randrange(32), r.randrange(32)
        if k < 0.4:
            return [f"{r.choice(MASK_LOGIC)}.mm v{d}, v{a}, v{b}"], (d, 1), False
        if k < 0.6:
            m = self.mask()
            return [f"{r.choice(['vcpop.m', 'vfirst.m'])} t1, v{a}{m}"], "t1", False
        if k < 0.8:
            m = self.mask()
            vd = self.group(1, avoid=[(a, 1)] + ([(0, 1)] if m else []))
            return [f"{r.choice(['vmsbf.m', 'vmsif.m', 'vmsof.m'])} v{vd}, v{a}{m}"], (vd, 1), False
        m = self.mask()
        if r.random() < 0.5:
            vd = self.group(L, avoid=[(a, 1)], no_v0=bool(m))
            return [f"viota.m v{vd}, v{a}{m}"], (vd, L), False
        vd = self.group(L, no_v0=bool(m))
        return [f"vid.v v{vd}{m}"], (vd, L), False

    def k_red(self, L):
        r = self.r
        m = self.mask()
        vs2 = self.group(L)
        vd, vs1 = r.randrange(32), r.randrange(32)
        if r.random() < 0.5:
            return [f"{r.choice(RED_INT)}.vs v{vd}, v{vs2}, v{vs1}{m}"], (vd, 1), False
        return [f"{r.choice(RED_FP)}.vs v{vd}, v{vs2}, v{vs1}{m}"], (vd, 1), True

    def k_move(self, L):
        r = self.r
        k = r.randrange(9)
        vd, vs = self.group(L), self.group(L)
        if k == 0:
            return [f"vmv.v.v v{vd}, v{vs}"], (vd, L), False
        if k == 1:
            return [f"vmv.v.x v{vd}, {r.choice(XOPS)}"], (vd, L), False
        if k == 2:
            return [f"vmv.v.i v{vd}, {r.randint(-16, 15)}"], (vd, L), False
        if k == 3:
            return [f"vfmv.v.f v{vd}, f{r.randrange(31)}"], (vd, L), False
        if k == 4:
            vd = self.group(L, no_v0=True)
            src = r.choice([f"v{vs}", r.choice(XOPS), str(r.randint(-16, 15))])
            form = "vvm" if src.startswith("v") else ("vxm" if not src.lstrip("-").isdigit() else "vim")
            return [f"vmerge.{form} v{vd}, v{self.group(L)}, {src}, v0"], (vd, L), False
        if k == 5:
            vd = self.group(L, no_v0=True)
            return [f"vfmerge.vfm v{vd}, v{self.group(L)}, f{r.randrange(31)}, v0"], (vd, L), False
        if k == 6:
            d = r.randrange(32)
            if r.random() < 0.5:
                return [f"vmv.s.x v{d}, {r.choice(XOPS)}"], (d, 1), False
            return [f"vfmv.s.f v{d}, f{r.randrange(31)}"], (d, 1), False
        if k == 7:
            s = r.randrange(32)
            if r.random() < 0.5:
                return [f"vmv.x.s t1, v{s}"], "t1", False
            return [f"vfmv.f.s f{r.randrange(31)}, v{s}"], None, False
        n = r.choice([1, 2, 4, 8])
        a, b = r.randrange(0, 32, n), r.randrange(0, 32, n)
        return [f"vmv{n}r.v v{a}, v{b}"], (a, n), False

    def k_perm(self, L):
        r = self.r
        m = self.mask()
        vs2 = self.group(L)
        k = r.randrange(6)
        if k == 0:
            vd = self.group(L, avoid=[(vs2, L)], no_v0=bool(m))
            src = r.choice([r.choice(XOPS), str(r.randrange(32)), "zero"])
            return [f"vslideup.{'vi' if src.isdigit() else 'vx'} v{vd}, v{vs2}, {src}{m}"], (vd, L), False
        if k == 1:
            vd = self.group(L, no_v0=bool(m))
            src = r.choice([r.choice(XOPS), str(r.randrange(32)), "zero"])
            return [f"vslidedown.{'vi' if src.isdigit() else 'vx'} v{vd}, v{vs2}, {src}{m}"], (vd, L), False
        if k == 2:
            vd = self.group(L, avoid=[(vs2, L)], no_v0=bool(m))
            if r.random() < 0.5:
                return [f"vslide1up.vx v{vd}, v{vs2}, {r.choice(XOPS)}{m}"], (vd, L), False
            return [f"vfslide1up.vf v{vd}, v{vs2}, f{r.randrange(31)}{m}"], (vd, L), False
        if k == 3:
            vd = self.group(L, no_v0=bool(m))
            if r.random() < 0.5:
                return [f"vslide1down.vx v{vd}, v{vs2}, {r.choice(XOPS)}{m}"], (vd, L), False
            return [f"vfslide1down.vf v{vd}, v{vs2}, f{r.randrange(31)}{m}"], (vd, L), False
        vs1 = self.group(L)
        vd = self.group(L, avoid=[(vs2, L), (vs1, L)], no_v0=bool(m))
        if k == 4:
            return [f"vrgather.vv v{vd}, v{vs2}, v{vs1}{m}"], (vd, L), False
        src = r.choice([r.choice(XOPS), str(r.randrange(32))])
        return [f"vrgather.{'vi' if src.isdigit() else 'vx'} v{vd}, v{vs2}, {src}{m}"], (vd, L), False

    def k_load(self, L):
        r = self.r
        m = self.mask()
        vd = self.group(L, no_v0=bool(m))
        k = r.randrange(6)
        if k == 0:
            return [f"{r.choice(['vle32.v', 'vle32ff.v'])} v{vd}, (a1){m}"], (vd, L), False
        if k == 1:  # strided from the middle of the inputs: strides within +-16 stay inside
            return ["li t6, 4096", "add t6, t6, a1", f"vlse32.v v{vd}, (t6), {r.choice(STRIDES)}{m}"], (vd, L), False
        if k == 2:  # indexed: offsets < 4 KiB from IDX (duplicates, any order)
            vi = self.group(L, avoid=[(vd, L)])
            vd2 = vd
            return [f"li t6, {IDX_OFF}", "add t6, t6, a1", f"vle32.v v{vi}, (t6)",
                    f"{r.choice(['vluxei32.v', 'vloxei32.v'])} v{vd2}, (a1), v{vi}{m}"], (vd2, L), False
        if k == 3:
            return [f"vlm.v v{vd}, (a1)"], (vd, 1), False
        if k == 4:
            n = r.choice([1, 2, 4, 8])
            d = r.randrange(0, 32, n)
            return [f"vl{n}re32.v v{d}, (a1)"], (d, n), False
        return [f"vle32.v v{vd}, (a0){m}"], (vd, L), False  # what earlier stores left

    def k_store(self, L):
        r = self.r
        m = self.mask()
        vs = self.group(L)
        k = r.randrange(5)
        if k == 0:
            return [f"vse32.v v{vs}, (a0){m}"], None, False
        if k == 1:
            return ["addi t6, a0, 2044", f"vsse32.v v{vs}, (t6), {ST_STRIDES[0]}{m}"], None, False
        if k == 2:
            vi = self.group(L, avoid=[(vs, L)])
            return [f"li t6, {PERM_OFF}", "add t6, t6, a1", f"vle32.v v{vi}, (t6)",
                    f"{r.choice(['vsuxei32.v', 'vsoxei32.v'])} v{vs}, (a0), v{vi}{m}"], None, False
        if k == 3:
            return [f"vsm.v v{r.randrange(32)}, (a0)"], None, False
        n = r.choice([1, 2, 4, 8])
        return [f"vs{n}r.v v{r.randrange(0, 32, n)}, (a0)"], None, False

    def k_vill(self, L):
        """A vtype the accelerator (and QEMU with ELEN 32) cannot hold: fractional LMUL with SEW 32,
        a reserved vtype bit or LMUL encoding sets vill and vl = 0; vl and vtype are read, then a
        legal vtype comes back."""
        r = self.r
        if r.random() < 0.3:  # vsetvl with a reserved vtype bit (8..30) or the reserved LMUL 4
            bad = [f"li t6, {0x10 | (1 << r.randrange(8, 31))}", f"li t6, {0x14}"][r.randrange(2)]
            first = [bad, f"vsetvl t0, {r.choice(AVLS)}, t6"]
        else:
            first = [f"vsetvli t0, {r.choice(AVLS)}, {r.choice(['e32, mf2', 'e32, mf4', 'e32, mf8'])}, ta, ma"]
        return first + ["csrr t1, vtype", "sw t1, 0(t5)", "addi t5, t5, 4",
                        "csrr t1, vl", "sw t1, 0(t5)", "addi t5, t5, 4",
                        f"vsetvli t6, zero, e32, m{L}, ta, ma"], None, False

    def k_frm(self, L):
        return [f"csrwi frm, {self.r.randrange(5)}"], None, False

    def program(self, n_units):
        r = self.r
        data = [rand_word(r) for _ in range(IN_WORDS)]
        data += [4 * r.randrange(1024) for _ in range(256)]          # IDX: byte offsets < 4 KiB
        perm = list(range(256))
        r.shuffle(perm)
        data += [4 * p for p in perm]                                 # PERM: distinct offsets < 1 KiB
        regs = {"s3": r.choice([0, 1, 3, 8, 17, 31, 32, 64, 100, 255, 256, 1000]),
                "s4": r.randrange(0, 300), "s5": r.choice([1, 2, 7, 33, 129]), "s6": r.randrange(0, 40),
                "s7": 0xffffffff, "s8": r.choice([0, 4, 8, 12, 16, -4, -8, -16]),
                "s9": r.choice([4, -4, 0, 16, -12]), "s1": r.choice([4, 8, 0, -4, -8])}
        for x in XOPS:
            regs[x] = r.choice([r.getrandbits(32), r.choice(INT_SPECIAL), r.randrange(-20, 40) & 0xffffffff])
        frm = r.randrange(5)
        units = [self.unit() for _ in range(n_units)]
        return {"data": data, "regs": regs, "frm": frm, "units": units}


def generate(seed, index, n_units):
    return VGen(f"vector:{seed}:{index}").program(n_units)


def source(prog, keep=None, k=0):
    """vec_main_<k>(a0 = scratch, a1 = inputs): the program; returns its result words (at a0 + OUT_OFF)."""
    units = prog["units"]
    keep = range(len(units)) if keep is None else sorted(keep)
    # callee-saved registers the program uses (the driver keeps its pointers in s0 and s2)
    saved = ["s1", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10", "s11"]
    out = ["    .text", f"vec_main_{k}:", f"    addi sp, sp, -{4 * len(saved) + 16}"]
    out += [f"    sw {s}, {4 * i}(sp)" for i, s in enumerate(saved)]
    for name, v in prog["regs"].items():
        out.append(f"    li {name}, {v & 0xffffffff if v >= 0 else v}")
    out += [f"    flw f{j}, {4 * (7 * j + 3)}(a1)" for j in range(32)]
    out += [f"    csrwi frm, {prog['frm']}", "    csrwi fflags, 0",
            f"    li t5, {OUT_OFF}", "    add t5, t5, a0",
            "    mv t6, a0", "    li t1, 1024",                               # zero the store area
            "1:  sw zero, 0(t6)", "    addi t6, t6, 4", "    addi t1, t1, -1", "    bnez t1, 1b",
            "    vsetvli t0, zero, e32, m8, ta, ma"]
    for j in range(0, 32, 8):                                            # defined register contents
        out += [f"    li t6, {4 * 256 * (j // 8)}", "    add t6, t6, a1", f"    vle32.v v{j}, (t6)"]
    for i in keep:
        out.append(f"U{k}_{i}:")
        out += ["    " + x for x in units[i][1]]
    out += [f"UEND_{k}:", "    vs8r.v v0, (t5)", f"    addi t5, t5, {8 * VLENB}", "    vs8r.v v8, (t5)",
            f"    addi t5, t5, {8 * VLENB}", "    vs8r.v v16, (t5)", f"    addi t5, t5, {8 * VLENB}",
            "    vs8r.v v24, (t5)", f"    addi t5, t5, {8 * VLENB}",
            "    csrr t1, fcsr", "    sw t1, 0(t5)", "    csrr t1, vl", "    sw t1, 4(t5)",
            "    csrr t1, vtype", "    sw t1, 8(t5)", "    csrr t1, vstart", "    sw t1, 12(t5)",
            "    addi t5, t5, 16",
            "    mv t6, a0", "    li t1, 1024",                               # the store area
            "2:  lw t2, 0(t6)", "    sw t2, 0(t5)", "    addi t6, t6, 4", "    addi t5, t5, 4",
            "    addi t1, t1, -1", "    bnez t1, 2b",
            f"    li t1, {OUT_OFF}", "    add t1, t1, a0", "    sub a0, t5, t1", "    srli a0, a0, 2"]
    out += [f"    lw {s}, {4 * i}(sp)" for i, s in enumerate(saved)]
    out += [f"    addi sp, sp, {4 * len(saved) + 16}", "    ret", ""]
    return "\n".join(out)


DSTRIDE = 0x3000  # one program's inputs (DATA_BYTES, rounded up)


def layout(progs, keeps):
    """Offsets in the region (the DLM, or a RAM buffer on QEMU): inputs of program k at k * DSTRIDE,
    its scratch (store area, then its result log) at scratch[k], the driver's output at `final`."""
    sbase = len(progs) * DSTRIDE
    scratch = []
    for p, keep in zip(progs, keeps):
        n = len(p["units"]) if keep is None else len(keep)
        size = OUT_OFF + n * (8 * VLENB + 16) + 32 * VLENB + 16 + 4096 + 64
        scratch.append(sbase)
        sbase += (size + 4095) & ~4095
    return scratch, sbase


def driver(progs, keeps):
    """vec_driver(a0 = region): runs every program on its own inputs and scratch, then writes at
    region + final, program after program, its word count and its result words; returns the total."""
    scratch, final = layout(progs, keeps)
    out = ["    .text", "    .globl vec_driver", "vec_driver:", "    addi sp, sp, -16", "    sw ra, 0(sp)",
           "    sw s0, 4(sp)", "    sw s2, 8(sp)", "    mv s0, a0", f"    li s2, {final}", "    add s2, s2, s0"]
    for k in range(len(progs)):
        out += [f"    li a0, {scratch[k]}", "    add a0, a0, s0", f"    li a1, {k * DSTRIDE}", "    add a1, a1, s0",
                f"    call vec_main_{k}", "    sw a0, 0(s2)", "    addi s2, s2, 4",
                f"    li t0, {scratch[k] + OUT_OFF}", "    add t0, t0, s0",
                f"1:  beqz a0, 2f", "    lw t1, 0(t0)", "    sw t1, 0(s2)", "    addi t0, t0, 4", "    addi s2, s2, 4",
                "    addi a0, a0, -1", "    j 1b", "2:"]
    out += [f"    li t0, {final}", "    add t0, t0, s0", "    sub a0, s2, t0", "    srli a0, a0, 2",
            "    lw ra, 0(sp)", "    lw s0, 4(sp)", "    lw s2, 8(sp)", "    addi sp, sp, 16", "    ret", ""]
    return "\n".join(out), final


ACC_ENTRY = """    .section .text.entry, "ax"
    .globl _start
_start:
    call vec_driver
    ecall
"""

QEMU_MAIN = r"""
#include <stdint.h>
extern uint32_t vec_driver(uint32_t region);
extern const uint8_t difft_vdata[], difft_vdata_end[];
static uint8_t region[REGION_BYTES] __attribute__((aligned(4096)));
#define UART ((volatile uint8_t *)0x10000000u)
static void pc(char c) { while (!(UART[5] & 0x20)) {} UART[0] = (uint8_t)c; }
static void hex(uint32_t v, int n) { for (int s = 4 * (n - 1); s >= 0; s -= 4) pc("0123456789abcdef"[(v >> s) & 15]); }
void difft_vmain(void) {
    for (const uint8_t *p = difft_vdata; p < difft_vdata_end; ++p) region[p - difft_vdata] = *p;
    uint32_t n = vec_driver((uint32_t)(uintptr_t)region);
    const uint32_t *o = (const uint32_t *)(region + FINAL);
    const char *l = "vec: ";
    while (*l) pc(*l++);
    char b[12]; int k = 0; uint32_t v = n;
    do b[k++] = (char)('0' + v % 10); while ((v /= 10) != 0);
    while (k) pc(b[--k]);
    l = " words\n";
    while (*l) pc(*l++);
    for (uint32_t i = 0; i < n; i += 8) {
        hex(i, 4); pc(':');
        for (uint32_t j = i; j < i + 8 && j < n; ++j) { pc(' '); hex(o[j], 8); }
        pc('\n');
    }
    *(volatile uint32_t *)0x100000u = 0x5555;
    for (;;) {}
}
"""

QEMU_START = """    .section .text.start, "ax"
    .globl _start
_start:
    la sp, __stack_top
    li t0, 0x2200            /* mstatus.FS = Initial, VS = Initial */
    csrs mstatus, t0
    call difft_vmain
1:  j 1b
"""

MAX_REGION = 0x100000 - 0x2000  # the DLM (1 MiB at most), less the accelerator's stack at its end


def fits(progs, keeps):
    """Whether the programs' inputs, scratch areas and output fit one DLM."""
    _, final = layout(progs, keeps)
    words = 0
    for p, keep in zip(progs, keeps):
        n = len(p["units"]) if keep is None else len(keep)
        words += 1 + (n * (8 * VLENB + 16) + 32 * VLENB + 16 + 4096) // 4
    return final + 4 * words <= MAX_REGION


def build(work, name, progs, keeps, gcc, here):
    """text.bin + data.bin for vec-run, and the QEMU ELF: the same driver and programs."""
    base = os.path.join(work, name)
    drv, final = driver(progs, keeps)
    with open(base + "_vec.S", "w") as f:
        f.write(drv + "\n" + "\n".join(source(p, keep, k) for k, (p, keep) in enumerate(zip(progs, keeps))))
    with open(base + "_acc.S", "w") as f:
        f.write(ACC_ENTRY)
    with open(base + "_qemu.S", "w") as f:
        f.write(QEMU_START)
    with open(base + "_main.c", "w") as f:
        f.write(f"#define FINAL {final}\n#define REGION_BYTES {MAX_REGION}\n" + QEMU_MAIN)
    data = base + ".data.bin"
    with open(data, "wb") as f:
        for p in progs:
            blob = b"".join(w.to_bytes(4, "little") for w in p["data"])
            f.write(blob + bytes(DSTRIDE - len(blob)))
    with open(base + "_data.S", "w") as f:
        f.write(f'    .section .rodata\n    .balign 64\n    .globl difft_vdata, difft_vdata_end\n'
                f'difft_vdata:\n    .incbin "{data}"\ndifft_vdata_end:\n')
    arch = ["-march=rv32imafv_zicsr", "-mabi=ilp32f", "-nostdlib", "-nostartfiles", "-static", "-O2",
            "-ffreestanding", "-mcmodel=medany", "-Wl,--no-relax"]

    def cc(cmd):
        p = subprocess.run([gcc] + cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        if p.returncode != 0:
            raise SystemExit(f"difftest: build of {base} failed:\n{p.stdout.decode(errors='replace')[-3000:]}")

    obj = base + "_vec.o"
    cc(arch + ["-c", base + "_vec.S", "-o", obj])  # assembled once, linked for both machines
    acc_elf = base + "_acc.elf"
    cc(arch + ["-Wl,-Ttext=0x18400000", "-Wl,-e,_start", base + "_acc.S", obj, "-o", acc_elf])
    text = base + ".text.bin"
    p = subprocess.run([gcc.replace("gcc", "objcopy"), "-O", "binary", "-j", ".text", acc_elf, text],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if p.returncode != 0:
        raise SystemExit(f"difftest: objcopy failed: {p.stdout.decode(errors='replace')}")
    qelf = base + "_qemu.elf"
    cc(arch + ["-T", os.path.join(here, "rt", "link.ld"), base + "_qemu.S", base + "_main.c", obj,
               base + "_data.S", "-o", qelf])
    return text, data, qelf, final


def split(words_, n):
    """The driver's output cut into the n programs' result lists, or None if it is malformed."""
    if words_ is None:
        return None
    out, i = [], 0
    for _ in range(n):
        if i >= len(words_):
            return None
        c = int(words_[i], 16)
        out.append(words_[i + 1:i + 1 + c])
        i += 1 + c
    return out if i == len(words_) else None


def words(out):
    """The result words of a dump ("vec: N words" + "iiii: w w ..."), or None."""
    lines = out.splitlines()
    if not lines or not lines[0].startswith("vec: "):
        return None
    n = int(lines[0].split()[1])
    w = []
    for line in lines[1:]:
        if ":" in line:
            w += line.split(":", 1)[1].split()
    return w if len(w) == n else None


def compare(q, v):
    if q is None:
        return ["QEMU printed no result"]
    if len(q) != len(v):
        return [f"{len(q)} result words on QEMU, {len(v)} on the accelerator"]
    return [f"word {i}: QEMU {a} accelerator {b}" for i, (a, b) in enumerate(zip(q, v)) if a != b][:20]


def size(prog, keep=None):
    return sum(len(u[1]) for i, u in enumerate(prog["units"]) if keep is None or i in keep)


def show(prog, keep):
    lines = [f"  frm {prog['frm']}; a0 = scratch, a1 = inputs; " +
             ", ".join(f"{k} = {v & 0xffffffff:#x}" for k, v in prog["regs"].items())]
    for i in keep:
        for x in prog["units"][i][1]:
            lines.append(f"  U{i}: {x}")
    return "\n".join(lines)
