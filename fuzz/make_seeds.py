#!/usr/bin/env python3
"""Writes the seed corpora fuzz/corpus/<target>/ for the fuzz targets of fuzz/ (the files are
committed; rerun this only to change the seeds). Needs the RISC-V binutils (riscv64-unknown-elf-as)
and a built firmware tree for the ELF seeds:

    fuzz/make_seeds.py [--firmware build/firmware/bin]

Seeds are small, valid examples of each input so that the fuzzer starts from the interesting
parts of the format instead of guessing magic numbers and checksums.
"""
import argparse
import gzip
import json
import os
import shutil
import struct
import subprocess
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
RAM = 0x80000000


def write(target, name, data):
    d = os.path.join(HERE, "corpus", target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)


def assemble(src):
    with tempfile.TemporaryDirectory() as t:
        s, o, e, b = (os.path.join(t, n) for n in ("p.s", "p.o", "p.elf", "p.bin"))
        with open(s, "w") as f:
            f.write(".text\n.globl _start\n_start:\n" + src + "\n")
        subprocess.run(["riscv64-unknown-elf-as", "-march=rv32imafc_zicsr_zifencei_zicbom", "-mabi=ilp32f",
                        "-o", o, s], check=True)
        subprocess.run(["riscv64-unknown-elf-ld", "-m", "elf32lriscv", "--no-relax", f"-Ttext=0x{RAM:x}",
                        "-o", e, o], check=True)
        subprocess.run(["riscv64-unknown-elf-objcopy", "-O", "binary", "-j", ".text", e, b], check=True)
        return open(b, "rb").read()


# --------------------------------------------------------------------------------------------
# iss_exec: 32 words of state (x1..x31, control word), then the program at 0x80000000.

def iss_state(regs=None, ram_mask=0, misa=0, semihosting=0):
    r = [0] * 31
    for i, v in (regs or {}).items():
        r[i - 1] = v & 0xFFFFFFFF
    ctl = (ram_mask & 0xFFFF) | (misa & 7) << 16 | (semihosting & 1) << 20
    return struct.pack("<31I", *r) + struct.pack("<I", ctl)


