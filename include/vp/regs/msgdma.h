/* Cascaded scatter-gather DMA (seed 004) built from Intel's Modular Scatter-Gather DMA (mSGDMA).
 *
 * One 64 KiB window at VP_DMA_BASE holds the sub-blocks of the DMA the CPU manages ("DMA 1" of the
 * seed) and the index-to-descriptor converter that feeds the element-reading DMA ("DMA 2"). Inside
 * each sub-block the offsets and bits are Intel's (Embedded Peripherals IP User Guide, mSGDMA core
 * and mSGDMA prefetcher core), so a driver written against Intel's register map works unchanged once
 * it is given the sub-block base addresses below. Plain C: shared by models, firmware and docs/dma.md.
 */
#ifndef VP_REGS_MSGDMA_H
#define VP_REGS_MSGDMA_H

/* ---- sub-blocks inside the window (offsets from VP_DMA_BASE) ---------------------------------- */
#define MSGDMA_CSR_OFFSET      0x0000u /* dispatcher CSR (32 bytes) */
#define MSGDMA_RESPONSE_OFFSET 0x0020u /* response port, memory-mapped (8 bytes) */
#define MSGDMA_DESC_OFFSET     0x0040u /* descriptor port: standard 16 B or extended 32 B */
#define MSGDMA_PREF_OFFSET     0x0080u /* prefetcher CSR (32 bytes) */
#define MSGDMA_CONV_OFFSET     0x0100u /* index-to-descriptor converter (VP, seed 004) */
#define MSGDMA_DMA2_CSR_OFFSET 0x1000u /* DMA 2's dispatcher CSR (read-only view; fed by the converter) */
#define MSGDMA_WINDOW_SIZE     0x10000u

/* ---- dispatcher CSR (Intel: 32-bit words at byte offsets) -------------------------------------- */
#define MSGDMA_CSR_STATUS     0x00u
#define MSGDMA_CSR_CONTROL    0x04u
#define MSGDMA_CSR_FILL_LEVEL 0x08u /* [15:0] read fill level, [31:16] write fill level */
#define MSGDMA_CSR_RESP_FILL  0x0Cu /* [15:0] response fill level */
#define MSGDMA_CSR_SEQ_NUM    0x10u /* [15:0] read sequence number, [31:16] write sequence number */

#define MSGDMA_STATUS_BUSY           (1u << 0)
#define MSGDMA_STATUS_DESC_EMPTY     (1u << 1)
#define MSGDMA_STATUS_DESC_FULL      (1u << 2)
#define MSGDMA_STATUS_RESP_EMPTY     (1u << 3)
#define MSGDMA_STATUS_RESP_FULL      (1u << 4)
#define MSGDMA_STATUS_STOPPED        (1u << 5)
#define MSGDMA_STATUS_RESETTING      (1u << 6)
#define MSGDMA_STATUS_STOPPED_ON_ERR (1u << 7)
#define MSGDMA_STATUS_STOPPED_ON_ET  (1u << 8)
#define MSGDMA_STATUS_IRQ            (1u << 9) /* write 1 to clear */

#define MSGDMA_CONTROL_STOP        (1u << 0) /* stop dispatcher (clear to resume) */
#define MSGDMA_CONTROL_RESET       (1u << 1) /* reset dispatcher, FIFOs and masters (self-clearing) */
#define MSGDMA_CONTROL_STOP_ON_ERR (1u << 2)
#define MSGDMA_CONTROL_STOP_ON_ET  (1u << 3)
#define MSGDMA_CONTROL_GIEM        (1u << 4) /* global interrupt enable mask */
#define MSGDMA_CONTROL_STOP_DESC   (1u << 5) /* stop issuing descriptors */

/* ---- descriptor port ---------------------------------------------------------------------------- */
/* Standard format (16 bytes). */
#define MSGDMA_DESC_READ_ADDR  0x00u
#define MSGDMA_DESC_WRITE_ADDR 0x04u
#define MSGDMA_DESC_LENGTH     0x08u
#define MSGDMA_DESC_CONTROL    0x0Cu /* standard: GO (bit 31) commits the descriptor: write it last */
/* Extended format (32 bytes). */
#define MSGDMA_EDESC_READ_ADDR_LO  0x00u
#define MSGDMA_EDESC_WRITE_ADDR_LO 0x04u
#define MSGDMA_EDESC_LENGTH        0x08u
#define MSGDMA_EDESC_SEQ_BURST     0x0Cu /* [15:0] sequence number, [23:16] read burst, [31:24] write burst */
#define MSGDMA_EDESC_STRIDE        0x10u /* [15:0] read stride, [31:16] write stride (in words; 0 = fixed address) */
#define MSGDMA_EDESC_READ_ADDR_HI  0x14u
#define MSGDMA_EDESC_WRITE_ADDR_HI 0x18u
#define MSGDMA_EDESC_CONTROL       0x1Cu /* extended: GO commits; write it last */

/* Descriptor control word. */
#define MSGDMA_DESC_CTL_TX_CHANNEL(c)   ((unsigned)(c)&0xFFu)
#define MSGDMA_DESC_CTL_GEN_SOP         (1u << 8)
#define MSGDMA_DESC_CTL_GEN_EOP         (1u << 9)
#define MSGDMA_DESC_CTL_PARK_READS      (1u << 10)
#define MSGDMA_DESC_CTL_PARK_WRITES     (1u << 11)
#define MSGDMA_DESC_CTL_END_ON_EOP      (1u << 12)
#define MSGDMA_DESC_CTL_TC_IRQ_EN       (1u << 14) /* transfer complete IRQ */
#define MSGDMA_DESC_CTL_ET_IRQ_EN       (1u << 15) /* early termination IRQ */
#define MSGDMA_DESC_CTL_ERR_IRQ_MASK(m) (((unsigned)(m)&0xFFu) << 16)
#define MSGDMA_DESC_CTL_EARLY_DONE      (1u << 24)
#define MSGDMA_DESC_CTL_GO              (1u << 31)

