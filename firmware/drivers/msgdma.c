/* Cascaded mSGDMA driver (see include/drivers/msgdma.h). */
#include <drivers/msgdma.h>
#include <hal/irq.h>
#include <hal/mmio.h>
#include <hal/plic.h>
#include <rt/csr.h>

#define CSR(r)  (VP_DMA_BASE + MSGDMA_CSR_OFFSET + (r))
#define DESC(r) (VP_DMA_BASE + MSGDMA_DESC_OFFSET + (r))
#define RESP(r) (VP_DMA_BASE + MSGDMA_RESPONSE_OFFSET + (r))
#define PREF(r) (VP_DMA_BASE + MSGDMA_PREF_OFFSET + (r))
#define CONV(r) (VP_DMA_BASE + MSGDMA_CONV_OFFSET + (r))

volatile uint32_t msgdma_irq_count;
static volatile uint32_t irq_seen; /* interrupts not yet consumed by a wait */
static uint32_t pref_giem;

/* Zicbom, encoded with .insn (MISC-MEM, funct3 2; imm 0 inval, 1 clean, 2 flush) so that no
 * assembler extension flag is needed. */
#define CBO(imm, a) __asm__ volatile(".insn i 0x0F, 2, x0, %0, " #imm ::"r"(a) : "memory")

void msgdma_cache_clean(const void *p, size_t n) {
    uintptr_t a = (uintptr_t)p & ~(uintptr_t)(MSGDMA_CACHE_LINE - 1), e = (uintptr_t)p + n;
    for (; a < e; a += MSGDMA_CACHE_LINE) CBO(1, a);
}
void msgdma_cache_flush(const void *p, size_t n) {
    uintptr_t a = (uintptr_t)p & ~(uintptr_t)(MSGDMA_CACHE_LINE - 1), e = (uintptr_t)p + n;
    for (; a < e; a += MSGDMA_CACHE_LINE) CBO(2, a);
}
void msgdma_cache_inval(const void *p, size_t n) {
    uintptr_t a = (uintptr_t)p & ~(uintptr_t)(MSGDMA_CACHE_LINE - 1), e = (uintptr_t)p + n;
    for (; a < e; a += MSGDMA_CACHE_LINE) CBO(0, a);
}

uint32_t msgdma_status(void) { return vp_read32(CSR(MSGDMA_CSR_STATUS)); }

/* Intel's order (HAL alt_msgdma_init, Linux msgdma_pref_reset): the prefetcher first (write RESET,
 * poll until it reads back 0), then the dispatcher (write RESET, poll STATUS.RESETTING). */
void msgdma_reset(void) {
    vp_write32(PREF(MSGDMA_PREF_STATUS), MSGDMA_PREF_STATUS_IRQ);
    vp_write32(PREF(MSGDMA_PREF_CONTROL), MSGDMA_PREF_CTL_RESET);
    while (vp_read32(PREF(MSGDMA_PREF_CONTROL)) & MSGDMA_PREF_CTL_RESET) {}
    vp_write32(CSR(MSGDMA_CSR_CONTROL), MSGDMA_CONTROL_RESET);
    while (msgdma_status() & MSGDMA_STATUS_RESETTING) {}
    vp_write32(CSR(MSGDMA_CSR_STATUS), MSGDMA_STATUS_MASK); /* only IRQ is write-1-to-clear */
}

void msgdma_init(bool irq) {
    msgdma_reset();
    msgdma_irq_count = 0;
    irq_seen = 0;
    pref_giem = irq ? MSGDMA_PREF_CTL_GLOBAL_INTR_EN : 0;
    vp_write32(CSR(MSGDMA_CSR_CONTROL), MSGDMA_CONTROL_STOP_ON_ERR | (irq ? MSGDMA_CONTROL_GIEM : 0));
    if (irq) {
        vp_plic_set_priority(VP_IRQ_DMA0, 1);
        vp_plic_set_threshold(0, 0);
        vp_plic_enable(0, VP_IRQ_DMA0, true);
        vp_irq_source_enable(MIE_MEIE);
    }
}

void msgdma_irq(void) {
    /* The dispatcher's and the prefetcher's interrupt bits are separate; either drives the line. */
    vp_write32(CSR(MSGDMA_CSR_STATUS), MSGDMA_STATUS_IRQ);
    vp_write32(PREF(MSGDMA_PREF_STATUS), MSGDMA_PREF_STATUS_IRQ);
    ++msgdma_irq_count;
    ++irq_seen;
}

/* Sleeps until the interrupt handler counted an interrupt (wfi with interrupts enabled). */
static void wait_irq(void) {
    for (;;) {
        vp_irq_disable();
        if (irq_seen) {
            --irq_seen;
            vp_irq_enable();
            return;
        }
        __asm__ volatile("wfi");
        vp_irq_enable();
    }
}

void msgdma_submit(uint32_t read_addr, uint32_t write_addr, uint32_t length, uint32_t control) {
    while (msgdma_status() & MSGDMA_STATUS_DESC_FULL) {}
    vp_write32(DESC(MSGDMA_DESC_READ_ADDR), read_addr);
    vp_write32(DESC(MSGDMA_DESC_WRITE_ADDR), write_addr);
    vp_write32(DESC(MSGDMA_DESC_LENGTH), length);
    vp_write32(DESC(MSGDMA_DESC_CONTROL), control | MSGDMA_DESC_CTL_GO); /* GO last: commits */
}

