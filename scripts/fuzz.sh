#!/usr/bin/env bash
# Builds the libFuzzer targets (fuzz/*_fuzz.cpp; clang-14 with ASan + UBSan, every library
# instrumented) in build-fuzz/ and runs each one for a bounded time from its seed corpus
# fuzz/corpus/<target>/ (read only: new inputs go to build-fuzz/run/<target>/).
#
# Usage: scripts/fuzz.sh [-t SECONDS] [--merge] [TARGET...]
#   -t SECONDS  time per target (default 60)
#   --merge     afterwards, add the new inputs that increase coverage to fuzz/corpus/<target>/
#   TARGET      e.g. iss_exec rsp (default: every target)
# Exit status 1 if any target crashed, hung, leaked, exceeded a memory limit or tripped a sanitizer;
# the reproducer is in build-fuzz/artifacts/<target>/ and the line that replays it is printed.
# docs/reliability.md: the targets, their numbers, how to fuzz longer and how to add a target.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=60
merge=0
targets=()
while [ $# -gt 0 ]; do
  case "$1" in
    -t) seconds=$2; shift 2 ;;
    --merge) merge=1; shift ;;
    -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
    *) targets+=("$1"); shift ;;
  esac
done
if [ ${#targets[@]} -eq 0 ]; then
  for f in fuzz/*_fuzz.cpp; do t=$(basename "$f" _fuzz.cpp); targets+=("$t"); done
fi

JOBS=${JOBS:-2}
launcher=()
if command -v ccache >/dev/null; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache); fi
CC=clang-14 CXX=clang++-14 cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DVP_FUZZ=ON \
  -DVP_BUILD_TESTS=OFF -DVP_BUILD_FIRMWARE=OFF "${launcher[@]}" >/dev/null
cmake --build build-fuzz -j "$JOBS" --target $(printf 'fuzz_%s ' "${targets[@]}")

export ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=0
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
status=0
summary=()
for t in "${targets[@]}"; do
  bin=build-fuzz/bin/fuzz_$t
  seeds=fuzz/corpus/$t
  run=build-fuzz/run/$t
  art=build-fuzz/artifacts/$t
  mkdir -p "$run" "$art" "$seeds"
  log=build-fuzz/run/$t.log
  echo "fuzz: $t for ${seconds}s (seeds: $(ls "$seeds" | wc -l))"
  # fuzz/<target>.options: extra libFuzzer flags of a target, one per line. -detect_leaks=0 is for
  # targets running SystemC, whose coroutine stacks LeakSanitizer cannot walk.
  extra=()
  asan=$ASAN_OPTIONS
  if [ -f "fuzz/$t.options" ]; then
    mapfile -t extra < <(grep -v '^#' "fuzz/$t.options" | sed '/^$/d')
    if grep -q -- '-detect_leaks=0' "fuzz/$t.options"; then asan=${ASAN_OPTIONS/detect_leaks=1/detect_leaks=0}; fi
  fi
  # -malloc_limit_mb: one allocation sized by the input (a 4 GiB buffer) is a finding, not a slow run.
  if ASAN_OPTIONS=$asan "$bin" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=2048 -malloc_limit_mb=512 \
       -print_final_stats=1 -artifact_prefix="$art/" "${extra[@]}" "$run" "$seeds" >"$log" 2>&1; then
    result=ok
  else
    result=FAILED
    status=1
    grep -E "ERROR|SUMMARY|Test unit written|runtime error|==[0-9]+==" "$log" | head -20 || true
    for a in "$art"/*; do [ -e "$a" ] && echo "fuzz: reproduce with: $bin $a"; done
  fi
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  final=$(grep -E "^#[0-9]+" "$log" | tail -1 || true)
  cov=$(echo "$final" | sed -n 's/.* cov: \([0-9]*\).*/\1/p')
  ft=$(echo "$final" | sed -n 's/.* ft: \([0-9]*\).*/\1/p')
  corp=$(echo "$final" | sed -n 's/.* corp: \([0-9]*\).*/\1/p')
  summary+=("$(printf '%-12s %-6s %10s execs  cov %6s  ft %6s  corpus %5s' "$t" "$result" "${execs:-?}" "${cov:-?}" "${ft:-?}" "${corp:-?}")")
  if [ $merge = 1 ] && [ $result = ok ]; then
    "$bin" -merge=1 "$seeds" "$run" >>"$log" 2>&1
    echo "fuzz: $t: corpus now $(ls "$seeds" | wc -l) inputs"
  fi
done
echo "fuzz: ${seconds}s per target"
printf '%s\n' "${summary[@]}"
exit $status
