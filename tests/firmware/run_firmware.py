#!/usr/bin/env python3
"""Firmware tests: run a firmware program on the VP and (for QEMU-capable programs) on
qemu-system-riscv32 -machine virt, and require identical console output and exit code.

  run_firmware.py --vp VP --bin FWBIN --repo REPO NAME            # as listed in firmware/programs.txt

A program's extra key=value fields in programs.txt are VP settings (--set) for its run.

VP-only programs have their own checks (fault report contents, HTIF exit).
rgcn and gcn run scenarios/<name>_tiny.yaml (their data and the bit-exact result check come from the VP).
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
            name, where, expect, *sets = line.split()
            out[name] = (where, expect, sets)
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


VLENS = (128, 256, 512, 1024)


def qemu_vector(a, elf, expect, vp_cmd):
    """A program for a CPU with the vector extension: QEMU with v=true at every VLEN must exit as
    programs.txt says with the same console output (the kernels' results do not depend on VLEN).
    On the VP the program runs the same kernel on the vector accelerator: its output must equal
    QEMU's; a VP build without the accelerator (no platform.vec) must say so and exit 2."""
    outs = {}
    for vlen in VLENS:
        cmd = [os.path.join(a.repo, "tools", "qemu", "run_qemu.sh"), "-t", "60", elf, "--",
               "-cpu", f"rv32,v=true,vext_spec=v1.0,vlen={vlen}"]
        qrc, qout, qerr = run(cmd)
        print(f"QEMU VLEN={vlen}: exit {qrc}\n--- stdout ---\n{qout}--- stderr ---\n{qerr}")
        if qrc != int(expect):
            fail(f"QEMU (VLEN {vlen}) exit {qrc}, programs.txt expects {expect}")
        outs[vlen] = qout
    if len(set(outs.values())) != 1:
        fail("console output differs between VLENs")
    rc, out, err = run(vp_cmd)
    print(f"VP: exit {rc}\n--- stdout ---\n{out}--- stderr ---\n{err}")
    accelerator = "platform.vec.enabled" in run([a.vp, "describe"])[1]
    if accelerator:
        if rc != int(expect) or out != outs[VLENS[0]]:
            fail(f"the VP's accelerator must give QEMU's output and exit {expect}, got exit {rc}")
        print(f"PASS: identical output on QEMU at VLEN {', '.join(map(str, VLENS))} and on the VP's accelerator")
        return
    if rc != 2 or "no vector extension" not in out:
        fail(f"on a VP without the accelerator the program must exit 2, got {rc}")
    print(f"PASS: identical output at VLEN {', '.join(map(str, VLENS))} ({len(outs[VLENS[0]])} bytes), exit {expect}")


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
    where, expect, sets = programs(a.repo)[a.name]
    elf = os.path.join(a.bin, a.name + ".elf")
    with tempfile.TemporaryDirectory() as work:
        vp_cmd = [a.vp, "run", "--quiet", "--out", os.path.join(work, "out"), "--elf", elf]
        for kv in sets:  # scenario settings the program needs (programs.txt, fourth column on)
            vp_cmd += ["--set", kv]
        qemu_cmd = [os.path.join(a.repo, "tools", "qemu", "run_qemu.sh"), "-t", "60"]
        if a.name == "spmv":
            data, scenario = spmv_data(a.repo, work)
            vp_cmd.append(scenario)
            qemu_cmd += ["-d", data]
        if a.name in ("rgcn", "gcn"):
            # The data and its bit-exact check come from the VP's rgcn workload, which checks only
            # when the scenario names the ELF itself (no --elf): scenarios/rgcn_tiny.yaml loads
            # ${firmware}/rgcn.elf. No caches there: the firmware must run without controllers.
            vp_cmd = [a.vp, "run", "--quiet", "--out", os.path.join(work, "out"),
                      os.path.join(a.repo, "scenarios", f"{a.name}_tiny.yaml")]
        qemu_cmd.append(elf)

        if where == "qemu-v":
            qemu_vector(a, elf, expect, vp_cmd)
            return

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
        if a.name in ("rgcn", "gcn"):
            if f"{a.name}: done" not in out:
                fail(f"{a.name} did not report completion")
            # The check can fail: the same data with a program that never writes Y (hello) must be
            # rejected (exit 5, "result check failed").
            with open(os.path.join(a.repo, "scenarios", f"{a.name}_tiny.yaml")) as f:
                text = f.read().replace(f"${{firmware}}/{a.name}.elf",
                                        os.path.abspath(os.path.join(a.bin, "hello.elf")))
            neg = os.path.join(work, f"{a.name}_no_result.yaml")
            with open(neg, "w") as f:
                f.write(text)
            nrc, nout, nerr = run([a.vp, "run", "--quiet", "--out", os.path.join(work, "neg"), neg])
            print(f"VP (hello on {a.name} data): exit {nrc}\n--- stderr ---\n{nerr}")
            if nrc != 5:
                fail(f"a run that never writes Y must fail the result check (exit 5), got {nrc}")
        print(f"PASS: exit {rc}")


if __name__ == "__main__":
    main()
