/* gcn: the aggregation Y = Â·X of one GCN layer (docs/gcn.md) on data the loader placed, with
 * feature slicing (B_F slices of the features, the graph traversed once per slice) and vertex
 * tiling (vertical strips of square tiles), static or chosen online by automatic tile morphing.
 *
 * Layout, kernels and the summation order: include/vp/gcn_data.h. One code path serves every kernel:
 *   for each slice s (B_F of them):                         -- X_s, Y_s: n rows of w = f / B_F floats
 *     tiling = static (B_V x B_V), or ATM's choice for this slice (include/vp/gcn_atm.h)
 *     for each strip (destinations [d0, d1), square tiles of `side` vertices):
 *       for each tile (sources [s0, s1), ascending):
 *         for each destination v of the strip:
 *           the nonzeros (u, v) of column v with s0 <= u < s1:  Y_s[v] += Â(u, v) * X_s[u]
 * A strip of one tile reads column v directly; with several tiles, cursor[v] remembers where column v
 * stopped (the "B_V |V|" traversal term of the cost model, docs/gcn.md). Every destination starts at 0.0f
 * and adds w * x rounded to float (-ffp-contract=off), nonzeros in storage order: every kernel
 * produces the bits of the host reference, which the VP checks.
 *
 * Measurement: each slice's time is mcycle (and minstret) around it; with an L2 present
 * ("cachectl.l2"), its statistics window is the slice of X and each strip's lookups and misses are
 * read from the STAT_* registers (include/vp/regs/cache_ctrl.h) -- ATM's hit rates.
 * Output, one line per slice:
 *   gcn: slice S cycles C instret I strips N widths W0,W1,.. x_lookups L x_misses M l2_lookups A
 *        l2_misses B l2_writebacks K [phase P action A]
 * and "gcn: total cycles C instret I", "gcn: done". Exit: 0 = ok, 2 = missing or inconsistent data.
 *
 * Engine mode: when the platform has the aggregation engine (device type "gcn_agg" in the boot-info
 * device table, include/vp/regs/gcn_agg.h, docs/gcn_engines.md), every strip is one engine job (the same
 * tiles, cursors and summation order) and the CPU only programs it and polls its status. Slicing,
 * tiling and ATM stay here; the CPU sleeps (wfi) until the job's interrupt. ATM's slice time is then the engine's cycle counter (TOTAL) across the
 * slice, its hit rates the L2's statistics registers as before. The slice and total lines get
 * " engine_cycles E" appended; an engine error ends the run with exit 2.
 *
 * Combination (gcn_info.out_f > 0): after each slice's aggregation, Z += Y_s · W_s (the slice's w columns of
 * Y times the same rows of W; slice 0 from 0.0f), on the combination engine when the device table lists
 * one (type "gcn_comb": one job per slice, ACCUMULATE after the first), else on the CPU in the same order.
 * Outside the slice's measured time (ATM's tilings do not change it): the slice and total lines get
 * " comb_cycles C" (the engine's TOTAL across the job, or mcycle on the CPU). */
#include <stdint.h>
#include <stdio.h>
#include <hal/cache.h>
#include <hal/marker.h>
#include <rt/bootinfo.h>
#include <rt/csr.h>
#include <rt/device.h>
#include <hal/irq.h>
#include <hal/mmio.h>
#include <hal/plic.h>
#include <vp/regs/gcn_agg.h>
#include <vp/regs/gcn_comb.h>
#include <vp/gcn_atm.h>
#include <vp/gcn_data.h>
#include "gcn_layer.h"

/* Sleeps until an engine's job ends (its interrupt), acknowledges it and returns 0, or the engine's
 * error (0xFF without a code). No bus traffic beside the engine's while it works: the run does not
 * depend on how the CPU's polls would interleave with the engine's accesses. Interrupts stay disabled
 * in mstatus: wfi wakes on the pending MEIP, no trap is taken. */
static uint32_t job_end(uintptr_t irq_reg, uintptr_t status_reg, uintptr_t error_reg, uint32_t busy, uint32_t done) {
    do {
        __asm__ volatile("wfi");
    } while (!(vp_irq_pending() & MIP_MEIP));
    const uint32_t src = vp_plic_claim(0);
    vp_write32(irq_reg, 1);
    vp_plic_complete(0, src);
    uint32_t st;
    while ((st = vp_read32(status_reg)) & busy) {}
    return st & done ? 0 : (vp_read32(error_reg) ? vp_read32(error_reg) : 0xFFu);
}

