#!/usr/bin/env python3
"""vp report: one self-contained HTML page from a run's output directory (docs/report.md).

  vp_report.py OUT_DIR [-o FILE]          one run: OUT_DIR/report.html by default
  vp_report.py A B [-o FILE]              two runs side by side, the delta of every statistic
                                          (A/compare.html by default)

Reads stats.json, config.json, host.json, timeline.json (statistics over time and firmware regions),
profile.json (vp run --profile) and trace.csv when present. Plots are inline SVG from matplotlib; the
page loads nothing from anywhere. The same outputs give the same page byte for byte.
"""
import argparse
import csv
import html
import io
import json
import math
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

plt.rcParams["svg.hashsalt"] = "vp-report"  # deterministic element ids
plt.rcParams["font.size"] = 9
# Labels are the firmware's text (region names, function names): never matplotlib math ("$\\foo{$"
# must show as itself, not fail to parse) and never LaTeX.
plt.rcParams["text.parse_math"] = False
plt.rcParams["text.usetex"] = False

EXIT_BAD_INPUT, EXIT_INTERNAL = 2, 1


class BadInput(Exception):
    """A run's outputs cannot make a page: one line naming the file and what is wrong (exit 2)."""

SECTIONS = [
    ("summary", "Run"),
    ("timeline", "Utilisation and bandwidth over time"),
    ("latency", "Latency histograms"),
    ("cache", "Cache hit rates per region"),
    ("energy", "Energy breakdown"),
    ("functions", "Hottest functions"),
    ("regions", "Firmware regions"),
    ("stats", "All statistics"),
]

CSS = """
body{font-family:sans-serif;margin:0 2em 2em 2em;color:#222;max-width:1400px}
h1{margin-bottom:0.2em} h2{border-bottom:2px solid #4a78b0;padding-bottom:0.2em;margin-top:1.6em}
table{border-collapse:collapse;font-size:13px;margin:0.5em 0} td,th{border:1px solid #ccc;padding:2px 8px}
th{background:#e8eef6;text-align:left} td.n{text-align:right;font-family:monospace}
.note{color:#666;font-style:italic} .pair{display:flex;gap:1em;flex-wrap:wrap} .pair>div{flex:1;min-width:400px}
tr.changed td{background:#fff4d6} nav a{margin-right:1em} .plot svg{max-width:100%;height:auto}
"""


# ---------------------------------------------------------------------------------------------
# Loading

class Run:
    def __init__(self, path):
        self.path = path
        self.name = os.path.basename(os.path.normpath(path))
        self.stats = self._json("stats.json", check_stats, required=True)
        self.config = self._json("config.json", check_object) or {}
        self.host = self._json("host.json", check_host) or {}
        self.timeline = self._json("timeline.json", check_timeline)
        self.profile = self._json("profile.json", check_profile)
        trace_csv = os.path.join(path, "trace.csv")
        self.trace_csv = trace_csv if os.path.exists(trace_csv) else None

    def _json(self, name, check, required=False):
        p = os.path.join(self.path, name)
        if not os.path.exists(p):
            if required:
                raise BadInput(f"{self.path}: no {name} (not a vp output directory?)")
            return None
        try:
            with open(p, encoding="utf-8") as f:
                data = json.load(f)
        except (ValueError, RecursionError) as e:  # UnicodeDecodeError is a ValueError
            raise BadInput(f"{p}: not valid JSON ({str(e).splitlines()[0] if str(e) else type(e).__name__})")
        except OSError as e:
            raise BadInput(f"{p}: cannot read: {e.strerror or e}")
        check(data, Where(p))
        return data

    @property
    def components(self):
        return self.stats.get("components", {})

    def flat_stats(self):
        """Every statistic as 'component/kind/name' -> number (histograms: count, mean, max)."""
        out = {}
        run = self.stats.get("run", {})
        for k in ("sim_time_ps", "exit_code"):
            if k in run:
                out[f"run/{k}"] = run[k]
        for comp, g in sorted(self.components.items()):
            for k, v in g.get("counters", {}).items():
                out[f"{comp}/counter/{k}"] = v
            for k, v in g.get("derived", {}).items():
                out[f"{comp}/derived/{k}"] = v
            for k, h in g.get("histograms", {}).items():
                for f in ("count", "mean", "max"):
                    out[f"{comp}/histogram/{k}.{f}"] = h.get(f, 0)
        e = self.stats.get("energy")
        if e:
            out["energy/total_pj"] = e.get("total_pj", 0)
            for comp, c in sorted(e.get("components", {}).items()):
                out[f"energy/{comp}/total_pj"] = c.get("total_pj", 0)
        return out


