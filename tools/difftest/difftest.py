#!/usr/bin/env python3
"""Random differential tester: generated programs run on the VP and on QEMU 7.2, signatures compared.

  difftest.py scalar --vp VP [--seed S] [--programs N] [--units U] [--batch B] [--work DIR]
  difftest.py vector --vec-run VEC_RUN [--seed S] [--programs N] [--units U] [--batch B] [--work DIR]
  difftest.py scalar --vp VP --seed S --only K [--keep 3,7,9]     # one program again (a reproducer)

scalar: RV32IMAFC + Zicsr programs (scalar_gen.py) on the platform (`vp run --elf`) and on
`qemu-system-riscv32 -machine virt -bios none`. Each program's signature (x1..x31, f0..f31, fcsr,
its trap log {mcause, mtval, mepc, instruction} and its 256-byte data region) is printed on the
UART by the runtime in rt/ and compared line by line.

vector: RVV Zve32f programs (vector_gen.py, the subset docs/vector.md lists) on the vector
accelerator model (`vec-run`, the accelerator's control hart) and on QEMU's CPU with v=true; the
program's output area is compared word by word.

Program K of seed S is a function of (S, K) only: `--seed S --only K` regenerates it, whatever the
batch size was. A divergence is shrunk to a few units (delta debugging over the instruction list)
and printed as a reproducer. Exit status: 0 no divergence, 1 divergences, 2 bad arguments or tools.

Known QEMU 7.2 deviations from the specification are accepted, each by one narrow rule (see
KNOWN_DEVIATIONS and docs/reliability.md); everything else is a divergence.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import scalar_gen  # noqa: E402
import vector_gen  # noqa: E402

GCC = os.environ.get("RISCV_GCC", "riscv64-unknown-elf-gcc")
QEMU = os.environ.get("QEMU", "qemu-system-riscv32")
KNOWN_DEVIATIONS = {
    "amo-misaligned-cause": "a misaligned AMO: QEMU 7.2 reports mcause 4 (load address-misaligned), the "
                            "VP 6 (store/AMO), as the privileged spec's mcause table says for AMOs",
    "amo-fault-cause": "an AMO access fault: QEMU 7.2 reports mcause 5 (load access fault), the VP 7 "
                       "(store/AMO), as the privileged spec's mcause table says for AMOs",
    "ebreak-mtval": "ebreak/c.ebreak: QEMU 7.2 writes mtval 0, the VP the instruction's address (as Spike "
                    "and the Sail model); privileged spec 3.1.16 allows either (mtval is zero or the "
                    "faulting virtual address for a breakpoint)",
}


def die(msg):
    print(f"difftest: {msg}", file=sys.stderr)
    sys.exit(2)


# ------------------------------------------------------------------------------------------------
# building and running

def compile_scalar(work, source, name):
    """Assembles the generated source with the runtime; returns the ELF path."""
    rt = os.path.join(HERE, "rt")
    src = os.path.join(work, name + ".S")
    with open(src, "w") as f:
        f.write(source)
    elf = os.path.join(work, name + ".elf")
    cmd = [GCC, "-march=rv32imafc_zicsr_zifencei", "-mabi=ilp32f", "-nostdlib", "-nostartfiles", "-static",
           "-ffreestanding", "-O2", "-mcmodel=medany", f"-I{rt}", "-T", os.path.join(rt, "link.ld"),
           "-Wl,--no-relax", os.path.join(rt, "start.S"), os.path.join(rt, "runtime.c"), src, "-o", elf]
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if p.returncode != 0:
        die(f"assembling {src} failed:\n{p.stdout.decode(errors='replace')[-3000:]}")
    return elf


def start(cmd):
    return subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)


def finish(p, timeout):
    try:
        out, err = p.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        p.kill()
        out, err = p.communicate()
        return 124, out.decode(errors="replace"), err.decode(errors="replace") + "\n(timeout)"
    return p.returncode, out.decode(errors="replace"), err.decode(errors="replace")


def qemu_cmd(elf, extra=()):
    return [QEMU, "-machine", "virt", "-bios", "none", "-m", "128M", "-smp", "1", "-display", "none",
            "-monitor", "none", "-serial", "stdio", "-kernel", elf, *extra]


def run_pair(cmd_a, cmd_b, timeout):
    pa, pb = start(cmd_a), start(cmd_b)
    return finish(pa, timeout), finish(pb, timeout)


def parse(out):
    """{program: [(tag, [words])]} from the runtime's lines "<k> <TAG> <hex words>"."""
    progs = {}
    for line in out.splitlines():
        f = line.split()
        if len(f) < 2 or not f[0].isdigit():
            continue
        progs.setdefault(int(f[0]), []).append((f[1], f[2:]))
    return progs


