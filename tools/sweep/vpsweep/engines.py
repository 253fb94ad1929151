"""Where points run: a local pool of threads (each waits for one `vp run`), an existing Dask
distributed scheduler, or a Slurm job array. No engine has a queue, scheduler or protocol of its
own: the local pool is concurrent.futures, Dask schedules its futures, Slurm its array tasks.

An engine gets the tasks of the points that still need a run and calls on_done(result) once per
task as results arrive; when it returns, every task has a points/<id> directory.
"""
import json
import os
import shlex
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor, as_completed

from . import runner


class EngineError(Exception):
    """The engine could not run the sweep (scheduler unreachable, sbatch failed): exit 3."""


def run_local(tasks, points_dir, jobs, on_done):
    ex = ThreadPoolExecutor(max_workers=max(1, jobs))
    try:
        futures = [ex.submit(runner.run_and_publish, t, points_dir) for t in tasks]
        for f in as_completed(futures):
            on_done(f.result())
    finally:
        ex.shutdown(wait=True, cancel_futures=True)


def run_dask(tasks, points_dir, scheduler, scheduler_file, timeout, retry, on_done):
    try:
        import cloudpickle
        import distributed
    except ImportError:
        raise EngineError("--engine dask needs Dask distributed (Debian: python3-distributed; scripts/setup.sh)")
    # Workers need not have tools/sweep: the runner travels with each task, by value.
    cloudpickle.register_pickle_by_value(runner)
    try:
        client = distributed.Client(address=scheduler, scheduler_file=scheduler_file, timeout=f"{timeout}s",
                                    set_as_default=False)
    except (OSError, TimeoutError, ValueError) as e:
        raise EngineError(f"cannot connect to the Dask scheduler {scheduler or scheduler_file}: {e}")
    try:
        nonce = f"{os.getpid()}-{int(time.time() * 1000)}"
        futures = []
        for t in tasks:
            # retries: Dask resubmits a task whose worker died; run_point retries failed runs itself.
            futures.append((client.submit(runner.run_remote, t, key=f"vp-point-{t['id']}-{nonce}", pure=False,
                                          retries=retry), t))
        by_key = {f.key: t for f, t in futures}
        for f in distributed.as_completed([f for f, _ in futures], loop=client.loop):
            t = by_key[f.key]
            try:
                result = f.result()
            except Exception as e:  # the worker died too often, or the task could not run there
                result = {"id": t["id"], "exit_code": None, "error": f"dask: {type(e).__name__}: {e}",
                          "transient": True, "attempts": retry + 1, "host_seconds": None, "worker": ""}
            runner.publish_remote(points_dir, result)
            on_done(result)
    finally:
        client.close()


# ---- Slurm ----

def _slurm_cmd(cmd):
    try:
        return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=120)
    except FileNotFoundError:
        raise EngineError(f"--engine slurm: {cmd[0]} not found (is this a Slurm login node?)")
    except subprocess.TimeoutExpired:
        raise EngineError(f"--engine slurm: {cmd[0]} did not answer in 120 s")


def slurm_job_alive(job):
    """True while the job (or any task of the array) is pending or running."""
    p = _slurm_cmd(["squeue", "-h", "-j", str(job), "-o", "%t"])
    if p.returncode != 0:
        if "Invalid job id" in p.stderr:
            return False
        raise EngineError(f"squeue -j {job}: {runner.first_line(p.stderr) or 'exit ' + str(p.returncode)}")
    return bool(p.stdout.strip())


def _wait(jobs, poll, on_poll):
    failures = 0
    while True:
        on_poll()
        try:
            if not any(slurm_job_alive(j) for j in jobs):
                return
            failures = 0
        except EngineError:
            failures += 1
            if failures >= 10:
                raise
        time.sleep(poll)


def slurm_wait_active(sweep_dir, poll, log):
    """An earlier `vp sweep` of this directory may have left its arrays running (the sweep crashed or
    was killed, the jobs were not): wait for them, so their points are not submitted twice."""
    path = os.path.join(sweep_dir, "slurm", "active.json")
    if not os.path.exists(path):
        return
    with open(path) as f:
        jobs = json.load(f)["jobs"]
    if any(slurm_job_alive(j) for j in jobs):
        log(f"waiting for Slurm job(s) {', '.join(jobs)} submitted by an earlier run of this sweep")
        _wait(jobs, poll, lambda: None)
    os.unlink(path)


