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
import re
import subprocess
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
.note{color:#666;font-style:italic} .pair{display:flex;gap:1em;flex-wrap:wrap} .pair>div{flex:1 1 400px;min-width:0}
table{max-width:100%} td,th{overflow-wrap:anywhere}
tr.changed td{background:#fff4d6} tr.key td{font-weight:bold}
nav a{margin-right:1em} .plot svg{max-width:100%;height:auto}
ul.diffs li{margin:0.2em 0} code{background:#f2f2f2;padding:0 0.2em} details summary{cursor:pointer;margin:0.5em 0}
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


def time_unit(span_ps):
    """(scale, unit) for a time axis spanning span_ps: the largest unit with at least 1 in the span."""
    for unit, scale in (("s", 1e12), ("ms", 1e9), ("us", 1e6), ("ns", 1e3)):
        if span_ps >= scale:
            return scale, unit
    return 1.0, "ps"


def timeline_rates(run):
    """(sample times in ps, {plot kind: {series label: one rate per interval}}) from timeline.json."""
    tl = run.timeline
    if not tl or len(tl.get("t_ps", [])) < 2:
        return None
    t = tl["t_ps"]
    series = tl["series"]
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
    return t, {"bandwidth (GB/s)": bw, "utilisation (%)": util, "IPC": ipc}


MARKERS_UP_TO = 40  # intervals: fewer, and every interval's value gets a marker (short runs stay readable)


def plot_rates(ax, t, ys, scale, style):
    """One series of per-interval rates: a step per interval (its mean), a marker at its middle when
    there are few intervals."""
    edges = [x / scale for x in t]
    marker = style.pop("marker", "o")
    ax.stairs(ys, edges, baseline=None, **style)
    if len(ys) <= MARKERS_UP_TO:
        mid = [(edges[i] + edges[i + 1]) / 2 for i in range(len(ys))]
        ax.plot(mid, ys, linestyle="none", marker=marker, markersize=4, color=style["color"])


def timeline_figure(runs):
    """The timeline panels of one run, or of two runs overlaid on shared axes (A solid, B dashed; the
    same colour for the same series): [(label, run, t, rates)] -> SVG or None."""
    data = [(label, timeline_rates(r)) for label, r in runs]
    data = [(label, d) for label, d in data if d]
    if not data:
        return None
    kinds = [k for k in ("bandwidth (GB/s)", "utilisation (%)", "IPC") if any(d[1][k] for _, d in data)]
    if not kinds:
        return None
    span = max(d[0][-1] for _, d in data)
    scale, unit = time_unit(span)
    fig, axes = plt.subplots(len(kinds), 1, figsize=(11, 2.6 * len(kinds)), sharex=True, squeeze=False)
    for ax, kind in zip(axes[:, 0], kinds):
        names = sorted({n for _, d in data for n in d[1][kind]})
        for i, name in enumerate(names):
            for j, (label, (t, rates)) in enumerate(data):
                if name in rates[kind]:
                    style = {"color": plt.cm.tab10(i % 10), "linestyle": "-" if j == 0 else "--",
                             "marker": "o" if j == 0 else "s", "linewidth": 1.2,
                             "label": name if len(data) == 1 else f"{label}: {name}"}
                    plot_rates(ax, t, rates[kind][name], scale, style)
        ax.set_ylabel(kind)
        ax.set_ylim(bottom=0)
        ax.grid(alpha=0.3)
        ax.legend(fontsize=7, loc="upper right", ncol=4)
    axes[-1, 0].set_xlim(0, span / scale)
    axes[-1, 0].set_xlabel(f"simulated time ({unit})")
    return svg(fig)


def sec_timeline(run):
    data = timeline_rates(run)
    if not data:
        return note("No timeline.json with two samples or more (runs shorter than one sampling interval "
                    "have only the end of the run).")
    t, rates = data
    rows = []
    for kind, label in (("bandwidth (GB/s)", "bandwidth GB/s"), ("utilisation (%)", "utilisation %")):
        for name, ys in rates[kind].items():
            rows.append((name, label, max(ys), sum(ys) / len(ys)))
    return (timeline_figure([("", run)]) + f"<p>{len(t)} samples every {fmt_time(run.timeline['interval_ps'])} "
            "or so (timeline.json): each step is an interval's mean.</p>" +
            table(["component", "series", "peak", "mean over samples"], rows, 2))


def is_time_histogram(name):
    return any(w in name for w in ("latency", "wait", "time"))


def histogram_axes(ax, name, los):
    """Bucket lower bounds as tick labels, both axes labelled with their unit: a latency histogram's
    (ps in stats.json) in the unit that suits its largest bucket."""
    ax.set_xticks(range(len(los)))
    if is_time_histogram(name):
        scale, unit = time_unit(max(los, default=0))
        ax.set_xticklabels([f"{x / scale:.4g}" for x in los], rotation=60, fontsize=6)
        ax.set_xlabel(f"latency ({unit}), bucket lower bound", fontsize=7)
    else:
        ax.set_xticklabels([str(x) for x in los], rotation=60, fontsize=6)
        ax.set_xlabel("value, bucket lower bound", fontsize=7)
    ax.set_ylabel("samples", fontsize=7)


def histogram_figure(hists, runs_of):
    """One subplot per histogram (comp, name), bars of each run side by side over the union of their
    buckets. hists: [(comp, name)]; runs_of(comp, name) -> [(label, histogram or None)]."""
    n = len(hists)
    cols = 3
    rows_ = (n + cols - 1) // cols
    fig, axes = plt.subplots(rows_, cols, figsize=(11, 2.8 * rows_), squeeze=False)
    for ax, (c, k) in zip(axes.flat, hists):
        per_run = runs_of(c, k)
        los = sorted({b["lo"] for _, h in per_run if h for b in h.get("buckets", [])})
        width = 0.8 / len(per_run)
        for j, (label, h) in enumerate(per_run):
            counts = {b["lo"]: b["count"] for b in (h or {}).get("buckets", [])}
            ax.bar([x + (j - (len(per_run) - 1) / 2) * width for x in range(len(los))],
                   [counts.get(lo, 0) for lo in los], width, color=("#4a78b0", "#d9822b")[j % 2],
                   label=label or None)
        histogram_axes(ax, k, los)
        ax.set_title(f"{c}: {k}", fontsize=8)
        if len(per_run) > 1:
            ax.legend(fontsize=6)
    for ax in list(axes.flat)[n:]:
        ax.axis("off")
    fig.tight_layout()
    return svg(fig)


def sec_latency(run):
    hists = [(c, k, h) for c, g in sorted(run.components.items()) for k, h in sorted(g.get("histograms", {}).items())
             if h.get("count")]
    if not hists:
        return note("No histogram has samples.")
    by_name = {(c, k): h for c, k, h in hists}
    fig = histogram_figure([(c, k) for c, k, _ in hists], lambda c, k: [("", by_name[(c, k)])])
    rows = [(f"{c}", k, h["count"], h["mean"], h["min"], h["max"]) for c, k, h in hists]
    return fig + "<p>Power-of-two buckets, lower bound shown; latencies (statistics named latency, wait, " \
        "time) are in ps in stats.json.</p>" + table(["component", "histogram", "count", "mean", "min", "max"], rows, 2)


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


# ---------------------------------------------------------------------------------------------
# The comparison page: what differs in the configuration, then what changed, key metrics first

def schema_units():
    """{parameter key ('platform.memories[].size'): (type, unit)} from `vp describe --markdown`, run
    with the vp that started this tool (VP_EXE, set by `vp report`); {} when there is none."""
    exe = os.environ.get("VP_EXE")
    if not exe:
        return {}
    try:
        p = subprocess.run([exe, "describe", "--markdown"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                           timeout=60)
    except (OSError, subprocess.SubprocessError):
        return {}
    units = {}
    for line in p.stdout.decode(errors="replace").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 4 and cells[0].startswith("`") and cells[0].endswith("`"):
            units[cells[0].strip("`")] = (cells[1], cells[3])
    return units


def flatten_config(v, prefix=""):
    """config.json as {dotted key: value}; lists of objects by index ('load[0].elf'), lists of plain
    values as one value."""
    out = {}
    if isinstance(v, dict):
        for k, x in v.items():
            out.update(flatten_config(x, f"{prefix}.{k}" if prefix else str(k)))
    elif isinstance(v, list) and any(isinstance(x, (dict, list)) for x in v):
        for i, x in enumerate(v):
            out.update(flatten_config(x, f"{prefix}[{i}]"))
    else:
        out[prefix] = v
    return out


def fmt_bytes(n):
    for unit, scale in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= scale:
            return f"{n / scale:.4g} {unit}"
    return f"{n:,} B"


def fmt_si(v, unit):
    for prefix, scale in (("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if abs(v) >= scale:
            return f"{v / scale:.4g} {prefix}{unit}"
    return f"{v:.4g} {unit}"


def fmt_setting(v, unit):
    """A configuration value in its schema unit: 262144 bytes -> '256 KiB', 10000 ps -> '10 ns'."""
    if v is None:
        return "not set"
    if isinstance(v, bool):
        return str(v).lower()
    if isinstance(v, (int, float)):
        if unit == "bytes" and float(v).is_integer():
            return fmt_bytes(int(v))
        if unit == "ps":
            return fmt_time(v)
        if unit in ("Hz", "bytes/s", "bit/s"):
            return fmt_si(v, unit)
        return f"{num(v)} {unit}" if unit else num(v)
    if isinstance(v, str):
        return v
    return json.dumps(v)


CONFIG_ORDER = ("platform.", "workload.", "load", "traffic", "limits.", "trace.")


def config_differences(a, b):
    """[(key, A's value, B's value)] of every key whose value differs (or is set in one run only):
    platform first, then workload, loaded programs, traffic, limits, trace, the rest; names last."""
    fa, fb = flatten_config(a.config), flatten_config(b.config)
    diffs = [(k, fa.get(k), fb.get(k)) for k in set(fa) | set(fb) if fa.get(k) != fb.get(k) or (k in fa) != (k in fb)]

    def order(d):
        k = d[0]
        rank = next((i for i, p in enumerate(CONFIG_ORDER) if k.startswith(p)), len(CONFIG_ORDER))
        return (rank + (1 if k in ("name", "description") else 0), k)
    return sorted(diffs, key=order)


def sec_config(a, b):
    intro = (f"<p>A: <code>{esc(a.path)}</code> (scenario {esc(a.stats.get('scenario', '?'))}), "
             f"B: <code>{esc(b.path)}</code> (scenario {esc(b.stats.get('scenario', '?'))}).</p>")
    if not a.config or not b.config:
        missing = [r.path for r in (a, b) if not r.config]
        return intro + note(f"No config.json in {', '.join(missing)}: the configurations cannot be compared.")
    diffs = config_differences(a, b)
    if not diffs:
        return intro + "<p>A and B have the same configuration.</p>"
    units = schema_units()

    def shown(k, v):
        return fmt_setting(v, units.get(re.sub(r"\[\d+\]", "[]", k), ("", ""))[1])
    items = "".join(f"<li>A and B differ in <code>{esc(k)}</code>: {esc(shown(k, va))} vs {esc(shown(k, vb))}</li>"
                    for k, va, vb in diffs)
    return intro + f'<p>{len(diffs)} configuration {"key differs" if len(diffs) == 1 else "keys differ"}:</p>' + \
        f'<ul class="diffs">{items}</ul>'


# Key metrics, in this order of importance; a statistic is 'component/kind/name' (flat_stats).
KEY_METRICS = [
    ("simulated time", lambda k, comp, kind, name: k == "run/sim_time_ps"),
    ("cycles", lambda k, comp, kind, name: kind == "counter" and name == "cycles"),
    ("IPC", lambda k, comp, kind, name: kind == "derived" and name == "ipc"),
    ("misses", lambda k, comp, kind, name: kind == "counter" and name == "misses"),
    ("bandwidth", lambda k, comp, kind, name: kind == "derived" and "bandwidth" in name),
    ("energy", lambda k, comp, kind, name: k == "energy/total_pj"),
]


def key_metric(k):
    """The key metric a statistic is (its rank in KEY_METRICS), or None."""
    comp, kind, name = (k.rsplit("/", 2) + ["", ""])[:3] if k.count("/") >= 2 else (k, "", "")
    return next((i for i, (_, is_it) in enumerate(KEY_METRICS) if is_it(k, comp, kind, name)), None)


def relative_change(va, vb):
    if va == vb:
        return 0.0
    return (vb - va) / abs(va) if va else math.inf


def fmt_change(r):
    return "new (was 0)" if math.isinf(r) else f"{r * 100:+.3g} %"


def statistic_changes(a, b):
    """(changed, unchanged): rows (statistic, A, B, B - A, change, is key metric). Changed: key metrics
    first, then the others, each sorted by the size of the relative change, largest first; statistics
    of one run only at the end. Unchanged: by name."""
    fa, fb = a.flat_stats(), b.flat_stats()
    changed, only, unchanged = [], [], []
    for k in sorted(set(fa) | set(fb)):
        va, vb = fa.get(k), fb.get(k)
        key = key_metric(k) is not None
        if va is None or vb is None:
            only.append((k, "-" if va is None else va, "-" if vb is None else vb, "-",
                         "only in B" if va is None else "only in A", key))
            continue
        r = relative_change(va, vb)
        row = (k, va, vb, vb - va, fmt_change(r) if r else "0", key)
        if r == 0.0:
            unchanged.append(row)
        else:
            changed.append((not key, -abs(r), key_metric(k) if key else 0, k, row))
    changed.sort(key=lambda x: x[:4])
    return [x[-1] for x in changed] + only, unchanged


def sec_delta(a, b):
    changed, unchanged = statistic_changes(a, b)
    header = ["statistic", f"A: {a.name}", f"B: {b.name}", "B - A", "change"]
    keys = ", ".join(n for n, _ in KEY_METRICS)
    out = (f"<p>{len(changed)} of {len(changed) + len(unchanged)} statistics changed. Key metrics first "
           f"(bold: {esc(keys)}), then the others; each group by the size of the relative change, "
           "largest first.</p>")
    if changed:
        keyed = {c[0] for c in changed if c[5]}
        out += table(header, [r[:5] for r in changed], 1,
                     row_class=lambda r: "key changed" if r[0] in keyed else "changed")
    if unchanged:
        out += f"<details><summary>{len(unchanged)} unchanged statistics</summary>" + \
            table(header, [r[:5] for r in unchanged], 1) + "</details>"
    return out


def pct_change(va, vb):
    r = relative_change(va, vb)
    return fmt_change(r) if r else "0"


def sec_cache_compare(a, b):
    ca, cb = cache_regions(a), cache_regions(b)
    caches = sorted(set(ca) | set(cb))
    if not caches:
        return note("No cache in either run.")
    cols = min(3, len(caches))
    rows_ = (len(caches) + cols - 1) // cols
    fig, axes = plt.subplots(rows_, cols, figsize=(11, 2.8 * rows_), squeeze=False, sharey=True)
    rows = []
    for ax, c in zip(axes.flat, caches):
        regions = sorted(set(ca.get(c, {})) | set(cb.get(c, {})))
        for j, (label, data) in enumerate((("A", ca.get(c, {})), ("B", cb.get(c, {})))):
            ys = [(data[r][0] / data[r][1] * 100) if r in data and data[r][1] else 0 for r in regions]
            ax.bar([x + (j - 0.5) * 0.4 for x in range(len(regions))], ys, 0.4, label=label,
                   color=("#4a78b0", "#d9822b")[j])
        ax.set_xticks(range(len(regions)))
        ax.set_xticklabels(regions, rotation=30, fontsize=7)
        ax.set_title(c, fontsize=8)
        ax.set_ylim(0, 100)
        ax.set_ylabel("hit rate (%)", fontsize=7)
        ax.grid(axis="y", alpha=0.3)
        ax.legend(fontsize=6)
        for r in regions:
            ha, aa = ca.get(c, {}).get(r, (0, 0))
            hb, ab = cb.get(c, {}).get(r, (0, 0))
            rows.append((c, r, aa, ab, (ha / aa * 100) if aa else 0.0, (hb / ab * 100) if ab else 0.0,
                         ((hb / ab) - (ha / aa)) * 100 if aa and ab else "-"))
    for ax in list(axes.flat)[len(caches):]:
        ax.axis("off")
    fig.tight_layout()
    return svg(fig) + table(["cache", "region", "accesses A", "accesses B", "hit rate A %", "hit rate B %",
                             "B - A (points)"], rows, 2)


def sec_energy_compare(a, b):
    ea, eb = (r.stats.get("energy") or {} for r in (a, b))
    comps_a, comps_b = ea.get("components", {}), eb.get("components", {})
    comps = sorted(set(comps_a) | set(comps_b), key=lambda c: (-max(comps_a.get(c, {}).get("total_pj", 0),
                                                                   comps_b.get(c, {}).get("total_pj", 0)), c))
    if not comps:
        return note("No energy ledger in either run.")
    fig, ax = plt.subplots(figsize=(11, 0.5 * len(comps) + 1.2))
    for j, (label, cs) in enumerate((("A", comps_a), ("B", comps_b))):
        ax.barh([i + (j - 0.5) * 0.4 for i in range(len(comps))],
                [cs.get(c, {}).get("total_pj", 0) / 1e6 for c in comps], 0.4, label=label,
                color=("#4a78b0", "#d9822b")[j])
    ax.set_yticks(range(len(comps)))
    ax.set_yticklabels(comps)
    ax.invert_yaxis()
    ax.set_xlabel("energy (uJ)")
    ax.legend(fontsize=7)
    rows = [(c, comps_a.get(c, {}).get("total_pj", 0) / 1e6, comps_b.get(c, {}).get("total_pj", 0) / 1e6,
             pct_change(comps_a.get(c, {}).get("total_pj", 0), comps_b.get(c, {}).get("total_pj", 0))) for c in comps]
    rows.append(("total", ea.get("total_pj", 0) / 1e6, eb.get("total_pj", 0) / 1e6,
                 pct_change(ea.get("total_pj", 0), eb.get("total_pj", 0))))
    return svg(fig) + table(["component", "A uJ", "B uJ", "change"], rows, 1)


def sec_functions_compare(a, b):
    """Per-function deltas from both runs' profile.json, largest change of cycles first."""
    if not a.profile or not b.profile:
        missing = [r.path for r in (a, b) if not r.profile]
        return note(f"No profile.json in {', '.join(missing)}: run both with vp run --profile for per-function "
                    "deltas.")
    fa = {(h, f["function"]): f for h, f in hottest_from_profile(a)}
    fb = {(h, f["function"]): f for h, f in hottest_from_profile(b)}
    rows = []
    for key in set(fa) | set(fb):
        x, y = fa.get(key, {}), fb.get(key, {})
        ca, cb = x.get("cycles", 0), y.get("cycles", 0)
        rows.append((key[0], key[1], ca, cb, cb - ca, pct_change(ca, cb), x.get("instructions", 0),
                     y.get("instructions", 0)))
    rows.sort(key=lambda r: (-abs(r[4]), r[0], r[1]))
    if not rows:
        return note("The profiles list no function.")
    top = rows[:15]
    fig, ax = plt.subplots(figsize=(11, 0.3 * len(top) + 1.2))
    ax.barh([f"{h}: {f}" for h, f, *_ in top], [r[4] for r in top],
            color=["#c0504d" if r[4] > 0 else "#4f9a4f" for r in top])
    ax.invert_yaxis()
    ax.axvline(0, color="#444", linewidth=0.8)
    ax.set_xlabel("cycles, B - A (red: B slower, green: B faster)")
    return svg(fig) + table(["hart", "function", "cycles A", "cycles B", "B - A", "change", "instructions A",
                             "instructions B"], rows[:40], 2)


def sec_regions_compare(a, b):
    def totals(run):
        out = {}
        for r in (run.timeline or {}).get("regions", []):
            n, t = out.get((r["track"], r["name"]), (0, 0))
            out[(r["track"], r["name"])] = (n + 1, t + r["end_ps"] - r["begin_ps"])
        return out
    ta, tb = totals(a), totals(b)
    names = sorted(set(ta) | set(tb))
    if not names:
        return note("Neither firmware named a region (trace-marker device, include/vp/regs/marker.h).")
    span = max([v[1] for v in ta.values()] + [v[1] for v in tb.values()] + [1])
    scale, unit = time_unit(span)
    fig, ax = plt.subplots(figsize=(11, 0.5 * len(names) + 1.2))
    for j, (label, tt) in enumerate((("A", ta), ("B", tb))):
        ax.barh([i + (j - 0.5) * 0.4 for i in range(len(names))], [tt.get(k, (0, 0))[1] / scale for k in names], 0.4,
                label=label, color=("#4a78b0", "#d9822b")[j])
    ax.set_yticks(range(len(names)))
    ax.set_yticklabels([n for _, n in names])
    ax.invert_yaxis()
    ax.set_xlabel(f"total time in the region ({unit})")
    ax.legend(fontsize=7)
    rows = [(n, ta.get((t, n), (0, 0))[0], tb.get((t, n), (0, 0))[0], fmt_time(ta.get((t, n), (0, 0))[1]),
             fmt_time(tb.get((t, n), (0, 0))[1]), pct_change(ta.get((t, n), (0, 0))[1], tb.get((t, n), (0, 0))[1]))
            for t, n in names]
    return svg(fig) + table(["region", "count A", "count B", "total time A", "total time B", "change"], rows, 1)


def sec_latency_compare(a, b):
    def hists(run):
        return {(c, k): h for c, g in run.components.items() for k, h in g.get("histograms", {}).items()
                if h.get("count")}
    ha, hb = hists(a), hists(b)
    names = sorted(set(ha) | set(hb))
    if not names:
        return note("No histogram has samples in either run.")
    fig = histogram_figure(names, lambda c, k: [("A", ha.get((c, k))), ("B", hb.get((c, k)))])
    rows = [(c, k, ha.get((c, k), {}).get("count", 0), hb.get((c, k), {}).get("count", 0),
             ha.get((c, k), {}).get("mean", 0), hb.get((c, k), {}).get("mean", 0),
             pct_change(ha.get((c, k), {}).get("mean", 0), hb.get((c, k), {}).get("mean", 0))) for c, k in names]
    return fig + "<p>A and B on the same axes, A left (blue), B right (orange). Means in ps for latencies.</p>" + \
        table(["component", "histogram", "count A", "count B", "mean A", "mean B", "mean change"], rows, 2)


def sec_timeline_compare(a, b):
    fig = timeline_figure([("A", a), ("B", b)])
    if not fig:
        return note("Neither run has a timeline.json with two samples or more.")
    missing = [r.path for r in (a, b) if not timeline_rates(r)]
    missing_note = note(f"No timeline with two samples in {', '.join(missing)}.") if missing else ""
    return fig + "<p>A solid (circles), B dashed (squares), the same colour for the same series; each step " \
        "is an interval's mean.</p>" + missing_note


COMPARE_SECTIONS = [
    ("config", "What differs in the configuration"),
    ("delta", "Statistics that changed"),
    ("timeline", "Utilisation and bandwidth over time"),
    ("latency", "Latency histograms"),
    ("cache", "Cache hit rates per region"),
    ("energy", "Energy breakdown"),
    ("functions", "Per-function deltas"),
    ("regions", "Firmware regions"),
    ("summary", "Runs side by side"),
]


def report_compare(a, b):
    def pair(fn):
        return f'<div class="pair"><div><h3>A: {esc(a.path)}</h3>{fn(a)}</div>' \
               f'<div><h3>B: {esc(b.path)}</h3>{fn(b)}</div></div>'

    builders = {"config": sec_config, "delta": sec_delta, "timeline": sec_timeline_compare,
                "latency": sec_latency_compare, "cache": sec_cache_compare, "energy": sec_energy_compare,
                "functions": sec_functions_compare, "regions": sec_regions_compare,
                "summary": lambda x, y: pair(sec_summary)}
    return page(f"vp report: {a.name} vs {b.name}", [(sid, t, builders[sid](a, b)) for sid, t in COMPARE_SECTIONS])


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
