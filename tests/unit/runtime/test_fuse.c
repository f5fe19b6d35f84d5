/* test_fuse.c — activations fused into the fast kernel that produces their input
 * (runtime/fuse.c), through the public API: a float32 conv followed by relu, by clamp(0, 6),
 * by max(., 0) then min(., 6) with scalar constants and the other way round (ONNX's relu6),
 * a conv whose sum with an existing value (a residual) is followed by relu, two
 * convolutions summed, a depthwise conv with those clamps and residual adds, and matmuls
 * followed by the add of a bias row or a residual and a clamp (batched, against one
 * matrix, one row). The oracle is the same graph with the pre-activation value also an
 * output, which
 * keeps the activation a separate step: the fused result must be those very bytes (NaN and
 * -0 in the input included), and a fused conv must plan one value buffer less. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "nnx.h"

#include <math.h>
#include <string.h>

#define XN (2 * 8 * 12 * 10) /* 120 outputs a plane: GEMM panels of 32, 32, 32 and 16 + 8 */
#define YN (2 * 16 * 12 * 10)

typedef enum { ACT_RELU, ACT_CLAMP, ACT_MAXMIN, ACT_MINMAX } act_kind;

static float xin[XN], w[16 * 8 * 3 * 3], bias[16], other[YN];
static uint32_t groups = 1; /* 8: the conv is depthwise (depth multiplier 2) */

static nnx_operand *activation(nnx_builder *b, nnx_operand *y, act_kind k)
{
    if (k == ACT_RELU)
        return nnx_builder_relu(b, y, NULL);
    if (k == ACT_CLAMP) {
        nnx_clamp_options o = {.min_value = nnx_f64(0), .max_value = nnx_f64(6)};
        return nnx_builder_clamp(b, y, &o);
    }
    nnx_operand_desc s = {NNX_FLOAT32, 0, {0}};
    const float zero = 0, six = 6;
    nnx_operand *lo = nnx_builder_constant(b, &s, &zero, sizeof zero),
                *hi = nnx_builder_constant(b, &s, &six, sizeof six);
    if (k == ACT_MINMAX) /* the order ONNX's Clip gives */
        return nnx_builder_max(b, nnx_builder_min(b, y, hi, NULL), lo, NULL);
    return nnx_builder_min(b, nnx_builder_max(b, y, lo, NULL), hi, NULL);
}

/* Builds the graph with outputs "act" = act and, with keep, "pre" = pre too; runs it on x
 * (input "x" of xd, from xin) and reads "act" (n floats of yd) into out; destroys ctx.
 * Returns the planned bytes. */
static uint64_t build_and_run(nnx_context *ctx, nnx_builder *b, nnx_operand *act, nnx_operand *pre, bool keep,
                              const nnx_operand_desc *xd, const nnx_operand_desc *yd, size_t n, float *out)
{
    nnx_graph *g;
    nnx_named_operand outs[2] = {{"act", act}, {"pre", pre}};
    if (nnx_builder_build(b, outs, keep ? 2 : 1, &g) != NNX_OK)
        fail_msg("build: %s", nnx_builder_error(b));
    uint64_t planned = nnx_graph_planned_bytes(g);
    size_t n_in = 1;
    for (uint32_t i = 0; i < xd->rank; i++)
        n_in *= xd->shape[i];
    assert_true(n_in <= XN);
    nnx_tensor_desc in_d = {*xd, false, true}, out_d = {*yd, true, false};
    nnx_named_tensor in = {"x", NULL}, ot[2] = {{"act", NULL}, {"pre", NULL}};
    assert_int_equal(nnx_tensor_create(ctx, &in_d, &in.tensor), NNX_OK);
    assert_int_equal(nnx_tensor_write(in.tensor, xin, n_in * sizeof(float)), NNX_OK);
    for (int i = 0; i < 2; i++)
        assert_int_equal(nnx_tensor_create(ctx, &out_d, &ot[i].tensor), NNX_OK);
    assert_int_equal(nnx_context_dispatch(ctx, g, &in, 1, ot, keep ? 2 : 1), NNX_OK);
    assert_int_equal(nnx_tensor_read(ot[0].tensor, out, n * sizeof *out), NNX_OK);
    nnx_context_destroy(ctx);
    return planned;
}

/* y = act(conv(x) [+ other]); with keep, the pre-activation value is an output too. Returns
 * the planned bytes and the activation's output in out. */