AMO_CAUSES = {("00000004", "00000006"): "amo-misaligned-cause", ("00000005", "00000007"): "amo-fault-cause"}


def is_amo(insn):
    return insn & 0x7f == 0x2f and (insn >> 27) not in (2, 3)  # AMO opcode, not LR/SC


def compare_scalar(q, v):
    """Differences between QEMU's lines q and the VP's lines v of one program: ([diffs], [deviations])."""
    diffs, devs = [], []
    if len(q) != len(v):
        diffs.append(f"{len(q)} lines on QEMU, {len(v)} on the VP")
    names = {"X": [scalar_gen.ABI[i] for i in range(1, 32)], "F": [f"f{i}" for i in range(32)],
             "C": ["fcsr", "traps"], "T": ["mcause", "mtval", "mepc", "insn"],
             "M": [f"data+{4 * i}" for i in range(64)]}
    for (qt, qw), (vt, vw) in zip(q, v):
        if qt != vt or len(qw) != len(vw):
            diffs.append(f"line {qt} on QEMU, {vt} on the VP")
            continue
        for i, (a, b) in enumerate(zip(qw, vw)):
            if a == b:
                continue
            field = names.get(qt, [])[i] if i < len(names.get(qt, [])) else f"{qt}[{i}]"
            if qt == "T" and i == 0 and (a, b) in AMO_CAUSES and is_amo(int(qw[3], 16)):
                devs.append(AMO_CAUSES[(a, b)])
                continue
            if (qt == "T" and i == 1 and a == "00000000" and b == vw[2] and qw[0] == "00000003"
                    and int(qw[3], 16) in (0x00100073, 0x9002)):
                devs.append("ebreak-mtval")
                continue
            diffs.append(f"{qt} {field}: QEMU {a} VP {b}")
    return diffs, devs


class Scalar:
    def __init__(self, a):
        self.a = a
        self.vp = a.vp
        if not self.vp or not os.access(self.vp, os.X_OK):
            die(f"--vp {self.vp}: not an executable")

    def gen(self, k):
        return scalar_gen.generate(self.a.seed, k, self.a.units, self.a.mix)

    def run(self, work, name, progs, keeps=None):
        """Runs progs (one ELF); returns ({k: (diffs, devs)}, instructions, error text or None)."""
        elf = compile_scalar(work, scalar_gen.render_file(progs, keeps), name)
        (qrc, qout, qerr), (vrc, vout, verr) = run_pair(
            qemu_cmd(elf), [self.vp, "run", "--quiet", "--out", os.path.join(work, "vp_out"), "--elf", elf]
            + [x for kv in self.a.set for x in ("--set", kv)], self.a.timeout)
        if qrc != 0:
            return None, f"QEMU exit {qrc}: {qerr[-1500:]}"
        qp, vp = parse(qout), parse(vout)
        res = {}
        for k in range(len(progs)):
            if k not in qp:
                return None, f"QEMU printed no signature for program {k}: {qout[-500:]}{qerr[-500:]}"
            if k not in vp:
                res[k] = ([f"the VP printed no signature (exit {vrc}): {verr[-1500:]}"], [])
                continue
            res[k] = compare_scalar(qp[k], vp[k])
        if vrc != 0 and not any(d for d, _ in res.values()):
            res[len(progs) - 1] = ([f"the VP exits {vrc}: {verr[-1500:]}"], [])
        return res, None

    def size(self, prog, keep=None):
        return sum(len([x for x in u[1] if not x.startswith(".option")])
                   for i, u in enumerate(prog["units"]) if keep is None or i in keep)

    def show(self, prog, keep, k):
        lines = [f"  initial fcsr 0x{prog['fcsr']:08x}; sp = data (0x807fff80), s0 = data + 128, tp = trap log"]
        used = set()
        for i in keep:
            for line in prog["units"][i][1]:
                for tok in line.replace(",", " ").replace("(", " ").replace(")", " ").split():
                    used.add(tok)
        for r in range(1, 32):
            if scalar_gen.ABI[r] in used and r not in scalar_gen.RESERVED:
                lines.append(f"  {scalar_gen.ABI[r]} = 0x{prog['x'][r]:08x}")
        for r in range(32):
            if f"f{r}" in used:
                lines.append(f"  f{r} = 0x{prog['f'][r]:08x}")
        for i in keep:
            kind, body, tgt = prog["units"][i]
            for line in body:
                if not line.startswith(".option"):
                    lines.append(f"  L{i}: {line.replace('{L}', f'L{tgt}')}")
        return "\n".join(lines)


# ------------------------------------------------------------------------------------------------
# vector