MAX_ARRAY = 1000  # Slurm's default MaxArraySize is 1001 (indices 0..1000): larger sweeps use several arrays


def _submit(tasks, points_dir, sweep_dir, sdir, name, options, max_parallel, python, log):
    pkg = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    n = len([f for f in os.listdir(sdir) if f.startswith("batch") and f.endswith(".json")])
    batch = f"batch{n}"
    tasks_file = os.path.join(sdir, batch + ".json")
    with open(tasks_file, "w") as f:
        json.dump({"points_dir": os.path.abspath(points_dir), "tasks": tasks}, f, indent=1)
    script = os.path.join(sdir, batch + ".sh")
    with open(script, "w") as f:
        f.write("#!/bin/sh\n# One point of a vp sweep per array task (tools/sweep/vpsweep/runner.py).\n"
                f"PYTHONPATH={shlex.quote(pkg)}${{PYTHONPATH:+:$PYTHONPATH}} exec {shlex.quote(python)} "
                f"-m vpsweep.runner slurm-task {shlex.quote(tasks_file)} \"$SLURM_ARRAY_TASK_ID\"\n")
    os.chmod(script, 0o755)
    array = f"0-{len(tasks) - 1}" + (f"%{max_parallel}" if max_parallel else "")
    cmd = ["sbatch", "--parsable", f"--array={array}", f"--job-name=vp-sweep-{name}",
           f"--output={os.path.join(sdir, batch)}_%a.log", "--ntasks=1", "--cpus-per-task=1",
           f"--chdir={os.path.abspath(sweep_dir)}", *options, script]
    p = _slurm_cmd(cmd)
    if p.returncode != 0:
        raise EngineError(f"sbatch: {runner.first_line(p.stderr) or 'exit ' + str(p.returncode)}")
    job = p.stdout.strip().split(";")[0]
    log(f"submitted Slurm job array {job} ({len(tasks)} tasks, slurm/{batch}.sh)")
    return batch, job


def run_slurm(tasks, points_dir, sweep_dir, name, options, max_parallel, python, retry, poll, on_done, log):
    sdir = os.path.join(sweep_dir, "slurm")
    os.makedirs(sdir, exist_ok=True)
    active = os.path.join(sdir, "active.json")
    pending = list(tasks)
    for attempt in range(1 + retry):
        if not pending:
            break
        arrays = []  # (batch, job, tasks)
        try:
            for start in range(0, len(pending), MAX_ARRAY):
                chunk = pending[start:start + MAX_ARRAY]
                arrays.append((*_submit(chunk, points_dir, sweep_dir, sdir, name, options, max_parallel, python,
                                        log), chunk))
                with open(active, "w") as f:
                    json.dump({"jobs": [job for _, job, _ in arrays]}, f)
        except EngineError:
            for _, job, _ in arrays:
                _slurm_cmd(["scancel", job])
            raise
        seen = set()

        def poll_results():
            for t in pending:
                if t["id"] not in seen and os.path.exists(os.path.join(points_dir, t["id"], "point.json")):
                    seen.add(t["id"])
                    with open(os.path.join(points_dir, t["id"], "point.json")) as f:
                        on_done(json.load(f))

        try:
            _wait([job for _, job, _ in arrays], poll, poll_results)
        except KeyboardInterrupt:
            for _, job, _ in arrays:
                _slurm_cmd(["scancel", job])
            raise
        poll_results()
        os.unlink(active)
        pending = []
        for batch, job, chunk in arrays:
            for i, t in enumerate(chunk):
                if t["id"] in seen:
                    continue
                if attempt < retry:
                    pending.append(t)
                    continue
                logfile = os.path.join(sdir, f"{batch}_{i}.log")
                tail = ""
                if os.path.exists(logfile):
                    with open(logfile, errors="replace") as f:
                        lines = [l.strip() for l in f if l.strip()]
                    tail = lines[-1] if lines else ""
                result = {"id": t["id"], "exit_code": None, "transient": True, "attempts": attempt + 1,
                          "host_seconds": None, "worker": "",
                          "error": f"slurm: array task {i} of job {job} ended without a result (cancelled, "
                                   f"time limit or node failure; slurm/{batch}_{i}.log){': ' + tail if tail else ''}"}
                runner.publish(points_dir, runner.tmp_dir(points_dir, t["id"]), result)
                on_done(result)
