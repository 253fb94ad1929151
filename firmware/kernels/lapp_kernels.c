/* Compiled with -march=rv32imf (no C: LAPP's first stage is RV32IMF) and without loop-pattern
 * replacement (no memset/memcpy calls). Each mapped loop is preceded by its SETLOs and DCPLs; the
 * load index in a SETLO is the program order of the loads in the compiled loop (see the program's .dis;
 * the order below is gcc 12's at -O2), so a SETLO names the way the load's stream is in. A compiler that
 * orders the loads differently makes LAPP's mapper reject the loop (SETLO mismatch): it then runs in
 * normal mode, still correct; tests/lapp checks that every kernel meant for the array is mapped. */
#include <kernels/lapp_kernels.h>
#include <vp/isa/lapp.h>

void k_grayscale(const uint8_t *rgb, uint8_t *gray, uint32_t n) {
    LAPP_SETLO(0, 1, 0);
    LAPP_SETLO(1, 1, 0);
    LAPP_SETLO(2, 1, 0);
    lapp_dcpl(rgb, LAPP_DESC(1, 0, 3, n)); /* element k: the 4 bytes at rgb + 3k (one pixel + 1 byte) */
    lapp_dcpl(gray, LAPP_DESC(0, 0, 1, n));
    for (uint32_t i = 0; i < n; ++i) {
        const uint8_t *p = rgb + 3 * i;
        gray[i] = (uint8_t)((77u * p[0] + 150u * p[1] + 29u * p[2]) >> 8);
    }
}

void k_filter3x3_row(const uint8_t *r0, const uint8_t *r1, const uint8_t *r2, uint8_t *out, uint32_t w) {
    if (w < 3) return;
    /* loads in program order: r1[x-1] r0[x] r1[x+1] r2[x] r1[x] r0[x-1] r0[x+1] r2[x-1] r2[x+1] */
    LAPP_SETLO(0, 2, 0);
    LAPP_SETLO(1, 1, 0);
    LAPP_SETLO(2, 2, 0);
    LAPP_SETLO(3, 3, 0);
    LAPP_SETLO(4, 2, 0);
    LAPP_SETLO(5, 1, 0);
    LAPP_SETLO(6, 1, 0);
    LAPP_SETLO(7, 3, 0);
    LAPP_SETLO(8, 3, 0);
    /* stride 1: element k is the 4 bytes at row + k, which hold the 3 pixels around x = k + 1 */
    lapp_dcpl(r0, LAPP_DESC(1, 0, 1, w));
    lapp_dcpl(r1, LAPP_DESC(2, 0, 1, w));
    lapp_dcpl(r2, LAPP_DESC(3, 0, 1, w));
    lapp_dcpl(out + 1, LAPP_DESC(0, 0, 1, w));
    for (uint32_t x = 1; x + 1 < w; ++x) {
        const uint32_t s = r0[x - 1] + 2u * r0[x] + r0[x + 1] + 2u * (r1[x - 1] + 2u * r1[x] + r1[x + 1]) + r2[x - 1] +
                           2u * r2[x] + r2[x + 1];
        out[x] = (uint8_t)(s >> 4);
    }
}

void k_alpha_blend(const uint8_t *fg, const uint8_t *bg, uint8_t *out, uint32_t n) {
    /* loads in program order: fg.a fg.r bg.r fg.g bg.g fg.b bg.b */
    LAPP_SETLO(0, 1, 0);
    LAPP_SETLO(1, 1, 0);
    LAPP_SETLO(2, 2, 0);
    LAPP_SETLO(3, 1, 0);
    LAPP_SETLO(4, 2, 0);
    LAPP_SETLO(5, 1, 0);
    LAPP_SETLO(6, 2, 0);
    lapp_dcpl(fg, LAPP_DESC(1, 0, 4, n));
    lapp_dcpl(bg, LAPP_DESC(2, 0, 4, n));
    lapp_dcpl(out, LAPP_DESC(0, 0, 4, n));
    for (uint32_t i = 0; i < n; ++i) {
        const uint8_t *f = fg + 4 * i, *b = bg + 4 * i;
        uint8_t *o = out + 4 * i;
        const uint32_t a = f[3], na = 256u - a;
        o[0] = (uint8_t)((f[0] * a + b[0] * na) >> 8);
        o[1] = (uint8_t)((f[1] * a + b[1] * na) >> 8);
        o[2] = (uint8_t)((f[2] * a + b[2] * na) >> 8);
        o[3] = 255;
    }
}