# ---------------------------------------------------------------------------------------------
# Checking what was read: every field the page uses, with its type (firmware and files are untrusted;
# a corrupt file is one error line, never a traceback)

class Where:
    def __init__(self, file, path=""):
        self.file, self.path = file, path

    def __truediv__(self, key):
        return Where(self.file, f"{self.path}.{key}" if self.path else str(key))

    def fail(self, what):
        raise BadInput(f"{self.file}: {self.path or 'the top level'}: {what}")


def _kind(v):
    return {dict: "an object", list: "a list", str: "a string", bool: "a boolean", type(None): "null"}.get(
        type(v), "a number")


def check_object(v, w):
    if not isinstance(v, dict):
        w.fail(f"expected an object, got {_kind(v)}")
    return v


def check_list(v, w):
    if not isinstance(v, list):
        w.fail(f"expected a list, got {_kind(v)}")
    return v


def check_number(v, w):
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        w.fail(f"expected a number, got {_kind(v)}")
    if isinstance(v, float) and not math.isfinite(v):
        w.fail(f"expected a finite number, got {v}")
    return v


def check_string(v, w):
    if not isinstance(v, str):
        w.fail(f"expected a string, got {_kind(v)}")
    return v


def check_fields(obj, w, required=(), optional=(), check=check_number):
    """`obj` is an object; each named field (required or present) passes `check`."""
    check_object(obj, w)
    for k in required:
        if k not in obj:
            w.fail(f"no '{k}'")
    for k in (*required, *optional):
        if k in obj:
            check(obj[k], w / k)


def check_map(obj, w, each):
    check_object(obj, w)
    for k, v in obj.items():
        each(v, w / k)


def check_stats(s, w):
    check_object(s, w)
    if "scenario" in s:
        check_string(s["scenario"], w / "scenario")
    if "run" in s:
        check_fields(s["run"], w / "run", optional=("sim_time_ps", "exit_code"))
        if "stop_reason" in s["run"]:
            check_string(s["run"]["stop_reason"], w / "run" / "stop_reason")

    def component(g, wc):
        check_object(g, wc)
        for kind in ("counters", "derived"):
            if kind in g:
                check_map(g[kind], wc / kind, check_number)

        def histogram(h, wh):
            check_fields(h, wh, optional=("count",))
            if h.get("count"):
                check_fields(h, wh, required=("mean", "min", "max"))
                check_list(h.get("buckets"), wh / "buckets")
                for i, b in enumerate(h["buckets"]):
                    check_fields(b, wh / "buckets" / i, required=("lo", "count"))
        if "histograms" in g:
            check_map(g["histograms"], wc / "histograms", histogram)
    if "components" in s:
        check_map(s["components"], w / "components", component)
    if "energy" in s:
        e, we = s["energy"], w / "energy"
        check_fields(e, we, optional=("total_pj",))

        def energy_component(c, wc):
            check_fields(c, wc, optional=("total_pj",))
            if "events" in c:
                check_map(c["events"], wc / "events",
                          lambda d, wd: check_fields(d, wd, optional=("count", "pj", "pj_per_unit")))
        if "components" in e:
            check_map(e["components"], we / "components", energy_component)
        if "regions" in e:
            check_map(e["regions"], we / "regions", lambda d, wd: check_fields(d, wd, optional=("count", "total_pj")))
    if "trace" in s:
        t, wt = s["trace"], w / "trace"
        check_fields(t, wt, required=("records", "bytes"))
        if t.get("stopped_at_budget"):
            check_fields(t, wt, required=("stopped_at_ps",))


def check_host(h, w):
    check_fields(h, w, optional=("host_seconds",))


