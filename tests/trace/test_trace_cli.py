#!/usr/bin/env python3
"""End-to-end tests of what a run writes and prints about itself: no trace unless asked, the trace's
size budget, the progress line. Each test is a function; CTest runs one per process:

  test_trace_cli.py --vp build/bin/vp --repo . TEST_NAME
"""
import csv
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
import cli_test_runner  # noqa: E402

VP = REPO = None
WORK = None
TRACE_FILES = ("trace.json", "trace.csv")


def vp(*args, check=None, timeout=300, env=None):
    p = subprocess.run([VP, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout,
                       env={**os.environ, **(env or {})})
    out, err = p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace")
    if check is not None and p.returncode != check:
        raise AssertionError(f"vp {' '.join(args)}: exit {p.returncode}, expected {check}\n{out}\n{err}")
    return p.returncode, out, err


def firmware(name):
    return os.path.join(os.environ["VP_FIRMWARE_DIR"], name)


def traces_in(out):
    return [f for f in TRACE_FILES if os.path.exists(os.path.join(out, f))]


# ---- no surprise files ----

def test_default_scenario_writes_no_trace():
    out = os.path.join(WORK, "d")
    rc, _, err = vp("run", "--out", out, "--set", "workload.spmv.rows=64", check=0)
    assert traces_in(out) == [], traces_in(out)
    assert "+ trace" not in err and "\ntrace " not in err, err
    stats = json.load(open(os.path.join(out, "stats.json")))
    assert "trace" not in stats


def test_elf_run_writes_no_trace():
    out = os.path.join(WORK, "e")
    vp("run", "--elf", firmware("hello.elf"), "--out", out, check=0)
    assert traces_in(out) == [], traces_in(out)


def test_trace_flag_asks_for_the_trace():
    out = os.path.join(WORK, "t")
    _, _, err = vp("run", "--trace", "--out", out, "--set", "workload.spmv.rows=64", check=0)
    assert "trace.json" in traces_in(out)
    trace = json.load(open(os.path.join(out, "trace.json")))
    stats = json.load(open(os.path.join(out, "stats.json")))
    txn = sum(1 for e in trace["traceEvents"] if e["ph"] == "X" and e.get("cat") == "txn")
    assert txn == stats["trace"]["records"] > 0, (txn, stats["trace"])
    assert stats["trace"]["stopped_at_budget"] is False
    assert stats["trace"]["bytes"] == sum(os.path.getsize(os.path.join(out, f)) for f in traces_in(out))
    assert f"trace           {txn} transactions" in err, err


# ---- the size budget ----

BUDGET = 300 * 1024


def budget_run(name, budget=BUDGET):
    out = os.path.join(WORK, name)
    rc, _, err = vp("run", "spmv_timed", "--out", out, "--set", f"trace.max_bytes={budget}", check=0)
    return out, err


def test_budget_stops_the_trace_cleanly_and_the_run_goes_on():
    out, err = budget_run("b")
    sizes = {f: os.path.getsize(os.path.join(out, f)) for f in traces_in(out)}
    assert set(sizes) == set(TRACE_FILES), sizes
    assert sum(sizes.values()) <= BUDGET, sizes
    # Valid files: the JSON parses; the CSV ends on a complete row.
    trace = json.load(open(os.path.join(out, "trace.json")))
    txn = [e for e in trace["traceEvents"] if e["ph"] == "X" and e.get("cat") == "txn"]
    csv = open(os.path.join(out, "trace.csv")).read()
    assert csv.endswith("\n")
    rows = [r for r in csv.splitlines()[1:] if ",REGION," not in r and ",MARK," not in r]
    assert len(rows) == len(txn) and all(len(r.split(",")) == 15 for r in rows)
    stats = json.load(open(os.path.join(out, "stats.json")))
    t = stats["trace"]
    assert t["stopped_at_budget"] is True and t["max_bytes"] == BUDGET and t["records"] == len(txn)
    # The run went on to its end: same simulated time and statistics as an untraced run.
    ref = os.path.join(WORK, "ref")
    vp("run", "spmv_timed", "--quiet", "--out", ref, "--set", "trace.enabled=false", check=0)
    s_ref = json.load(open(os.path.join(ref, "stats.json")))
    assert stats["run"] == s_ref["run"] and stats["components"] == s_ref["components"]
    assert stats["components"]["bus"]["counters"]["transactions"] > len(txn)
    # It stopped early in the run, and the summary and a warning say where and how to narrow it.
    assert 0 < t["stopped_at_ps"] < stats["run"]["sim_time_ps"]
    assert "STOPPED at the budget (trace.max_bytes = 300 KiB)" in err, err
    assert "narrow it: trace.time_from/time_to" in err, err
    assert "[warning]" in err and "reached its budget" in err, err
    # The last recorded transaction was issued at the time the summary names.
    last_issue = max(int(r.split(",")[7]) for r in rows)
    assert last_issue == t["stopped_at_ps"], (last_issue, t)


def test_budgeted_trace_is_deterministic():
    a, _ = budget_run("a")
    b, _ = budget_run("b2")
    for f in TRACE_FILES + ("stats.json",):
        assert open(os.path.join(a, f), "rb").read() == open(os.path.join(b, f), "rb").read(), f


def test_time_window_gets_a_later_part_within_the_budget():
    """The remedy the summary names works: a window that starts after the stop point records there."""
    out, _ = budget_run("w0")
    stopped = json.load(open(os.path.join(out, "stats.json")))["trace"]["stopped_at_ps"]
    out2 = os.path.join(WORK, "w1")
    vp("run", "spmv_timed", "--quiet", "--out", out2, "--set", f"trace.max_bytes={BUDGET}",
       "--set", f"trace.time_from={stopped * 10}ps", "--set", f"trace.time_to={stopped * 21 // 2}ps", check=0)
    t = json.load(open(os.path.join(out2, "stats.json")))["trace"]
    assert t["stopped_at_budget"] is False and t["records"] > 0, t
    trace = json.load(open(os.path.join(out2, "trace.json")))
    ts = [float(e["ts"]) for e in trace["traceEvents"] if e["ph"] == "X" and e.get("cat") == "txn"]
    assert min(ts) >= stopped * 10 / 1e6 and max(ts) < stopped * 10.5 / 1e6


# ---- progress ----

PROGRESS_NOW = {"VP_PROGRESS_AFTER": "0", "VP_PROGRESS_EVERY": "0"}
PROGRESS_RE = r"vp: [0-9.]+ [mun]?s simulated, [0-9.]+( M)? insn, [0-9.]+ MIPS, [0-9]+% of limits\.(max_sim_time|max_host_seconds), [0-9.]+ s"


def test_progress_lines_when_stderr_is_not_a_terminal():
    out = os.path.join(WORK, "p")
    _, stdout, err = vp("run", "--out", out, check=0, env=PROGRESS_NOW)
    lines = [l for l in err.splitlines() if l.startswith("vp: ") and " simulated" in l]
    assert len(lines) >= 2, err
    assert all(re.fullmatch(PROGRESS_RE, l) for l in lines), lines
    assert "\r" not in err and "\x1b" not in err
    # Simulated time grows from line to line; stdout (the firmware's console) has none of it.
    sims = [l.split()[1:3] for l in lines]
    assert sims == sorted(sims, key=lambda t: float(t[0]) * {"s": 1, "ms": 1e-3, "us": 1e-6, "ns": 1e-9}[t[1]]), sims
    assert "simulated," not in stdout


def test_no_progress_for_short_runs_or_with_quiet():
    _, _, err = vp("run", "--out", os.path.join(WORK, "q0"), check=0)  # < 2 s: the defaults print nothing
    assert " simulated, " not in err, err
    _, _, err = vp("run", "--quiet", "--out", os.path.join(WORK, "q1"), check=0, env=PROGRESS_NOW)
    assert err == "", err


def test_progress_updates_one_line_on_a_terminal():
    import pty
    import select
    master, slave = pty.openpty()
    p = subprocess.Popen([VP, "run", "--out", os.path.join(WORK, "tty")], stdin=subprocess.DEVNULL,
                         stdout=subprocess.DEVNULL, stderr=slave, env={**os.environ, **PROGRESS_NOW})
    os.close(slave)
    data = b""
    while True:
        r, _, _ = select.select([master], [], [], 60)
        if not r:
            break
        try:
            chunk = os.read(master, 65536)
        except OSError:  # EIO: the child closed the terminal
            break
        if not chunk:
            break
        data += chunk
    assert p.wait(timeout=60) == 0
    text = data.decode(errors="replace")
    updates = re.findall("\r(?:" + PROGRESS_RE + ")\x1b\\[K", text)
    assert len(updates) >= 2, text
    # The line is cleared before the summary, which starts on a clean line.
    assert "\r\x1b[K---- vp summary" in text.replace("\r\n", "\n"), text[-400:]


# ---- Perfetto's binary format ----

def load_pb2():
    """The Python classes protoc generated at build time from third_party/perfetto (VP_PERFETTO_PB2_DIR)."""
    import importlib
    import sys as _sys
    _sys.path.insert(0, os.environ["VP_PERFETTO_PB2_DIR"])
    return importlib.import_module("perfetto_trace_subset_pb2")


def json_spans(path):
    """id -> span of the JSON trace, times in exact ps (the JSON has exact ps decimals of us)."""
    from decimal import Decimal
    trace = json.load(open(path), parse_float=Decimal)
    names = {e["pid"]: e["args"]["name"] for e in trace["traceEvents"] if e.get("name") == "process_name"}
    spans, flows = {}, set()
    for e in trace["traceEvents"]:
        if e["ph"] == "X" and e.get("cat") == "txn":
            a = e["args"]
            ts = int(e["ts"] * 1000000)
            spans[a["id"]] = {
                "component": names[e["pid"]], "lane": e["tid"], "cmd": e["name"].split()[0],
                "addr": int(e["name"].split()[1], 16), "begin_ns": ts // 1000,
                "end_ns": (ts + int(e["dur"] * 1000000)) // 1000, "len": a["len"], "from": a["from"],
                "parent": a.get("parent", 0), "wait_ps": int(a.get("wait_ns", 0) * 1000),
                "pc": int(a["pc"], 16) if "pc" in a else None, "function": a.get("function"),
                "status": a.get("status", "ok"),
                "attrs": {k: v for k, v in a.items()
                          if k not in ("id", "len", "from", "parent", "wait_ns", "pc", "function", "status")},
            }
    for e in trace["traceEvents"]:
        if e["ph"] == "f":
            flows.add((spans[e["id"]]["parent"], e["id"]))
    return spans, flows


def pftrace_spans(path, pb2):
    trace = pb2.Trace()
    trace.ParseFromString(open(path, "rb").read())
    tracks, names, ann_names, strings = {}, {}, {}, {}
    spans, flows, open_on = {}, set(), {}
    for p in trace.packet:
        assert p.trusted_packet_sequence_id == 1
        for n in p.interned_data.event_names:
            names[n.iid] = n.name
        for n in p.interned_data.debug_annotation_names:
            ann_names[n.iid] = n.name
        for n in p.interned_data.debug_annotation_string_values:
            strings[n.iid] = n.str.decode()
        if p.HasField("track_descriptor"):
            d = p.track_descriptor
            tracks[d.uuid] = (d.name, d.parent_uuid)
            continue
        ev = p.track_event
        lane_name, parent = tracks[ev.track_uuid]
        if ev.type == pb2.TrackEvent.TYPE_SLICE_BEGIN:
            a = {}
            for d in ev.debug_annotations:
                key = ann_names[d.name_iid]
                kind = d.WhichOneof("value")
                a[key] = strings[d.string_value_iid] if kind == "string_value_iid" else getattr(d, kind)
            if "id" not in a:  # a region
                open_on[ev.track_uuid] = None
                continue
            comp = tracks[parent][0]
            lane = 0 if lane_name == comp else int(lane_name.rsplit("#", 1)[1]) - 1
            spans[a["id"]] = {
                "component": comp, "lane": lane, "cmd": names[ev.name_iid], "addr": a["addr"],
                "begin_ns": p.timestamp, "end_ns": None, "len": a["len"], "from": a["from"],
                "parent": 0, "wait_ps": a.get("wait_ps", 0), "pc": a.get("pc"),
                "function": a.get("function"), "status": a.get("status", "ok"),
                "attrs": {k: v for k, v in a.items()
                          if k not in ("id", "len", "from", "parent", "wait_ps", "pc", "function", "status", "addr")},
            }
            open_on[ev.track_uuid] = a["id"]
            for child in ev.flow_ids:
                flows.add((a["id"], child))
            assert list(ev.terminating_flow_ids) in ([], [a["id"]])
        elif ev.type == pb2.TrackEvent.TYPE_SLICE_END:
            sid = open_on.pop(ev.track_uuid)
            if sid is not None:
                spans[sid]["end_ns"] = p.timestamp
    for parent, child in flows:  # the parent of a span is the origin of the flow that ends on it
        spans[child]["parent"] = parent
    return spans, flows


def test_pftrace_holds_the_same_spans_flows_and_attributes_as_the_json():
    pb2 = load_pb2()
    outs = []
    for name in ("pf1", "pf2"):
        out = os.path.join(WORK, name)
        vp("run", "spmv_timed", "--quiet", "--out", out, "--set", "trace.formats=[perfetto,pftrace]",
           "--set", "trace.time_to=150us", check=0)
        outs.append(out)
    out = outs[0]
    js, jflows = json_spans(os.path.join(out, "trace.json"))
    ps, pflows = pftrace_spans(os.path.join(out, "trace.pftrace"), pb2)
    assert len(js) > 1000
    assert set(js) == set(ps), (len(js), len(ps))
    for i in js:
        assert js[i] == ps[i], (i, js[i], ps[i])
    assert jflows == pflows and len(pflows) > 100, (len(jflows), len(pflows))
    # Much smaller than the JSON (measured ~2.9x on this run, docs/performance.md); deterministic.
    size_pb, size_json = (os.path.getsize(os.path.join(out, f)) for f in ("trace.pftrace", "trace.json"))
    print(f"{len(ps)} transactions: pftrace {size_pb / len(ps):.1f} B, JSON {size_json / len(js):.1f} B per transaction")
    assert size_pb * 2 < size_json, (size_pb, size_json)
    assert open(os.path.join(outs[0], "trace.pftrace"), "rb").read() == \
        open(os.path.join(outs[1], "trace.pftrace"), "rb").read()


def test_pftrace_budget_closes_a_valid_file():
    pb2 = load_pb2()
    out = os.path.join(WORK, "pfb")
    vp("run", "spmv_timed", "--quiet", "--out", out, "--set", "trace.formats=[pftrace]",
       "--set", "trace.max_bytes=100KiB", check=0)
    assert os.path.getsize(os.path.join(out, "trace.pftrace")) <= 100 * 1024
    spans, _ = pftrace_spans(os.path.join(out, "trace.pftrace"), pb2)
    t = json.load(open(os.path.join(out, "stats.json")))["trace"]
    assert t["stopped_at_budget"] and len(spans) == t["records"], (len(spans), t)
    assert all(s["end_ns"] is not None for s in spans.values())


# Small budgets in every format (issue #32 item 16): below ~16 KiB the reserve for the closing
# records was too small (8 KiB gave 8,485 B; 2 KiB 2,886 B of JSON alone). Every event is now staged
# and committed only when it fits with every file's closing records.
SMALL_BUDGETS = (700, 1024, 2048, 3000, 8 * 1024, 16 * 1024)
FORMAT_SETS = (("perfetto",), ("csv",), ("pftrace",), ("perfetto", "csv", "pftrace"))
FILE_OF = {"perfetto": "trace.json", "csv": "trace.csv", "pftrace": "trace.pftrace"}


def test_small_budgets_hold_to_the_byte_in_every_format_pftrace_too():
    import csv as csvmod
    pb2 = load_pb2()
    for formats in FORMAT_SETS:
        for budget in SMALL_BUDGETS:
            out = os.path.join(WORK, f"sb_{'_'.join(formats)}_{budget}")
            vp("run", "spmv_timed", "--quiet", "--out", out, "--set", f"trace.formats=[{','.join(formats)}]",
               "--set", f"trace.max_bytes={budget}", check=0)
            where = (formats, budget)
            files = [FILE_OF[f] for f in formats]
            sizes = {f: os.path.getsize(os.path.join(out, f)) for f in files}
            t = json.load(open(os.path.join(out, "stats.json")))["trace"]
            assert sum(sizes.values()) <= budget, (where, sizes)
            assert t["bytes"] == sum(sizes.values()) and t["stopped_at_budget"], (where, sizes, t)
            if budget >= 3000:  # not stopped long before the budget: at most one event short of it
                assert sum(sizes.values()) > budget * 0.8, (where, sizes)
            # Every file is valid and holds the same records.
            if "perfetto" in formats:
                trace = json.load(open(os.path.join(out, "trace.json")))
                txn = [e for e in trace["traceEvents"] if e["ph"] == "X" and e.get("cat") == "txn"]
                assert len(txn) == t["records"], (where, len(txn), t)
            if "csv" in formats:
                text = open(os.path.join(out, "trace.csv"), newline="").read()
                assert text.endswith("\n"), where
                rows = list(csvmod.reader(text.splitlines()))
                assert all(len(r) == 15 for r in rows), where
                assert sum(1 for r in rows[1:] if r[4] in ("R", "W", "I")) == t["records"], where
            if "pftrace" in formats:
                spans, _ = pftrace_spans(os.path.join(out, "trace.pftrace"), pb2)
                assert len(spans) == t["records"] and all(s["end_ns"] is not None for s in spans.values()), where
    # A budget the empty files do not fit in (headers, closing records) is bad input.
    rc, _, err = vp("run", "spmv_timed", "--out", os.path.join(WORK, "tiny"), "--set", "trace.max_bytes=100")
    lines = err.strip().splitlines()
    assert rc == 2 and len(lines) == 1 and "trace.max_bytes" in lines[0] and "empty trace files" in lines[0], err


def test_summary_prints_byte_counts_with_binary_units():
    # A trace of more than a million bytes was "1.81462e+06 B" in the summary (issue #32 item 18).
    out = os.path.join(WORK, "big")
    _, _, err = vp("run", "--trace", "--out", out, "--set", "workload.spmv.rows=1024", check=0)
    t = json.load(open(os.path.join(out, "stats.json")))["trace"]
    assert t["bytes"] > 1024 * 1024, t
    line = [l for l in err.splitlines() if l.startswith("trace ")][0]
    assert f"{t['records']} transactions, {fmt_bytes(t['bytes'])}," in line or \
        line.endswith(f"{t['records']} transactions, {fmt_bytes(t['bytes'])}"), line
    sizes = [l for l in err.splitlines() if l.startswith("trace ") or "resident" in l]
    assert len(sizes) >= 2 and not any(re.search(r"\d[eE][+-]?\d", l) for l in sizes), sizes


def test_csv_rows_name_every_component_when_a_new_one_appears_mid_row():
    # A cached SpMV over the HMC: the cube's vault spans are the first records of their component, so
    # the CSV sink meets a new component and an initiator in one row. Its name cache handed out a
    # reference that the second lookup invalidated: garbage names, bad_alloc, then free() aborted the
    # run while unwinding through a payload with a stack extension (HmcTiming::vault_access).
    out = os.path.join(WORK, "hmc_csv")
    vp("run", os.path.join(REPO, "scenarios", "bench_spmv.yaml"), "--out", out, "--set", "workload.spmv.rows=2000",
       "--set", "workload.spmv.nnz_per_row=16", "--set", "platform.ram.timing=hmc", "--set",
       "platform.caches.l1i.enabled=true", "--set", "platform.caches.l1d.enabled=true", "--set",
       "platform.caches.l2.enabled=true", "--set", "trace.enabled=true", "--set", "trace.formats=[csv,perfetto]",
       check=0)
    with open(os.path.join(out, "trace.csv")) as f:
        rows = list(csv.DictReader(f))
    assert rows and any(r["component"] == "ram.hmc.vaults" for r in rows)
    # Every name is a component's (a dotted identifier; region rows have no initiator), few of them.
    names = {r["component"] for r in rows} | {r["initiator"] for r in rows}
    assert all(re.fullmatch(r"[A-Za-z0-9_.]*", n) for n in names) and len(names) < 16, sorted(names)


def fmt_bytes(n):
    """config::format_bytes: three significant digits in a binary unit."""
    if n < 1024:
        return f"{n} B"
    v, i = float(n), 0
    while i < 6 and v >= 1023.5:
        v, i = v / 1024, i + 1
    return (f"{v:.2f}" if v < 9.995 else f"{v:.1f}" if v < 99.95 else f"{v:.0f}") + " " + \
        ("B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB")[i]


if __name__ == "__main__":
    sys.exit(cli_test_runner.run(globals(), "vp_trace_cli_"))