ISS_PROGRAMS = {
    "alu": ("""
        li a0, 1000
        li a1, -7
        add a2, a0, a1
        sub a3, a0, a1
        mul a4, a0, a1
        mulh a5, a0, a1
        div a6, a0, a1
        rem a7, a0, a1
        divu t0, a0, zero
        sll t1, a0, a1
        sra t2, a1, a0
        sltu t3, a1, a0
        xori t4, a0, -1
        lui t5, 0xfffff
        auipc t6, 0x10
        ebreak
    """, {}, 0),
    "loads_stores": ("""
        sw a0, 0(s0)
        sh a0, 6(s0)
        sb a0, 9(s0)
        lw a1, 0(s0)
        lh a2, 6(s0)
        lbu a3, 9(s0)
        lw a4, 3(s0)
        sw a4, 1(s0)
        lw a5, -4(s1)
        li t0, 0x10000000
        sb a0, 0(t0)
        lbu t1, 5(t0)
        ebreak
    """, {8: 0x100, 9: 0x2000, 10: 0x12345678}, 0b11 << 7),
    "branches_traps": ("""
        la t0, handler
        csrw mtvec, t0
        li a0, 5
    loop:
        addi a0, a0, -1
        bnez a0, loop
        jal ra, func
        ecall
        .word 0xffffffff
        lw a1, 0(zero)
        ebreak
    func:
        ret
    .align 2
    handler:
        csrr t1, mcause
        csrr t2, mepc
        addi t2, t2, 4
        csrw mepc, t2
        mret
    """, {}, 0),
    "atomics": ("""
        li a0, 3
        amoadd.w a1, a0, (s0)
        amoswap.w a2, a0, (s0)
        amomaxu.w a3, a0, (s0)
        lr.w a4, (s0)
        sc.w a5, a0, (s0)
        sc.w a6, a0, (s0)
        addi t0, s0, 2
        amoadd.w a7, a0, (t0)
        ebreak
    """, {8: 0x400}, 1 << 7),
    "float": ("""
        li t0, 0x6000
        csrs mstatus, t0
        li a0, 0x40490fdb
        fmv.w.x fa0, a0
        fmv.w.x fa1, zero
        fdiv.s fa2, fa0, fa1
        fsqrt.s fa3, fa0
        fmadd.s fa4, fa0, fa0, fa0
        fcvt.w.s a1, fa2
        fclass.s a2, fa2
        fmin.s fa5, fa0, fa2
        frflags a3
        fsrmi 3
        fadd.s fa6, fa0, fa0
        flw fa7, 0(s0)
        fsw fa0, 4(s0)
        ebreak
    """, {8: 0x800}, 1 << 7),
    "compressed": ("""
        .option rvc
        c.li a0, 5
        c.addi a0, -1
        c.mv a1, a0
        c.add a1, a0
        c.slli a1, 3
        c.sw a1, 0(s0)
        c.lw a2, 0(s0)
        c.beqz a2, 1f
        c.j 2f
    1:  c.nop
    2:  c.ebreak
    """, {8: 0x600}, 1 << 7),
    "self_modifying": ("""
        .option norvc
        la t0, patch
        li t1, 0x02a00513
        sw t1, 0(t0)
        fence.i
    patch:
        li a0, 1
        ebreak
    """, {}, 0),
    "timer_wfi": ("""
        la t0, handler
        csrw mtvec, t0
        li t0, 0x02004000
        li t1, 50
        sw t1, 0(t0)
        sw zero, 4(t0)
        li t0, 0x80
        csrw mie, t0
        csrsi mstatus, 8
        wfi
        ebreak
    .align 2
    handler:
        csrr a0, mcause
        li t0, 0x02004004
        li t1, -1
        sw t1, 0(t0)
        mret
    """, {}, 0),
    "semihosting_finisher": ("""
        .option norvc
        li a0, 4
        la a1, msg
        slli x0, x0, 0x1f
        ebreak
        srai x0, x0, 7
        li t0, 0x00100000
        li t1, 0x5555
        sw t1, 0(t0)
        ebreak
    msg: .asciz "hi"
    """, {}, 0),
    "pmp_triggers": ("""
        la t0, handler
        csrw mtvec, t0
        csrsi mstatus, 8
        li t0, (0x80001000 >> 2) | ((0x1000 >> 3) - 1)
        csrw pmpaddr0, t0
        li t0, 0x99                 # locked NAPOT, read only
        csrw pmpcfg0, t0
        li t1, 0x80001000
        lw a0, 0(t1)
        sw a0, 4(t1)
        csrw tdata2, t1
        li t0, (2 << 28) | (1 << 6) | 3
        csrw tdata1, t0
        lw a1, 0(t1)
        la t0, target
        csrw tselect, 1
        csrw tdata2, t0
        li t0, (2 << 28) | (1 << 6) | 4
        csrw tdata1, t0
    target:
        addi a2, a2, 1
        ebreak
    .align 2
    handler:
        csrr t2, mepc
        addi t2, t2, 4
        csrw mepc, t2
        mret
    """, {}, 0),
    "csrs": ("""
        csrr a0, misa
        csrr a1, mhartid
        csrw mscratch, a0
        csrrs a2, mstatus, zero
        csrr a3, cycle
        csrr a4, time
        csrr a5, instreth
        csrw mcycle, zero
        csrw minstret, zero
        csrr a6, 0x7c0
        cbo.clean (s0)
        cbo.flush (s0)
        cbo.inval (s0)
        ebreak
    """, {8: 0x100}, 1 << 7),
}


def iss_seeds():
    for name, (src, regs, mask) in ISS_PROGRAMS.items():
        prog = assemble(src)
        write("iss_exec", name, iss_state(regs, mask, 0, 1 if "semihosting" in name else 0) + prog)
    write("iss_exec", "rv32i_only", iss_state({}, 0, 1) + assemble(ISS_PROGRAMS["alu"][0]))


# --------------------------------------------------------------------------------------------
# rsp: what gdb sends on the socket

def pkt(p):
    b = p.encode("latin-1")
    return b"$" + b + b"#%02x" % (sum(b) & 0xFF)


