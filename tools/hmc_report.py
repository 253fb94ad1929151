#!/usr/bin/env python3
"""Tanabe et al. [tanabe-hmc-gather] experiment: SpMV on Graph500 Kronecker matrices, processor side vs memory-side gather.
The post-processing of the sweeps scenarios/sweeps/hmc_scale*.yaml (docs/hmc.md):

  vp sweep scenarios/sweeps/hmc_scale.yaml           (runs this script on out/sweeps/hmc_scale)
  tools/hmc_report.py SWEEP_DIR

The sweep runs every SCALE and variant (scenarios/hmc_spmv_{cpu,gather,gather_host}.yaml; the VP
checks each result bit for bit); this script reads the points' outputs and writes SWEEP_DIR/hmc.csv
with: time of the
"spmv" region, MFLOPS (2 nnz / time), link bytes each way (FLITs x 16, whole run), the hit rates
over the data arrays (L1D, L1D-or-L2 = R_hit) and hit_x (x only, processor-side variant) from the
caches' per-region statistics (empty without caches), the region's energy in total and in the HMC,
and Tanabe et al.'s model predictions computed from the platform's own numbers:
  B/FLOP_cache = 2 + I/2 + (1 - hit_x) * line / S  (eq. 1, I = 4 index bytes, S = 1, line = L2 line)
  F_cache = W / B/FLOP_cache (eq. 2);  F_gather = W_gather / 4 (eq. 3-4)
  E_cache / E_gather = 35 (1 - R_hit)               (eq. 12)
with W = W_gather = the measured peak data bandwidth of the links (lanes x rate x 8/9 x links).
SVG plots (no plotting library needed) go next to the CSV. Deterministic: same inputs, same files,
except host_seconds (the point's wall-clock time, from the sweep's host.csv).
"""
import argparse
import csv
import json
import math
import os
import re
import sys

VARIANTS = ("cpu", "gather", "gather_host")


def load_point(sweep_dir, r):
    """stats.json of one point, with the link count and line size of its configuration, and its nnz."""
    d = os.path.join(sweep_dir, "points", r["id"])
    stdout = open(os.path.join(d, "stdout.txt")).read()
    if r["exit_code"] != "0" or "PASS" not in stdout:
        sys.exit(f"hmc_report.py: point {r['id']} (SCALE {r['scale']} {r['variant']}): exit {r['exit_code']} "
                 f"{r['error']}\n{stdout}")
    m = re.search(r"nnz=(\d+)", stdout)
    stats = json.load(open(os.path.join(d, "stats.json")))
    cfg = json.load(open(os.path.join(d, "config.json")))["platform"]
    stats["_links"] = cfg["ram"]["hmc"]["links"]
    stats["_line"] = cfg["caches"]["l2"]["line"] if cfg["caches"]["l2"]["enabled"] else 128
    return stats, int(m.group(1))


REGIONS = ("row_ptr", "col_idx", "values", "x", "y")


def counter(comps, comp, name):
    return comps.get(comp, {}).get("counters", {}).get(name)


def cache_rates(comps):
    """(L1 hit, L1-or-L2 hit, hit_x) over the spmv workload's data regions, or Nones without caches.
    A data access hits in L1 or L2 unless the L2 misses on it: R = 1 - L2 misses / L1D accesses."""
    acc = hits = l2_miss = 0
    for r in REGIONS:
        a = counter(comps, "l1d", f"region.{r}.accesses")
        if a is None:
            return None, None, None
        acc += a
        hits += counter(comps, "l1d", f"region.{r}.hits") or 0
        l2_miss += counter(comps, "l2", f"region.{r}.misses") or 0
    if not acc:
        return None, None, None
    xa = counter(comps, "l1d", "region.x.accesses") or 0
    hit_x = 1 - (counter(comps, "l2", "region.x.misses") or 0) / xa if xa else None
    return hits / acc, 1 - l2_miss / acc, hit_x


def row(scale, variant, stats, nnz, host_s):
    comps = stats["components"]
    hmc = comps["ram.hmc"]
    region_ps = comps["marker"]["counters"].get("region.spmv.ps", 0)
    t = region_ps * 1e-12
    # W = W_gather: data bandwidth of the links with 128-byte packets (8 of 9 FLITs carry data).
    w = hmc["derived"]["peak_link_bandwidth"] * 8 / 9 * stats["_links"]
    e = stats["energy"]
    reg = e["regions"].get("spmv", {})
    l1, r_hit, hit_x = cache_rates(comps)
    r = {
        "scale": scale, "variant": variant, "nnz": nnz,
        "time_s": t, "mflops": 2 * nnz / t / 1e6 if t else "",
        "link_req_bytes": hmc["counters"]["request_flits"] * 16,
        "link_rsp_bytes": hmc["counters"]["response_flits"] * 16,
        "l1_hit": "" if l1 is None else l1, "l12_hit": "" if r_hit is None else r_hit,
        "hit_x": "" if hit_x is None else hit_x,
        "energy_region_uj": reg.get("total_pj", 0) * 1e-6,
        "energy_region_hmc_uj": reg.get("components", {}).get("ram.hmc", 0) * 1e-6,
        "host_seconds": round(host_s, 2),
    }
    # eq. 1 with the platform's line size and S = 1 (tools/spmv_model measures S by replay).
    # Only the processor-side run measures x through the caches; the gather rows leave them empty.
    r["model_F_cache_mflops"] = w / (2 + 4 / 2 + (1 - hit_x) * stats["_line"] / 1.0) / 1e6 if hit_x is not None else ""
    r["model_F_gather_mflops"] = w / 4 / 1e6
    r["model_E_ratio"] = 35 * (1 - r_hit) if hit_x is not None else ""
    return r


