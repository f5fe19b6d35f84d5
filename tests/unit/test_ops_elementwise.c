/* test_ops_elementwise.c — the element-wise ops, clamp, cast, broadcasting and data movement
 * through the public API only (context, builder, build, tensors, dispatch), against the
 * numpy/exact-arithmetic oracle in tests/data/ops_elementwise_expected.h (regenerate with
 * tests/unit/gen_ops_elementwise.py). One cmocka test per generated case, plus the data-type
 * and bound checks the builder must reject. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "nnx.h"

#include "../data/ops_elementwise_expected.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Cases are small: at most this many inputs or outputs, and mismatches printed per output. */
#define EW_MAX_IO 8
#define EW_MAX_REPORTED 8

/* One context for the whole group; every case builds, runs and destroys its own graph. */
static nnx_context *g_ctx;

static int group_setup(void **state)
{
    (void)state;
    nnx_context_options o = {0};
    o.threads = 1;
    return nnx_context_create(&o, &g_ctx) == NNX_OK ? 0 : -1;
}

static int group_teardown(void **state)
{
    (void)state;
    nnx_context_destroy(g_ctx);
    return 0;
}

/* ---------------------------------------------------------------- tensors and elements */

static nnx_operand_desc desc_of(const ew_tensor *t)
{
    nnx_operand_desc d = {t->dtype, t->rank, {0}};
    for (uint32_t i = 0; i < t->rank; i++)
        d.shape[i] = t->shape[i];
    return d;
}

static size_t elements(const nnx_operand_desc *d)
{
    size_t n = 1;
    for (uint32_t i = 0; i < d->rank; i++)
        n *= d->shape[i];
    return n;
}

static bool is_float(nnx_dtype dt) { return dt == NNX_FLOAT32 || dt == NNX_FLOAT16; }

/* Raw bits of float element i (float32 or float16) and the width in bits. */
static uint32_t float_bits(nnx_dtype dt, const void *p, size_t i, unsigned *width)
{
    if (dt == NNX_FLOAT32) {
        uint32_t b;
        memcpy(&b, (const unsigned char *)p + i * 4, 4);
        *width = 32;
        return b;
    }
    uint16_t h;
    memcpy(&h, (const unsigned char *)p + i * 2, 2);
    *width = 16;
    return h;
}

static bool bits_nan(uint32_t b, unsigned width)
{
    return width == 32 ? (b & 0x7fffffffu) > 0x7f800000u : (b & 0x7fffu) > 0x7c00u;
}

/* Position on the number line: consecutive representable values differ by 1, ±0 are 0. */
static int64_t bits_ordered(uint32_t b, unsigned width)
{
    uint32_t sign = 1u << (width - 1);
    return b & sign ? -(int64_t)(b & (sign - 1)) : (int64_t)b;
}

/* Whether actual element i matches expected element i under the case's rule (see ew_case).
 * ulp > 0 only for exp, log, tanh, sigmoid and pow: float32 2, float16 1, justified at ULP in
 * gen_ops_elementwise.py; everything else is exact (correctly rounded) or bitwise. */
static bool element_ok(const ew_case *c, nnx_dtype dt, const void *want, const void *got, size_t i)
{
    size_t es = nnx_dtype_size(dt);
    if (c->bitwise || !is_float(dt))
        return memcmp((const unsigned char *)want + i * es, (const unsigned char *)got + i * es, es) == 0;
    unsigned w;
    uint32_t e = float_bits(dt, want, i, &w), a = float_bits(dt, got, i, &w);
    if (bits_nan(e, w))
        return bits_nan(a, w);
    if (bits_nan(a, w))
        return false;
    if (c->ulp == 0)
        return e == a;
    if ((e ^ a) >> (w - 1)) /* different signs, -0 and +0 included */
        return false;
    int64_t d = bits_ordered(e, w) - bits_ordered(a, w);
    return (d < 0 ? -d : d) <= (int64_t)c->ulp;
}

