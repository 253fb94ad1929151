#!/usr/bin/env python3
"""GDB stub tests: `vp run --gdb 0 --elf gdb_demo.elf` (the stub picks a free port and prints it),
then either gdb-multiarch in batch mode or a minimal RSP client in this script.

Cases:
  session        break main, continue, next, print a local, set/read a register, a CSR, x/4wx,
                 change a global, continue to the exit: gdb and the VP report the new exit code
  watch_step     breakpoint in a function, stepi, finish, write/read watchpoints, FP registers
  rsp_interrupt  raw RSP: qSupported, target.xml, g/p/m/M, Z0, c; Ctrl-C (0x03) stops with T02; W00
  rsp_kill       raw RSP: k ends the simulation (VP exit code 8)
  rsp_detach     raw RSP: D lets the program run to its end without the debugger (VP exit 0)
  watch_top      gdb: `watch *(long long*)0xfffffffc` (a range past 4 GiB) and continue to the exit
  hbreak         gdb: `hbreak` (Z1) stops through the hart's trigger module
  rsp_triggers   raw RSP: Z1 takes one of the 4 triggers (the 5th is refused), the trigger shows in
                 tdata1 with dmode = 1 and firmware-level CSR writes cannot change it
  smp_threads    (gdb_smp.elf, 2 harts) gdb sees one thread per hart: a breakpoint in work() stops
                 once on each thread with its own hartid, `thread N` selects hart N-1's registers and
                 CSRs, stepi steps the selected thread, a variable set on thread 2 changes the result
  rsp_threads    (gdb_smp.elf, 2 harts) raw RSP: qfThreadInfo, qThreadExtraInfo, T, Hg/Hc,
                 per-thread registers, vCont;s:2 steps hart 1 only, bad thread ids are refused
  rsp_hostile    raw RSP from a hostile client (issue #17): watchpoint ranges past 4 GiB, memory
                 ranges across the end of the address space, huge register numbers and lengths,
                 full breakpoint tables, an unterminated 64 MiB packet; the VP stays up, answers
                 errors, keeps its memory bounded and the program still runs to its end
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

    def __init__(self, vp, elf, out_dir, extra=()):
        # No simulated-time limit: a program spinning until Ctrl-C must not hit the default scenario's.
        self.proc = subprocess.Popen([vp, "run", "--quiet", "--out", out_dir, "--gdb", "0", "--elf", elf,
                                      "--set", "limits.max_sim_time=0s", *extra],
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


def case_watch_top(a, work):
    vp = Vp(a.vp, a.elf, os.path.join(work, "out"))
    out = run_gdb(a.gdb, a.elf, vp.port, ["break main", "continue", "watch *(long long*)0xfffffffc", "continue"])
    rc = vp.wait()
    print(vp.report())
    expect_all(out, [r"Hardware watchpoint 2: \*\(long long\s*\*\)0xfffffffc",
                     r"\[Inferior 1 \(Remote target\) exited normally\]"])
    if rc != 0:
        fail(f"VP exit code {rc}, expected 0")
    print("PASS: a watchpoint reaching past 4 GiB is accepted and the program runs to its end")


def case_hbreak(a, work):
    vp = Vp(a.vp, a.elf, os.path.join(work, "out"))
    out = run_gdb(a.gdb, a.elf, vp.port, ["hbreak sum_table", "continue", "print n", "p/x $tinfo", "delete",
                                          "continue"])
    rc = vp.wait()
    print(vp.report())
    expect_all(out, [r"Hardware assisted breakpoint 1 at 0x[0-9a-f]+: file .*gdb_demo\.c",
                     r"Breakpoint 1, sum_table \(t=0x[0-9a-f]+ <g_table>, n=4\)",
                     r"^\$1 = 4$",
                     # the trigger CSRs are in the target description: tinfo = Sdtrig 1.0, mcontrol only
                     r"^\$2 = 0x1000004$",
                     r"\[Inferior 1 \(Remote target\) exited normally\]"])
    if rc != 0:
        fail(f"VP exit code {rc}, expected 0")
    print("PASS: a hardware breakpoint (trigger) stops at the function")


# ---------------------------------------------------------------------------------------------
# A minimal RSP client

class Rsp:
    def __init__(self, port):
        self.s = socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT)
        self.s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)  # (many small packets: no Nagle delay)
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
    if rc != 8:  # models/common/exit_code.h kExitKilled (6 is a stale-data hazard)
        fail(f"VP exit code {rc} after k, expected 8")
    if "gdb_demo:" in "".join(vp.out):
        fail("the program ran on after k")
    print("PASS: k ends the simulation (exit code 8)")


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


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def case_rsp_hostile(a, work):
    syms = elf_symbols(a.elf)
    vp = Vp(a.vp, a.elf, os.path.join(work, "out"))
    r = Rsp(vp.port)
    r.cmd("qSupported")

    def expect(cmd, want):
        got = r.cmd(cmd)
        if not re.fullmatch(want, got):
            vp.kill()
            fail(f"{cmd[:60]}: expected /{want}/, got {got[:80]!r}\n" + vp.report())

    # Watchpoints reaching past 4 GiB (once a heap overflow in Hart::refresh_watch_flags).
    for z in ["Z2,80000000,ffffffff", "Z3,ffff0000,ffffffff", "Z2,fffffffc,8", "Z4,fffff001,fffff000"]:
        expect(z, "OK")
    for z in ["z2,80000000,ffffffff", "z3,ffff0000,ffffffff", "z2,fffffffc,8", "z4,fffff001,fffff000"]:
        expect(z, "OK")
    expect("Z2,100000000,4", "E01")          # address beyond 32 bits
    expect("Z2,1000,100000000", "E01")       # length beyond 32 bits
    expect("Z2,1000,0", "E01")
    # Memory ranges across the end of the address space: no wrap-around to address 0.
    expect("Mffffff00,200:" + "00" * 0x200, "E01")
    expect("Xfffffffe,4:abcd", "E01")
    expect("M100000000,1:00", "E01")
    expect("m100000000,4", "E01")
    expect("mfffffff0,ffffffffffffffff", "E..|([0-9a-f]{2}){0,16}")   # at most the 16 bytes up to 2^32
    expect("m0,ffffffffffffffff", "E..|([0-9a-f]{2})*")
    expect("m" + "1" * 40 + ",4", "E01")      # more hex digits than 64 bits hold
    # Target description: offsets past the end, other annexes (no file access through qXfer).
    expect("qXfer:features:read:target.xml:ffffffffffffffff,10", "l")
    expect("qXfer:features:read:../../../etc/passwd:0,100", "E00")
    expect("qXfer:features:read:target.xml:0,ffffffffffffffff", "(?s)[ml].*")
    expect("G" + "zz" * 132, "E01")
    expect("vCont;t", "E01")
    # Register numbers beyond 32 bits must not alias pc (p100000020 truncated is p20).
    expect("p100000020", "E01")
    expect("P100000020=00000000", "E01")
    expect("pffffffffffffffff", "E01")
    # A binary write with escapes lands intact ('}' '#' '$' '*' escaped as } + c^0x20).
    data = bytes([0x7D, 0x23, 0x24, 0x2A])
    esc = "".join("}" + chr(b ^ 0x20) for b in data)
    expect(f"X{syms['g_table']:x},4:{esc}", "OK")
    expect(f"m{syms['g_table']:x},4", "7d23242a")
    # Full tables answer errors instead of growing without bound.
    answers = [r.cmd(f"Z0,{0x80000000 + 4 * i:x},4") for i in range(1100)]
    if answers[0] != "OK" or answers[-1] != "E01":
        fail(f"1100 breakpoints: first {answers[0]}, last {answers[-1]} (expected OK ... E01)")
    for i in range(1100):
        r.cmd(f"z0,{0x80000000 + 4 * i:x},4")
    answers = [r.cmd("Z2,80001000,4") for _ in range(100)]
    if answers[0] != "OK" or answers[-1] != "E01":
        fail(f"100 identical watchpoints: first {answers[0]}, last {answers[-1]} (expected OK ... E01)")
    for _ in range(100):
        r.cmd("z2,80001000,4")

    # An unterminated packet of 64 MiB: dropped as it arrives (once buffered whole: 643 MiB sent,
    # 669 MB resident), then NAKed ('-': not received intact) when it ends.
    before = rss_kib(vp.proc.pid)
    chunk = b"a" * (1 << 20)
    r.s.sendall(b"$")
    t0 = time.time()
    for _ in range(64):
        r.s.sendall(chunk)
    r.s.sendall(b"#00")
    if r._byte() != b"-":
        fail("an oversized packet was not NAKed")
    grew = rss_kib(vp.proc.pid) - before
    print(f"64 MiB unterminated packet: {time.time() - t0:.2f} s, resident memory grew {grew} KiB")
    if grew > 16 * 1024:
        vp.kill()
        fail(f"the VP buffered the oversized packet: resident memory grew by {grew} KiB")
    expect("?", "T05.*")
    expect(f"m{syms['g_table']:x},4", "7d23242a")
    # The program still runs to its end.
    r.send("c")
    stop = r.recv()
    rc = vp.wait()
    print(vp.report())
    if stop != "W00" or rc != 0:
        fail(f"expected the program to exit after c, got {stop} and VP exit code {rc}")
    print("PASS: hostile watch/memory/register ranges, full tables and an unterminated packet are refused; "
          "memory stays bounded")


def case_rsp_triggers(a, work):
    syms = elf_symbols(a.elf)
    vp = Vp(a.vp, a.elf, os.path.join(work, "out"))
    r = Rsp(vp.port)
    r.cmd("qSupported")
    tdata1 = "p" + format(65 + 0x7A1, "x")
    # mcontrol: type 2, dmode, action 1 (halt), m, execute (riscv-debug-spec Sdtrig, tdata1 layout)
    halt_trigger = (2 << 28) | (1 << 27) | (1 << 12) | (1 << 6) | (1 << 2)
    if le32(r.cmd(tdata1)) != 2 << 28:
        fail("trigger 0 is not an idle mcontrol trigger before Z1")
    answers = [r.cmd(f"Z1,{syms['main'] + 2 * i:x},2") for i in range(5)]
    if answers != ["OK"] * 4 + ["E01"]:
        fail(f"Z1 x5: {answers} (expected four OK, then E01: the hart has 4 triggers)")
    if le32(r.cmd(tdata1)) != halt_trigger:
        fail(f"tdata1 after Z1: {r.cmd(tdata1)}, expected the halt trigger {halt_trigger:08x}")
    # A write without dmode (what M-mode software can do) leaves the debugger's trigger alone.
    r.cmd("P" + format(65 + 0x7A1, "x") + "=00000000")
    if le32(r.cmd(tdata1)) != halt_trigger:
        fail("software changed a dmode trigger")
    for i in range(4):
        r.cmd(f"z1,{syms['main'] + 2 * i:x},2")
    if le32(r.cmd(tdata1)) != 2 << 28:
        fail("z1 did not free the trigger")
    if r.cmd(f"Z1,{syms['sum_table']:x},2") != "OK":
        fail("Z1 at sum_table failed")
    r.send("c")
    stop = r.recv()
    if not stop.startswith("T05") or "hwbreak" not in stop or le32(r.cmd("p20")) != syms["sum_table"]:
        fail(f"expected a hwbreak stop at sum_table, got {stop}")
    r.cmd(f"z1,{syms['sum_table']:x},2")
    r.send("c")
    stop = r.recv()
    rc = vp.wait()
    print(vp.report())
    if stop != "W00" or rc != 0:
        fail(f"expected W00 and exit 0, got {stop} and {rc}")
    print("PASS: Z1 uses the trigger module: 4 triggers, dmode protects them, hwbreak stop")


TWO_HARTS = ("--set", "platform.cpu.harts=2")


def case_smp_threads(a, work):
    vp = Vp(a.vp, a.elf, os.path.join(work, "out"), TWO_HARTS)
    out = run_gdb(a.gdb, a.elf, vp.port, [
        "info threads", "break work", "continue", "p hartid", "p $mhartid", "continue", "p hartid", "p $mhartid",
        "info threads", "thread 1", "p $mhartid", "thread 2", "p $mhartid", "p/x $pc", "stepi", "p/x $pc",
        "set var hartid = 0", "delete", "continue"])
    rc = vp.wait()
    print(vp.report())
    expect_all(out, [
        r"^\*?\s*1\s+Thread 1 \(hart 0\)",
        r"^\*?\s*2\s+Thread 2 \(hart 1",
        r"hit Breakpoint 1, work \(hartid=[01]\)",
        r"\[Switching to Thread 2\]",
        r"\[Inferior 1 \(Remote target\) exited with code 01\]",
    ])
    # The two stops: one on each thread, each with its own hartid (thread N = hart N-1).
    hits = re.findall(r"Thread (\d) hit Breakpoint 1, work \(hartid=(\d)\)", out)
    values = [int(v) for v in re.findall(r"^\$\d+ = (-?\d+)$", out, re.M)]
    print("hits:", hits, "values:", values)
    if sorted(hits) != [("1", "0"), ("2", "1")]:
        fail(f"expected one stop in work() per thread with hartid = thread - 1, got {hits}")
    # p hartid, p $mhartid at each hit agree; thread 1 / thread 2 select mhartid 0 / 1.
    if len(values) != 6 or values[0] != values[1] or values[2] != values[3] or values[4:6] != [0, 1]:
        fail(f"per-thread register values wrong: {values}")
    pcs = [int(v, 16) for v in re.findall(r"^\$\d+ = 0x([0-9a-f]+)$", out, re.M)]
    if len(pcs) != 2 or not 2 <= pcs[1] - pcs[0] <= 4:
        fail(f"stepi on thread 2 did not advance its pc by one instruction: {pcs}")
    # hart 1's argument set to 0 through gdb: work() returns hart 0's sum, the check fails (exit 1).
    if rc != 1:
        fail(f"VP exit code {rc}, expected 1 (hart 1's hartid changed through gdb)")
    print("PASS: one gdb thread per hart: breakpoints per thread, thread selection, stepi, memory writes")


def case_rsp_threads(a, work):
    syms = elf_symbols(a.elf)
    vp = Vp(a.vp, a.elf, os.path.join(work, "out"), TWO_HARTS)
    r = Rsp(vp.port)
    r.cmd("qSupported")
    mhartid = "p" + format(65 + 0xF14, "x")
    expect = [("qfThreadInfo", "m1,2"), ("qsThreadInfo", "l"), ("T1", "OK"), ("T2", "OK"), ("T3", "E01"),
              ("T0", "E01"), ("Hg3", "E01"), ("Hx1", "E01"), ("Hgzz", "E01"),
              ("qThreadExtraInfo,1", "hart 0".encode().hex()), ("qThreadExtraInfo,9", "E01"),
              ("Hg2", "OK"), ("qC", "QC2"), (mhartid, "01000000"), ("Hg1", "OK"), (mhartid, "00000000"),
              ("Hg0", "OK"), (mhartid, "00000000"), ("vCont;s:5", "E01")]
    for pkt, want in expect:
        got = r.cmd(pkt)
        if got != want:
            fail(f"{pkt}: {got!r}, expected {want!r}")
    # Both harts sit at _start; step hart 1 (thread 2), continue the others: hart 0 cannot end the
    # program before hart 1 has run work(), so the first stop is thread 2's step, one instruction on.
    for g in ("Hg1", "Hg2"):
        r.cmd(g)
        if le32(r.cmd("p20")) != syms["_start"]:
            fail(f"{g}: the hart is not at _start")
    r.send("vCont;s:2;c")
    stop = r.recv()
    if stop != "T05thread:2;":
        fail(f"step of thread 2: stop reply {stop!r}")
    if r.cmd("qC") != "QC2" or le32(r.cmd(mhartid)) != 1:
        fail("the stopped thread is not the current one")
    if le32(r.cmd("p20")) != syms["_start"] + 4:  # (auipc: not compressed)
        fail(f"thread 2's step went to {le32(r.cmd('p20')):x}")
    # A breakpoint set now stops hart 1 in work(), reported as thread 2 (hart 0 is past it).
    r.cmd(f"Z0,{syms['work']:x},2")
    r.send("vCont;c")
    stop = r.recv()
    if stop != "T05thread:2;swbreak:;" or le32(r.cmd("p20")) != syms["work"] or le32(r.cmd(mhartid)) != 1:
        fail(f"expected thread 2 at work(), got {stop!r}")
    r.cmd(f"z0,{syms['work']:x},2")
    r.send("c")
    stop = r.recv()
    rc = vp.wait()
    print(vp.report())
    if stop != "W00" or rc != 0:
        fail(f"expected W00 and exit 0, got {stop} and {rc}")
    print("PASS: thread list, extra info, Hg/qC, per-thread registers, vCont step of one thread, bad ids refused")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--vp", required=True)
    ap.add_argument("--gdb", default="gdb-multiarch")
    ap.add_argument("--elf", required=True)
    ap.add_argument("case", choices=["session", "watch_step", "rsp_interrupt", "rsp_kill", "rsp_detach", "rsp_hostile",
                                        "watch_top", "hbreak", "rsp_triggers", "smp_threads", "rsp_threads"])
    a = ap.parse_args()
    if not os.path.exists(a.elf):
        fail(f"{a.elf} not found (build the firmware)")
    with tempfile.TemporaryDirectory() as work:
        globals()["case_" + a.case](a, work)


if __name__ == "__main__":
    main()
