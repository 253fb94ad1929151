/* sell_spmv: the accelerator's data LM and the accelerator cases (see sell_lm.h).
 *
 * The SELL matrix streams through the LM in blocks: block (c, j0, nj) is columns j0 .. j0+nj-1 of
 * chunk c, i.e. nj * lanes consecutive elements of sell_val / sell_col. A block in the LM is its
 * values followed by its gathered x (xg[k] = x[sell_col[k]]), nj * lanes floats each. The
 * accelerator program (sell_kernel.S, started once per block) adds the block into the chunk's
 * partial sums acc[] in the LM (init on the chunk's first block); after the chunk's last block the
 * DMA copies acc to y (sigma = 1) or the CPU scatters it through the permutation.
 *
 * LM layout (DLM of size S, the image's data at its base, LM_STACK_BYTES at its top for the
 * program's stack): acc[0], acc[1] (C floats each: chunk c uses acc[c % 2], so a chunk's copy-out
 * can overlap the next chunk's computation), then one block buffer (acc_dma, acc_cdma) or two
 * (acc_overlap), each 2 * J * C floats: J = the columns per block that fit.
 *
 * Two DMA engines (sell_lm.h): the normal DMA copies the values into the LM and the sums out to y,
 * the cascaded DMA gathers x[col] into the LM.
 *   acc_dma      copy values (normal DMA, in the background) while the CPU gathers xg into the LM;
 *                wait; run the accelerator; wait
 *   acc_cdma     copy values (normal DMA); then gather xg (cascaded DMA); then run the accelerator;
 *                wait for each step (the paper's non-overlapped case)
 *   acc_overlap  while the accelerator computes block b, the cascaded DMA gathers block b+1's x and
 *                the normal DMA copies block b+1's values and the previous chunk's sums to y, all
 *                at once (double-buffered LM). With one engine (both roles) the copies and the gather
 *                run one after the other, still overlapped with the accelerator.
 *   acc_hmc      the HMC's gather engine packs block b+2's x[col] into a buffer in the
 *                cube while the normal DMA streams block b+1's values and packed x into the LM and the
 *                accelerator computes block b. */
#include <drivers/msgdma.h>
#include <hal/cache.h>
#include <hal/mmio.h>
#include <rt/bootinfo.h>
#include <rt/device.h>
#include <rt/runtime.h>
#include <stdio.h>
#include <vp/regs/hmc.h>
#include <vp/sell_data.h>
#include "sell_lm.h"

#define LM_DEFAULT_BYTES (32u * 1024u) /* the accelerator's default data LM */
#define LM_STACK_BYTES   1024u         /* kept free for the accelerator program's stack */

#if SELL_HAVE_VEC
#include <hal/vec.h>
extern const vec_image_t sell_kernel_image;
#endif

#if SELL_SMP
/* Several engine pairs (sell_lm.h): what the one-hart build keeps in globals comes from this hart's pair. */
sell_pair_t sell_pairs[SELL_MAX_PAIRS];
uint32_t sell_npairs, sell_hart_base;
msgdma_t *sell_dma_normal = &sell_pairs[0].dma, *sell_dma_cascaded = &sell_pairs[0].dma; /* csr_cdma, hart 0 */
#define lm_base                         (sell_pair()->dlm_base)
#define lm_size                         (sell_pair()->dlm_size)
#define lm_free                         (sell_pair()->dlm_free)
#define hmc_base                        (sell_pair()->gather_unit)
#define NDMA                            (&sell_pair()->dma)
#define CDMA                            NDMA
#define two_dmas                        0
#define SELL_VEC_START(args, n)         vec_dev_start(&sell_pair()->vec, sell_pair()->entry, args, n)
#define SELL_VEC_WAIT()                 vec_dev_wait(&sell_pair()->vec, VEC_POLL)
#define SELL_VEC_ERROR(cause, pc, tval) vec_dev_error(&sell_pair()->vec, cause, pc, tval)
#define SELL_MEMCPY(dst, src, n)        msgdma_dev_memcpy(NDMA, dst, src, n, MSGDMA_POLL)
#define SELL_FIRST_CHUNK                sell_grab_chunk() /* the pairs take chunks in turn (sell_smp.c) */
#define SELL_NEXT_CHUNK(c)              sell_grab_chunk()
#define SELL_ACC(b)                     ((b).seq & 1) /* a pair's consecutive chunks alternate */
#define SELL_SCRATCH                    (sell_pair()->scratch)
#define SELL_SCRATCH_END                (sell_pair()->scratch_end)
#else
static uint32_t lm_base, lm_size, lm_free; /* DLM address, size, first byte after the image's data */
static uint32_t hmc_base;                  /* HMC controller (boot-info "hmc_ctrl"), 0 without an HMC */

