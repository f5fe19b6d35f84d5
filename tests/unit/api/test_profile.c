/* test_profile.c — per-step timing through the public API (nnx_graph_set_profiling,
 * nnx_graph_profile_count, nnx_graph_profile_step): a conv whose relu is fused into it and
 * a sigmoid after it are two steps in execution order, with the op names, the fused part
 * and the kernel kind; totals count only dispatches made while profiling is on, turning it
 * on again resets them, and bad indexes / handles give nothing. Each step names the tensor
 * it produces as the model does (an ONNX model's node outputs), "" for a builder's. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "nnx.h"

#include <string.h>

typedef struct fixture {
    nnx_context *ctx;
    nnx_graph *g;
    nnx_tensor *x, *y;
} fixture;

static void build(fixture *f)
{
    static float w[8 * 4 * 3 * 3];
    for (size_t i = 0; i < sizeof w / sizeof w[0]; i++)
        w[i] = (float)(i % 7) * 0.125f - 0.375f;
    nnx_builder *b;
    assert_int_equal(nnx_context_create(&(nnx_context_options){.threads = 1}, &f->ctx), NNX_OK);
    assert_int_equal(nnx_builder_create(f->ctx, &b), NNX_OK);
    nnx_operand_desc xd = {NNX_FLOAT32, 4, {1, 4, 16, 16}}, wd = {NNX_FLOAT32, 4, {8, 4, 3, 3}},
                     yd = {NNX_FLOAT32, 4, {1, 8, 14, 14}};
    nnx_operand *y = nnx_builder_conv2d(b, nnx_builder_input(b, "x", &xd), nnx_builder_constant(b, &wd, w, sizeof w),
                                        NULL);
    y = nnx_builder_sigmoid(b, nnx_builder_relu(b, y, NULL), NULL);
    nnx_named_operand out = {"y", y};
    assert_int_equal(nnx_builder_build(b, &out, 1, &f->g), NNX_OK);
    assert_int_equal(nnx_tensor_create(f->ctx, &(nnx_tensor_desc){xd, true, true}, &f->x), NNX_OK);
    assert_int_equal(nnx_tensor_create(f->ctx, &(nnx_tensor_desc){yd, true, true}, &f->y), NNX_OK);
}

static void dispatch(fixture *f, int times)
{
    nnx_named_tensor in = {"x", f->x}, out = {"y", f->y};
    for (int i = 0; i < times; i++)
        assert_int_equal(nnx_context_dispatch(f->ctx, f->g, &in, 1, &out, 1), NNX_OK);
}

static void test_steps_and_totals(void **state)
{
    (void)state;
    fixture f;
    build(&f);
    assert_int_equal(nnx_graph_profile_count(f.g), 2);
    nnx_profile_step s;
    dispatch(&f, 2); /* not profiled */
    assert_true(nnx_graph_profile_step(f.g, 0, &s));
    assert_int_equal(s.runs, 0);
    assert_int_equal(s.nanoseconds, 0);

    assert_int_equal(nnx_graph_set_profiling(f.g, true), NNX_OK);
    dispatch(&f, 3);
    assert_true(nnx_graph_profile_step(f.g, 0, &s));
    assert_string_equal(s.op, "conv");
    assert_string_equal(s.fused, "clamp");
    assert_string_equal(s.kernel, "fast");
    assert_string_equal(s.output, ""); /* the builder names no values */
    assert_int_equal(s.runs, 3);
    assert_true(s.nanoseconds > 0);
    assert_true(nnx_graph_profile_step(f.g, 1, &s));
    assert_string_equal(s.op, "sigmoid");
    assert_string_equal(s.fused, "");
    assert_int_equal(s.runs, 3);
    uint64_t sigmoid_ns = s.nanoseconds;

    assert_int_equal(nnx_graph_set_profiling(f.g, false), NNX_OK);
    dispatch(&f, 2); /* off: the totals stay */
    assert_true(nnx_graph_profile_step(f.g, 1, &s));
    assert_int_equal(s.runs, 3);
    assert_int_equal(s.nanoseconds, sigmoid_ns);

    assert_int_equal(nnx_graph_set_profiling(f.g, true), NNX_OK); /* on again: reset */
    assert_true(nnx_graph_profile_step(f.g, 1, &s));
    assert_int_equal(s.runs, 0);
    assert_int_equal(s.nanoseconds, 0);
    dispatch(&f, 1);
    assert_true(nnx_graph_profile_step(f.g, 1, &s));
    assert_int_equal(s.runs, 1);
    nnx_context_destroy(f.ctx);
}

static void test_bad_arguments(void **state)
{
    (void)state;
    fixture f;
    build(&f);
    nnx_profile_step s;
    memset(&s, 0xAB, sizeof s);
    assert_false(nnx_graph_profile_step(f.g, 2, &s));
    assert_null(s.op);
    assert_int_equal(s.runs, 0);
    assert_false(nnx_graph_profile_step(f.g, 0, NULL));
    assert_false(nnx_graph_profile_step(NULL, 0, &s));
    assert_int_equal(nnx_graph_profile_count(NULL), 0);
    assert_int_equal(nnx_graph_set_profiling(NULL, true), NNX_ERROR_INVALID_ARGUMENT);
    nnx_graph_destroy(f.g);
    assert_int_equal(nnx_graph_set_profiling(f.g, true), NNX_ERROR_INVALID_STATE);
    assert_int_equal(nnx_graph_profile_count(f.g), 0);
    assert_false(nnx_graph_profile_step(f.g, 0, &s));
    nnx_context_destroy(f.ctx);
}

/* conv_pool.onnx: Conv -> c, Relu -> r, MaxPool -> y (onnx.load(...).graph.node outputs);
 * nnx_model_format_name of models of three formats. */
static void test_output_names(void **state)
{
    (void)state;
    nnx_context *ctx;
    nnx_model *m;
    nnx_graph *g;
    assert_int_equal(nnx_context_create(&(nnx_context_options){.threads = 1}, &ctx), NNX_OK);
    assert_int_equal(nnx_model_load(ctx, NNX_SOURCE_DIR "/tests/data/onnx/conv_pool.onnx", NULL, &m), NNX_OK);
    assert_string_equal(nnx_model_format_name(m), "onnx");
    assert_int_equal(nnx_model_build(m, &g), NNX_OK);
    static const char *const ops[] = {"conv", "relu", "max_pool"}, *const outputs[] = {"c", "r", "y"};
    assert_int_equal(nnx_graph_profile_count(g), 3);
    for (size_t i = 0; i < 3; i++) {
        nnx_profile_step s;
        assert_true(nnx_graph_profile_step(g, i, &s));
        assert_string_equal(s.op, ops[i]);
        assert_string_equal(s.output, outputs[i]);
    }
    nnx_model_destroy(m);
    assert_null(nnx_model_format_name(m));
    /* the format the content shows: an NNEF folder, NNVM graph JSON */
    assert_int_equal(nnx_model_load(ctx, NNX_SOURCE_DIR "/examples/digits/model", NULL, &m), NNX_OK);
    assert_string_equal(nnx_model_format_name(m), "nnef");
    assert_int_equal(nnx_model_load(ctx, NNX_SOURCE_DIR "/tests/data/nnvm/vgg_like/graph.json", NULL, &m), NNX_OK);
    assert_string_equal(nnx_model_format_name(m), "nnvm");
    assert_null(nnx_model_format_name(NULL));
    nnx_context_destroy(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_steps_and_totals), cmocka_unit_test(test_bad_arguments),
                                       cmocka_unit_test(test_output_names)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
