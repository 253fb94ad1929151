#!/usr/bin/env bash
# Speed benchmarks of the VP (not tests: nothing here fails on a slow machine). Method and results:
# docs/performance.md.
#
#   benchmarks/run_benchmarks.sh [-b BUILD_DIR] [-w WORK_DIR] [-r REPS] [-s SECTIONS] [-k]
#
#   -b DIR   build directory with bin/vp and firmware/bin (default build-bench; build it with
#            cmake -S . -B build-bench -G Ninja -DCMAKE_BUILD_TYPE=Release && ninja -C build-bench)
#   -w DIR   scratch directory for run outputs, traces and QEMU data (default /tmp/vp-bench)
#   -r N     repetitions per configuration, the best (least user+sys CPU time) is reported (default 3)
#   -s LIST  comma-separated sections to run: headline,issue,ddr,spmv,cache,qemu,mem,instr (default all)
#            headline: the table of docs/performance.md, back to back on one ELF + data set: QEMU,
#            the VP functional (with and without run-ahead), with caches, with caches + HMC, and
#            the vector accelerator's dense kernel (vec-run); in N interleaved rounds (each round
#            runs every configuration once), so that a slow phase of a shared host hits all alike
#            issue: issue #16's benchmark shape (20000 x 20000, 5.5 M nonzeros, ~88 M instructions:
#            x fits the L2 and the host's caches): QEMU, the VP functional and with caches over
#            DDR3, in N interleaved rounds, on one ELF + data set
#            instr: host instructions per simulated instruction under callgrind (valgrind):
#            repeatable to a few instructions where CPU times move by 20 % between runs; set-up
#            subtracted (~1 min)
#   -k       keep trace files (default: their size is recorded, then they are deleted)
#
# Every measurement is /usr/bin/time -f "%U %S %e %M" around one process: CPU time = user + sys
# (robust on a loaded machine, unlike wall time), peak RSS in KiB. Rates are counts from the run's
# stats.json divided by that CPU time: bus transactions for traffic runs, retired instructions
# (cpu0.instret) for firmware runs. Pairs that are compared (trace on/off, ...) run back to back.
# The 1-minute load average before each configuration is recorded (column load1).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
build=$repo/build-bench
work=/tmp/vp-bench
reps=3
rep_lo=1 rep_hi=3  # the repetitions measure() runs now (the headline runs one per round)
sections=headline,issue,ddr,spmv,cache,qemu,mem,instr
keep=0
usage() { sed -n '2,25p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
while getopts "b:w:r:s:kh" opt; do
  case $opt in
    b) build=$(cd "$OPTARG" && pwd) ;;
    w) work=$OPTARG ;;
    r) reps=$OPTARG rep_hi=$OPTARG ;;
    s) sections=$OPTARG ;;
    k) keep=1 ;;
    *) usage ;;
  esac
done
vp=$build/bin/vp
fw=$build/firmware/bin
[[ -x $vp ]] || { echo "run_benchmarks.sh: $vp not found (build first, see -h)" >&2; exit 2; }
[[ -f $fw/spmv.elf ]] || { echo "run_benchmarks.sh: $fw/spmv.elf not found" >&2; exit 2; }
export VP_FIRMWARE_DIR=$fw
mkdir -p "$work"
work=$(cd "$work" && pwd)
results=$work/results.tsv
util() { python3 "$here/bench_util.py" "$@"; }
want() { [[ ",$sections," == *",$1,"* ]]; }
load1() { cut -d' ' -f1 /proc/loadavg; }