/* ---- response port (memory-mapped response) ---------------------------------------------------- */
#define MSGDMA_RESP_ACTUAL_BYTES 0x00u
#define MSGDMA_RESP_STATUS       0x04u /* [7:0] error, bit 8 early termination; reading it pops the response */
#define MSGDMA_RESP_EARLY_TERM   (1u << 8)

/* Error codes (the [7:0] error field, also the descriptor write-back status). Intel leaves the
 * meaning to the streaming source; the VP defines: */
#define MSGDMA_ERR_READ  (1u << 0) /* read master (or DMA 2 element read) got a bus error */
#define MSGDMA_ERR_WRITE (1u << 1) /* write master got a bus error */
#define MSGDMA_ERR_INDEX (1u << 2) /* index stream read or an intermediate index read failed */

/* ---- prefetcher CSR ----------------------------------------------------------------------------- */
#define MSGDMA_PREF_CONTROL   0x00u
#define MSGDMA_PREF_NEXT_LO   0x04u
#define MSGDMA_PREF_NEXT_HI   0x08u
#define MSGDMA_PREF_POLL_FREQ 0x0Cu /* clock cycles between polls of a descriptor not owned by hardware */
#define MSGDMA_PREF_STATUS    0x10u /* bit 0: IRQ (write 1 to clear) */

#define MSGDMA_PREF_CTL_RUN     (1u << 0) /* cleared by hardware at the end of a chain (polling off) */
#define MSGDMA_PREF_CTL_POLL_EN (1u << 1)
#define MSGDMA_PREF_CTL_GIEM    (1u << 2)
#define MSGDMA_PREF_CTL_RESET   (1u << 3)
#define MSGDMA_PREF_CTL_PARK    (1u << 4) /* park mode: write-back keeps OWNED_BY_HW (a circular chain replays) */
#define MSGDMA_PREF_STATUS_IRQ  (1u << 0)

/* Prefetcher in-memory descriptor, standard format (32 bytes, 32-byte aligned). */
#define MSGDMA_PDESC_READ_ADDR   0x00u
#define MSGDMA_PDESC_WRITE_ADDR  0x04u
#define MSGDMA_PDESC_LENGTH      0x08u
#define MSGDMA_PDESC_NEXT        0x0Cu
#define MSGDMA_PDESC_ACTUAL      0x10u /* written back: bytes transferred */
#define MSGDMA_PDESC_STATUS      0x14u /* written back: [7:0] error, bit 8 early termination */
#define MSGDMA_PDESC_CONTROL     0x1Cu /* the control word above, plus OWNED_BY_HW */
#define MSGDMA_PDESC_SIZE        0x20u
#define MSGDMA_PDESC_OWNED_BY_HW (1u << 30)

/* ---- index-to-descriptor converter (VP; seed 004's descriptor generator) ------------------------
 * When CONV_CTRL.ENABLE is set, a descriptor of DMA 1 is a gather/scatter job: DMA 1's read master
 * streams the index array [read address, read address + length), the converter turns each index v
 * into an address base + v * size (for each level; intermediate levels read the next index with
 * DMA 2) and a one-element descriptor for DMA 2, whose read data streams back to DMA 1's write master.
 *   gather:  dst[i] = T[v_i]               written contiguously from the descriptor's write address
 *   scatter: T[v_i] = SRC[i]               (converted address is the write address; SRC contiguous)
 * with v_i = idx[i] for one level, v_i = L1[idx[i]] for two levels, and so on (LEVEL_BASE[k] are the
 * intermediate index tables, each of INDEX_SIZE entries). T = ELEM_BASE, element size ELEM_SIZE.
 * The descriptor length is the index array's length in bytes (a multiple of INDEX_SIZE). */
#define MSGDMA_CONV_CTRL          0x00u
#define MSGDMA_CONV_ELEM_BASE     0x04u /* T: table of elements (gather source / scatter destination) */
#define MSGDMA_CONV_ELEM_SIZE     0x08u /* bytes per element: 1..64 */
#define MSGDMA_CONV_INDEX_SIZE    0x0Cu /* bytes per index: 1, 2 or 4 (unsigned) */
#define MSGDMA_CONV_LEVELS        0x10u /* 1..4 levels of indirection */
#define MSGDMA_CONV_SRC_BASE      0x14u /* scatter: contiguous source of the elements */
#define MSGDMA_CONV_LEVEL_BASE(k) (0x20u + 4u * (unsigned)(k)) /* k = 0..2: intermediate index tables */
#define MSGDMA_CONV_ELEMENTS      0x30u                        /* read-only: elements moved since reset */
#define MSGDMA_CONV_SIZE          0x40u

#define MSGDMA_CONV_CTRL_ENABLE  (1u << 0)
#define MSGDMA_CONV_CTRL_SCATTER (1u << 1)

#define MSGDMA_CONV_MAX_LEVELS 4u
#define MSGDMA_CONV_MAX_ELEM   64u

#endif /* VP_REGS_MSGDMA_H */