void k_fir5(const float *x, const float *h, float *y, uint32_t n) {
    const float h0 = h[0], h1 = h[1], h2 = h[2], h3 = h[3], h4 = h[4];
    LAPP_SETLO(0, 1, 0);
    LAPP_SETLO(1, 1, 0);
    LAPP_SETLO(2, 1, 0);
    LAPP_SETLO(3, 1, 0);
    LAPP_SETLO(4, 1, 0);
    lapp_dcpl(x, LAPP_DESC(1, 0, 4, n + 4));
    lapp_dcpl(y, LAPP_DESC(0, 0, 4, n));
    /* the sum as a tree: a shorter dependence chain through the FPUs' latency */
    for (uint32_t i = 0; i < n; ++i)
        y[i] = ((h0 * x[i] + h1 * x[i + 1]) + (h2 * x[i + 2] + h3 * x[i + 3])) + h4 * x[i + 4];
}

void k_saxpy(float a, const float *x, float *y, uint32_t n) {
    LAPP_SETLO(0, 1, 0);
    LAPP_SETLO(1, 2, 0);
    lapp_dcpl(x, LAPP_DESC(1, 0, 4, n));
    lapp_dcpl(y, LAPP_DESC(2, 0, 4, n));
    lapp_dcpl(y, LAPP_DESC(0, 0, 4, n));
    for (uint32_t i = 0; i < n; ++i) y[i] = a * x[i] + y[i];
}

void k_histogram(const uint8_t *p, uint32_t *hist, uint32_t n) {
    LAPP_SETLO(0, 1, 0);
    lapp_dcpl(p, LAPP_DESC(1, 0, 1, n));
    lapp_dcpl(hist, LAPP_DESC(0, 0, 4, 256));
    for (uint32_t i = 0; i < n; ++i) hist[p[i]]++;
}

void k_gcn_xw_rows(const float *x, const float *w, float *y, uint32_t n, uint32_t fin, uint32_t fout) {
    for (uint32_t i = 0; i < n; ++i) {
        float *yi = y + i * fout;
        for (uint32_t j = 0; j < fout; ++j) yi[j] = 0.0f;
        for (uint32_t k = 0; k < fin; ++k) {
            const float xik = x[i * fin + k];
            const float *wk = w + k * fout;
            LAPP_SETLO(0, 1, 0);
            LAPP_SETLO(1, 2, 0);
            lapp_dcpl(wk, LAPP_DESC(1, 0, 4, fout));
            lapp_dcpl(yi, LAPP_DESC(2, 0, 4, fout));
            lapp_dcpl(yi, LAPP_DESC(0, 0, 4, fout));
            for (uint32_t j = 0; j < fout; ++j) yi[j] = yi[j] + xik * wk[j];
        }
    }
}

void k_gcn_xw_dot(const float *x, const float *w, float *y, uint32_t n, uint32_t fin, uint32_t fout) {
    for (uint32_t i = 0; i < n; ++i) {
        const float *xi = x + i * fin;
        for (uint32_t j = 0; j < fout; ++j) {
            LAPP_SETLO(0, 1, 0);
            LAPP_SETLO(1, 2, 0);
            lapp_dcpl(xi, LAPP_DESC(1, 0, 4, fin));
            lapp_dcpl(w + j, LAPP_DESC(2, 0, 4 * fout, fin)); /* a column of W: fixed-stride prefetch */
            float s = 0.0f;
            for (uint32_t k = 0; k < fin; ++k) s += xi[k] * w[k * fout + j];
            y[i * fout + j] = s;
        }
    }
}
