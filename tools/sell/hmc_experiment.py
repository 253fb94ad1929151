#!/usr/bin/env python3
"""The SELL kernel on the vector accelerator fed from a Hybrid Memory Cube, with x gathered on the
host side (acc_overlap: the cascaded DMA reads every x[col] through the L2 and the links) or in the
memory (acc_hmc: the cube's gather unit packs x, the DMA streams it), and the CPU's CSR for reference
(scenarios/sell_hmc.yaml). Graph500 Kronecker matrices (docs/hmc.md), SELL-64-n (C = 64, rows fully
sorted: power-law rows pad too much otherwise).

  python3 tools/sell/hmc_experiment.py [--vp build/bin/vp] [--out out/sell_hmc] [--scales 12 14 16]
                                       [--cases csr acc_overlap acc_hmc] [--jobs 2] [--set key=value ...]
                                       [--reuse] [--engines K [K ...]]

--engines K ...: the accelerator cases on K engine pairs (scenarios/sell_hmc_multi.yaml, firmware
sell_spmv_smp: K harts, each driving its own mSGDMA + vector accelerator + HMC gather unit on its share
of the chunks; docs/sell_spmv.md "Several engine pairs"). For each K the tool writes the K-pair
variant of the scenario (out/scenarios/k<K>.yaml: element 0 of each instance list copied K times),
runs acc_overlap and acc_hmc at every SCALE and writes hmc_multi.csv and hmc_multi.md: MFLOPS, the
ratio, and per side what the resources did inside the marker region (from timeline.json: L2 lookups
and misses, link busy time; from stats.json: per-instance DMA, gather-unit and accelerator work). Its
CSV also has the model below with each K's host-side inputs (model_*, host_hit_x, host_S), and each
side's link bytes cube->host inside the region per FLOP (host_bflop_region, mem_bflop_region; from the
links' busy time at the raw rate) and their ratio: what two link-bound sides would give.

Every case of every SCALE is its own `vp run` (so that each run's cache, DMA and HMC statistics are
that case's alone); every run's y is checked bit for bit by the VP (a failed check fails the tool).
SCALE >= 19 gets platform.ram.size=1GiB (the matrix does not fit 512 MiB) unless --set gives one.

Writes hmc.csv (every column) and hmc.md (tables): MFLOPS of each case (2 NNZ / marker-region time),
the memory-side / host-side ratio, the region energies and their ratio, what bounds each path
(gather unit: ns per element, merged reads, buffer hits; host side: L2 hit rates, link bytes), and
Tanabe et al.'s model [tanabe-hmc-gather] evaluated with the run's own measured inputs:

  eq. 1   B/FLOP_cache  = 2 + I/2 + (1 - hit_x) * line / S     I = 4-byte indices, line = the L2's
  eq. 2   F_cache       = W / B/FLOP_cache                      W = links x lanes x rate / 8 x 8/9
  eq. 3-4 F_gather      = W / 4                                     (RD128 data share of the links)
  eq. 12  E_cache / E_gather = 35 (1 - R_hit)   (the paper's 64-bit indices)
          and (1 - R_hit)(2 + 32/S) for 32-bit indices

with hit_x = the L2 hit rate of x in the host-side run, R_hit = the L2 hit rate over all its
accesses, and S = x reads per x line fill in that run (capped at line/4; an upper bound of the
paper's S, which counts distinct words per fill). The measured B/FLOP beside it is the host-side
run's link bytes cube->host per FLOP.
"""
import argparse
import concurrent.futures
import csv
import json
import os
import subprocess
import sys
import time

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
CASES = ["csr", "acc_overlap", "acc_hmc"]


