#!/usr/bin/env python3
"""Why the engines' feature-slicing gains differ from Lee et al.'s: the quick form under other memories
(docs/gcn.md, "Why the gains differ from the patent's: two experiments").

  python3 tools/gcn/memory_experiment.py --vp build/bin/vp --out OUT [--jobs 2] [--reuse]
      [--memories ddr,fixed,...] [--datasets cora,citeseer,pokec]

For each memory of MEMORIES, `sweep.py --quick --set ...` into OUT/<memory> (every Y checked bit for bit
by the runs), then one table of what moves:

  memory.csv  one row per (memory, data set, L2 size, row): the baseline, fs:B_F for every B_F of the
              quick grid, and the best VT, FS, FS+VT (B_F > 1 and B_V > 1) runs; their engine cycles,
              gain over the same memory's baseline in %, the main memory's mean latency (arrival to
              completion, queueing included), bandwidth used and DDR row-hit rate
  memory.md   the same as two tables: (a) Pokec-sbm / 64 (row locality), (b) the other data sets
              (memory speed), every memory in each
"""
import argparse
import csv
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))

# memory -> (what it is, sweep.py --set overrides). "ddr" is the shipped scenario (DDR3-1600, one channel,
# open page, RoRaBaChCo). "fixed" has no rows: every access costs the same, at the DDR3's peak
# bandwidth, with its latency set so that the Pokec-sbm / 64 baseline at "8 MiB" sees the DDR3's mean
# latency (96.8 ns measured: 83.5 ns + 5 ns on the 12.8 GB/s port + queueing).
MEMORIES = {
    "ddr": ("DDR3-1600, 1 channel, open page (shipped)", []),
    "fixed": ("fixed 83.5 ns + 12.8 GB/s, no rows", ["platform.ram.timing=fixed", "platform.ram.fixed.latency=83.5ns"]),
    "ddr_closed": ("DDR3-1600, closed page (no row hits)", ["platform.ram.ddr.page_policy=closed"]),
    "ddr_fine": ("DDR3-1600, mapping RoCoRaBaCh (lines over banks)", ["platform.ram.ddr.mapping=RoCoRaBaCh"]),
    "ddr_2ch": ("DDR3-1600, 2 channels (25.6 GB/s)", ["platform.ram.ddr.channels=2"]),
    "ddr_4ch": ("DDR3-1600, 4 channels (51.2 GB/s)", ["platform.ram.ddr.channels=4"]),
    "hmc": ("HMC 2.1, 4 links, 32 vaults", ["platform.ram.timing=hmc"]),
    "ideal": ("fixed 20 ns, 1 TB/s", ["platform.ram.timing=fixed", "platform.ram.fixed.latency=20ns",
                                                   "platform.ram.fixed.bandwidth=1TB/s"]),
}
COLUMNS = ["memory", "dataset", "l2_mib", "row", "config", "engine_cycles", "gain_%", "ram_latency_ns",
           "ram_bandwidth_gbs", "ddr_row_hit_rate"]


def log(msg):
    print(time.strftime("%H:%M:%S"), msg, flush=True)


def rows_of(memory, results):
    """results.csv of one memory -> memory.csv rows."""
    out = []
    for r in results:
        r["t"], r["bf"], r["bv"] = int(r["engine_cycles"]), int(r["B_F"]), int(r["B_V"])
    for ds in dict.fromkeys(r["dataset"] for r in results):
        for l2 in dict.fromkeys(r["l2_mib"] for r in results if r["dataset"] == ds):
            st = [r for r in results if r["dataset"] == ds and r["l2_mib"] == l2 and r["kernel"] != "atm"]
            base = [r for r in st if r["bf"] == 1 and r["bv"] == 1]
            if not base:
                continue
            picks = [("baseline", base[0])] + [(r["spec"], r) for r in st if r["bf"] > 1 and r["bv"] == 1]
            for name, members in (("best VT", [r for r in st if r["bf"] == 1 and r["bv"] > 1]),
                                  ("best FS", [r for r in st if r["bf"] > 1 and r["bv"] == 1]),
                                  ("best FS+VT", [r for r in st if r["bf"] > 1 and r["bv"] > 1])):
                if members:
                    picks.append((name, min(members, key=lambda r: r["t"])))
            for name, r in picks:
                out.append({"memory": memory, "dataset": ds, "l2_mib": int(l2), "row": name, "config": r["spec"],
                            "engine_cycles": r["t"], "gain_%": round(100 * (base[0]["t"] / r["t"] - 1), 2),
                            "ram_latency_ns": r["ram_latency_ns"], "ram_bandwidth_gbs": r["ram_bandwidth_gbs"],
                            "ddr_row_hit_rate": r["ddr_row_hit_rate"]})
    return out


def pct(v):
    return f"{float(v):+.1f} %"


