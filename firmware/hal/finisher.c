#include <hal/finisher.h>
#include <hal/mmio.h>
#include <vp/regs/finisher.h>
#include <vp/regs/memmap.h>

void vp_finisher_pass(void) {
    vp_write32(VP_FINISHER_BASE + FINISHER_REG, FINISHER_PASS);
    for (;;) __asm__ volatile("wfi");
}

void vp_finisher_fail(uint16_t code) {
    vp_write32(VP_FINISHER_BASE + FINISHER_REG, FINISHER_FAIL_CODE(code ? code : 1u));
    for (;;) __asm__ volatile("wfi");
}