# SpMV sizes (random CSR from the VP's workload generator, 4 B index + 4 B value per nonzero):
#   big   250000 rows x ~40 nnz/row = ~10 M nonzeros, ~83 MB of data (< 90 MiB: fits the 128 MiB RAM
#         from __loader_start); ~0.18 G instructions. Configurations (a), (b).
#   mid   20000 x ~16 = ~0.32 M nonzeros; ~5.8 M instructions, ~7.9 M bus transactions. Config (c).
#   small 2000 x ~16 = ~32 k nonzeros; ~0.6 M instructions; config (c) and (d) back to back (the
#         trace of (d) is ~1.3 kB per bus transaction, ~1 GB here).
big=(--set workload.spmv.rows=250000 --set workload.spmv.nnz_per_row=40)
mid=(--set workload.spmv.rows=20000 --set workload.spmv.nnz_per_row=16)
small=(--set workload.spmv.rows=2000 --set workload.spmv.nnz_per_row=16)
ddr=(--set platform.ram.timing=ddr)
dmioff=(--set platform.ram.timing=ddr --set platform.cpu.dmi=false --set platform.ram.dmi=false)
trace=(--set trace.enabled=true --set 'trace.formats=[perfetto,csv]' --set trace.max_bytes=0)  # unbounded: the whole run's cost
caches=(--set platform.caches.l1i.enabled=true --set platform.caches.l1d.enabled=true --set platform.caches.l2.enabled=true)
# QEMU comparison data (tools/qemu/make_spmv_data.py; pure Python, ~3 us per nonzero, cached):
# 250000 x 250000 with ~10 M nonzeros from __loader_start (QEMU's -m 128M holds it).
q_rows=250000 q_nnz=10000000 q_base=0x81004000
# The shape of issue #16's 94 M-instruction benchmark: 20000 x 20000, 5.5 M nonzeros (88 M instructions).
i_rows=20000 i_nnz=5500000

# measure NAME METRIC WANT_RC CMD... : run CMD $reps times, keep the best CPU time, append a row.
# METRIC: transactions | instret | rss | none (which stats.json counter is the count).
measure() {
  local name=$1 metric=$2 want_rc=$3; shift 3
  local best="" best_i=0 l rc i t u s e m cpu tb=0
  l=$(load1)
  for ((i = rep_lo; i <= rep_hi; i++)); do
    local out=$work/$name.$i
    rm -rf "$out"
    set +e
    /usr/bin/time -f "%U %S %e %M" -o "$work/$name.$i.time" "$@" --out "$out" --quiet >"$work/$name.$i.log" 2>&1
    rc=$?
    set -e
    if [[ $rc != "$want_rc" ]]; then
      echo "run_benchmarks.sh: $name: exit $rc, want $want_rc (log: $work/$name.$i.log)" >&2
      tail -5 "$work/$name.$i.log" >&2
      return 1
    fi
    read -r u s e m < <(tail -1 "$work/$name.$i.time")
    cpu=$(python3 -c "print('%.3f' % ($u + $s))")
    printf '  %-22s rep %d: %6.2f s CPU (user %s sys %s) %6.2f s wall %8d KiB\n' "$name" "$i" "$cpu" "$u" "$s" "$e" "$m"
    if [[ -z $best ]] || python3 -c "import sys; sys.exit(0 if $cpu < ${best%% *} else 1)"; then
      best="$cpu $e $m"; best_i=$i
    fi
    for f in "$out"/trace.json "$out"/trace.csv; do
      [[ -f $f && $i == "$rep_lo" ]] && tb=$((tb + $(stat -c %s "$f")))
    done
    if [[ $keep == 0 ]]; then rm -f "$out"/trace.json "$out"/trace.csv; fi
  done
  local count=0 extra=""
  local bo=$work/$name.$best_i
  case $metric in
    transactions) count=$(util get "$bo" components.bus.counters.transactions) ;;
    instret) count=$(util get "$bo" components.cpu0.counters.instret)
             extra="bus txns $(util get "$bo" components.bus.counters.transactions)" ;;
    rss) extra="host.json peak_rss $(( $(util host "$bo" peak_rss_bytes) / 1048576 )) MiB" ;;
  esac
  [[ $tb -gt 0 ]] && extra="${extra:+$extra; }trace $(python3 -c "print('%.2f GB' % ($tb / 1e9))") ($(python3 -c "print('%.0f' % ($tb / max(1, $(util get "$bo" components.bus.counters.transactions))))") B/bus txn)"
  read -r cpu e m <<<"$best"
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$metric" "$count" "$cpu" "$e" "$m" "$l" "$extra" >>"$results"
}

