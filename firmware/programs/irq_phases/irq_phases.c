/* Every interrupt source the platform has, raised at many phases against the CPU's WFI.
 *
 * For each source: start a short piece of work on the device, spin d iterations (d = 0..PHASES-1, so
 * the device's completion falls before, at and after the moment the CPU goes to sleep, and — as the
 * start time drifts from one round to the next — at every position inside a quantum and around a
 * run-ahead boundary), then sleep in WFI until the interrupt handler saw the completion. A lost
 * wake-up ends the run with exit 7 ("the CPU sleeps in WFI and nothing is left that could wake it");
 * a wrong result exits 1. Sources that the platform does not have are skipped (boot-info entries);
 * tests/platform/test_irq_phases.py runs this with several quanta, with and without run-ahead, with
 * LAPP and with the HMC gather engine. */
#include <drivers/lapp.h>
#include <drivers/msgdma.h>
#include <hal/clint.h>
#include <hal/irq.h>
#include <hal/mmio.h>
#include <hal/plic.h>
#include <hal/vec.h>
#include <rt/bootinfo.h>
#include <rt/csr.h>
#include <rt/trap.h>
#include <stdio.h>
#include <vp/regs/hmc.h>

#define PHASES 48u

extern const vec_image_t irq_spin_image;
extern void lapp_spin(void);

static volatile uint32_t timer_seen, gather_seen;
static uintptr_t hmc_base;

static void on_trap(vp_trap_frame_t *f) {
    if (f->mcause == (0x80000000u | 7u)) { /* machine timer */
        vp_clint_disarm_timer(0);
        ++timer_seen;
        return;
    }
    if (f->mcause == (0x80000000u | 11u)) { /* machine external: one claim per source */
        uint32_t src;
        while ((src = vp_plic_claim(0)) != 0) {
            if (src == VP_IRQ_VEC)
                vec_irq();
            else if (src == VP_IRQ_DMA0)
                msgdma_irq();
            else if (src == VP_IRQ_GATHER && hmc_base) {
                vp_write32(hmc_base + GS_IRQ_PENDING, 1);
                ++gather_seen;
            }
            vp_plic_complete(0, src);
        }
        return;
    }
    vp_trap_default_handler(f);
}

static void spin(uint32_t n) {
    for (volatile uint32_t i = 0; i < n; ++i) {}
}

/* Sleeps until *flag counted one more event (check and WFI with interrupts off, so an interrupt
 * between them still wakes the WFI). */
static void sleep_for(volatile uint32_t *flag, uint32_t before) {
    for (;;) {
        const uint32_t s = vp_irq_save();
        if (*flag != before) {
            vp_irq_restore(s);
            return;
        }
        __asm__ volatile("wfi");
        vp_irq_restore(s);
    }
}

static int fail(const char *what, uint32_t phase, uint32_t got) {
    printf("irq_phases: %s: wrong result at phase %lu (got %lu)\n", what, (unsigned long)phase, (unsigned long)got);
    return 1;
}

static int timer_phases(void) {
    vp_irq_source_enable(MIE_MTIE);
    for (uint32_t d = 0; d < PHASES; ++d) {
        const uint32_t before = timer_seen;
        vp_clint_set_mtimecmp(0, vp_clint_mtime() + 1 + d % 7);
        spin(d);
        sleep_for(&timer_seen, before);
    }
    vp_irq_source_disable(MIE_MTIE);
    printf("irq_phases: timer: %u wake-ups\n", (unsigned)PHASES);
    return 0;
}

static int vec_phases(void) {
    if (!vec_init(true)) return 0;
    if (vec_load(&irq_spin_image) != 0) return fail("vec load", 0, 0);
    for (uint32_t d = 0; d < PHASES; ++d) {
        const uint32_t n = d % 5; /* a short program: a few instructions */
        vec_start(irq_spin_image.entry, &n, 1);
        spin(d);
        if (vec_wait(VEC_IRQ) != VEC_STATUS_DONE || vec_exit_code() != n + 1) return fail("vec", d, vec_exit_code());
    }
    printf("irq_phases: vec: %u wake-ups, %lu interrupts\n", (unsigned)PHASES, (unsigned long)vec_irq_count);
    /* (vec_wait ends on STATUS, the truth: a completion it saw there before the interrupt was taken is
     * not counted again, so the count may be lower than PHASES.) */
    return vec_irq_count > 0 ? 0 : fail("vec interrupts", PHASES, vec_irq_count);
}

static uint32_t dma_src[16], dma_dst[16];

