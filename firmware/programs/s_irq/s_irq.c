/* Supervisor-mode interrupts as an operating system under an SBI sees them (docs/iss.md, "Privilege
 * modes and Sv32"; docs/peripherals.md, PLIC).
 *
 * M-mode (this file's main) opens the PMP to S, delegates the supervisor interrupts (mideleg SSIP,
 * STIP, SEIP), lets S use the cache-block operations (menvcfg) and enters S at s_main with mret. S
 * then, with its own trap vector (stvec), checks:
 *   1. a device interrupt reaches S through PLIC context 1 (hart 0 S-mode) and mip.SEIP: the UART's
 *      transmitter-empty interrupt (source 10), taken in S (scause = interrupt 9), claimed and
 *      completed at context 1; context 0 (M) never interrupts (nothing enabled there);
 *   2. the supervisor timer as an SBI gives it: S asks M (ecall) for a timer; M's machine timer
 *      handler sets mip.STIP; S, asleep in WFI, takes it (scause = interrupt 5) and asks M to clear it;
 *   3. WFI in S woken by a device: an mSGDMA transfer completes while S sleeps (SIE off: WFI wakes on
 *      the pending enabled interrupt, the handler runs when SIE is set again);
 *   4. csrc/csrs of mip.STIP in M while the PLIC holds SEIP high do not latch SEIP: once the source is
 *      claimed and completed, sip.SEIP reads 0.
 * Exit 0 when all hold; 1..n name the failing check. */
#include <drivers/msgdma.h>
#include <hal/clint.h>
#include <hal/mmio.h>
#include <hal/plic.h>
#include <rt/csr.h>
#include <rt/trap.h>
#include <stdio.h>
#include <stdlib.h>
#include <vp/regs/memmap.h>
#include <vp/regs/msgdma.h>
#include <vp/regs/uart16550.h>

#define SIP_SSIP      (1u << 1)
#define SIP_STIP      (1u << 5)
#define SIP_SEIP      (1u << 9)
#define SSTATUS_SIE   (1u << 1)
#define MSTATUS_MPP_S (1u << 11)

#define CTX_S 1u /* PLIC context 2h + 1: hart 0, S-mode */

/* ecalls from S (a7 = function, a0 = argument), served by M as an SBI would */
enum { CALL_EXIT, CALL_SET_TIMER, CALL_CLEAR_STIP, CALL_MIP };

static volatile uint32_t uart_irqs, timer_irqs, dma_irqs, other_irqs, last_scause;

static uint32_t s_call(uint32_t fn, uint32_t arg) {
    register uint32_t a0 __asm__("a0") = arg;
    register uint32_t a7 __asm__("a7") = fn;
    __asm__ volatile("ecall" : "+r"(a0) : "r"(a7) : "memory");
    return a0;
}

/* ---- M-mode: the SBI of this test ---- */
static void m_trap(vp_trap_frame_t *f) {
    if (f->mcause == (MCAUSE_INTERRUPT | 7u)) { /* machine timer: hand it to S as STIP */
        vp_csr_clear(mie, MIE_MTIE);
        vp_csr_set(mip, SIP_STIP);
        return;
    }
    if (f->mcause == 9u) { /* ecall from S */
        const uint32_t arg = f->x[10];
        f->mepc += 4;
        switch (f->x[17]) {
            case CALL_EXIT: exit((int)arg);
            case CALL_SET_TIMER:
                vp_csr_clear(mip, SIP_STIP);
                vp_clint_set_mtimecmp(0, vp_clint_mtime() + arg);
                vp_csr_set(mie, MIE_MTIE);
                return;
            case CALL_CLEAR_STIP: vp_csr_clear(mip, SIP_STIP); return;
            case CALL_MIP: f->x[10] = vp_csr_read(mip); return;
        }
    }
    vp_trap_default_handler(f);
}

