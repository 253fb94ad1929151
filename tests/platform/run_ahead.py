#!/usr/bin/env python3
"""Run-ahead and repeat hits change no result: a shipped scenario gives byte-identical outputs
(stats.json and any trace) with the CPU synchronising at every quantum boundary and calling its L1s for
every access (platform.cpu.run_ahead=false, platform.cpu.repeat_hits=false: the scheme before both),
with both (the default), and, without traffic generators (which interleave their requests per
quantum), with both under a 100x smaller quantum.
Only config.json (it lists the parameters) and host.json (host times) may differ, and timeline.json
(`vp report`'s samples, taken where the kernel's simulation slices end, i.e. at the last CPU
synchronisation before each 100 us mark: the run's sampling times follow its synchronisation pattern)
must agree in its final sample, the run's totals.

Besides the scenarios, firmware where the CPU drives another initiator (the DMA, the vector
accelerator) runs on the default platform with `--elf`, and the DMA gather benchmark (small) too:
their results are the same as well, because before each bus access the kernel catches up to the last
quantum boundary the hart passed (models/cpu/cpu.cpp).

  run_ahead.py --vp build/bin/vp --repo . CASE      (CASE: a scenario name in scenarios/ or elf:NAME)
  run_ahead.py --vp x --repo REPO --list            (the cases it checks)
"""
import argparse
import atexit
import lzma
import shutil
import filecmp
import json
import os
import subprocess
import sys
import tempfile

HOST_DEPENDENT = {"config.json", "host.json"}
SAMPLED = {"timeline.json"}


def same_final_sample(a, b):
    with open(a) as f:
        ta = json.load(f)
    with open(b) as f:
        tb = json.load(f)
    if ta["t_ps"][-1:] != tb["t_ps"][-1:] or ta["series"].keys() != tb["series"].keys():
        return False
    if ta.get("regions") != tb.get("regions"):
        return False
    return all(ta["series"][k][-1:] == tb["series"][k][-1:] for k in ta["series"])


# Firmware with several initiators (VP_FIRMWARE_DIR/NAME.elf on the default platform) and the one
# benchmark scenario that runs in seconds.
MULTI_INITIATOR = {"elf:dma_test", "elf:vec_suite", "bench_dma_gather"}
# Runs of minutes: the smaller-quantum variant (checkpoints every few instructions) is left out.
LONG = {"rgcn_mutag", "rgcn_aifb"}
# Shipped scenarios whose firmware drives the DMA and the vector accelerator while polling them (multi_dev:
# two of each): their
# interleaving, hence their statistics, follow the quantum (with and without run-ahead alike).
QUANTUM_DEPENDENT = {"sell_fpga", "sell_hmc", "multi_dev", "sell_hmc_multi"}


def cases(repo):
    d = os.path.join(repo, "scenarios")
    shipped = sorted(f[:-5] for f in os.listdir(d) if f.endswith(".yaml") and not f.startswith("bench_"))
    return shipped + sorted(MULTI_INITIATOR)


def target(repo, case):
    if case == "linux":  # the scenario boots the prebuilt OpenSBI + Linux set (docs/linux.md)
        images = os.path.join(repo, "images", "linux-rv32")
        work = tempfile.mkdtemp(prefix="vp-run-ahead-linux-")
        atexit.register(shutil.rmtree, work, True)
        kernel = os.path.join(work, "Image")
        with lzma.open(os.path.join(images, "Image.xz")) as src, open(kernel, "wb") as dst:
            shutil.copyfileobj(src, dst)
        return [os.path.join(repo, "scenarios", "linux.yaml"), "--bios", os.path.join(images, "fw_jump.bin"),
                "--kernel", kernel, "--initrd", os.path.join(images, "initramfs.cpio.gz"), "--append",
                "console=ttyS0 earlycon"]
    if case.startswith("elf:"):
        elf = os.path.join(os.environ.get("VP_FIRMWARE_DIR", ""), case[4:] + ".elf")
        assert os.path.exists(elf), f"{elf} not built (VP_FIRMWARE_DIR)"
        return ["--elf", elf]
    return [os.path.join(repo, "scenarios", case + ".yaml")]


def run(vp, what, out, *sets):
    args = [vp, "run", *what, "--quiet", "--out", out]
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
        print("\n".join(cases(a.repo)))
        return 0
    path = target(a.repo, a.scenario)
    with tempfile.TemporaryDirectory(prefix="vp-run-ahead-") as work:
        every = os.path.join(work, "every_boundary")
        rc0, log0 = run(a.vp, path, every, "platform.cpu.run_ahead=false", "platform.cpu.repeat_hits=false")
        # The reference must be a real run: a scenario that fails to start proves nothing.
        assert os.path.exists(os.path.join(every, "stats.json")), f"no stats.json (exit {rc0}):\n{log0}"
        with open(os.path.join(every, "config.json")) as f:
            config = json.load(f)
        variants = {"run_ahead": []}
        # Quantum independence holds for the CPU alone; other initiators interleave per quantum.
        if not config.get("traffic") and a.scenario not in MULTI_INITIATOR | LONG | QUANTUM_DEPENDENT:
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
                if f in SAMPLED:
                    assert same_final_sample(os.path.join(every, f), os.path.join(out, f)), \
                        f"{name}: {f}: the final sample (the run's totals) differs from the every-boundary run"
                    continue
                assert filecmp.cmp(os.path.join(every, f), os.path.join(out, f), shallow=False), \
                    f"{name}: {f} differs from the every-boundary run"
            print(f"{a.scenario}: {name}: {', '.join(f for f in files if f not in HOST_DEPENDENT | SAMPLED)} "
                  f"identical, final timeline sample equal")
    return 0


if __name__ == "__main__":
    sys.exit(main())