static uint64_t run(act_kind k, bool add, bool keep, float *out)
{
    nnx_context *ctx;
    nnx_builder *b;
    assert_int_equal(nnx_context_create(&(nnx_context_options){.threads = 2}, &ctx), NNX_OK);
    assert_int_equal(nnx_builder_create(ctx, &b), NNX_OK);
    nnx_operand_desc xd = {NNX_FLOAT32, 4, {2, 8, 12, 10}}, wd = {NNX_FLOAT32, 4, {16, 8 / groups, 3, 3}},
                     bd = {NNX_FLOAT32, 1, {16}}, yd = {NNX_FLOAT32, 4, {2, 16, 12, 10}};
    nnx_operand *x = nnx_builder_input(b, "x", &xd);
    nnx_conv2d_options co = {.padding = (const uint32_t[]){1, 1, 1, 1},
                             .padding_count = 4,
                             .groups = groups,
                             .bias = nnx_builder_constant(b, &bd, bias, sizeof bias)};
    nnx_operand *y = nnx_builder_conv2d(b, x, nnx_builder_constant(b, &wd, w, sizeof w / groups), &co);
    if (add)
        y = nnx_builder_add(b, y, nnx_builder_constant(b, &yd, other, sizeof other), NULL);
    return build_and_run(ctx, b, activation(b, y, k), y, keep, &xd, &yd, YN, out);
}

static void check(act_kind k, bool add)
{
    static float fused[YN], separate[YN];
    uint64_t p_fused = run(k, add, false, fused), p_separate = run(k, add, true, separate);
    assert_memory_equal(fused, separate, sizeof fused);
    /* fused, the activation's (and the residual add's) output is the conv's buffer; kept
     * separate, the pre-activation value lives on beside it */
    assert_true(p_fused + YN * sizeof(float) <= p_separate);
    bool clipped = false;
    for (int i = 0; i < YN; i++)
        clipped |= fused[i] == 0.0f || fused[i] == 6.0f;
    assert_true(clipped); /* the data does reach the bounds */
}

/* Two convolutions of x summed, then relu: the second conv takes the first's output as its
 * residual (it exists before), so one conv step does add and relu; the bytes must be those
 * of the graph that keeps the sum as an output too. */
static void run_two(bool keep, float *out)
{
    nnx_context *ctx;
    nnx_builder *b;
    assert_int_equal(nnx_context_create(&(nnx_context_options){.threads = 2}, &ctx), NNX_OK);
    assert_int_equal(nnx_builder_create(ctx, &b), NNX_OK);
    nnx_operand_desc xd = {NNX_FLOAT32, 4, {2, 8, 12, 10}}, wd = {NNX_FLOAT32, 4, {16, 8, 3, 3}},
                     yd = {NNX_FLOAT32, 4, {2, 16, 12, 10}};
    nnx_operand *x = nnx_builder_input(b, "x", &xd), *wc = nnx_builder_constant(b, &wd, w, sizeof w);
    nnx_conv2d_options co = {.padding = (const uint32_t[]){1, 1, 1, 1}, .padding_count = 4};
    nnx_operand *y1 = nnx_builder_conv2d(b, x, wc, &co),
                *y2 = nnx_builder_conv2d(b, nnx_builder_neg(b, x, NULL), wc, &co);
    nnx_operand *sum = nnx_builder_add(b, y2, y1, NULL);
    build_and_run(ctx, b, nnx_builder_relu(b, sum, NULL), sum, keep, &xd, &yd, YN, out);
}

static void test_residual_of_two_convs(void **state)
{
    (void)state;
    static float fused[YN], separate[YN];
    run_two(false, fused);
    run_two(true, separate);
    assert_memory_equal(fused, separate, sizeof fused);
}

/* act(x · w + r) with x [batches, rows, K] and w [K, 50] (or one per batch: [batches, K,
 * 50]), r a bias row [50] or a residual of the output's shape; with keep the sum is an
 * output too. Returns the planned bytes; the activation's output in out. */
#define MM_N 50
#define MM_MAX (3 * 37 * MM_N)
typedef struct mm_case {
    uint32_t batches, rows, K;
    bool batched_w, whole_residual;
    act_kind k;
} mm_case;

static uint64_t run_matmul(const mm_case *c, bool keep, float *out)
{
    static float wm[96 * MM_N], row[MM_N], res[MM_MAX];
    assert_true((size_t)c->batches * c->rows * c->K <= XN && (c->batched_w ? c->batches : 1) * c->K <= 96);
    for (size_t i = 0; i < sizeof wm / sizeof *wm; i++)
        wm[i] = (float)((int)(i * 29 % 23) - 11) / 16.0f;
    for (int i = 0; i < MM_N; i++)
        row[i] = (float)(i % 7 - 3) / 2.0f;
    for (int i = 0; i < MM_MAX; i++)
        res[i] = (float)(i % 11 - 5);
    nnx_context *ctx;
    nnx_builder *b;
    assert_int_equal(nnx_context_create(&(nnx_context_options){.threads = 2}, &ctx), NNX_OK);
    assert_int_equal(nnx_builder_create(ctx, &b), NNX_OK);
    nnx_operand_desc xd = {NNX_FLOAT32, 3, {c->batches, c->rows, c->K}},
                     wd = c->batched_w ? (nnx_operand_desc){NNX_FLOAT32, 3, {c->batches, c->K, MM_N}}
                                       : (nnx_operand_desc){NNX_FLOAT32, 2, {c->K, MM_N}},
                     yd = {NNX_FLOAT32, 3, {c->batches, c->rows, MM_N}}, rd = {NNX_FLOAT32, 1, {MM_N}};
    size_t n_out = (size_t)c->batches * c->rows * MM_N;
    nnx_operand *x = nnx_builder_input(b, "x", &xd);
    size_t w_bytes = (c->batched_w ? c->batches : 1) * c->K * MM_N * sizeof(float);
    nnx_operand *y = nnx_builder_matmul(b, x, nnx_builder_constant(b, &wd, wm, w_bytes), NULL);
    nnx_operand *r = c->whole_residual ? nnx_builder_constant(b, &yd, res, n_out * sizeof(float))
                                       : nnx_builder_constant(b, &rd, row, sizeof row);
    y = nnx_builder_add(b, y, r, NULL);
    return build_and_run(ctx, b, activation(b, y, c->k), y, keep, &xd, &yd, n_out, out);
}

