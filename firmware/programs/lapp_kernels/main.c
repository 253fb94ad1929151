/* lapp_kernels: every LAPP kernel (kernels/lapp_kernels.h) on the CPU, where LAPP's DCPL and SETLO
 * are HINTs, i.e. no-ops, on random inputs and lengths 0, 1, primes and larger, printing one checksum
 * per case: the same output on QEMU and on the VP. On a platform with LAPP (boot-info "lapp") every
 * case runs again on LAPP from the same inputs, and its output must be identical to the CPU's byte
 * for byte; those extra lines say how many loops LAPP mapped or rejected. Exit 0 when all agree. */
#include <stdio.h>
#include <string.h>
#include <drivers/lapp.h>
#include <hal/cache.h>
#include <kernels/lapp_kernels.h>
#include <rt/runtime.h>

#define MAXN 4096u

static uint8_t in_a[4 * MAXN + 16], in_b[4 * MAXN + 16], in_c[MAXN + 16];
static uint8_t out_cpu[4 * MAXN + 16], out_lapp[4 * MAXN + 16];
static float fx[MAXN], fy_cpu[MAXN], fy_lapp[MAXN], fw[MAXN];
static uint32_t hist_cpu[256], hist_lapp[256];
static uint8_t lapp_stack[8192] __attribute__((aligned(16)));

static uint32_t rng_state = 0x2545F491u;
static uint32_t rnd(void) {
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 17;
    rng_state ^= rng_state << 5;
    return rng_state;
}
static void fill_bytes(uint8_t *p, uint32_t n) {
    for (uint32_t i = 0; i < n; ++i) p[i] = (uint8_t)rnd();
}
/* Floats of moderate range with random signs (products and sums stay finite). */
static void fill_floats(float *p, uint32_t n) {
    for (uint32_t i = 0; i < n; ++i) p[i] = (float)((int32_t)(rnd() % 20001u) - 10000) / 1024.0f;
}
static uint32_t fnv(const void *p, uint32_t n) {
    const uint8_t *b = p;
    uint32_t h = 2166136261u;
    for (uint32_t i = 0; i < n; ++i) h = (h ^ b[i]) * 16777619u;
    return h;
}

static int failures, lapp_on;
static uint32_t lapp_cfg;

/* Runs fn on LAPP (caches made coherent around it) and checks its output against the CPU's. `mappable`:
 * the kernel has a loop LAPP should run on the array for this size (1), must reject (-1), or has none (0). */
static void on_lapp(const char *name, uint32_t n, lapp_call_t *call, const void *cpu_out, void *lapp_out,
                    uint32_t bytes, int mappable) {
    if (!lapp_on) return;
    vp_cache_flush_range(in_a, sizeof in_a);
    vp_cache_flush_range(in_b, sizeof in_b);
    vp_cache_flush_range(in_c, sizeof in_c);
    vp_cache_flush_range(fx, sizeof fx);
    vp_cache_flush_range(fw, sizeof fw);
    vp_cache_flush_range(lapp_out, bytes);
    call->stack_top = lapp_stack + sizeof lapp_stack;
    lapp_result_t r;
    lapp_run(call, &r);
    vp_cache_inval_range(lapp_out, bytes);
    const int equal = r.status == LAPP_STATUS_DONE && memcmp(cpu_out, lapp_out, bytes) == 0;
    int as_expected = 1;
    if (lapp_cfg & LAPP_CONFIG_ARRAY) {
        if (mappable > 0) as_expected = r.loops_mapped >= 1 && r.loops_rejected == 0;
        if (mappable < 0) as_expected = r.loops_rejected >= 1 && r.loops_mapped == 0;
    } else {
        as_expected = r.loops_mapped == 0;
    }
    printf("lapp %s n=%lu: %s, %lu loops mapped, %lu rejected, %lu iterations on the array%s\n", name, (unsigned long)n,
           equal ? "identical" : "DIFFERENT", (unsigned long)r.loops_mapped, (unsigned long)r.loops_rejected,
           (unsigned long)r.array_iters, as_expected ? "" : " (UNEXPECTED MAPPING)");
    if (r.status != LAPP_STATUS_DONE)
        printf("lapp %s: status 0x%lx, mcause %lu at 0x%08lx\n", name, (unsigned long)r.status,
               (unsigned long)r.err_cause, (unsigned long)r.err_pc);
    failures += !equal || !as_expected;
}

