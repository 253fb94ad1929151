/* The LAPP driver's code, once for both of its APIs (included by lapp.c and lapp_dev.c):
 *   lapp.c:     lapp_* on the instance the boot-info entry "lapp" names, PLIC source VP_IRQ_LAPP:
 *               existing programs keep their exact code;
 *   lapp_dev.c: lapp_dev_* on a lapp_t handle whose base and PLIC source come from the boot-info
 *               block's device table (lapp_open).
 * The includer defines FN, DEV0/DEV, ARG0/ARG, BASE() and IRQ_SRC. */
bool FN(present)(DEV0) { return BASE() != 0 && vp_read32(BASE() + LAPP_ID) == LAPP_ID_VALUE; }

uint32_t FN(config)(DEV0) { return FN(present)(ARG0) ? vp_read32(BASE() + LAPP_CONFIG) : 0; }

static uint64_t read64(uintptr_t b, uint32_t lo) {
    const uint32_t l = vp_read32(b + lo), h = vp_read32(b + lo + 4);
    return ((uint64_t)h << 32) | l;
}

uint32_t FN(run)(DEV const lapp_call_t *call, lapp_result_t *res) {
    const uintptr_t b = BASE();
    uint32_t gp;
    __asm__ volatile("mv %0, gp" : "=r"(gp));
    vp_write32(b + LAPP_ENTRY, (uint32_t)(uintptr_t)call->fn);
    vp_write32(b + LAPP_SP, (uint32_t)(uintptr_t)call->stack_top);
    vp_write32(b + LAPP_GP, gp);
    for (unsigned i = 0; i < LAPP_ARGS; ++i) {
        vp_write32(b + LAPP_ARG(i), call->a[i]);
        vp_write32(b + LAPP_FARG(i), call->fa[i]);
    }
    /* Sleep until LAPP's interrupt (WFI wakes on an interrupt enabled in mie even with mstatus.MIE
     * clear: no handler runs). The CPU makes no bus traffic meanwhile, so LAPP's run is timed as if it
     * were alone on the bus. */
    vp_write32(b + LAPP_IRQ, 1);
    vp_write32(b + LAPP_IRQ_EN, 1);
    vp_plic_set_priority(IRQ_SRC, 1);
    vp_plic_set_threshold(0, 0);
    vp_plic_enable(0, IRQ_SRC, true);
    const uint32_t saved_mie = vp_csr_swap(mie, MIE_MEIE);
    vp_write32(b + LAPP_CTRL, LAPP_CTRL_START);
    uint32_t s;
    for (;;) {
        s = vp_read32(b + LAPP_STATUS);
        if (!(s & LAPP_STATUS_BUSY)) break;
        VP_WFI();
    }
    vp_csr_write(mie, saved_mie);
    if (vp_read32(b + LAPP_IRQ) & 1) {
        vp_write32(b + LAPP_IRQ, 1);
        const uint32_t src = vp_plic_claim(0);
        if (src) vp_plic_complete(0, src);
    }
    vp_write32(b + LAPP_IRQ_EN, 0);
    res->status = s & (LAPP_STATUS_DONE | LAPP_STATUS_ERROR | LAPP_STATUS_ABORTED);
    res->a0 = vp_read32(b + LAPP_ARG(0));
    res->cycles = read64(b, LAPP_CYCLES_LO);
    res->instret = read64(b, LAPP_INSTRET_LO);
    res->array_cycles = read64(b, LAPP_ARRAY_CYCLES_LO);
    res->loops_mapped = vp_read32(b + LAPP_LOOPS_MAPPED);
    res->loops_rejected = vp_read32(b + LAPP_LOOPS_REJECTED);
    res->array_iters = vp_read32(b + LAPP_ARRAY_ITERS);
    res->err_cause = vp_read32(b + LAPP_ERR_CAUSE);
    res->err_pc = vp_read32(b + LAPP_ERR_PC);
    return res->status;
}