static msgdma_t dma_engine[2];
msgdma_t *sell_dma_normal = &dma_engine[0], *sell_dma_cascaded = &dma_engine[0];
#define NDMA                            sell_dma_normal
#define CDMA                            sell_dma_cascaded
static int two_dmas; /* the normal and the cascaded DMA are different engines */
#define SELL_VEC_START(args, n)         vec_start(sell_kernel_image.entry, args, n)
#define SELL_VEC_WAIT()                 vec_wait(VEC_POLL)
#define SELL_VEC_ERROR(cause, pc, tval) vec_error(cause, pc, tval)
#define SELL_MEMCPY(dst, src, n)        msgdma_memcpy(dst, src, n, MSGDMA_POLL)
#define SELL_FIRST_CHUNK                0
#define SELL_NEXT_CHUNK(c)              ((c) + 1)
#define SELL_ACC(b)                     ((b).c & 1) /* chunk c uses acc[c % 2] */
#define SELL_SCRATCH                    ((uintptr_t)__heap_start + sd.info->rows * 4)
#define SELL_SCRATCH_END                ((uintptr_t)__heap_end)
#endif

#if SELL_SMP
/* Pair k: mSGDMA, accelerator and gather unit number k; the accelerator gets sell_kernel. */
int sell_lm_open_pair(uint32_t k) {
    sell_pair_t *p = &sell_pairs[k];
    vp_device_t dev;
    if (!msgdma_open_index(&p->dma, k) || !vec_open_index(&p->vec, k)) return 0;
    msgdma_dev_init(&p->dma, false);
    if (!vec_dev_init(&p->vec, false) || vec_dev_load(&p->vec, &sell_kernel_image) != 0) return 0;
    p->entry = vec_dev_entry(&p->vec, &sell_kernel_image);
    p->dlm_base = (uint32_t)(uintptr_t)vec_dev_dlm_ptr(&p->vec, sell_kernel_image.data_addr - VP_VEC_DLM_BASE);
    p->dlm_size = vec_dev_dlm_size(&p->vec);
    p->dlm_free = (sell_kernel_image.data_size + 63u) & ~63u;
    p->gather_unit = 0;
    if (vp_device_find_type("hmc_ctrl", k, &dev) && vp_read32(dev.base + HMC_ID) == HMC_ID_VALUE)
        p->gather_unit = dev.base;
    return 1;
}

