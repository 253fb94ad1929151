#!/usr/bin/env python3
"""cmake --install of this build into a fresh prefix, then, with nothing but the prefix:
- examples/vec_lapp_hello configured with the installed toolchain file and find_package(vp CONFIG),
  built, and run on the installed vp (default platform: accelerator; with LAPP enabled: the loop
  mapped onto LAPP); exit 0 and "example: ok" required;
- the installed vp runs shipped scenarios (default, spmv_msc01440) from another directory with the
  VP_* environment cleared, and what it loaded (config.json) comes from the prefix, not the build;
- the installed CMake files and SDK name no path of the source or build tree (relocatable).
"""
import argparse
import json
import os
import shutil
import subprocess
import sys


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def strings(v):
    if isinstance(v, str):
        yield v
    elif isinstance(v, dict):
        for x in v.values():
            yield from strings(x)
    elif isinstance(v, list):
        for x in v:
            yield from strings(x)


def fail(msg):
    print("FAIL:", msg)
    sys.exit(1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cmake", required=True)
    ap.add_argument("--build", required=True)
    ap.add_argument("--repo", required=True)
    ap.add_argument("--work", required=True)
    a = ap.parse_args()
    shutil.rmtree(a.work, ignore_errors=True)
    os.makedirs(a.work)
    prefix = os.path.join(a.work, "prefix")
    env = {k: v for k, v in os.environ.items() if not k.startswith("VP_")}

    p = run([a.cmake, "--install", a.build, "--prefix", prefix])
    if p.returncode != 0:
        fail("cmake --install failed:\n" + p.stdout + p.stderr)
    vp = os.path.join(prefix, "bin", "vp")
    toolchain = os.path.join(prefix, "share", "vp", "sdk", "cmake", "riscv32-picolibc.cmake")
    for f in (vp, toolchain, os.path.join(prefix, "lib", "cmake", "vp", "vpConfig.cmake")):
        if not os.path.exists(f):
            fail(f"not installed: {f}")

    # Relocatable: no installed text file names the source or build tree.
    for root in (os.path.join(prefix, "lib", "cmake"), os.path.join(prefix, "share", "vp", "sdk")):
        for d, _, names in os.walk(root):
            for n in names:
                path = os.path.join(d, n)
                try:
                    text = open(path, encoding="utf-8").read()
                except UnicodeDecodeError:
                    continue
                text = text.replace(os.path.realpath(prefix), "").replace(prefix, "")
                for tree in (os.path.realpath(a.repo), os.path.realpath(a.build)):
                    if tree in text:
                        fail(f"{path} names {tree}")

    ex_build = os.path.join(a.work, "example")
    p = run([a.cmake, "-S", os.path.join(a.repo, "examples", "vec_lapp_hello"), "-B", ex_build,
             f"-DCMAKE_PREFIX_PATH={prefix}", f"-DCMAKE_TOOLCHAIN_FILE={toolchain}"], env=env)
    if p.returncode != 0:
        fail("configuring the example failed:\n" + p.stdout + p.stderr)
    p = run([a.cmake, "--build", ex_build], env=env)
    if p.returncode != 0:
        fail("building the example failed:\n" + p.stdout + p.stderr)
    elf = os.path.join(ex_build, "example.elf")

    for sets, must in (([], "saxpy ran on the CPU"), (["--set", "platform.lapp.enabled=true"], "loops mapped 1")):
        out = os.path.join(a.work, "run" + str(len(sets)))
        p = run([vp, "run", "--quiet", "--out", out, "--elf", elf, *sets], env=env, cwd=a.work)
        print(p.stdout, end="")
        if p.returncode != 0 or "example: ok" not in p.stdout or must not in p.stdout:
            fail(f"example on the installed vp {sets}: exit {p.returncode}\n{p.stdout}{p.stderr}")

    for scenario in ("default", "spmv_msc01440"):
        out = os.path.join(a.work, scenario)
        p = run([vp, "run", "--quiet", "--out", out, scenario], env=env, cwd=a.work)
        if p.returncode != 0:
            fail(f"installed vp run {scenario}: exit {p.returncode}\n{p.stdout}{p.stderr}")
        cfg = open(os.path.join(out, "config.json"), encoding="utf-8").read()
        share = os.path.join(prefix, "share", "vp") + "/"
        paths = [s for s in strings(json.loads(cfg)) if s.startswith("/")]
        outside = [s for s in paths if not s.startswith(share) and not s.startswith(out)]
        if outside:
            fail(f"installed vp run {scenario} loaded files from outside the prefix: {outside}")
        if not any(s.startswith(share) for s in paths):
            fail(f"installed vp run {scenario}: config.json names nothing under {share}")
    print("install: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
