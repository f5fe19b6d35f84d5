/* test_tosa_from_ir_onnx.c — ONNX models of tests/data/onnx (conv_pool: Conv, Relu,
 * MaxPool; probe_classifier: Conv, Relu, GlobalAveragePool, Flatten, Gemm with transB, its
 * batch bound to 2) read by the ONNX front end, written as TOSA by nnx_tfile_from_ir, saved,
 * read back and built again through nnx_tosa_add (tosa_replay.h): they run like the model
 * built directly, within 1e-5 relative. */
#define _POSIX_C_SOURCE 200809L /* mkdtemp (tosa_replay.h) */

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/onnx/onnx.h"
#include "tosa_replay.h"

static void convert_model(const char *file, const nnx_dim_binding *dims, uint32_t n_dims)
{
    char path[512];
    snprintf(path, sizeof path, "%s/tests/data/onnx/%s", NNX_SOURCE_DIR, file);
    nnx_context *ctx;
    assert_int_equal(nnx_context_create(&(nnx_context_options){.threads = 1}, &ctx), NNX_OK);
    /* the model as nnx runs it */
    nnx_model *model;
    nnx_model_options mo = {.dims = dims, .dim_count = n_dims};
    if (nnx_model_load(ctx, path, &mo, &model) != NNX_OK)
        fail_msg("load: %s", nnx_context_error(ctx));
    nnx_graph *g;
    if (nnx_model_build(model, &g) != NNX_OK)
        fail_msg("build: %s", nnx_context_error(ctx));
    /* the same file through the front end, into core IR, then TOSA */
    nnx_alloc alloc;
    assert_true(nnx_alloc_init(&alloc, NULL));
    nnx_ir_model m;
    nnx_ir_model_init(&m, &alloc, "onnx");
    nnx_error err = {0};
    nnx_ir_model_options io = {.dims = dims, .dim_count = n_dims};
    if (nnx_onnx_load(path, &io, &m, &err) != NNX_OK)
        fail_msg("onnx: %s", err.message);
    const char **in_names = calloc(m.n_inputs + 1, sizeof *in_names);
    for (uint32_t i = 0; i < m.n_inputs; i++)
        in_names[i] = m.ir.values[m.inputs[i]].name;
    nnx_tfile f, back;
    nnx_tfile_init(&f, &alloc);
    if (nnx_tfile_from_ir(&m.ir, m.inputs, in_names, m.n_inputs, m.outputs, m.output_names, m.n_outputs, &f, &err) !=
        NNX_OK)
        fail_msg("to TOSA: %s", err.message);
    read_back_ir(&m.ir, m.inputs, in_names, m.n_inputs, m.outputs, m.output_names, m.n_outputs, &f, &back, &alloc);
    nnx_graph *g2 = replay(ctx, &back);
    replay_compare(ctx, g, g2, 1e-5);
    nnx_tfile_free(&back);
    nnx_tfile_free(&f);
    free(in_names);
    nnx_ir_model_free(&m);
    nnx_model_destroy(model);
    nnx_context_destroy(ctx);
}

static void test_conv_pool(void **state)
{
    (void)state;
    convert_model("conv_pool.onnx", NULL, 0);
}

static void test_classifier(void **state)
{
    (void)state;
    const nnx_dim_binding batch = {"batch", 2};
    convert_model("probe_classifier.onnx", &batch, 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_conv_pool),
        cmocka_unit_test(test_classifier),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
