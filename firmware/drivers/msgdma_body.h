/* The mSGDMA driver's code, once for both of its APIs (included by msgdma.c and msgdma_dev.c):
 *   msgdma.c:     the single-instance API (msgdma_init, ...) on instance 0 at its default address and PLIC
 *                 source (VP_DMA_BASE, VP_IRQ_DMA0): existing programs keep their exact code;
 *   msgdma_dev.c: the instance API (msgdma_dev_init(d, ...), ...) on a msgdma_t handle whose base and
 *                 PLIC source come from the boot-info block (msgdma_open).
 * The includer defines FN(name) (the function's name), DEV0 / DEV (the handle parameter alone / first),
 * ARG0 / ARG (the handle argument alone / first), BASE, IRQ_SRC, ST(field) (per-instance state) and
 * COUNT (the interrupt count), and MSGDMA_INSTANCE (0 or 1). */
#define CSR(r)  (BASE + MSGDMA_CSR_OFFSET + (r))
#define DESC(r) (BASE + MSGDMA_DESC_OFFSET + (r))
#define RESP(r) (BASE + MSGDMA_RESPONSE_OFFSET + (r))
#define PREF(r) (BASE + MSGDMA_PREF_OFFSET + (r))
#define CONV(r) (BASE + MSGDMA_CONV_OFFSET + (r))

uint32_t FN(status)(DEV0) { return vp_read32(CSR(MSGDMA_CSR_STATUS)); }

/* Intel's order (HAL alt_msgdma_init, Linux msgdma_pref_reset): the prefetcher first (write RESET,
 * poll until it reads back 0), then the dispatcher (write RESET, poll STATUS.RESETTING). */
void FN(reset)(DEV0) {
    vp_write32(PREF(MSGDMA_PREF_STATUS), MSGDMA_PREF_STATUS_IRQ);
    vp_write32(PREF(MSGDMA_PREF_CONTROL), MSGDMA_PREF_CTL_RESET);
    while (vp_read32(PREF(MSGDMA_PREF_CONTROL)) & MSGDMA_PREF_CTL_RESET) {}
    vp_write32(CSR(MSGDMA_CSR_CONTROL), MSGDMA_CONTROL_RESET);
    while (FN(status)(ARG0) & MSGDMA_STATUS_RESETTING) {}
    vp_write32(CSR(MSGDMA_CSR_STATUS), MSGDMA_STATUS_MASK); /* only IRQ is write-1-to-clear */
}

void FN(init)(DEV bool irq) {
    FN(reset)(ARG0);
    COUNT = 0;
    ST(irq_seen) = 0;
    ST(pref_giem) = irq ? MSGDMA_PREF_CTL_GLOBAL_INTR_EN : 0;
    vp_write32(CSR(MSGDMA_CSR_CONTROL), MSGDMA_CONTROL_STOP_ON_ERR | (irq ? MSGDMA_CONTROL_GIEM : 0));
    if (irq) {
        vp_plic_set_priority(IRQ_SRC, 1);
        vp_plic_set_threshold(0, 0);
        vp_plic_enable(0, IRQ_SRC, true);
        vp_irq_source_enable(MIE_MEIE);
    }
}

void FN(irq)(DEV0) {
    /* The dispatcher's and the prefetcher's interrupt bits are separate; either drives the line. */
    vp_write32(CSR(MSGDMA_CSR_STATUS), MSGDMA_STATUS_IRQ);
    vp_write32(PREF(MSGDMA_PREF_STATUS), MSGDMA_PREF_STATUS_IRQ);
    ++COUNT;
    ++ST(irq_seen);
}

/* Sleeps until the interrupt handler counted an interrupt (wfi with interrupts enabled). */
static void wait_irq(DEV0) {
    for (;;) {
        vp_irq_disable();
        if (ST(irq_seen)) {
            --ST(irq_seen);
            vp_irq_enable();
            return;
        }
        __asm__ volatile("wfi");
        vp_irq_enable();
    }
}

void FN(submit)(DEV uint32_t read_addr, uint32_t write_addr, uint32_t length, uint32_t control) {
    while (FN(status)(ARG0) & MSGDMA_STATUS_DESC_FULL) {}
    vp_write32(DESC(MSGDMA_DESC_READ_ADDR), read_addr);
    vp_write32(DESC(MSGDMA_DESC_WRITE_ADDR), write_addr);
    vp_write32(DESC(MSGDMA_DESC_LENGTH), length);
    vp_write32(DESC(MSGDMA_DESC_CONTROL), control | MSGDMA_DESC_CTL_GO); /* GO last: commits */
}

