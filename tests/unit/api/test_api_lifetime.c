/* test_api_lifetime.c — destroying handles (WebNN destroy(): idempotent, later calls are clean
 * errors): tensors, builders, graphs, models and contexts may be destroyed twice, and every
 * later call fails with the status the WebNN method steps give (TypeError -> INVALID_ARGUMENT
 * for tensors, InvalidStateError -> INVALID_STATE for graphs, builders, models and contexts) and
 * never touches freed memory (ASan build); thousands of destroyed handles stay bounded. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "nnx.h"

static const nnx_operand_desc vec3 = {NNX_FLOAT32, 1, {3}};

/* y = x + x over [3]. */
static nnx_graph *double_graph(nnx_context *ctx)
{
    nnx_builder *b;
    assert_int_equal(nnx_builder_create(ctx, &b), NNX_OK);
    nnx_operand *x = nnx_builder_input(b, "x", &vec3);
    nnx_named_operand out = {"y", nnx_builder_add(b, x, x, NULL)};
    nnx_graph *g = NULL;
    assert_int_equal(nnx_builder_build(b, &out, 1, &g), NNX_OK);
    nnx_builder_destroy(b);
    return g;
}

static nnx_tensor *tensor(nnx_context *ctx)
{
    nnx_tensor *t;
    nnx_tensor_desc d = {.desc = vec3, .readable = true, .writable = true};
    assert_int_equal(nnx_tensor_create(ctx, &d, &t), NNX_OK);
    return t;
}

static void test_tensor_destroy(void **state)
{
    (void)state;
    nnx_context *ctx;
    assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
    nnx_tensor *t = tensor(ctx);
    nnx_tensor_destroy(t);
    nnx_tensor_destroy(t); /* idempotent */
    float v[3] = {1, 2, 3};
    assert_int_equal(nnx_tensor_write(t, v, sizeof v), NNX_ERROR_INVALID_ARGUMENT);
    assert_string_equal(nnx_context_error(ctx), "write tensor: the tensor was destroyed");
    assert_int_equal(nnx_tensor_read(t, v, sizeof v), NNX_ERROR_INVALID_ARGUMENT);
    assert_string_equal(nnx_context_error(ctx), "read tensor: the tensor was destroyed");
    nnx_tensor_desc d;
    nnx_tensor_get_desc(t, &d);
    assert_int_equal(d.desc.rank, 0);

    /* dispatch with a destroyed tensor, and a constant from one */
    nnx_graph *g = double_graph(ctx);
    nnx_tensor *out = tensor(ctx);
    nnx_named_tensor in = {"x", t}, o = {"y", out};
    assert_int_equal(nnx_context_dispatch(ctx, g, &in, 1, &o, 1), NNX_ERROR_INVALID_ARGUMENT);
    assert_string_equal(nnx_context_error(ctx), "dispatch: input 'x' is a destroyed tensor");
    nnx_tensor *k;
    assert_int_equal(nnx_tensor_create_constant(ctx, &vec3, v, sizeof v, &k), NNX_OK);
    nnx_tensor_destroy(k);
    nnx_builder *b;
    assert_int_equal(nnx_builder_create(ctx, &b), NNX_OK);
    nnx_builder_constant_tensor(b, k);
    assert_int_equal(nnx_builder_status(b), NNX_ERROR_INVALID_ARGUMENT);
    assert_non_null(strstr(nnx_builder_error(b), "the tensor was destroyed"));
    nnx_context_destroy(ctx);
}

static void test_graph_destroy(void **state)
{
    (void)state;
    nnx_context *ctx;
    assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
    nnx_graph *g = double_graph(ctx);
    nnx_tensor *x = tensor(ctx), *y = tensor(ctx);
    nnx_graph_destroy(g);
    nnx_graph_destroy(g);
    nnx_named_tensor in = {"x", x}, o = {"y", y};
    assert_int_equal(nnx_context_dispatch(ctx, g, &in, 1, &o, 1), NNX_ERROR_INVALID_STATE);
    assert_string_equal(nnx_context_error(ctx), "dispatch: the graph was destroyed");
    assert_int_equal(nnx_graph_input_count(g), 0);
    assert_int_equal(nnx_graph_output_count(g), 0);
    assert_null(nnx_graph_output_name(g, 0));
    nnx_operand_desc d = vec3;
    nnx_graph_output_desc(g, 0, &d);
    assert_int_equal(d.rank, 0);
    assert_int_equal(nnx_graph_save(g, "/nonexistent/never-written"), NNX_ERROR_INVALID_STATE);
    nnx_context_destroy(ctx);
}

