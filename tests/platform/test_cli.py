#!/usr/bin/env python3
"""End-to-end tests of the `vp` command line: scenario errors, determinism, trace validity,
quantum independence, parameter listing. Each test is a function; CTest runs one per process:

  test_cli.py --vp build/bin/vp --repo . TEST_NAME
"""
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
import cli_test_runner  # noqa: E402

VP = REPO = None
WORK = None


def vp(*args, check=None, timeout=300):
    p = subprocess.run([VP, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout)
    out, err = p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace")
    if check is not None and p.returncode != check:
        raise AssertionError(f"vp {' '.join(args)}: exit {p.returncode}, expected {check}\n{out}\n{err}")
    return p.returncode, out, err


def scenario(text, name="s.yaml"):
    path = os.path.join(WORK, name)
    with open(path, "w") as f:
        f.write(text)
    return path


def expect_error(yaml_text, pattern, *extra):
    path = scenario(yaml_text)
    rc, out, err = vp("run", path, "--out", os.path.join(WORK, "o"), *extra)
    assert rc == 2, f"exit {rc}, expected 2; stderr: {err}"
    lines = [l for l in err.splitlines() if l.strip()]
    assert len(lines) == 1, f"expected one line of error, got: {err!r}"
    assert re.search(pattern, lines[0]), f"error {lines[0]!r} does not match /{pattern}/"


# ---- scenario errors: one test per class, each one line naming file, key path and reason ----

def test_error_unknown_key():
    expect_error("platform:\n  ram:\n    szie: 1GiB\n", r"s\.yaml:3: platform\.ram\.szie: unknown key 'szie' \(did you mean 'size'\?\)")

def test_error_wrong_type():
    expect_error("platform:\n  bus:\n    clock: fast\n", r"s\.yaml:3: platform\.bus\.clock: expected a frequency")

def test_error_out_of_range():
    expect_error("platform:\n  bus:\n    width: 0B\n", r"s\.yaml:3: platform\.bus\.width: value '0B' out of range")

def test_error_overlapping_ranges():
    expect_error("platform:\n  uart:\n    base: 0x0200_0000\n",
                 r"s\.yaml:3: platform\.uart\.base: uart \[0x2000000, 0x2000008\) overlaps clint \[0x2000000, 0x2010000\)")

def test_error_dma_burst_not_multiple_of_width():
    expect_error("platform:\n  dma:\n    width: 16\n    burst: 72\n",
                 r"s\.yaml:4: platform\.dma\.burst: must be a multiple of (platform\.dma\.)?width")

def test_error_dma_irq_beyond_plic():
    expect_error("platform:\n  dma:\n    irq: 100\n", r"s\.yaml:3: platform\.dma\.irq: no such PLIC source")

def test_error_missing_file():
    expect_error("load:\n  - elf: nowhere/fw.elf\n", r"s\.yaml:2: load\.0\.elf: file not found: '.*nowhere/fw\.elf'")

def test_error_yaml_syntax():
    expect_error("platform:\n  ram: [1,\n", r"s\.yaml:\d+: YAML syntax error")

def test_error_set_unknown_key():
    expect_error("name: x\n", r"--set platform\.bogus: unknown key 'platform\.bogus'", "--set", "platform.bogus=1")

def test_error_set_bad_value():
    expect_error("name: x\n", r"--set platform\.quantum: expected a time", "--set", "platform.quantum=soon")

def test_error_bad_elf():
    bad = scenario("not an elf", "bad.elf")
    expect_error(f"load:\n  - elf: {bad}\n", r"load\.0\.elf: .*")

def test_error_missing_scenario_file():
    rc, out, err = vp("run", os.path.join(WORK, "missing.yaml"))
    assert rc == 2 and "cannot open scenario file" in err, err

def test_error_keeps_previous_outputs():
    """A broken scenario must not destroy the outputs of an earlier run in the same directory."""
    out = os.path.join(WORK, "keep")
    vp("run", "hello", "--quiet", "--out", out, check=0)
    before = open(os.path.join(out, "stats.json")).read()
    rc, _, _ = vp("run", scenario("platform:\n  bus:\n    clock: 0Hz\n"), "--out", out)
    assert rc == 2
    assert open(os.path.join(out, "stats.json")).read() == before


# ---- runs ----

def run_default(out, *extra):
    vp("run", "--quiet", "--out", out, *extra, check=0)
    return json.load(open(os.path.join(out, "stats.json")))


def test_default_scenario_runs_and_checks_result():
    rc, out, err = vp("run", "--out", os.path.join(WORK, "d"), check=0)
    assert "spmv: PASS" in out, out
    assert "result check passed" in err, err
    stats = json.load(open(os.path.join(WORK, "d", "stats.json")))
    assert stats["schema"] == "vp-stats" and stats["schema_version"] == 1
    assert stats["run"]["exit_code"] == 0
    assert stats["components"]["cpu0"]["counters"]["instret"] > 10000


def test_stats_schema():
    stats = run_default(os.path.join(WORK, "s"))
    assert set(stats) == {"schema", "schema_version", "scenario", "run", "components", "energy"}
    assert set(stats["run"]) == {"sim_time_ps", "exit_code", "stop_reason"}
    for name, group in stats["components"].items():
        assert set(group) == {"counters", "histograms", "derived"}, name
        for c in group["counters"].values():
            assert isinstance(c, int) and c >= 0
        for h in group["histograms"].values():
            assert set(h) == {"count", "sum", "min", "max", "mean", "buckets"}
            assert sum(b["count"] for b in h["buckets"]) == h["count"]
    # vp describe --stats documents every statistic of the run? (names are stable: spot-check)
    assert "transactions" in stats["components"]["bus"]["counters"]
    assert "ipc" in stats["components"]["cpu0"]["derived"]


def test_same_scenario_gives_identical_stats_and_traces():
    a, b = os.path.join(WORK, "a"), os.path.join(WORK, "b")
    for out in (a, b):
        vp("run", "spmv_timed", "--quiet", "--out", out, check=0)
    for f in ("stats.json", "trace.json", "trace.csv"):
        assert open(os.path.join(a, f), "rb").read() == open(os.path.join(b, f), "rb").read(), f


def test_trace_is_valid_json_with_one_event_per_counted_transaction():
    out = os.path.join(WORK, "t")
    vp("run", "spmv_timed", "--quiet", "--out", out, check=0)
    trace = json.load(open(os.path.join(out, "trace.json")))
    stats = json.load(open(os.path.join(out, "stats.json")))
    names = {e["pid"]: e["args"]["name"] for e in trace["traceEvents"] if e.get("name") == "process_name"}
    per_component = {}
    for e in trace["traceEvents"]:
        if e["ph"] == "X" and e.get("cat") == "txn":
            per_component[names[e["pid"]]] = per_component.get(names[e["pid"]], 0) + 1
    counted = {n: g["counters"]["transactions"] for n, g in stats["components"].items() if "transactions" in g["counters"]}
    counted = {n: c for n, c in counted.items() if c}
    assert per_component == counted, (per_component, counted)
    assert counted["bus"] > 1000
    # Flows link bus transactions (parents) to memory transactions (children).
    flows = sum(1 for e in trace["traceEvents"] if e["ph"] == "f")
    children = sum(c for n, c in counted.items() if n != "bus")
    assert flows == children, (flows, children)
    # The CSV has the same rows.
    rows = open(os.path.join(out, "trace.csv")).read().splitlines()[1:]
    assert len([r for r in rows if ",REGION," not in r and ",MARK," not in r]) == sum(counted.values())


def test_single_initiator_results_do_not_change_with_the_quantum():
    results = []
    for q in ("100ns", "10us", "1ms"):
        out = os.path.join(WORK, "q" + q)
        vp("run", "spmv_timed", "--quiet", "--out", out, "--set", f"platform.quantum={q}",
           "--set", "trace.enabled=false", check=0)
        s = json.load(open(os.path.join(out, "stats.json")))
        results.append((s["run"]["sim_time_ps"], s["components"]))
    assert results[0] == results[1] == results[2]


def test_ddr_stream_reaches_peak_bandwidth():
    out = os.path.join(WORK, "ddr")
    vp("run", "ddr_stream", "--quiet", "--out", out, check=0)
    s = json.load(open(os.path.join(out, "stats.json")))
    bw = s["components"]["stream"]["derived"]["bandwidth"]
    assert abs(bw - 12.8e9) / 12.8e9 < 0.05, bw


def test_set_override_changes_the_run():
    s = run_default(os.path.join(WORK, "o1"), "--set", "workload.spmv.rows=64")
    t = run_default(os.path.join(WORK, "o2"))
    assert s["components"]["cpu0"]["counters"]["instret"] < t["components"]["cpu0"]["counters"]["instret"]


def test_wrong_result_fails_the_run():
    """The VP checks the firmware's result: hello.elf under the spmv scenario leaves y unwritten."""
    s = scenario("load:\n  - elf: ${firmware}/hello.elf\nworkload:\n  kind: spmv\n")
    rc, out, err = vp("run", s, "--out", os.path.join(WORK, "w"))
    assert rc == 5 and "result check FAILED" in err, (rc, err)


def test_elf_runs_on_a_scenario_whose_own_firmware_is_missing():
    s = scenario("load:\n  - elf: not/built/yet.elf\n")
    rc, out, err = vp("run", s, "--quiet", "--out", os.path.join(WORK, "e"),
                      "--elf", os.path.join(os.environ.get("VP_FIRMWARE_DIR", ""), "hello.elf"))
    assert rc == 0 and "hello: printf via semihosting" in out, (rc, out, err)
    rc, out, err = vp("run", s, "--quiet", "--out", os.path.join(WORK, "e2"))
    assert rc == 2 and "file not found" in err, (rc, err)


def test_limits_stop_a_run():
    rc, out, err = vp("run", "--out", os.path.join(WORK, "l"), "--set", "limits.max_sim_time=100us")
    assert rc == 3 and "simulated time limit" in err, (rc, err)


def test_energy_ledger_in_stats_matches_the_dram_counters():
    """spmv_timed: DMI off, so every access reaches the DDR model (DMI accesses carry no energy)."""
    out = os.path.join(WORK, "en")
    vp("run", "spmv_timed", "--quiet", "--out", out, "--set", "trace.enabled=false", check=0)
    s = json.load(open(os.path.join(out, "stats.json")))
    e = s["energy"]
    ddr = e["components"]["ram.ddr"]["events"]
    assert ddr["activate"]["count"] == s["components"]["ram.ddr"]["counters"]["activates"]
    assert ddr["read_burst"]["count"] + ddr["write_burst"]["count"] == s["components"]["ram.ddr"]["counters"]["bursts"]
    total = sum(ev["pj"] for c in e["components"].values() for ev in c["events"].values())
    assert abs(total - e["total_pj"]) <= 1e-9 * total
    assert e["regions"]["spmv"]["count"] == 1 and 0 < e["regions"]["spmv"]["total_pj"] < e["total_pj"]


def test_hmc_spmv_processor_and_memory_side_variants_pass_the_check():
    """The three HMC scenarios (docs/hmc.md) at SCALE 8: result checked bit for bit by the VP."""
    stats, nnz = {}, {}
    for v in ("cpu", "gather", "gather_host"):
        out = os.path.join(WORK, "hmc_" + v)
        rc, o, err = vp("run", "hmc_spmv_" + v, "--quiet", "--out", out, "--set", "workload.spmv.kronecker_scale=8")
        assert rc == 0 and "PASS" in o, (v, rc, o, err)
        stats[v] = json.load(open(os.path.join(out, "stats.json")))
        nnz[v] = int(re.search(r"nnz=(\d+)", o).group(1))
    assert stats["cpu"]["components"]["hmc_ctrl"]["counters"]["commands"] == 0  # never uses the engine
    for v in ("gather", "gather_host"):
        c = stats[v]["components"]["hmc_ctrl"]["counters"]
        assert c["command_errors"] == 0 and c["gathers"] == c["commands"] > 0, c
        assert c["elements"] == nnz[v] == nnz["cpu"], (c, nnz)  # x gathered once per nonzero, in the cube
        # The firmware sleeps in WFI until the completion interrupt: one PLIC claim per command.
        assert stats[v]["components"]["plic"]["counters"]["claims"] == c["commands"], stats[v]["components"]["plic"]
        assert stats[v]["energy"]["regions"]["spmv"]["components"]["ram.hmc"] > 0


def test_hmc_gather_results_do_not_change_with_the_quantum():
    """Single initiator + the gather engine (commands timed at the doorbell, completion event)."""
    results = []
    for q in ("100ns", "10us", "1ms"):
        out = os.path.join(WORK, "hq" + q)
        vp("run", "hmc_spmv_gather_host", "--quiet", "--out", out, "--set", "platform.quantum=" + q,
           "--set", "workload.spmv.kronecker_scale=6", check=0)
        s = json.load(open(os.path.join(out, "stats.json")))
        results.append((s["run"]["sim_time_ps"], s["components"], s["energy"]))
    assert results[0] == results[1] == results[2]


def test_spmv_model_replays_kronecker_spmv_through_the_cache_core():
    """tools/spmv_model: Tanabe et al.'s model inputs from a CacheArray replay (docs/hmc.md)."""
    exe = os.path.join(os.path.dirname(VP), "spmv_model")
    p = subprocess.run([exe, "--scale-from", "8", "--scale-to", "9", "--l2", "16384", "--l2-ways", "4"],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    lines = p.stdout.strip().splitlines()
    head = lines[0].split(",")
    rows = [dict(zip(head, l.split(","))) for l in lines[1:]]
    assert [r["scale"] for r in rows] == ["8", "9"]
    for r in rows:
        l1, l12, hx, S = (float(r[k]) for k in ("l1_hit", "l12_hit", "hit_x", "S"))
        assert 0 <= l1 <= l12 <= 1 and 0 <= hx <= 1 and 1 <= S <= 32, r
        b = 2 + 4 / 2 + (1 - hx) * 128 / S  # eq. 1
        assert abs(float(r["bflop_cache"]) - b) < 0.01, r
        assert abs(float(r["E_ratio_eq12"]) - 35 * (1 - l12)) < 0.01, r
    # The same matrices as the spmv workload builds (hmc_spmv_* at SCALE 8 and 9 report these nnz).
    assert [r["nnz"] for r in rows] == ["4192", "9472"], rows
    bad = subprocess.run([exe, "--l2", "12288", "--l2-ways", "4"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert bad.returncode == 2 and "power of two" in bad.stderr, (bad.returncode, bad.stderr)


# ---- discovery ----

def test_dry_run_prints_the_configuration_a_run_uses_and_its_input_files():
    """vp run --dry-run (what vp sweep identifies a point by): the config.json the run writes, and
    every file the configuration loads; nothing runs, nothing is written."""
    out = os.path.join(WORK, "dry")
    rc, text, err = vp("run", "--dry-run", "--out", out, "--set", "platform.caches.l2.size=64KiB", check=0)
    assert not os.path.exists(out) and err == ""
    d = json.loads(text)
    vp("run", "--quiet", "--out", out, "--set", "platform.caches.l2.size=64KiB", check=0)
    assert d["config"] == json.load(open(os.path.join(out, "config.json")))
    assert d["config"]["platform"]["caches"]["l2"]["size"] == 65536
    assert d["inputs"] == {"load.0.elf": os.path.join(os.environ["VP_FIRMWARE_DIR"], "spmv.elf")}
    # Every Path parameter is an input: a second load entry and the UART's input file.
    data = scenario("abc", "in.txt")
    s = scenario(f"load:\n  - elf: ${{firmware}}/hello.elf\n  - binary: {data}\n    at: 0x80100000\n"
                 f"platform:\n  uart:\n    input_file: {data}\n")
    d = json.loads(vp("run", s, "--dry-run", check=0)[1])
    assert d["inputs"] == {"load.0.elf": os.path.join(os.environ["VP_FIRMWARE_DIR"], "hello.elf"),
                           "load.1.binary": data, "platform.uart.input_file": data}, d["inputs"]
    rc, text, err = vp("run", "--dry-run", "--set", "platform.caches.l2.policy=bogus")
    assert rc == 2 and text == "" and err.startswith("vp: error: --set platform.caches.l2.policy:"), (rc, err)


MEMORY_CLAIMS = {  # what a description may say about the memory, by platform.ram.timing
    "ddr": re.compile(r"\bDDR\d?\b"),
    "hmc": re.compile(r"Hybrid Memory Cube|\bHMC\b"),
    "fixed": re.compile(r"fixed-latency", re.I),
}


def test_shipped_scenarios_describe_the_memory_they_resolve_to():
    """Issue #32 item 19d: lapp_kernels.yaml said DDR3 and ran on the fixed-latency memory. Every shipped
    scenario whose description names a memory type must resolve (vp run --dry-run) to one it names."""
    checked = 0
    for name in sorted(os.listdir(os.path.join(REPO, "scenarios"))):
        if not name.endswith(".yaml"):
            continue
        path = os.path.join(REPO, "scenarios", name)
        d = json.loads(vp("run", path, "--dry-run", check=0)[1])["config"]
        timing, text = d["platform"]["ram"]["timing"], d.get("description") or ""
        claimed = [t for t, pattern in MEMORY_CLAIMS.items() if pattern.search(text)]
        assert not claimed or timing in claimed, f"{name}: the description names {claimed} memory, it resolves to {timing}"
        checked += bool(claimed)
    assert checked >= 10, checked


def test_ram_that_misses_the_boot_info_block_or_the_stack_is_a_setup_error():
    """Issue #32 item 20a: gcn_tiny with 64 MiB of RAM warned "no boot-info block" and spun until the
    host-time limit (the firmware's stack and the block at 0x87FFF000 lie outside that RAM). Now: exit 2
    at set-up, one line naming platform.ram.size, before anything runs."""
    # 64 MiB: the stack (and the block) outside RAM. 0x7FFF200 bytes: the stack inside, the block's end
    # outside -- a firmware that needs no data (hello) runs with a warning, gcn_tiny cannot.
    cases = (("gcn_tiny.yaml", "64MiB", "stack of .*gcn.elf ends at 0x87fff000"),
             ("hello.yaml", "64MiB", "stack of .*hello.elf ends at 0x87fff000"),
             ("gcn_tiny.yaml", str(0x7FFF200), r"boot-info block \[0x87fff000, .*workload's data"))
    for scen, size, pattern in cases:
        out = os.path.join(WORK, "small_ram")
        rc, text, err = vp("run", os.path.join(REPO, "scenarios", scen), "--out", out, "--set",
                           f"platform.ram.size={size}", "--set", "limits.max_host_seconds=20", timeout=60)
        lines = [l for l in err.splitlines() if l.strip()]
        assert rc == 2, f"{scen} with {size}: exit {rc}, expected 2\n{err}"
        assert len(lines) == 1 and "platform.ram.size" in lines[0] and re.search(pattern, lines[0]), (scen, err)
        assert not os.path.exists(out), f"{scen}: a set-up error wrote {os.listdir(out)}"
    rc, text, err = vp("run", "--quiet", os.path.join(REPO, "scenarios", "hello.yaml"), "--out",
                       os.path.join(WORK, "ram_block_out"), "--set", f"platform.ram.size={0x7FFF200}", check=0)
    assert "no boot-info block" in err, err
    # The firmware side: gcn.elf finding no block (a page of zeros at VP_BOOTINFO_ADDR) or no data in it
    # exits 2 at once instead of waiting for data.
    zeros = scenario("\0" * 4096, "zeros.bin")
    for extra in (f"  - binary: {zeros}\n    at: 0x87fff000\n", ""):
        s = scenario("load:\n  - elf: ${firmware}/gcn.elf\n" + extra + "limits:\n  max_host_seconds: 20\n")
        rc, text, err = vp("run", s, "--out", os.path.join(WORK, "gcn_no_data"), timeout=60)
        assert rc == 2 and "gcn: ERROR:" in text + err and "exited with code 2" in text + err, (rc, text, err)


def test_describe_lists_every_parameter():
    rc, out, err = vp("describe", check=0)
    for key in ("platform.quantum", "platform.ram.ddr.tRCD", "platform.cpu.timing.div", "trace.formats",
                "limits.max_host_seconds", "platform.uart.base", "traffic[].window"):
        assert key in out, key
    assert re.search(r"platform\.bus\.clock  frequency  default 1GHz  \[Hz\]", out)


def test_parameters_doc_is_current():
    rc, out, err = vp("describe", "--markdown", check=0)
    doc = open(os.path.join(REPO, "docs", "parameters.md")).read()
    assert out in doc, "docs/parameters.md is stale: regenerate it with tools/gen_docs.sh"


def test_list_shows_shipped_scenarios():
    rc, out, err = vp("list", check=0)
    names = [l.split()[0] for l in out.splitlines() if l.strip()]
    assert "default" in names and "ddr_stream" in names, out
    assert "invalid" not in out, out


# ---- caches (models/cache) -------------------------------------------------------------------

def counters(stats, comp):
    return stats["components"][comp]["counters"]


def test_cache_counts_are_consistent_through_the_hierarchy():
    out = os.path.join(WORK, "c")
    vp("run", "--quiet", "--out", out, check=0)  # the default scenario has L1I, L1D and L2
    st = json.load(open(os.path.join(out, "stats.json")))
    l1i, l1d, l2 = counters(st, "l1i"), counters(st, "l1d"), counters(st, "l2")
    for c in (l1i, l1d, l2):
        assert c["hits"] + c["misses"] == c["accesses"] > 0, c
    # Every L1 miss and every L1 write-back is one transaction the L2 serves, nothing else is.
    assert l2["accesses"] == l1i["misses"] + l1d["misses"] + l1d["writebacks"], (l1i, l1d, l2)
    assert counters(st, "ram")["reads"] == l2["misses"], (l2, counters(st, "ram"))
    cpu = counters(st, "cpu0")
    assert cpu["instret"] > 0 and cpu["bus_accesses"] < l1d["accesses"] / 10, cpu  # hits take the fast path


def test_cache_maintenance_from_firmware():
    out = os.path.join(WORK, "m")
    rc, o, err = vp("run", "cache_ops", "--out", out, check=0)
    assert "cache_ops: done" in o and "policy select PB -> 6" in o, o
    st = json.load(open(os.path.join(out, "stats.json")))
    l1d = counters(st, "l1d")
    assert l1d["writebacks"] >= 9, l1d      # 8 cleaned lines + 1 flushed line
    assert l1d["dirty_discards"] == 1, l1d  # cbo.inval of a dirty line ...
    assert "stale-data hazard" in err and "dropped dirty line" in err, err  # ... is reported


def test_isa_suite_passes_with_caches():
    # The cache model runs inside the ISS's load/store path: it must not disturb architectural state
    # (e.g. the host FP flags that stand for the guest's fflags).
    caches = [a for k in ("l1i", "l1d", "l2") for a in ("--set", f"platform.caches.{k}.enabled=true")]
    rc, o, err = vp("run", "isa_suite", "--out", os.path.join(WORK, "i"), *caches, check=0)
    assert "FAIL" not in o and o.count("PASS") >= 22, o
    st = json.load(open(os.path.join(WORK, "i", "stats.json")))
    assert counters(st, "l1d")["misses"] > 0 and counters(st, "l2")["accesses"] > 0


def test_access_log_records_every_l1_access():
    out = os.path.join(WORK, "r")
    vp("run", "--quiet", "--out", out, "--set", "platform.cpu.record_accesses=true", check=0)
    st = json.load(open(os.path.join(out, "stats.json")))
    data = open(os.path.join(out, "accesses.vplog"), "rb").read()
    assert data[:8] == b"VPACCLOG"
    hlen = int.from_bytes(data[12:16], "little")
    header = json.loads(data[16:16 + hlen])
    body = data[16 + hlen + sum(b["size"] for b in header["blobs"]):]
    assert len(body) % 8 == 0
    kinds = [body[i + 4] for i in range(0, len(body), 8)]
    assert kinds.count(0) + kinds.count(1) == counters(st, "l1d")["accesses"]
    assert kinds.count(2) == counters(st, "l1i")["accesses"]


def test_semihosting_files_stay_in_the_sandbox():
    """semihost_sandbox.elf tries to read /etc/passwd, create, append, remove and rename outside the
    run's output directory (issue #17): all refused with a warning; its own file lands inside.
    semihosting_dir moves the sandbox, semihosting_files=false turns file access off."""
    elf = os.path.join(os.environ.get("VP_FIRMWARE_DIR", ""), "semihost_sandbox.elf")
    top = os.path.join(WORK, "sh")
    out = os.path.join(top, "out")
    os.makedirs(top)
    with open(os.path.join(top, "semihost_victim.txt"), "w") as f:
        f.write("victim")
    expected = {"semihost_victim.txt", "out"}  # what the directory around the sandbox may hold

    def outside_untouched():
        assert set(os.listdir(top)) == expected, os.listdir(top)
        assert open(os.path.join(top, "semihost_victim.txt")).read() == "victim"

    rc, o, err = vp("run", "--quiet", "--out", out, "--elf", elf)
    assert rc == 0 and "semihost_sandbox: inside ok" in o and "0 escapes" in o, (rc, o, err)
    assert open(os.path.join(out, "sandbox_kept.txt")).read() == "inside the sandbox\n"
    assert "semihosting: open '/etc/passwd' refused: absolute path" in err, err
    assert "semihosting: remove '../semihost_victim.txt' refused" in err, err
    outside_untouched()

    files = os.path.join(top, "files")
    os.makedirs(files)  # (a path parameter must exist)
    rc, o, err = vp("run", "--quiet", "--out", out, "--elf", elf, "--set", f"platform.cpu.semihosting_dir={files}")
    assert rc == 0 and "inside ok" in o, (rc, o, err)
    assert os.path.exists(os.path.join(files, "sandbox_kept.txt"))
    expected.add("files")
    outside_untouched()

    # (the run with semihosting_dir published a new `out` without the first run's sandbox_kept.txt)
    rc, o, err = vp("run", "--quiet", "--out", out, "--elf", elf, "--set", "platform.cpu.semihosting_files=false")
    assert rc == 0 and "semihost_sandbox: inside refused" in o and "0 escapes" in o, (rc, o, err)
    assert "semihosting file access is off" in err, err
    assert not os.path.exists(os.path.join(out, "sandbox_kept.txt"))
    outside_untouched()


BIG_DATA = ("load:\n  - elf: ${firmware}/spmv.elf\n"
            "workload:\n  kind: spmv\n  spmv: {rows: 64, cols: 30000000, nnz_per_row: 4}\n")  # x: 114 MiB


def test_a_data_set_larger_than_the_loader_area_goes_above_the_first_128_mib():
    """114 MiB of x do not fit between the firmware and its stack below the boot-info page: with RAM
    that reaches far enough they go above the first 128 MiB and the run's result is checked."""
    rc, out, err = vp("run", scenario(BIG_DATA), "--out", os.path.join(WORK, "big"),
                      "--set", "platform.ram.size=512MiB")
    assert rc == 0, f"exit {rc}; stderr: {err}"
    assert "result check passed" in out + err, out + err


def test_a_data_set_larger_than_the_loader_area_and_the_ram_is_an_error_naming_its_size():
    expect_error(BIG_DATA, r"platform\.ram\.size: the data set needs 114 MiB: more than the loader area .* "
                 r"with RAM reaching 0x8f27")


if __name__ == "__main__":
    sys.exit(cli_test_runner.run(globals(), "vp_cli_"))
