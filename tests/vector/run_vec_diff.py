#!/usr/bin/env python3
"""Vector differential test: the vector suite (firmware/programs/vec_suite) on QEMU and on the VP's
vector accelerator model must print the same result words (3500+ words: every implemented
instruction class, fflags included).

  run_vec_diff.py --vec-run VEC_RUN --bin FWBIN --repo REPO [--vp VP]

QEMU: qemu-system-riscv32 -machine virt -cpu rv32,v=true,vlen=1024,elen=32 runs vec_suite.elf, whose
CPU calls the accelerator program as a function (QEMU 7.2 cannot select Zve32f alone: full V with
ELEN 32, the programs use only the subset). The VP: vec-run runs the same program bytes
(vec_suite.text.bin / .data.bin) on the accelerator model (VLEN 1024), the CPU program on a minimal
SoC (vec-run --elf) and, with --vp, on the platform (`vp run --elf vec_suite.elf`). Two runs of the model must give the same
cycle and instruction counts.
"""
import argparse
import os
import subprocess
import sys

DLM = 0x18500000
SCRATCH = DLM + 0x1000  # firmware/programs/vec_suite/vec_suite.c: SCRATCH_OFFSET
OUT = SCRATCH + 0x1800  # OUT_OFFSET


def run(cmd, timeout=120):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout)
    return p.returncode, p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace")


def fail(msg):
    print("FAIL:", msg)
    sys.exit(1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--vec-run", required=True)
    ap.add_argument("--bin", required=True)
    ap.add_argument("--repo", required=True)
    ap.add_argument("--vp")
    a = ap.parse_args()
    elf = os.path.join(a.bin, "vec_suite.elf")
    text = os.path.join(a.bin, "vec_suite.text.bin")
    data = os.path.join(a.bin, "vec_suite.data.bin")

    qrc, qout, qerr = run([os.path.join(a.repo, "tools", "qemu", "run_qemu.sh"), "-t", "60", elf, "--",
                           "-cpu", "rv32,v=true,vlen=1024,elen=32,vext_spec=v1.0"])
    print(f"QEMU: exit {qrc}, {len(qout.splitlines())} lines\n--- stderr ---\n{qerr}")
    if qrc != 0:
        fail(f"QEMU exit {qrc}:\n{qout[-2000:]}")
    vrc, vout, verr = run([a.vec_run, "--dump", str(OUT), "--label", "vec_suite", text, data, str(SCRATCH)])
    print(f"VP accelerator (vec-run): exit {vrc}, {len(vout.splitlines())} lines\n--- stderr ---\n{verr}")
    if vrc != 0:
        fail(f"vec-run exit {vrc}")
    qlines, vlines = qout.splitlines(), vout.splitlines()
    if not qlines or not qlines[0].startswith("vec_suite: ") or int(qlines[0].split()[1]) < 1000:
        fail(f"QEMU output does not look like the suite's: {qlines[:2]}")
    if qlines != vlines:
        for k, (q, v) in enumerate(zip(qlines, vlines)):
            if q != v:
                fail(f"line {k} differs:\n  QEMU {q}\n  VP   {v}")
        fail(f"line counts differ: QEMU {len(qlines)}, VP {len(vlines)}")
    print(f"PASS: {qlines[0]} identical on QEMU and the accelerator model")

    # The CPU program itself on a CPU + PLIC + accelerator SoC: the HAL loads, starts and waits for
    # the accelerator by interrupt (vec-run --elf), and prints the same lines.
    src, sout, serr = run([a.vec_run, "--elf", elf])
    print(f"VP CPU + accelerator (vec-run --elf): exit {src}\n--- stderr ---\n{serr}")
    if src != 0:
        fail(f"vec-run --elf exit {src}:\n{sout[-2000:]}")
    if sout.splitlines() != qlines:
        fail("the CPU program driving the accelerator printed something else than QEMU")
    print("PASS: the CPU program driving the accelerator through the HAL (interrupt completion) agrees")

    # Deterministic timing: two runs give the same cycle and instruction counts.
    def timing():
        rc, out, _ = run([a.vec_run, "--stats", text, data, str(SCRATCH)])
        if rc != 0:
            fail(f"vec-run --stats exit {rc}")
        fields = out.split()
        return {fields[k]: fields[k + 1] for k in range(0, len(fields) - 1, 2)
                if fields[k] in ("cycles", "instret", "vector_instructions", "element_ops", "flops")}
    t1, t2 = timing(), timing()
    if len(t1) != 5 or t1 != t2:
        fail(f"two runs differ: {t1} vs {t2}")
    print(f"PASS: deterministic timing: {t1}")

    if a.vp:
        prc, pout, perr = run([a.vp, "run", "--quiet", "--elf", elf])
        if prc != 0 or pout.splitlines() != qlines:
            fail(f"vp run --elf vec_suite.elf: exit {prc}\n{pout[-2000:]}\n{perr[-2000:]}")
        print("PASS: the platform (vp run --elf, accelerator from the device table) agrees too")


if __name__ == "__main__":
    main()
