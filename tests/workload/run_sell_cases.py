#!/usr/bin/env python3
"""SELL SpMV cases end to end through `vp run` (scenarios/sell_fpga.yaml, small matrices): every case
the platform can run is checked bit for bit by the VP's `sell` workload; one test per function.

  run_sell_cases.py --vp build/bin/vp --repo . TEST_NAME
"""
import csv
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
import cli_test_runner  # noqa: E402

VP = REPO = WORK = None
CPU_CASES = "[csr, csr_cdma, sell]"
ACC_CASES = "[acc_dma, acc_cdma, acc_overlap]"
SKIP = 77  # CTest SKIP_RETURN_CODE


def has_accelerator():
    """The VP build has the vector accelerator (docs/vector.md) when it declares platform.vec."""
    return "platform.vec.enabled" in vp("describe")[1]


def need_accelerator():
    if not has_accelerator():
        print("SKIP: this VP build has no vector accelerator (platform.vec)")
        sys.exit(SKIP)


def vp(*args, timeout=300):
    p = subprocess.run([VP, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout, text=True)
    return p.returncode, p.stdout, p.stderr


def run_sell(name, *sets):
    args = ["run", os.path.join(REPO, "scenarios", "sell_fpga.yaml"), "--quiet", "--out", os.path.join(WORK, name)]
    for s in sets:
        args += ["--set", s]
    return vp(*args)


def stop_reason(name):
    with open(os.path.join(WORK, name, "stats.json")) as f:
        return json.load(f)["run"]["stop_reason"]


def passed(name, rc, out, err, cases):
    assert rc == 0, f"exit {rc}\n{out}\n{err}"
    why = stop_reason(name)
    assert "result check passed: y of " + ", ".join(cases) + " matches the host reference bit for bit" in why, why


def test_cpu_cases_random_matrix_plain_sell():
    rc, out, err = run_sell("plain", "workload.sell.matrix=null", "workload.sell.rows=700",
                            "workload.sell.nnz_per_row=9", "workload.sell.C=32", "workload.sell.cases=" + CPU_CASES)
    passed("plain", rc, out, err, ["csr", "csr_cdma", "sell"])


def test_cpu_cases_random_matrix_sorted_sell():
    """sigma > 1: the SELL case accumulates in sorted order and scatters through the permutation."""
    rc, out, err = run_sell("sorted", "workload.sell.matrix=null", "workload.sell.rows=700", "workload.sell.seed=5",
                            "workload.sell.C=32", "workload.sell.sigma=96", "workload.sell.x=random",
                            "workload.sell.cases=" + CPU_CASES)
    passed("sorted", rc, out, err, ["csr", "csr_cdma", "sell"])


def test_cpu_cases_standin_shyy41():
    rc, out, err = run_sell("shyy41", "workload.sell.matrix=null", "workload.sell.standin=shyy41",
                            "workload.sell.cases=" + CPU_CASES)
    passed("shyy41", rc, out, err, ["csr", "csr_cdma", "sell"])


def test_accelerator_cases_random_matrix_plain_sell():
    """acc_dma, acc_cdma, acc_overlap: several chunks (C = 32), blocks split along j, copy-out by DMA."""
    need_accelerator()
    rc, out, err = run_sell("acc_plain", "workload.sell.matrix=null", "workload.sell.rows=300",
                            "workload.sell.nnz_per_row=40", "workload.sell.C=32", "workload.sell.cases=" + ACC_CASES)
    passed("acc_plain", rc, out, err, ["acc_dma", "acc_cdma", "acc_overlap"])


def test_accelerator_cases_sorted_sell_partial_chunk():
    """sigma > 1 (copy-out through the permutation by the CPU), a partial last chunk (300 rows at
    C = 256), short rows of 1..3 entries, a random x."""
    need_accelerator()
    rc, out, err = run_sell("acc_sorted", "workload.sell.matrix=null", "workload.sell.rows=300",
                            "workload.sell.nnz_per_row=2", "workload.sell.sigma=300", "workload.sell.x=random",
                            "workload.sell.cases=" + ACC_CASES)
    passed("acc_sorted", rc, out, err, ["acc_dma", "acc_cdma", "acc_overlap"])


def stats_of(name):
    with open(os.path.join(WORK, name, "stats.json")) as f:
        return json.load(f)["components"]


def descriptor_intervals(name):
    """{engine: [(start, end) ps of each descriptor it ran]} from the run's CSV trace (docs/dma.md, Trace)."""
    spans = {"dma": [], "cdma": []}
    with open(os.path.join(WORK, name, "trace.csv")) as f:
        for r in csv.DictReader(f):
            if r["parent"] == "0" and r["component"] in spans and r["initiator"] == r["component"]:
                spans[r["component"]].append((int(r["start_ps"]), int(r["end_ps"])))
    return spans


def overlap_ps(a, b):
    """Time during which an interval of a and an interval of b both run (each list: one engine's
    descriptors, which an engine runs one at a time)."""
    return sum(max(0, min(e1, e2) - max(s1, s2)) for s1, e1 in a for s2, e2 in b)


def test_two_dmas_overlapped_case_runs_both_engines_at_once():
    """sell_fpga has the paper's two engines: acc_overlap gathers x on the cascaded DMA (cdma) while the
    normal DMA (dma) copies the values and the sums. Every gather is on cdma and every copy on dma, and
    the two engines' descriptors run at the same time (from the trace: most of the copy time lies
    inside gathers), where acc_cdma runs them strictly one after the other (no common time)."""
    need_accelerator()
    sets = ["workload.sell.matrix=null", "workload.sell.rows=300", "workload.sell.nnz_per_row=40",
            "workload.sell.C=32", "trace.enabled=true", "trace.formats=[csv]", "trace.components=[dma, cdma]"]
    for case in ("acc_overlap", "acc_cdma"):
        name = "two_" + case
        rc, out, err = run_sell(name, *sets, "workload.sell.cases=[%s]" % case)
        passed(name, rc, out, err, [case])
        assert "one engine for both roles" not in out, out
        s = stats_of(name)
        padded = int(out.split("padded=")[1].split()[0])
        rows = int(out.split("rows=")[1].split()[0])
        gathered = (s["cdma"]["counters"]["elements"], s["dma"]["counters"]["elements"])
        assert gathered == (padded, 0), (gathered, padded)
        # The normal DMA read every value once and every sum once (C = 32 keeps rows in order: DMA copy-out).
        assert s["dma"]["counters"]["bytes_read"] == 4 * padded + 4 * rows, s["dma"]["counters"]
        spans = descriptor_intervals(name)
        assert spans["dma"] and spans["cdma"], spans
        both = overlap_ps(spans["dma"], spans["cdma"])
        copying = sum(e - b for b, e in spans["dma"])
        if case == "acc_overlap":
            assert both > copying // 2, (both, copying)
        else:
            assert both == 0, (both, copying)


def test_one_dma_instance_plays_both_roles():
    """With the second mSGDMA disabled the firmware uses the first for the copies and the gathers (one
    after the other) and every case that needs a DMA still runs and is checked."""
    need_accelerator()
    rc, out, err = run_sell("one_dma", "workload.sell.matrix=null", "workload.sell.rows=300",
                            "workload.sell.nnz_per_row=40", "workload.sell.C=32", "platform.dma.1.enabled=false",
                            "workload.sell.cases=[csr_cdma, acc_dma, acc_cdma, acc_overlap]")
    passed("one_dma", rc, out, err, ["csr_cdma", "acc_dma", "acc_cdma", "acc_overlap"])
    assert "one engine for both roles" in out, out
    s = stats_of("one_dma")
    assert "cdma" not in s, sorted(s)
    padded = int(out.split("padded=")[1].split()[0])
    nnz = int(out.split("nnz=")[1].split()[0])
    # csr_cdma gathers every nonzero's x, acc_cdma and acc_overlap every stored element's: all on dma.
    assert s["dma"]["counters"]["elements"] == nnz + 2 * padded, s["dma"]["counters"]


def test_cases_needing_a_dma_are_skipped_without_one():
    """Without any mSGDMA, csr_cdma is skipped (not hung on a missing device) and the check fails (exit 5)."""
    rc, out, err = run_sell("no_dma", "workload.sell.matrix=null", "workload.sell.rows=64",
                            "platform.dma.0.enabled=false", "platform.dma.1.enabled=false",
                            "workload.sell.cases=[csr, csr_cdma]")
    assert rc == 5 and "case csr_cdma was requested but the firmware did not run it" in stop_reason("no_dma"), (rc, err)
    assert "csr_cdma skipped (no mSGDMA on this platform)" in out, out


def test_accelerator_fed_by_the_hmc_gather():
    """acc_hmc (the cube packs x, the DMA streams it) beside acc_overlap on a small Kronecker matrix."""
    need_accelerator()
    args = ["run", os.path.join(REPO, "scenarios", "sell_hmc.yaml"), "--quiet", "--out", os.path.join(WORK, "hmc"),
            "--set", "workload.sell.kronecker_scale=8", "--set", "workload.sell.sigma=256",
            "--set", "workload.sell.cases=[acc_overlap, acc_hmc]", "--set", "platform.ram.size=128MiB",
            "--set", "workload.base=0"]
    rc, out, err = vp(*args)
    passed("hmc", rc, out, err, ["acc_overlap", "acc_hmc"])
    stats = json.load(open(os.path.join(WORK, "hmc", "stats.json")))["components"]
    g = stats["hmc_ctrl"]["counters"]
    assert g["command_errors"] == 0 and g["gathers"] > 0, g
    # Every stored SELL element is gathered once by the cube (acc_hmc) and once by the DMA (acc_overlap);
    # the cube also scatters every row's sum through the permutation (one command per chunk).
    padded = int(out.split("padded=")[1].split()[0])
    rows = int(out.split("rows=")[1].split()[0])
    assert g["elements"] == padded + rows and stats["dma"]["counters"]["elements"] == padded, (g, padded)
    assert g["scatters"] == int(out.split("chunks=")[1].split()[0]), g
    # The coalescing unit (the scenario's): each gathered element is a buffer hit, merged into another
    # read of its block, or the one read of its block.
    assert g["merged_reads"] + g["buffer_hits"] + g["element_reads"] == padded, g


def test_hmc_gather_units_and_experiment_smoke():
    """tools/sell/hmc_experiment.py at SCALE 10 (both paths, bit-exact, the model's columns), and the
    in-order gather unit on the same matrix: the same y bit for bit, slower than the coalescing one."""
    need_accelerator()
    out_dir = os.path.join(WORK, "exp")
    p = subprocess.run([sys.executable, os.path.join(REPO, "tools", "sell", "hmc_experiment.py"), "--vp", VP,
                        "--out", out_dir, "--scales", "10", "--cases", "acc_overlap", "acc_hmc", "--jobs", "1"],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=300)
    assert p.returncode == 0, p.stdout + p.stderr
    with open(os.path.join(out_dir, "hmc.csv")) as f:
        row = list(csv.DictReader(f))[0]
    assert row["scale"] == "10" and row["mem_engine"] == "coalescing", row
    for k in ("ratio_mem_vs_host", "energy_ratio_host_vs_mem", "host_hit_x", "host_S", "model_F_ratio",
              "model_E_ratio_eq12", "model_W_GBps"):
        assert float(row[k]) > 0, (k, row)
    assert abs(float(row["model_W_GBps"]) - 4 * 30 * 8 / 9) < 0.01, row  # four links of 16 x 15 Gb/s, RD128
    assert float(row["ratio_mem_vs_host"]) > 1, row
    # "B/FLOP measured (link)" is the case region's link bytes per FLOP, not the whole run's (set-up and
    # the check read the matrix through the links too).
    region, whole = float(row["host_link_bytes_region"]), float(row["host_link_bytes_to_host"])
    assert 0 < region < whole, row
    assert abs(float(row["host_bflop_measured"]) - region / (2 * int(row["nnz"]))) < 1e-4 * float(
        row["host_bflop_measured"]), row
    coalescing_us = float(row["acc_hmc_us"])
    rc, out, err = vp("run", os.path.join(REPO, "scenarios", "sell_hmc.yaml"), "--quiet", "--out",
                      os.path.join(WORK, "inorder"), "--set", "workload.sell.kronecker_scale=10", "--set",
                      "workload.sell.sigma=1024", "--set", "workload.sell.cases=[acc_hmc]", "--set",
                      "platform.hmc_ctrl.engine=in_order")
    passed("inorder", rc, out, err, ["acc_hmc"])
    stats = json.load(open(os.path.join(WORK, "inorder", "stats.json")))["components"]
    assert "merged_reads" not in stats["hmc_ctrl"]["counters"], stats["hmc_ctrl"]  # the in-order unit's stats
    assert stats["marker"]["counters"]["region.acc_hmc.ps"] / 1e6 > 1.5 * coalescing_us, stats["marker"]


def test_two_engine_pairs_on_two_harts():
    """scenarios/sell_hmc_multi.yaml (sell_spmv_smp, K = 2): two harts, each driving its own mSGDMA, vector
    accelerator and HMC gather unit (hmc_ctrl instance) on its own chunks; both paths bit-exact, and both
    pairs worked: every instance has work, the gathered elements add up to every stored element once
    (plus one scattered element per row), every chunk's sums scattered once by one of the units."""
    need_accelerator()
    rc, out, err = vp("run", os.path.join(REPO, "scenarios", "sell_hmc_multi.yaml"), "--quiet", "--out",
                      os.path.join(WORK, "multi"), "--set", "workload.sell.kronecker_scale=10", "--set",
                      "workload.sell.sigma=1024")
    passed("multi", rc, out, err, ["acc_overlap", "acc_hmc"])
    assert "2 engine pairs on 2 harts" in out, out
    stats = json.load(open(os.path.join(WORK, "multi", "stats.json")))["components"]
    padded = int(out.split("padded=")[1].split()[0])
    rows = int(out.split("rows=")[1].split()[0])
    chunks = int(out.split("chunks=")[1].split()[0])
    units = [stats["hmc_ctrl%d" % i]["counters"] for i in range(2)]
    for i in range(2):
        assert stats["dma%d" % i]["counters"]["descriptors"] > 0, (i, stats["dma%d" % i])
        assert stats["vec%d" % i]["counters"]["runs"] > 0, (i, stats["vec%d" % i])
        assert units[i]["gathers"] > 0 and units[i]["scatters"] > 0 and units[i]["command_errors"] == 0, units[i]
        assert stats["cpu%d" % i]["counters"]["instret"] > 0
    assert sum(u["elements"] for u in units) == padded + rows, (units, padded, rows)
    assert sum(u["scatters"] for u in units) == chunks, units
    assert sum(u["merged_reads"] + u["buffer_hits"] + u["element_reads"] for u in units) == padded, units
    # acc_overlap: every stored element gathered once by one of the two DMAs.
    assert sum(stats["dma%d" % i]["counters"]["elements"] for i in range(2)) == padded, stats["dma0"]
    # Fewer harts than pairs: the other hart never answers, the accelerator cases are skipped, the check fails.
    rc, out, err = vp("run", os.path.join(REPO, "scenarios", "sell_hmc_multi.yaml"), "--quiet", "--out",
                      os.path.join(WORK, "multi1"), "--set", "workload.sell.kronecker_scale=8", "--set",
                      "platform.cpu.harts=1")
    assert rc != 0 and "2 engine pairs but only 1 harts answered" in out, (rc, out, err)


def test_hmc_experiment_engines_smoke():
    """hmc_experiment.py --engines 1 8 at SCALE 10: the K-pair variants of sell_hmc_multi.yaml (eight pairs
    need 8 x 3 named boot-info entries of the accelerators), bit-exact, one CSV row per K with the ratio
    and the resources' columns; every one of the eight gather units worked."""
    need_accelerator()
    out_dir = os.path.join(WORK, "exp_multi")
    p = subprocess.run([sys.executable, os.path.join(REPO, "tools", "sell", "hmc_experiment.py"), "--vp", VP,
                        "--out", out_dir, "--scales", "10", "--engines", "1", "8", "--jobs", "1"],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=300)
    assert p.returncode == 0, p.stdout + p.stderr
    with open(os.path.join(out_dir, "hmc_multi.csv")) as f:
        rows = list(csv.DictReader(f))
    assert [r["engines"] for r in rows] == ["1", "8"], rows
    for r in rows:
        for k in ("host_mflops", "mem_mflops", "ratio_mem_vs_host", "host_l2_port_util", "mem_link_util",
                  "mem_gather_ns_per_element"):
            assert float(r[k]) > 0, (k, r)
        assert int(r["mem_unit_elements_min"]) > 0 and int(r["mem_vec_runs_min"]) > 0, r
    assert float(rows[0]["mem_pair_finish_balance"]) == 1 and 0 < float(rows[1]["mem_pair_finish_balance"]) <= 1, rows
    # Tanabe et al.'s model with each K's own host-side inputs (the one-pair table's computation), and
    # each side's link bytes per FLOP inside the region: part of the whole run's, their ratio as stated.
    for r in rows:
        f = {k: float(v) for k, v in r.items() if k.startswith(("model_", "host_", "mem_", "bflop_"))}
        assert 0 < f["host_hit_x"] <= 1 and 0 < f["host_R_hit"] <= 1 and 1 <= f["host_S"] <= 16, r
        assert abs(f["model_F_ratio"] - f["model_bflop_cache"] / 4) < 1e-4 * f["model_F_ratio"], r
        for side in ("host", "mem"):
            assert 0 < f[side + "_link_bytes_region"] <= f[side + "_link_bytes_to_host"] * 1.001, (side, r)
        ratio = f["host_bflop_region"] / f["mem_bflop_region"]
        assert abs(f["bflop_region_ratio_host_vs_mem"] - ratio) < 1e-4 * ratio, r
    p = subprocess.run([sys.executable, os.path.join(REPO, "tools", "sell", "hmc_experiment.py"), "--vp", VP,
                        "--out", out_dir + "2", "--scales", "10", "--engines", "9"],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=60)
    assert p.returncode == 2 and "K must be 1..8" in p.stderr, p.stderr


def test_hmc_decompose_fits_and_predicts():
    """tools/sell/hmc_decompose.py: from two runs that differ in blocks it recovers the per-block and
    per-chunk costs of T = DMA + blocks a + chunks b, and predicts other rows with them; a pair of runs
    with the same blocks per chunk is refused (exit 2, one line)."""
    cols = ["scale", "chunks"] + [c + k for c in ("acc_overlap", "acc_hmc") for k in ("_us", "_dma_us", "_blocks")]
    a = {"acc_overlap": (1.5, 8.0), "acc_hmc": (1.25, 2.0)}

    def write(name, pts):
        path = os.path.join(WORK, name)
        with open(path, "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=cols)
            w.writeheader()
            for scale, chunks, blocks, dma in pts:
                row = {"scale": scale, "chunks": chunks}
                for c, (ka, kb) in a.items():
                    row.update({c + "_dma_us": dma, c + "_blocks": blocks, c + "_us": dma + blocks * ka + chunks * kb})
                w.writerow(row)
        return path

    fa = write("fit_a.csv", [(18, 4096, 6594, 12000.0)])
    fb = write("fit_b.csv", [(18, 4096, 3477, 11000.0)])
    fp = write("pred.csv", [(12, 64, 125, 220.0), (20, 16384, 25775, 49000.0)])
    tool = os.path.join(REPO, "tools", "sell", "hmc_decompose.py")
    p = subprocess.run([sys.executable, tool, fa, fb, fp], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert p.returncode == 0, p.stderr
    assert "a = 1.500 us per block, b = 8.000 us per chunk" in p.stdout, p.stdout
    assert "a = 1.250 us per block, b = 2.000 us per chunk" in p.stdout, p.stdout
    assert "largest error: 0.0 %" in p.stdout, p.stdout
    p = subprocess.run([sys.executable, tool, fa, fa, fp], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert p.returncode == 2 and "differ in blocks per chunk" in p.stderr and len(p.stderr.splitlines()) == 1, p


def test_accelerator_case_skipped_without_accelerator_fails_the_check():
    """Without the accelerator the firmware skips acc_* and the VP's check must fail (exit 5)."""
    if not has_accelerator():
        rc, out, err = run_sell("noacc", "workload.sell.matrix=null", "workload.sell.rows=64",
                                "workload.sell.cases=[acc_cdma]")
    else:
        rc, out, err = run_sell("noacc", "workload.sell.matrix=null", "workload.sell.rows=64",
                                "workload.sell.cases=[acc_cdma]", "platform.vec.enabled=false")
    assert rc == 5 and "case acc_cdma was requested but the firmware did not run it" in stop_reason("noacc"), (rc, err)


def test_check_fails_when_the_firmware_runs_no_case():
    """The same data with a program that never writes y (hello) must fail the check (exit 5)."""
    with open(os.path.join(REPO, "scenarios", "sell_fpga.yaml")) as f:
        text = f.read().replace("${firmware}/sell_spmv.elf", "${firmware}/hello.elf")
    path = os.path.join(WORK, "hello_sell.yaml")
    with open(path, "w") as f:
        f.write(text)
    rc, out, err = vp("run", path, "--quiet", "--out", os.path.join(WORK, "neg"), "--set",
                      "workload.sell.cases=[csr]")
    assert rc == 5 and "case csr was requested but the firmware did not run it" in stop_reason("neg"), (rc, err)


def test_table1_script_smoke():
    """tools/sell/table1.py on one small matrix: a CSV and a markdown table beside the paper."""
    out = os.path.join(WORK, "t1")
    p = subprocess.run([sys.executable, os.path.join(REPO, "tools", "sell", "table1.py"), "--vp", VP, "--out", out,
                        "--matrices", "msc01440", "--cases", "csr,csr_cdma,sell", "--jobs", "1"],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    rows = list(csv.DictReader(open(os.path.join(out, "table1.csv"))))
    assert [r["case"] for r in rows] == ["csr", "csr_cdma", "sell"], rows
    for r in rows:
        assert r["matrix"] == "msc01440" and int(r["nnz"]) == 44998
        assert float(r["mflops"]) > 0 and float(r["paper_mflops"]) > 0
        # MFLOPS is 2 NNZ over the region's time.
        assert abs(float(r["mflops"]) - 2 * 44998 / (float(r["time_us"]) * 1e-6) / 1e6) < 1e-3 * float(r["mflops"])
    md = open(os.path.join(out, "table1.md")).read()
    assert "| msc01440 |" in md and "2.57" in md, md  # the paper's CPU CSR number beside ours


if __name__ == "__main__":
    sys.exit(cli_test_runner.run(globals(), "vp_sell_"))
