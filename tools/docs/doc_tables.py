#!/usr/bin/env python3
"""Tables in docs/ that come from the tools' own outputs, never typed by hand.

A generated block in a page of docs/ is

    <!-- generated: NAME -->
    ...the content of docs/data/NAME.md...
    <!-- end generated: NAME (docs/data/NAME.md; stamp below) -->

and docs/data/ holds, per NAME, what the tool wrote (NAME.md, NAME.csv) (or NAME.json) and NAME.stamp.json: the command,
the commit it ran at, when, and the host time it took. The registry below says which command makes
each NAME and which of its CSV columns are deterministic (simulated results, the same on every host).

  doc_tables.py check            every block equals its docs/data file (exit 1 naming the stale ones)
  doc_tables.py sync             rewrite every block from docs/data
  doc_tables.py refresh NAME...  run NAME's command, copy its outputs to docs/data, stamp, sync
  doc_tables.py rerun NAME --vp VP --out DIR
                                 run NAME's command into DIR and compare its deterministic columns with
                                 docs/data/NAME.csv (exit 1 with the differing cells): a model change
                                 that moves a published number fails until the table is refreshed
"""
import argparse
import csv
import datetime
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
DATA = os.path.join(REPO, "docs", "data")

# NAME -> command (run from the repository; {vp} and {out} are substituted), the outputs it writes into
# {out} (copied to docs/data/NAME.<ext>; "md" may be a list of files, shown one after the other; "also": more
# outputs and where in the repository refresh copies them, e.g. figures to docs/img), and the CSV columns
# that depend on the host (left out of rerun).
REGISTRY = {
    "sell_table1": {
        "command": ["python3", "tools/sell/table1.py", "--vp", "{vp}", "--out", "{out}"],
        "md": "table1.md",
        "data": "table1.csv",
        "host_columns": ["host_s"],
        "rerun": True,  # seconds: the test reruns it
        # The page has its own heading; the last line of table1.md is the host time of the runs, which
        # the stamp gives instead (the block holds only what every host reproduces).
        "drop_md_lines": r"^(# Table 1|Host time per run)",
    },
    "sell_hmc": {
        # docs/sell_spmv.md, the HMC section: SCALE 12-20, both accelerator paths and the CPU's CSR.
        "command": ["python3", "tools/sell/hmc_experiment.py", "--vp", "{vp}", "--out", "{out}", "--scales", "12",
                    "14", "16", "18", "20"],
        "md": "hmc.md",
        "data": "hmc.csv",
        "host_columns": ["csr_host_s", "acc_overlap_host_s", "acc_hmc_host_s"],
        "drop_md_lines": r"^Whole experiment",
        "rerun": False,  # minutes (SCALE 20); tests/workload/run_sell_cases.py runs the tool at SCALE 10
    },
    "sell_hmc_multi": {
        # docs/sell_spmv.md, "Several engine pairs": K = 1, 2, 4, 8 pairs at SCALE 16 and 18.
        "command": ["python3", "tools/sell/hmc_experiment.py", "--vp", "{vp}", "--out", "{out}", "--engines", "1", "2",
                    "4", "8", "--scales", "16", "18"],
        "md": "hmc_multi.md",
        "data": "hmc_multi.csv",
        "host_columns": ["host_host_s", "mem_host_s"],
        "drop_md_lines": r"^Host time of the runs",
        "rerun": False,  # minutes; tests/workload/run_sell_cases.py runs the tool at SCALE 10 with K = 1, 8
    },
    "gcn_quick": {
        # docs/gcn.md: the GCN experiment's quick form on the engines (Cora, Citeseer, Pokec-sbm / 64).
        "command": ["python3", "tools/gcn/sweep.py", "--quick", "--jobs", "1", "--vp", "{vp}", "--out", "{out}"],
        "md": "summary.md",
        "data": "summary.csv",
        "drop_md_lines": r"^Quick run on the engines",
        "rerun": False,  # minutes; tests/workload/run_gcn_quick.py runs the tool on a 300-vertex graph
    },
    "gcn_quick_layer": {
        # docs/gcn.md: the same quick form for the whole layer, aggregation then the combination
        # Z = Y W with 16 output features (Kipf and Welling's hidden width) on the combination engine.
        "command": ["python3", "tools/gcn/sweep.py", "--quick", "--combine", "16", "--vp", "{vp}", "--out", "{out}"],
        "md": "summary.md",
        "data": "summary.csv",
        "drop_md_lines": r"^Quick run on the engines",
        "rerun": False,  # minutes; tests/workload/run_gcn_engines.py checks the combination on a small graph
    },
    "gcn_engine_figs": {
        # docs/gcn.md, "Figs. 9-12 on the engines": the quick form's runs and Fig. 9's width runs on the engines,
        # tabulated (figs.md) and drawn; the same runs as gcn_quick (its summary is that table's).
        "command": ["python3", "tools/gcn/sweep.py", "--quick", "--stages", "sweep,width,figs", "--jobs", "1", "--vp",
                    "{vp}", "--out", "{out}"],
        "md": "figs.md",
        "data": "sensitivity.csv",
        "also": {"width_summary.csv": "docs/data/gcn_engine_figs.width.csv",
                 "atm_trajectory.csv": "docs/data/gcn_engine_figs.atm.csv",
                 "fig9_width.png": "docs/img/gcn_engine_fig9_width.png",
                 "fig10_missrate.png": "docs/img/gcn_engine_fig10_missrate.png",
                 "fig11_sensitivity.png": "docs/img/gcn_engine_fig11_sensitivity.png",
                 "fig12_atm.png": "docs/img/gcn_engine_fig12_atm.png"},
        "rerun": False,  # minutes; tests/workload/run_gcn_quick.py runs the stages on a 300-vertex graph
    },
    "gcn_quick_kron": {
        # docs/gcn.md: issue #35's Kronecker graph (SCALE 16, edge factor 8, seed 9001, F = 128) on the engines,
        # the quick form's grid and ATM: summary, then the B_F x B_V tables and ATM slice by slice.
        "command": ["python3", "tools/gcn/sweep.py", "--quick", "--datasets", "kron", "--jobs", "1", "--vp", "{vp}",
                    "--out", "{out}"],
        "md": ["summary.md", "figs.md"],
        "data": "summary.csv",
        "drop_md_lines": r"^Quick run on the engines",
        "also": {"fig12_atm.png": "docs/img/gcn_engine_kron_fig12_atm.png"},
        "rerun": False,  # minutes; tests/workload/run_gcn_quick.py runs the tool on a 300-vertex graph
    },
    "gcn_memory": {
        # docs/gcn.md, "Why the gains differ from the patent's": the quick form under other memories
        # (row locality: fixed latency, closed page, fine mapping; speed: 2 / 4 channels, HMC, a fast memory).
        "command": ["python3", "tools/gcn/memory_experiment.py", "--vp", "{vp}", "--out", "{out}"],
        "md": "memory.md",
        "data": "memory.csv",
        "drop_md_lines": r"^# The quick form under other memories",
        "rerun": False,  # an hour (8 memories x the quick form); tests/workload/run_gcn_quick.py runs it on tiny
    },
    "gcn_vt": {
        # docs/gcn.md, "VT on the engines: what bounds it": Kronecker SCALE 14, F = 128, L2 1 MiB, edge factor
        # 4 / 16 / 64 x baseline, vt:2, vt:4, vt:8 under variants that each change one suspected cause.
        "command": ["python3", "tools/gcn/vt_experiment.py", "--vp", "{vp}", "--out", "{out}", "--jobs", "2"],
        "md": "vt.md",
        "data": "vt.csv",
        "drop_md_lines": r"^# VT on the engines",
        "rerun": False,  # 15-20 min (84 runs); tests/workload/run_gcn_quick.py runs the tool at SCALE 8
    },
    "paper_scale": {
        # docs/performance.md: the papers' largest experiments end to end (host time, peak memory).
        "command": ["python3", "tools/perf/paper_scale.py", "--vp", "{vp}", "--out", "{out}"],
        "md": "paper_scale.md",
        "data": "paper_scale.csv",
        "host_columns": ["host_s", "cpu_s", "load", "peak_mib", "disk_gb"],
        "rerun": False,  # ten minutes; tests/perf runs the tool on Table 1 alone
    },
    "lapp_experiment": {
        "command": ["python3", "tools/lapp_experiment.py", "--vp", "{vp}", "--out", "{out}"],
        "md": "results.md",
        "data": "results.json",
        "drop_md_lines": r"^# LAPP experiment",
        "heading_shift": 2,  # its '## ' sections sit under a '## ' section of docs/lapp.md
        "rerun": True,  # nine runs, tens of seconds
    },
}

