#!/usr/bin/env python3
"""Fig. 5 and Fig. 6 of Tomita et al. [tomita-gnn-cache] (docs/references.md) on the VP, trace-driven (docs/rgcn_cache.md): the post-processing of
the sweeps scenarios/sweeps/rgcn_fig56_<dataset>.yaml and rgcn_validate_<dataset>.yaml.

  vp sweep scenarios/sweeps/rgcn_fig56_aifb.yaml         (runs this script on out/sweeps/rgcn_fig56_aifb)
  python3 tools/rgcn/fig56.py SWEEP_DIR --dataset aifb [--configs LRU,AC] [--periods 100] [--sizes ...]

(a) the sweep runs the platform once per vertex order (degree-sorted and unsorted) with the CPU's
    access log recorded (the R-GCN firmware, checked bit for bit against the host): its points;
(b) this script replays the logs with vp-cachesim: L1D 32 KiB 8-way, L2 256 KiB .. 32 MiB 8-way,
    64 B lines; LRU w/o sort, LRU, AC, PB, SRRIP, GRASP, OPT, and a PB period sweep;
(c) writes replay.csv (every level and region), summary.csv (L2 misses per configuration) and the
    plots fig5_<dataset>.png and fig6_<dataset>.png into SWEEP_DIR;
(d) with --validate RECORD_SWEEP_DIR, SWEEP_DIR is a validation sweep (full platform runs with the
    caches in the loop, rgcn_validate_<dataset>.yaml): their L1D/L2 misses are compared with the
    replay of RECORD_SWEEP_DIR's sorted log (validation.csv).
--source emulated replaces (a) by vp-rgcn-trace (the firmware's data accesses without the ISS).
"""
import argparse
import concurrent.futures
import csv
import errno
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RECORD_KEY = "platform.cpu.record_accesses"
KIB = 1024
L2_SIZES = [256 * KIB, 512 * KIB, 1024 * KIB, 2048 * KIB, 4096 * KIB, 8192 * KIB, 16384 * KIB, 32768 * KIB]
# Tomita et al.'s L2 sizes are 0.256 .. 32 "MiB"; 256 KiB .. 32 MiB keeps them powers of two (8-way, 64 B).
PB_PERIODS = [10, 30, 100, 300, 1000, 4294967295]  # the last one: no decay (Tomita et al.'s plain "PB")

# name, sorted log?, L1D policy, L2 policy, extra vp-cachesim arguments.
# Tomita et al.'s setup (Sec. 4): both levels use the policy, the output lines get priorities too
# (feature range = X and Y), and the priority-table read is free (not an L2 access).
SEED = ["--fv-region", "features+output", "--no-priority-reads"]
CONFIGS = [
    ("LRU_w/o_sort", False, "lru", "lru", []),
    ("LRU", True, "lru", "lru", []),
    ("AC", True, "ac", "ac", SEED),
    ("PB", True, "pb", "pb", SEED + ["--period", "100"]),
    ("SRRIP", True, "lru", "srrip", []),
    ("GRASP", True, "lru", "grasp", ["--hot", "auto"]),
    ("OPT", True, "lru", "opt", []),
    # Variants beyond Tomita et al.'s setup.
    ("AC_platform", True, "ac", "ac", ["--fv-region", "features+output"]),  # L1 table reads go through the L2
    ("AC_L2only", True, "lru", "ac", ["--fv-region", "features+output"]),   # L1 stays LRU
    ("AC_Xonly", True, "ac", "ac", ["--fv-region", "features", "--no-priority-reads"]),  # Y at priority 0
]
FIG5 = ["LRU_w/o_sort", "LRU", "AC", "PB", "SRRIP", "GRASP", "OPT", "AC_L2only"]


def log(msg):
    print(msg, flush=True)


def run(cmd, **kw):
    t0 = time.time()
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)
    if p.returncode != 0:
        sys.exit(f"fig56.py: command failed (exit {p.returncode}): {' '.join(cmd)}\n{p.stderr[-3000:]}")
    return p.stdout, time.time() - t0


