/* Trap entry (runtime/trap_entry.S) and C-level dispatch.
 *
 * The assembly entry saves all 31 integer registers, the 32 FP registers, fcsr and the trap CSRs in a
 * vp_trap_frame_t on the current stack, calls the installed C handler with it, then restores
 * everything (including a possibly modified mepc and mstatus) and returns with mret.
 * A handler that wants to skip a faulting instruction adds vp_trap_insn_len(mepc) to frame->mepc. */
#ifndef FW_RT_TRAP_H
#define FW_RT_TRAP_H
#include <stdint.h>

typedef struct vp_trap_frame {
    uint32_t x[32]; /* x[0] holds 0; x[2] is the sp at the time of the trap */
    uint32_t mepc;
    uint32_t mcause;
    uint32_t mtval;
    uint32_t mstatus;
    int32_t vector; /* -1: direct-mode entry; n: entered through vectored table entry n */
    uint32_t fcsr;
    uint32_t f[32]; /* raw bits of f0..f31 */
    uint32_t pad[2];
} vp_trap_frame_t; /* 288 bytes, a multiple of 16 */

#define VP_TRAP_FRAME_SIZE 288

typedef void (*vp_trap_handler_t)(vp_trap_frame_t *frame);

/* Install handler and point mtvec at the direct-mode entry (mode 0). Returns the previous handler. */
vp_trap_handler_t vp_trap_install(vp_trap_handler_t handler);
/* Install handler and point mtvec at the 64-byte aligned vectored table (mode 1). */
vp_trap_handler_t vp_trap_install_vectored(vp_trap_handler_t handler);

/* Default handler: reports mcause/mepc/mtval on the console and exits with 128 + cause. */
void vp_trap_default_handler(vp_trap_frame_t *frame);

/* Length in bytes (2 or 4) of the instruction at pc (reads it as two halfwords). */
static inline uint32_t vp_trap_insn_len(uint32_t pc) {
    return ((*(volatile uint16_t *)(uintptr_t)pc) & 3u) == 3u ? 4u : 2u;
}

/* Symbols in trap_entry.S */
extern void vp_trap_entry(void);
extern void vp_trap_vector_table(void);

#endif