BLOCK = re.compile(r"(<!-- generated: (?P<name>[a-z0-9_]+) -->\n)(?P<body>.*?)(<!-- end generated: (?P=name)[^>]*-->)",
                   re.S)


def data_path(name, ext):
    return os.path.join(DATA, name + "." + ext)


def stamp_line(name):
    path = data_path(name, "stamp.json")
    if not os.path.exists(path):
        return ""
    with open(path) as f:
        s = json.load(f)
    return ("\n*Generated by `%s` at commit %s (%s, %.1f s of host time); `python3 tools/docs/doc_tables.py "
            "refresh %s` regenerates it.*\n" % (" ".join(s["command_shown"]), s["commit"], s["date"], s["host_seconds"],
                                                 name))


def expected_body(name):
    with open(data_path(name, "md")) as f:
        return f.read().rstrip("\n") + "\n" + stamp_line(name)


def pages():
    docs = os.path.join(REPO, "docs")
    for root, _, files in os.walk(docs):
        for fn in sorted(files):
            if fn.endswith(".md") and os.path.join(root, fn) != os.path.join(DATA, fn):
                yield os.path.join(root, fn)


def blocks(text):
    return list(BLOCK.finditer(text))


def check():
    stale = []
    seen = set()
    for page in pages():
        with open(page) as f:
            text = f.read()
        for m in blocks(text):
            name = m.group("name")
            seen.add(name)
            if not os.path.exists(data_path(name, "md")):
                stale.append("%s: block '%s' has no docs/data/%s.md" % (os.path.relpath(page, REPO), name, name))
            elif m.group("body") != expected_body(name):
                stale.append("%s: block '%s' differs from docs/data/%s.md (run: python3 tools/docs/doc_tables.py sync)"
                             % (os.path.relpath(page, REPO), name, name))
    for name in REGISTRY:
        if name not in seen:
            stale.append("no page of docs/ shows the generated table '%s'" % name)
    for line in stale:
        print(line)
    return 1 if stale else 0


