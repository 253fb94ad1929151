#!/usr/bin/env python3
"""End-to-end tests of `vp run --profile` and `vp report` (docs/profile.md, docs/report.md). Each test
is a function; CTest runs one per process:

  test_report.py --vp build/bin/vp --repo . TEST_NAME

The browser test renders the page in headless Chromium (Debian's chromium) and exits 77 (skipped)
where chromium is absent.
"""
import html
import html.parser
import json
import math
import os
import re
import shutil
import struct
import subprocess
import sys
import zlib

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
import cli_test_runner  # noqa: E402

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


# The comparison as a performance engineer reads it (issue #37 item 5): the configuration first.
KEY_METRIC = re.compile(r"^(run/sim_time_ps|[^/]+/counter/cycles|[^/]+/derived/ipc|[^/]+/counter/misses|"
                        r"[^/]+/derived/[^/]*bandwidth[^/]*|energy/total_pj)$")


def l2_pair():
    """Two runs of the same matrix that differ in the L2's size only (16 KiB vs 1 MiB), with profiles."""
    a, b = os.path.join(WORK, "l2a"), os.path.join(WORK, "l2b")
    vp("run", "--quiet", "--profile", "--out", a, *RUN_ARGS, "--set", "platform.caches.l2.size=16KiB", check=0)
    vp("run", "--quiet", "--profile", "--out", b, *RUN_ARGS, "--set", "platform.caches.l2.size=1MiB", check=0)
    return a, b


def test_report_compare_leads_with_the_configuration_difference():
    a, b = l2_pair()
    vp("report", a, b, check=0)
    page = parse(os.path.join(a, "compare.html"))
    sections = list(page.sections)
    assert sections[:2] == ["config", "delta"], sections
    config = " ".join(page.sections["config"].split())
    # The one key that differs, with both values in their unit; nothing else is listed.
    assert "A and B differ in platform.caches.l2.size: 16 KiB vs 1 MiB" in config, config[:1000]
    assert config.count("A and B differ in") == 1, config[:2000]
    # Two runs of the same configuration: no difference at all.
    c = os.path.join(WORK, "l2c")
    vp("run", "--quiet", "--out", c, *RUN_ARGS, "--set", "platform.caches.l2.size=16KiB", check=0)
    vp("report", a, c, "-o", os.path.join(WORK, "same.html"), check=0)
    same = parse(os.path.join(WORK, "same.html"))
    assert "A and B have the same configuration" in same.sections["config"], same.sections["config"][:500]
    assert "differ in" not in same.sections["config"]


class DeltaTables(html.parser.HTMLParser):
    """Rows of the delta section: those of the first table (changed) and those inside <details>."""

    def __init__(self):
        super().__init__()
        self.in_delta = self.in_details = False
        self.changed, self.unchanged, self.row, self.cell = [], [], None, None

    def handle_starttag(self, tag, attrs):
        if tag == "section":
            self.in_delta = dict(attrs).get("id") == "delta"
        if tag == "details" and self.in_delta:
            self.in_details = True
        if tag == "tr" and self.in_delta:
            self.row = []
        if tag == "td" and self.row is not None:
            self.cell = ""

    def handle_endtag(self, tag):
        if tag == "details":
            self.in_details = False
        if tag == "td" and self.cell is not None:
            self.row.append(self.cell.strip())
            self.cell = None
        if tag == "tr" and self.row is not None:
            if self.row:
                (self.unchanged if self.in_details else self.changed).append(self.row)
            self.row = None

    def handle_data(self, data):
        if self.cell is not None:
            self.cell += data


