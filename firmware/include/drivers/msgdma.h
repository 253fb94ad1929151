/* Driver for the cascaded scatter-gather DMA (Intel mSGDMA register map, include/vp/regs/msgdma.h).
 *
 * Single transfers go through the descriptor port (standard 16-byte format, control word with GO
 * written last); chains through the prefetcher (32-byte in-memory descriptors, OWNED_BY_HW, write-back);
 * gather/scatter through the index-to-descriptor converter. Completion by polling or by interrupt
 * (PLIC source VP_IRQ_DMA0; call msgdma_irq() from the trap handler when the PLIC names it).
 * DMA is not coherent with the caches: the driver cleans what the DMA reads and flushes/invalidates
 * what it writes (Zicbom cbo.clean / cbo.flush / cbo.inval on every cache block of the buffer,
 * VP_CBO_BLOCK_SIZE bytes whatever the caches' line sizes). */
#ifndef FW_DRIVERS_MSGDMA_H
#define FW_DRIVERS_MSGDMA_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <vp/regs/cache_ctrl.h>
#include <vp/regs/memmap.h>
#include <vp/regs/msgdma.h>

#define MSGDMA_CACHE_LINE VP_CBO_BLOCK_SIZE /* the step of the driver's cache maintenance */

/* An in-memory descriptor of the prefetcher, standard format (32 bytes; Intel's layout, vp/regs/msgdma.h). */
typedef struct __attribute__((aligned(32))) msgdma_pdesc {
    uint32_t read_addr, write_addr, length, next;
    uint32_t actual_bytes, status, reserved, control;
} msgdma_pdesc_t;

/* How to wait for the end of a transfer. */
typedef enum { MSGDMA_POLL = 0, MSGDMA_IRQ = 1 } msgdma_wait_t;

/* A gather or scatter job for the converter. */
typedef struct msgdma_job {
    const void *index;          /* index array (DMA 1 streams it) */
    uint32_t index_size;        /* 1, 2 or 4 bytes, unsigned */
    uint32_t count;             /* number of indices */
    void *table;                /* gather: source table T; scatter: destination table T */
    uint32_t elem_size;         /* 1..64 bytes */
    void *contiguous;           /* gather: destination; scatter: source */
    uint32_t levels;            /* 1 = T[idx[i]]; 2 = T[L0[idx[i]]]; ... up to 4 */
    const void *level_table[3]; /* intermediate index tables L0.. (index_size entries) */
    bool scatter;
} msgdma_job_t;

/* Cache maintenance over [p, p + n) (whole lines). */
void msgdma_cache_clean(const void *p, size_t n); /* write dirty lines back (before the DMA reads) */
void msgdma_cache_flush(const void *p, size_t n); /* write back and invalidate (before the DMA writes) */
void msgdma_cache_inval(const void *p, size_t n); /* invalidate (after the DMA wrote) */
/* The caller keeps [p, p + n) coherent itself: memory the caches never hold (an accelerator's local
 * memory is not cacheable), or data no CPU writes while DMAs read it and that is clean (e.g. after a
 * whole-cache flush). The three functions above, and so every transfer of the driver, skip a range
 * that lies inside such a range. At most 4; returns 0 when full. n == 0 forgets them all. */
int msgdma_cache_managed(const void *p, size_t n);

/* Resets the prefetcher and then the dispatcher (Intel's order), waits for both, enables stop-on-error and
 * (irq) the global interrupt mask, and enables the DMA's PLIC source (priority 1, context 0). */
void msgdma_init(bool irq);
void msgdma_reset(void);
uint32_t msgdma_status(void);

/* Descriptor port: one transfer. Returns immediately (the transfer runs in the background). */
void msgdma_submit(uint32_t read_addr, uint32_t write_addr, uint32_t length, uint32_t control);
/* Waits until the dispatcher is idle (or, with MSGDMA_IRQ, until msgdma_irq() ran), then pops one
 * response. Returns its status word ([7:0] error; 0 = success); *actual gets the bytes moved. */
uint32_t msgdma_wait(msgdma_wait_t how, uint32_t *actual);
/* memcpy through the DMA with cache maintenance; returns the response status (0 = success). */
uint32_t msgdma_memcpy(void *dst, const void *src, uint32_t n, msgdma_wait_t how);

/* Prefetcher chains: fill d[0..n-1] (linked in order; the last one's next points at `end`, a spare
 * descriptor left not owned by hardware so that the prefetcher stops there). */
