#!/usr/bin/env python3
"""End-to-end tests of `vp sweep` (docs/sweeps.md): spec expansion and errors, the local pool, a real
Dask scheduler with two workers, a real single-node Slurm, resume after a kill, failing points,
retries, point identity. Each test is a function; CTest runs one per process:

  test_sweep.py --vp build/bin/vp --repo . TEST_NAME
"""
import csv
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

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
import cli_test_runner  # noqa: E402

VP = REPO = WORK = None
SKIP = 77  # CTest SKIP_RETURN_CODE


class Skip(Exception):
    pass


def sweep(*args, check=None, env=None, timeout=600, plots=False):
    p = subprocess.run([VP, "sweep", *args] + ([] if plots else ["--no-plots"]), stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout,
                       env=dict(os.environ, **(env or {})))
    out, err = p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace")
    if check is not None and p.returncode != check:
        raise AssertionError(f"vp sweep {' '.join(args)}: exit {p.returncode}, expected {check}\n{out}\n{err}")
    return p.returncode, out, err


def write(name, text):
    path = os.path.join(WORK, name)
    with open(path, "w") as f:
        f.write(text)
    return path


def rows(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def read(path):
    with open(path, "rb") as f:
        return f.read()


# The sweep of the issue: 12 points of the default scenario, L2 size x replacement policy.
L2_SPEC = """name: l2
description: L2 size x policy on the default scenario
set:
  trace.enabled: false
parameters:
  - platform.caches.l2.size: [16KiB, 32KiB, 64KiB, 128KiB]
  - platform.caches.l2.policy: [lru, plru, srrip]
collect:
  - l2_misses: components.l2.counters.misses
  - l1d_misses: components.l1d.counters.misses
  - sim_time_ps: run.sim_time_ps
  - nnz: {stdout: 'nnz=(\\d+)'}
"""


def run_l2_local(name="local", plots=False):
    spec = write("l2.yaml", L2_SPEC)
    out = os.path.join(WORK, name)
    sweep(spec, "--out", out, "-j", "2", check=0, plots=plots)
    return spec, out


# ---- spec ----

def test_spec_expansion_lists_ranges_zip_union_cases_repeat():
    """Each form of axis, checked through --dry-run's listing and sweep.json (no vp run)."""
    spec = write("space.yaml", """name: space
set: {trace.enabled: false}
parameters:
  - platform.caches.l2.ways: {from: 2, to: 16, times: 2}      # 2 4 8 16
  - zip:
      platform.caches.l2.size: [32KiB, 64KiB]
      platform.caches.l2.policy: [lru, srrip]
  - union:
    - - mem: {cases: {ddr: {platform.ram.timing: ddr}, fixed: {platform.ram.timing: fixed, platform.ram.fixed.latency: 100ns}}}
    - - workload.spmv.rows: {from: 100, to: 300, step: 100, unit: ""}
repeat: 2
collect: [run.sim_time_ps]
""")
    out = os.path.join(WORK, "space")
    rc, listing, err = sweep(spec, "--out", out, "--dry-run", check=0)
    assert not os.path.exists(out), "--dry-run writes nothing"
    lines = listing.strip().splitlines()
    # 4 ways x 2 zipped x (2 cases + 3 rows) x 2 repetitions
    assert len(lines) == 4 * 2 * 5 * 2, listing
    first = lines[0].split(None, 3)
    assert first[3] == "platform.caches.l2.ways=2 platform.caches.l2.size=32KiB platform.caches.l2.policy=lru " \
                       "mem=ddr rep=0", first
    expect_ways = [w for w in (2, 4, 8, 16) for _ in range(2 * 5 * 2)]
    got_ways = [int(re.search(r"ways=(\d+)", l).group(1)) for l in lines]
    assert got_ways == expect_ways
    # The union's second space has no `mem` column and a rows column; the first the opposite.
    assert "mem=fixed" in lines[2] and "rows" not in lines[2], lines[2]
    assert "workload.spmv.rows=100" in lines[4] and "mem=" not in lines[4], lines[4]
    assert "workload.spmv.rows=300" in lines[8], lines[8]
    # Repetitions are distinct points (their own ids) of the same configuration.
    ids = [l.split()[1] for l in lines]
    assert ids[0] != ids[1] and len(set(ids)) == len(ids)


def test_spec_errors_name_file_line_and_key():
    cases = [
        ("bogus: 1\n", r"e\.yaml:1: bogus: unknown key 'bogus'"),
        ("parameters:\n  - platform.caches.l2.size: []\n", r"e\.yaml:2: platform\.caches\.l2\.size: an empty list"),
        ("parameters:\n  - a.b: [1]\n    c.d: [2]\n", r"e\.yaml:2: parameters\.0: an axis is a mapping with one key"),
        ("parameters:\n  - zip:\n      a.b: [1, 2]\n      c.d: [1]\n",
         r"e\.yaml:4: c\.d: 1 values, but the other lists of this zip have 2"),
        ("parameters:\n  - a.b: {from: 1, to: 8}\n", r"e\.yaml:2: parameters\.0\.a\.b: a range needs exactly one of"),
        ("parameters:\n  - a.b: {from: 8, to: 1, step: 1}\n", r"e\.yaml:2: parameters\.0\.a\.b\.step: step 1 does not lead"),
        ("set: {a.b: 1}\nparameters:\n  - a.b: [1, 2]\n", r"e\.yaml:3: parameters\.0\.a\.b: a\.b is also given in `set`"),
        ("collect:\n  - x: {stdout: '(a)(b)'}\n", r"e\.yaml:2: stdout: at most one group"),
        ("parameters: [\n", r"e\.yaml:\d+: YAML syntax error"),
        ("repeat: 0\n", r"e\.yaml:1: repeat: expected an integer from 1"),
        ("scenario: nowhere/x.yaml\n", r"e\.yaml:1: scenario: file not found"),
        ("plots:\n  - {x: a, y: b}\n", r"e\.yaml:2: x: no column 'a'"),
        ("name: x\nname: y\n", r"e\.yaml:2: name: given twice"),
    ]
    for text, pattern in cases:
        path = write("e.yaml", text)
        rc, out, err = sweep(path, "--out", os.path.join(WORK, "e"))
        lines = [l for l in err.splitlines() if l.strip()]
        assert rc == 2, (text, rc, err)
        assert len(lines) == 1 and re.search(pattern, lines[0]), (text, err)
        assert not os.path.exists(os.path.join(WORK, "e")), "nothing may run or be written for a bad spec"


def test_huge_product_is_refused_before_it_is_built():
    # Issue #32 item 12: the size of a product is known from its axes; two axes of 100,000 values
    # (10^10 points) are refused at once, before any row is built. Run with a 1 GiB address-space
    # limit, so that a sweep that builds the rows fails fast (MemoryError) instead of eating the host.
    cap = cli_test_runner.address_space_cap(VP, 1 << 30)
    specs = [
        ("parameters:\n  - platform.caches.l2.size: {from: 1, to: 100000, step: 1}\n"
         "  - platform.caches.l1d.size: {from: 1, to: 100000, step: 1}\n",
         r"h\.yaml:1: parameters: 10,000,000,000 points: more than a sweep may have \(1,000,000\)"),
        ("parameters:\n  - union:\n    - - a.b: {from: 1, to: 100000, step: 1}\n"
         "      - c.d: {from: 1, to: 9, step: 1}\n"
         "    - - e.f: {from: 1, to: 100000, step: 1}\n      - g.h: {from: 1, to: 9, step: 1}\n",
         r"h\.yaml:1: parameters: 1,800,000 points: more than a sweep may have"),
        ("parameters:\n  - a.b: [1, 2]\n  - union:\n    - - a.c: {from: 1, to: 100000, step: 1}\n"
         "      - c.d: {from: 1, to: 20, step: 1}\n",
         r"h\.yaml:1: parameters: 4,000,000 points: more than a sweep may have"),
        ("repeat: 100000\nparameters:\n  - a.b: {from: 1, to: 1000, step: 1}\n",
         r"h\.yaml:1: repeat: 1,000 points x 100000 repeats: more than a sweep may have"),
    ]
    for text, pattern in specs:
        path = write("h.yaml", text)
        t0 = time.monotonic()
        p = subprocess.run([VP, "sweep", path, "--out", os.path.join(WORK, "h"), "--no-plots"],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120, preexec_fn=cap)
        err = p.stderr.decode(errors="replace")
        assert p.returncode == 2, (text, p.returncode, err)
        lines = [l for l in err.splitlines() if l.strip()]
        assert len(lines) == 1 and re.search(pattern, lines[0]), (text, err)
        assert time.monotonic() - t0 < 10, "the size check comes before the expansion"
        assert not os.path.exists(os.path.join(WORK, "h"))


def test_unknown_parameter_key_is_a_spec_error_before_anything_runs():
    path = write("u.yaml", "parameters:\n  - platform.caches.l2.sise: [16KiB, 32KiB]\n")
    rc, out, err = sweep(path, "--out", os.path.join(WORK, "u"))
    assert rc == 2, err
    assert re.fullmatch(r"vp sweep: error: .*u\.yaml:2: parameters\.0\.platform\.caches\.l2\.sise: unknown key "
                        r"'platform\.caches\.l2\.sise'.*\n", err), err
    assert not os.path.exists(os.path.join(WORK, "u", "points"))


# ---- local engine ----

def test_local_sweep_equals_plain_vp_runs():
    spec, out = run_l2_local(plots=True)
    table = rows(os.path.join(out, "results.csv"))
    assert [r["platform.caches.l2.size"] for r in table] == [s for s in ("16KiB", "32KiB", "64KiB", "128KiB")
                                                           for _ in range(3)]
    assert [r["platform.caches.l2.policy"] for r in table] == ["lru", "plru", "srrip"] * 4
    assert list(table[0]) == ["id", "platform.caches.l2.size", "platform.caches.l2.policy", "l2_misses",
                              "l1d_misses", "sim_time_ps", "nnz", "exit_code", "error"]
    for r in table:
        # Each row is what an ordinary vp run with the same overrides gives.
        ref = os.path.join(WORK, "ref")
        console = subprocess.run([VP, "run", "--quiet", "--out", ref, "--set", "trace.enabled=false",
                                  "--set", f"platform.caches.l2.size={r['platform.caches.l2.size']}",
                                  "--set", f"platform.caches.l2.policy={r['platform.caches.l2.policy']}"],
                                 check=True, stdout=subprocess.PIPE, text=True).stdout
        stats = json.load(open(os.path.join(ref, "stats.json")))
        assert r["exit_code"] == "0" and r["error"] == ""
        assert int(r["l2_misses"]) == stats["components"]["l2"]["counters"]["misses"]
        assert int(r["l1d_misses"]) == stats["components"]["l1d"]["counters"]["misses"]
        assert int(r["sim_time_ps"]) == stats["run"]["sim_time_ps"]
        assert r["nnz"] == re.search(r"nnz=(\d+)", console).group(1)
        # The point's own directory holds the run's outputs.
        assert read(os.path.join(out, "points", r["id"], "stats.json")) == read(os.path.join(ref, "stats.json"))
    # The L2 size matters in this workload: misses fall from 16 KiB to 128 KiB under every policy.
    for pol in ("lru", "plru", "srrip"):
        m = [int(r["l2_misses"]) for r in table if r["platform.caches.l2.policy"] == pol]
        assert m[0] > m[-1], m
    host = rows(os.path.join(out, "host.csv"))
    assert [h["id"] for h in host] == [r["id"] for r in table]
    assert all(float(h["host_seconds"]) > 0 and h["attempts"] == "1" for h in host)
    assert os.path.exists(os.path.join(out, "l2_misses_vs_platform_caches_l2_size.png"))


def test_identical_configurations_run_once_and_rerun_skips_finished_points():
    spec = write("d.yaml", "set: {trace.enabled: false}\nparameters:\n"
                 "  - platform.caches.l2.size: [64KiB, 65536B, 0.0625MiB, 32KiB]\n"
                 "collect: [components.l2.counters.misses]\n")
    out = os.path.join(WORK, "d")
    rc, _, err = sweep(spec, "--out", out, check=0)
    assert "4 points (2 distinct), 0 already done, 2 to run" in err, err
    table = rows(os.path.join(out, "results.csv"))
    assert table[0]["id"] == table[1]["id"] == table[2]["id"] != table[3]["id"]
    before = read(os.path.join(out, "results.csv"))
    rc, _, err = sweep(spec, "--out", out, check=0)
    assert "2 already done, 0 to run" in err, err
    assert read(os.path.join(out, "results.csv")) == before
    # A new value adds one point; only it runs.
    write("d.yaml", open(spec).read().replace("32KiB]", "32KiB, 16KiB]"))
    rc, _, err = sweep(spec, "--out", out, check=0)
    assert "5 points (3 distinct), 2 already done, 1 to run" in err, err


def test_point_identity_follows_file_contents_not_paths():
    spec = write("i.yaml", "parameters:\n  - platform.caches.l2.size: [32KiB, 64KiB]\n")
    fw = os.environ["VP_FIRMWARE_DIR"]
    copy = os.path.join(WORK, "fw")
    shutil.copytree(fw, copy)
    ids = lambda env: [l.split()[1] for l in sweep(spec, "--out", os.path.join(WORK, "i"), "--dry-run",
                                                   env=env, check=0)[1].splitlines()]
    a = ids({"VP_FIRMWARE_DIR": fw})
    assert ids({"VP_FIRMWARE_DIR": copy}) == a, "the same firmware elsewhere is the same point"
    with open(os.path.join(copy, "spmv.elf"), "ab") as f:
        f.write(b"\0")
    b = ids({"VP_FIRMWARE_DIR": copy})
    assert len(set(a) | set(b)) == 4, "other firmware contents make other points"


def test_resume_after_kill_reruns_only_missing_points():
    # Slower points (a 16384-row SpMV) one at a time, killed after four have finished.
    text = L2_SPEC.replace("trace.enabled: false", "trace.enabled: false\n  workload.spmv.rows: 16384")
    spec = write("r.yaml", text)
    out = os.path.join(WORK, "r")
    points = os.path.join(out, "points")
    p = subprocess.Popen([VP, "sweep", spec, "--out", out, "-j", "1"], stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL, start_new_session=True)
    done = lambda: sorted(d for d in os.listdir(points) if not d.startswith(".")) if os.path.isdir(points) else []
    try:
        deadline = time.time() + 300
        while len(done()) < 4 and p.poll() is None and time.time() < deadline:
            time.sleep(0.02)
    finally:
        os.killpg(p.pid, signal.SIGKILL)  # the sweep and its running point, no clean-up of any kind
        p.wait()
    first = done()
    assert 4 <= len(first) < 12, first
    # What a kill leaves mid-point, whatever the timing: the point's private directory and its
    # console files beside it (named after the dead sweep's pid). The resumed sweep removes both.
    tmp = os.path.join(points, ".tmp")
    os.makedirs(tmp, exist_ok=True)
    stale = os.path.join(tmp, f"{'0' * 16}~{socket.gethostname()}~{p.pid}~killed")
    os.makedirs(stale, exist_ok=True)
    for name in (".stdout.txt", ".stderr.txt"):
        open(stale + name, "w").close()
    stamps = {d: os.stat(os.path.join(points, d, "point.json")).st_mtime_ns for d in first}
    rc, _, err = sweep(spec, "--out", out, "-j", "2", check=0)
    assert f"{len(first)} already done, {12 - len(first)} to run" in err, err
    for d in first:  # not run again
        assert os.stat(os.path.join(points, d, "point.json")).st_mtime_ns == stamps[d], d
    assert len(done()) == 12 and not os.listdir(os.path.join(points, ".tmp"))
    # The result equals an uninterrupted sweep's, byte for byte.
    ref = os.path.join(WORK, "r_ref")
    sweep(spec, "--out", ref, "-j", "2", check=0)
    assert read(os.path.join(out, "results.csv")) == read(os.path.join(ref, "results.csv"))


def test_failing_points_are_reported_and_the_others_complete():
    spec = write("f.yaml", "set: {trace.enabled: false}\nparameters:\n"
                 "  - platform.caches.l2.size: [32KiB, 100KiB]\n"
                 "  - platform.caches.l2.policy: [lru, bogus]\n"
                 "  - limits.max_sim_time: [1s, 10us]\n"
                 "collect: [components.l2.counters.misses]\n")
    out = os.path.join(WORK, "f")
    rc, _, err = sweep(spec, "--out", out, "--retry", "2")
    assert rc == 1, (rc, err)
    table = rows(os.path.join(out, "results.csv"))
    host = {h["id"]: h for h in rows(os.path.join(out, "host.csv"))}
    assert len(table) == 8
    by = {(r["platform.caches.l2.size"], r["platform.caches.l2.policy"], r["limits.max_sim_time"]): r for r in table}
    ok = by[("32KiB", "lru", "1s")]
    assert ok["exit_code"] == "0" and int(ok["components.l2.counters.misses"]) > 0
    # Invalid value (schema): found before running, no id, exit 2 with vp's line.
    for size in ("32KiB", "100KiB"):
        bad = by[(size, "bogus", "1s")]
        assert bad["exit_code"] == "2" and bad["id"] == "", bad
        assert bad["error"].startswith("vp: error: --set platform.caches.l2.policy: expected one of"), bad
    # Invalid geometry (checked when the platform is built): runs, exit 2, not retried.
    geo = by[("100KiB", "lru", "1s")]
    assert geo["exit_code"] == "2" and "must be a power of two" in geo["error"], geo
    assert host[geo["id"]]["attempts"] == "1"
    # A limit: exit 3, the stop reason as error, not retried (deterministic).
    lim = by[("32KiB", "lru", "10us")]
    assert lim["exit_code"] == "3" and lim["error"] == "simulated time limit reached", lim
    assert host[lim["id"]]["attempts"] == "1"
    # A rerun keeps these failures (they are the points' own) unless asked.
    rc, _, err = sweep(spec, "--out", out)
    assert rc == 1 and "0 to run" in err, err
    rc, _, err = sweep(spec, "--out", out, "--rerun-failed")
    assert rc == 1 and "3 to run" in err, err  # the three that ran and failed (the invalid ones never run)


def test_two_sweeps_do_not_share_a_directory():
    import fcntl
    spec = write("k.yaml", "parameters:\n  - workload.spmv.rows: [64]\n")
    out = os.path.join(WORK, "k")
    os.makedirs(out)
    with open(os.path.join(out, ".lock"), "w") as held:  # what a running vp sweep holds
        fcntl.flock(held, fcntl.LOCK_EX)
        rc, _, err = sweep(spec, "--out", out)
        assert rc == 3 and f"another vp sweep is running in {out}" in err, (rc, err)
        assert not os.path.exists(os.path.join(out, "results.csv"))
    sweep(spec, "--out", out, check=0)


def test_sweep_names_follow_vp_run_names():
    # One rule for names that become directories (OutputDir::valid_name; spec.py mirrors it): "." and
    # ".." used to pass the sweep's check and put the sweep's files in out/ or out/sweeps' parent.
    for name in ("ok", "a-1.2+b_c", "a..b", "..", ".", ".x", "a/b", "x" * 200, "x" * 201, "caf\u00e9"):
        spec = write("nm.yaml", f"name: '{name}'\nparameters:\n  - workload.spmv.rows: [64]\n")
        rc_sweep, _, err_sweep = sweep(spec, "--dry-run")
        p = subprocess.run([VP, "run", "--dry-run", "--set", f"name={name}"], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, timeout=60)
        assert (rc_sweep == 0) == (p.returncode == 0), (name, rc_sweep, err_sweep, p.returncode, p.stderr)
        assert rc_sweep in (0, 2), (name, rc_sweep, err_sweep)
        if rc_sweep:
            assert "nm.yaml:1: name:" in err_sweep, err_sweep
    assert not os.path.exists(os.path.join(WORK, "out"))


def test_sweep_into_a_directory_of_the_user_is_refused():
    spec = write("u.yaml", "parameters:\n  - workload.spmv.rows: [64]\n")
    out = os.path.join(WORK, "mine")
    os.makedirs(out)
    with open(os.path.join(out, "results.csv"), "w") as f:
        f.write("my results\n")
    rc, _, err = sweep(spec, "--out", out)
    assert rc == 2 and "not a vp sweep directory" in err, (rc, err)
    assert open(os.path.join(out, "results.csv")).read() == "my results\n"
    assert sorted(os.listdir(out)) == ["results.csv"]


def children_of(pid):
    """Pids of the processes whose parent is `pid` (Linux /proc)."""
    out = []
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                with open(f"/proc/{d}/stat") as f:
                    stat = f.read()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                out.append(int(d))
    return out


def cmdline(pid):
    """The command line of `pid`, or b"" when it has already exited (a short-lived child, e.g. a
    --dry-run, can end between listing /proc and reading it)."""
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read()
    except OSError:
        return b""


def alive(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def test_runs_die_with_a_killed_sweep():
    # Two points that would run for a minute (an endless loop under a host-time limit); SIGKILL of
    # the sweep alone (not its process group) must end them within seconds, not after the minute.
    prog = os.path.join(WORK, "loop.bin")
    with open(prog, "wb") as f:
        f.write((0x0000006F).to_bytes(4, "little"))  # jal x0, 0
    write("loop.yaml", f"name: loop\nplatform:\n  cpu:\n    reset_pc: 0x80000000\n"
                       f"load:\n  - binary: {prog}\n    at: 0x80000000\n")
    spec = write("kill.yaml", "scenario: loop.yaml\nparameters:\n  - limits.max_host_seconds: [60, 61]\n")
    p = subprocess.Popen([VP, "sweep", spec, "--out", os.path.join(WORK, "kill"), "-j", "2", "--no-plots"],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        runs, deadline = [], time.time() + 120
        while len(runs) < 2 and time.time() < deadline and p.poll() is None:
            time.sleep(0.05)
            runs = [c for c in children_of(p.pid) if b"--out" in cmdline(c)]
        assert len(runs) == 2, (runs, p.poll())
        time.sleep(0.5)  # the runs are simulating
        os.kill(p.pid, signal.SIGKILL)
        p.wait()
        deadline = time.time() + 5
        while any(alive(c) for c in runs) and time.time() < deadline:
            time.sleep(0.05)
        assert not any(alive(c) for c in runs), [c for c in runs if alive(c)]
    finally:
        try:
            os.killpg(p.pid, signal.SIGKILL)  # whatever is left, so a failure does not leak minute-long runs
        except ProcessLookupError:
            pass
        p.wait()


def fake_vp(name):
    """A vp that is killed (SIGKILL) on the first real run of each distinct point, then is vp."""
    log = os.path.join(WORK, name + ".log")
    path = write(name + ".sh", f"""#!/bin/sh
case " $* " in *" --dry-run "*) exec "{VP}" "$@";; esac
key=$(echo "$*" | sed 's/--out [^ ]*//' | md5sum | cut -c1-12)
echo "$key" >> "{log}"
if [ ! -e "{log}.$key" ]; then : > "{log}.$key"; kill -9 $$; fi
exec "{VP}" "$@"
""")
    os.chmod(path, 0o755)
    return path, log


def test_retry_reruns_transient_failures_only():
    spec = write("t.yaml", "set: {trace.enabled: false}\nparameters:\n  - workload.spmv.rows: [64, 128, 256]\n"
                 "collect: [run.sim_time_ps]\n")
    # Without --retry: three points killed by a signal, recorded as such.
    fake, log = fake_vp("a")
    out = os.path.join(WORK, "t")
    rc, _, err = sweep(spec, "--out", out, "--vp", fake)
    assert rc == 1, err
    table = rows(os.path.join(out, "results.csv"))
    assert [(r["exit_code"], r["error"]) for r in table] == [("-9", "killed by signal SIGKILL")] * 3
    # Transient: the next invocation runs them again (and they pass now).
    rc, _, err = sweep(spec, "--out", out, "--vp", fake, check=0)
    assert "0 already done, 3 to run" in err, err
    assert [r["exit_code"] for r in rows(os.path.join(out, "results.csv"))] == ["0"] * 3
    # With --retry 1 the second attempt happens at once.
    fake, log = fake_vp("b")
    out = os.path.join(WORK, "t2")
    sweep(spec, "--out", out, "--vp", fake, "--retry", "1", check=0)
    assert [h["attempts"] for h in rows(os.path.join(out, "host.csv"))] == ["2"] * 3
    assert len(open(log).read().split()) == 6
    # A deterministic failure after a transient one ends the attempts (exit 3 of the simulated-time limit).
    fake, log = fake_vp("c")
    out = os.path.join(WORK, "t3")
    rc, _, err = sweep(spec, "--out", out, "--vp", fake, "--retry", "5", "--set", "limits.max_sim_time=1us")
    assert rc == 1
    assert [r["exit_code"] for r in rows(os.path.join(out, "results.csv"))] == ["3"] * 3
    assert [h["attempts"] for h in rows(os.path.join(out, "host.csv"))] == ["2"] * 3


# ---- the experiments shipped as sweeps (scenarios/sweeps) ----

def test_shipped_specs_are_valid():
    specs = sorted(f for f in os.listdir(os.path.join(REPO, "scenarios", "sweeps")) if f.endswith(".yaml"))
    assert len(specs) >= 9, specs
    for f in specs:
        rc, out, err = sweep(os.path.join(REPO, "scenarios", "sweeps", f), "--dry-run",
                             "--out", os.path.join(WORK, "specs", f))
        assert rc == 0, (f, err)
        assert out.strip() and "invalid" not in out, (f, out)


def test_rgcn_experiment_pipeline_on_tiny():
    """rgcn_fig56_tiny (record both vertex orders, replay every policy) then rgcn_validate_tiny (the
    full platform with the caches in the loop): the replay must equal the full runs exactly."""
    for name in ("rgcn_fig56_tiny", "rgcn_validate_tiny"):
        p = subprocess.run([VP, "sweep", os.path.join(REPO, "scenarios", "sweeps", name + ".yaml"), "-q"],
                           cwd=WORK, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=600)
        assert p.returncode == 0, p.stdout
    fig = os.path.join(WORK, "out", "sweeps", "rgcn_fig56_tiny")
    summary = rows(os.path.join(fig, "summary.csv"))
    assert [r["l2_size"] for r in summary] == ["8192", "16384", "32768", "65536"]
    for label in ("LRU_w/o_sort", "LRU", "AC", "PB", "SRRIP", "GRASP", "OPT", "PB_period_10"):
        assert all(int(r[label]) > 0 for r in summary), label
    # OPT is a lower bound behind the same (LRU) L1 for every policy with an LRU L1.
    for r in summary:
        assert all(int(r["OPT"]) <= int(r[l]) for l in ("LRU", "SRRIP", "GRASP")), r
    assert os.path.exists(os.path.join(fig, "fig5_tiny.png")) and os.path.exists(os.path.join(fig, "fig6_tiny.png"))
    val = rows(os.path.join(WORK, "out", "sweeps", "rgcn_validate_tiny", "validation.csv"))
    assert len(val) == 8
    for r in val:
        assert r["full_misses"] == r["replay_misses"] and int(r["full_misses"]) > 0, r


def test_rgcn_emulated_subset_of_configurations():
    """fig56.py's emulated route (vp-rgcn-trace, no ISS) with a subset of the configurations: the
    configurations that were replayed have counts, the others empty cells — never "100 % fewer
    misses" (a full-size BGS run with four configurations once reported OPT at 100 %)."""
    bindir = os.path.dirname(os.path.abspath(VP))
    out = os.path.join(WORK, "emulated")
    p = subprocess.run([sys.executable, os.path.join(REPO, "tools", "rgcn", "fig56.py"), out, "--dataset", "small",
                        "--source", "emulated", "--synthetic", "--entities 300 --relations 5 --edges 2000",
                        "--trace", os.path.join(bindir, "vp-rgcn-trace"), "--cachesim",
                        os.path.join(bindir, "vp-cachesim"), "--sizes", "8192,65536", "--configs", "LRU,AC",
                        "--periods", ""], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=300)
    assert p.returncode == 0, p.stdout
    summary = rows(os.path.join(out, "summary.csv"))
    assert [r["l2_size"] for r in summary] == ["8192", "65536"]
    for r in summary:
        assert int(r["LRU"]) > 0 and int(r["AC"]) > 0, r
        assert r["AC_vs_LRU_%"] != "", r
        for col in ("OPT_vs_LRU_%", "PB_vs_LRU_%", "AC_vs_unsorted_%", "LRU_vs_unsorted_%"):
            assert r[col] == "", (col, r)


def _reduced_spec(name, parameters):
    """A shipped spec with a smaller parameter space (its post script by absolute path)."""
    import yaml
    path = os.path.join(REPO, "scenarios", "sweeps", name + ".yaml")
    doc = yaml.safe_load(open(path))
    doc["parameters"] = parameters
    if isinstance(doc.get("post"), str):
        doc["post"] = os.path.normpath(os.path.join(os.path.dirname(path), doc["post"]))
    doc.pop("plots", None)
    return write(name + "_small.yaml", yaml.safe_dump(doc, sort_keys=False))


def test_hmc_experiment_post_processing():
    spec = _reduced_spec("hmc_scale", [{"workload.spmv.kronecker_scale": [8]},
                                       {"variant": {"cases": {v: {"scenario": f"hmc_spmv_{v}"}
                                                              for v in ("cpu", "gather", "gather_host")}}}])
    out = os.path.join(WORK, "hmc")
    rc, stdout, err = sweep(spec, "--out", out, check=0)
    points = {r["variant"]: r for r in rows(os.path.join(out, "results.csv"))}
    report = {r["variant"]: r for r in rows(os.path.join(out, "hmc.csv"))}
    assert set(report) == {"cpu", "gather", "gather_host"}
    for v, r in report.items():
        p = points[v]
        # The report's figures are the points' statistics: nnz from the firmware's console, the
        # region time from the marker, the link bytes from the HMC's FLIT counters.
        assert r["nnz"] == p["nnz"] and float(r["time_s"]) == int(p["spmv_ps"]) * 1e-12
        assert abs(float(r["mflops"]) - 2 * int(p["nnz"]) / (int(p["spmv_ps"]) * 1e-12) / 1e6) < 1e-9
        assert int(r["link_rsp_bytes"]) == 16 * int(p["link_response_flits"])
    assert report["cpu"]["hit_x"] != "" and report["gather"]["hit_x"] == ""
    assert os.path.exists(os.path.join(out, "mflops.svg"))


def test_dma_gather_post_processing():
    # The fixed 100 ns memory, with caches so that the CPU's own loop is quick.
    fixed = {"platform.ram.timing": "fixed", "platform.ram.fixed.latency": "100ns"}
    fixed.update({f"platform.caches.{c}.enabled": True for c in ("l1i", "l1d", "l2")})
    spec = _reduced_spec("dma_gather", [{"memory": {"cases": {"fixed": fixed}}},
                                        {"zip": {"platform.dma.pipelined": [False, True],
                                                 "platform.dma.fifo_depth": [16, 16]}}])
    out = os.path.join(WORK, "dma")
    rc, stdout, err = sweep(spec, "--out", out, check=0)
    lines = open(os.path.join(out, "table.txt")).read().splitlines()
    assert lines[0].split()[:3] == ["memory", "mode", "depth"] and len(lines) == 3
    one, piped = lines[1].split(), lines[2].split()
    assert one[:3] == ["fixed", "mSGDMA", "16"] and piped[:3] == ["fixed", "pipelined", "16"]
    assert one[-1] == piped[-1] == "PASS"
    # The table's figures are the points' statistics.
    for line, r in zip((one, piped), rows(os.path.join(out, "results.csv"))):
        assert line[3] == f"{float(r['active_time_ps']) / 1000 / int(r['elements']):.1f}", (line, r)
        assert (line[7], line[8]) == (r["fw_dma_cycles"], r["fw_cpu_cycles"])
    # One element at a time pays the 100 ns memory latency per element; the pipelined DMA keeps
    # several reads in flight and needs a fraction of that.
    assert float(one[3]) > 100 and int(one[6]) == 1
    assert int(piped[6]) > 4 and 3 * float(piped[3]) < float(one[3])


# ---- Dask ----

def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_dask_engine_gives_the_same_csv_as_the_local_pool():
    for tool in ("dask-scheduler", "dask-worker"):
        if not shutil.which(tool):
            raise AssertionError(f"{tool} not found (Debian: python3-distributed; scripts/setup.sh)")
    spec, local = run_l2_local()
    sched_file = os.path.join(WORK, "scheduler.json")
    procs = []
    try:
        port = _free_port()
        procs.append(subprocess.Popen(["dask-scheduler", "--host", "127.0.0.1", "--port", str(port),
                                       "--no-dashboard", "--scheduler-file", sched_file],
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                      cwd=WORK, start_new_session=True))
        for i in range(2):
            procs.append(subprocess.Popen(["dask-worker", f"tcp://127.0.0.1:{port}", "--nthreads", "1",
                                           "--no-nanny", "--no-dashboard", "--name", f"w{i}",
                                           "--local-directory", os.path.join(WORK, f"w{i}")],
                                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                          cwd=WORK, start_new_session=True))
        from distributed import Client
        with Client(f"tcp://127.0.0.1:{port}", timeout="60s") as c:
            c.wait_for_workers(2, timeout=120)
        out = os.path.join(WORK, "dask")
        # The workers see the sweep's points through the scheduler only: outputs come back by value.
        sweep(spec, "--out", out, "--engine", "dask", "--scheduler", f"tcp://127.0.0.1:{port}", check=0)
        assert read(os.path.join(out, "results.csv")) == read(os.path.join(local, "results.csv"))
        for r in rows(os.path.join(out, "results.csv")):
            assert read(os.path.join(out, "points", r["id"], "stats.json")) == \
                read(os.path.join(local, "points", r["id"], "stats.json"))
        workers = {h["worker"] for h in rows(os.path.join(out, "host.csv"))}
        assert len(workers) == 2, workers
        # A second invocation finds everything done.
        rc, _, err = sweep(spec, "--out", out, "--engine", "dask", "--scheduler", f"tcp://127.0.0.1:{port}", check=0)
        assert "12 already done, 0 to run" in err
    finally:
        for p in reversed(procs):
            try:
                os.killpg(p.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
        for p in procs:
            try:
                p.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(p.pid, signal.SIGKILL)
                p.wait()


def test_dask_scheduler_unreachable_is_reported():
    spec = write("x.yaml", "parameters:\n  - workload.spmv.rows: [64]\n")
    rc, _, err = sweep(spec, "--out", os.path.join(WORK, "x"), "--engine", "dask",
                       "--scheduler", f"tcp://127.0.0.1:{_free_port()}", "--connect-timeout", "2", timeout=120)
    assert rc == 3 and "cannot connect to the Dask scheduler" in err, (rc, err)


# ---- Slurm ----

SLURM_CONF = """ClusterName=vpsweeptest
SlurmctldHost={host}(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket={d}/munge.socket
CredType=cred/munge
StateSaveLocation={d}/state
SlurmdSpoolDir={d}/spool
SlurmctldPidFile={d}/slurmctld.pid
SlurmdPidFile={d}/slurmd.pid
SlurmctldPort={ctld_port}
SlurmdPort={d_port}
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MpiDefault=none
ReturnToService=2
SlurmctldLogFile={d}/slurmctld.log
SlurmdLogFile={d}/slurmd.log
NodeName={host} NodeAddr=127.0.0.1 CPUs={cpus} State=UNKNOWN
PartitionName=sweeptest Nodes=ALL Default=YES MaxTime=INFINITE State=UP
"""


class SingleNodeSlurm:
    """munged, slurmctld and slurmd on localhost, everything in a temporary directory."""

    def __init__(self):
        for tool in ("munged", "slurmctld", "slurmd", "sbatch", "squeue"):
            if not shutil.which(tool) and not os.path.exists(f"/usr/sbin/{tool}"):
                raise Skip(f"{tool} not found (Debian: slurm-wlm munge)")
        if os.geteuid() != 0:
            raise Skip("slurmd must run as root to start jobs")
        self.d = tempfile.mkdtemp(prefix="vp_slurm_", dir="/tmp")
        os.chmod(self.d, 0o755)  # munged wants a socket directory others can traverse
        self.pids = []
        self.env = dict(os.environ, SLURM_CONF=os.path.join(self.d, "slurm.conf"))

    def start(self):
        d = self.d
        for sub in ("state", "spool"):
            os.makedirs(os.path.join(d, sub))
        key = os.path.join(d, "munge.key")
        with open(key, "wb") as f:
            f.write(os.urandom(1024))
        os.chmod(key, 0o400)
        sbin = lambda t: shutil.which(t) or f"/usr/sbin/{t}"
        subprocess.run([sbin("munged"), "--force", f"--key-file={key}", f"--socket={d}/munge.socket",
                        f"--pid-file={d}/munged.pid", f"--log-file={d}/munged.log", f"--seed-file={d}/munged.seed"],
                       check=True)
        self.pids.append(f"{d}/munged.pid")
        host = socket.gethostname().split(".")[0]
        with open(os.path.join(d, "slurm.conf"), "w") as f:
            f.write(SLURM_CONF.format(d=d, host=host, ctld_port=_free_port(), d_port=_free_port(),
                                      cpus=os.cpu_count() or 1))
        conf = os.path.join(d, "slurm.conf")
        subprocess.run([sbin("slurmctld"), "-f", conf, "-i"], check=True, env=self.env)
        self.pids.append(f"{d}/slurmctld.pid")
        subprocess.run([sbin("slurmd"), "-f", conf, "-N", host], check=True, env=self.env)
        self.pids.append(f"{d}/slurmd.pid")
        deadline = time.time() + 60
        while time.time() < deadline:
            p = subprocess.run(["sinfo", "-h", "-o", "%T"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, env=self.env)
            if p.returncode == 0 and p.stdout.strip() in ("idle", "mixed", "allocated"):
                return
            time.sleep(0.5)
        raise AssertionError(f"the single-node Slurm did not come up: {self.logs()}")

    def logs(self):
        text = ""
        for name in ("slurmctld.log", "slurmd.log", "munged.log"):
            p = os.path.join(self.d, name)
            if os.path.exists(p):
                text += f"\n--- {name}\n" + "".join(open(p, errors="replace").readlines()[-15:])
        return text

    def stop(self):
        for pidfile in reversed(self.pids):
            try:
                pid = int(open(pidfile).read().split()[0])
                os.kill(pid, signal.SIGTERM)
                for _ in range(100):
                    os.kill(pid, 0)
                    time.sleep(0.1)
                os.kill(pid, signal.SIGKILL)
            except (OSError, ValueError, IndexError):
                pass
        shutil.rmtree(self.d, ignore_errors=True)


def _wait_for(cond, what, timeout=300):
    deadline = time.time() + timeout
    while not cond():
        if time.time() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.1)


def test_slurm_engine_gives_the_same_csv_as_the_local_pool():
    """The 12-point sweep through sbatch on a real single-node Slurm, with a cancelled array and a
    killed sweep on the way: the final CSV equals the local pool's byte for byte."""
    slurm = SingleNodeSlurm()
    try:
        slurm.start()
        spec, local = run_l2_local()
        out = os.path.join(WORK, "slurm")
        points, active = os.path.join(out, "points"), os.path.join(out, "slurm", "active.json")
        done = lambda: [d for d in os.listdir(points) if not d.startswith(".")] if os.path.isdir(points) else []
        cmd = [VP, "sweep", spec, "--out", out, "--engine", "slurm", "--poll", "1", "-j", "2"]
        # 1. The allocation is cancelled after a few points: the rest are recorded as transient failures.
        p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=slurm.env)
        _wait_for(lambda: len(done()) >= 2 and os.path.exists(active), "two points")
        job = json.load(open(active))["jobs"][0]
        subprocess.run(["scancel", job], check=True, env=slurm.env)
        _, err = p.communicate(timeout=300)
        assert p.returncode == 1, (p.returncode, err, slurm.logs())
        table = rows(os.path.join(out, "results.csv"))
        lost = [r for r in table if r["exit_code"] == ""]
        assert lost and len(lost) < 12, table
        assert all(r["error"].startswith(f"slurm: array task ") and f"of job {job} ended without a result"
                   in r["error"] for r in lost), lost
        finished = {r["id"] for r in table if r["exit_code"] == "0"}
        # 2. The next sweep resubmits only those; it is killed (its array is not) after one more point.
        p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=slurm.env)
        _wait_for(lambda: os.path.exists(active) and
                  len([d for d in done() if d not in finished and
                       json.load(open(os.path.join(points, d, "point.json")))["exit_code"] == 0]) >= 1,
                  "a resubmitted point")
        p.kill()
        p.wait()
        # 3. The third waits for the orphaned array and submits only what is still missing.
        rc, _, err = sweep(*cmd[2:], env=slurm.env, timeout=900)
        assert rc == 0, (rc, err, slurm.logs())
        assert "waiting for Slurm job" in err, err
        m = re.search(r"(\d+) already done, (\d+) to run", err)
        assert int(m.group(1)) > len(finished) and int(m.group(1)) + int(m.group(2)) == 12, err
        assert read(os.path.join(out, "results.csv")) == read(os.path.join(local, "results.csv"))
        rc, _, err = sweep(*cmd[2:], env=slurm.env, check=0)
        assert "12 already done, 0 to run" in err and "submitted" not in err
    finally:
        slurm.stop()


if __name__ == "__main__":
    sys.exit(cli_test_runner.run(globals(), "vp_sweep_", skip=Skip))
