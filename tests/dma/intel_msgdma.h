// Intel's numbers for the Modular Scatter-Gather DMA, typed in from Intel's documentation and
// drivers - deliberately NOT derived from include/vp/regs/msgdma.h, so that tests built on them
// check the VP (and that header) against Intel rather than against itself. Sources:
//   [UG]  Intel, Embedded Peripherals IP User Guide (683130), "Modular Scatter-Gather DMA Core";
//   [HAL] Intel's Nios II HAL headers altera_msgdma_csr_regs.h, altera_msgdma_descriptor_regs.h,
//         altera_msgdma_response_regs.h, altera_msgdma_prefetcher_regs.h;
//   [LNX] Linux drivers/dma/altera-msgdma.c and drivers/net/ethernet/altera/altera_msgdmahw.h,
//         altera_msgdmahw_prefetcher.h (struct msgdma_pref_extended_desc, MSGDMA_PREF_CTL_*).
#pragma once
#include <cstdint>

namespace intel_msgdma {

// ---- dispatcher CSR [UG register map; HAL csr_regs.h; LNX MSGDMA_CSR_*] ----
constexpr uint64_t CSR_STATUS = 0x00, CSR_CONTROL = 0x04, CSR_FILL = 0x08, CSR_RESP_FILL = 0x0C, CSR_SEQ = 0x10;
constexpr uint32_t ST_BUSY = 1u << 0, ST_DESC_EMPTY = 1u << 1, ST_DESC_FULL = 1u << 2, ST_RESP_EMPTY = 1u << 3,
                   ST_RESP_FULL = 1u << 4, ST_STOPPED = 1u << 5, ST_RESETTING = 1u << 6, ST_STOPPED_ON_ERR = 1u << 7,
                   ST_STOPPED_ON_ET = 1u << 8, ST_IRQ = 1u << 9;
constexpr uint32_t ST_MASK = 0x3FF;  // LNX MSGDMA_CSR_STAT_MASK
constexpr uint32_t CT_STOP = 1u << 0, CT_RESET = 1u << 1, CT_STOP_ON_ERR = 1u << 2, CT_STOP_ON_ET = 1u << 3,
                   CT_GIEM = 1u << 4, CT_STOP_DESC = 1u << 5;

// ---- descriptor port, standard and extended formats [UG; HAL descriptor_regs.h byte lanes] ----
constexpr uint64_t D_READ = 0x0, D_WRITE = 0x4, D_LENGTH = 0x8, D_CONTROL = 0xC;
constexpr uint64_t E_READ_LO = 0x00, E_WRITE_LO = 0x04, E_LENGTH = 0x08, E_SEQ = 0x0C /* 16 bit */,
                   E_READ_BURST = 0x0E /* 8 bit */, E_WRITE_BURST = 0x0F /* 8 bit */, E_READ_STRIDE = 0x10 /* 16 */,
                   E_WRITE_STRIDE = 0x12 /* 16 */, E_READ_HI = 0x14, E_WRITE_HI = 0x18, E_CONTROL = 0x1C;
// descriptor control word [UG; LNX MSGDMA_DESC_CTL_*; prefetcher: LNX MSGDMA_PREF_DESC_CTL_OWNED_BY_HW]
constexpr uint32_t C_CHANNEL = 0xFF, C_SOP = 1u << 8, C_EOP = 1u << 9, C_PARK_READS = 1u << 10,
                   C_PARK_WRITES = 1u << 11, C_END_ON_EOP = 1u << 12, C_END_ON_LEN = 1u << 13, C_TC_IRQ = 1u << 14,
                   C_ET_IRQ = 1u << 15, C_EARLY_DONE = 1u << 24, C_OWNED_BY_HW = 1u << 30, C_GO = 1u << 31;
constexpr uint32_t C_ERR_IRQ(uint32_t m) { return (m & 0xFF) << 16; }

// ---- response port [UG; HAL response_regs.h: "reading byte 0x7 pops the response FIFO"] ----
constexpr uint64_t R_ACTUAL = 0x0, R_STATUS = 0x4;

// ---- prefetcher CSR [UG; HAL prefetcher_regs.h; LNX altera_msgdmahw_prefetcher.h] ----
constexpr uint64_t P_CONTROL = 0x00, P_NEXT_LO = 0x04, P_NEXT_HI = 0x08, P_POLL_FREQ = 0x0C, P_STATUS = 0x10;
constexpr uint32_t P_RUN = 0x1, P_DESC_POLL_EN = 0x2, P_RESET = 0x4, P_GLOBAL_INTR = 0x8, P_PARK = 0x10;
constexpr uint32_t P_ST_IRQ = 0x1;

// ---- prefetcher descriptors in memory: standard 32 B [UG; HAL], extended 64 B [LNX msgdma_pref_extended_desc] ----
constexpr uint64_t PD_READ = 0x00, PD_WRITE = 0x04, PD_LENGTH = 0x08, PD_NEXT = 0x0C, PD_ACTUAL = 0x10,
                   PD_STATUS = 0x14, PD_RESERVED = 0x18, PD_CONTROL = 0x1C;
constexpr uint64_t PE_READ_LO = 0x00, PE_WRITE_LO = 0x04, PE_LENGTH = 0x08, PE_NEXT_LO = 0x0C, PE_ACTUAL = 0x10,
                   PE_STATUS = 0x14, PE_RESERVED = 0x18, PE_SEQ_BURST = 0x1C, PE_STRIDE = 0x20, PE_READ_HI = 0x24,
                   PE_WRITE_HI = 0x28, PE_NEXT_HI = 0x2C, PE_TIMESTAMP = 0x30 /* 3 words */, PE_CONTROL = 0x3C;

}  // namespace intel_msgdma