def rsp_seeds():
    session = ["qSupported:multiprocess+;swbreak+;hwbreak+;xmlRegisters=riscv", "vMustReplyEmpty",
               "QStartNoAckMode", "Hg0", "qXfer:features:read:target.xml:0,ffb", "qXfer:features:read:target.xml:7fd,ffb",
               "qfThreadInfo", "qsThreadInfo", "qAttached", "qC", "?", "g", "p20", "p341", "p21", "m80000000,40",
               "Z0,80000008,4", "vCont?", "vCont;c", "z0,80000008,4", "s", "vCont;s:1", "P20=00000080",
               "G" + "00000000" * 32 + "00000080", "M80000100,4:01020304", "X80000104,2:}\x03}\x04",
               "Z2,80000100,4", "c", "z2,80000100,4", "Z3,80000100,4", "Z4,80000100,8", "c", "Z1,80000010,2",
               "c", "P3c1=00000001", "p3c1", "D"]
    write("rsp", "session", b"+".join(pkt(p) for p in session))
    write("rsp", "acks", b"+" + b"+".join(pkt(p) for p in ["qSupported", "?", "g", "m80000000,4", "k"]))
    write("rsp", "interrupt", pkt("c") + b"\x03" + pkt("?") + b"-" + pkt("vKill;1"))
    write("rsp", "hostile", b"".join(pkt(p) for p in [
        "Z2,80000000,ffffffff", "z2,80000000,ffffffff", "Z2,fffffffc,8", "Mffffff00,4:00000000",
        "mfffffff0,ffffffffffffffff", "p100000020", "Z0,100000000,4", "qXfer:features:read:x.xml:0,10",
        "qXfer:features:read:target.xml:ffffffffffffffff,10"]) + b"$" + b"a" * 300 + b"#00")


# --------------------------------------------------------------------------------------------
# semihosting: N, N x (op selector, flags, 4 words), memory image at 0x80001000

SH_OPS = ["OPEN", "CLOSE", "WRITEC", "WRITE0", "WRITE", "READ", "READC", "ISERROR", "ISTTY", "SEEK", "FLEN",
          "REMOVE", "RENAME", "CLOCK", "TIME", "ERRNO", "GET_CMDLINE", "HEAPINFO", "EXIT", "EXIT_EXTENDED",
          "ELAPSED", "TICKFREQ"]


def sh_input(calls, image):
    out = bytes([len(calls)])
    for op, flags, words in calls:
        words = (list(words) + [0, 0, 0, 0])[:4]
        out += bytes([SH_OPS.index(op), flags]) + struct.pack("<4I", *[w & 0xFFFFFFFF for w in words])
    return out + image


def sh_seeds():
    # image offsets: 0 "a.txt", 16 "new.txt", 32 "../outside.txt", 64 "sub/b.txt", 80 "link",
    # 96 ":tt", 112 ":semihosting-features", 160.. buffer
    img = bytearray(512)
    for off, s in [(0, "a.txt"), (16, "new.txt"), (32, "../outside.txt"), (64, "sub/b.txt"), (80, "link"),
                   (96, ":tt"), (112, ":semihosting-features"), (144, "hello")]:
        img[off:off + len(s) + 1] = s.encode() + b"\0"
    img = bytes(img)
    # Handles are 0, 1, ... in open order.
    write("semihosting", "read_file", sh_input([
        ("OPEN", 0b0001, [0, 0, 5]), ("FLEN", 0, [0]), ("READ", 0b0010, [0, 160, 100]), ("SEEK", 0, [0, 2]),
        ("READ", 0b0010, [0, 160, 3]), ("CLOSE", 0, [0]), ("ERRNO", 0, [])], img))
    write("semihosting", "write_file", sh_input([
        ("OPEN", 0b0001, [16, 4, 7]), ("WRITE", 0b0010, [0, 144, 5]), ("CLOSE", 0, [0]),
        ("RENAME", 0b0101, [16, 7, 64, 9]), ("REMOVE", 0b0001, [64, 9]), ("OPEN", 0b0001, [16, 8, 7])], img))
    write("semihosting", "escapes", sh_input([
        ("OPEN", 0b0001, [32, 0, 14]), ("OPEN", 0b0001, [80, 0, 4]), ("OPEN", 0b0001, [32, 4, 14]),
        ("REMOVE", 0b0001, [32, 14]), ("RENAME", 0b0101, [0, 5, 32, 14]), ("RENAME", 0b0101, [32, 14, 16, 7]),
        ("REMOVE", 0b0001, [80, 4]), ("ERRNO", 0, [])], img))
    write("semihosting", "console", sh_input([
        ("WRITEC", 0b10001, [144]), ("WRITE0", 0b10001, [144]), ("OPEN", 0b0001, [96, 4, 3]),
        ("WRITE", 0b0010, [0, 144, 5]), ("OPEN", 0b0001, [96, 0, 3]), ("READ", 0b0010, [1, 160, 10]),
        ("READC", 0, []), ("ISTTY", 0, [0]), ("OPEN", 0b0001, [112, 0, 21]), ("READ", 0b0010, [2, 160, 5]),
        ("GET_CMDLINE", 0b0001, [160, 64]), ("HEAPINFO", 0b0001, [160]), ("ELAPSED", 0b10001, [160]),
        ("CLOCK", 0, []), ("TIME", 0, []), ("TICKFREQ", 0, []), ("ISERROR", 0, [0xFFFFFFFF]),
        ("EXIT_EXTENDED", 0, [0x20026, 3])], img))
    write("semihosting", "huge_lengths", sh_input([
        ("OPEN", 0b0001, [0, 0, 0xFFFFFFFF]), ("OPEN", 0b0001, [0, 0, 5]), ("READ", 0b0010, [0, 160, 0xFFFFFFFF]),
        ("OPEN", 0b0001, [96, 4, 3]), ("WRITE", 0b0010, [1, 160, 0xFFFFFFFF]), ("WRITE", 0, [1, 0xFFFFFFF0, 0x100]),
        ("REMOVE", 0b0001, [0, 0xFFFFFFFF])], img))


