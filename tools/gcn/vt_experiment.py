#!/usr/bin/env python3
"""What bounds vertex tiling (VT) on the aggregation engine (docs/gcn.md, "VT on the engines: what bounds it").

  python3 tools/gcn/vt_experiment.py --vp build/bin/vp --out OUT [--jobs 1] [--reuse]
      [--variants shipped,fo64,...] [--edgefactors 4,16,64] [--specs baseline,vt:2,vt:4,vt:8]
      [--scale 14] [--features 128] [--l2 1MiB]

Issue #35's Kronecker graph (SCALE --scale, each --edgefactors) at F = --features behind an L2 of --l2, every
spec of --specs on `scenarios/gcn_engines.yaml` (each Y checked bit for bit by the run), under each variant
of VARIANTS: the shipped platform, or one suspected cause changed (`--set` overrides; no default changes).
The runs go through sweep.py's `platform` (OUT/platform/<name>, reused with --reuse). Outputs:

  vt.csv  one row per (variant, edge factor, spec): engine cycles, gain over the same variant's and edge
          factor's baseline in %, DRAM line reads and writes, the DRAM's mean latency, DDR activates and row-hit rate, the L2's misses and
          MSHR waits, the engine's visits and lines per block, and each block's window wait (ns)
  vt.md   the same as one table: per variant and edge factor the baseline's cycles, each spec's gain, the
          DRAM reads, write-backs and DDR activates, the feature reader's mean window wait per line, and the
          other blocks' total window wait
"""
import argparse
import csv
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import sweep  # noqa: E402  (run, platform, run_sets, ram_stats, check_sets, parallel)

# variant -> (what changes, --set overrides). Each changes one suspected cause of VT's loss.
VARIANTS = {
    "shipped": ("shipped (DDR3-1600, windows 4/8/16/8, L2 hit 1 ns, 32 MSHRs)", []),
    "fo64": ("feature window 16 -> 64", ["platform.gcn_agg.feature_outstanding=64"]),
    "win4x": ("every engine window x4 (16/32/64/32)",
              ["platform.gcn_agg.vertex_outstanding=16", "platform.gcn_agg.edge_outstanding=32",
               "platform.gcn_agg.feature_outstanding=64", "platform.gcn_agg.output_outstanding=32"]),
    "hit0": ("L2 hit 0 ns, bus latency 0", ["platform.caches.l2.hit_latency=0s", "platform.bus.latency=0"]),
    "mshr128": ("L2 MSHRs 32 -> 128", ["platform.caches.l2.mshrs=128"]),
    "fixed": ("memory without rows: fixed 83.5 ns, 12.8 GB/s",
              ["platform.ram.timing=fixed", "platform.ram.fixed.latency=83.5ns"]),
    "closed": ("DDR3-1600, closed page (every access an activate)", ["platform.ram.ddr.page_policy=closed"]),
    "ideal": ("fast memory: fixed 20 ns, 1 TB/s",
              ["platform.ram.timing=fixed", "platform.ram.fixed.latency=20ns", "platform.ram.fixed.bandwidth=1TB/s"]),
}
BLOCKS = ("vertex", "edge", "feature", "output")
COLUMNS = (["variant", "edgefactor", "spec", "B_V", "vertices", "nnz", "engine_cycles", "gain_%", "dram_reads",
            "dram_writes", "ram_latency_ns", "ddr_activates", "ddr_row_hit_rate", "l2_misses", "l2_mshr_waits", "x_misses", "visits", "columns"] +
           [f"{b}_lines" for b in BLOCKS] + [f"{b}_window_wait_ns" for b in BLOCKS] + ["y_check"])


def log(msg):
    print(time.strftime("%H:%M:%S"), msg, flush=True)


def bad(msg):
    print(f"vt_experiment.py: {msg}", file=sys.stderr)
    sys.exit(2)


def int_list(opt, text, minimum=1):
    try:
        vals = [int(x) for x in text.split(",") if x.strip()]
    except ValueError:
        bad(f"{opt}: '{text}' is not a comma-separated list of integers")
    if not vals or any(v < minimum for v in vals):
        bad(f"{opt}: '{text}' needs integers >= {minimum}")
    return vals


