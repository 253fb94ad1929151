/* Float arguments to an accelerator program and the accelerator's parameters through the HAL
 * (hal/vec.h): vec_get_info / vec_vlen / vec_vlmax / lanes, then vec_axpb (y = alpha x + beta, sum
 * returned in fa0) twice with different float arguments; every y and both sums must equal the
 * CPU's own computation bit for bit (both sides round every operation: -ffp-contract=off).
 * Exit 0 when all agree, 1 on a mismatch, 2 without the accelerator. */
#include <hal/vec.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

extern const vec_image_t vec_axpb_image;

#define N          200u
#define X_OFFSET   0x2000u /* in the DLM, after the program's own data */
#define Y_OFFSET   (X_OFFSET + 4u * N)
#define STACK_ROOM 0x400u

static uint32_t bits(float f) {
    uint32_t b;
    memcpy(&b, &f, sizeof b);
    return b;
}

int main(void) {
    vec_info_t info;
    if (!vec_init(false) || !vec_get_info(&info)) {
        printf("vec_args: no accelerator\n");
        return 2;
    }
    printf("vec_args: VLEN %lu bits, VLMAX(e32, m8) %lu, lanes add %lu mul %lu, ILM %lu B, DLM %lu B\n",
           (unsigned long)info.vlen, (unsigned long)vec_vlmax(32, 8), (unsigned long)info.add_lanes,
           (unsigned long)info.mul_lanes, (unsigned long)info.ilm_size, (unsigned long)info.dlm_size);
    int bad = 0;
    if (info.vlen != vec_vlen() || info.vlen < 32 || (info.vlen & (info.vlen - 1)) != 0) bad |= 1;
    if (vec_vlmax(32, 8) != info.vlen / 4 || vec_vlmax(8, 1) != info.vlen / 8 || vec_vlmax(32, 3) != 0) bad |= 2;
    if (info.add_lanes != vec_add_lanes() || info.mul_lanes != vec_mul_lanes() || info.add_lanes == 0) bad |= 4;
    if (info.dlm_size != vec_dlm_size() || info.ilm_size != vec_ilm_size() || info.dlm_base != VP_VEC_DLM_BASE)
        bad |= 8;
    if (bad) {
        printf("vec_args: inconsistent parameters (%d)\n", bad);
        return 1;
    }
    if (info.dlm_size < Y_OFFSET + 4u * N + STACK_ROOM || vec_load(&vec_axpb_image) != 0) {
        printf("vec_args: the program or its data do not fit the LMs\n");
        return 1;
    }
    float *x = (float *)vec_dlm_ptr(X_OFFSET), *y = (float *)vec_dlm_ptr(Y_OFFSET);
    for (uint32_t i = 0; i < N; ++i) x[i] = (float)i * 0.25f - 7.0f;
    const float alpha[2] = {1.75f, -0.3f}, beta[2] = {-3.5f, 1e3f};
    for (int r = 0; r < 2; ++r) {
        const vec_args_t a = {.a = {N, (uint32_t)(uintptr_t)x, (uint32_t)(uintptr_t)y}, .fa = {alpha[r], beta[r]}};
        vec_start_args(vec_axpb_image.entry, &a);
        if (vec_wait(VEC_POLL) != VEC_STATUS_DONE) {
            uint32_t cause, pc, tval;
            vec_error(&cause, &pc, &tval);
            printf("vec_args: accelerator error: mcause %lu pc 0x%08lx\n", (unsigned long)cause, (unsigned long)pc);
            return 1;
        }
        float sum = 0.0f;
        uint32_t wrong = 0;
        for (uint32_t i = 0; i < N; ++i) {
            const float e = alpha[r] * x[i] + beta[r];
            sum += e;
            if (bits(y[i]) != bits(e)) ++wrong;
        }
        const float got = vec_exit_fa0();
        printf("vec_args: run %d: alpha 0x%08lx beta 0x%08lx sum 0x%08lx (expected 0x%08lx), %lu of %u y wrong\n", r,
               (unsigned long)bits(alpha[r]), (unsigned long)bits(beta[r]), (unsigned long)bits(got),
               (unsigned long)bits(sum), (unsigned long)wrong, N);
        if (wrong || bits(got) != bits(sum)) return 1;
    }
    /* The same through the instance API (accelerator 0 of the boot-info device table). */
    vec_t d;
    vec_info_t dinfo;
    if (!vec_open_index(&d, 0) || !vec_dev_init(&d, false) || !vec_dev_get_info(&d, &dinfo) ||
        memcmp(&dinfo, &info, sizeof info) != 0 || vec_dev_vlmax(&d, 32, 8) != vec_vlmax(32, 8)) {
        printf("vec_args: the instance API disagrees on the accelerator's parameters\n");
        return 1;
    }
    const vec_args_t a = {.a = {N, (uint32_t)(uintptr_t)x, (uint32_t)(uintptr_t)y}, .fa = {0.5f, 2.0f}};
    const int32_t rc = vec_dev_run_args(&d, &vec_axpb_image, &a, VEC_POLL);
    float sum = 0.0f;
    uint32_t wrong = 0;
    for (uint32_t i = 0; i < N; ++i) {
        const float e = 0.5f * x[i] + 2.0f;
        sum += e;
        if (bits(y[i]) != bits(e)) ++wrong;
    }
    printf("vec_args: instance API: exit %ld, sum 0x%08lx (expected 0x%08lx), %lu of %u y wrong\n", (long)rc,
           (unsigned long)bits(vec_dev_exit_fa0(&d)), (unsigned long)bits(sum), (unsigned long)wrong, N);
    if (rc < 0 || wrong || bits(vec_dev_exit_fa0(&d)) != bits(sum)) return 1;
    printf("vec_args: ok\n");
    return 0;
}
