/* test_model_values.c — input values given at load (nnx_model_options.values, nnx.h): an If
 * whose branches give different shapes loads unstaged once its condition is given, a
 * sequence input becomes the inputs s[0] ... with its length given, and the refusals (a
 * format other than ONNX, a model left unbound, a malformed entry) name their reason.
 * Oracles: the ONNX operator definitions (If, ConcatFromSequence) worked by hand. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "nnx.h"

#define ONNX_DIR NNX_SOURCE_DIR "/tests/data/onnx/"

/* A tensor of ctx holding data. */
static nnx_tensor *tensor_of(nnx_context *ctx, nnx_operand_desc d, const void *data, size_t size)
{
    nnx_tensor_desc td = {d, true, true};
    nnx_tensor *t = NULL;
    assert_int_equal(nnx_tensor_create(ctx, &td, &t), NNX_OK);
    assert_int_equal(nnx_tensor_write(t, data, size), NNX_OK);
    return t;
}

/* If(c) then Relu(x) [3] else ReduceSum(x, keepdims) [1]: staged without c, fixed with it. */
static void test_if_condition_given(void **state)
{
    (void)state;
    const char *path = ONNX_DIR "data_shapes/if_branch_shapes.onnx";
    float x[3] = {-1.5f, 2, 4};
    for (int c = 0; c < 2; c++) {
        uint8_t cond = (uint8_t)c;
        nnx_input_value v = {.name = "c", .kind = NNX_INPUT_VALUE_TENSOR, .desc = {NNX_BOOL, 1, {1}}, .data = &cond};
        nnx_model_options o = {.values = &v, .value_count = 1};
        nnx_context *ctx = NULL;
        assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
        /* c was read while loading: the graph no longer takes it. */
        nnx_named_tensor in = {"x", tensor_of(ctx, (nnx_operand_desc){NNX_FLOAT32, 1, {3}}, x, sizeof x)};
        float out[3] = {0};
        nnx_model *m = NULL;
        assert_int_equal(nnx_model_load(ctx, path, &o, &m), NNX_OK);
        assert_null(nnx_model_staged_reason(m));
        nnx_graph *g = NULL;
        assert_int_equal(nnx_model_build(m, &g), NNX_OK);
        assert_int_equal(nnx_graph_input_count(g), 1);
        nnx_operand_desc od;
        nnx_graph_output_desc(g, 0, &od);
        assert_int_equal(od.shape[0], c ? 3 : 1);
        nnx_tensor_desc td = {od, true, true};
        nnx_tensor *t = NULL;
        assert_int_equal(nnx_tensor_create(ctx, &td, &t), NNX_OK);
        nnx_named_tensor ot = {"out", t};
        if (nnx_context_dispatch(ctx, g, &in, 1, &ot, 1) != NNX_OK)
            fail_msg("dispatch: %s", nnx_context_error(ctx));
        assert_int_equal(nnx_tensor_read(t, out, od.shape[0] * sizeof *out), NNX_OK);
        if (c) {
            assert_true(out[0] == 0 && out[1] == 2 && out[2] == 4);
        } else {
            assert_true(out[0] == 4.5f);
        }
        nnx_context_destroy(ctx);
    }
}

/* ConcatFromSequence(s, axis 0) of a sequence input of length 3 ([2] each): y = s[0] s[1] s[2]. */
static void test_sequence_length_given(void **state)
{
    (void)state;
    nnx_context *ctx = NULL;
    assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
    nnx_input_value v = {.name = "s", .kind = NNX_INPUT_VALUE_SEQUENCE, .length = 3};
    nnx_model_options o = {.values = &v, .value_count = 1};
    nnx_model *m = NULL;
    if (nnx_model_load(ctx, ONNX_DIR "sequence/seq_io.onnx", &o, &m) != NNX_OK)
        fail_msg("load: %s", nnx_context_error(ctx));
    assert_int_equal(nnx_model_input_count(m), 3);
    assert_string_equal(nnx_model_input_name(m, 2), "s[2]");
    nnx_model_destroy(m);
    nnx_context_destroy(ctx);
}

static void test_refusals(void **state)
{
    (void)state;
    nnx_context *ctx = NULL;
    assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
    nnx_model *m = NULL;
    float one = 1;
    nnx_input_value v = {.name = "input", .kind = NNX_INPUT_VALUE_TENSOR, .desc = {NNX_FLOAT32, 1, {1}}, .data = &one};
    nnx_model_options o = {.values = &v, .value_count = 1};
    assert_int_equal(nnx_model_load(ctx, NNX_SOURCE_DIR "/examples/digits/model", &o, &m), NNX_ERROR_INVALID_ARGUMENT);
    assert_non_null(strstr(nnx_context_error(ctx), "take no input values"));
    /* relu_add_batch.onnx keeps its symbolic batch unless a shape binds it: values need fixed
     * shapes (the graph's later shape sets are loaded again, without them). */
    float x[4] = {0};
    nnx_input_value xv = {.name = "x", .kind = NNX_INPUT_VALUE_TENSOR, .desc = {NNX_FLOAT32, 2, {1, 4}}, .data = x};
    nnx_model_options xo = {.values = &xv, .value_count = 1};
    assert_int_equal(nnx_model_load(ctx, ONNX_DIR "relu_add_batch.onnx", &xo, &m), NNX_ERROR_NOT_SUPPORTED);
    assert_non_null(strstr(nnx_context_error(ctx), "still has symbolic dimensions"));
    nnx_input_shape shape = {"x", 2, {1, 4}};
    xo.input_shapes = &shape;
    xo.input_shape_count = 1;
    assert_int_equal(nnx_model_load(ctx, ONNX_DIR "relu_add_batch.onnx", &xo, &m), NNX_OK);
    nnx_model_destroy(m);
    nnx_input_value bad = {.name = NULL, .kind = NNX_INPUT_VALUE_TENSOR};
    nnx_model_options bo = {.values = &bad, .value_count = 1};
    assert_int_equal(nnx_model_load(ctx, ONNX_DIR "relu_add_batch.onnx", &bo, &m), NNX_ERROR_INVALID_ARGUMENT);
    assert_non_null(strstr(nnx_context_error(ctx), "input value 0 has no name"));
    nnx_input_value kind = {.name = "x", .kind = (nnx_input_value_kind)9};
    nnx_model_options ko = {.values = &kind, .value_count = 1};
    assert_int_equal(nnx_model_load(ctx, ONNX_DIR "relu_add_batch.onnx", &ko, &m), NNX_ERROR_INVALID_ARGUMENT);
    nnx_context_destroy(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_if_condition_given),
        cmocka_unit_test(test_sequence_length_given),
        cmocka_unit_test(test_refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
