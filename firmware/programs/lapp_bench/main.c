/* lapp_bench: the LAPP kernels at benchmark sizes (a 320x240 image, 64 Ki-element SAXPY, a GCN layer's
 * X·W with 128 vertices, 64 input and 32 output features), each run on the CPU and then on LAPP from the
 * same inputs (plus a 5-tap FIR over the SAXPY input); the results must be identical. Every run is a trace-marker region ("cpu/<kernel>",
 * "lapp/<kernel>": time and energy in stats.json); one line per kernel gives the cycles. VP only (needs
 * LAPP and the marker); tools/lapp_experiment.py runs it in several LAPP configurations (docs/lapp.md). */
#include <stdio.h>
#include <string.h>
#include <drivers/lapp.h>
#include <hal/cache.h>
#include <hal/marker.h>
#include <kernels/lapp_kernels.h>
#include <rt/runtime.h>

#define W        320u
#define H        240u
#define PIXELS   (W * H)
#define SAXPY_N  65536u
#define GCN_N    128u
#define GCN_FIN  64u
#define GCN_FOUT 32u

static uint8_t rgb[3 * PIXELS + 16], fg[4 * PIXELS + 16], bg[4 * PIXELS + 16], gray[PIXELS + 16];
static uint8_t out_cpu[4 * PIXELS + 16], out_lapp[4 * PIXELS + 16];
static float sx[SAXPY_N + 8], sy_cpu[SAXPY_N], sy_lapp[SAXPY_N], taps[5] = {0.0625f, 0.25f, 0.375f, 0.25f, 0.0625f};
static float gx[GCN_N * GCN_FIN], gw[GCN_FIN * GCN_FOUT], gy_cpu[GCN_N * GCN_FOUT], gy_lapp[GCN_N * GCN_FOUT];
static uint32_t hist_cpu[256], hist_lapp[256];
static uint8_t lapp_stack[8192] __attribute__((aligned(16)));

static uint32_t rng_state = 0x9E3779B9u;
static uint32_t rnd(void) {
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 17;
    rng_state ^= rng_state << 5;
    return rng_state;
}

/* The filter over the whole image: one call per output row (rows 1 .. H-2). */
static void filter_image(const uint8_t *img, uint8_t *out) {
    for (uint32_t y = 1; y + 1 < H; ++y)
        k_filter3x3_row(img + (y - 1) * W, img + y * W, img + (y + 1) * W, out + y * W, W);
}
static void gcn_rows(float *y) { k_gcn_xw_rows(gx, gw, y, GCN_N, GCN_FIN, GCN_FOUT); }
static void gcn_dot(float *y) { k_gcn_xw_dot(gx, gw, y, GCN_N, GCN_FIN, GCN_FOUT); }

static int failures;

/* Every measured run starts with cold caches: the CPU's L1D and the L2 are written back and emptied
 * (LAPP's way 0 is empty after each of its runs), so the CPU and LAPP find the data in memory alike. */
static void cold_caches(void) {
    const uintptr_t l1d = vp_cachectl("l1d"), l2 = vp_cachectl("l2");
    if (l1d) vp_write32(l1d + CACHECTL_MAINT, CACHECTL_MAINT_FLUSH);
    if (l2) vp_write32(l2 + CACHECTL_MAINT, CACHECTL_MAINT_FLUSH);
}

static void flush_inputs(void) {
    vp_cache_flush_range(rgb, sizeof rgb);
    vp_cache_flush_range(fg, sizeof fg);
    vp_cache_flush_range(bg, sizeof bg);
    vp_cache_flush_range(gray, sizeof gray);
    vp_cache_flush_range(sx, sizeof sx);
    vp_cache_flush_range(gx, sizeof gx);
    vp_cache_flush_range(gw, sizeof gw);
}

/* The first stage runs `fn` (a wrapper in this program would be compressed code: LAPP calls the kernel
 * directly, so multi-call kernels loop here over lapp_run). */
static void lapp_call_kernel(void (*fn)(void), const uint32_t *a, unsigned na, uint32_t fa0, lapp_result_t *sum) {
    lapp_call_t c = {fn, {0}, {fa0}, lapp_stack + sizeof lapp_stack};
    for (unsigned i = 0; i < na; ++i) c.a[i] = a[i];
    lapp_result_t r;
    lapp_run(&c, &r);
    if (r.status != LAPP_STATUS_DONE) {
        printf("lapp: run failed, status 0x%lx cause %lu pc 0x%08lx\n", (unsigned long)r.status,
               (unsigned long)r.err_cause, (unsigned long)r.err_pc);
        ++failures;
    }
    sum->cycles += r.cycles;
    sum->instret += r.instret;
    sum->array_cycles += r.array_cycles;
    sum->loops_mapped += r.loops_mapped;
    sum->loops_rejected += r.loops_rejected;
    sum->array_iters += r.array_iters;
}