/* One strip on the aggregation engine at `agg`: the job of run_strip. Returns 0 or the engine's error. */
static uint32_t engine_strip(uintptr_t agg, const graph_t *g, uint32_t nnz, uint32_t d0, uint32_t d1, uint32_t side,
                             const float *xs, float *ys) {
    vp_write32(agg + GCN_AGG_COLPTR, (uint32_t)(uintptr_t)g->colptr);
    vp_write32(agg + GCN_AGG_ROWIDX, (uint32_t)(uintptr_t)g->rowidx);
    vp_write32(agg + GCN_AGG_WEIGHT, (uint32_t)(uintptr_t)g->weight);
    vp_write32(agg + GCN_AGG_CURSOR, (uint32_t)(uintptr_t)g->cursor);
    vp_write32(agg + GCN_AGG_X, (uint32_t)(uintptr_t)xs);
    vp_write32(agg + GCN_AGG_Y, (uint32_t)(uintptr_t)ys);
    vp_write32(agg + GCN_AGG_N, g->n);
    vp_write32(agg + GCN_AGG_NNZ, nnz);
    vp_write32(agg + GCN_AGG_WIDTH, g->w);
    vp_write32(agg + GCN_AGG_D0, d0);
    vp_write32(agg + GCN_AGG_D1, d1);
    vp_write32(agg + GCN_AGG_SIDE, side);
    vp_write32(agg + GCN_AGG_CTRL, GCN_AGG_CTRL_START);
    return job_end(agg + GCN_AGG_IRQ, agg + GCN_AGG_STATUS, agg + GCN_AGG_ERROR, GCN_AGG_STATUS_BUSY,
                   GCN_AGG_STATUS_DONE);
}

/* A 64-bit engine counter read as two halves (hi, lo, hi again until stable). */
static uint64_t engine_counter(uintptr_t lo_reg, uintptr_t hi_reg) {
    uint32_t hi, lo;
    do {
        hi = vp_read32(hi_reg);
        lo = vp_read32(lo_reg);
    } while (hi != vp_read32(hi_reg));
    return (uint64_t)hi << 32 | lo;
}

static uint64_t engine_total(uintptr_t agg) { return engine_counter(agg + GCN_AGG_TOTAL_LO, agg + GCN_AGG_TOTAL_HI); }

/* Z += Y_s W_s for slice s (ys: n x w, W_s: rows [s w, s w + w) of W). On the combination engine at `comb`
 * (0: on the CPU, each element as the engine sums it: k ascending, from 0.0f in slice 0). Returns 0 or
 * the engine's error. */
static uint32_t combine_slice(uintptr_t comb, uint32_t n, uint32_t w, uint32_t out_f, uint32_t s, const float *ys,
                              const float *weights, float *z) {
    const float *ws = weights + s * w * out_f;
    if (comb) {
        vp_write32(comb + GCN_COMB_X, (uint32_t)(uintptr_t)ys);
        vp_write32(comb + GCN_COMB_W, (uint32_t)(uintptr_t)ws);
        vp_write32(comb + GCN_COMB_Z, (uint32_t)(uintptr_t)z);
        vp_write32(comb + GCN_COMB_M, n);
        vp_write32(comb + GCN_COMB_K, w);
        vp_write32(comb + GCN_COMB_N, out_f);
        vp_write32(comb + GCN_COMB_X_STRIDE, 4 * w);
        vp_write32(comb + GCN_COMB_W_STRIDE, 4 * out_f);
        vp_write32(comb + GCN_COMB_Z_STRIDE, 4 * out_f);
        vp_write32(comb + GCN_COMB_FLAGS, s ? GCN_COMB_FLAGS_ACCUMULATE : 0);
        vp_write32(comb + GCN_COMB_CTRL, GCN_COMB_CTRL_START);
        return job_end(comb + GCN_COMB_IRQ, comb + GCN_COMB_STATUS, comb + GCN_COMB_ERROR, GCN_COMB_STATUS_BUSY,
                       GCN_COMB_STATUS_DONE);
    }
    for (uint32_t v = 0; v < n; v++) {
        float *zr = z + v * out_f;
        if (s == 0)
            for (uint32_t j = 0; j < out_f; j++) zr[j] = 0.0f;
        for (uint32_t k = 0; k < w; k++) {
            const float a = ys[v * w + k];
            const float *wr = ws + k * out_f;
            for (uint32_t j = 0; j < out_f; j++) zr[j] = zr[j] + a * wr[j];
        }
    }
    return 0;
}

/* Enables device `d`'s interrupt at the PLIC (machine context of hart 0) and in the device (irq_en). */
static void enable_engine_irq(const vp_device_t *d, uintptr_t irq_reg, uintptr_t irq_en_reg) {
    vp_plic_set_priority(d->irq, 1);
    vp_plic_enable(0, d->irq, true);
    vp_write32(irq_reg, 1);
    vp_write32(irq_en_reg, 1);
}

