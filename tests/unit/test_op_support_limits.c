/* test_op_support_limits.c — the oracle that keeps opSupportLimits honest: for every row of
 * nnx_context_operand_limits_table and every data type (and every rank 0..NNX_MAX_RANK), a
 * one-operation graph is built and the builder's accept/reject must agree with the row; the
 * observed output types must equal the output rows; every row must be covered by a probe.
 * Also the context-wide limits (graph inputs, constants, outputs). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "nnx.h"

#include <stdio.h>
#include <string.h>

#define NDT 18 /* nnx_dtype values 1..17 */
#define DEF_F NNX_FLOAT32

/* ------------------------------------------------------------------ operands */

static unsigned n_inputs;

/* A graph input of dtype and rank (every dimension 2; 1 where ones is set). */
static nnx_operand *in(nnx_builder *b, nnx_dtype dt, uint32_t rank, bool ones)
{
    char name[16];
    snprintf(name, sizeof name, "x%u", n_inputs++);
    nnx_operand_desc d = {dt, rank, {0}};
    for (uint32_t i = 0; i < rank && i < NNX_MAX_RANK; i++)
        d.shape[i] = ones ? 1 : 2;
    return nnx_builder_input(b, name, &d);
}

/* A probe builds the operation with the probed operands of type dt and the main input of
 * rank r; the other operands get a fixed accepted type. */
typedef nnx_operand *(*probe_fn)(nnx_builder *b, nnx_dtype dt, uint32_t r);

