/* Driver for LAPP, the FU-array accelerator (include/vp/regs/lapp.h): runs a function of the program on
 * LAPP's first stage and waits for it to return. The function must be compiled for RV32IMF (no C) and
 * call nothing compiled with C (LAPP's first stage has no compressed instructions); its arguments go in
 * a0..a7 / fa0..fa7 as the ilp32f ABI puts them. LAPP is not coherent with the CPU's caches: flush what
 * the CPU wrote before lapp_run() and invalidate what LAPP wrote after it (hal/cache.h). */
#ifndef FW_DRIVERS_LAPP_H
#define FW_DRIVERS_LAPP_H
#include <stdbool.h>
#include <stdint.h>
#include <vp/regs/lapp.h>

typedef struct lapp_call {
    void (*fn)(void); /* entry point (cast the kernel's address) */
    uint32_t a[8];    /* integer/pointer arguments a0..a7 */
    uint32_t fa[8];   /* float arguments fa0..fa7 (bits) */
    void *stack_top;  /* the first stage's stack (16-byte aligned top) */
} lapp_call_t;

/* What one run cost and did (the device's counters of the last run). */
typedef struct lapp_result {
    uint32_t status; /* LAPP_STATUS_DONE, _ERROR or _ABORTED */
    uint32_t a0;     /* returned a0 */
    uint64_t cycles, instret, array_cycles;
    uint32_t loops_mapped, loops_rejected, array_iters;
    uint32_t err_cause, err_pc;
} lapp_result_t;

/* True when the platform has LAPP (boot-info entry "lapp"). */
bool lapp_present(void);
/* The device's CONFIG register (0 without LAPP). */
uint32_t lapp_config(void);
/* Starts call->fn on LAPP, sleeps (WFI) until its interrupt says it ended, fills *res. Returns
 * res->status. Uses PLIC source VP_IRQ_LAPP for context 0 (mstatus.MIE untouched: no handler runs). */
uint32_t lapp_run(const lapp_call_t *call, lapp_result_t *res);

/* Instances (docs/overview.md, "A second instance of a device"): the functions above drive the LAPP the
 * boot-info entry "lapp" names (the first instance) at PLIC source VP_IRQ_LAPP; lapp_dev_* drive any
 * instance through a handle whose base and PLIC source come from the boot-info device table. */
typedef struct lapp_dev {
    uintptr_t base;
    uint32_t irq; /* PLIC source */
} lapp_t;

bool lapp_open(lapp_t *d, const char *name);     /* false: no LAPP of that name */
bool lapp_open_index(lapp_t *d, unsigned index); /* false: fewer instances */
bool lapp_dev_present(lapp_t *d);
uint32_t lapp_dev_config(lapp_t *d);
uint32_t lapp_dev_run(lapp_t *d, const lapp_call_t *call, lapp_result_t *res);
/* Bit pattern of a float argument. */
static inline uint32_t lapp_fbits(float f) {
    union {
        float f;
        uint32_t u;
    } v = {f};
    return v.u;
}

#endif