static void format_element(nnx_dtype dt, const void *p, size_t i, char *buf, size_t size)
{
    const unsigned char *b = p;
    unsigned w;
    switch (dt) {
    case NNX_FLOAT32: {
        float f;
        memcpy(&f, b + i * 4, 4);
        snprintf(buf, size, "%.9g (0x%08" PRIx32 ")", f, float_bits(dt, p, i, &w));
        return;
    }
    case NNX_FLOAT16: snprintf(buf, size, "f16 0x%04" PRIx32, float_bits(dt, p, i, &w)); return;
    case NNX_INT8: snprintf(buf, size, "%d", (int)(int8_t)b[i]); return;
    case NNX_UINT8: snprintf(buf, size, "%u", (unsigned)b[i]); return;
    case NNX_INT32: { int32_t v; memcpy(&v, b + i * 4, 4); snprintf(buf, size, "%" PRId32, v); return; }
    case NNX_UINT32: { uint32_t v; memcpy(&v, b + i * 4, 4); snprintf(buf, size, "%" PRIu32, v); return; }
    case NNX_INT64: { int64_t v; memcpy(&v, b + i * 8, 8); snprintf(buf, size, "%" PRId64, v); return; }
    case NNX_UINT64: { uint64_t v; memcpy(&v, b + i * 8, 8); snprintf(buf, size, "%" PRIu64, v); return; }
    default: snprintf(buf, size, "?"); return;
    }
}

/* ---------------------------------------------------------------- one case */

/* Adds the case's op to b; returns the number of outputs written to y. */
static uint32_t add_op(nnx_builder *b, const ew_case *c, nnx_operand **x, nnx_operand **y)
{
    nnx_operator_options o = {c->name};
    switch (c->op) {
    case EW_ADD: y[0] = nnx_builder_add(b, x[0], x[1], &o); return 1;
    case EW_SUB: y[0] = nnx_builder_sub(b, x[0], x[1], &o); return 1;
    case EW_MUL: y[0] = nnx_builder_mul(b, x[0], x[1], &o); return 1;
    case EW_DIV: y[0] = nnx_builder_div(b, x[0], x[1], &o); return 1;
    case EW_MAX: y[0] = nnx_builder_max(b, x[0], x[1], &o); return 1;
    case EW_MIN: y[0] = nnx_builder_min(b, x[0], x[1], &o); return 1;
    case EW_POW: y[0] = nnx_builder_pow(b, x[0], x[1], &o); return 1;
    case EW_ABS: y[0] = nnx_builder_abs(b, x[0], &o); return 1;
    case EW_NEG: y[0] = nnx_builder_neg(b, x[0], &o); return 1;
    case EW_RELU: y[0] = nnx_builder_relu(b, x[0], &o); return 1;
    case EW_CEIL: y[0] = nnx_builder_ceil(b, x[0], &o); return 1;
    case EW_FLOOR: y[0] = nnx_builder_floor(b, x[0], &o); return 1;
    case EW_EXP: y[0] = nnx_builder_exp(b, x[0], &o); return 1;
    case EW_LOG: y[0] = nnx_builder_log(b, x[0], &o); return 1;
    case EW_SQRT: y[0] = nnx_builder_sqrt(b, x[0], &o); return 1;
    case EW_SIGMOID: y[0] = nnx_builder_sigmoid(b, x[0], &o); return 1;
    case EW_TANH: y[0] = nnx_builder_tanh(b, x[0], &o); return 1;
    case EW_CLAMP: {
        nnx_clamp_options co = {c->name, c->lo, c->hi};
        y[0] = nnx_builder_clamp(b, x[0], &co);
        return 1;
    }
    case EW_CAST: y[0] = nnx_builder_cast(b, x[0], c->to, &o); return 1;
    case EW_RESHAPE: y[0] = nnx_builder_reshape(b, x[0], c->a, c->a_count, &o); return 1;
    case EW_TRANSPOSE: {
        nnx_transpose_options to = {c->name, c->a, c->a_count};
        y[0] = nnx_builder_transpose(b, x[0], &to);
        return 1;
    }
    case EW_CONCAT: y[0] = nnx_builder_concat(b, x, c->n_in, c->axis, &o); return 1;
    case EW_SLICE: {
        nnx_slice_options so = {c->name, c->c, c->c_count};
        y[0] = nnx_builder_slice(b, x[0], c->a, c->a_count, c->b, c->b_count, &so);
        return 1;
    }
    case EW_SPLIT: {
        nnx_split_options so = {c->name, c->axis};
        return nnx_builder_split(b, x[0], c->count, &so, y);
    }
    case EW_SPLIT_SIZES: {
        nnx_split_options so = {c->name, c->axis};
        return nnx_builder_split_sizes(b, x[0], c->a, c->a_count, &so, y);
    }
    default: return 0;
    }
}

