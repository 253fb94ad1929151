#!/usr/bin/env python3
"""The cascaded-DMA paper's Table 1 (docs/sell_spmv.md) on the VP: the six SpMV cases over the six
matrices on the FPGA-like platform (scenarios/sell_fpga.yaml), beside the paper's numbers.

  python3 tools/sell/table1.py [--vp build/bin/vp] [--out out/sell_table1] [--jobs 2]
                               [--cases csr,csr_cdma,sell,acc_dma,acc_cdma,acc_overlap]
                               [--matrices benzene,msc01440,...] [--set key=value ...]

One `vp run` per matrix runs every case (each in its own trace-marker region, caches flushed before
it) and checks every case's y against the host reference bit for bit; a failed check fails the
script. MFLOPS = 2 * NNZ / (time of the case's marker region). Writes table1.csv, table1.md (our
numbers, the paper's, the ratio, the SELL padding beta) and table1.png, plus one run directory per
matrix. Host times of every run are reported (the whole reproduction must stay under 5 minutes).
"""
import argparse
import concurrent.futures
import csv
import json
import os
import subprocess
import sys
import time

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))

CASES = ["csr", "csr_cdma", "sell", "acc_dma", "acc_cdma", "acc_overlap"]
CASE_LABEL = {
    "csr": "CPU CSR",
    "csr_cdma": "CPU CSR + cascaded DMA",
    "sell": "CPU SELL",
    "acc_dma": "ACC + DMA (CPU gathers)",
    "acc_cdma": "ACC + cascaded DMA",
    "acc_overlap": "ACC + cascaded DMA, overlapped",
}
# (name, source, NNZ, n, NNZ/row); source: a file in ${data}/matrices or a stand-in.
MATRICES = [
    ("benzene", "file", 242669, 8219, 29.5),
    ("msc01440", "file", 44998, 1440, 31.2),
    ("shyy41", "standin", 20042, 4720, 4.2),
    ("bcsstk25", "file", 252241, 15439, 16.3),
    ("lhr11c", "standin", 231806, 10964, 21.1),
    ("coupled", "standin", 97193, 11341, 8.6),
]
# The paper's Table 1 (MFLOPS), as docs/sell_spmv.md quotes it.
PAPER = {
    "benzene": {"csr": 2.59, "sell": 1.48, "acc_dma": 3.75, "acc_cdma": 15.98, "acc_overlap": 31.19, "csr_cdma": 1.90},
    "msc01440": {"csr": 2.57, "sell": 1.29, "acc_dma": 3.23, "acc_cdma": 12.90, "acc_overlap": 23.99, "csr_cdma": 1.85},
    "shyy41": {"csr": 2.34, "sell": 1.64, "acc_dma": 2.34, "acc_cdma": 12.88, "acc_overlap": 14.82, "csr_cdma": 1.62},
    "bcsstk25": {"csr": 2.63, "sell": 0.73, "acc_dma": 1.86, "acc_cdma": 7.35, "acc_overlap": 13.76, "csr_cdma": 1.85},
    "lhr11c": {"csr": 2.66, "sell": 0.65, "acc_dma": 1.66, "acc_cdma": 6.51, "acc_overlap": 12.31, "csr_cdma": 1.86},
    "coupled": {"csr": 2.00, "sell": 0.13, "acc_dma": 0.32, "acc_cdma": 1.31, "acc_overlap": 2.50, "csr_cdma": 1.74},
}


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def run_matrix(vp, scenario, out_dir, name, source, cases, extra_sets):
    """Runs one matrix; returns (name, result dict) or raises with the run's stderr."""
    run_dir = os.path.join(out_dir, "runs", name)
    sets = ["workload.sell.cases=[%s]" % ", ".join(cases)]
    if source == "file":
        sets.append("workload.sell.matrix=${data}/matrices/%s.mtx" % name)
    else:
        sets += ["workload.sell.matrix=null", "workload.sell.standin=%s" % name]
    cmd = [vp, "run", scenario, "--quiet", "--out", run_dir]
    for s in sets + extra_sets:
        cmd += ["--set", s]
    t0 = time.monotonic()
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    wall = time.monotonic() - t0
    if p.returncode != 0:
        raise RuntimeError("%s: vp exited %d\n%s%s" % (name, p.returncode, p.stdout[-3000:], p.stderr[-3000:]))
    with open(os.path.join(run_dir, "stats.json")) as f:
        stats = json.load(f)
    with open(os.path.join(run_dir, "host.json")) as f:
        host = json.load(f)
    counters = stats["components"]["marker"]["counters"]
    res = {"wall_s": wall, "host_s": host["host_seconds"], "sim_s": stats["run"]["sim_time_ps"] * 1e-12,
           "stop": stats["run"]["stop_reason"], "time_ps": {}}
    for c in cases:
        key = "region.%s.ps" % c
        if key not in counters:
            raise RuntimeError("%s: no marker region '%s' in stats.json" % (name, c))
        res["time_ps"][c] = counters[key]
    return name, res