static uint64_t cpu_instret; /* instructions of the last CPU_RUN */

static void result(const char *name, uint64_t cpu_cycles, const lapp_result_t *l, const void *a, const void *b,
                   uint32_t bytes) {
    const int same = memcmp(a, b, bytes) == 0;
    failures += !same;
    printf(
        "bench %s cpu_cycles=%lu cpu_instret=%lu lapp_cycles=%lu lapp_array_cycles=%lu lapp_instret=%lu "
        "mapped=%lu rejected=%lu iterations=%lu %s\n",
        name, (unsigned long)cpu_cycles, (unsigned long)cpu_instret, (unsigned long)l->cycles,
        (unsigned long)l->array_cycles, (unsigned long)l->instret, (unsigned long)l->loops_mapped,
        (unsigned long)l->loops_rejected, (unsigned long)l->array_iters, same ? "identical" : "DIFFERENT");
}

#define CPU_RUN(region, stmt)                  \
    ({                                         \
        cold_caches();                         \
        vp_marker_begin(region);               \
        const uint64_t i0_ = vp_rdinstret64(); \
        const uint64_t t0_ = vp_rdcycle64();   \
        stmt;                                  \
        const uint64_t t1_ = vp_rdcycle64();   \
        cpu_instret = vp_rdinstret64() - i0_;  \
        vp_marker_end();                       \
        t1_ - t0_;                             \
    })

