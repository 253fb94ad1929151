/* multi_dev: two mSGDMA instances and two vector accelerators working at the same time, each with its
 * own PLIC source, through the drivers' instance API (msgdma_open_index / vec_open_index: base and
 * interrupt from the boot-info block's device table).
 *
 * Checks: the platform announces two of each with distinct windows and PLIC sources; both DMAs copy
 * a buffer at once (both busy together), each completion arrives on its own source, every byte is
 * right; both accelerators run a kernel at once (both busy together), each completion on its own
 * source, every word of both results right; finally all four at once; with a second UART, the verdict
 * is written there too (vp_uart_dev_*); with LAPP instances, each runs a function (lapp_dev_run); with
 * a second trace marker, the last part is a region of it; with a second finisher, the run ends there. Exit
 * 0 = all pass; 2 = the
 * platform does not have two of each (scenarios/multi_dev.yaml has them); 1 = a check failed. */
#include <stdio.h>
#include <string.h>
#include <drivers/lapp.h>
#include <drivers/msgdma.h>
#include <hal/finisher.h>
#include <hal/irq.h>
#include <hal/marker.h>
#include <hal/plic.h>
#include <hal/uart.h>
#include <hal/vec.h>
#include <rt/device.h>
#include <rt/runtime.h>

#define N_BYTES (32u * 1024u)
#define N_WORDS 2048u
#define OUT_OFF 0x1000u /* result offset in each DLM */
#define SPIN    2000u

extern const vec_image_t multi_fill_image;
extern void lapp_spin(void); /* ../irq_phases/lapp_spin.S: returns a0 + 1 */

/* Line-aligned: a DMA destination shares no cache line with data the CPU reads meanwhile. */
static uint8_t src[2][N_BYTES] __attribute__((aligned(MSGDMA_CACHE_LINE)));
static uint8_t dst[2][N_BYTES] __attribute__((aligned(MSGDMA_CACHE_LINE)));
static msgdma_t dma[2];
static vec_t vec[2];
static volatile uint32_t seen[4]; /* completions per device: dma0, dma1, vec0, vec1 */
static volatile uint32_t stray;   /* claims of any other source */

static int failures;
static void check(const char *what, int ok) {
    printf("%s: %s\n", ok ? "ok" : "FAIL", what);
    if (!ok) ++failures;
}

static void trap(vp_trap_frame_t *f) {
    if (f->mcause == (MCAUSE_INTERRUPT | IRQ_M_EXT)) {
        uint32_t s;
        while ((s = vp_plic_claim(0)) != 0) {
            if (s == dma[0].irq) {
                msgdma_dev_irq(&dma[0]);
                ++seen[0];
            } else if (s == dma[1].irq) {
                msgdma_dev_irq(&dma[1]);
                ++seen[1];
            } else if (s == vec[0].irq) {
                vec_dev_irq(&vec[0]);
                ++seen[2];
            } else if (s == vec[1].irq) {
                vec_dev_irq(&vec[1]);
                ++seen[3];
            } else {
                ++stray;
            }
            vp_plic_complete(0, s);
        }
        return;
    }
    vp_trap_default_handler(f);
}

static void dma_both(uint32_t salt) {
    for (unsigned k = 0; k < 2; ++k)
        for (uint32_t i = 0; i < N_BYTES; ++i) {
            src[k][i] = (uint8_t)(i * (k + 3) + salt);
            dst[k][i] = 0;
        }
    for (unsigned k = 0; k < 2; ++k) {
        msgdma_cache_clean(src[k], N_BYTES);
        msgdma_cache_flush(dst[k], N_BYTES);
    }
    for (unsigned k = 0; k < 2; ++k) /* back to back: the second starts while the first runs */
        msgdma_dev_submit(&dma[k], (uint32_t)(uintptr_t)src[k], (uint32_t)(uintptr_t)dst[k], N_BYTES,
                          MSGDMA_DESC_CTL_TC_IRQ_EN);
}

static void dma_check(const char *what) {
    for (unsigned k = 0; k < 2; ++k) {
        uint32_t actual = 0;
        const uint32_t st = msgdma_dev_wait(&dma[k], MSGDMA_IRQ, &actual);
        msgdma_cache_inval(dst[k], N_BYTES);
        char line[64];
        snprintf(line, sizeof line, "%s: dma%u status 0, %u bytes, data", what, k, (unsigned)N_BYTES);
        check(line, st == 0 && actual == N_BYTES && memcmp(src[k], dst[k], N_BYTES) == 0);
    }
}

static void vec_both(uint32_t seed) {
    for (unsigned k = 0; k < 2; ++k) {
        const uint32_t out = (uint32_t)(uintptr_t)vec_dev_dlm_ptr(&vec[k], OUT_OFF);
        const uint32_t args[4] = {N_WORDS, out, seed + 1000u * k, SPIN};
        vec_dev_start(&vec[k], vec_dev_entry(&vec[k], &multi_fill_image), args, 4);
    }
}

