#!/usr/bin/env python3
"""Can a one-slice probe see a tiling's gain? (docs/gcn.md, "ATM": Cora at 8 MiB on the engines)

  python3 tools/gcn/atm_probe_noise.py TRAJ.csv --dataset cora --l2 8 --bf 90

TRAJ.csv is `sweep.py --quick`'s atm_trajectory.csv (docs/data/gcn_engine_figs.atm.csv): per slice of an ATM
run, the engine cycles of the same slice in each static run at ATM's B_F (static_BV<b>_slice_time). From
those static runs alone, per B_V = b against B_V = b/2 (the coarse phase's step):

- the static gain (totals) and the paired per-slice ratio t_b[s] / t_{b/2}[s] (same slice, each tiling
  under its own history): the tiling's real difference and how much it varies;
- the swing at a fixed tiling: t_{b/2}[s] / t_{b/2}[s-1];
- ATM's test: a probe of b in slice s is kept when t_b[s] < t_{b/2}[s-1] (1 - 1/32) (include/vp/gcn_atm.h:
  the incumbent is the slice before, GCN_ATM_MARGIN_SHIFT = 5) — the share of slices s where it would be
  kept, and the same test without the swing (t_b[s] against t_{b/2}[s]).
"""
import argparse
import csv
import statistics
import sys

MARGIN = 1 / 32


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("traj")
    ap.add_argument("--dataset", required=True)
    ap.add_argument("--l2", type=int, required=True, help="L2 (MiB, nominal)")
    ap.add_argument("--bf", type=int, required=True)
    ap.add_argument("--from-slice", type=int, default=1, help="first slice s of the comparisons (s - 1 >= 0)")
    a = ap.parse_args()
    try:
        f = open(a.traj)
    except OSError as e:
        print(f"atm_probe_noise.py: {a.traj}: {e.strerror}", file=sys.stderr)
        sys.exit(2)
    with f:
        rows = [r for r in csv.DictReader(f) if r["dataset"] == a.dataset and int(r["l2_size"]) == a.l2 << 20
                and int(r["B_F"]) == a.bf]
    if not rows:
        print(f"atm_probe_noise.py: no ATM run of {a.dataset} at {a.l2} MiB, B_F = {a.bf} in {a.traj}", file=sys.stderr)
        sys.exit(2)
    bvs = sorted(int(k[len("static_BV"):-len("_slice_time")]) for k in rows[0]
                 if k.startswith("static_BV") and rows[0][k] != "")
    t = {b: [float(r[f"static_BV{b}_slice_time"]) for r in rows] for b in bvs}
    n = len(rows)
    print(f"{a.dataset}, {a.l2} MiB, B_F = {a.bf}: {n} slices; ATM {rows[0]['atm_%_of_static_best']} % of "
          f"{rows[0]['static_best']}; ATM's tilings: {' '.join(dict.fromkeys(r['widths'] for r in rows))}")
    s0 = max(1, a.from_slice)
    for lo, hi in zip(bvs, bvs[1:]):
        gain = 100 * (sum(t[lo]) / sum(t[hi]) - 1)
        paired = [t[hi][s] / t[lo][s] for s in range(s0, n)]
        swing = [t[lo][s] / t[lo][s - 1] for s in range(s0, n)]
        probe = [t[hi][s] / t[lo][s - 1] for s in range(s0, n)]
        kept = {m: sum(p < 1 - m for p in probe) for m in (MARGIN, 0)}
        kept_paired = {m: sum(p < 1 - m for p in paired) for m in (MARGIN, 0)}
        print(f"B_V {lo} -> {hi}: static gain {gain:+.2f} %; paired ratio t{hi}[s]/t{lo}[s] median "
              f"{statistics.median(paired):.4f} (min {min(paired):.3f}, max {max(paired):.3f}, sd "
              f"{statistics.pstdev(paired):.4f}); swing t{lo}[s]/t{lo}[s-1] min {min(swing):.3f} max {max(swing):.3f} "
              f"sd {statistics.pstdev(swing):.4f}, {sum(abs(w - 1) > MARGIN for w in swing)} of {len(swing)} beyond "
              f"the margin; a probe of {hi} after {lo} kept in {kept[MARGIN]} of {len(probe)} slices "
              f"(paired, without the swing: {kept_paired[MARGIN]}); without the margin {kept[0]} "
              f"(paired {kept_paired[0]})")


if __name__ == "__main__":
    main()
