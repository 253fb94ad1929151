#!/usr/bin/env python3
"""LAPP experiment (Shitaoka et al. [shitaoka-lapp], docs/lapp.md): the same kernel binaries on the CPU and on LAPP.

  tools/lapp_experiment.py [--vp build/bin/vp] [--out out/lapp_experiment] [--jobs 2]

Runs scenarios/lapp_bench.yaml (the lapp_bench firmware: every kernel on the CPU, then on LAPP, results
compared by the firmware) in these LAPP configurations:
  optimized      optimized local buffers, 16 words per way (load latency 1)        [the default]
  conventional   conventional local buffers, 16 words per way (load latency 2)
  first_stage    the array off: LAPP's first stage alone, a core without the array
  opt_128        optimized buffers of 128 words (beyond 64: latency 2 again)
  fixed_memory   optimized, the DDR3 replaced by the fixed-latency memory (how memory-bound LAPP is)
  fixed_memory_conv  the same with conventional local buffers (the buffers' effect without DDR3 timing noise)
  words_N        optimized buffers of N words for N in 1, 2, 4 (which loops still map)
and prints (and writes to OUT/results.md, OUT/results.json) cycles, speedups, mapping (stages, II,
setup cycles, local-buffer words needed), energy per kernel from the ledger's firmware regions, and
the local-buffer size sweep. Exit status 1 if a run fails or a kernel's LAPP result differs.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)

CONFIGS = {
    "optimized": [],
    "conventional": ["platform.lapp.local_buffer=conventional"],
    "first_stage": ["platform.lapp.array=false"],
    "opt_128": ["platform.lapp.lb_words=128"],
    "fixed_memory": ["platform.ram.timing=fixed"],
    "fixed_memory_conv": ["platform.ram.timing=fixed", "platform.lapp.local_buffer=conventional"],
    "words_1": ["platform.lapp.lb_words=1"],
    "words_2": ["platform.lapp.lb_words=2"],
    "words_4": ["platform.lapp.lb_words=4"],
}
KERNELS = ["grayscale", "filter3x3", "alpha_blend", "saxpy", "fir5", "histogram", "gcn_xw_rows", "gcn_xw_dot"]
LINE = re.compile(r"^bench (\S+) (.*) (identical|DIFFERENT)$")


def run(vp, out, name, sets):
    d = os.path.join(out, name)
    shutil.rmtree(d, ignore_errors=True)
    cmd = [vp, "run", "--quiet", "--out", d, os.path.join(REPO, "scenarios", "lapp_bench.yaml")]
    for s in sets:
        cmd += ["--set", s]
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    with open(os.path.join(d, "stdout.txt"), "w") as f:
        f.write(p.stdout)
    with open(os.path.join(d, "stderr.txt"), "w") as f:
        f.write(p.stderr)
    return name, p.returncode, p.stdout, d


def parse_bench(stdout):
    res = {}
    for line in stdout.splitlines():
        m = LINE.match(line)
        if not m:
            continue
        fields = dict(kv.split("=") for kv in m.group(2).split())
        res[m.group(1)] = {k: int(v) for k, v in fields.items()}
        res[m.group(1)]["identical"] = m.group(3) == "identical"
    return res


def functions(elf):
    """[(start, name)] of the ELF's functions, sorted (riscv64-unknown-elf-nm)."""
    out = subprocess.run(["riscv64-unknown-elf-nm", "-n", "--defined-only", elf], stdout=subprocess.PIPE,
                         text=True, check=True).stdout
    fns = []
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] in "tT":
            fns.append((int(parts[0], 16), parts[2]))
    return fns


def kernel_of(pc, fns):
    name = None
    for start, n in fns:
        if start > pc:
            break
        name = n
    if name is None:
        return "?"
    name = name[2:] if name.startswith("k_") else name
    return "filter3x3" if name == "filter3x3_row" else name


