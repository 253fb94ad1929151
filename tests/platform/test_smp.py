#!/usr/bin/env python3
"""Several harts (docs/smp.md): platform.cpu.harts against QEMU virt's device tree (cpu nodes, the
CLINT's and the PLIC's interrupts-extended: which hart gets which interrupt at which index, i.e. the
CLINT msip/mtimecmp and PLIC context numbering), the memory map unchanged by the hart count, and the
set-up errors (exit 2, one line naming the key). The firmware side (start-up, atomics, IPIs, timers,
litmus tests, VP = QEMU) is tests/firmware/run_smp.py. One CTest test per function:

  test_smp.py --vp build/bin/vp --repo . TEST_NAME
"""
import json
import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
import cli_test_runner  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import test_cli as cli  # noqa: E402  (vp(), scenario())

VP = REPO = None
WORK = None


class Skip(Exception):
    pass


def vp(*args, **kw):
    cli.VP, cli.REPO, cli.WORK = VP, REPO, WORK
    return cli.vp(*args, **kw)


def tool(name):
    exe = shutil.which(name)
    if not exe:
        raise Skip(f"{name} not installed")
    return exe


def decompile(dtb):
    return subprocess.run([tool("dtc"), "-I", "dtb", "-O", "dts", dtb], capture_output=True, text=True,
                          check=True).stdout


def tree(dts):
    """{path: {prop: value}} from dtc's decompiled source."""
    out, stack = {}, []
    for line in dts.splitlines():
        s = line.strip()
        if s.endswith("{"):
            name = s[:-1].strip().split(":")[-1].strip()
            stack.append(name if name != "/" else "")
            out["/".join(stack) or "/"] = {}
        elif s.startswith("};"):
            stack.pop()
        elif stack:
            k, _, v = s.rstrip(";").partition("=")
            out["/".join(stack) or "/"][k.strip()] = v.strip()
    return out


def cells(v):
    return [int(x, 16) for x in v.strip("<>").split()]


def harts_view(dts):
    """What firmware and an OS see of the harts: the cpu nodes' reg values, and for the CLINT and the PLIC
    the interrupts-extended list as (hart reg, interrupt) pairs in order (index = msip/mtimecmp slot pair
    of the CLINT, context of the PLIC)."""
    t = tree(dts)
    cpus = sorted(cells(p["reg"])[0] for path, p in t.items() if re.fullmatch(r"/cpus/cpu@[0-9a-f]+", path))
    intc = {}  # phandle -> the reg of the cpu it belongs to
    for path, p in t.items():
        m = re.fullmatch(r"(/cpus/cpu@[0-9a-f]+)/interrupt-controller", path)
        if m and "phandle" in p:
            intc[cells(p["phandle"])[0]] = cells(t[m.group(1)]["reg"])[0]

    def ie(prefix):
        for path, p in t.items():
            if re.fullmatch(r"/soc/" + prefix + r"@[0-9a-f]+", path):
                c = cells(p["interrupts-extended"])
                return [(intc[c[i]], c[i + 1]) for i in range(0, len(c), 2)]
        raise AssertionError(f"no {prefix} node")

    return {"cpus": cpus, "clint": ie("clint"), "plic": ie("plic")}


def test_device_tree_harts_match_qemu_virt():
    for n in (1, 2, 4):
        qdtb = os.path.join(WORK, f"q{n}.dtb")
        p = subprocess.run([tool("qemu-system-riscv32"), "-M", f"virt,dumpdtb={qdtb}", "-smp", str(n), "-bios", "none",
                            "-display", "none"], capture_output=True, text=True)
        assert p.returncode == 0, p.stderr
        q = harts_view(decompile(qdtb))
        _, text, _ = vp("describe", "--dts", "--set", f"platform.cpu.harts={n}", check=0)
        src = os.path.join(WORK, f"v{n}.dts")
        with open(src, "w") as f:
            f.write(text)
        vdtb = os.path.join(WORK, f"v{n}.dtb")
        subprocess.run([tool("dtc"), "-I", "dts", "-O", "dtb", "-o", vdtb, src], check=True, capture_output=True)
        v = harts_view(decompile(vdtb))
        assert v["cpus"] == q["cpus"] == list(range(n)), (v, q)
        assert v["clint"] == q["clint"], (v["clint"], q["clint"])
        # context 2h: hart h M-mode (11), 2h + 1: S-mode (9), one hart included
        assert v["plic"] == q["plic"], (v["plic"], q["plic"])