/* As many pairs as the platform has of all three (of two without an HMC); each LM is uncached. */
sell_lm_t sell_lm_find(void) {
    sell_lm_t lm = {0, 0, 0, 0, 0};
    __asm__ volatile("csrr %0, mhartid" : "=r"(sell_hart_base));
    while (sell_npairs < SELL_MAX_PAIRS && sell_lm_open_pair(sell_npairs)) sell_npairs++;
    if (sell_npairs > 1 && !sell_pairs[sell_npairs - 1].gather_unit && sell_pairs[0].gather_unit) {
        /* fewer gather units than accelerators: as many pairs as gather units */
        while (sell_npairs > 1 && !sell_pairs[sell_npairs - 1].gather_unit) sell_npairs--;
    }
    if (!sell_npairs) return lm;
    lm.dmas = 1;
    lm.accelerator = 1;
    /* The LMs are not cacheable: pair 0's at the default window, the others' in the instance region. */
    msgdma_cache_managed((const void *)(uintptr_t)sell_pairs[0].dlm_base, sell_pairs[0].dlm_size);
    msgdma_cache_managed((const void *)(uintptr_t)VP_INST_BASE, VP_INST_END - VP_INST_BASE);
    lm.in_lm = 1;
    lm.gather_buf = (float *)(uintptr_t)(sell_pairs[0].dlm_base + sell_pairs[0].dlm_free);
    lm.gather_cap = ((sell_pairs[0].dlm_size - sell_pairs[0].dlm_free - LM_STACK_BYTES) / 4) & ~15u;
    for (uint32_t k = 0; k < sell_npairs; k++)
        printf("sell_spmv: pair %lu: DMA 0x%08lx, accelerator 0x%08lx, gather unit 0x%08lx\n", (unsigned long)k,
               (unsigned long)sell_pairs[k].dma.base, (unsigned long)sell_pairs[k].vec.base,
               (unsigned long)sell_pairs[k].gather_unit);
    if (!sell_smp_start()) lm.accelerator = lm.dmas = 0;
    return lm;
}

int sell_lm_case_possible(uint32_t k, const sell_lm_t *lm) {
    if (k == SELL_CASE_CSR || k == SELL_CASE_SELL) return 1;
    if (!lm->dmas) return 0;
    if (k == SELL_CASE_CSR_CDMA) return 1;
    return lm->accelerator && (k != SELL_CASE_ACC_HMC || sell_pairs[0].gather_unit);
}

#else
/* The first mSGDMA instance is the normal DMA, the second (if any) the cascaded DMA; returns how many
 * engines are used. */
static int dma_open(void) {
    if (!msgdma_open_index(&dma_engine[0], 0)) return 0;
    msgdma_dev_init(&dma_engine[0], false);
    if (msgdma_open_index(&dma_engine[1], 1)) {
        msgdma_dev_init(&dma_engine[1], false);
        sell_dma_cascaded = &dma_engine[1];
        two_dmas = 1;
    }
    printf("sell_spmv: normal DMA at 0x%08lx, cascaded DMA at 0x%08lx%s\n", (unsigned long)NDMA->base,
           (unsigned long)CDMA->base, two_dmas ? "" : " (one engine for both roles)");
    return 1 + two_dmas;
}

sell_lm_t sell_lm_find(void) {
    sell_lm_t lm = {0, 0, 0, 0, 0};
    lm.dmas = dma_open();
#if SELL_HAVE_VEC
    if (vec_init(false) && vec_load(&sell_kernel_image) == 0) {
        lm.accelerator = 1;
        lm_base = sell_kernel_image.data_addr;
        lm_size = vec_dlm_size();
        lm_free = (sell_kernel_image.data_size + 63u) & ~63u;
    }
#endif
    uint32_t addr = 0, size = 0;
    if (vp_bootinfo_find("hmc_ctrl", &addr, &size) && vp_read32(addr + HMC_ID) == HMC_ID_VALUE) hmc_base = addr;
    if (!lm.accelerator && vp_bootinfo_find("vec_dlm", &addr, &size)) {
        lm_base = addr;
        lm_size = size;
        lm_free = 0;
    }
    /* The accelerator's LM is not cacheable: the DMA driver needs no cache maintenance over it. */
    if (lm.accelerator) msgdma_cache_managed((const void *)(uintptr_t)lm_base, lm_size);
    if (lm_size > lm_free + LM_STACK_BYTES + 64) {
        lm.in_lm = 1;
        lm.gather_buf = (float *)(uintptr_t)(lm_base + lm_free);
        lm.gather_cap = ((lm_size - lm_free - LM_STACK_BYTES) / 4) & ~15u;
    } else {
        /* Main memory: at the top of the heap area, away from the sell case's accumulators. */
        lm.gather_cap = ((LM_DEFAULT_BYTES - LM_STACK_BYTES) / 4) & ~15u;
        lm.gather_buf = (float *)(((uintptr_t)__heap_end - lm.gather_cap * 4) & ~(uintptr_t)63);
    }
    return lm;
}

