#!/usr/bin/env python3
"""The gcn firmware's kernels on small graphs, on the full platform (docs/gcn.md):

  run_gcn_kernels.py --vp build/bin/vp --repo .

1. Every kernel -- baseline, VT, FS, FS+VT, ATM (coarse only and with fine morphing) -- over many
   (B_F, B_V) on two graphs (300 vertices: strips of 5 vertices, the last unit short; 40 vertices:
   fewer vertices than units, empty strips) passes the VP's bit-exact check against the host
   reference (exit 0, "result check passed").
2. With an L1D and an L2 present, the firmware's per-slice counts from the L2's statistics
   registers (window = the slice of X, read per strip) add up to what stats.json reports for the
   L2's features region, and each slice's lookups equal its misses plus hits as stats.json splits
   them (sum of x_misses = region.features.misses).
3. ATM's trajectory on the platform follows the coarse rule: the tiles double while the slice time
   improves, and the first slice that is not faster is followed by the best tiling (or a fine step).
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

GRAPHS = {
    "p300": ["workload.gcn.graph=powerlaw", "workload.gcn.vertices=300", "workload.gcn.edges=1200",
             "workload.gcn.exponent=2.2"],
    "p40": ["workload.gcn.graph=powerlaw", "workload.gcn.vertices=40", "workload.gcn.edges=120",
            "workload.gcn.exponent=2.5", "workload.gcn.directed=true"],
}
# (kernel, B_F, B_V, fine)
RUNS = [("baseline", 1, 1, True), ("vt", 1, 2, True), ("vt", 1, 8, True), ("vt", 1, 64, True),
        ("fs", 2, 1, True), ("fs", 4, 1, True), ("fsvt", 2, 4, True), ("fsvt", 4, 16, True),
        ("fsvt", 2, 64, True), ("atm", 4, 1, False), ("atm", 4, 1, True)]
CACHES = ["platform.caches.l1i.enabled=true", "platform.caches.l1d.enabled=true",
          "platform.caches.l2.enabled=true", "platform.caches.l2.size=32KiB"]


def fail(msg):
    print("FAIL:", msg)
    sys.exit(1)


def vp_run(a, work, name, sets):
    out = os.path.join(work, name)
    cmd = [a.vp, "run", os.path.join(a.repo, "scenarios", "gcn_tiny.yaml"), "--out", out]
    for s in sets:
        cmd += ["--set", s]
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=300)
    return p.returncode, p.stdout, p.stderr, out


def slices(stdout):
    rows = []
    for line in stdout.splitlines():
        m = re.match(r"gcn: slice (\d+) cycles (\d+) instret (\d+) strips (\d+) widths (\S+) x_lookups (\d+) "
                     r"x_misses (\d+) l2_lookups (\d+) l2_misses (\d+) l2_writebacks (\d+)(?: phase (\S+) action (\S+))?",
                     line)
        if m:
            rows.append({"slice": int(m[1]), "cycles": int(m[2]), "strips": int(m[4]), "widths": m[5],
                         "x_lookups": int(m[6]), "x_misses": int(m[7]), "phase": m[11], "action": m[12]})
    return rows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--vp", required=True)
    ap.add_argument("--repo", required=True)
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as work:
        # 1. Bit-exact results of every kernel.
        n = 0
        for g, gsets in GRAPHS.items():
            for kernel, bf, bv, fine in RUNS:
                sets = gsets + [f"workload.gcn.kernel={kernel}", f"workload.gcn.slices={bf}",
                                f"workload.gcn.tiles={bv}", f"workload.gcn.fine={'true' if fine else 'false'}",
                                "workload.gcn.features=64"]
                # ATM with the L2 present (hit rates from its registers), the others half with it.
                if kernel == "atm" or (bf + bv) % 2:
                    sets += CACHES
                rc, out, err, _ = vp_run(a, work, f"{g}_{kernel}_{bf}_{bv}_{fine}", sets)
                label = f"{g} {kernel} B_F={bf} B_V={bv}{' fine' if kernel == 'atm' and fine else ''}"
                if rc != 0 or "result check passed" not in err + out:
                    fail(f"{label}: exit {rc}\n{out}\n{err[-2000:]}")
                if len(slices(out)) != (1 if kernel in ("baseline", "vt") else bf):
                    fail(f"{label}: {len(slices(out))} slice lines")
                n += 1
        print(f"PASS: {n} runs bit-exact against the host reference")

        # 2. Statistics registers against stats.json, and 3. the coarse rule on the platform.
        sets = GRAPHS["p300"] + CACHES + ["workload.gcn.kernel=atm", "workload.gcn.slices=8",
                                          "workload.gcn.features=256", "workload.gcn.fine=true",
                                          "platform.caches.l2.size=64KiB"]
        rc, out, err, outdir = vp_run(a, work, "atm_stats", sets)
        if rc != 0:
            fail(f"ATM run: exit {rc}\n{err[-2000:]}")
        rows = slices(out)
        with open(os.path.join(outdir, "stats.json")) as f:
            stats = json.load(f)
        l2 = stats["components"]["l2"]["counters"]
        lookups = sum(r["x_lookups"] for r in rows)
        misses = sum(r["x_misses"] for r in rows)
        print(f"registers: {lookups} lookups, {misses} misses of X; stats.json features region: "
              f"{l2['region.features.accesses']} / {l2['region.features.misses']}")
        if lookups == 0 or misses == 0:
            fail("the L2 saw no feature lookups or misses: the check would be vacuous")
        if lookups != l2["region.features.accesses"] or misses != l2["region.features.misses"]:
            fail("the statistics registers disagree with stats.json")
        best = None
        for prev, cur in zip(rows, rows[1:]):
            if prev["action"] == "warmup":  # slice 0: run, not measured (include/vp/gcn_atm.h)
                if prev["strips"] != 1 or prev["phase"] not in ("warmup", "coarse"):
                    fail(f"a warm-up slice ran {prev['widths']} or was followed by phase {prev['phase']}")
                continue
            if prev["phase"] is None:
                fail("ATM slice lines lack phase/action")
            if best is None or prev["cycles"] < best - (best >> 5):  # by more than 1/32 (GCN_ATM_MARGIN_SHIFT)
                better, best = True, prev["cycles"]
            else:
                better = False
            if prev["action"] == "double":
                if not better or cur["strips"] != 2 * prev["strips"]:
                    fail(f"slice {cur['slice']}: doubled without improving, or not doubled: {prev} -> {cur}")
            if prev["action"] == "settle" and better and prev["strips"] < 64:
                fail(f"slice {prev['slice']}: settled although faster than every slice before by the margin")
        print("PASS: ATM trajectory:", ", ".join(f"{r['widths']}:{r['cycles']}:{r['action']}" for r in rows))


if __name__ == "__main__":
    main()