def spec_list(text):
    specs = [s for s in text.split(",") if s]
    for s in specs:
        k, _, n = s.partition(":")
        ok = (s == "baseline") or (k in ("vt", "fs") and n.isdigit() and int(n) >= 1) or \
             (k == "fsvt" and len(n.split("x")) == 2 and all(p.isdigit() and int(p) >= 1 for p in n.split("x")))
        if not ok:
            bad(f"--specs: '{s}' is not baseline, vt:B_V, fs:B_F or fsvt:B_FxB_V")
    if "baseline" not in specs:
        bad("--specs: the gains are over the baseline, which must be one of the specs")
    return specs


def size_bytes(text):
    units = {"KiB": 1 << 10, "MiB": 1 << 20, "GiB": 1 << 30}
    for u, m in units.items():
        if text.endswith(u) and text[:-len(u)].isdigit() and int(text[:-len(u)]) > 0:
            return int(text[:-len(u)]) * m
    bad(f"--l2: '{text}' is not a size like 1MiB or 512KiB")


def row_of(variant, ef, spec, res):
    if not res["y_check"] or res["engine_cycles"] is None:
        sys.exit(f"vt_experiment.py: {variant} ef {ef} {spec}: no bit-exact check or engine cycles in its output")
    c = res["stats"]["components"]
    g, l2 = c["gcn_agg"]["counters"], c["l2"]["counters"]
    ram = sweep.ram_stats(res["stats"])
    k = spec.split(":")[0]
    return {"variant": variant, "edgefactor": ef, "spec": spec,
            "B_V": 1 if k in ("baseline", "fs") else int(spec.split(":")[1].split("x")[-1]),
            "vertices": res["vertices"], "nnz": res["nnz"], "engine_cycles": res["engine_cycles"], "gain_%": "",
            "dram_reads": ram["ram_reads"], "dram_writes": ram["ram_writes"], "ram_latency_ns": ram["ram_latency_ns"],
            "ddr_activates": ram["ddr_activates"], "ddr_row_hit_rate": ram["ddr_row_hit_rate"],
            "l2_misses": l2.get("misses", 0), "l2_mshr_waits": l2.get("mshr_waits", 0),
            "x_misses": l2.get("region.features.misses", 0), "visits": g.get("visits", 0),
            "columns": g.get("columns", 0),
            **{f"{b}_lines": g.get(f"{b}_lines", 0) for b in BLOCKS},
            **{f"{b}_window_wait_ns": round(g.get(f"{b}_window_wait", 0) / 1000) for b in BLOCKS},
            "y_check": res["y_check"]}


def add_gains(rows):
    """gain_% of each row over the baseline of its variant and edge factor (time = engine cycles)."""
    base = {(r["variant"], r["edgefactor"]): r["engine_cycles"] for r in rows if r["spec"] == "baseline"}
    for r in rows:
        b = base.get((r["variant"], r["edgefactor"]))
        r["gain_%"] = round(100 * (b / r["engine_cycles"] - 1), 2) if b else ""
    return rows