/* ---- S-mode ---- */
static void __attribute__((interrupt("supervisor"), aligned(4))) s_trap(void) {
    const uint32_t cause = vp_csr_read(scause);
    last_scause = cause;
    if (cause == (MCAUSE_INTERRUPT | 9u)) {
        uint32_t src;
        while ((src = vp_plic_claim(CTX_S)) != 0) {
            if (src == VP_IRQ_UART0) {
                (void)vp_read8(VP_UART0_BASE + UART_IIR); /* reading IIR ends the THR-empty interrupt */
                vp_write8(VP_UART0_BASE + UART_IER, 0);
                ++uart_irqs;
            } else if (src == VP_IRQ_DMA0) {
                vp_write32(VP_DMA_BASE + MSGDMA_CSR_OFFSET + MSGDMA_CSR_STATUS, MSGDMA_STATUS_IRQ);
                ++dma_irqs;
            } else {
                ++other_irqs;
            }
            vp_plic_complete(CTX_S, src);
        }
    } else if (cause == (MCAUSE_INTERRUPT | 5u)) {
        s_call(CALL_CLEAR_STIP, 0);
        ++timer_irqs;
    } else {
        s_call(CALL_EXIT, 100 + cause);
    }
}

/* Sleep until *count moved (the check and the WFI with SIE off: an interrupt between them still wakes
 * the WFI, whose handler runs once SIE is on again). */
static void s_sleep_for(volatile uint32_t *count, uint32_t before) {
    for (;;) {
        vp_csr_clear(sstatus, SSTATUS_SIE);
        if (*count != before) break;
        VP_WFI();
        vp_csr_set(sstatus, SSTATUS_SIE);
    }
    vp_csr_set(sstatus, SSTATUS_SIE);
}

static uint32_t dma_src[16], dma_dst[16];

static void s_fail(int check, const char *what) {
    printf("s_irq: check %d failed: %s (scause 0x%08lx)\n", check, what, (unsigned long)last_scause);
    s_call(CALL_EXIT, (uint32_t)check);
}