/* Compares output k; prints the first mismatches; returns the number of bad elements. */
static size_t compare_output(const ew_case *c, uint32_t k, const void *got)
{
    const ew_tensor *t = &c->out[k];
    nnx_operand_desc d = desc_of(t);
    size_t n = elements(&d), bad = 0;
    for (size_t i = 0; i < n; i++) {
        if (element_ok(c, t->dtype, t->data, got, i))
            continue;
        if (++bad <= EW_MAX_REPORTED) {
            char want[64], have[64];
            format_element(t->dtype, t->data, i, want, sizeof want);
            format_element(t->dtype, got, i, have, sizeof have);
            print_error("%s: output %u element %zu: expected %s, got %s\n", c->name, k, i, want, have);
        }
    }
    if (bad > EW_MAX_REPORTED)
        print_error("%s: output %u: %zu more mismatches\n", c->name, k, bad - EW_MAX_REPORTED);
    return bad;
}

static bool same_desc(const nnx_operand_desc *a, const nnx_operand_desc *b)
{
    if (a->dtype != b->dtype || a->rank != b->rank)
        return false;
    for (uint32_t i = 0; i < a->rank; i++)
        if (a->shape[i] != b->shape[i])
            return false;
    return true;
}

/* Builds the case as a graph of its inputs, dispatches it and checks every output's type
 * and elements. Returns the number of problems found (0: the case passes). */
static size_t run_case(const ew_case *c)
{
    static const char *const in_names[EW_MAX_IO] = {"x0", "x1", "x2", "x3", "x4", "x5", "x6", "x7"};
    static const char *const out_names[EW_MAX_IO] = {"y0", "y1", "y2", "y3", "y4", "y5", "y6", "y7"};
    nnx_builder *b = NULL;
    nnx_graph *g = NULL;
    nnx_tensor *tin[EW_MAX_IO] = {NULL}, *tout[EW_MAX_IO] = {NULL};
    nnx_named_tensor nin[EW_MAX_IO], nout[EW_MAX_IO];
    nnx_operand *x[EW_MAX_IO] = {NULL}, *y[EW_MAX_IO] = {NULL};
    void *got = NULL;
    size_t bad = 0;
    nnx_status st;

    if (c->n_in > EW_MAX_IO || c->n_out > EW_MAX_IO || nnx_builder_create(g_ctx, &b) != NNX_OK) {
        print_error("%s: cannot set up\n", c->name);
        return 1;
    }
    for (uint32_t i = 0; i < c->n_in; i++) {
        nnx_operand_desc d = desc_of(&c->in[i]);
        x[i] = nnx_builder_input(b, in_names[i], &d);
    }
    uint32_t ny = add_op(b, c, x, y);
    if (ny != c->n_out) {
        print_error("%s: the op gave %u outputs, expected %u\n", c->name, ny, c->n_out);
        bad++;
        goto done;
    }
    nnx_named_operand outs[EW_MAX_IO];
    for (uint32_t k = 0; k < ny; k++)
        outs[k] = (nnx_named_operand){out_names[k], y[k]};
    st = nnx_builder_build(b, outs, ny, &g);
    if (st != NNX_OK) {
        print_error("%s: build failed: %s: %s\n", c->name, nnx_status_string(st), nnx_builder_error(b));
        bad++;
        goto done;
    }
    for (uint32_t k = 0; k < ny; k++) {
        nnx_operand_desc want = desc_of(&c->out[k]), have;
        nnx_graph_output_desc(g, k, &have);
        if (!same_desc(&want, &have)) {
            print_error("%s: output %u has type %s rank %u, expected %s rank %u\n", c->name, k,
                        nnx_dtype_name(have.dtype), have.rank, nnx_dtype_name(want.dtype), want.rank);
            bad++;
            goto done;
        }
    }
    for (uint32_t i = 0; i < c->n_in; i++) {
        nnx_tensor_desc td = {desc_of(&c->in[i]), false, true};
        size_t bytes = elements(&td.desc) * nnx_dtype_size(td.desc.dtype);
        if (nnx_tensor_create(g_ctx, &td, &tin[i]) != NNX_OK || nnx_tensor_write(tin[i], c->in[i].data, bytes) != NNX_OK) {
            print_error("%s: input tensor %u: %s\n", c->name, i, nnx_context_error(g_ctx));
            bad++;
            goto done;
        }
        nin[i] = (nnx_named_tensor){in_names[i], tin[i]};
    }
    for (uint32_t k = 0; k < ny; k++) {
        nnx_tensor_desc td = {desc_of(&c->out[k]), true, false};
        if (nnx_tensor_create(g_ctx, &td, &tout[k]) != NNX_OK) {
            print_error("%s: output tensor %u: %s\n", c->name, k, nnx_context_error(g_ctx));
            bad++;
            goto done;
        }
        nout[k] = (nnx_named_tensor){out_names[k], tout[k]};
    }
    st = nnx_context_dispatch(g_ctx, g, nin, c->n_in, nout, ny);
    if (st != NNX_OK) {
        print_error("%s: dispatch failed: %s: %s\n", c->name, nnx_status_string(st), nnx_context_error(g_ctx));
        bad++;
        goto done;
    }
    for (uint32_t k = 0; k < ny; k++) {
        nnx_operand_desc d = desc_of(&c->out[k]);
        size_t bytes = elements(&d) * nnx_dtype_size(d.dtype);
        free(got);
        got = malloc(bytes);
        if (!got || nnx_tensor_read(tout[k], got, bytes) != NNX_OK) {
            print_error("%s: reading output %u failed\n", c->name, k);
            bad++;
            goto done;
        }
        bad += compare_output(c, k, got);
    }
done:
    free(got);
    for (uint32_t i = 0; i < EW_MAX_IO; i++) {
        nnx_tensor_destroy(tin[i]);
        nnx_tensor_destroy(tout[i]);
    }
    nnx_graph_destroy(g);
    nnx_builder_destroy(b);
    return bad;
}

