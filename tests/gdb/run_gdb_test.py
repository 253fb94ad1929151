#!/usr/bin/env python3
"""GDB stub tests: `vp run --gdb 0 --elf gdb_demo.elf` (the stub picks a free port and prints it),
then either gdb-multiarch in batch mode or a minimal RSP client in this script.

Cases:
  session        break main, continue, next, print a local, set/read a register, a CSR, x/4wx,
                 change a global, continue to the exit: gdb and the VP report the new exit code
  watch_step     breakpoint in a function, stepi, finish, write/read watchpoints, FP registers
  rsp_interrupt  raw RSP: qSupported, target.xml, g/p/m/M, Z0, c; Ctrl-C (0x03) stops with T02; W00
  rsp_kill       raw RSP: k ends the simulation (VP exit code 6)
  rsp_detach     raw RSP: D lets the program run to its end without the debugger (VP exit 0)
"""
import argparse
import os
import re
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time

TIMEOUT = 60.0


def fail(msg):
    print(f"FAIL: {msg}")
    sys.exit(1)


class Vp:
    """`vp run --gdb 0` in the background; collects its stdout/stderr and finds the port."""

    def __init__(self, vp, elf, out_dir):
        # No simulated-time limit: a program spinning until Ctrl-C must not hit the default scenario's.
        self.proc = subprocess.Popen([vp, "run", "--quiet", "--out", out_dir, "--gdb", "0", "--elf", elf,
                                      "--set", "limits.max_sim_time=0s"],
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.out, self.err = [], []
        self.port_found = threading.Event()
        self.port = None
        threading.Thread(target=self._pump, args=(self.proc.stdout, self.out), daemon=True).start()
        threading.Thread(target=self._pump, args=(self.proc.stderr, self.err, True), daemon=True).start()
        if not self.port_found.wait(20):
            self.kill()
            fail("the VP did not print 'vp: waiting for gdb on port N'\n" + "".join(self.err))

    def _pump(self, stream, lines, look_for_port=False):
        for line in stream:
            lines.append(line)
            m = re.match(r"vp: waiting for gdb on port (\d+)", line)
            if look_for_port and m and self.port is None:
                self.port = int(m.group(1))
                self.port_found.set()

    def wait(self, timeout=TIMEOUT):
        try:
            rc = self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            fail("the VP did not end\n" + self.report())
        time.sleep(0.1)  # let the pump threads drain the pipes
        return rc

    def kill(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()

    def report(self):
        return "--- VP stdout ---\n" + "".join(self.out) + "--- VP stderr ---\n" + "".join(self.err)


def elf_symbols(path):
    """name -> value from an ELF32 little-endian symbol table (enough for the test's globals)."""
    data = open(path, "rb").read()
    if data[:4] != b"\x7fELF" or data[4] != 1:
        fail(f"{path}: not an ELF32 file")
    shoff, = struct.unpack_from("<I", data, 0x20)
    shentsize, shnum = struct.unpack_from("<HH", data, 0x2E)
    sections = [struct.unpack_from("<IIIIIIIIII", data, shoff + i * shentsize) for i in range(shnum)]
    syms = {}
    for sh in sections:
        if sh[1] != 2:  # SHT_SYMTAB
            continue
        strtab = sections[sh[6]]
        for off in range(sh[4], sh[4] + sh[5], 16):
            name_off, value = struct.unpack_from("<II", data, off)
            start = strtab[4] + name_off
            name = data[start:data.index(b"\0", start)].decode()
            if name:
                syms[name] = value
    return syms


# ---------------------------------------------------------------------------------------------
# gdb in batch mode

def run_gdb(gdb, elf, port, commands):
    cmd = [gdb, "-nx", "-batch", "-ex", "set pagination off", "-ex", "set confirm off",
           "-ex", "set architecture riscv:rv32", "-ex", f"target remote 127.0.0.1:{port}"]
    for c in commands:
        cmd += ["-ex", c]
    cmd.append(elf)
    print("$ " + " ".join(f"'{c}'" if " " in c else c for c in cmd))
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired as e:
        fail(f"gdb timed out\n{e.stdout}\n{e.stderr}")
    print("--- gdb stdout ---\n" + p.stdout + "--- gdb stderr ---\n" + p.stderr)
    return p.stdout + p.stderr


def expect_all(text, patterns, what="gdb output"):
    for pat in patterns:
        if not re.search(pat, text, re.M):
            fail(f"{what} lacks /{pat}/")


def case_session(a, work):
    vp = Vp(a.vp, a.elf, os.path.join(work, "out"))
    out = run_gdb(a.gdb, a.elf, vp.port, [
        "break main", "continue", "next", "print counter", "set $a0 = 5", "info registers a0", "p $mstatus",
        "p/x $misa", "x/4wx &g_table", "set var g_exit_code = 7", "continue"])
    rc = vp.wait()
    print(vp.report())
    expect_all(out, [
        r"Breakpoint 1 at 0x[0-9a-f]+: file .*gdb_demo\.c",
        r"Breakpoint 1, main \(\) at .*gdb_demo\.c:\d+",
        r"^\$1 = 42$",                             # counter after `int counter = 42;`
        r"^a0\s+0x5\s+5$",                         # the register after `set $a0 = 5`
        r"^\$2 = -?\d+$",                          # mstatus read through the CSR feature
        r"^\$3 = 0x40\d{6}",                       # misa: MXL = 1 (RV32)
        r"<g_table>:\s+0x11111111\s+0x22222222\s+0x33333333\s+0x44444444",
        r"\[Inferior 1 \(Remote target\) exited with code 07\]",
    ])
    if "Could not fetch" in out or "Remote failure" in out:
        fail("gdb reported a register/memory failure")
    if rc != 7:
        fail(f"VP exit code {rc}, expected 7 (g_exit_code set by gdb)")
    if "gdb_demo: counter 43" not in "".join(vp.out):
        fail("the program's output is missing")
    print("PASS: breakpoint, next, print, register and CSR access, memory dump, exit code through gdb")


def case_watch_step(a, work):
    vp = Vp(a.vp, a.elf, os.path.join(work, "out"))
    out = run_gdb(a.gdb, a.elf, vp.port, [
        "break sum_table", "continue", "print n", "stepi", "p $pc == sum_table", "finish",
        "watch g_total", "continue", "rwatch g_scale", "continue", "p g_scale", "p $fflags", "info registers fa5",
        "delete", "continue"])
    rc = vp.wait()
    print(vp.report())
    expect_all(out, [
        r"Breakpoint 1, sum_table \(t=0x[0-9a-f]+ <g_table>, n=4\) at .*gdb_demo\.c:\d+",
        r"^\$1 = 4$",
        r"^\$2 = 0$",                                  # stepi left the function's first instruction
        r"Value returned is \$\d+ = 2863311530",
        r"Hardware watchpoint 2: g_total",
        r"Old value = 0\s+New value = 2863311530",
        r"Hardware read watchpoint 3: g_scale",
        r"Value = 1\.5",
        r"^\$\d+ = 1\.5$",
        r"^fa5\s+",
        r"\[Inferior 1 \(Remote target\) exited normally\]",
    ])
    if rc != 0:
        fail(f"VP exit code {rc}, expected 0")
    print("PASS: function breakpoint, stepi, finish, write and read watchpoints, FP registers")


# ---------------------------------------------------------------------------------------------
# A minimal RSP client

class Rsp:
    def __init__(self, port):
        self.s = socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT)
        self.buf = b""

    def _byte(self):
        if not self.buf:
            self.buf = self.s.recv(4096)
            if not self.buf:
                raise EOFError("connection closed")
        b, self.buf = self.buf[:1], self.buf[1:]
        return b

    def send(self, data):
        pkt = b"$" + data.encode() + b"#%02x" % (sum(data.encode()) & 0xFF)
        self.s.sendall(pkt)
        if self._byte() != b"+":
            fail(f"no ack for {data}")

    def recv(self):
        while self._byte() != b"$":
            pass
        data = b""
        while True:
            c = self._byte()
            if c == b"#":
                break
            data += c
        csum = self._byte() + self._byte()
        if int(csum, 16) != sum(data) & 0xFF:
            fail("bad checksum from the stub")
        self.s.sendall(b"+")
        return data.decode("latin-1")

    def cmd(self, data):
        self.send(data)
        return self.recv()


def le32(hexstr):
    return struct.unpack("<I", bytes.fromhex(hexstr))[0]


def case_rsp_interrupt(a, work):
    syms = elf_symbols(a.elf)
    vp = Vp(a.vp, a.elf, os.path.join(work, "out"))
    r = Rsp(vp.port)
    sup = r.cmd("qSupported:multiprocess+;swbreak+;hwbreak+;xmlRegisters=riscv")
    for feat in ["qXfer:features:read+", "swbreak+", "hwbreak+", "PacketSize="]:
        if feat not in sup:
            fail(f"qSupported reply lacks {feat}: {sup}")
    xml = ""
    while True:
        part = r.cmd(f"qXfer:features:read:target.xml:{len(xml):x},200")
        xml += part[1:]
        if part[0] == "l":
            break
    for pat in ["<architecture>riscv:rv32</architecture>", 'name="org.gnu.gdb.riscv.cpu"',
                'name="org.gnu.gdb.riscv.fpu"', 'name="org.gnu.gdb.riscv.csr"', '<reg name="pc" bitsize="32" type="code_ptr" regnum="32"/>',
                'name="ft0" bitsize="32" type="ieee_single" regnum="33"', 'name="fcsr" bitsize="32" type="int" regnum="68"',
                'name="mstatus" bitsize="32" type="int" regnum="833"', 'name="mcause"', 'name="cycle"']:
        if pat not in xml:
            fail(f"target.xml lacks {pat}:\n{xml}")
    if not r.cmd("?").startswith("T05"):
        fail("? is not T05")
    g = r.cmd("g")
    if len(g) != 33 * 8:
        fail(f"g reply has {len(g)} hex digits, expected 264")
    pc = le32(g[32 * 8:])
    if pc != le32(r.cmd("p20")):
        fail("p20 (pc) differs from g")
    if r.cmd("p" + format(65 + 0xF14, "x")) != "00000000":
        fail("mhartid is not 0")
    # Run to spin(), set g_spin = 1 there (not before: crt0 clears .bss) so that the program loops,
    # let it run and interrupt it.
    spin = syms["g_spin"]
    if r.cmd(f"Z0,{syms['spin']:x},4") != "OK":
        fail("Z0 failed")
    r.send("c")
    stop = r.recv()
    if not stop.startswith("T05") or "swbreak" not in stop:
        fail(f"expected a swbreak stop at spin(), got {stop}")
    if le32(r.cmd("p20")) != syms["spin"]:
        fail("stopped at the wrong pc")
    if r.cmd(f"z0,{syms['spin']:x},4") != "OK":
        fail("z0 failed")
    if r.cmd(f"M{spin:x},4:01000000") != "OK" or r.cmd(f"m{spin:x},4") != "01000000":
        fail("M/m of g_spin failed")
    r.send("vCont;c")
    time.sleep(0.5)
    r.s.sendall(b"\x03")
    stop = r.recv()
    if not stop.startswith("T02"):
        fail(f"Ctrl-C: expected T02, got {stop}")
    pc = le32(r.cmd("p20"))
    print(f"interrupted at pc 0x{pc:08x}")
    if r.cmd(f"M{spin:x},4:00000000") != "OK":
        fail("clearing g_spin failed")
    r.send("c")
    stop = r.recv()
    if stop != "W00":
        fail(f"expected W00 at the program's exit, got {stop}")
    rc = vp.wait()
    print(vp.report())
    if rc != 0:
        fail(f"VP exit code {rc}, expected 0")
    print("PASS: qSupported, target.xml, g/p/m/M, Z0/z0, vCont, Ctrl-C (T02), W00")


def case_rsp_kill(a, work):
    vp = Vp(a.vp, a.elf, os.path.join(work, "out"))
    r = Rsp(vp.port)
    r.cmd("qSupported")
    r.s.sendall(b"$k#6b")
    rc = vp.wait()
    print(vp.report())
    if rc != 6:
        fail(f"VP exit code {rc} after k, expected 6")
    if "gdb_demo:" in "".join(vp.out):
        fail("the program ran on after k")
    print("PASS: k ends the simulation (exit code 6)")


def case_rsp_detach(a, work):
    vp = Vp(a.vp, a.elf, os.path.join(work, "out"))
    r = Rsp(vp.port)
    r.cmd("qSupported")
    if r.cmd("Z0,%x,2" % elf_symbols(a.elf)["main"]) != "OK":
        fail("Z0 failed")
    if r.cmd("D") != "OK":
        fail("D not acknowledged")
    rc = vp.wait()
    print(vp.report())
    if rc != 0 or "gdb_demo: counter 43" not in "".join(vp.out):
        fail(f"after D the program should run to its end (exit 0), got exit {rc}")
    print("PASS: D detaches (breakpoints removed) and the program runs to its end")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--vp", required=True)
    ap.add_argument("--gdb", default="gdb-multiarch")
    ap.add_argument("--elf", required=True)
    ap.add_argument("case", choices=["session", "watch_step", "rsp_interrupt", "rsp_kill", "rsp_detach"])
    a = ap.parse_args()
    if not os.path.exists(a.elf):
        fail(f"{a.elf} not found (build the firmware)")
    with tempfile.TemporaryDirectory() as work:
        globals()["case_" + a.case](a, work)


if __name__ == "__main__":
    main()
