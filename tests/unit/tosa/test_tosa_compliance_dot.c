/* test_tosa_compliance_dot.c — the TOSA dot-product statistical test and the element-wise
 * checks (tests/tosa_compliance/checker/compliance_check.c, compliance_ref*.c): a correctly
 * rounded and a plain fp32-accumulating MATMUL pass every set; an injected bias, a too-large
 * spread, one large element error, a missing NaN and a non-zero all-zero product each fail
 * with their verdict. Element-wise: bounds accept the correct value and reject one just
 * outside. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <float.h>
#include <math.h>
#include <stdlib.h>

#include "checker/compliance.h"

typedef struct dot_case {
    nnx_tc_dot_shape s;
    nnx_tc_dot_attrs a;
    nnx_tc_dot_data d;
    size_t n;
    double *ref, *bnd, *imp;
} dot_case;

/* MATMUL [1, 40, 32] x [1, 32, 25]: 1000 outputs (MIN_DOT_PRODUCTS), KS = 32. */
static void dot_make(dot_case *c, int S, nnx_dtype t)
{
    c->s = (nnx_tc_dot_shape){.N = 1, .IH = 40, .IW = 25, .C = 32};
    c->a = (nnx_tc_dot_attrs){{1, 1, 1}, {1, 1, 1}, {0}, {1, 1}};
    assert_true(nnx_tc_dot_data_make(&c->d, NNX_TC_DOT_MATMUL, &c->s, S, t, t, t));
    int64_t od, oh, ow;
    c->n = nnx_tc_dot_outputs(NNX_TC_DOT_MATMUL, &c->s, &c->a, &od, &oh, &ow);
    assert_int_equal(c->n, 1000);
    c->ref = calloc(c->n, sizeof(double));
    c->bnd = calloc(c->n, sizeof(double));
    c->imp = calloc(c->n, sizeof(double));
    assert_true(c->ref && c->bnd && c->imp);
    nnx_tc_ref_dot(NNX_TC_DOT_MATMUL, &c->s, &c->a, &c->d, false, true, c->ref);
    nnx_tc_ref_dot(NNX_TC_DOT_MATMUL, &c->s, &c->a, &c->d, true, true, c->bnd);
}

static void dot_free(dot_case *c)
{
    nnx_tc_dot_data_free(&c->d);
    free(c->ref);
    free(c->bnd);
    free(c->imp);
}

static nnx_tc_dot_result dot_check(const dot_case *c, int S, nnx_dtype t)
{
    return nnx_tc_check_dotproduct(S, c->d.KS, t, t, false, c->imp, c->ref, c->bnd, c->n);
}

/* The error unit of output i (§4.3.3): max(bnd * 2^(-1-frac), normal_min). */
static double unit(const dot_case *c, size_t i, nnx_dtype t)
{
    return fmax(c->bnd[i] * ldexp(1.0, -1 - nnx_tc_normal_frac(t)), nnx_tc_normal_min(t));
}

static void correct_results_pass_every_set(void **state)
{
    (void)state;
    const nnx_dtype types[] = {NNX_FLOAT32, NNX_FLOAT16};
    for (int ti = 0; ti < 2; ti++)
        for (int S = 0; S < 6; S++) {
            dot_case c;
            nnx_dtype t = types[ti];
            dot_make(&c, S, t);
            for (size_t i = 0; i < c.n; i++) /* correctly rounded */
                c.imp[i] = nnx_tc_round_to(t, c.ref[i]);
            nnx_tc_dot_result r = dot_check(&c, S, t);
            if (r.verdict != NNX_TC_DOT_PASS)
                fail_msg("type %d set %d rounded: %s", (int)t, S, nnx_tc_dot_verdict_name(r.verdict));
            /* a plain loop accumulating in the output type, rounding after every step */
            for (int64_t y = 0; y < 40; y++)
                for (int64_t x = 0; x < 25; x++) {
                    double acc = 0;
                    for (int64_t k = 0; k < 32; k++)
                        acc = nnx_tc_round_to(t,
                                              acc + nnx_tc_round_to(t, c.d.input[y * 32 + k] * c.d.weight[k * 25 + x]));
                    c.imp[y * 25 + x] = acc;
                }
            r = dot_check(&c, S, t);
            if (r.verdict != NNX_TC_DOT_PASS)
                fail_msg("type %d set %d accumulated: %s (sum %g sumsq %g)", (int)t, S,
                         nnx_tc_dot_verdict_name(r.verdict), r.err_sum, r.err_sumsq);
            dot_free(&c);
        }
}