def check_timeline(tl, w):
    check_object(tl, w)
    n = len(check_list(tl.get("t_ps", []), w / "t_ps"))
    for i, v in enumerate(tl.get("t_ps", [])):
        check_number(v, w / "t_ps" / i)
    if n >= 2:
        check_fields(tl, w, required=("interval_ps",))
        check_object(tl.get("series"), w / "series")
    for k, v in (tl.get("series") or {}).items():
        check_list(v, w / "series" / k)
        if len(v) != n:
            (w / "series" / k).fail(f"{len(v)} values for {n} sample times (t_ps)")
        for i, x in enumerate(v):
            check_number(x, w / "series" / k / i)
    for i, r in enumerate(check_list(tl.get("regions", []), w / "regions")):
        check_fields(r, w / "regions" / i, required=("track", "name"), check=check_string)
        check_fields(r, w / "regions" / i, required=("begin_ps", "end_ps"))
    if "regions_dropped" in tl:
        check_number(tl["regions_dropped"], w / "regions_dropped")


def check_profile(p, w):
    check_object(p, w)
    for i, h in enumerate(check_list(p.get("harts", []), w / "harts")):
        wh = w / "harts" / i
        check_object(h, wh)
        if "name" in h:
            check_string(h["name"], wh / "name")
        for j, f in enumerate(check_list(h.get("functions", []), wh / "functions")):
            wf = wh / "functions" / j
            check_fields(f, wf, required=("function",), check=check_string)
            for k, v in f.items():
                if k != "function":
                    check_number(v, wf / k)


# ---------------------------------------------------------------------------------------------
# Formatting helpers

def esc(s):
    return html.escape(str(s))


def num(v):
    if isinstance(v, bool):
        return str(v).lower()
    if isinstance(v, int):
        return f"{v:,}"
    if isinstance(v, float):
        if v == 0:
            return "0"
        if abs(v) >= 1e6 or abs(v) < 1e-3:
            return f"{v:.4g}"
        return f"{v:,.4f}".rstrip("0").rstrip(".")
    return esc(v)


def fmt_time(ps):
    for unit, scale in (("s", 1e12), ("ms", 1e9), ("us", 1e6), ("ns", 1e3)):
        if ps >= scale:
            return f"{ps / scale:.4g} {unit}"
    return f"{ps} ps"


def table(header, rows, numeric_from=1, row_class=None):
    out = ["<table><tr>" + "".join(f"<th>{esc(h)}</th>" for h in header) + "</tr>"]
    for i, r in enumerate(rows):
        cls = f' class="{row_class(r)}"' if row_class and row_class(r) else ""
        cells = []
        for j, c in enumerate(r):
            cells.append(f'<td class="n">{num(c)}</td>' if j >= numeric_from and not isinstance(c, str)
                         else f"<td>{esc(c)}</td>")
        out.append(f"<tr{cls}>" + "".join(cells) + "</tr>")
    out.append("</table>")
    return "\n".join(out)


def svg(fig):
    buf = io.StringIO()
    fig.savefig(buf, format="svg", metadata={"Date": None, "Creator": None}, bbox_inches="tight")
    plt.close(fig)
    text = buf.getvalue()
    return '<div class="plot">' + text[text.index("<svg"):] + "</div>"


def note(text):
    return f'<p class="note">{esc(text)}</p>'


# ---------------------------------------------------------------------------------------------
# Sections of one run

def sec_summary(run):
    r = run.stats.get("run", {})
    rows = [("scenario", run.stats.get("scenario", "")),
            ("description", run.config.get("description", "")),
            ("simulated time", fmt_time(r.get("sim_time_ps", 0))),
            ("exit code", str(r.get("exit_code", ""))),
            ("stop reason", r.get("stop_reason", ""))]
    if "host_seconds" in run.host:
        rows.append(("host time", f"{run.host['host_seconds']:.3f} s"))
    for comp, g in sorted(run.components.items()):
        c = g.get("counters", {})
        if "instret" in c and "cycles" in c and c["instret"]:
            rows.append((f"{comp} instructions", f"{c['instret']:,} in {c['cycles']:,} cycles "
                                                 f"(IPC {c['instret'] / max(1, c['cycles']):.3f})"))
            if run.host.get("host_seconds"):
                rows.append((f"{comp} host speed", f"{c['instret'] / run.host['host_seconds'] / 1e6:.1f} MIPS"))
    e = run.stats.get("energy")
    if e:
        rows.append(("energy", f"{e.get('total_pj', 0) / 1e6:.4g} uJ"))
    t = run.stats.get("trace")
    if t:
        rows.append(("trace", f"{t['records']:,} transactions, {t['bytes']:,} B"
                              + (f", stopped at the budget at {fmt_time(t['stopped_at_ps'])}"
                                 if t.get("stopped_at_budget") else "")))
    return table(["", ""], rows, numeric_from=99)


