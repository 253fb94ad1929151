#!/usr/bin/env python3
"""The gcn firmware on the aggregation engine (docs/gcn_engines.md), on the full platform:

  run_gcn_engines.py --vp build/bin/vp --repo .

1. Every kernel -- baseline, VT, FS, FS+VT, ATM with fine morphing -- on scenarios/gcn_engines.yaml
   (and a 40-vertex graph with empty strips) passes the VP's bit-exact check against the host reference,
   runs its strips as engine jobs (stats.json: gcn_agg.jobs = the strips the firmware reports) and leaves
   the CPU only the driving (its instructions per slice a small fraction of the CPU kernel's).
2. ATM on the engine decides from the engine's cycle counter: the tiles double while the slice's
   engine_cycles improve, and the first slice that is not faster ends the coarse phase.
3. A job the engine refuses (a row wider than its buffers: platform.gcn_agg.max_width) ends the run with
   the firmware's error line and exit 2, not a wrong result or a hang.
4. The layer's combination Z = Y·W (workload.gcn.out_features): on the combination engine one job per
   feature slice (ACCUMULATE after the first), Z checked bit for bit by the VP, the engine's MACs n f N,
   comb_cycles on every slice line; the same Z on the CPU without the engine.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

GRAPHS = {
    "p300": [],  # the scenario's graph: 300 vertices, 1,200 edges
    "p40": ["workload.gcn.vertices=40", "workload.gcn.edges=120", "workload.gcn.exponent=2.5",
            "workload.gcn.directed=true"],
}
RUNS = [("baseline", 1, 1, True), ("vt", 1, 4, True), ("vt", 1, 64, True), ("fs", 2, 1, True),
        ("fsvt", 2, 4, True), ("fsvt", 4, 16, True), ("atm", 4, 1, True)]


def fail(msg):
    print("FAIL:", msg)
    sys.exit(1)


def vp_run(a, work, name, sets):
    out = os.path.join(work, name)
    cmd = [a.vp, "run", os.path.join(a.repo, "scenarios", "gcn_engines.yaml"), "--out", out]
    for s in sets:
        cmd += ["--set", s]
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=300)
    return p.returncode, p.stdout, p.stderr, out


def slices(stdout):
    rows = []
    for line in stdout.splitlines():
        m = re.match(r"gcn: slice (\d+) cycles (\d+) instret (\d+) strips (\d+) widths (\S+) .* engine_cycles (\d+)"
                     r"(?: phase (\S+) action (\S+))?(?: comb_cycles (\d+))?$", line)
        if m:
            rows.append({"slice": int(m[1]), "cycles": int(m[2]), "instret": int(m[3]), "strips": int(m[4]),
                         "widths": m[5], "engine": int(m[6]), "phase": m[7], "action": m[8],
                         "comb": int(m[9]) if m[9] else None})
    return rows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--vp", required=True)
    ap.add_argument("--repo", required=True)
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as work:
        # 1. Bit-exact on the engine, strips as jobs, the CPU only drives.
        n = 0
        for g, gsets in GRAPHS.items():
            for kernel, bf, bv, fine in RUNS:
                sets = gsets + [f"workload.gcn.kernel={kernel}", f"workload.gcn.slices={bf}",
                                f"workload.gcn.tiles={bv}", f"workload.gcn.fine={'true' if fine else 'false'}"]
                label = f"{g} {kernel} B_F={bf} B_V={bv}"
                rc, out, err, outdir = vp_run(a, work, f"{g}_{kernel}_{bf}_{bv}", sets)
                if rc != 0 or "result check passed" not in err + out:
                    fail(f"{label}: exit {rc}\n{out}\n{err[-2000:]}")
                rows = slices(out)
                if len(rows) != (1 if kernel in ("baseline", "vt") else bf) or "aggregation engine gcn_agg" not in out:
                    fail(f"{label}: not run on the engine, or {len(rows)} slice lines:\n{out}")
                with open(os.path.join(outdir, "stats.json")) as f:
                    agg = json.load(f)["components"]["gcn_agg"]["counters"]
                # a strip whose destinations start at or past n is empty: no job (unit = ceil(n / 64))
                nv = 40 if g == "p40" else 300
                unit = -(-nv // 64)
                units = -(-nv // unit)
                per_slice = -(-units // (64 // bv)) if kernel != "atm" else None
                strips = sum(r["strips"] for r in rows)
                expect = per_slice * len(rows) if per_slice else None
                if (expect is not None and agg["jobs"] != expect) or not len(rows) <= agg["jobs"] <= strips \
                        or agg["job_errors"]:
                    fail(f"{label}: {agg['jobs']} engine jobs ({agg['job_errors']} errors), {strips} strips, "
                         f"expected {expect}")
                if g == "p300" and kernel == "baseline":
                    rc, cpu_out, err, _ = vp_run(a, work, "cpu_baseline", sets + ["platform.gcn_agg.enabled=false"])
                    cpu = slices(cpu_out.replace("l2_writebacks", "engine_cycles 0 l2_writebacks"))
                    cpu_instret = int(re.search(r"gcn: slice 0 cycles \d+ instret (\d+)", cpu_out)[1])
                    if rc != 0 or rows[0]["instret"] * 10 > cpu_instret:
                        fail(f"the CPU ran {rows[0]['instret']} instructions driving the engine against "
                             f"{cpu_instret} for the kernel itself")
                    print(f"baseline: CPU kernel {cpu_instret} instructions; on the engine the CPU ran "
                          f"{rows[0]['instret']}, the engine {rows[0]['engine']} cycles")
                n += 1
        print(f"PASS: {n} engine runs bit-exact against the host reference")

        # 2. ATM's coarse rule on the engine's cycle counter.
        sets = ["workload.gcn.kernel=atm", "workload.gcn.slices=8", "workload.gcn.features=256",
                "workload.gcn.fine=true", "platform.caches.l2.size=32KiB"]
        rc, out, err, _ = vp_run(a, work, "atm", sets)
        if rc != 0 or "result check passed" not in err + out:
            fail(f"ATM run: exit {rc}\n{err[-2000:]}")
        rows = slices(out)
        best = None
        for prev, cur in zip(rows, rows[1:]):
            if prev["action"] == "warmup":  # slice 0: run, not measured (include/vp/gcn_atm.h)
                if prev["strips"] != 1 or prev["phase"] not in ("warmup", "coarse"):
                    fail(f"a warm-up slice ran {prev['widths']} or was followed by phase {prev['phase']}")
                continue
            if prev["phase"] is None:
                fail("ATM slice lines lack phase/action")
            # better: faster than the incumbent by more than 1/32 of it (GCN_ATM_MARGIN_SHIFT)
            better = best is None or prev["engine"] < best - (best >> 5)
            best = prev["engine"] if better else best
            if prev["action"] == "double" and (not better or cur["strips"] != 2 * prev["strips"]):
                fail(f"slice {cur['slice']}: doubled without a faster engine slice: {prev} -> {cur}")
            if prev["action"] == "settle" and better and prev["strips"] < 64:
                fail(f"slice {prev['slice']}: settled although the engine was faster than every slice before by the margin")
        print("PASS: ATM on engine cycles:", ", ".join(f"{r['widths']}:{r['engine']}:{r['action']}" for r in rows))

        # 3. A refused job: exit 2 with the firmware's error line.
        rc, out, err, _ = vp_run(a, work, "refused", ["platform.gcn_agg.max_width=16"])
        if rc != 2 or "aggregation engine error 1" not in out:
            fail(f"a refused job: exit {rc}\n{out}\n{err[-2000:]}")
        print("PASS: a job the engine refuses ends the run with exit 2:",
              [l for l in out.splitlines() if "ERROR" in l][0])

        # 4. The combination Z = Y·W, on the engine (one accumulating job per slice) and on the CPU.
        comb = ["workload.gcn.kernel=fsvt", "workload.gcn.slices=2", "workload.gcn.tiles=4",
                "workload.gcn.out_features=40"]
        for where, extra in (("engine", []), ("CPU", ["platform.gcn_comb.enabled=false"])):
            rc, out, err, outdir = vp_run(a, work, f"comb_{where}", comb + extra)
            if rc != 0 or "Z = Y·W matches bit for bit (300 x 40 floats)" not in err + out \
                    or f"on the {'combination engine' if where == 'engine' else 'CPU'}" not in out:
                fail(f"combination on the {where}: exit {rc}\n{out}\n{err[-2000:]}")
            rows = slices(out)
            if len(rows) != 2 or any(not r["comb"] for r in rows):
                fail(f"combination on the {where}: slice lines without comb_cycles:\n{out}")
            if where == "engine":
                with open(os.path.join(outdir, "stats.json")) as f:
                    c = json.load(f)["components"]["gcn_comb"]["counters"]
                if c["jobs"] != 2 or c["macs"] != 300 * 64 * 40 or c["job_errors"]:
                    fail(f"combination engine: {c['jobs']} jobs, {c['macs']} MACs, {c['job_errors']} errors")
            print(f"PASS: Z = Y·W on the {where}, bit for bit; comb_cycles", [r["comb"] for r in rows])


if __name__ == "__main__":
    main()