def loops(stats, fns):
    """Per kernel: the statistics of its (innermost) loop, from the lapp.loop_<pc> groups."""
    res = {}
    for comp, g in stats["components"].items():
        m = re.match(r"lapp\.loop_([0-9a-f]{8})$", comp)
        if not m:
            continue
        c = g["counters"]
        k = kernel_of(int(m.group(1), 16), fns)
        r = res.setdefault(k, {"setups": 0, "mapped": 0, "iterations": 0, "cycles": 0, "stall_cycles": 0,
                               "rejects": {}})
        for key in ("setups", "mapped", "iterations", "cycles", "stall_cycles"):
            r[key] += c.get(key, 0)
        for key in ("stages", "ii", "setup_cycles", "lb_words_needed", "body", "trip"):
            r[key] = max(r.get(key, 0), c.get(key, 0))
        for key, v in c.items():
            if key.startswith("reject_"):
                r["rejects"][key[len("reject_"):]] = r["rejects"].get(key[len("reject_"):], 0) + v
    return res


def energy(stats, region):
    r = stats["energy"]["regions"].get(region)
    if not r:
        return None
    comps = r["components"]
    lapp = sum(v for k, v in comps.items() if k == "lapp")
    caches = sum(v for k, v in comps.items() if k in ("l1i", "l1d", "lapp.way0", "lapp.icache"))
    return {"total_uj": r["total_pj"] / 1e6, "core_uj": lapp / 1e6, "caches_uj": caches / 1e6,
            "l2_uj": comps.get("l2", 0) / 1e6, "ddr_uj": comps.get("ram.ddr", 0) / 1e6}