def timeline_rates(run):
    """(t in us, {series label: rate list}) per plot kind, from timeline.json."""
    tl = run.timeline
    if not tl or len(tl.get("t_ps", [])) < 2:
        return None
    t = tl["t_ps"]
    series = tl["series"]
    mid = [(t[i] + t[i - 1]) / 2 / 1e6 for i in range(1, len(t))]
    dt = [max(1, t[i] - t[i - 1]) for i in range(1, len(t))]

    def rate(values, scale):
        return [(values[i] - values[i - 1]) / dt[i - 1] * scale for i in range(1, len(values))]

    bw, util, ipc = {}, {}, {}
    comps = sorted({k.rsplit(".", 1)[0] for k in series if k.endswith((".bytes_read", ".bytes_written"))})
    for c in comps:
        total = [a + b for a, b in zip(series.get(c + ".bytes_read", [0] * len(t)),
                                       series.get(c + ".bytes_written", [0] * len(t)))]
        if total[-1] > 0:
            bw[c] = rate(total, 1e12 / 1e9)  # bytes/ps -> GB/s
    for k, v in sorted(series.items()):
        if k.endswith(".busy_ps") and v[-1] > 0:
            util[k[:-len(".busy_ps")]] = [min(1.0, max(0.0, x)) * 100 for x in rate(v, 1.0)]
    for k in sorted(series):
        if k.endswith(".instret"):
            comp = k[:-len(".instret")]
            cyc = series.get(comp + ".cycles")
            if cyc:
                ipc[comp] = [(series[k][i] - series[k][i - 1]) / max(1, cyc[i] - cyc[i - 1])
                             for i in range(1, len(t))]
    return mid, bw, util, ipc


def sec_timeline(run):
    data = timeline_rates(run)
    if not data:
        return note("No timeline.json with two samples or more (runs shorter than one sampling interval "
                    "have only the end of the run).")
    mid, bw, util, ipc = data
    panels = [(bw, "bandwidth (GB/s)"), (util, "utilisation (%)"), (ipc, "IPC")]
    panels = [p for p in panels if p[0]]
    fig, axes = plt.subplots(len(panels), 1, figsize=(11, 2.6 * len(panels)), sharex=True, squeeze=False)
    for ax, (data_, label) in zip(axes[:, 0], panels):
        for name, ys in data_.items():
            ax.plot(mid, ys, label=name, linewidth=1.2)
        ax.set_ylabel(label)
        ax.grid(alpha=0.3)
        ax.legend(fontsize=7, loc="upper right", ncol=4)
    axes[-1, 0].set_xlabel("simulated time (us)")
    rows = []
    for name, ys in bw.items():
        rows.append((name, "bandwidth GB/s", max(ys), sum(ys) / len(ys)))
    for name, ys in util.items():
        rows.append((name, "utilisation %", max(ys), sum(ys) / len(ys)))
    return (svg(fig) + f"<p>{len(mid) + 1} samples every {fmt_time(run.timeline['interval_ps'])} or so "
            "(timeline.json).</p>" + table(["component", "series", "peak", "mean over samples"], rows, 2))


