/* test_alloc_failure.c — allocation failure is survivable: through the allocator hook, the
 * Nth allocation fails, for every N, while creating a context, building, compiling and
 * dispatching a graph. Each run must end in NNX_ERROR_OUT_OF_MEMORY (or succeed once N is
 * past the last allocation) and leave no block allocated. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "../common/counting_alloc.h"
#include "nnx.h"

/* Builds conv2d -> relu -> split -> concat -> reshape -> reduceMean + add, then dispatches.
 * Returns the first non-OK status. */
static nnx_status scenario(nnx_context *ctx, float *result)
{
    nnx_builder *b = NULL;
    nnx_graph *g = NULL;
    nnx_tensor *tx = NULL, *ty = NULL;
    nnx_status st = nnx_builder_create(ctx, &b);
    if (st != NNX_OK)
        return st;
    nnx_operand_desc xd = {NNX_FLOAT32, 4, {1, 2, 4, 4}}, wd = {NNX_FLOAT32, 4, {4, 2, 3, 3}},
                     bd = {NNX_FLOAT32, 1, {4}};
    float w[4 * 2 * 3 * 3], bias[4] = {0.5f, -0.5f, 1, 0};
    for (int i = 0; i < 72; i++)
        w[i] = (float)((i % 7) - 3) / 8.0f;
    nnx_operand *x = nnx_builder_input(b, "x", &xd);
    nnx_operand *wc = nnx_builder_constant(b, &wd, w, sizeof w);
    nnx_operand *bc = nnx_builder_constant(b, &bd, bias, sizeof bias);
    uint32_t pad[4] = {1, 1, 1, 1};
    nnx_operand *y = nnx_builder_relu(
        b,
        nnx_builder_conv2d(b, x, wc,
                           &(nnx_conv2d_options){.label = "conv", .padding = pad, .padding_count = 4, .bias = bc}),
        NULL);
    nnx_operand *parts[2];
    nnx_builder_split(b, y, 2, &(nnx_split_options){.axis = 1}, parts);
    nnx_operand *cat = nnx_builder_concat(b, parts, 2, 1, NULL);
    uint32_t shape[2] = {4, 16};
    nnx_operand *r = nnx_builder_reshape(b, cat, shape, 2, NULL);
    nnx_operand *m = nnx_builder_reduce_mean(b, r, NULL);
    nnx_operand *out = nnx_builder_add(b, m, nnx_builder_constant_scalar(b, NNX_FLOAT32, nnx_f64(1.0)), NULL);
    st = nnx_builder_build(b, &(nnx_named_operand){"y", out}, 1, &g);
    nnx_builder_destroy(b);
    if (st != NNX_OK)
        return st;
    st = nnx_tensor_create(ctx, &(nnx_tensor_desc){xd, false, true}, &tx);
    if (st == NNX_OK)
        st = nnx_tensor_create(ctx, &(nnx_tensor_desc){{NNX_FLOAT32, 0, {0}}, true, false}, &ty);
    float xin[32];
    for (int i = 0; i < 32; i++)
        xin[i] = (float)i / 16.0f;
    if (st == NNX_OK)
        st = nnx_tensor_write(tx, xin, sizeof xin);
    if (st == NNX_OK)
        st = nnx_context_dispatch(ctx, g, &(nnx_named_tensor){"x", tx}, 1, &(nnx_named_tensor){"y", ty}, 1);
    if (st == NNX_OK)
        st = nnx_tensor_read(ty, result, sizeof *result);
    /* graph and tensors are left for nnx_context_destroy to free (ownership rule 2) */
    return st;
}

static void test_every_allocation_fails_once(void **state)
{
    (void)state;
    float expected = 0;
    counting_alloc probe = {0};
    nnx_context_options opts = {.threads = 1, .allocator = counting_alloc_hook(&probe)};
    nnx_context *ctx;
    assert_int_equal(nnx_context_create(&opts, &ctx), NNX_OK);
    assert_int_equal(scenario(ctx, &expected), NNX_OK);
    nnx_context_destroy(ctx);
    assert_int_equal(probe.live, 0);
    long total = probe.calls;
    assert_true(total > 20);

    for (long n = 1; n <= total; n++) {
        counting_alloc c = {.fail_at = n};
        opts.allocator.user = &c;
        nnx_status st = nnx_context_create(&opts, &ctx);
        if (st == NNX_OK) {
            float got = -1;
            st = scenario(ctx, &got);
            nnx_context_destroy(ctx);
        }
        if (st != NNX_ERROR_OUT_OF_MEMORY)
            fail_msg("failing allocation %ld of %ld gave %s instead of out of memory", n, total, nnx_status_string(st));
        if (c.live != 0)
            fail_msg("failing allocation %ld of %ld leaked %ld blocks", n, total, c.live);
    }
    /* one past the last allocation: everything succeeds with the same result */
    counting_alloc c = {.fail_at = total + 1};
    opts.allocator.user = &c;
    assert_int_equal(nnx_context_create(&opts, &ctx), NNX_OK);
    float again = -1;
    assert_int_equal(scenario(ctx, &again), NNX_OK);
    nnx_context_destroy(ctx);
    assert_true(again == expected);
    assert_int_equal(c.live, 0);
}

static void test_partial_allocator_is_rejected(void **state)
{
    (void)state;
    nnx_context_options opts = {.allocator = {.alloc = counting_alloc_alloc}};
    nnx_context *ctx = (nnx_context *)&opts;
    assert_int_equal(nnx_context_create(&opts, &ctx), NNX_ERROR_INVALID_ARGUMENT);
    assert_null(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_allocation_fails_once),
        cmocka_unit_test(test_partial_allocator_is_rejected),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
