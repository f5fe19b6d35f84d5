/* test_tensor_view.c — nnx_tensor_create_view (nnx.h, "tensors"): a dispatch reads its inputs
 * from and writes its outputs into the caller's memory in place; descriptors, sizes and
 * alignment are checked; destroying the view (or the context) leaves the memory alone. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "nnx.h"

/* y = x + x over float32[2, 3]. */
static nnx_graph *doubling_graph(nnx_context *ctx)
{
    nnx_builder *b = NULL;
    assert_int_equal(nnx_builder_create(ctx, &b), NNX_OK);
    nnx_operand_desc d = {NNX_FLOAT32, 2, {2, 3}};
    nnx_operand *x = nnx_builder_input(b, "x", &d);
    nnx_named_operand out = {"y", nnx_builder_add(b, x, x, NULL)};
    nnx_graph *g = NULL;
    assert_int_equal(nnx_builder_build(b, &out, 1, &g), NNX_OK);
    nnx_builder_destroy(b);
    return g;
}

static void test_dispatch_in_place(void **state)
{
    (void)state;
    nnx_context *ctx = NULL;
    assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
    nnx_graph *g = doubling_graph(ctx);
    float in[6] = {1, 2, 3, 4, 5, -6}, out[6] = {0};
    nnx_tensor_desc td = {{NNX_FLOAT32, 2, {2, 3}}, true, true};
    nnx_tensor *ti = NULL, *to = NULL;
    assert_int_equal(nnx_tensor_create_view(ctx, &td, in, sizeof in, &ti), NNX_OK);
    assert_int_equal(nnx_tensor_create_view(ctx, &td, out, sizeof out, &to), NNX_OK);
    nnx_named_tensor i = {"x", ti}, o = {"y", to};
    assert_int_equal(nnx_context_dispatch(ctx, g, &i, 1, &o, 1), NNX_OK);
    for (int k = 0; k < 6; k++)
        assert_true(out[k] == 2 * in[k]);
    /* The caller's memory is the tensor's: a change is seen by the next dispatch and read. */
    in[0] = 10;
    assert_int_equal(nnx_context_dispatch(ctx, g, &i, 1, &o, 1), NNX_OK);
    assert_true(out[0] == 20);
    float back[6];
    assert_int_equal(nnx_tensor_read(to, back, sizeof back), NNX_OK);
    assert_memory_equal(back, out, sizeof out);
    nnx_tensor_destroy(ti);
    nnx_graph_destroy(g);
    /* `to` is still owned by the context: destroying the context must not free `out`. */
    nnx_context_destroy(ctx);
    assert_true(out[0] == 20);
}

static void test_checks(void **state)
{
    (void)state;
    nnx_context *ctx = NULL;
    assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
    _Alignas(8) unsigned char mem[32] = {0};
    nnx_tensor_desc td = {{NNX_FLOAT32, 1, {4}}, true, true};
    nnx_tensor *t = (nnx_tensor *)&t;
    assert_int_equal(nnx_tensor_create_view(ctx, &td, mem, 12, &t), NNX_ERROR_INVALID_ARGUMENT);
    assert_null(t);
    assert_non_null(strstr(nnx_context_error(ctx), "12 bytes given, the descriptor needs 16"));
    assert_int_equal(nnx_tensor_create_view(ctx, &td, mem + 2, 16, &t), NNX_ERROR_INVALID_ARGUMENT);
    assert_non_null(strstr(nnx_context_error(ctx), "not aligned"));
    assert_int_equal(nnx_tensor_create_view(ctx, NULL, mem, 16, &t), NNX_ERROR_INVALID_ARGUMENT);
    assert_int_equal(nnx_tensor_create_view(ctx, &td, NULL, 16, &t), NNX_ERROR_INVALID_ARGUMENT);
    nnx_tensor_desc bad = {{NNX_FLOAT32, 1, {0}}, true, true};
    assert_int_equal(nnx_tensor_create_view(ctx, &bad, NULL, 0, &t), NNX_OK); /* empty: no data */
    nnx_tensor_destroy(t);
    /* uint8 needs no alignment. */
    nnx_tensor_desc u8 = {{NNX_UINT8, 1, {3}}, true, false};
    assert_int_equal(nnx_tensor_create_view(ctx, &u8, mem + 1, 3, &t), NNX_OK);
    assert_int_equal(nnx_tensor_write(t, mem, 3), NNX_ERROR_INVALID_ARGUMENT); /* not writable */
    nnx_tensor_destroy(t);
    nnx_context_destroy(ctx);
    assert_int_equal(nnx_tensor_create_view(NULL, &td, mem, 16, &t), NNX_ERROR_INVALID_ARGUMENT);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_dispatch_in_place),
        cmocka_unit_test(test_checks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
