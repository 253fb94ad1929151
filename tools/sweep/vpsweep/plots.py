"""Standard plots of a sweep: a metric (y) against a parameter (x), one line per value of another
parameter (group); parameters that vary and are neither x, group nor fixed by `where` split the
lines further. Only points that ran with exit code 0 are drawn."""
import os
import re

from .results import cell


def _number(text):
    try:
        return float(text)
    except (TypeError, ValueError):
        return None


def default_plots(table):
    ok = [r for r in table.rows if r["exit_code"] == 0]
    varying = [c for c in table.param_columns if len({cell(r.get(c)) for r in ok}) > 1]
    if not varying:
        return []
    x = varying[0]
    group = varying[1] if len(varying) > 1 else None
    out = []
    for y, kind, _ in table.spec.collect:
        if kind != "config" and any(_number(cell(r.get(y))) is not None for r in ok):
            out.append({"x": x, "y": y, "group": group, "where": {}, "logx": False, "logy": False, "title": "",
                        "file": ""})
    return out


def _file_name(p):
    if p["file"]:
        return p["file"] if p["file"].endswith(".png") else p["file"] + ".png"
    safe = lambda s: re.sub(r"[^A-Za-z0-9_\-]+", "_", s).strip("_")
    return f"{safe(p['y'])}_vs_{safe(p['x'])}.png"


def make_plots(spec, table, out_dir, log):
    plots = spec.plots if spec.plots is not None else default_plots(table)
    if not plots:
        return []
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        log("no plots: matplotlib is missing (Debian: python3-matplotlib; scripts/setup.sh)")
        return []
    written = []
    for p in plots:
        rows = [r for r in table.rows if r["exit_code"] == 0 and
                all(cell(r.get(c)) == v for c, v in p["where"].items())]
        rows = [r for r in rows if _number(cell(r.get(p["y"]))) is not None]
        if not rows:
            log(f"plot {p['y']} vs {p['x']}: no point with a numeric {p['y']}")
            continue
        split = [c for c in table.param_columns if c not in (p["x"], p["group"]) and c not in p["where"]
                 and len({cell(r.get(c)) for r in rows}) > 1]
        series = {}
        for r in rows:
            label = ", ".join(([f"{cell(r.get(p['group']))}"] if p["group"] else []) +
                              [f"{c}={cell(r.get(c))}" for c in split]) or p["y"]
            series.setdefault(label, []).append((cell(r.get(p["x"])), _number(cell(r.get(p["y"])))))
        xs_text = []
        for r in rows:
            t = cell(r.get(p["x"]))
            if t not in xs_text:
                xs_text.append(t)
        numeric_x = all(_number(t) is not None for t in xs_text)
        fig, ax = plt.subplots(figsize=(7, 4.5))
        for label, pts in series.items():
            if numeric_x:
                pts = sorted(pts, key=lambda xy: _number(xy[0]))
                ax.plot([_number(x) for x, _ in pts], [y for _, y in pts], marker="o", label=label)
            else:
                pts = sorted(pts, key=lambda xy: xs_text.index(xy[0]))
                ax.plot([xs_text.index(x) for x, _ in pts], [y for _, y in pts], marker="o", label=label)
        if not numeric_x:
            ax.set_xticks(range(len(xs_text)))
            ax.set_xticklabels(xs_text, rotation=30 if len(xs_text) > 6 else 0)
        if p["logx"] and numeric_x:
            ax.set_xscale("log")
        if p["logy"]:
            ax.set_yscale("log")
        ax.set_xlabel(p["x"])
        ax.set_ylabel(p["y"])
        where = ", ".join(f"{c}={v}" for c, v in p["where"].items())
        ax.set_title(p["title"] or f"{spec.name}: {p['y']}" + (f" ({where})" if where else ""), fontsize=10)
        ax.grid(True, alpha=0.3)
        if len(series) > 1 or p["group"]:
            ax.legend(fontsize=8, title=p["group"] if p["group"] else None)
        fig.tight_layout()
        path = os.path.join(out_dir, _file_name(p))
        fig.savefig(path, dpi=110, metadata={"Software": None})
        plt.close(fig)
        written.append(path)
    return written
