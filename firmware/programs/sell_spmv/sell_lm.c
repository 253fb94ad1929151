/* sell_spmv: LM lookup and the accelerator cases (see sell_lm.h). */
#include <rt/bootinfo.h>
#include <rt/runtime.h>
#include <vp/sell_data.h>
#include "sell_lm.h"

#define LM_DEFAULT_BYTES (32u * 1024u) /* the seed's LM */
#define LM_STACK_BYTES   1024u         /* kept free for the accelerator program's stack */

sell_lm_t sell_lm_find(void) {
    sell_lm_t lm = {0, 0, 0, 0};
    uint32_t addr = 0, size = 0;
    if (vp_bootinfo_find("vec_dlm", &addr, &size) && size > LM_STACK_BYTES + 64) {
        lm.in_lm = 1;
        lm.gather_buf = (float *)(uintptr_t)addr;
        lm.gather_cap = ((size - LM_STACK_BYTES) / 4) & ~15u;
    } else {
        /* Main memory: at the top of the heap area, away from the sell case's accumulators. */
        lm.gather_cap = ((LM_DEFAULT_BYTES - LM_STACK_BYTES) / 4) & ~15u;
        lm.gather_buf = (float *)(((uintptr_t)__heap_end - lm.gather_cap * 4) & ~(uintptr_t)63);
    }
    return lm;
}

int sell_lm_case_possible(uint32_t k, const sell_lm_t *lm) { return k < SELL_CASE_ACC_DMA || lm->accelerator; }

const char *sell_lm_why_not(uint32_t k, const sell_lm_t *lm) {
    (void)k;
    (void)lm;
    return "no vector accelerator on this platform";
}

int sell_lm_run_acc_case(uint32_t k, float *y) {
    (void)k;
    (void)y;
    return 0;
}
