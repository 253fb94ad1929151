#!/usr/bin/env python3
"""Smoke test of the GCN experiment's quick form (tools/gcn/sweep.py --quick, docs/gcn.md), seconds:

  run_gcn_quick.py --vp build/bin/vp --repo .

1. `sweep.py --quick --datasets tiny` (the engines' scenario, a 300-vertex graph, both L2 sizes) exits 0
   and writes results.csv with one row per run of its grid, every one with the VP's bit-exact check of Y
   ("Y matches the host reference bit for bit"), and summary.csv with exactly the columns dataset, l2_mib,
   time, config_class, best_config, gain_%, atm_%_of_static_best;
2. summary.csv's rows follow from results.csv: per L2 size the best run of each class (VT: B_F = 1 and
   B_V > 1; FS: B_F > 1, B_V = 1; FS+VT: every static run; ATM) and its gain over the baseline, ATM's
   share of the static best; then the geomeans;
3. the full run's summary (the emulated sweep: time cpu and mem) writes the same columns;
4. an unknown data set is one line and exit 2.
"""
import argparse
import csv
import importlib.util
import os
import subprocess
import sys
import tempfile

COLUMNS = ["dataset", "l2_mib", "time", "config_class", "best_config", "gain_%", "atm_%_of_static_best"]


def fail(msg):
    print("FAIL:", msg)
    sys.exit(1)


def read(path):
    with open(path) as f:
        r = csv.reader(f)
        header = next(r)
        return header, [dict(zip(header, row)) for row in r]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--vp", required=True)
    ap.add_argument("--repo", required=True)
    a = ap.parse_args()
    tool = os.path.join(a.repo, "tools", "gcn", "sweep.py")
    with tempfile.TemporaryDirectory() as work:
        out = os.path.join(work, "quick")
        p = subprocess.run([sys.executable, tool, "--quick", "--datasets", "tiny", "--vp", a.vp, "--out", out],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if p.returncode != 0:
            fail(f"sweep.py --quick exit {p.returncode}: {p.stderr[-2000:]}")
        header, runs = read(os.path.join(out, "results.csv"))
        # 1. every run of the grid (B_F, B_V in {1, 2, 4}, ATM at B_F 4) at both L2 sizes, Y checked
        want = 2 * (3 * 3 + 1)
        if len(runs) != want:
            fail(f"results.csv has {len(runs)} runs, expected {want}")
        for r in runs:
            if not r["y_check"].startswith("Y matches the host reference bit for bit (300 x 64 floats)"):
                fail(f"run {r['spec']} at {r['l2_mib']} MiB: Y not checked bit for bit: '{r['y_check']}'")
            if not int(r["engine_cycles"]) > 0:
                fail(f"run {r['spec']}: no engine cycles")
        header, summ = read(os.path.join(out, "summary.csv"))
        if header != COLUMNS:
            fail(f"summary.csv columns {header}, expected {COLUMNS}")
        # 2. the summary from the runs
        for l2 in ("8", "16"):
            rs = [r for r in runs if r["l2_mib"] == l2]
            for r in rs:
                r["t"] = int(r["engine_cycles"])
                r["bf"], r["bv"] = int(r["B_F"]), int(r["B_V"])
            static = [r for r in rs if r["kernel"] != "atm"]
            base = [r for r in static if r["bf"] == 1 and r["bv"] == 1][0]["t"]
            best_static = min(r["t"] for r in static)
            classes = {"VT": [r for r in static if r["bf"] == 1 and r["bv"] > 1],
                       "FS": [r for r in static if r["bf"] > 1 and r["bv"] == 1],
                       "FS+VT": static, "ATM": [r for r in rs if r["kernel"] == "atm"]}
            for name, members in classes.items():
                row = [s for s in summ if s["dataset"] == "tiny" and s["l2_mib"] == l2 and s["config_class"] == name]
                if len(row) != 1:
                    fail(f"summary.csv: {len(row)} rows for tiny, {l2} MiB, {name}")
                row = row[0]
                b = min(members, key=lambda r: r["t"])
                if row["best_config"] != b["spec"] or row["time"] != "engine":
                    fail(f"summary.csv {l2} MiB {name}: best {row['best_config']}, the runs say {b['spec']}")
                if abs(float(row["gain_%"]) - 100 * (base / b["t"] - 1)) > 0.01:
                    fail(f"summary.csv {l2} MiB {name}: gain {row['gain_%']}, the runs say {100 * (base / b['t'] - 1)}")
                atm = row["atm_%_of_static_best"]
                if name == "ATM":
                    if abs(float(atm) - 100 * best_static / b["t"]) > 0.01:
                        fail(f"summary.csv {l2} MiB: ATM {atm} % of the static best, the runs say "
                             f"{100 * best_static / b['t']}")
                elif atm != "":
                    fail(f"summary.csv {l2} MiB {name}: an ATM share on a static class")
            geo = [s for s in summ if s["dataset"].startswith("geomean") and s["l2_mib"] == l2]
            if sorted(s["config_class"] for s in geo) != sorted(classes):
                fail(f"summary.csv {l2} MiB: geomean rows {[s['config_class'] for s in geo]}")
        # 3. the full run's summary: the same columns (rows as the emulated sweep makes them)
        spec = importlib.util.spec_from_file_location("gcn_sweep", tool)
        sweep = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(sweep)
        rows = []
        for r in runs:
            for metric in ("cpu", "mem"):
                rows.append({"dataset": "tiny", "metric": metric, "l2_size": int(r["l2_mib"]) * sweep.MIB,
                             "kernel": r["kernel"], "spec": r["spec"], "B_F": r["bf"], "B_V": r["bv"],
                             "cycles": r["t"], "dram": r["t"] + 1})
        full = os.path.join(work, "full")
        os.makedirs(full)
        sweep.full_summary(argparse.Namespace(out=full), rows)
        header, fsumm = read(os.path.join(full, "summary.csv"))
        if header != COLUMNS or {s["time"] for s in fsumm} != {"cpu", "mem"}:
            fail(f"the full run's summary.csv: columns {header}, times {sorted({s['time'] for s in fsumm})}")
        # 4. a bad data set
        p = subprocess.run([sys.executable, tool, "--quick", "--datasets", "reddit", "--vp", a.vp, "--out",
                            os.path.join(work, "bad")], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if p.returncode != 2 or "--datasets: 'reddit'" not in p.stderr or len(p.stderr.strip().splitlines()) != 1:
            fail(f"--datasets reddit: exit {p.returncode}, '{p.stderr.strip()}'")
    print("PASS")


if __name__ == "__main__":
    main()