static int dma_phases(void) {
    msgdma_init(true); /* the mSGDMA is on every platform unless a scenario disables it */
    for (uint32_t d = 0; d < PHASES; ++d) {
        const uint32_t n = 4u * (1 + d % 16);
        for (uint32_t i = 0; i < 16; ++i) dma_src[i] = d * 100 + i, dma_dst[i] = 0;
        msgdma_cache_clean(dma_src, sizeof dma_src);
        msgdma_cache_flush(dma_dst, sizeof dma_dst);
        msgdma_submit((uint32_t)(uintptr_t)dma_src, (uint32_t)(uintptr_t)dma_dst, n,
                      MSGDMA_DESC_CTL_TC_IRQ_EN | MSGDMA_DESC_CTL_ERR_IRQ_MASK(0xFF));
        spin(d);
        const uint32_t st = msgdma_wait(MSGDMA_IRQ, 0);
        msgdma_cache_inval(dma_dst, sizeof dma_dst);
        if (st != 0) return fail("dma status", d, st);
        if (dma_dst[n / 4 - 1] != d * 100 + n / 4 - 1) return fail("dma data", d, dma_dst[n / 4 - 1]);
    }
    printf("irq_phases: dma: %u wake-ups, %lu interrupts\n", (unsigned)PHASES, (unsigned long)msgdma_irq_count);
    return msgdma_irq_count > 0 ? 0 : fail("dma interrupts", PHASES, msgdma_irq_count);
}

static uint32_t gather_idx[8], gather_elem[64], gather_dst[8];

static int gather_phases(void) {
    uint32_t addr = 0;
    if (!vp_bootinfo_find("hmc_ctrl", &addr, NULL)) return 0;
    hmc_base = addr;
    for (uint32_t i = 0; i < 64; ++i) gather_elem[i] = 3 * i + 1;
    for (uint32_t i = 0; i < 8; ++i) gather_idx[i] = (i * 13) % 64;
    msgdma_cache_clean(gather_elem, sizeof gather_elem);
    msgdma_cache_clean(gather_idx, sizeof gather_idx);
    vp_plic_set_priority(VP_IRQ_GATHER, 1);
    vp_plic_enable(0, VP_IRQ_GATHER, true);
    vp_write32(hmc_base + GS_IRQ_PENDING, 1);
    vp_write32(hmc_base + GS_IRQ_ENABLE, 1);
    for (uint32_t d = 0; d < PHASES; ++d) {
        const uint32_t n = 1 + d % 8, before = gather_seen;
        msgdma_cache_flush(gather_dst, sizeof gather_dst);
        vp_write32(hmc_base + GS_OP, GS_OP_GATHER | GS_MODE_MEMORY);
        vp_write32(hmc_base + GS_ELEM_BASE, (uint32_t)(uintptr_t)gather_elem);
        vp_write32(hmc_base + GS_INDEX_ADDR, (uint32_t)(uintptr_t)gather_idx);
        vp_write32(hmc_base + GS_COUNT, n);
        vp_write32(hmc_base + GS_ELEM_SIZE, 4);
        vp_write32(hmc_base + GS_INDEX_SIZE, 4);
        vp_write32(hmc_base + GS_DEST, (uint32_t)(uintptr_t)gather_dst);
        vp_write32(hmc_base + GS_DOORBELL, 1);
        spin(d);
        sleep_for(&gather_seen, before);
        const uint32_t st = vp_read32(hmc_base + GS_STATUS);
        msgdma_cache_inval(gather_dst, sizeof gather_dst);
        if (st != GS_STATUS_DONE) return fail("gather status", d, st);
        if (gather_dst[n - 1] != gather_elem[gather_idx[n - 1]]) return fail("gather data", d, gather_dst[n - 1]);
    }
    vp_write32(hmc_base + GS_IRQ_ENABLE, 0);
    printf("irq_phases: gather: %u wake-ups\n", (unsigned)PHASES);
    return 0;
}

static uint32_t lapp_stack[64] __attribute__((aligned(16)));

static int lapp_phases(void) {
    if (!lapp_present()) return 0;
    /* lapp_run sleeps with mstatus.MIE clear (WFI wakes on the enabled source, no handler runs). */
    const uint32_t s = vp_irq_save();
    for (uint32_t d = 0; d < PHASES; ++d) {
        lapp_call_t call = {.fn = lapp_spin, .stack_top = lapp_stack + 64};
        call.a[0] = d;
        lapp_result_t r;
        if (lapp_run(&call, &r) != LAPP_STATUS_DONE || r.a0 != d + 1) return fail("lapp", d, r.a0);
    }
    vp_irq_restore(s);
    printf("irq_phases: lapp: %u wake-ups\n", (unsigned)PHASES);
    return 0;
}

int main(void) {
    vp_trap_install(on_trap);
    vp_plic_set_threshold(0, 0);
    vp_irq_source_enable(MIE_MEIE);
    vp_irq_enable();
    int rc = timer_phases();
    if (!rc) rc = vec_phases();
    if (!rc) rc = dma_phases();
    if (!rc) rc = gather_phases();
    if (!rc) rc = lapp_phases();
    if (!rc) printf("irq_phases: all sources woke the CPU at every phase\n");
    return rc;
}
