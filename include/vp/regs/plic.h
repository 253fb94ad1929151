/* Platform-level interrupt controller (SiFive PLIC layout, subset). Context 0 = hart 0 M-mode. */
#ifndef VP_REGS_PLIC_H
#define VP_REGS_PLIC_H

#define PLIC_PRIORITY(src)     (0x000000u + 4u * (src))
#define PLIC_PENDING(word)     (0x001000u + 4u * (word))
#define PLIC_ENABLE(ctx, word) (0x002000u + 0x80u * (ctx) + 4u * (word))
#define PLIC_THRESHOLD(ctx)    (0x200000u + 0x1000u * (ctx))
#define PLIC_CLAIM(ctx)        (0x200004u + 0x1000u * (ctx)) /* read: claim, write: complete */
#define PLIC_SIZE              0x4000000u
#define PLIC_NUM_SOURCES       64u /* sources 1..63; 0 means "none" */
#define PLIC_MAX_PRIORITY      7u

#endif
