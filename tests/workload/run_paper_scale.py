#!/usr/bin/env python3
"""Smoke test of tools/perf/paper_scale.py (docs/performance.md, "Paper-scale runs"), seconds:

  run_paper_scale.py --vp build/bin/vp --repo .

1. `--items table1` runs the whole Table 1 (36 cases, every y checked by the VP) and writes one CSV row
   with exit 0, a positive host time and peak memory, and the headline result;
2. an item whose experiment fails (a vp that exits 1) gives a row with its exit code and the script
   exits 1;
3. an existing item directory the script did not write is left alone: exit 2 and the user's file is still
   there; an unknown item is exit 2.
"""
import argparse
import csv
import os
import subprocess
import sys
import tempfile


def fail(msg):
    print("FAIL:", msg)
    sys.exit(1)


def run(repo, *args):
    return subprocess.run([sys.executable, os.path.join(repo, "tools", "perf", "paper_scale.py"), *args],
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=600)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--vp", required=True)
    ap.add_argument("--repo", required=True)
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "ok")
        p = run(a.repo, "--vp", a.vp, "--out", out, "--items", "table1")
        if p.returncode != 0:
            fail("table1: exit %d\n%s" % (p.returncode, p.stdout))
        with open(os.path.join(out, "paper_scale.csv")) as f:
            rows = list(csv.DictReader(f))
        if [r["item"] for r in rows] != ["table1"]:
            fail("rows: %s" % rows)
        r = rows[0]
        if r["exit"] != "0" or float(r["host_s"]) <= 0 or float(r["peak_mib"]) <= 0:
            fail("row: %s" % r)
        if not r["result"].startswith("36 cases; benzene overlapped"):
            fail("result: %s" % r["result"])
        if "| Kashimata et al. Table 1" not in open(os.path.join(out, "paper_scale.md")).read():
            fail("paper_scale.md has no Table 1 row")

        bad = os.path.join(tmp, "bad")
        p = run(a.repo, "--vp", "/bin/false", "--out", bad, "--items", "table1")
        with open(os.path.join(bad, "paper_scale.csv")) as f:
            rows = list(csv.DictReader(f))
        if p.returncode != 1 or rows[0]["exit"] == "0" or not rows[0]["result"].startswith("failed"):
            fail("a failing item: exit %d, row %s\n%s" % (p.returncode, rows, p.stdout))

        mine = os.path.join(tmp, "mine", "table1")
        os.makedirs(mine)
        keep = os.path.join(mine, "notes.txt")
        open(keep, "w").write("the user's\n")
        p = run(a.repo, "--vp", a.vp, "--out", os.path.dirname(mine), "--items", "table1")
        if p.returncode != 2 or "was not written by paper_scale.py" not in p.stdout or not os.path.exists(keep):
            fail("a user's directory: exit %d\n%s" % (p.returncode, p.stdout))
        p = run(a.repo, "--vp", a.vp, "--out", out, "--items", "nosuch")
        if p.returncode != 2 or "unknown item 'nosuch'" not in p.stdout:
            fail("unknown item: exit %d\n%s" % (p.returncode, p.stdout))
    print("ok")


if __name__ == "__main__":
    main()