int sell_lm_case_possible(uint32_t k, const sell_lm_t *lm) {
    if (k == SELL_CASE_CSR || k == SELL_CASE_SELL) return 1;
    if (!lm->dmas) return 0;
    if (k == SELL_CASE_CSR_CDMA) return 1;
    return lm->accelerator && (k != SELL_CASE_ACC_HMC || hmc_base);
}
#endif

const char *sell_lm_why_not(uint32_t k, const sell_lm_t *lm) {
    if (!lm->dmas) return "no mSGDMA on this platform";
    if (!lm->accelerator) return "no vector accelerator on this platform";
    (void)k;
    return "no HMC controller on this platform (ram.timing is not hmc)";
}

#if SELL_HAVE_VEC

/* A block of chunk c: columns j0 .. j0+nj-1 (nj may be 0 for a chunk whose rows are all empty). */
typedef struct {
    uint32_t c, j0, nj, lanes;
#if SELL_SMP
    uint32_t seq; /* the pair's chunks so far: its accumulator is acc[seq % 2] */
#endif
} block_t;

typedef struct {
    float *val, *xg;
} buffer_t;

static int dma_ok(uint32_t s) {
    if (s != 0) printf("sell_spmv: ERROR: DMA status 0x%lx\n", (unsigned long)s);
    return s == 0;
}

/* The transfers of block b into buffer f, one after the other: the values copy (normal DMA), then
 * for the cascaded cases the gather (cascaded DMA); returns 0 on a DMA error. The CPU gather of
 * acc_dma runs while the copy is in flight. */
static int transfer(uint32_t k, const block_t *b, const buffer_t *f) {
    const uint32_t off = sd.cptr[b->c] + b->j0 * b->lanes, n = b->nj * b->lanes;
    if (n == 0) return 1;
    msgdma_dev_submit(NDMA, (uint32_t)(uintptr_t)(sd.val + off), (uint32_t)(uintptr_t)f->val, 4 * n, 0);
    if (k == SELL_CASE_ACC_DMA) {
        const uint32_t *col = sd.col + off;
        volatile float *xg = f->xg;
        for (uint32_t i = 0; i < n; i++) xg[i] = sd.x[col[i]];
    }
    uint32_t s = msgdma_dev_wait(NDMA, MSGDMA_POLL, 0);
    if (s == 0 && k != SELL_CASE_ACC_DMA) s = msgdma_dev_gather(CDMA, f->xg, sd.x, 4, sd.col + off, 4, n, MSGDMA_POLL);
    return dma_ok(s);
}

static void start(const block_t *b, const buffer_t *f, float *acc) {
    const uint32_t args[6] = {
        (uint32_t)(uintptr_t)acc, (uint32_t)(uintptr_t)f->val, (uint32_t)(uintptr_t)f->xg, b->lanes, b->nj, b->j0 == 0};
    SELL_VEC_START(args, 6);
}

static int finish(void) {
    if (SELL_VEC_WAIT() != VEC_STATUS_DONE) {
        uint32_t cause, pc, tval;
        SELL_VEC_ERROR(&cause, &pc, &tval);
        printf("sell_spmv: ERROR: accelerator stopped: mcause 0x%lx pc 0x%08lx mtval 0x%08lx\n", (unsigned long)cause,
               (unsigned long)pc, (unsigned long)tval);
        return 0;
    }
    return 1;
}

/* y of chunk c from its partial sums in the LM: one DMA copy when rows are in order, else the CPU
 * scatters through the permutation. */
