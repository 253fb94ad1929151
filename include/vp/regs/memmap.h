/* Platform memory map: the one definition shared by models, firmware and docs.
 * QEMU `virt` compatible for RAM, UART, CLINT, PLIC and the test finisher, so that a
 * firmware using only those runs unchanged on qemu-system-riscv32 -machine virt.
 * The VP's own devices live in a window QEMU virt leaves unused (0x1800_0000..0x1FFF_FFFF). */
#ifndef VP_REGS_MEMMAP_H
#define VP_REGS_MEMMAP_H

#define VP_FINISHER_BASE     0x00100000u /* sifive_test compatible */
#define VP_CLINT_BASE        0x02000000u
#define VP_PLIC_BASE         0x0C000000u
#define VP_UART0_BASE        0x10000000u /* 16550 */
#define VP_DEVWIN_BASE       0x18000000u /* VP-specific devices */
#define VP_MARKER_BASE       0x18000000u /* trace-marker device */
#define VP_CACHECTL_L1I_BASE 0x18001000u /* cache controllers (cache_ctrl.h), 4 KiB each */
#define VP_CACHECTL_L1D_BASE 0x18002000u
#define VP_CACHECTL_L2_BASE  0x18003000u
/* Hart h >= 1's private L1s (platform.cpu.harts > 1): L1I controller at VP_CACHECTL_L1I_HART(h), L1D
 * 4 KiB above; hart 0's are VP_CACHECTL_L1I_BASE / _L1D_BASE (up to 64 harts: 0x1810_0000..0x1817_FFFF). */
#define VP_CACHECTL_HARTS_BASE  0x18100000u
#define VP_CACHECTL_L1I_HART(h) (VP_CACHECTL_HARTS_BASE + 0x2000u * ((h)-1u))
#define VP_CACHECTL_L1D_HART(h) (VP_CACHECTL_HARTS_BASE + 0x2000u * ((h)-1u) + 0x1000u)
#define VP_DMA_BASE             0x18010000u /* cascaded mSGDMA (msgdma.h), 64 KiB window */
#define VP_HMC_CTRL_BASE        0x18020000u /* HMC host controller + gather engine, 64 KiB window */
#define VP_VEC_BASE             0x18030000u /* vector accelerator control registers (vec.h), 4 KiB */
#define VP_VEC_ILM_BASE         0x18400000u /* vector accelerator instruction local memory, up to 1 MiB */
#define VP_VEC_DLM_BASE         0x18500000u /* vector accelerator data local memory, up to 1 MiB */
#define VP_LAPP_BASE            0x18040000u /* LAPP FU-array accelerator (lapp.h), 4 KiB window */
#define VP_GCN_AGG_BASE         0x18050000u /* GCN aggregation engine (gcn_agg.h), 4 KiB window */
#define VP_GCN_COMB_BASE        0x18060000u /* GCN combination engine (gcn_comb.h), 4 KiB window */
#define VP_INST_BASE            0x19000000u /* further device instances: free windows from here ... */
#define VP_INST_END             0x20000000u /* ... up to here (platform/platform.cpp, docs/overview.md) */
#define VP_RAM_BASE             0x80000000u
#define VP_RAM_DEFAULT_SIZE     0x08000000u /* 128 MiB, as QEMU virt's default */

/* Boot-info block: written by the VP's loader, read by firmware (see bootinfo.h).
 * Top 4 KiB of the first 128 MiB so the same address works on QEMU virt. */
#define VP_BOOTINFO_ADDR 0x87FFF000u

/* PLIC interrupt source numbers (QEMU virt uses 10 for UART0). */
#define VP_IRQ_UART0      10u
#define VP_IRQ_DMA0       11u /* first DMA interrupt; DMA blocks use 11..14 */
#define VP_IRQ_GATHER     15u /* HMC gather engine */
#define VP_IRQ_VEC        16u /* vector accelerator: done / error / notify */
#define VP_IRQ_LAPP       17u /* LAPP: a started function returned or trapped */
#define VP_IRQ_GCN_AGG    18u /* GCN aggregation engine: a job ended */
#define VP_IRQ_GCN_COMB   19u /* GCN combination engine: a job ended */
#define VP_IRQ_INST_FIRST 32u /* further device instances: the lowest free source from here up */

#endif
