/* GCN aggregation engine (docs/gcn_engines.md): Y_s = Â·X_s for one vertical strip of a tiling, Â in CSC,
 * X_s and Y_s one feature slice (n rows of `width` floats), read and written through the platform's bus
 * and its L2 (the global cache, shared with the CPU). Lee et al.'s engine: 16 SIMD cores fed by a vertex
 * prefetcher (colptr, cursors), an edge prefetcher (row indices, weights) and a feature reader (rows of
 * X_s, Y_s). One job = one strip: destinations [D0, D1), square tiles of SIDE source vertices, tiles in
 * ascending source order; SIDE >= N is one tile (the column at once, no cursors). Every destination row
 * starts at 0.0f and adds weight * x rounded to float, nonzeros in storage order: the bits of
 * include/vp/gcn_data.h's reference. Base and IRQ: memmap.h. Plain C: shared by models/gcn_agg, firmware
 * and docs. All registers are 32-bit; accesses must be 32-bit aligned. */
#ifndef VP_REGS_GCN_AGG_H
#define VP_REGS_GCN_AGG_H

#define GCN_AGG_WINDOW_SIZE 0x1000u
#define GCN_AGG_ID_VALUE    0x47414747u /* "GGAG" little-endian: G, G, A, G */

/* ---- Control and status ---- */
#define GCN_AGG_ID      0x000u /* RO: GCN_AGG_ID_VALUE */
#define GCN_AGG_CONFIG  0x004u /* RO: [7:0] SIMD cores, [23:8] lanes per core (floats per cycle) */
#define GCN_AGG_CTRL    0x008u /* WO: GCN_AGG_CTRL_START (ignored while busy), GCN_AGG_CTRL_ABORT */
#define GCN_AGG_STATUS  0x00Cu /* RO: GCN_AGG_STATUS_* of the last job */
#define GCN_AGG_IRQ_EN  0x010u /* RW: bit 0 raises the IRQ when a job ends (done, error or aborted) */
#define GCN_AGG_IRQ     0x014u /* RW1C: bit 0, a job ended */
#define GCN_AGG_ERROR   0x018u /* RO: GCN_AGG_ERR_* of the last job (0: none) */
#define GCN_AGG_ERR_ARG 0x01Cu /* RO: the address (bus error) or the index (bad colptr/rowidx) of the error */

/* ---- Job (read at START) ---- */
#define GCN_AGG_COLPTR 0x040u /* RW: address of colptr[N + 1] (uint32, 4-byte aligned) */
#define GCN_AGG_ROWIDX 0x044u /* RW: address of rowidx[NNZ] (uint32, 4-byte aligned) */
#define GCN_AGG_WEIGHT 0x048u /* RW: address of weight[NNZ] (float, 4-byte aligned) */
#define GCN_AGG_X      0x04Cu /* RW: address of X_s (N rows of WIDTH floats, 64-byte aligned) */
#define GCN_AGG_Y      0x050u /* RW: address of Y_s (same shape, 64-byte aligned) */
#define GCN_AGG_CURSOR 0x054u /* RW: address of cursor[N] (uint32 scratch, 4-byte aligned; tiled jobs) */
#define GCN_AGG_N      0x058u /* RW: vertices (rows and columns of Â) */
#define GCN_AGG_NNZ    0x05Cu /* RW: nonzeros: no colptr value may exceed it (bounds the rowidx/weight reads) */
#define GCN_AGG_WIDTH  0x060u /* RW: floats per row of X_s and Y_s: a multiple of 16, at most max_width */
#define GCN_AGG_D0     0x064u /* RW: first destination of the strip */
#define GCN_AGG_D1     0x068u /* RW: end of the strip (D0 < D1 <= N) */
#define GCN_AGG_SIDE   0x06Cu /* RW: tile side in source vertices (>= N: one tile, no cursors) */

/* ---- Counters ---- */
#define GCN_AGG_CYCLES_LO  0x080u /* RO: engine cycles of the last job (START to its end) */
#define GCN_AGG_CYCLES_HI  0x084u /* RO: upper half */
#define GCN_AGG_TOTAL_LO   0x088u /* RO: engine cycles of all jobs since reset (the slice time ATM reads) */
#define GCN_AGG_TOTAL_HI   0x08Cu /* RO: upper half */
#define GCN_AGG_NONZEROS   0x090u /* RO: nonzeros the last job multiplied in */
#define GCN_AGG_LINES_READ 0x094u /* RO: 64-byte line reads of the last job (all prefetchers) */
#define GCN_AGG_JOBS       0x098u /* RO: jobs started since reset */

/* ---- Bits ---- */
#define GCN_AGG_CTRL_START     (1u << 0) /* start the job described by the job registers */
#define GCN_AGG_CTRL_ABORT     (1u << 1) /* stop a running job (status ABORTED) */
#define GCN_AGG_STATUS_BUSY    (1u << 0) /* a job runs */
#define GCN_AGG_STATUS_DONE    (1u << 1) /* the last job ended normally */
#define GCN_AGG_STATUS_ERROR   (1u << 2) /* the last job ended with an error (GCN_AGG_ERROR) */
#define GCN_AGG_STATUS_ABORTED (1u << 3) /* the last job was aborted */

/* ---- Error codes (GCN_AGG_ERROR) ---- */
#define GCN_AGG_ERR_CONFIG 1u /* bad job registers: N, WIDTH, D0/D1, SIDE, alignment (ERR_ARG: the register offset) */
#define GCN_AGG_ERR_BUS    2u /* a read or write got an error response (ERR_ARG: its address) */
#define GCN_AGG_ERR_COLPTR 3u /* colptr[v] > colptr[v + 1] or > NNZ (ERR_ARG: v) */
#define GCN_AGG_ERR_ROWIDX 4u /* a row index >= N (ERR_ARG: the nonzero's index) */

#endif
