/* Image-processing loops (the kind LAPP targets, docs/lapp.md) and the dense X·W of a GCN layer, written once
 * for RV32IMF (firmware/kernels/lapp_kernels.c is compiled without C so that LAPP's first stage can
 * run it) with LAPP's
 * HINTs: DCPL programs the L1 ways for the loop that follows, SETLO binds each load of the loop to
 * its way (program order). On a core without LAPP both are no-ops. */
#ifndef LAPP_KERNELS_H
#define LAPP_KERNELS_H
#include <stdint.h>

/* gray[i] = (77 R + 150 G + 29 B) >> 8 over n 3-byte pixels. */
void k_grayscale(const uint8_t *rgb, uint8_t *gray, uint32_t n);
/* One output row of a 3x3 binomial filter (1 2 1 / 2 4 2 / 1 2 1) / 16 over the rows r0, r1, r2 of
 * width w: out[x] for x = 1 .. w-2. */
void k_filter3x3_row(const uint8_t *r0, const uint8_t *r1, const uint8_t *r2, uint8_t *out, uint32_t w);
/* out = (fg * a + bg * (256 - a)) >> 8 per channel, a = fg's alpha, over n RGBA pixels; out alpha 255. */
void k_alpha_blend(const uint8_t *fg, const uint8_t *bg, uint8_t *out, uint32_t n);
/* y[i] = sum_k h[k] x[i + k], k = 0..4 (a 5-tap FIR, e.g. one pass of a separable filter): five loads
 * of one word stream per iteration, a local-buffer window of 5 words. */
void k_fir5(const float *x, const float *h, float *y, uint32_t n);
/* y[i] = a * x[i] + y[i] */
void k_saxpy(float a, const float *x, float *y, uint32_t n);
/* hist[p[i]]++ over n bytes: data-dependent addresses, rejected by LAPP's mapper. */
void k_histogram(const uint8_t *p, uint32_t *hist, uint32_t n);
/* GCN combination Y = X W (X: n x fin, W: fin x fout, Y: n x fout, row-major), row form: for every
 * (i, k) the inner loop over j adds X[i][k] * W[k][.] to Y[i][.]. */
void k_gcn_xw_rows(const float *x, const float *w, float *y, uint32_t n, uint32_t fin, uint32_t fout);
/* The same product as dot products: the inner loop over k walks a column of W (a fixed-stride
 * stream) and accumulates (a loop-carried FP sum). */
void k_gcn_xw_dot(const float *x, const float *w, float *y, uint32_t n, uint32_t fin, uint32_t fout);

#endif
