#!/usr/bin/env bash
# Installs dependencies, builds everything (models, vp, firmware, tests) and runs the whole test suite,
# then the same suite's unit tests under AddressSanitizer + UndefinedBehaviorSanitizer, then every
# libFuzzer target for FUZZ_SECONDS (default 20) each (scripts/fuzz.sh, docs/reliability.md).
# Usage: scripts/test.sh [--no-sanitize] [--no-fuzz]
set -euo pipefail
cd "$(dirname "$0")/.."
sanitize=1
fuzz=1
for a in "$@"; do
  case "$a" in
    --no-sanitize) sanitize=0 ;;
    --no-fuzz) fuzz=0 ;;
  esac
done

scripts/setup.sh
JOBS=${JOBS:-2}

cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release
cmake --build build -j "$JOBS"
ctest --test-dir build --output-on-failure -j "$JOBS" --timeout 600

if [ $sanitize = 1 ]; then
  # Sanitizer build of the models and tests (no firmware needed twice: it is target code).
  cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DVP_SANITIZE=ON -DVP_FIRMWARE_BIN_DIR="$PWD/build/firmware/bin" -DVP_BUILD_FIRMWARE=OFF
  cmake --build build-asan -j "$JOBS"
  ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
    ctest --test-dir build-asan --output-on-failure -j "$JOBS" --timeout 900 -LE slow
fi

if [ $fuzz = 1 ]; then
  scripts/fuzz.sh -t "${FUZZ_SECONDS:-20}"
fi
