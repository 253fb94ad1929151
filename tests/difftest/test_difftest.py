#!/usr/bin/env python3
"""The differential tester's own logic, without simulators: delta debugging finds the units a
divergence needs, the comparison accepts a known QEMU deviation only in its narrow form, and a
program is a function of (seed, index) alone."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools", "difftest"))
import difftest  # noqa: E402
import scalar_gen  # noqa: E402
import vector_gen  # noqa: E402

failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what)


# ddmin: a divergence that needs units 3 and 41 together shrinks to exactly those two.
runs = []
keep = difftest.ddmin(list(range(60)), lambda s: runs.append(1) or (3 in s and 41 in s))
check(keep == [3, 41], f"ddmin kept {keep}, expected [3, 41]")
check(len(runs) < 200, f"ddmin took {len(runs)} runs")
check(difftest.ddmin(list(range(60)), lambda s: 17 in s) == [17], "ddmin to one unit")


def T(mcause, mtval, mepc, insn):
    return ("T", [f"{v:08x}" for v in (mcause, mtval, mepc, insn)])


amo = 0x0999a8af    # amoadd.w.aqrl
lw = 0x0002a283     # lw t0, 0(t0)
ebreak, c_ebreak, ecall = 0x00100073, 0x9002, 0x00000073
C = ("C", ["00000000", "00000001"])

d, devs = difftest.compare_scalar([C, T(4, 0x80100f81, 0x80001326, amo)], [C, T(6, 0x80100f81, 0x80001326, amo)])
check(d == [] and devs == ["amo-misaligned-cause"], f"misaligned AMO 4 vs 6 accepted as a known deviation: {d} {devs}")
d, devs = difftest.compare_scalar([C, T(5, 0, 0x80001326, amo)], [C, T(7, 0, 0x80001326, amo)])
check(d == [] and devs == ["amo-fault-cause"], f"AMO access fault 5 vs 7 accepted as the known deviation: {d} {devs}")
d, _ = difftest.compare_scalar([C, T(5, 0, 0x80001326, amo)], [C, T(6, 0, 0x80001326, amo)])
check(d != [], "an AMO access fault reported as misaligned is a divergence")
d, _ = difftest.compare_scalar([C, T(5, 0, 0x80001326, 0x1005a52f)], [C, T(7, 0, 0x80001326, 0x1005a52f)])
check(d != [], "lr.w reports a load fault on both (not covered by the AMO rule)")
d, _ = difftest.compare_scalar([C, T(4, 0x80100f81, 0x80001326, lw)], [C, T(6, 0x80100f81, 0x80001326, lw)])
check(d != [], "a load reported as cause 6 is a divergence")
d, _ = difftest.compare_scalar([C, T(6, 0x80100f81, 0x80001326, amo)], [C, T(4, 0x80100f81, 0x80001326, amo)])
check(d != [], "the VP reporting QEMU's cause 4 for an AMO is a divergence")
d, _ = difftest.compare_scalar([C, T(4, 0x80100f81, 0x80001326, amo)], [C, T(6, 0x80100f82, 0x80001326, amo)])
check(d != [], "a misaligned AMO's mtval must still agree")
for insn in (ebreak, c_ebreak):
    d, devs = difftest.compare_scalar([C, T(3, 0, 0x8000132a, insn)], [C, T(3, 0x8000132a, 0x8000132a, insn)])
    check(d == [] and devs == ["ebreak-mtval"], f"ebreak mtval 0 vs pc accepted ({insn:#x})")
d, _ = difftest.compare_scalar([C, T(3, 0, 0x8000132a, ebreak)], [C, T(3, 0x80001328, 0x8000132a, ebreak)])
check(d != [], "an ebreak mtval that is not the pc is a divergence")
d, _ = difftest.compare_scalar([C, T(11, 0, 0x8000132a, ecall)], [C, T(11, 0x8000132a, 0x8000132a, ecall)])
check(d != [], "ecall's mtval is compared exactly")
d, _ = difftest.compare_scalar([C], [C, T(2, 0, 0, 0)])
check(d != [], "a trap on one side only is a divergence")
d, _ = difftest.compare_scalar([("X", ["00000001"] * 31)], [("X", ["00000001"] * 30 + ["00000002"])])
check(d == ["X t6: QEMU 00000001 VP 00000002"], f"register differences are named: {d}")

# Determinism: a program depends on (seed, index) only; different seeds give different programs.
a, b = scalar_gen.generate(7, 3, 40), scalar_gen.generate(7, 3, 40)
check(scalar_gen.render(0, a) == scalar_gen.render(0, b), "scalar generation is deterministic")
check(scalar_gen.render(0, a) != scalar_gen.render(0, scalar_gen.generate(8, 3, 40)), "seeds differ")
va, vb = vector_gen.generate(7, 3, 20), vector_gen.generate(7, 3, 20)
check(vector_gen.source(va) == vector_gen.source(vb), "vector generation is deterministic")
# The generator never writes the registers the harness relies on.
for k in range(30):
    for _, lines, _ in scalar_gen.generate(11, k, 60)["units"]:
        # c.addi16sp moves sp, and the same unit moves it back
        check(sum(int(x.split(",")[1]) for x in lines if x.startswith("c.addi16sp")) == 0, f"sp restored: {lines}")
        for line in lines:
            if line.startswith("c.addi16sp"):
                continue
            mn, _, ops = line.partition(" ")
            first = ops.split(",")[0].strip()
            if mn in ("sb", "sh", "sw", "fsw", "c.sw", "c.swsp", "c.fsw", "c.fswsp", "beq", "bne", "blt", "bge",
                      "bltu", "bgeu", "c.beqz", "c.bnez", "c.j", "c.jal", "c.jr", "c.jalr", "csrc", "csrs",
                      "ecall", "ebreak", "c.ebreak", "nop", "c.nop", "fence", "fence.i", ".option", ".2byte",
                      ".4byte", ".insn"):
                continue
            if line in ("addi t5, t5, 4", "csrrw t6, fflags, zero"):  # the value log's own probe
                continue
            check(first not in ("sp", "tp", "s0", "t5"), f"unit writes a reserved register: {line}")  # t6: scratch

print("PASS" if not failures else f"{len(failures)} failures")
sys.exit(1 if failures else 0)
