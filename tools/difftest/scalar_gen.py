"""Random RV32IMAFC + Zicsr programs for the differential tester (tools/difftest/difftest.py).

A program is a list of *units*: one instruction, or a few that belong together (an address set-up
and the AMO that uses it, an LR/SC pair with what lies between, `la` + `jalr`). Shrinking removes
units, never parts of one. Everything is a pure function of the seed string, so a program is
reproduced from (seed, index) alone.

Registers: sp = the data region's start, s0 = its middle (a 4 KiB page boundary), tp = the trap
log's context, t5 = the value log's next entry, t6 = scratch of the log; the programs never write
these (sources may read them). After most units a *probe* appends the unit's result register (and,
for FP and fcsr units, fflags read and cleared) to the value log, so a result that a later unit
overwrites, or an exception flag that sticky fflags would hide, is still compared. Every other register
starts from the program's random initial values (integers and FP bits from lists of boundary
values: 0, -1, INT_MIN, NaNs with and without payload, signalling NaNs, subnormals, infinities,
integer-conversion edges...), and so do fcsr (any valid frm), mscratch, mepc, mtval and the
256-byte data region: a program depends on nothing an earlier one in the same ELF left behind.
"""
import random

DATA_SIZE = 256
MID = 128  # s0 = data + MID

