/* Cascaded scatter-gather DMA built from Intel's Modular Scatter-Gather DMA (mSGDMA), docs/dma.md.
 *
 * One 64 KiB window at VP_DMA_BASE holds the sub-blocks of the DMA the CPU manages ("DMA 1" of the
 * cascade) and the index-to-descriptor converter that feeds the element-reading DMA ("DMA 2"). Inside
 * each sub-block the offsets, bits and descriptor layouts are Intel's, taken from:
 *   [UG]   Intel, Embedded Peripherals IP User Guide (683130), "Modular Scatter-Gather DMA Core":
 *          dispatcher register map, descriptor formats, prefetcher register map and descriptor formats;
 *   [HAL]  Intel's Nios II HAL driver headers altera_msgdma_csr_regs.h, altera_msgdma_descriptor_regs.h,
 *          altera_msgdma_response_regs.h, altera_msgdma_prefetcher_regs.h (bit tables in their comments);
 *   [LNX]  Linux drivers/dma/altera-msgdma.c and drivers/net/ethernet/altera/altera_msgdmahw.h,
 *          altera_msgdmahw_prefetcher.h (struct msgdma_pref_extended_desc).
 * A driver written against those works unchanged once it is given the sub-block base addresses below.
 * What Intel leaves undefined and what the VP does there: docs/dma.md.
 * Plain C, shared by the model, the firmware and docs/dma.md: the register tables of docs/dma.md are
 * generated from this file (tools/gen_regs_doc.py; a test fails when they are stale). Each section
 * below becomes one table: every `#define NAME value` with a trailing comment is one row. */
#ifndef VP_REGS_MSGDMA_H
#define VP_REGS_MSGDMA_H

/* ---- Sub-blocks inside the DMA window (VP address map, offsets from VP_DMA_BASE) ---- */
#define MSGDMA_CSR_OFFSET      0x0000u  /* dispatcher CSR (32 bytes) */
#define MSGDMA_RESPONSE_OFFSET 0x0020u  /* response port, memory-mapped (8 bytes) */
#define MSGDMA_DESC_OFFSET     0x0040u  /* descriptor port: standard 16 bytes or extended 32 bytes */
#define MSGDMA_PREF_OFFSET     0x0080u  /* prefetcher CSR (20 bytes; absent with prefetcher: false) */
#define MSGDMA_CONV_OFFSET     0x0100u  /* index-to-descriptor converter (VP: the cascade) */
#define MSGDMA_DMA2_CSR_OFFSET 0x1000u  /* DMA 2 dispatcher CSR, read-only view (STATUS, SEQ_NUM) */
#define MSGDMA_WINDOW_SIZE     0x10000u /* the whole window */

/* ---- Dispatcher CSR registers [UG, HAL csr_regs] ---- */
#define MSGDMA_CSR_STATUS     0x00u /* status; bit 9 IRQ is write-1-to-clear, writes to other bits are ignored */
#define MSGDMA_CSR_CONTROL    0x04u /* control */
#define MSGDMA_CSR_FILL_LEVEL 0x08u /* [15:0] read fill level, [31:16] write fill level (descriptors) */
#define MSGDMA_CSR_RESP_FILL  0x0Cu /* [15:0] response fill level */
#define MSGDMA_CSR_SEQ_NUM    0x10u /* [15:0] read, [31:16] write sequence number (extended format only) */

/* ---- Dispatcher STATUS bits [UG, HAL csr_regs, LNX MSGDMA_CSR_STAT_*] ---- */
#define MSGDMA_STATUS_BUSY           (1u << 0) /* descriptors buffered or a master still transferring */
#define MSGDMA_STATUS_DESC_EMPTY     (1u << 1) /* descriptor buffer empty */
#define MSGDMA_STATUS_DESC_FULL      (1u << 2) /* descriptor buffer full */
#define MSGDMA_STATUS_RESP_EMPTY     (1u << 3) /* response buffer empty */
#define MSGDMA_STATUS_RESP_FULL      (1u << 4) /* response buffer full */
#define MSGDMA_STATUS_STOPPED        (1u << 5) /* stopped (STOP or STOP_DESC, or an error stop) and masters idle */
#define MSGDMA_STATUS_RESETTING      (1u << 6) /* reset in progress: poll until clear */
#define MSGDMA_STATUS_STOPPED_ON_ERR (1u << 7) /* stopped because of an error (CONTROL.STOP_ON_ERR) */
#define MSGDMA_STATUS_STOPPED_ON_ET  (1u << 8) /* stopped on early termination (never in memory-to-memory) */
#define MSGDMA_STATUS_IRQ            (1u << 9) /* interrupt latched; write 1 to clear */
#define MSGDMA_STATUS_MASK           0x3FFu    /* all status bits (Linux writes it to clear the status) */

