/* test_nnef_run_quant.c — graph.quant applied at run time (NNX_MODEL_APPLY_QUANTIZATION, `nnx
 * run --quantize`): a model whose graph.quant names tensors must give, bit for bit, what the
 * same graph gives with the quantization operations written inline (whose bodies
 * test_nnef_run_compounds checks against numpy); without the flag graph.quant changes nothing;
 * bounds the operation cannot use are an error that names the entry. */
#define _POSIX_C_SOURCE 200809L
#include "nnef_run_harness.h"

static const char quant_graph[] = "version 1.0;\n"
                                  "graph q( x ) -> ( y )\n"
                                  "{\n"
                                  "    x = external(shape = [2, 5]);\n"
                                  "    w = constant(shape = [1, 5], value = [0.3, -0.7, 1.9, -2.2, 0.05]);\n"
                                  "    h = mul(x, w);\n"
                                  "    y = exp(h);\n"
                                  "}\n";

static const char quant_entries[] = "\"x\": linear_quantize(min = -1.0, max = 1.0, bits = 4);\n"
                                    "\"h\": logarithmic_quantize(max = 4.0, bits = 3);\n"
                                    "\"y\": linear_quantize(min = 0.0, max = 3.0, bits = 8);\n";

static const char inline_graph[] = "version 1.0;\n"
                                   "graph q( x ) -> ( y )\n"
                                   "{\n"
                                   "    x = external(shape = [2, 5]);\n"
                                   "    xq = linear_quantize(x, -1.0, 1.0, bits = 4);\n"
                                   "    w = constant(shape = [1, 5], value = [0.3, -0.7, 1.9, -2.2, 0.05]);\n"
                                   "    h = mul(xq, w);\n"
                                   "    hq = logarithmic_quantize(h, 4.0, bits = 3);\n"
                                   "    e = exp(hq);\n"
                                   "    y = linear_quantize(e, 0.0, 3.0, bits = 8);\n"
                                   "}\n";

static const float quant_input[10] = {-1.5f, -0.9f, -0.31f, 0.0f, 0.07f, 0.2f, 0.49f, 0.77f, 1.0f, 2.5f};

/* Loads and runs the model; returns the build status (the output is filled on NNX_OK). */
static nnx_status run_model(nnx_context *ctx, const char *doc, const char *quant, uint32_t flags, float y[10])
{
    char dir[300];
    write_quantized_document(doc, quant, dir, sizeof dir);
    nnx_model *m = NULL;
    nnx_status st = nnx_model_load(ctx, dir, &(nnx_model_options){.flags = flags}, &m);
    remove_document(dir);
    if (st != NNX_OK)
        fail_msg("nnx_model_load: %s", nnx_context_error(ctx));
    nnx_graph *g = NULL;
    st = nnx_model_build(m, &g);
    nnx_model_destroy(m);
    if (st != NNX_OK)
        return st;
    nnx_tensor *in, *out;
    nnx_operand_desc d = {NNX_FLOAT32, 2, {2, 5}};
    assert_int_equal(nnx_tensor_create(ctx, &(nnx_tensor_desc){.desc = d, .writable = true}, &in), NNX_OK);
    assert_int_equal(nnx_tensor_create(ctx, &(nnx_tensor_desc){.desc = d, .readable = true}, &out), NNX_OK);
    assert_int_equal(nnx_tensor_write(in, quant_input, sizeof quant_input), NNX_OK);
    nnx_named_tensor i = {"x", in}, o = {"y", out};
    if (nnx_context_dispatch(ctx, g, &i, 1, &o, 1) != NNX_OK)
        fail_msg("dispatch: %s", nnx_context_error(ctx));
    assert_int_equal(nnx_tensor_read(out, y, 10 * sizeof *y), NNX_OK);
    return NNX_OK;
}

static void test_quantize_matches_inline_ops(void **state)
{
    (void)state;
    nnx_context *ctx;
    assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
    float applied[10], inlined[10], ignored[10], plain[10];
    assert_int_equal(run_model(ctx, quant_graph, quant_entries, NNX_MODEL_APPLY_QUANTIZATION, applied), NNX_OK);
    assert_int_equal(run_model(ctx, inline_graph, NULL, 0, inlined), NNX_OK);
    assert_int_equal(run_model(ctx, quant_graph, quant_entries, 0, ignored), NNX_OK);
    assert_int_equal(run_model(ctx, quant_graph, NULL, 0, plain), NNX_OK);
    assert_memory_equal(applied, inlined, sizeof applied);
    assert_memory_equal(ignored, plain, sizeof ignored);
    /* the quantized outputs lie on the 8-bit grid of [0, 3]: k * 3/255 */
    int differ = 0;
    for (int k = 0; k < 10; k++) {
        double steps = applied[k] / (3.0 / 255.0);
        assert_true(fabs(steps - nearbyint(steps)) < 1e-3);
        differ += applied[k] != plain[k];
    }
    assert_true(differ >= 8);
    nnx_context_destroy(ctx);
}

/* Reversed bounds break §4.9.5's range and are a load error at graph.quant's argument
 * (decision 62); equal bounds load (min <= max) but the body would divide by zero, so
 * building says it cannot apply them, pointing at the graph and graph.quant. */
static void test_quantize_bad_bounds(void **state)
{
    (void)state;
    nnx_context *ctx;
    assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
    char dir[300];
    write_quantized_document(quant_graph, "\"x\": linear_quantize(min = 1.0, max = -1.0, bits = 4);\n", dir,
                             sizeof dir);
    nnx_model *m = NULL;
    nnx_status st = nnx_model_load(ctx, dir, &(nnx_model_options){.flags = NNX_MODEL_APPLY_QUANTIZATION}, &m);
    remove_document(dir);
    assert_int_equal(st, NNX_ERROR_INVALID_MODEL);
    const char *msg = nnx_context_error(ctx);
    if (!strstr(msg, "graph.quant:1:22: error: 'linear_quantize' of 'x': min = 1 is greater than max = -1"))
        fail_msg("unexpected message: %s", msg);
    float y[10];
    st = run_model(ctx, quant_graph, "\"x\": linear_quantize(min = 1.0, max = 1.0, bits = 4);\n",
                   NNX_MODEL_APPLY_QUANTIZATION, y);
    assert_int_equal(st, NNX_ERROR_NOT_SUPPORTED);
    msg = nnx_context_error(ctx);
    if (!strstr(msg, "graph.nnef:4:") || !strstr(msg, "max > min (graph.quant 1:1)"))
        fail_msg("unexpected message: %s", msg);
    nnx_context_destroy(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_quantize_matches_inline_ops),
        cmocka_unit_test(test_quantize_bad_bounds),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
