/* sell_rvv: the accelerator's SELL block kernel (programs/sell_spmv/sell_kernel.S, RVV 1.0) against
 * a scalar reference, bit for bit; the very bytes the accelerator runs (sell_kernel_image):
 *   - on the VP, on the vector accelerator (the blocks are copied into its data LM and back);
 *   - on a CPU that has the vector extension itself, called in place as a function: QEMU's rv32 with
 *     v=true at VLEN 128, 256, 512 and 1024 (tests/firmware/run_firmware.py, category "qemu-v").
 *
 * Blocks of every shape that matters: lanes below, at and above VLMAX (one and several strip-mining
 * passes; VLMAX = VLEN/4 at SEW 32, LMUL 8), width 0 (nothing but the init/load and the store), init
 * on and off; values with mixed signs, zeros of both signs and magnitudes down to subnormal products.
 * A canary after acc catches writes beyond `lanes`. The printed hash of all results is the same at
 * every VLEN (the kernel is exact, the order of the per-row sums does not depend on VLEN).
 * Exit: 0 pass, 1 mismatch, 2 neither an accelerator nor the vector extension (misa.V clear). */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <rt/csr.h>
#include <hal/vec.h>
#include <vp/checksum.h>

extern const vec_image_t sell_kernel_image;
typedef int (*sell_block_fn)(float *acc, const float *val, const float *xg, uint32_t lanes, uint32_t width,
                             uint32_t init);

#define MAX_LANES 513u /* the LM holds val, xg and acc (+ canary) of the largest block: 2 * 513 * 5 + 517 floats */
#define MAX_WIDTH 5u

static float val[MAX_LANES * MAX_WIDTH], xg[MAX_LANES * MAX_WIDTH];
static float acc[MAX_LANES + 4], ref[MAX_LANES];

static uint32_t rng = 0x12345678u;
static uint32_t next(void) {
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return rng;
}

/* A float with a random sign and an exponent spread wide enough for subnormal products, or a zero. */
static float value(void) {
    const uint32_t r = next();
    if ((r & 31u) == 0) return (r & 32u) ? -0.0f : 0.0f;
    const uint32_t exp = 127u - 60u + (next() % 121u); /* 2^-60 .. 2^60 */
    const uint32_t bits = (r & 0x80000000u) | (exp << 23) | (next() & 0x7FFFFFu);
    float f;
    memcpy(&f, &bits, 4);
    return f;
}

static uint32_t f2u(float f) {
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

/* The accelerator: the block goes into its data LM, the program runs there, acc comes back. */
static int on_accelerator(float *a, const float *v, const float *x, uint32_t lanes, uint32_t width, uint32_t init) {
    float *lm = (float *)(uintptr_t)sell_kernel_image.data_addr + ((sell_kernel_image.data_size + 63u) & ~63u) / 4;
    float *lm_acc = lm, *lm_val = lm + MAX_LANES + 4, *lm_xg = lm_val + MAX_LANES * MAX_WIDTH;
    memcpy(lm_acc, a, (lanes + 4) * 4); /* with the canary behind acc */
    memcpy(lm_val, v, lanes * width * 4);
    memcpy(lm_xg, x, lanes * width * 4);
    const uint32_t args[6] = {
        (uint32_t)(uintptr_t)lm_acc, (uint32_t)(uintptr_t)lm_val, (uint32_t)(uintptr_t)lm_xg, lanes, width, init};
    vec_start(sell_kernel_image.entry, args, 6);
    if (vec_wait(VEC_POLL) != VEC_STATUS_DONE) return -1;
    memcpy(a, lm_acc, (lanes + 4) * 4); /* the canary too */
    return (int)vec_exit_code();
}

int main(void) {
    sell_block_fn in_place = 0;
    if (vec_init(false)) {
        if (vec_load(&sell_kernel_image) != 0) {
            printf("sell_rvv: the kernel does not fit the accelerator's LMs\n");
            return 1;
        }
    } else if (vp_csr_read(misa) & (1u << ('V' - 'A'))) {
        vp_csr_set(mstatus, 1u << 9); /* mstatus.VS = Initial: vector instructions trap while VS is Off */
        in_place = (sell_block_fn)((uintptr_t)sell_kernel_image.text + VEC_IMAGE_FUNC_OFFSET);
    } else {
        printf("sell_rvv: no vector extension (misa.V = 0)\n");
        return 2;
    }
    static const uint32_t lanes_list[] = {1, 2, 7, 8, 31, 32, 33, 63, 64, 65, 127, 128, 129, 255, 256, 257, 300, 513};
    static const uint32_t width_list[] = {0, 1, 2, 3, 5};
    uint32_t blocks = 0, bad = 0, hash = 0;
    for (unsigned li = 0; li < sizeof lanes_list / sizeof lanes_list[0]; li++) {
        for (unsigned wi = 0; wi < sizeof width_list / sizeof width_list[0]; wi++) {
            for (uint32_t init = 0; init < 2; init++) {
                const uint32_t lanes = lanes_list[li], width = width_list[wi];
                for (uint32_t k = 0; k < lanes * width; k++) {
                    val[k] = value();
                    xg[k] = value();
                }
                for (uint32_t r = 0; r < lanes; r++) acc[r] = ref[r] = value();
                for (uint32_t r = lanes; r < lanes + 4; r++) acc[r] = 1234.5f; /* canary */
                /* Scalar reference: one rounding per multiply and per add (-ffp-contract=off). */
                for (uint32_t r = 0; r < lanes; r++) {
                    float a = init ? 0.0f : ref[r];
                    for (uint32_t j = 0; j < width; j++) a = a + val[j * lanes + r] * xg[j * lanes + r];
                    ref[r] = a;
                }
                const int rc = in_place ? in_place(acc, val, xg, lanes, width, init)
                                        : on_accelerator(acc, val, xg, lanes, width, init);
                if (rc != 0) bad++;
                for (uint32_t r = 0; r < lanes; r++) {
                    hash += vp_checksum_mix(blocks * MAX_LANES + r, f2u(acc[r]));
                    if (f2u(acc[r]) != f2u(ref[r])) {
                        if (bad < 5)
                            printf(
                                "sell_rvv: MISMATCH lanes=%lu width=%lu init=%lu row %lu: 0x%08lx, reference 0x%08lx\n",
                                (unsigned long)lanes, (unsigned long)width, (unsigned long)init, (unsigned long)r,
                                (unsigned long)f2u(acc[r]), (unsigned long)f2u(ref[r]));
                        bad++;
                    }
                }
                for (uint32_t r = lanes; r < lanes + 4; r++)
                    if (acc[r] != 1234.5f) {
                        printf("sell_rvv: write beyond lanes=%lu\n", (unsigned long)lanes);
                        bad++;
                    }
                blocks++;
            }
        }
    }
    printf("sell_rvv: %lu blocks, hash(acc)=0x%08lx, %s\n", (unsigned long)blocks, (unsigned long)hash,
           bad ? "FAIL" : "PASS");
    return bad ? 1 : 0;
}
