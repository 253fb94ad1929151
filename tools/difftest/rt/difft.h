/* Layout shared by the generated programs (tools/difftest/difftest.py), start.S and runtime.c. A
 * program's context (tp during the program) holds its signature: x1..x31, f0..f31, fcsr, the trap
 * count and log. Offsets in words. */
#define DIFFT_MAX_TRAPS 16
#define DIFFT_DATA_SIZE 256
#define CTX_X           0 /* x0..x31 (x0 unused) */
#define CTX_F           32
#define CTX_FCSR        64
#define CTX_NTRAPS      65
#define CTX_SAVE_T0     66
#define CTX_SAVE_T1     67
#define CTX_LOG         68 /* DIFFT_MAX_TRAPS x {mcause, mtval, mepc, instruction} */
#define CTX_WORDS       (CTX_LOG + 4 * DIFFT_MAX_TRAPS)
