/* test_symbolic_shapes.c — models whose inputs keep symbolic dimensions load without shapes
 * and bind them at dispatch: the declared names, values at several shapes (relu(x) + b by
 * hand), a graph per shape set identical to loading with that shape, the binding errors,
 * extents bound by dimension name,
 * the least-recently-used cache, and dispatches of different shapes from several threads
 * (also built under ThreadSanitizer by scripts/run-tests.sh). */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "nnx.h"

#define BATCH_MODEL NNX_SOURCE_DIR "/tests/data/onnx/relu_add_batch.onnx"
#define PAIR_MODEL NNX_SOURCE_DIR "/tests/data/onnx/relu_add_pair.onnx"

static const float kBias[4] = {0.5f, -1.0f, 2.0f, 0.25f}; /* relu_add_batch.onnx's b */

static nnx_context *context(void)
{
    nnx_context *ctx = NULL;
    assert_int_equal(nnx_context_create(&(nnx_context_options){.threads = 1}, &ctx), NNX_OK);
    return ctx;
}

static nnx_graph *build(nnx_context *ctx, const char *path, const nnx_model_options *o)
{
    nnx_model *m = NULL;
    nnx_graph *g = NULL;
    assert_int_equal(nnx_model_load(ctx, path, o, &m), NNX_OK);
    assert_int_equal(nnx_model_build(m, &g), NNX_OK);
    nnx_model_destroy(m);
    return g;
}

static nnx_tensor *tensor(nnx_context *ctx, nnx_dtype dt, uint32_t d0, uint32_t d1)
{
    nnx_tensor_desc d = {.desc = {dt, 2, {d0, d1}}, .readable = true, .writable = true};
    nnx_tensor *t = NULL;
    assert_int_equal(nnx_tensor_create(ctx, &d, &t), NNX_OK);
    return t;
}

static float input_value(uint32_t row, uint32_t col) { return (float)((int)(row * 7 + col * 3) % 11) - 5.0f; }

/* Dispatches g (relu_add_batch) at [rows,4] and checks y = relu(x) + b; returns y's bytes. */
static void run_batch(nnx_context *ctx, nnx_graph *g, uint32_t rows, float *y)
{
    float x[64 * 4];
    assert_true(rows <= 64);
    for (uint32_t r = 0; r < rows; r++)
        for (uint32_t c = 0; c < 4; c++)
            x[r * 4 + c] = input_value(r, c);
    nnx_tensor *tx = tensor(ctx, NNX_FLOAT32, rows, 4), *ty = tensor(ctx, NNX_FLOAT32, rows, 4);
    assert_int_equal(nnx_tensor_write(tx, x, rows * 4 * sizeof *x), NNX_OK);
    nnx_named_tensor in = {"x", tx}, out = {"y", ty};
    assert_int_equal(nnx_context_dispatch(ctx, g, &in, 1, &out, 1), NNX_OK);
    assert_int_equal(nnx_tensor_read(ty, y, rows * 4 * sizeof *y), NNX_OK);
    for (uint32_t i = 0; i < rows * 4; i++) {
        float want = (x[i] > 0 ? x[i] : 0) + kBias[i % 4];
        assert_true(y[i] == want);
    }
    nnx_tensor_destroy(tx);
    nnx_tensor_destroy(ty);
}

static void test_model_declares_names(void **state)
{
    (void)state;
    nnx_context *ctx = context();
    nnx_model *m = NULL;
    assert_int_equal(nnx_model_load(ctx, BATCH_MODEL, NULL, &m), NNX_OK);
    nnx_operand_desc d;
    nnx_model_input_desc(m, 0, &d);
    assert_int_equal(d.dtype, NNX_FLOAT32);
    assert_int_equal(d.rank, 2);
    assert_int_equal(d.shape[0], 0);
    assert_int_equal(d.shape[1], 4);
    assert_string_equal(nnx_model_input_dim_name(m, 0, 0), "batch");
    assert_null(nnx_model_input_dim_name(m, 0, 1));
    assert_null(nnx_model_input_dim_name(m, 1, 0));
    assert_string_equal(nnx_model_output_dim_name(m, 0, 0), "batch");
    assert_int_equal(nnx_model_op_count(m), 2);
    uint64_t count = 0, bytes = 0;
    nnx_model_parameters(m, &count, &bytes);
    assert_int_equal(count, 4);
    /* writing needs every shape */
    assert_int_equal(nnx_model_save(m, "/nonexistent/out.nnef"), NNX_ERROR_NOT_SUPPORTED);
    assert_non_null(strstr(nnx_context_error(ctx), "dimension 0 ('batch') has no extent"));
    /* a model loaded with its shape has no symbolic dimension */
    nnx_input_shape s = {"x", 2, {3, 4}};
    nnx_model *fixed = NULL;
    assert_int_equal(
        nnx_model_load(ctx, BATCH_MODEL, &(nnx_model_options){.input_shapes = &s, .input_shape_count = 1}, &fixed),
        NNX_OK);
    assert_null(nnx_model_input_dim_name(fixed, 0, 0));
    nnx_context_destroy(ctx);
}