def test_report_compare_sorts_changes_key_metrics_first():
    a, b = l2_pair()
    vp("report", a, b, check=0)
    t = DeltaTables()
    t.feed(open(os.path.join(a, "compare.html")).read())
    sa = json.load(open(os.path.join(a, "stats.json")))
    sb = json.load(open(os.path.join(b, "stats.json")))
    la, lb = sa["components"]["l2"]["counters"]["misses"], sb["components"]["l2"]["counters"]["misses"]
    assert la != lb, "the L2 size must change the L2's misses for this test to mean anything"
    both = [r for r in t.changed if not r[4].startswith("only in")]
    names = [r[0] for r in both]
    assert "l2/counter/misses" in names and "cpu0/counter/cycles" in names, names[:20]
    # Key metrics (cycles, IPC, misses, bandwidth, energy, time) first, then the others.
    keys = [KEY_METRIC.match(n) is not None for n in names]
    assert keys == sorted(keys, reverse=True) and any(keys) and not all(keys), list(zip(names, keys))[:30]

    def size(change):  # "+12.3 %", "-4.5e+03 %", "new (was 0)"
        return math.inf if change.startswith("new") else abs(float(change.split()[0]))
    for group in (True, False):
        sizes = [size(r[4]) for r, k in zip(both, keys) if k == group]
        assert sizes == sorted(sizes, reverse=True), (group, sizes)
    # Changed rows really changed; the unchanged ones are folded away (<details>), every one equal.
    assert all(r[3] not in ("0", "0.0") for r in both), [r for r in both if r[3] in ("0", "0.0")][:5]
    assert t.unchanged and all(r[1] == r[2] and r[4] == "0" for r in t.unchanged), t.unchanged[:5]
    assert "cpu0/counter/instret" in {r[0] for r in t.unchanged}  # same program, same instructions
    # Per-function deltas from both profiles: main is there with both runs' cycles.
    page = parse(os.path.join(a, "compare.html"))
    main = next(r for r in page.rows if len(r) > 4 and r[1] == "main")
    pa = next(f for h in json.load(open(os.path.join(a, "profile.json")))["harts"] for f in h["functions"]
              if f["function"] == "main")
    assert main[2] == grouped(pa["cycles"]), (main, pa)


def test_report_of_a_directory_that_is_not_a_run_fails_in_one_line():
    empty = os.path.join(WORK, "empty")
    os.makedirs(empty)
    rc, out, err = vp("report", empty)
    assert rc != 0 and len(err.strip().splitlines()) == 1 and "stats.json" in err, (rc, err)


# ---- untrusted text and corrupt files (issue #32 item 14) ----

HOSTILE_NAMES = ["$\\foo{$", "a $x$ b", "$$", "<script>alert(1)</script>", "x --> <b>y</b>", "caf\u00e9 \\n \u2603"]


def synthetic_run(name, regions=HOSTILE_NAMES):
    """A run's outputs written here (no simulation): a CPU, a histogram, energy, a timeline with the
    firmware's regions named `regions`."""
    d = os.path.join(WORK, name)
    os.makedirs(d, exist_ok=True)
    stats = {"schema": "vp-stats", "scenario": "synthetic", "run": {"sim_time_ps": 4000000, "exit_code": 0,
                                                                      "stop_reason": "done"},
             "components": {"cpu0": {"counters": {"instret": 1000, "cycles": 2000},
                                     "histograms": {"latency_ps": {"count": 2, "mean": 1.5, "min": 1, "max": 2,
                                                                   "buckets": [{"lo": 1, "count": 2}]}}},
                            "l1d": {"counters": {"hits": 3, "misses": 1, "accesses": 4}}},
             "energy": {"total_pj": 10.0, "components": {"cpu0": {"total_pj": 10.0, "events": {
                 "insn": {"count": 1000, "pj": 10.0, "pj_per_unit": 0.01}}}},
                 "regions": {n: {"count": 1, "total_pj": 1.0} for n in regions}}}
    timeline = {"t_ps": [0, 2000000, 4000000], "interval_ps": 2000000,
                "series": {"cpu0.instret": [0, 500, 1000], "cpu0.cycles": [0, 1000, 2000],
                           "bus.bytes_read": [0, 64, 128], "bus.busy_ps": [0, 10, 20]},
                "regions": [{"track": "marker", "name": n, "begin_ps": 1000 * i, "end_ps": 1000 * i + 500}
                            for i, n in enumerate(regions)], "regions_dropped": 0}
    profile = {"schema": "vp-profile", "harts": [{"name": "cpu0", "functions": [
        {"function": n, "instructions": 10, "cycles": 20} for n in regions]}]}
    for f, v in (("stats.json", stats), ("timeline.json", timeline), ("profile.json", profile),
                 ("config.json", {"description": "synthetic $x$"}), ("host.json", {"host_seconds": 0.5})):
        with open(os.path.join(d, f), "w") as fh:
            json.dump(v, fh)
    return d


def test_report_shows_firmware_text_as_text():
    # Region and function names are chosen by the firmware: matplotlib must not parse them as math
    # ("$\foo{$" was an 88-line traceback and no page) and the HTML must not run them.
    d = synthetic_run("hostile")
    rc, out, err = vp("report", d)
    assert rc == 0 and "Traceback" not in err, (rc, err)
    page = parse(os.path.join(d, "report.html"))
    for n in HOSTILE_NAMES:
        assert n in page.sections["regions"], (n, page.sections["regions"][:500])
        assert n in page.sections["functions"], n
    assert page.svgs["regions"] >= 1 and page.svgs["functions"] >= 1
    assert page.refs == [], page.refs  # no <script>, no <b>: the names are text
    assert "<script>alert" not in open(os.path.join(d, "report.html")).read()
    rc, out, err = vp("report", d, synthetic_run("hostile2"))  # the comparison page too
    assert rc == 0 and "Traceback" not in err, (rc, err)


