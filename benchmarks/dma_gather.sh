#!/usr/bin/env bash
# Cascaded DMA gather measurements (docs/dma.md, "Measurements"): scenarios/bench_dma_gather.yaml
# (8192 random 4-byte elements from a 1 MiB table; the CPU loop, then the DMA) over memory types,
# DMA 2 modes and FIFO depths. Prints one table row per configuration:
#   memory(ddr, fixed, hmc, ddr+cache, hmc+cache)  mode  depth  dma_elem_ns  dma_MB/s  Melem/s  max_inflight  fw_dma_cycles  fw_cpu_cycles  cpu/dma
# dma_* come from the DMA's statistics (element bytes over the descriptor's active time, start of
# the descriptor to its last write); fw_* are the firmware's rdcycle deltas around the CPU loop and
# around msgdma_gather() (driver overhead and cache maintenance included; CPU at 1 GHz).
#
#   [MEMS="ddr fixed hmc"] [CACHE_MEMS="ddr hmc"] benchmarks/dma_gather.sh [-b BUILD_DIR] [-w WORK_DIR]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
build=$repo/build
work=/tmp/vp-dma-bench
while getopts "b:w:h" opt; do
  case $opt in
    b) build=$(cd "$OPTARG" && pwd) ;;
    w) work=$OPTARG ;;
    *) sed -n '2,12p' "$0"; exit 2 ;;
  esac
done
mkdir -p "$work"
run() {  # memory(ddr|fixed|ddr+cache) pipelined depth
  local out=$work/$1-$2-$3
  local sets=(--set "platform.ram.timing=${1%+cache}" --set "platform.dma.pipelined=$2" --set "platform.dma.fifo_depth=$3")
  if [ "$1" = fixed ]; then sets+=(--set "platform.ram.fixed.latency=100ns"); fi
  if [ "$1" != "${1%+cache}" ]; then
    sets+=(--set platform.caches.l1i.enabled=true --set platform.caches.l1d.enabled=true --set platform.caches.l2.enabled=true)
  fi
  "$build/bin/vp" run "$repo/scenarios/bench_dma_gather.yaml" --quiet --out "$out" "${sets[@]}" > "$out.stdout" 2>&1
  python3 - "$out" "$1" "$2" "$3" <<'PY'
import json, re, sys
out, mem, pip, depth = sys.argv[1:]
d = json.load(open(out + "/stats.json"))["components"]["dma"]
c, der = d["counters"], d["derived"]
line = open(out + ".stdout").read()
m = re.search(r"cpu_cycles=(\d+) dma_cycles=(\d+) (PASS|FAIL)", line)
cpu, dma, ok = int(m.group(1)), int(m.group(2)), m.group(3)
n = c["elements"]
ns = der["active_time"] / 1000.0 / n
print(f"{mem:10} {'pipelined' if pip == 'true' else 'mSGDMA':9} {depth:>5} {ns:11.1f} {der['gather_bandwidth']/1e6:9.1f} "
      f"{n / der['active_time'] * 1e6:8.2f} {int(der['max_inflight']):12} {dma:13} {cpu:13} {cpu/dma:7.1f} {ok}")
PY
}
echo "memory      mode      depth dma_elem_ns  dma_MB/s  Melem/s max_inflight fw_dma_cycles fw_cpu_cycles cpu/dma check"
for mem in ${MEMS:-ddr fixed hmc}; do
  run "$mem" false 16
  for depth in 1 2 4 8 16 32 64; do run "$mem" true "$depth"; done
done
# With the CPU's L1I/L1D and the shared L2 (docs/cache.md); the DMA's RAM traffic passes the L2 too.
for mem in ${CACHE_MEMS:-ddr hmc}; do
  run "$mem+cache" false 16
  for depth in 4 16; do run "$mem+cache" true "$depth"; done
done
