#!/usr/bin/env python3
"""The SELL kernel on the vector accelerator fed from a Hybrid Memory Cube, with x
gathered on the host side (acc_overlap: the cascaded DMA reads every x[col] through the L2 and the
links) or in the memory (acc_hmc: the cube's gather engine packs x, the DMA streams it), and the CPU's
CSR for reference (scenarios/sell_hmc.yaml). Graph500 Kronecker matrices (docs/hmc.md), SELL-64-n
(C = 64, rows fully sorted: power-law rows pad too much otherwise).

  python3 tools/sell/hmc_experiment.py [--vp build/bin/vp] [--out out/sell_hmc] [--scales 12 14 16]
                                       [--jobs 2] [--set key=value ...]

Writes hmc.csv and hmc.md: MFLOPS of each case (2 NNZ / marker-region time), the memory-side /
host-side ratio, and what bounds each path (per-element times; the gather engine's command time;
the L2 and DMA statistics). Every run's results are checked bit for bit by the VP.
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
CASES = ["csr", "acc_overlap", "acc_hmc"]


def run(vp, scenario, out_dir, scale, extra):
    d = os.path.join(out_dir, "runs", "scale%d" % scale)
    cmd = [vp, "run", scenario, "--quiet", "--out", d, "--set", "workload.sell.kronecker_scale=%d" % scale,
           "--set", "workload.sell.sigma=%d" % (1 << scale), "--set", "workload.sell.cases=[%s]" % ", ".join(CASES)]
    for s in extra:
        cmd += ["--set", s]
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if p.returncode != 0:
        raise RuntimeError("SCALE %d: vp exited %d\n%s%s" % (scale, p.returncode, p.stdout[-2000:], p.stderr[-2000:]))
    stats = json.load(open(os.path.join(d, "stats.json")))
    host = json.load(open(os.path.join(d, "host.json")))
    head = [l for l in p.stdout.splitlines() if l.startswith("sell_spmv: rows=")][0]
    fields = dict(f.split("=") for f in head.split()[1:] if "=" in f)
    c = stats["components"]
    r = {"scale": scale, "rows": int(fields["rows"]), "nnz": int(fields["nnz"]), "padded": int(fields["padded"]),
         "host_s": host["host_seconds"]}
    for k in CASES:
        ps = c["marker"]["counters"]["region.%s.ps" % k]
        r[k + "_us"] = ps / 1e6
        r[k + "_mflops"] = 2.0 * r["nnz"] / (ps * 1e-12) / 1e6
    r["ratio_hmc_vs_dma"] = r["acc_hmc_mflops"] / r["acc_overlap_mflops"]
    r["ratio_hmc_vs_csr"] = r["acc_hmc_mflops"] / r["csr_mflops"]
    lat = c["hmc_ctrl"]["histograms"]["command_latency"]
    r["gather_ns_per_element"] = lat["sum"] / 1e3 / max(1, c["hmc_ctrl"]["counters"]["elements"])
    if "l2" in c:
        l2 = c["l2"]["counters"]
        r["l2_hit"] = l2["hits"] / max(1, l2["accesses"])
    return r


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--vp", default=os.path.join(REPO, "build", "bin", "vp"))
    ap.add_argument("--scenario", default=os.path.join(REPO, "scenarios", "sell_hmc.yaml"))
    ap.add_argument("--out", default=os.path.join(REPO, "out", "sell_hmc"))
    ap.add_argument("--scales", type=int, nargs="+", default=[12, 14, 16])
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--set", action="append", default=[])
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    t0 = time.monotonic()
    rows = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as pool:
        futs = [pool.submit(run, a.vp, a.scenario, a.out, s, a.set) for s in sorted(a.scales, reverse=True)]
        for f in concurrent.futures.as_completed(futs):
            try:
                rows.append(f.result())
            except RuntimeError as e:
                print("hmc_experiment: FAILED: %s" % e, file=sys.stderr)
                return 1
    rows.sort(key=lambda r: r["scale"])
    keys = list(rows[0].keys())
    with open(os.path.join(a.out, "hmc.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=keys)
        w.writeheader()
        for r in rows:
            w.writerow({k: ("%.6g" % v if isinstance(v, float) else v) for k, v in r.items()})
    lines = ["| SCALE | nnz | SELL-64-n elements | CPU CSR MFLOPS | ACC, host-side gather (cascaded DMA) | "
             "ACC, memory-side gather (HMC) | memory-side / host-side | gather engine ns/element | host s |",
             "|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        lines.append("| %d | %d | %d | %.1f | %.1f | %.1f | %.2fx | %.1f | %.1f |" % (
            r["scale"], r["nnz"], r["padded"], r["csr_mflops"], r["acc_overlap_mflops"], r["acc_hmc_mflops"],
            r["ratio_hmc_vs_dma"], r["gather_ns_per_element"], r["host_s"]))
    lines.append("")
    lines.append("Whole experiment: %.1f s wall." % (time.monotonic() - t0))
    with open(os.path.join(a.out, "hmc.md"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
