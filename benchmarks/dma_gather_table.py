#!/usr/bin/env python3
"""The table of docs/dma.md ("Measurements") from a sweep of scenarios/sweeps/dma_gather.yaml:
one row per configuration, printed and written to SWEEP_DIR/table.txt.

  vp sweep scenarios/sweeps/dma_gather.yaml          (runs this script on out/sweeps/dma_gather)
  benchmarks/dma_gather_table.py SWEEP_DIR

Columns: memory, DMA 2 mode, FIFO depth; ns per element, MB/s and M elements/s over the DMA's active
time (its statistics: element bytes over first index read to last write); the most reads it had in
flight; the firmware's rdcycle deltas around msgdma_gather() and around the CPU loop (CPU at 1 GHz),
their ratio, and the firmware's own check of the gathered data.
"""
import csv
import os
import sys


def table(rows):
    out = ["memory      mode      depth dma_elem_ns  dma_MB/s  Melem/s max_inflight fw_dma_cycles "
           "fw_cpu_cycles cpu/dma check"]
    for r in rows:
        if r["exit_code"] != "0":
            sys.exit(f"dma_gather_table.py: point {r['id']} ({r['memory']}) failed: exit {r['exit_code']} {r['error']}")
        n, active = int(r["elements"]), float(r["active_time_ps"])
        cpu, dma = int(r["fw_cpu_cycles"]), int(r["fw_dma_cycles"])
        mode = "pipelined" if r["platform.dma.pipelined"] == "true" else "mSGDMA"
        out.append(f"{r['memory']:10} {mode:9} {r['platform.dma.fifo_depth']:>5} {active / 1000.0 / n:11.1f} "
                   f"{float(r['gather_bandwidth']) / 1e6:9.1f} {n / active * 1e6:8.2f} "
                   f"{int(float(r['max_inflight'])):12} {dma:13} {cpu:13} {cpu / dma:7.1f} {r['check']}")
    return "\n".join(out) + "\n"


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    with open(os.path.join(sys.argv[1], "results.csv")) as f:
        text = table(list(csv.DictReader(f)))
    with open(os.path.join(sys.argv[1], "table.txt"), "w") as f:
        f.write(text)
    print(text, end="")


if __name__ == "__main__":
    main()