def markdown(rows, memories):
    get = {(r["memory"], r["dataset"], r["l2_mib"], r["row"]): r for r in rows}
    datasets = list(dict.fromkeys(r["dataset"] for r in rows))
    l2s = sorted({r["l2_mib"] for r in rows})
    lines = []
    a = [m for m in MEMORIES if m in memories]
    pokec = [d for d in datasets if d.startswith("pokec")]
    if a and pokec:
        lines += ["**(a) Pokec-sbm / 64, row locality**: the gain of each run over the same memory's baseline (best "
                  "FS+VT: B_F > 1 and B_V > 1), the DDR row-hit rate and the mean memory latency of the baseline "
                  "and of fs:8", "",
                  "| data set | L2 | memory | baseline (engine cycles) | fs:2 | fs:4 | fs:8 | best FS+VT | "
                  "row-hit rate baseline / fs:8 | mean latency baseline / fs:8 |",
                  "|---|---:|---|---:|---:|---:|---:|---|---|---|"]
        for ds in pokec:
            for l2 in l2s:
                for m in a:
                    b = get.get((m, ds, l2, "baseline"))
                    if not b:
                        continue
                    fs = [get.get((m, ds, l2, f"fs:{k}")) for k in (2, 4, 8)]
                    best = get.get((m, ds, l2, "best FS+VT"))
                    hit = " / ".join(f"{100 * float(r['ddr_row_hit_rate']):.1f} %" if r and r["ddr_row_hit_rate"] != ""
                                     else "-" for r in (b, fs[2]))
                    lat = " / ".join(f"{float(r['ram_latency_ns']):.1f} ns" if r else "-" for r in (b, fs[2]))
                    lines.append(f"| {ds} | {l2} MiB | {MEMORIES[m][0]} | {b['engine_cycles']:,} | " +
                                 " | ".join(pct(r["gain_%"]) if r else "" for r in fs) +
                                 f" | {best['config'] + ' ' + pct(best['gain_%']) if best else ''} | {hit} | {lat} |")
        lines.append("")
    b_ = a
    others = [d for d in datasets if not d.startswith("pokec")]
    if b_ and others:
        lines += ["**(b) Cora and Citeseer, memory speed**: the best run of each class (FS+VT: B_F > 1 and B_V > 1) "
                  "and its gain over the same memory's baseline; the baseline's mean memory latency and the "
                  "bandwidth it used", "",
                  "| data set | L2 | memory | baseline (engine cycles) | latency / bandwidth (baseline) | best FS | "
                  "best FS+VT | best VT |", "|---|---:|---|---:|---|---|---|---|"]
        for ds in others:
            for l2 in l2s:
                for m in b_:
                    b = get.get((m, ds, l2, "baseline"))
                    if not b:
                        continue
                    cells = []
                    for name in ("best FS", "best FS+VT", "best VT"):
                        r = get.get((m, ds, l2, name))
                        cells.append(f"{r['config']} {pct(r['gain_%'])}" if r else "")
                    lines.append(f"| {ds} | {l2} MiB | {MEMORIES[m][0]} | {b['engine_cycles']:,} | "
                                 f"{float(b['ram_latency_ns']):.1f} ns / {float(b['ram_bandwidth_gbs']):.2f} GB/s | " +
                                 " | ".join(cells) + " |")
        lines.append("")
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", required=True)
    ap.add_argument("--vp", default=os.path.join(HERE, "..", "..", "build", "bin", "vp"))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--reuse", action="store_true", help="reuse the runs found in OUT/<memory> (sweep.py --reuse)")
    ap.add_argument("--memories", default=",".join(MEMORIES), help="subset of " + ",".join(MEMORIES))
    ap.add_argument("--datasets", default="cora,citeseer,pokec", help="sweep.py --quick --datasets")
    args = ap.parse_args()
    memories = [m for m in args.memories.split(",") if m]
    for m in memories:
        if m not in MEMORIES:
            print(f"memory_experiment.py: --memories: '{m}' is not one of {','.join(MEMORIES)}", file=sys.stderr)
            sys.exit(2)
    rows = []
    for m in memories:
        out = os.path.join(args.out, m)
        cmd = [sys.executable, os.path.join(HERE, "sweep.py"), "--quick", "--vp", args.vp, "--out", out, "--jobs",
               str(args.jobs), "--datasets", args.datasets] + (["--reuse"] if args.reuse else [])
        for s in MEMORIES[m][1]:
            cmd += ["--set", s]
        log(f"{m}: {' '.join(cmd[1:])}")
        p = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if p.returncode != 0:
            sys.stderr.write(p.stderr)
            sys.exit(p.returncode)
        with open(os.path.join(out, "results.csv")) as f:
            rows += rows_of(m, list(csv.DictReader(f)))
    with open(os.path.join(args.out, "memory.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=COLUMNS)
        w.writeheader()
        w.writerows(rows)
    with open(os.path.join(args.out, "memory.md"), "w") as f:
        f.write("# The quick form under other memories\n\n" + markdown(rows, memories))
    log(f"done: {args.out}/memory.md")


if __name__ == "__main__":
    main()
