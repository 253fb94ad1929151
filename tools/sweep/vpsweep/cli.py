"""vp sweep SPEC.yaml: run every point of a design-space sweep (an ordinary `vp run` each), skip the
points already done, and write results.csv, host.csv and plots (docs/sweeps.md)."""
import argparse
import fcntl
import json
import os
import re
import shutil
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

from . import engines, runner
from .plots import make_plots
from .results import Table
from .spec import Spec, SpecError

EPILOG = """engines:
  local   a pool of -j processes on this machine (default)
  dask    the workers of a running Dask scheduler (--scheduler tcp://HOST:PORT or --scheduler-file F);
          outputs come back to the sweep directory
  slurm   one job array (sbatch) per invocation; the sweep directory must be on a file system the
          compute nodes share; -j limits the tasks running at once (--array=...%N)

exit codes: 0 every point exited 0; 1 some points failed (results.csv says which and why);
2 bad spec or options; 3 the sweep could not finish (engine unreachable, interrupted, post failed)."""

EXIT_OK, EXIT_POINTS_FAILED, EXIT_BAD_INPUT, EXIT_INCOMPLETE = 0, 1, 2, 3


def log(msg):
    print(f"vp sweep: {msg}", file=sys.stderr, flush=True)


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # one line, exit 2 (the project's rule for bad input)
        print(f"vp sweep: error: {message} (vp sweep --help)", file=sys.stderr)
        sys.exit(EXIT_BAD_INPUT)


def parse_args(argv):
    ap = _Parser(prog="vp sweep", description=__doc__, epilog=EPILOG,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("spec", help="the sweep spec (YAML)")
    ap.add_argument("--vp", default="vp", help=argparse.SUPPRESS)  # vp passes itself
    ap.add_argument("--out", help="output directory (default: the spec's `out`, else out/sweeps/<name>)")
    ap.add_argument("-j", "--jobs", type=int, default=None,
                    help="local: points at once (default: the number of CPUs); slurm: array tasks at once")
    ap.add_argument("--engine", choices=("local", "dask", "slurm"), default="local")
    ap.add_argument("--scheduler", help="dask: the scheduler's address, tcp://HOST:PORT")
    ap.add_argument("--scheduler-file", help="dask: the scheduler's JSON file (dask-scheduler --scheduler-file)")
    ap.add_argument("--connect-timeout", type=float, default=30.0, metavar="SECONDS",
                    help="dask: how long to try reaching the scheduler")
    ap.add_argument("--sbatch", action="append", default=[], metavar="OPTION",
                    help="slurm: an extra sbatch option, e.g. --sbatch=--partition=short (repeatable)")
    ap.add_argument("--worker-vp", help="dask, slurm: the vp binary on the workers (default: this one's path)")
    ap.add_argument("--retry", type=int, default=0, metavar="N",
                    help="run a point up to N more times when it fails in a transient way (a signal, an "
                         "internal error (exit 1), the host-time limit, a lost worker or array task); never for "
                         "bad input (2), the simulated-time limit (3), a trap (4), a wrong result (5), a hazard (6)")
    ap.add_argument("--rerun-failed", action="store_true",
                    help="also rerun points that failed for a reason of their own (they are kept otherwise)")
    ap.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                    help="an override for every point, after the spec's `set` (repeatable)")
    ap.add_argument("--dry-run", action="store_true", help="list the points, their ids and state; run nothing")
    ap.add_argument("--no-plots", action="store_true", help="write no plots")
    ap.add_argument("--no-post", action="store_true", help="do not run the spec's post-processing script")
    ap.add_argument("--poll", type=float, default=5.0, help="slurm: seconds between squeue polls")
    ap.add_argument("-q", "--quiet", action="store_true", help="no progress lines")
    a = ap.parse_args(argv)
    if a.jobs is not None and a.jobs < 1:
        ap.error("-j must be at least 1")
    if a.retry < 0:
        ap.error("--retry must be 0 or more")
    if a.engine == "dask" and not (a.scheduler or a.scheduler_file):
        ap.error("--engine dask needs --scheduler tcp://HOST:PORT or --scheduler-file FILE")
    if a.engine != "dask" and (a.scheduler or a.scheduler_file):
        ap.error("--scheduler and --scheduler-file are for --engine dask")
    if a.sbatch and a.engine != "slurm":
        ap.error("--sbatch is for --engine slurm")
    return a


