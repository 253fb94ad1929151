#!/usr/bin/env bash
# Installs dependencies, builds, and runs a scenario (the embedded default when none is given).
# Usage: scripts/run.sh [SCENARIO] [vp run options...]
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null
cmake --build build -j "${JOBS:-2}"
exec build/bin/vp run "$@"
