/* test_tosa_compliance.c — the TOSA compliance checker's data generator and scalar checks
 * (tests/tosa_compliance/checker/compliance_data.c, compliance_check.c): set_data against
 * values computed with the spec's code, the jump-ahead against literal stepping, the B table,
 * the documented properties of each test set S = 0..5, ULP sizes and the ULP / bound / exact
 * checks on hand-picked values, each shown to reject a wrong value. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <float.h>
#include <math.h>

#include "checker/compliance.h"

/* TOSA 1.0 §5.1: set_data(set, 0..4) for sets 0..5, computed with the spec's code. */
static const double SET_VALUES[6][5] = {
    {0.877757847, 0.730239868, -0.00836875848, 0.81099385, 0.33208093},
    {-0.899820566, -0.950864017, 0.7068308, -0.729999721, 0.402018219},
    {0.921883345, 0.289186388, 0.736463428, -0.786012232, -0.948964298},
    {-0.943946064, -0.745207071, -0.509241998, -0.932249367, 0.118477091},
    {0.966008782, 0.318925947, -0.437141895, 0.378078431, -0.724785089},
    {-0.988071501, 0.0103431083, 0.932138503, 0.589015901, -0.0919740871},
};

static void set_data_reference_values(void **state)
{
    (void)state;
    for (uint32_t s = 0; s < 6; s++)
        for (uint32_t i = 0; i < 5; i++) {
            /* 9 significant digits identify a float uniquely */
            assert_true(nnx_tc_set_data(s, i) == (float)SET_VALUES[s][i]);
            assert_true(nnx_tc_set_data_stepped(s, i) == (float)SET_VALUES[s][i]);
        }
    assert_true(nnx_tc_set_data(0, 999) == 0.816195548f);
    assert_false(nnx_tc_set_data(0, 998) == 0.816195548f);
}

static void set_data_jump_ahead_equals_stepping(void **state)
{
    (void)state;
    for (uint32_t s = 0; s < 18; s++)
        for (uint32_t i = 0; i < 3000; i++) {
            float v = nnx_tc_set_data(s, i);
            assert_true(v == nnx_tc_set_data_stepped(s, i));
            assert_true(v >= -1.0f && v <= 1.0f);
        }
    static const uint32_t far[] = {65535, 65536, 1000003, 4000000};
    for (size_t k = 0; k < sizeof far / sizeof far[0]; k++)
        assert_true(nnx_tc_set_data(7, far[k]) == nnx_tc_set_data_stepped(7, far[k]));
}

static void data_bound_table(void **state)
{
    (void)state;
    const nnx_dtype U = NNX_DTYPE_UNDEFINED;
    assert_true(nnx_tc_data_bound(NNX_FP8E4M3, U, NNX_FLOAT16) == 240.0);
    assert_true(nnx_tc_data_bound(NNX_FP8E4M3, U, NNX_FLOAT32) == 448.0);
    assert_true(nnx_tc_data_bound(NNX_FP8E5M2, U, NNX_FLOAT16) == 224.0);
    assert_true(nnx_tc_data_bound(NNX_FP8E5M2, U, NNX_FLOAT32) == 57344.0);
    assert_true(nnx_tc_data_bound(NNX_FP8E4M3, NNX_FP8E5M2, NNX_FLOAT16) == 224.0);
    assert_true(nnx_tc_data_bound(NNX_FP8E5M2, NNX_FP8E4M3, NNX_FLOAT32) == 448.0);
    assert_true(nnx_tc_data_bound(NNX_FP8E4M3, U, NNX_FP8E4M3) == 20.0);
    assert_true(nnx_tc_data_bound(NNX_FP8E5M2, U, NNX_FP8E5M2) == 224.0);
    assert_true(nnx_tc_data_bound(NNX_FLOAT16, U, NNX_FLOAT16) == 255.875);
    assert_true(nnx_tc_data_bound(NNX_FLOAT16, U, NNX_FLOAT32) == 65504.0);
    assert_true(nnx_tc_data_bound(NNX_BFLOAT16, U, NNX_BFLOAT16) == ldexp(1, 64) - ldexp(1, 56));
    assert_true(nnx_tc_data_bound(NNX_FLOAT32, U, NNX_FLOAT32) == ldexp(1, 64) - ldexp(1, 40));
    assert_true(nnx_tc_data_bound(NNX_FLOAT32, U, NNX_FLOAT16) == 0.0); /* not in the table */
    /* the defining property: B*B fits the output type */
    assert_true(255.875 * 255.875 <= 65504.0 && 256.0 * 256.0 > 65504.0);
}