class Progress:
    """One line per finished point (a line that updates in place on a terminal)."""

    def __init__(self, total, skipped, quiet):
        self.total, self.done, self.failed, self.skipped = total, skipped, 0, skipped
        self.quiet, self.tty = quiet, sys.stderr.isatty()
        self.t0 = time.monotonic()
        self.ran = 0

    def point(self, result, desc):
        self.done += 1
        self.ran += 1
        if result.get("exit_code") != 0:
            self.failed += 1
        if self.quiet:
            return
        el = time.monotonic() - self.t0
        left = (self.total - self.done) * el / self.ran if self.ran else 0
        status = f"{self.done}/{self.total} done ({self.skipped} already), {self.failed} failed, " \
                 f"{_hms(el)} elapsed, ~{_hms(left)} left"
        rc = result.get("exit_code")
        what = f"{result['id']} {desc}: " + ("ok" if rc == 0 else f"exit {rc if rc is not None else '-'}: "
                                                               f"{result.get('error', '')}")
        if self.tty:
            print(f"\r\033[K[{status}] {what}"[:300], end="", file=sys.stderr, flush=True)
        else:
            print(f"[{status}] {what}", file=sys.stderr, flush=True)

    def end(self):
        if self.tty and not self.quiet and self.ran:
            print(file=sys.stderr)


