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
4. an unknown data set is one line and exit 2;
5. `--set KEY=VALUE` reaches every run (`platform.ram.timing=fixed`: each run's stats.json has the fixed
   timing's group and no DDR group, results.csv's ddr_row_hit_rate is empty, every Y still checked, the
   engine cycles differ from the shipped DDR3's), summary.md names the override; a bad override, --set
   without --quick, and --reuse of runs made with other overrides are one line and exit 2;
6. tools/gcn/memory_experiment.py (the quick form under other memories) on `tiny`, memories ddr and fixed:
   memory.csv's rows are its runs' (engine cycles as in OUT/<memory>/results.csv, gain over the same
   memory's baseline, each "best" row the fastest of its class), the fixed memory without row-hit rates;
   an unknown memory is one line and exit 2;
7. the engine figures (`--stages sweep,width,figs`, Figs. 9-12): sensitivity.csv has one row per static run of
   results.csv with its cycles, speedup over the baseline, L2 miss rate on X and working set as results.csv
   says; atm_trajectory.csv one row per slice of each ATM run, the slice's tiling and engine cycles as in
   results.csv (which add up to the run's engine cycles), the static runs' per-slice cycles at the same B_F
   beside it and ATM's share of the best of them; width.csv one row per run of Fig. 9's grid at each
   --widths F (every Y checked, F in the row), width_summary.csv each width's best VT, FS and FS+VT run as
   width.csv says; figs.md and the PNGs written; a bad --stages or --widths is one line and exit 2;
   tools/gcn/atm_probe_noise.py reads the trajectory (one line per coarse step; no such ATM run: exit 2).
8. tools/gcn/vt_experiment.py (what bounds VT) on a SCALE 8 Kronecker graph, variants shipped and fixed,
   baseline and vt:2: vt.csv has one row per run, every Y checked, each gain over its own variant's
   baseline, the window waits and lines as the run's stats.json says, the fixed memory's override reached
   (other engine cycles, no DDR group); bad --variants, --edgefactors, --specs, --l2 are one line and exit 2.
"""
import argparse
import csv
import glob
import importlib.util
import json
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


SENS_COLUMNS = ["dataset", "features", "l2_mib", "l2_simulated_kib", "spec", "kernel", "B_F", "B_V", "time", "cycles",
                "speedup", "x_lookups", "x_misses", "miss_rate", "working_set_mib"]


def engine_figures(a, tool, out, runs):
    widths = [16, 64]
    p = subprocess.run([sys.executable, tool, "--quick", "--datasets", "tiny", "--stages", "sweep,width,figs",
                        "--widths", ",".join(map(str, widths)), "--reuse", "--vp", a.vp, "--out", out],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if p.returncode != 0:
        fail(f"sweep.py --quick --stages sweep,width,figs: exit {p.returncode}: {p.stderr[-2000:]}")
    _, runs = read(os.path.join(out, "results.csv"))  # (the same runs, reused; now with every column)
    by = {(r["l2_mib"], r["spec"]): r for r in runs}
    # Fig. 10 / 11: every static run, as results.csv says
    header, sens = read(os.path.join(out, "sensitivity.csv"))
    if header != SENS_COLUMNS:
        fail(f"sensitivity.csv columns {header}, expected {SENS_COLUMNS}")
    static = [r for r in runs if r["kernel"] != "atm"]
    if sorted((s["l2_mib"], s["spec"]) for s in sens) != sorted((r["l2_mib"], r["spec"]) for r in static):
        fail(f"sensitivity.csv: runs {sorted((s['l2_mib'], s['spec']) for s in sens)}")
    for s in sens:
        r = by[(s["l2_mib"], s["spec"])]
        base = int(by[(s["l2_mib"], "baseline")]["engine_cycles"])
        t, look, miss = int(r["engine_cycles"]), int(r["x_lookups"]), int(r["x_misses"])
        if not 0 < miss <= look:
            fail(f"results.csv {r['spec']}: x_misses {miss}, x_lookups {look}")
        ws = int(r["vertices"]) * 64 * 4 / (int(r["B_F"]) * int(r["B_V"])) / (1 << 20)
        if int(s["cycles"]) != t or abs(float(s["speedup"]) - base / t) > 1e-4 or \
                abs(float(s["miss_rate"]) - miss / look) > 1e-6 or abs(float(s["working_set_mib"]) - ws) > 1e-4 or \
                (s["x_lookups"], s["x_misses"]) != (r["x_lookups"], r["x_misses"]) or int(r["vertices"]) != 300:
            fail(f"sensitivity.csv {s['l2_mib']} MiB {s['spec']}: {s}, results.csv says cycles {t}, baseline {base}, "
                 f"misses {miss} / {look}, vertices {r['vertices']}")
    # Fig. 12: every ATM run slice by slice
    _, traj = read(os.path.join(out, "atm_trajectory.csv"))
    for r in runs:
        times = [int(x) for x in r["slice_engine_cycles"].split()]
        if len(times) != int(r["slices"]) or sum(times) != int(r["engine_cycles"]):
            fail(f"results.csv {r['l2_mib']} MiB {r['spec']}: slice cycles {times}, engine cycles {r['engine_cycles']}")
        if r["kernel"] != "atm":
            continue
        rows = [t for t in traj if t["l2_size"] == str(int(r["l2_mib"]) << 20) and t["B_F"] == r["B_F"]]
        tilings, actions = r["tilings"].split(), r["atm_actions"].split()
        if [t["slice"] for t in rows] != [str(i) for i in range(len(times))] or \
                [int(t["time"]) for t in rows] != times or [t["widths"] for t in rows] != tilings or \
                [f"{t['phase']}:{t['action']}" for t in rows] != actions or len(actions) != len(times):
            got = [(t["slice"], t["widths"], t["time"]) for t in rows]
            fail(f"atm_trajectory.csv {r['l2_mib']} MiB {r['spec']}: {got}, results.csv says {tilings} {times} {actions}")
        same = [x for x in static if x["l2_mib"] == r["l2_mib"] and x["B_F"] == r["B_F"]]
        best = min(same, key=lambda x: int(x["engine_cycles"]))
        for i, t in enumerate(rows):
            for x in same:
                got = t[f"static_BV{x['B_V']}_slice_time"]
                if int(float(got)) != int(x["slice_engine_cycles"].split()[i]):
                    fail(f"atm_trajectory.csv {r['l2_mib']} MiB slice {i}: static B_V = {x['B_V']} {got}, "
                         f"results.csv says {x['slice_engine_cycles']}")
            share = 100 * int(best["engine_cycles"]) / int(r["engine_cycles"])
            if t["static_best"] != best["spec"] or abs(float(t["atm_%_of_static_best"]) - share) > 1e-6:
                fail(f"atm_trajectory.csv {r['l2_mib']} MiB: static best {t['static_best']} "
                     f"{t['atm_%_of_static_best']} %, the runs say {best['spec']}")
    # Fig. 9: the width runs and their summary
    _, wruns = read(os.path.join(out, "width.csv"))
    grid = {16: 3, 64: 6}  # B_F in {1, 4, F/16} x B_V in {1, 4, 16}
    if sorted(int(w["features"]) for w in wruns) != sorted(f for f in widths for _ in range(2 * grid[f])):
        fail(f"width.csv: widths {sorted(int(w['features']) for w in wruns)}")
    for w in wruns:
        f = int(w["features"])
        if not w["y_check"].startswith(f"Y matches the host reference bit for bit (300 x {f} floats)"):
            fail(f"width.csv F = {f} {w['spec']}: '{w['y_check']}'")
    header, wsum = read(os.path.join(out, "width_summary.csv"))
    if header != ["features"] + COLUMNS:
        fail(f"width_summary.csv columns {header}")
    for f in widths:
        for l2 in ("8", "16"):
            rs = [w for w in wruns if int(w["features"]) == f and w["l2_mib"] == l2]
            for cls, members in (("VT", [w for w in rs if w["B_F"] == "1" and w["B_V"] != "1"]),
                                 ("FS", [w for w in rs if w["B_F"] != "1" and w["B_V"] == "1"]), ("FS+VT", rs)):
                row = [x for x in wsum if x["features"] == str(f) and x["l2_mib"] == l2 and x["config_class"] == cls]
                if not members:
                    if row:
                        fail(f"width_summary.csv F = {f} {l2} MiB: a {cls} row without runs")
                    continue
                b = min(members, key=lambda w: int(w["engine_cycles"]))
                base = [int(w["engine_cycles"]) for w in rs if w["spec"] == "baseline"][0]
                if len(row) != 1 or row[0]["best_config"] != b["spec"] or \
                        abs(float(row[0]["gain_%"]) - 100 * (base / int(b["engine_cycles"]) - 1)) > 0.01:
                    fail(f"width_summary.csv F = {f} {l2} MiB {cls}: {row}, the runs say {b['spec']}")
    with open(os.path.join(out, "figs.md")) as fh:
        md = fh.read()
    if "**ATM slice by slice**" not in md or "**Feature width**" not in md or "| B_F \\ B_V |" not in md:
        fail("figs.md lacks a table")
    try:
        import matplotlib  # noqa: F401
        pngs = ["fig9_width.png", "fig10_missrate.png", "fig11_sensitivity.png", "fig12_atm.png"]
    except ImportError:
        pngs = []
    for png in pngs:
        if not os.path.getsize(os.path.join(out, png)) > 0:
            fail(f"{png} not written")
    # tools/gcn/atm_probe_noise.py on the ATM run's trajectory: one line per coarse step; no such run: exit 2
    noise = os.path.join(os.path.dirname(tool), "atm_probe_noise.py")
    traj_csv = os.path.join(out, "atm_trajectory.csv")
    p = subprocess.run([sys.executable, noise, traj_csv, "--dataset", "tiny", "--l2", "8", "--bf", "4"],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if p.returncode != 0 or "B_V 1 -> 2: static gain" not in p.stdout or "B_V 2 -> 4" not in p.stdout:
        fail(f"atm_probe_noise.py: exit {p.returncode}: {p.stdout} {p.stderr}")
    p = subprocess.run([sys.executable, noise, traj_csv, "--dataset", "cora", "--l2", "8", "--bf", "4"],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if p.returncode != 2 or len(p.stderr.strip().splitlines()) != 1:
        fail(f"atm_probe_noise.py --dataset cora: exit {p.returncode}, '{p.stderr.strip()}'")
    for extra, want in ((["--stages", "sweep,plots"], "--stages: 'plots'"), (["--widths", "24"], "--widths: '24'"),
                        (["--stages", "figs", "--out", os.path.join(out, "none")], "neither results.csv")):
        cmd = [sys.executable, tool, "--quick", "--datasets", "tiny", "--vp", a.vp] + extra
        if "--out" not in extra:
            cmd += ["--out", os.path.join(out, "bad")]
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if p.returncode != 2 or want not in p.stderr or len(p.stderr.strip().splitlines()) != 1:
            fail(f"{' '.join(extra)}: exit {p.returncode}, '{p.stderr.strip()}' (expected exit 2 and '{want}')")


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
        # 5. --set: platform overrides for every run of the quick form
        fixed = os.path.join(work, "fixed")
        p = subprocess.run([sys.executable, tool, "--quick", "--datasets", "tiny", "--vp", a.vp, "--out", fixed,
                            "--set", "platform.ram.timing=fixed"],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if p.returncode != 0:
            fail(f"sweep.py --quick --set platform.ram.timing=fixed: exit {p.returncode}: {p.stderr[-2000:]}")
        _, fruns = read(os.path.join(fixed, "results.csv"))
        if len(fruns) != len(runs):
            fail(f"--set: {len(fruns)} runs, expected {len(runs)}")
        ddr = {(r["l2_mib"], r["spec"]): r for r in runs}
        differ = 0
        for r in fruns:
            if not r["y_check"].startswith("Y matches the host reference bit for bit"):
                fail(f"--set: run {r['spec']}: Y not checked bit for bit")
            if r["ddr_row_hit_rate"] != "" or not float(r["ram_latency_ns"]) > 0:
                fail(f"--set: run {r['spec']}: ddr_row_hit_rate '{r['ddr_row_hit_rate']}', "
                     f"ram_latency_ns '{r['ram_latency_ns']}' (a fixed-latency memory has no rows)")
            d = ddr[(r["l2_mib"], r["spec"])]
            if d["ddr_row_hit_rate"] == "" or not 0 <= float(d["ddr_row_hit_rate"]) <= 1:
                fail(f"shipped run {d['spec']}: ddr_row_hit_rate '{d['ddr_row_hit_rate']}'")
            differ += r["engine_cycles"] != d["engine_cycles"]
        if differ < len(fruns) // 2:
            fail(f"--set platform.ram.timing=fixed: only {differ} of {len(fruns)} runs changed their engine cycles")
        for st in glob.glob(os.path.join(fixed, "platform", "*", "stats.json")):
            with open(st) as f:
                comps = json.load(f)["components"]
            if "ram.fixed" not in comps or "ram.ddr" in comps:
                fail(f"--set: {st} has groups {sorted(c for c in comps if c.startswith('ram'))}")
        with open(os.path.join(fixed, "summary.md")) as f:
            if "`platform.ram.timing=fixed`" not in f.readline():
                fail("--set: summary.md's title does not name the override")
        bad = [(["--quick", "--set", "platform.ram.timing=fixd"], "--set platform.ram.timing"),
               (["--quick", "--set", "platform.ram.timing"], "not KEY=VALUE"),
               (["--set", "platform.ram.timing=fixed"], "only with --quick"),
               (["--quick", "--reuse", "--out", fixed], "holds runs made with --set")]
        for extra, want in bad:
            cmd = [sys.executable, tool, "--datasets", "tiny", "--vp", a.vp] + extra
            if "--out" not in extra:
                cmd += ["--out", os.path.join(work, "bad_set")]
            p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            if p.returncode != 2 or want not in p.stderr or len(p.stderr.strip().splitlines()) != 1:
                fail(f"{' '.join(extra)}: exit {p.returncode}, '{p.stderr.strip()}' (expected exit 2 and '{want}')")
        # 7. the engine figures (Figs. 9-12) from the runs of 1 (reused) and Fig. 9's width runs
        engine_figures(a, tool, out, runs)
        # 6. the memory experiment
        mtool = os.path.join(a.repo, "tools", "gcn", "memory_experiment.py")
        mout = os.path.join(work, "memory")
        p = subprocess.run([sys.executable, mtool, "--vp", a.vp, "--out", mout, "--datasets", "tiny", "--memories",
                            "ddr,fixed"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if p.returncode != 0:
            fail(f"memory_experiment.py: exit {p.returncode}: {p.stderr[-2000:]}")
        _, mrows = read(os.path.join(mout, "memory.csv"))
        for mem in ("ddr", "fixed"):
            _, mruns = read(os.path.join(mout, mem, "results.csv"))
            for l2 in ("8", "16"):
                st = [r for r in mruns if r["l2_mib"] == l2 and r["kernel"] != "atm"]
                t = {r["spec"]: int(r["engine_cycles"]) for r in st}
                got = [r for r in mrows if r["memory"] == mem and r["l2_mib"] == l2]
                classes = {"baseline": ["baseline"], "fs:2": ["fs:2"], "fs:4": ["fs:4"],
                           "best VT": [r["spec"] for r in st if r["B_F"] == "1" and r["B_V"] != "1"],
                           "best FS": [r["spec"] for r in st if r["B_F"] != "1" and r["B_V"] == "1"],
                           "best FS+VT": [r["spec"] for r in st if r["B_F"] != "1" and r["B_V"] != "1"]}
                if sorted(r["row"] for r in got) != sorted(classes):
                    fail(f"memory.csv {mem} {l2} MiB: rows {[r['row'] for r in got]}")
                for r in got:
                    if int(r["engine_cycles"]) != min(t[c] for c in classes[r["row"]]) or \
                            int(r["engine_cycles"]) != t[r["config"]]:
                        fail(f"memory.csv {mem} {l2} MiB {r['row']}: {r['config']} {r['engine_cycles']} cycles, "
                             f"the runs say {min(t[c] for c in classes[r['row']])}")
                    if abs(float(r["gain_%"]) - 100 * (t["baseline"] / t[r["config"]] - 1)) > 0.01:
                        fail(f"memory.csv {mem} {l2} MiB {r['row']}: gain {r['gain_%']}")
                    if (r["ddr_row_hit_rate"] == "") != (mem == "fixed"):
                        fail(f"memory.csv {mem} {r['row']}: ddr_row_hit_rate '{r['ddr_row_hit_rate']}'")
        p = subprocess.run([sys.executable, mtool, "--vp", a.vp, "--out", mout, "--memories", "sram"],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if p.returncode != 2 or "'sram'" not in p.stderr or len(p.stderr.strip().splitlines()) != 1:
            fail(f"memory_experiment.py --memories sram: exit {p.returncode}, '{p.stderr.strip()}'")
        vt_experiment(a, work)
    print("PASS")


def vt_experiment(a, work):
    """8. tools/gcn/vt_experiment.py on a small Kronecker graph."""
    tool = os.path.join(a.repo, "tools", "gcn", "vt_experiment.py")
    out = os.path.join(work, "vt")
    base = [sys.executable, tool, "--vp", a.vp, "--out", out, "--scale", "8", "--edgefactors", "4"]
    p = subprocess.run(base + ["--variants", "shipped,fixed", "--specs", "baseline,vt:2"], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True)
    if p.returncode != 0:
        fail(f"vt_experiment.py: exit {p.returncode}: {p.stderr[-2000:]}")
    _, rows = read(os.path.join(out, "vt.csv"))
    if sorted((r["variant"], r["spec"]) for r in rows) != sorted(
            (v, s) for v in ("shipped", "fixed") for s in ("baseline", "vt:2")):
        fail(f"vt.csv: rows {[(r['variant'], r['spec']) for r in rows]}")
    t = {(r["variant"], r["spec"]): int(r["engine_cycles"]) for r in rows}
    if t[("shipped", "baseline")] == t[("fixed", "baseline")]:
        fail("vt.csv: the fixed memory's baseline has the shipped engine cycles: its override did not reach the run")
    for r in rows:
        if "bit for bit" not in r["y_check"]:
            fail(f"vt.csv {r['variant']} {r['spec']}: no bit-exact check")
        if abs(float(r["gain_%"]) - 100 * (t[(r["variant"], "baseline")] / int(r["engine_cycles"]) - 1)) > 0.01:
            fail(f"vt.csv {r['variant']} {r['spec']}: gain {r['gain_%']}")
        runs = glob.glob(os.path.join(out, "platform", f"vt_{r['variant']}_s8_ef4_*_{r['spec'].replace(':', '_')}"))
        if len(runs) != 1:
            fail(f"vt.csv {r['variant']} {r['spec']}: runs {runs}")
        with open(os.path.join(runs[0], "stats.json")) as f:
            st = json.load(f)["components"]
        g = st["gcn_agg"]["counters"]
        for b in ("vertex", "edge", "feature", "output"):
            if int(r[f"{b}_lines"]) != g[f"{b}_lines"] or \
                    int(r[f"{b}_window_wait_ns"]) != round(g[f"{b}_window_wait"] / 1000):
                fail(f"vt.csv {r['variant']} {r['spec']}: {b} lines / wait differ from stats.json")
        if int(r["visits"]) != g["visits"] or int(r["dram_reads"]) != st["ram"]["counters"]["reads"]:
            fail(f"vt.csv {r['variant']} {r['spec']}: visits / DRAM reads differ from stats.json")
        if ("ram.ddr" in st) != (r["variant"] == "shipped"):
            fail(f"vt.csv {r['variant']} {r['spec']}: DDR group {'ram.ddr' in st}")
    for extra, want in ((["--variants", "sram"], "'sram'"), (["--edgefactors", "0"], "--edgefactors"),
                        (["--specs", "baseline,vt:x"], "'vt:x'"), (["--specs", "vt:2"], "baseline"),
                        (["--l2", "big"], "--l2")):
        p = subprocess.run(base + extra, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if p.returncode != 2 or want not in p.stderr or len(p.stderr.strip().splitlines()) != 1:
            fail(f"vt_experiment.py {' '.join(extra)}: exit {p.returncode}, '{p.stderr.strip()}' (expected exit 2 "
                 f"and {want})")
    if not os.path.exists(os.path.join(out, "vt.csv")):
        fail("vt_experiment.py: a bad option lost vt.csv")


if __name__ == "__main__":
    main()
