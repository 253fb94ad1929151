#!/usr/bin/env python3
"""Helpers of benchmarks/run_benchmarks.sh (no third-party modules).

  bench_util.py get OUT_DIR KEY.PATH          print a value of OUT_DIR/stats.json (components.bus.counters...)
  bench_util.py host OUT_DIR KEY               print a value of OUT_DIR/host.json
  bench_util.py qemu-scenario DATA_DIR ELF OUT.yaml
      write a VP scenario that loads exactly the blobs of DATA_DIR/loader.txt (as written by
      tools/qemu/make_spmv_data.py, boot-info block included) and ELF: the VP then runs the same
      program on the same bytes as QEMU (the VP adds no "vp" boot-info entry when the scenario
      brings its own block), hence the same instruction count.
  bench_util.py table RESULTS.tsv              print the results table and the derived ratios
"""
import json
import os
import statistics
import sys


def dig(obj, path):
    for part in path.split("."):
        obj = obj[part]
    return obj


def cmd_get(out_dir, path):
    with open(os.path.join(out_dir, "stats.json")) as f:
        s = json.load(f)
    # component names may contain dots (ram.ddr): try the longest component name first
    comps = s["components"]
    parts = path.split(".")
    if parts[0] == "components":
        for n in range(len(parts) - 1, 1, -1):
            name = ".".join(parts[1:n])
            if name in comps:
                print(dig(comps[name], ".".join(parts[n:])))
                return
    print(dig(s, path))


def cmd_host(out_dir, key):
    with open(os.path.join(out_dir, "host.json")) as f:
        print(json.load(f)[key])


def cmd_qemu_scenario(data_dir, elf, out):
    lines = ["name: bench_spmv_qemu_data",
             "description: SpMV firmware on the blobs of %s (tools/qemu/make_spmv_data.py), identical to the QEMU run" % data_dir,
             "platform:", "  ram:", "    size: 128MiB", "    timing: fixed",
             "load:", "  - elf: %s" % os.path.abspath(elf)]
    with open(os.path.join(data_dir, "loader.txt")) as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            fname, addr = line.split()
            lines += ["  - binary: %s" % os.path.abspath(os.path.join(data_dir, fname)), "    at: %s" % addr]
    lines += ["limits:", "  max_host_seconds: 900"]
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")


def fmt_rate(v):
    if v >= 1e6:
        return "%.2f M" % (v / 1e6)
    if v >= 1e3:
        return "%.1f k" % (v / 1e3)
    return "%.3g" % v


HEADLINE = [
    ("head.qemu", "QEMU TCG (qemu-system-riscv32), same ELF + data"),
    ("head.vp.functional", "VP functional: ISS + DMI, fixed-latency RAM, no caches (1 us quantum, run-ahead; "
     "the default executor: translate)"),
    ("head.vp.functional.interpret", "  same, the interpreter (platform.cpu.executor=interpret)"),
    ("head.vp.functional.every_quantum", "  same, synchronising at every quantum (platform.cpu.run_ahead=false)"),
    ("head.vp.functional.q1ms", "  same, 1 ms quantum (run-ahead)"),
    ("head.vp.caches_ddr3", "VP with L1I + L1D + L2 over DDR3 (the default scenario's platform)"),
    ("head.vp.caches_hmc", "VP with L1I + L1D + L2 over the HMC"),
]


# Issue #16's benchmark shape (run_benchmarks.sh -s issue): its items 2 and 3 (hit-dominated) as
# ratios to QEMU in the same rounds.
ISSUE = [
    ("issue.qemu", "QEMU TCG, issue-shaped data (20000 x 20000, 5.5 M nonzeros), same ELF + data"),
    ("issue.vp.functional", "VP functional (1 us quantum, run-ahead; the default executor: translate)"),
    ("issue.vp.functional.interpret", "  same, the interpreter (platform.cpu.executor=interpret)"),
    ("issue.vp.caches_ddr3", "VP with L1I + L1D + L2 over DDR3 (x fits the L2)"),
]