def _hms(s):
    s = int(s + 0.5)
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}" if s >= 3600 else f"{s // 60}:{s % 60:02d}"


def _env():
    """What a vp run on another machine must see like this one does."""
    return {k: os.environ[k] for k in ("VP_FIRMWARE_DIR", "VP_SCENARIO_DIR") if k in os.environ}


def _unknown_key_error(spec, err):
    """A --set key vp does not know is a mistake in the spec: name the spec's line."""
    m = re.match(r"vp: error: --set ([^:]+): (unknown key.*)", err or "")
    if not m:
        return None
    key, why = m.group(1), m.group(2)
    if key in spec.base_set_lines and spec.base_set_lines[key]:
        return SpecError(spec.path, spec.base_set_lines[key], f"set.{key}", why)
    if key in spec.key_lines:
        line, where = spec.key_lines[key]
        return SpecError(spec.path, line, where, why)
    return SpecError("--set", 0, key, why)


def resolve_points(spec, base_task, jobs):
    """Every point's id (the hash of its resolved configuration and input files) or its error."""

    def one(p):
        task = dict(base_task, scenario=p.scenario, sets=p.sets, rep=p.rep)
        rc, data = runner.resolve(task)
        if rc != 0:
            return None, (rc, data)
        try:
            return runner.identity(data, p.rep), None
        except OSError as e:  # an input file vanished between vp's check and the hash
            return None, (runner.EXIT_INTERNAL, f"sweep: cannot read {e.filename}: {e.strerror}")

    with ThreadPoolExecutor(max_workers=jobs) as ex:
        return list(ex.map(one, spec.points))


def main(argv):
    a = parse_args(argv)
    try:
        spec = Spec(a.spec, a.set)
    except SpecError as e:
        log(f"error: {e}")
        return EXIT_BAD_INPUT
    vp = os.path.abspath(a.vp) if os.sep in a.vp else a.vp
    out_dir = a.out or spec.out
    points_dir = os.path.join(out_dir, "points")
    # The sweep writes sweep.json, results.csv, host.csv and plots into its directory and replaces
    # points/<id>: never into a directory of the user's (one that is not empty and not a sweep's).
    if os.path.lexists(out_dir) and not os.path.isdir(out_dir):
        log(f"error: {out_dir}: exists and is not a directory (the sweep's output directory)")
        return EXIT_BAD_INPUT
    if os.path.isdir(out_dir) and os.listdir(out_dir) and not any(
            os.path.exists(os.path.join(out_dir, n)) for n in ("sweep.json", "points", ".lock")):
        log(f"error: {out_dir}: exists and is not a vp sweep directory (no sweep.json); choose a new or empty "
            f"directory (spec key out, or --out)")
        return EXIT_BAD_INPUT
    worker_vp = a.worker_vp or vp
    base_task = {"vp": vp, "env": _env(), "retry": a.retry, "keep": spec.keep}

    # 1. Identify every point (vp run --dry-run + file hashes, here).
    resolved = resolve_points(spec, base_task, max(2, (os.cpu_count() or 2) * 2))
    errors = [err for pid, err in resolved if pid is None]
    for rc, err in errors:
        e = _unknown_key_error(spec, err)
        if e:
            log(f"error: {e}")
            return EXIT_BAD_INPUT
    if spec.points and len(errors) == len(spec.points):
        log(f"error: {spec.path}: no point resolves; the first: {errors[0][1]}")
        return EXIT_BAD_INPUT

    # 2. One task per distinct id (identical configurations run once), in spec order.
    tasks, desc = {}, {}
    for p, (pid, _) in zip(spec.points, resolved):
        if pid and pid not in tasks:
            tasks[pid] = dict(base_task, id=pid, scenario=p.scenario, sets=p.sets, rep=p.rep, vp=worker_vp)
            desc[pid] = p.describe(spec.columns + (["rep"] if spec.repeat > 1 else []))

    if not a.dry_run:
        os.makedirs(points_dir, exist_ok=True)
        lock = open(os.path.join(out_dir, ".lock"), "w")  # held until this process ends
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            log(f"error: another vp sweep is running in {out_dir}")
            return EXIT_INCOMPLETE
        if a.engine == "slurm":
            try:
                engines.slurm_wait_active(out_dir, a.poll, log)
            except engines.EngineError as e:
                log(f"error: {e}")
                return EXIT_INCOMPLETE

    # 3. What is done: a point directory with point.json; failures of the point's own are kept.
    state, pending = {}, []
    for pid, t in tasks.items():
        rec = None
        try:
            with open(os.path.join(points_dir, pid, "point.json")) as f:
                rec = json.load(f)
        except (OSError, ValueError):
            pass
        if rec is not None and (rec.get("exit_code") == 0 or (not rec.get("transient") and not a.rerun_failed)):
            state[pid] = "done" if rec.get("exit_code") == 0 else f"failed:{rec.get('exit_code')}"
        else:
            state[pid] = "to-run" if rec is None else "to-rerun"
            pending.append(t)

    if a.dry_run:
        cols = spec.columns + (["rep"] if spec.repeat > 1 else [])
        for p, (pid, err) in zip(spec.points, resolved):
            st = state[pid] if pid else f"invalid:{err[0]}"
            print(f"{p.index:5d} {pid or '-':16s} {st:10s} {p.describe(cols)}" + (f"  ({err[1]})" if err else ""))
        print(f"{len(spec.points)} points, {len(tasks)} distinct, {len(pending)} to run", file=sys.stderr)
        return EXIT_OK

    with open(os.path.join(out_dir, "sweep.json"), "w") as f:
        json.dump({"name": spec.name, "spec": os.path.abspath(spec.path), "description": spec.description,
                   "columns": spec.columns, "repeat": spec.repeat,
                   "points": [{"index": p.index, "id": pid, "params": p.params, "rep": p.rep,
                               "scenario": p.scenario, "sets": p.sets, "error": err}
                              for p, (pid, err) in zip(spec.points, resolved)]}, f, indent=1)
        f.write("\n")
    runner.clean_stale_tmp(points_dir)
    for t in pending:  # a point directory exists only for a recorded result: clear the ones rerun
        old = os.path.join(points_dir, t["id"])
        if os.path.exists(old):
            shutil.rmtree(old, ignore_errors=True)

    # 4. Run.
    skipped = len(tasks) - len(pending)
    if not a.quiet:
        log(f"{spec.name}: {len(spec.points)} points ({len(tasks)} distinct), {skipped} already done, "
            f"{len(pending)} to run on {a.engine}; {out_dir}")
    progress = Progress(len(tasks), skipped, a.quiet)
    on_done = lambda r: progress.point(r, desc.get(r["id"], ""))
    code = EXIT_OK
    try:
        if not pending:
            pass
        elif a.engine == "local":
            engines.run_local(pending, points_dir, a.jobs or os.cpu_count() or 1, on_done)
        elif a.engine == "dask":
            engines.run_dask(pending, points_dir, a.scheduler, a.scheduler_file, a.connect_timeout, a.retry, on_done)
        else:
            engines.run_slurm(pending, points_dir, out_dir, spec.name, spec.slurm_options + a.sbatch, a.jobs,
                              sys.executable, a.retry, a.poll, on_done, log)
    except engines.EngineError as e:
        progress.end()
        log(f"error: {e}")
        code = EXIT_INCOMPLETE
    except KeyboardInterrupt:
        progress.end()
        log("interrupted; run the same command again to continue")
        code = EXIT_INCOMPLETE
    else:
        progress.end()

    # 5. Tables, plots, post-processing.
    table = Table(spec, spec.points, [(pid, err) for pid, err in resolved], points_dir)
    table.write(out_dir)
    for col, missing in table.missing.items():
        if missing and any(r["exit_code"] == 0 for r in table.rows):
            log(f"warning: collect.{col}: found in no point's outputs (a typo in the path?)")
    if not a.no_plots:
        make_plots(spec, table, out_dir, log)
    failed = table.failed()
    if code == EXIT_OK and failed:
        code = EXIT_POINTS_FAILED
    if spec.post and not a.no_post:
        if code != EXIT_OK:
            log(f"post-processing skipped: {len(failed)} point(s) did not finish with exit 0")
        else:
            env = dict(os.environ, VP=vp, PYTHONPATH=os.pathsep.join(
                [os.path.dirname(os.path.dirname(os.path.abspath(__file__)))] +
                ([os.environ["PYTHONPATH"]] if os.environ.get("PYTHONPATH") else [])))
            p = subprocess.run([sys.executable, spec.post[0], out_dir, *spec.post[1:]], env=env)
            if p.returncode != 0:
                log(f"error: post-processing {spec.post[0]} exited with {p.returncode}")
                code = EXIT_INCOMPLETE
    if not a.quiet:
        log(f"{spec.name}: {len(table.rows)} rows, {len(failed)} failed; {os.path.join(out_dir, 'results.csv')}")
    return code