/* The documented aim of each set, checked over 2000 indices with KS = 64. */
static void test_sets_properties(void **state)
{
    (void)state;
    const int64_t KS = 64;
    const double B = 255.875, r = 1.0 / sqrt((double)KS);
    for (int64_t i = 0; i < 2000; i++) {
        int64_t k = 1 + i % (KS - 1);
        /* S=0: data and weight at the same index: exactly one is zero, so products are 0 */
        double a = nnx_tc_pro_fp_data(0, KS, 0, k, i, B), w = nnx_tc_pro_fp_data(0, KS, 1, k, i, B);
        assert_true(a * w == 0.0);
        assert_true((a == 0.0) != (w == 0.0) || nnx_tc_set_data(1, (uint32_t)i) == 0.0f);
        assert_true(nnx_tc_pro_fp_data(0, KS, 2, k, i, B) == 0.0);
        /* S=1: large exponents, |v| in [0.5, 1] * B / sqrt(KS + 1); bias in [0.5, 1] * B^2 / (KS + 1) */
        for (int p = 0; p < 2; p++) {
            double v = fabs(nnx_tc_pro_fp_data(1, KS, p, k, i, B)) * sqrt(KS + 1.0) / B;
            assert_true(v >= 0.5 - 1e-12 && v <= 1.0 + 1e-12);
        }
        double bias = fabs(nnx_tc_pro_fp_data(1, KS, 2, i, i, B)) * (KS + 1.0) / (B * B);
        assert_true(bias >= 0.5 - 1e-12 && bias <= 1.0 + 1e-12);
        /* S=2: 1.0 at k == 0, small values |v| <= 1/sqrt(KS) elsewhere */
        assert_true(nnx_tc_pro_fp_data(2, KS, 0, 0, i, B) == 1.0);
        assert_true(nnx_tc_pro_fp_data(2, KS, 1, 0, i, B) == 1.0);
        assert_true(fabs(nnx_tc_pro_fp_data(2, KS, 0, k, i, B)) <= r);
        /* S=3: +-16 at k == 0, |v| <= e^2 elsewhere */
        assert_true(fabs(nnx_tc_pro_fp_data(3, KS, 1, 0, i, B)) == 16.0);
        assert_true(fabs(nnx_tc_pro_fp_data(3, KS, 0, k, i, B)) <= exp(2.0));
        /* S=4: +-0.5 at k == KS/2 with data and weight of opposite sign for the same draw,
         * elsewhere exactly one of data / weight is zero */
        double a4 = nnx_tc_pro_fp_data(4, KS, 0, KS / 2, i, B), w4 = nnx_tc_pro_fp_data(4, KS, 1, KS / 2, i, B);
        assert_true(fabs(a4) == 0.5 && a4 == -w4);
        int64_t k4 = k == KS / 2 ? k + 1 : k;
        a4 = nnx_tc_pro_fp_data(4, KS, 0, k4, i, B);
        w4 = nnx_tc_pro_fp_data(4, KS, 1, k4, i, B);
        assert_true(a4 * w4 == 0.0 && fabs(a4) <= B * r && fabs(w4) <= B * r);
        /* S=5: signed values of large range, |v| <= B / sqrt(KS), no bias */
        assert_true(fabs(nnx_tc_pro_fp_data(5, KS, 0, k, i, B)) <= B * r);
        assert_true(nnx_tc_pro_fp_data(5, KS, 2, k, i, B) == 0.0);
    }
    /* S=5 uses the whole signed range: both signs, and values near the bound */
    double lo = 0, hi = 0;
    for (int64_t i = 0; i < 2000; i++) {
        double v = nnx_tc_pro_fp_data(5, KS, 0, 1, i, B);
        lo = fmin(lo, v);
        hi = fmax(hi, v);
    }
    assert_true(lo < -0.9 * B * r && hi > 0.9 * B * r);
}