static void s_main(void) {
    vp_csr_write(stvec, (uint32_t)(uintptr_t)s_trap);
    vp_csr_write(sie, SIP_SEIP | SIP_STIP);
    vp_csr_set(sstatus, SSTATUS_SIE);

    /* 1. UART THR-empty through context 1 */
    vp_plic_set_priority(VP_IRQ_UART0, 1);
    vp_plic_set_threshold(CTX_S, 0);
    vp_plic_enable(CTX_S, VP_IRQ_UART0, true);
    vp_write8(VP_UART0_BASE + UART_IER, UART_IER_THRI);
    for (volatile int i = 0; i < 100 && !uart_irqs; ++i) {}
    if (uart_irqs != 1 || last_scause != (MCAUSE_INTERRUPT | 9u)) s_fail(1, "UART interrupt in S via PLIC context 1");
    printf("s_irq: S took the UART interrupt through PLIC context 1\n");

    /* 2. supervisor timer (STIP set by M), S asleep in WFI */
    s_call(CALL_SET_TIMER, 50);
    s_sleep_for(&timer_irqs, 0);
    if (timer_irqs != 1 || (vp_csr_read(sip) & SIP_STIP)) s_fail(2, "supervisor timer interrupt");
    printf("s_irq: S woke from WFI on the supervisor timer (STIP from M)\n");

    /* 3. WFI in S woken by a device on context 1 (mSGDMA completion) */
    vp_plic_set_priority(VP_IRQ_DMA0, 1);
    vp_plic_enable(CTX_S, VP_IRQ_DMA0, true);
    const uintptr_t dma = VP_DMA_BASE;
    vp_write32(dma + MSGDMA_CSR_OFFSET + MSGDMA_CSR_CONTROL, MSGDMA_CONTROL_RESET);
    while (vp_read32(dma + MSGDMA_CSR_OFFSET + MSGDMA_CSR_STATUS) & MSGDMA_STATUS_RESETTING) {}
    vp_write32(dma + MSGDMA_CSR_OFFSET + MSGDMA_CSR_CONTROL, MSGDMA_CONTROL_GIEM);
    msgdma_cache_clean(dma_src, sizeof dma_src); /* (cbo in S: menvcfg lets it) */
    msgdma_cache_flush(dma_dst, sizeof dma_dst);
    for (uint32_t round = 0; round < 8; ++round) {
        const uint32_t before = dma_irqs;
        vp_write32(dma + MSGDMA_DESC_OFFSET + MSGDMA_DESC_READ_ADDR, (uint32_t)(uintptr_t)dma_src);
        vp_write32(dma + MSGDMA_DESC_OFFSET + MSGDMA_DESC_WRITE_ADDR, (uint32_t)(uintptr_t)dma_dst);
        vp_write32(dma + MSGDMA_DESC_OFFSET + MSGDMA_DESC_LENGTH, 4u * (1 + round));
        vp_write32(dma + MSGDMA_DESC_OFFSET + MSGDMA_DESC_CONTROL, MSGDMA_DESC_CTL_TC_IRQ_EN | MSGDMA_DESC_CTL_GO);
        s_sleep_for(&dma_irqs, before);
        while (vp_read32(dma + MSGDMA_CSR_OFFSET + MSGDMA_CSR_RESP_FILL) == 0) {}
        (void)vp_read32(dma + MSGDMA_RESPONSE_OFFSET + MSGDMA_RESP_ACTUAL_BYTES);
        (void)vp_read32(dma + MSGDMA_RESPONSE_OFFSET + MSGDMA_RESP_STATUS); /* pops */
    }
    if (dma_irqs != 8) s_fail(3, "mSGDMA completions in S");
    printf("s_irq: S woke from WFI on 8 mSGDMA completions through PLIC context 1\n");

    /* 4. the PLIC's SEIP line high while M clears and sets mip.STIP: not latched */
    vp_csr_clear(sstatus, SSTATUS_SIE);
    vp_write8(VP_UART0_BASE + UART_IER, UART_IER_THRI);
    if (!(vp_csr_read(sip) & SIP_SEIP)) s_fail(4, "sip.SEIP follows the PLIC line");
    s_call(CALL_CLEAR_STIP, 0); /* csrc mip, STIP in M */
    const uint32_t src = vp_plic_claim(CTX_S);
    (void)vp_read8(VP_UART0_BASE + UART_IIR);
    vp_write8(VP_UART0_BASE + UART_IER, 0);
    vp_plic_complete(CTX_S, src);
    if (src != VP_IRQ_UART0 || (vp_csr_read(sip) & SIP_SEIP) || (s_call(CALL_MIP, 0) & SIP_SEIP))
        s_fail(4, "mip.SEIP latched by a csrc of mip in M");
    vp_csr_set(sstatus, SSTATUS_SIE);
    if (other_irqs || vp_plic_claim(0) != 0) s_fail(5, "no other source, nothing at context 0 (M)");
    printf("s_irq: all supervisor interrupt checks passed\n");
    s_call(CALL_EXIT, 0);
}

int main(void) {
    vp_trap_install(m_trap);
    vp_csr_write(pmpaddr0, 0xffffffffu); /* NAPOT over the whole space, R W X for S and U */
    vp_csr_write(pmpcfg0, 0x1fu);
    vp_csr_write(mideleg, SIP_SSIP | SIP_STIP | SIP_SEIP);
    vp_csr_write(0x30a, 0x50u); /* menvcfg: CBIE = flush, CBCFE: S may use the cache-block operations */
    vp_csr_set(mstatus, MSTATUS_MIE);
    vp_csr_clear(mstatus, MSTATUS_MPP);
    vp_csr_set(mstatus, MSTATUS_MPP_S);
    vp_csr_write(mepc, (uint32_t)(uintptr_t)s_main);
    __asm__ volatile("mret");
    return 99; /* not reached */
}