def test_memory_map_adds_only_the_harts_l1_controllers():
    # With N harts the map is the one-hart map plus hart h's L1I/L1D controllers (h = 1..N-1) at
    # 0x1810_0000 + 0x2000 (h - 1) and 4 KiB above (include/vp/regs/memmap.h); without L1s it is the same.
    _, one, _ = vp("describe", "--map", check=0)
    _, four, _ = vp("describe", "--map", "--set", "platform.cpu.harts=4", check=0)
    extra = [l for l in four.splitlines() if l not in one.splitlines()]
    assert all(l in four.splitlines() for l in one.splitlines())
    want = {f"l1{k}_{h}.l1{k}_{h}_ctrl": 0x18100000 + 0x2000 * (h - 1) + (0x1000 if k == "d" else 0)
            for h in (1, 2, 3) for k in "id"}
    got = {l.split()[0]: int(l.split()[2], 16) for l in extra}
    assert got == want, (got, want)
    nol1 = ["--set", "platform.caches.l1i.enabled=false", "--set", "platform.caches.l1d.enabled=false"]
    _, one, _ = vp("describe", "--map", *nol1, check=0)
    _, four, _ = vp("describe", "--map", "--set", "platform.cpu.harts=4", *nol1, check=0)
    assert one == four


def test_one_hart_explicitly_is_the_default():
    out1, out2 = os.path.join(WORK, "a"), os.path.join(WORK, "b")
    vp("run", "--quiet", "hello", "--out", out1, check=0)
    vp("run", "--quiet", "hello", "--out", out2, "--set", "platform.cpu.harts=1", check=0)
    assert open(os.path.join(out1, "stats.json")).read() == open(os.path.join(out2, "stats.json")).read()


def test_several_harts_report_per_hart():
    out = os.path.join(WORK, "o")
    vp("run", "--quiet", "hello", "--out", out, "--set", "platform.cpu.harts=3", check=None)
    stats = json.load(open(os.path.join(out, "stats.json")))["components"]
    for h in range(3):
        assert f"cpu{h}" in stats, list(stats)
    cfg = json.load(open(os.path.join(out, "config.json")))
    assert cfg["platform"]["cpu"]["harts"] == 3


def bench(n, *sets):
    """smp_bench on n harts: (hash, cycles of the parallel part, the statistics' components)."""
    cli.VP, cli.REPO, cli.WORK = VP, REPO, WORK
    path = cli.scenario(f"name: smp_bench\nplatform:\n  dtb: true\n  cpu:\n    harts: {n}\n"
                        "  caches:\n    l1i: {enabled: true}\n    l1d: {enabled: true}\n    l2: {enabled: true}\n"
                        "load:\n  - elf: ${firmware}/smp_bench.elf\n", name=f"b{n}.yaml")
    out = os.path.join(WORK, f"b{n}")
    args = []
    for kv in sets:
        args += ["--set", kv]
    _, text, _ = vp("run", "--quiet", "--out", out, path, *args, check=0)
    m = re.search(r"smp_bench: (\d+) harts, hash (\d+), cycles (\d+)", text)
    assert m and int(m.group(1)) == n, text
    return int(m.group(2)), int(m.group(3)), json.load(open(os.path.join(out, "stats.json")))["components"]


def test_stores_take_lines_from_other_harts_l1d():
    # smp_bench's rows of y interleave across harts (false sharing) and its barrier is a shared counter:
    # with MSI on the L1Ds, stores take lines from the other harts' L1Ds (a coherence miss for them
    # next time), so the parallel part takes longer than without, while the result stays the same.
    h1, c1, s1 = bench(1)
    h2, c2, s2 = bench(2)
    assert h1 == h2
    assert "coherence_invalidations" not in s1["cpu0"]["counters"]  # one hart: statistics unchanged
    inv = [s2[f"cpu{h}"]["counters"]["coherence_invalidations"] for h in range(2)]
    assert all(i > 0 for i in inv), inv
    assert s2["cpu0"]["counters"]["coherence_stall"] > 0  # dirty copies written back first
    # loads of lines the other hart holds dirty (the barrier's counter, y's shared lines): written back
    # there, M -> S, so that its next store invalidates this copy (MSI)
    assert all(s2[f"cpu{h}"]["counters"]["coherence_downgrades"] > 0 for h in range(2)), s2["cpu0"]["counters"]
    assert 1.8 < c1 / c2 < 2.0, (c1, c2)  # near-linear speed-up, less than 2 by the coherence misses