/* Errors of one error unit, all the same sign: inside the per-element and variance limits
 * (1 <= ksb, T <= 0.4 ksb T) but a bias |sum| = T > 2 sqrt(ksb T). Sets 3..5 check bias. */
static void injected_bias_fails_sets_3_to_5(void **state)
{
    (void)state;
    for (int S = 1; S < 6; S++) {
        dot_case c;
        dot_make(&c, S, NNX_FLOAT32);
        for (size_t i = 0; i < c.n; i++)
            c.imp[i] = c.ref[i] + unit(&c, i, NNX_FLOAT32);
        nnx_tc_dot_result r = dot_check(&c, S, NNX_FLOAT32);
        assert_int_equal(r.verdict, S >= 3 ? NNX_TC_DOT_BIAS : NNX_TC_DOT_PASS);
        assert_true(fabs(r.err_sum - (double)c.n) < 1e-6 * (double)c.n);
        dot_free(&c);
    }
}

/* Alternating errors of +-4 units: no bias, each within ksb = 32, but sum E^2 = 16 T >
 * 0.4 * 32 T. Errors of +-3 units (9 T <= 12.8 T) pass. */
static void too_large_spread_fails_variance(void **state)
{
    (void)state;
    dot_case c;
    dot_make(&c, 5, NNX_FLOAT32);
    for (size_t i = 0; i < c.n; i++)
        c.imp[i] = c.ref[i] + (i % 2 ? 4 : -4) * unit(&c, i, NNX_FLOAT32);
    nnx_tc_dot_result r = dot_check(&c, 5, NNX_FLOAT32);
    assert_int_equal(r.verdict, NNX_TC_DOT_VARIANCE);
    assert_true(r.ksb == 32.0);
    for (size_t i = 0; i < c.n; i++)
        c.imp[i] = c.ref[i] + (i % 2 ? 3 : -3) * unit(&c, i, NNX_FLOAT32);
    assert_int_equal(dot_check(&c, 5, NNX_FLOAT32).verdict, NNX_TC_DOT_PASS);
    dot_free(&c);
}

static void single_element_errors_fail(void **state)
{
    (void)state;
    dot_case c;
    dot_make(&c, 5, NNX_FLOAT32);
    for (size_t i = 0; i < c.n; i++)
        c.imp[i] = c.ref[i];
    c.imp[17] = c.ref[17] + 33 * unit(&c, 17, NNX_FLOAT32); /* ksb = 32 */
    nnx_tc_dot_result r = dot_check(&c, 5, NNX_FLOAT32);
    assert_int_equal(r.verdict, NNX_TC_DOT_ELEMENT_ERROR);
    assert_int_equal(r.index, 17);
    c.imp[17] = NAN; /* a NaN result under a finite bound (decision TOSA-C5) */
    assert_int_equal(dot_check(&c, 5, NNX_FLOAT32).verdict, NNX_TC_DOT_ELEMENT_ERROR);
    c.imp[17] = c.ref[17];
    c.ref[3] = NAN; /* the reference is NaN, the result must be too */
    assert_int_equal(dot_check(&c, 5, NNX_FLOAT32).verdict, NNX_TC_DOT_NAN_MISMATCH);
    c.imp[3] = NAN;
    assert_int_equal(dot_check(&c, 5, NNX_FLOAT32).verdict, NNX_TC_DOT_PASS);
    c.bnd[5] = 0.0; /* all products zero: the result must be zero */
    c.ref[5] = 0.0;
    c.imp[5] = 0x1p-149;
    assert_int_equal(dot_check(&c, 5, NNX_FLOAT32).verdict, NNX_TC_DOT_ZERO_MISMATCH);
    c.imp[5] = 0.0;
    c.bnd[6] = INFINITY; /* an overflowing bound sets no requirement */
    c.imp[6] = -1e30;
    assert_int_equal(dot_check(&c, 5, NNX_FLOAT32).verdict, NNX_TC_DOT_PASS);
    dot_free(&c);
}

