/* Machine-mode interrupt enable/disable. */
#ifndef FW_HAL_IRQ_H
#define FW_HAL_IRQ_H
#include <stdint.h>
#include <rt/csr.h>

/* Global enable (mstatus.MIE). vp_irq_save() disables and returns the previous state for vp_irq_restore(). */
static inline void vp_irq_enable(void) { vp_csr_set(mstatus, MSTATUS_MIE); }
static inline void vp_irq_disable(void) { vp_csr_clear(mstatus, MSTATUS_MIE); }
static inline uint32_t vp_irq_save(void) { return vp_csr_read_clear(mstatus, MSTATUS_MIE) & MSTATUS_MIE; }
static inline void vp_irq_restore(uint32_t s) {
    if (s) vp_csr_set(mstatus, MSTATUS_MIE);
}

/* Per-source enables in mie: MIE_MSIE, MIE_MTIE, MIE_MEIE (rt/csr.h). */
static inline void vp_irq_source_enable(uint32_t mask) { vp_csr_set(mie, mask); }
static inline void vp_irq_source_disable(uint32_t mask) { vp_csr_clear(mie, mask); }
static inline uint32_t vp_irq_pending(void) { return vp_csr_read(mip); }

#endif