# measure_cmd NAME COUNT CMD... : the same for a non-VP command (QEMU) whose count is given.
measure_cmd() {
  local name=$1 count=$2; shift 2
  local best="" l i u s e m cpu rc
  l=$(load1)
  for ((i = rep_lo; i <= rep_hi; i++)); do
    set +e
    /usr/bin/time -f "%U %S %e %M" -o "$work/$name.$i.time" "$@" >"$work/$name.$i.log" 2>&1
    rc=$?
    set -e
    read -r u s e m < <(tail -1 "$work/$name.$i.time")
    cpu=$(python3 -c "print('%.3f' % ($u + $s))")
    printf '  %-22s rep %d: %6.2f s CPU (user %s sys %s) %6.2f s wall %8d KiB (exit %d)\n' "$name" "$i" "$cpu" "$u" "$s" "$e" "$m" "$rc"
    if [[ -z $best ]] || python3 -c "import sys; sys.exit(0 if $cpu < ${best%% *} else 1)"; then best="$cpu $e $m"; fi
  done
  read -r cpu e m <<<"$best"
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "instret" "$count" "$cpu" "$e" "$m" "$l" "exit $rc" >>"$results"
}

# measure_vec NAME VLEN ITERATIONS: the vector accelerator's dense kernel (vec-run); count = element ops.
measure_vec() {
  local name=$1 vlen=$2 iters=$3
  local dlm=$((0x18500000)) vlmax=$((vlen / 4)) best="" l i u s e m cpu ops
  local x=$((dlm + 0x1000)); local y=$((x + 4 * vlmax))
  local dsize=$(( (0x1000 + 8 * vlmax + 0x1000 + 4095) / 4096 * 4096 )); [[ $dsize -lt 32768 ]] && dsize=32768
  l=$(load1)
  for ((i = rep_lo; i <= rep_hi; i++)); do
    /usr/bin/time -f "%U %S %e %M" -o "$work/$name.$i.time" "$build/bin/vec-run" --vlen "$vlen" --dlm "$dsize" --stats \
      "$fw/vec_bench.text.bin" "$fw/vec_bench.data.bin" "$iters" "$x" "$y" >"$work/$name.$i.log" 2>&1
    read -r u s e m < <(tail -1 "$work/$name.$i.time")
    cpu=$(python3 -c "print('%.3f' % ($u + $s))")
    printf '  %-22s rep %d: %6.2f s CPU %6.2f s wall\n' "$name" "$i" "$cpu" "$e"
    if [[ -z $best ]] || python3 -c "import sys; sys.exit(0 if $cpu < ${best%% *} else 1)"; then best="$cpu $e $m"; fi
  done
  ops=$(grep -o 'element_ops[= ]*[0-9]*' "$work/$name.$rep_lo.log" | grep -o '[0-9]*$' | head -1)
  read -r cpu e m <<<"$best"
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "element_ops" "${ops:-0}" "$cpu" "$e" "$m" "$l" "VLEN $vlen, $iters iterations" >>"$results"
}

{
  echo "# vp benchmarks $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "# host: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(awk '/MemTotal/ {printf "%.1f GiB", $2/1048576}' /proc/meminfo)"
  echo "# tree: $(git -C "$repo" rev-parse --short HEAD)$(git -C "$repo" diff --quiet HEAD -- models platform include 2>/dev/null || echo ' + uncommitted changes in models/platform/include')"
  echo "# vp: $vp; reps $reps (best CPU time); load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "# name	metric	count	cpu_s	wall_s	peak_rss_kib	load1	notes"
} >"$results"
sed -n '2,5p' "$results" | sed 's/^# //'

