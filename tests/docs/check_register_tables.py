#!/usr/bin/env python3
"""Checks the register tables in docs/ against the register headers (include/vp/regs), so the two
cannot drift apart: every register a header defines (a `#define PREFIX_NAME 0x..` whose comment starts
with its access type: RO, RW, W, R, RW1C, WO, read, write) must appear in the page's register table at
the header's offset, and every register the table names must exist in the header at that offset.

A register table is a Markdown table whose header row starts with `| offset | name |`. Cells may list
several registers ("0x1C / 0x20 | HOT_START / HOT_END", "0x40–0x4C | LINE_SIZE, WAYS, SETS, SIZE_KIB":
a range steps by 4 bytes); names may carry the header's prefix or not, with or without backticks.

Usage: check_register_tables.py REPO_ROOT      (exit 1 with one line per problem)
To cover a new device, add its (header, prefixes, page) to PAGES."""
import re
import sys
from pathlib import Path

PAGES = [
    ("include/vp/regs/cache_ctrl.h", ["CACHECTL_"], "docs/cache.md"),
    ("include/vp/regs/hmc.h", ["HMC_", "GS_"], "docs/hmc.md"),
    ("include/vp/regs/vec.h", ["VEC_"], "docs/vector.md"),
    ("include/vp/regs/lapp.h", ["LAPP_"], "docs/lapp.md"),
]

ACCESS = re.compile(r"^\s*(RW1C|RO|RW|WO|W|R|read|write)\s*(:|$)", re.I)
DEFINE = re.compile(r"^#define\s+([A-Z0-9_]+)\s+\(?\s*(0x[0-9A-Fa-f]+|\d+)u?\s*\)?\s*(?:/\*(.*?)\*/)?")


def header_registers(path, prefixes):
    regs = {}
    for line in Path(path).read_text().splitlines():
        m = DEFINE.match(line)
        if not m or not any(m.group(1).startswith(p) for p in prefixes):
            continue
        if m.group(3) is None or not ACCESS.match(m.group(3)):
            continue  # not a register (a size, a bit value, a field)
        regs[m.group(1)] = int(m.group(2), 0)
    return regs


def split(cell):
    return [p.strip().strip("`").strip() for p in re.split(r"[/,]", cell) if p.strip()]


def offsets_of(cell):
    out = []
    for part in split(cell):
        r = re.match(r"^(0x[0-9A-Fa-f]+)\s*[–-]\s*(0x[0-9A-Fa-f]+)$", part)
        if r:
            out.extend(range(int(r.group(1), 16), int(r.group(2), 16) + 1, 4))
        elif re.match(r"^(0x[0-9A-Fa-f]+|\d+)$", part):
            out.append(int(part, 0))
    return out


def doc_rows(path):
    rows, in_table = [], False
    for n, line in enumerate(Path(path).read_text().splitlines(), 1):
        cells = [c.strip() for c in line.strip().strip("|").split("|")] if line.startswith("|") else None
        if cells and len(cells) >= 2 and cells[0].lower() == "offset" and cells[1].lower() == "name":
            in_table = True
            continue
        if not cells:
            in_table = False
            continue
        if in_table and not set(cells[0]) <= set("-: "):
            rows.append((n, offsets_of(cells[0]), split(cells[1])))
    return rows


def check(root, header, prefixes, page):
    problems = []
    regs = header_registers(root / header, prefixes)
    if not regs:
        return [f"{header}: no registers found (prefixes {prefixes})"]
    unprefixed = {}
    for name, off in regs.items():
        for p in prefixes:
            if name.startswith(p):
                unprefixed.setdefault(name[len(p):], name)
    seen = set()
    rows = doc_rows(root / page)
    if not rows:
        return [f"{page}: no register table (| offset | name | ...)"]
    for line, offs, names in rows:
        full = [n if n in regs else unprefixed.get(n) for n in names]
        for i, (shown, name) in enumerate(zip(names, full)):
            if name is None:
                problems.append(f"{page}:{line}: '{shown}' is not a register of {header}")
                continue
            seen.add(name)
            want = regs[name]
            got = offs[i] if len(offs) == len(names) else (want if want in offs else None)
            if got != want:
                problems.append(f"{page}:{line}: {name} at {hex(got) if got is not None else '?'}, "
                                f"{header} says {hex(want)}")
    for name in sorted(set(regs) - seen):
        problems.append(f"{page}: register {name} ({hex(regs[name])}) of {header} is missing from the table")
    return problems


def main():
    root = Path(sys.argv[1] if len(sys.argv) > 1 else ".")
    problems = []
    for header, prefixes, page in PAGES:
        problems += check(root, header, prefixes, page)
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