static void test_dispatch_binds_each_shape(void **state)
{
    (void)state;
    nnx_context *ctx = context();
    nnx_graph *g = build(ctx, BATCH_MODEL, NULL);
    assert_string_equal(nnx_graph_input_dim_name(g, 0, 0), "batch");
    assert_null(nnx_graph_input_dim_name(g, 0, 1));
    assert_int_equal(nnx_graph_planned_bytes(g), 0); /* nothing compiled yet */
    nnx_operand_desc in = {NNX_FLOAT32, 2, {3, 4}}, out;
    assert_int_equal(nnx_graph_bind_shapes(g, &in, 1, &out, 1), NNX_OK);
    assert_int_equal(out.rank, 2);
    assert_int_equal(out.shape[0], 3);
    assert_int_equal(out.shape[1], 4);
    float y[64 * 4];
    uint32_t rows[] = {3, 1, 64, 3, 2, 0}; /* 0: an empty batch gives an empty output */
    for (size_t k = 0; k < sizeof rows / sizeof *rows; k++)
        run_batch(ctx, g, rows[k], y);
    assert_int_equal(nnx_graph_save(g, "/nonexistent/g.nnef"), NNX_ERROR_NOT_SUPPORTED);
    nnx_context_destroy(ctx);
}

/* The graph compiled for a shape set is the graph of the model loaded with that shape. */
static void test_same_as_loading_with_the_shape(void **state)
{
    (void)state;
    nnx_context *ctx = context();
    nnx_graph *unbound = build(ctx, BATCH_MODEL, NULL);
    nnx_input_shape s = {"x", 2, {5, 4}};
    nnx_graph *fixed = build(ctx, BATCH_MODEL, &(nnx_model_options){.input_shapes = &s, .input_shape_count = 1});
    float a[64 * 4], b[64 * 4];
    run_batch(ctx, unbound, 5, a);
    run_batch(ctx, fixed, 5, b);
    assert_memory_equal(a, b, 5 * 4 * sizeof *a);
    assert_int_equal(nnx_graph_planned_bytes(unbound), nnx_graph_planned_bytes(fixed));
    assert_int_equal(nnx_graph_profile_count(unbound), nnx_graph_profile_count(fixed));
    nnx_context_destroy(ctx);
}

static void expect_dispatch_error(nnx_context *ctx, nnx_graph *g, const nnx_named_tensor *in, size_t n_in,
                                  nnx_tensor *y, const char *message)
{
    nnx_named_tensor out = {"y", y};
    assert_int_equal(nnx_context_dispatch(ctx, g, in, n_in, &out, 1), NNX_ERROR_INVALID_ARGUMENT);
    if (!strstr(nnx_context_error(ctx), message))
        fail_msg("got \"%s\", want \"%s\"", nnx_context_error(ctx), message);
}