#define BIN(fn) static nnx_operand *p_##fn(nnx_builder *b, nnx_dtype dt, uint32_t r) \
    { return nnx_builder_##fn(b, in(b, dt, r, false), in(b, dt, r, false), NULL); }
#define UN(fn) static nnx_operand *p_##fn(nnx_builder *b, nnx_dtype dt, uint32_t r) \
    { return nnx_builder_##fn(b, in(b, dt, r, false), NULL); }
BIN(add) BIN(sub) BIN(mul) BIN(div) BIN(max) BIN(min) BIN(pow) BIN(equal) BIN(greater) BIN(lesser) BIN(logical_and)
BIN(matmul)
UN(logical_not) UN(is_nan) UN(abs) UN(neg) UN(relu) UN(sign) UN(ceil) UN(floor) UN(exp) UN(log) UN(sqrt) UN(sigmoid)
UN(tanh) UN(round_even) UN(erf) UN(reciprocal) UN(sin) UN(cos) UN(tan) UN(gelu) UN(softplus) UN(identity)
UN(transpose) UN(reduce_sum) UN(reduce_mean) UN(reduce_max)

static nnx_operand *p_elu(nnx_builder *b, nnx_dtype dt, uint32_t r)
{
    return nnx_builder_elu(b, in(b, dt, r, false), NULL);
}
static nnx_operand *p_clamp(nnx_builder *b, nnx_dtype dt, uint32_t r)
{
    return nnx_builder_clamp(b, in(b, dt, r, false), NULL);
}
static nnx_operand *p_reshape(nnx_builder *b, nnx_dtype dt, uint32_t r)
{
    const uint32_t shape[1] = {1u << r};
    return nnx_builder_reshape(b, in(b, dt, r, false), shape, 1, NULL);
}
static nnx_operand *p_expand(nnx_builder *b, nnx_dtype dt, uint32_t r)
{
    const uint32_t shape[NNX_MAX_RANK] = {2, 2, 2, 2, 2, 2, 2, 2};
    return nnx_builder_expand(b, in(b, dt, r, true), shape, r, NULL);
}
static nnx_operand *p_cast_in(nnx_builder *b, nnx_dtype dt, uint32_t r)
{
    return nnx_builder_cast(b, in(b, dt, r, false), DEF_F, NULL);
}
static nnx_operand *p_cast_out(nnx_builder *b, nnx_dtype dt, uint32_t r)
{
    return nnx_builder_cast(b, in(b, DEF_F, r, false), dt, NULL);
}
static nnx_operand *p_concat(nnx_builder *b, nnx_dtype dt, uint32_t r)
{
    nnx_operand *xs[2] = {in(b, dt, r, false), in(b, dt, r, false)};
    return nnx_builder_concat(b, xs, 2, 0, NULL);
}
static nnx_operand *p_softmax(nnx_builder *b, nnx_dtype dt, uint32_t r)
{
    return nnx_builder_softmax(b, in(b, dt, r, false), 0, NULL);
}
static nnx_operand *p_cumulative_sum(nnx_builder *b, nnx_dtype dt, uint32_t r)
{
    return nnx_builder_cumulative_sum(b, in(b, dt, r, false), 0, NULL);
}
static nnx_operand *p_conv2d(nnx_builder *b, nnx_dtype dt, uint32_t r)
{
    nnx_conv2d_options o = {.bias = in(b, dt, 1, false)};
    return nnx_builder_conv2d(b, in(b, dt, r, false), in(b, dt, 4, false), &o);
}
static nnx_operand *p_gather_in(nnx_builder *b, nnx_dtype dt, uint32_t r)
{
    return nnx_builder_gather(b, in(b, dt, r, false), in(b, NNX_INT32, 1, false), NULL);
}
static nnx_operand *p_gather_idx(nnx_builder *b, nnx_dtype dt, uint32_t r)
{
    return nnx_builder_gather(b, in(b, DEF_F, 1, false), in(b, dt, r, true), NULL);
}
static nnx_operand *p_q_in(nnx_builder *b, nnx_dtype dt, uint32_t r)
{
    return nnx_builder_quantize_linear(b, in(b, dt, r, false), in(b, dt, r, true), in(b, NNX_UINT8, r, true), NULL);
}
static nnx_operand *p_q_zp(nnx_builder *b, nnx_dtype dt, uint32_t r)
{
    return nnx_builder_quantize_linear(b, in(b, DEF_F, r, false), in(b, DEF_F, r, true), in(b, dt, r, true), NULL);
}
static nnx_operand *p_dq_in(nnx_builder *b, nnx_dtype dt, uint32_t r)
{
    return nnx_builder_dequantize_linear(b, in(b, dt, r, false), in(b, DEF_F, r, true), in(b, dt, r, true), NULL);
}
static nnx_operand *p_dq_scale(nnx_builder *b, nnx_dtype dt, uint32_t r)
{
    return nnx_builder_dequantize_linear(b, in(b, NNX_INT8, r, false), in(b, dt, r, true), in(b, NNX_INT8, r, true),
                                         NULL);
}

/* operation; the operands given type dt (the first also gets rank r); the probe. */
typedef struct probe {
    const char *operation;
    const char *operands[3];
    probe_fn fn;
} probe;

#define P2(op, fn) {op, {"a", "b"}, p_##fn}
#define P1(op, fn) {op, {"input"}, p_##fn}
static const probe probes[] = {
    P2("add", add), P2("sub", sub), P2("mul", mul), P2("div", div), P2("max", max), P2("min", min), P2("pow", pow),
    P2("equal", equal), P2("greater", greater), P2("lesser", lesser), P2("logicalAnd", logical_and),
    P2("matmul", matmul),
    {"logicalNot", {"a"}, p_logical_not}, {"isNaN", {"a"}, p_is_nan},
    P1("abs", abs), P1("neg", neg), P1("relu", relu), P1("sign", sign), P1("ceil", ceil), P1("floor", floor),
    P1("exp", exp), P1("log", log), P1("sqrt", sqrt), P1("sigmoid", sigmoid), P1("tanh", tanh),
    P1("roundEven", round_even), P1("erf", erf), P1("reciprocal", reciprocal), P1("sin", sin), P1("cos", cos),
    P1("tan", tan), P1("elu", elu), P1("gelu", gelu), P1("softplus", softplus), P1("identity", identity),
    P1("clamp", clamp), P1("transpose", transpose), P1("reshape", reshape), P1("expand", expand),
    P1("cast", cast_in), {"cast", {"output"}, p_cast_out}, {"concat", {"inputs"}, p_concat},
    P1("softmax", softmax), P1("cumulativeSum", cumulative_sum), P1("reduceSum", reduce_sum),
    P1("reduceMean", reduce_mean), P1("reduceMax", reduce_max),
    {"conv2d", {"input", "filter", "bias"}, p_conv2d},
    P1("gather", gather_in), {"gather", {"indices"}, p_gather_idx},
    {"quantizeLinear", {"input", "scale"}, p_q_in}, {"quantizeLinear", {"zeroPoint"}, p_q_zp},
    {"dequantizeLinear", {"input", "zeroPoint"}, p_dq_in}, {"dequantizeLinear", {"scale"}, p_dq_scale},
};
#define N_PROBES (sizeof probes / sizeof probes[0])

/* ------------------------------------------------------------------ helpers */

static nnx_context *ctx;

static nnx_tensor_limits limits_of(const char *operation, const char *operand)
{
    nnx_tensor_limits l;
    if (nnx_context_operand_limits(ctx, operation, operand, &l) != NNX_OK)
        fail_msg("%s.%s: no limits row", operation, operand);
    return l;
}

static bool in_limits(nnx_tensor_limits l, nnx_dtype dt) { return (l.dtypes >> dt) & 1u; }

/* Builds the probe once; true if accepted (then *out_dt is the output's type). */
static bool try_probe(const probe *p, nnx_dtype dt, uint32_t r, nnx_dtype *out_dt)
{
    nnx_builder *b;
    assert_int_equal(nnx_builder_create(ctx, &b), NNX_OK);
    nnx_operand *y = p->fn(b, dt, r);
    bool ok = nnx_builder_status(b) == NNX_OK;
    if (ok) {
        nnx_operand_desc d;
        nnx_operand_get_desc(y, &d);
        *out_dt = d.dtype;
    } else if (nnx_builder_status(b) != NNX_ERROR_INVALID_ARGUMENT) {
        fail_msg("%s %s: status %s (%s)", p->operation, nnx_dtype_name(dt), nnx_status_string(nnx_builder_status(b)),
                 nnx_builder_error(b));
    }
    nnx_builder_destroy(b);
    return ok;
}

/* ------------------------------------------------------------------ tests */

/* Prints one disagreement (all of them are listed before the test fails); returns 1. */
__attribute__((format(printf, 1, 2))) static int report(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf("\n");
    return 1;
}

/* Every data type: accepted exactly when it is in every probed operand's row; the output
 * types seen equal the output row (over all probes of the operation). */
static void test_dtypes_agree_with_builder(void **state)
{
    (void)state;
    uint32_t seen_out[N_PROBES] = {0};
    int bad = 0;
    for (size_t i = 0; i < N_PROBES; i++) {
        const probe *p = &probes[i];
        uint32_t r = limits_of(p->operation, p->operands[0]).rank_min;
        for (nnx_dtype dt = 1; dt < NDT; dt++) {
            bool want = true;
            for (int k = 0; k < 3 && p->operands[k]; k++)
                want = want && in_limits(limits_of(p->operation, p->operands[k]), dt);
            nnx_dtype odt = NNX_DTYPE_UNDEFINED;
            bool got = try_probe(p, dt, r < 4 && strcmp(p->operation, "conv2d") ? (r ? r : 1) : r, &odt);
            if (got != want)
                bad += report("%s: %s of type %s: the table says %s, the builder %s", p->operation, p->operands[0],
                              nnx_dtype_name(dt), want ? "supported" : "unsupported", got ? "accepts" : "rejects");
            if (got)
                seen_out[i] |= 1u << odt;
        }
    }
    for (size_t i = 0; i < N_PROBES; i++) {
        uint32_t all = 0;
        for (size_t j = 0; j < N_PROBES; j++)
            if (strcmp(probes[j].operation, probes[i].operation) == 0)
                all |= seen_out[j];
        nnx_tensor_limits o = limits_of(probes[i].operation, "output");
        if (o.dtypes != all)
            bad += report("%s: output types 0x%x in the table, 0x%x built", probes[i].operation, o.dtypes, all);
    }
    assert_int_equal(bad, 0);
}

/* Ranks 0..NNX_MAX_RANK of each probe's first operand, at a supported type: accepted exactly
 * inside the row's rank range. */
static void test_ranks_agree_with_builder(void **state)
{
    (void)state;
    int bad = 0;
    for (size_t i = 0; i < N_PROBES; i++) {
        const probe *p = &probes[i];
        nnx_tensor_limits l = limits_of(p->operation, p->operands[0]);
        nnx_dtype dt = 1;
        while (dt < NDT && !in_limits(l, dt))
            dt++;
        assert_true(dt < NDT);
        for (uint32_t r = 0; r <= NNX_MAX_RANK; r++) {
            nnx_dtype odt;
            bool want = r >= l.rank_min && r <= l.rank_max, got = try_probe(p, dt, r, &odt);
            if (got != want)
                bad += report("%s: %s of rank %u: the table says %s, the builder %s", p->operation, p->operands[0],
                              r, want ? "supported" : "unsupported", got ? "accepts" : "rejects");
        }
    }
    assert_int_equal(bad, 0);
}

/* Every row of the table is exercised by a probe (inputs) or is an output row. */
static void test_every_row_is_probed(void **state)
{
    (void)state;
    size_t n = 0;
    const nnx_operand_limits *t = nnx_context_operand_limits_table(ctx, &n);
    assert_non_null(t);
    assert_true(n > 100);
    for (size_t i = 0; i < n; i++) {
        bool covered = false;
        for (size_t j = 0; j < N_PROBES && !covered; j++) {
            if (strcmp(probes[j].operation, t[i].operation) != 0)
                continue;
            covered = strcmp(t[i].operand, "output") == 0;
            for (int k = 0; k < 3 && probes[j].operands[k]; k++)
                covered = covered || strcmp(probes[j].operands[k], t[i].operand) == 0;
        }
        if (!covered)
            fail_msg("row %s.%s is not checked by any probe", t[i].operation, t[i].operand);
        assert_true(t[i].limits.rank_min <= t[i].limits.rank_max && t[i].limits.rank_max <= NNX_MAX_RANK);
    }
}

/* Graph inputs, constants and outputs: every type, ranks 0..NNX_MAX_RANK, the element limit. */
static void test_context_limits(void **state)
{
    (void)state;
    nnx_op_support_limits l;
    assert_int_equal(nnx_context_op_support_limits(ctx, &l), NNX_OK);
    assert_int_equal(l.preferred_input_layout, NNX_LAYOUT_NCHW);
    assert_true(l.max_tensor_elements == 2147483647u);
    assert_true(l.max_tensor_byte_length == 2147483647ull * 8);
    nnx_tensor_limits rows[3] = {l.input, l.constant, l.output};
    for (int k = 0; k < 3; k++)
        assert_true(rows[k].rank_min == 0 && rows[k].rank_max == NNX_MAX_RANK);
    static const unsigned char zeros[64];
    for (nnx_dtype dt = 1; dt < NDT; dt++) {
        nnx_builder *b;
        assert_int_equal(nnx_builder_create(ctx, &b), NNX_OK);
        nnx_operand_desc d = {dt, 2, {2, 3}};
        nnx_operand *x = nnx_builder_input(b, "x", &d);
        bool in_ok = nnx_builder_status(b) == NNX_OK;
        nnx_operand *k = nnx_builder_constant(b, &d, zeros, 6 * nnx_dtype_size(dt));
        bool const_ok = in_ok && nnx_builder_status(b) == NNX_OK;
        nnx_named_operand outs[2] = {{"x", nnx_builder_identity(b, x, NULL)},
                                     {"k", nnx_builder_identity(b, k, NULL)}};
        nnx_graph *g = NULL;
        bool out_ok = const_ok && nnx_builder_build(b, outs, 2, &g) == NNX_OK;
        assert_true(in_ok == in_limits(l.input, dt));
        assert_true(const_ok == in_limits(l.constant, dt));
        if (out_ok != in_limits(l.output, dt))
            fail_msg("graph output of type %s: the table and nnx_builder_build disagree (%s)", nnx_dtype_name(dt),
                     nnx_builder_error(b));
        nnx_graph_destroy(g);
        nnx_builder_destroy(b);
    }
    /* the element limit: 2^31 elements are rejected, 2^31-1 pass the descriptor check */
    nnx_builder *b;
    assert_int_equal(nnx_builder_create(ctx, &b), NNX_OK);
    nnx_operand_desc big = {NNX_INT8, 2, {65536, 32768}};
    nnx_builder_input(b, "big", &big);
    assert_int_equal(nnx_builder_status(b), NNX_ERROR_INVALID_ARGUMENT);
    nnx_builder_destroy(b);
}

static void test_queries(void **state)
{
    (void)state;
    nnx_tensor_limits l;
    assert_int_equal(nnx_context_operand_limits(ctx, "quantizeLinear", "zeroPoint", &l), NNX_OK);
    assert_true(in_limits(l, NNX_INT4) && in_limits(l, NNX_UINT32) && !in_limits(l, NNX_INT16));
    assert_int_equal(nnx_context_operand_limits(ctx, "conv2d", "weights", &l), NNX_ERROR_NOT_SUPPORTED);
    assert_int_equal(l.dtypes, 0);
    assert_int_equal(nnx_context_operand_limits(ctx, "noSuchOp", "input", &l), NNX_ERROR_NOT_SUPPORTED);
    assert_int_equal(nnx_context_operand_limits(ctx, NULL, "input", &l), NNX_ERROR_INVALID_ARGUMENT);
    assert_int_equal(nnx_context_op_support_limits(ctx, NULL), NNX_ERROR_INVALID_ARGUMENT);
    nnx_op_support_limits all;
    assert_int_equal(nnx_context_op_support_limits(NULL, &all), NNX_ERROR_INVALID_STATE);
    size_t n = 7;
    assert_null(nnx_context_operand_limits_table(NULL, &n));
    assert_int_equal(n, 0);
    nnx_context *gone;
    assert_int_equal(nnx_context_create(NULL, &gone), NNX_OK);
    nnx_context_destroy(gone);
    assert_int_equal(nnx_context_op_support_limits(gone, &all), NNX_ERROR_INVALID_STATE);
}

static int setup(void **state)
{
    (void)state;
    return nnx_context_create(NULL, &ctx) == NNX_OK ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    nnx_context_destroy(ctx);
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_dtypes_agree_with_builder),
        cmocka_unit_test(test_ranks_agree_with_builder),
        cmocka_unit_test(test_every_row_is_probed),
        cmocka_unit_test(test_context_limits),
        cmocka_unit_test(test_queries),
    };
    return cmocka_run_group_tests_name("op_support_limits", tests, setup, teardown);
}
