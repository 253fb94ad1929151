#!/usr/bin/env python3
"""The prebuilt Linux boot set that the repository keeps for CI (images/linux-rv32, docs/linux.md):
every file is the one its README names by sha256, and, when qemu-system-riscv32 is installed, the set
boots on QEMU `virt` rv32 to the init's last line and powers off (QEMU exits 0). One CTest test per
function:

  test_linux_images.py --vp build/bin/vp --repo . TEST_NAME
"""
import gzip
import hashlib
import lzma
import os
import re
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
import cli_test_runner  # noqa: E402

VP = REPO = None
WORK = None

INIT_FIRST = "vp-linux-init: hello from user space, pid 1"
INIT_LAST = "vp-linux-init: done"
BOOT_TIMEOUT_S = 60


class Skip(Exception):
    pass


def images_dir():
    return os.path.join(REPO, "images", "linux-rv32")


def readme_sums():
    """{file name: sha256} from the README's `sha256sum` lines ("<64 hex>  <name>")."""
    with open(os.path.join(images_dir(), "README.md"), encoding="utf-8") as f:
        sums = dict((m.group(2), m.group(1)) for m in re.finditer(r"^\s*([0-9a-f]{64})  (\S+)$", f.read(), re.M))
    assert sums, "images/linux-rv32/README.md lists no sha256"
    return sums


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def test_sha256_match_readme():
    sums = readme_sums()
    present = sorted(n for n in os.listdir(images_dir()) if n != "README.md")
    assert sorted(sums) == present, f"README lists {sorted(sums)}, the directory has {present}"
    for name, want in sums.items():
        got = sha256(os.path.join(images_dir(), name))
        assert got == want, f"images/linux-rv32/{name}: sha256 {got}, README says {want}"


def test_boot_on_qemu():
    qemu = shutil.which("qemu-system-riscv32")
    if qemu is None:
        raise Skip("qemu-system-riscv32 is not installed")
    d = images_dir()
    image = os.path.join(WORK, "Image")
    with lzma.open(os.path.join(d, "Image.xz")) as src, open(image, "wb") as dst:
        shutil.copyfileobj(src, dst)
    initrd = os.path.join(WORK, "initramfs.cpio")
    with gzip.open(os.path.join(d, "initramfs.cpio.gz")) as src, open(initrd, "wb") as dst:
        shutil.copyfileobj(src, dst)
    cmd = [qemu, "-M", "virt", "-smp", "1", "-m", "256M", "-nographic", "-no-reboot",
           "-bios", os.path.join(d, "fw_jump.bin"), "-kernel", image, "-initrd", initrd,
           "-append", "console=ttyS0 earlycon"]
    t0 = time.monotonic()
    try:
        p = subprocess.run(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           timeout=BOOT_TIMEOUT_S)
    except subprocess.TimeoutExpired as e:
        out = (e.stdout or b"").decode("utf-8", "replace")
        raise AssertionError(f"no power-off within {BOOT_TIMEOUT_S} s; console ends with:\n{out[-3000:]}")
    out = p.stdout.decode("utf-8", "replace").replace("\r\n", "\n")
    with open(os.path.join(WORK, "console.log"), "w") as f:
        f.write(out)
    lines = out.split("\n")
    assert "OpenSBI v1.3" in out, "no OpenSBI banner:\n" + out[-3000:]
    assert any(re.search(r"Linux version 6\.1\.\d+", ln) for ln in lines), "no kernel banner:\n" + out[-3000:]
    assert INIT_FIRST in lines, "the init's first line is missing:\n" + out[-3000:]
    assert INIT_LAST in lines, "the init's last line is missing:\n" + out[-3000:]
    first, last = lines.index(INIT_FIRST), lines.index(INIT_LAST)
    cpuinfo = lines[first:last]
    # /proc/cpuinfo as the kernel prints it for the one hart: its ISA string and MMU mode.
    assert any(re.match(r"processor\s*: 0$", ln) for ln in cpuinfo), "/proc/cpuinfo not printed:\n" + out[-3000:]
    assert any(re.match(r"isa\s*: rv32ima", ln) for ln in cpuinfo), "no rv32 isa in /proc/cpuinfo"
    assert any(re.match(r"mmu\s*: sv32$", ln) for ln in cpuinfo), "no sv32 in /proc/cpuinfo"
    assert p.returncode == 0, f"QEMU exited {p.returncode} (power-off expected) after:\n{out[-2000:]}"
    print(f"booted to '{INIT_LAST}' and powered off in {time.monotonic() - t0:.1f} s")


if __name__ == "__main__":
    sys.exit(cli_test_runner.run(globals(), "vp-linux-images-", skip=Skip))
