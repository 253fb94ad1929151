#!/usr/bin/env python3
"""Booting like QEMU virt (docs/boot.md, platform/boot.h): `vp run --bios FW --kernel IMAGE --initrd FILE
--append ARGS` places the images, the device tree and the reset ROM as qemu-system-riscv32 -M virt
does. firmware/programs/boot_probe, run as the bios, prints what it was handed (a0..a2, the ROM's
reset vector, fw_dynamic_info, /chosen, the first words of the kernel and the initrd, whether semihosting
answers); on the VP and on QEMU 7.2 the lines must be the same. Bad input: one line naming the option and the file, exit 2.
One CTest test per function:

  test_boot.py --vp build/bin/vp --repo . TEST_NAME
"""
import os
import re
import shutil
import struct
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
import cli_test_runner  # noqa: E402

VP = REPO = None
WORK = None


class Skip(Exception):
    pass


def probe_elf():
    path = os.path.join(os.environ.get("VP_FIRMWARE_DIR", ""), "boot_probe.elf")
    if not os.path.exists(path):
        raise Skip(f"{path} not built (VP_FIRMWARE_DIR)")
    return path


def blob(name, size, seed):
    """A file of `size` bytes that differ from one file to the next."""
    path = os.path.join(WORK, name)
    data = bytes((i * 7 + seed * 31 + (i >> 8)) & 0xFF for i in range(size))
    with open(path, "wb") as f:
        f.write(data)
    return path


def elf(name, paddr, data):
    """An ELF32 RISC-V executable with one PT_LOAD segment of `data` at `paddr`."""
    path = os.path.join(WORK, name)
    ehdr = struct.pack("<4sBBBBB7sHHIIIIIHHHHHH", b"\x7fELF", 1, 1, 1, 0, 0, b"\0" * 7, 2, 243, 1, paddr, 52, 0, 0,
                       52, 32, 1, 0, 0, 0)
    phdr = struct.pack("<IIIIIIII", 1, 84, paddr, paddr, len(data), len(data), 7, 4)
    with open(path, "wb") as f:
        f.write(ehdr + phdr + data)
    return path


def run_vp(*args, check=0):
    p = subprocess.run([VP, "run", *args, "--out", os.path.join(WORK, "out"), "--quiet"], capture_output=True,
                       text=True, timeout=120)
    assert check is None or p.returncode == check, f"exit {p.returncode}\n{p.stdout}\n{p.stderr}"
    return p


