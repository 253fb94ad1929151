/* gcn_smp: the GCN aggregation Y = Â·X of the gcn program split across the harts the device tree
 * lists (docs/smp.md "GCN aggregation on N harts"). Same data, checks, kernel and summation order as
 * gcn (gcn_layer.h), so Y is the host reference's bit for bit on any number of harts (the workload
 * checks it).
 *
 * Static kernels (baseline, vt, fs, fsvt): B_F slices, B_V x B_V tiles. In each slice every hart runs
 * every strip on its share of the strip's destinations, [d0 + (d1 - d0) h / N, d0 + (d1 - d0)(h + 1) / N)
 * of strip [d0, d1): the same tiles (source ranges) in the same order, so the harts read the same X
 * tile at about the same time through the shared L2; destinations and their cursors are disjoint. The
 * harts meet at a barrier after each slice; hart 0 times the slice with mcycle. ATM (its decisions come
 * from one hart's time and per-strip cache statistics) and the aggregation engine (one device) stay
 * with the gcn program: kernel atm is refused here (exit 2).
 *
 * Output: "gcn: harts N", then gcn's lines ("gcn: slice S cycles C instret I strips K widths W",
 * "gcn: total cycles C instret I", "gcn: done"; instret is hart 0's). Exit: 0 = ok, 2 = bad data. */
#include <stdint.h>
#include <stdio.h>
#include <hal/marker.h>
#include <rt/bootinfo.h>
#include <rt/csr.h>
#include <rt/smp.h>
#include <vp/gcn_atm.h>
#include <vp/gcn_data.h>
#include "gcn_layer.h"

static struct { /* published by hart 0 before vp_smp_release_harts() */
    graph_t g;
    gcn_tiling_t tiling;
    uint32_t harts, slices, unit, slice_floats;
    const float *x;
    float *y;
} job;
static vp_smp_barrier_t slice_barrier;

/* Hart h's share of every strip of slice s. */
static void run_slice(uint32_t h, uint32_t s) {
    const uint32_t n = job.g.n;
    const float *xs = job.x + s * job.slice_floats;
    float *ys = job.y + s * job.slice_floats;
    uint32_t start = 0;
    for (uint32_t i = 0; i < job.tiling.count; i++) {
        const uint32_t side = job.tiling.width[i] * job.unit;
        const uint32_t d0 = start * job.unit;
        start += job.tiling.width[i];
        const uint32_t d1 = start * job.unit < n ? start * job.unit : n;
        if (d0 >= d1) continue;
        const uint32_t lo = d0 + (uint32_t)((uint64_t)(d1 - d0) * h / job.harts);
        const uint32_t hi = d0 + (uint32_t)((uint64_t)(d1 - d0) * (h + 1) / job.harts);
        if (lo < hi) run_strip(&job.g, lo, hi, side, xs, ys);
    }
}

void vp_smp_worker(uint32_t hartid) {
    if (hartid >= job.harts) return; /* not in the device tree's count: park */
    uint32_t sense = 0;
    for (uint32_t s = 0; s < job.slices; s++) {
        run_slice(hartid, s);
        vp_smp_barrier(&slice_barrier, job.harts, &sense);
    }
}

int main(void) {
    const uint32_t harts = vp_smp_harts();
    graph_t g;
    const gcn_info_t *info;
    uint32_t a_x, a_y;
    if (gcn_open(&g, &info, &a_x, &a_y)) return 2;
    if (info->kernel == GCN_KERNEL_ATM) {
        printf("gcn: ERROR: gcn_smp runs the static kernels (baseline, vt, fs, fsvt); ATM runs on one hart (gcn)\n");
        return 2;
    }
    static const char *const kernels[] = {"baseline", "vt", "fs", "fsvt"};
    printf("gcn: n=%lu nnz=%lu f=%lu kernel=%s slices=%lu tiles=%lu unit=%lu\n", (unsigned long)info->n,
           (unsigned long)info->nnz, (unsigned long)info->f, kernels[info->kernel], (unsigned long)info->slices,
           (unsigned long)info->tiles, (unsigned long)info->unit);
    printf("gcn: harts %lu\n", (unsigned long)harts);

    job.g = g;
    gcn_tiling_uniform(&job.tiling, info->kernel == GCN_KERNEL_VT || info->kernel == GCN_KERNEL_FSVT ? info->tiles : 1);
    job.harts = harts;
    job.slices = info->slices;
    job.unit = info->unit;
    job.slice_floats = g.n * g.w;
    job.x = (const float *)(uintptr_t)a_x;
    job.y = (float *)(uintptr_t)a_y;

    const int on_vp = vp_bootinfo_find("vp", NULL, NULL);
    if (on_vp) vp_marker_begin("gcn");
    vp_smp_release_harts(); /* publishes job */
    uint32_t sense = 0;
    uint64_t total_cycles = 0, total_instret = 0;
    for (uint32_t s = 0; s < job.slices; s++) {
        const uint64_t c0 = vp_rdmcycle64(), i0 = vp_rdminstret64();
        run_slice(0, s);
        vp_smp_barrier(&slice_barrier, harts, &sense);
        const uint64_t cycles = vp_rdmcycle64() - c0, instret = vp_rdminstret64() - i0;
        total_cycles += cycles;
        total_instret += instret;
        printf("gcn: slice %lu cycles %llu instret %llu strips %lu widths %lux%u\n", (unsigned long)s,
               (unsigned long long)cycles, (unsigned long long)instret, (unsigned long)job.tiling.count,
               (unsigned long)job.tiling.count, job.tiling.width[0]);
    }
    if (on_vp) vp_marker_end();
    printf("gcn: total cycles %llu instret %llu\n", (unsigned long long)total_cycles,
           (unsigned long long)total_instret);
    printf("gcn: done\n");
    return 0;
}