/* The fused matmul gives the separate steps' bytes (NaN and -0 of x included) and plans
 * the sum's buffer away. */
static void test_matmul_epilogues(void **state)
{
    (void)state;
    static const mm_case cases[] = {
        {3, 37, 16, false, false, ACT_RELU},  /* one tall product, bias row */
        {3, 37, 16, false, true, ACT_CLAMP},  /* residual of the output's shape */
        {3, 37, 16, true, false, ACT_MINMAX}, /* a product per batch, bias row */
        {2, 37, 16, true, true, ACT_MAXMIN},  /* a product per batch, residual */
        {1, 1, 96, false, false, ACT_RELU},   /* one row (the matrix-vector path) */
    };
    static float fused[MM_MAX], separate[MM_MAX];
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        const mm_case *c = &cases[i];
        size_t n = (size_t)c->batches * c->rows * MM_N;
        uint64_t p_fused = run_matmul(c, false, fused), p_separate = run_matmul(c, true, separate);
        assert_memory_equal(fused, separate, n * sizeof(float));
        if (!(p_fused + n * sizeof(float) <= p_separate))
            fail_msg("case %zu: planned %llu fused, %llu separate", i, (unsigned long long)p_fused,
                     (unsigned long long)p_separate);
    }
}

static int setup(void **state)
{
    (void)state;
    uint32_t s = 12345;
    for (int i = 0; i < XN; i++) {
        s = s * 1103515245u + 12345u;
        xin[i] = i == 100 ? NAN : i == 200 ? -0.0f : (float)((int)(s >> 16) % 2000 - 1000) / 100.0f;
    }
    for (size_t i = 0; i < sizeof w / sizeof *w; i++)
        w[i] = (float)((int)(i * 37 % 21) - 10) / 40.0f;
    for (int i = 0; i < 16; i++)
        bias[i] = (float)(i - 8) / 4.0f;
    for (int i = 0; i < YN; i++)
        other[i] = (float)(i % 13 - 6);
    return 0;
}

static void test_conv_relu(void **state)
{
    (void)state;
    check(ACT_RELU, false);
}
static void test_conv_clamp(void **state)
{
    (void)state;
    check(ACT_CLAMP, false);
}
static void test_conv_max_min(void **state)
{
    (void)state;
    check(ACT_MAXMIN, false);
}
static void test_conv_min_max(void **state)
{
    (void)state;
    check(ACT_MINMAX, false);
}
static void test_add_relu(void **state)
{
    (void)state;
    check(ACT_RELU, true);
}

/* The same with a depthwise conv (groups 8, depth multiplier 2): relu6 as clamp and as
 * ONNX's min/max, and the residual add before relu and before clamp. */
static void depthwise_check(act_kind k, bool add)
{
    groups = 8;
    check(k, add);
    groups = 1;
}
static void test_depthwise_clamp(void **state)
{
    (void)state;
    depthwise_check(ACT_CLAMP, false);
}
static void test_depthwise_min_max(void **state)
{
    (void)state;
    depthwise_check(ACT_MINMAX, false);
}
static void test_depthwise_add_relu(void **state)
{
    (void)state;
    depthwise_check(ACT_RELU, true);
}
static void test_depthwise_add_clamp(void **state)
{
    (void)state;
    depthwise_check(ACT_CLAMP, true);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_conv_relu),          cmocka_unit_test(test_conv_clamp),
        cmocka_unit_test(test_conv_max_min),       cmocka_unit_test(test_conv_min_max),
        cmocka_unit_test(test_add_relu),           cmocka_unit_test(test_residual_of_two_convs),
        cmocka_unit_test(test_depthwise_clamp),    cmocka_unit_test(test_depthwise_min_max),
        cmocka_unit_test(test_depthwise_add_relu), cmocka_unit_test(test_depthwise_add_clamp),
        cmocka_unit_test(test_matmul_epilogues)};
    return cmocka_run_group_tests(tests, setup, NULL);
}