int main(void) {
    if (!lapp_present()) {
        printf("lapp_bench: no LAPP on this platform\n");
        return 2;
    }
    const uint32_t cfg = lapp_config();
    printf("lapp_bench: %lu stages, %s local buffers, %lu words per way, array %s\n",
           (unsigned long)LAPP_CONFIG_STAGES(cfg), (cfg & LAPP_CONFIG_OPTIMIZED) ? "optimized" : "conventional",
           (unsigned long)LAPP_CONFIG_LB_WORDS(cfg), (cfg & LAPP_CONFIG_ARRAY) ? "on" : "off");
    for (uint32_t i = 0; i < sizeof rgb; ++i) rgb[i] = (uint8_t)rnd();
    for (uint32_t i = 0; i < sizeof fg; ++i) fg[i] = (uint8_t)rnd();
    for (uint32_t i = 0; i < sizeof bg; ++i) bg[i] = (uint8_t)rnd();
    for (uint32_t i = 0; i < sizeof gray; ++i) gray[i] = (uint8_t)rnd();
    for (uint32_t i = 0; i < SAXPY_N + 8; ++i) sx[i] = (float)((int32_t)(rnd() % 2001u) - 1000) / 64.0f;
    for (uint32_t i = 0; i < GCN_N * GCN_FIN; ++i) gx[i] = (float)((int32_t)(rnd() % 2001u) - 1000) / 256.0f;
    for (uint32_t i = 0; i < GCN_FIN * GCN_FOUT; ++i) gw[i] = (float)((int32_t)(rnd() % 2001u) - 1000) / 512.0f;

    lapp_result_t l;
    uint64_t c;

    memset(&l, 0, sizeof l);
    c = CPU_RUN("cpu/grayscale", k_grayscale(rgb, out_cpu, PIXELS));
    flush_inputs();
    vp_cache_flush_range(out_lapp, PIXELS);
    cold_caches();
    vp_marker_begin("lapp/grayscale");
    lapp_call_kernel((void (*)(void))k_grayscale, (const uint32_t[]){(uint32_t)rgb, (uint32_t)out_lapp, PIXELS}, 3, 0,
                     &l);
    vp_marker_end();
    vp_cache_inval_range(out_lapp, PIXELS);
    result("grayscale", c, &l, out_cpu, out_lapp, PIXELS);

    memset(&l, 0, sizeof l);
    memset(out_cpu, 0, PIXELS);
    memset(out_lapp, 0, PIXELS);
    c = CPU_RUN("cpu/filter3x3", filter_image(gray, out_cpu));
    flush_inputs();
    vp_cache_flush_range(out_lapp, PIXELS);
    cold_caches();
    vp_marker_begin("lapp/filter3x3");
    for (uint32_t y = 1; y + 1 < H; ++y)
        lapp_call_kernel((void (*)(void))k_filter3x3_row,
                         (const uint32_t[]){(uint32_t)(gray + (y - 1) * W), (uint32_t)(gray + y * W),
                                            (uint32_t)(gray + (y + 1) * W), (uint32_t)(out_lapp + y * W), W},
                         5, 0, &l);
    vp_marker_end();
    vp_cache_inval_range(out_lapp, PIXELS);
    result("filter3x3", c, &l, out_cpu, out_lapp, PIXELS);

    memset(&l, 0, sizeof l);
    c = CPU_RUN("cpu/alpha_blend", k_alpha_blend(fg, bg, out_cpu, PIXELS));
    flush_inputs();
    vp_cache_flush_range(out_lapp, 4 * PIXELS);
    cold_caches();
    vp_marker_begin("lapp/alpha_blend");
    lapp_call_kernel((void (*)(void))k_alpha_blend,
                     (const uint32_t[]){(uint32_t)fg, (uint32_t)bg, (uint32_t)out_lapp, PIXELS}, 4, 0, &l);
    vp_marker_end();
    vp_cache_inval_range(out_lapp, 4 * PIXELS);
    result("alpha_blend", c, &l, out_cpu, out_lapp, 4 * PIXELS);

    memset(&l, 0, sizeof l);
    for (uint32_t i = 0; i < SAXPY_N; ++i) sy_cpu[i] = sy_lapp[i] = (float)(int32_t)(rnd() % 1001u) / 32.0f;
    const float a = 1.75f;
    c = CPU_RUN("cpu/saxpy", k_saxpy(a, sx, sy_cpu, SAXPY_N));
    flush_inputs();
    vp_cache_flush_range(sy_lapp, sizeof sy_lapp);
    cold_caches();
    vp_marker_begin("lapp/saxpy");
    lapp_call_kernel((void (*)(void))k_saxpy, (const uint32_t[]){(uint32_t)sx, (uint32_t)sy_lapp, SAXPY_N}, 3,
                     lapp_fbits(a), &l);
    vp_marker_end();
    vp_cache_inval_range(sy_lapp, sizeof sy_lapp);
    result("saxpy", c, &l, sy_cpu, sy_lapp, sizeof sy_cpu);

    memset(&l, 0, sizeof l);
    c = CPU_RUN("cpu/fir5", k_fir5(sx, taps, sy_cpu, SAXPY_N));
    flush_inputs();
    vp_cache_flush_range(taps, sizeof taps);
    vp_cache_flush_range(sy_lapp, sizeof sy_lapp);
    cold_caches();
    vp_marker_begin("lapp/fir5");
    lapp_call_kernel((void (*)(void))k_fir5,
                     (const uint32_t[]){(uint32_t)sx, (uint32_t)taps, (uint32_t)sy_lapp, SAXPY_N}, 4, 0, &l);
    vp_marker_end();
    vp_cache_inval_range(sy_lapp, sizeof sy_lapp);
    result("fir5", c, &l, sy_cpu, sy_lapp, sizeof sy_cpu);

    memset(&l, 0, sizeof l);
    memset(hist_cpu, 0, sizeof hist_cpu);
    memset(hist_lapp, 0, sizeof hist_lapp);
    c = CPU_RUN("cpu/histogram", k_histogram(gray, hist_cpu, PIXELS));
    flush_inputs();
    vp_cache_flush_range(hist_lapp, sizeof hist_lapp);
    cold_caches();
    vp_marker_begin("lapp/histogram");
    lapp_call_kernel((void (*)(void))k_histogram, (const uint32_t[]){(uint32_t)gray, (uint32_t)hist_lapp, PIXELS}, 3, 0,
                     &l);
    vp_marker_end();
    vp_cache_inval_range(hist_lapp, sizeof hist_lapp);
    result("histogram", c, &l, hist_cpu, hist_lapp, sizeof hist_cpu);

    memset(&l, 0, sizeof l);
    c = CPU_RUN("cpu/gcn_xw_rows", gcn_rows(gy_cpu));
    flush_inputs();
    vp_cache_flush_range(gy_lapp, sizeof gy_lapp);
    cold_caches();
    vp_marker_begin("lapp/gcn_xw_rows");
    lapp_call_kernel((void (*)(void))k_gcn_xw_rows,
                     (const uint32_t[]){(uint32_t)gx, (uint32_t)gw, (uint32_t)gy_lapp, GCN_N, GCN_FIN, GCN_FOUT}, 6, 0,
                     &l);
    vp_marker_end();
    vp_cache_inval_range(gy_lapp, sizeof gy_lapp);
    result("gcn_xw_rows", c, &l, gy_cpu, gy_lapp, sizeof gy_cpu);

    memset(&l, 0, sizeof l);
    c = CPU_RUN("cpu/gcn_xw_dot", gcn_dot(gy_cpu));
    flush_inputs();
    vp_cache_flush_range(gy_lapp, sizeof gy_lapp);
    cold_caches();
    vp_marker_begin("lapp/gcn_xw_dot");
    lapp_call_kernel((void (*)(void))k_gcn_xw_dot,
                     (const uint32_t[]){(uint32_t)gx, (uint32_t)gw, (uint32_t)gy_lapp, GCN_N, GCN_FIN, GCN_FOUT}, 6, 0,
                     &l);
    vp_marker_end();
    vp_cache_inval_range(gy_lapp, sizeof gy_lapp);
    result("gcn_xw_dot", c, &l, gy_cpu, gy_lapp, sizeof gy_cpu);

    printf("lapp_bench: %s\n", failures ? "FAIL" : "done");
    return failures ? 1 : 0;
}