/* ---- Dispatcher CONTROL bits [UG, HAL csr_regs, LNX MSGDMA_CSR_CTL_*] ---- */
#define MSGDMA_CONTROL_STOP        (1u << 0) /* stop the masters; also set by an error stop; clear to resume */
#define MSGDMA_CONTROL_RESET       (1u << 1) /* reset dispatcher, FIFOs and masters; clears CONTROL; reads 0 */
#define MSGDMA_CONTROL_STOP_ON_ERR (1u << 2) /* stop when a descriptor ends with an error */
#define MSGDMA_CONTROL_STOP_ON_ET  (1u << 3) /* stop on early termination */
#define MSGDMA_CONTROL_GIEM        (1u << 4) /* global interrupt enable mask (events while clear are not latched) */
#define MSGDMA_CONTROL_STOP_DESC   (1u << 5) /* stop issuing further descriptors to the masters */

/* ---- Descriptor port, standard format (16 bytes) [UG, HAL descriptor_regs] ---- */
#define MSGDMA_DESC_READ_ADDR  0x00u /* read address */
#define MSGDMA_DESC_WRITE_ADDR 0x04u /* write address */
#define MSGDMA_DESC_LENGTH     0x08u /* length in bytes */
#define MSGDMA_DESC_CONTROL    0x0Cu /* control; writing its byte 3 with GO set commits the descriptor */

/* ---- Descriptor port, extended format (32 bytes; byte-lane writable) [UG, HAL, LNX msgdma_extended_desc] ---- */
#define MSGDMA_EDESC_READ_ADDR_LO  0x00u /* read address [31:0] */
#define MSGDMA_EDESC_WRITE_ADDR_LO 0x04u /* write address [31:0] */
#define MSGDMA_EDESC_LENGTH        0x08u /* length in bytes */
#define MSGDMA_EDESC_SEQ_BURST     0x0Cu /* [15:0] sequence number, [23:16] read burst, [31:24] write burst */
#define MSGDMA_EDESC_SEQ_NUM       0x0Cu /* 16-bit lane: sequence number */
#define MSGDMA_EDESC_READ_BURST    0x0Eu /* 8-bit lane: read burst count (words; 0 = maximum) */
#define MSGDMA_EDESC_WRITE_BURST   0x0Fu /* 8-bit lane: write burst count (words; 0 = maximum) */
#define MSGDMA_EDESC_STRIDE        0x10u /* [15:0] read stride, [31:16] write stride (words) */
#define MSGDMA_EDESC_READ_STRIDE   0x10u /* 16-bit lane: read stride (0 fixed address, 1 sequential, n every nth word) */
#define MSGDMA_EDESC_WRITE_STRIDE  0x12u /* 16-bit lane: write stride */
#define MSGDMA_EDESC_READ_ADDR_HI  0x14u /* read address [63:32] */
#define MSGDMA_EDESC_WRITE_ADDR_HI 0x18u /* write address [63:32] */
#define MSGDMA_EDESC_CONTROL       0x1Cu /* control; writing its byte 3 with GO set commits the descriptor */

/* ---- Descriptor control word (both formats; prefetcher descriptors add OWNED_BY_HW) [UG, HAL, LNX] ---- */
#define MSGDMA_DESC_CTL_TX_CHANNEL(c)   ((unsigned)(c)&0xFFu)         /* [7:0] transmit channel */
#define MSGDMA_DESC_CTL_GEN_SOP         (1u << 8)                     /* generate start of packet */
#define MSGDMA_DESC_CTL_GEN_EOP         (1u << 9)                     /* generate end of packet */
#define MSGDMA_DESC_CTL_PARK_READS      (1u << 10)                    /* park reads */
#define MSGDMA_DESC_CTL_PARK_WRITES     (1u << 11)                    /* park writes */
#define MSGDMA_DESC_CTL_END_ON_EOP      (1u << 12)                    /* end on end of packet */
#define MSGDMA_DESC_CTL_END_ON_LEN      (1u << 13)                    /* end on length (Linux sets it) */
#define MSGDMA_DESC_CTL_TC_IRQ_EN       (1u << 14)                    /* transfer complete IRQ enable */
#define MSGDMA_DESC_CTL_ET_IRQ_EN       (1u << 15)                    /* early termination IRQ enable */
#define MSGDMA_DESC_CTL_ERR_IRQ_MASK(m) (((unsigned)(m)&0xFFu) << 16) /* [23:16] error IRQ enable mask */
#define MSGDMA_DESC_CTL_EARLY_DONE      (1u << 24)                    /* early done enable */
#define MSGDMA_DESC_CTL_OWNED_BY_HW     (1u << 30)                    /* prefetcher descriptors: owned by hardware */
#define MSGDMA_DESC_CTL_GO              (1u << 31) /* descriptor port: commit (ignored when prefetched) */