class Vector:
    def __init__(self, a):
        self.a = a
        if not a.vec_run or not os.access(a.vec_run, os.X_OK):
            die(f"--vec-run {a.vec_run}: not an executable")

    def gen(self, k):
        return vector_gen.generate(self.a.seed, k, self.a.units)

    def run(self, work, name, progs, keeps=None):
        """Runs progs in as few accelerator runs as fit the DLM (vector_gen.fits)."""
        keeps = keeps or [None] * len(progs)
        res, start = {}, 0
        while start < len(progs):
            end = start + 1
            while end < len(progs) and vector_gen.fits(progs[start:end + 1], keeps[start:end + 1]):
                end += 1
            part, err = self.run_part(work, f"{name}_{start}", progs[start:end], keeps[start:end])
            if err:
                return None, err
            for j, r in enumerate(part):
                res[start + j] = r
            start = end
        return res, None

    def run_part(self, work, name, progs, keeps):
        text, data, elf, final = vector_gen.build(work, name, progs, keeps, GCC, HERE)
        (qrc, qout, qerr), (vrc, vout, verr) = run_pair(
            qemu_cmd(elf, ["-cpu", "rv32,v=true,vlen=1024,elen=32,vext_spec=v1.0"]),
            [self.a.vec_run, "--dlm", str(vector_gen.DLM_SIZE), "--dump", str(vector_gen.DLM_BASE + final),
             "--label", "vec", text, data, str(vector_gen.DLM_BASE)], self.a.timeout)
        if qrc != 0:
            return None, f"QEMU exit {qrc} on {name}: {qout[-800:]} {qerr[-800:]}"
        q = vector_gen.split(vector_gen.words(qout), len(progs))
        if q is None:
            return None, f"QEMU's output for {name} is malformed: {qout[:300]}"
        v = vector_gen.split(vector_gen.words(vout), len(progs))
        if vrc != 0 or v is None:
            return [([f"vec-run exit {vrc}: {verr[-1500:]}"], [])] * len(progs), None
        return [(vector_gen.compare(qa, va), []) for qa, va in zip(q, v)], None

    def size(self, prog, keep=None):
        return vector_gen.size(prog, keep)

    def show(self, prog, keep, k):
        return vector_gen.show(prog, keep)


# ------------------------------------------------------------------------------------------------
# shrinking

