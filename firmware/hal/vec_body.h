/* The vector accelerator HAL's code, once for both of its APIs (included by vec.c and vec_dev.c):
 *   vec.c:     the single-instance API (vec_init, ...) on the instance at VP_VEC_BASE, PLIC source
 *              VP_IRQ_VEC: existing programs keep their exact code;
 *   vec_dev.c: the instance API (vec_dev_init(d, ...), ...) on a vec_t handle whose base and PLIC
 *              source come from the boot-info block (vec_open).
 * The includer defines FN, DEV0/DEV, ARG0/ARG, REG, IRQ_SRC, ST(field), COUNT, TEXT_ADDR and DATA_ADDR
 * (where an image's text and data go), IMAGE_ENTRY and VEC_INSTANCE (0 or 1). */
bool FN(present)(DEV0) {
#if !VEC_INSTANCE
    uint32_t addr = 0;
    if (!vp_bootinfo_find(VEC_BOOTINFO_REGS, &addr, NULL) || addr != VP_VEC_BASE) return false;
#endif
    return vp_read32(REG(VEC_ID)) == VEC_ID_VALUE;
}

uint32_t FN(ilm_size)(DEV0) { return FN(present)(ARG0) ? vp_read32(REG(VEC_ILM_SIZE)) : 0; }
uint32_t FN(dlm_size)(DEV0) { return FN(present)(ARG0) ? vp_read32(REG(VEC_DLM_SIZE)) : 0; }

void FN(reset)(DEV0) {
    vp_write32(REG(VEC_CTRL), VEC_CTRL_RESET);
    vp_write32(REG(VEC_STATUS), VEC_STATUS_DONE | VEC_STATUS_ERROR);
    ST(irq_seen) = 0;
}

bool FN(init)(DEV bool irq) {
    if (!FN(present)(ARG0)) return false;
    FN(reset)(ARG0);
    COUNT = 0;
    ST(irq_mask) = irq ? (VEC_IRQ_DONE | VEC_IRQ_ERROR) : 0;
    vp_write32(REG(VEC_IRQ_ENABLE), 0);
    if (irq) {
        vp_plic_set_priority(IRQ_SRC, 1);
        vp_plic_set_threshold(0, 0);
        vp_plic_enable(0, IRQ_SRC, true);
        vp_irq_source_enable(MIE_MEIE);
    }
    return true;
}

int FN(load)(DEV const vec_image_t *img) {
    const uint32_t ilm = vp_read32(REG(VEC_ILM_BASE)), ilm_size = vp_read32(REG(VEC_ILM_SIZE));
    const uint32_t dlm = vp_read32(REG(VEC_DLM_BASE)), dlm_size = vp_read32(REG(VEC_DLM_SIZE));
    if (TEXT_ADDR(img) < ilm || TEXT_ADDR(img) - ilm + img->text_size > ilm_size) return -1;
    if (img->data_size && (DATA_ADDR(img) < dlm || DATA_ADDR(img) - dlm + img->data_size > dlm_size)) return -1;
    memcpy((void *)(uintptr_t)TEXT_ADDR(img), img->text, img->text_size);
    if (img->data_size) memcpy((void *)(uintptr_t)DATA_ADDR(img), img->data, img->data_size);
    return 0;
}

void FN(start)(DEV uint32_t entry, const uint32_t *args, unsigned nargs) {
    for (unsigned i = 0; i < VEC_NUM_ARGS; ++i) vp_write32(REG(VEC_ARG(i)), i < nargs ? args[i] : 0);
    vp_write32(REG(VEC_ENTRY_PC), entry);
    vp_write32(REG(VEC_STATUS), VEC_STATUS_DONE | VEC_STATUS_ERROR);
    ST(irq_seen) = 0;
    vp_write32(REG(VEC_IRQ_ENABLE), ST(irq_mask) | (vp_read32(REG(VEC_IRQ_ENABLE)) & VEC_IRQ_NOTIFY));
    vp_write32(REG(VEC_CTRL), VEC_CTRL_START);
}

uint32_t FN(status)(DEV0) { return vp_read32(REG(VEC_STATUS)); }
bool FN(busy)(DEV0) { return (FN(status)(ARG0) & VEC_STATUS_BUSY) != 0; }

uint32_t FN(wait)(DEV vec_wait_t how) {
    uint32_t st;
    for (;;) {
        st = FN(status)(ARG0);
        if (!(st & VEC_STATUS_BUSY) && (st & (VEC_STATUS_DONE | VEC_STATUS_ERROR))) break;
        if (how == VEC_IRQ && ST(irq_mask)) {
            /* Sleep until the interrupt handler ran (the check and the wfi with interrupts off, so
             * an interrupt between them still wakes the wfi). */
            uint32_t s = vp_irq_save();
            if (!ST(irq_seen)) __asm__ volatile("wfi");
            vp_irq_restore(s);
        }
    }
    if (ST(irq_seen)) --ST(irq_seen);
    return st & (VEC_STATUS_DONE | VEC_STATUS_ERROR);
}

uint32_t FN(exit_code)(DEV0) { return vp_read32(REG(VEC_EXIT_CODE)); }