def svg_plot(path, title, ylabel, series, log=False):
    """series: {label: [(x, y), ...]} -> a small line plot."""
    W, H, L, B = 560, 360, 70, 50
    xs = [x for s in series.values() for x, _ in s]
    ys = [y for s in series.values() for _, y in s if y > 0 or not log]
    if not xs or not ys:
        return
    f = (lambda v: math.log10(v)) if log else (lambda v: v)
    x0, x1 = min(xs), max(xs) if max(xs) > min(xs) else min(xs) + 1
    y0, y1 = (min(f(y) for y in ys), max(f(y) for y in ys))
    if y1 == y0:
        y1 = y0 + 1
    px = lambda x: L + (x - x0) / (x1 - x0) * (W - L - 20)
    py = lambda y: H - B - (f(y) - y0) / (y1 - y0) * (H - B - 30)
    colors = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e"]
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" font-family="sans-serif" font-size="12">',
           f'<text x="{W/2}" y="18" text-anchor="middle">{title}</text>',
           f'<line x1="{L}" y1="{H-B}" x2="{W-20}" y2="{H-B}" stroke="black"/>',
           f'<line x1="{L}" y1="30" x2="{L}" y2="{H-B}" stroke="black"/>',
           f'<text x="{W/2}" y="{H-12}" text-anchor="middle">SCALE</text>',
           f'<text x="14" y="{H/2}" transform="rotate(-90 14 {H/2})" text-anchor="middle">{ylabel}{" (log)" if log else ""}</text>']
    for x in sorted(set(xs)):
        out.append(f'<text x="{px(x)}" y="{H-B+16}" text-anchor="middle">{x}</text>')
    for k in range(5):
        v = y0 + (y1 - y0) * k / 4
        lab = f"{10 ** v:.3g}" if log else f"{v:.3g}"
        yy = H - B - (v - y0) / (y1 - y0) * (H - B - 30)
        out.append(f'<text x="{L-6}" y="{yy+4}" text-anchor="end">{lab}</text>')
    for i, (label, pts) in enumerate(series.items()):
        pts = [(x, y) for x, y in pts if y > 0 or not log]
        c = colors[i % len(colors)]
        out.append('<polyline fill="none" stroke="%s" stroke-width="2" points="%s"/>' %
                   (c, " ".join(f"{px(x):.1f},{py(y):.1f}" for x, y in pts)))
        out.append(f'<text x="{L+10}" y="{40+16*i}" fill="{c}">{label}</text>')
    out.append("</svg>")
    with open(path, "w") as fh:
        fh.write("\n".join(out) + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("sweep_dir", help="the directory of a vp sweep of scenarios/sweeps/hmc_scale*.yaml")
    a = ap.parse_args()
    with open(os.path.join(a.sweep_dir, "results.csv")) as fh:
        points = list(csv.DictReader(fh))
    with open(os.path.join(a.sweep_dir, "host.csv")) as fh:
        host = {h["id"]: float(h["host_seconds"] or 0) for h in csv.DictReader(fh)}
    rows = []
    for p in points:
        p["scale"] = int(p["workload.spmv.kronecker_scale"])
        st, nnz = load_point(a.sweep_dir, p)
        rows.append(row(p["scale"], p["variant"], st, nnz, host[p["id"]]))
        print(f"SCALE {p['scale']} {p['variant']:12s} nnz {nnz:9d}  {rows[-1]['mflops']:.2f} MFLOPS  "
              f"link {rows[-1]['link_req_bytes']}/{rows[-1]['link_rsp_bytes']} B  "
              f"region energy {rows[-1]['energy_region_uj']:.1f} uJ  ({host[p['id']]:.1f} s host)")
    path = os.path.join(a.sweep_dir, "hmc.csv")
    with open(path, "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=list(rows[0]), lineterminator="\n")
        w.writeheader()
        w.writerows(rows)
    out = a.sweep_dir
    by = lambda key: {v: [(r["scale"], r[key]) for r in rows if r["variant"] == v] for v in VARIANTS}
    svg_plot(os.path.join(out, "mflops.svg"), "SpMV MFLOPS", "MFLOPS", by("mflops"), log=True)
    svg_plot(os.path.join(out, "link_rsp_bytes.svg"), "Link bytes cube -> host", "bytes", by("link_rsp_bytes"), log=True)
    svg_plot(os.path.join(out, "energy.svg"), "Energy of the spmv region", "uJ", by("energy_region_uj"), log=True)
    by_num = lambda key: {v: [(r["scale"], r[key]) for r in rows if r["variant"] == v and r[key] != ""] for v in VARIANTS}
    svg_plot(os.path.join(out, "link_req_bytes.svg"), "Link bytes host -> cube", "bytes", by("link_req_bytes"), log=True)
    svg_plot(os.path.join(out, "hit_rates.svg"), "Processor side: R_hit (L1D or L2) and hit_x", "rate",
             {"R_hit": by_num("l12_hit")["cpu"], "hit_x": by_num("hit_x")["cpu"]})
    print("wrote", path)


if __name__ == "__main__":
    main()
