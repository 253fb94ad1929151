#!/usr/bin/env bash
# Installs every build, test and experiment dependency from Debian's archive.
# Idempotent: when everything is present it only runs dpkg-query and returns in well under a second.
set -euo pipefail

PACKAGES=(
  build-essential cmake ninja-build pkg-config git
  libsystemc-dev libboost-dev catch2 libspdlog-dev libfmt-dev libyaml-cpp-dev nlohmann-json3-dev libcli11-dev zlib1g-dev
  gcc-riscv64-unknown-elf picolibc-riscv64-unknown-elf binutils-riscv64-unknown-elf
  qemu-system-misc gdb-multiarch
  clang-14 libclang-rt-14-dev
  python3 python3-matplotlib python3-numpy
  python3-yaml python3-distributed slurm-wlm munge   # vp sweep: spec, Dask engine, Slurm engine + its test
  protobuf-compiler libprotobuf-dev python3-protobuf  # the Perfetto binary trace (models/trace, tests/trace)
  chromium  # tests/report: the HTML report rendered in a real browser (headless)
  device-tree-compiler libfdt-dev  # vp describe --dts checked with dtc; the DTB built in-process (docs/devicetree.md)
  libxbyak-dev  # the ISS's translating executor generates x86-64 code with it (models/cpu/iss/translator.h)
  dpkg-dev file  # cpack -G DEB: dpkg-shlibdeps computes Depends, file finds the executables (tests/install/test_deb.py)
)

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "setup: installing ${missing[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
