#!/usr/bin/env bash
# Installs dependencies, builds everything (models, vp, firmware, tests) and runs the whole test suite,
# then the same suite's unit tests under AddressSanitizer + UndefinedBehaviorSanitizer.
# Usage: scripts/test.sh [--no-sanitize]
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
JOBS=${JOBS:-2}

cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release
cmake --build build -j "$JOBS"
ctest --test-dir build --output-on-failure -j "$JOBS" --timeout 600

if [ "${1:-}" != "--no-sanitize" ]; then
  # Sanitizer build of the models and tests (no firmware needed twice: it is target code).
  cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DVP_SANITIZE=ON -DVP_FIRMWARE_BIN_DIR="$PWD/build/firmware/bin" -DVP_BUILD_FIRMWARE=OFF
  cmake --build build-asan -j "$JOBS"
  ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
    ctest --test-dir build-asan --output-on-failure -j "$JOBS" --timeout 900 -LE slow
fi
