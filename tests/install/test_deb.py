#!/usr/bin/env python3
"""The Debian package (cmake/VpPackage.cmake, CPack's DEB generator), built from this build tree:

  test_deb.py --cpack CPACK --build BUILD_DIR --repo SOURCE_DIR --work WORK_DIR

- cpack -G DEB writes vp_<version>_<arch>.deb;
- its control fields: Package vp, the project's version, this machine's architecture; Depends holds
  the package of every shared library the installed executables need (found here with dpkg -S, so a
  library added to vp without being declared fails this test) and the Python modules of the tools;
  the firmware toolchain is Recommended; every package named in Depends exists on this machine;
- its file list: everything under /usr (vp and the tools in /usr/bin, scenarios, data, firmware, the
  SDK and the CMake package), nothing elsewhere, nothing naming the build or source tree;
- the package's tree extracted with dpkg-deb -x into a temporary root runs the default scenario with
  the VP_* environment cleared, from another directory, and loads its files from that root (vp is
  relocatable: it finds share/vp next to its bin/, so the extracted tree is what apt would put in /usr),
  and its vp report (the packaged Python tool) makes the run's page.
"""
import argparse
import glob
import json
import os
import platform
import re
import shutil
import subprocess
import sys


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def fail(msg):
    print("FAIL:", msg)
    sys.exit(1)


def field(deb, name):
    p = run(["dpkg-deb", "-f", deb, name])
    return p.stdout.strip()


def package_names(relation):
    """'libc6 (>= 2.34), python3, ninja-build | make' -> {'libc6', 'python3', 'ninja-build', 'make'}"""
    return {re.sub(r"[\s(:].*", "", alt.strip()) for part in relation.split(",") for alt in part.split("|")
            if alt.strip()}


def needed_libraries(elf):
    p = run(["readelf", "-d", elf])
    return re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", p.stdout)


def library_owners(sonames):
    """soname -> the Debian package that ships it on this machine (ldconfig -p gives its path; dpkg -S,
    run once for all, knows the path as the package installed it: /lib or /usr/lib on a merged /usr)."""
    candidates = {}
    for line in run(["ldconfig", "-p"]).stdout.splitlines():
        m = re.match(r"\s*(\S+) \(([^)]*)\) => (\S+)", line)
        if m and m.group(1) in sonames and (platform.machine() != "x86_64" or "x86-64" in m.group(2)):
            path, real = m.group(3), os.path.realpath(m.group(3))
            for c in (path, real, re.sub(r"^/usr/lib/", "/lib/", real), re.sub(r"^/lib/", "/usr/lib/", path)):
                candidates.setdefault(c, m.group(1))
    owners = {}
    for line in run(["dpkg", "-S", *candidates]).stdout.splitlines():
        pkg, _, path = line.partition(": ")
        if path in candidates:
            owners.setdefault(candidates[path], pkg.split(":")[0].strip())
    return owners


