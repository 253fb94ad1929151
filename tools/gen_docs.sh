#!/usr/bin/env bash
# Regenerates the parts of docs/ that come from the code: docs/parameters.md from `vp describe`, the
# register tables of docs/dma.md and docs/gcn_engines.md from include/vp/regs (tools/gen_regs_doc.py).
# Usage: tools/gen_docs.sh [VP_BINARY]
set -euo pipefail
cd "$(dirname "$0")/.."
VP=${1:-build/bin/vp}
{
  echo "# Scenario parameters"
  echo
  echo "Every key a scenario file accepts, generated from the models' own declarations by"
  echo "\`vp describe --markdown\` (tools/gen_docs.sh; a test fails when this page is stale)."
  echo "Units: sizes accept B/KiB/MiB/GiB (and kB/MB/GB), times ps/ns/us/ms/s, frequencies Hz/kHz/MHz/GHz,"
  echo "bandwidths B/s..GB/s or bit rates (Gb/s). \`[]\` marks a list whose elements have the keys below it."
  echo
  "$VP" describe --markdown
} > docs/parameters.md
echo "wrote docs/parameters.md"
python3 tools/gen_regs_doc.py include/vp/regs/msgdma.h --write docs/dma.md
python3 tools/gen_regs_doc.py include/vp/regs/gcn_agg.h --write docs/gcn_engines.md
python3 tools/gen_regs_doc.py include/vp/regs/gcn_comb.h --write docs/gcn_engines.md
