#!/usr/bin/env python3
"""Several instances of a device (docs/overview.md, "A second instance of a device") and the device
tree (docs/devicetree.md): the resolved map (`vp describe --map`), its default rule for further
instances' windows and PLIC sources, its validation errors (exit 2 naming the key path), the DTS
(`vp describe --dts`) compiled by dtc without warnings and matching the map node by node, and the
firmware multi_dev driving two mSGDMA instances and two vector accelerators at once. One CTest test
per function:

  test_instances.py --vp build/bin/vp --repo . TEST_NAME
"""
import json
import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
import cli_test_runner  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import test_cli as cli  # noqa: E402  (vp(), scenario())

VP = REPO = None
WORK = None


class Skip(Exception):
    pass


# test_cli's helpers, on the paths the runner gave this script.
def vp(*args, **kw):
    cli.VP, cli.REPO, cli.WORK = VP, REPO, WORK
    return cli.vp(*args, **kw)


def scenario(*args, **kw):
    cli.VP, cli.REPO, cli.WORK = VP, REPO, WORK
    return cli.scenario(*args, **kw)


TWO_DMA = """
platform:
  dma:
    - name: dma0
    - name: dma1
  vec:
    - name: vec0
    - name: vec1
"""


def memory_map(*args):
    """`vp describe --map` as {name: (type, base, size, irq, key)}."""
    _, out, _ = vp("describe", "--map", *args, check=0)
    rows = {}
    for line in out.splitlines()[1:]:
        name, typ, base, size, irq, key = line.split()
        rows[name] = (typ, int(base, 16), int(size, 16), 0 if irq == "-" else int(irq), key)
    return rows


def expect_error(yaml_text, key, pattern, *extra):
    path = scenario(yaml_text)
    for cmd in (["describe", "--map", path], ["run", path, "--out", os.path.join(WORK, "o")]):
        rc, out, err = vp(*cmd, *extra)
        assert rc == 2, f"{cmd[0]}: exit {rc}, expected 2; stderr: {err}"
        lines = [l for l in err.splitlines() if l.strip()]
        assert len(lines) == 1, f"expected one line of error, got: {err!r}"
        assert f" {key}: " in lines[0] or lines[0].startswith(f"vp: error: --set {key}:"), \
            f"error {lines[0]!r} does not name {key}"
        assert re.search(pattern, lines[0]), f"error {lines[0]!r} does not match /{pattern}/"


# ---- the map ----

def test_single_mapping_is_one_instance_named_by_its_key():
    m = memory_map()
    assert m["dma"][:4] == ("dma", 0x18010000, 0x10000, 11), m["dma"]
    assert m["vec"][:4] == ("vec", 0x18030000, 0x1000, 16), m["vec"]
    assert m["uart"][:4] == ("uart", 0x10000000, 0x8, 10), m["uart"]
    assert "dma0" not in m and "dma1" not in m


def test_default_rule_places_further_instances():
    m = memory_map(scenario(TWO_DMA))
    # The first instance keeps the defaults; the second gets the first free room from VP_INST_BASE
    # (its windows shifted together) and the lowest free PLIC source from 32.
    assert m["dma0"][:4] == ("dma", 0x18010000, 0x10000, 11), m["dma0"]
    assert m["dma0"][4] == "platform.dma.0"
    assert m["dma1"][:4] == ("dma", 0x19000000, 0x10000, 32), m["dma1"]
    assert m["vec0"][:4] == ("vec", 0x18030000, 0x1000, 16), m["vec0"]
    v1 = m["vec1"]
    assert v1[0] == "vec" and v1[3] == 33, v1
    # vec1's regs, ILM and DLM keep the default layout (ILM - regs, DLM - ILM), clear of dma1.
    assert m["vec1.ilm"][1] - v1[1] == 0x18400000 - 0x18030000
    assert m["vec1.dlm"][1] - m["vec1.ilm"][1] == 0x100000
    assert v1[1] >= 0x19000000 and not (v1[1] < 0x19010000 and 0x19000000 < v1[1] + v1[2])
    # No two windows overlap.
    spans = sorted((b, b + s, n) for n, (_, b, s, _, _) in m.items())
    for (b0, e0, n0), (b1, _, n1) in zip(spans, spans[1:]):
        assert e0 <= b1, f"{n0} overlaps {n1}"