static void report(const char *name, uint32_t n, const void *out, uint32_t bytes) {
    printf("%s n=%lu checksum=0x%08lx\n", name, (unsigned long)n, (unsigned long)fnv(out, bytes));
}

static void grayscale(uint32_t n) {
    fill_bytes(in_a, 3 * n + 4);
    fill_bytes(out_cpu, n + 8);
    memcpy(out_lapp, out_cpu, n + 8);
    k_grayscale(in_a, out_cpu, n);
    report("grayscale", n, out_cpu, n + 8);
    lapp_call_t c = {(void (*)(void))k_grayscale, {(uint32_t)in_a, (uint32_t)out_lapp, n}, {0}, 0};
    on_lapp("grayscale", n, &c, out_cpu, out_lapp, n + 8, n > 0);
}

static void filter(uint32_t w) {
    fill_bytes(in_a, w + 4);
    fill_bytes(in_b, w + 4);
    fill_bytes(in_c, w + 4);
    fill_bytes(out_cpu, w + 8);
    memcpy(out_lapp, out_cpu, w + 8);
    k_filter3x3_row(in_a, in_b, in_c, out_cpu, w);
    report("filter3x3", w, out_cpu, w + 8);
    lapp_call_t c = {(void (*)(void))k_filter3x3_row,
                     {(uint32_t)in_a, (uint32_t)in_b, (uint32_t)in_c, (uint32_t)out_lapp, w},
                     {0},
                     0};
    on_lapp("filter3x3", w, &c, out_cpu, out_lapp, w + 8, w >= 3);
}

static void alpha(uint32_t n) {
    fill_bytes(in_a, 4 * n + 4);
    fill_bytes(in_b, 4 * n + 4);
    fill_bytes(out_cpu, 4 * n + 8);
    memcpy(out_lapp, out_cpu, 4 * n + 8);
    k_alpha_blend(in_a, in_b, out_cpu, n);
    report("alpha_blend", n, out_cpu, 4 * n + 8);
    lapp_call_t c = {(void (*)(void))k_alpha_blend, {(uint32_t)in_a, (uint32_t)in_b, (uint32_t)out_lapp, n}, {0}, 0};
    on_lapp("alpha_blend", n, &c, out_cpu, out_lapp, 4 * n + 8, n > 0);
}

static void saxpy(uint32_t n) {
    fill_floats(fx, n);
    fill_floats(fy_cpu, n);
    memcpy(fy_lapp, fy_cpu, n * 4);
    const float a = 1.0f + (float)(rnd() % 1000u) / 256.0f;
    k_saxpy(a, fx, fy_cpu, n);
    report("saxpy", n, fy_cpu, n * 4);
    lapp_call_t c = {(void (*)(void))k_saxpy, {(uint32_t)fx, (uint32_t)fy_lapp, n}, {lapp_fbits(a)}, 0};
    on_lapp("saxpy", n, &c, fy_cpu, fy_lapp, n * 4, n > 0);
}

static void fir5(uint32_t n) {
    fill_floats(fx, n + 4);
    fill_floats(fw, 5);
    fill_floats(fy_cpu, n);
    memcpy(fy_lapp, fy_cpu, n * 4);
    k_fir5(fx, fw, fy_cpu, n);
    report("fir5", n, fy_cpu, n * 4);
    lapp_call_t c = {(void (*)(void))k_fir5, {(uint32_t)fx, (uint32_t)fw, (uint32_t)fy_lapp, n}, {0}, 0};
    on_lapp("fir5", n, &c, fy_cpu, fy_lapp, n * 4, n > 0);
}