def ddmin(units, fails):
    """Zeller's ddmin: a 1-minimal sublist of `units` (indices) for which fails() still holds."""
    n = 2
    cur = list(units)
    while len(cur) >= 2:
        chunk = max(1, len(cur) // n)
        subsets = [cur[i:i + chunk] for i in range(0, len(cur), chunk)]
        reduced = False
        for s in subsets:
            if fails(s):
                cur, n, reduced = s, 2, True
                break
        if not reduced:
            for s in subsets:
                comp = [u for u in cur if u not in s]
                if comp and fails(comp):
                    cur, n, reduced = comp, max(n - 1, 2), True
                    break
        if not reduced:
            if n >= len(cur):
                break
            n = min(len(cur), 2 * n)
    return cur


def shrink(t, work, k, prog):
    tries = [0]

    def fails(keep):
        tries[0] += 1
        res, err = t.run(work, "shrink", [prog], [keep])
        return err is None and bool(res[0][0])

    everything = list(range(len(prog["units"])))
    if not fails(everything):
        return None, ["the program does not diverge when it runs alone: state left by an earlier program?"], 1
    keep = ddmin(everything, fails)
    res, _ = t.run(work, "shrink", [prog], [keep])
    return keep, res[0][0] if res else ["?"], tries[0]


# ------------------------------------------------------------------------------------------------

def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("mode", choices=["scalar", "vector"])
    ap.add_argument("--vp", help="build/bin/vp (scalar)")
    ap.add_argument("--vec-run", help="build/tests/vector/vec-run (vector)")
    ap.add_argument("--seed", type=int, default=None, help="default: from the clock (printed)")
    ap.add_argument("--programs", type=int, default=100)
    ap.add_argument("--units", type=int, default=None, help="units per program (scalar 60, vector 30)")
    ap.add_argument("--batch", type=int, default=None,
                    help="programs per ELF (scalar 100; vector 16, fewer when the DLM is full)")
    ap.add_argument("--only", type=int, default=None, help="run program K of the seed alone")
    ap.add_argument("--keep", default=None, help="with --only: the unit indices to keep (a reproducer)")
    ap.add_argument("--mix", default="all", choices=sorted(scalar_gen.MIXES),
                    help="scalar: weight the units towards FP, memory/atomics or control/traps/CSRs")
    ap.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                    help="scalar: a VP setting for every run (vp run --set), e.g. platform.cpu.dmi=false")
    ap.add_argument("--no-shrink", action="store_true")
    ap.add_argument("--max-report", type=int, default=5, help="divergences shrunk and printed")
    ap.add_argument("--timeout", type=float, default=120)
    ap.add_argument("--work", help="keep the generated files here (default: a temporary directory)")
    a = ap.parse_args()
    if a.seed is None:
        a.seed = int(time.time()) % 1000000
    if a.units is None:
        a.units = 60 if a.mode == "scalar" else 30
    if a.set and a.mode != "scalar":
        die("--set applies to the scalar mode (vp run)")
    if a.units < 1 or a.programs < 1 or (a.batch is not None and a.batch < 1):
        die("--units, --programs and --batch must be positive")
    if a.only is not None and a.only < 0:
        die("--only: a program index is 0 or more")
    keep_list = None
    if a.keep is not None:
        if a.only is None:
            die("--keep needs --only (the program whose units it names)")
        try:
            keep_list = sorted({int(x) for x in a.keep.split(",") if x.strip() != ""})
        except ValueError:
            die(f"--keep {a.keep}: a comma-separated list of unit indices")
        if any(u < 0 or u >= a.units for u in keep_list):
            die(f"--keep {a.keep}: unit indices are 0..{a.units - 1} (--units {a.units})")
    if shutil.which(GCC) is None or shutil.which(QEMU) is None:
        die(f"needs {GCC} and {QEMU} on PATH")
    t = Scalar(a) if a.mode == "scalar" else Vector(a)
    batch = a.batch or (100 if a.mode == "scalar" else 16)
    work = a.work or tempfile.mkdtemp(prefix="difftest_")
    os.makedirs(work, exist_ok=True)
    t0 = time.time()
    indices = [a.only] if a.only is not None else list(range(a.programs))
    print(f"difftest {a.mode}: seed {a.seed}, {len(indices)} programs of {a.units} units"
          f"{'' if a.mix == 'all' else ', mix ' + a.mix}{''.join(', --set ' + kv for kv in a.set)}, "
          f"batch {batch}, work {work}")
    sys.stdout.flush()
    failures, devs, insns = [], {}, 0
    try:
        for b in range(0, len(indices), batch):
            ks = indices[b:b + batch]
            progs = [t.gen(k) for k in ks]
            keeps = None if keep_list is None else [keep_list]
            insns += sum(t.size(p, None if keeps is None else keeps[0]) for p in progs)
            res, err = t.run(work, f"batch{b}", progs, keeps)
            if err:
                print(f"FAIL: batch at program {ks[0]}: {err}")
                return 1
            for j, k in enumerate(ks):
                diffs, d = res[j]
                for x in d:
                    devs[x] = devs.get(x, 0) + 1
                if diffs:
                    failures.append((k, progs[j], diffs))
        for k, prog, diffs in failures[:a.max_report]:
            print(f"\nDIVERGENCE: seed {a.seed} program {k} ({a.units} units):")
            for x in diffs[:12]:
                print(f"  {x}")
            if a.no_shrink or a.keep is not None:
                continue
            keep, sdiffs, tries = shrink(t, work, k, prog)
            if keep is None:
                print(f"  {sdiffs[0]}")
                continue
            print(f"shrunk to {len(keep)} of {len(prog['units'])} units ({tries} runs); reproduce with:\n"
                  f"  {os.path.relpath(__file__)} {a.mode} --seed {a.seed} --units {a.units} --only {k} "
                  f"{'' if a.mix == 'all' else '--mix ' + a.mix + ' '}"
                  f"{''.join('--set ' + kv + ' ' for kv in a.set)}"
                  f"--keep {','.join(map(str, keep))} "
                  f"{'--vp ' + a.vp if a.mode == 'scalar' else '--vec-run ' + a.vec_run}")
            print(t.show(prog, keep, k))
            for x in sdiffs[:12]:
                print(f"  {x}")
    finally:
        if not a.work:
            shutil.rmtree(work, ignore_errors=True)
    dt = time.time() - t0
    print(f"\ndifftest {a.mode}: seed {a.seed}: {len(indices)} programs, {insns} instructions, "
          f"{len(failures)} diverging, {dt:.1f} s")
    for name, n in devs.items():
        print(f"  accepted known QEMU deviation '{name}' {n} times: {KNOWN_DEVIATIONS[name]}")
    if failures:
        print(f"FAIL: {len(failures)} programs diverge: {', '.join(str(k) for k, _, _ in failures[:50])}")
        return 1
    print("PASS")
    return 0


if __name__ == "__main__":
    sys.exit(main())
