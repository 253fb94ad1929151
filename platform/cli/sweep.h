// The two hooks of `vp sweep` (docs/sweeps.md) in the command line: the sweep itself is the Python
// tool in tools/sweep (it runs points with `vp run` locally, on Dask or on Slurm), and it identifies
// a point by what `vp run --dry-run` prints.
#pragma once
#include <string>
#include <vector>
#include "config/scenario.h"

namespace vp::cli {

// Replaces this process with `python3 -m vpsweep --vp <this vp> ARGS...`; returns only on failure (exit 1).
int exec_sweep(const std::vector<std::string>& args);

// The resolved configuration a run would use and the files it loads:
//   {"config": <what config.json would hold>, "inputs": {"load.0.elf": "/abs/path", ...}}
// (`--elf` adds "--elf": path).
// `files`: the files options name (--elf, --bios, --kernel, --initrd: option -> path; empty paths skipped).
std::string dry_run_json(const config::Scenario& scenario,
                         const std::vector<std::pair<std::string, std::string>>& files);

}  // namespace vp::cli