static void print_widths(const gcn_tiling_t *t) {
    /* Uniform tilings compactly ("16x4" = 16 strips of 4 units), others as the list of widths. */
    uint32_t uniform = 1;
    for (uint32_t i = 1; i < t->count; i++) uniform &= t->width[i] == t->width[0];
    if (uniform) {
        printf("%lux%u", (unsigned long)t->count, t->width[0]);
        return;
    }
    for (uint32_t i = 0; i < t->count; i++) printf(i ? ",%u" : "%u", t->width[i]);
}

int main(void) {
    graph_t g;
    const gcn_info_t *info;
    uint32_t a_x, a_y;
    if (gcn_open(&g, &info, &a_x, &a_y)) return 2;
    const uint32_t n = info->n, nnz = info->nnz, f = info->f, slices = info->slices, kernel = info->kernel;
    static const char *const kernels[] = {"baseline", "vt", "fs", "fsvt", "atm"};
    printf("gcn: n=%lu nnz=%lu f=%lu kernel=%s slices=%lu tiles=%lu unit=%lu%s\n", (unsigned long)n, (unsigned long)nnz,
           (unsigned long)f, kernels[kernel], (unsigned long)slices, (unsigned long)info->tiles,
           (unsigned long)info->unit, kernel == GCN_KERNEL_ATM && (info->flags & GCN_FLAG_ATM_FINE) ? " fine" : "");

    const uintptr_t l2 = vp_cachectl("l2");
    vp_device_t agg_dev;
    const uintptr_t agg = vp_device_find_type("gcn_agg", 0, &agg_dev) ? agg_dev.base : 0;
    if (agg) {
        if (vp_read32(agg + GCN_AGG_ID) != GCN_AGG_ID_VALUE) {
            printf("gcn: ERROR: no aggregation engine at 0x%08lx\n", (unsigned long)agg);
            return 2;
        }
        printf("gcn: aggregation engine %s at 0x%08lx\n", agg_dev.name, (unsigned long)agg);
        if (agg_dev.irq == 0) {
            printf("gcn: ERROR: the aggregation engine has no interrupt\n");
            return 2;
        }
        vp_irq_disable();
        vp_plic_set_threshold(0, 0);
        vp_irq_source_enable(MIE_MEIE);
        enable_engine_irq(&agg_dev, agg + GCN_AGG_IRQ, agg + GCN_AGG_IRQ_EN);
    }
    /* The combination Z = Y·W (out_f > 0): its blobs, and the engine when there is one. */
    const uint32_t out_f = info->out_f;
    uint32_t a_w = 0, a_z = 0;
    uintptr_t comb = 0;
    if (out_f) {
        if (!need("weights", 4 * f * out_f, &a_w) || !need("combined", 4 * n * out_f, &a_z)) return 2;
        vp_device_t comb_dev;
        comb = vp_device_find_type("gcn_comb", 0, &comb_dev) ? comb_dev.base : 0;
        if (comb && (vp_read32(comb + GCN_COMB_ID) != GCN_COMB_ID_VALUE || comb_dev.irq == 0)) {
            printf("gcn: ERROR: no combination engine with an interrupt at 0x%08lx\n", (unsigned long)comb);
            return 2;
        }
        printf("gcn: combination Z = Y W, %lu output features, on the %s\n", (unsigned long)out_f,
               comb ? "combination engine" : "CPU");
        if (comb) {
            vp_irq_disable();
            vp_plic_set_threshold(0, 0);
            vp_irq_source_enable(MIE_MEIE);
            enable_engine_irq(&comb_dev, comb + GCN_COMB_IRQ, comb + GCN_COMB_IRQ_EN);
        }
    }
    uint64_t total_comb = 0;
    uint64_t total_engine = 0;
    const int on_vp = vp_bootinfo_find("vp", NULL, NULL);
    static gcn_atm_t atm; /* ~3.5 KiB with its memo of measured tilings: not on the stack */
    gcn_atm_init(&atm, (info->flags & GCN_FLAG_ATM_FINE) != 0, GCN_ATM_WARMUP_SLICES, GCN_ATM_WARMUP_MAX(slices),
                 GCN_ATM_PROBES(slices));
    gcn_tiling_t fixed;
    gcn_tiling_uniform(&fixed, kernel == GCN_KERNEL_VT || kernel == GCN_KERNEL_FSVT ? info->tiles : 1);
    static uint64_t lookups[GCN_UNITS], misses[GCN_UNITS];
    uint64_t total_cycles = 0, total_instret = 0;
    const uint32_t w = g.w, slice_floats = n * w;
    if (on_vp) vp_marker_begin("gcn");
    for (uint32_t s = 0; s < slices; s++) {
        const gcn_tiling_t *t = kernel == GCN_KERNEL_ATM ? gcn_atm_tiling(&atm) : &fixed;
        const float *xs = (const float *)(uintptr_t)a_x + s * slice_floats;
        float *ys = (float *)(uintptr_t)a_y + s * slice_floats;
        vp_cache_stats_t st, sum = {0, 0, 0, 0, 0};
        if (l2) {
            vp_cache_stat_window(l2, (uint32_t)(uintptr_t)xs, (uint32_t)(uintptr_t)(xs + slice_floats));
            vp_cache_stat_reset(l2);
        }
        const uint64_t e0 = agg ? engine_total(agg) : 0;
        const uint64_t c0 = vp_rdmcycle64(), i0 = vp_rdminstret64();
        uint32_t start = 0;
        for (uint32_t i = 0; i < t->count; i++) {
            const uint32_t side = t->width[i] * info->unit;
            const uint32_t d0 = start * info->unit;
            start += t->width[i];
            const uint32_t d1 = start * info->unit < n ? start * info->unit : n;
            if (d0 < d1 && agg) {
                const uint32_t err = engine_strip(agg, &g, nnz, d0, d1, side, xs, ys);
                if (err) {
                    printf("gcn: ERROR: aggregation engine error %lu (argument 0x%08lx) in slice %lu\n",
                           (unsigned long)err, (unsigned long)vp_read32(agg + GCN_AGG_ERR_ARG), (unsigned long)s);
                    return 2;
                }
            } else if (d0 < d1) {
                run_strip(&g, d0, d1, side, xs, ys);
            }
            if (l2) {
                vp_cache_stat_read(l2, &st, 1);
                lookups[i] = st.win_accesses;
                misses[i] = st.win_misses;
                sum.accesses += st.accesses;
                sum.misses += st.misses;
                sum.writebacks += st.writebacks;
                sum.win_accesses += st.win_accesses;
                sum.win_misses += st.win_misses;
            } else {
                lookups[i] = misses[i] = 0;
            }
        }
        const uint64_t cycles = vp_rdmcycle64() - c0, instret = vp_rdminstret64() - i0;
        const uint64_t engine = agg ? engine_total(agg) - e0 : 0;
        total_engine += engine;
        total_cycles += cycles;
        total_instret += instret;
        printf("gcn: slice %lu cycles %llu instret %llu strips %lu widths ", (unsigned long)s,
               (unsigned long long)cycles, (unsigned long long)instret, (unsigned long)t->count);
        print_widths(t);
        printf(" x_lookups %llu x_misses %llu l2_lookups %llu l2_misses %llu l2_writebacks %llu",
               (unsigned long long)sum.win_accesses, (unsigned long long)sum.win_misses,
               (unsigned long long)sum.accesses, (unsigned long long)sum.misses, (unsigned long long)sum.writebacks);
        if (agg) printf(" engine_cycles %llu", (unsigned long long)engine);
        if (kernel == GCN_KERNEL_ATM) {
            gcn_atm_report(&atm, agg ? engine : cycles, lookups, misses, sum.writebacks);
            printf(" phase %s action %s", gcn_atm_phase_name(atm.phase), gcn_atm_action_name(atm.action));
        }
        if (out_f) {
            const uint64_t k0 =
                comb ? engine_counter(comb + GCN_COMB_TOTAL_LO, comb + GCN_COMB_TOTAL_HI) : vp_rdmcycle64();
            const uint32_t err =
                combine_slice(comb, n, w, out_f, s, ys, (const float *)(uintptr_t)a_w, (float *)(uintptr_t)a_z);
            if (err) {
                printf("\ngcn: ERROR: combination engine error %lu (argument 0x%08lx) in slice %lu\n",
                       (unsigned long)err, (unsigned long)vp_read32(comb + GCN_COMB_ERR_ARG), (unsigned long)s);
                return 2;
            }
            const uint64_t k1 =
                comb ? engine_counter(comb + GCN_COMB_TOTAL_LO, comb + GCN_COMB_TOTAL_HI) : vp_rdmcycle64();
            total_comb += k1 - k0;
            printf(" comb_cycles %llu", (unsigned long long)(k1 - k0));
        }
        printf("\n");
    }
    if (on_vp) vp_marker_end();
    printf("gcn: total cycles %llu instret %llu", (unsigned long long)total_cycles, (unsigned long long)total_instret);
    if (agg) printf(" engine_cycles %llu", (unsigned long long)total_engine);
    if (out_f) printf(" comb_cycles %llu", (unsigned long long)total_comb);
    printf("\n");
    printf("gcn: done\n");
    return 0;
}
