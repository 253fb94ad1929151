"""One point of a sweep: identify it, run it with `vp run`, store its outputs. Every engine runs
points with this module (the local pool in threads, Dask on its workers, Slurm in array tasks), so a
point's result does not depend on the engine. Standard library only: Dask workers receive this module
by value and Slurm tasks import it with whatever python3 the node has.

    python3 -m vpsweep.runner slurm-task TASKS.json INDEX      (what a Slurm array task runs)
"""
import fnmatch
import hashlib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

# Files a point always keeps; `keep:` in the spec adds more (traces, access logs).
ALWAYS_KEPT = ("stats.json", "config.json", "host.json", "stdout.txt", "stderr.txt", "point.json")

EXIT_INTERNAL = 1   # vp: internal error (an exception out of the simulation, a file it could not write)
EXIT_LIMIT = 3      # vp: a limit stopped the run (simulated time: deterministic; host time: not)


def _die_with_parent_fn():
    """A preexec_fn that makes the child (a `vp run`) die with the process that started it: Linux's
    PR_SET_PDEATHSIG, so SIGKILL of the sweep (or of a Dask worker, a Slurm task) does not leave its
    runs going on until they end by themselves. The libc function is bound here, in the parent: the
    child only calls it between fork and exec (no import, no lock). It then checks that its parent
    did not die before the call (the signal would never come). None where there is no prctl."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        import ctypes
        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None
    PR_SET_PDEATHSIG = 1
    parent = os.getpid()
    kill = int(signal.SIGKILL)

    def preexec():
        prctl(PR_SET_PDEATHSIG, kill, 0, 0, 0)
        if os.getppid() != parent:
            os._exit(137)
    return preexec


def is_transient(exit_code, error):
    """Failures that are not a property of the point's configuration, so another attempt may succeed:
    killed by a signal (OOM killer, a cancelled allocation, a crash), vp's internal errors (exit 1:
    a full disk, an exception), the host-time limit (exit 3 with "host time limit"), and failures of
    the engine itself (exit_code None). Not transient: 0, bad input (2), the simulated-time limit
    (3), a firmware trap (4), a wrong result (5), a stale-data hazard (6), the firmware's own codes."""
    if exit_code is None or exit_code < 0:
        return True
    if exit_code == EXIT_INTERNAL and (error or "").startswith("vp: error:"):
        return True
    return exit_code == EXIT_LIMIT and "host time limit" in (error or "")


# ---- identity ----

_hash_cache = {}  # (path, size, mtime, inode) -> digest; no lock: a race only hashes a file twice


def file_sha256(path):
    st = os.stat(path)
    key = (path, st.st_size, st.st_mtime_ns, st.st_ino)
    if key not in _hash_cache:
        h = hashlib.sha256()
        with open(path, "rb") as f:
            for block in iter(lambda: f.read(1 << 20), b""):
                h.update(block)
        _hash_cache[key] = h.hexdigest()
    return _hash_cache[key]


def vp_args(task):
    args = [task["scenario"]] if task.get("scenario") else []
    for k, v in task["sets"]:
        args += ["--set", f"{k}={v}"]
    return args


def first_line(text):
    for line in text.splitlines():
        if line.strip():
            return line.strip()
    return ""


def resolve(task):
    """`vp run --dry-run`: (0, {"config", "inputs"}) or (exit code, first error line)."""
    try:
        p = subprocess.run([task["vp"], "run", *vp_args(task), "--dry-run"], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, env=point_env(task), timeout=600, preexec_fn=_die_with_parent_fn())
    except (OSError, subprocess.TimeoutExpired) as e:
        return None, f"sweep: cannot run {task['vp']}: {e}"
    if p.returncode != 0:
        err = p.stderr.decode(errors="replace")
        return p.returncode, error_line(err, "", p.returncode)
    try:
        return 0, json.loads(p.stdout)
    except ValueError:
        return EXIT_INTERNAL, "sweep: vp run --dry-run printed no JSON"