def spmv_smp(n):
    """scenarios/spmv_smp.yaml on n harts: (the firmware's hash of y, cycles of the parallel part)."""
    out = os.path.join(WORK, f"spmv{n}")
    _, text, _ = vp("run", "--quiet", "--out", out, os.path.join(REPO, "scenarios", "spmv_smp.yaml"), "--set",
                    f"platform.cpu.harts={n}", check=0)
    run = json.load(open(os.path.join(out, "stats.json")))["run"]
    assert "result check passed: y matches the host reference bit for bit" in run["stop_reason"], run
    assert f"harts={n}" in text, text
    m = re.search(r"hash\(y\)=(0x[0-9a-f]+)", text)
    c = re.search(r"info: spmv_smp: (\d+) cycles on (\d+) harts", text)
    assert m and c and int(c.group(2)) == n, text
    return m.group(1), int(c.group(1))


def test_spmv_split_across_harts_is_bit_exact():
    # The spmv workload's CSR y = A x split by row ranges across 1, 2 and 4 harts (firmware spmv_smp):
    # the workload's host check passes bit for bit on each (every row computed once, by some hart, in
    # spmv's order), the same hash, and the harts share the work (fewer cycles with more harts).
    h1, c1 = spmv_smp(1)
    h2, c2 = spmv_smp(2)
    h4, c4 = spmv_smp(4)
    assert h1 == h2 == h4, (h1, h2, h4)
    assert c1 / c2 > 1.5 and c2 / c4 > 1.3, (c1, c2, c4)


def gcn_smp(n, *sets):
    """scenarios/gcn_smp.yaml (smaller graph) on n harts: (exit code, stop reason, total cycles)."""
    out = os.path.join(WORK, f"gcn{n}_{len(sets)}")
    args = ["run", "--quiet", "--out", out, os.path.join(REPO, "scenarios", "gcn_smp.yaml"), "--set",
            f"platform.cpu.harts={n}", "--set", "workload.gcn.vertices=1024", "--set", "workload.gcn.edges=8192"]
    for x in sets:
        args += ["--set", x]
    rc, text, _ = vp(*args, check=None)
    run = json.load(open(os.path.join(out, "stats.json")))["run"]
    c = re.search(r"gcn: total cycles (\d+)", text)
    assert rc != 0 or (f"gcn: harts {n}" in text and c), text
    return rc, run["stop_reason"], int(c.group(1)) if c else 0


def test_gcn_split_across_harts_is_bit_exact():
    # The gcn program's aggregation split by destination ranges across 1, 2 and 4 harts (firmware
    # gcn_smp), FS+VT (2 slices, 4 x 4 tiles) and the baseline: the workload's host check of Y passes
    # bit for bit every time (every destination row summed once, by one hart, in gcn's order), and the
    # harts share the work. ATM is refused (exit 2): it decides from one hart's measurements.
    for kernel, tiles, slices in (("fsvt", 4, 2), ("baseline", 1, 1)):
        cycles = []
        for n in (1, 2, 4):
            rc, why, c = gcn_smp(n, f"workload.gcn.kernel={kernel}", f"workload.gcn.tiles={tiles}",
                                 f"workload.gcn.slices={slices}")
            assert rc == 0 and "Y matches the host reference bit for bit" in why, (kernel, n, rc, why)
            cycles.append(c)
        assert cycles[0] / cycles[1] > 1.5 and cycles[1] / cycles[2] > 1.3, (kernel, cycles)
    rc, why, _ = gcn_smp(2, "workload.gcn.kernel=atm")
    assert rc == 2, (rc, why)


def expect_error(key, pattern, *sets):
    args = []
    for s in sets:
        args += ["--set", s]
    rc, out, err = vp("describe", "--map", *args)
    assert rc == 2, f"exit {rc}, expected 2; stderr: {err}"
    lines = [l for l in err.splitlines() if l.strip()]
    assert len(lines) == 1, f"expected one line of error, got: {err!r}"
    assert key in lines[0] and re.search(pattern, lines[0]), lines[0]


def test_error_clint_with_fewer_harts():
    expect_error("platform.clint.harts", r"needs at least 2 harts", "platform.cpu.harts=2", "platform.clint.harts=1")


def test_error_plic_with_fewer_contexts():
    expect_error("platform.plic.contexts", r"needs at least 5 contexts", "platform.cpu.harts=3",
                 "platform.plic.contexts=4")


def test_error_harts_out_of_range():
    expect_error("platform.cpu.harts", r"out of range", "platform.cpu.harts=0")


if __name__ == "__main__":
    sys.exit(cli_test_runner.run(globals(), "vp_smp_", skip=Skip))