static void test_builder_destroy(void **state)
{
    (void)state;
    nnx_context *ctx;
    assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
    nnx_builder *b;
    assert_int_equal(nnx_builder_create(ctx, &b), NNX_OK);
    nnx_builder_input(b, "x", &vec3);
    nnx_builder_destroy(b);
    nnx_builder_destroy(b);
    assert_int_equal(nnx_builder_status(b), NNX_ERROR_INVALID_STATE);
    assert_string_equal(nnx_builder_error(b), "the builder was destroyed");
    nnx_operand *z = nnx_builder_input(b, "z", &vec3); /* the poisoned operand, not a crash */
    assert_non_null(z);
    nnx_operand_desc d = vec3;
    nnx_operand_get_desc(z, &d);
    assert_int_equal(d.rank, 0);
    nnx_named_operand out = {"y", z};
    nnx_graph *g = (nnx_graph *)&out;
    assert_int_equal(nnx_builder_build(b, &out, 1, &g), NNX_ERROR_INVALID_STATE);
    assert_null(g);
    nnx_context_destroy(ctx);
}

static void test_model_destroy(void **state)
{
    (void)state;
    nnx_context *ctx;
    assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
    nnx_model *m;
    assert_int_equal(nnx_model_load(ctx, NNX_SOURCE_DIR "/examples/digits/model", NULL, &m), NNX_OK);
    assert_int_equal(nnx_model_input_count(m), 1);
    nnx_model_destroy(m);
    nnx_model_destroy(m);
    assert_int_equal(nnx_model_input_count(m), 0);
    assert_null(nnx_model_input_name(m, 0));
    assert_null(nnx_model_dot(m));
    nnx_graph *g;
    assert_int_equal(nnx_model_build(m, &g), NNX_ERROR_INVALID_STATE);
    assert_string_equal(nnx_context_error(ctx), "model build: the model was destroyed");
    nnx_context_destroy(ctx);
}

/* After the context goes, its handle and the handles made from it fail cleanly. */
static void test_context_destroy(void **state)
{
    (void)state;
    nnx_context *ctx;
    assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
    nnx_graph *g = double_graph(ctx);
    nnx_tensor *x = tensor(ctx), *y = tensor(ctx);
    nnx_builder *b;
    assert_int_equal(nnx_builder_create(ctx, &b), NNX_OK);
    nnx_context_destroy(ctx);
    nnx_context_destroy(ctx);
    assert_string_equal(nnx_context_error(ctx), "the context was destroyed");
    nnx_tensor *t = NULL;
    nnx_tensor_desc td = {.desc = vec3};
    assert_int_equal(nnx_tensor_create(ctx, &td, &t), NNX_ERROR_INVALID_STATE);
    assert_null(t);
    nnx_builder *b2 = NULL;
    assert_int_equal(nnx_builder_create(ctx, &b2), NNX_ERROR_INVALID_STATE);
    nnx_model *m = NULL;
    assert_int_equal(nnx_model_load(ctx, NNX_SOURCE_DIR "/examples/digits/model", NULL, &m), NNX_ERROR_INVALID_STATE);
    nnx_named_tensor in = {"x", x}, o = {"y", y};
    assert_int_equal(nnx_context_dispatch(ctx, g, &in, 1, &o, 1), NNX_ERROR_INVALID_STATE);
    float v[3] = {0};
    assert_int_equal(nnx_tensor_write(x, v, sizeof v), NNX_ERROR_INVALID_ARGUMENT);
    assert_int_equal(nnx_graph_output_count(g), 0);
    assert_int_equal(nnx_builder_status(b), NNX_ERROR_INVALID_STATE);
    nnx_tensor_destroy(x);
    nnx_graph_destroy(g);
    nnx_builder_destroy(b);
}

/* Many more destroyed handles than the graveyard keeps: memory stays bounded, nothing leaks
 * (the ASan build checks), and the latest ones still answer cleanly. */
static void test_many_destroyed_handles(void **state)
{
    (void)state;
    nnx_context *ctx;
    assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
    nnx_tensor *last = NULL;
    for (int i = 0; i < 10000; i++) {
        last = tensor(ctx);
        nnx_tensor_destroy(last);
    }
    float v[3];
    assert_int_equal(nnx_tensor_read(last, v, sizeof v), NNX_ERROR_INVALID_ARGUMENT);
    nnx_context_destroy(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tensor_destroy),  cmocka_unit_test(test_graph_destroy),
        cmocka_unit_test(test_builder_destroy), cmocka_unit_test(test_model_destroy),
        cmocka_unit_test(test_context_destroy), cmocka_unit_test(test_many_destroyed_handles),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