# qemu_data [ROWS NNZ YAML]: generate (once, cached in $work) a QEMU data set (ROWS x ROWS, NNZ
# nonzeros; default the headline's) and the VP scenario YAML loading the same bytes; sets qd.
qemu_data() {
  local rows=${1:-$q_rows} nnz=${2:-$q_nnz} yaml=${3:-$work/spmv_qemu_data.yaml}
  qd=$work/qemu_data_${rows}_${nnz}
  if [[ ! -f $qd/loader.txt ]]; then
    echo "  generating $qd (make_spmv_data.py, slow: pure Python)"
    python3 "$repo/tools/qemu/make_spmv_data.py" --rows "$rows" --cols "$rows" --nnz "$nnz" --base $q_base -o "$qd.tmp" >/dev/null
    rm -rf "$qd"; mv "$qd.tmp" "$qd"
  fi
  util qemu-scenario "$qd" "$fw/spmv.elf" "$yaml"
}

# start_round N: the next interleaved round (measure() and measure_cmd() run repetition N only).
# Interleaved: each round runs every configuration once, so a slow phase of a shared host hits all
# of them alike (the ratios to QEMU are the result); a table keeps each configuration's best round.
start_round() {
  rep_lo=$1 rep_hi=$1
  echo "  -- round $1 of $reps"
}

# functional_and_qemu PREFIX ROUND: the VP functional on "${same[@]}" (its instruction count is the
# program's on these bytes: QEMU does not count), then QEMU on the same ELF and data ($qd).
functional_and_qemu() {
  local prefix=$1 round=$2 n
  measure "$prefix.vp.functional" instret 0 "${same[@]}"
  n=$(tail -1 "$results" | cut -f3)
  # The interpreter (the reference; the default executor is the translating one where the build has
  # it, issue #38 item 1): the same run, timing and stats identical.
  measure "$prefix.vp.functional.interpret" instret 0 "${same[@]}" --set platform.cpu.executor=interpret
  if command -v qemu-system-riscv32 >/dev/null; then
    measure_cmd "$prefix.qemu" "$n" "$repo/tools/qemu/run_qemu.sh" -t 600 -d "$qd" "$fw/spmv.elf"
    grep -q "PASS" "$work/$prefix.qemu.$round.log" ||
      echo "run_benchmarks.sh: QEMU run did not PASS (see $work/$prefix.qemu.$round.log)" >&2
  elif [[ $round == 1 ]]; then
    echo "  qemu-system-riscv32 not installed: no QEMU row"
  fi
}

if want headline; then
  echo "== headline: one ELF + data set (SpMV, ~10 M nonzeros), back to back: QEMU and the VP's configurations"
  qemu_data
  same=("$vp" run "$work/spmv_qemu_data.yaml")
  for ((round = 1; round <= reps; round++)); do
    start_round $round
    functional_and_qemu head $round
    measure head.vp.functional.every_quantum instret 0 "${same[@]}" --set platform.cpu.run_ahead=false
    measure head.vp.functional.q1ms instret 0 "${same[@]}" --set platform.quantum=1ms
    measure head.vp.caches_ddr3 instret 0 "${same[@]}" "${ddr[@]}" "${caches[@]}"
    measure head.vp.caches_hmc instret 0 "${same[@]}" --set platform.ram.timing=hmc "${caches[@]}"
    # The vector accelerator has no SpMV program: its dense loop on the accelerator model alone
    # (benchmarks/vector_bench.sh), rate in simulated element operations per CPU second.
    if [[ -x $build/bin/vec-run && -f $fw/vec_bench.text.bin ]]; then
      measure_vec head.vec_bench.vlen1024 1024 200000
    fi
  done
  rep_lo=1 rep_hi=$reps
fi

if want issue; then
  echo "== issue #16's benchmark shape ($i_rows x $i_rows, $i_nnz nonzeros), back to back: QEMU and the VP"
  qemu_data $i_rows $i_nnz "$work/spmv_issue_data.yaml"
  same=("$vp" run "$work/spmv_issue_data.yaml")
  for ((round = 1; round <= reps; round++)); do
    start_round $round
    functional_and_qemu issue $round
    measure issue.vp.caches_ddr3 instret 0 "${same[@]}" "${ddr[@]}" "${caches[@]}"
  done
  rep_lo=1 rep_hi=$reps