static int copy_out(uint32_t c, uint32_t lanes, const float *acc, float *y) {
    const uint32_t C = sd.info->C;
    if (sd.info->flags & SELL_FLAG_IDENTITY_PERM)
        return dma_ok(msgdma_dev_memcpy(NDMA, y + c * C, acc, 4 * lanes, MSGDMA_POLL));
    const volatile float *a = acc;
    for (uint32_t r = 0; r < lanes; r++) y[sd.perm[c * C + r]] = a[r];
    return 1;
}

/* The next block after *b (first: b->nj == UINT32_MAX); 0 at the end. */
static int next_block(block_t *b, uint32_t J) {
    const uint32_t C = sd.info->C, chunks = sd.info->chunks;
    if (b->nj != UINT32_MAX && b->j0 + b->nj < sd.width[b->c]) {
        b->j0 += b->nj;
    } else {
#if SELL_SMP
        b->seq = b->nj == UINT32_MAX ? 0 : b->seq + 1;
#endif
        b->c = b->nj == UINT32_MAX ? SELL_FIRST_CHUNK : SELL_NEXT_CHUNK(b->c);
        if (b->c >= chunks) return 0;
        b->j0 = 0;
        b->lanes = b->c + 1 < chunks ? C : sd.info->rows - b->c * C;
    }
    const uint32_t left = sd.width[b->c] - b->j0;
    b->nj = left < J ? left : J;
    return 1;
}

/* ---- acc_hmc: the cube gathers, the DMA streams, the accelerator computes ---------------------- */

#define HMC(r) (hmc_base + (r))

/* Starts the in-memory gather of block b: dst[i] = x[sell_col[off + i]] packed in the cube. */
static void hmc_gather_start(const block_t *b, float *dst) {
    const uint32_t off = sd.cptr[b->c] + b->j0 * b->lanes, n = b->nj * b->lanes;
    if (n == 0) return;
    vp_write32(HMC(GS_OP), GS_OP_GATHER | GS_MODE_MEMORY);
    vp_write32(HMC(GS_ELEM_BASE), (uint32_t)(uintptr_t)sd.x);
    vp_write32(HMC(GS_INDEX_ADDR), (uint32_t)(uintptr_t)(sd.col + off));
    vp_write32(HMC(GS_COUNT), n);
    vp_write32(HMC(GS_ELEM_SIZE), 4);
    vp_write32(HMC(GS_INDEX_SIZE), 4);
    vp_write32(HMC(GS_DEST), (uint32_t)(uintptr_t)dst);
    vp_write32(HMC(GS_DOORBELL), 1);
}

/* Waits for the cube's command (it runs one at a time); 0 on an error status. */
static int hmc_wait(void) {
    uint32_t s;
    while ((s = vp_read32(HMC(GS_STATUS))) == GS_STATUS_BUSY) {}
    if (s != GS_STATUS_DONE) printf("sell_spmv: ERROR: HMC command status %lu\n", (unsigned long)s);
    return s == GS_STATUS_DONE;
}

static int hmc_gather_wait(const block_t *b) { return b->nj * b->lanes == 0 || hmc_wait(); }

/* The copy-out of chunk c in the memory as well: the DMA copies the chunk's sums from the LM into
 * `stage` (in the cube) and the cube scatters them through the permutation, y[perm[c C + r]] =
 * stage[r] (in-memory SCATTER; the CPU moves no y). In row order the DMA copies straight into y.
 * y has no lines in the caches (the case starts with them cold and nobody reads y through them).
 * Call with the cube idle; returns when the scatter is done (0 on an error). */
static int hmc_copy_out(uint32_t c, uint32_t lanes, const float *acc, float *y, float *stage) {
    const uint32_t C = sd.info->C;
    if (sd.info->flags & SELL_FLAG_IDENTITY_PERM) return SELL_MEMCPY(y + c * C, acc, 4 * lanes) == 0;
    if (SELL_MEMCPY(stage, acc, 4 * lanes) != 0) return 0;
    vp_cache_clean_range(stage, 4 * lanes); /* the DMA wrote through the L2; the cube reads memory */
    vp_write32(HMC(GS_OP), GS_OP_SCATTER | GS_MODE_MEMORY);
    vp_write32(HMC(GS_ELEM_BASE), (uint32_t)(uintptr_t)y);
    vp_write32(HMC(GS_INDEX_ADDR), (uint32_t)(uintptr_t)(sd.perm + c * C));
    vp_write32(HMC(GS_COUNT), lanes);
    vp_write32(HMC(GS_ELEM_SIZE), 4);
    vp_write32(HMC(GS_INDEX_SIZE), 4);
    vp_write32(HMC(GS_DEST), (uint32_t)(uintptr_t)stage);
    vp_write32(HMC(GS_DOORBELL), 1);
    return hmc_wait();
}