def sec_latency(run):
    hists = [(c, k, h) for c, g in sorted(run.components.items()) for k, h in sorted(g.get("histograms", {}).items())
             if h.get("count")]
    if not hists:
        return note("No histogram has samples.")
    n = len(hists)
    cols = 3
    rows_ = (n + cols - 1) // cols
    fig, axes = plt.subplots(rows_, cols, figsize=(11, 2.3 * rows_), squeeze=False)
    for ax, (c, k, h) in zip(axes.flat, hists):
        b = h["buckets"]
        labels = [fmt_time(x["lo"]) if "latency" in k or "wait" in k or "time" in k else str(x["lo"]) for x in b]
        ax.bar(range(len(b)), [x["count"] for x in b], color="#4a78b0")
        ax.set_xticks(range(len(b)))
        ax.set_xticklabels(labels, rotation=60, fontsize=6)
        ax.set_title(f"{c}: {k}", fontsize=8)
    for ax in list(axes.flat)[n:]:
        ax.axis("off")
    fig.tight_layout()
    rows = [(f"{c}", k, h["count"], h["mean"], h["min"], h["max"]) for c, k, h in hists]
    return svg(fig) + "<p>Power-of-two buckets (lower bound shown; latencies in ps units of the statistic).</p>" + \
        table(["component", "histogram", "count", "mean", "min", "max"], rows, 2)


def cache_regions(run):
    out = {}
    for c, g in sorted(run.components.items()):
        cnt = g.get("counters", {})
        regs = sorted({k.split(".")[1] for k in cnt if k.startswith("region.") and k.endswith(".accesses")})
        if "hits" in cnt and "misses" in cnt:
            out[c] = {"all": (cnt["hits"], cnt.get("accesses", cnt["hits"] + cnt["misses"]))}
            for r in regs:
                out[c][r] = (cnt.get(f"region.{r}.hits", 0), cnt.get(f"region.{r}.accesses", 0))
    return out


def sec_cache(run):
    caches = cache_regions(run)
    if not caches:
        return note("No cache in this run.")
    regions = sorted({r for v in caches.values() for r in v})
    fig, ax = plt.subplots(figsize=(11, 3.2))
    width = 0.8 / len(caches)
    for i, (c, v) in enumerate(caches.items()):
        ys = [(v[r][0] / v[r][1] * 100) if r in v and v[r][1] else 0 for r in regions]
        ax.bar([x + i * width for x in range(len(regions))], ys, width, label=c)
    ax.set_xticks([x + width * (len(caches) - 1) / 2 for x in range(len(regions))])
    ax.set_xticklabels(regions)
    ax.set_ylabel("hit rate (%)")
    ax.set_ylim(0, 100)
    ax.legend()
    ax.grid(axis="y", alpha=0.3)
    rows = []
    for c, v in caches.items():
        for r in regions:
            if r in v:
                h, a = v[r]
                rows.append((c, r, a, h, (h / a * 100) if a else 0.0))
    return svg(fig) + table(["cache", "region", "accesses", "hits", "hit rate %"], rows, 2)


def sec_energy(run):
    e = run.stats.get("energy")
    if not e or not e.get("components"):
        return note("No energy ledger in stats.json.")
    comps = sorted(e["components"].items(), key=lambda kv: -kv[1].get("total_pj", 0))
    fig, ax = plt.subplots(figsize=(11, 0.4 * len(comps) + 1.2))
    left = [0] * len(comps)
    events = sorted({ev for _, c in comps for ev in c.get("events", {})})
    for ev in events:
        vals = [c.get("events", {}).get(ev, {}).get("pj", 0) / 1e6 for _, c in comps]
        ax.barh([n for n, _ in comps], vals, left=left, label=ev)
        left = [a + b for a, b in zip(left, vals)]
    ax.invert_yaxis()
    ax.set_xlabel("energy (uJ)")
    ax.legend(fontsize=7, ncol=4)
    rows = []
    for n, c in comps:
        for ev, d in sorted(c.get("events", {}).items()):
            rows.append((n, ev, d.get("count", 0), d.get("pj_per_unit", 0), d.get("pj", 0) / 1e6))
    out = svg(fig) + f"<p>Total {e.get('total_pj', 0) / 1e6:.4g} uJ.</p>" + \
        table(["component", "event", "count", "pJ per unit", "uJ"], rows, 2)
    regs = e.get("regions", {})
    if regs:
        out += "<h3>Per firmware region</h3>" + table(
            ["region", "count", "uJ"], [(r, d.get("count", 0), d.get("total_pj", 0) / 1e6) for r, d in sorted(regs.items())], 1)
    return out


def hottest_from_profile(run):
    rows = []
    for hart in run.profile.get("harts", []):
        for f in hart.get("functions", []):
            rows.append((hart.get("name", ""), f))
    rows.sort(key=lambda hf: -hf[1].get("cycles", 0))
    return rows