def test_given_base_and_irq_are_kept_and_set_reaches_an_instance():
    path = scenario(TWO_DMA.replace("    - name: dma1\n", "    - name: dma1\n      base: 0x1A00_0000\n      irq: 40\n"))
    m = memory_map(path)
    assert m["dma1"][1:4] == (0x1A000000, 0x10000, 40), m["dma1"]
    m = memory_map(path, "--set", "platform.dma.1.irq=41", "--set", "platform.vec.1.base=0x1B00_0000")
    assert m["dma1"][3] == 41 and m["vec1"][1] == 0x1B000000, (m["dma1"], m["vec1"])


def test_a_disabled_device_in_a_list():
    m = memory_map(scenario("platform:\n  lapp:\n    - name: lapp0\n    - name: lapp1\n      enabled: false\n"))
    assert m["lapp0"][:4] == ("lapp", 0x18040000, 0x1000, 17) and "lapp1" not in m, m


# ---- validation: exit 2, one line naming the key ----

def test_error_overlap():
    expect_error(TWO_DMA.replace("    - name: dma1\n", "    - name: dma1\n      base: 0x1801_8000\n"),
                 "platform.dma.1.base", r"dma1 \[0x18018000, 0x18028000\) overlaps dma0")


def test_error_duplicate_name():
    expect_error(TWO_DMA.replace("name: dma1", "name: dma0"), "platform.dma.1.name",
                 r"the name 'dma0' is already used by platform\.dma\.0")


def test_error_name_of_another_device():
    expect_error("platform:\n  dma:\n    - name: uart\n", "platform.dma.0.name",
                 r"the name 'uart' is already used by platform\.uart")


def test_error_irq_clash():
    expect_error(TWO_DMA.replace("    - name: dma1\n", "    - name: dma1\n      irq: 16\n"),
                 "platform.dma.1.irq", r"PLIC source 16 is already used by platform\.vec\.0\.irq")


def test_error_irq_clash_with_a_single_device():
    expect_error("platform:\n  uart:\n    irq: 32\n  dma:\n    - name: dma0\n    - name: dma1\n      irq: 32\n",
                 "platform.dma.1.irq", r"PLIC source 32 is already used by platform\.uart\.irq")


def test_error_no_such_plic_source():
    expect_error(TWO_DMA, "platform.dma.1.irq", r"no such PLIC source", "--set", "platform.plic.sources=32")


def test_error_out_of_range():
    expect_error(TWO_DMA.replace("    - name: dma1\n", "    - name: dma1\n      base: 0xFFFF_8000\n"),
                 "platform.dma.1.base", r"reaches past the 32-bit address space")


def test_error_missing_or_bad_name():
    expect_error("platform:\n  dma:\n    - name: dma0\n    - width: 8\n", "platform.dma.1.name", r"missing required")
    expect_error("platform:\n  dma:\n    - name: dma-1\n", "platform.dma.0.name", r"an instance name is")


def test_error_empty_list_and_single_only_devices():
    expect_error("platform:\n  dma: []\n", "platform.dma", r"an empty list of instances")
    expect_error("platform:\n  plic:\n    - name: plic0\n", "platform.plic", r"expected a map")


