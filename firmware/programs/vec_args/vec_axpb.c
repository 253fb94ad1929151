/* Accelerator program: y[i] = alpha * x[i] + beta for i < n; returns the sum of y (float result:
 * fa0 at the final ecall, read by the CPU with vec_exit_fa0()). Built with -mabi=ilp32f, so the
 * integer arguments come in a0..a2 (ARG0..2) and alpha, beta in fa0, fa1 (FARG0, FARG1). */
#include <stdint.h>

float vec_main(uint32_t n, const float *x, float *y, float alpha, float beta);

float vec_main(uint32_t n, const float *x, float *y, float alpha, float beta) {
    float sum = 0.0f;
    for (uint32_t i = 0; i < n; ++i) {
        y[i] = alpha * x[i] + beta;
        sum += y[i];
    }
    return sum;
}