def sec_functions(run):
    if run.profile:
        rows = hottest_from_profile(run)[:25]
        if not rows:
            return note("profile.json lists no function.")
        keys = [k for k in ("instructions", "cycles", "stall_fetch", "stall_data", "stall_exec", "l1_misses",
                            "l2_misses", "bus_bytes") if any(k in f for _, f in rows)]
        top = rows[:15]
        fig, ax = plt.subplots(figsize=(11, 0.3 * len(top) + 1))
        ax.barh([f"{h}: {f['function']}" for h, f in top], [f.get("cycles", 0) for _, f in top], color="#c0504d")
        ax.invert_yaxis()
        ax.set_xlabel("cycles")
        return svg(fig) + "<p>From profile.json (vp run --profile).</p>" + table(
            ["hart", "function"] + keys, [(h, f["function"], *[f.get(k, 0) for k in keys]) for h, f in rows], 2)
    if run.trace_csv:
        counts = {}
        try:
            with open(run.trace_csv, newline="", encoding="utf-8") as f:
                for r in csv.DictReader(f):
                    fn = r.get("function") or ""
                    if r.get("cmd") in ("R", "W") and isinstance(fn, str) and fn and r.get("component") == "bus":
                        fn = fn.split("+")[0]
                        counts[fn] = counts.get(fn, 0) + 1
        except (OSError, ValueError, csv.Error) as e:
            raise BadInput(f"{run.trace_csv}: cannot read it as CSV ({e})")
        if counts:
            rows = sorted(counts.items(), key=lambda kv: -kv[1])[:25]
            return note("No profile.json (vp run --profile); bus transactions per function from trace.csv instead.") + \
                table(["function", "bus transactions"], rows, 1)
    return note("No profile: run with vp run --profile for the hottest functions.")


def sec_regions(run):
    regs = (run.timeline or {}).get("regions", [])
    if not regs:
        return note("The firmware named no region (trace-marker device, include/vp/regs/marker.h).")
    names = sorted({(r["track"], r["name"]) for r in regs})
    fig, ax = plt.subplots(figsize=(11, 0.45 * len(names) + 1.2))
    for i, (track, name) in enumerate(names):
        spans = [(r["begin_ps"] / 1e6, max(1e-6, (r["end_ps"] - r["begin_ps"]) / 1e6)) for r in regs
                 if r["track"] == track and r["name"] == name]
        ax.broken_barh(spans, (i - 0.35, 0.7), color=plt.cm.tab10(i % 10))
    ax.set_yticks(range(len(names)))
    ax.set_yticklabels([n for _, n in names])
    end = run.stats.get("run", {}).get("sim_time_ps", 0) / 1e6
    if end:
        ax.set_xlim(0, end)
    ax.set_xlabel("simulated time (us)")
    ax.grid(axis="x", alpha=0.3)
    rows = []
    for track, name in names:
        mine = [r for r in regs if r["track"] == track and r["name"] == name]
        total = sum(r["end_ps"] - r["begin_ps"] for r in mine)
        rows.append((name, len(mine), fmt_time(total), fmt_time(min(r["begin_ps"] for r in mine))))
    dropped = (run.timeline or {}).get("regions_dropped", 0)
    return svg(fig) + table(["region", "count", "total time", "first begin"], rows, 1) + \
        (note(f"{dropped} further regions not logged (limit reached).") if dropped else "")


def sec_stats(run):
    rows = [(k, v) for k, v in run.flat_stats().items()]
    return table(["statistic", "value"], rows, 1)


# ---------------------------------------------------------------------------------------------
# Pages

def page(title, body_sections):
    nav = "".join(f'<a href="#{sid}">{esc(t)}</a>' for sid, t, _ in body_sections)
    parts = [f"<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>{esc(title)}</title>",
             f"<style>{CSS}</style></head><body>", f"<h1>{esc(title)}</h1>", f"<nav>{nav}</nav>"]
    for sid, t, content in body_sections:
        parts.append(f'<section id="{sid}"><h2>{esc(t)}</h2>\n{content}\n</section>')
    parts.append("</body></html>\n")
    return "\n".join(parts)