uint32_t FN(wait)(DEV msgdma_wait_t how, uint32_t *actual) {
    if (how == MSGDMA_IRQ) wait_irq(ARG0);
    /* A response is there once the descriptor is done (or the dispatcher stopped on an error). */
    while (vp_read32(CSR(MSGDMA_CSR_RESP_FILL)) == 0) {}
    uint32_t n = vp_read32(RESP(MSGDMA_RESP_ACTUAL_BYTES));
    uint32_t s = vp_read32(RESP(MSGDMA_RESP_STATUS)); /* pops */
    if (actual) *actual = n;
    return s & 0x1FFu;
}

static uint32_t irq_bits(bool irq) { return irq ? MSGDMA_DESC_CTL_TC_IRQ_EN | MSGDMA_DESC_CTL_ERR_IRQ_MASK(0xFF) : 0; }

uint32_t FN(memcpy)(DEV void *dst, const void *src, uint32_t n, msgdma_wait_t how) {
    msgdma_cache_clean(src, n);
    msgdma_cache_flush(dst, n);
    FN(submit)(ARG(uint32_t)(uintptr_t) src, (uint32_t)(uintptr_t)dst, n, irq_bits(how == MSGDMA_IRQ));
    uint32_t s = FN(wait)(ARG how, 0);
    msgdma_cache_inval(dst, n);
    return s;
}

#if !MSGDMA_INSTANCE
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
#endif

void FN(chain_start)(DEV msgdma_pdesc_t *first, size_t n, bool irq) {
    msgdma_cache_clean(first, n * sizeof *first);
    vp_write32(PREF(MSGDMA_PREF_NEXT_LO), (uint32_t)(uintptr_t)first);
    vp_write32(PREF(MSGDMA_PREF_NEXT_HI), 0);
    vp_write32(PREF(MSGDMA_PREF_CONTROL), MSGDMA_PREF_CTL_RUN | (irq ? ST(pref_giem) : 0));
}

uint32_t FN(chain_wait)(DEV msgdma_pdesc_t *last, msgdma_wait_t how) {
    volatile msgdma_pdesc_t *l = last;
    for (;;) {
        if (how == MSGDMA_IRQ) wait_irq(ARG0);
        msgdma_cache_inval(last, sizeof *last);
        if (!(l->control & MSGDMA_DESC_CTL_OWNED_BY_HW)) return l->status;
        if (how == MSGDMA_IRQ) continue; /* an earlier descriptor's interrupt */
    }
}

void FN(job_start)(DEV const msgdma_job_t *j, bool irq) {
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
    FN(submit)
    (ARG(uint32_t)(uintptr_t) j->index, j->scatter ? 0 : (uint32_t)(uintptr_t)j->contiguous, j->count * j->index_size,
     irq_bits(irq));
}

uint32_t FN(job_wait)(DEV const msgdma_job_t *j, msgdma_wait_t how, uint32_t *actual) {
    uint32_t s = FN(wait)(ARG how, actual);
    vp_write32(CONV(MSGDMA_CONV_CTRL), 0);
    if (!j->scatter) msgdma_cache_inval(j->contiguous, j->count * j->elem_size);
    return s;
}

uint32_t FN(gather)(DEV void *dst, const void *table, uint32_t elem_size, const void *index, uint32_t index_size,
                    uint32_t count, msgdma_wait_t how) {
    msgdma_job_t j = {index, index_size, count, (void *)table, elem_size, dst, 1, {0, 0, 0}, false};
    FN(job_start)(ARG & j, how == MSGDMA_IRQ);
    return FN(job_wait)(ARG & j, how, 0);
}

uint32_t FN(scatter)(DEV void *table, uint32_t elem_size, const void *src, const void *index, uint32_t index_size,
                     uint32_t count, msgdma_wait_t how) {
    msgdma_job_t j = {index, index_size, count, table, elem_size, (void *)src, 1, {0, 0, 0}, true};
    FN(job_start)(ARG & j, how == MSGDMA_IRQ);
    return FN(job_wait)(ARG & j, how, 0);
}