def test_error_too_many_instances():
    dmas = "".join(f"    - name: d{i}\n" for i in range(17))
    expect_error("platform:\n  dma:\n" + dmas, "platform.dma.16", r"at most 16 instances of dma")
    vecs = "".join(f"    - name: v{i}\n" for i in range(16))
    # 5 devices (uart, clint, plic, finisher, marker) + 16 + 16: more than the device table's 32 records.
    expect_error("platform:\n  dma:\n" + dmas.replace("    - name: d16\n", "") + "  vec:\n" + vecs,
                 "platform.vec.11", r"more than 32 device instances")


def test_error_more_named_entries_than_the_boot_info_block_holds():
    # The block holds 63 named entries (VP_BOOTINFO_MAX: as many as fit before its device table). 20
    # named binaries, then accelerators of 3 named entries each (registers, ILM, DLM): one of the 16
    # accelerators finds no room left, and the error names it.
    blob = os.path.join(WORK, "blob.bin")
    with open(blob, "wb") as f:
        f.write(b"\0" * 64)
    loads = "".join(f"  - {{binary: {blob}, at: {0x80100000 + 0x1000 * i:#x}, name: b{i}}}\n" for i in range(20))
    vecs = "".join(f"    - name: v{i}\n" for i in range(16))
    path = scenario("platform:\n  vec:\n" + vecs + "load:\n" + loads)
    elf = os.path.join(os.environ["VP_FIRMWARE_DIR"], "hello.elf")
    rc, out, err = vp("run", path, "--elf", elf, "--out", os.path.join(WORK, "o"))
    lines = [l for l in err.splitlines() if l.strip()]
    assert rc == 2 and len(lines) == 1 and " platform.vec." in lines[0] and "more than 63 boot-info entries" in lines[0], (
        rc, err)
    # Eleven accelerators alone (33 entries, more than the 32 the block held before) fit.
    vecs = "".join(f"    - name: v{i}\n" for i in range(11))
    rc, out, err = vp("run", scenario("platform:\n  vec:\n" + vecs), "--elf", elf, "--out", os.path.join(WORK, "o11"))
    assert rc == 0, err


def test_error_set_of_a_missing_instance():
    rc, _, err = vp("describe", "--map", scenario(TWO_DMA), "--set", "platform.dma.2.irq=40")
    assert rc == 2 and "has no element 2" in err, err


# ---- the device tree ----

def dtc():
    exe = shutil.which("dtc")
    if not exe:
        raise Skip("dtc not installed (Debian device-tree-compiler; scripts/setup.sh)")
    return exe


def compile_dts(text):
    dts = os.path.join(WORK, "p.dts")
    with open(dts, "w") as f:
        f.write(text)
    p = subprocess.run([dtc(), "-I", "dts", "-O", "dtb", "-o", os.path.join(WORK, "p.dtb"), dts],
                       capture_output=True, text=True)
    assert p.returncode == 0 and p.stderr == "", f"dtc: exit {p.returncode}\n{p.stderr}"
    # Back to source, as dtc understands it (numbers in hex, phandles resolved).
    p = subprocess.run([dtc(), "-I", "dtb", "-O", "dts", os.path.join(WORK, "p.dtb")], capture_output=True,
                       text=True, check=True)
    return p.stdout


def nodes(dts):
    """Every node with a vp,name: {instance: {prop: value text}} from dtc's decompiled source."""
    out, stack = {}, []
    for line in dts.splitlines():
        s = line.strip()
        if s.endswith("{"):
            stack.append({})
        elif s.startswith("};"):
            props = stack.pop()
            if "vp,name" in props:
                out[props["vp,name"].strip('"')] = props
        elif "=" in s and stack:
            k, v = s.rstrip(";").split("=", 1)
            stack[-1][k.strip()] = v.strip()
    return out


def cells(v):
    return [int(x, 16) for x in v.strip("<>").split()]


