/* test_fold.c — constant folding at plan time (runtime/fold.c), through the public API: a
 * weight that a graph transposes before a matmul is transposed once, when the graph is
 * built, not per dispatch — the folded graph plans less memory (the transposed weight is
 * not a per-run value) and gives the very bytes of the same graph with the weight fed as an
 * input (nothing to fold); a chain of constant-only steps folds whole. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "nnx.h"

#include <string.h>

#define M 8
#define K 64
#define N 48

static float wdata[N * K], xdata[M * K];

/* y = x * transpose(w) with w [N, K] a constant (fold) or an input (no fold); returns the
 * planned bytes and y. */
static uint64_t run(bool weight_constant, float *y)
{
    nnx_context *ctx;
    nnx_builder *b;
    nnx_graph *g;
    assert_int_equal(nnx_context_create(&(nnx_context_options){.threads = 1}, &ctx), NNX_OK);
    assert_int_equal(nnx_builder_create(ctx, &b), NNX_OK);
    nnx_operand_desc xd = {NNX_FLOAT32, 2, {M, K}}, wd = {NNX_FLOAT32, 2, {N, K}}, yd = {NNX_FLOAT32, 2, {M, N}};
    nnx_operand *x = nnx_builder_input(b, "x", &xd);
    nnx_operand *w = weight_constant ? nnx_builder_constant(b, &wd, wdata, sizeof wdata)
                                     : nnx_builder_input(b, "w", &wd);
    nnx_named_operand out = {"y", nnx_builder_matmul(b, x, nnx_builder_transpose(b, w, NULL), NULL)};
    assert_int_equal(nnx_builder_build(b, &out, 1, &g), NNX_OK);
    uint64_t planned = nnx_graph_planned_bytes(g);
    nnx_tensor_desc xt = {xd, false, true}, wt = {wd, false, true}, yt = {yd, true, false};
    nnx_named_tensor in[2] = {{"x", NULL}, {"w", NULL}}, o = {"y", NULL};
    assert_int_equal(nnx_tensor_create(ctx, &xt, &in[0].tensor), NNX_OK);
    assert_int_equal(nnx_tensor_write(in[0].tensor, xdata, sizeof xdata), NNX_OK);
    assert_int_equal(nnx_tensor_create(ctx, &wt, &in[1].tensor), NNX_OK);
    assert_int_equal(nnx_tensor_write(in[1].tensor, wdata, sizeof wdata), NNX_OK);
    assert_int_equal(nnx_tensor_create(ctx, &yt, &o.tensor), NNX_OK);
    for (int r = 0; r < 2; r++) /* a second dispatch reads the same folded weight */
        assert_int_equal(nnx_context_dispatch(ctx, g, in, weight_constant ? 1 : 2, &o, 1), NNX_OK);
    assert_int_equal(nnx_tensor_read(o.tensor, y, M * N * sizeof *y), NNX_OK);
    nnx_context_destroy(ctx);
    return planned;
}

static void test_weight_transpose_folds(void **state)
{
    (void)state;
    for (int i = 0; i < N * K; i++)
        wdata[i] = (float)((i * 7) % 23 - 11) / 8.0f;
    for (int i = 0; i < M * K; i++)
        xdata[i] = (float)((i * 5) % 17 - 8) / 4.0f;
    static float folded[M * N], fed[M * N];
    uint64_t p_folded = run(true, folded), p_fed = run(false, fed);
    assert_memory_equal(folded, fed, sizeof folded);
    assert_true(p_folded + N * K * sizeof(float) <= p_fed);
}

/* ((c + c) * c) of constants only, then added to the input: the constant part folds. */
static void test_constant_chain(void **state)
{
    (void)state;
    nnx_context *ctx;
    nnx_builder *b;
    nnx_graph *g;
    assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
    assert_int_equal(nnx_builder_create(ctx, &b), NNX_OK);
    nnx_operand_desc d = {NNX_FLOAT32, 1, {1024}};
    static float c[1024], x[1024], y[1024];
    for (int i = 0; i < 1024; i++) {
        c[i] = (float)(i % 9) - 4.0f;
        x[i] = (float)i;
    }
    nnx_operand *k = nnx_builder_constant(b, &d, c, sizeof c);
    nnx_operand *kk = nnx_builder_mul(b, nnx_builder_add(b, k, k, NULL), k, NULL);
    nnx_named_operand out = {"y", nnx_builder_add(b, nnx_builder_input(b, "x", &d), kk, NULL)};
    assert_int_equal(nnx_builder_build(b, &out, 1, &g), NNX_OK);
    /* only y is a per-run value: the chain's two results were computed at build time */
    assert_true(nnx_graph_planned_bytes(g) < 2 * sizeof c);
    nnx_tensor_desc td = {d, true, true};
    nnx_named_tensor in = {"x", NULL}, o = {"y", NULL};
    assert_int_equal(nnx_tensor_create(ctx, &td, &in.tensor), NNX_OK);
    assert_int_equal(nnx_tensor_write(in.tensor, x, sizeof x), NNX_OK);
    assert_int_equal(nnx_tensor_create(ctx, &td, &o.tensor), NNX_OK);
    assert_int_equal(nnx_context_dispatch(ctx, g, &in, 1, &o, 1), NNX_OK);
    assert_int_equal(nnx_tensor_read(o.tensor, y, sizeof y), NNX_OK);
    for (int i = 0; i < 1024; i++)
        assert_true(y[i] == x[i] + (c[i] + c[i]) * c[i]);
    nnx_context_destroy(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_weight_transpose_folds),
                                       cmocka_unit_test(test_constant_chain)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
