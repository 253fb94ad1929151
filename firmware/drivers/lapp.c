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

/* The single-instance API (lapp_body.h). */
#define FN(n) lapp_##n
#define DEV0  void
#define DEV
#define ARG0
#define ARG
#define BASE()  lapp_base()
#define IRQ_SRC VP_IRQ_LAPP

#include "lapp_body.h"