void msgdma_chain_set(msgdma_pdesc_t *d, uint32_t read_addr, uint32_t write_addr, uint32_t length, uint32_t control,
                      msgdma_pdesc_t *next);
void msgdma_chain_start(msgdma_pdesc_t *first, size_t n, bool irq);
/* Waits until the last descriptor was written back (OWNED_BY_HW cleared); returns its status. */
uint32_t msgdma_chain_wait(msgdma_pdesc_t *last, msgdma_wait_t how);

/* Gather / scatter through the converter (one DMA 1 descriptor). The driver cleans the index array
 * and the contiguous buffer (scatter source) or flushes/invalidates it (gather destination); the
 * tables (gather source, scatter destination, intermediate index tables) are accessed at
 * data-dependent positions, so their owner cleans them (gather) or flushes and then invalidates
 * them (scatter) with msgdma_cache_*. */
void msgdma_job_start(const msgdma_job_t *job, bool irq);
uint32_t msgdma_job_wait(const msgdma_job_t *job, msgdma_wait_t how, uint32_t *actual);
uint32_t msgdma_gather(void *dst, const void *table, uint32_t elem_size, const void *index, uint32_t index_size,
                       uint32_t count, msgdma_wait_t how);
uint32_t msgdma_scatter(void *table, uint32_t elem_size, const void *src, const void *index, uint32_t index_size,
                        uint32_t count, msgdma_wait_t how);

/* Interrupt service: call when the PLIC claim returns VP_IRQ_DMA0. Clears the DMA's IRQ bits. */
void msgdma_irq(void);
/* Interrupts seen since msgdma_init. */
extern volatile uint32_t msgdma_irq_count;

/* ---- Instances ------------------------------------------------------------------------------------
 * The functions above drive instance 0 at its default address (VP_DMA_BASE, PLIC source VP_IRQ_DMA0).
 * A platform may have several mSGDMA instances (docs/overview.md); the msgdma_dev_* functions drive
 * any of them through a handle, with the same behaviour as their single-instance namesakes. The handle
 * gets its register base and PLIC source from the boot-info block's device table (msgdma_open by
 * instance name, e.g. "dma1", or msgdma_open_index by position among the mSGDMA instances). */
typedef struct msgdma {
    uintptr_t base;              /* register window */
    uint32_t irq;                /* PLIC source */
    volatile uint32_t irq_count; /* interrupts seen since msgdma_dev_init */
    volatile uint32_t irq_seen;  /* not yet consumed by a wait */
    uint32_t pref_giem;          /* prefetcher interrupt enable chosen at init */
} msgdma_t;

bool msgdma_open(msgdma_t *d, const char *name);     /* false: no mSGDMA instance of that name */
bool msgdma_open_index(msgdma_t *d, unsigned index); /* false: fewer instances */
void msgdma_dev_init(msgdma_t *d, bool irq);
void msgdma_dev_reset(msgdma_t *d);
uint32_t msgdma_dev_status(msgdma_t *d);
void msgdma_dev_submit(msgdma_t *d, uint32_t read_addr, uint32_t write_addr, uint32_t length, uint32_t control);
uint32_t msgdma_dev_wait(msgdma_t *d, msgdma_wait_t how, uint32_t *actual);
uint32_t msgdma_dev_memcpy(msgdma_t *d, void *dst, const void *src, uint32_t n, msgdma_wait_t how);
void msgdma_dev_chain_start(msgdma_t *d, msgdma_pdesc_t *first, size_t n, bool irq);
uint32_t msgdma_dev_chain_wait(msgdma_t *d, msgdma_pdesc_t *last, msgdma_wait_t how);
void msgdma_dev_job_start(msgdma_t *d, const msgdma_job_t *job, bool irq);
uint32_t msgdma_dev_job_wait(msgdma_t *d, const msgdma_job_t *job, msgdma_wait_t how, uint32_t *actual);
uint32_t msgdma_dev_gather(msgdma_t *d, void *dst, const void *table, uint32_t elem_size, const void *index,
                           uint32_t index_size, uint32_t count, msgdma_wait_t how);
uint32_t msgdma_dev_scatter(msgdma_t *d, void *table, uint32_t elem_size, const void *src, const void *index,
                            uint32_t index_size, uint32_t count, msgdma_wait_t how);
/* Interrupt service of instance d: call when the PLIC claim returns d->irq. */
void msgdma_dev_irq(msgdma_t *d);

#endif
