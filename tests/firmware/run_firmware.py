#!/usr/bin/env python3
"""Firmware tests: run a firmware program on the VP and (for QEMU-capable programs) on
qemu-system-riscv32 -machine virt, and require identical console output and exit code.

  run_firmware.py --vp VP --bin FWBIN --repo REPO NAME            # as listed in firmware/programs.txt

VP-only programs have their own checks (fault report contents, HTIF exit).
rgcn runs scenarios/rgcn_tiny.yaml (its data and the bit-exact result check come from the VP).
Programs that need data (spmv) get the same blobs on both simulators: tools/qemu/make_spmv_data.py
writes them, QEMU loads them with -device loader, the VP with a generated scenario's `load:` list.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile


def programs(repo):
    out = {}
    with open(os.path.join(repo, "firmware", "programs.txt")) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            name, where, expect = line.split()[:3]
            out[name] = (where, expect)
    return out


def run(cmd, timeout=120):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout)
    return p.returncode, p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace")


def spmv_data(repo, work):
    d = os.path.join(work, "spmv")
    subprocess.run([sys.executable, os.path.join(repo, "tools", "qemu", "make_spmv_data.py"), "-o", d],
                   check=True, stdout=subprocess.DEVNULL)
    # The same blobs for the VP, boot-info block included (loader.txt lists it; the VP then does not
    # write its own).
    loads = []
    with open(os.path.join(d, "loader.txt")) as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                fname, addr = line.split()
                loads.append((os.path.join(d, fname), addr))
    scenario = os.path.join(work, "spmv_data.yaml")
    with open(scenario, "w") as f:
        f.write("name: spmv_qemu_data\nload:\n")
        for path, addr in loads:
            f.write(f"  - binary: {path}\n    at: {addr}\n")
    return d, scenario


def fail(msg):
    print("FAIL:", msg)
    sys.exit(1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--vp", required=True)
    ap.add_argument("--bin", required=True)
    ap.add_argument("--repo", required=True)
    ap.add_argument("name")
    a = ap.parse_args()
    where, expect = programs(a.repo)[a.name]
    elf = os.path.join(a.bin, a.name + ".elf")
    with tempfile.TemporaryDirectory() as work:
        vp_cmd = [a.vp, "run", "--quiet", "--out", os.path.join(work, "out"), "--elf", elf]
        qemu_cmd = [os.path.join(a.repo, "tools", "qemu", "run_qemu.sh"), "-t", "60"]
        if a.name == "spmv":
            data, scenario = spmv_data(a.repo, work)
            vp_cmd.append(scenario)
            qemu_cmd += ["-d", data]
        if a.name == "rgcn":
            # The data and its bit-exact check come from the VP's rgcn workload, which checks only
            # when the scenario names the ELF itself (no --elf): scenarios/rgcn_tiny.yaml loads
            # ${firmware}/rgcn.elf. No caches there: the firmware must run without controllers.
            vp_cmd = [a.vp, "run", "--quiet", "--out", os.path.join(work, "out"),
                      os.path.join(a.repo, "scenarios", "rgcn_tiny.yaml")]
        qemu_cmd.append(elf)

        rc, out, err = run(vp_cmd)
        print(f"VP: exit {rc}\n--- stdout ---\n{out}--- stderr ---\n{err}")

        if where == "qemu":
            qrc, qout, qerr = run(qemu_cmd)
            print(f"QEMU: exit {qrc}\n--- stdout ---\n{qout}--- stderr ---\n{qerr}")
            if qrc != int(expect):
                fail(f"QEMU exit {qrc}, programs.txt expects {expect}")
            if rc != qrc:
                fail(f"exit codes differ: VP {rc}, QEMU {qrc}")
            if out != qout:
                fail("console output differs between the VP and QEMU")
            print(f"PASS: identical output ({len(out)} bytes) and exit code {rc} on the VP and QEMU")
            return

        # VP-only programs.
        if expect == "fault":
            if rc != 4:
                fail(f"expected the VP to stop with an unhandled-trap report (exit 4), got exit {rc}")
            for pattern in [r"unhandled trap", r"mcause=0x00000002 \(illegal instruction\)",
                            r"mepc=0x[0-9a-f]+ <fault_illegal_insn", r"mtval=0xc0001073", r"\bx1\b|\bra\b"]:
                if not re.search(pattern, err):
                    fail(f"fault report lacks /{pattern}/")
            print("PASS: unhandled illegal instruction reported with cause, PC symbol, mtval and registers")
            return
        if rc != int(expect):
            fail(f"VP exit {rc}, expected {expect}")
        if a.name == "rgcn":
            if "rgcn: done" not in out:
                fail("rgcn did not report completion")
            # The check can fail: the same data with a program that never writes Y (hello) must be
            # rejected (exit 5, "result check failed").
            with open(os.path.join(a.repo, "scenarios", "rgcn_tiny.yaml")) as f:
                text = f.read().replace("${firmware}/rgcn.elf", os.path.abspath(os.path.join(a.bin, "hello.elf")))
            neg = os.path.join(work, "rgcn_no_result.yaml")
            with open(neg, "w") as f:
                f.write(text)
            nrc, nout, nerr = run([a.vp, "run", "--quiet", "--out", os.path.join(work, "neg"), neg])
            print(f"VP (hello on rgcn data): exit {nrc}\n--- stderr ---\n{nerr}")
            if nrc != 5:
                fail(f"a run that never writes Y must fail the result check (exit 5), got {nrc}")
        print(f"PASS: exit {rc}")


if __name__ == "__main__":
    main()