def sweep_rows(sweep_dir):
    """The rows of a sweep's results.csv (vp sweep), each with its point directory."""
    path = os.path.join(sweep_dir, "results.csv")
    if not os.path.exists(path):
        sys.exit(f"fig56.py: {path}: no such file (run vp sweep first)")
    with open(path) as f:
        rows = list(csv.DictReader(f))
    for r in rows:
        if r["exit_code"] != "0":
            sys.exit(f"fig56.py: {sweep_dir}: point {r['id'] or '?'} failed (exit {r['exit_code']}): {r['error']}")
        r["dir"] = os.path.join(sweep_dir, "points", r["id"])
    return rows


def emulate_cmd(args, sort, *outs):
    """vp-rgcn-trace writing the access log of one vertex order to each of `outs` (files, or FIFOs)."""
    ds = {"aifb": "aifb_stripped.nt.gz", "mutag": "mutag_stripped.nt.gz"}.get(args.dataset)
    cmd = [args.trace] + [a for o in outs for a in ("--out", o)] + ["--sort", "true" if sort else "false", "--output-priority", "true"]
    if ds:
        cmd += ["--dataset", os.path.join(args.data, "rgcn", ds)]
    else:
        cmd += args.synthetic.split()
    return cmd


def recording(args, sort):
    """The access log of one vertex order: a point of the recording sweep, or the host emulation."""
    tag = "sorted" if sort else "unsorted"
    if args.source == "emulated":
        path = os.path.join(args.out, f"emulated_{tag}.vplog")
        if os.path.exists(path):
            return path
        _, secs = run(emulate_cmd(args, sort, path))
        log(f"emulated {path} ({os.path.getsize(path) / 1e6:.0f} MB) in {secs:.1f} s")
        args.timing.append({"what": f"emulate {tag}", "seconds": round(secs, 1)})
        return path
    for r in sweep_rows(args.out):
        if r.get("workload.rgcn.sort") == ("true" if sort else "false"):
            path = os.path.join(r["dir"], "accesses.vplog")
            if not os.path.exists(path):
                sys.exit(f"fig56.py: {path}: missing (the sweep must set {RECORD_KEY} and keep accesses.vplog)")
            return path
    sys.exit(f"fig56.py: {args.out}: no point with workload.rgcn.sort={'true' if sort else 'false'}")


def replay_cmd(args, logpath, label, l1, l2, extra, sizes):
    return [args.cachesim, logpath, "--csv", "--label", label, "--l1d-size", "32KiB", "--l1d-ways", "8",
            "--l1d-policy", l1, "--l2-policy", l2, "--l2-ways", "8", "--line", "64",
            "--l2-size", ",".join(str(s) for s in sizes)] + extra


def replay(args, logpath, label, l1, l2, extra, sizes):
    text, secs = run(replay_cmd(args, logpath, label, l1, l2, extra, sizes))
    args.timing.append({"what": f"replay {label}", "seconds": round(secs, 1)})
    return list(csv.reader(io.StringIO(text)))


PIPE_BYTES = 1 << 20  # Linux's default pipe-max-size: 16x fewer wake-ups than the 64 KiB default


def widen_pipe(fd):
    """Gives the pipe behind fd PIPE_BYTES of buffer where the platform allows it (Linux); a narrower pipe
    only costs context switches."""
    try:
        import fcntl
        fcntl.fcntl(fd, getattr(fcntl, "F_SETPIPE_SZ", 1031), PIPE_BYTES)
    except (OSError, ImportError):
        pass


def open_fifo_writer(fifo, reader, cmd):
    """The write end of `fifo` once its reader (a vp-cachesim, which opens it at start) has opened it; a
    reader that exits first (bad arguments, say) is an error, not a wait for ever."""
    while True:
        try:
            fd = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)  # (ENXIO while no reader has it open)
            break
        except OSError as e:
            if e.errno != errno.ENXIO:
                raise
        if reader.poll() is not None:
            raise RuntimeError(f"exit {reader.returncode} before reading its stream: {' '.join(cmd)}\n"
                               f"{reader.stderr.read()[-3000:]}")
        time.sleep(0.01)
    os.set_blocking(fd, True)  # (the emulator's writes wait for the replay, as on any pipe)
    return fd