static void test_binding_errors(void **state)
{
    (void)state;
    nnx_context *ctx = context();
    nnx_graph *g = build(ctx, BATCH_MODEL, NULL);
    nnx_tensor *y = tensor(ctx, NNX_FLOAT32, 3, 4);
    nnx_named_tensor x35 = {"x", tensor(ctx, NNX_FLOAT32, 3, 5)};
    expect_dispatch_error(ctx, g, &x35, 1, y, "dispatch: input 'x' dimension 1 is 5, the graph expects 4");
    nnx_named_tensor xi = {"x", tensor(ctx, NNX_INT32, 3, 4)};
    expect_dispatch_error(ctx, g, &xi, 1, y, "dispatch: input 'x' is int32[3,4], the graph expects float32[batch,4]");
    nnx_named_tensor x24 = {"x", tensor(ctx, NNX_FLOAT32, 2, 4)};
    expect_dispatch_error(ctx, g, &x24, 1, y, "output 'y' is float32[3,4], the graph expects float32[2,4]");
    nnx_named_tensor bad = {"q", x24.tensor};
    expect_dispatch_error(ctx, g, &bad, 1, y, "the graph has no input named 'q'");

    /* a named dimension's maximum (WebNN's proposed MLDynamicDimension maxSize) */
    assert_int_equal(nnx_graph_set_dim_max(g, "batch", 2), NNX_OK);
    expect_dispatch_error(ctx, g, &(nnx_named_tensor){"x", tensor(ctx, NNX_FLOAT32, 3, 4)}, 1, y,
                          "input 'x' dimension 0 ('batch') is 3, above its maximum 2");
    assert_int_equal(nnx_graph_set_dim_max(g, "height", 2), NNX_ERROR_INVALID_ARGUMENT);
    assert_int_equal(nnx_graph_set_dim_max(g, "batch", 0), NNX_OK);

    nnx_graph *pair = build(ctx, PAIR_MODEL, NULL);
    assert_string_equal(nnx_graph_input_dim_name(pair, 1, 0), "batch");
    assert_string_equal(nnx_graph_output_dim_name(pair, 0, 1), "seq");
    nnx_named_tensor in[2] = {{"x", tensor(ctx, NNX_FLOAT32, 2, 3)}, {"z", tensor(ctx, NNX_FLOAT32, 3, 1)}};
    expect_dispatch_error(ctx, pair, in, 2, tensor(ctx, NNX_FLOAT32, 2, 3),
                          "input 'z' dimension 0 ('batch') is 3, but input 'x' dimension 0 ('batch') is 2");
    nnx_operand_desc descs[2] = {{NNX_FLOAT32, 2, {2, 3}}, {NNX_FLOAT32, 2, {2, 1}}}, out;
    assert_int_equal(nnx_graph_bind_shapes(pair, descs, 2, &out, 1), NNX_OK);
    assert_int_equal(out.shape[0], 2);
    assert_int_equal(out.shape[1], 3);
    assert_int_equal(nnx_graph_bind_shapes(pair, descs, 1, &out, 1), NNX_ERROR_INVALID_ARGUMENT);
    nnx_context_destroy(ctx);
}

/* With room for one shape set, alternating shapes recompile and still give the right values. */
static void test_cache_limit(void **state)
{
    (void)state;
    nnx_context *ctx = context();
    nnx_graph *g = build(ctx, BATCH_MODEL, NULL);
    assert_int_equal(nnx_graph_set_shape_cache_limit(g, 0), NNX_ERROR_INVALID_ARGUMENT);
    assert_int_equal(nnx_graph_set_shape_cache_limit(g, 1), NNX_OK);
    float y[64 * 4];
    for (int k = 0; k < 6; k++)
        run_batch(ctx, g, k % 2 ? 4 : 9, y);
    assert_int_equal(nnx_graph_set_shape_cache_limit(g, 3), NNX_OK);
    for (int k = 0; k < 6; k++)
        run_batch(ctx, g, (uint32_t)(k % 3 + 1), y);
    nnx_context_destroy(ctx);
}