/* ---- Response port [UG, HAL response_regs] ---- */
#define MSGDMA_RESP_ACTUAL_BYTES 0x00u     /* actual bytes transferred */
#define MSGDMA_RESP_STATUS       0x04u     /* [7:0] error, bit 8 early termination; reading byte 0x7 pops */
#define MSGDMA_RESP_ERROR_MASK   0xFFu     /* error field of the response and of the write-back status */
#define MSGDMA_RESP_EARLY_TERM   (1u << 8) /* early termination */

/* ---- Error codes of the [7:0] error field (VP: Intel leaves the meaning to the data source) ---- */
#define MSGDMA_ERR_READ  (1u << 0) /* read master (or a DMA 2 element read) got a bus error */
#define MSGDMA_ERR_WRITE (1u << 1) /* write master got a bus error */
#define MSGDMA_ERR_INDEX (1u << 2) /* converter: index read failed or bad configuration */

/* ---- Prefetcher CSR registers [UG, HAL prefetcher_regs, LNX msgdma_prefetcher_csr] ---- */
#define MSGDMA_PREF_CONTROL   0x00u /* control */
#define MSGDMA_PREF_NEXT_LO   0x04u /* next descriptor pointer [31:0] */
#define MSGDMA_PREF_NEXT_HI   0x08u /* next descriptor pointer [63:32] */
#define MSGDMA_PREF_POLL_FREQ 0x0Cu /* [15:0] descriptor polling frequency (clock cycles) */
#define MSGDMA_PREF_STATUS    0x10u /* status */

/* ---- Prefetcher CONTROL and STATUS bits [HAL prefetcher_regs, LNX MSGDMA_PREF_CTL_*] ---- */
#define MSGDMA_PREF_CTL_RUN            (1u << 0) /* fetch descriptors; cleared by hardware at the end of a chain */
#define MSGDMA_PREF_CTL_DESC_POLL_EN   (1u << 1) /* re-fetch a descriptor not owned by hardware every POLL_FREQ */
#define MSGDMA_PREF_CTL_RESET          (1u << 2) /* reset the prefetcher (write 1); reads 1 until done */
#define MSGDMA_PREF_CTL_GLOBAL_INTR_EN (1u << 3) /* global interrupt enable mask */
#define MSGDMA_PREF_CTL_PARK_MODE      (1u << 4) /* write-back keeps OWNED_BY_HW: a circular chain replays */
#define MSGDMA_PREF_POLL_FREQ_MASK     0xFFFFu   /* POLL_FREQ field */
#define MSGDMA_PREF_STATUS_IRQ         (1u << 0) /* interrupt latched; write 1 to clear */

/* ---- Prefetcher descriptor in memory, standard format (32 bytes) [UG, HAL] ---- */
#define MSGDMA_PDESC_READ_ADDR  0x00u /* read address */
#define MSGDMA_PDESC_WRITE_ADDR 0x04u /* write address */
#define MSGDMA_PDESC_LENGTH     0x08u /* length in bytes */
#define MSGDMA_PDESC_NEXT       0x0Cu /* next descriptor pointer */
#define MSGDMA_PDESC_ACTUAL     0x10u /* written back: actual bytes transferred */
#define MSGDMA_PDESC_STATUS     0x14u /* written back: [7:0] error, bit 8 early termination */
#define MSGDMA_PDESC_RESERVED   0x18u /* reserved (never written) */
#define MSGDMA_PDESC_CONTROL    0x1Cu /* control; written back with OWNED_BY_HW cleared (kept in park mode) */
#define MSGDMA_PDESC_SIZE       0x20u /* size and alignment */

