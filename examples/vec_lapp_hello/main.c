/* The example's CPU program: the vector accelerator (hal/vec.h) with float arguments, then a
 * LAPP-annotated loop (drivers/lapp.h) on LAPP or the CPU. Exit 0 when every result equals the
 * CPU's own computation bit for bit, 1 otherwise. */
#include <drivers/lapp.h>
#include <hal/cache.h>
#include <hal/vec.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

extern const vec_image_t scale_image;
void saxpy(float a, const float* x, float* y, uint32_t n);

#define N 256u

static float x[N], y[N], expect[N];
static uint8_t lapp_stack[4096] __attribute__((aligned(16)));

static uint32_t bits(float f) {
    uint32_t b;
    memcpy(&b, &f, sizeof b);
    return b;
}

static int run_vec(void) {
    vec_info_t info;
    if (!vec_init(false) || !vec_get_info(&info)) {
        printf("example: no vector accelerator\n");
        return 0;
    }
    printf("example: vector accelerator, VLEN %lu, %lu+%lu lanes\n", (unsigned long)info.vlen,
           (unsigned long)info.add_lanes, (unsigned long)info.mul_lanes);
    if (vec_load(&scale_image) != 0) return 1;
    float *vx = (float*)vec_dlm_ptr(0x2000), *vy = (float*)vec_dlm_ptr(0x2000 + 4 * N);
    for (uint32_t i = 0; i < N; ++i) vx[i] = (float)i * 0.5f - 9.0f;
    const vec_args_t a = {.a = {N, (uint32_t)(uintptr_t)vx, (uint32_t)(uintptr_t)vy}, .fa = {2.5f, -1.25f}};
    vec_start_args(scale_image.entry, &a);
    if (vec_wait(VEC_POLL) != VEC_STATUS_DONE) return 1;
    float sum = 0.0f;
    for (uint32_t i = 0; i < N; ++i) {
        const float e = 2.5f * vx[i] + -1.25f;
        sum += e;
        if (bits(vy[i]) != bits(e)) return 1;
    }
    printf("example: accelerator sum 0x%08lx, expected 0x%08lx\n", (unsigned long)bits(vec_exit_fa0()),
           (unsigned long)bits(sum));
    return bits(vec_exit_fa0()) != bits(sum);
}

static int run_saxpy(void) {
    for (uint32_t i = 0; i < N; ++i) {
        x[i] = (float)(i % 7) - 3.0f;
        y[i] = (float)i * 0.25f;
        expect[i] = 1.5f * x[i] + y[i];
    }
    if (lapp_present()) {
        lapp_call_t call = {.fn = (void (*)(void))saxpy,
                            .a = {(uint32_t)(uintptr_t)x, (uint32_t)(uintptr_t)y, N},
                            .fa = {lapp_fbits(1.5f)},
                            .stack_top = lapp_stack + sizeof lapp_stack};
        lapp_result_t r;
        vp_cache_flush_range(x, sizeof x);
        vp_cache_flush_range(y, sizeof y);
        vp_cache_flush_range(lapp_stack, sizeof lapp_stack); /* zeroed by crt0: dirty lines */
        lapp_run(&call, &r);
        vp_cache_inval_range(y, sizeof y);
        printf("example: LAPP ran saxpy: status %lu, loops mapped %lu, array iterations %lu\n", (unsigned long)r.status,
               (unsigned long)r.loops_mapped, (unsigned long)r.array_iters);
        if (r.status != LAPP_STATUS_DONE || r.loops_mapped == 0) return 1;
    } else {
        saxpy(1.5f, x, y, N);
        printf("example: no LAPP, saxpy ran on the CPU\n");
    }
    for (uint32_t i = 0; i < N; ++i)
        if (bits(y[i]) != bits(expect[i])) return 1;
    return 0;
}

int main(void) {
    printf("example: hello from an out-of-tree firmware project\n");
    if (run_vec()) {
        printf("example: accelerator result wrong\n");
        return 1;
    }
    if (run_saxpy()) {
        printf("example: saxpy result wrong\n");
        return 1;
    }
    printf("example: ok\n");
    return 0;
}
