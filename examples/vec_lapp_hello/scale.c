/* Accelerator program (vector accelerator's control hart, -mabi=ilp32f): y[i] = alpha * x[i] + beta;
 * returns the sum of y as the float result (fa0 at the final ecall). */
#include <stdint.h>

float vec_main(uint32_t n, const float* x, float* y, float alpha, float beta);

float vec_main(uint32_t n, const float* x, float* y, float alpha, float beta) {
    float sum = 0.0f;
    for (uint32_t i = 0; i < n; ++i) {
        y[i] = alpha * x[i] + beta;
        sum += y[i];
    }
    return sum;
}
