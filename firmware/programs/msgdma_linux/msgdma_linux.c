/* msgdma_linux: the VP's mSGDMA driven step by step the way Intel's Linux drivers drive the IP, with
 * Intel's literal register offsets and bit values - no VP header, no VP driver. Written from
 *   [LNX-DMA] drivers/dma/altera-msgdma.c (dispatcher, descriptor port, response port, IRQ handler and
 *             tasklet; extended 32-byte descriptors: msgdma_desc_config, msgdma_copy_one, msgdma_reset);
 *   [LNX-TSE] drivers/net/ethernet/altera/altera_msgdma_prefetcher.c and altera_msgdmahw_prefetcher.h
 *             (64-byte struct msgdma_pref_extended_desc, msgdma_pref_reset, _initialize, _start_txdma,
 *             _tx_buffer, _tx_completions, _enable/_clear_txirq);
 *   [HAL]     Intel's Nios II HAL (alt_msgdma_start_prefetcher_with_list_addr: park mode);
 * and the register tables of Intel's Embedded Peripherals IP User Guide. Only the base addresses are
 * the VP's (what a device tree would give the driver: docs/dma.md). Needs `platform.dma.extended:
 * true` (both Linux drivers use the extended formats; firmware/programs.txt sets it). The DMA is not
 * coherent with the CPU's caches: the program does what Linux's DMA API does on a non-coherent RISC-V
 * (arch/riscv/mm/dma-noncoherent.c, Zicbom): clean before the device reads, invalidate before the
 * CPU reads what the device wrote - for buffers (dma_map/sync) and descriptors (coherent memory).
 * Every step is checked; exit 0 = all pass. vp-only (QEMU has no mSGDMA). */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <hal/irq.h>
#include <hal/mmio.h>
#include <hal/plic.h>
#include <rt/runtime.h>

/* Where the VP maps the IP's slave ports (docs/dma.md) and its PLIC source. */
#define CSR     0x18010000u /* dispatcher CSR ("csr" resource) */
#define RESP    0x18010020u /* response port ("resp") */
#define DESC    0x18010040u /* descriptor port ("desc") */
#define PREF    0x18010080u /* prefetcher CSR */
#define DMA_IRQ 11u

/* Zicbom by .insn (MISC-MEM, funct3 2; imm 0 inval, 1 clean, 2 flush) on every 64-byte line. */
#define CBO(imm, a) __asm__ volatile(".insn i 0x0F, 2, x0, %0, " #imm ::"r"(a) : "memory")
static void to_device(const volatile void *p, uint32_t n) { /* arch_sync_dma_for_device: clean */
    for (uintptr_t a = (uintptr_t)p & ~63u; a < (uintptr_t)p + n; a += 64) CBO(1, a);
}
static void for_cpu(const volatile void *p, uint32_t n) { /* arch_sync_dma_for_cpu: invalidate */
    for (uintptr_t a = (uintptr_t)p & ~63u; a < (uintptr_t)p + n; a += 64) CBO(0, a);
}
static void flush(const volatile void *p, uint32_t n) { /* write back and invalidate */
    for (uintptr_t a = (uintptr_t)p & ~63u; a < (uintptr_t)p + n; a += 64) CBO(2, a);
}

static uint32_t rd(uint32_t a) { return vp_read32(a); }
static void wr(uint32_t a, uint32_t v) { vp_write32(a, v); }

static int failures;
static void check(const char *what, int ok) {
    printf("%s: %s\n", ok ? "ok" : "FAIL", what);
    if (!ok) ++failures;
}

/* readl_poll_timeout(addr, val, (val & mask) == want, ...) with a bounded number of polls. */
static int poll(uint32_t addr, uint32_t mask, uint32_t want) {
    for (int k = 0; k < 100000; ++k)
        if ((rd(addr) & mask) == want) return 1;
    return 0;
}

/* ---- interrupt side: [LNX-DMA] msgdma_irq_handler + msgdma_tasklet, [LNX-TSE] prefetcher IRQ ---- */
static volatile uint32_t dma_irqs, pref_irqs, responses;
static volatile uint32_t resp_bytes[16], resp_status[16];