static void ksb_values(void **state)
{
    (void)state;
    assert_true(nnx_tc_ksb(100, NNX_FLOAT32, NNX_FLOAT32, false) == 100.0);
    assert_true(nnx_tc_ksb(100, NNX_FLOAT32, NNX_FLOAT32, true) == 101.0);
    assert_true(nnx_tc_ksb(512, NNX_FLOAT32, NNX_BFLOAT16, false) == 2.0); /* 2^8 */
    assert_true(nnx_tc_ksb(1000, NNX_FLOAT32, NNX_FLOAT16, false) == ceil(1000 / pow(2, 6.5)));
}

static void elementwise_checks(void **state)
{
    (void)state;
    const nnx_dtype F = NNX_FLOAT32, H = NNX_FLOAT16;
    double e = (float)exp(1.0);
    assert_true(nnx_tc_check_ew(NNX_TC_EW_EXP, F, 1.0, 0, e));
    assert_false(nnx_tc_check_ew(NNX_TC_EW_EXP, F, 1.0, 0, e * (1 + 1e-5)));
    /* 0.5 ULP: the correctly rounded sum only */
    assert_true(nnx_tc_check_ew(NNX_TC_EW_ADD, F, (float)0.1, (float)0.2, (float)((float)0.1 + (double)(float)0.2)));
    assert_false(nnx_tc_check_ew(NNX_TC_EW_ADD, F, 0.1f, 0.2f, nextafterf((float)(0.1f + (double)0.2f), 1.0f)));
    /* LOG within 5 ULP, not 6 */
    double l = log(3.0), u = nnx_tc_ulp(H, l);
    assert_true(nnx_tc_check_ew(NNX_TC_EW_LOG, H, 3.0, 0, l + 5 * u));
    assert_false(nnx_tc_check_ew(NNX_TC_EW_LOG, H, 3.0, 0, l + 6 * u));
    /* special-value tables are exact, zero signs included */
    assert_true(nnx_tc_check_ew(NNX_TC_EW_SIN, F, -0.0, 0, -0.0));
    assert_false(nnx_tc_check_ew(NNX_TC_EW_SIN, F, -0.0, 0, 0.0));
    assert_true(nnx_tc_check_ew(NNX_TC_EW_RSQRT, F, -0.0, 0, -INFINITY));
    assert_false(nnx_tc_check_ew(NNX_TC_EW_RSQRT, F, -0.0, 0, INFINITY));
    assert_true(nnx_tc_check_ew(NNX_TC_EW_SIGMOID, H, -INFINITY, 0, 0.0));
    assert_true(nnx_tc_check_ew(NNX_TC_EW_COS, H, INFINITY, 0, NAN));
    assert_false(nnx_tc_check_ew(NNX_TC_EW_COS, H, INFINITY, 0, 1.0));
    assert_true(nnx_tc_check_ew(NNX_TC_EW_LOG, F, -1.0, 0, NAN));
    /* MAXIMUM: exact, either zero sign, NaN propagates */
    assert_true(nnx_tc_check_ew(NNX_TC_EW_MAXIMUM, F, -0.0, 0.0, -0.0));
    assert_false(nnx_tc_check_ew(NNX_TC_EW_MAXIMUM, F, 1.0, NAN, 1.0));
    /* POW outside its domain has no requirement; inside, the bound holds */
    assert_true(nnx_tc_check_ew(NNX_TC_EW_POW, F, -2.0, 0.5, 42.0));
    assert_true(nnx_tc_check_ew(NNX_TC_EW_POW, F, 2.0, 0.5, (float)sqrt(2.0)));
    assert_false(nnx_tc_check_ew(NNX_TC_EW_POW, F, 2.0, 0.5, 1.4143));
    /* a subnormal input may be flushed to a sign-preserved zero: 1/+0 = +inf */
    assert_true(nnx_tc_check_ew(NNX_TC_EW_RECIPROCAL, F, 0x1p-140, 0, INFINITY));
    assert_false(nnx_tc_check_ew(NNX_TC_EW_RECIPROCAL, F, 0x1p-140, 0, FLT_MAX)); /* 2^140 overflows */
    assert_false(nnx_tc_check_ew(NNX_TC_EW_RECIPROCAL, F, 0x1p-140, 0, -INFINITY));
    /* TANH's lower bound 0.5 / (4 (1 + |x|)) widens the bound near zero */
    double x = 1e-6, b = nnx_tc_abs_error_bound(F, tanh(x), 4 * (1 + x), 0.5, 1);
    assert_true(fabs(b - ldexp(0.5, -23)) < 1e-6 * b);
    assert_true(nnx_tc_check_ew(NNX_TC_EW_TANH, F, x, 0, tanh(x) + 0.9 * b));
    assert_false(nnx_tc_check_ew(NNX_TC_EW_TANH, F, x, 0, tanh(x) + 1.1 * b));
}

