/* Vector accelerator HAL (see include/hal/vec.h). */
#include <hal/irq.h>
#include <hal/mmio.h>
#include <hal/plic.h>
#include <hal/vec.h>
#include <rt/bootinfo.h>
#include <string.h>

#define REG(r) (VP_VEC_BASE + (r))

volatile uint32_t vec_irq_count;
static volatile uint32_t irq_seen; /* completion interrupts not yet consumed by vec_wait */
static uint32_t irq_mask;          /* IRQ_ENABLE bits vec_start sets */

bool vec_present(void) {
    uint32_t addr = 0;
    if (!vp_bootinfo_find(VEC_BOOTINFO_REGS, &addr, NULL) || addr != VP_VEC_BASE) return false;
    return vp_read32(REG(VEC_ID)) == VEC_ID_VALUE;
}

uint32_t vec_ilm_size(void) { return vec_present() ? vp_read32(REG(VEC_ILM_SIZE)) : 0; }
uint32_t vec_dlm_size(void) { return vec_present() ? vp_read32(REG(VEC_DLM_SIZE)) : 0; }

bool vec_get_info(vec_info_t *info) {
    memset(info, 0, sizeof *info);
    if (!vec_present()) return false;
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

uint32_t vec_vlen(void) { return vec_present() ? vp_read32(REG(VEC_VLEN)) : 0; }

uint32_t vec_vlmax(uint32_t sew_bits, uint32_t lmul) {
    if ((sew_bits != 8 && sew_bits != 16 && sew_bits != 32) || (lmul != 1 && lmul != 2 && lmul != 4 && lmul != 8))
        return 0;
    return vec_vlen() * lmul / sew_bits;
}

uint32_t vec_add_lanes(void) { return vec_present() ? vp_read32(REG(VEC_LANES)) & 0xFFFFu : 0; }
uint32_t vec_mul_lanes(void) { return vec_present() ? vp_read32(REG(VEC_LANES)) >> 16 : 0; }

void vec_reset(void) {
    vp_write32(REG(VEC_CTRL), VEC_CTRL_RESET);
    vp_write32(REG(VEC_STATUS), VEC_STATUS_DONE | VEC_STATUS_ERROR);
    irq_seen = 0;
}

bool vec_init(bool irq) {
    if (!vec_present()) return false;
    vec_reset();
    vec_irq_count = 0;
    irq_mask = irq ? (VEC_IRQ_DONE | VEC_IRQ_ERROR) : 0;
    vp_write32(REG(VEC_IRQ_ENABLE), 0);
    if (irq) {
        vp_plic_set_priority(VP_IRQ_VEC, 1);
        vp_plic_set_threshold(0, 0);
        vp_plic_enable(0, VP_IRQ_VEC, true);
        vp_irq_source_enable(MIE_MEIE);
    }
    return true;
}

int vec_load(const vec_image_t *img) {
    const uint32_t ilm = vp_read32(REG(VEC_ILM_BASE)), ilm_size = vp_read32(REG(VEC_ILM_SIZE));
    const uint32_t dlm = vp_read32(REG(VEC_DLM_BASE)), dlm_size = vp_read32(REG(VEC_DLM_SIZE));
    if (img->text_addr < ilm || img->text_addr - ilm + img->text_size > ilm_size) return -1;
    if (img->data_size && (img->data_addr < dlm || img->data_addr - dlm + img->data_size > dlm_size)) return -1;
    memcpy((void *)(uintptr_t)img->text_addr, img->text, img->text_size);
    if (img->data_size) memcpy((void *)(uintptr_t)img->data_addr, img->data, img->data_size);
    return 0;
}

void vec_start(uint32_t entry, const uint32_t *args, unsigned nargs) {
    for (unsigned i = 0; i < VEC_NUM_ARGS; ++i) vp_write32(REG(VEC_ARG(i)), i < nargs ? args[i] : 0);
    vp_write32(REG(VEC_ENTRY_PC), entry);
    vp_write32(REG(VEC_STATUS), VEC_STATUS_DONE | VEC_STATUS_ERROR);
    irq_seen = 0;
    vp_write32(REG(VEC_IRQ_ENABLE), irq_mask | (vp_read32(REG(VEC_IRQ_ENABLE)) & VEC_IRQ_NOTIFY));
    vp_write32(REG(VEC_CTRL), VEC_CTRL_START);
}

/* FARG0..7 need no clearing in vec_start: START consumes them (they read 0 afterwards). */
void vec_start_args(uint32_t entry, const vec_args_t *args) {
    for (unsigned i = 0; i < VEC_NUM_FARGS; ++i) {
        uint32_t bits;
        memcpy(&bits, &args->fa[i], sizeof bits);
        vp_write32(REG(VEC_FARG(i)), bits);
    }
    vec_start(entry, args->a, VEC_NUM_ARGS);
}

uint32_t vec_status(void) { return vp_read32(REG(VEC_STATUS)); }
bool vec_busy(void) { return (vec_status() & VEC_STATUS_BUSY) != 0; }

uint32_t vec_wait(vec_wait_t how) {
    uint32_t st;
    for (;;) {
        st = vec_status();
        if (!(st & VEC_STATUS_BUSY) && (st & (VEC_STATUS_DONE | VEC_STATUS_ERROR))) break;
        if (how == VEC_IRQ && irq_mask) {
            /* Sleep until the interrupt handler ran (the check and the wfi with interrupts off, so
             * an interrupt between them still wakes the wfi). */
            uint32_t s = vp_irq_save();
            if (!irq_seen) __asm__ volatile("wfi");
            vp_irq_restore(s);
        }
    }
    if (irq_seen) --irq_seen;
    return st & (VEC_STATUS_DONE | VEC_STATUS_ERROR);
}

uint32_t vec_exit_code(void) { return vp_read32(REG(VEC_EXIT_CODE)); }

float vec_exit_fa0(void) {
    const uint32_t bits = vp_read32(REG(VEC_EXIT_FA0));
    float f;
    memcpy(&f, &bits, sizeof f);
    return f;
}

int32_t vec_run_args(const vec_image_t *img, const vec_args_t *args, vec_wait_t how) {
    if (vec_load(img) != 0) return -1;
    vec_start_args(img->entry, args);
    return vec_wait(how) == VEC_STATUS_DONE ? (int32_t)vec_exit_code() : -1;
}

int32_t vec_run(const vec_image_t *img, const uint32_t *args, unsigned nargs, vec_wait_t how) {
    if (vec_load(img) != 0) return -1;
    vec_start(img->entry, args, nargs);
    return vec_wait(how) == VEC_STATUS_DONE ? (int32_t)vec_exit_code() : -1;
}

void vec_error(uint32_t *cause, uint32_t *pc, uint32_t *tval) {
    if (cause) *cause = vp_read32(REG(VEC_ERR_CAUSE));
    if (pc) *pc = vp_read32(REG(VEC_ERR_PC));
    if (tval) *tval = vp_read32(REG(VEC_ERR_TVAL));
}

uint64_t vec_cycles(void) {
    uint32_t hi, lo;
    do {
        hi = vp_read32(REG(VEC_CYCLES_HI));
        lo = vp_read32(REG(VEC_CYCLES_LO));
    } while (hi != vp_read32(REG(VEC_CYCLES_HI)));
    return (uint64_t)hi << 32 | lo;
}

uint64_t vec_instret(void) {
    uint32_t hi, lo;
    do {
        hi = vp_read32(REG(VEC_INSTRET_HI));
        lo = vp_read32(REG(VEC_INSTRET_LO));
    } while (hi != vp_read32(REG(VEC_INSTRET_HI)));
    return (uint64_t)hi << 32 | lo;
}

void vec_doorbell(uint32_t bits) { vp_write32(REG(VEC_DOORBELL), bits); }
uint32_t vec_notify(void) { return vp_read32(REG(VEC_NOTIFY)); }
void vec_notify_clear(uint32_t bits) { vp_write32(REG(VEC_NOTIFY), bits); }

void vec_irq(void) {
    /* Level-triggered: mask the completion sources until the next vec_start (STATUS keeps the bits). */
    if (!(vec_status() & (VEC_STATUS_DONE | VEC_STATUS_ERROR))) return; /* NOTIFY: the caller's business */
    vp_write32(REG(VEC_IRQ_ENABLE), vp_read32(REG(VEC_IRQ_ENABLE)) & ~(VEC_IRQ_DONE | VEC_IRQ_ERROR));
    ++vec_irq_count;
    ++irq_seen;
}
