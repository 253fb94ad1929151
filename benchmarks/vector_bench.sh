#!/usr/bin/env bash
# Simulation speed of the vector accelerator (docs/performance.md, "Vector accelerator"): the dense
# loop of firmware/programs/vec_suite/vec_bench.S (2 loads, vfmacc, vfmul, vfadd, 1 store per
# iteration, LMUL 8) on the accelerator model alone (vec-run: SystemC kernel, VecAccel on a bus),
# for several VLEN; prints simulated element operations per host second. Then the differential
# suite as a mixed workload.
#
#   benchmarks/vector_bench.sh [-b BUILD_DIR] [-n ITERATIONS]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "$here/.." && pwd)/build
iters=200000
while getopts "b:n:h" opt; do
  case $opt in
    b) build=$(cd "$OPTARG" && pwd) ;;
    n) iters=$OPTARG ;;
    *) sed -n '2,9p' "$0"; exit 2 ;;
  esac
done
bin=$build/firmware/bin
run=$build/bin/vec-run
dlm=$((0x18500000))
echo "# vec_bench: $iters iterations"
for vlen in 256 1024 4096; do
  vlmax=$((vlen / 4))
  # x at DLM + 0x1000, y after it (the program image has no data of its own)
  x=$((dlm + 0x1000)); y=$((x + 4 * vlmax))
  dsize=$((0x1000 + 8 * vlmax + 0x1000)); dsize=$(( (dsize + 4095) / 4096 * 4096 ))
  [ $dsize -lt 32768 ] && dsize=32768
  printf "VLEN %-5s VLMAX %-5s " "$vlen" "$vlmax"
  "$run" --vlen "$vlen" --dlm "$dsize" --stats "$bin/vec_bench.text.bin" "$bin/vec_bench.data.bin" "$iters" "$x" "$y"
done
echo "# vec_suite (mixed: scalar data generation, every instruction class)"
"$run" --stats "$bin/vec_suite.text.bin" "$bin/vec_suite.data.bin" $((dlm + 0x1000)) | tail -1