def fmt(v, nd=1):
    return "-" if v is None else (f"{v:,.{nd}f}" if isinstance(v, float) else f"{v:,}")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--vp", default=os.path.join(REPO, "build", "bin", "vp"))
    ap.add_argument("--out", default=os.path.join(REPO, "out", "lapp_experiment"))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--configs", default=",".join(CONFIGS), help="comma-separated subset of " + ",".join(CONFIGS))
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    names = [c for c in a.configs.split(",") if c]
    for c in names:
        if c not in CONFIGS:
            print(f"lapp_experiment: unknown configuration '{c}'", file=sys.stderr)
            return 2
    with ThreadPoolExecutor(max_workers=max(1, a.jobs)) as pool:
        results = list(pool.map(lambda c: run(a.vp, a.out, c, CONFIGS[c]), names))
    cfg_info = json.load(open(os.path.join(a.out, names[0], "config.json")))
    elf = cfg_info["load"][0]["elf"]
    e_insn = cfg_info["platform"]["lapp"]["e_insn"]
    fns = functions(elf)
    data, failed = {}, False
    for name, rc, stdout, d in results:
        if rc != 0:
            print(f"lapp_experiment: configuration {name} failed (exit {rc}), see {d}/stderr.txt", file=sys.stderr)
            failed = True
            continue
        stats = json.load(open(os.path.join(d, "stats.json")))
        bench = parse_bench(stdout)
        data[name] = {"bench": bench, "loops": loops(stats, fns),
                      "energy": {k: energy(stats, "lapp/" + k) for k in KERNELS},
                      "cpu_energy": {k: energy(stats, "cpu/" + k) for k in KERNELS}}
        failed = failed or any(not b["identical"] for b in bench.values())

    md = ["# LAPP experiment (tools/lapp_experiment.py)", ""]
    if "optimized" in data:
        opt = data["optimized"]
        conv = data.get("conventional")
        off = data.get("first_stage")
        md += ["## Cycles (1 GHz): the same binaries on the CPU, on LAPP's first stage alone and on LAPP", "",
               "| kernel | CPU | first stage alone | LAPP optimized | LAPP conventional | speedup vs CPU | "
               "vs first stage | on the array | fixed-latency memory: optimized / conventional |",
               "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
        for k in KERNELS:
            b = opt["bench"].get(k)
            if not b:
                continue
            fs = off["bench"][k]["lapp_cycles"] if off and k in off["bench"] else None
            cv = conv["bench"][k]["lapp_cycles"] if conv and k in conv["bench"] else None
            m16 = data.get("fixed_memory", {}).get("bench", {}).get(k, {}).get("lapp_cycles")
            m16c = data.get("fixed_memory_conv", {}).get("bench", {}).get(k, {}).get("lapp_cycles")
            md.append(f"| {k} | {fmt(b['cpu_cycles'])} | {fmt(fs)} | {fmt(b['lapp_cycles'])} | {fmt(cv)} | "
                      f"{b['cpu_cycles'] / b['lapp_cycles']:.2f}x | "
                      f"{(fs / b['lapp_cycles']) if fs else 0:.2f}x | "
                      f"{100.0 * b['lapp_array_cycles'] / b['lapp_cycles']:.0f} % | {fmt(m16)} / {fmt(m16c)} |")
        md += ["", "## Mapping: optimized (load latency 1) vs conventional (latency 2) local buffers", "",
               "| kernel | body insns | stages opt / conv / opt-128 | II | setup cycles opt / conv | array setups | "
               "stall cycles (opt) | local-buffer words needed | rejected because |",
               "|---|---:|---:|---:|---:|---:|---:|---:|---|"]
        for k in KERNELS:
            lo = opt["loops"].get(k)
            if not lo:
                continue
            lc = conv["loops"].get(k, {}) if conv else {}
            l128 = data.get("opt_128", {}).get("loops", {}).get(k, {})
            rej = ", ".join(f"{r} ({n})" for r, n in lo["rejects"].items()) or "-"
            stall = f"{fmt(lo['stall_cycles'])} ({100.0 * lo['stall_cycles'] / lo['cycles']:.0f} %)" if lo["cycles"] else "-"
            md.append(f"| {k} | {lo.get('body', 0)} | {lo.get('stages', 0)} / {lc.get('stages', '-')} / "
                      f"{l128.get('stages', '-')} | {lo.get('ii', 0)} | {lo.get('setup_cycles', 0)} / "
                      f"{lc.get('setup_cycles', '-')} | {fmt(lo['setups'])} | {stall} | "
                      f"{lo.get('lb_words_needed', 0)} | {rej} |")
        md += ["", "## Energy per kernel (µJ, the ledger's firmware regions; DDR refresh left out)", "",
               f"CPU: its caches, L2 and DDR as booked, plus its instructions x {e_insn} pJ (the per-instruction "
               "core energy of LAPP's first stage; cpu0 books no core energy itself).", "",
               "| kernel | CPU (est.) | first stage alone | LAPP optimized | LAPP conventional | "
               "first stage / LAPP | LAPP: core+array / caches / L2 / DDR |",
               "|---|---:|---:|---:|---:|---:|---|"]
        for k in KERNELS:
            e = opt["energy"].get(k)
            if not e:
                continue
            b = opt["bench"][k]
            ce = opt["cpu_energy"].get(k)
            cpu_est = ce["total_uj"] + b["cpu_instret"] * e_insn / 1e6 if ce else None
            fs = off["energy"][k]["total_uj"] if off and off["energy"].get(k) else None
            cv = conv["energy"][k]["total_uj"] if conv and conv["energy"].get(k) else None
            md.append(f"| {k} | {fmt(cpu_est)} | {fmt(fs)} | {fmt(e['total_uj'])} | {fmt(cv)} | "
                      f"{(fs / e['total_uj']) if fs else 0:.2f}x | {e['core_uj']:.1f} / {e['caches_uj']:.1f} / "
                      f"{e['l2_uj']:.1f} / {e['ddr_uj']:.1f} |")
    sweep = [c for c in ("words_1", "words_2", "words_4", "optimized") if c in data]
    if sweep:
        md += ["", "## Local-buffer words per way: which loops map (optimized buffers)", "",
               "| kernel | " + " | ".join(("16" if c == "optimized" else c.split("_")[1]) + " words" for c in sweep) + " |",
               "|---|" + "---|" * len(sweep)]
        for k in KERNELS:
            cells = []
            for c in sweep:
                lo = data[c]["loops"].get(k)
                if not lo:
                    cells.append("-")
                elif lo["mapped"]:
                    cells.append("mapped")
                else:
                    cells.append("rejected: " + ", ".join(lo["rejects"]))
            md.append(f"| {k} | " + " | ".join(cells) + " |")
    text = "\n".join(md) + "\n"
    print(text)
    with open(os.path.join(a.out, "results.md"), "w") as f:
        f.write(text)
    with open(os.path.join(a.out, "results.json"), "w") as f:
        json.dump(data, f, indent=1, sort_keys=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