def sync():
    for page in pages():
        with open(page) as f:
            text = f.read()
        new = BLOCK.sub(lambda m: m.group(1) + expected_body(m.group("name")) + m.group(4), text)
        if new != text:
            with open(page, "w") as f:
                f.write(new)
            print("updated", os.path.relpath(page, REPO))
    return 0


def run_command(name, vp, out):
    entry = REGISTRY[name]
    cmd = [c.format(vp=vp, out=out) for c in entry["command"]]
    t0 = time.monotonic()
    r = subprocess.run(cmd, cwd=REPO)
    if r.returncode != 0:
        sys.exit("doc_tables: %s: `%s` failed with exit %d" % (name, " ".join(cmd), r.returncode))
    return time.monotonic() - t0


def refresh(names, vp):
    for name in names:
        entry = REGISTRY[name]
        with tempfile.TemporaryDirectory() as out:
            seconds = run_command(name, vp, out)
            drop = entry.get("drop_md_lines")
            md = []
            for part in [entry["md"]] if isinstance(entry["md"], str) else entry["md"]:
                with open(os.path.join(out, part)) as f:
                    md += ([""] if md else []) + [l for l in f.read().splitlines() if not (drop and re.match(drop, l))]
            while md and not md[-1].strip():
                md.pop()
            while md and not md[0].strip():
                md.pop(0)
            shift = "#" * entry.get("heading_shift", 0)
            md = [shift + l if l.startswith("#") else l for l in md]
            os.makedirs(DATA, exist_ok=True)
            with open(data_path(name, "md"), "w") as f:
                f.write("\n".join(md) + "\n")
            shutil.copyfile(os.path.join(out, entry["data"]), data_path(name, ext(entry)))
            for src, dst in entry.get("also", {}).items():
                if os.path.exists(os.path.join(out, src)):  # (figures: only where matplotlib is installed)
                    os.makedirs(os.path.dirname(os.path.join(REPO, dst)), exist_ok=True)
                    shutil.copyfile(os.path.join(out, src), os.path.join(REPO, dst))
                else:
                    print("note: %s: %s was not written, %s not refreshed" % (name, src, dst))
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=REPO, capture_output=True,
                                text=True).stdout.strip() or "unknown"
        # Changes to docs/ alone do not change what the tools measure.
        dirty = [l for l in subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=REPO,
                                           capture_output=True, text=True).stdout.splitlines()
                 if not l[3:].startswith("docs/")]
        shown = [c.format(vp="build/bin/vp", out="OUT") for c in entry["command"]]
        with open(data_path(name, "stamp.json"), "w") as f:
            json.dump({"command_shown": shown, "commit": commit + ("+changes" if dirty else ""),
                       "date": datetime.date.today().isoformat(), "host_seconds": round(seconds, 1)}, f, indent=1)
            f.write("\n")
        print("refreshed docs/data/%s.{md,%s,stamp.json} (%.1f s)" % (name, ext(entry), seconds))
    return sync()