def test_report_axes_have_units_that_fit_the_run():
    # A 4 ms run's time axis is in ms, not thousands of us; a histogram's axes say what they count and
    # in which unit (matplotlib writes each text of an SVG as a comment next to its glyphs).
    d = synthetic_run("units", regions=["r"])
    stats = json.load(open(os.path.join(d, "stats.json")))
    stats["components"]["bus"] = {"histograms": {"latency": {"count": 3, "mean": 20000, "min": 8000, "max": 40000,
                                                             "buckets": [{"lo": 4096, "count": 1},
                                                                         {"lo": 32768, "count": 2}]}}}
    json.dump(stats, open(os.path.join(d, "stats.json"), "w"))
    timeline = json.load(open(os.path.join(d, "timeline.json")))
    timeline["t_ps"] = [0, 2 * 10**9, 4 * 10**9]  # two 2 ms intervals
    json.dump(timeline, open(os.path.join(d, "timeline.json"), "w"))
    vp("report", d, check=0)
    text = open(os.path.join(d, "report.html")).read()
    timeline = text[text.index('<section id="timeline">'):text.index('<section id="latency">')]
    latency = text[text.index('<section id="latency">'):text.index('<section id="cache">')]
    assert "<!-- simulated time (ms) -->" in timeline, re.findall(r"<!-- simulated time[^>]*-->", timeline)
    # A short run's few intervals each get a marker (coloured <use> of a marker path; tick marks are
    # black): bus bandwidth, bus utilisation and cpu0's IPC over 2 intervals.
    markers = re.findall(r'<use [^>]*style="fill: #(?!000000)', timeline)
    assert len(markers) == 3 * 2, (len(markers), re.findall(r"<use [^>]*>", timeline)[:8])
    assert "<!-- latency (ns), bucket lower bound -->" in latency, re.findall(r"<!-- [^>]*bucket[^>]*-->", latency)
    assert latency.count("<!-- samples -->") == 2, latency.count("<!-- samples -->")  # bus latency, cpu0 latency_ps