def check_dts_matches_map(*args):
    m = memory_map(*args)
    _, text, _ = vp("describe", "--dts", *args, check=0)
    n = nodes(compile_dts(text))
    instances = {}
    for name, (typ, base, size, irq, _) in m.items():
        if typ != "-":
            instances.setdefault(name.split(".")[0], []).append((base, size, irq, typ))
    assert set(instances) <= set(n), f"instances without a node: {set(instances) - set(n)}"
    for inst, windows in instances.items():
        props = n[inst]
        typ = windows[0][3]
        reg = cells(props["reg"])
        if typ == "dma":  # csr, desc, resp inside the window (Linux altera-msgdma's regions)
            assert props["compatible"] == '"altr,socfpga-msgdma"', props
            assert props["reg-names"] == '"csr\\0desc\\0resp"', props
            base, size = windows[0][0], windows[0][1]
            assert reg[0] == base and all(base <= a and a + s <= base + size for a, s in zip(reg[::2], reg[1::2]))
        else:
            assert reg == [c for w in sorted(windows) for c in w[:2]], (inst, reg, windows)
        irq = windows[0][2]
        if irq:
            assert cells(props["interrupts"]) == [irq], (inst, props.get("interrupts"), irq)
        else:
            assert "interrupts" not in props, (inst, props)
    return text


def test_dts_of_two_dma_compiles_and_matches_the_map():
    text = check_dts_matches_map(scenario(TWO_DMA))
    assert text.count('compatible = "altr,socfpga-msgdma"') == 2
    for need in ("riscv,isa = ", '"riscv,clint0"', '"riscv,plic0"', "riscv,ndev", '"ns16550a"', '"sifive,test0"',
                 '"syscon-poweroff"', '"syscon-reboot"', "interrupts-extended"):
        assert need in text, need


def test_dts_of_shipped_platforms_compile():
    for s in ("default", "hmc_spmv_gather", "lapp_bench", "multi_dev"):
        check_dts_matches_map(s)


def test_dtb_in_ram_at_reset():
    """platform.dtb: a raw program checks that a1 points at a DTB (magic 0xd00dfeed) in RAM and a0 = 0."""
    def u(imm, rd, op):
        return (imm << 12) | (rd << 7) | op
    def i(imm, rs1, f3, rd, op):
        return ((imm & 0xFFF) << 20) | (rs1 << 15) | (f3 << 12) | (rd << 7) | op
    def s(imm, rs2, rs1, f3):
        return (((imm >> 5) & 0x7F) << 25) | (rs2 << 20) | (rs1 << 15) | (f3 << 12) | ((imm & 0x1F) << 7) | 0x23
    def b(off, rs2, rs1, f3):
        return (((off >> 12) & 1) << 31) | (((off >> 5) & 0x3F) << 25) | (rs2 << 20) | (rs1 << 15) | (f3 << 12) | \
            (((off >> 1) & 0xF) << 8) | (((off >> 11) & 1) << 7) | 0x63
    magic = 0xEDFE0DD0  # 0xd00dfeed stored big-endian, read little-endian
    hi, lo = (magic + 0x800) >> 12 & 0xFFFFF, magic & 0xFFF
    lo = lo - 0x1000 if lo >= 0x800 else lo
    prog = [
        u(0x100, 6, 0x37),           # lui t1, 0x100       finisher
        i(0, 11, 2, 5, 0x03),        # lw t0, 0(a1)
        u(hi, 7, 0x37),              # lui t2, hi
        i(lo, 7, 0, 7, 0x13),        # addi t2, t2, lo
        b(20, 7, 5, 1),              # bne t0, t2, fail (+20)
        b(16, 0, 10, 1),             # bne a0, x0, fail (+16)
        u(0x5, 28, 0x37),            # lui t3, 5
        i(0x555, 28, 0, 28, 0x13),   # addi t3, t3, 0x555  -> 0x5555 pass
        s(0, 28, 6, 2),              # sw t3, 0(t1)
        u(0x33, 28, 0x37),           # fail: lui t3, 0x33 -> 0x33333: exit code 3
        i(0x333, 28, 0, 28, 0x13),   # addi t3, t3, 0x333
        s(0, 28, 6, 2),              # sw t3, 0(t1)
        0x0000006F,                  # j .
    ]
    binpath = os.path.join(WORK, "dtb_check.bin")
    with open(binpath, "wb") as f:
        f.write(b"".join(w.to_bytes(4, "little") for w in prog))
    path = scenario(f"load:\n  - binary: {binpath}\n    at: 0x8000_0000\n")
    out = os.path.join(WORK, "o")
    vp("run", path, "--out", out, "--quiet", "--set", "platform.dtb=true", check=0)
    rc, _, _ = vp("run", path, "--out", out, "--quiet")  # without it a1 is 0: no blob there
    assert rc != 0, rc


