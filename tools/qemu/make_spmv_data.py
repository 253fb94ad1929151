#!/usr/bin/env python3
"""Generate a deterministic random CSR matrix and vector for the `spmv` firmware, laid out for a raw
loader (QEMU `-device loader`, or the VP's loader), plus the boot-info block that tells the firmware
where everything is, and the expected result.

Output directory contents:
  dims.bin row_ptr.bin col_idx.bin values.bin x.bin expect.bin   blobs (little-endian)
  bootinfo.bin        boot-info block (include/vp/regs/bootinfo.h) to load at VP_BOOTINFO_ADDR
  loader.txt          "FILE ADDR" lines, for tools/qemu/run_qemu.sh -d DIR
  manifest.json       name -> file, addr, size (the "y" output blob has no file)
  y_ref.bin           reference y (float32[rows]) computed exactly as the firmware does
  expected_output.txt the exact console output of spmv.elf on this data

The reference y is computed with float32 semantics in CSR row order, one rounding per multiply and
per add (the firmware is built with -ffp-contract=off, so no fused multiply-add): each float32
product and sum is formed exactly in binary64 and rounded once to float32, which is correctly
rounded because 53 >= 2*24 + 2.  Hence y_ref matches the firmware bit for bit and so does the
integer hash of y; only the printed sum of y depends on the order of that final summation.

No third-party modules needed (numpy is used for a cross-check when available).
"""
import argparse
import json
import os
import struct
import sys

BOOTINFO_MAGIC = 0x4F464E49  # "INFO", include/vp/regs/bootinfo.h
BOOTINFO_VERSION = 1
BOOTINFO_MAX = 32
BOOTINFO_NAMELEN = 24
BOOTINFO_ADDR = 0x87FFF000  # VP_BOOTINFO_ADDR, include/vp/regs/memmap.h
MASK32 = 0xFFFFFFFF