def run(vp, scenario, out_dir, scale, case, extra, reuse=False, sub=""):
    d = os.path.join(out_dir, "runs", sub, "scale%d" % scale, case)
    cmd = [vp, "run", scenario, "--quiet", "--out", d, "--set", "workload.sell.kronecker_scale=%d" % scale,
           "--set", "workload.sell.sigma=%d" % (1 << scale), "--set", "workload.sell.cases=[%s]" % case]
    if scale >= 19 and not any(s.startswith("platform.ram.size=") for s in extra):
        cmd += ["--set", "platform.ram.size=1GiB"]
    for s in extra:
        cmd += ["--set", s]
    log = os.path.join(d, "stdout.txt")
    if reuse and os.path.exists(log) and os.path.exists(os.path.join(d, "stats.json")):
        with open(log) as f:
            stdout = f.read()  # a finished run of the same command (the caller says so)
    else:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if p.returncode != 0:
            raise RuntimeError("SCALE %d %s: vp exited %d\n%s%s" % (scale, case, p.returncode, p.stdout[-2000:],
                                                                   p.stderr[-2000:]))
        stdout = p.stdout
        with open(log, "w") as f:
            f.write(stdout)
    return load(d, stdout, scale, case)


def load(d, stdout, scale, case):
    """The results of one finished run in directory d (stats.json, config.json, host.json)."""
    stats = json.load(open(os.path.join(d, "stats.json")))
    if "bit for bit" not in stats["run"]["stop_reason"] or stats["run"]["exit_code"] != 0:
        raise RuntimeError("SCALE %d %s: no bit-exact check passed: %s" % (scale, case, stats["run"]["stop_reason"]))
    config = json.load(open(os.path.join(d, "config.json")))
    host = json.load(open(os.path.join(d, "host.json")))
    head = [l for l in stdout.splitlines() if l.startswith("sell_spmv: rows=")][0]
    fields = dict(f.split("=") for f in head.split()[1:] if "=" in f)
    return {"scale": scale, "case": case, "stats": stats, "config": config, "host_s": host["host_seconds"],
            "stdout": stdout, "dir": d,
            "rows": int(fields["rows"]), "nnz": int(fields["nnz"]), "padded": int(fields["padded"])}


def from_sweep(sweep_dir):
    """The points of `vp sweep scenarios/sweeps/sell_hmc_scale.yaml` (its post-processing)."""
    per_scale = {}
    with open(os.path.join(sweep_dir, "results.csv")) as f:
        for row in csv.DictReader(f):
            d = os.path.join(sweep_dir, "points", row["id"])
            if row["exit_code"] != "0":
                raise RuntimeError("point %s (%s %s): exit %s %s" % (row["id"], row["size"], row["case"],
                                                                     row["exit_code"], row["error"]))
            config = json.load(open(os.path.join(d, "config.json")))
            scale = int(config["workload"]["sell"]["kronecker_scale"])
            res = load(d, open(os.path.join(d, "stdout.txt")).read(), scale, row["case"])
            per_scale.setdefault(scale, {})[row["case"]] = res
    return per_scale


def get(d, *path, default=0):
    for p in path:
        if not isinstance(d, dict) or p not in d:
            return default
        d = d[p]
    return d


