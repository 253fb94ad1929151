#!/usr/bin/env python3
"""End-to-end tests of `vp run --profile` and `vp report` (docs/profile.md, docs/report.md). Each test
is a function; CTest runs one per process:

  test_report.py --vp build/bin/vp --repo . TEST_NAME

The browser test renders the page in headless Chromium (Debian's chromium) and exits 77 (skipped)
where chromium is absent.
"""
import argparse
import html.parser
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

VP = REPO = None
WORK = None
SECTIONS = ["summary", "timeline", "latency", "cache", "energy", "functions", "regions", "stats"]
# The default scenario (SpMV on the cached platform) with a matrix large enough for a timeline.
RUN_ARGS = ["--set", "workload.spmv.rows=3000"]


def vp(*args, check=None, timeout=300, env=None):
    p = subprocess.run([VP, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout,
                       env={**os.environ, **(env or {})})
    out, err = p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace")
    if check is not None and p.returncode != check:
        raise AssertionError(f"vp {' '.join(args)}: exit {p.returncode}, expected {check}\n{out}\n{err}")
    return p.returncode, out, err


def run(name, *extra):
    out = os.path.join(WORK, name)
    vp("run", "--quiet", "--out", out, *RUN_ARGS, *extra, check=0)
    return out


class Page(html.parser.HTMLParser):
    """Sections (id -> text, number of svg plots), every resource reference, table rows."""

    def __init__(self):
        super().__init__()
        self.sections, self.svgs, self.refs = {}, {}, []
        self.current = None
        self.rows, self.row = [], None
        self.cell = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "section":
            self.current = a.get("id")
            self.sections[self.current] = ""
            self.svgs[self.current] = 0
        if tag == "svg" and self.current:
            self.svgs[self.current] += 1
        for k in ("src", "href"):
            if k in a and not a[k].startswith("#"):
                self.refs.append((tag, a[k]))
        if tag in ("link", "script", "img", "iframe", "object", "embed"):
            self.refs.append((tag, a))
        if tag == "tr":
            self.row = []
        if tag in ("td", "th") and self.row is not None:
            self.cell = ""

    def handle_endtag(self, tag):
        if tag == "section":
            self.current = None
        if tag in ("td", "th") and self.row is not None and self.cell is not None:
            self.row.append(self.cell.strip())
            self.cell = None
        if tag == "tr" and self.row is not None:
            self.rows.append(self.row)
            self.row = None

    def handle_data(self, data):
        if self.current:
            self.sections[self.current] += data
        if self.cell is not None:
            self.cell += data


def parse(path):
    p = Page()
    p.feed(open(path).read())
    return p


def grouped(n):
    return f"{n:,}"


# ---- profile ----

def test_profile_accounts_for_every_instruction_and_cycle():
    out = run("p", "--profile")
    stats = json.load(open(os.path.join(out, "stats.json")))
    prof = json.load(open(os.path.join(out, "profile.json")))
    cpu = stats["components"]["cpu0"]["counters"]
    hart = next(h for h in prof["harts"] if h["name"] == "cpu0")
    funcs = hart["functions"]
    # The per-function costs add up to the CPU's own counters (one charge per executed instruction).
    for key, counter in (("cycles", "cycles"), ("stall_fetch", "stall_fetch"), ("stall_data", "stall_data"),
                         ("stall_exec", "stall_exec")):
        assert sum(f[key] for f in funcs) == hart["total"][key] == cpu[counter], (key, hart["total"], cpu)
    assert hart["total"]["instructions"] == cpu["instret"] + cpu["traps"], (hart["total"], cpu)
    misses = sum(stats["components"][c]["counters"]["misses"] for c in ("l1i", "l1d"))
    assert hart["total"]["l1_misses"] == misses
    assert hart["total"]["l2_misses"] == stats["components"]["l2"]["counters"]["misses"]
    # Sorted by cycles; the SpMV kernel is where the time goes (spmv_csr is static and inlined into main
    # at -O2: the ELF has no symbol for it).
    assert [f["cycles"] for f in funcs] == sorted((f["cycles"] for f in funcs), reverse=True)
    assert funcs[0]["function"] == "main" and funcs[0]["cycles"] > hart["total"]["cycles"] / 2, funcs[:3]
    # Folded stacks: "cpu0;caller;callee cycles", adding up to the same cycles; main calls the kernel.
    lines = open(os.path.join(out, "profile.folded")).read().splitlines()
    total = 0
    for line in lines:
        stack, cycles = line.rsplit(" ", 1)
        total += int(cycles)
        assert stack.startswith("cpu0;")
    assert total == cpu["cycles"], (total, cpu["cycles"])
    # main calls printf, which calls into picolibc's formatter.
    assert any(re.search(r";main;printf;[^ ]+ \d+$", l) for l in lines), lines[:20]
    flat = open(os.path.join(out, "profile.txt")).read()
    assert flat.splitlines()[2].endswith(" main"), flat[:600]


def test_profile_does_not_change_the_run():
    a, b = run("np"), run("wp", "--profile")
    assert open(os.path.join(a, "stats.json"), "rb").read() == open(os.path.join(b, "stats.json"), "rb").read()
    assert not os.path.exists(os.path.join(a, "profile.json"))


# ---- report ----

def test_report_has_every_section_with_the_runs_numbers():
    out = run("r", "--profile")
    rc, stdout, err = vp("report", out, check=0)
    page_path = os.path.join(out, "report.html")
    assert stdout.strip() == page_path, (stdout, err)
    page = parse(page_path)
    assert list(page.sections) == SECTIONS, list(page.sections)
    stats = json.load(open(os.path.join(out, "stats.json")))
    cpu = stats["components"]["cpu0"]["counters"]
    # Numbers of this run appear where they belong.
    assert grouped(cpu["instret"]) in page.sections["summary"]
    assert grouped(cpu["cycles"]) in page.sections["summary"]
    assert stats["run"]["stop_reason"] in page.sections["summary"]
    assert "main" in page.sections["functions"] and "printf" in page.sections["functions"]
    assert grouped(stats["components"]["l1d"]["counters"]["region.values.accesses"]) in page.sections["cache"]
    assert "spmv" in page.sections["regions"]
    assert grouped(stats["components"]["bus"]["counters"]["transactions"]) in page.sections["stats"]
    # Plots are inline SVG in every section that has data for one.
    for s in ("timeline", "latency", "cache", "energy", "functions", "regions"):
        assert page.svgs[s] >= 1, (s, page.svgs)
    # Self-contained: nothing is loaded from anywhere.
    assert page.refs == [], page.refs
    # Deterministic: the same outputs give the same page.
    first = open(page_path, "rb").read()
    vp("report", out, "-o", os.path.join(WORK, "again.html"), check=0)
    assert open(os.path.join(WORK, "again.html"), "rb").read() == first


def test_report_compares_two_runs_stat_by_stat():
    a = run("a")
    b = os.path.join(WORK, "b")
    vp("run", "--quiet", "--out", b, "--set", "workload.spmv.rows=2000", check=0)
    vp("report", a, b, check=0)
    page = parse(os.path.join(a, "compare.html"))
    assert "delta" in page.sections
    sa = json.load(open(os.path.join(a, "stats.json")))
    sb = json.load(open(os.path.join(b, "stats.json")))
    ia, ib = sa["components"]["cpu0"]["counters"]["instret"], sb["components"]["cpu0"]["counters"]["instret"]
    row = next(r for r in page.rows if r and r[0] == "cpu0/counter/instret")
    assert row[1:4] == [grouped(ia), grouped(ib), grouped(ib - ia)], row
    # Every counter of both runs has its row.
    names = {r[0] for r in page.rows if r}
    for comp, g in sa["components"].items():
        for k in g["counters"]:
            assert f"{comp}/counter/{k}" in names, (comp, k)


def test_report_of_a_directory_that_is_not_a_run_fails_in_one_line():
    empty = os.path.join(WORK, "empty")
    os.makedirs(empty)
    rc, out, err = vp("report", empty)
    assert rc != 0 and len(err.strip().splitlines()) == 1 and "stats.json" in err, (rc, err)


# ---- the page in a real browser ----

def png_pixels(path):
    """(width, height, rows of RGB(A) byte strings) of an 8-bit RGB/RGBA PNG (what Chromium writes)."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, w = 8, b"", None
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            w, h, depth, ctype = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and ctype in (2, 6), (depth, ctype)
            bpp = 3 if ctype == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    raw = zlib.decompress(idat)
    stride = w * bpp
    rows, prev = [], bytearray(stride)
    for y in range(h):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], (prev[i - bpp] if i >= bpp else 0)
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    return w, h, bpp, rows


def chromium_flags(profile_dir):
    return ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            f"--user-data-dir={profile_dir}"]


def test_report_renders_in_chromium():
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if not browser:
        print("SKIP: chromium is not installed (scripts/setup.sh installs it)")
        sys.exit(77)
    out = run("c", "--profile")
    vp("report", out, check=0)
    page = os.path.join(out, "report.html")
    url = "file://" + os.path.abspath(page)
    shot = os.path.join(WORK, "report.png")
    p = subprocess.run([browser, *chromium_flags(os.path.join(WORK, "chr1")), "--hide-scrollbars",
                        "--window-size=1280,2400", f"--screenshot={shot}", url],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
    assert os.path.exists(shot), p.stderr.decode(errors="replace")[-2000:]
    w, h, bpp, rows = png_pixels(shot)
    assert (w, h) == (1280, 2400), (w, h)
    # Not blank: many pixels are not the background, in many colours (text, plot lines, bars).
    colours, ink = set(), 0
    for row in rows[::4]:
        for x in range(0, w * bpp, bpp * 4):
            px = row[x:x + 3]
            colours.add(px)
            ink += px != b"\xff\xff\xff"
    sampled = (h // 4) * (w // 4)
    assert ink > sampled * 0.03, (ink, sampled)
    assert len(colours) > 20, len(colours)
    # The DOM as the browser built it holds every section and this run's numbers.
    p = subprocess.run([browser, *chromium_flags(os.path.join(WORK, "chr2")), "--dump-dom", url],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
    dom = p.stdout.decode(errors="replace")
    for s in SECTIONS:
        assert f'<section id="{s}">' in dom, s
    stats = json.load(open(os.path.join(out, "stats.json")))
    assert grouped(stats["components"]["cpu0"]["counters"]["instret"]) in dom
    assert dom.count("<svg") >= 6, dom.count("<svg")
    if os.environ.get("VP_REPORT_SCREENSHOT"):  # docs/report.png is made this way
        shutil.copy(shot, os.environ["VP_REPORT_SCREENSHOT"])


def main():
    global VP, REPO, WORK
    ap = argparse.ArgumentParser()
    ap.add_argument("--vp", required=True)
    ap.add_argument("--repo", required=True)
    ap.add_argument("test", nargs="?")
    ap.add_argument("--list", action="store_true")
    a = ap.parse_args()
    tests = {n: f for n, f in globals().items() if n.startswith("test_") and callable(f)}
    if a.list:
        print("\n".join(tests))
        return
    VP, REPO = os.path.abspath(a.vp), os.path.abspath(a.repo)
    WORK = tempfile.mkdtemp(prefix="vp_report_")
    try:
        tests[a.test]()
        print(f"PASS {a.test}")
    finally:
        shutil.rmtree(WORK, ignore_errors=True)


if __name__ == "__main__":
    main()