def identity(resolved, rep):
    """The point's id: a hash of the resolved configuration in which every input file's path is
    replaced by the hash of its contents (so moving the repository keeps the id, rebuilding the
    firmware changes it), and the repetition index."""
    cfg = json.loads(json.dumps(resolved["config"]))
    for key, path in sorted(resolved.get("inputs", {}).items()):
        digest = "sha256:" + file_sha256(path)
        if key.startswith("--"):
            cfg[key] = digest
            continue
        node, parts = cfg, key.split(".")
        for part in parts[:-1]:
            node = node[int(part)] if isinstance(node, list) else node[part]
        if isinstance(node, list):
            node[int(parts[-1])] = digest
        else:
            node[parts[-1]] = digest
    blob = json.dumps({"config": cfg, "rep": rep}, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(blob.encode()).hexdigest()[:16]


def point_env(task):
    env = dict(os.environ)
    env.update(task.get("env", {}))
    return env


# ---- running ----

def error_line(stderr, stop_reason, exit_code):
    """The line that says why a run failed: vp's own error line, else another line naming an error,
    else the run's stop reason (stats.json), else the signal."""
    lines = [l.strip() for l in stderr.splitlines() if l.strip()]
    for l in lines:
        if l.startswith("vp: error:"):
            return l
    for l in lines:
        if re.search(r"\berror\b|\bFAIL", l, re.I):
            return l
    if stop_reason:
        return stop_reason
    if exit_code is not None and exit_code < 0:
        try:
            return f"killed by signal {signal.Signals(-exit_code).name}"
        except ValueError:
            return f"killed by signal {-exit_code}"
    return lines[-1] if lines else ""


def run_point(task, workdir):
    """Runs one point into `workdir` (created here) with up to task["retry"] more attempts for
    transient failures. Returns the result record (what point.json holds)."""
    result = {"id": task["id"], "exit_code": None, "error": "", "transient": False, "attempts": 0,
              "host_seconds": None, "worker": socket.gethostname()}
    for attempt in range(1 + task.get("retry", 0)):
        result["attempts"] = attempt + 1
        rc, resolved = resolve(task)
        if rc != 0:
            result.update(exit_code=rc, error=resolved, transient=is_transient(rc, resolved), host_seconds=0.0)
            if result["transient"]:
                continue
            break
        try:
            here = identity(resolved, task["rep"])
        except OSError as e:
            result.update(exit_code=None, transient=True, host_seconds=0.0,
                          error=f"sweep: cannot read {e.filename}: {e.strerror}")
            break
        if here != task["id"]:
            result.update(exit_code=None, transient=True, host_seconds=0.0,
                          error=f"sweep: the point resolves to id {here} here, not {task['id']}: its firmware, "
                                f"data or scenario differ from the submitting machine's (changed since the sweep started?)")
            break
        # `vp run --out` wants a new or empty directory (it publishes its outputs there as a whole):
        # the console goes to files beside it and moves in after the run.
        shutil.rmtree(workdir, ignore_errors=True)
        cmd = [task["vp"], "run", *vp_args(task), "--quiet", "--out", workdir]
        t0 = time.monotonic()
        try:
            with open(workdir + ".stdout.txt", "wb") as out, open(workdir + ".stderr.txt", "wb") as err:
                rc = subprocess.call(cmd, stdout=out, stderr=err, stdin=subprocess.DEVNULL, env=point_env(task),
                                     preexec_fn=_die_with_parent_fn())
        except OSError as e:
            rc, msg = None, f"sweep: cannot run {task['vp']}: {e}"
        else:
            msg = None
        os.makedirs(workdir, exist_ok=True)
        for name in ("stdout.txt", "stderr.txt"):
            if os.path.exists(workdir + "." + name):
                os.replace(workdir + "." + name, os.path.join(workdir, name))
        result["host_seconds"] = round(time.monotonic() - t0, 3)
        stop_reason = ""
        try:
            with open(os.path.join(workdir, "stats.json")) as f:
                stop_reason = json.load(f)["run"]["stop_reason"]
        except (OSError, ValueError, KeyError, TypeError):
            pass
        if msg is None and rc != 0:
            with open(os.path.join(workdir, "stderr.txt"), errors="replace") as f:
                msg = error_line(f.read(), stop_reason, rc)
        result.update(exit_code=rc, error=msg or "", transient=rc != 0 and is_transient(rc, msg))
        if not result["transient"]:
            break
    return result


def keep_filter(workdir, keep):
    """Deletes what the point does not keep; returns the kept file names."""
    kept = []
    for name in sorted(os.listdir(workdir)):
        path = os.path.join(workdir, name)
        if name in ALWAYS_KEPT or any(fnmatch.fnmatch(name, g) for g in keep):
            kept.append(name)
        elif os.path.isdir(path) and not os.path.islink(path):
            shutil.rmtree(path, ignore_errors=True)
        else:
            os.unlink(path)
    return kept


def tmp_dir(points_dir, point_id):
    """A private directory next to the points (same file system: the final rename is atomic)."""
    base = os.path.join(points_dir, ".tmp")
    os.makedirs(base, exist_ok=True)
    return tempfile.mkdtemp(prefix=f"{point_id}~{socket.gethostname()}~{os.getpid()}~", dir=base)


def publish(points_dir, workdir, result):
    """Writes point.json into `workdir` and makes it points/<id> in one rename: a point directory is
    either complete or absent, whatever kills the sweep."""
    with open(os.path.join(workdir, "point.json"), "w") as f:
        json.dump(result, f, indent=1, sort_keys=True)
        f.write("\n")
    final = os.path.join(points_dir, result["id"])
    if os.path.exists(final):
        old = tmp_dir(points_dir, result["id"] + ".old")
        os.rename(final, os.path.join(old, "x"))
        os.rename(workdir, final)
        shutil.rmtree(old, ignore_errors=True)
    else:
        os.rename(workdir, final)


def run_and_publish(task, points_dir):
    """Local and Slurm engines: the point's outputs are written where they stay."""
    workdir = tmp_dir(points_dir, task["id"])
    result = run_point(task, workdir)
    os.makedirs(workdir, exist_ok=True)
    keep_filter(workdir, task.get("keep", []))
    publish(points_dir, workdir, result)
    return result


def run_remote(task):
    """Dask: runs in a temporary directory on the worker and returns the kept files' contents."""
    workdir = tempfile.mkdtemp(prefix=f"vp-point-{task['id']}.")
    try:
        result = run_point(task, workdir)
        try:
            from distributed import get_worker
            result["worker"] = f"{socket.gethostname()} {get_worker().address}"
        except (ImportError, ValueError):
            pass
        files = {}
        if os.path.isdir(workdir):
            for name in keep_filter(workdir, task.get("keep", [])):
                path = os.path.join(workdir, name)
                if os.path.isfile(path):
                    with open(path, "rb") as f:
                        files[name] = f.read()
        result["files"] = files
        return result
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


def publish_remote(points_dir, result):
    files = result.pop("files", {})
    workdir = tmp_dir(points_dir, result["id"])
    for name, data in files.items():
        with open(os.path.join(workdir, os.path.basename(name)), "wb") as f:
            f.write(data)
    publish(points_dir, workdir, result)


def clean_stale_tmp(points_dir):
    """Removes the private directories and console files of this host's dead sweep processes (killed
    mid-point)."""
    base = os.path.join(points_dir, ".tmp")
    if not os.path.isdir(base):
        return
    host = socket.gethostname()
    for name in os.listdir(base):
        parts = name.split("~")
        if len(parts) == 4 and parts[1] == host and parts[2].isdigit():
            try:
                os.kill(int(parts[2]), 0)
                continue  # still alive
            except ProcessLookupError:
                pass
            except PermissionError:
                continue
            path = os.path.join(base, name)
            if os.path.isdir(path) and not os.path.islink(path):
                shutil.rmtree(path, ignore_errors=True)
            else:  # a killed point's console files (<workdir>.stdout.txt, .stderr.txt)
                try:
                    os.unlink(path)
                except FileNotFoundError:
                    pass


def main(argv):
    if len(argv) == 3 and argv[0] == "slurm-task":
        with open(argv[1]) as f:
            batch = json.load(f)
        index = int(argv[2])
        task = batch["tasks"][index]
        print(f"vp sweep point {task['id']} (array index {index}) on {socket.gethostname()}", flush=True)
        result = run_and_publish(task, batch["points_dir"])
        print(f"exit {result['exit_code']} {result['error']}", flush=True)
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