def combine(scale, results):
    """One row per SCALE from its case runs."""
    any_r = next(iter(results.values()))
    r = {"scale": scale, "rows": any_r["rows"], "nnz": any_r["nnz"], "padded": any_r["padded"]}
    flops = 2.0 * r["nnz"]
    for k, res in results.items():
        c = res["stats"]["components"]
        ps = c["marker"]["counters"]["region.%s.ps" % k]
        r[k + "_us"] = ps / 1e6
        r[k + "_mflops"] = flops / (ps * 1e-12) / 1e6
        r[k + "_energy_uj"] = get(res["stats"], "energy", "regions", k, "total_pj") / 1e6
        r[k + "_host_s"] = res["host_s"]
        if k != "csr":
            # The time's parts (docs/sell_spmv.md): the DMA's descriptors, and the blocks and chunks
            # the firmware sequences (a block = one stream-in; a chunk = one copy-out of 64 rows).
            r[k + "_dma_us"] = get(c, "dma", "histograms", "descriptor_time", "sum") / 1e6
            r[k + "_blocks"] = get(c, "dma", "counters", "descriptors") // 2 if k == "acc_overlap" else get(
                c, "hmc_ctrl", "counters", "gathers")
    r["chunks"] = -(-r["rows"] // 64)
    if "acc_overlap" in results and "acc_hmc" in results:
        r["ratio_mem_vs_host"] = r["acc_hmc_mflops"] / r["acc_overlap_mflops"]
        if r["acc_hmc_energy_uj"] > 0:
            r["energy_ratio_host_vs_mem"] = r["acc_overlap_energy_uj"] / r["acc_hmc_energy_uj"]
    if "csr" in results and "acc_hmc" in results:
        r["ratio_mem_vs_csr"] = r["acc_hmc_mflops"] / r["csr_mflops"]
    if "acc_hmc" in results:
        res = results["acc_hmc"]
        c = res["stats"]["components"]
        g = c["hmc_ctrl"]["counters"]
        el = max(1, r["padded"])  # gathered elements: every stored SELL element once
        # The unit's time per element over its gathers and the copy-out scatters (one per chunk).
        r["mem_gather_ns_per_element"] = c["hmc_ctrl"]["histograms"]["command_latency"]["sum"] / 1e3 / max(
            1, g["elements"])
        r["mem_scattered_elements"] = g["elements"] - r["padded"]
        r["mem_engine"] = get(res["config"], "platform", "hmc_ctrl", "engine", default="?")
        r["mem_merged_frac"] = g.get("merged_reads", 0) / el
        r["mem_buffer_hit_frac"] = g.get("buffer_hits", 0) / el
        r["mem_vault_reads_per_element"] = g.get("element_reads", el) / el
        r["mem_gather_busy_frac"] = g.get("busy", c["hmc_ctrl"]["histograms"]["command_latency"]["sum"]) / (
            r["acc_hmc_us"] * 1e6)
        r["mem_dma_busy_frac"] = get(c, "dma", "histograms", "descriptor_time", "sum") / (r["acc_hmc_us"] * 1e6)
        r["mem_link_bytes_to_host"] = get(c, "ram.hmc", "derived", "link_response_bytes")
    if "acc_overlap" in results:
        res = results["acc_overlap"]
        c = res["stats"]["components"]
        host_l2_inputs(r, res)
        r["host_dma_busy_frac"] = get(c, "dma", "histograms", "descriptor_time", "sum") / (r["acc_overlap_us"] * 1e6)
        r["host_link_bytes_to_host"] = get(c, "ram.hmc", "derived", "link_response_bytes")
        r["host_link_utilization"] = get(c, "ram.hmc", "derived", "link_utilization")
        # Per FLOP of the case's region: the link bytes inside it (the whole run's also carry the set-up's).
        r["host_link_bytes_region"] = region_link_bytes(res, "acc_overlap")
        r["host_bflop_measured"] = r["host_link_bytes_region"] / flops
        tanabe_model(r, res)
    return r


def host_l2_inputs(r, res):
    """The model's measured inputs from the host-side run's L2 statistics: R_hit (all accesses), hit_x
    (x's region), the line, S = x reads per x line fill (capped at line / 4)."""
    l2 = res["stats"]["components"]["l2"]["counters"]
    r["host_R_hit"] = l2["hits"] / max(1, l2["accesses"])
    xa, xh = l2.get("region.x.accesses", 0), l2.get("region.x.hits", 0)
    r["host_hit_x"] = xh / max(1, xa)
    line = get(res["config"], "platform", "caches", "l2", "line", default=64)
    if isinstance(line, str):
        line = int(line.rstrip("B").replace("Ki", "")) * (1024 if "Ki" in line else 1)
    r["l2_line"] = line
    r["host_S"] = min(line / 4.0, xa / max(1, xa - xh))


def tanabe_model(r, res):
    """Tanabe et al.'s eq. 1-4 and 12 with host_l2_inputs' values and the run's link configuration."""
    hmc = get(res["config"], "platform", "ram", "hmc", default={})
    links, lanes = int(hmc.get("links", 4)), int(hmc.get("lanes", 16))
    rate = hmc.get("lane_rate", 15e9)
    if isinstance(rate, str):
        rate = float(rate.rstrip("b/s").rstrip("G")) * 1e9
    W = links * lanes * rate / 8 * 8 / 9
    r["model_W_GBps"] = W / 1e9
    bflop = 2 + 4 / 2 + (1 - r["host_hit_x"]) * r["l2_line"] / r["host_S"]
    r["model_bflop_cache"] = bflop
    r["model_F_cache_gflops"] = W / bflop / 1e9
    r["model_F_gather_gflops"] = W / 4 / 1e9
    r["model_F_ratio"] = (W / 4) / (W / bflop)
    r["model_E_ratio_eq12"] = 35 * (1 - r["host_R_hit"])
    r["model_E_ratio_i32"] = (1 - r["host_R_hit"]) * (2 + 32 / r["host_S"])


# ---- K engine pairs (--engines) -------------------------------------------------------------------

MULTI_LISTS = {"dma": "dma", "vec": "vec", "hmc_ctrl": "hmc_ctrl"}


def multi_scenario(base, k, out_dir):
    """The K-pair variant of scenarios/sell_hmc_multi.yaml: K harts, element 0 of each instance list K times."""
    import yaml
    with open(base) as f:
        sc = yaml.safe_load(f)
    plat = sc["platform"]
    for key in MULTI_LISTS:
        lst = plat.get(key)
        if not isinstance(lst, list) or not lst:
            raise RuntimeError("%s: platform.%s must be a list of instances" % (base, key))
        first = dict(lst[0])
        plat[key] = [dict(first, name="%s%d" % (key, i)) for i in range(k)]
    plat.setdefault("cpu", {})["harts"] = k
    sc["name"] = "%s_k%d" % (sc.get("name", "sell_hmc_multi"), k)
    d = os.path.join(out_dir, "scenarios")
    os.makedirs(d, exist_ok=True)
    path = os.path.join(d, "k%d.yaml" % k)
    with open(path, "w") as f:
        yaml.safe_dump(sc, f, sort_keys=False)
    return path


def instances(stats, prefix):
    """The components of the instances named prefix0, prefix1, ... (in order)."""
    c = stats["components"]
    out = []
    while "%s%d" % (prefix, len(out)) in c:
        out.append(c["%s%d" % (prefix, len(out))])
    return out


def region_link_bytes(res, case):
    """The link bytes cube->host inside the case's marker region: the links' busy time there (the series is
    the derived link_utilization x time, the busy time of the mean link) at the raw rate."""
    st, cfg = res["stats"], res["config"]
    links = int(get(cfg, "platform", "ram", "hmc", "links", default=4))
    raw = get(st, "components", "ram.hmc", "derived", "peak_link_bandwidth")
    return in_region(res["dir"], case, "ram.hmc.link_utilization.busy_ps") * 1e-12 * links * raw


def in_region(d, case, series):
    """Increase of a cumulative timeline series over the case's marker region (linear between samples;
    the link's busy time is booked as the packets are timed)."""
    t = json.load(open(os.path.join(d, "timeline.json")))
    reg = [r for r in t["regions"] if r["name"] == case][0]
    ts, v = [0] + t["t_ps"], [0] + t["series"].get(series, [0] * len(t["t_ps"]))

    def at(x):
        for i in range(1, len(ts)):
            if ts[i] >= x:
                return v[i - 1] + (v[i] - v[i - 1]) * (x - ts[i - 1]) / max(1, ts[i] - ts[i - 1])
        return v[-1]
    return at(reg["end_ps"]) - at(reg["begin_ps"])


def combine_multi(scale, k, results, out_dir):
    any_r = next(iter(results.values()))
    r = {"scale": scale, "engines": k, "rows": any_r["rows"], "nnz": any_r["nnz"], "padded": any_r["padded"]}
    flops = 2.0 * r["nnz"]
    for case, res in results.items():
        st, cfg = res["stats"], res["config"]
        d = os.path.join(out_dir, "runs", "k%d" % k, "scale%d" % scale, case)
        ps = st["components"]["marker"]["counters"]["region.%s.ps" % case]
        side = "host" if case == "acc_overlap" else "mem"
        r[side + "_us"] = ps / 1e6
        r[side + "_mflops"] = flops / (ps * 1e-12) / 1e6
        r[side + "_energy_uj"] = get(st, "energy", "regions", case, "total_pj") / 1e6
        r[side + "_host_s"] = res["host_s"]
        dmas, vecs, units = instances(st, "dma"), instances(st, "vec"), instances(st, "hmc_ctrl")
        if len(dmas) != k or len(vecs) != k or len(units) != k:
            raise RuntimeError("SCALE %d K=%d %s: %d/%d/%d instances" % (scale, k, case, len(dmas), len(vecs),
                                                                        len(units)))
        dma_ps = [get(x, "histograms", "descriptor_time", "sum") for x in dmas]
        r[side + "_dma_busy_mean"] = sum(dma_ps) / k / ps
        r[side + "_dma_busy_max"] = max(dma_ps) / ps
        r[side + "_vec_busy_mean"] = sum(get(x, "counters", "busy_cycles") for x in vecs) * 1000.0 / k / ps
        r[side + "_vec_runs_min"] = min(get(x, "counters", "runs") for x in vecs)
        r[side + "_dma_descriptors_min"] = min(get(x, "counters", "descriptors") for x in dmas)
        # Inside the region (timeline samples): L2 lookups, its tag port's busy fraction, misses, links.
        l2 = get(cfg, "platform", "caches", "l2", default={})
        li_ps = float(l2.get("lookup_interval", 0))  # config.json: ps
        # The firmware reads the L2 controller's statistics registers around the case (32-bit counts).
        line = [l for l in res["stdout"].splitlines() if l.startswith("sell_spmv: l2 during the case:")]
        lookups, misses = (int(line[0].split()[5]), int(line[0].split()[7])) if line else (0, 0)
        r[side + "_l2_lookups"] = lookups
        r[side + "_l2_miss_rate"] = misses / max(1, lookups)
        r[side + "_l2_port_util"] = lookups * li_ps / ps if li_ps else ""
        # When each pair finished (firmware lines): the last one is the case's time; mean / max says how
        # evenly the chunks were split (1 = all finished together).
        fin = [int(l.split()[5]) for l in res["stdout"].splitlines()
               if l.startswith("sell_spmv: pair ") and " finished after " in l]
        if fin:
            r[side + "_pair_finish_balance"] = sum(fin) / len(fin) / max(1, max(fin))
            r[side + "_critical_pair"] = fin.index(max(fin))
        # (the series is the derived link_utilization x time: busy time of the mean link)
        r[side + "_link_util"] = in_region(d, case, "ram.hmc.link_utilization.busy_ps") / ps
        r[side + "_link_bytes_to_host"] = get(st, "components", "ram.hmc", "derived", "link_response_bytes")
        # ...and the region's link bytes (link_bytes_to_host is the whole run's, set-up included)
        r[side + "_link_bytes_region"] = region_link_bytes(res, case)
        if side == "mem":
            el = sum(get(x, "counters", "elements") for x in units)
            lat = sum(get(x, "histograms", "command_latency", "sum") for x in units)
            r["mem_gather_ns_per_element"] = lat / 1e3 / max(1, el)
            r["mem_unit_busy_mean"] = sum(get(x, "counters", "busy") for x in units) / k / ps
            r["mem_unit_busy_max"] = max(get(x, "counters", "busy") for x in units) / ps
            r["mem_unit_elements_min"] = min(get(x, "counters", "elements") for x in units)
            r["mem_merged_frac"] = sum(get(x, "counters", "merged_reads") for x in units) / max(1, r["padded"])
            r["mem_buffer_hit_frac"] = sum(get(x, "counters", "buffer_hits") for x in units) / max(1, r["padded"])
            r["mem_vault_accesses"] = get(st, "components", "ram.hmc", "counters", "vault_accesses")
    if "host_mflops" in r and "mem_mflops" in r:
        r["ratio_mem_vs_host"] = r["mem_mflops"] / r["host_mflops"]
    # Tanabe et al.'s model with this K's host-side run's own inputs (as the one-pair table does), and
    # each side's link bytes cube->host per FLOP in the region: their ratio is the ratio two link-bound
    # sides would give (eq. 2-4 with measured B/FLOP instead of eq. 1's).
    for side in ("host", "mem"):
        if side + "_link_bytes_region" in r:
            r[side + "_bflop_region"] = r[side + "_link_bytes_region"] / flops
    if "acc_overlap" in results:
        host_l2_inputs(r, results["acc_overlap"])
        tanabe_model(r, results["acc_overlap"])
    if "host_bflop_region" in r and "mem_bflop_region" in r:
        r["bflop_region_ratio_host_vs_mem"] = r["host_bflop_region"] / max(1e-12, r["mem_bflop_region"])
    return r


def multi_main(a, t0):
    base = a.scenario if a.scenario_given else os.path.join(REPO, "scenarios", "sell_hmc_multi.yaml")
    cases = [c for c in a.cases if c != "csr"] if a.cases_given else ["acc_overlap", "acc_hmc"]
    os.makedirs(a.out, exist_ok=True)
    results = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as pool:
        futs = {}
        for k in a.engines:
            sc = multi_scenario(base, k, a.out)
            for s in sorted(a.scales, reverse=True):
                for c in cases:
                    futs[pool.submit(run, a.vp, sc, a.out, s, c, a.set, a.reuse, "k%d" % k)] = (k, s, c)
        for f in concurrent.futures.as_completed(futs):
            k, s, c = futs[f]
            try:
                res = f.result()
            except (RuntimeError, OSError, KeyError) as e:
                print("hmc_experiment: FAILED: K=%d %s" % (k, e), file=sys.stderr)
                for g in futs:
                    g.cancel()
                return 1
            results.setdefault((s, k), {})[c] = res
    rows = []
    for (s, k) in sorted(results):
        try:
            rows.append(combine_multi(s, k, results[(s, k)], a.out))
        except (RuntimeError, OSError, KeyError, IndexError) as e:
            print("hmc_experiment: FAILED: SCALE %d K=%d: %s" % (s, k, e), file=sys.stderr)
            return 1
    keys = []
    for r in rows:
        keys += [k for k in r if k not in keys]
    with open(os.path.join(a.out, "hmc_multi.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=keys)
        w.writeheader()
        for r in rows:
            w.writerow({k: ("%.6g" % v if isinstance(v, float) else v) for k, v in r.items()})
    lines = ["| SCALE | K | host side MFLOPS | memory side MFLOPS | memory / host | host: L2 tag port busy, miss rate "
             "| host: link busy | host: DMA busy (mean) | memory: gather units busy (mean, max) | memory: ns/element, "
             "merged, buffer hits | memory: DMA busy (mean) | memory: link busy | pairs' finish mean / max "
             "(host, memory) |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        lines.append("| %d | %d | %s | %s | %s | %s, %s | %s | %s | %s, %s | %s, %s, %s | %s | %s | %s, %s |" % (
            r["scale"], r["engines"], fmt(r.get("host_mflops"), "%.1f"), fmt(r.get("mem_mflops"), "%.1f"),
            fmt(r.get("ratio_mem_vs_host"), "%.2fx"), fmt(r.get("host_l2_port_util"), "%.2f"),
            fmt(r.get("host_l2_miss_rate"), "%.3f"), fmt(r.get("host_link_util"), "%.3f"),
            fmt(r.get("host_dma_busy_mean"), "%.2f"), fmt(r.get("mem_unit_busy_mean"), "%.2f"),
            fmt(r.get("mem_unit_busy_max"), "%.2f"), fmt(r.get("mem_gather_ns_per_element"), "%.2f"),
            fmt(r.get("mem_merged_frac"), "%.2f"), fmt(r.get("mem_buffer_hit_frac"), "%.2f"),
            fmt(r.get("mem_dma_busy_mean"), "%.2f"), fmt(r.get("mem_link_util"), "%.3f"),
            fmt(r.get("host_pair_finish_balance"), "%.2f"), fmt(r.get("mem_pair_finish_balance"), "%.2f")))
    host_s = sum(v.get("host_host_s", 0) + v.get("mem_host_s", 0) for v in rows)
    lines += ["", "Host time of the runs: %.1f s (wall %.1f s)." % (host_s, time.monotonic() - t0)]
    with open(os.path.join(a.out, "hmc_multi.md"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines))
    return 0


def fmt(v, spec):
    return spec % v if isinstance(v, (int, float)) else "-"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--vp", default=os.path.join(REPO, "build", "bin", "vp"))
    ap.add_argument("--scenario", default=None)
    ap.add_argument("--out", default=os.path.join(REPO, "out", "sell_hmc"))
    ap.add_argument("--scales", type=int, nargs="+", default=[12, 14, 16])
    ap.add_argument("--cases", nargs="+", default=None, choices=CASES)
    ap.add_argument("--engines", type=int, nargs="+", default=None,
                    help="engine pairs K (harts, DMAs, accelerators, gather units): run sell_hmc_multi.yaml's K-pair "
                         "variants (1..8)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--set", action="append", default=[])
    ap.add_argument("sweep_dir", nargs="?",
                    help="post-process the points of a `vp sweep` of scenarios/sweeps/sell_hmc_scale.yaml instead of "
                         "running (the tables go into that directory)")
    ap.add_argument("--reuse", action="store_true",
                    help="take the results of runs already in --out (same command) instead of running them again")
    a = ap.parse_args()
    for s in a.set:
        if "=" not in s:
            print("hmc_experiment: --set %s: expected key=value" % s, file=sys.stderr)
            return 2
    a.scenario_given, a.cases_given = a.scenario is not None, a.cases is not None
    if a.scenario is None:
        a.scenario = os.path.join(REPO, "scenarios", "sell_hmc.yaml")
    if a.cases is None:
        a.cases = CASES
    t0 = time.monotonic()
    if a.engines:
        bad = [k for k in a.engines if not 1 <= k <= 8]
        if bad or a.sweep_dir:
            print("hmc_experiment: --engines: %s" % ("K must be 1..8 (the firmware's harts)" if bad else
                                                     "not with a sweep directory"), file=sys.stderr)
            return 2
        return multi_main(a, t0)
    if a.sweep_dir:
        a.out = a.sweep_dir
        try:
            per_scale = from_sweep(a.sweep_dir)
        except (RuntimeError, OSError, KeyError, ValueError) as e:
            print("hmc_experiment: %s: %s" % (a.sweep_dir, e), file=sys.stderr)
            return 1
    else:
        os.makedirs(a.out, exist_ok=True)
        per_scale = {}
        with concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as pool:
            # Longest first: the big scales' CSR runs dominate.
            jobs = [(s, k) for s in sorted(a.scales, reverse=True) for k in a.cases]
            futs = {pool.submit(run, a.vp, a.scenario, a.out, s, k, a.set, a.reuse): (s, k) for s, k in jobs}
            for f in concurrent.futures.as_completed(futs):
                try:
                    res = f.result()
                except RuntimeError as e:
                    print("hmc_experiment: FAILED: %s" % e, file=sys.stderr)
                    for g in futs:
                        g.cancel()
                    return 1
                per_scale.setdefault(res["scale"], {})[res["case"]] = res
    rows = [combine(s, per_scale[s]) for s in sorted(per_scale)]
    keys = []
    for r in rows:
        keys += [k for k in r if k not in keys]
    with open(os.path.join(a.out, "hmc.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=keys)
        w.writeheader()
        for r in rows:
            w.writerow({k: ("%.6g" % v if isinstance(v, float) else v) for k, v in r.items()})
    lines = ["| SCALE | nnz | SELL-64-n elements | CPU CSR | ACC, host-side gather | ACC, memory-side gather "
             "| memory / host side | energy host / memory side (µJ) | gather unit ns/element | merged, buffer hits |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        lines.append("| %d | %d | %d | %s | %s | %s | %s | %s / %s = %s | %s | %s, %s |" % (
            r["scale"], r["nnz"], r["padded"], fmt(r.get("csr_mflops"), "%.1f"),
            fmt(r.get("acc_overlap_mflops"), "%.1f"), fmt(r.get("acc_hmc_mflops"), "%.1f"),
            fmt(r.get("ratio_mem_vs_host"), "%.2fx"), fmt(r.get("acc_overlap_energy_uj"), "%.0f"),
            fmt(r.get("acc_hmc_energy_uj"), "%.0f"), fmt(r.get("energy_ratio_host_vs_mem"), "%.2fx"),
            fmt(r.get("mem_gather_ns_per_element"), "%.2f"), fmt(r.get("mem_merged_frac"), "%.2f"),
            fmt(r.get("mem_buffer_hit_frac"), "%.2f")))
    lines += ["", "Tanabe et al.'s model with the host-side run's measured inputs (MFLOPS above; GFLOPS here):", "",
              "| SCALE | R_hit | hit_x | S | B/FLOP eq. 1 | B/FLOP measured (link) | W GB/s | F_cache | F_gather "
              "| F_gather/F_cache | measured ratio | E ratio eq. 12 (64-bit idx) | (32-bit idx) | measured E ratio "
              "| DMA busy host / memory side |",
              "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        if "model_F_ratio" not in r:
            continue
        lines.append("| %d | %.3f | %.3f | %.2f | %.2f | %.2f | %.1f | %.2f | %.2f | %.2fx | %s | %.2fx | %.2fx | %s "
                     "| %s / %s |" % (
                         r["scale"], r["host_R_hit"], r["host_hit_x"], r["host_S"], r["model_bflop_cache"],
                         r["host_bflop_measured"], r["model_W_GBps"], r["model_F_cache_gflops"],
                         r["model_F_gather_gflops"], r["model_F_ratio"], fmt(r.get("ratio_mem_vs_host"), "%.2fx"),
                         r["model_E_ratio_eq12"], r["model_E_ratio_i32"], fmt(r.get("energy_ratio_host_vs_mem"),
                                                                              "%.2fx"),
                         fmt(r.get("host_dma_busy_frac"), "%.2f"), fmt(r.get("mem_dma_busy_frac"), "%.2f")))
    lines += ["", "Where the accelerator cases' time goes (µs): the DMA's descriptors, and the blocks (stream-ins) "
              "and chunks (copy-outs of 64 rows) the firmware sequences:", "",
              "| SCALE | host side: time | DMA | blocks | memory side: time | DMA | blocks | chunks |",
              "|---|---|---|---|---|---|---|---|"]
    for r in rows:
        lines.append("| %d | %s | %s | %s | %s | %s | %s | %d |" % (
            r["scale"], fmt(r.get("acc_overlap_us"), "%.0f"), fmt(r.get("acc_overlap_dma_us"), "%.0f"),
            fmt(r.get("acc_overlap_blocks"), "%d"), fmt(r.get("acc_hmc_us"), "%.0f"),
            fmt(r.get("acc_hmc_dma_us"), "%.0f"), fmt(r.get("acc_hmc_blocks"), "%d"), r["chunks"]))
    lines.append("")
    lines.append("Whole experiment: %.1f s wall." % (time.monotonic() - t0))
    with open(os.path.join(a.out, "hmc.md"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