def round_ratios(rows, key, prefix="head."):
    """CPU time of `key` / QEMU's in each interleaved round of a table (a round starts with its
    <prefix>vp.functional row): on a shared host a ratio within one round is steadier than best against best."""
    rounds, cur = [], None
    for r in rows:
        if r["name"] == prefix + "vp.functional":
            cur = {}
            rounds.append(cur)
        if cur is not None and r["name"].startswith(prefix):
            cur[r["name"]] = r["cpu"]
    qemu = prefix + "qemu"
    return [c[key] / c[qemu] for c in rounds if key in c and c.get(qemu, 0) > 0]


def headline(by, rows, table=HEADLINE, prefix="head."):
    """The docs/performance.md headline: CPU time ratios to QEMU on the same program and data."""
    if not any(k in by for k, _ in table):
        return
    q = by.get(prefix + "qemu")
    print("| configuration | instructions | CPU s (best) | MIPS | CPU time / QEMU's (best / best) | per round (median) |")
    print("|---|---|---|---|---|---|")
    for key, label in table:
        r = by.get(key)
        if not r:
            continue
        ratio = "%.1fx" % (r["cpu"] / q["cpu"]) if q and q["cpu"] > 0 else "-"
        per = round_ratios(rows, key, prefix) if key != prefix + "qemu" else []
        per_s = ", ".join("%.1fx" % x for x in per) + (" (**%.1fx**)" % statistics.median(per)) if per else "-"
        print("| %s | %.1f M | %.2f | %.0f | %s | %s |"
              % (label, r["count"] / 1e6, r["cpu"], r["count"] / r["cpu"] / 1e6, ratio, per_s))
    v = by.get("head.vec_bench.vlen1024")
    if table is HEADLINE and v and v["cpu"] > 0:
        print("| vector accelerator alone (vec-run), dense vec_bench loop, %s | %.1f M element ops | %.2f | %.0f M element ops/s | no QEMU run |"
              % (v["extra"], v["count"] / 1e6, v["cpu"], v["count"] / v["cpu"] / 1e6))
    print()