static void histogram(uint32_t n) {
    fill_bytes(in_a, n + 4);
    memset(hist_cpu, 0, sizeof hist_cpu);
    memset(hist_lapp, 0, sizeof hist_lapp);
    k_histogram(in_a, hist_cpu, n);
    report("histogram", n, hist_cpu, sizeof hist_cpu);
    lapp_call_t c = {(void (*)(void))k_histogram, {(uint32_t)in_a, (uint32_t)hist_lapp, n}, {0}, 0};
    on_lapp("histogram", n, &c, hist_cpu, hist_lapp, sizeof hist_lapp, n > 0 ? -1 : 0);
}

static void gcn(uint32_t n, uint32_t fin, uint32_t fout, int dot) {
    fill_floats(fx, n * fin);
    fill_floats(fw, fin * fout);
    fill_floats(fy_cpu, n * fout);
    memcpy(fy_lapp, fy_cpu, n * fout * 4);
    if (dot)
        k_gcn_xw_dot(fx, fw, fy_cpu, n, fin, fout);
    else
        k_gcn_xw_rows(fx, fw, fy_cpu, n, fin, fout);
    const char *name = dot ? "gcn_xw_dot" : "gcn_xw_rows";
    printf("%s %lux%lu * %lux%lu ", name, (unsigned long)n, (unsigned long)fin, (unsigned long)fin,
           (unsigned long)fout);
    report("", n, fy_cpu, n * fout * 4);
    lapp_call_t c = {dot ? (void (*)(void))k_gcn_xw_dot : (void (*)(void))k_gcn_xw_rows,
                     {(uint32_t)fx, (uint32_t)fw, (uint32_t)fy_lapp, n, fin, fout},
                     {0},
                     0};
    on_lapp(name, n * fin * fout, &c, fy_cpu, fy_lapp, n * fout * 4, 1);
}

int main(void) {
    lapp_on = lapp_present();
    lapp_cfg = lapp_config();
    if (lapp_on)
        printf("lapp: %lu stages, %s local buffers of %lu words per way, array %s\n",
               (unsigned long)LAPP_CONFIG_STAGES(lapp_cfg),
               (lapp_cfg & LAPP_CONFIG_OPTIMIZED) ? "optimized" : "conventional",
               (unsigned long)LAPP_CONFIG_LB_WORDS(lapp_cfg), (lapp_cfg & LAPP_CONFIG_ARRAY) ? "on" : "off");
    static const uint32_t gray_n[] = {0, 1, 2, 13, 251, 4096};
    static const uint32_t filter_w[] = {0, 2, 3, 4, 61, 640};
    static const uint32_t alpha_n[] = {0, 1, 7, 509, 2048};
    static const uint32_t saxpy_n[] = {0, 1, 3, 1021, 4096};
    static const uint32_t fir_n[] = {0, 1, 5, 1009, 4090};
    static const uint32_t hist_n[] = {0, 1, 1000};
    for (unsigned i = 0; i < sizeof gray_n / 4; ++i) grayscale(gray_n[i]);
    for (unsigned i = 0; i < sizeof filter_w / 4; ++i) filter(filter_w[i]);
    for (unsigned i = 0; i < sizeof alpha_n / 4; ++i) alpha(alpha_n[i]);
    for (unsigned i = 0; i < sizeof saxpy_n / 4; ++i) saxpy(saxpy_n[i]);
    for (unsigned i = 0; i < sizeof fir_n / 4; ++i) fir5(fir_n[i]);
    for (unsigned i = 0; i < sizeof hist_n / 4; ++i) histogram(hist_n[i]);
    gcn(1, 1, 1, 0);
    gcn(3, 5, 7, 0);
    gcn(8, 16, 32, 0);
    gcn(1, 1, 1, 1);
    gcn(3, 5, 7, 1);
    gcn(8, 16, 32, 1);
    printf("lapp_kernels: %s\n", failures ? "FAIL" : "done");
    return failures ? 1 : 0;
}
