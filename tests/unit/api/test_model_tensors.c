/* test_model_tensors.c — what `nnx run --save` and `nnx verify --bisect` stand on (nnx.h):
 * nnx_model_build_with(NNX_BUILD_EXPOSE_TENSORS) makes a model's named intermediate tensors
 * outputs after its own, in execution order, with the node computing each
 * (nnx_graph_output_producer), and values numpy-style arithmetic gives; and
 * nnx_tensor_bundle_write writes .npz bundles nnx_tensor_bundle_read reads back as given. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "nnx.h"

/* y = relu(x) * 2 + 1, each step a named NNEF tensor (NNEF 1.0.2 §3.3 identifiers). */
static const char kGraph[] = "version 1.0;\n"
                             "graph G( x ) -> ( y )\n"
                             "{\n"
                             "    x = external<scalar>(shape = [2, 3]);\n"
                             "    a = relu(x);\n"
                             "    b = mul(a, 2.0);\n"
                             "    y = add(b, 1.0);\n"
                             "}\n";

static char g_dir[64];

static int make_dir(void **state)
{
    (void)state;
    snprintf(g_dir, sizeof g_dir, "/tmp/nnx-tensors-XXXXXX");
    return mkdtemp(g_dir) ? 0 : -1;
}

static int remove_dir(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", g_dir);
    return system(cmd) == 0 ? 0 : -1;
}

static const char *at(const char *name)
{
    static char path[128];
    snprintf(path, sizeof path, "%s/%s", g_dir, name);
    return path;
}

static nnx_model *load_graph(nnx_context *ctx)
{
    FILE *f = fopen(at("graph.nnef"), "w");
    assert_non_null(f);
    fputs(kGraph, f);
    fclose(f);
    nnx_model *m = NULL;
    assert_int_equal(nnx_model_load(ctx, at("graph.nnef"), NULL, &m), NNX_OK);
    return m;
}

static void test_expose_tensors(void **state)
{
    (void)state;
    nnx_context *ctx;
    assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
    nnx_model *m = load_graph(ctx);
    nnx_graph *plain, *g;
    assert_int_equal(nnx_model_build_with(m, NULL, &plain), NNX_OK);
    assert_int_equal(nnx_graph_output_count(plain), 1);
    assert_int_equal(nnx_model_build_with(m, &(nnx_build_options){NNX_BUILD_EXPOSE_TENSORS}, &g), NNX_OK);
    /* the model's output first, then a and b in the order they are computed */
    assert_int_equal(nnx_graph_output_count(g), 3);
    assert_string_equal(nnx_graph_output_name(g, 0), "y");
    assert_string_equal(nnx_graph_output_name(g, 1), "a");
    assert_string_equal(nnx_graph_output_name(g, 2), "b");
    const char *op, *label;
    assert_true(nnx_graph_output_producer(g, 1, &op, &label));
    assert_string_equal(op, "relu");
    assert_true(nnx_graph_output_producer(g, 2, &op, NULL));
    assert_string_equal(op, "mul");
    assert_true(nnx_graph_output_producer(g, 0, &op, NULL));
    assert_string_equal(op, "add");
    assert_false(nnx_graph_output_producer(g, 3, &op, &label));
    assert_null(op);
    assert_null(label);
    assert_false(nnx_graph_output_producer(NULL, 0, NULL, NULL));

    /* the values: a = relu(x), b = 2a, y = b + 1 */
    const float x[6] = {-1.5f, -0.25f, 0, 0.5f, 1, 3};
    nnx_tensor_desc in_d = {.writable = true};
    nnx_graph_input_desc(g, 0, &in_d.desc);
    nnx_tensor *in;
    assert_int_equal(nnx_tensor_create(ctx, &in_d, &in), NNX_OK);
    assert_int_equal(nnx_tensor_write(in, x, sizeof x), NNX_OK);
    nnx_named_tensor ins[1] = {{"x", in}}, outs[3] = {{"y", NULL}, {"a", NULL}, {"b", NULL}};
    assert_int_equal(nnx_context_run(ctx, g, ins, 1, outs, 3), NNX_OK);
    float y[6], a[6], b[6];
    assert_int_equal(nnx_tensor_read(outs[0].tensor, y, sizeof y), NNX_OK);
    assert_int_equal(nnx_tensor_read(outs[1].tensor, a, sizeof a), NNX_OK);
    assert_int_equal(nnx_tensor_read(outs[2].tensor, b, sizeof b), NNX_OK);
    for (int i = 0; i < 6; i++) {
        float r = x[i] > 0 ? x[i] : 0;
        assert_true(a[i] == r);
        assert_true(b[i] == 2 * r);
        assert_true(y[i] == 2 * r + 1);
    }
    assert_int_equal(nnx_model_build_with(m, &(nnx_build_options){1u << 7}, &g), NNX_ERROR_INVALID_ARGUMENT);
    assert_null(g);
    assert_non_null(strstr(nnx_context_error(ctx), "unknown flags"));
    nnx_context_destroy(ctx);
}

