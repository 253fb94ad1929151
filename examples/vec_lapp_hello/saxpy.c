/* A loop annotated for LAPP (docs/lapp.md): DCPL programs the L1 ways for the loop that follows,
 * SETLO binds each load to its way. On a core without LAPP both are no-ops (HINTs), so the same
 * function runs on the CPU. Compiled for RV32IMF (CMakeLists.txt). */
#include <stdint.h>
#include <vp/isa/lapp.h>

void saxpy(float a, const float* x, float* y, uint32_t n);

void saxpy(float a, const float* x, float* y, uint32_t n) {
    LAPP_SETLO(0, 1, 0);
    LAPP_SETLO(1, 2, 0);
    lapp_dcpl(x, LAPP_DESC(1, 0, 4, n));
    lapp_dcpl(y, LAPP_DESC(2, 0, 4, n));
    lapp_dcpl(y, LAPP_DESC(0, 0, 4, n));
    for (uint32_t i = 0; i < n; ++i) y[i] = a * x[i] + y[i];
}