static void dma_isr(void) {
    if (rd(CSR + 0x00) & 0x200) {        /* dispatcher STATUS.IRQ */
        uint32_t count = rd(CSR + 0x0C); /* MSGDMA_CSR_RESP_FILL_LEVEL */
        while (count--) {
            uint32_t i = responses++ & 15;
            resp_bytes[i] = rd(RESP + 0x00);  /* MSGDMA_RESP_BYTES_TRANSFERRED */
            resp_status[i] = rd(RESP + 0x04); /* MSGDMA_RESP_STATUS: this read pops */
        }
        wr(CSR + 0x00, 0x200); /* clear MSGDMA_CSR_STAT_IRQ */
        ++dma_irqs;
    }
    if (rd(PREF + 0x10) & 0x1) { /* msgdma_pref_is_txirq: MSGDMA_PREF_STAT_IRQ */
        wr(PREF + 0x10, 0x1);    /* msgdma_pref_clear_txirq */
        ++pref_irqs;
    }
}

static void trap(vp_trap_frame_t *f) {
    if (f->mcause == (MCAUSE_INTERRUPT | IRQ_M_EXT)) {
        uint32_t src = vp_plic_claim(0);
        if (src == DMA_IRQ) dma_isr();
        if (src) vp_plic_complete(0, src);
        return;
    }
    vp_trap_default_handler(f);
}

/* Sleeps until `*counter` reaches `n` (wfi with interrupts enabled); 0 on timeout. */
static int wait_count(volatile uint32_t *counter, uint32_t n) {
    for (int k = 0; k < 100000; ++k) {
        vp_irq_disable();
        if (*counter >= n) {
            vp_irq_enable();
            return 1;
        }
        __asm__ volatile("wfi");
        vp_irq_enable();
    }
    return 0;
}

/* ---- [LNX-DMA] the dispatcher ------------------------------------------------------------------ */

/* msgdma_reset(): clear the status, RESET, poll RESETTING, clear the status, then
 * STOP_ON_ERR | STOP_ON_EARLY | GLOBAL_INTR. */
static int linux_msgdma_reset(void) {
    wr(CSR + 0x00, 0x3FF);              /* MSGDMA_CSR_STAT_MASK */
    wr(CSR + 0x04, 0x2);                /* MSGDMA_CSR_CTL_RESET */
    int ok = poll(CSR + 0x00, 0x40, 0); /* MSGDMA_CSR_STAT_RESETTING */
    wr(CSR + 0x00, 0x3FF);
    wr(CSR + 0x04, 0x4 | 0x8 | 0x10); /* STOP_ON_ERR | STOP_ON_EARLY | GLOBAL_INTR */
    return ok;
}

/* struct msgdma_extended_desc (32 bytes, [LNX-DMA]) */
typedef struct {
    uint32_t read_addr_lo, write_addr_lo, len, burst_seq_num, stride, read_addr_hi, write_addr_hi, control;
} ext_desc_t;

/* msgdma_desc_config(): stride as given, burst_seq_num 0 (longest bursts),
 * control = TR_ERR_IRQ (0xFF << 16) | GO (bit 31) | END_ON_LEN (bit 13). */
static void desc_config(ext_desc_t *d, uint32_t dst, uint32_t src, uint32_t len, uint32_t stride) {
    d->read_addr_lo = src;
    d->write_addr_lo = dst;
    d->read_addr_hi = 0;
    d->write_addr_hi = 0;
    d->len = len;
    d->stride = stride;
    d->burst_seq_num = 0;
    d->control = 0x00FF0000u | 0x80000000u | 0x2000u;
}

/* msgdma_copy_one(): wait while DESC_BUF_FULL, write the first seven words, the control word last. */
static void copy_one(const ext_desc_t *d) {
    while (rd(CSR + 0x00) & 0x4) {} /* MSGDMA_CSR_STAT_DESC_BUF_FULL */
    const uint32_t *w = (const uint32_t *)d;
    for (int k = 0; k < 7; ++k) wr(DESC + 4u * k, w[k]);
    wr(DESC + 0x1C, d->control); /* offsetof(struct msgdma_extended_desc, control) */
}

/* ---- [LNX-TSE] the prefetcher ------------------------------------------------------------------- */

/* struct msgdma_pref_extended_desc (64 bytes) */
typedef struct __attribute__((aligned(64))) {
    uint32_t read_addr_lo, write_addr_lo, len, next_desc_lo;
    uint32_t bytes_transferred, desc_status, reserved_18, burst_seq_num;
    uint32_t stride, read_addr_hi, write_addr_hi, next_desc_hi;
    uint32_t timestamp_96b[3], desc_control;
} pref_desc_t;