/* The CONV2D layout: S=2 puts 1.0 exactly where the input position is kernel index 0, and
 * the generated values are representable in the input type. */
static void conv2d_layout(void **state)
{
    (void)state;
    nnx_tc_dot_shape s = {
        .N = 1, .ID = 1, .IH = 5, .IW = 6, .IC = 3, .OC = 4, .KD = 1, .KH = 2, .KW = 3, .M = 1, .bias = true};
    nnx_tc_dot_data d;
    assert_true(nnx_tc_dot_data_make(&d, NNX_TC_DOT_CONV2D, &s, 2, NNX_FLOAT16, NNX_FLOAT16, NNX_FLOAT16));
    assert_int_equal(d.KS, 2 * 3 * 3);
    assert_int_equal(d.n_input, 5 * 6 * 3);
    assert_int_equal(d.n_weight, 4 * 2 * 3 * 3);
    assert_int_equal(d.n_bias, 4);
    for (int64_t iy = 0; iy < 5; iy++)
        for (int64_t ix = 0; ix < 6; ix++)
            for (int64_t ic = 0; ic < 3; ic++) {
                double v = d.input[(iy * 6 + ix) * 3 + ic];
                bool k0 = iy % 2 == 0 && ix % 3 == 0 && ic == 0;
                assert_true(k0 ? v == 1.0 : fabs(v) < 1.0);
                assert_true(nnx_tc_round_to(NNX_FLOAT16, v) == v);
            }
    for (int64_t oc = 0; oc < 4; oc++)
        assert_true(d.weight[oc * 18] == 1.0 && d.bias[oc] == 0.0);
    nnx_tc_dot_data_free(&d);
    assert_false(nnx_tc_dot_data_make(&d, NNX_TC_DOT_CONV2D, &s, 2, NNX_FLOAT32, NNX_FLOAT32, NNX_FLOAT16));
}

/* The other layouts: the kernel index k of each element (S=2: 1.0 exactly at k = 0; S=4:
 * +-0.5 exactly at k = KS/2). */
