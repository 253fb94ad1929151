#!/usr/bin/env python3
"""LAPP_DESC (include/vp/isa/lapp.h) rejects a constant stride the descriptor cannot hold at compile
time (issue #32 item 19b: it used to truncate it to its low 12 bits without a word):

  check_desc_compile.py CC INCLUDE_DIR

C with a constant stride of 0xFFF, or a run-time stride, compiles (-Wall -Wextra -Werror); a constant
stride of 0x1000 or more is an error whose message names LAPP_DESC."""
import os
import subprocess
import sys
import tempfile

GOOD = r"""
#include "vp/isa/lapp.h"
unsigned runtime(unsigned s, unsigned n) { return LAPP_DESC(1, 0, s, n); }
unsigned largest(void) { return LAPP_DESC(2, 1, 0xFFF, 100); }
_Static_assert(LAPP_DESC(1, 0, 0xFFF, 100) == ((100u << 16) | (0xFFFu << 4) | 1u), "encoding");
static const unsigned file_scope = LAPP_DESC(3, 0, 384, 7);
unsigned use(void) { return file_scope; }
"""
BAD = [r"""
#include "vp/isa/lapp.h"
unsigned too_large(void) { return LAPP_DESC(1, 0, 0x1000, 100); }
""", r"""
#include "vp/isa/lapp.h"
enum { kPitch = 96 * 4 * 16 };
unsigned too_large(void) { return LAPP_DESC(2, 0, kPitch, 10); }
"""]


def compile_c(cc, inc, src, work):
    path = os.path.join(work, "t.c")
    with open(path, "w") as f:
        f.write(src)
    return subprocess.run([cc, "-std=gnu11", "-Wall", "-Wextra", "-Werror", "-fsyntax-only", "-I", inc, path],
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def main():
    cc, inc = sys.argv[1], sys.argv[2]
    with tempfile.TemporaryDirectory() as work:
        p = compile_c(cc, inc, GOOD, work)
        if p.returncode != 0:
            print("FAIL: valid LAPP_DESC uses do not compile:\n" + p.stdout)
            return 1
        for src in BAD:
            p = compile_c(cc, inc, src, work)
            if p.returncode == 0 or "LAPP_DESC: stride/record above 0xFFF" not in p.stdout:
                print("FAIL: a constant stride above 0xFFF compiled (or failed for another reason):\n" + src + p.stdout)
                return 1
    print("PASS: constant strides above 0xFFF are compile-time errors; valid uses compile")
    return 0


if __name__ == "__main__":
    sys.exit(main())
