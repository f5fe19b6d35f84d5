/* test_ops_cast_narrow.c — the core cast kernel's ONNX options against
 * tests/data/narrow_floats_expected.h (gen_narrow_floats.py): float64 probes cast to each 8-
 * and 4-bit float type with saturation DEFAULT, SATURATE and NO_SATURATE, to fp8e8m0 under
 * each round_mode, and to int4/uint4/int2/uint2 rounding half to even and wrapping; plus
 * integer sources (rounded once, fp8e8m0 from integers beyond 2^53) and int -> sub-byte
 * int wrapping. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ir/elem.h"
#include "ops/table.h"

#include "../../data/narrow_floats_expected.h"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* Casts n elements of type from at src to `to` with attrs a into dst (after inference). */
static void run_cast(nnx_dtype from, const void *src, size_t n, const nnx_attr_cast *a, void *dst)
{
    nnx_attrs attrs = {.cast = *a};
    nnx_op_args args = {NNX_OP_CAST, 1, 1, &attrs};
    nnx_operand_desc in_d = {from, 1, {(uint32_t)n}}, out_d;
    const nnx_operand_desc *ins[1] = {&in_d};
    nnx_error err = {0};
    assert_int_equal(nnx_infer_cast(&args, ins, &out_d, &err), NNX_OK);
    assert_int_equal(out_d.dtype, a->to);
    nnx_view in = {in_d, (void *)src}, out = {out_d, dst};
    assert_int_equal(nnx_ref_cast(&args, &in, &out), NNX_OK);
}

static double *probe_values(const narrow_enc_case *c, size_t n)
{
    double *x = malloc(n * sizeof *x);
    assert_non_null(x);
    for (size_t k = 0; k < n; k++)
        memcpy(&x[k], &c[k].x, sizeof x[k]);
    return x;
}

typedef struct target {
    nnx_dtype dt;
    const narrow_enc_case *cases;
    size_t n;
} target;

static void test_float_targets(void **state)
{
    (void)state;
    static const target targets[] = {
        {NNX_FP8E4M3, e4m3fn_enc, COUNT(e4m3fn_enc)},
        {NNX_FP8E5M2, e5m2_enc, COUNT(e5m2_enc)},
        {NNX_FP8E4M3FNUZ, e4m3fnuz_enc, COUNT(e4m3fnuz_enc)},
        {NNX_FP8E5M2FNUZ, e5m2fnuz_enc, COUNT(e5m2fnuz_enc)},
        {NNX_FP4E2M1, e2m1_enc, COUNT(e2m1_enc)},
    };
    static const nnx_cast_saturation modes[] = {NNX_CAST_SATURATION_DEFAULT, NNX_CAST_SATURATE, NNX_CAST_NO_SATURATE};
    for (size_t t = 0; t < COUNT(targets); t++) {
        const target *T = &targets[t];
        double *x = probe_values(T->cases, T->n);
        uint8_t *y = malloc(T->n);
        assert_non_null(y);
        for (size_t m = 0; m < COUNT(modes); m++) {
            nnx_attr_cast a = {.to = T->dt, .saturation = modes[m]};
            run_cast(NNX_FLOAT64, x, T->n, &a, y);
            for (size_t k = 0; k < T->n; k++) {
                uint8_t want = modes[m] == NNX_CAST_SATURATE ? T->cases[k].sat : T->cases[k].plain;
                if (y[k] != want)
                    fail_msg("%s saturation %d: %a gives 0x%02x, expected 0x%02x", nnx_dtype_name(T->dt), (int)modes[m],
                             x[k], y[k], want);
            }
        }
        free(x);
        free(y);
    }
}

static void test_e8m0_target(void **state)
{
    (void)state;
    for (size_t k = 0; k < COUNT(e8m0_enc); k++) {
        const e8m0_case *c = &e8m0_enc[k];
        double x;
        memcpy(&x, &c->x, sizeof x);
        nnx_attr_cast a = {.to = NNX_FP8E8M0,
                           .saturation = c->saturate ? NNX_CAST_SATURATE : NNX_CAST_NO_SATURATE,
                           .e8m0_rounding = (nnx_e8m0_rounding)c->mode};
        uint8_t y;
        run_cast(NNX_FLOAT64, &x, 1, &a, &y);
        if (y != c->code)
            fail_msg("fp8e8m0 mode %d saturate %d: %a gives 0x%02x, expected 0x%02x", c->mode, c->saturate, x, y,
                     c->code);
        if (c->saturate) { /* the default saturation is ONNX's default, saturate = 1 */
            a.saturation = NNX_CAST_SATURATION_DEFAULT;
            run_cast(NNX_FLOAT64, &x, 1, &a, &y);
            assert_int_equal(y, c->code);
        }
    }
}