static void other_layouts(void **state)
{
    (void)state;
    nnx_tc_dot_data d;
    /* MATMUL A [2, 3, 8], B [2, 8, 5]: k = c */
    nnx_tc_dot_shape m = {.N = 2, .IH = 3, .IW = 5, .C = 8};
    assert_true(nnx_tc_dot_data_make(&d, NNX_TC_DOT_MATMUL, &m, 4, NNX_FLOAT32, NNX_FLOAT32, NNX_FLOAT32));
    assert_int_equal(d.KS, 8);
    for (int n = 0; n < 2; n++) {
        for (int y = 0; y < 3; y++)
            assert_true(fabs(d.input[(n * 3 + y) * 8 + 4]) == 0.5);
        for (int x = 0; x < 5; x++)
            assert_true(fabs(d.weight[(n * 8 + 4) * 5 + x]) == 0.5);
    }
    nnx_tc_dot_data_free(&d);
    /* DEPTHWISE [1, 4, 4, 3] x [2, 2, 3, 2]: k = (iy % KH) * KW + ix % KW for every channel */
    nnx_tc_dot_shape w = {.N = 1, .ID = 1, .IH = 4, .IW = 4, .IC = 3, .OC = 1, .KD = 1, .KH = 2, .KW = 2, .M = 2};
    assert_true(nnx_tc_dot_data_make(&d, NNX_TC_DOT_DEPTHWISE_CONV2D, &w, 2, NNX_FLOAT16, NNX_FLOAT16, NNX_FLOAT16));
    assert_int_equal(d.KS, 4);
    assert_int_equal(d.n_weight, 2 * 2 * 3 * 2);
    for (int iy = 0; iy < 4; iy++)
        for (int ix = 0; ix < 4; ix++)
            for (int c = 0; c < 3; c++)
                assert_true((d.input[(iy * 4 + ix) * 3 + c] == 1.0) == (iy % 2 == 0 && ix % 2 == 0));
    for (int i = 0; i < 6; i++) /* ky = kx = 0: the first C * M weights */
        assert_true(d.weight[i] == 1.0 && d.weight[6 + i] != 1.0);
    nnx_tc_dot_data_free(&d);
    /* REDUCE_SUM [3, 10, 2] over the middle axis: k = the axis index */
    nnx_tc_dot_shape r = {.C = 10, .outer = 3, .inner = 2};
    assert_true(nnx_tc_dot_data_make(&d, NNX_TC_DOT_REDUCE_SUM, &r, 2, NNX_BFLOAT16, NNX_BFLOAT16, NNX_BFLOAT16));
    for (int o = 0; o < 3; o++)
        for (int a = 0; a < 10; a++)
            for (int i = 0; i < 2; i++)
                assert_true((d.input[(o * 10 + a) * 2 + i] == 1.0) == (a == 0));
    nnx_tc_dot_data_free(&d);
    /* AVG_POOL2D [1, 6, 6, 2], kernel 3x3: the middle tap of each 3x3 tile (decision TOSA-C4) */
    nnx_tc_dot_shape p = {.N = 1, .ID = 1, .IH = 6, .IW = 6, .IC = 2, .OC = 1, .KD = 1, .KH = 3, .KW = 3, .M = 1};
    assert_true(nnx_tc_dot_data_make(&d, NNX_TC_DOT_AVG_POOL2D, &p, 4, NNX_FLOAT32, NNX_FLOAT32, NNX_FLOAT32));
    for (int iy = 0; iy < 6; iy++)
        for (int ix = 0; ix < 6; ix++)
            for (int c = 0; c < 2; c++) {
                bool mid = iy % 3 == 1 && ix % 3 == 1;
                double v = d.input[(iy * 6 + ix) * 2 + c];
                assert_true(!mid || fabs(v) == 0.5);
            }
    nnx_tc_dot_data_free(&d);
}

static void format_constants_and_ulp(void **state)
{
    (void)state;
    assert_true(nnx_tc_normal_max(NNX_FLOAT16) == 65504.0);
    assert_true(nnx_tc_normal_max(NNX_FP8E4M3) == 448.0);
    assert_true(nnx_tc_normal_max(NNX_FP8E5M2) == 57344.0);
    assert_true(nnx_tc_normal_max(NNX_FLOAT32) == (double)FLT_MAX);
    assert_true(nnx_tc_normal_min(NNX_FLOAT32) == (double)FLT_MIN);
    assert_int_equal(nnx_tc_ilog2(1.0), 0);
    assert_int_equal(nnx_tc_ilog2(0.75), -1);
    assert_int_equal(nnx_tc_ilog2(0x1p-1074), -1074);
    assert_true(nnx_tc_exp2(-1076) == 0.0 && nnx_tc_exp2(-1074) == 0x1p-1074);
    assert_true(nnx_tc_ulp(NNX_FLOAT32, 1.0) == 0x1p-23);
    assert_true(nnx_tc_ulp(NNX_FLOAT32, -1.99) == 0x1p-23);
    assert_true(nnx_tc_ulp(NNX_FLOAT16, 1000.0) == 0x1p-1); /* 512 <= 1000 < 1024 */
    assert_true(nnx_tc_ulp(NNX_BFLOAT16, 1.5) == 0x1p-7);
    assert_true(nnx_tc_ulp(NNX_FP8E4M3, 300.0) == 32.0);
    /* below normal_min the ULP stays that of the smallest normal (the subnormal spacing) */
    assert_true(nnx_tc_ulp(NNX_FLOAT32, 0x1p-140) == 0x1p-149);
    assert_true(nnx_tc_ulp(NNX_FLOAT16, 0x1p-20) == 0x1p-24);
    /* non-normal fp64 references have no ULP */
    assert_true(nnx_tc_ulp(NNX_FLOAT32, 0.0) == 0.0);
    assert_true(nnx_tc_ulp(NNX_FLOAT32, INFINITY) == 0.0);
    assert_true(nnx_tc_ulp(NNX_FLOAT32, 0x1p-1070) == 0.0);
}

