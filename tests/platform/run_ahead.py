#!/usr/bin/env python3
"""Run-ahead changes no result: a shipped scenario gives byte-identical outputs (stats.json and any
trace) with the CPU synchronising at every quantum boundary (platform.cpu.run_ahead=false, the scheme
before run-ahead), with run-ahead (the default), and, without traffic generators (which interleave
their requests per quantum), with run-ahead under a 100x smaller quantum.
Only config.json (it lists the parameters) and host.json (host times) may differ.

  run_ahead.py --vp build/bin/vp --repo . SCENARIO      (SCENARIO: a file name in scenarios/, no .yaml)
  run_ahead.py --vp x --repo REPO --list                 (the scenarios it checks; benchmarks excluded)
"""
import argparse
import filecmp
import json
import os
import subprocess
import sys
import tempfile

HOST_DEPENDENT = {"config.json", "host.json"}


def scenarios(repo):
    d = os.path.join(repo, "scenarios")
    return sorted(f[:-5] for f in os.listdir(d) if f.endswith(".yaml") and not f.startswith("bench_"))


def run(vp, scenario, out, *sets):
    args = [vp, "run", scenario, "--quiet", "--out", out]
    for s in sets:
        args += ["--set", s]
    p = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=1200)
    return p.returncode, p.stdout + p.stderr


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--vp", required=True)
    ap.add_argument("--repo", required=True)
    ap.add_argument("--list", action="store_true")
    ap.add_argument("scenario", nargs="?")
    a = ap.parse_args()
    if a.list:
        print("\n".join(scenarios(a.repo)))
        return 0
    path = os.path.join(a.repo, "scenarios", a.scenario + ".yaml")
    with tempfile.TemporaryDirectory(prefix="vp-run-ahead-") as work:
        every = os.path.join(work, "every_boundary")
        rc0, log0 = run(a.vp, path, every, "platform.cpu.run_ahead=false")
        # The reference must be a real run: a scenario that fails to start proves nothing.
        assert os.path.exists(os.path.join(every, "stats.json")), f"no stats.json (exit {rc0}):\n{log0}"
        with open(os.path.join(every, "config.json")) as f:
            config = json.load(f)
        variants = {"run_ahead": []}
        # Quantum independence holds for the CPU alone; traffic generators interleave per quantum.
        if not config.get("traffic"):
            variants["run_ahead_quantum_div_100"] = [f"platform.quantum={max(1, config['platform']['quantum'] // 100)}ps"]
        for name, sets in variants.items():
            out = os.path.join(work, name)
            rc, log = run(a.vp, path, out, *sets)
            assert rc == rc0, f"{name}: exit {rc}, every-boundary run exited {rc0}\n{log}"
            files = sorted(set(os.listdir(every)) | set(os.listdir(out)))
            for f in files:
                if f in HOST_DEPENDENT:
                    continue
                assert os.path.exists(os.path.join(out, f)), f"{name}: {f} missing"
                assert os.path.exists(os.path.join(every, f)), f"{name}: unexpected {f}"
                assert filecmp.cmp(os.path.join(every, f), os.path.join(out, f), shallow=False), \
                    f"{name}: {f} differs from the every-boundary run"
            print(f"{a.scenario}: {name}: {', '.join(f for f in files if f not in HOST_DEPENDENT)} identical")
    return 0


if __name__ == "__main__":
    sys.exit(main())