static void vec_check(const char *what, uint32_t seed) {
    for (unsigned k = 0; k < 2; ++k) {
        const uint32_t st = vec_dev_wait(&vec[k], VEC_IRQ);
        const volatile uint32_t *out = vec_dev_dlm_ptr(&vec[k], OUT_OFF);
        int ok = st == VEC_STATUS_DONE && vec_dev_exit_code(&vec[k]) == N_WORDS;
        for (uint32_t i = 0; ok && i < N_WORDS; ++i) ok = out[i] == seed + 1000u * k + i;
        char line[64];
        snprintf(line, sizeof line, "%s: vec%u done, %u words", what, k, (unsigned)N_WORDS);
        check(line, ok);
    }
}

int main(void) {
    vp_trap_install(trap);
    if (!msgdma_open_index(&dma[0], 0) || !msgdma_open_index(&dma[1], 1) || !vec_open_index(&vec[0], 0) ||
        !vec_open_index(&vec[1], 1)) {
        printf("multi_dev: needs two mSGDMA and two vector accelerator instances (scenarios/multi_dev.yaml)\n");
        return 2;
    }
    printf("dma0 0x%08lx irq %lu, dma1 0x%08lx irq %lu, vec0 0x%08lx irq %lu, vec1 0x%08lx irq %lu\n",
           (unsigned long)dma[0].base, (unsigned long)dma[0].irq, (unsigned long)dma[1].base, (unsigned long)dma[1].irq,
           (unsigned long)vec[0].base, (unsigned long)vec[0].irq, (unsigned long)vec[1].base,
           (unsigned long)vec[1].irq);
    check("distinct windows", dma[0].base != dma[1].base && vec[0].base != vec[1].base);
    check("distinct PLIC sources", dma[0].irq != dma[1].irq && vec[0].irq != vec[1].irq && dma[0].irq != vec[0].irq &&
                                       dma[1].irq != vec[1].irq && dma[0].irq != vec[1].irq &&
                                       dma[1].irq != vec[0].irq);
    for (unsigned k = 0; k < 2; ++k) {
        msgdma_dev_init(&dma[k], true);
        check("vec init", vec_dev_init(&vec[k], true));
        check("vec image loads", vec_dev_load(&vec[k], &multi_fill_image) == 0);
    }
    vp_irq_enable();

    /* Both DMAs at once. */
    dma_both(1);
    check("both DMAs busy together",
          (msgdma_dev_status(&dma[0]) & MSGDMA_STATUS_BUSY) && (msgdma_dev_status(&dma[1]) & MSGDMA_STATUS_BUSY));
    dma_check("dma pair");
    check("one interrupt each from dma0 and dma1",
          seen[0] == 1 && seen[1] == 1 && dma[0].irq_count == 1 && dma[1].irq_count == 1);

    /* Both accelerators at once. */
    vec_both(7);
    check("both accelerators busy together", vec_dev_busy(&vec[0]) && vec_dev_busy(&vec[1]));
    vec_check("vec pair", 7);
    check("one interrupt each from vec0 and vec1", seen[2] == 1 && seen[3] == 1);

    /* All four at once (in a region of a second trace marker, when the platform has one). */
    vp_marker_t marker1;
    const bool marked = vp_marker_open_index(&marker1, 1);
    if (marked) vp_marker_dev_begin(&marker1, "all_four");
    dma_both(2);
    vec_both(100);
    dma_check("all four");
    vec_check("all four", 100);
    if (marked) vp_marker_dev_end(&marker1);
    check("two interrupts from each device, none other",
          seen[0] == 2 && seen[1] == 2 && seen[2] == 2 && seen[3] == 2 && stray == 0);

    /* LAPP instances, when the platform has them: each runs a function, one after the other (lapp_dev_run
     * sleeps until its own PLIC source fires, with no handler). */
    static uint32_t lapp_stack[64] __attribute__((aligned(16)));
    lapp_t lapp;
    for (unsigned k = 0; lapp_open_index(&lapp, k); ++k) {
        const uint32_t s = vp_irq_save();
        lapp_call_t call = {.fn = lapp_spin, .stack_top = lapp_stack + 64};
        call.a[0] = 100u * (k + 1);
        lapp_result_t r;
        const uint32_t st = lapp_dev_run(&lapp, &call, &r);
        vp_irq_restore(s);
        char line[64];
        snprintf(line, sizeof line, "lapp%u (irq %lu) returned a0 + 1", k, (unsigned long)lapp.irq);
        check(line, st == LAPP_STATUS_DONE && r.a0 == 100u * (k + 1) + 1);
    }

    /* A second UART, when the platform has one: the verdict goes there too. */
    vp_uart_t uart1;
    if (vp_uart_open_index(&uart1, 1)) {
        vp_uart_dev_init(&uart1);
        vp_uart_dev_puts(&uart1, failures ? "multi_dev on uart1: FAIL\n" : "multi_dev on uart1: PASS\n");
        while (!vp_uart_dev_tx_idle(&uart1)) {}
    }

    printf("multi_dev: %s\n", failures ? "FAIL" : "PASS");
    /* With a second test finisher, the run ends through it. */
    vp_finisher_t finisher1;
    if (vp_finisher_open_index(&finisher1, 1)) {
        if (failures) vp_finisher_dev_fail(&finisher1, 1);
        vp_finisher_dev_pass(&finisher1);
    }
    return failures ? 1 : 0;
}