def replay_streamed(args, sort, jobs):
    """--stream: the emulator's log of one vertex order goes through a pipe to one vp-cachesim per
    job (label, l1, l2, extra) at once, with no file on disk (AM's logs would be ~53 GB each). Returns
    {label: rows}."""
    tag = "sorted" if sort else "unsorted"
    tmp = tempfile.mkdtemp(prefix=f".fig56-{tag}-", dir=args.out)
    procs, ends = [], []
    t0 = time.time()
    try:
        for i, (label, l1, l2, extra) in enumerate(jobs):
            fifo = os.path.join(tmp, f"{i}.fifo")
            os.mkfifo(fifo, 0o600)
            cmd = replay_cmd(args, fifo, label, l1, l2, extra, args.sizes)
            procs.append((label, cmd, subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)))
            args.live.append(procs[-1][2])
            ends.append(open_fifo_writer(fifo, procs[-1][2], cmd))
            widen_pipe(ends[-1])
        # The emulator writes the log to every replay's FIFO itself (no `tee` copying it once more).
        emu_cmd = emulate_cmd(args, sort, *[f"/dev/fd/{fd}" for fd in ends])
        emu = subprocess.Popen(emu_cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, pass_fds=ends)
        args.live.append(emu)
        for fd in ends:  # (the emulator holds them: a replay sees its stream's end when the emulator exits)
            os.close(fd)
        ends = []
        emu_err = emu.stderr.read().decode(errors="replace")
        failures = []
        if emu.wait() != 0:
            failures.append(f"exit {emu.returncode}: {' '.join(emu_cmd)}\n{emu_err[-3000:]}")
        out = {}
        for label, cmd, p in procs:
            text, err = p.communicate()
            if p.returncode != 0:
                failures.append(f"exit {p.returncode}: {' '.join(cmd)}\n{err[-3000:]}")
            out[label] = list(csv.reader(io.StringIO(text)))
        if failures:
            raise RuntimeError("streamed replay failed: " + "\n".join(failures))
    finally:
        for fd in ends:
            os.close(fd)
        for _, _, p in procs:
            if p.poll() is None:
                p.kill()
        shutil.rmtree(tmp, ignore_errors=True)
    secs = time.time() - t0
    log(f"emulated {tag} and replayed {', '.join(j[0] for j in jobs)} through a pipe in {secs:.1f} s")
    args.timing.append({"what": f"emulate {tag} + replay {len(jobs)} (streamed)", "seconds": round(secs, 1)})
    return out


HEADER = ["label", "l1d_size", "l1d_policy", "l2_size", "l2_policy", "period", "level", "region", "accesses", "hits",
          "misses", "evictions", "writebacks", "priority_fetches", "read_misses"]


