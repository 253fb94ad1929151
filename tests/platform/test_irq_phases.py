#!/usr/bin/env python3
"""No lost wake-up: firmware/programs/irq_phases raises every interrupt source the platform has (the
CLINT timer, the vector accelerator, the mSGDMA, the HMC gather engine, LAPP) at many phases against
the CPU's WFI, and this runs it under several quanta (whole and fractional cycles), with and without
run-ahead, and on the platforms that have LAPP and the HMC. A wake-up lost in the window where the
CPU synchronises before sleeping ends the run with exit 7; a wrong result with exit 1.

  test_irq_phases.py --vp build/bin/vp --repo . CASE
  test_irq_phases.py --vp x --repo x --list
"""
import argparse
import os
import subprocess
import sys
import tempfile

CASES = {
    "default": [],
    "no_run_ahead": ["platform.cpu.run_ahead=false"],
    "quantum_100ns": ["platform.quantum=100ns"],
    "quantum_37ns": ["platform.quantum=37ns"],  # not a whole number of CPU cycles
    "quantum_10us": ["platform.quantum=10us"],
    "quantum_1ms": ["platform.quantum=1ms"],
    "lapp": ["platform.lapp.enabled=true"],
    "lapp_quantum_100ns": ["platform.lapp.enabled=true", "platform.quantum=100ns"],
    "hmc": ["platform.ram.timing=hmc"],
    "hmc_quantum_100ns_no_run_ahead": ["platform.ram.timing=hmc", "platform.quantum=100ns",
                                       "platform.cpu.run_ahead=false"],
}
# The sources each case must have exercised (the firmware skips what the platform lacks).
EXPECT = {"timer", "vec", "dma"}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--vp", required=True)
    ap.add_argument("--repo", required=True)
    ap.add_argument("--list", action="store_true")
    ap.add_argument("case", nargs="?")
    a = ap.parse_args()
    if a.list:
        print("\n".join(CASES))
        return 0
    elf = os.path.join(os.environ["VP_FIRMWARE_DIR"], "irq_phases.elf")
    with tempfile.TemporaryDirectory() as tmp:
        cmd = [a.vp, "run", "--elf", elf, "--quiet", "--out", os.path.join(tmp, "out"),
               "--set", "limits.max_host_seconds=120"]
        for s in CASES[a.case]:
            cmd += ["--set", s]
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    print(r.stdout)
    print(r.stderr, file=sys.stderr)
    if r.returncode != 0:
        print(f"FAIL: exit {r.returncode} (7 = the CPU slept with nothing left to wake it)")
        return 1
    expect = set(EXPECT)
    if "lapp" in a.case:
        expect.add("lapp")
    if "hmc" in a.case:
        expect.add("gather")
    seen = {line.split(":")[1].strip() for line in r.stdout.splitlines() if "wake-ups" in line}
    if not expect <= seen:
        print(f"FAIL: sources exercised {sorted(seen)}, expected at least {sorted(expect)}")
        return 1
    if "all sources woke the CPU at every phase" not in r.stdout:
        print("FAIL: the firmware did not finish")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