def cmd_table(tsv):
    rows = []
    with open(tsv) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            name, what, count, cpu, wall, rss, load, extra = line.rstrip("\n").split("\t")
            rows.append(dict(name=name, what=what, count=float(count), cpu=float(cpu), wall=float(wall),
                             rss=int(rss), load=load, extra=extra))
    all_rows = rows
    # A configuration measured in several rounds (the interleaved headline) has a row per round: keep
    # its best (lowest CPU time), as for repetitions within one row.
    best = {}
    for r in rows:
        if r["name"] not in best or r["cpu"] < best[r["name"]]["cpu"]:
            best[r["name"]] = r
    rows = [r for r in rows if best[r["name"]] is r]
    by = best
    headline(by, all_rows)
    headline(by, all_rows, ISSUE, "issue.")
    hdr = ("benchmark", "metric", "count", "CPU s (best)", "wall s", "rate", "peak RSS", "load1", "notes")
    out = []
    for r in rows:
        if r["what"] == "rss":
            rate = "-"
        elif r["cpu"] > 0 and r["count"] > 0:
            v = r["count"] / r["cpu"]
            rate = (fmt_rate(v) + ("IPS" if r["what"] == "instret" else "txn/s")) if r["what"] != "none" else "-"
            if r["what"] == "instret":
                rate = "%.2f MIPS" % (v / 1e6)
            elif r["what"] == "element_ops":
                rate = "%.0f M elem/s" % (v / 1e6)
        else:
            rate = "-"
        out.append((r["name"], r["what"], "%d" % r["count"], "%.2f" % r["cpu"], "%.2f" % r["wall"], rate,
                    "%.1f MiB" % (r["rss"] / 1024.0), r["load"], r["extra"]))
    widths = [max(len(h), *(len(o[i]) for o in out)) if out else len(h) for i, h in enumerate(hdr)]
    print("  ".join(h.ljust(w) for h, w in zip(hdr, widths)))
    print("  ".join("-" * w for w in widths))
    for o in out:
        print("  ".join(c.ljust(w) for c, w in zip(o, widths)))

    # Derived numbers (each pair measured back to back in the same run of the script).
    print()
    pairs = [("ddr_stream.trace", "ddr_stream.notrace", "DDR stream: trace on / off CPU time (same 2 M transactions)"),
             ("ddr_random.trace", "ddr_random.notrace", "DDR random: trace on / off CPU time (same 1 M transactions)"),
             ("spmv.d.small.trace", "spmv.c.small", "SpMV DMI off: trace on / off CPU time (same small matrix)")]
    for on, off, label in pairs:
        if on in by and off in by and by[off]["cpu"] > 0:
            print("%-62s %6.1fx  (target <= 4x: %s)" % (label, by[on]["cpu"] / by[off]["cpu"],
                                                        "met" if by[on]["cpu"] / by[off]["cpu"] <= 4 else "NOT met"))
    if "spmv.a.fixed" in by:
        r = by["spmv.a.fixed"]
        mips = r["count"] / r["cpu"] / 1e6
        print("%-62s %6.1f MIPS (target >= 100: %s)" % ("ISS, DMI, no cache model (config a)", mips,
                                                        "met" if mips >= 100 else "NOT met"))
        if "spmv.setup" in by and by["spmv.setup"]["cpu"] < r["cpu"]:
            net = r["count"] / (r["cpu"] - by["spmv.setup"]["cpu"]) / 1e6
            print("%-62s %6.1f MIPS" % ("  same, host-side setup (matrix generation, loading) removed", net))
        if "spmv.a.fixed.q1ms" in by and "spmv.setup" in by:
            q = by["spmv.a.fixed.q1ms"]
            print("%-62s %6.1f MIPS (setup removed: %.1f)" % ("ISS, DMI, no cache model, 1 ms quantum", q["count"] / q["cpu"] / 1e6,
                                                              q["count"] / (q["cpu"] - by["spmv.setup"]["cpu"]) / 1e6))
    for a, b, label in [("spmv.b.ddr", "spmv.a.fixed", "DMI + DDR (b) vs DMI + fixed (a), MIPS ratio"),
                        ("spmv.a.fixed.q1ms", "spmv.a.fixed", "(a) with a 1 ms quantum vs the 1 us default, MIPS ratio"),
                        ("spmv.c.dmioff", "spmv.a.fixed", "DMI off (c) vs DMI on (a), MIPS ratio")]:
        if a in by and b in by:
            ra = by[a]["count"] / by[a]["cpu"]
            rb = by[b]["count"] / by[b]["cpu"]
            print("%-62s %6.3f" % (label, ra / rb))
    if "qemu.spmv" in by and "vp.spmv_qemu_data" in by:
        q, v = by["qemu.spmv"], by["vp.spmv_qemu_data"]
        print("%-62s %6.1f MIPS (VP on the same data: %.1f MIPS, QEMU %.1fx faster)"
              % ("QEMU TCG, SpMV (instret from the VP run)", q["count"] / q["cpu"] / 1e6, v["count"] / v["cpu"] / 1e6,
                 (q["count"] / q["cpu"]) / (v["count"] / v["cpu"])))
        if "qemu.startup" in by and by["qemu.startup"]["cpu"] < q["cpu"]:
            print("%-62s %6.1f MIPS" % ("  same, QEMU start-up (no-data run) removed",
                                         q["count"] / (q["cpu"] - by["qemu.startup"]["cpu"]) / 1e6))


def main(argv):
    if len(argv) < 2:
        print(__doc__)
        return 2
    cmd = argv[1]
    if cmd == "get":
        cmd_get(argv[2], argv[3])
    elif cmd == "host":
        cmd_host(argv[2], argv[3])
    elif cmd == "qemu-scenario":
        cmd_qemu_scenario(argv[2], argv[3], argv[4])
    elif cmd == "table":
        cmd_table(argv[2])
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