fi

if want ddr; then
  echo "== traffic generator -> bus -> DDR3 (dmi off): trace off / on back to back"
  measure ddr_stream.notrace transactions 0 "$vp" run "$repo/scenarios/bench_ddr_stream.yaml"
  measure ddr_stream.trace transactions 0 "$vp" run "$repo/scenarios/bench_ddr_stream.yaml" "${trace[@]}"
  measure ddr_random.notrace transactions 0 "$vp" run "$repo/scenarios/bench_ddr_random.yaml"
  measure ddr_random.trace transactions 0 "$vp" run "$repo/scenarios/bench_ddr_random.yaml" "${trace[@]}"
fi

if want spmv; then
  echo "== ISS on the SpMV firmware"
  spmv=("$vp" run "$repo/scenarios/bench_spmv.yaml")
  # Host-side setup of the big run alone (matrix generation, ELF and data loading): stopped after 1 ns.
  measure spmv.setup none 3 "${spmv[@]}" "${big[@]}" --set limits.max_sim_time=1ns
  measure spmv.a.fixed instret 0 "${spmv[@]}" "${big[@]}"
  measure spmv.b.ddr instret 0 "${spmv[@]}" "${big[@]}" "${ddr[@]}"
  # (a) again with a 1 ms quantum: how much of (a) is per-quantum synchronisation (see the doc).
  measure spmv.a.fixed.q1ms instret 0 "${spmv[@]}" "${big[@]}" --set platform.quantum=1ms
  measure spmv.c.dmioff instret 0 "${spmv[@]}" "${mid[@]}" "${dmioff[@]}"
  measure spmv.c.small instret 0 "${spmv[@]}" "${small[@]}" "${dmioff[@]}"
  measure spmv.d.small.trace instret 0 "${spmv[@]}" "${small[@]}" "${dmioff[@]}" "${trace[@]}"
fi

if want cache; then
  echo "== ISS on the SpMV firmware with L1I + L1D + L2 (DDR3): the cost of the cache model"
  spmv=("$vp" run "$repo/scenarios/bench_spmv.yaml")
  measure cache.spmv.b.ddr.nocache instret 0 "${spmv[@]}" "${big[@]}" "${ddr[@]}"
  measure cache.spmv.b.ddr.caches instret 0 "${spmv[@]}" "${big[@]}" "${ddr[@]}" "${caches[@]}"
  measure cache.spmv.b.ddr.caches.q1ms instret 0 "${spmv[@]}" "${big[@]}" "${ddr[@]}" "${caches[@]}" --set platform.quantum=1ms
  # Trace cost with caches (every miss is traced through bus, L2 and RAM), back to back.
  measure cache.spmv.mid.caches.notrace instret 0 "${spmv[@]}" "${mid[@]}" "${ddr[@]}" "${caches[@]}"
  measure cache.spmv.mid.caches.trace instret 0 "${spmv[@]}" "${mid[@]}" "${ddr[@]}" "${caches[@]}" "${trace[@]}"
fi

if want qemu; then
  if command -v qemu-system-riscv32 >/dev/null; then
    echo "== QEMU TCG vs the VP on identical ELF + data"
    qemu_data
    # VP config (a) on the same bytes: gives the instruction count of this exact program + data.
    measure vp.spmv_qemu_data instret 0 "$vp" run "$work/spmv_qemu_data.yaml"
    n=$(tail -1 "$results" | cut -f3)
    measure_cmd qemu.startup 0 "$repo/tools/qemu/run_qemu.sh" -t 60 "$fw/spmv.elf"
    measure_cmd qemu.spmv "$n" "$repo/tools/qemu/run_qemu.sh" -t 600 -d "$qd" "$fw/spmv.elf"
    grep -q "PASS" "$work/qemu.spmv.1.log" || echo "run_benchmarks.sh: QEMU run did not PASS (see $work/qemu.spmv.1.log)" >&2
  else
    echo "== QEMU: qemu-system-riscv32 not installed, skipped"
  fi