/* Streams block b's values and its packed x into the LM buffer: two copies queued back to back on
 * the descriptor port. The DMA reads through the L2, but the cube writes packed x behind it: while
 * the copies run, the CPU invalidates the L2 lines of the packed buffer streamed last time
 * (`old`, `old_bytes`), before the cube fills that buffer again for a later block. */
static int stream_in(const block_t *b, const float *packed, const buffer_t *f, const float *old, uint32_t old_bytes) {
    const uint32_t off = sd.cptr[b->c] + b->j0 * b->lanes, n = b->nj * b->lanes;
    if (n == 0) return 1;
    msgdma_dev_submit(NDMA, (uint32_t)(uintptr_t)(sd.val + off), (uint32_t)(uintptr_t)f->val, 4 * n, 0);
    msgdma_dev_submit(NDMA, (uint32_t)(uintptr_t)packed, (uint32_t)(uintptr_t)f->xg, 4 * n, 0);
    if (old_bytes) vp_cache_inval_range(old, old_bytes);
    return dma_ok(msgdma_dev_wait(NDMA, MSGDMA_POLL, 0) | msgdma_dev_wait(NDMA, MSGDMA_POLL, 0));
}

/* Three stages in flight: the cube gathers block i+2 (into packed[(i+2) % 3]) while the DMA streams
 * block i+1 into the LM and the accelerator computes block i. A finished chunk's sums leave through
 * the cube too (hmc_copy_out), between two gathers. */
static int run_acc_hmc(float *y, float *const acc[2], const buffer_t buf[2], uint32_t J) {
    const uint32_t C = sd.info->C;
    float *packed[3], *stage;
    packed[0] = (float *)((SELL_SCRATCH + 63) & ~(uintptr_t)63);
    packed[1] = packed[0] + J * C;
    packed[2] = packed[1] + J * C;
    stage = packed[2] + J * C;
    if ((uintptr_t)(stage + C) > SELL_SCRATCH_END) {
        printf("sell_spmv: ERROR: the packed buffers of acc_hmc do not fit the heap\n");
        return 0;
    }
    block_t blk[3];          /* blocks i, i+1, i+2 */
    int have[3] = {0, 0, 0}; /* which of them exist */
    blk[0].nj = UINT32_MAX;
    have[0] = next_block(&blk[0], J);
    if (!have[0]) return 1;
    blk[1] = blk[0];
    have[1] = next_block(&blk[1], J);
    hmc_gather_start(&blk[0], packed[0]);
    if (!hmc_gather_wait(&blk[0])) return 0;
    if (have[1]) hmc_gather_start(&blk[1], packed[1]);
    if (!stream_in(&blk[0], packed[0], &buf[0], 0, 0)) return 0;
    const float *streamed = packed[0]; /* the packed buffer streamed last, and its bytes */
    uint32_t streamed_bytes = 4 * blk[0].nj * blk[0].lanes;
    block_t done_chunk = {.c = 0, .j0 = 0, .nj = UINT32_MAX, .lanes = 0};
    for (uint32_t i = 0;; i++) {
        const block_t cur = blk[0];
        start(&cur, &buf[i & 1], acc[SELL_ACC(cur)]);
        if (have[1]) {
            blk[2] = blk[1];
            have[2] = next_block(&blk[2], J);
            if (!hmc_gather_wait(&blk[1])) return 0;
            if (done_chunk.nj != UINT32_MAX &&
                !hmc_copy_out(done_chunk.c, done_chunk.lanes, acc[SELL_ACC(done_chunk)], y, stage))
                return 0;
            done_chunk.nj = UINT32_MAX;
            if (have[2]) hmc_gather_start(&blk[2], packed[(i + 2) % 3]);
            if (!stream_in(&blk[1], packed[(i + 1) % 3], &buf[(i + 1) & 1], streamed, streamed_bytes)) return 0;
            streamed = packed[(i + 1) % 3];
            streamed_bytes = 4 * blk[1].nj * blk[1].lanes;
        } else if (done_chunk.nj != UINT32_MAX &&
                   !hmc_copy_out(done_chunk.c, done_chunk.lanes, acc[SELL_ACC(done_chunk)], y, stage)) {
            return 0;
        }
        if (!finish()) return 0;
        if (cur.j0 + cur.nj == sd.width[cur.c]) done_chunk = cur;
        if (!have[1]) {
            vp_cache_inval_range(streamed, streamed_bytes);
            return done_chunk.nj == UINT32_MAX ||
                   hmc_copy_out(done_chunk.c, done_chunk.lanes, acc[SELL_ACC(done_chunk)], y, stage);
        }
        blk[0] = blk[1];
        blk[1] = blk[2];
        have[1] = have[2];
    }
}