/* Extents bound by dimension name (nnx_model_options.dims), partly or wholly. */
static void test_named_dimensions(void **state)
{
    (void)state;
    nnx_context *ctx = context();
    nnx_model *m = NULL;
    nnx_dim_binding batch = {"batch", 2};
    assert_int_equal(nnx_model_load(ctx, PAIR_MODEL, &(nnx_model_options){.dims = &batch, .dim_count = 1}, &m), NNX_OK);
    nnx_operand_desc d;
    nnx_model_input_desc(m, 1, &d); /* z [batch, 1] */
    assert_int_equal(d.shape[0], 2);
    assert_null(nnx_model_input_dim_name(m, 1, 0));
    assert_string_equal(nnx_model_input_dim_name(m, 0, 1), "seq"); /* still open */
    nnx_model_output_desc(m, 0, &d);
    assert_int_equal(d.shape[0], 2);
    assert_null(nnx_model_output_dim_name(m, 0, 0));
    nnx_model_destroy(m);

    nnx_dim_binding both[2] = {{"seq", 5}, {"batch", 3}};
    assert_int_equal(nnx_model_load(ctx, PAIR_MODEL, &(nnx_model_options){.dims = both, .dim_count = 2}, &m), NNX_OK);
    nnx_model_input_desc(m, 0, &d);
    assert_int_equal(d.shape[0], 3);
    assert_int_equal(d.shape[1], 5);
    assert_null(nnx_model_input_dim_name(m, 0, 1));
    nnx_model_destroy(m);

    nnx_dim_binding unknown = {"height", 2}, twice[2] = {{"batch", 1}, {"batch", 2}};
    assert_int_equal(nnx_model_load(ctx, PAIR_MODEL, &(nnx_model_options){.dims = &unknown, .dim_count = 1}, &m),
                     NNX_ERROR_INVALID_ARGUMENT);
    assert_non_null(strstr(nnx_context_error(ctx), "an extent is given for dimension 'height', but no graph input"));
    assert_int_equal(nnx_model_load(ctx, PAIR_MODEL, &(nnx_model_options){.dims = twice, .dim_count = 2}, &m),
                     NNX_ERROR_INVALID_ARGUMENT);
    assert_non_null(strstr(nnx_context_error(ctx), "two extents are given for dimension 'batch'"));
    nnx_context_destroy(ctx);
}

typedef struct worker {
    nnx_context *ctx;
    nnx_graph *g;
    uint32_t rows;
    int failures;
} worker;

static void *work(void *arg)
{
    worker *w = arg;
    float x[8 * 4], y[8 * 4];
    for (uint32_t i = 0; i < w->rows * 4; i++)
        x[i] = input_value(i / 4, i % 4);
    nnx_tensor_desc dx = {.desc = {NNX_FLOAT32, 2, {w->rows, 4}}, .writable = true};
    nnx_tensor_desc dy = {.desc = {NNX_FLOAT32, 2, {w->rows, 4}}, .readable = true};
    nnx_tensor *tx = NULL, *ty = NULL;
    if (nnx_tensor_create(w->ctx, &dx, &tx) != NNX_OK || nnx_tensor_create(w->ctx, &dy, &ty) != NNX_OK)
        w->failures++;
    for (int run = 0; run < 20 && !w->failures; run++) {
        nnx_named_tensor in = {"x", tx}, out = {"y", ty};
        if (nnx_tensor_write(tx, x, sizeof x[0] * w->rows * 4) != NNX_OK ||
            nnx_context_dispatch(w->ctx, w->g, &in, 1, &out, 1) != NNX_OK ||
            nnx_tensor_read(ty, y, sizeof y[0] * w->rows * 4) != NNX_OK) {
            w->failures++;
            break;
        }
        for (uint32_t i = 0; i < w->rows * 4; i++)
            w->failures += y[i] != (x[i] > 0 ? x[i] : 0) + kBias[i % 4];
    }
    nnx_tensor_destroy(tx);
    nnx_tensor_destroy(ty);
    return NULL;
}

/* Threads dispatching different shapes through a cache of one: entries are evicted while
 * other threads still run on them. */
static void test_threads_with_different_shapes(void **state)
{
    (void)state;
    nnx_context *ctx = context();
    nnx_graph *g = build(ctx, BATCH_MODEL, NULL);
    assert_int_equal(nnx_graph_set_shape_cache_limit(g, 1), NNX_OK);
    enum { N = 3 };
    worker w[N];
    pthread_t t[N];
    for (int i = 0; i < N; i++) {
        w[i] = (worker){ctx, g, (uint32_t)(i + 1), 0};
        assert_int_equal(pthread_create(&t[i], NULL, work, &w[i]), 0);
    }
    for (int i = 0; i < N; i++) {
        pthread_join(t[i], NULL);
        assert_int_equal(w[i].failures, 0);
    }
    nnx_context_destroy(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_model_declares_names),
        cmocka_unit_test(test_dispatch_binds_each_shape),
        cmocka_unit_test(test_same_as_loading_with_the_shape),
        cmocka_unit_test(test_binding_errors),
        cmocka_unit_test(test_cache_limit),
        cmocka_unit_test(test_named_dimensions),
        cmocka_unit_test(test_threads_with_different_shapes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
