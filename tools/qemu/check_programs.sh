#!/usr/bin/env bash
# Run every "qemu" program of firmware/programs.txt on QEMU and check its exit status against the
# list and its console output against firmware/expected/<name>.out (when that file exists).
#
#   tools/qemu/check_programs.sh BIN_DIR        (BIN_DIR holds <name>.elf, e.g. /tmp/fwbuild/bin)
#
# spmv gets its data from tools/qemu/make_spmv_data.py with default arguments (500x500, seed 1).
# Set UPDATE=1 to rewrite firmware/expected/*.out from the current QEMU outputs.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
bin=${1:?usage: check_programs.sh BIN_DIR}
list=$repo/firmware/programs.txt
expdir=$repo/firmware/expected
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 "$here/make_spmv_data.py" -o "$work/spmv" >/dev/null || exit 1

fail=0
while read -r name where want _; do
  [[ -z "$name" || "$name" == \#* || "$where" != qemu ]] && continue
  args=()
  [[ $name == spmv ]] && args=(-d "$work/spmv")
  "$here/run_qemu.sh" -t 20 "${args[@]}" "$bin/$name.elf" >"$work/$name.out" 2>"$work/$name.err"
  rc=$?
  status=ok
  [[ $rc == "$want" ]] || { status="exit $rc, want $want"; fail=1; }
  if [[ ${UPDATE:-0} == 1 ]]; then
    mkdir -p "$expdir" && cp "$work/$name.out" "$expdir/$name.out"
  elif [[ -f $expdir/$name.out ]] && ! cmp -s "$work/$name.out" "$expdir/$name.out"; then
    status="$status; output differs from firmware/expected/$name.out"
    diff "$expdir/$name.out" "$work/$name.out" | head -20
    fail=1
  fi
  printf '%-16s %s\n' "$name" "$status"
done <"$list"
exit $fail
