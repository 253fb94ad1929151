/* Vector accelerator HAL (see include/hal/vec.h). */
#include <hal/irq.h>
#include <hal/mmio.h>
#include <hal/plic.h>
#include <hal/vec.h>
#include <rt/bootinfo.h>
#include <string.h>

/* The single-instance API: the instance at VP_VEC_BASE, PLIC source VP_IRQ_VEC (vec_body.h). */
#define VEC_INSTANCE 0
#define FN(n)        vec_##n
#define DEV0         void
#define DEV
#define ARG0
#define ARG
#define REG(r)  (VP_VEC_BASE + (r))
#define IRQ_SRC VP_IRQ_VEC
#define ST(x)   x
#define COUNT   vec_irq_count
/* An image goes where it was linked (the default ILM / DLM). */
#define TEXT_ADDR(img)   (img)->text_addr
#define DATA_ADDR(img)   (img)->data_addr
#define IMAGE_ENTRY(img) (img)->entry

volatile uint32_t vec_irq_count;
static volatile uint32_t irq_seen; /* completion interrupts not yet consumed by vec_wait */
static uint32_t irq_mask;          /* IRQ_ENABLE bits vec_start sets */

#include "vec_body.h"

/* The accelerator's parameters and float arguments (single-instance API). */
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

/* FARG0..7 need no clearing in vec_start: START consumes them (they read 0 afterwards). */
void vec_start_args(uint32_t entry, const vec_args_t *args) {
    for (unsigned i = 0; i < VEC_NUM_FARGS; ++i) {
        uint32_t bits;
        memcpy(&bits, &args->fa[i], sizeof bits);
        vp_write32(REG(VEC_FARG(i)), bits);
    }
    vec_start(entry, args->a, VEC_NUM_ARGS);
}

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