#define OWNED_BY_HW 0x40000000u                               /* MSGDMA_PREF_DESC_CTL_OWNED_BY_HW */
#define TX_SINGLE   (0x100u | 0x200u | 0x4000u | 0x80000000u) /* GEN_SOP | GEN_EOP | TR_COMP_IRQ | GO */

static void set_bits(uint32_t a, uint32_t m) { wr(a, rd(a) | m); }    /* tse_set_bit */
static void clear_bits(uint32_t a, uint32_t m) { wr(a, rd(a) & ~m); } /* tse_clear_bit */

/* msgdma_pref_reset(): polling off, quiesce the dispatcher (STOP_DESCS, wait STOPPED), fill levels
 * 0, clear the IRQ, RESET and poll until it reads back 0, clear the IRQ, then msgdma_reset(). */
static int tse_pref_reset(void) {
    clear_bits(PREF + 0x00, 0x2);           /* MSGDMA_PREF_CTL_DESC_POLL_EN */
    set_bits(CSR + 0x04, 0x20);             /* MSGDMA_CSR_CTL_STOP_DESCS */
    int ok = poll(CSR + 0x00, 0x20, 0x20);  /* MSGDMA_CSR_STAT_STOPPED */
    ok &= poll(CSR + 0x08, 0xFFFFFFFFu, 0); /* rw fill levels */
    ok &= poll(CSR + 0x0C, 0xFFFFu, 0);     /* response fill level */
    wr(PREF + 0x10, 0x1);                   /* MSGDMA_PREF_STAT_IRQ */
    wr(PREF + 0x00, 0x4);                   /* MSGDMA_PREF_CTL_RESET */
    ok &= poll(PREF + 0x00, 0x4, 0);        /* "reset bit never cleared" otherwise */
    wr(PREF + 0x10, 0x1);
    ok &= linux_msgdma_reset();
    return ok;
}

/* ---- data ---------------------------------------------------------------------------------------- */
static uint8_t src[8192] __attribute__((aligned(64))), dst[8192] __attribute__((aligned(64)));
/* A "device data register" for the fixed-address (MEM_TO_DEV) transfer, alone in its cache line. */
static uint32_t device_reg[16] __attribute__((aligned(64)));
static pref_desc_t ring[4], park[2];

static uint32_t rng = 0xC0FFEEu;
static uint32_t next_rand(void) {
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return rng;
}
static void fill(void) { /* new source data, destination poisoned; both handed to the device */
    for (uint32_t k = 0; k < sizeof src; ++k) src[k] = (uint8_t)next_rand();
    memset(dst, 0xEE, sizeof dst);
    to_device(src, sizeof src);
    flush(dst, sizeof dst);
}
static uint32_t addr(const void *p) { return (uint32_t)(uintptr_t)p; }

#define SCRATCH     0x84000000u /* free RAM (the loader area of runtime/vp.ld; this program loads nothing) */
#define SCRATCH_LEN 0x00100000u
/* Bytes of SCRATCH already written with the pattern word (the DMA writes in address order). */
static uint32_t written_prefix(void) {
    uint32_t lo = 0, hi = SCRATCH_LEN / 4; /* words [0, lo) written, [hi, end) not */
    while (lo < hi) {
        uint32_t mid = (lo + hi) / 2;
        for_cpu((void *)(uintptr_t)(SCRATCH + 4 * mid), 4);
        if (rd(SCRATCH + 4 * mid) == 0xA5A5A5A5u)
            lo = mid + 1;
        else
            hi = mid;
    }
    return 4 * lo;
}

