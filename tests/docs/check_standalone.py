#!/usr/bin/env python3
"""The repository stands alone (issue #37): no tracked file refers to a path outside it, the data
sets the scenarios name are in data/ with their checksums, and the papers are cited by the keys of
docs/references.md, never by the names of files outside the repository ("seed 000" etc.).

  check_standalone.py SOURCE_DIR        exit 0 when clean, 1 with one line per finding
"""
import hashlib
import os
import re
import subprocess
import sys

SELF = "tests/docs/check_standalone.py"
# Paths outside the repository (built from parts so that this file does not match itself).
OUTSIDE = [re.compile(p) for p in (
    r"\.\./" + "shared", "VP_" + "SHARED", r"\bshared/" + "(data|seeds)", r"\$\{" + "shared\}",
    "DESIGN" + r"\.md", r"(?<![\w.])/work/", r"(?<![\w.])/root/", r"(?<![\w.])/home/")]
# Names of the papers that only resolve outside the repository.
SEED_NAME = re.compile(r"\bseeds?[- _]?(paper[- ])?0\d\d\b", re.IGNORECASE)
CITE = re.compile(r"\[\[?((?:tomita|tanabe|shitaoka|lee|kashimata)-[a-z-]+)\]")


def tracked(src):
    try:
        out = subprocess.run(["git", "-C", src, "ls-files", "-z"], capture_output=True, check=True).stdout
        return [f for f in out.decode().split("\0") if f]
    except (OSError, subprocess.CalledProcessError):  # a source tree without git: walk it
        files = []
        for root, dirs, names in os.walk(src):
            dirs[:] = [d for d in dirs if not d.startswith((".", "build", "out"))]
            files += [os.path.relpath(os.path.join(root, n), src) for n in names]
        return files


def main():
    src = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".")
    errors = []
    keys = set(re.findall(r'<a id="([a-z-]+)"></a>', open(os.path.join(src, "docs/references.md"), encoding="utf-8").read()))
    if not keys:
        errors.append("docs/references.md: no citation anchors (<a id=\"key\"></a>)")
    files = tracked(src)
    for f in files:
        if f == SELF or f.startswith(("data/", "third_party/", "fuzz/corpus/")):
            continue
        path = os.path.join(src, f)
        if not os.path.isfile(path) or os.path.getsize(path) > 4_000_000:
            continue
        try:
            text = open(path, encoding="utf-8").read()
        except (OSError, UnicodeDecodeError):
            continue
        for n, line in enumerate(text.splitlines(), 1):
            for p in OUTSIDE:
                m = p.search(line)
                if m:
                    errors.append(f"{f}:{n}: refers to a path outside the repository ({m.group(0)!r})")
            m = SEED_NAME.search(line)
            if m:
                errors.append(f"{f}:{n}: names a paper as {m.group(0)!r}; cite it by its key in docs/references.md")
            for k in CITE.findall(line):
                if k not in keys:
                    errors.append(f"{f}:{n}: citation key [{k}] is not in docs/references.md")
    # data/: every file listed in SHA256SUMS and data/README.md, the sums right.
    data = os.path.join(src, "data")
    sums = {}
    for line in open(os.path.join(data, "SHA256SUMS"), encoding="utf-8"):
        h, name = line.split()
        sums[name] = h
    readme = open(os.path.join(data, "README.md"), encoding="utf-8").read()
    for f in files:
        if f.startswith("data/") and f not in ("data/README.md", "data/SHA256SUMS"):
            name = f[len("data/"):]
            if name not in sums:
                errors.append(f"{f}: not in data/SHA256SUMS")
            if f"`{name}`" not in readme:
                errors.append(f"{f}: not described in data/README.md")
    for name, h in sums.items():
        path = os.path.join(data, name)
        if not os.path.exists(path):
            errors.append(f"data/{name}: listed in data/SHA256SUMS but missing")
            continue
        got = hashlib.sha256(open(path, "rb").read()).hexdigest()
        if got != h:
            errors.append(f"data/{name}: SHA-256 {got}, data/SHA256SUMS says {h}")
        if h not in readme:
            errors.append(f"data/{name}: its SHA-256 is not the one data/README.md states")
    # Every ${data}/... a tracked file names exists.
    for f in files:
        if f.endswith((".yaml", ".py", ".md")) and not f.startswith("data/"):
            try:
                text = open(os.path.join(src, f), encoding="utf-8").read()
            except (OSError, UnicodeDecodeError):
                continue
            for m in re.finditer(r"\$\{data\}/([a-z0-9_./-]+\.(?:mtx|nt\.gz))", text):
                if not os.path.exists(os.path.join(data, m.group(1))):
                    errors.append(f"{f}: names ${{data}}/{m.group(1)}, which is not in data/")
    for e in errors:
        print(e)
    print(f"check_standalone: {len(files)} files, {len(errors)} finding(s)")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