def ext(entry):
    return entry["data"].rsplit(".", 1)[1]


def read_data(path, drop):
    if path.endswith(".json"):
        with open(path) as f:
            return [json.load(f)]
    return read_csv(path, drop)


def read_csv(path, drop):
    with open(path) as f:
        rows = list(csv.DictReader(f))
    return [{k: v for k, v in r.items() if k not in drop} for r in rows]


def rerun(name, vp, out):
    entry = REGISTRY[name]
    run_command(name, vp, out)
    drop = set(entry.get("host_columns", []))
    got = read_data(os.path.join(out, entry["data"]), drop)
    want = read_data(data_path(name, ext(entry)), drop)
    diffs = []
    if len(got) != len(want):
        diffs.append("%d rows, docs/data/%s.csv has %d" % (len(got), name, len(want)))
    for i, (g, w) in enumerate(zip(got, want)):
        for k in sorted(set(g) | set(w)):
            if g.get(k) != w.get(k):
                diffs.append("row %d (%s) %s: now %s, published %s" % (i + 1, ", ".join(
                    str(w.get(c)) for c in list(w)[:2]), k, g.get(k), w.get(k)))
    for d in diffs[:40]:
        print(d)
    if diffs:
        print("%s: the tool no longer prints what docs/ publishes (%d differences); if the change is intended, "
              "run `python3 tools/docs/doc_tables.py refresh %s` and commit docs/data" % (name, len(diffs), name))
        return 1
    print("%s: %d rows, every deterministic cell as published" % (name, len(got)))
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("action", choices=["check", "sync", "refresh", "rerun", "list"])
    ap.add_argument("names", nargs="*")
    ap.add_argument("--vp", default=os.path.join(REPO, "build", "bin", "vp"))
    ap.add_argument("--out")
    a = ap.parse_args()
    for n in a.names:
        if n not in REGISTRY:
            ap.error("unknown table '%s' (known: %s)" % (n, ", ".join(REGISTRY)))
    if a.action == "list":  # the tables a test reruns
        print("\n".join(n for n, e in REGISTRY.items() if e.get("rerun")))
        return 0
    if a.action == "check":
        return check()
    if a.action == "sync":
        return sync()
    if a.action == "refresh":
        return refresh(a.names or list(REGISTRY), os.path.abspath(a.vp))
    if len(a.names) != 1:
        ap.error("rerun takes one table name")
    if a.out:
        os.makedirs(a.out, exist_ok=True)
        return rerun(a.names[0], os.path.abspath(a.vp), a.out)
    with tempfile.TemporaryDirectory() as out:
        return rerun(a.names[0], os.path.abspath(a.vp), out)


if __name__ == "__main__":
    sys.exit(main())
