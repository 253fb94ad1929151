#!/usr/bin/env python3
"""The papers' largest experiments end to end on this machine: host time, CPU time, peak host memory,
temporary disk (issue #38 item 3; docs/performance.md, "Paper-scale runs").

  python3 tools/perf/paper_scale.py [--vp build/bin/vp] [--out out/paper_scale] [--items a,b,...]

Each item runs the project's own experiment tool or a `vp run` exactly as the model's page documents
it (every simulated result checked by the tool or the firmware: a failed check fails the item); this
script only measures it. Peak memory is the largest resident set of any process of the item (the
kernel's maximum over the reaped process tree, os.wait4); temporary disk is the largest total size of
the files the item leaves in its output directory (the R-GCN access logs, deleted afterwards).

Writes OUT/paper_scale.csv (one row per item) and OUT/paper_scale.md. The `result` column is the
item's headline simulated number, the same on every host; the host columns are this machine's.
"""
import argparse
import csv
import os
import shutil
import subprocess
import sys
import time

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PY = sys.executable or "python3"
MARKER = ".paper_scale_item"


def rows_of(path):
    with open(path) as f:
        return list(csv.DictReader(f))


def table1_result(out):
    """Overlapped / CPU CSR on benzene and the whole table's row count."""
    r = rows_of(os.path.join(out, "table1.csv"))
    by = {(x["matrix"], x["case"]): float(x["mflops"]) for x in r}
    return "%d cases; benzene overlapped %.2f MFLOPS (%.2fx CPU CSR)" % (
        len(r), by[("benzene", "acc_overlap")], by[("benzene", "acc_overlap")] / by[("benzene", "csr")])


def hmc_result(out):
    r = rows_of(os.path.join(out, "hmc.csv"))[0]
    return "SCALE %s, %s nnz: memory / host side %.2fx (%.1f / %.1f MFLOPS)" % (
        r["scale"], r["nnz"], float(r["ratio_mem_vs_host"]), float(r["acc_hmc_mflops"]),
        float(r["acc_overlap_mflops"]))


def gcn_result(out):
    import json
    with open(os.path.join(out, "run", "stats.json")) as f:
        stats = json.load(f)
    stop = stats["run"]["stop_reason"]
    if "result check passed" not in stop:
        raise RuntimeError("gcn: no passed result check (%s)" % stop)
    return "Y checked bit for bit; %d engine busy cycles" % stats["components"]["gcn_agg"]["counters"]["busy_cycles"]


def rgcn_result(out):
    r = rows_of(os.path.join(out, "summary.csv"))
    return "%d replay rows (L2 misses per configuration and size in summary.csv)" % len(r)


def items(vp, data):
    bindir = os.path.dirname(os.path.abspath(vp))
    fig56 = os.path.join(REPO, "tools", "rgcn", "fig56.py")
    rgcn_cfg = ["--configs", "LRU_w/o_sort,LRU,AC,PB", "--periods", ""]
    return [
        ("table1", "Kashimata et al. Table 1: 6 matrices x 6 cases (SpMV, FPGA-like platform)",
         lambda o: [PY, os.path.join(REPO, "tools", "sell", "table1.py"), "--vp", vp, "--out", o], table1_result),
        ("hmc_scale20", "Tanabe et al.: Graph500 SCALE 20 SpMV, CPU CSR + accelerator with host- and memory-side gather",
         lambda o: [PY, os.path.join(REPO, "tools", "sell", "hmc_experiment.py"), "--vp", vp, "--out", o, "--scales",
                    "20"], hmc_result),
        ("gcn_pokec", "GCN layer on the aggregation engine, full-size Pokec (pokec_sbm: 1.63 M vertices), F = 64, "
         "16 MiB global cache",
         lambda o: [vp, "run", os.path.join(REPO, "scenarios", "gcn_engines.yaml"), "--out", os.path.join(o, "run"),
                    "--set", "workload.gcn.graph=pokec_sbm", "--set", "workload.gcn.features=64", "--set",
                    "platform.ram.size=2GiB", "--set", "platform.caches.l2.size=16MiB", "--set",
                    "limits.max_host_seconds=3600"], gcn_result),  # (the scenario's limit is for its small graph)
        ("rgcn_bgs", "Tomita et al. Fig. 5 on BGS at full size (333,845 entities, 916,199 edges), emulated trace "
         "streamed to the replays (no log file), L2 256 KiB-32 MiB, LRU w/o sort / LRU / AC / PB",
         lambda o: [PY, fig56, o, "--dataset", "bgs", "--source", "emulated", "--stream", "--trace",
                    os.path.join(bindir, "vp-rgcn-trace"), "--cachesim", os.path.join(bindir, "vp-cachesim"),
                    "--data", data] + rgcn_cfg, rgcn_result),
        # AM's log would be ~53 GB per vertex order: streamed from the emulator to the replays (pipes), no file.
        ("rgcn_am", "Tomita et al. Fig. 5 on AM at full size (1,666,764 entities, 133 relations, 5,988,321 edges), "
         "emulated trace streamed to the replays (no log file), L2 256 KiB-32 MiB, LRU w/o sort / LRU / AC / PB",
         lambda o: [PY, fig56, o, "--dataset", "am", "--source", "emulated", "--stream", "--synthetic",
                    "--entities 1666764 --relations 133 --edges 5988321", "--trace",
                    os.path.join(bindir, "vp-rgcn-trace"), "--cachesim", os.path.join(bindir, "vp-cachesim"),
                    "--data", data] + rgcn_cfg, rgcn_result),
    ]