class SplitMix64:
    """Small, fully specified PRNG so the data never depends on Python's random module."""

    def __init__(self, seed):
        self.state = seed & 0xFFFFFFFFFFFFFFFF

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return z ^ (z >> 31)

    def below(self, n):
        return self.next() % n

    def value(self):
        """Uniform in [-1, 1) on a 2^-23 grid: exactly representable as float32."""
        return (self.next() >> 40) / float(1 << 23) - 1.0


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def f32_bits(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


def mix(i, bits):
    """Must match programs/spmv/spmv.c: mix()."""
    h = (bits ^ ((i * 0x9E3779B9) & MASK32)) & MASK32
    h ^= h >> 16
    h = (h * 0x85EBCA6B) & MASK32
    h ^= h >> 13
    h = (h * 0xC2B2AE35) & MASK32
    h ^= h >> 16
    return h


def y_hash(y):
    return sum(mix(i, f32_bits(v)) for i, v in enumerate(y)) & MASK32


def make_matrix(rows, cols, nnz_target, seed):
    rng = SplitMix64(seed)
    mean = max(1, nnz_target // rows)
    row_ptr, col_idx, values = [0], [], []
    for _ in range(rows):
        n = min(cols, 1 + rng.below(2 * mean - 1)) if mean > 1 else 1  # 1 .. 2*mean-1, mean `mean`
        picked = set()
        while len(picked) < n:
            picked.add(rng.below(cols))
        for c in sorted(picked):
            col_idx.append(c)
            values.append(rng.value())
        row_ptr.append(len(col_idx))
    x = [rng.value() for _ in range(cols)]
    return row_ptr, col_idx, values, x


def spmv_f32(rows, row_ptr, col_idx, values, x):
    y = []
    for i in range(rows):
        s = 0.0
        for k in range(row_ptr[i], row_ptr[i + 1]):
            s = f32(s + f32(values[k] * x[col_idx[k]]))
        y.append(s)
    return y


def numpy_crosscheck(rows, row_ptr, col_idx, values, x, y):
    try:
        import numpy as np
    except ImportError:
        return None
    v = np.array(values, dtype=np.float32)
    xv = np.array(x, dtype=np.float32)
    c = np.array(col_idx, dtype=np.int64)
    out = np.zeros(rows, dtype=np.float32)
    for i in range(rows):
        s = np.float32(0)
        for k in range(row_ptr[i], row_ptr[i + 1]):
            s = np.float32(s + np.float32(v[k] * xv[c[k]]))
        out[i] = s
    return out.tobytes() == struct.pack("<%df" % rows, *y)


def bootinfo_block(entries):
    if len(entries) > BOOTINFO_MAX:
        sys.exit("too many boot-info entries")
    out = struct.pack("<IIII", BOOTINFO_MAGIC, BOOTINFO_VERSION, len(entries), 0)
    for name, addr, size in entries:
        raw = name.encode()
        if len(raw) > BOOTINFO_NAMELEN:
            sys.exit("boot-info name too long: " + name)
        out += raw.ljust(BOOTINFO_NAMELEN, b"\0") + struct.pack("<II", addr, size)
    out += b"\0" * (32 * (BOOTINFO_MAX - len(entries)))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rows", type=int, default=500)
    ap.add_argument("--cols", type=int, default=500)
    ap.add_argument("--nnz", type=int, default=5000, help="approximate number of nonzeros")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--base", type=lambda s: int(s, 0), default=0x84000000,
                    help="address of the first blob (default 0x84000000, inside the linker script's loader area)")
    ap.add_argument("--vp", action="store_true", help='add the "vp" entry (VP loader only: enables trace markers)')
    ap.add_argument("--no-expect", action="store_true", help='omit the "expect" blob (no self-check)')
    ap.add_argument("-o", "--out", required=True, help="output directory")
    a = ap.parse_args()

    row_ptr, col_idx, values, x = make_matrix(a.rows, a.cols, a.nnz, a.seed)
    nnz = len(col_idx)
    y = spmv_f32(a.rows, row_ptr, col_idx, values, x)
    h = y_hash(y)
    s = 0.0
    for v in y:
        s = f32(s + v)

    blobs = [
        ("dims", struct.pack("<III", a.rows, a.cols, nnz)),
        ("row_ptr", struct.pack("<%dI" % len(row_ptr), *row_ptr)),
        ("col_idx", struct.pack("<%dI" % nnz, *col_idx)),
        ("values", struct.pack("<%df" % nnz, *values)),
        ("x", struct.pack("<%df" % a.cols, *x)),
    ]
    if not a.no_expect:
        blobs.append(("expect", struct.pack("<I", h)))

    os.makedirs(a.out, exist_ok=True)
    addr = a.base
    entries, loader, manifest = [], [], {}

    def place(name, size):
        nonlocal addr
        here = addr
        addr = (addr + size + 0xFFF) & ~0xFFF  # page-align every blob
        if addr > BOOTINFO_ADDR - 0x10000:
            sys.exit("data does not fit below the stack; lower --base or the size")
        entries.append((name, here, size))
        return here

    for name, data in blobs:
        at = place(name, len(data))
        fname = name + ".bin"
        with open(os.path.join(a.out, fname), "wb") as f:
            f.write(data)
        loader.append((fname, at))
        manifest[name] = {"file": fname, "addr": at, "size": len(data)}
    at = place("y", 4 * a.rows)  # output, written by the firmware
    manifest["y"] = {"file": None, "addr": at, "size": 4 * a.rows, "output": True}
    if a.vp:
        entries.append(("vp", 0, 0))
        manifest["vp"] = {"file": None, "addr": 0, "size": 0}

    with open(os.path.join(a.out, "bootinfo.bin"), "wb") as f:
        f.write(bootinfo_block(entries))
    loader.append(("bootinfo.bin", BOOTINFO_ADDR))
    with open(os.path.join(a.out, "loader.txt"), "w") as f:
        f.write("# FILE ADDR  (raw loads; tools/qemu/run_qemu.sh -d DIR)\n")
        for fname, at in loader:
            f.write("%s 0x%08x\n" % (fname, at))
    with open(os.path.join(a.out, "y_ref.bin"), "wb") as f:
        f.write(struct.pack("<%df" % a.rows, *y))
    manifest["_bootinfo"] = {"file": "bootinfo.bin", "addr": BOOTINFO_ADDR}
    manifest["_reference"] = {"y": "y_ref.bin", "hash": "0x%08x" % h, "sum_bits": "0x%08x" % f32_bits(s),
                              "rows": a.rows, "cols": a.cols, "nnz": nnz, "seed": a.seed}
    with open(os.path.join(a.out, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=2)
        f.write("\n")
    expected = ["spmv: rows=%d cols=%d nnz=%d" % (a.rows, a.cols, nnz),
                "spmv: sum(y)=0x%08x hash(y)=0x%08x" % (f32_bits(s), h),
                "spmv: done (no reference hash given)" if a.no_expect else "spmv: PASS (hash matches the reference)"]
    with open(os.path.join(a.out, "expected_output.txt"), "w") as f:
        f.write("\n".join(expected) + "\n")

    np_ok = numpy_crosscheck(a.rows, row_ptr, col_idx, values, x, y)
    print("make_spmv_data: %dx%d, nnz=%d, hash(y)=0x%08x, sum(y)=0x%08x -> %s%s"
          % (a.rows, a.cols, nnz, h, f32_bits(s), a.out,
             "" if np_ok is None else (", numpy cross-check ok" if np_ok else ", NUMPY CROSS-CHECK FAILED")))
    return 0 if np_ok in (None, True) else 1


if __name__ == "__main__":
    sys.exit(main())