def markdown(rows, variants, efs, specs):
    get = {(r["variant"], r["edgefactor"], r["spec"]): r for r in rows}
    tiled = [s for s in specs if s != "baseline"]
    # the spec whose DRAM traffic and waits stand beside the baseline's: vt:4 when run, else the first tiled one
    probe = "vt:4" if "vt:4" in tiled else (tiled[0] if tiled else None)
    pr = f" / {probe}" if probe else ""
    lines = ["Gain of each spec over the baseline of the same variant and edge factor (time = aggregation engine "
             f"cycles); DRAM line reads and write-backs, the feature reader's mean window wait per feature line and "
             f"the other blocks' (vertex, edge, output) total window wait, of the baseline{pr}; DDR activates "
             "(empty: a memory without rows)", "",
             "| variant | edge factor | baseline (M cycles) | " + " | ".join(tiled) +
             f" | DRAM reads (M){pr} | write-backs (M){pr} | DDR activates (M){pr} | feature wait / line (ns){pr} | "
             f"vertex+edge+output wait (M ns){pr} |",
             "|---|---:|---:|" + "---:|" * len(tiled) + "---|---|---|---|---|"]

    def pair(b, p, f):
        return " / ".join(f(r) if r else "-" for r in ([b, p] if probe else [b]))

    for v in variants:
        for ef in efs:
            b = get.get((v, ef, "baseline"))
            if not b:
                continue
            p = get.get((v, ef, probe)) if probe else None
            gains = [get.get((v, ef, s)) for s in tiled]
            lines.append(
                f"| {VARIANTS[v][0]} | {ef} | {b['engine_cycles'] / 1e6:.2f} | " +
                " | ".join(f"{float(r['gain_%']):+.1f} %" if r else "" for r in gains) + " | " +
                pair(b, p, lambda r: f"{int(r['dram_reads']) / 1e6:.2f}") + " | " +
                pair(b, p, lambda r: f"{int(r['dram_writes']) / 1e6:.2f}") + " | " +
                (pair(b, p, lambda r: f"{int(r['ddr_activates']) / 1e6:.2f}") if b["ddr_activates"] != "" else "") +
                " | " +
                pair(b, p, lambda r: f"{r['feature_window_wait_ns'] / max(1, r['feature_lines']):.0f}") + " | " +
                pair(b, p, lambda r: f"{sum(r[f'{k}_window_wait_ns'] for k in BLOCKS if k != 'feature') / 1e6:.1f}")
                + " |")
    lines.append("")
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", required=True)
    ap.add_argument("--vp", default=os.path.join(HERE, "..", "..", "build", "bin", "vp"))
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--reuse", action="store_true", help="reuse the runs found in OUT/platform")
    ap.add_argument("--variants", default=",".join(VARIANTS), help="subset of " + ",".join(VARIANTS))
    ap.add_argument("--edgefactors", default="4,16,64")
    ap.add_argument("--specs", default="baseline,vt:2,vt:4,vt:8")
    ap.add_argument("--scale", type=int, default=14, help="Kronecker SCALE (2^SCALE vertices)")
    ap.add_argument("--features", type=int, default=128)
    ap.add_argument("--l2", default="1MiB")
    args = ap.parse_args()
    variants = [v for v in args.variants.split(",") if v]
    if not variants:
        bad("--variants: empty")
    for v in variants:
        if v not in VARIANTS:
            bad(f"--variants: '{v}' is not one of {','.join(VARIANTS)}")
    efs = int_list("--edgefactors", args.edgefactors)
    specs = spec_list(args.specs)
    l2 = size_bytes(args.l2)
    if args.jobs < 1:
        bad(f"--jobs: {args.jobs} must be >= 1")
    if args.scale < 1 or args.features < 16 or args.features % 16:
        bad(f"--scale {args.scale} / --features {args.features}: SCALE >= 1, F a multiple of 16")
    if not (os.path.isfile(args.vp) and os.access(args.vp, os.X_OK)):
        bad(f"--vp: '{args.vp}' is not an executable")
    for v in variants:  # vp run --dry-run accepts each variant's overrides, or one line and exit 2
        sweep.check_sets(argparse.Namespace(vp=args.vp, set=VARIANTS[v][1]))
    os.makedirs(args.out, exist_ok=True)
    t0 = time.time()
    args.timing = []
    jobs = []
    for v in variants:
        for ef in efs:
            graph = ["workload.gcn.graph=kronecker", f"workload.gcn.kronecker_scale={args.scale}",
                     f"workload.gcn.edgefactor={ef}"]
            for spec in specs:
                name = f"vt_{v}_s{args.scale}_ef{ef}_f{args.features}_l2{l2 >> 10}k_{spec.replace(':', '_')}"
                jobs.append(lambda v=v, ef=ef, spec=spec, graph=graph, name=name: row_of(
                    v, ef, spec, sweep.platform(args, name, graph, args.features, l2, spec, "gcn_engines.yaml",
                                                VARIANTS[v][1])))
    log(f"{len(jobs)} runs, --jobs {args.jobs}")
    rows = add_gains(sweep.parallel(args, jobs))
    with open(os.path.join(args.out, "vt.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=COLUMNS)
        w.writeheader()
        w.writerows(rows)
    with open(os.path.join(args.out, "vt.md"), "w") as f:
        f.write(f"# VT on the engines: Kronecker SCALE {args.scale}, F = {args.features}, L2 {args.l2}\n\n" +
                markdown(rows, variants, efs, specs))
    log(f"done in {time.time() - t0:.0f} s: {args.out}/vt.md")


if __name__ == "__main__":
    main()