static void ulp_check_neighbours(void **state)
{
    (void)state;
    double one_up = nextafterf(1.0f, 2.0f), one_down = nextafterf(1.0f, 0.0f);
    assert_true(nnx_tc_check_fp(NNX_FLOAT32, 1.0, 1.0, 0.5));
    assert_false(nnx_tc_check_fp(NNX_FLOAT32, one_up, 1.0, 0.5));
    assert_true(nnx_tc_check_fp(NNX_FLOAT32, one_up, 1.0, 1));
    assert_false(nnx_tc_check_fp(NNX_FLOAT32, nextafterf((float)one_up, 2.0f), 1.0, 1));
    /* a tie is within half an ULP on both sides */
    assert_true(nnx_tc_check_fp(NNX_FLOAT32, 1.0, 1.0 + 0x1p-24, 0.5));
    assert_true(nnx_tc_check_fp(NNX_FLOAT32, one_up, 1.0 + 0x1p-24, 0.5));
    /* below 1.0 the ULP is ref's: 2^-24, so half an ULP of 1 - 2^-25 reaches 1 - 2^-24 */
    assert_true(nnx_tc_check_fp(NNX_FLOAT32, one_down, 1.0 - 0x1p-25, 0.5));
    assert_true(nnx_tc_check_fp(NNX_FLOAT32, one_down, 1.0, 0.5)); /* 1 - 2^-24: half of 1.0's ULP */
    assert_false(nnx_tc_check_fp(NNX_FLOAT32, nextafterf((float)one_down, 0.0f), 1.0, 0.5));
    /* fp16 and negative references */
    assert_true(nnx_tc_check_fp(NNX_FLOAT16, -1000.5, -1000.25, 0.5));
    assert_false(nnx_tc_check_fp(NNX_FLOAT16, -1001.0, -1000.25, 0.5));
    assert_true(nnx_tc_check_fp(NNX_FLOAT16, -1001.0, -1000.25, 2));
    /* NaN: a NaN reference needs a NaN, a NaN test fails a finite reference */
    assert_true(nnx_tc_check_fp(NNX_FLOAT32, NAN, NAN, 0.5));
    assert_false(nnx_tc_check_fp(NNX_FLOAT32, 0.0, NAN, 0.5));
    assert_false(nnx_tc_check_fp(NNX_FLOAT32, NAN, 1.0, 100));
}

static void ulp_check_overflow_and_subnormals(void **state)
{
    (void)state;
    /* infinities: exact, or accepted when the interval passes normal_max */
    assert_true(nnx_tc_check_fp(NNX_FLOAT16, INFINITY, INFINITY, 0.5));
    assert_false(nnx_tc_check_fp(NNX_FLOAT16, 65504.0, INFINITY, 0.5));
    assert_false(nnx_tc_check_fp(NNX_FLOAT16, -INFINITY, INFINITY, 0.5));
    assert_true(nnx_tc_check_fp(NNX_FLOAT16, INFINITY, 65520.0, 0.5)); /* rounds to inf */
    assert_false(nnx_tc_check_fp(NNX_FLOAT16, INFINITY, 65000.0, 0.5));
    assert_true(nnx_tc_check_fp(NNX_FLOAT16, -INFINITY, -65530.0, 0.5));
    /* flush to zero: accepted when the interval reaches below normal_min (fp32/fp16/bf16) */
    assert_true(nnx_tc_check_fp(NNX_FLOAT32, 0.0, 0x1p-140, 0.5));
    assert_true(nnx_tc_check_fp(NNX_FLOAT32, -0.0, 0x1p-140, 0.5));
    assert_false(nnx_tc_check_fp(NNX_FLOAT32, 0.0, 0x1p-100, 0.5));
    assert_true(nnx_tc_check_fp(NNX_FLOAT16, 0x1p-20, 0x1p-20, 0.5)); /* subnormal kept */
    assert_false(nnx_tc_check_fp(NNX_FLOAT16, 0x1p-19, 0x1p-20, 0.5));
    /* fp8 has no flush: a zero for a subnormal reference fails */
    assert_false(nnx_tc_check_fp(NNX_FP8E5M2, 0.0, 0x1p-16, 0.5));
    assert_true(nnx_tc_check_fp(NNX_FP8E5M2, 0x1p-16, 0x1p-16, 0.5));
    /* fp8e4m3 has no infinity: its NaN stands for an overflowing interval */
    assert_true(nnx_tc_check_fp_bnd(NNX_FP8E4M3, NAN, 470.0, 16.0));
    assert_false(nnx_tc_check_fp_bnd(NNX_FP8E4M3, NAN, 400.0, 16.0));
    assert_false(nnx_tc_check_fp_bnd(NNX_FP8E5M2, NAN, 60000.0, 16.0));
    /* an infinite bound accepts anything but a missing NaN */
    assert_true(nnx_tc_check_fp_bnd(NNX_FLOAT32, -5.0, 3.0, INFINITY));
    assert_false(nnx_tc_check_fp_bnd(NNX_FLOAT32, -5.0, NAN, INFINITY));
}

