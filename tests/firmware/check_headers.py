#!/usr/bin/env python3
"""Every firmware header is self-contained (issue #37): each header of firmware/include (HAL, drivers,
runtime, kernels) and of include/vp (the register layouts firmware includes) compiles alone, as the
first and only include of a C file, with the cross compiler and the firmware's flags, warnings as
errors. A header that uses a type or macro without including what defines it fails here.

  check_headers.py --cc riscv64-unknown-elf-gcc --repo SOURCE_DIR [--flags "..."]
"""
import argparse
import os
import shlex
import subprocess
import sys


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cc", required=True)
    ap.add_argument("--repo", required=True)
    ap.add_argument("--flags", default="-march=rv32imafc -mabi=ilp32f --specs=picolibc.specs")
    a = ap.parse_args()
    roots = [os.path.join(a.repo, "firmware", "include"), os.path.join(a.repo, "include")]
    headers = []
    for root in roots:
        for d, _, names in os.walk(root):
            headers += [os.path.relpath(os.path.join(d, n), root) for n in sorted(names) if n.endswith(".h")]
    if not headers:
        print("no headers found")
        return 1
    failed = 0
    for h in sorted(headers):
        for std in ("-std=gnu11", "-std=c2x"):
            cmd = [a.cc, *shlex.split(a.flags), std, "-fsyntax-only", "-Wall", "-Wextra", "-Werror",
                   "-Wno-unused-function", "-Wmissing-prototypes", "-Wstrict-prototypes",
                   "-I", roots[0], "-I", roots[1], "-x", "c", "-"]
            p = subprocess.run(cmd, input=f"#include <{h}>\n", capture_output=True, text=True)
            if p.returncode != 0:
                failed += 1
                print(f"{h} ({std}) is not self-contained:\n{p.stderr.strip()}\n")
                break
    print(f"check_headers: {len(headers)} headers, {failed} not self-contained")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
