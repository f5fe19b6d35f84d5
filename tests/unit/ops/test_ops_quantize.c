/* test_ops_quantize.c — quantize_linear / dequantize_linear against the numpy oracle
 * (tests/data/ops_quantize_expected.h, made by gen_ops_quantize.py: per-tensor, per-axis and
 * blockwise, every zero-point type, ties to even, saturation), dequantize bit-exact (rounded
 * once), and an end-to-end quantize -> dequantize graph through the public builder API. */
#include "gen_case_runner.h"

#include "../../data/ops_quantize_expected.h"

#include "nnx.h"
#include "ops/table.h"

/* Every float result of the generated cases equals the oracle's exactly (the runner only
 * checks within a few ulps): the kernel rounds once, as the exact rational oracle does. */
static void test_float_results_exact(void **state)
{
    (void)state;
    size_t checked = 0;
    for (size_t c = 0; c < sizeof gen_cases / sizeof gen_cases[0]; c++) {
        const gen_case *g = &gen_cases[c];
        if (!g->out.f)
            continue;
        nnx_node node = {.op = g->op, .n_in = 3, .n_out = 1};
        nnx_view in[3];
        void *bufs[3];
        for (int i = 0; i < 3; i++) {
            bufs[i] = gen_buffer(&g->in[i]);
            in[i] = (nnx_view){gen_desc(&g->in[i]), bufs[i]};
        }
        nnx_operand_desc od = gen_desc(&g->out);
        size_t bytes;
        assert_true(nnx_desc_bytes(&od, &bytes));
        void *y = calloc(1, bytes ? bytes : 1);
        assert_non_null(y);
        nnx_view out = {od, y};
        assert_int_equal(nnx_node_kernel(&node, in, &out), NNX_OK);
        for (size_t e = 0; e < gen_count(&g->out); e++) {
            unsigned char want[8];
            nnx_store_f(od.dtype, want, 0, g->out.f[e]);
            size_t es = nnx_dtype_size(od.dtype);
            if (memcmp(want, (unsigned char *)y + e * es, es) != 0)
                fail_msg("%s: element %zu is %.17g, expected %.17g", g->name, e, nnx_load_f(od.dtype, y, e),
                         g->out.f[e]);
            checked++;
        }
        free(y);
        for (int i = 0; i < 3; i++)
            free(bufs[i]);
    }
    assert_true(checked > 100);
}

/* y = dequantizeLinear(quantizeLinear(x, s, zp), s, zp) with blockwise [2,2] scales on a
 * [2,4] input, both through the builder; q is a second output. */
static void test_builder_round_trip(void **state)
{
    (void)state;
    nnx_context *ctx;
    nnx_builder *b;
    nnx_graph *g = NULL;
    assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
    assert_int_equal(nnx_builder_create(ctx, &b), NNX_OK);
    nnx_operand_desc xd = {NNX_FLOAT32, 2, {2, 4}}, sd = {NNX_FLOAT32, 2, {2, 2}}, zd = {NNX_INT8, 2, {2, 2}};
    const float s0[4] = {0.5f, 2.0f, 1.0f, 0.25f};
    const int8_t z0[4] = {1, -2, 0, 100};
    nnx_operand *x = nnx_builder_input(b, "x", &xd);
    nnx_operand *s = nnx_builder_constant(b, &sd, s0, sizeof s0);
    nnx_operand *z = nnx_builder_constant(b, &zd, z0, sizeof z0);
    nnx_operand *q = nnx_builder_quantize_linear(b, x, s, z, NULL);
    nnx_operand *y = nnx_builder_dequantize_linear(b, q, s, z, NULL);
    nnx_operand_desc qd;
    nnx_operand_get_desc(q, &qd);
    assert_int_equal(qd.dtype, NNX_INT8);
    nnx_named_operand outs[2] = {{"q", q}, {"y", y}};
    assert_int_equal(nnx_builder_build(b, outs, 2, &g), NNX_OK);
    const float xv[8] = {1.25f, -0.25f, 5.0f, 3.0f, 2.5f, -3.5f, 100.0f, -40.0f};
    nnx_tensor_desc xt = {xd, true, true}, qt = {{NNX_INT8, 2, {2, 4}}, true, true}, yt = {xd, true, true};
    nnx_tensor *tx, *tq, *ty;
    assert_int_equal(nnx_tensor_create(ctx, &xt, &tx), NNX_OK);
    assert_int_equal(nnx_tensor_create(ctx, &qt, &tq), NNX_OK);
    assert_int_equal(nnx_tensor_create(ctx, &yt, &ty), NNX_OK);
    assert_int_equal(nnx_tensor_write(tx, xv, sizeof xv), NNX_OK);
    nnx_named_tensor in = {"x", tx}, out[2] = {{"q", tq}, {"y", ty}};
    assert_int_equal(nnx_context_dispatch(ctx, g, &in, 1, out, 2), NNX_OK);
    int8_t qv[8];
    float yv[8];
    assert_int_equal(nnx_tensor_read(tq, qv, sizeof qv), NNX_OK);
    assert_int_equal(nnx_tensor_read(ty, yv, sizeof yv), NNX_OK);
    /* row 0: cols 0-1 s=0.5 z=1 (2.5 -> 2, -0.5 -> -0), cols 2-3 s=2 z=-2 (2.5 -> 2, 1.5 -> 2);
     * row 1: s=1 z=0 (-3.5 -> -4), s=0.25 z=100 (400 + 100 saturates to 127) */
    const int8_t qw[8] = {3, 1, 0, 0, 2, -4, 127, -60};
    const float yw[8] = {1.0f, 0.0f, 4.0f, 4.0f, 2.0f, -4.0f, 6.75f, -40.0f};
    for (int k = 0; k < 8; k++) {
        assert_int_equal(qv[k], qw[k]);
        assert_true(yv[k] == yw[k]);
    }
    assert_int_equal(nnx_graph_save(g, "/tmp/nnx_test_quantize_save_unused"), NNX_ERROR_NOT_SUPPORTED);
    assert_non_null(strstr(nnx_context_error(ctx), "quantize_linear"));
    nnx_context_destroy(ctx);
}

int main(void)
{
    static const struct CMUnitTest fixed[] = {
        cmocka_unit_test(test_float_results_exact),
        cmocka_unit_test(test_builder_round_trip),
    };
    return gen_run_all("ops_quantize", fixed, sizeof fixed / sizeof fixed[0], gen_cases,
                       sizeof gen_cases / sizeof gen_cases[0]);
}
