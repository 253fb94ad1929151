#!/usr/bin/env python3
"""Docs as tests: run the marked blocks of a Markdown page, in order, in a temporary home directory.

  run_doc_blocks.py --doc docs/getting_started.md --repo SOURCE_DIR --build BUILD_DIR --work WORK_DIR

Marker syntax (the info string of a fenced code block, after its language):

  ```sh test              a shell block: run with bash (-e -u -o pipefail), in $HOME, with
                          HOME = the temporary directory (so ~ is there), the VP_* environment
                          cleared; the block fails the test if it exits non-zero
  ```LANG file=PATH       a file the reader creates: written to $HOME/PATH before the next block runs
  ```text expect          output of the shell block just before: each non-empty line must appear in
                          its stdout or stderr (a substring match, line by line)

Every other fenced block of a shell language (sh, bash, shell, console) without `test` is an error:
every command of a page that uses this runner is run. Indented blocks and inline code are prose.

The reader's clone of the repository is `~/vp`: a symbolic link to SOURCE_DIR, followed physically
(bash's `set -o physical`, so `cd ~/vp` is the repository itself and CMake sees its real path), and
BUILD_DIR must be SOURCE_DIR/build: a page that builds the project then re-runs an up-to-date build
(seconds) instead of a second one. Otherwise the test is skipped (exit 77) with a message.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys

FENCE = re.compile(r"^```(.*)$")
SHELLS = ("sh", "bash", "shell", "console")


def blocks(path):
    """(line, language, attributes {name: value or True}, text) of every fenced block."""
    out, lines, i = [], open(path, encoding="utf-8").read().split("\n"), 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        info = m.group(1).split()
        start, i, body = i + 1, i + 1, []
        while i < len(lines) and lines[i] != "```":
            body.append(lines[i])
            i += 1
        if i == len(lines):
            raise SystemExit(f"{path}:{start}: fenced block not closed")
        attrs = {}
        for word in info[1:]:
            k, eq, v = word.partition("=")
            attrs[k] = v if eq else True
        out.append((start, info[0] if info else "", attrs, "\n".join(body) + "\n"))
        i += 1
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--doc", required=True)
    ap.add_argument("--repo", required=True)
    ap.add_argument("--build", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--timeout", type=float, default=300)
    a = ap.parse_args()
    if os.path.realpath(os.path.join(a.repo, "build")) != os.path.realpath(a.build):
        print(f"SKIP: the build directory {a.build} is not {a.repo}/build, which the page's commands build")
        return 77
    doc = os.path.relpath(os.path.realpath(a.doc), os.path.realpath(a.repo))
    todo = blocks(a.doc)
    for line, lang, attrs, _ in todo:
        if lang in SHELLS and "test" not in attrs:
            print(f"FAIL: {doc}:{line}: a {lang} block without the `test` marker (every command is run)")
            return 1
    if not any(lang in SHELLS for _, lang, _, _ in todo):
        print(f"FAIL: {doc}: no `sh test` block")
        return 1

    shutil.rmtree(a.work, ignore_errors=True)
    home = os.path.join(a.work, "home")
    os.makedirs(home)
    os.symlink(os.path.realpath(a.repo), os.path.join(home, "vp"))
    env = {k: v for k, v in os.environ.items() if not k.startswith("VP_")}
    env["HOME"] = home
    last = None  # (line, stdout + stderr) of the last shell block
    for line, lang, attrs, text in todo:
        where = f"{doc}:{line}"
        if "file" in attrs:
            path = os.path.normpath(os.path.join(home, attrs["file"]))
            if not path.startswith(home + os.sep):
                print(f"FAIL: {where}: file={attrs['file']} is outside the home directory")
                return 1
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
        elif lang in SHELLS:
            print(f"--- {where}\n{text}", end="", flush=True)
            try:
                p = subprocess.run(["bash", "-e", "-u", "-o", "pipefail", "-o", "physical", "-c", text],
                                   cwd=home, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                   timeout=a.timeout)
            except subprocess.TimeoutExpired as e:
                print((e.stdout or b"").decode(errors="replace")[-4000:])
                print(f"FAIL: {where}: still running after {a.timeout:.0f} s")
                return 1
            output = p.stdout.decode(errors="replace")
            print(output[-3000:], end="" if output.endswith("\n") or not output else "\n")
            if p.returncode != 0:
                print(f"FAIL: {where}: exit {p.returncode}")
                return 1
            last = (line, output)
        elif "expect" in attrs:
            if last is None:
                print(f"FAIL: {where}: an expect block before any shell block")
                return 1
            for want in text.splitlines():
                if want.strip() and want.strip() not in last[1]:
                    print(f"FAIL: {where}: the output of the block at line {last[0]} lacks: {want.strip()}")
                    return 1
    print(f"{doc}: every block ran as written")
    return 0


if __name__ == "__main__":
    sys.exit(main())