static void product_and_resize_bounds(void **state)
{
    (void)state;
    /* REDUCE_PRODUCT: n roundings of at most half an ULP each */
    double b = nnx_tc_reduce_product_bound(NNX_FLOAT32, 2.0, 10);
    assert_true(fabs(b - 2.0 * (pow(1 + 0x1p-24, 10) - 1)) < 1e-20);
    assert_true(nnx_tc_reduce_product_bound(NNX_FLOAT16, 0.0, 1) == 0x1p-14 * 0x1p-11);
    /* RESIZE: the relative term 0.006 dominates for fp16 magnitudes of 1 */
    assert_true(nnx_tc_resize_bound(NNX_FLOAT16, 1.0) == 20.0 * 0x1p-10);
    assert_true(nnx_tc_resize_bound(NNX_FLOAT32, 1.0) == 0.006);
    /* fp64 RESIZE: the spec's half-pixel 2x upscale example (scale 4/2, offset -1, border 1) */
    const double in[4] = {0, 1, 2, 3};
    const int64_t scale[4] = {4, 2, 4, 2}, offset[2] = {-1, -1};
    double out[16];
    nnx_tc_ref_resize(in, 1, 2, 2, 1, scale, offset, 4, 4, true, out);
    assert_true(out[0] == 0.0 && out[1] == 0.25 && out[2] == 0.75 && out[3] == 1.0);
    assert_true(fabs(out[5] - 0.75) < 1e-15); /* dy = dx = 0.25 between 0, 1, 2, 3 */
    nnx_tc_ref_resize(in, 1, 2, 2, 1, scale, offset, 4, 4, false, out);
    assert_true(out[0] == 0.0 && out[1] == 0.0 && out[2] == 1.0 && out[15] == 3.0);
}