fi

if want mem; then
  echo "== memory: 4 GiB of RAM, hello firmware (touches a few pages); then 64 MiB written"
  measure mem.ram128MiB rss 0 "$vp" run "$repo/scenarios/bench_bigram.yaml" --set platform.ram.size=128MiB
  measure mem.ram2GiB rss 0 "$vp" run "$repo/scenarios/bench_bigram.yaml"
  # The same 4 GiB memory with 64 MiB written (1 M sequential 64 B writes): RSS grows by what is touched.
  measure mem.ram4GiB.write64MiB rss 0 "$vp" run "$repo/scenarios/bench_ddr_stream.yaml" \
    --set platform.ram.size=4GiB --set traffic.0.count=1048576 --set traffic.0.read_fraction=0
fi

# measure_instr NAME ARGS... : host instructions (callgrind's Ir, the whole process) of a VP run and of
# the same run stopped after 1 ns (set-up: parsing, workload generation, loading); the difference per
# retired guest instruction. The same binary and scenario give the same counts to a few instructions.
measure_instr() {
  local name=$1; shift
  local out=$work/$name ir setup n
  rm -rf "$out" "$out.setup"
  set +e  # (the set-up run stops at its time limit: exit 3)
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$vp" run "$@" --out "$out" --quiet >"$work/$name.log" 2>&1
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$vp" run "$@" --set limits.max_sim_time=1ns \
    --out "$out.setup" --quiet >"$work/$name.setup.log" 2>&1
  set -e
  ir=$(grep -o 'Collected : [0-9]*' "$work/$name.log" | grep -o '[0-9]*$' || true)
  setup=$(grep -o 'Collected : [0-9]*' "$work/$name.setup.log" | grep -o '[0-9]*$' || true)
  if [[ -z $ir || -z $setup || ! -f $out/stats.json ]]; then
    echo "run_benchmarks.sh: $name: no callgrind count (logs: $work/$name.log, $work/$name.setup.log)" >&2
    return 1
  fi
  n=$(util get "$out" components.cpu0.counters.instret)
  local per; per=$(python3 -c "print('%.1f' % (($ir - $setup) / $n))")
  printf '  %-26s %12d host instructions (set-up %d), %d guest: %s per guest instruction\n' "$name" "$ir" "$setup" "$n" "$per"
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "none" "$n" "0" "0" "0" "$(load1)" \
    "host instructions $ir, set-up $setup: $per per guest instruction" >>"$results"
}

if want instr; then
  if command -v valgrind >/dev/null; then
    echo "== host instructions per guest instruction (callgrind; repeatable, machine-independent)"
    sm=(--set workload.spmv.rows=5000 --set workload.spmv.nnz_per_row=16)
    measure_instr instr.functional "$repo/scenarios/bench_spmv.yaml" "${sm[@]}"
    # The same with the ISS's interpreter (the default executor translates where the build can; docs/iss.md).
    measure_instr instr.functional.interpret "$repo/scenarios/bench_spmv.yaml" "${sm[@]}" \
      --set platform.cpu.executor=interpret
    measure_instr instr.caches_ddr3 "$repo/scenarios/bench_spmv.yaml" "${mid[@]}" "${ddr[@]}" "${caches[@]}"
    # With caches the default executor translates too (blocks test the L1s' grants, session 23).
    measure_instr instr.caches_ddr3.interpret "$repo/scenarios/bench_spmv.yaml" "${mid[@]}" "${ddr[@]}" "${caches[@]}" \
      --set platform.cpu.executor=interpret
    measure_instr instr.caches_hmc "$repo/scenarios/bench_spmv.yaml" "${mid[@]}" --set platform.ram.timing=hmc "${caches[@]}"
  else
    echo "== instr: valgrind not installed, skipped"
  fi
fi

echo
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# load average at end: $(cut -d' ' -f1-3 /proc/loadavg)" >>"$results"
echo
util table "$results"
echo
echo "raw results: $results"
