#!/usr/bin/env python3
"""The core's CSR numbers have one table (models/cpu/iss/csr.def, read through csr.h as iss::kCsr_*).
A model that declares a constant of its own for a CSR the table holds can drift from it (issue #32
item 19e: models/lapp/mode_controller.cpp had kCsrMstatus = 0x300 and three more):

  check_csr_numbers.py REPO_ROOT      (exit 1 with one line per duplicate)

Checked: every C++ source under models/ and platform/ outside models/cpu/iss; a duplicate is a
name containing "csr" (any case) defined as a number (`= 0x300`, `(0x300)`) that csr.def holds.
CSRs the table does not hold (an extension's own, e.g. the vector unit's vl, vtype) are allowed."""
import re
import sys
from pathlib import Path

TABLE = re.compile(r"^CSR\(\s*(\w+)\s*,\s*(0x[0-9a-fA-F]+)", re.M)
DEF = re.compile(r"\b(\w*[cC][sS][rR]\w*)\s*(?:=|\{|\()\s*(0x[0-9a-fA-F]+|\d+)\b")


def main():
    root = Path(sys.argv[1])
    table = {int(num, 16): name for name, num in TABLE.findall((root / "models/cpu/iss/csr.def").read_text())}
    assert len(table) > 20, "csr.def not parsed"
    problems = []
    for sub in ("models", "platform"):
        for path in sorted((root / sub).rglob("*")):
            if path.suffix not in (".cpp", ".h", ".hpp", ".cc") or "models/cpu/iss" in path.as_posix():
                continue
            for lineno, line in enumerate(path.read_text(errors="replace").splitlines(), 1):
                code = line.split("//")[0]
                for name, num in DEF.findall(code):
                    value = int(num, 0)
                    if value in table:
                        problems.append(f"{path.relative_to(root)}:{lineno}: {name} = {num} is CSR "
                                        f"'{table[value]}' of models/cpu/iss/csr.def: use iss::kCsr_{table[value]}")
    for p in problems:
        print(p)
    if not problems:
        print(f"PASS: no model redeclares one of the {len(table)} CSRs of the table")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
