// Exit codes of a run (README.md): the one definition used by every model and the CLI. Firmware's own
// exit codes (finisher, semihosting, tohost) pass through unchanged.
#pragma once

namespace vp {

enum ExitCode : int {
    kExitOk = 0,
    kExitInternal = 1,     // a bug of the simulator (uncaught exception)
    kExitBadInput = 2,     // scenario, --set, ELF or data file rejected (one line: file, key, why)
    kExitLimit = 3,        // a limit (simulated time, host time) stopped the run
    kExitTrap = 4,         // unhandled trap in firmware (a fault report is printed)
    kExitWrongResult = 5,  // the host's result check failed
    kExitHazard = 6,       // a stale-data hazard with `hazards: error`
    kExitDeadlock = 7,     // the firmware waits (WFI) for an event that nothing can raise any more
    kExitKilled = 8,       // the debugger killed the run (gdb `kill`)
};

}  // namespace vp