/* The signed-zero cases (max/min_float*_signed_zeros, clamp_float32_negzero_lo0) pin IEEE
 * maximum/minimum: +0 > -0, so clamp(-0, 0, 6) = +0. */
static void test_generated_case(void **state)
{
    const ew_case *c = *state;
    size_t bad = run_case(c);
    if (bad)
        fail_msg("%s: %zu problems", c->name, bad);
}

/* ---------------------------------------------------------------- rejections */

/* Adds one op to a fresh builder and returns the builder's sticky status. */
typedef nnx_operand *(*unary_fn)(nnx_builder *, nnx_operand *, const nnx_operator_options *);

static nnx_status unary_status(unary_fn fn, nnx_dtype dt)
{
    nnx_builder *b = NULL;
    assert_int_equal(nnx_builder_create(g_ctx, &b), NNX_OK);
    nnx_operand_desc d = {dt, 1, {4}};
    fn(b, nnx_builder_input(b, "x", &d), NULL);
    nnx_status st = nnx_builder_status(b);
    nnx_builder_destroy(b);
    return st;
}

static nnx_status binary_status(nnx_operand_desc da, nnx_operand_desc db)
{
    nnx_builder *b = NULL;
    assert_int_equal(nnx_builder_create(g_ctx, &b), NNX_OK);
    nnx_builder_add(b, nnx_builder_input(b, "a", &da), nnx_builder_input(b, "b", &db), NULL);
    nnx_status st = nnx_builder_status(b);
    nnx_builder_destroy(b);
    return st;
}

static nnx_status clamp_status(nnx_dtype dt, nnx_number lo, nnx_number hi)
{
    nnx_builder *b = NULL;
    assert_int_equal(nnx_builder_create(g_ctx, &b), NNX_OK);
    nnx_operand_desc d = {dt, 1, {4}};
    nnx_clamp_options o = {"c", lo, hi};
    nnx_builder_clamp(b, nnx_builder_input(b, "x", &d), &o);
    nnx_status st = nnx_builder_status(b);
    nnx_builder_destroy(b);
    return st;
}

