/* test_ops_webnn_ext.c — WebNN comparisons, logical ops, isNaN/isInfinite, roundEven, sign,
 * erf, reciprocal, sin, cos, tan, identity, the activations and reduceL1 … reduceSumSquare
 * through the public API only, against the oracle in tests/data/ops_webnn_ext_expected.h
 * (regenerate with tests/unit/gen_ops_webnn_ext.py). One cmocka test per generated case. The
 * validation errors are in test_builder_errors_elementwise.c. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "nnx.h"

#include "../data/ops_webnn_ext_expected.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Cases are small: at most this many inputs or outputs, and mismatches printed per output. */
#define WX_MAX_IO 8
#define WX_MAX_REPORTED 8

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

static nnx_operand_desc desc_of(const wx_tensor *t)
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

/* Whether actual element i matches expected element i under the case's rule (see wx_case):
 * ulp 2 (float16: 1) for functions that are not correctly rounded (ULP in
 * gen_ops_webnn_ext.py), 1 where the kernel's double arithmetic may round twice. */
static bool element_ok(const wx_case *c, nnx_dtype dt, const void *want, const void *got, size_t i)
{
    size_t es = nnx_dtype_size(dt);
    if (!is_float(dt))
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

/* Adds the case's op to b and returns its result. */
static nnx_operand *add_op(nnx_builder *b, const wx_case *c, nnx_operand **x)
{
    nnx_operator_options o = {c->name};
    nnx_reduce_options r = {c->name, c->axes, c->axes_count, c->keep};
    switch (c->op) {
    case WX_EQUAL: return nnx_builder_equal(b, x[0], x[1], &o);
    case WX_NOT_EQUAL: return nnx_builder_not_equal(b, x[0], x[1], &o);
    case WX_GREATER: return nnx_builder_greater(b, x[0], x[1], &o);
    case WX_GREATER_OR_EQUAL: return nnx_builder_greater_or_equal(b, x[0], x[1], &o);
    case WX_LESSER: return nnx_builder_lesser(b, x[0], x[1], &o);
    case WX_LESSER_OR_EQUAL: return nnx_builder_lesser_or_equal(b, x[0], x[1], &o);
    case WX_LOGICAL_NOT: return nnx_builder_logical_not(b, x[0], &o);
    case WX_LOGICAL_AND: return nnx_builder_logical_and(b, x[0], x[1], &o);
    case WX_LOGICAL_OR: return nnx_builder_logical_or(b, x[0], x[1], &o);
    case WX_LOGICAL_XOR: return nnx_builder_logical_xor(b, x[0], x[1], &o);
    case WX_IS_NAN: return nnx_builder_is_nan(b, x[0], &o);
    case WX_IS_INFINITE: return nnx_builder_is_infinite(b, x[0], &o);
    case WX_ROUND_EVEN: return nnx_builder_round_even(b, x[0], &o);
    case WX_SIGN: return nnx_builder_sign(b, x[0], &o);
    case WX_ERF: return nnx_builder_erf(b, x[0], &o);
    case WX_RECIPROCAL: return nnx_builder_reciprocal(b, x[0], &o);
    case WX_SIN: return nnx_builder_sin(b, x[0], &o);
    case WX_COS: return nnx_builder_cos(b, x[0], &o);
    case WX_TAN: return nnx_builder_tan(b, x[0], &o);
    case WX_IDENTITY: return nnx_builder_identity(b, x[0], &o);
    case WX_ELU: {
        nnx_elu_options e = {c->name, c->alpha};
        return nnx_builder_elu(b, x[0], &e);
    }
    case WX_GELU: return nnx_builder_gelu(b, x[0], &o);
    case WX_HARD_SIGMOID: {
        nnx_hard_sigmoid_options h = {c->name, c->alpha, c->beta};
        return nnx_builder_hard_sigmoid(b, x[0], &h);
    }
    case WX_HARD_SWISH: return nnx_builder_hard_swish(b, x[0], &o);
    case WX_LEAKY_RELU: {
        nnx_leaky_relu_options l = {c->name, c->alpha};
        return nnx_builder_leaky_relu(b, x[0], &l);
    }
    case WX_LINEAR: {
        nnx_linear_options l = {c->name, c->alpha, c->beta};
        return nnx_builder_linear(b, x[0], &l);
    }
    case WX_PRELU: return nnx_builder_prelu(b, x[0], x[1], &o);
    case WX_SOFTPLUS: return nnx_builder_softplus(b, x[0], &o);
    case WX_SOFTSIGN: return nnx_builder_softsign(b, x[0], &o);
    case WX_REDUCE_L1: return nnx_builder_reduce_l1(b, x[0], &r);
    case WX_REDUCE_L2: return nnx_builder_reduce_l2(b, x[0], &r);
    case WX_REDUCE_LOG_SUM: return nnx_builder_reduce_log_sum(b, x[0], &r);
    case WX_REDUCE_LOG_SUM_EXP: return nnx_builder_reduce_log_sum_exp(b, x[0], &r);
    case WX_REDUCE_PRODUCT: return nnx_builder_reduce_product(b, x[0], &r);
    case WX_REDUCE_SUM_SQUARE: return nnx_builder_reduce_sum_square(b, x[0], &r);
    default: return NULL;
    }
}

/* Compares output k; prints the first mismatches; returns the number of bad elements. */
static size_t compare_output(const wx_case *c, uint32_t k, const void *got)
{
    const wx_tensor *t = &c->out;
    nnx_operand_desc d = desc_of(t);
    size_t n = elements(&d), bad = 0;
    for (size_t i = 0; i < n; i++) {
        if (element_ok(c, t->dtype, t->data, got, i))
            continue;
        if (++bad <= WX_MAX_REPORTED) {
            char want[64], have[64];
            format_element(t->dtype, t->data, i, want, sizeof want);
            format_element(t->dtype, got, i, have, sizeof have);
            print_error("%s: output %u element %zu: expected %s, got %s\n", c->name, k, i, want, have);
        }
    }
    if (bad > WX_MAX_REPORTED)
        print_error("%s: output %u: %zu more mismatches\n", c->name, k, bad - WX_MAX_REPORTED);
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
static size_t run_case(const wx_case *c)
{
    static const char *const in_names[WX_MAX_IO] = {"x0", "x1", "x2", "x3", "x4", "x5", "x6", "x7"};
    static const char *const out_names[WX_MAX_IO] = {"y0", "y1", "y2", "y3", "y4", "y5", "y6", "y7"};
    nnx_builder *b = NULL;
    nnx_graph *g = NULL;
    nnx_tensor *tin[WX_MAX_IO] = {NULL}, *tout[WX_MAX_IO] = {NULL};
    nnx_named_tensor nin[WX_MAX_IO], nout[WX_MAX_IO];
    nnx_operand *x[WX_MAX_IO] = {NULL}, *y[WX_MAX_IO] = {NULL};
    void *got = NULL;
    size_t bad = 0;
    nnx_status st;

    if (c->n_in > WX_MAX_IO || nnx_builder_create(g_ctx, &b) != NNX_OK) {
        print_error("%s: cannot set up\n", c->name);
        return 1;
    }
    for (uint32_t i = 0; i < c->n_in; i++) {
        nnx_operand_desc d = desc_of(&c->in[i]);
        x[i] = nnx_builder_input(b, in_names[i], &d);
    }
    y[0] = add_op(b, c, x);
    uint32_t ny = 1;
    nnx_named_operand outs[WX_MAX_IO];
    for (uint32_t k = 0; k < ny; k++)
        outs[k] = (nnx_named_operand){out_names[k], y[k]};
    st = nnx_builder_build(b, outs, ny, &g);
    if (st != NNX_OK) {
        print_error("%s: build failed: %s: %s\n", c->name, nnx_status_string(st), nnx_builder_error(b));
        bad++;
        goto done;
    }
    for (uint32_t k = 0; k < ny; k++) {
        nnx_operand_desc want = desc_of(&c->out), have;
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
        nnx_tensor_desc td = {desc_of(&c->out), true, false};
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
        nnx_operand_desc d = desc_of(&c->out);
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
    for (uint32_t i = 0; i < WX_MAX_IO; i++) {
        nnx_tensor_destroy(tin[i]);
        nnx_tensor_destroy(tout[i]);
    }
    nnx_graph_destroy(g);
    nnx_builder_destroy(b);
    return bad;
}

/* Zero results are compared with their sign: the generator takes it from the formula in IEEE
 * arithmetic (softsign(-0) = -0, linear(+0) with alpha -2, beta -0 is -0, product of -0). */
static void test_generated_case(void **state)
{
    const wx_case *c = *state;
    size_t bad = run_case(c);
    if (bad)
        fail_msg("%s: %zu problems", c->name, bad);
}

/* Every generated case belongs to a known op and has a unique name. */
static void test_case_table(void **state)
{
    (void)state;
    for (size_t i = 0; i < WX_CASE_COUNT; i++) {
        assert_true(wx_cases[i].op < WX_OP_COUNT);
        for (size_t j = 0; j < i; j++)
            assert_string_not_equal(wx_cases[i].name, wx_cases[j].name);
    }
}

int main(void)
{
    enum { n_fixed = 1 };
    static struct CMUnitTest tests[n_fixed + WX_CASE_COUNT] = {
        cmocka_unit_test(test_case_table),
    };
    for (size_t i = 0; i < WX_CASE_COUNT; i++)
        tests[n_fixed + i] = (struct CMUnitTest){wx_cases[i].name, test_generated_case, NULL, NULL, (void *)&wx_cases[i]};
    return cmocka_run_group_tests_name("ops_webnn_ext", tests, group_setup, group_teardown);
}