def corrupt_cases():
    """(name, file, content) of broken outputs: each must give one error line naming the file."""
    good = json.load(open(os.path.join(synthetic_run("base"), "stats.json")))
    text = json.dumps(good)

    def stats_with(**changes):
        s = json.loads(text)
        for path, v in changes.items():
            node = s
            keys = path.split("__")
            for k in keys[:-1]:
                node = node[k]
            if v is DELETE:
                del node[keys[-1]]
            else:
                node[keys[-1]] = v
        return json.dumps(s)
    return [
        ("truncated", "stats.json", text[:len(text) // 2]),
        ("empty", "stats.json", ""),
        ("a list", "stats.json", "[1, 2]"),
        ("not utf-8", "stats.json", b'{"scenario": "caf\xe9"}'),
        ("NaN", "stats.json", stats_with(run__sim_time_ps=float("nan"))),
        ("nested", "stats.json", "[" * 100000 + "]" * 100000),
        ("components a list", "stats.json", stats_with(components=[])),
        ("counter a string", "stats.json", stats_with(components__cpu0__counters__instret="many")),
        ("run a number", "stats.json", stats_with(run=7)),
        ("sim time a string", "stats.json", stats_with(run__sim_time_ps="fast")),
        ("histogram without buckets", "stats.json", stats_with(components__cpu0__histograms__latency_ps__buckets=DELETE)),
        ("bucket without count", "stats.json", stats_with(components__cpu0__histograms__latency_ps__buckets=[{"lo": 1}])),
        ("energy events a list", "stats.json", stats_with(energy__components__cpu0__events=[1])),
        ("energy pj a string", "stats.json", stats_with(energy__components__cpu0__events__insn__pj="x")),
        ("trace without records", "stats.json", stats_with(trace={"bytes": 3})),
        ("host seconds a string", "host.json", '{"host_seconds": "slow"}'),
        ("config a list", "config.json", "[]"),
        ("series too short", "timeline.json", json.dumps({"t_ps": [0, 1, 2], "interval_ps": 1,
                                                            "series": {"bus.busy_ps": [0]}, "regions": []})),
        ("region without name", "timeline.json", json.dumps({"t_ps": [0], "regions": [{"track": "m", "begin_ps": 0,
                                                                                       "end_ps": 1}]})),
        ("region name a number", "timeline.json", json.dumps({"t_ps": [0], "regions": [
            {"track": "m", "name": 5, "begin_ps": 0, "end_ps": 1}]})),
        ("harts an object", "profile.json", '{"harts": {}}'),
        ("function without name", "profile.json", '{"harts": [{"name": "cpu0", "functions": [{"cycles": 1}]}]}'),
        ("stats a directory", "stats.json", None),
    ]


DELETE = object()


def test_report_of_corrupt_outputs_is_one_error_line():
    for i, (what, name, content) in enumerate(corrupt_cases()):
        d = synthetic_run(f"c{i}")
        path = os.path.join(d, name)
        os.remove(path)
        if content is None:
            os.makedirs(path)
        else:
            with open(path, "wb") as f:
                f.write(content if isinstance(content, bytes) else content.encode())
        rc, out, err = vp("report", d)
        lines = err.strip().splitlines()
        assert rc == 2 and len(lines) == 1 and "Traceback" not in err, (what, rc, err[-3000:])
        assert lines[0].startswith("vp report: error: ") and path in lines[0], (what, lines)
    # A directory that does not exist is bad input too (README: exit 2).
    rc, out, err = vp("report", os.path.join(WORK, "nonexistent"))
    assert rc == 2 and len(err.strip().splitlines()) == 1 and "no such directory" in err, (rc, err)


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


LAYOUT_PROBE = """<script>
(function () {
  document.querySelectorAll("details").forEach(function (d) { d.open = true; });  // the folded tables too
  var boxes = [];
  document.querySelectorAll("table, .plot").forEach(function (e, i) {
    var r = e.getBoundingClientRect(), p = e.parentElement.getBoundingClientRect();
    boxes.push({i: i, tag: e.tagName, l: r.left, r: r.right, t: r.top + scrollY, b: r.bottom + scrollY,
                pl: p.left, pr: p.right});
  });
  var bad = [];
  boxes.forEach(function (x) {
    if (x.r > x.pr + 1 || x.l < x.pl - 1) bad.push("element " + x.i + " (" + x.tag + ") overflows its container");
  });
  for (var i = 0; i < boxes.length; ++i)
    for (var j = i + 1; j < boxes.length; ++j) {
      var x = boxes[i], y = boxes[j];
      if (x.l < y.r - 1 && y.l < x.r - 1 && x.t < y.b - 1 && y.t < x.b - 1)
        bad.push("elements " + i + " (" + x.tag + ") and " + j + " (" + y.tag + ") overlap");
    }
  var out = document.createElement("pre");
  out.id = "layout-probe";
  out.textContent = JSON.stringify({width: innerWidth, scroll: document.documentElement.scrollWidth,
                                    n: boxes.length, bad: bad});
  document.body.appendChild(out);
})();
</script>"""


def test_report_compare_layout_in_chromium():
    """The comparison page at 1400 px in headless Chromium: no table or plot overflows its column or
    overlaps another, and nothing is wider than the window."""
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if not browser:
        print("SKIP: chromium is not installed (scripts/setup.sh installs it)")
        sys.exit(77)
    a, b = l2_pair()
    vp("report", a, b, check=0)
    text = open(os.path.join(a, "compare.html")).read()
    probe = os.path.join(WORK, "compare_probe.html")  # the page itself has no script: a copy gets the probe
    with open(probe, "w") as f:
        f.write(text.replace("</body>", LAYOUT_PROBE + "</body>"))
    p = subprocess.run([browser, *chromium_flags(os.path.join(WORK, "chr3")), "--window-size=1400,1000",
                        "--virtual-time-budget=5000", "--dump-dom", "file://" + os.path.abspath(probe)],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
    dom = p.stdout.decode(errors="replace")
    m = re.search(r'<pre id="layout-probe">(.*?)</pre>', dom, re.S)
    assert m, ("no probe result", p.stderr.decode(errors="replace")[-2000:])
    result = json.loads(html.unescape(m.group(1)))
    assert result["width"] == 1400, result
    assert result["n"] >= 10, result
    assert not result["bad"], result["bad"][:20]
    assert result["scroll"] <= 1400, result


if __name__ == "__main__":
    sys.exit(cli_test_runner.run(globals(), "vp_report_"))
