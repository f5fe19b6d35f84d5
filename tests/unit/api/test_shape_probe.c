/* test_shape_probe.c — an unbound model's output shapes in its input dimensions (probed, as
 * the engine decisions' E30 describes): identities, Concat and Pad (2*seq, seq+1), Reshape
 * (4*seq, 4*batch*seq), a stride-2 Conv ("?" where it divides, the fixed channel count as a
 * number), unnamed dimensions, a model only one batch size fits (the file's declared names
 * kept), a classifier (float32[batch,10]), and the unbound graph showing the same names.
 * Models from tests/data/onnx/gen_models.py. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "nnx.h"

#define MODEL(name) NNX_SOURCE_DIR "/tests/data/onnx/" name ".onnx"

/* "[batch,2*seq]": the shape of output o as `nnx info` prints it, from the model or from a
 * graph built from it. */
static const char *shape_text(const nnx_model *m, const nnx_graph *g, size_t o, char *buf, size_t size)
{
    nnx_operand_desc d;
    if (g)
        nnx_graph_output_desc(g, o, &d);
    else
        nnx_model_output_desc(m, o, &d);
    size_t n = (size_t)snprintf(buf, size, "[");
    for (uint32_t k = 0; k < d.rank && n < size; k++) {
        const char *name = g ? nnx_graph_output_dim_name(g, o, k) : nnx_model_output_dim_name(m, o, k);
        if (name)
            assert_int_equal(d.shape[k], 0); /* a symbolic extent reads as 0 */
        else
            assert_int_not_equal(d.shape[k], 0);
        n += name ? (size_t)snprintf(buf + n, size - n, "%s%s", k ? "," : "", name)
                  : (size_t)snprintf(buf + n, size - n, "%s%u", k ? "," : "", d.shape[k]);
    }
    if (n < size)
        snprintf(buf + n, size - n, "]");
    return buf;
}

/* The shapes of path's outputs, in order, from the model and from its unbound graph (built
 * from a second model that nothing queried first). */
static void expect_outputs(const char *path, size_t n, const char *const *want)
{
    nnx_context *ctx = NULL;
    assert_int_equal(nnx_context_create(&(nnx_context_options){.threads = 1}, &ctx), NNX_OK);
    nnx_model *m = NULL, *fresh = NULL;
    nnx_graph *g = NULL;
    assert_int_equal(nnx_model_load(ctx, path, NULL, &m), NNX_OK);
    assert_int_equal(nnx_model_load(ctx, path, NULL, &fresh), NNX_OK);
    assert_int_equal(nnx_model_build(fresh, &g), NNX_OK);
    nnx_model_destroy(fresh);
    assert_int_equal(nnx_model_output_count(m), n);
    char buf[256];
    for (size_t o = 0; o < n; o++) {
        assert_string_equal(shape_text(m, NULL, o, buf, sizeof buf), want[o]);
        assert_string_equal(shape_text(NULL, g, o, buf, sizeof buf), want[o]);
    }
    nnx_context_destroy(ctx);
}

static void test_identity(void **state)
{
    (void)state;
    expect_outputs(MODEL("relu_add_batch"), 1, (const char *[]){"[batch,4]"});
    expect_outputs(MODEL("relu_add_pair"), 1, (const char *[]){"[batch,seq]"});
}

/* The file declares [batch,unk__1]: the probes show the second extent is 2*seq. */
static void test_concat_and_pad(void **state)
{
    (void)state;
    expect_outputs(MODEL("probe_concat"), 2, (const char *[]){"[batch,2*seq]", "[batch,seq+1]"});
}

static void test_reshape(void **state)
{
    (void)state;
    expect_outputs(MODEL("probe_flatten"), 2, (const char *[]){"[batch,4*seq]", "[4*batch*seq]"});
}

/* floor((H + 2 - 3) / 2) + 1 is no expression of the forms: "?", worked out at dispatch. */
static void test_strided_conv(void **state)
{
    (void)state;
    expect_outputs(MODEL("probe_conv"), 1, (const char *[]){"[N,2,?,?]"});
}

/* An unnamed input dimension is a dimension of its own, shown "?" wherever it goes. */
static void test_unnamed_dimension(void **state)
{
    (void)state;
    expect_outputs(MODEL("probe_unknown"), 2, (const char *[]){"[?,4]", "[?,4]"});
}

/* Reshape to [2,6] fits batch 2 only: the probes fail and the declared names stay. */
static void test_failed_probe_keeps_declared(void **state)
{
    (void)state;
    expect_outputs(MODEL("probe_fixed"), 1, (const char *[]){"[rows,cols]"});
}

static void test_classifier(void **state)
{
    (void)state;
    expect_outputs(MODEL("probe_classifier"), 1, (const char *[]){"[batch,10]"});
    nnx_context *ctx = NULL;
    nnx_model *m = NULL;
    assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
    assert_int_equal(nnx_model_load(ctx, MODEL("probe_classifier"), NULL, &m), NNX_OK);
    nnx_operand_desc d;
    nnx_model_output_desc(m, 0, &d);
    assert_int_equal(d.dtype, NNX_FLOAT32);
    /* probed once: the same string at every query; the desc before the names is the same */
    const char *first = nnx_model_output_dim_name(m, 0, 0);
    assert_ptr_equal(nnx_model_output_dim_name(m, 0, 0), first);
    assert_null(nnx_model_output_dim_name(m, 0, 1));
    assert_null(nnx_model_output_dim_name(m, 0, 2)); /* beyond the rank */
    assert_null(nnx_model_output_dim_name(m, 1, 0)); /* no such output */
    /* a model loaded with its shape is not probed: its outputs are what it computes */
    nnx_model *bound = NULL;
    nnx_input_shape s = {"x", 4, {3, 3, 8, 8}};
    assert_int_equal(nnx_model_load(ctx, MODEL("probe_classifier"),
                                    &(nnx_model_options){.input_shapes = &s, .input_shape_count = 1}, &bound),
                     NNX_OK);
    nnx_model_output_desc(bound, 0, &d);
    assert_int_equal(d.shape[0], 3);
    assert_null(nnx_model_output_dim_name(bound, 0, 0));
    nnx_context_destroy(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_identity),          cmocka_unit_test(test_concat_and_pad),
        cmocka_unit_test(test_reshape),           cmocka_unit_test(test_strided_conv),
        cmocka_unit_test(test_unnamed_dimension), cmocka_unit_test(test_failed_probe_keeps_declared),
        cmocka_unit_test(test_classifier),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
