#!/usr/bin/env python3
"""SMP differential test (docs/smp.md): firmware/programs/smp, written for QEMU virt, runs unchanged
on qemu-system-riscv32 -machine virt -smp N -bios none and on the VP with platform.cpu.harts = N
(platform.dtb: true), for N = 2 and 4. Required:
  - both pass (exit 0) and print the same lines, except the "info:" lines (litmus outcome counts,
    which depend on each simulator's interleaving; they are printed for the docs);
  - no forbidden litmus outcome (the firmware fails if one appears): MP, SB, LB, 2+2W and, with
    N >= 4, IRIW, each with fences ("litmus X+fences: ... seen 0 times") on the VP and on QEMU, and on
    the VP, which is sequentially consistent, also without them (the "info: X: outcome forbidden only
    with fences ... seen 0 times" lines; RVWMO allows these outcomes, so QEMU is not held to that);
  - the VP is deterministic with N harts: two runs give byte-identical stats.json and console output;
  - stats.json has one CPU per hart (cpu0 .. cpuN-1) with their own private L1s (l1d, l1d_1, ...);
  - on the VP the firmware passes at other quanta too (4 and 8 harts at 100 ns and 10 ns: other
    interleavings, harts waking from wfi at other points).

  run_smp.py --vp VP --bin FWBIN --repo REPO [--harts 2,4] [--no-qemu]
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile


def run(cmd, timeout=180):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout)
    return p.returncode, p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace")


def fail(msg):
    print("FAIL:", msg)
    sys.exit(1)


def compared(out):
    return [line for line in out.splitlines() if not line.startswith("info:")]


LITMUS = ("MP", "SB", "LB", "IRIW", "2+2W")


def check_litmus(out, n, sc, who):
    """Every litmus test ran (IRIW only with 4 harts or more) and its forbidden outcome never appeared:
    with fences always, without fences too when the simulator is sequentially consistent (sc)."""
    lines = out.splitlines()
    for t in LITMUS:
        for name in (t, t + "+fences"):
            line = next((x for x in lines if x.startswith(f"litmus {name}: ")), None)
            if line is None:
                fail(f"{who}: no 'litmus {name}:' line")
            if t == "IRIW" and n < 4:
                if "skipped" not in line:
                    fail(f"{who}: IRIW needs 4 harts, yet ran with {n}: {line}")
                continue
            if name.endswith("+fences") and not line.endswith("seen 0 times"):
                fail(f"{who}: {line}")
        if sc and not (t == "IRIW" and n < 4):
            info = next((x for x in lines if x.startswith(f"info: {t}: outcome forbidden only with fences")), None)
            if info is None or not info.endswith("seen 0 times"):
                fail(f"{who} is sequentially consistent, yet without fences: {info}")
    print(f"ok: {who}: litmus {', '.join(LITMUS)}: no forbidden outcome" + (" (even without fences)" if sc else ""))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--vp", required=True)
    ap.add_argument("--bin", required=True)
    ap.add_argument("--repo", required=True)
    ap.add_argument("--harts", default="2,4")
    ap.add_argument("--no-qemu", action="store_true", help="VP checks only")
    a = ap.parse_args()
    elf = os.path.join(a.bin, "smp.elf")
    with tempfile.TemporaryDirectory() as work:
        for n in [int(x) for x in a.harts.split(",")]:
            outs = []
            for run_no in (1, 2):
                out_dir = os.path.join(work, f"vp{n}_{run_no}")
                rc, out, err = run([a.vp, "run", "--quiet", "--out", out_dir, "--elf", elf, "--set",
                                    f"platform.cpu.harts={n}", "--set", "platform.dtb=true"])
                print(f"VP, {n} harts, run {run_no}: exit {rc}\n{out}{err}")
                if rc != 0:
                    fail(f"VP with {n} harts exited {rc}")
                with open(os.path.join(out_dir, "stats.json")) as f:
                    outs.append((out, f.read()))
            if outs[0] != outs[1]:
                fail(f"two VP runs with {n} harts differ (console or stats.json)")
            comps = json.loads(outs[0][1])["components"]
            for h in range(n):
                if f"cpu{h}" not in comps or comps[f"cpu{h}"]["counters"]["instret"] == 0:
                    fail(f"stats.json lacks cpu{h} (or it retired nothing)")
                l1d = "l1d" if h == 0 else f"l1d_{h}"
                if l1d not in comps:
                    fail(f"stats.json lacks hart {h}'s L1D ({l1d})")
            check_litmus(outs[0][0], n, True, f"VP, {n} harts")
            print(f"ok: {n} harts deterministic (stats.json byte-identical), cpu0..cpu{n - 1} with private L1s")
            if a.no_qemu:
                continue
            qrc, qout, qerr = run([os.path.join(a.repo, "tools", "qemu", "run_qemu.sh"), "-t", "150", "-s", str(n),
                                   elf])
            print(f"QEMU -smp {n}: exit {qrc}\n{qout}{qerr}")
            if qrc != 0:
                fail(f"QEMU -smp {n} exited {qrc}")
            check_litmus(qout, n, False, f"QEMU -smp {n}")
            if compared(qout) != compared(outs[0][0]):
                fail(f"the VP's output with {n} harts differs from QEMU -smp {n} (info: lines aside)")
            print(f"ok: {n} harts: the same {len(compared(qout))} lines on the VP and on QEMU -smp {n}")
        for n, q in ((4, "100ns"), (8, "10ns")):
            rc, out, err = run([a.vp, "run", "--quiet", "--out", os.path.join(work, "q"), "--elf", elf, "--set",
                                f"platform.cpu.harts={n}", "--set", "platform.dtb=true", "--set", f"platform.quantum={q}",
                                "--set", "limits.max_sim_time=100ms"])
            if rc != 0 or "smp: PASS" not in out:
                fail(f"VP with {n} harts at quantum {q}: exit {rc}\n{out}{err}")
            check_litmus(out, n, True, f"VP, {n} harts at quantum {q}")
            print(f"ok: {n} harts at quantum {q}")
    print("PASS")


if __name__ == "__main__":
    main()
