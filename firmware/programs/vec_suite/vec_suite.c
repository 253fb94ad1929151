/* Differential test of the vector unit: runs the accelerator program vec_suite.S and prints every
 * result word. On the VP the program runs on the vector accelerator (hal/vec.h; completion by
 * interrupt through the PLIC, so the HAL's interrupt path is exercised); on QEMU, whose CPU
 * has the vector extension itself (-cpu rv32,v=true,vlen=1024,elen=32), the same code is called as
 * a function from RAM. Both must print the same lines (tests/vector/run_vec_diff.py). */
#include <hal/irq.h>
#include <hal/plic.h>
#include <hal/vec.h>
#include <rt/csr.h>
#include <rt/trap.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

extern const vec_image_t vec_suite_image;

#define SCRATCH_OFFSET 0x1000u /* in the DLM, after the program's own data */
#define SCRATCH_SIZE   0x6000u
#define OUT_OFFSET     0x1800u /* where vec_main writes its results */

static uint32_t ram_scratch[SCRATCH_SIZE / 4] __attribute__((aligned(64)));
static uint32_t ram_code[16384 / 4] __attribute__((aligned(64)));

#define MISA_V      (1u << ('V' - 'A'))
#define MSTATUS_VS1 (1u << 9) /* VS = Initial */

/* Completion by interrupt: claim the PLIC source, let the HAL acknowledge the accelerator. */
static void on_trap(vp_trap_frame_t *f) {
    if (f->mcause == (0x80000000u | 11u)) {
        const uint32_t src = vp_plic_claim(0);
        if (src == VP_IRQ_VEC) vec_irq();
        vp_plic_complete(0, src);
        return;
    }
    vp_trap_default_handler(f);
}

int main(void) {
    const uint32_t *out;
    uint32_t words;
    if (vec_init(true)) {
        vp_trap_install(on_trap);
        vp_irq_enable();
        if (vec_load(&vec_suite_image) != 0) {
            printf("vec_suite: the program does not fit the accelerator's LMs\n");
            return 1;
        }
        const uint32_t scratch = VP_VEC_DLM_BASE + SCRATCH_OFFSET;
        if (vec_dlm_size() < SCRATCH_OFFSET + SCRATCH_SIZE + 0x400u) {
            printf("vec_suite: DLM too small\n");
            return 1;
        }
        vec_start(vec_suite_image.entry, &scratch, 1);
        if (vec_wait(VEC_IRQ) != VEC_STATUS_DONE || vec_irq_count != 1) {
            uint32_t cause, pc, tval;
            vec_error(&cause, &pc, &tval);
            printf("vec_suite: accelerator error: mcause %lu pc 0x%08lx mtval 0x%08lx\n", (unsigned long)cause,
                   (unsigned long)pc, (unsigned long)tval);
            return 1;
        }
        words = vec_exit_code();
        out = (const uint32_t *)(uintptr_t)(scratch + OUT_OFFSET);
    } else if (vp_csr_read(misa) & MISA_V) {
        if (vec_suite_image.text_size > sizeof ram_code) return 1;
        memcpy(ram_code, vec_suite_image.text, vec_suite_image.text_size);
        VP_FENCE_I();
        vp_csr_set(mstatus, MSTATUS_VS1);
        uint32_t (*fn)(uint32_t) = (uint32_t(*)(uint32_t))((uintptr_t)ram_code + VEC_IMAGE_FUNC_OFFSET);
        words = fn((uint32_t)(uintptr_t)ram_scratch);
        out = ram_scratch + OUT_OFFSET / 4;
    } else {
        printf("vec_suite: no vector hardware (no accelerator, misa.V clear)\n");
        return 2;
    }
    if (words > (SCRATCH_SIZE - OUT_OFFSET) / 4) {
        printf("vec_suite: %lu result words overflow the scratch area\n", (unsigned long)words);
        return 1;
    }
    printf("vec_suite: %lu words\n", (unsigned long)words);
    for (uint32_t i = 0; i < words; i += 8) {
        printf("%04lx:", (unsigned long)i);
        for (uint32_t k = i; k < i + 8 && k < words; ++k) printf(" %08lx", (unsigned long)out[k]);
        printf("\n");
    }
    return 0;
}
