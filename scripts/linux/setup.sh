#!/usr/bin/env bash
# Installs what scripts/linux/build.sh needs beyond scripts/setup.sh (the cross compiler
# gcc-riscv64-unknown-elf, QEMU, dtc come from there): the kernel's host tools (Kconfig's lexer and
# parser need flex and bison, timeconst needs bc), and what fetches and unpacks Debian's kernel source.
# Only the slow Linux image job runs this; the regular build and CI (which boots the committed
# images) do not need it. Idempotent: returns at once when everything is present.
set -euo pipefail

PACKAGES=(
  flex bison bc make perl python3 xz-utils gzip cpio dpkg-dev
  gcc libc6-dev            # host programs of the kernel build (fixdep, conf, gen_init_cpio ...)
  gcc-riscv64-unknown-elf binutils-riscv64-unknown-elf  # OpenSBI, kernel, init
  # The kernel's link step only: GNU ld 2.40 built for the riscv64-linux-gnu target. The ld of
  # binutils-riscv64-unknown-elf (same 2.40 release) has no shared-object support ("-shared not
  # supported"), and an rv32 MMU kernel always links its vDSO as a shared object.
  binutils-riscv64-linux-gnu
  qemu-system-misc         # the boot check at the end of build.sh
)

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "linux setup: installing ${missing[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