/* ---- acc_overlap with two engines: accelerator, cascaded DMA and normal DMA at once ------------- */

/* While the accelerator computes block i from buf[i % 2], the cascaded DMA gathers block i+1's x and
 * the normal DMA copies block i+1's values into the other buffer and, when a chunk ended with block
 * i-1, that chunk's sums (in the other acc) to y (sigma = 1; else the CPU scatters them meanwhile).
 * *b is the first block. */
static int run_acc_overlap_two(float *y, float *const acc[2], const buffer_t buf[2], uint32_t J, block_t *b) {
    const uint32_t C = sd.info->C;
    const int dma_out = (sd.info->flags & SELL_FLAG_IDENTITY_PERM) != 0;
    if (!transfer(SELL_CASE_ACC_CDMA, b, &buf[0])) return 0;
    block_t done_chunk = {.c = 0, .j0 = 0, .nj = UINT32_MAX, .lanes = 0}; /* a chunk whose acc waits for its copy-out */
    for (uint32_t i = 0;; i++) {
        const block_t cur = *b;
        start(&cur, &buf[i & 1], acc[SELL_ACC(cur)]);
        const int more = next_block(b, J);
        const uint32_t off = more ? sd.cptr[b->c] + b->j0 * b->lanes : 0, n = more ? b->nj * b->lanes : 0;
        const buffer_t *f = &buf[(i + 1) & 1];
        msgdma_job_t job = {sd.col + off, 4, n, (void *)sd.x, 4, f->xg, 1, {0, 0, 0}, false};
        uint32_t copies = 0;
        if (n) {
            msgdma_dev_job_start(CDMA, &job, false);
            msgdma_dev_submit(NDMA, (uint32_t)(uintptr_t)(sd.val + off), (uint32_t)(uintptr_t)f->val, 4 * n, 0);
            copies++;
        }
        float *out = 0;
        uint32_t out_bytes = 0;
        if (done_chunk.nj != UINT32_MAX) {
            const float *a = acc[SELL_ACC(done_chunk)];
            if (dma_out) {
                out = y + done_chunk.c * C;
                out_bytes = 4 * done_chunk.lanes;
                msgdma_cache_clean(a, out_bytes);
                msgdma_cache_flush(out, out_bytes);
                msgdma_dev_submit(NDMA, (uint32_t)(uintptr_t)a, (uint32_t)(uintptr_t)out, out_bytes, 0);
                copies++;
            } else if (!copy_out(done_chunk.c, done_chunk.lanes, a, y)) {
                return 0;
            }
        }
        uint32_t s = 0;
        while (copies--) s |= msgdma_dev_wait(NDMA, MSGDMA_POLL, 0);
        if (n) s |= msgdma_dev_job_wait(CDMA, &job, MSGDMA_POLL, 0);
        if (out) msgdma_cache_inval(out, out_bytes);
        if (!dma_ok(s) || !finish()) return 0;
        done_chunk.nj = UINT32_MAX;
        if (cur.j0 + cur.nj == sd.width[cur.c]) done_chunk = cur;
        if (!more)
            return done_chunk.nj == UINT32_MAX ||
                   copy_out(done_chunk.c, done_chunk.lanes, acc[SELL_ACC(done_chunk)], y);
    }
}

