/* HMC host controller and its gather/scatter engine (VP_HMC_CTRL_BASE, 64 KiB window, PLIC source
 * VP_IRQ_GATHER). One definition shared by the model (models/memory/hmc), firmware and docs/hmc.md.
 *
 * Firmware writes a descriptor into the GS_* registers and 1 into GS_DOORBELL. The controller sends
 * one custom-command packet to the cube; the cube's logic layer reads the indices and the elements
 * over its internal paths and
 *   GATHER, mode IN_MEMORY: writes the packed array dst[i] = elem[idx[i]] at GS_DEST (an address in
 *                           the cube's memory); only the 1-FLIT completion crosses the link;
 *   GATHER, mode TO_HOST:   returns the packed elements in response packets; the controller stores
 *                           them in its buffer (GS_BUF) at byte offset GS_DEST;
 *   SCATTER, IN_MEMORY:     elem[idx[i]] = src[i], src at GS_DEST in the cube's memory;
 *   SCATTER, FROM_HOST:     the same with src in GS_BUF at offset GS_DEST (sent in request packets).
 * Duplicate scatter indices: the last element (highest i) wins.
 * GS_STATUS reads BUSY until the command's completion time, then DONE or an error. A bad descriptor
 * (zero count, misaligned address, size not 1/2/4/8 or index size not 4/8, any address or index out
 * of range, bad opcode or mode) ends with an error status and changes no memory. Completion (DONE or
 * error) sets GS_IRQ_PENDING bit 0; with GS_IRQ_ENABLE bit 0 set the PLIC source is raised until the
 * pending bit is cleared (write 1 to it).
 *
 * Custom-command packet. HMC 2.1 lets a cube implement custom memory-cube (CMC) commands on command
 * codes the standard command set leaves unused; the codes below are the VP's choice (header/tail =
 * 1 FLIT, descriptor payload = 2 FLITs):
 *   CMD 0x50 GATHER_IM, 0x51 GATHER_TH, 0x52 SCATTER_IM, 0x53 SCATTER_FH (request: 3 FLITs;
 *   SCATTER_FH carries the packed data in further write packets of up to max_block bytes).
 *   Payload: elem_base[63:0], index_addr[63:0], dest[63:0], count[31:0], esize[3:0], isize[7:4].
 *   Responses: 1-FLIT completion with ERRSTAT (0 = ok), or for GATHER_TH data packets of up to
 *   max_block bytes (1 + n/16 FLITs) followed by the completion. */
#ifndef VP_REGS_HMC_H
#define VP_REGS_HMC_H

#define HMC_ID           0x000u  /* RO: HMC_ID_VALUE */
#define HMC_CONFIG       0x004u  /* RO: vaults[7:0] banks[15:8] links[19:16] log2(max_block)[27:24] */
#define GS_OP            0x010u  /* RW: opcode [3:0], mode [8] */
#define GS_ELEM_BASE     0x014u  /* RW: element array base (bus address) */
#define GS_INDEX_ADDR    0x018u  /* RW: index array (bus address) */
#define GS_COUNT         0x01Cu  /* RW: number of elements (> 0) */
#define GS_ELEM_SIZE     0x020u  /* RW: element size in bytes: 1, 2, 4 or 8 */
#define GS_INDEX_SIZE    0x024u  /* RW: index size in bytes: 4 or 8 (unsigned, little endian) */
#define GS_DEST          0x028u  /* RW: packed array: bus address (in-memory) or GS_BUF offset (host) */
#define GS_DOORBELL      0x02Cu  /* W: 1 = start the command (ignored while BUSY) */
#define GS_STATUS        0x030u  /* RO: GS_STATUS_* */
#define GS_IRQ_ENABLE    0x034u  /* RW: bit 0 = raise VP_IRQ_GATHER on completion */
#define GS_IRQ_PENDING   0x038u  /* RW1C: bit 0 = a command completed */
#define GS_ERR_INFO      0x03Cu  /* RO: element number of the first bad index (GS_STATUS_ERR_INDEX) */
#define GS_LAST_NS       0x040u  /* RO: duration of the last command, doorbell to completion, ns */
#define GS_COMPLETED     0x044u  /* RO: commands completed since reset (DONE or error) */
#define GS_ENGINE        0x048u  /* RO: the cube's gather unit: GS_ENGINE_* (platform.hmc_ctrl.engine) */
#define GS_LAST_MERGED   0x04Cu  /* RO: last command: element reads merged into another's vault access */
#define GS_LAST_BUF_HITS 0x050u  /* RO: last command: element reads served by the hot-burst buffer */
#define GS_LAST_READS    0x054u  /* RO: last command: vault accesses that read or wrote elements */
#define GS_BUF           0x8000u /* RW: 32 KiB buffer: to-host gather results / from-host scatter data */
#define GS_BUF_SIZE      0x8000u
#define HMC_CTRL_SIZE    0x10000u

#define HMC_ID_VALUE 0x31434D48u /* "HMC1" */

#define GS_OP_GATHER   1u
#define GS_OP_SCATTER  2u
#define GS_MODE_MEMORY (0u << 8) /* packed array in the cube's memory */
#define GS_MODE_HOST   (1u << 8) /* packed array in GS_BUF (to-host gather / from-host scatter) */

#define GS_ENGINE_IN_ORDER   0u /* one vault access per element, in index order */
#define GS_ENGINE_COALESCING 1u /* merge window + hot-burst buffer + per-vault queues (gathers) */

#define GS_STATUS_IDLE      0u
#define GS_STATUS_BUSY      1u
#define GS_STATUS_DONE      2u
#define GS_STATUS_ERR_COUNT 16u /* count == 0 */
#define GS_STATUS_ERR_SIZE  17u /* element size not 1/2/4/8 or index size not 4/8 */
#define GS_STATUS_ERR_ALIGN 18u /* an address not aligned to its size */
#define GS_STATUS_ERR_RANGE 19u /* index array or packed array outside the memory / GS_BUF */
#define GS_STATUS_ERR_INDEX 20u /* an element address outside the memory (GS_ERR_INFO: which) */
#define GS_STATUS_ERR_OP    21u /* unknown opcode or mode */

/* Custom-command opcodes in the packet header (CMD field). */
#define HMC_CMD_GATHER_IM  0x50u
#define HMC_CMD_GATHER_TH  0x51u
#define HMC_CMD_SCATTER_IM 0x52u
#define HMC_CMD_SCATTER_FH 0x53u

#endif