static void abs_error_bound_values(void **state)
{
    (void)state;
    assert_true(nnx_tc_abs_error_bound(NNX_FLOAT32, 1.0, 2.0, 0, 1) == 0x1p-22);
    assert_true(nnx_tc_abs_error_bound(NNX_FLOAT16, 0.5, 1.0, 0, 2) == 0x1p-5 * 0.5);
    assert_true(fabs(nnx_tc_abs_error_bound(NNX_FLOAT32, 1.0, 1.0, 0, 2) - pow(2, -11.5)) < 1e-18);
    /* the magnitude never drops below normal_min; lower_bound / bounds_value raises it */
    assert_true(nnx_tc_abs_error_bound(NNX_FLOAT16, 0.0, 1.0, 0, 1) == 0x1p-14 * 0x1p-10);
    assert_true(nnx_tc_abs_error_bound(NNX_FLOAT32, 0.0, 4.0, 0.5, 1) == 0x1p-23 * 0.125 * 4.0);
    /* inf * 0 is avoided: infinite bounds_value with a zero magnitude gives 0 */
    assert_true(nnx_tc_abs_error_bound(NNX_FLOAT32, 0.0, INFINITY, 0, 1) == 0.0);
    assert_true(isinf(nnx_tc_abs_error_bound(NNX_FLOAT32, 1.0, INFINITY, 0, 1)));
}

static void exact_check(void **state)
{
    (void)state;
    assert_true(nnx_tc_check_exact(NNX_FLOAT32, 1.5, 1.5, false));
    assert_false(nnx_tc_check_exact(NNX_FLOAT32, nextafterf(1.5f, 2.0f), 1.5, false));
    assert_true(nnx_tc_check_exact(NNX_FLOAT32, -0.0, -0.0, false));
    assert_false(nnx_tc_check_exact(NNX_FLOAT32, 0.0, -0.0, false));
    assert_true(nnx_tc_check_exact(NNX_FLOAT32, 0.0, -0.0, true));
    assert_true(nnx_tc_check_exact(NNX_FLOAT16, NAN, -NAN, false));
    assert_false(nnx_tc_check_exact(NNX_FLOAT16, INFINITY, NAN, false));
    assert_true(nnx_tc_check_exact(NNX_FLOAT32, -0.0, -0x1p-140, false)); /* flushed */
    assert_false(nnx_tc_check_exact(NNX_FLOAT32, 0.0, -0x1p-140, false));
    assert_false(nnx_tc_check_exact(NNX_FP8E4M3, 0.0, 0x1p-9, true)); /* fp8 keeps subnormals */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(set_data_reference_values),
        cmocka_unit_test(set_data_jump_ahead_equals_stepping),
        cmocka_unit_test(data_bound_table),
        cmocka_unit_test(test_sets_properties),
        cmocka_unit_test(conv2d_layout),
        cmocka_unit_test(other_layouts),
        cmocka_unit_test(format_constants_and_ulp),
        cmocka_unit_test(ulp_check_neighbours),
        cmocka_unit_test(ulp_check_overflow_and_subnormals),
        cmocka_unit_test(abs_error_bound_values),
        cmocka_unit_test(exact_check),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
