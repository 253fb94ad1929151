"""The sweep spec (docs/sweeps.md): YAML with line numbers, validation with one-line errors, and the
expansion of the parameter space into points.

A point is one `vp run`: a base scenario, a list of --set overrides, the values of its parameter
columns as written in the spec (for the CSV) and a repetition index. Points come out in the order of
the spec's expansion: the first axis varies slowest, the repetition fastest.
"""
import math
import os
import re

import yaml


class SpecError(Exception):
    """A problem in the spec file: str() is `file:line: key.path: why`."""

    def __init__(self, source, line, key, why):
        self.source, self.line, self.key, self.why = source, line, key, why
        if source == "--set":  # a command-line override, named like vp names its own
            super().__init__(f"--set {key}: {why}")
            return
        where = f"{source}:{line}" if line else source
        super().__init__(f"{where}: {key}: {why}" if key else f"{where}: {why}")


# ---- YAML with line numbers ----

class LDict(dict):
    """A mapping from the spec with the line of each key (1-based) and of the mapping itself."""
    line = 0
    lines = None


class LList(list):
    line = 0
    lines = None


class _Loader(yaml.SafeLoader):
    pass


def _construct_mapping(loader, node):
    # A key written twice is an error; a key written next to a merge (<<: *anchor) overrides it.
    written = set()
    for knode, _ in node.value:
        if knode.tag == "tag:yaml.org,2002:merge" or not isinstance(knode, yaml.ScalarNode):
            continue
        if knode.value in written:
            raise SpecError(loader.name, knode.start_mark.line + 1, knode.value, "given twice in the same mapping")
        written.add(knode.value)
    loader.flatten_mapping(node)
    out = LDict()
    out.line, out.lines = node.start_mark.line + 1, {}
    for knode, vnode in node.value:
        key = loader.construct_object(knode, deep=True)
        if not isinstance(key, (str, int, float, bool)):
            raise SpecError(loader.name, knode.start_mark.line + 1, "", "a key must be a plain value")
        key = str(key) if not isinstance(key, str) else key
        out.pop(key, None)  # merged entries come first: the written one replaces them
        out[key] = loader.construct_object(vnode, deep=True)
        out.lines[key] = knode.start_mark.line + 1
    return out


def _construct_sequence(loader, node):
    out = LList(loader.construct_object(c, deep=True) for c in node.value)
    out.line, out.lines = node.start_mark.line + 1, [c.start_mark.line + 1 for c in node.value]
    return out


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_sequence)


def load_yaml(path):
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        raise SpecError(path, 0, "", f"cannot read the spec: {e.strerror}")
    loader = _Loader(text)
    loader.name = path
    try:
        doc = loader.get_single_data()
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        raise SpecError(path, mark.line + 1 if mark else 0, "", f"YAML syntax error: {e.problem or e.context}")
    except yaml.YAMLError as e:
        raise SpecError(path, 0, "", f"YAML error: {e}")
    finally:
        loader.dispose()
    if not isinstance(doc, LDict):
        raise SpecError(path, 1, "", "the spec must be a mapping (name, scenario, parameters, collect, ...)")
    return doc


# ---- the spec ----

TOP_KEYS = {
    "name": "the sweep's name (default: the spec file's name)",
    "description": "free text",
    "scenario": "base scenario: a shipped scenario's name or a file relative to the spec (default: the embedded one)",
    "set": "overrides for every point (key.path: value)",
    "parameters": "the design space: a list of axes (a product), see docs/sweeps.md",
    "repeat": "runs per point (column rep)",
    "collect": "the statistics to put in the CSV",
    "keep": "more output files to keep per point (globs)",
    "plots": "plots of a metric against a parameter",
    "out": "output directory (relative to the current directory)",
    "post": "a post-processing script run on the sweep directory",
    "slurm": "options for --engine slurm",
}
# A sweep's name names its output directory: the rule of vp's scenario names (OutputDir::valid_name,
# platform/output_dir.cpp), mirrored here; tests/sweep checks both agree.
NAME_RULE = "use 1 to 200 letters, digits and _ . + - , not starting with '.' (it names the output directory)"