def test_two_lapp_instances_each_on_its_own_interrupt():
    path = scenario(TWO_DMA + "  lapp:\n    - name: lapp0\n    - name: lapp1\n")
    elf = os.path.join(os.environ["VP_FIRMWARE_DIR"], "multi_dev.elf")
    rc, out, err = vp("run", path, "--elf", elf, "--quiet", "--out", os.path.join(WORK, "o"))
    assert rc == 0 and "FAIL" not in out, (rc, out, err)
    assert "ok: lapp0 (irq 17) returned a0 + 1" in out and "ok: lapp1 (irq 34) returned a0 + 1" in out, out


def test_second_marker_and_finisher():
    path = scenario(TWO_DMA + "  marker:\n    - name: m0\n    - name: m1\n  finisher:\n    - name: f0\n    - name: f1\n")
    elf = os.path.join(os.environ["VP_FIRMWARE_DIR"], "multi_dev.elf")
    out = os.path.join(WORK, "o")
    rc, text, err = vp("run", path, "--elf", elf, "--quiet", "--out", out)
    assert rc == 0 and "multi_dev: PASS" in text, (rc, text, err)
    comps = json.load(open(os.path.join(out, "stats.json")))["components"]
    # The run ended through the second finisher: one write to it, none to the first.
    assert comps["f1"]["counters"]["transactions"] == 1 and comps["f0"]["counters"]["transactions"] == 0, \
        (comps["f0"], comps["f1"])
    assert comps["m1"]["counters"].get("region.all_four.ps", 0) > 0, comps["m1"]
    assert comps["m0"]["counters"].get("region.all_four.ps", 0) == 0, comps["m0"]


def test_single_instance_programs_run_on_the_first_instance():
    # The single-instance APIs (vec_init, msgdma_init, ...) drive the first instance of a list: its
    # named boot-info entries keep the device's names ("vec", "vec_ilm", "vec_dlm").
    path = scenario(TWO_DMA)
    for prog in ("vec_suite", "dma_test"):
        elf = os.path.join(os.environ["VP_FIRMWARE_DIR"], prog + ".elf")
        rc, out, err = vp("run", path, "--elf", elf, "--quiet", "--out", os.path.join(WORK, prog))
        assert rc == 0, (prog, rc, out[-2000:], err)


# ---- two of each at once ----

def test_multi_dev_runs_both_dmas_and_both_accelerators():
    out = os.path.join(WORK, "o")
    uart1 = os.path.join(WORK, "uart1.txt")
    rc, text, err = vp("run", "multi_dev", "--out", out, "--set", f"platform.uart.1.output={uart1}", check=0)
    assert "multi_dev: PASS" in text and "FAIL" not in text, text
    assert open(uart1).read() == "multi_dev on uart1: PASS\n"  # the second UART's own output
    stats = json.load(open(os.path.join(out, "stats.json")))
    comps = stats.get("components", stats)
    for name in ("dma0", "dma1", "vec0", "vec1", "uart0", "uart1"):
        assert name in json.dumps(list(comps)), f"no statistics of {name}"


if __name__ == "__main__":
    sys.exit(cli_test_runner.run(globals(), "vp_instances_", skip=Skip))