/* ---- Prefetcher descriptor in memory, extended format (64 bytes) [HAL, LNX msgdma_pref_extended_desc] ---- */
#define MSGDMA_PEDESC_READ_ADDR_LO  0x00u /* read address [31:0] */
#define MSGDMA_PEDESC_WRITE_ADDR_LO 0x04u /* write address [31:0] */
#define MSGDMA_PEDESC_LENGTH        0x08u /* length in bytes */
#define MSGDMA_PEDESC_NEXT_LO       0x0Cu /* next descriptor pointer [31:0] */
#define MSGDMA_PEDESC_ACTUAL        0x10u /* written back: actual bytes transferred */
#define MSGDMA_PEDESC_STATUS        0x14u /* written back: [7:0] error, bit 8 early termination */
#define MSGDMA_PEDESC_RESERVED      0x18u /* reserved (never written) */
#define MSGDMA_PEDESC_SEQ_BURST     0x1Cu /* [15:0] sequence number, [23:16] read burst, [31:24] write burst */
#define MSGDMA_PEDESC_STRIDE        0x20u /* [15:0] read stride, [31:16] write stride */
#define MSGDMA_PEDESC_READ_ADDR_HI  0x24u /* read address [63:32] */
#define MSGDMA_PEDESC_WRITE_ADDR_HI 0x28u /* write address [63:32] */
#define MSGDMA_PEDESC_NEXT_HI       0x2Cu /* next descriptor pointer [63:32] */
#define MSGDMA_PEDESC_SIDEBAND      0x30u /* 0x30..0x3B reserved (Intel: timestamp/sideband; never written) */
#define MSGDMA_PEDESC_CONTROL       0x3Cu /* control; written back with OWNED_BY_HW cleared (kept in park mode) */
#define MSGDMA_PEDESC_SIZE          0x40u /* size and alignment */

/* ---- Index-to-descriptor converter (VP: the cascade's descriptor generator) ----
 * When CONV_CTRL.ENABLE is set, a descriptor of DMA 1 is a gather/scatter job: DMA 1's read master
 * streams the index array [read address, read address + length), the converter turns each index v
 * into an address base + v * size (for each level; intermediate levels read the next index with
 * DMA 2) and a one-element descriptor for DMA 2, whose read data streams back to DMA 1's write master.
 *   gather:  dst[i] = T[v_i]               written contiguously from the descriptor's write address
 *   scatter: T[v_i] = SRC[i]               (converted address is the write address; SRC contiguous)
 * with v_i = idx[i] for one level, v_i = L1[idx[i]] for two levels, and so on (LEVEL_BASE[k] are the
 * intermediate index tables, each of INDEX_SIZE entries). T = ELEM_BASE, element size ELEM_SIZE.
 * The descriptor length is the index array's length in bytes (a multiple of INDEX_SIZE). */
#define MSGDMA_CONV_CTRL          0x00u                        /* bit 0 enable, bit 1 scatter */
#define MSGDMA_CONV_ELEM_BASE     0x04u                        /* T: gather source / scatter destination */
#define MSGDMA_CONV_ELEM_SIZE     0x08u                        /* bytes per element: 1..64 */
#define MSGDMA_CONV_INDEX_SIZE    0x0Cu                        /* bytes per index: 1, 2 or 4 (unsigned) */
#define MSGDMA_CONV_LEVELS        0x10u                        /* 1..4 levels of indirection */
#define MSGDMA_CONV_SRC_BASE      0x14u                        /* scatter: contiguous source of the elements */
#define MSGDMA_CONV_LEVEL_BASE(k) (0x20u + 4u * (unsigned)(k)) /* k = 0..2: intermediate index tables */
#define MSGDMA_CONV_ELEMENTS      0x30u                        /* read-only: elements moved since start */
#define MSGDMA_CONV_SIZE          0x40u                        /* size of the converter's register slice */
#define MSGDMA_CONV_CTRL_ENABLE   (1u << 0)                    /* DMA 1 descriptors are gather/scatter jobs */
#define MSGDMA_CONV_CTRL_SCATTER  (1u << 1)                    /* scatter instead of gather */
#define MSGDMA_CONV_MAX_LEVELS    4u                           /* most levels */
#define MSGDMA_CONV_MAX_ELEM      64u                          /* largest element in bytes */

#endif /* VP_REGS_MSGDMA_H */
