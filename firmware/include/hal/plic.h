/* PLIC at VP_PLIC_BASE (registers: include/vp/regs/plic.h). ctx 0 = hart 0 machine mode. */
#ifndef FW_HAL_PLIC_H
#define FW_HAL_PLIC_H
#include <stdbool.h>
#include <stdint.h>
#include <vp/regs/plic.h>
#include <vp/regs/memmap.h>
#include <hal/mmio.h>

static inline void vp_plic_set_priority(unsigned src, uint32_t prio) {
    vp_write32(VP_PLIC_BASE + PLIC_PRIORITY(src), prio);
}
static inline uint32_t vp_plic_get_priority(unsigned src) { return vp_read32(VP_PLIC_BASE + PLIC_PRIORITY(src)); }

static inline void vp_plic_enable(unsigned ctx, unsigned src, bool on) {
    uintptr_t a = VP_PLIC_BASE + PLIC_ENABLE(ctx, src / 32u);
    uint32_t v = vp_read32(a);
    vp_write32(a, on ? (v | (1u << (src % 32u))) : (v & ~(1u << (src % 32u))));
}
static inline bool vp_plic_pending(unsigned src) {
    return (vp_read32(VP_PLIC_BASE + PLIC_PENDING(src / 32u)) >> (src % 32u)) & 1u;
}
static inline void vp_plic_set_threshold(unsigned ctx, uint32_t t) {
    vp_write32(VP_PLIC_BASE + PLIC_THRESHOLD(ctx), t);
}
/* Returns the highest-priority pending enabled source (0 = none) and marks it in service. */
static inline uint32_t vp_plic_claim(unsigned ctx) { return vp_read32(VP_PLIC_BASE + PLIC_CLAIM(ctx)); }
static inline void vp_plic_complete(unsigned ctx, uint32_t src) { vp_write32(VP_PLIC_BASE + PLIC_CLAIM(ctx), src); }

#endif