# --------------------------------------------------------------------------------------------
# elf_loader: real firmware images (small ones), stripped and not

def elf_seeds(fw):
    for name in ["tohost_pass", "finisher_pass"]:
        src = os.path.join(fw, name + ".elf")
        if not os.path.exists(src):
            print(f"make_seeds: {src} missing (build the firmware); ELF seed skipped")
            continue
        data = open(src, "rb").read()
        write("elf_loader", name + ".elf", data)
        with tempfile.TemporaryDirectory() as t:
            out = os.path.join(t, "s.elf")
            subprocess.run(["riscv64-unknown-elf-strip", "-o", out, src], check=True)
            write("elf_loader", name + "_stripped.elf", open(out, "rb").read())


# --------------------------------------------------------------------------------------------
# quantity: scenario values

def quantity_seeds():
    for i, s in enumerate(["32KiB", "1.6ns", "50MHz", "12.8GB/s", "10Gb/s", "0x8000_0000", "1_000_000", "-5",
                           "3.5e-3", "64 GiB", "1TiB", "100ps", "0.001Hz", "3e12Hz", "1e30Hz", "2.5 us", "8kB",
                           "1Gbps", "0xffffffffffffffff", "18446744073709551616", "nan", "inf", "1e-9Hz", "0"]):
        write("quantity", f"q{i:02d}", s.encode())


# --------------------------------------------------------------------------------------------
# access_log: VPACCLOG files as the platform writes them

def access_log(header, blobs, records):
    h = json.dumps(header).encode()
    out = b"VPACCLOG" + struct.pack("<II", 1, len(h)) + h
    for b in blobs:
        out += b
    for addr, kind, size in records:
        out += struct.pack("<IBBH", addr, kind, size, 0)
    return out


def access_log_seeds():
    header = {"regions": [{"name": "x", "lo": RAM, "hi": RAM + 0x1000}],
              "blobs": [{"name": "prio", "addr": RAM + 0x2000, "size": 8}], "scenario": "seed"}
    write("access_log", "small", access_log(header, [bytes(range(8))],
                                            [(RAM, 0, 4), (RAM + 4, 1, 4), (RAM + 64, 2, 64), (RAM + 0x1000, 0, 1)]))
    write("access_log", "no_blobs", access_log({"regions": [], "blobs": []}, [], [(RAM, 0, 8)] * 3))
    write("access_log", "bad_blob_size", access_log({"blobs": [{"name": "b", "addr": 0, "size": 1 << 40}]}, [], []))


# --------------------------------------------------------------------------------------------
# msgdma: 8-byte operations [op, len, off_lo, off_hi, value] (fuzz/msgdma_fuzz.cpp): Intel-style
# sequences (extended descriptor, prefetcher chain, park + poll, a converter gather, bad values)