/* What nnx_tensor_bundle_read gives back, array by array. */
typedef struct back {
    int n;
    char names[4][16];
    nnx_operand_desc desc[4];
    unsigned char bytes[4][64];
    size_t size[4];
} back;

static nnx_status keep(void *user, const char *name, const nnx_operand_desc *desc, const void *data, size_t size)
{
    back *b = user;
    if (b->n == 4 || size > 64)
        return NNX_ERROR_INVALID_ARGUMENT;
    snprintf(b->names[b->n], sizeof b->names[b->n], "%s", name);
    b->desc[b->n] = *desc;
    memcpy(b->bytes[b->n], data, size);
    b->size[b->n++] = size;
    return NNX_OK;
}

static void test_bundle_write(void **state)
{
    (void)state;
    nnx_context *ctx;
    assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
    const float f[6] = {0.5f, -1, 2, 3, 4, 5};
    const int64_t k[2] = {-7, (int64_t)1 << 40};
    const uint8_t flags[3] = {1, 0, 1};
    nnx_tensor_bundle_array arrays[3] = {
        {"out/0", {.dtype = NNX_FLOAT32, .rank = 2, .shape = {2, 3}}, f, sizeof f},
        {"k", {.dtype = NNX_INT64, .rank = 1, .shape = {2}}, k, sizeof k},
        {"flags", {.dtype = NNX_BOOL, .rank = 1, .shape = {3}}, flags, sizeof flags},
    };
    assert_int_equal(nnx_tensor_bundle_write(ctx, at("out.npz"), arrays, 3), NNX_OK);
    back got = {0};
    assert_int_equal(nnx_tensor_bundle_read(ctx, at("out.npz"), NULL, keep, &got), NNX_OK);
    assert_int_equal(got.n, 3);
    for (int i = 0; i < 3; i++) {
        assert_string_equal(got.names[i], arrays[i].name);
        assert_int_equal(got.desc[i].dtype, arrays[i].desc.dtype);
        assert_int_equal(got.desc[i].rank, arrays[i].desc.rank);
        assert_memory_equal(got.desc[i].shape, arrays[i].desc.shape, arrays[i].desc.rank * sizeof(uint32_t));
        assert_int_equal(got.size[i], arrays[i].size);
        assert_memory_equal(got.bytes[i], arrays[i].data, arrays[i].size);
    }
    /* refused: a name twice, an empty name, no array, a type numpy lacks, a wrong size */
    nnx_tensor_bundle_array twice[2] = {arrays[1], arrays[1]};
    assert_int_equal(nnx_tensor_bundle_write(ctx, at("bad.npz"), twice, 2), NNX_ERROR_INVALID_ARGUMENT);
    assert_non_null(strstr(nnx_context_error(ctx), "array 'k' is given twice"));
    nnx_tensor_bundle_array empty = arrays[1];
    empty.name = "";
    assert_int_equal(nnx_tensor_bundle_write(ctx, at("bad.npz"), &empty, 1), NNX_ERROR_INVALID_ARGUMENT);
    assert_int_equal(nnx_tensor_bundle_write(ctx, at("bad.npz"), arrays, 0), NNX_ERROR_INVALID_ARGUMENT);
    const uint16_t bf[2] = {0x3f80, 0x4000};
    nnx_tensor_bundle_array bf16 = {"bf", {.dtype = NNX_BFLOAT16, .rank = 1, .shape = {2}}, bf, sizeof bf};
    assert_int_equal(nnx_tensor_bundle_write(ctx, at("bad.npz"), &bf16, 1), NNX_ERROR_NOT_SUPPORTED);
    assert_non_null(strstr(nnx_context_error(ctx), "array 'bf'"));
    nnx_tensor_bundle_array short_data = arrays[0];
    short_data.size = 8;
    assert_int_equal(nnx_tensor_bundle_write(ctx, at("bad.npz"), &short_data, 1), NNX_ERROR_INVALID_ARGUMENT);
    assert_int_equal(access(at("bad.npz"), F_OK), -1); /* nothing of a failed write is left */
    assert_int_equal(nnx_tensor_bundle_write(ctx, at("no-such-dir/x.npz"), arrays, 1), NNX_ERROR_IO);
    assert_int_equal(nnx_tensor_bundle_write(NULL, at("x.npz"), arrays, 1), NNX_ERROR_INVALID_ARGUMENT);
    nnx_context_destroy(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_expose_tensors),
        cmocka_unit_test(test_bundle_write),
    };
    return cmocka_run_group_tests(tests, make_dir, remove_dir);
}
