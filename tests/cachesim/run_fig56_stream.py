#!/usr/bin/env python3
"""fig56.py --stream (issue #38: R-GCN replays at AM's size without ~53 GB log files): the emulator's
log goes through a pipe to every replay at once; replay.csv and summary.csv must equal those of the
file route byte for byte, and no log file may be left in the output directory.

  run_fig56_stream.py --trace vp-rgcn-trace --cachesim vp-cachesim
"""
import argparse
import filecmp
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
FIG56 = os.path.join(HERE, "..", "..", "tools", "rgcn", "fig56.py")
SYNTHETIC = "--entities 3000 --relations 12 --edges 12000"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--trace", required=True)
    ap.add_argument("--cachesim", required=True)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="vp-fig56-stream-") as work:
        outs = {}
        for mode in ("files", "stream"):
            out = os.path.join(work, mode)
            cmd = [sys.executable, FIG56, out, "--dataset", "syn", "--source", "emulated", "--synthetic", SYNTHETIC,
                   "--trace", args.trace, "--cachesim", args.cachesim, "--configs", "LRU_w/o_sort,LRU,AC,PB,OPT",
                   "--periods", "30", "--sizes", "65536,262144"] + (["--stream"] if mode == "stream" else [])
            p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            if p.returncode != 0:
                sys.exit(f"FAIL: fig56.py ({mode}) exit {p.returncode}:\n{p.stdout[-3000:]}")
            outs[mode] = out
        for name in ("replay.csv", "summary.csv"):
            a, b = (os.path.join(outs[m], name) for m in ("files", "stream"))
            if not filecmp.cmp(a, b, shallow=False):
                sys.exit(f"FAIL: {name} differs between the file route and --stream")
        with open(os.path.join(outs["stream"], "replay.csv")) as f:
            rows = f.read().splitlines()
        labels = {r.split(",")[0] for r in rows[1:]}
        want = {"LRU_w/o_sort", "LRU", "AC", "PB", "OPT", "PB_period_30"}
        if labels != want:
            sys.exit(f"FAIL: replay.csv labels {sorted(labels)}, want {sorted(want)}")
        left = [f for f in os.listdir(outs["stream"]) if f.endswith(".vplog") or f.startswith(".fig56-")]
        if left:
            sys.exit(f"FAIL: --stream left {left} in its output directory")
        logs = [f for f in os.listdir(outs["files"]) if f.endswith(".vplog")]
        if len(logs) != 2:
            sys.exit(f"FAIL: the file route should have written two logs, found {logs}")
        # A replay that exits before reading (here: not a cache simulator at all) fails the run at once,
        # with its command, instead of leaving the emulator and the other order waiting on a FIFO.
        bad = os.path.join(work, "bad")
        cmd = [sys.executable, FIG56, bad, "--dataset", "syn", "--source", "emulated", "--synthetic", SYNTHETIC,
               "--trace", args.trace, "--cachesim", "/bin/false", "--configs", "LRU_w/o_sort,LRU", "--periods", "",
               "--sizes", "65536", "--stream"]
        try:
            p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=60)
        except subprocess.TimeoutExpired:
            sys.exit("FAIL: --stream with a replay that exits at once hangs")
        if p.returncode == 0 or "before reading its stream" not in p.stdout:
            sys.exit(f"FAIL: a replay exiting at once: exit {p.returncode}, output:\n{p.stdout[-2000:]}")
        left = [f for f in os.listdir(bad) if f.startswith(".fig56-")]
        if left:
            sys.exit(f"FAIL: a failed --stream left {left} in its output directory")
        print(f"ok: {len(rows) - 1} replay rows identical with and without --stream; no log file with --stream")


if __name__ == "__main__":
    main()