int sell_lm_run_acc_case(uint32_t k, float *y) {
    const uint32_t C = sd.info->C;
    const uint32_t nbuf = k == SELL_CASE_ACC_OVERLAP || k == SELL_CASE_ACC_HMC ? 2 : 1;
    const uint32_t usable = lm_size - lm_free - LM_STACK_BYTES;
    if (usable < 2 * C * 4) {
        printf("sell_spmv: ERROR: a chunk of %lu rows does not fit the LM\n", (unsigned long)C);
        return 0;
    }
    const uint32_t J = (usable - 2 * C * 4) / nbuf / (2 * C * 4);
    if (J == 0) {
        printf("sell_spmv: ERROR: no block of %lu rows fits the LM\n", (unsigned long)C);
        return 0;
    }
    float *acc[2], *base = (float *)(uintptr_t)(lm_base + lm_free);
    acc[0] = base;
    acc[1] = base + C;
    buffer_t buf[2];
    for (uint32_t i = 0; i < nbuf; i++) {
        buf[i].val = base + 2 * C + i * 2 * J * C;
        buf[i].xg = buf[i].val + J * C;
    }

    if (k == SELL_CASE_ACC_HMC) return run_acc_hmc(y, acc, buf, J);
    block_t b = {.c = 0, .j0 = 0, .nj = UINT32_MAX, .lanes = 0};
    if (!next_block(&b, J)) return 1; /* no rows at all */
    if (nbuf == 1) {
        do {
            if (!transfer(k, &b, &buf[0])) return 0;
            start(&b, &buf[0], acc[SELL_ACC(b)]);
            if (!finish()) return 0;
            if (b.j0 + b.nj == sd.width[b.c] && !copy_out(b.c, b.lanes, acc[SELL_ACC(b)], y)) return 0;
        } while (next_block(&b, J));
        return 1;
    }
    if (two_dmas) return run_acc_overlap_two(y, acc, buf, J, &b);
    /* Double buffering on one engine: block i computes from buf[i % 2] while the previous chunk's sums
     * (in the other acc) go to y and then block i+1 moves into the other buffer. */
    if (!transfer(k, &b, &buf[0])) return 0;
    block_t done_chunk = {.c = 0, .j0 = 0, .nj = UINT32_MAX, .lanes = 0}; /* a chunk whose acc waits for its copy-out */
    for (uint32_t i = 0;; i++) {
        const block_t cur = b;
        start(&cur, &buf[i & 1], acc[SELL_ACC(cur)]);
        if (done_chunk.nj != UINT32_MAX && !copy_out(done_chunk.c, done_chunk.lanes, acc[SELL_ACC(done_chunk)], y))
            return 0;
        done_chunk.nj = UINT32_MAX;
        const int more = next_block(&b, J);
        if (more && !transfer(k, &b, &buf[(i + 1) & 1])) return 0;
        if (!finish()) return 0;
        if (cur.j0 + cur.nj == sd.width[cur.c]) done_chunk = cur;
        if (!more)
            return done_chunk.nj == UINT32_MAX ||
                   copy_out(done_chunk.c, done_chunk.lanes, acc[SELL_ACC(done_chunk)], y);
    }
}

#else

int sell_lm_run_acc_case(uint32_t k, float *y) {
    (void)k;
    (void)y;
    return 0;
}

#endif
