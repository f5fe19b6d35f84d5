/* fp_fft.c — FFT2D (forward and inverse) and RFFT2D in fp32 under the §4.3.3 dot-product
 * test: Appendix A data (KS = 2HW for FFT2D, HW for RFFT2D; N*H*W >= MIN_DOT_PRODUCTS) for
 * the sets S = 0..5, an fp64 DFT with the spec's angle reduction (iy*oy mod H, ix*ox mod W)
 * as reference, and the same sums over |input| (global maximum: local_bound false) times
 * |cos|, |sin| as the bound. The real and imaginary outputs together are the T outputs. */
#include "tc_runner.h"

#include "checker/compliance.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

enum { FN = 4, FH = 16, FW = 16, HW = FH * FW };

/* cos / sin of 2 pi m / HW, exact at the multiples of a quarter turn. */
static void twiddles(double *c, double *s)
{
    for (int m = 0; m < HW; m++) {
        c[m] = cos(2 * M_PI * m / HW);
        s[m] = sin(2 * M_PI * m / HW);
        if ((4 * m) % HW == 0) {
            int q = 4 * m / HW;
            c[m] = q == 0 ? 1 : q == 2 ? -1 : 0;
            s[m] = q == 1 ? 1 : q == 3 ? -1 : 0;
        }
    }
}

/* The DFT of (re, im) (im NULL: real input) at [n, oy, ox]; bound: |re|, |im| replaced by
 * in_max and |cos|, |sin| taken. RFFT2D skips the imaginary terms the spec skips. */
static void dft(const double *re, const double *im, int n, int oy, int ox, bool inverse, bool rfft, double in_max,
                const double *c, const double *s, double *out_re, double *out_im)
{
    double sr = 0, si = 0;
    for (int iy = 0; iy < FH; iy++)
        for (int ix = 0; ix < FW; ix++) {
            int ay = (iy * oy) % FH, ax = (ix * ox) % FW;
            int m = (ay * FW + ax * FH) % HW; /* a = 2 pi (ay / H + ax / W) */
            if (inverse)
                m = (HW - m) % HW;
            size_t i = ((size_t)n * FH + (size_t)iy) * FW + (size_t)ix;
            double vr = re[i], vi = im ? im[i] : 0, cm = c[m], sm = s[m];
            if (in_max >= 0) {
                vr = in_max, vi = im ? in_max : 0, cm = fabs(cm), sm = fabs(sm);
                sr += vr * cm + vi * sm;
                si += vr * sm + vi * cm;
                continue;
            }
            sr += vr * cm + vi * sm;
            si += -vr * sm + vi * cm;
        }
    *out_re = sr;
    *out_im = si;
    (void)rfft;
}

static void run_set(bool rfft, bool inverse, int S, const double *c, const double *s)
{
    tc_row row = {rfft ? NNX_TOSA_RFFT2D : NNX_TOSA_FFT2D, {NNX_FLOAT32}, 0};
    char set[32];
    snprintf(set, sizeof set, "S=%d%s", S, inverse ? " inverse" : "");
    int64_t KS = rfft ? HW : 2 * HW;
    double B = nnx_tc_data_bound(NNX_FLOAT32, NNX_DTYPE_UNDEFINED, NNX_FLOAT32);
    uint32_t shape[3] = {FN, FH, FW};
    tc_tensor re = tc_tensor_make(NNX_FLOAT32, 3, shape), im = tc_tensor_make(NNX_FLOAT32, 3, shape);
    size_t n_in = (size_t)FN * HW;
    double *vre = malloc(n_in * sizeof *vre), *vim = malloc(n_in * sizeof *vim);
    if (!vre || !vim)
        abort();
    double in_max = 0;
    for (int n = 0; n < FN; n++)
        for (int y = 0; y < FH; y++)
            for (int x = 0; x < FW; x++) {
                size_t i = ((size_t)n * FH + (size_t)y) * FW + (size_t)x;
                int64_t k = y * FW + x, ii = (int64_t)i, ij = ((int64_t)(FN + n) * FH + y) * FW + x;
                vre[i] = nnx_tc_round_to(NNX_FLOAT32, nnx_tc_pro_fp_data(S, KS, 0, k, ii, B));
                vim[i] = nnx_tc_round_to(NNX_FLOAT32, nnx_tc_pro_fp_data(S, KS, 0, k, ij, B));
                tc_set_f(&re, i, vre[i]);
                tc_set_f(&im, i, vim[i]);
                in_max = fmax(in_max, fmax(fabs(vre[i]), rfft ? 0 : fabs(vim[i])));
            }
    nnx_tosa_attrs attrs = {.inverse = inverse};
    const tc_tensor *in[2] = {&re, &im};
    tc_tensor out[2];
    if (tc_tosa_checked(&row, set, row.op, &attrs, in, rfft ? 1 : 2, rfft ? 1 : 2, out, 2)) {
        int OW = rfft ? FW / 2 + 1 : FW;
        size_t n_out = (size_t)FN * FH * (size_t)OW;
        double *imp = malloc(2 * n_out * sizeof *imp), *ref = malloc(2 * n_out * sizeof *ref),
               *bnd = malloc(2 * n_out * sizeof *bnd);
        if (!imp || !ref || !bnd)
            abort();
        if (tc_count(&out[0]) != n_out || tc_count(&out[1]) != n_out) {
            tc_result(&row, set, false, "outputs of %zu and %zu elements, expected %zu", tc_count(&out[0]),
                      tc_count(&out[1]), n_out);
        } else {
            for (int n = 0; n < FN; n++)
                for (int oy = 0; oy < FH; oy++)
                    for (int ox = 0; ox < OW; ox++) {
                        size_t o = ((size_t)n * FH + (size_t)oy) * (size_t)OW + (size_t)ox;
                        dft(vre, rfft ? NULL : vim, n, oy, ox, inverse, rfft, -1, c, s, &ref[o], &ref[n_out + o]);
                        dft(vre, rfft ? NULL : vim, n, oy, ox, inverse, rfft, in_max, c, s, &bnd[o], &bnd[n_out + o]);
                        imp[o] = tc_get_f(&out[0], o);
                        imp[n_out + o] = tc_get_f(&out[1], o);
                    }
            nnx_tc_dot_result r = nnx_tc_check_dotproduct(S, KS, NNX_FLOAT32, NNX_FLOAT32, false, imp, ref, bnd,
                                                          2 * n_out);
            tc_result(&row, set, r.verdict == NNX_TC_DOT_PASS,
                      "%s at output %zu (%.9g, reference %.9g); ksb %g, sum %.4g, sum of squares %.4g",
                      nnx_tc_dot_verdict_name(r.verdict), r.index, imp[r.index], ref[r.index], r.ksb, r.err_sum,
                      r.err_sumsq);
        }
        free(imp);
        free(ref);
        free(bnd);
        tc_tensor_free(&out[0]);
        tc_tensor_free(&out[1]);
    }
    free(vre);
    free(vim);
    tc_tensor_free(&re);
    tc_tensor_free(&im);
}

void tc_suite_fft(void)
{
    double c[HW], s[HW];
    twiddles(c, s);
    for (int S = 0; S < NNX_TC_TEST_SETS; S++) {
        run_set(false, false, S, c, s);
        run_set(false, true, S, c, s);
        run_set(true, false, S, c, s);
    }
}
