#!/usr/bin/env bash
# The official RISC-V ISA tests (github.com/riscv-software-src/riscv-tests, with its env submodule
# github.com/riscv/riscv-test-env) on the ISS: builds the RV32 suites the hart implements — rv32ui,
# rv32um, rv32ua, rv32uf, rv32uc, rv32mi, rv32si (94 tests), physical-memory environment "p" — with
# the Debian cross toolchain and runs each on iss-run, which ends at the test's HTIF tohost write
# (1 = pass, 2n+1 = test case n failed). A name with "-v-" (rv32ui-v-add) builds the test in the
# virtual-memory environment "v" instead: a small supervisor (env/v/vm.c) maps the test's pages on
# demand with Sv32 and runs it in U-mode.
#
# Usage: tools/riscv_tests/run.sh RISCV_TESTS_DIR [-b ISS_RUN] [-w WORK_DIR] [-g PMP_G] [--virtual] [TEST...]
#   RISCV_TESTS_DIR  a checkout of riscv-tests whose env/ holds riscv-test-env (third_party/riscv-tests
#                    is the subset the repository keeps)
#   --virtual        the default list is every -v test of rv32ui, um, ua, uf, uc (72) instead
#   ISS_RUN          default build/bin/iss-run
#   TEST             e.g. rv32mi-p-pmpaddr, rv32ui-v-add (default: every -p test, 94)
# Exit status 1 if any test fails. docs/iss.md lists the results.
set -euo pipefail
src=${1:?usage: run.sh RISCV_TESTS_DIR [-b ISS_RUN] [-w WORK_DIR] [TEST...]}
shift
repo=$(cd "$(dirname "$0")/../.." && pwd)
iss_run=$repo/build/bin/iss-run
work=${TMPDIR:-/tmp}/vp-riscv-tests
extra=()
tests=()
env=p
while [ $# -gt 0 ]; do
  case "$1" in
    -b) iss_run=$2; shift 2 ;;
    -w) work=$2; shift 2 ;;
    -g) extra+=(--pmp-g "$2"); shift 2 ;;
    --virtual) env=v; shift ;;
    *) tests+=("$1"); shift ;;
  esac
done
[ -f "$src/env/p/riscv_test.h" ] || { echo "run.sh: $src/env/p/riscv_test.h missing (riscv-test-env submodule)"; exit 2; }
mkdir -p "$work"

suites=(rv32ui rv32um rv32ua rv32uf rv32uc rv32mi rv32si)
[ "$env" = v ] && suites=(rv32ui rv32um rv32ua rv32uf rv32uc)  # (machine/supervisor tests have no -v)
if [ ${#tests[@]} -eq 0 ]; then
  for s in "${suites[@]}"; do
    # The suite's test list, as its Makefrag names it (<suite>_sc_tests = a b c ...).
    for t in $(sed -n "/^${s}_sc_tests *=/,/^\$/p" "$src/isa/$s/Makefrag" | tr -d '\\' | sed '1s/.*=//'); do
      tests+=("$s-$env-$t")
    done
  done
fi

pass=0
failed=()
for name in "${tests[@]}"; do
  elf=$work/$name
  if [[ $name == *-v-* ]]; then
    suite=${name%%-v-*}
    test=${name#*-v-}
    # As riscv-tests' own Makefile builds its "v" tests (ENTROPY seeds vm.c's page allocator).
    riscv64-unknown-elf-gcc -march=rv32g_zicsr_zifencei -mabi=ilp32 -static -mcmodel=medany -fvisibility=hidden \
      --specs=picolibc.specs -nostdlib -nostartfiles -DENTROPY=0x$(echo "$name" | md5sum | cut -c 1-7) -std=gnu99 -O2 \
      -I"$src/env/v" -I"$src/isa/macros/scalar" -T"$src/env/v/link.ld" "$src/env/v/entry.S" "$src"/env/v/*.c \
      "$src/isa/$suite/$test.S" -o "$elf"
  else
    suite=${name%%-p-*}
    test=${name#*-p-}
    riscv64-unknown-elf-gcc -march=rv32g_zicsr_zifencei -mabi=ilp32 -static -mcmodel=medany -fvisibility=hidden \
      -nostdlib -nostartfiles -I"$src/env/p" -I"$src/isa/macros/scalar" -T"$src/env/p/link.ld" \
      "$src/isa/$suite/$test.S" -o "$elf"
  fi
  if "$iss_run" --max-insns 10000000 "${extra[@]}" "$elf" >"$elf.log" 2>&1; then
    pass=$((pass + 1))
  else
    failed+=("$name (exit $?, $(tail -1 "$elf.log" | cut -c1-80))")
  fi
done
echo "riscv-tests: ${pass} of ${#tests[@]} pass"
for f in "${failed[@]}"; do echo "  FAIL $f"; done
[ ${#failed[@]} -eq 0 ]
