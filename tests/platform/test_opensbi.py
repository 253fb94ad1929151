#!/usr/bin/env python3
"""OpenSBI and Linux built for QEMU virt rv32, unchanged, on `vp run --bios` (docs/boot.md):

- OpenSBI's generic platform firmware (fw_jump and, when there, fw_dynamic) boots
  firmware/programs/sbi_payload in S-mode: the banner (platform name from our device tree, the UART
  console, priv v1.12, the ISA, the domain's next stage) and the payload's lines (SBI console, a timer
  interrupt through SBI TIME, a UART interrupt through the PLIC's S context), then SBI SRST powers off
  through the test finisher: exit 0.
- The Linux 6.1 boot set (OpenSBI fw_jump + Image + initramfs) boots to its init's last line and powers
  off: exit 0.

The images are the prebuilt set of images/linux-rv32 (scripts/linux/build.sh), or the directory in
VP_LINUX_IMAGES (fw_jump.bin, fw_dynamic.bin, Image or Image.xz, initramfs.cpio or .cpio.gz); without
them the tests are skipped (exit 77). One CTest test per function:

  test_opensbi.py --vp build/bin/vp --repo . TEST_NAME
"""
import gzip
import lzma
import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
import cli_test_runner  # noqa: E402

VP = REPO = None
WORK = None


class Skip(Exception):
    pass


def images():
    return os.environ.get("VP_LINUX_IMAGES") or os.path.join(REPO, "images", "linux-rv32")


def image(name, required=True):
    """The image `name` of the boot set, unpacked into WORK when only name.xz / name.gz is there."""
    d = images()
    for where in (d, os.path.join(d, "opensbi")):  # (scripts/linux/build.sh's out/ has OpenSBI in opensbi/)
        if os.path.exists(os.path.join(where, name)):
            return os.path.join(where, name)
        for ext, opener in ((".xz", lzma.open), (".gz", gzip.open)):
            if os.path.exists(os.path.join(where, name + ext)):
                out = os.path.join(WORK, name)
                with opener(os.path.join(where, name + ext), "rb") as f, open(out, "wb") as o:
                    o.write(f.read())
                return out
    if required:
        raise Skip(f"no {name} in {d} (images/linux-rv32, or VP_LINUX_IMAGES)")
    return None


def payload():
    path = os.path.join(os.environ.get("VP_FIRMWARE_DIR", ""), "sbi_payload.elf")
    if not os.path.exists(path):
        raise Skip(f"{path} not built (VP_FIRMWARE_DIR)")
    return path


# The platform: 256 MiB of RAM as the boot set's QEMU command (-m 256M), no caches (the kernel runs at
# the ISS's speed; the caches work as well, at ~20x the host time).
SCENARIO = """name: linux
platform:
  ram:
    size: 256MiB
limits:
  max_sim_time: 20s
  max_host_seconds: 300
"""


def boot(bios, *args):
    scenario = os.path.join(WORK, "linux.yaml")
    with open(scenario, "w") as f:
        f.write(SCENARIO)
    p = subprocess.run([VP, "run", scenario, "--bios", bios, *args, "--out", os.path.join(WORK, "out"), "--quiet"],
                       capture_output=True, timeout=600)
    return p.returncode, p.stdout.decode(errors="replace").replace("\r\n", "\n"), p.stderr.decode(errors="replace")


def banner(out, key):
    m = re.search(r"^" + re.escape(key) + r"\s*: (.*)$", out, re.M)
    assert m, f"no '{key}' in the OpenSBI banner:\n{out}"
    return m.group(1).strip()


def check_opensbi_and_payload(fw, *extra, harts=1):
    rc, out, err = boot(fw, "--kernel", payload(), *extra)
    assert rc == 0, f"exit {rc}\n{out}\n{err}"
    assert re.search(r"^OpenSBI v1\.\d+", out, re.M), out
    assert banner(out, "Platform Name") == "vp RISC-V virtual platform"  # from our device tree
    assert banner(out, "Platform HART Count") == str(harts)
    assert banner(out, "Platform Console Device") == "uart8250"  # not semihosting (off for --bios)
    assert banner(out, "Platform Timer Device").startswith("aclint-mtimer @ 10000000Hz")
    assert banner(out, "Platform Shutdown Device") == "sifive_test"
    assert banner(out, "Boot HART Priv Version") == "v1.12"
    assert banner(out, "Boot HART Base ISA") == "rv32imafc"
    assert "time" in banner(out, "Boot HART ISA Extensions")
    assert banner(out, "Boot HART PMP Count") == "16"
    assert banner(out, "Domain0 Next Address") == "0x80400000"
    assert banner(out, "Domain0 Next Mode") == "S-mode"
    assert banner(out, "Boot HART MIDELEG") == "0x00000222"  # SSI, STI, SEI delegated
    lines = [l for l in out.splitlines() if l.startswith("sbi_payload:")]
    assert lines[0].startswith("sbi_payload: hello from S-mode"), out
    assert harts > 1 or "sbi_payload: hartid=0x00000000" in lines, out
    assert "sbi_payload: SBI implementation=0x00000001" in lines, out  # OpenSBI
    assert "sbi_payload: supervisor timer interrupt taken (SBI TIME)" in lines, out
    assert "sbi_payload: UART interrupt taken through the PLIC's S-mode context (SEIP)" in lines, out
    assert lines[-1] == "sbi_payload: shutting down (SBI SRST)", out
    return out