/* The fp64 references on hand-computed cases: they are the oracle of the runner. */
static void references_by_hand(void **state)
{
    (void)state;
    const nnx_tc_dot_attrs one = {{1, 1, 1}, {1, 1, 1}, {0}, {1, 1}};
    int64_t od, oh, ow;
    /* CONV2D 3x3 input 1..9, 2x2 ones, bias 0.5 */
    double x[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9}, w[4] = {1, 1, 1, 1}, b[1] = {0.5}, out[16];
    nnx_tc_dot_data d = {4, 9, 4, 1, x, w, b};
    nnx_tc_dot_shape s = {
        .N = 1, .ID = 1, .IH = 3, .IW = 3, .IC = 1, .OC = 1, .KD = 1, .KH = 2, .KW = 2, .M = 1, .bias = true};
    assert_int_equal(nnx_tc_dot_outputs(NNX_TC_DOT_CONV2D, &s, &one, &od, &oh, &ow), 4);
    nnx_tc_ref_dot(NNX_TC_DOT_CONV2D, &s, &one, &d, false, false, out);
    assert_true(out[0] == 12.5 && out[1] == 16.5 && out[2] == 24.5 && out[3] == 28.5);
    /* the bound without local_bound: |input| replaced by its maximum 9: 4 * 9 + 0.5 */
    nnx_tc_ref_dot(NNX_TC_DOT_CONV2D, &s, &one, &d, true, false, out);
    assert_true(out[0] == 36.5 && out[3] == 36.5);
    nnx_tc_ref_dot(NNX_TC_DOT_CONV2D, &s, &one, &d, true, true, out);
    assert_true(out[0] == 12.5);
    /* TRANSPOSE_CONV2D stride 2, 2x2 kernel: out[oy, ox] = x[oy/2, ox/2] * w[oy%2, ox%2] */
    double x2[4] = {1, 2, 3, 4}, w2[4] = {1, 2, 3, 4}, b2[1] = {0};
    nnx_tc_dot_data d2 = {4, 4, 4, 1, x2, w2, b2};
    nnx_tc_dot_shape s2 = {
        .N = 1, .ID = 1, .IH = 2, .IW = 2, .IC = 1, .OC = 1, .KD = 1, .KH = 2, .KW = 2, .M = 1, .bias = true};
    nnx_tc_dot_attrs a2 = {{1, 2, 2}, {1, 1, 1}, {0}, {1, 1}};
    assert_int_equal(nnx_tc_dot_outputs(NNX_TC_DOT_TRANSPOSE_CONV2D, &s2, &a2, &od, &oh, &ow), 16);
    nnx_tc_ref_dot(NNX_TC_DOT_TRANSPOSE_CONV2D, &s2, &a2, &d2, false, false, out);
    for (int oy = 0; oy < 4; oy++)
        for (int ox = 0; ox < 4; ox++)
            assert_true(out[oy * 4 + ox] == x2[(oy / 2) * 2 + ox / 2] * w2[(oy % 2) * 2 + ox % 2]);
    /* DEPTHWISE_CONV2D 1x1 kernel, C = 2, M = 2: out[c*M + m] = x[c] * w[c, m] + bias */
    double x3[2] = {3, 5}, w3[4] = {1, 2, 3, 4}, b3[4] = {0.25, 0.5, 0.75, 1};
    nnx_tc_dot_data d3 = {1, 2, 4, 4, x3, w3, b3};
    nnx_tc_dot_shape s3 = {
        .N = 1, .ID = 1, .IH = 1, .IW = 1, .IC = 2, .OC = 1, .KD = 1, .KH = 1, .KW = 1, .M = 2, .bias = true};
    nnx_tc_ref_dot(NNX_TC_DOT_DEPTHWISE_CONV2D, &s3, &one, &d3, false, false, out);
    assert_true(out[0] == 3.25 && out[1] == 6.5 && out[2] == 15.75 && out[3] == 21);
    /* AVG_POOL2D 2x2 kernel over [[1, 2], [3, 4]] padded by 1: padding does not count */
    nnx_tc_dot_data d4 = {4, 4, 0, 0, x2, w2, b2};
    nnx_tc_dot_shape s4 = {.N = 1, .ID = 1, .IH = 2, .IW = 2, .IC = 1, .OC = 1, .KD = 1, .KH = 2, .KW = 2, .M = 1};
    nnx_tc_dot_attrs a4 = {{1, 1, 1}, {1, 1, 1}, {0, 0, 1, 1, 1, 1}, {2, 2}};
    assert_int_equal(nnx_tc_dot_outputs(NNX_TC_DOT_AVG_POOL2D, &s4, &a4, &od, &oh, &ow), 9);
    nnx_tc_ref_dot(NNX_TC_DOT_AVG_POOL2D, &s4, &a4, &d4, false, true, out);
    assert_true(out[0] == 1 && out[1] == 1.5 && out[4] == 2.5 && out[8] == 4);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(references_by_hand),
        cmocka_unit_test(correct_results_pass_every_set),
        cmocka_unit_test(injected_bias_fails_sets_3_to_5),
        cmocka_unit_test(too_large_spread_fails_variance),
        cmocka_unit_test(single_element_errors_fail),
        cmocka_unit_test(ksb_values),
        cmocka_unit_test(elementwise_checks),
        cmocka_unit_test(product_and_resize_bounds),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