uint32_t msgdma_wait(msgdma_wait_t how, uint32_t *actual) {
    if (how == MSGDMA_IRQ) wait_irq();
    /* A response is there once the descriptor is done (or the dispatcher stopped on an error). */
    while (vp_read32(CSR(MSGDMA_CSR_RESP_FILL)) == 0) {}
    uint32_t n = vp_read32(RESP(MSGDMA_RESP_ACTUAL_BYTES));
    uint32_t s = vp_read32(RESP(MSGDMA_RESP_STATUS)); /* pops */
    if (actual) *actual = n;
    return s & 0x1FFu;
}

static uint32_t irq_bits(bool irq) { return irq ? MSGDMA_DESC_CTL_TC_IRQ_EN | MSGDMA_DESC_CTL_ERR_IRQ_MASK(0xFF) : 0; }

uint32_t msgdma_memcpy(void *dst, const void *src, uint32_t n, msgdma_wait_t how) {
    msgdma_cache_clean(src, n);
    msgdma_cache_flush(dst, n);
    msgdma_submit((uint32_t)(uintptr_t)src, (uint32_t)(uintptr_t)dst, n, irq_bits(how == MSGDMA_IRQ));
    uint32_t s = msgdma_wait(how, 0);
    msgdma_cache_inval(dst, n);
    return s;
}

void msgdma_chain_set(msgdma_pdesc_t *d, uint32_t read_addr, uint32_t write_addr, uint32_t length, uint32_t control,
                      msgdma_pdesc_t *next) {
    d->read_addr = read_addr;
    d->write_addr = write_addr;
    d->length = length;
    d->next = (uint32_t)(uintptr_t)next;
    d->actual_bytes = 0;
    d->status = 0;
    d->reserved = 0;
    d->control = control | MSGDMA_DESC_CTL_GO | MSGDMA_DESC_CTL_OWNED_BY_HW; /* hand over last */
}

void msgdma_chain_start(msgdma_pdesc_t *first, size_t n, bool irq) {
    msgdma_cache_clean(first, n * sizeof *first);
    vp_write32(PREF(MSGDMA_PREF_NEXT_LO), (uint32_t)(uintptr_t)first);
    vp_write32(PREF(MSGDMA_PREF_NEXT_HI), 0);
    vp_write32(PREF(MSGDMA_PREF_CONTROL), MSGDMA_PREF_CTL_RUN | (irq ? pref_giem : 0));
}

uint32_t msgdma_chain_wait(msgdma_pdesc_t *last, msgdma_wait_t how) {
    volatile msgdma_pdesc_t *l = last;
    for (;;) {
        if (how == MSGDMA_IRQ) wait_irq();
        msgdma_cache_inval(last, sizeof *last);
        if (!(l->control & MSGDMA_DESC_CTL_OWNED_BY_HW)) return l->status;
        if (how == MSGDMA_IRQ) continue; /* an earlier descriptor's interrupt */
    }
}

void msgdma_job_start(const msgdma_job_t *j, bool irq) {
    const uint32_t span = j->count * j->elem_size;
    msgdma_cache_clean(j->index, j->count * j->index_size);
    if (j->scatter) {
        msgdma_cache_clean(j->contiguous, span);
        /* the destination table: written at unknown positions; flush it all if it is given whole */
    } else {
        msgdma_cache_flush(j->contiguous, span);
    }
    vp_write32(CONV(MSGDMA_CONV_ELEM_BASE), (uint32_t)(uintptr_t)j->table);
    vp_write32(CONV(MSGDMA_CONV_ELEM_SIZE), j->elem_size);
    vp_write32(CONV(MSGDMA_CONV_INDEX_SIZE), j->index_size);
    vp_write32(CONV(MSGDMA_CONV_LEVELS), j->levels ? j->levels : 1);
    vp_write32(CONV(MSGDMA_CONV_SRC_BASE), j->scatter ? (uint32_t)(uintptr_t)j->contiguous : 0);
    for (unsigned k = 0; k < 3; ++k)
        vp_write32(CONV(MSGDMA_CONV_LEVEL_BASE(k)), (uint32_t)(uintptr_t)j->level_table[k]);
    vp_write32(CONV(MSGDMA_CONV_CTRL), MSGDMA_CONV_CTRL_ENABLE | (j->scatter ? MSGDMA_CONV_CTRL_SCATTER : 0));
    msgdma_submit((uint32_t)(uintptr_t)j->index, j->scatter ? 0 : (uint32_t)(uintptr_t)j->contiguous,
                  j->count * j->index_size, irq_bits(irq));
}

uint32_t msgdma_job_wait(const msgdma_job_t *j, msgdma_wait_t how, uint32_t *actual) {
    uint32_t s = msgdma_wait(how, actual);
    vp_write32(CONV(MSGDMA_CONV_CTRL), 0);
    if (!j->scatter) msgdma_cache_inval(j->contiguous, j->count * j->elem_size);
    return s;
}

uint32_t msgdma_gather(void *dst, const void *table, uint32_t elem_size, const void *index, uint32_t index_size,
                       uint32_t count, msgdma_wait_t how) {
    msgdma_job_t j = {index, index_size, count, (void *)table, elem_size, dst, 1, {0, 0, 0}, false};
    msgdma_job_start(&j, how == MSGDMA_IRQ);
    return msgdma_job_wait(&j, how, 0);
}

uint32_t msgdma_scatter(void *table, uint32_t elem_size, const void *src, const void *index, uint32_t index_size,
                        uint32_t count, msgdma_wait_t how) {
    msgdma_job_t j = {index, index_size, count, table, elem_size, (void *)src, 1, {0, 0, 0}, true};
    msgdma_job_start(&j, how == MSGDMA_IRQ);
    return msgdma_job_wait(&j, how, 0);
}