int main(void) {
    vp_trap_install(trap);
    vp_plic_set_priority(DMA_IRQ, 1);
    vp_plic_set_threshold(0, 0);
    vp_plic_enable(0, DMA_IRQ, 1);
    vp_irq_source_enable(MIE_MEIE);
    vp_irq_enable();

    /* ---- 1. dispatcher reset and poll ---- */
    check("msgdma_reset: RESETTING clears", linux_msgdma_reset());
    check("msgdma_reset: CONTROL = STOP_ON_ERR|STOP_ON_EARLY|GLOBAL_INTR", rd(CSR + 0x04) == 0x1C);
    check("msgdma_reset: STATUS = DESC_BUF_EMPTY|RESP_BUF_EMPTY", rd(CSR + 0x00) == 0x0A);

    /* ---- 2. memcpy in three descriptors, transfer-complete IRQ on the last (msgdma_prep_memcpy) ---- */
    fill();
    static ext_desc_t d[3];
    for (int k = 0; k < 3; ++k) desc_config(&d[k], addr(dst) + 1000u * k, addr(src) + 1000u * k, 1000, 0x00010001u);
    d[2].control |= 0x4000; /* msgdma_desc_config_eod: TR_COMP_IRQ */
    for (int k = 0; k < 3; ++k) copy_one(&d[k]);
    check("memcpy: one interrupt", wait_count(&dma_irqs, 1));
    check("memcpy: the tasklet popped three responses", responses == 3);
    check("memcpy: bytes transferred and status of each response", resp_bytes[0] == 1000 && resp_bytes[1] == 1000 &&
                                                                       resp_bytes[2] == 1000 && resp_status[0] == 0 &&
                                                                       resp_status[1] == 0 && resp_status[2] == 0);
    for_cpu(dst, sizeof dst);
    check("memcpy: data", memcmp(dst, src, 3000) == 0 && dst[3000] == 0xEE);
    check("memcpy: idle, response FIFO empty", rd(CSR + 0x00) == 0x0A && rd(CSR + 0x0C) == 0);

    /* ---- 3. MEM_TO_DEV (msgdma_prep_slave_sg): stride MSGDMA_DESC_STRIDE_RD = read 1, write 0 ---- */
    static ext_desc_t s;
    flush(device_reg, 8);
    desc_config(&s, addr(device_reg), addr(src), 64, 0x00000001u);
    s.control |= 0x4000;
    copy_one(&s);
    check("slave_sg MEM_TO_DEV: interrupt", wait_count(&dma_irqs, 2));
    for_cpu(device_reg, 8);
    /* The VP's masters are 64 bits wide (platform.dma.width 8): a stride of 0 writes 8-byte words. */
    check("slave_sg MEM_TO_DEV: every word to the fixed device address, the last one stays",
          responses == 4 && resp_bytes[3] == 64 && memcmp(device_reg, src + 56, 8) == 0);

    /* ---- 4. stop on error, then Linux's recovery: msgdma_reset ---- */
    static ext_desc_t e[2];
    desc_config(&e[0], addr(dst), 0x80000000u + 0x07FFFFC0u, 256, 0x00010001u); /* runs off the end of RAM */
    desc_config(&e[1], addr(dst), addr(src), 256, 0x00010001u);
    flush(dst, 256);
    vp_irq_disable(); /* TR_ERR_IRQ is set: keep the ISR from popping the response before we look */
    copy_one(&e[0]);
    copy_one(&e[1]);
    check("stop on error: STOPPED_ON_ERR and STOPPED", poll(CSR + 0x00, 0xA0, 0xA0));
    check("stop on error: the error interrupt is latched", (rd(CSR + 0x00) & 0x200) != 0);
    check("stop on error: the next descriptor stays queued", rd(CSR + 0x08) == 0x00010001u);
    check("stop on error: CONTROL.STOP set by hardware", (rd(CSR + 0x04) & 0x1) != 0);
    uint32_t bytes = rd(RESP + 0x00), status = rd(RESP + 0x04);
    check("stop on error: response carries the error and the bytes before it", (status & 0xFF) != 0 && bytes == 64);
    check("stop on error: msgdma_reset recovers",
          linux_msgdma_reset() && rd(CSR + 0x00) == 0x0A && rd(CSR + 0x08) == 0);
    for_cpu(dst, 256);
    vp_irq_enable();

    /* ---- 5. stop / resume: STOP_DESCS holds a descriptor (TSE quiesce), STOP pauses a transfer ----
     * A 1 MiB fill of untouched RAM (the loader area, 0x8400_0000) from one fixed 8-byte word (read
     * stride 0): long enough to be stopped in the middle; the written prefix shows how far it got. */
    static uint32_t pattern_word[16] __attribute__((aligned(64))) = {0xA5A5A5A5u, 0xA5A5A5A5u};
    to_device(pattern_word, 4);
    flush((void *)(uintptr_t)SCRATCH, SCRATCH_LEN + 64);
    set_bits(CSR + 0x04, 0x20);
    check("quiesce: STOPPED", poll(CSR + 0x00, 0x20, 0x20));
    desc_config(&s, SCRATCH, addr(pattern_word), SCRATCH_LEN, 0x00010000u); /* read stride 0, write 1 */
    s.control |= 0x4000;
    uint32_t irqs = dma_irqs;
    copy_one(&s);
    for (volatile int k = 0; k < 100; ++k) {}
    for_cpu((void *)(uintptr_t)SCRATCH, 4);
    check("quiesce: the descriptor waits", rd(CSR + 0x08) == 0x00010001u && rd(SCRATCH) == 0);
    clear_bits(CSR + 0x04, 0x20);
    for (int k = 0; k < 10000 && written_prefix() == 0; ++k) {} /* the first bytes have arrived */
    set_bits(CSR + 0x04, 0x1);                                  /* MSGDMA_CSR_CTL_STOP: the masters pause */
    int stopped = poll(CSR + 0x00, 0x21, 0x21);                 /* STOPPED, and still BUSY */
    uint32_t done = written_prefix();
    for (volatile int k = 0; k < 1000; ++k) {}
    check("STOP: stopped in the middle of the transfer", stopped && done > 0 && done < SCRATCH_LEN);
    check("STOP: nothing moves while stopped", written_prefix() == done);
    clear_bits(CSR + 0x04, 0x1);
    check("STOP cleared: the transfer completes",
          wait_count(&dma_irqs, irqs + 1) && written_prefix() == SCRATCH_LEN &&
              (for_cpu((void *)(uintptr_t)(SCRATCH + SCRATCH_LEN), 4), rd(SCRATCH + SCRATCH_LEN) == 0));

    /* ---- 6. prefetcher reset (msgdma_pref_reset) ---- */
    check("msgdma_pref_reset: quiesce, RESET reads back 0, dispatcher reset", tse_pref_reset());
    check("msgdma_pref_reset: prefetcher registers cleared",
          rd(PREF + 0x00) == 0 && rd(PREF + 0x04) == 0 && rd(PREF + 0x0C) == 0 && rd(PREF + 0x10) == 0);

    /* ---- 7. a ring of descriptors with OWNED_BY_HW, polling, IRQ (msgdma_pref_initialize, _start_txdma,
     *         _enable_txirq, _tx_buffer, _tx_completions) ---- */
    fill();
    memset(ring, 0, sizeof ring);
    for (uint32_t i = 0; i < 4; ++i) {
        ring[i].next_desc_lo = addr(&ring[(i + 1) % 4]);
        ring[i].next_desc_hi = 0;
        ring[i].stride = 0x00010001u; /* MSGDMA_DESC_TX_STRIDE */
        ring[i].burst_seq_num = i;    /* "set seq number to desc number" */
    }
    flush(ring, sizeof ring);
    wr(PREF + 0x0C, 0x40);            /* desc_poll_freq */
    wr(PREF + 0x04, addr(&ring[0]));  /* next_desc_lo */
    wr(PREF + 0x08, 0);               /* next_desc_hi */
    set_bits(PREF + 0x00, 0x2 | 0x1); /* DESC_POLL_EN | RUN */
    set_bits(PREF + 0x00, 0x8);       /* msgdma_pref_enable_txirq: GLOBAL_INTR */
    check("start_txdma + enable_txirq: CONTROL = 0xB, NEXT_DESC_PTR kept",
          rd(PREF + 0x00) == 0xB && rd(PREF + 0x04) == addr(&ring[0]));
    for (uint32_t i = 0; i < 3; ++i) { /* msgdma_pref_tx_buffer */
        ring[i].len = 500 + i;
        ring[i].read_addr_lo = addr(src) + 1024u * i;
        ring[i].read_addr_hi = 0;
        ring[i].write_addr_lo = addr(dst) + 1024u * i; /* memory to memory (the TSE writes to its FIFO) */
        ring[i].write_addr_hi = 0;
        flush(&ring[i], 60);
        ring[i].desc_control = TX_SINGLE | OWNED_BY_HW; /* hand over last */
        flush(&ring[i], sizeof ring[i]);
    }
    check("prefetcher: an interrupt per descriptor", wait_count(&pref_irqs, 3));
    for_cpu(ring, sizeof ring);
    for_cpu(dst, sizeof dst);
    uint32_t ready = 0; /* msgdma_pref_tx_completions */
    for (uint32_t i = 0; i < 4; ++i) {
        pref_desc_t *cur = &ring[i];
        if ((cur->desc_control & OWNED_BY_HW) || !cur->desc_control) break;
        check("write-back: bytes_transferred, desc_status, control without OWNED_BY_HW",
              cur->bytes_transferred == 500 + i && cur->desc_status == 0 && cur->desc_control == TX_SINGLE);
        cur->desc_control = 0;
        flush(cur, sizeof *cur);
        ++ready;
    }
    check("tx_completions: three ready", ready == 3);
    check("prefetcher: data", memcmp(dst, src, 500) == 0 && memcmp(dst + 1024, src + 1024, 501) == 0 &&
                                  memcmp(dst + 2048, src + 2048, 502) == 0 && dst[500] == 0xEE);
    check("prefetcher: SEQ_NUM holds the last descriptor's sequence number", rd(CSR + 0x10) == 0x00020002u);
    check("polling: RUN stays set, NEXT_DESC_PTR at the descriptor it polls",
          (rd(PREF + 0x00) & 0x1) && rd(PREF + 0x04) == addr(&ring[3]));
    /* hand over the fourth later: the prefetcher polls it */
    for (volatile int k = 0; k < 500; ++k) {}
    ring[3].len = 64;
    ring[3].read_addr_lo = addr(src) + 4096;
    ring[3].write_addr_lo = addr(dst) + 4096;
    flush(&ring[3], 60);
    ring[3].desc_control = TX_SINGLE | OWNED_BY_HW;
    flush(&ring[3], sizeof ring[3]);
    check("polling: the descriptor handed over later is processed", wait_count(&pref_irqs, 4));
    for_cpu(ring, sizeof ring);
    for_cpu(dst, sizeof dst);
    check("polling: its write-back", ring[3].bytes_transferred == 64 && ring[3].desc_control == TX_SINGLE &&
                                         memcmp(dst + 4096, src + 4096, 64) == 0);
    check("prefetcher IRQ separate from the dispatcher's", (rd(CSR + 0x00) & 0x200) == 0);

    /* ---- 8. park mode replays a circular list ([HAL] start_prefetcher_with_list_addr: PARK | RUN) ---- */
    check("msgdma_pref_reset again", tse_pref_reset());
    fill();
    memset(park, 0, sizeof park);
    for (uint32_t i = 0; i < 2; ++i) {
        park[i].read_addr_lo = addr(src) + 256u * i;
        park[i].write_addr_lo = addr(dst) + 256u * i;
        park[i].len = 256;
        park[i].next_desc_lo = addr(&park[(i + 1) % 2]); /* back to the first */
        park[i].stride = 0x00010001u;
        park[i].desc_control = 0x80000000u | (i == 1 ? 0x4000u : 0) | OWNED_BY_HW;
    }
    flush(park, sizeof park);
    uint32_t pirqs = pref_irqs;
    wr(PREF + 0x04, addr(&park[0]));
    wr(PREF + 0x08, 0);
    wr(PREF + 0x00, 0x10 | 0x8);       /* PARK_MODE | GLOBAL_INTR, then */
    wr(PREF + 0x00, 0x10 | 0x8 | 0x1); /* RUN */
    check("park mode: the list replays (three rounds, one interrupt each)", wait_count(&pref_irqs, pirqs + 3));
    for_cpu(park, sizeof park);
    check("park mode: OWNED_BY_HW kept at write-back", (park[0].desc_control & OWNED_BY_HW) &&
                                                           (park[1].desc_control & OWNED_BY_HW) &&
                                                           park[0].bytes_transferred == 256);
    wr(PREF + 0x00, 0x8 | 0x1); /* clearing PARK_MODE ends it: write-backs clear OWNED_BY_HW again */
    check("park mode off: RUN cleared at the end of the list", poll(PREF + 0x00, 0x1, 0));
    for_cpu(park, sizeof park);
    for_cpu(dst, sizeof dst);
    check("park mode off: OWNED_BY_HW cleared",
          !(park[0].desc_control & OWNED_BY_HW) && !(park[1].desc_control & OWNED_BY_HW));
    check("park mode: data", memcmp(dst, src, 512) == 0);

    check("final prefetcher reset", tse_pref_reset());
    printf("%s: %d failures\n", failures ? "FAIL" : "PASS", failures);
    return failures ? 1 : 0;
}