def dir_bytes(path):
    total = 0
    for root, _, files in os.walk(path):
        for fn in files:
            try:
                total += os.path.getsize(os.path.join(root, fn))
            except OSError:
                pass
    return total


def measure(cmd, out, log_path):
    """Run cmd; wall seconds, CPU seconds, peak RSS (MiB) of its process tree, peak bytes under out."""
    with open(log_path, "w") as log:
        t0 = time.monotonic()
        p = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, cwd=REPO)
        peak_disk = 0
        while True:
            pid, status, ru = os.wait4(p.pid, os.WNOHANG)
            if pid:
                break
            peak_disk = max(peak_disk, dir_bytes(out))
            time.sleep(1.0)
        wall = time.monotonic() - t0
    p.returncode = os.waitstatus_to_exitcode(status)
    return p.returncode, wall, ru.ru_utime + ru.ru_stime, ru.ru_maxrss / 1024.0, peak_disk


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--vp", default=os.path.join(REPO, "build", "bin", "vp"))
    ap.add_argument("--out", default=os.path.join(REPO, "out", "paper_scale"))
    ap.add_argument("--data", default=os.path.join(REPO, "data"))
    ap.add_argument("--items", default="", help="comma-separated subset (default: all)")
    a = ap.parse_args()
    all_items = items(os.path.abspath(a.vp), a.data)
    names = [i[0] for i in all_items]
    want = [x for x in a.items.split(",") if x] or names
    for w in want:
        if w not in names:
            ap.error("--items: unknown item '%s' (known: %s)" % (w, ", ".join(names)))  # exit 2
    for name in want:
        # Only an item directory this script made (its marker inside) is replaced: never a user's.
        out = os.path.join(a.out, name)
        if os.path.exists(out) and not os.path.exists(os.path.join(out, MARKER)):
            ap.error("%s exists and was not written by paper_scale.py; choose another --out" % out)
    os.makedirs(a.out, exist_ok=True)
    rows = []
    failed = False
    for name, what, cmd_of, result_of in all_items:
        if name not in want:
            continue
        out = os.path.join(a.out, name)
        if os.path.exists(out):
            shutil.rmtree(out)  # ours: checked above
        os.makedirs(out)
        open(os.path.join(out, MARKER), "w").close()
        cmd = cmd_of(out)
        print("%s: %s" % (name, " ".join(cmd)), flush=True)
        load = os.getloadavg()[0]
        rc, wall, cpu, peak_mib, disk = measure(cmd, out, os.path.join(a.out, name + ".log"))
        result = ""
        if rc == 0:
            try:
                result = result_of(out)
            except (OSError, KeyError, ValueError, RuntimeError) as e:
                rc, result = 1, "no result: %s" % e
        else:
            result = "failed (exit %d; %s.log)" % (rc, name)
        failed = failed or rc != 0
        for root, _, files in os.walk(out):  # the R-GCN access logs: gigabytes nobody asked to keep
            for fn in files:
                if fn.endswith(".vplog"):
                    os.remove(os.path.join(root, fn))
        print("  %s: %.0f s, %.0f MiB, %.1f GB of disk: %s" % (name, wall, peak_mib, disk / 1e9, result), flush=True)
        rows.append({"item": name, "experiment": what, "exit": rc, "host_s": "%.1f" % wall, "cpu_s": "%.1f" % cpu,
                     "peak_mib": "%.0f" % peak_mib, "load": "%.1f" % load, "disk_gb": "%.2f" % (disk / 1e9), "result": result})
    keys = ["item", "experiment", "exit", "host_s", "cpu_s", "load", "peak_mib", "disk_gb", "result"]
    with open(os.path.join(a.out, "paper_scale.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=keys)
        w.writeheader()
        w.writerows(rows)
    with open(os.path.join(a.out, "paper_scale.md"), "w") as f:
        f.write("| experiment | host time | CPU time | load at start | peak memory | temporary disk | result |\n")
        f.write("|---|---:|---:|---:|---:|---:|---|\n")
        for r in rows:
            f.write("| %s | %s s (%.1f min) | %s s | %s | %s MiB | %s GB | %s |\n" % (
                r["experiment"], r["host_s"], float(r["host_s"]) / 60, r["cpu_s"], r["load"], r["peak_mib"],
                r["disk_gb"], r["result"]))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