def plots(args, summary):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        # A python other than Debian's (pyenv, venv) may lack python3-matplotlib: plot with that one.
        if os.path.exists("/usr/bin/python3") and os.path.realpath(sys.executable) != os.path.realpath("/usr/bin/python3"):
            run(["/usr/bin/python3", os.path.abspath(__file__), args.out, "--plot-only", "--dataset", args.dataset,
                 "--sizes", ",".join(str(s) for s in args.sizes)])
            return
        log("matplotlib missing: no plots (scripts/setup.sh installs python3-matplotlib)")
        return
    xs = [s // KIB for s in args.sizes]
    fig, ax = plt.subplots(figsize=(7, 4.5))
    for name in FIG5:
        if (name, args.sizes[0]) not in summary:
            continue
        ys = [summary[(name, s)] for s in args.sizes]
        ax.plot(range(len(xs)), ys, marker="o", label=name, linestyle="--" if name in ("OPT", "SRRIP", "GRASP") else "-")
    ax.set_xticks(range(len(xs)))
    ax.set_xticklabels([f"{x // 1024} MiB" if x >= 1024 else f"{x} KiB" for x in xs], rotation=30)
    ax.set_xlabel("L2 size (8-way, 64 B lines; L1D 32 KiB)")
    ax.set_ylabel("L2 misses")
    ax.set_yscale("log")
    ax.set_title(f"R-GCN layer on {args.dataset.upper()} (VP trace replay; cf. Tomita et al. [tomita-gnn-cache] Fig. 5)")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(os.path.join(args.out, f"fig5_{args.dataset}.png"), dpi=120)
    plt.close(fig)

    fig, ax = plt.subplots(figsize=(7, 4.5))
    base = [summary[("LRU", s)] for s in args.sizes]
    for p in PB_PERIODS:
        if (f"PB_period_{p}", args.sizes[0]) not in summary or ("LRU", args.sizes[0]) not in summary:
            continue
        name = "PB" if p >= 2**32 - 1 else f"PB_{p}c"
        ys = [summary[(f"PB_period_{p}", s)] / b for s, b in zip(args.sizes, base)]
        ax.plot(range(len(xs)), ys, marker="o", label=name)
    ax.set_xticks(range(len(xs)))
    ax.set_xticklabels([f"{x // 1024} MiB" if x >= 1024 else f"{x} KiB" for x in xs], rotation=30)
    ax.set_xlabel("L2 size")
    ax.set_ylabel("L2 misses / sorted LRU")
    ax.set_title(f"PB decay period on {args.dataset.upper()} (cf. Tomita et al. [tomita-gnn-cache] Fig. 6)")
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(os.path.join(args.out, f"fig6_{args.dataset}.png"), dpi=120)
    plt.close(fig)


def validate(args):
    """Full platform runs (caches in the loop: the points of a validation sweep in args.out) against
    the replay of the same configuration on the sorted log of the recording sweep."""
    args.source = "recorded"
    out = args.out
    args.out = args.validate
    logpath = recording(args, True)
    args.out = out
    rows = []
    for r in sweep_rows(out):
        policy, size = r["platform.caches.l2.policy"], int(r["l2_size_bytes"])
        full = {"l1d": int(r["l1d_misses"]), "l2": int(r["l2_misses"])}
        rep = replay(args, logpath, f"val_{policy}", policy, policy, ["--fv-region", "features+output"], [size])
        got = {}
        for x in rep:
            if x[7] == "total":
                got[x[6]] = int(x[10])
        for lv in ("l1d", "l2"):
            rows.append({"policy": policy, "l2_size": size, "level": lv, "full_misses": full[lv],
                         "replay_misses": got.get(lv)})
            log(f"validate {policy} L2 {size // KIB} KiB {lv}: full {full[lv]} replay {got.get(lv)}")
    with open(os.path.join(out, "validation.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0].keys()), lineterminator="\n")
        w.writeheader()
        w.writerows(rows)
    return rows


def read_summary(path):
    summary = {}
    with open(path) as f:
        for r in csv.DictReader(f):
            if r["level"] == "l2" and r["region"] == "total":
                summary[(r["label"], int(r["l2_size"]))] = int(r["misses"])
    return summary


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("sweep_dir", help="the recording sweep's directory (vp sweep rgcn_fig56_<dataset>.yaml); "
                                      "with --source emulated, any directory for the logs and results")
    ap.add_argument("--dataset", required=True, help="aifb, mutag or tiny (plot titles; the emulated data set)")
    ap.add_argument("--source", choices=["recorded", "emulated"], default="recorded",
                    help="recorded: the logs of the sweep's points; emulated: vp-rgcn-trace writes the "
                         "firmware's data accesses without the ISS")
    ap.add_argument("--synthetic", default="--entities 333845 --relations 103 --edges 916199",
                    help="vp-rgcn-trace arguments for a dataset other than aifb/mutag (emulated only)")
    ap.add_argument("--data", default=os.path.join(REPO, "data"), help="the data sets (data/README.md)")
    bindir = os.path.dirname(os.environ["VP"]) if os.environ.get("VP") else os.path.join(REPO, "build", "bin")
    ap.add_argument("--trace", default=os.path.join(bindir, "vp-rgcn-trace"))
    ap.add_argument("--cachesim", default=os.path.join(bindir, "vp-cachesim"))
    ap.add_argument("--sizes", default=",".join(str(s) for s in L2_SIZES), help="L2 sizes in bytes")
    ap.add_argument("--configs", default="", help="comma-separated subset of the configuration labels (default: all)")
    ap.add_argument("--periods", default=",".join(str(p) for p in PB_PERIODS), help="PB periods to sweep ('' = none)")
    ap.add_argument("--plot-only", action="store_true", help="only redraw the plots from SWEEP_DIR/replay.csv")
    ap.add_argument("--validate", metavar="RECORD_SWEEP_DIR",
                    help="SWEEP_DIR is a validation sweep: compare its full runs with the replay of this "
                         "recording sweep's sorted log")
    ap.add_argument("--stream", action="store_true",
                    help="with --source emulated: no log files; each vertex order's log goes from vp-rgcn-trace "
                         "through a pipe to every replay at once (disk and memory independent of its length)")
    args = ap.parse_args()
    if args.stream and args.source != "emulated":
        ap.error("--stream needs --source emulated (a recorded log is a file already)")
    args.out = args.sweep_dir
    args.sizes = [int(s) for s in args.sizes.split(",")]
    args.timing = []
    if args.validate:
        validate(args)
        return
    os.makedirs(args.out, exist_ok=True)
    if args.plot_only:
        plots(args, read_summary(os.path.join(args.out, "replay.csv")))
        return

    configs = [c for c in CONFIGS if not args.configs or c[0] in args.configs.split(",")]
    periods = [int(p) for p in args.periods.split(",") if p]
    need_unsorted = any(not c[1] for c in configs)
    rows = []
    if args.stream:
        jobs = {True: [], False: []}
        for name, sort, l1, l2, extra in configs:
            jobs[sort].append((name, l1, l2, extra))
        jobs[True] += [(f"PB_period_{p}", "pb", "pb", SEED + ["--period", str(p)]) for p in periods]
        # Both vertex orders at once (each is one emulator feeding its replays): on two cores the sorted
        # order's replays and the unsorted order's run side by side instead of one after the other.
        got, args.live = {}, []
        with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
            futs = [pool.submit(replay_streamed, args, sort, jobs[sort]) for sort in (False, True) if jobs[sort]]
            try:
                for f in futs:
                    got.update(f.result())
            except RuntimeError as e:
                for p in args.live:  # (the other order's pipeline: its thread then ends at once)
                    if p.poll() is None:
                        p.kill()
                sys.exit("fig56.py: " + str(e))
        for label in [c[0] for c in configs] + [f"PB_period_{p}" for p in periods]:
            rows += got[label]
    else:
        logs = {True: recording(args, True)}
        if need_unsorted:
            logs[False] = recording(args, False)
        for name, sort, l1, l2, extra in configs:
            rows += replay(args, logs[sort], name, l1, l2, extra, args.sizes)
            log(f"replayed {name}")
        for p in periods:
            rows += replay(args, logs[True], f"PB_period_{p}", "pb", "pb", SEED + ["--period", str(p)], args.sizes)
            log(f"replayed PB period {p}")
    with open(os.path.join(args.out, "replay.csv"), "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(HEADER)
        w.writerows(rows)
    summary = {}
    for r in rows:
        if r[6] == "l2" and r[7] == "total":
            summary[(r[0], int(r[3]))] = int(r[10])
    with open(os.path.join(args.out, "summary.csv"), "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        labels = [c[0] for c in configs] + [f"PB_period_{p}" for p in periods]
        extra = ["AC_vs_LRU_%", "PB_vs_LRU_%", "AC_vs_unsorted_%", "PB_vs_unsorted_%", "LRU_vs_unsorted_%",
                 "OPT_vs_LRU_%", "AC_L2only_vs_LRU_%", "AC_platform_vs_LRU_%", "AC_Xonly_vs_LRU_%"]
        w.writerow(["l2_size"] + labels + extra)
        # A configuration that was not replayed (--configs) has no count: its cells stay empty rather
        # than claiming "100 % fewer misses".
        pct = lambda a, b: round(100.0 * (b - a) / b, 2) if a is not None and b else ""
        for s in args.sizes:
            g = lambda l: summary.get((l, s))
            lru, uns = g("LRU"), g("LRU_w/o_sort")
            w.writerow([s] + ["" if g(l) is None else g(l) for l in labels] +
                       [pct(g("AC"), lru), pct(g("PB"), lru), pct(g("AC"), uns), pct(g("PB"), uns), pct(lru, uns),
                        pct(g("OPT"), lru), pct(g("AC_L2only"), lru), pct(g("AC_platform"), lru),
                        pct(g("AC_Xonly"), lru)])
    plots(args, summary)
    with open(os.path.join(args.out, "timing.json"), "w") as f:
        json.dump(args.timing, f, indent=1)
    log(f"wrote {args.out}/replay.csv, summary.csv, fig5_{args.dataset}.png, fig6_{args.dataset}.png")


if __name__ == "__main__":
    main()