static void test_subbyte_wrap(void **state)
{
    (void)state;
    static const nnx_dtype types[] = {NNX_INT4, NNX_UINT4, NNX_INT2, NNX_UINT2};
    size_t n = COUNT(subbyte_casts);
    double *x = malloc(n * sizeof *x);
    uint8_t *y = malloc(n);
    assert_non_null(x);
    assert_non_null(y);
    for (size_t k = 0; k < n; k++)
        memcpy(&x[k], &subbyte_casts[k].x, sizeof x[k]);
    for (size_t t = 0; t < COUNT(types); t++) {
        nnx_attr_cast a = {.to = types[t], .rounding = NNX_CAST_NEAREST_EVEN, .wrap = true};
        run_cast(NNX_FLOAT64, x, n, &a, y);
        for (size_t k = 0; k < n; k++) {
            const subbyte_case *c = &subbyte_casts[k];
            int64_t want = t == 0 ? c->int4 : t == 1 ? c->uint4 : t == 2 ? c->int2 : c->uint2;
            int64_t got = nnx_load_i(types[t], y, k);
            if (got != want)
                fail_msg("%s: %a gives %lld, expected %lld", nnx_dtype_name(types[t]), x[k], (long long)got,
                         (long long)want);
        }
    }
    free(x);
    free(y);
}

/* Without wrap the same casts saturate (WebNN's rule), as for every integer type. */
static void test_subbyte_saturate_without_wrap(void **state)
{
    (void)state;
    const double x[] = {-9.0, 8.0, 2.6, -2.5, NAN};
    int8_t y[5];
    nnx_attr_cast a = {.to = NNX_INT4};
    run_cast(NNX_FLOAT64, x, 5, &a, y);
    assert_int_equal(y[0], -8);
    assert_int_equal(y[1], 7);
    assert_int_equal(y[2], 2); /* truncated */
    assert_int_equal(y[3], -2);
    assert_int_equal(y[4], 0);
    a.to = NNX_UINT2;
    run_cast(NNX_FLOAT64, x, 5, &a, y);
    assert_int_equal(y[0], 0);
    assert_int_equal(y[1], 3);
}

/* Integer sources: int -> int keeps the low bits of the target's own width; int -> narrow
 * float rounds once from the exact integer, which fp8e8m0's "up" shows beyond 2^53. */
static void test_integer_sources(void **state)
{
    (void)state;
    const int8_t i8[] = {9, -3, 2, 127};
    int8_t y[4];
    nnx_attr_cast a = {.to = NNX_INT4};
    run_cast(NNX_INT8, i8, 4, &a, y);
    assert_int_equal(y[0], -7);
    assert_int_equal(y[1], -3);
    assert_int_equal(y[3], -1);
    a.to = NNX_UINT2;
    run_cast(NNX_INT8, i8, 4, &a, y);
    assert_int_equal(y[1], 1);
    assert_int_equal(y[3], 3);

    const int64_t big[] = {((int64_t)1 << 60) + 1, (int64_t)1 << 60, -(((int64_t)1 << 60) + 1), INT64_MIN};
    uint8_t q[4];
    a = (nnx_attr_cast){.to = NNX_FP8E8M0};
    run_cast(NNX_INT64, big, 4, &a, q);
    assert_int_equal(q[0], 127 + 61); /* up: 2^60 + 1 needs 2^61 */
    assert_int_equal(q[1], 127 + 60);
    assert_int_equal(q[2], 127 + 61); /* the magnitude */
    assert_int_equal(q[3], 127 + 63);
    a.e8m0_rounding = NNX_E8M0_ROUND_DOWN;
    run_cast(NNX_INT64, big, 1, &a, q);
    assert_int_equal(q[0], 127 + 60);

    const int32_t i32[] = {1000, -1000, 239, 100000};
    a = (nnx_attr_cast){.to = NNX_FP8E4M3, .saturation = NNX_CAST_SATURATE};
    run_cast(NNX_INT32, i32, 4, &a, q);
    assert_int_equal(q[0], 0x7E); /* 448 */
    assert_int_equal(q[1], 0xFE);
    a = (nnx_attr_cast){.to = NNX_FP8E4M3FNUZ, .saturation = NNX_CAST_NO_SATURATE};
    run_cast(NNX_INT32, i32, 4, &a, q);
    assert_int_equal(q[0], 0x80);
    assert_int_equal(q[2], 0x7F); /* 239 rounds to 240 */
    a = (nnx_attr_cast){.to = NNX_FP8E5M2, .saturation = NNX_CAST_NO_SATURATE};
    run_cast(NNX_INT32, i32, 4, &a, q);
    assert_int_equal(q[3], 0x7C); /* +inf */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_float_targets),   cmocka_unit_test(test_e8m0_target),
        cmocka_unit_test(test_subbyte_wrap),    cmocka_unit_test(test_subbyte_saturate_without_wrap),
        cmocka_unit_test(test_integer_sources),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
