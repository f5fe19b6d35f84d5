/* test_onnx_external_data.c — the ONNX writer's external data (onnx_write_external.c): a
 * builder graph saved as ONNX is read back into core IR and written again with every weight
 * forced out (nnx_onnx_save_inline_max 0). The file is decoded: weights of 1 KiB or more are
 * EXTERNAL in "NAME.onnx.data" at 4096-aligned offsets with their lengths and bytes, smaller
 * ones stay raw_data; the model loaded back through the public API runs to the same outputs.
 * (tests/models/check_onnx_external_data.py writes a real model above 2 GiB.) */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../common/model_graph.h"
#include "formats/ir_model.h"
#include "formats/onnx/onnx.h"
#include "nnx.h"
#include "onnx.pb-c.h"

#define SHAPE(...) ((const uint32_t[]){__VA_ARGS__})

static uint8_t *slurp(const char *path, size_t *len)
{
    FILE *fp = fopen(path, "rb");
    assert_non_null(fp);
    fseek(fp, 0, SEEK_END);
    long n = ftell(fp);
    fseek(fp, 0, SEEK_SET);
    uint8_t *buf = malloc(n > 0 ? (size_t)n : 1);
    assert_non_null(buf);
    assert_int_equal(fread(buf, 1, (size_t)n, fp), (size_t)n);
    fclose(fp);
    *len = (size_t)n;
    return buf;
}

static nnx_operand *konst(nnx_builder *b, uint32_t rank, const uint32_t *shape, float scale)
{
    nnx_operand_desc d = {NNX_FLOAT32, rank, {0}};
    size_t n = 1;
    for (uint32_t i = 0; i < rank; i++)
        n *= d.shape[i] = shape[i];
    float *p = malloc(n * sizeof *p);
    assert_non_null(p);
    for (size_t i = 0; i < n; i++)
        p[i] = scale * (float)((int)(i * 37 % 23) - 11);
    nnx_operand *o = nnx_builder_constant(b, &d, p, n * sizeof *p);
    free(p);
    return o;
}

/* Runs g on x = i * 0.25 - 4 (32 values) and returns its output y (32 values). */
static void run(nnx_context *ctx, nnx_graph *g, float *y)
{
    nnx_operand_desc d = {NNX_FLOAT32, 2, {1, 32}};
    float x[32];
    for (int i = 0; i < 32; i++)
        x[i] = (float)i * 0.25f - 4.0f;
    nnx_tensor *tx, *ty;
    assert_int_equal(nnx_tensor_create(ctx, &(nnx_tensor_desc){d, false, true}, &tx), NNX_OK);
    assert_int_equal(nnx_tensor_create(ctx, &(nnx_tensor_desc){d, true, false}, &ty), NNX_OK);
    assert_int_equal(nnx_tensor_write(tx, x, sizeof x), NNX_OK);
    nnx_named_tensor in = {"x", tx}, out = {"y", ty};
    if (nnx_context_dispatch(ctx, g, &in, 1, &out, 1) != NNX_OK)
        fail_msg("dispatch: %s", nnx_context_error(ctx));
    assert_int_equal(nnx_tensor_read(ty, y, 32 * sizeof *y), NNX_OK);
    nnx_tensor_destroy(tx);
    nnx_tensor_destroy(ty);
}

