/* test_memplan.c — the memory plan (runtime/memplan.c) through the public API: a chain of 12
 * element-wise steps over 4 KiB values needs two value buffers, not twelve, yet gives the
 * right results; a value read late keeps its bytes while later ones are made (a residual
 * connection); graph outputs survive to the end, even when computed early; empty values
 * (a zero extent, which ONNX allows) still get distinct, non-NULL bytes. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "nnx.h"
#include "base/alloc.h"
#include "ops/graph_build.h"
#include "runtime/plan.h"

#include <string.h>

#define N 1024

static void run(nnx_context *ctx, nnx_graph *g, const float *x, float *y0, float *y1)
{
    nnx_tensor_desc in_d = {{NNX_FLOAT32, 1, {N}}, false, true}, out_d = {{NNX_FLOAT32, 1, {N}}, true, false};
    nnx_named_tensor in = {"x", NULL}, outs[2] = {{"early", NULL}, {"late", NULL}};
    assert_int_equal(nnx_tensor_create(ctx, &in_d, &in.tensor), NNX_OK);
    assert_int_equal(nnx_tensor_write(in.tensor, x, N * sizeof *x), NNX_OK);
    for (int i = 0; i < 2; i++)
        assert_int_equal(nnx_tensor_create(ctx, &out_d, &outs[i].tensor), NNX_OK);
    assert_int_equal(nnx_context_dispatch(ctx, g, &in, 1, outs, 2), NNX_OK);
    assert_int_equal(nnx_tensor_read(outs[0].tensor, y0, N * sizeof *y0), NNX_OK);
    assert_int_equal(nnx_tensor_read(outs[1].tensor, y1, N * sizeof *y1), NNX_OK);
}

/* early = x + 1 (an output computed first); late = (((x + 1) * 2 + 1) * 2 + 1 ...) + (x + 1),
 * twelve steps, the residual (x + 1) read at the very end. */
static void test_chain_reuses_memory(void **state)
{
    (void)state;
    nnx_context *ctx;
    nnx_builder *b;
    nnx_graph *g;
    assert_int_equal(nnx_context_create(&(nnx_context_options){.threads = 1}, &ctx), NNX_OK);
    assert_int_equal(nnx_builder_create(ctx, &b), NNX_OK);
    nnx_operand_desc d = {NNX_FLOAT32, 1, {N}}, s = {NNX_FLOAT32, 0, {0}};
    const float one = 1, two = 2;
    nnx_operand *x = nnx_builder_input(b, "x", &d);
    nnx_operand *c1 = nnx_builder_constant(b, &s, &one, sizeof one),
                *c2 = nnx_builder_constant(b, &s, &two, sizeof two);
    nnx_operand *early = nnx_builder_add(b, x, c1, NULL), *v = early;
    for (int i = 0; i < 12; i++)
        v = i % 2 ? nnx_builder_add(b, v, c1, NULL) : nnx_builder_mul(b, v, c2, NULL);
    nnx_operand *late = nnx_builder_add(b, v, early, NULL);
    nnx_named_operand outs[2] = {{"early", early}, {"late", late}};
    assert_int_equal(nnx_builder_build(b, outs, 2, &g), NNX_OK);
    /* live at once: early (an output), the chain's current and next value, late: at most 4 */
    uint64_t planned = nnx_graph_planned_bytes(g);
    assert_true(planned >= 3 * N * sizeof(float));
    assert_true(planned <= 4 * N * sizeof(float));
    float x0[N], y0[N], y1[N];
    for (int i = 0; i < N; i++)
        x0[i] = (float)(i % 17) - 8.0f;
    run(ctx, g, x0, y0, y1);
    for (int i = 0; i < N; i++) {
        float e = x0[i] + 1, w = e;
        for (int k = 0; k < 12; k++)
            w = k % 2 ? w + 1 : w * 2;
        assert_true(y0[i] == e);
        assert_true(y1[i] == w + e);
    }
    nnx_graph_destroy(g);
    assert_int_equal(nnx_graph_planned_bytes(g), 0);
    assert_int_equal(nnx_graph_planned_bytes(NULL), 0);
    nnx_context_destroy(ctx);
}

static void test_empty_values(void **state)
{
    (void)state;
    nnx_alloc a;
    assert_true(nnx_alloc_init(&a, NULL));
    nnx_ir ir;
    nnx_ir_init(&ir, &a);
    nnx_error err = {0};
    nnx_operand_desc d = {NNX_FLOAT32, 2, {0, 4}};
    uint32_t x, y, z;
    assert_int_equal(nnx_ir_add_input(&ir, "x", &d, &x, &err), NNX_OK);
    assert_int_equal(nnx_ir_add_node(&ir, NNX_OP_RELU, &x, 1, NULL, 1, "", &y, &err), NNX_OK);
    assert_int_equal(nnx_ir_add_node(&ir, NNX_OP_NEG, &y, 1, NULL, 1, "", &z, &err), NNX_OK);
    nnx_plan plan;
    assert_int_equal(nnx_plan_compile(&plan, &ir, &z, 1, &err), NNX_OK);
    assert_true(plan.arena_bytes >= 64);
    nnx_exec *ex = nnx_exec_create(&plan, &err);
    assert_non_null(ex);
    assert_non_null(ex->buffers[y]);
    assert_non_null(ex->buffers[z]);
    assert_ptr_not_equal(ex->buffers[y], ex->buffers[z]);
    float dummy;
    ex->buffers[x] = &dummy;
    assert_int_equal(nnx_plan_run(&plan, ex, &err), NNX_OK);
    nnx_exec_destroy(&plan, ex);
    nnx_plan_free(&plan);
    nnx_ir_free(&ir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_chain_reuses_memory), cmocka_unit_test(test_empty_values)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