ABI = ["zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2", "s0", "s1", "a0", "a1", "a2", "a3", "a4", "a5",
       "a6", "a7", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10", "s11", "t3", "t4", "t5", "t6"]
RESERVED = {2, 4, 8, 30, 31}  # sp, tp, s0; t5 = the value log's pointer, t6 its scratch
XW = [r for r in range(1, 32) if r not in RESERVED]  # destinations
XC = [r for r in range(9, 16)]                       # compressed rd'/rs2' (s0 excluded)
FC = list(range(8, 16))

INT_SPECIAL = [0, 1, 0xffffffff, 2, 0x7fffffff, 0x80000000, 0x80000001, 0xfffffffe, 0x100, 0xffff,
               0x10000, 31, 32, 33, 0x55555555, 0xaaaaaaaa, 0xffff8000, 0x7ff, 0x800, 0xfffff800]
FP_SPECIAL = [
    0x00000000, 0x80000000, 0x7f800000, 0xff800000,  # zeros, infinities
    0x7fc00000, 0xffc00000, 0x7fc00001, 0x7fffffff,  # quiet NaNs (canonical, payloads)
    0x7f800001, 0xff800001, 0x7fa00000, 0x7fbfffff,  # signalling NaNs
    0x00000001, 0x80000001, 0x007fffff, 0x807fffff, 0x00400000,  # subnormals
    0x00800000, 0x80800000, 0x00800001, 0x7f7fffff, 0xff7fffff, 0x7f000000,  # normal edges
    0x3f800000, 0xbf800000, 0x3f000000, 0xbf000000, 0x3fc00000, 0x40200000, 0xc0200000,  # halves
    0x3effffff, 0x3f000001, 0xbf000001, 0x3f7fffff, 0x3f800001, 0x33800000, 0x34000000,
    0x4f000000, 0xcf000000, 0x4effffff, 0xcf000001, 0x4f800000, 0x4f7fffff, 0x4f7fffff,  # int edges
    0xc2f6e979, 0x42f6e979, 0x4b800000, 0x4b7fffff, 0xcb800001, 0x1f800000, 0x5f800000, 0x20000000,
]
RMS = ["rne", "rtz", "rdn", "rup", "rmm", "dyn"]
CSRS = ["fflags", "frm", "fcsr", "mscratch", "mepc", "mtval"]  # mepc is WARL (bit 0 reads 0)


def rand_int(r):
    k = r.random()
    if k < 0.45:
        return r.choice(INT_SPECIAL)
    if k < 0.6:
        return r.randrange(-64, 64) & 0xffffffff
    return r.getrandbits(32)


def rand_fp(r):
    k = r.random()
    if k < 0.4:
        return r.choice(FP_SPECIAL)
    if k < 0.7:  # moderate exponents: arithmetic that rounds, cancels and converts to integers
        return (r.getrandbits(1) << 31) | (r.randrange(100, 160) << 23) | r.getrandbits(23)
    if k < 0.85:  # tiny and huge: products, quotients and fmas that underflow (tininess after
        # rounding, subnormal results in every rounding mode) or overflow
        e = r.choice([r.randrange(0, 40), r.randrange(40, 70), r.randrange(190, 255)])
        m = r.choice([r.getrandbits(23), 0x7fffff, 0, 1, 0x400000])
        return (r.getrandbits(1) << 31) | (e << 23) | m
    return r.getrandbits(32)


def signed12(v):
    return v - 4096 if v >= 2048 else v


KINDS = [("int", 14), ("imm", 10), ("cint", 8), ("mem", 10), ("cmem", 5), ("amo", 4), ("lrsc", 2),
         ("branch", 6), ("fp", 18), ("fcvt", 10), ("fconst", 3), ("csr", 5), ("trap", 2), ("fs", 1),
         ("misc", 1), ("smc", 2)]
# --mix: which units a program is made of (weights multiplied for the named kinds).
MIXES = {"all": {}, "fp": {"fp": 6, "fcvt": 6, "fconst": 4, "csr": 2, "int": 0.2, "imm": 0.2, "cint": 0.2},
         "mem": {"mem": 5, "cmem": 5, "amo": 6, "lrsc": 6, "fp": 0.2, "fcvt": 0.2},
         "control": {"branch": 6, "trap": 6, "smc": 4, "fs": 4, "csr": 3}}


class Gen:
    def __init__(self, seed, mix="all"):
        self.r = random.Random(seed)
        self.kinds = [(k, w * MIXES[mix].get(k, 1)) for k, w in KINDS]

    def xw(self):
        return ABI[self.r.choice(XW)]

    def xd(self):
        """A destination that may be x0 (the result is dropped, side effects stay)."""
        return "zero" if self.r.random() < 0.04 else self.xw()

    def xr(self):
        r = self.r
        return ABI[r.randrange(32) if r.random() < 0.9 else r.choice([0, 2, 8])]

    def f(self):
        return f"f{self.r.randrange(32)}"

    def rm(self):
        return self.r.choice(RMS)

    def mem_ref(self, size, aligned_p=0.7, base=None):
        """(offset, base name) of a size-byte access inside the data region."""
        r = self.r
        base = base or r.choice(["sp", "s0"])
        lo = 0 if base == "sp" else -MID
        hi = DATA_SIZE - size - (0 if base == "sp" else MID)
        while True:
            off = r.randint(lo, hi)
            if r.random() < aligned_p:
                off -= (off - lo) % size
            if lo <= off <= hi:
                return off, base

    def addr_unit(self, size, aligned):
        """addi rt, base, off with rt a fresh destination: the address of an AMO or LR/SC."""
        rt = self.xw()
        off, base = self.mem_ref(size, 1.0 if aligned else 0.0)
        if not aligned and off % 4 == (0 if base == "sp" else MID % 4):
            off += self.r.choice([1, 2, 3]) if off + 4 < (DATA_SIZE - (0 if base == "sp" else MID)) else -1
        return rt, f"addi {rt}, {base}, {off}"

    # ---------------------------------------------------------------------------------------------
    def unit(self, i, n):
        """One unit: (kind, [asm lines], branch target index or None)."""
        r = self.r
        kind = r.choices([k for k, _ in self.kinds], [w for _, w in self.kinds])[0]
        kind, lines, tgt = getattr(self, "u_" + kind)(i, n)
        if tgt is None:
            lines = lines + self.probe(lines)
        return kind, lines, tgt

    def probe(self, lines):
        """The value-log lines after a unit: its destination register, then (FP and fcsr units,
        three times in four) fflags, read and cleared."""
        body = [x for x in lines if not x.startswith(".option")]
        last = body[-1]
        mn, _, ops = last.partition(" ")
        ops = [o.strip() for o in ops.split(",")]
        out = []
        no_dest = mn in ("sb", "sh", "sw", "fsw", "c.sw", "c.swsp", "c.fsw", "c.fswsp", "fence", "fence.i",
                         "nop", "c.nop", "ecall", "ebreak", "c.ebreak", ".4byte", ".2byte", "csrc", "csrs")
        if not no_dest and ops and ops[0] and ops[0] != "zero":
            rd = ops[0] if mn != ".insn" else ops[3]
            if rd.startswith("f") and rd[1:].isdigit():
                out.append(f"fsw {rd}, 0(t5)")
            else:
                out.append(f"sw {rd}, 0(t5)")
            out.append("addi t5, t5, 4")
        fp = (mn.endswith(".s") or mn.startswith("f") and mn not in ("fence", "fence.i", "fsw")
              or mn == ".insn" or any(c in ops for c in ("fflags", "fcsr", "frm")))
        if fp and self.r.random() < 0.75:
            out += ["csrrw t6, fflags, zero", "sw t6, 0(t5)", "addi t5, t5, 4"]
        return out

    def u_int(self, i, n):
        op = self.r.choice(["add", "sub", "sll", "slt", "sltu", "xor", "srl", "sra", "or", "and", "mul",
                            "mulh", "mulhsu", "mulhu", "div", "divu", "rem", "remu"])
        return "int", [f"{op} {self.xd()}, {self.xr()}, {self.xr()}"], None

    def u_imm(self, i, n):
        r = self.r
        k = r.random()
        if k < 0.55:
            op = r.choice(["addi", "slti", "sltiu", "xori", "ori", "andi"])
            imm = r.choice([0, 1, -1, 2047, -2048, r.randint(-2048, 2047)])
            return "imm", [f"{op} {self.xd()}, {self.xr()}, {imm}"], None
        if k < 0.8:
            op = r.choice(["slli", "srli", "srai"])  # xw: never "slli zero, zero, 31" (semihosting's marker)
            return "imm", [f"{op} {self.xw()}, {self.xr()}, {r.choice([0, 1, 31, r.randrange(32)])}"], None
        if k < 0.9:
            return "imm", [f"{r.choice(['lui', 'auipc'])} {self.xw()}, {r.getrandbits(20)}"], None
        return "imm", [f"li {self.xw()}, {rand_int(r)}"], None

    def u_cint(self, i, n):
        r = self.r
        rd, rs = ABI[r.choice(XW)], ABI[r.choice(XW)]
        rdc, rsc = ABI[r.choice(XC)], ABI[r.choice(XC)]
        nz6 = r.choice([v for v in range(-32, 32) if v])
        forms = [
            f"c.li {rd}, {r.randint(-32, 31)}",
            f"c.lui {rd}, {r.choice([r.randint(1, 31), r.randint(0xfffe0, 0xfffff)])}",
            f"c.addi {rd}, {nz6}",
            f"c.slli {rd}, {r.randint(1, 31)}",
            f"c.srli {rdc}, {r.randint(1, 31)}",
            f"c.srai {rdc}, {r.randint(1, 31)}",
            f"c.andi {rdc}, {r.randint(-32, 31)}",
            f"c.mv {rd}, {rs}",
            f"c.add {rd}, {rs}",
            f"c.sub {rdc}, {rsc}",
            f"c.xor {rdc}, {rsc}",
            f"c.or {rdc}, {rsc}",
            f"c.and {rdc}, {rsc}",
            "c.nop",
            f"c.addi4spn {rdc}, sp, {4 * r.randint(1, 255)}",
            f"c.addi16sp sp, {16 * r.choice([-31, -1, 1, 31])}",  # undone right below: sp is invariant
        ]
        form = r.choice(forms)
        if form.startswith("c.addi16sp"):
            back = -int(form.split(",")[1])
            return "cint", [".option rvc", form, f"c.addi16sp sp, {back}", ".option norvc"], None
        return "cint", [".option rvc", form, ".option norvc"], None

    def u_mem(self, i, n):
        r = self.r
        op, size = r.choice([("lb", 1), ("lbu", 1), ("lh", 2), ("lhu", 2), ("lw", 4), ("sb", 1), ("sh", 2),
                             ("sw", 4), ("flw", 4), ("fsw", 4)])
        off, base = self.mem_ref(size)
        if op == "flw":
            reg = self.f()
        elif op == "fsw":
            reg = self.f()
        elif op.startswith("s"):
            reg = self.xr()
        else:
            reg = self.xd()
        return "mem", [f"{op} {reg}, {off}({base})"], None

    def u_cmem(self, i, n):
        r = self.r
        k = r.randrange(8)
        rc, fc = ABI[r.choice(XC)], f"f{r.choice(FC)}"
        o_s0 = r.randrange(0, 128, 4) if MID + 124 < DATA_SIZE else 0
        o_sp = r.randrange(0, min(256, DATA_SIZE - 3), 4)
        line = [f"c.lw {rc}, {o_s0}(s0)", f"c.sw {ABI[r.choice(XC + [8])]}, {o_s0}(s0)",
                f"c.lwsp {self.xw()}, {o_sp}(sp)", f"c.swsp {self.xr()}, {o_sp}(sp)",
                f"c.flw {fc}, {o_s0}(s0)", f"c.fsw {fc}, {o_s0}(s0)",
                f"c.flwsp {self.f()}, {o_sp}(sp)", f"c.fswsp {self.f()}, {o_sp}(sp)"][k]
        return "cmem", [".option rvc", line, ".option norvc"], None

    def u_amo(self, i, n):
        r = self.r
        aligned = r.random() < 0.85
        rt, setup = self.addr_unit(4, aligned)
        op = r.choice(["amoswap", "amoadd", "amoxor", "amoand", "amoor", "amomin", "amomax", "amominu",
                       "amomaxu"])
        order = r.choice(["", ".aq", ".rl", ".aqrl"])
        rd = self.xd()
        return "amo", [setup, f"{op}.w{order} {rd}, {self.xr()}, ({rt})"], None

    def u_lrsc(self, i, n):
        """lr.w; up to two ALU instructions; sc.w (aligned: QEMU 7.2 checks no alignment on a failing
        sc.w). Nothing in between traps or stores, so the reservation's fate is fixed by the
        architecture, not by an implementation's choice. A misaligned lr.w traps (cause 4) alone."""
        r = self.r
        rt, setup = self.addr_unit(4, True)
        if r.random() < 0.1:
            rt2, setup2 = self.addr_unit(4, False)
            return "lrsc", [setup2, f"lr.w {self.xw()}, ({rt2})"], None
        lines = [setup]
        addr = rt
        if r.random() < 0.2:  # sc.w to another word than the reserved one: must fail
            addr, other = self.addr_unit(4, True)
            lines.append(other)
        free = [x for x in XW if ABI[x] not in (rt, addr)]
        lines.append(f"lr.w{r.choice(['', '.aq', '.aqrl'])} {ABI[r.choice(free)]}, ({rt})")
        for _ in range(r.randrange(3)):
            lines.append(f"add {ABI[r.choice(free)]}, {self.xr()}, {self.xr()}")
        lines.append(f"sc.w{r.choice(['', '.rl', '.aqrl'])} {self.xw()}, {self.xr()}, ({addr})")
        return "lrsc", lines, None

    def u_branch(self, i, n):
        r = self.r
        tgt = min(n, i + 1 + r.randrange(6))
        lab = f"L{tgt}"
        k = r.randrange(7)
        if k <= 2:
            op = r.choice(["beq", "bne", "blt", "bge", "bltu", "bgeu"])
            return "branch", [f"{op} {self.xr()}, {self.xr()}, {{L}}"], tgt
        if k == 3:
            return "branch", [".option rvc", f"{r.choice(['c.beqz', 'c.bnez'])} {ABI[r.choice(XC + [8])]}, {{L}}",
                              ".option norvc"], tgt
        if k == 4:
            return "branch", [".option rvc", f"{r.choice(['c.j', 'c.jal'])} {{L}}", ".option norvc"], tgt
        if k == 5:
            return "branch", [f"jal {self.xw()}, {{L}}"], tgt
        rt = self.xw()
        form = r.randrange(3)
        if form == 0:
            jump = [f"jalr {self.xw()}, {r.choice([0, 1])}({rt})"]  # bit 0 of the target is cleared
        else:
            jump = [".option rvc", f"{'c.jr' if form == 1 else 'c.jalr'} {rt}", ".option norvc"]
        return "branch", [f"la {rt}, {{L}}"] + jump, tgt

    def u_fp(self, i, n):
        r = self.r
        k = r.random()
        if k < 0.45:
            op = r.choice(["fadd.s", "fsub.s", "fmul.s", "fdiv.s"])
            if r.random() < 0.03:  # a reserved static rounding mode (5, 6): illegal instruction
                f7 = {"fadd.s": 0x00, "fsub.s": 0x04, "fmul.s": 0x08, "fdiv.s": 0x0c}[op]
                return "fp", [f".insn r 0x53, {r.choice([5, 6])}, {f7}, {self.f()}, {self.f()}, {self.f()}"], None
            return "fp", [f"{op} {self.f()}, {self.f()}, {self.f()}, {self.rm()}"], None
        if k < 0.55:
            return "fp", [f"fsqrt.s {self.f()}, {self.f()}, {self.rm()}"], None
        if k < 0.75:
            op = r.choice(["fmadd.s", "fmsub.s", "fnmsub.s", "fnmadd.s"])
            return "fp", [f"{op} {self.f()}, {self.f()}, {self.f()}, {self.f()}, {self.rm()}"], None
        op = r.choice(["fmin.s", "fmax.s", "fsgnj.s", "fsgnjn.s", "fsgnjx.s"])
        return "fp", [f"{op} {self.f()}, {self.f()}, {self.f()}"], None

    def u_fcvt(self, i, n):
        r = self.r
        k = r.randrange(7)
        if k <= 1:
            return "fcvt", [f"{r.choice(['fcvt.w.s', 'fcvt.wu.s'])} {self.xd()}, {self.f()}, {self.rm()}"], None
        if k == 2:
            return "fcvt", [f"{r.choice(['fcvt.s.w', 'fcvt.s.wu'])} {self.f()}, {self.xr()}, {self.rm()}"], None
        if k == 3:
            return "fcvt", [f"{r.choice(['fmv.x.w', 'fclass.s'])} {self.xw()}, {self.f()}"], None
        if k == 4:
            return "fcvt", [f"fmv.w.x {self.f()}, {self.xr()}"], None
        return "fcvt", [f"{r.choice(['feq.s', 'flt.s', 'fle.s'])} {self.xw()}, {self.f()}, {self.f()}"], None

    def u_fconst(self, i, n):
        rt = self.xw()
        return "fconst", [f"li {rt}, {rand_fp(self.r)}", f"fmv.w.x {self.f()}, {rt}"], None

    def u_csr(self, i, n):
        r = self.r
        csr = r.choice(CSRS)
        rd = r.choice([self.xw(), "zero"])
        if r.random() < 0.5:
            # QEMU 7.2 keeps mepc[0] as written (privileged spec 3.1.14: mepc[0] is always zero; the VP
            # clears it): mepc gets no register-sourced value that could set bit 0, only csrrc.
            op = "csrrc" if csr == "mepc" else r.choice(["csrrw", "csrrs", "csrrc"])
            return "csr", [f"{op} {rd}, {csr}, {self.xr()}"], None
        op = r.choice(["csrrwi", "csrrsi", "csrrci"])
        imm = r.choice([r.randrange(32), r.randrange(8), 0])  # frm 5..7 makes dynamic-rm ops illegal
        if csr == "mepc" and op != "csrrci":
            imm &= ~1
        return "csr", [f"{op} {rd}, {csr}, {imm}"], None

    def u_trap(self, i, n):
        r = self.r
        forms = [["ecall"], ["ebreak"], [".option rvc", "c.ebreak", ".option norvc"],
                 [".4byte 0xc0001073"],                   # unimp: csrrw x0, cycle, x0 (read-only CSR)
                 [".2byte 0x0000"],                       # the all-zero (illegal) 16-bit encoding
                 [f".2byte {r.choice([0x0004, 0x4002, 0x8002, 0x6081, 0x6101])}"],  # reserved: c.addi4spn 0,
                 # c.lwsp x0, c.jr x0, c.lui imm 0, c.addi16sp imm 0
                 [f"csrrw {self.xw()}, mhartid, {self.xr()}"],  # write to a read-only CSR
                 [f"csrrs {self.xw()}, 0x7c0, zero"],     # an unimplemented CSR
                 [".4byte 0x30300073"],                   # a reserved SYSTEM encoding
                 [f"csrr {self.xw()}, mhartid"],          # legal: 0 on both
                 [self.fault()]]
        return "trap", r.choice(forms), None

    def fault(self):
        """An aligned access to the first 256 bytes of the address space: nothing there on either
        machine (QEMU virt's debug region is empty), so a load/store/AMO access fault (5/7)."""
        r = self.r
        op, size = r.choice([("lw", 4), ("lh", 2), ("lbu", 1), ("sw", 4), ("sb", 1), ("flw", 4), ("fsw", 4),
                             ("amoadd.w", 4), ("lr.w", 4), ("sc.w", 4)])
        off = r.randrange(0, 256, size)
        if op.startswith(("amo", "sc")):
            return f"{op} {self.xw()}, {self.xr()}, (zero)"
        if op == "lr.w":
            return f"lr.w {self.xw()}, (zero)"
        reg = self.f() if op in ("flw", "fsw") else (self.xr() if op.startswith("s") else self.xw())
        return f"{op} {reg}, {off}(zero)"

    def u_fs(self, i, n):
        """mstatus.FS off (every FP instruction and fcsr access then traps) or back on (Dirty), or
        mstatus read: SD, FS, MPIE and MIE (FS is always Off or Dirty here, so no implementation's
        dirty tracking shows). Not MPP: the VP has M mode only, so MPP reads 3 (privileged spec
        3.1.6.1); QEMU's virt CPU has U mode and mret leaves MPP = U (0)."""
        rt = self.xw()
        if self.r.random() < 0.3:
            return "fs", [f"csrr {rt}, mstatus", f"li t6, 0x80006088", f"and {rt}, {rt}, t6"], None
        return "fs", [f"li {rt}, 0x6000", f"{self.r.choice(['csrc', 'csrs', 'csrs'])} mstatus, {rt}"], None

    def u_smc(self, i, n):
        """Self-modifying code: an I-type ALU instruction with random fields is stored over the slot
        that follows, fence.i, then the slot runs (the decode caches must drop the old one)."""
        r = self.r
        rt = self.xw()
        rd, rs1 = r.choice(XW), r.randrange(32)
        f3 = r.choice([0, 2, 3, 4, 6, 7])  # addi slti sltiu xori ori andi
        insn = (r.getrandbits(12) << 20) | (rs1 << 15) | (f3 << 12) | (rd << 7) | 0x13
        return "smc", [f"la t6, 1f", f"li {rt}, {insn:#x}", f"sw {rt}, 0(t6)", "fence.i",
                       f"1: addi {ABI[r.choice(XW)]}, zero, 0", f"addi {ABI[rd]}, {ABI[rd]}, 0"], None

    def u_misc(self, i, n):
        return "misc", [self.r.choice(["fence", "fence rw, rw", "fence.i", "nop"])], None

    # ---------------------------------------------------------------------------------------------
    def program(self, n_units):
        r = self.r
        init_x = [rand_int(r) for _ in range(32)]
        init_f = [rand_fp(r) for _ in range(32)]
        fcsr = (r.randrange(5) << 5) | r.getrandbits(5)
        mscratch = rand_int(r)
        mepc = rand_int(r) & ~1
        mtval = rand_int(r)
        mem = []
        for _ in range(DATA_SIZE // 4):
            mem.append(rand_fp(r) if r.random() < 0.4 else rand_int(r))
        units = [self.unit(i, n_units) for i in range(n_units)]
        # The exact semihosting sequence (slli x0,x0,0x1f; ebreak) is not generated: no "slli zero".
        return {"x": init_x, "f": init_f, "fcsr": fcsr, "mscratch": mscratch, "mepc": mepc, "mtval": mtval,
                "mem": mem, "units": units}


def generate(seed, index, n_units, mix="all"):
    return Gen(f"scalar:{seed}:{index}" + ("" if mix == "all" else f":{mix}"), mix).program(n_units)


def render(k, prog, keep=None):
    """Assembly of program k (its code, initial-value table and context); keep = the unit indices
    to emit (all by default). A branch to a unit that is not kept goes to the next kept one."""
    units = prog["units"]
    n = len(units)
    keep = list(range(n)) if keep is None else sorted(keep)
    out = [f"    .bss", f"    .balign 16", f"difft_log_{k}: .space {4 * (2 * n + 4)}",
           f"    .data", f"    .balign 16", f"difft_ctx_{k}: .space CTX_WORDS*4",
           f"difft_init_{k}:"]
    vals = prog["x"] + prog["f"] + [prog["fcsr"], prog["mscratch"], prog["mepc"], prog["mtval"]] + prog["mem"]
    for j in range(0, len(vals), 8):
        out.append("    .word " + ", ".join(f"0x{v:08x}" for v in vals[j:j + 8]))
    out += [f"    .text", f"    .balign 4", f"difft_prog_{k}:",
            "    la t0, difft_csave",
            "    sw ra, 0(t0)", "    sw sp, 4(t0)", "    sw gp, 8(t0)", "    sw tp, 12(t0)"]
    out += [f"    sw s{j}, {16 + 4 * j}(t0)" for j in range(12)]
    out += ["    li t1, 0x6000", "    csrs mstatus, t1",  # FS on: a previous program may have left it off
            f"    la t0, difft_init_{k} + {68 * 4}", "    la t1, difft_data", f"    li t2, {DATA_SIZE // 4}",
            "1:  lw t3, 0(t0)", "    sw t3, 0(t1)", "    addi t0, t0, 4", "    addi t1, t1, 4",
            "    addi t2, t2, -1", "    bnez t2, 1b",
            f"    la t0, difft_init_{k}", "    lw t1, 64*4(t0)", "    csrw fcsr, t1",
            "    lw t1, 65*4(t0)", "    csrw mscratch, t1", "    lw t1, 66*4(t0)", "    csrw mepc, t1",
            "    lw t1, 67*4(t0)", "    csrw mtval, t1"]
    out += [f"    flw f{j}, {(32 + j) * 4}(t0)" for j in range(32)]
    out += [f"    la tp, difft_ctx_{k}", "    la sp, difft_data", f"    addi s0, sp, {MID}"]
    out += [f"    lw {ABI[j]}, {j * 4}(t0)" for j in range(1, 32) if j not in RESERVED and j != 5]
    out += [f"    la t5, difft_log_{k}", "    lw t0, 20(t0)", "    .option norvc"]
    prev = -1
    for u in keep:
        for lab in range(prev + 1, u + 1):
            out.append(f"L{lab}_{k}:")
        prev = u
        kind, lines, tgt = units[u]
        for line in lines:
            out.append("    " + line.replace("{L}", f"L{tgt}_{k}") if tgt is not None else "    " + line)
    for lab in range(prev + 1, n + 1):
        out.append(f"L{lab}_{k}:")
    out += [f"    sw {ABI[j]}, {j * 4}(tp)" for j in range(1, 32)]
    out += ["    li t0, 0x6000", "    csrs mstatus, t0"]
    out += [f"    fsw f{j}, {(32 + j) * 4}(tp)" for j in range(32)]
    out += ["    csrr t0, fcsr", "    sw t0, 64*4(tp)", "    la t0, difft_csave",
            "    lw ra, 0(t0)", "    lw sp, 4(t0)", "    lw gp, 8(t0)", "    lw tp, 12(t0)"]
    out += [f"    lw s{j}, {16 + 4 * j}(t0)" for j in range(12)]
    out += ["    ret", ""]
    return "\n".join(out)


def render_file(progs, keeps=None):
    """The whole generated source: every program, the table of programs and contexts."""
    parts = ['#include "difft.h"', "    .option arch, +zifencei", "    .data", "    .balign 4",
             "    .globl difft_csave", "difft_csave: .space 64"]
    for k, p in enumerate(progs):
        parts.append(render(k, p, None if keeps is None else keeps[k]))
    parts += ["    .section .rodata", "    .balign 4", "    .globl difft_progs, difft_ctxs, difft_nprogs",
              f"difft_nprogs: .word {len(progs)}", "difft_progs:"]
    parts += [f"    .word difft_prog_{k}" for k in range(len(progs))]
    parts.append("difft_ctxs:")
    parts += [f"    .word difft_ctx_{k}" for k in range(len(progs))]
    parts += ["    .globl difft_logs", "difft_logs:"]
    parts += [f"    .word difft_log_{k}" for k in range(len(progs))]
    return "\n".join(parts) + "\n"