/* abs, neg, relu take float and signed integer types; the other unary ops floats only. */
static void test_rejects_data_types(void **state)
{
    (void)state;
    const unary_fn signed_only[] = {nnx_builder_abs, nnx_builder_neg, nnx_builder_relu};
    const unary_fn float_only[] = {nnx_builder_ceil, nnx_builder_floor, nnx_builder_exp, nnx_builder_log,
                                   nnx_builder_sqrt, nnx_builder_sigmoid, nnx_builder_tanh};
    const nnx_dtype unsigned_types[] = {NNX_UINT8, NNX_UINT32, NNX_UINT64};
    const nnx_dtype int_types[] = {NNX_INT8, NNX_UINT8, NNX_INT32, NNX_UINT32, NNX_INT64, NNX_UINT64};
    for (size_t f = 0; f < sizeof signed_only / sizeof *signed_only; f++) {
        for (size_t t = 0; t < sizeof unsigned_types / sizeof *unsigned_types; t++)
            assert_int_equal(unary_status(signed_only[f], unsigned_types[t]), NNX_ERROR_INVALID_ARGUMENT);
        assert_int_equal(unary_status(signed_only[f], NNX_INT8), NNX_OK);
    }
    for (size_t f = 0; f < sizeof float_only / sizeof *float_only; f++) {
        for (size_t t = 0; t < sizeof int_types / sizeof *int_types; t++)
            assert_int_equal(unary_status(float_only[f], int_types[t]), NNX_ERROR_INVALID_ARGUMENT);
        assert_int_equal(unary_status(float_only[f], NNX_FLOAT16), NNX_OK);
    }
}

static void test_rejects_binary_mismatch(void **state)
{
    (void)state;
    assert_int_equal(binary_status((nnx_operand_desc){NNX_INT32, 1, {3}}, (nnx_operand_desc){NNX_FLOAT32, 1, {3}}),
                     NNX_ERROR_INVALID_ARGUMENT);
    assert_int_equal(binary_status((nnx_operand_desc){NNX_FLOAT32, 2, {2, 3}}, (nnx_operand_desc){NNX_FLOAT32, 1, {2}}),
                     NNX_ERROR_INVALID_ARGUMENT);
    assert_int_equal(binary_status((nnx_operand_desc){NNX_UINT8, 3, {2, 1, 4}}, (nnx_operand_desc){NNX_UINT8, 2, {3, 2}}),
                     NNX_ERROR_INVALID_ARGUMENT);
}

/* min > max is checked after both bounds are cast to the input type. */
static void test_rejects_clamp_bounds(void **state)
{
    (void)state;
    assert_int_equal(clamp_status(NNX_UINT8, nnx_f64(300), nnx_f64(200)), NNX_ERROR_INVALID_ARGUMENT); /* 255 > 200 */
    assert_int_equal(clamp_status(NNX_INT32, nnx_f64(2.6), nnx_f64(2.4)), NNX_ERROR_INVALID_ARGUMENT); /* 3 > 2 */
    assert_int_equal(clamp_status(NNX_FLOAT32, nnx_f64(1), nnx_f64(0)), NNX_ERROR_INVALID_ARGUMENT);
    assert_int_equal(clamp_status(NNX_UINT64, nnx_u64(UINT64_MAX), nnx_i64(-1)), NNX_ERROR_INVALID_ARGUMENT);
    /* Equal after casting is fine: 2.5 -> 2 and 2.4 -> 2; 300 and 1000 both -> 255. */
    assert_int_equal(clamp_status(NNX_INT8, nnx_f64(2.5), nnx_f64(2.4)), NNX_OK);
    assert_int_equal(clamp_status(NNX_UINT8, nnx_i64(300), nnx_f64(1000)), NNX_OK);
}

/* Every generated case belongs to a known op and has a unique name. */
static void test_case_table(void **state)
{
    (void)state;
    for (size_t i = 0; i < EW_CASE_COUNT; i++) {
        assert_true(ew_cases[i].op < EW_OP_COUNT);
        for (size_t j = 0; j < i; j++)
            assert_string_not_equal(ew_cases[i].name, ew_cases[j].name);
    }
}

int main(void)
{
    enum { n_fixed = 4 };
    static struct CMUnitTest tests[n_fixed + EW_CASE_COUNT] = {
        cmocka_unit_test(test_case_table),
        cmocka_unit_test(test_rejects_data_types),
        cmocka_unit_test(test_rejects_binary_mismatch),
        cmocka_unit_test(test_rejects_clamp_bounds),
    };
    for (size_t i = 0; i < EW_CASE_COUNT; i++)
        tests[n_fixed + i] = (struct CMUnitTest){ew_cases[i].name, test_generated_case, NULL, NULL, (void *)&ew_cases[i]};
    return cmocka_run_group_tests_name("ops_elementwise", tests, group_setup, group_teardown);
}
