#!/usr/bin/env python3
"""Register tables for docs/ from a register header of include/vp/regs, so that docs and models
cannot drift apart: the header is the one definition, the page shows what it says.

The header's convention: a section starts with a comment line `/* ---- Title ---- */` (or one that
opens a longer comment: `/* ---- Title ----`), and every `#define NAME value /* meaning */` after it
is one row of that section's table. Defines without a trailing comment, and those before the first
section (the include guard), are not shown.

  gen_regs_doc.py HEADER                 print the tables
  gen_regs_doc.py HEADER --write DOC     replace the generated block of DOC
  gen_regs_doc.py HEADER --check DOC     exit 1 when DOC's generated block differs (the test)

The block in DOC lies between `<!-- BEGIN generated from HEADER ... -->` and `<!-- END generated -->`.
"""
import argparse
import os
import re
import sys

SECTION = re.compile(r"^/\*\s*-{2,}\s*(.*?)\s*-{2,}\s*(\*/)?\s*$")
DEFINE = re.compile(r"^#define\s+([A-Za-z_][A-Za-z0-9_]*(?:\([^)]*\))?)\s+(.*?)\s*/\*\s*(.*?)\s*\*/\s*$")
BIT = re.compile(r"^\(1u\s*<<\s*(\d+)\)$")
HEX = re.compile(r"^(0x[0-9A-Fa-f]+|\d+)u?$")


def value_text(v):
    m = BIT.match(v)
    if m:
        return "bit " + m.group(1)
    m = HEX.match(v)
    if m:
        return m.group(1)
    return "`" + v + "`"


def cell(text):
    return text.replace("|", "\\|")


def tables(header_path):
    sections = []
    with open(header_path) as f:
        for line in f:
            line = line.rstrip("\n")
            m = SECTION.match(line)
            if m:
                sections.append((m.group(1), []))
                continue
            m = DEFINE.match(line)
            if m and sections:
                sections[-1][1].append((m.group(1), value_text(m.group(2).strip()), m.group(3)))
    out = []
    for title, rows in sections:
        if not rows:
            continue
        out.append(f"#### {title}\n")
        out.append("| name | value | meaning |")
        out.append("|---|---|---|")
        for name, value, meaning in rows:
            out.append(f"| `{name}` | {cell(value)} | {cell(meaning)} |")
        out.append("")
    return "\n".join(out)


def markers(header_rel):
    begin = f"<!-- BEGIN generated from {header_rel} by tools/gen_regs_doc.py: edit the header, not this block -->"
    return begin, "<!-- END generated -->"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("header")
    g = ap.add_mutually_exclusive_group()
    g.add_argument("--write", metavar="DOC")
    g.add_argument("--check", metavar="DOC")
    a = ap.parse_args()
    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    header_rel = os.path.relpath(os.path.abspath(a.header), repo)
    text = tables(a.header)
    if not a.write and not a.check:
        print(text)
        return 0
    doc = a.write or a.check
    with open(doc) as f:
        content = f.read()
    begin, end = markers(header_rel)
    i = content.find(begin)
    j = content.find(end, max(i, 0))  # the END of this block (a page may hold several headers' blocks)
    if i < 0 or j < i:
        print(f"{doc}: no generated block for {header_rel} (markers '{begin}' ... '{end}')", file=sys.stderr)
        return 1
    block = begin + "\n\n" + text + "\n" + end
    current = content[i : j + len(end)]
    if a.check:
        if current != block:
            print(f"{doc}: the register tables are stale: regenerate them with tools/gen_docs.sh "
                  f"(tools/gen_regs_doc.py {header_rel} --write {doc})", file=sys.stderr)
            return 1
        print(f"{doc}: register tables match {header_rel}")
        return 0
    with open(doc, "w") as f:
        f.write(content[:i] + block + content[j + len(end):])
    print(f"wrote the register tables of {doc}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
