#!/usr/bin/env bash
# Run a firmware ELF on QEMU's riscv32 `virt` machine, the reference the VP is compared with.
#
#   tools/qemu/run_qemu.sh [options] program.elf [-- extra qemu args]
#
# Options:
#   -b FILE@ADDR   load FILE raw at physical ADDR (repeatable), e.g. -b bootinfo.bin@0x87fff000
#   -d DIR         load every blob listed in DIR/loader.txt (lines "FILE ADDR", FILE relative to DIR),
#                  as written by tools/qemu/make_spmv_data.py
#   -t SECONDS     kill QEMU after SECONDS (default 60; exit status 124 on timeout)
#   -s N           N harts (-smp N; default 1)
#   -n             print the QEMU command line instead of running it
#
# Console: the UART (16550) and semihosting output are multiplexed onto one stdio chardev, so both
# appear on stdout in program order. The exit status is the program's: semihosting exit / exit
# extended, or the test finisher (sifive_test) code.
set -euo pipefail

QEMU=${QEMU:-qemu-system-riscv32}
timeout_s=60
smp=1
dry=0
blobs=()
usage() { sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }

while getopts "b:d:t:s:nh" opt; do
  case $opt in
    b) blobs+=("$OPTARG") ;;
    d) [[ -f "$OPTARG/loader.txt" ]] || { echo "run_qemu.sh: $OPTARG/loader.txt not found" >&2; exit 2; }
       while read -r f a; do
         [[ -z "$f" || "$f" == \#* ]] && continue
         blobs+=("$OPTARG/$f@$a")
       done < "$OPTARG/loader.txt" ;;
    t) timeout_s=$OPTARG ;;
    s) smp=$OPTARG ;;
    n) dry=1 ;;
    *) usage ;;
  esac
done
shift $((OPTIND - 1))
[[ $# -ge 1 ]] || usage
elf=$1; shift
[[ "${1:-}" == "--" ]] && shift
[[ -f "$elf" ]] || { echo "run_qemu.sh: $elf not found" >&2; exit 2; }

cmd=("$QEMU" -machine virt -bios none -m 128M -smp "$smp"
     -display none -monitor none
     -chardev stdio,id=con,mux=on,signal=off
     -serial chardev:con
     -semihosting-config enable=on,target=native,chardev=con
     -kernel "$elf")
for b in "${blobs[@]}"; do
  file=${b%@*}; addr=${b##*@}
  [[ -f "$file" ]] || { echo "run_qemu.sh: blob $file not found" >&2; exit 2; }
  cmd+=(-device "loader,file=$file,addr=$addr,force-raw=on")
done
cmd+=("$@")

if [[ $dry -eq 1 ]]; then printf '%q ' timeout "$timeout_s" "${cmd[@]}"; echo; exit 0; fi
exec timeout "$timeout_s" "${cmd[@]}" </dev/null
