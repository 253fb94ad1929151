/* Cascaded mSGDMA driver (see include/drivers/msgdma.h). */
#include <drivers/msgdma.h>
#include <hal/irq.h>
#include <hal/mmio.h>
#include <hal/plic.h>
#include <rt/csr.h>

/* The single-instance API: instance 0 at its default address and PLIC source (msgdma_body.h). */
#define MSGDMA_INSTANCE 0
#define FN(n)           msgdma_##n
#define DEV0            void
#define DEV
#define ARG0
#define ARG
#define BASE    VP_DMA_BASE
#define IRQ_SRC VP_IRQ_DMA0
#define ST(x)   x
#define COUNT   msgdma_irq_count

volatile uint32_t msgdma_irq_count;
static volatile uint32_t irq_seen; /* interrupts not yet consumed by a wait */
static uint32_t pref_giem;

/* Zicbom, encoded with .insn (MISC-MEM, funct3 2; imm 0 inval, 1 clean, 2 flush) so that no
 * assembler extension flag is needed. */
#define CBO(imm, a) __asm__ volatile(".insn i 0x0F, 2, x0, %0, " #imm ::"r"(a) : "memory")

/* Ranges whose coherence the caller keeps itself (msgdma_cache_managed): the maintenance below
 * skips a range that lies inside one of them. */
#define MANAGED_MAX 4
static struct { uintptr_t start, end; } managed[MANAGED_MAX];
static unsigned managed_n;

int msgdma_cache_managed(const void *p, size_t n) {
    if (n == 0) { /* forget them all */
        managed_n = 0;
        return 1;
    }
    if (managed_n == MANAGED_MAX) return 0;
    managed[managed_n].start = (uintptr_t)p;
    managed[managed_n].end = (uintptr_t)p + n;
    managed_n++;
    return 1;
}

static int is_managed(const void *p, size_t n) {
    const uintptr_t a = (uintptr_t)p, e = a + n;
    for (unsigned i = 0; i < managed_n; i++)
        if (a >= managed[i].start && e <= managed[i].end) return 1;
    return 0;
}

void msgdma_cache_clean(const void *p, size_t n) {
    if (is_managed(p, n)) return;
    uintptr_t a = (uintptr_t)p & ~(uintptr_t)(MSGDMA_CACHE_LINE - 1), e = (uintptr_t)p + n;
    for (; a < e; a += MSGDMA_CACHE_LINE) CBO(1, a);
}
void msgdma_cache_flush(const void *p, size_t n) {
    if (is_managed(p, n)) return;
    uintptr_t a = (uintptr_t)p & ~(uintptr_t)(MSGDMA_CACHE_LINE - 1), e = (uintptr_t)p + n;
    for (; a < e; a += MSGDMA_CACHE_LINE) CBO(2, a);
}
void msgdma_cache_inval(const void *p, size_t n) {
    if (is_managed(p, n)) return;
    uintptr_t a = (uintptr_t)p & ~(uintptr_t)(MSGDMA_CACHE_LINE - 1), e = (uintptr_t)p + n;
    for (; a < e; a += MSGDMA_CACHE_LINE) CBO(0, a);
}

#include "msgdma_body.h"
