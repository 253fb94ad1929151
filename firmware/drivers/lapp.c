/* LAPP driver: see drivers/lapp.h. */
#include <drivers/lapp.h>
#include <hal/mmio.h>
#include <hal/plic.h>
#include <rt/bootinfo.h>
#include <rt/csr.h>
#include <vp/regs/memmap.h>

static uintptr_t lapp_base(void) {
    static uintptr_t base;
    static bool looked;
    if (!looked) {
        uint32_t addr = 0;
        base = vp_bootinfo_find("lapp", &addr, 0) ? (uintptr_t)addr : 0;
        looked = true;
    }
    return base;
}

bool lapp_present(void) { return lapp_base() != 0 && vp_read32(lapp_base() + LAPP_ID) == LAPP_ID_VALUE; }

uint32_t lapp_config(void) { return lapp_present() ? vp_read32(lapp_base() + LAPP_CONFIG) : 0; }

static uint64_t read64(uintptr_t b, uint32_t lo) {
    const uint32_t l = vp_read32(b + lo), h = vp_read32(b + lo + 4);
    return ((uint64_t)h << 32) | l;
}

uint32_t lapp_run(const lapp_call_t *call, lapp_result_t *res) {
    const uintptr_t b = lapp_base();
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
    vp_plic_set_priority(VP_IRQ_LAPP, 1);
    vp_plic_set_threshold(0, 0);
    vp_plic_enable(0, VP_IRQ_LAPP, true);
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