def run_qemu(*args):
    qemu = shutil.which("qemu-system-riscv32")
    if not qemu:
        return None
    p = subprocess.run([qemu, "-M", "virt", "-nographic", "-monitor", "none", "-serial", "stdio", *args],
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    return p.stdout.replace("\r\n", "\n")


def fields(out):
    """{name: value} of the probe's `name=0x...` lines (the last one wins)."""
    return {m.group(1): int(m.group(2), 16) for m in re.finditer(r"^(?:chosen )?([\w,\[\]-]+)=0x([0-9a-f]+)$", out, re.M)}


def same_as_qemu(vp_args, qemu_args):
    out = run_vp(*vp_args).stdout
    q = run_qemu(*qemu_args)
    if q is not None:
        assert out == q, f"VP:\n{out}\nQEMU:\n{q}"
    assert out.endswith("boot_probe: done\n"), out
    return fields(out), out


def test_elf_bios_raw_kernel_initrd_append_as_qemu():
    bios, k, rd = probe_elf(), blob("k.bin", 5000, 1), blob("rd.cpio", 3000, 2)
    args = ["--kernel", k, "--initrd", rd, "--append", "console=ttyS0 earlycon=sbi"]
    f, out = same_as_qemu(["--bios", bios, *args], ["-bios", bios, *args])
    # the layout itself (QEMU 7.2, rv32, 128 MiB): ROM, kernel at 4 MiB, initrd at +64 MiB, DTB 2 MiB aligned
    assert f["a0"] == 0 and f["a2"] == 0x1028 and f["a1"] == 0x87E00000, out
    assert f["magic"] == 0x4942534F and f["version"] == 2 and f["next_mode"] == 1 and f["boot_hart"] == 0, out
    assert f["next_addr"] == 0x80400000 and f["linux,initrd-start"] == 0x84400000, out
    assert f["linux,initrd-end"] == 0x84400000 + 3000, out
    with open(k, "rb") as kf, open(rd, "rb") as rf:
        assert f["kernel[0]"] == struct.unpack("<I", kf.read(4))[0]
        assert f["initrd[0]"] == struct.unpack("<I", rf.read(4))[0]
    assert 'chosen bootargs="console=ttyS0 earlycon=sbi"' in out, out
    # no semihosting unless the scenario asks (QEMU's default; OpenSBI would take it for its console)
    assert "semihosting: off (ebreak traps)" in out, out
    on = run_vp("--bios", bios, "--set", "platform.cpu.semihosting=true").stdout
    assert "semihosting: on" in on, on


def test_raw_bios_larger_ram_and_a_big_firmware_move_kernel_initrd_and_dtb():
    raw = os.path.join(WORK, "probe.bin")
    subprocess.run(["riscv64-unknown-elf-objcopy", "-O", "binary", probe_elf(), raw], check=True)
    with open(raw, "ab") as f:  # a firmware of 4.5 MiB: the kernel goes to the next 4 MiB boundary
        f.truncate(4608 * 1024)
    k, rd = blob("k.bin", 4096, 3), blob("rd.cpio", 100, 4)
    f, out = same_as_qemu(["--bios", raw, "--kernel", k, "--initrd", rd, "--set", "platform.ram.size=512MiB"],
                          ["-bios", raw, "-kernel", k, "-initrd", rd, "-m", "512"])
    assert f["next_addr"] == 0x80800000 and f["linux,initrd-start"] == 0x80800000 + (128 << 20), out
    assert f["a1"] == 0x9FE00000, out  # 2 MiB aligned, 1 MiB below the end of 512 MiB


def test_elf_kernel_starts_at_its_lowest_address_and_bios_alone_has_no_next_stage():
    bios = probe_elf()
    k = elf("kernel.elf", 0x80A00000, bytes(range(64)) * 4)
    f, out = same_as_qemu(["--bios", bios, "--kernel", k], ["-bios", bios, "-kernel", k])
    assert f["next_addr"] == 0x80A00000 and f["kernel[0]"] == 0x03020100, out
    assert "initrd" not in out and "bootargs" not in out, out
    f, out = same_as_qemu(["--bios", bios], ["-bios", bios])
    assert f["next_addr"] == 0 and "kernel[0]" not in f, out


def node_props(dts, node_re):
    """{prop: value text} of the first node whose name matches node_re in a dtc-decompiled source."""
    m = re.search(r"^\s*(?:\w+: )?" + node_re + r" \{\n(.*?)^\s*\};", dts, re.M | re.S)
    assert m, f"no node /{node_re}/ in\n{dts}"
    body = re.sub(r"^\s*[\w@,-]+ \{.*", "", m.group(1), flags=re.M | re.S)  # (its own properties only)
    return dict(re.findall(r"^\s*([\w,#-]+)(?: = (.*?))?;$", body, re.M))


def test_device_tree_has_what_opensbi_and_linux_read_as_qemus_has_it():
    qemu, dtc = shutil.which("qemu-system-riscv32"), shutil.which("dtc")
    if not qemu or not dtc:
        raise Skip("qemu-system-riscv32 or dtc not installed")
    qdtb = os.path.join(WORK, "q.dtb")
    subprocess.run([qemu, "-M", f"virt,dumpdtb={qdtb}", "-bios", "none", "-display", "none"], capture_output=True, check=True)
    q = subprocess.run([dtc, "-I", "dtb", "-O", "dts", qdtb], capture_output=True, text=True, check=True).stdout
    src = os.path.join(WORK, "v.dts")
    with open(src, "w") as f:
        f.write(subprocess.run([VP, "describe", "--dts"], capture_output=True, text=True, check=True).stdout)
    vdtb = os.path.join(WORK, "v.dtb")
    subprocess.run([dtc, "-I", "dts", "-O", "dtb", "-o", vdtb, src], capture_output=True, check=True)
    v = subprocess.run([dtc, "-I", "dtb", "-O", "dts", vdtb], capture_output=True, text=True, check=True).stdout
    for node, props in (("cpu@0", ("device_type", "compatible", "mmu-type", "status")),
                        ("interrupt-controller", ("compatible", "#interrupt-cells", "interrupt-controller")),
                        ("test@100000", ("compatible",)),
                        ("poweroff", ("compatible", "offset", "value")), ("reboot", ("compatible", "offset", "value")),
                        ("serial@10000000", ("compatible", "interrupts")),
                        ("plic@c000000", ("compatible", "interrupt-controller", "#interrupt-cells")),
                        ("clint@2000000", ("compatible",)), ("cpus", ("timebase-frequency",))):
        qp, vp_ = node_props(q, re.escape(node)), node_props(v, re.escape(node))
        for p in props:
            assert p in qp and vp_.get(p) == qp[p], f"{node} {p}: VP {vp_.get(p)!r}, QEMU {qp.get(p)!r}"
    assert node_props(v, "chosen")["stdout-path"] == node_props(q, "chosen")["stdout-path"]


def test_dry_run_names_the_boot_files_and_not_the_scenarios_images():
    import json
    bios, k, rd = probe_elf(), blob("k.bin", 64, 9), blob("rd.bin", 64, 10)
    p = subprocess.run([VP, "run", "--bios", bios, "--kernel", k, "--initrd", rd, "--dry-run"], capture_output=True,
                       text=True, timeout=60, check=True)
    inputs = json.loads(p.stdout)["inputs"]
    assert inputs == {"--bios": bios, "--kernel": k, "--initrd": rd}, inputs  # (no load.0.elf: not read)


def expect_error(pattern, *args):
    p = run_vp(*args, check=2)
    lines = [l for l in p.stderr.splitlines() if l.strip()]
    assert len(lines) == 1 and re.search(pattern, lines[0]), p.stderr


def test_errors_one_line_exit_2():
    bios, k = probe_elf(), blob("k.bin", 64, 5)
    expect_error(r"--kernel .*missing\.bin: file not found", "--bios", bios, "--kernel", os.path.join(WORK, "missing.bin"))
    expect_error(r"--bios .*missing\.elf: file not found", "--bios", os.path.join(WORK, "missing.elf"))
    expect_error(r"--initrd needs --kernel", "--bios", bios, "--initrd", k)
    expect_error(r"--append needs --kernel", "--bios", bios, "--append", "x")
    expect_error(r"--kernel needs --bios", "--kernel", k)
    expect_error(r"--bios and --elf exclude each other", "--bios", bios, "--elf", bios)
    expect_error(r"--kernel .*empty\.bin: the file is empty", "--bios", bios, "--kernel", blob("empty.bin", 0, 0))
    expect_error(r"--kernel .*kernel\.elf: .*overlaps --bios", "--bios", bios, "--kernel",
                 elf("kernel.elf", 0x80000000, bytes(16)))
    expect_error(r"--kernel .*big\.bin: 5\.00 MiB at 0x80400000 do not fit in the RAM \[0x80000000, 0x80800000\)",
                 "--bios", bios, "--kernel", blob("big.bin", 5 << 20, 6), "--set", "platform.ram.size=8MiB")
    expect_error(r"--initrd .*rd\.bin: .* at 0x80c00000 do not fit in the RAM", "--bios", bios, "--kernel", k,
                 "--initrd", blob("rd.bin", 9 << 20, 7), "--set", "platform.ram.size=16MiB")
    # 16 MiB: the initrd at 0x80c00000 reaches the DTB's 0x80e00000 (QEMU: "Some ROM regions are overlapping")
    expect_error(r"the device tree: .*overlaps --initrd .*rd3\.bin", "--bios", bios, "--kernel", k, "--initrd",
                 blob("rd3.bin", 3 << 20, 8), "--set", "platform.ram.size=16MiB")


if __name__ == "__main__":
    sys.exit(cli_test_runner.run(globals(), "vp_boot_", skip=Skip))