def msgdma_seeds():
    def w(off, v, ln=0): return struct.pack("<BBHI", 0, ln, off, v)           # register write
    def r(off): return struct.pack("<BBHI", 1, 0, off, 0)                     # register read
    def ram(word_index, v): return struct.pack("<BBHI", 2, 0, word_index, v)  # RAM word = v
    def ptr(word_index, byte_off): return struct.pack("<BBHI", 3, 0, word_index, byte_off)  # RAM word = RAM + off
    def wptr(off, byte_off): return struct.pack("<BBHI", 4, 0, off, byte_off)  # register = RAM + off
    def wait(ns): return struct.pack("<BBHI", 5, 0, 0, ns)
    CSR, RESP, DESC, PREF, CONV, DMA2 = 0x0, 0x20, 0x40, 0x80, 0x100, 0x4000
    GO = 1 << 31
    seeds = {}
    # Extended descriptor through the port: copy 256 B from RAM+0x1000 to RAM+0x2000, IRQ, then pop the response.
    seeds["ext_copy"] = (w(CSR + 4, 0x14) + wptr(DESC + 0x00, 0x1000) + wptr(DESC + 0x04, 0x2000) + w(DESC + 0x08, 256)
                         + w(DESC + 0x0C, 0x0000_0001, 1) + w(DESC + 0x10, 0x0001_0001) + w(DESC + 0x14, 0) + w(DESC + 0x18, 0)
                         + w(DESC + 0x1C, GO | (1 << 14)) + wait(5000) + r(CSR) + r(RESP) + r(RESP + 4) + w(CSR, 0x3FF))
    # Prefetcher chain of two 64-byte extended descriptors at RAM+0x400 and RAM+0x440 (OWNED_BY_HW, GO).
    chain = b""
    for i, (d, nxt) in enumerate([(0x400, 0x440), (0x440, 0x400)]):
        base = d // 4
        chain += ptr(base + 0, 0x3000 + 64 * i) + ptr(base + 1, 0x4000 + 64 * i) + ram(base + 2, 64) + ptr(base + 3, nxt)
        chain += ram(base + 7, 0x0101_0000) + ram(base + 8, 0x0001_0001) + ram(base + 15, (1 << 30) | GO | (1 << 14))
    seeds["pref_chain"] = chain + wptr(PREF + 4, 0x400) + w(PREF + 8, 0) + w(PREF + 0xC, 100) + w(PREF, 0x1 | 0x8) + wait(10000) + r(PREF + 0x10) + r(CSR)
    seeds["pref_park_poll"] = chain + wptr(PREF + 4, 0x400) + w(PREF, 0x1 | 0x2 | 0x10) + wait(20000) + w(PREF, 0) + r(PREF)
    # Converter gather: 16 4-byte indices at RAM+0x800 into a table at RAM+0x10000, 4-byte elements, 2 levels.
    gather = b"".join(ram(0x800 // 4 + i, (i * 37) % 64) for i in range(16))
    seeds["gather"] = (gather + w(CONV + 0x0C, 4) + w(CONV + 0x08, 4) + wptr(CONV + 0x04, 0x10000) + w(CONV + 0x10, 1) + w(CONV, 1)
                       + wptr(DESC, 0x800) + wptr(DESC + 4, 0x5000) + w(DESC + 8, 64) + w(DESC + 0x1C, GO) + wait(20000) + r(CONV + 0x30) + r(DMA2))
    seeds["bad"] = (w(CSR + 4, 0x4) + w(DESC, 0xFFFFFFF0) + w(DESC + 4, 0x10) + w(DESC + 8, 0xFFFFFFFF) + w(DESC + 0x1C, GO) + wait(10000)
                    + r(CSR) + w(CSR + 4, 0x2) + w(CONV + 0x08, 200) + w(CONV + 0x10, 9) + w(CONV, 3) + w(PREF, 0xFFFFFFFF) + r(0x8123) + w(0xC000, 5, 2))
    for k, v in seeds.items():
        write("msgdma", k, v)


# --------------------------------------------------------------------------------------------
# hmc_gather: the same operations (fuzz/mmio_fuzz.h) on the HMC gather/scatter engine's registers

def hmc_gather_seeds():
    def w(off, v): return struct.pack("<BBHI", 0, 0, off, v)
    def r(off): return struct.pack("<BBHI", 1, 0, off, 0)
    def ram(word_index, v): return struct.pack("<BBHI", 2, 0, word_index, v)
    def wptr(off, byte_off): return struct.pack("<BBHI", 4, 0, off, byte_off)
    def wait(ns): return struct.pack("<BBHI", 5, 0, 0, ns)
    OP, ELEM, INDEX, COUNT, ESIZE, ISIZE, DEST, BELL, STATUS, IEN, IPEND = 0x10, 0x14, 0x18, 0x1C, 0x20, 0x24, 0x28, 0x2C, 0x30, 0x34, 0x38
    idx = b"".join(ram(0x400 + i, (i * 37) % 256) for i in range(64))
    def cmd(op, count, esize, isize, dest_off, host=False):
        d = w(DEST, dest_off) if host else wptr(DEST, dest_off)
        return (w(OP, op | (0x100 if host else 0)) + wptr(ELEM, 0x8000) + wptr(INDEX, 0x1000) + w(COUNT, count)
                + w(ESIZE, esize) + w(ISIZE, isize) + d + w(IEN, 1) + w(BELL, 1) + wait(5000) + r(STATUS) + w(IPEND, 1))
    write("hmc_gather", "gather_in_memory", idx + cmd(1, 64, 4, 4, 0x20000))
    write("hmc_gather", "gather_to_host", idx + cmd(1, 64, 8, 4, 0) + struct.pack("<BBHI", 1, 0, 0x4000, 0))
    write("hmc_gather", "scatter_in_memory", idx + cmd(2, 64, 4, 4, 0x20000))
    write("hmc_gather", "bad", cmd(1, 0, 4, 4, 0) + cmd(1, 10, 3, 4, 0) + cmd(7, 5, 4, 4, 0) + cmd(1, 0xFFFFFFFF, 8, 8, 0x10)
          + w(BELL, 1) + w(BELL, 1) + r(0x8123))


# --------------------------------------------------------------------------------------------
# matrix_market: small Matrix Market files of every accepted kind, and one refused

def matrix_market_seeds():
    files = {
        "general_real": "%%MatrixMarket matrix coordinate real general\n% a comment\n3 3 4\n1 1 1.5\n2 1 -2\n"
                        "3 3 0\n1 3 4e-3\n",
        "symmetric_pattern": "%%MatrixMarket matrix coordinate pattern symmetric\n4 4 3\n1 1\n3 1\n4 2\n",
        "skew_integer_crlf": "%%MatrixMarket matrix coordinate integer skew-symmetric\r\n3 3 2\r\n2 1 7\r\n3 2 -1\r\n",
        "blank_lines": "%%MatrixMarket Matrix Coordinate REAL General\n\n2 2 1\n\n% x\n2 2 1e38\n",
        "array_refused": "%%MatrixMarket matrix array real general\n2 2\n1\n2\n3\n4\n",
    }
    for name, text in files.items():
        write("matrix_market", name, text.encode())


# --------------------------------------------------------------------------------------------
# ntriples: small N-Triples files, plain and gzip-compressed (the reader takes both)

def ntriples_seeds():
    text = (b"# a comment\n<http://a/s> <http://a/p> <http://a/o> .\n"
            b"_:b1 <http://a/p> \"lit\"@en .\n<http://a/s> <http://a/q> \"7\"^^<http://www.w3.org/2001/XMLSchema#int> .\n"
            b"<http://a/s> <http://a/p> <http://a/o> .\r\n")
    write("ntriples", "plain", text)
    write("ntriples", "gzip", gzip.compress(text, mtime=0))
    write("ntriples", "bad_iri", b"<http://a/s p> <http://a/p> <http://a/o> .\n")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--firmware", default=os.path.join(HERE, "..", "build", "firmware", "bin"))
    a = ap.parse_args()
    for t in ["iss_exec", "rsp", "semihosting", "elf_loader", "quantity", "access_log", "msgdma", "hmc_gather",
              "matrix_market", "ntriples"]:
        shutil.rmtree(os.path.join(HERE, "corpus", t), ignore_errors=True)
    iss_seeds()
    rsp_seeds()
    sh_seeds()
    elf_seeds(a.firmware)
    quantity_seeds()
    access_log_seeds()
    msgdma_seeds()
    hmc_gather_seeds()
    matrix_market_seeds()
    ntriples_seeds()


if __name__ == "__main__":
    main()
