#!/usr/bin/env python3
"""Where the accelerator's time goes on the HMC (docs/sell_spmv.md, "What bounds each path"):

    T = DMA + blocks x a + chunks x b

per path (host side acc_overlap, memory side acc_hmc): the DMA's descriptor time, a fixed cost per
block the firmware sequences and one per chunk it copies out. a and b are fitted from two runs of
one SCALE that differ only in the block count (the accelerator's LM size), then the formula predicts
every row of another hmc.csv from that row's own DMA time, blocks and chunks.

  python3 tools/sell/hmc_experiment.py --scales 18 --cases acc_overlap acc_hmc --out A
  python3 tools/sell/hmc_experiment.py --scales 18 --cases acc_overlap acc_hmc --out B \\
          --set platform.vec.dlm_size=128KiB
  python3 tools/sell/hmc_decompose.py A/hmc.csv B/hmc.csv docs/data/sell_hmc.csv

Prints a, b per path and, per SCALE of the third file, the measured and predicted times.
"""
import argparse
import csv
import sys

PATHS = [("acc_overlap", "host side"), ("acc_hmc", "memory side")]


def rows(path):
    with open(path) as f:
        return list(csv.DictReader(f))


def fit(r1, r2, case):
    """Solves T - DMA = blocks a + chunks b from two rows (same chunks, different blocks)."""
    y1 = float(r1[case + "_us"]) - float(r1[case + "_dma_us"])
    y2 = float(r2[case + "_us"]) - float(r2[case + "_dma_us"])
    b1, b2 = float(r1[case + "_blocks"]), float(r2[case + "_blocks"])
    c1, c2 = float(r1["chunks"]), float(r2["chunks"])
    det = b1 * c2 - b2 * c1
    if det == 0:
        raise ValueError("the two runs must differ in blocks per chunk (e.g. the LM size)")
    return (y1 * c2 - y2 * c1) / det, (b1 * y2 - b2 * y1) / det


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("fit_a")
    ap.add_argument("fit_b")
    ap.add_argument("predict")
    a = ap.parse_args()
    try:
        ra, rb, rp = rows(a.fit_a)[0], rows(a.fit_b)[0], rows(a.predict)
        worst = 0.0
        for case, label in PATHS:
            ka, kb = fit(ra, rb, case)
            print("%s (%s): a = %.3f us per block, b = %.3f us per chunk (fitted at SCALE %s)" % (
                label, case, ka, kb, ra["scale"]))
            print("  SCALE  measured us  predicted us  error   DMA / blocks / chunks share")
            for r in rp:
                t = float(r[case + "_us"])
                dma, blocks, chunks = float(r[case + "_dma_us"]), float(r[case + "_blocks"]), float(r["chunks"])
                pred = dma + blocks * ka + chunks * kb
                err = (pred - t) / t
                worst = max(worst, abs(err))
                print("  %5s  %11.0f  %12.0f  %+5.1f%%  %.2f / %.2f / %.2f" % (
                    r["scale"], t, pred, 100 * err, dma / pred, blocks * ka / pred, chunks * kb / pred))
        print("largest error: %.1f %%" % (100 * worst))
    except (OSError, KeyError, ValueError, IndexError) as e:
        print("hmc_decompose: %s" % e, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
