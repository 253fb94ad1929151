/* Volatile MMIO accessors. */
#ifndef FW_HAL_MMIO_H
#define FW_HAL_MMIO_H
#include <stdint.h>

static inline uint8_t vp_read8(uintptr_t a) { return *(volatile uint8_t *)a; }
static inline uint32_t vp_read32(uintptr_t a) { return *(volatile uint32_t *)a; }
static inline void vp_write8(uintptr_t a, uint8_t v) { *(volatile uint8_t *)a = v; }
static inline void vp_write32(uintptr_t a, uint32_t v) { *(volatile uint32_t *)a = v; }

#endif
