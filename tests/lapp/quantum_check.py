#!/usr/bin/env python3
"""LAPP's statistics do not depend on the global quantum: scenarios/lapp_kernels.yaml at 1 us and at 10 us
gives identical counters for every lapp* component (the CPU sleeps in WFI while LAPP runs, so LAPP is
the only initiator then; docs/lapp.md).

  quantum_check.py VP REPO OUTDIR
"""
import json
import os
import subprocess
import sys


def run(vp, repo, out, quantum):
    d = os.path.join(out, "q_" + quantum)
    r = subprocess.run([vp, "run", "--quiet", "--out", d, os.path.join(repo, "scenarios", "lapp_kernels.yaml"),
                        "--set", "platform.quantum=" + quantum], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True)
    if r.returncode != 0:
        print(r.stdout, r.stderr)
        sys.exit(f"FAIL: lapp_kernels at quantum {quantum} exited {r.returncode}")
    comps = json.load(open(os.path.join(d, "stats.json")))["components"]
    return {k: v["counters"] for k, v in comps.items() if k == "lapp" or k.startswith("lapp.")}


def main():
    vp, repo, out = sys.argv[1:4]
    a, b = run(vp, repo, out, "1us"), run(vp, repo, out, "10us")
    if not a.get("lapp", {}).get("loops_mapped"):
        sys.exit("FAIL: no loop was mapped")
    diffs = [(g, k, v, b.get(g, {}).get(k)) for g in a for k, v in a[g].items() if b.get(g, {}).get(k) != v]
    diffs += [(g, "-", None, "only at 10us") for g in b if g not in a]
    for d in diffs[:20]:
        print("differs:", d)
    if diffs:
        sys.exit(f"FAIL: {len(diffs)} LAPP counters depend on the quantum")
    print(f"PASS: {sum(len(v) for v in a.values())} LAPP counters identical at 1 us and 10 us")


if __name__ == "__main__":
    main()
