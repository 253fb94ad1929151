"""The sweep's tables: results.csv (deterministic: parameters, collected statistics, exit code, error;
one row per point in the spec's order) and host.csv (the same keys with host time, memory, attempts
and the machine that ran the point)."""
import csv
import json
import os


def lookup(obj, path):
    """Value at a dotted path; a key may itself contain dots (components."l1d.l1d_ctrl", counters
    "region.x.misses"): the longest key that leads to a value wins. (found, value)."""
    parts = path.split(".")

    def rec(node, i):
        if i == len(parts):
            return True, node
        if isinstance(node, dict):
            for j in range(len(parts), i, -1):
                k = ".".join(parts[i:j])
                if k in node:
                    found, v = rec(node[k], j)
                    if found:
                        return found, v
            return False, None
        if isinstance(node, list) and parts[i].isdigit() and int(parts[i]) < len(node):
            return rec(node[int(parts[i])], i + 1)
        return False, None

    return rec(obj, 0)


def cell(v):
    if v is None:
        return ""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, str)):
        return str(v)
    if isinstance(v, float):
        return repr(v)
    return json.dumps(v, sort_keys=True, separators=(",", ":"))


def _load_json(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def _read(path):
    try:
        with open(path, errors="replace") as f:
            return f.read()
    except OSError:
        return None


class Table:
    """Rows of the sweep, built from the point directories."""

    def __init__(self, spec, points, resolved, points_dir):
        self.spec, self.points, self.resolved, self.points_dir = spec, points, resolved, points_dir
        self.param_columns = list(spec.columns) + (["rep"] if spec.repeat > 1 else [])
        self.collect_columns = [c for c, _, _ in spec.collect]
        self.rows, self.host_rows = [], []
        self.missing = {c: True for c in self.collect_columns}  # no point had this statistic
        for p in points:
            self._add(p)

    def _add(self, p):
        params = {c: p.params.get(c) for c in self.spec.columns}
        if self.spec.repeat > 1:
            params["rep"] = str(p.rep)
        rid, rerr = self.resolved[p.index]
        row = {"id": rid or "", **params}
        host = {"id": rid or "", **params}
        record = None
        if rid:
            pdir = os.path.join(self.points_dir, rid)
            record = _load_json(os.path.join(pdir, "point.json"))
        if record is None:
            row.update({c: None for c in self.collect_columns})
            row["exit_code"], row["error"] = (rerr if rerr else (None, "not run (the sweep was interrupted)"))
            host.update(host_seconds=None, peak_rss_bytes=None, attempts=0 if rerr else None, worker="")
        else:
            stats = _load_json(os.path.join(pdir, "stats.json")) or {}
            config = _load_json(os.path.join(pdir, "config.json")) or {}
            stdout = None
            for col, kind, arg in self.spec.collect:
                v = None
                if kind == "stdout":
                    if stdout is None:
                        stdout = _read(os.path.join(pdir, "stdout.txt")) or ""
                    m = arg.search(stdout)
                    if m:
                        v = m.group(1) if arg.groups else m.group(0)
                else:
                    found, v = lookup(stats if kind == "stats" else config, arg)
                    v = v if found else None
                if v is not None:
                    self.missing[col] = False
                row[col] = v
            row["exit_code"], row["error"] = record.get("exit_code"), record.get("error", "")
            hj = _load_json(os.path.join(pdir, "host.json")) or {}
            host.update(host_seconds=record.get("host_seconds"), peak_rss_bytes=hj.get("peak_rss_bytes"),
                        attempts=record.get("attempts"), worker=record.get("worker", ""))
        self.rows.append(row)
        self.host_rows.append(host)

    def write(self, out_dir):
        cols = ["id"] + self.param_columns + self.collect_columns + ["exit_code", "error"]
        _write_csv(os.path.join(out_dir, "results.csv"), cols, self.rows)
        hcols = ["id"] + self.param_columns + ["host_seconds", "peak_rss_bytes", "attempts", "worker"]
        _write_csv(os.path.join(out_dir, "host.csv"), hcols, self.host_rows)

    def failed(self):
        return [r for r in self.rows if r["exit_code"] != 0]


def _write_csv(path, cols, rows):
    tmp = path + ".tmp"
    with open(tmp, "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(cols)
        for r in rows:
            w.writerow([cell(r.get(c)) for c in cols])
    os.replace(tmp, path)