def sell_padding(build_dir):
    """beta per matrix from the sell_info tool (same code as the workload)."""
    tool = os.path.join(build_dir, "bin", "sell_info")
    if not os.path.exists(tool):
        return {}
    p = subprocess.run([tool, "--json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if p.returncode != 0:
        return {}
    return {m["matrix"]: m for m in json.loads(p.stdout)}


def write_outputs(out_dir, cases, results, padding, total_wall):
    rows = []
    for name, source, nnz, n, per_row in MATRICES:
        if name not in results:
            continue
        r = results[name]
        for c in cases:
            ps = r["time_ps"][c]
            mflops = 2.0 * nnz / (ps * 1e-12) / 1e6
            paper = PAPER[name].get(c)
            rows.append({"matrix": name, "source": source, "nnz": nnz, "n": n, "case": c,
                         "time_us": ps / 1e6, "mflops": mflops, "paper_mflops": paper,
                         "ratio": mflops / paper if paper else None,
                         "beta": padding.get(name, {}).get("beta_sigma1"), "host_s": r["host_s"]})
    with open(os.path.join(out_dir, "table1.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0].keys()))
        w.writeheader()
        for row in rows:
            w.writerow({k: ("%.6g" % v if isinstance(v, float) else v) for k, v in row.items()})

    by = {(r["matrix"], r["case"]): r for r in rows}
    lines = ["# Table 1 of the cascaded-DMA paper on the VP (MFLOPS = 2 NNZ / time; ours / paper)", "",
             "| matrix | NNZ | n | NNZ/row | beta | " + " | ".join(CASE_LABEL[c] for c in cases) + " |",
             "|---|---|---|---|---|" + "---|" * len(cases)]
    for name, source, nnz, n, per_row in MATRICES:
        if name not in results:
            continue
        beta = padding.get(name, {}).get("beta_sigma1")
        cells = []
        for c in cases:
            r = by[(name, c)]
            cells.append("%.2f / %.2f" % (r["mflops"], r["paper_mflops"]))
        lines.append("| %s%s | %d | %d | %.1f | %s | %s |" % (name, "" if source == "file" else " (stand-in)", nnz, n,
                                                            per_row, "%.3f" % beta if beta else "-", " | ".join(cells)))
    lines += ["", "Speed-up over CPU CSR (ours / paper):", "",
              "| matrix | " + " | ".join(CASE_LABEL[c] for c in cases if c != "csr") + " |",
              "|---|" + "---|" * (len(cases) - 1)]
    for name, source, nnz, n, per_row in MATRICES:
        if name not in results or "csr" not in cases:
            continue
        base, pbase = by[(name, "csr")]["mflops"], PAPER[name]["csr"]
        cells = ["%.2fx / %.2fx" % (by[(name, c)]["mflops"] / base, PAPER[name][c] / pbase)
                 for c in cases if c != "csr"]
        lines.append("| %s | %s |" % (name, " | ".join(cells)))
    lines += ["", "Host time per run (s): " + ", ".join("%s %.1f" % (m, results[m]["host_s"]) for m in results) +
              "; whole reproduction %.1f s wall." % total_wall]
    with open(os.path.join(out_dir, "table1.md"), "w") as f:
        f.write("\n".join(lines) + "\n")
    return rows


def plot(out_dir, cases, rows):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        if os.path.exists("/usr/bin/python3") and os.path.realpath(sys.executable) != os.path.realpath("/usr/bin/python3"):
            subprocess.run(["/usr/bin/python3", os.path.abspath(__file__), "--plot-only", "--out", out_dir,
                            "--cases", ",".join(cases)], check=False)
        else:
            log("table1: matplotlib missing, no plot (scripts/setup.sh installs python3-matplotlib)")
        return
    names = [m[0] for m in MATRICES if any(r["matrix"] == m[0] for r in rows)]
    by = {(r["matrix"], r["case"]): r for r in rows}
    fig, axes = plt.subplots(1, 2, figsize=(14, 4.8), sharey=True)
    width = 0.8 / len(cases)
    for ax, key, title in ((axes[0], "mflops", "VP (this platform)"), (axes[1], "paper_mflops", "paper, Table 1")):
        for i, c in enumerate(cases):
            xs = [k + (i - (len(cases) - 1) / 2) * width for k in range(len(names))]
            ax.bar(xs, [float(by[(m, c)][key]) for m in names], width, label=CASE_LABEL[c])
        ax.set_xticks(range(len(names)))
        ax.set_xticklabels(names)
        ax.set_title(title)
        ax.set_yscale("log")
        ax.grid(axis="y", alpha=0.3)
    values = [float(r[k]) for r in rows for k in ("mflops", "paper_mflops") if r[k] not in (None, "")]
    axes[0].set_ylim(min(values) * 0.7, max(values) * 1.4)
    axes[0].set_ylabel("MFLOPS (log)")
    axes[1].legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(os.path.join(out_dir, "table1.png"), dpi=120)


def read_rows(out_dir):
    with open(os.path.join(out_dir, "table1.csv")) as f:
        return list(csv.DictReader(f))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--vp", default=os.path.join(REPO, "build", "bin", "vp"))
    ap.add_argument("--scenario", default=os.path.join(REPO, "scenarios", "sell_fpga.yaml"))
    ap.add_argument("--out", default=os.path.join(REPO, "out", "sell_table1"))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--cases", default=",".join(CASES))
    ap.add_argument("--matrices", default=",".join(m[0] for m in MATRICES))
    ap.add_argument("--set", action="append", default=[], help="extra --set for every run")
    ap.add_argument("--plot-only", action="store_true", help=argparse.SUPPRESS)
    a = ap.parse_args()
    cases = [c for c in a.cases.split(",") if c]
    for c in cases:
        if c not in CASES:
            sys.exit("table1: unknown case '%s' (%s)" % (c, ", ".join(CASES)))
    if a.plot_only:
        plot(a.out, cases, read_rows(a.out))
        return 0
    wanted = [m for m in MATRICES if m[0] in a.matrices.split(",")]
    if not os.path.exists(a.vp):
        sys.exit("table1: %s not found (build the vp target first)" % a.vp)
    os.makedirs(a.out, exist_ok=True)
    t0 = time.monotonic()
    results = {}
    # The largest runs first, so that two workers finish together.
    order = sorted(wanted, key=lambda m: -m[2])
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, a.jobs)) as pool:
        futs = [pool.submit(run_matrix, a.vp, a.scenario, a.out, m[0], m[1], cases, a.set) for m in order]
        failed = False
        for f in concurrent.futures.as_completed(futs):
            try:
                name, res = f.result()
            except RuntimeError as e:
                log("table1: FAILED: %s" % e)
                failed = True
                continue
            results[name] = res
            log("table1: %-9s host %.1f s (%s)" % (name, res["host_s"], res["stop"].split(";")[-1].strip()))
    total = time.monotonic() - t0
    if failed or not results:
        return 1
    padding = sell_padding(os.path.dirname(os.path.dirname(os.path.abspath(a.vp))))
    rows = write_outputs(a.out, cases, results, padding, total)
    plot(a.out, cases, rows)
    with open(os.path.join(a.out, "table1.md")) as f:
        print(f.read())
    log("table1: %d runs in %.1f s wall -> %s" % (len(results), total, a.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