def valid_name(name):
    return isinstance(name, str) and re.fullmatch(r"[A-Za-z0-9_+\-][A-Za-z0-9_.+\-]{0,199}", name) is not None


KEY_RE = re.compile(r"^[A-Za-z_][A-Za-z0-9_\-]*(\.[A-Za-z0-9_\-]+)*$")
RANGE_KEYS = {"from", "to", "step", "times", "unit"}
SCENARIO = "scenario"  # the parameter that chooses a point's base scenario
MAX_POINTS = 1000000  # points of one sweep (the product of its axes, times `repeat`)


def scalar_text(v):
    """A spec value as vp's --set and the CSV show it."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float):
        return repr(v)
    if isinstance(v, (int, str)):
        return str(v)
    if isinstance(v, list):  # a flow sequence: JSON is YAML
        return "[" + ", ".join(scalar_text(x) for x in v) + "]"
    raise TypeError(type(v).__name__)


class Point:
    __slots__ = ("index", "params", "sets", "scenario", "rep")

    def __init__(self, index, params, sets, scenario, rep):
        self.index = index          # position in the spec's expansion
        self.params = params        # {column: text} (None = not set for this point)
        self.sets = sets            # [(key, text)]: --set overrides, the spec's `set` first
        self.scenario = scenario    # the scenario argument of `vp run` (None = embedded default)
        self.rep = rep

    def describe(self, columns):
        values = dict(self.params, rep=str(self.rep))
        parts = [f"{c}={values[c]}" for c in columns if values.get(c) is not None]
        return " ".join(parts) if parts else "(base)"


class Spec:
    def __init__(self, path, extra_sets=()):
        self.path = path
        self.dir = os.path.dirname(os.path.abspath(path))
        doc = load_yaml(path)
        self.doc = doc
        for k in doc:
            if k not in TOP_KEYS:
                self.fail(doc, k, f"unknown key '{k}' (one of {', '.join(TOP_KEYS)})")
        self.name = self._str(doc, "name", os.path.splitext(os.path.basename(path))[0])
        if not valid_name(self.name):
            self.fail(doc, "name", NAME_RULE)
        self.description = self._str(doc, "description", "-") if "description" in doc else ""
        self.scenario = self._scenario(doc.get("scenario"), doc, "scenario") if "scenario" in doc else None
        self.base_sets = self._sets(doc.get("set"), doc, "set")
        for text in extra_sets:
            if "=" not in text:
                raise SpecError("--set", 0, text, "expected key.path=value")
            k, v = text.split("=", 1)
            if not KEY_RE.match(k):
                raise SpecError("--set", 0, k, "not a key path")
            self.base_sets = [(bk, bv) for bk, bv in self.base_sets if bk != k] + [(k, v)]
        self.base_set_lines = {k: (doc.get("set").lines.get(k) if isinstance(doc.get("set"), LDict) else 0)
                               for k, _ in self.base_sets}
        self.repeat = self._int(doc, "repeat", 1, 1, 100000)
        self.columns = []     # parameter columns in order of first appearance
        self.key_lines = {}   # scenario key or column -> (line, key path in the spec) for later errors
        space = self._space(doc.get("parameters"), doc, "parameters") if "parameters" in doc else [({}, [], None)]
        if len(space) * self.repeat > MAX_POINTS:
            self.fail(doc, "repeat", f"{len(space):,} points x {self.repeat} repeats: more than a sweep may have "
                      f"({MAX_POINTS:,})")
        self.collect = self._collect(doc.get("collect"), doc)
        self.keep = self._str_list(doc, "keep")
        self.plots = self._plots(doc.get("plots"), doc)
        self.out = self._str(doc, "out", os.path.join("out", "sweeps", self.name))
        self.post = self._post(doc.get("post"), doc)
        self.slurm_options = self._slurm(doc.get("slurm"), doc)
        self.points = self._points(space)

    # -- helpers --
    def fail(self, node, key, why, index=None):
        line = node.line if node is not None else 0
        if isinstance(node, LDict) and key in (node.lines or {}):
            line = node.lines[key]
        if isinstance(node, LList) and index is not None and index < len(node.lines or []):
            line = node.lines[index]
        raise SpecError(self.path, line, key, why)

    def _str(self, doc, key, default):
        v = doc.get(key, default)
        if not isinstance(v, str) or not v:
            self.fail(doc, key, "expected a non-empty string")
        return v

    def _int(self, doc, key, default, lo, hi):
        v = doc.get(key, default)
        if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
            self.fail(doc, key, f"expected an integer from {lo} to {hi}, got {v!r}")
        return v

    def _str_list(self, doc, key):
        v = doc.get(key, [])
        if not isinstance(v, list) or not all(isinstance(x, str) and x for x in v):
            self.fail(doc, key, "expected a list of strings")
        return list(v)

    def _scenario(self, v, node, key):
        if not isinstance(v, str) or not v:
            self.fail(node, key, "expected a scenario name (scenarios/NAME.yaml) or a file")
        if "/" in v or v.endswith(".yaml"):
            p = v if os.path.isabs(v) else os.path.join(self.dir, v)
            if not os.path.isfile(p):
                self.fail(node, key, f"file not found: '{os.path.normpath(p)}'")
            return os.path.normpath(p)
        return v

    def _value(self, v, node, key, index=None):
        if v is None or isinstance(v, (dict,)):
            self.fail(node, key, f"expected a value (number, string, boolean or list), got {type(v).__name__}", index)
        if isinstance(v, list) and not all(isinstance(x, (str, int, float, bool)) for x in v):
            self.fail(node, key, "a list value may hold numbers, strings and booleans only", index)
        if isinstance(v, float) and not math.isfinite(v):
            self.fail(node, key, "not a finite number", index)
        return scalar_text(v)

    def _key(self, node, key):
        if not KEY_RE.match(key):
            self.fail(node, key, "not a scenario key path (like platform.caches.l2.size)")
        return key

    def _sets(self, v, node, key):
        if v is None:
            return []
        if not isinstance(v, LDict):
            self.fail(node, key, "expected a mapping key.path: value")
        out = []
        for k, x in v.items():
            self._key(v, k)
            if k == SCENARIO:
                self.fail(v, k, "choose the base scenario with the top-level `scenario` key")
            out.append((k, self._value(x, v, k)))
        return out

    # -- the parameter space --
    # A space is a list of "rows": (params {column: text|None}, sets [(key, text)], scenario or None).
    def _column(self, name, line, where):
        if name not in self.columns:
            self.columns.append(name)
        self.key_lines.setdefault(name, (line, where))

    def _space(self, v, node, key):
        if isinstance(v, LDict):  # shorthand: a mapping of independent axes (a product)
            axes = LList(LDict({k: x}) for k, x in v.items())
            axes.line, axes.lines = v.line, [v.lines[k] for k in v]
            for a, k in zip(axes, v):
                a.line, a.lines = v.lines[k], {k: v.lines[k]}
            v = axes
        if not isinstance(v, LList) or not v:
            self.fail(node, key, "expected a non-empty list of axes (or a mapping key.path: values)")
        self._check_points(self._space_size(v), node, key)  # before any row is built (unions included)
        rows = [({}, [], None)]
        for i, axis in enumerate(v):
            where = f"{key}.{i}"
            if not isinstance(axis, LDict) or len(axis) != 1:
                self.fail(v, where, "an axis is a mapping with one key: `KEY: values`, `zip:` or `union:` "
                          "(several keys in one axis: use zip: to advance them together)", i)
            rows = self._product(rows, self._axis(axis, where), axis, where)
        return rows

    def _product(self, left, right, node, where):
        # The size is known before anything is built: a product past the cap is refused at once
        # (two axes of 100,000 values would otherwise build 10^10 rows before any check).
        self._check_points(len(left) * len(right), node)
        out = []
        for lp, ls, lsc in left:
            for rp, rs, rsc in right:
                keys = {k for k, _ in ls}
                for k, _ in rs:
                    if k in keys:
                        line, w = self.key_lines.get(k, (0, ""))
                        self.fail(node, next(iter(node)), f"{k} is also set by {w} (line {line})")
                for c in rp:
                    if c in lp:
                        self.fail(node, next(iter(node)), f"column {c} is also given by {self.key_lines[c][1]}")
                if lsc is not None and rsc is not None:
                    self.fail(node, next(iter(node)), "the scenario is chosen twice")
                out.append(({**lp, **rp}, ls + rs, lsc if lsc is not None else rsc))
        return out

    def _space_size(self, v):
        """The number of points of a space, counted from its axes without building them (0 when the
        space is malformed: building it reports why)."""
        try:
            if isinstance(v, LDict):
                v = [LDict({k: x}) for k, x in v.items()]
            n = 1
            for axis in v:
                n *= self._axis_size(axis)
            return n
        except (SpecError, TypeError, AttributeError, ValueError):
            return 0

    def _axis_size(self, axis):
        (k, v), = axis.items()
        if k == "union":
            return sum(self._space_size(sub) for sub in v)
        if k == "zip":
            return max((self._values_size(x) for x in v.values()), default=0)
        if isinstance(v, LDict) and "cases" in v:
            return len(v["cases"])
        return self._values_size(v)

    def _values_size(self, v):
        if isinstance(v, LList):
            return len(v)
        if isinstance(v, LDict) and set(v) <= RANGE_KEYS:
            return len(self._range(v, ""))  # at most 100,000 values
        return 0

    def _check_points(self, n, node, key=None):
        if n > MAX_POINTS:
            self.fail(node, key if key is not None else next(iter(node)),
                      f"{n:,} points: more than a sweep may have ({MAX_POINTS:,})")

    def _axis(self, axis, where):
        (k, v), = axis.items()
        line = axis.lines[k]
        if k == "zip":
            return self._zip(v, axis, f"{where}.zip")
        if k == "union":
            if not isinstance(v, LList) or not v:
                self.fail(axis, k, "expected a list of spaces (each a list of axes)")
            rows = []
            for i, sub in enumerate(v):
                rows += self._space(sub, v, f"{where}.union.{i}")
                self._check_points(len(rows), axis)
            return rows
        if isinstance(v, LDict) and "cases" in v:
            return self._cases(k, v, f"{where}.{k}")
        self._key(axis, k)
        values = self._values(v, axis, k, f"{where}.{k}")
        self._column(k, line, f"{where}.{k}")
        self.key_lines[k] = (line, f"{where}.{k}")
        return [self._row(k, x, axis) for x in values]

    def _row(self, key, text, node):
        if text is None:
            return ({key: None}, [], None)
        if key == SCENARIO:
            return ({key: text}, [], self._scenario(text, node, key))
        return ({key: text}, [(key, text)], None)

    def _values(self, v, node, key, where, allow_null=False):
        """A list of values or a range -> [text or None]."""
        if isinstance(v, LList):
            if not v:
                self.fail(node, key, "an empty list of values")
            out = []
            for i, x in enumerate(v):
                if x is None and allow_null:
                    out.append(None)
                else:
                    out.append(self._value(x, v, f"{where}.{i}", i))
            return out
        if isinstance(v, LDict) and set(v) <= RANGE_KEYS:
            return self._range(v, where)
        self.fail(node, key, "expected a list of values, a range {from, to, step|times[, unit]} or {cases: ...}")

    def _range(self, r, where):
        for need in ("from", "to"):
            if need not in r:
                self.fail(r, where, f"a range needs `{need}`")
        if ("step" in r) == ("times" in r):
            self.fail(r, where, "a range needs exactly one of `step` (arithmetic) and `times` (geometric)")
        num = lambda k: r[k] if isinstance(r[k], (int, float)) and not isinstance(r[k], bool) else \
            self.fail(r, f"{where}.{k}", f"expected a number, got {r[k]!r}")
        a, b = num("from"), num("to")
        unit = r.get("unit", "")
        if not isinstance(unit, str):
            self.fail(r, f"{where}.unit", "expected a unit suffix such as KiB, ns, MHz")
        vals = []
        if "step" in r:
            s = num("step")
            if s == 0 or (b - a) * s < 0:
                self.fail(r, f"{where}.step", f"step {s} does not lead from {a} to {b}")
            n = int(math.floor((b - a) / s + 1e-9)) + 1
            if n > 100000:
                self.fail(r, f"{where}.step", f"{n} values")
            vals = [a + i * s for i in range(n)]
        else:
            t = num("times")
            if a == 0 or t <= 0 or t == 1 or (b / a) <= 0 or (abs(b) - abs(a)) * (t - 1) < 0:
                self.fail(r, f"{where}.times", f"multiplying {a} by {t} does not lead to {b}")
            x = a
            while (x <= b * (1 + 1e-12)) if t > 1 else (x >= b * (1 - 1e-12)):
                vals.append(x)
                x = x * t
                if len(vals) > 100000:
                    self.fail(r, f"{where}.times", "too many values")
        ints = all(isinstance(r[k], int) for k in ("from", "step", "times") if k in r)
        out = []
        for x in vals:
            if ints:
                x = int(round(x))
            elif abs(x - round(x)) < 1e-9 * max(1.0, abs(x)):
                x = float(round(x))
            out.append(scalar_text(x) + unit)
        return out

    def _zip(self, v, node, where):
        if not isinstance(v, LDict) or not v:
            self.fail(node, "zip", "expected a mapping KEY: values (lists of the same length)")
        lists, n = {}, None
        for k, x in v.items():
            if k != SCENARIO:
                self._key(v, k)
            vals = self._values(x, v, k, f"{where}.{k}", allow_null=True)
            if n is not None and len(vals) != n:
                self.fail(v, k, f"{len(vals)} values, but the other lists of this zip have {n}")
            n = len(vals)
            lists[k] = vals
            self._column(k, v.lines[k], f"{where}.{k}")
            self.key_lines[k] = (v.lines[k], f"{where}.{k}")
        rows = []
        for i in range(n):
            row = ({}, [], None)
            for k, vals in lists.items():
                p, s, sc = self._row(k, vals[i], v)
                row = ({**row[0], **p}, row[1] + s, sc if sc is not None else row[2])
            rows.append(row)
        return rows

    def _cases(self, column, v, where):
        if set(v) != {"cases"} or not isinstance(v["cases"], LDict) or not v["cases"]:
            self.fail(v, "cases", "expected `cases:` alone, a mapping NAME: {key.path: value, ...}")
        if not re.match(r"^[A-Za-z_][A-Za-z0-9_\-]*$", column) or column == SCENARIO:
            self.fail(v, column, "a cases column needs a plain name (not a key path)")
        self._column(column, v.line, where)
        rows = []
        cases = v["cases"]
        for name, settings in cases.items():
            if settings is None:
                settings = LDict()
            if not isinstance(settings, LDict):
                self.fail(cases, name, "expected a mapping key.path: value (or nothing)")
            sets, scen = [], None
            for k, x in settings.items():
                if k == SCENARIO:
                    scen = self._scenario(x, settings, k)
                    continue
                self._key(settings, k)
                sets.append((k, self._value(x, settings, k)))
                self.key_lines.setdefault(k, (settings.lines[k], f"{where}.cases.{name}.{k}"))
            rows.append(({column: name}, sets, scen))
        return rows

    # -- outputs --
    def _collect(self, v, doc):
        if v is None:
            return []
        items = []
        if isinstance(v, LDict):
            items = [(k, x, v, k) for k, x in v.items()]
        elif isinstance(v, LList):
            for i, x in enumerate(v):
                if isinstance(x, str):
                    items.append((x, x, v, i))
                elif isinstance(x, LDict) and len(x) == 1:
                    (k, y), = x.items()
                    items.append((k, y, x, k))
                else:
                    self.fail(v, f"collect.{i}", "expected a stats path or a mapping COLUMN: source", i)
        else:
            self.fail(doc, "collect", "expected a list of stats paths or a mapping COLUMN: source")
        out, seen = [], set(self.columns) | {"id", "rep", "exit_code", "error"}
        for col, src, node, key in items:
            where = f"collect.{col}"
            if col in seen:
                self.fail(node, key if isinstance(key, str) else where, f"column {col} is already used", key if isinstance(key, int) else None)
            seen.add(col)
            if isinstance(src, str):
                src = {"stats": src}
            if not isinstance(src, dict) or len(src) != 1 or next(iter(src)) not in ("stats", "config", "stdout"):
                self.fail(node, where, "a source is a stats path or one of {stats: PATH}, {config: PATH}, {stdout: REGEX}")
            (kind, arg), = src.items()
            if not isinstance(arg, str) or not arg:
                self.fail(src if isinstance(src, LDict) else node, kind, "expected a non-empty string")
            if kind == "stdout":
                try:
                    rx = re.compile(arg, re.M)
                except re.error as e:
                    self.fail(src, kind, f"bad regular expression: {e}")
                if rx.groups > 1:
                    self.fail(src, kind, "at most one group (the value)")
                out.append((col, kind, rx))
            else:
                out.append((col, kind, arg))
        return out

    def _plots(self, v, doc):
        if v is None:
            return None
        if not isinstance(v, LList):
            self.fail(doc, "plots", "expected a list of {x: COLUMN, y: COLUMN, group: COLUMN, ...}")
        known = set(self.columns) | {c for c, _, _ in self.collect} | ({"rep"} if self.repeat > 1 else set())
        out = []
        for i, p in enumerate(v):
            if not isinstance(p, LDict):
                self.fail(v, f"plots.{i}", "expected a mapping", i)
            for k in p:
                if k not in ("x", "y", "group", "where", "logx", "logy", "title", "file"):
                    self.fail(p, k, "unknown key (x, y, group, where, logx, logy, title, file)")
            for k in ("x", "y"):
                if k not in p:
                    self.fail(p, f"plots.{i}", f"`{k}` is required")
            for k in ("x", "y", "group"):
                if k in p and p[k] not in known:
                    self.fail(p, k, f"no column '{p[k]}' (columns: {', '.join(sorted(known))})")
            where = p.get("where", LDict())
            if not isinstance(where, LDict) or any(c not in known for c in where):
                self.fail(p, "where", "expected a mapping COLUMN: value over existing columns")
            for k in ("logx", "logy"):
                if not isinstance(p.get(k, False), bool):
                    self.fail(p, k, "expected true or false")
            f = p.get("file", "")
            if not isinstance(f, str) or "/" in f:
                self.fail(p, "file", "a file name (written into the sweep directory)")
            out.append({"x": p["x"], "y": p["y"], "group": p.get("group"),
                        "where": {c: scalar_text(x) for c, x in where.items()},
                        "logx": p.get("logx", False), "logy": p.get("logy", False),
                        "title": p.get("title", ""), "file": f})
        return out

    def _post(self, v, doc):
        if v is None:
            return None
        if isinstance(v, str):
            v = LDict(script=v)
            v.line, v.lines = doc.lines["post"], {"script": doc.lines["post"]}
        if not isinstance(v, LDict) or "script" not in v or set(v) - {"script", "args"}:
            self.fail(doc, "post", "expected a script path or {script: PATH, args: [...]}")
        script = os.path.normpath(os.path.join(self.dir, v["script"]))
        if not os.path.isfile(script):
            self.fail(v, "script", f"file not found: '{script}'")
        args = v.get("args", [])
        if not isinstance(args, list) or not all(isinstance(a, (str, int, float)) for a in args):
            self.fail(v, "args", "expected a list of strings")
        return [script] + [str(a) for a in args]

    def _slurm(self, v, doc):
        if v is None:
            return []
        if not isinstance(v, LDict) or set(v) - {"options"}:
            self.fail(doc, "slurm", "expected {options: [sbatch option, ...]}")
        opts = v.get("options", [])
        if not isinstance(opts, list) or not all(isinstance(o, str) and o.startswith("-") for o in opts):
            self.fail(v, "options", "expected a list of sbatch options (--partition=..., --time=...)")
        return list(opts)

    def _points(self, space):
        base_keys = {k for k, _ in self.base_sets}
        points = []
        for params, sets, scen in space:
            for k, _ in sets:
                if k in base_keys:
                    line, w = self.key_lines.get(k, (0, ""))
                    raise SpecError(self.path, line, w, f"{k} is also given in `set` (or --set)")
            full = {c: params.get(c) for c in self.columns}
            for rep in range(self.repeat):
                points.append(Point(len(points), full, self.base_sets + sets,
                                    scen if scen is not None else self.scenario, rep))
        return points