static void test_weights_move_out(void **state)
{
    (void)state;
    char inline_path[96], external_path[96], data_path[112];
    snprintf(inline_path, sizeof inline_path, "/tmp/nnx_onnx_ext_%ld_a.onnx", (long)getpid());
    snprintf(external_path, sizeof external_path, "/tmp/nnx_onnx_ext_%ld_b.onnx", (long)getpid());
    snprintf(data_path, sizeof data_path, "%s.data", external_path);

    /* y = (x @ W1 + b) @ W2: W1 and W2 are 4 KiB (external), b 128 bytes (stays raw) */
    nnx_context *ctx;
    nnx_builder *b;
    assert_int_equal(nnx_context_create(&(nnx_context_options){.threads = 1}, &ctx), NNX_OK);
    assert_int_equal(nnx_builder_create(ctx, &b), NNX_OK);
    nnx_operand_desc xd = {NNX_FLOAT32, 2, {1, 32}};
    nnx_operand *x = nnx_builder_input(b, "x", &xd);
    nnx_operand *h = nnx_builder_matmul(b, x, konst(b, 2, SHAPE(32, 32), 0.01f), NULL);
    h = nnx_builder_add(b, h, konst(b, 1, SHAPE(32), 0.5f), NULL);
    nnx_operand *y = nnx_builder_matmul(b, h, konst(b, 2, SHAPE(32, 32), -0.02f), NULL);
    nnx_named_operand outs[1] = {{"y", y}};
    nnx_graph *g = NULL;
    if (nnx_builder_build(b, outs, 1, &g) != NNX_OK)
        fail_msg("build: %s", nnx_builder_error(b));
    if (nnx_graph_save(g, inline_path) != NNX_OK)
        fail_msg("save: %s", nnx_context_error(ctx));

    /* read back as core IR, written with every weight forced out */
    nnx_alloc a;
    assert_true(nnx_alloc_init(&a, NULL));
    nnx_ir_model m;
    nnx_ir_model_init(&m, &a, "onnx");
    nnx_error err = {0};
    if (nnx_onnx_load(inline_path, NULL, &m, &err) != NNX_OK)
        fail_msg("load: %s", err.message);
    const char *in_names[1] = {m.ir.values[m.inputs[0]].name};
    unlink(data_path);
    if (nnx_onnx_save_inline_max(&m.ir, m.inputs, in_names, m.n_inputs, m.outputs, m.output_names, m.n_outputs,
                                 external_path, NULL, 0, &a, &err) != NNX_OK)
        fail_msg("save: %s", err.message);
    nnx_ir_model_free(&m);

    size_t model_len, data_len;
    uint8_t *model = slurp(external_path, &model_len), *data = slurp(data_path, &data_len);
    Onnx__ModelProto *mp = onnx__model_proto__unpack(NULL, model_len, model);
    assert_non_null(mp);
    unsigned external = 0, raw = 0;
    for (size_t i = 0; i < mp->graph->n_initializer; i++) {
        const Onnx__TensorProto *t = mp->graph->initializer[i];
        if (!t->has_data_location || t->data_location != ONNX__TENSOR_PROTO__DATA_LOCATION__EXTERNAL) {
            assert_true(t->has_raw_data);
            assert_true(t->raw_data.len < 1024);
            raw++;
            continue;
        }
        assert_false(t->has_raw_data);
        assert_int_equal(t->n_external_data, 3);
        assert_string_equal(t->external_data[0]->key, "location");
        assert_string_equal(t->external_data[0]->value, strrchr(data_path, '/') + 1);
        assert_string_equal(t->external_data[1]->key, "offset");
        assert_string_equal(t->external_data[2]->key, "length");
        size_t offset = strtoull(t->external_data[1]->value, NULL, 10);
        size_t length = strtoull(t->external_data[2]->value, NULL, 10);
        assert_int_equal(offset % 4096, 0);
        assert_int_equal(length, 32 * 32 * sizeof(float));
        assert_true(offset + length <= data_len);
        /* the bytes are the weight's: W1 = 0.01 * pattern or W2 = -0.02 * pattern */
        float first;
        memcpy(&first, data + offset, sizeof first);
        assert_true(first == 0.01f * -11.0f || first == -0.02f * -11.0f);
        external++;
    }
    assert_int_equal(external, 2);
    assert_int_equal(raw, 1);
    onnx__model_proto__free_unpacked(mp, NULL);
    free(model);
    free(data);

    /* the written model loads through the public API and computes the same */
    nnx_graph *back = test_model_graph(ctx, external_path, external_path);
    float want[32], got[32];
    run(ctx, g, want);
    run(ctx, back, got);
    assert_memory_equal(got, want, sizeof want);
    nnx_graph_destroy(back);
    nnx_graph_destroy(g);
    nnx_builder_destroy(b);
    nnx_context_destroy(ctx);
    unlink(inline_path);
    unlink(external_path);
    unlink(data_path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_weights_move_out),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