def report_one(run):
    builders = {"summary": sec_summary, "timeline": sec_timeline, "latency": sec_latency, "cache": sec_cache,
                "energy": sec_energy, "functions": sec_functions, "regions": sec_regions, "stats": sec_stats}
    return page(f"vp report: {run.stats.get('scenario', run.name)} ({run.path})",
                [(sid, t, builders[sid](run)) for sid, t in SECTIONS])


def report_compare(a, b):
    fa, fb = a.flat_stats(), b.flat_stats()
    rows = []
    for k in sorted(set(fa) | set(fb)):
        va, vb = fa.get(k), fb.get(k)
        if isinstance(va, (int, float)) and isinstance(vb, (int, float)) and not isinstance(va, bool):
            d = vb - va
            pct = (d / va * 100) if va else (0.0 if d == 0 else float("inf"))
            rows.append((k, va, vb, d, pct if pct != float("inf") else "new"))
        else:
            rows.append((k, "-" if va is None else va, "-" if vb is None else vb, "-", "-"))
    changed = sum(1 for r in rows if r[3] not in (0, 0.0, "-"))
    delta = f"<p>{changed} of {len(rows)} statistics differ (highlighted).</p>" + table(
        ["statistic", f"A: {a.name}", f"B: {b.name}", "B - A", "change %"], rows, 1,
        row_class=lambda r: "changed" if r[3] not in (0, 0.0, "-") else "")

    def pair(fn):
        return f'<div class="pair"><div><h3>A: {esc(a.path)}</h3>{fn(a)}</div>' \
               f'<div><h3>B: {esc(b.path)}</h3>{fn(b)}</div></div>'

    sections = [("summary", "Runs", pair(sec_summary)), ("delta", "Every statistic, A vs B", delta)]
    for sid, t in SECTIONS[1:-1]:
        fn = {"timeline": sec_timeline, "latency": sec_latency, "cache": sec_cache, "energy": sec_energy,
              "functions": sec_functions, "regions": sec_regions}[sid]
        sections.append((sid, t, pair(fn)))
    return page(f"vp report: {a.name} vs {b.name}", sections)


def list_in_manifest(out):
    """A page written into a run's directory is vp's: it goes into the directory's manifest
    (platform/output_dir.h), so the next `vp run --out` there replaces it with the rest."""
    d, name = os.path.split(os.path.abspath(out))
    manifest = os.path.join(d, ".vp-output")
    try:
        with open(manifest, encoding="utf-8", errors="surrogateescape") as f:
            lines = f.read().split("\n")
    except OSError:
        return
    if not lines or lines[0] != "vp-output-manifest 1":
        return
    entry = name.replace("\\", "\\\\").replace("\n", "\\n")
    if entry in lines[1:]:
        return
    text = "\n".join(l for l in lines if l) + "\n" + entry + "\n"
    tmp = manifest + ".tmp"
    with open(tmp, "w", encoding="utf-8", errors="surrogateescape") as f:
        f.write(text)
    os.replace(tmp, manifest)


def generate(a):
    for d in a.dirs:
        if not os.path.isdir(d):
            raise BadInput(f"{d}: no such directory")
    runs = [Run(d) for d in a.dirs]
    text = report_one(runs[0]) if len(runs) == 1 else report_compare(*runs)
    out = a.output or os.path.join(a.dirs[0], "report.html" if len(runs) == 1 else "compare.html")
    tmp = out + ".tmp"
    try:
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, out)
        list_in_manifest(out)
    except OSError as e:
        raise BadInput(f"{out}: cannot write: {e.strerror or e}")
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(prog="vp report", description=__doc__.split("\n")[0])
    ap.add_argument("dirs", nargs="+", metavar="OUT_DIR", help="one run's output directory, or two to compare")
    ap.add_argument("-o", "--output", help="HTML file to write (default: OUT_DIR/report.html, A/compare.html)")
    a = ap.parse_args(argv)
    if len(a.dirs) > 2:
        ap.error("one output directory, or two to compare")
    try:
        out = generate(a)
    except BadInput as e:
        print(f"vp report: error: {e}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except Exception as e:  # a defect of this tool, still one line
        print(f"vp report: internal error: {', '.join(a.dirs)}: {type(e).__name__}: {e}", file=sys.stderr)
        return EXIT_INTERNAL
    print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
