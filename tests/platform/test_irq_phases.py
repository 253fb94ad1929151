#!/usr/bin/env python3
"""No lost wake-up: firmware/programs/irq_phases raises every interrupt source the platform has (the
CLINT timer, the vector accelerator, the mSGDMA, the HMC gather engine, LAPP) at many phases against
the CPU's WFI, and this runs it under several quanta (whole and fractional cycles), with and without
run-ahead, and on the platforms that have LAPP and the HMC. A wake-up lost in the window where the
CPU synchronises before sleeping ends the run with exit 7; a wrong result with exit 1.

  test_irq_phases.py --vp build/bin/vp --repo . CASE      (test_CASE; --list shows them)
"""
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
import cli_test_runner  # noqa: E402

VP = REPO = WORK = None  # set by the runner

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


def run_case(name, sets):
    elf = os.path.join(os.environ["VP_FIRMWARE_DIR"], "irq_phases.elf")
    cmd = [VP, "run", "--elf", elf, "--quiet", "--out", os.path.join(WORK, "out"),
           "--set", "limits.max_host_seconds=120"]
    for s in sets:
        cmd += ["--set", s]
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    print(r.stdout)
    print(r.stderr, file=sys.stderr)
    assert r.returncode == 0, f"exit {r.returncode} (7 = the CPU slept with nothing left to wake it)"
    # The sources the case must have exercised (the firmware skips what the platform lacks).
    expect = {"timer", "vec", "dma"} | ({"lapp"} if "lapp" in name else set()) | ({"gather"} if "hmc" in name else set())
    seen = {line.split(":")[1].strip() for line in r.stdout.splitlines() if "wake-ups" in line}
    assert expect <= seen, f"sources exercised {sorted(seen)}, expected at least {sorted(expect)}"
    assert "all sources woke the CPU at every phase" in r.stdout, "the firmware did not finish"


for _name, _sets in CASES.items():
    globals()["test_" + _name] = (lambda n, s: lambda: run_case(n, s))(_name, _sets)

if __name__ == "__main__":
    sys.exit(cli_test_runner.run(globals(), "vp_irq_phases_"))