def test_opensbi_fw_jump_boots_an_s_mode_payload():
    out = check_opensbi_and_payload(image("fw_jump.bin"))
    assert "sbi_payload: dtb=0x82200000" in out, out  # fw_jump's FW_JUMP_FDT_ADDR: OpenSBI moved our tree there


def test_opensbi_fw_dynamic_boots_an_s_mode_payload():
    fw = image("fw_dynamic.bin", required=False)
    if not fw:
        raise Skip(f"no fw_dynamic.bin in {images()}")
    out = check_opensbi_and_payload(fw)
    assert "sbi_payload: dtb=0x87e00000" not in out  # (256 MiB: the tree at 0x8fe00000)
    assert "sbi_payload: dtb=0x8fe00000" in out, out


def test_opensbi_on_two_harts():
    # every hart runs the reset ROM; OpenSBI's boot hart (the lottery's winner) starts the payload, which
    # takes its UART interrupt at its own S context (2h + 1)
    out = check_opensbi_and_payload(image("fw_jump.bin"), "--set", "platform.cpu.harts=2", harts=2)
    assert banner(out, "Domain0 HARTs") == "0*,1*", out


def test_linux_boots_to_init_and_powers_off():
    rc, out, err = boot(image("fw_jump.bin"), "--kernel", image("Image"), "--initrd", image("initramfs.cpio"),
                        "--append", "console=ttyS0 earlycon")
    assert rc == 0, f"exit {rc}\n{out[-3000:]}\n{err}"
    for line in ("Machine model: vp RISC-V virtual platform", "SBI TIME extension detected",
                 "plic: plic@c000000: mapped 63 interrupts with 1 handlers for 2 contexts.",
                 "vp-linux-init: hello from user space, pid 1", "mmu\t\t: sv32", "vp-linux-init: done",
                 "reboot: Power down"):
        assert line in out, f"no '{line}' in the console output:\n{out[-3000:]}"
    assert "warning" not in err.lower(), err


def test_gdb_stops_linux_at_start_kernel_by_its_virtual_address():
    # GDB on a Linux boot (docs/gdb.md, docs/iss.md "GDB"): a breakpoint at start_kernel's virtual address
    # (System.map) stops the hart there in S-mode with Sv32 on, and memory read at that virtual address
    # is the kernel image's bytes at the same offset (the kernel's 0xc0000000 is the image's first byte).
    gdb = shutil.which("gdb-multiarch")
    if not gdb:
        raise Skip("gdb-multiarch not installed")
    with open(image("System.map")) as f:
        start_kernel = next(int(l.split()[0], 16) for l in f if l.split()[2:] == ["start_kernel"])
    kernel = image("Image")
    with open(kernel, "rb") as f:
        f.seek(start_kernel - 0xc0000000)
        want = f.read(8)
    scenario = os.path.join(WORK, "linux.yaml")
    with open(scenario, "w") as f:
        f.write(SCENARIO)
    vp = subprocess.Popen([VP, "run", scenario, "--bios", image("fw_jump.bin"), "--kernel", kernel, "--initrd",
                           image("initramfs.cpio"), "--append", "console=ttyS0", "--gdb", "0", "--quiet", "--out",
                           os.path.join(WORK, "gdb_out")], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        port = None
        for line in vp.stderr:
            m = re.match(r"vp: waiting for gdb on port (\d+)", line)
            if m:
                port = m.group(1)
                break
        assert port, "the VP did not wait for gdb"
        cmds = ["set pagination off", "set confirm off", "set architecture riscv:rv32", f"target remote 127.0.0.1:{port}",
                f"break *{start_kernel:#x}", "continue", "p/x $pc", "p/x $satp", "x/2wx $pc", "kill"]
        args = [gdb, "-nx", "-batch"]
        for c in cmds:
            args += ["-ex", c]
        out = subprocess.run(args, capture_output=True, text=True, timeout=120).stdout
    finally:
        vp.kill()
        vp.wait()
    assert f"$1 = {start_kernel:#x}" in out, out
    satp = int(re.search(r"\$2 = (0x[0-9a-f]+)", out).group(1), 16)
    assert satp >> 31 == 1, f"satp {satp:#x}: Sv32 off at start_kernel"
    words = re.search(r":\s+(0x[0-9a-f]+)\s+(0x[0-9a-f]+)", out)
    got = int(words.group(1), 16).to_bytes(4, "little") + int(words.group(2), 16).to_bytes(4, "little")
    assert got == want, f"memory at {start_kernel:#x}: {got.hex()}, the image has {want.hex()}"


if __name__ == "__main__":
    sys.exit(cli_test_runner.run(globals(), "vp_opensbi_", skip=Skip))
