/* GCN combination engine (docs/gcn_engines.md): Z = X·W on a weight-stationary systolic array (32 x 32
 * processing elements by default) behind the platform's bus and L2. X: M x K floats, W: K x N floats, Z:
 * M x N floats, row-major with row strides in bytes. Z[i][j] = sum over k ascending of X[i][k] * W[k][j]
 * from 0.0f, each product and each sum rounded to float (no fused multiply-add): a partial sum flows down
 * a column of the array in k order, and a K tile starts from the partial sums of the one before it.
 * Base and IRQ: memmap.h. Plain C: shared by models/gcn_comb, firmware and docs. All registers are 32-bit;
 * accesses must be 32-bit aligned. */
#ifndef VP_REGS_GCN_COMB_H
#define VP_REGS_GCN_COMB_H

#define GCN_COMB_WINDOW_SIZE 0x1000u
#define GCN_COMB_ID_VALUE    0x424D4347u /* "GCMB" little-endian */

/* ---- Control and status ---- */
#define GCN_COMB_ID      0x000u /* RO: GCN_COMB_ID_VALUE */
#define GCN_COMB_CONFIG  0x004u /* RO: [15:0] array rows (K per tile), [31:16] array columns (N per tile) */
#define GCN_COMB_CTRL    0x008u /* WO: GCN_COMB_CTRL_START (ignored while busy), GCN_COMB_CTRL_ABORT */
#define GCN_COMB_STATUS  0x00Cu /* RO: GCN_COMB_STATUS_* of the last job */
#define GCN_COMB_IRQ_EN  0x010u /* RW: bit 0 raises the IRQ when a job ends (done, error or aborted) */
#define GCN_COMB_IRQ     0x014u /* RW1C: bit 0, a job ended */
#define GCN_COMB_ERROR   0x018u /* RO: GCN_COMB_ERR_* of the last job (0: none) */
#define GCN_COMB_ERR_ARG 0x01Cu /* RO: the address (bus error) or the register offset (bad job) of the error */

/* ---- Job (read at START) ---- */
#define GCN_COMB_X        0x040u /* RW: address of X (4-byte aligned) */
#define GCN_COMB_W        0x044u /* RW: address of W (4-byte aligned) */
#define GCN_COMB_Z        0x048u /* RW: address of Z (4-byte aligned) */
#define GCN_COMB_M        0x04Cu /* RW: rows of X and Z (>= 1) */
#define GCN_COMB_K        0x050u /* RW: columns of X, rows of W (>= 1) */
#define GCN_COMB_N        0x054u /* RW: columns of W and Z (>= 1) */
#define GCN_COMB_X_STRIDE 0x058u /* RW: bytes between rows of X (>= 4 K, a multiple of 4) */
#define GCN_COMB_W_STRIDE 0x05Cu /* RW: bytes between rows of W (>= 4 N, a multiple of 4) */
#define GCN_COMB_Z_STRIDE 0x060u /* RW: bytes between rows of Z (>= 4 N, a multiple of 4) */
#define GCN_COMB_FLAGS    0x064u /* RW: GCN_COMB_FLAGS_* (other bits: a CONFIG error) */

/* ---- Counters ---- */
#define GCN_COMB_CYCLES_LO 0x080u /* RO: engine cycles of the last job (START to its end) */
#define GCN_COMB_CYCLES_HI 0x084u /* RO: upper half */
#define GCN_COMB_TOTAL_LO  0x088u /* RO: engine cycles of all jobs since reset */
#define GCN_COMB_TOTAL_HI  0x08Cu /* RO: upper half */
#define GCN_COMB_TILES     0x090u /* RO: array tiles (weight loads) of the last job */
#define GCN_COMB_JOBS      0x094u /* RO: jobs started since reset */

/* ---- Bits ---- */
#define GCN_COMB_FLAGS_ACCUMULATE (1u << 0) /* Z += X·W: the first K tile starts from Z's values, not 0.0f */
#define GCN_COMB_CTRL_START       (1u << 0) /* start the job described by the job registers */
#define GCN_COMB_CTRL_ABORT       (1u << 1) /* stop a running job (status ABORTED) */
#define GCN_COMB_STATUS_BUSY      (1u << 0) /* a job runs */
#define GCN_COMB_STATUS_DONE      (1u << 1) /* the last job ended normally */
#define GCN_COMB_STATUS_ERROR     (1u << 2) /* the last job ended with an error (GCN_COMB_ERROR) */
#define GCN_COMB_STATUS_ABORTED   (1u << 3) /* the last job was aborted */

/* ---- Error codes (GCN_COMB_ERROR) ---- */
#define GCN_COMB_ERR_CONFIG 1u /* bad job registers: a zero size, a short stride, misalignment, 4 GiB wrap */
#define GCN_COMB_ERR_BUS    2u /* a read or write got an error response (ERR_ARG: its address) */

#endif
