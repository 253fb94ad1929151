#!/usr/bin/env python3
"""The translating executor against the interpreter on whole firmware (models/cpu/iss/translator.h):
each case runs once with platform.cpu.executor=interpret and twice with translate, on the functional
platform (no caches) and with the default L1I/L1D/L2 (blocks test the caches' repeat-hit grants inline
and call the L1 for everything else; SpMV over DDR3 with the trace on, two harts with coherence): at the default
platform.cpu.translate_after (blocks for the code that runs often) and at 1 (a block at every
instruction the interpreter reaches first: the most translated code). stats.json, timeline.json and
the console output (and trace.csv where the run writes one) must be byte for byte the same; each translate run must have translated blocks
(host.json), else the comparison proves nothing.

  compare_executors.py --vp VP --bin FWBIN --repo REPO
"""
import argparse
import filecmp
import json
import os
import subprocess
import sys
import tempfile

NO_CACHES = ["--set", "platform.caches.l1i.enabled=false", "--set", "platform.caches.l1d.enabled=false",
             "--set", "platform.caches.l2.enabled=false"]


def cases(repo, fw):
    return {
        # SpMV over fixed-latency RAM: loads, FP, tight loops, a checkpoint every quantum.
        "spmv": [os.path.join(repo, "scenarios/bench_spmv.yaml"), "--set", "workload.spmv.rows=2000",
                 "--set", "workload.spmv.nnz_per_row=16"],
        # Every interrupt source at many phases against WFI: events inside blocks, MMIO, traps.
        "irq_phases": [os.path.join(repo, "scenarios/default.yaml"), "--elf", os.path.join(fw, "irq_phases.elf")]
        + NO_CACHES,
        # The ISA groups: every instruction kind, misaligned accesses, traps, fence.i.
        "isa_suite": [os.path.join(repo, "scenarios/default.yaml"), "--elf", os.path.join(fw, "isa_suite.elf")]
        + NO_CACHES,
        # With the caches: misses (L1 -> bus -> L2 -> DDR3), repeat hits, fetch lines; the trace on
        # (every transaction a span), so both paths of the miss are compared.
        "spmv_caches_ddr3": [os.path.join(repo, "scenarios/bench_spmv.yaml"), "--set", "workload.spmv.rows=2000",
                             "--set", "workload.spmv.nnz_per_row=16", "--set", "platform.ram.timing=ddr",
                             "--set", "platform.caches.l1i.enabled=true", "--set", "platform.caches.l1d.enabled=true",
                             "--set", "platform.caches.l2.enabled=true", "--set", "trace.enabled=true",
                             "--set", "trace.formats=[csv]"],
        "irq_phases_caches": [os.path.join(repo, "scenarios/default.yaml"), "--elf", os.path.join(fw, "irq_phases.elf")],
        "isa_suite_caches": [os.path.join(repo, "scenarios/default.yaml"), "--elf", os.path.join(fw, "isa_suite.elf")],
        # Two harts: coherence takes grants back from the other hart's blocks.
        "smp_2_harts": [os.path.join(repo, "scenarios/default.yaml"), "--elf", os.path.join(fw, "smp.elf"),
                        "--set", "platform.cpu.harts=2", "--set", "platform.dtb=true"],
    }


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--vp", required=True)
    ap.add_argument("--bin", required=True, help="the firmware ELFs")
    ap.add_argument("--repo", required=True)
    a = ap.parse_args()
    env = dict(os.environ)
    env.pop("VP_EXECUTOR", None)  # (the suites may run under them: these runs name their executor)
    env.pop("VP_TRANSLATE_AFTER", None)
    runs = {"interpret": ["--set", "platform.cpu.executor=interpret"],
            "translate": ["--set", "platform.cpu.executor=translate"],
            "translate_after_1": ["--set", "platform.cpu.executor=translate", "--set", "platform.cpu.translate_after=1"]}
    failed = []
    with tempfile.TemporaryDirectory() as work:
        for name, args in cases(a.repo, a.bin).items():
            outs = {}
            for run, sets in runs.items():
                out = os.path.join(work, f"{name}.{run}")
                p = subprocess.run([a.vp, "run", *args, *sets, "--out", out, "--quiet"], stdout=subprocess.PIPE,
                                   stderr=subprocess.STDOUT, env=env, timeout=300)
                outs[run] = (out, p.returncode, p.stdout)
            ia, ra, ca = outs["interpret"]
            problems = []
            counts = []
            for run in runs:
                if run == "interpret":
                    continue
                tb, rb, cb = outs[run]
                if ra != 0 or rb != 0:
                    problems.append(f"{run}: exit status {ra} (interpret), {rb} ({run})")
                if ca != cb:
                    problems.append(f"{run}: console output differs")
                for f in ("stats.json", "timeline.json") + (("trace.csv",) if os.path.exists(os.path.join(ia, "trace.csv")) else ()):
                    pa, pb = os.path.join(ia, f), os.path.join(tb, f)
                    if not (os.path.exists(pa) and os.path.exists(pb) and filecmp.cmp(pa, pb, shallow=False)):
                        problems.append(f"{run}: {f} differs (or is missing)")
                try:
                    with open(os.path.join(tb, "host.json")) as fh:
                        blocks = json.load(fh)["translator"]["blocks_translated"]
                except (OSError, KeyError, ValueError):
                    blocks = 0
                if blocks <= 0:
                    problems.append(f"{run}: no block translated")
                counts.append(f"{run}: {blocks} blocks")
            print(f"{name}: {'; '.join(problems) if problems else 'identical'} ({', '.join(counts)})")
            if problems:
                failed.append(name)
    if failed:
        print("FAIL: " + ", ".join(failed))
        return 1
    print("PASS")
    return 0


if __name__ == "__main__":
    sys.exit(main())
