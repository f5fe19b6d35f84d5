/* test_shape_fit.c — the fit of an output extent to the probe bindings (api/shape_fit.h): each
 * form found with its text, forms with small coefficients over six dimensions each found as
 * themselves (the probe values tell them apart), strided divisions (floor and ceil, as conv
 * and pooling give) never fitted, unnamed dimensions never named, and the probe values
 * distinct within a probe. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>

#include "api/shape_fit.h"

#define NSYM 6

static const char *const kNames[NSYM] = {"batch", "seq", "H", "W", "T", "C"};

static uint32_t x(uint32_t p, uint32_t s) { return nnx_shape_probe_extent(p, s); }

/* The fit of y over kNames, its text in text. */
static nnx_shape_fit_kind fit(const uint32_t *y, char *text) { return nnx_shape_fit(y, kNames, NSYM, text); }

static void expect_expression(const uint32_t *y, const char *want)
{
    char text[NNX_SHAPE_FIT_TEXT];
    nnx_shape_fit_kind k = fit(y, text);
    if (k != NNX_SHAPE_FIT_EXPRESSION)
        fail_msg("%s: fit kind %d", want, (int)k);
    assert_string_equal(text, want);
}

/* y[p] = a*x_s + b in each probe p (a = 0: the constant b). */
static const uint32_t *affine_y(uint32_t *y, int a, uint32_t s, int b)
{
    for (uint32_t p = 0; p < NNX_SHAPE_PROBES; p++)
        y[p] = (uint32_t)(a * (int)x(p, s) + b);
    return y;
}

/* y[p] = c*x_s*x_t in each probe p. */
static const uint32_t *product_y(uint32_t *y, uint32_t c, uint32_t s, uint32_t t)
{
    for (uint32_t p = 0; p < NNX_SHAPE_PROBES; p++)
        y[p] = c * x(p, s) * x(p, t);
    return y;
}

static void test_forms(void **state)
{
    (void)state;
    uint32_t y[NNX_SHAPE_PROBES];
    char text[NNX_SHAPE_FIT_TEXT];
    assert_int_equal(fit(affine_y(y, 0, 0, 1000), text), NNX_SHAPE_FIT_CONSTANT);
    expect_expression(affine_y(y, 1, 1, 0), "seq");
    expect_expression(affine_y(y, 2, 1, -1), "2*seq-1");
    expect_expression(affine_y(y, 1, 1, 1), "seq+1");
    expect_expression(affine_y(y, -1, 0, 30), "-batch+30");
    expect_expression(product_y(y, 1, 0, 1), "batch*seq");
    expect_expression(product_y(y, 3, 2, 3), "3*H*W");
    expect_expression(product_y(y, 1, 1, 1), "seq*seq");
    /* an unnamed dimension fits, but has no name to show */
    const char *const unnamed[2] = {"batch", NULL};
    assert_int_equal(nnx_shape_fit(affine_y(y, 2, 1, 0), unnamed, 2, text), NNX_SHAPE_FIT_NONE);
    assert_int_equal(nnx_shape_fit(product_y(y, 1, 0, 1), unnamed, 2, text), NNX_SHAPE_FIT_NONE);
    /* a dimension the fit was not told of fits nothing */
    assert_int_equal(nnx_shape_fit(affine_y(y, 1, 2, 0), kNames, 2, text), NNX_SHAPE_FIT_NONE);
}

/* Every a*x+b and c*x*y with small coefficients is found as itself, never as another form. */
static void test_forms_are_told_apart(void **state)
{
    (void)state;
    uint32_t y[NNX_SHAPE_PROBES];
    char want[NNX_SHAPE_FIT_TEXT];
    for (uint32_t s = 0; s < NSYM; s++)
        for (int a = 1; a <= 4; a++)
            for (int b = -4; b <= 6; b++) {
                int n = a == 1 ? snprintf(want, sizeof want, "%s", kNames[s])
                               : snprintf(want, sizeof want, "%d*%s", a, kNames[s]);
                if (b)
                    snprintf(want + n, sizeof want - (size_t)n, "%+d", b);
                expect_expression(affine_y(y, a, s, b), want);
            }
    for (uint32_t s = 0; s < NSYM; s++)
        for (uint32_t t = s; t < NSYM; t++)
            for (uint32_t c = 1; c <= 4; c++) {
                if (c == 1)
                    snprintf(want, sizeof want, "%s*%s", kNames[s], kNames[t]);
                else
                    snprintf(want, sizeof want, "%u*%s*%s", c, kNames[s], kNames[t]);
                expect_expression(product_y(y, c, s, t), want);
            }
}

/* floor((x + pad - k) / stride) + 1 and ceil(x / stride), as convolution and pooling give,
 * fit no form: they show "?" rather than a wrong expression. */
static void test_strided_divisions_fit_nothing(void **state)
{
    (void)state;
    uint32_t y[NNX_SHAPE_PROBES];
    char text[NNX_SHAPE_FIT_TEXT];
    for (uint32_t s = 0; s < NSYM; s++)
        for (uint32_t stride = 2; stride <= 8; stride++)
            for (uint32_t k = 1; k <= 3; k++) {
                for (uint32_t p = 0; p < NNX_SHAPE_PROBES; p++)
                    y[p] = (x(p, s) + 2 - k) / stride + 1;
                if (fit(y, text) != NNX_SHAPE_FIT_NONE)
                    fail_msg("floor((%s+2-%u)/%u)+1 fitted as '%s'", kNames[s], k, stride, text);
                for (uint32_t p = 0; p < NNX_SHAPE_PROBES; p++)
                    y[p] = (x(p, s) + stride - 1) / stride;
                if (fit(y, text) != NNX_SHAPE_FIT_NONE)
                    fail_msg("ceil(%s/%u) fitted as '%s'", kNames[s], stride, text);
            }
}

static void test_probe_values(void **state)
{
    (void)state;
    for (uint32_t p = 0; p < NNX_SHAPE_PROBES; p++)
        for (uint32_t s = 0; s < NNX_SHAPE_PROBE_SYMBOLS; s++) {
            assert_true(x(p, s) >= 2 && x(p, s) < 1024); /* small, and no broadcast extent 1 */
            for (uint32_t t = 0; t < s; t++)
                assert_int_not_equal(x(p, s), x(p, t));
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_forms),
        cmocka_unit_test(test_forms_are_told_apart),
        cmocka_unit_test(test_strided_divisions_fit_nothing),
        cmocka_unit_test(test_probe_values),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