def strings(v):
    if isinstance(v, str):
        yield v
    elif isinstance(v, dict):
        for x in v.values():
            yield from strings(x)
    elif isinstance(v, list):
        for x in v:
            yield from strings(x)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cpack", required=True)
    ap.add_argument("--build", required=True)
    ap.add_argument("--repo", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--version", required=True)
    a = ap.parse_args()
    for tool in ("dpkg-deb", "dpkg-shlibdeps", "file", "readelf"):
        if not shutil.which(tool):
            print(f"SKIP: {tool} is not installed (dpkg-dev, file, binutils: scripts/setup.sh)")
            return 77
    shutil.rmtree(a.work, ignore_errors=True)
    os.makedirs(a.work)

    # 1. cpack: the package, into the work directory.
    p = run([a.cpack, "-G", "DEB", "--config", os.path.join(a.build, "CPackConfig.cmake"), "-B", a.work])
    debs = glob.glob(os.path.join(a.work, "*.deb"))
    if p.returncode != 0 or len(debs) != 1:
        fail(f"cpack -G DEB: exit {p.returncode}, packages {debs}\n{p.stdout}{p.stderr}")
    deb = debs[0]
    arch = run(["dpkg", "--print-architecture"]).stdout.strip()
    if os.path.basename(deb) != f"vp_{a.version}_{arch}.deb":
        fail(f"package file name {os.path.basename(deb)}, expected vp_{a.version}_{arch}.deb")

    # 2. Control fields.
    if field(deb, "Package") != "vp" or field(deb, "Version") != a.version or field(deb, "Architecture") != arch:
        fail(f"control: {run(['dpkg-deb', '-I', deb]).stdout}")
    depends, recommends = package_names(field(deb, "Depends")), package_names(field(deb, "Recommends"))
    print("Depends:", field(deb, "Depends"))
    print("Recommends:", field(deb, "Recommends"))
    for need in ("python3", "python3-matplotlib", "python3-yaml"):
        if need not in depends:
            fail(f"Depends lacks {need} (vp report / vp sweep run Python)")
    for need in ("gcc-riscv64-unknown-elf", "picolibc-riscv64-unknown-elf", "binutils-riscv64-unknown-elf"):
        if need not in recommends:
            fail(f"Recommends lacks {need} (the SDK builds firmware with it)")
    known = set(re.findall(r"^(?:Package|Provides): (.*)$",
                           run(["apt-cache", "show", "--no-all-versions", *sorted(depends | recommends)]).stdout,
                           re.M))
    known = package_names(", ".join(known)) | package_names(
        run(["dpkg-query", "-W", "-f=${Package}, ${Provides}, "]).stdout)
    for pkg in sorted(depends | recommends):
        if pkg not in known:
            fail(f"{pkg} (Depends/Recommends) is no package known to this machine")

    # 3. File list: all under /usr, the pieces of the install present, no build or source path.
    listing = run(["dpkg-deb", "-c", deb]).stdout.splitlines()
    files = [line.split()[-1] for line in listing]
    outside = [f for f in files if not (f.startswith("./usr/") or f in ("./", "./usr"))]
    if outside:
        fail(f"files outside /usr: {outside[:10]}")
    for must in ("./usr/bin/vp", "./usr/bin/vp-cachesim", "./usr/share/vp/scenarios/default.yaml",
                 "./usr/share/vp/tools/report/vp_report.py", "./usr/share/vp/firmware/spmv.elf",
                 "./usr/share/vp/sdk/cmake/riscv32-picolibc.cmake", "./usr/share/vp/sdk/cmake/VpFirmware.cmake",
                 "./usr/share/vp/sdk/include/hal/vec.h", "./usr/lib/cmake/vp/vpConfig.cmake",
                 "./usr/lib/cmake/vp/vpConfigVersion.cmake"):
        if must not in files:
            fail(f"{must} is not in the package ({len(files)} entries)")
    root = os.path.join(a.work, "root")
    p = run(["dpkg-deb", "-x", deb, root])
    if p.returncode != 0:
        fail("dpkg-deb -x: " + p.stderr)
    for d, _, names in os.walk(os.path.join(root, "usr", "lib", "cmake")):
        for n in names:
            text = open(os.path.join(d, n), encoding="utf-8").read()
            for tree in (os.path.realpath(a.repo), os.path.realpath(a.build)):
                if tree in text:
                    fail(f"{n} names {tree}")

    # Every shared library of the installed executables comes from a package in Depends.
    bindir = os.path.join(root, "usr", "bin")
    needed = {exe: needed_libraries(os.path.join(bindir, exe)) for exe in sorted(os.listdir(bindir))}
    owners = library_owners({so for libs in needed.values() for so in libs})
    for exe, libs in needed.items():
        for soname in libs:
            owner = owners.get(soname)
            if owner is None:
                fail(f"{exe} needs {soname}, which no installed package ships")
            provides = package_names(run(["dpkg-query", "-W", "-f=${Provides}", owner]).stdout)
            if not ({owner} | provides) & depends:  # the shlibs file may name a virtual package
                fail(f"{exe} needs {soname} from {owner}, which is not in Depends: {sorted(depends)}")

    # 4. The packaged vp runs the default scenario, from another directory, VP_* cleared.
    env = {k: v for k, v in os.environ.items() if not k.startswith("VP_")}
    vp = os.path.join(bindir, "vp")
    out = os.path.join(a.work, "out")
    p = run([vp, "run", "--quiet", "--out", out], env=env, cwd=a.work)
    print(p.stdout, end="")
    if p.returncode != 0:
        fail(f"the packaged vp on the default scenario: exit {p.returncode}\n{p.stdout}{p.stderr}")
    stats = json.load(open(os.path.join(out, "stats.json")))
    if stats.get("scenario") != "default":
        fail(f"ran {stats.get('scenario')}, not the default scenario")
    share = os.path.join(root, "usr", "share", "vp") + "/"
    paths = [s for s in strings(json.load(open(os.path.join(out, "config.json")))) if s.startswith("/")]
    if not any(s.startswith(share) for s in paths) or any(
            not s.startswith(share) and not s.startswith(out) for s in paths):
        fail(f"the packaged vp loaded files from outside its tree: {paths}")
    # vp report: the packaged Python tool, with what Depends brings (python3-matplotlib).
    p = run([vp, "report", out], env=env, cwd=a.work)
    if p.returncode != 0 or not os.path.exists(os.path.join(out, "report.html")):
        fail(f"vp report from the package: exit {p.returncode}\n{p.stdout}{p.stderr}")
    p = run([vp, "list"], env=env, cwd=a.work)
    if p.returncode != 0 or "default" not in p.stdout:
        fail(f"vp list from the package: exit {p.returncode}\n{p.stdout}{p.stderr}")
    print(f"deb: ok ({os.path.basename(deb)}, {os.path.getsize(deb) // 1024} KiB, {len(files)} entries)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
