#!/usr/bin/env python3
"""SELL SpMV cases end to end through `vp run` (scenarios/sell_fpga.yaml, small matrices): every case
the platform can run is checked bit for bit by the VP's `sell` workload; one test per function.

  run_sell_cases.py --vp build/bin/vp --repo . TEST_NAME
"""
import argparse
import csv
import json
import os
import shutil
import subprocess
import sys
import tempfile

VP = REPO = WORK = None
CPU_CASES = "[csr, csr_cdma, sell]"


def vp(*args, timeout=300):
    p = subprocess.run([VP, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout, text=True)
    return p.returncode, p.stdout, p.stderr


def run_sell(name, *sets):
    args = ["run", os.path.join(REPO, "scenarios", "sell_fpga.yaml"), "--quiet", "--out", os.path.join(WORK, name)]
    for s in sets:
        args += ["--set", s]
    return vp(*args)


def stop_reason(name):
    with open(os.path.join(WORK, name, "stats.json")) as f:
        return json.load(f)["run"]["stop_reason"]


def passed(name, rc, out, err, cases):
    assert rc == 0, f"exit {rc}\n{out}\n{err}"
    why = stop_reason(name)
    assert "result check passed: y of " + ", ".join(cases) + " matches the host reference bit for bit" in why, why


def test_cpu_cases_random_matrix_plain_sell():
    rc, out, err = run_sell("plain", "workload.sell.matrix=null", "workload.sell.rows=700",
                            "workload.sell.nnz_per_row=9", "workload.sell.C=32", "workload.sell.cases=" + CPU_CASES)
    passed("plain", rc, out, err, ["csr", "csr_cdma", "sell"])


def test_cpu_cases_random_matrix_sorted_sell():
    """sigma > 1: the SELL case accumulates in sorted order and scatters through the permutation."""
    rc, out, err = run_sell("sorted", "workload.sell.matrix=null", "workload.sell.rows=700", "workload.sell.seed=5",
                            "workload.sell.C=32", "workload.sell.sigma=96", "workload.sell.x=random",
                            "workload.sell.cases=" + CPU_CASES)
    passed("sorted", rc, out, err, ["csr", "csr_cdma", "sell"])


def test_cpu_cases_standin_shyy41():
    rc, out, err = run_sell("shyy41", "workload.sell.matrix=null", "workload.sell.standin=shyy41",
                            "workload.sell.cases=" + CPU_CASES)
    passed("shyy41", rc, out, err, ["csr", "csr_cdma", "sell"])


def test_check_fails_when_the_firmware_runs_no_case():
    """The same data with a program that never writes y (hello) must fail the check (exit 5)."""
    with open(os.path.join(REPO, "scenarios", "sell_fpga.yaml")) as f:
        text = f.read().replace("${firmware}/sell_spmv.elf", "${firmware}/hello.elf")
    path = os.path.join(WORK, "hello_sell.yaml")
    with open(path, "w") as f:
        f.write(text)
    rc, out, err = vp("run", path, "--quiet", "--out", os.path.join(WORK, "neg"), "--set",
                      "workload.sell.cases=[csr]")
    assert rc == 5 and "case csr was requested but the firmware did not run it" in stop_reason("neg"), (rc, err)


def test_table1_script_smoke():
    """tools/sell/table1.py on one small matrix: a CSV and a markdown table beside the paper."""
    out = os.path.join(WORK, "t1")
    p = subprocess.run([sys.executable, os.path.join(REPO, "tools", "sell", "table1.py"), "--vp", VP, "--out", out,
                        "--matrices", "msc01440", "--cases", "csr,csr_cdma,sell", "--jobs", "1"],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    rows = list(csv.DictReader(open(os.path.join(out, "table1.csv"))))
    assert [r["case"] for r in rows] == ["csr", "csr_cdma", "sell"], rows
    for r in rows:
        assert r["matrix"] == "msc01440" and int(r["nnz"]) == 44998
        assert float(r["mflops"]) > 0 and float(r["paper_mflops"]) > 0
        # MFLOPS is 2 NNZ over the region's time.
        assert abs(float(r["mflops"]) - 2 * 44998 / (float(r["time_us"]) * 1e-6) / 1e6) < 1e-3 * float(r["mflops"])
    md = open(os.path.join(out, "table1.md")).read()
    assert "| msc01440 |" in md and "2.57" in md, md  # the paper's CPU CSR number beside ours


def main():
    global VP, REPO, WORK
    ap = argparse.ArgumentParser()
    ap.add_argument("--vp", required=True)
    ap.add_argument("--repo", required=True)
    ap.add_argument("test", nargs="?")
    ap.add_argument("--list", action="store_true")
    a = ap.parse_args()
    tests = {n: f for n, f in globals().items() if n.startswith("test_") and callable(f)}
    if a.list:
        print("\n".join(tests))
        return
    VP, REPO = os.path.abspath(a.vp), os.path.abspath(a.repo)
    WORK = tempfile.mkdtemp(prefix="vp_sell_")
    try:
        tests[a.test]()
        print(f"PASS {a.test}")
    finally:
        shutil.rmtree(WORK, ignore_errors=True)


if __name__ == "__main__":
    main()