int32_t FN(run)(DEV const vec_image_t *img, const uint32_t *args, unsigned nargs, vec_wait_t how) {
    if (FN(load)(ARG img) != 0) return -1;
    FN(start)(ARG IMAGE_ENTRY(img), args, nargs);
    return FN(wait)(ARG how) == VEC_STATUS_DONE ? (int32_t)FN(exit_code)(ARG0) : -1;
}

void FN(error)(DEV uint32_t *cause, uint32_t *pc, uint32_t *tval) {
    if (cause) *cause = vp_read32(REG(VEC_ERR_CAUSE));
    if (pc) *pc = vp_read32(REG(VEC_ERR_PC));
    if (tval) *tval = vp_read32(REG(VEC_ERR_TVAL));
}

uint64_t FN(cycles)(DEV0) {
    uint32_t hi, lo;
    do {
        hi = vp_read32(REG(VEC_CYCLES_HI));
        lo = vp_read32(REG(VEC_CYCLES_LO));
    } while (hi != vp_read32(REG(VEC_CYCLES_HI)));
    return (uint64_t)hi << 32 | lo;
}

uint64_t FN(instret)(DEV0) {
    uint32_t hi, lo;
    do {
        hi = vp_read32(REG(VEC_INSTRET_HI));
        lo = vp_read32(REG(VEC_INSTRET_LO));
    } while (hi != vp_read32(REG(VEC_INSTRET_HI)));
    return (uint64_t)hi << 32 | lo;
}

void FN(doorbell)(DEV uint32_t bits) { vp_write32(REG(VEC_DOORBELL), bits); }
uint32_t FN(notify)(DEV0) { return vp_read32(REG(VEC_NOTIFY)); }
void FN(notify_clear)(DEV uint32_t bits) { vp_write32(REG(VEC_NOTIFY), bits); }

void FN(irq)(DEV0) {
    /* Level-triggered: mask the completion sources until the next vec_start (STATUS keeps the bits). */
    if (!(FN(status)(ARG0) & (VEC_STATUS_DONE | VEC_STATUS_ERROR))) return; /* NOTIFY: the caller's business */
    vp_write32(REG(VEC_IRQ_ENABLE), vp_read32(REG(VEC_IRQ_ENABLE)) & ~(VEC_IRQ_DONE | VEC_IRQ_ERROR));
    ++COUNT;
    ++ST(irq_seen);
}

/* The accelerator's parameters and float arguments. */
bool FN(get_info)(DEV vec_info_t *info) {
    memset(info, 0, sizeof *info);
    if (!FN(present)(ARG0)) return false;
    const uint32_t lanes = vp_read32(REG(VEC_LANES));
    info->vlen = vp_read32(REG(VEC_VLEN));
    info->add_lanes = lanes & 0xFFFFu;
    info->mul_lanes = lanes >> 16;
    info->ilm_base = vp_read32(REG(VEC_ILM_BASE));
    info->ilm_size = vp_read32(REG(VEC_ILM_SIZE));
    info->dlm_base = vp_read32(REG(VEC_DLM_BASE));
    info->dlm_size = vp_read32(REG(VEC_DLM_SIZE));
    return true;
}

uint32_t FN(vlen)(DEV0) { return FN(present)(ARG0) ? vp_read32(REG(VEC_VLEN)) : 0; }

uint32_t FN(vlmax)(DEV uint32_t sew_bits, uint32_t lmul) {
    if ((sew_bits != 8 && sew_bits != 16 && sew_bits != 32) || (lmul != 1 && lmul != 2 && lmul != 4 && lmul != 8))
        return 0;
    return FN(vlen)(ARG0) * lmul / sew_bits;
}

uint32_t FN(add_lanes)(DEV0) { return FN(present)(ARG0) ? vp_read32(REG(VEC_LANES)) & 0xFFFFu : 0; }
uint32_t FN(mul_lanes)(DEV0) { return FN(present)(ARG0) ? vp_read32(REG(VEC_LANES)) >> 16 : 0; }

/* FARG0..7 need no clearing in start: START consumes them (they read 0 afterwards). */
void FN(start_args)(DEV uint32_t entry, const vec_args_t *args) {
    for (unsigned i = 0; i < VEC_NUM_FARGS; ++i) {
        uint32_t bits;
        memcpy(&bits, &args->fa[i], sizeof bits);
        vp_write32(REG(VEC_FARG(i)), bits);
    }
    FN(start)(ARG entry, args->a, VEC_NUM_ARGS);
}

float FN(exit_fa0)(DEV0) {
    const uint32_t bits = vp_read32(REG(VEC_EXIT_FA0));
    float f;
    memcpy(&f, &bits, sizeof f);
    return f;
}

int32_t FN(run_args)(DEV const vec_image_t *img, const vec_args_t *args, vec_wait_t how) {
    if (FN(load)(ARG img) != 0) return -1;
    FN(start_args)(ARG IMAGE_ENTRY(img), args);
    return FN(wait)(ARG how) == VEC_STATUS_DONE ? (int32_t)FN(exit_code)(ARG0) : -1;
}
