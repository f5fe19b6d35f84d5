/* test_tosa_from_ir_model.c — `.tosa` files written through the public API and loaded by
 * the TOSA model loader (nnx_model_load): an ONNX model saved with nnx_model_save (what
 * `nnx convert model.onnx model.tosa` does) and builder graphs saved with nnx_graph_save
 * run like their sources: bit for bit for a TOSA-built graph (control flow included),
 * within 1e-5 relative for legalized float graphs. */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tosa_replay.h"

typedef struct tmp {
    char dir[64], path[128];
} tmp;

static void tmp_open(tmp *t, const char *file)
{
    snprintf(t->dir, sizeof t->dir, "/tmp/nnx-tosa-model-XXXXXX");
    assert_non_null(mkdtemp(t->dir));
    snprintf(t->path, sizeof t->path, "%s/%s", t->dir, file);
}

static void tmp_close(tmp *t)
{
    remove(t->path);
    rmdir(t->dir);
}

/* The .tosa file at path loaded and built. */
static nnx_graph *load_tosa(nnx_context *ctx, const char *path, nnx_model **model)
{
    if (nnx_model_load(ctx, path, NULL, model) != NNX_OK)
        fail_msg("load %s: %s", path, nnx_context_error(ctx));
    nnx_graph *g;
    if (nnx_model_build(*model, &g) != NNX_OK)
        fail_msg("build %s: %s", path, nnx_context_error(ctx));
    return g;
}

static void onnx_to_tosa(const char *file, const nnx_dim_binding *dims, uint32_t n_dims)
{
    char src[512];
    snprintf(src, sizeof src, "%s/tests/data/onnx/%s", NNX_SOURCE_DIR, file);
    nnx_context *ctx;
    assert_int_equal(nnx_context_create(&(nnx_context_options){.threads = 1}, &ctx), NNX_OK);
    nnx_model *m1, *m2;
    nnx_model_options mo = {.dims = dims, .dim_count = n_dims};
    if (nnx_model_load(ctx, src, &mo, &m1) != NNX_OK)
        fail_msg("load: %s", nnx_context_error(ctx));
    tmp t;
    tmp_open(&t, "m.tosa");
    if (nnx_model_save(m1, t.path) != NNX_OK)
        fail_msg("save: %s", nnx_context_error(ctx));
    nnx_graph *g1;
    if (nnx_model_build(m1, &g1) != NNX_OK)
        fail_msg("build: %s", nnx_context_error(ctx));
    nnx_graph *g2 = load_tosa(ctx, t.path, &m2);
    replay_compare(ctx, g1, g2, 1e-5);
    tmp_close(&t);
    nnx_context_destroy(ctx);
}

static void test_onnx_conv_pool(void **state)
{
    (void)state;
    onnx_to_tosa("conv_pool.onnx", NULL, 0);
}

static void test_onnx_classifier(void **state)
{
    (void)state;
    const nnx_dim_binding batch = {"batch", 2};
    onnx_to_tosa("probe_classifier.onnx", &batch, 1);
}

/* ---------------------------------------------------------------- builder graphs */

static nnx_operand *k(nnx_tosa *t, nnx_dtype dt, uint32_t rank, const uint32_t *shape, const void *data, size_t size)
{
    nnx_tosa_attrs a = {.desc = {dt, rank, {0}}, .values = data, .values_size = size};
    memcpy(a.desc.shape, shape, rank * sizeof *shape);
    nnx_operand *out = NULL;
    assert_int_equal(nnx_tosa_add(t, NNX_TOSA_CONST, NULL, 0, &a, &out, 1), 1);
    return out;
}

static nnx_operand *op(nnx_builder *b, nnx_tosa *t, nnx_tosa_op o, nnx_operand *const *in, uint32_t n,
                       const nnx_tosa_attrs *a)
{
    nnx_operand *out = NULL;
    if (nnx_tosa_add(t, o, in, n, a, &out, 1) != 1)
        fail_msg("%s: %s", nnx_tosa_op_name(o), nnx_builder_error(b));
    return out;
}

static bool then_g(nnx_tosa *t, void *user, nnx_operand *const *in, uint32_t n, nnx_operand **out, uint32_t n_out)
{
    (void)user, (void)n, (void)n_out;
    return nnx_tosa_add(t, NNX_TOSA_ADD, in, 2, NULL, out, 1) == 1;
}
static bool else_g(nnx_tosa *t, void *user, nnx_operand *const *in, uint32_t n, nnx_operand **out, uint32_t n_out)
{
    (void)user, (void)n, (void)n_out;
    return nnx_tosa_add(t, NNX_TOSA_SUB, in, 2, NULL, out, 1) == 1;
}

static void save_and_compare(nnx_context *ctx, nnx_graph *g, double tol)
{
    tmp t;
    tmp_open(&t, "g.tosa");
    if (nnx_graph_save(g, t.path) != NNX_OK)
        fail_msg("save: %s", nnx_context_error(ctx));
    nnx_model *m;
    nnx_graph *g2 = load_tosa(ctx, t.path, &m);
    replay_compare(ctx, g, g2, tol);
    tmp_close(&t);
}

/* int8 CONV2D, RESCALE, CLAMP; float REDUCE_SUM, TRANSPOSE, RESHAPE to a scalar; COND_IF. */
static void test_tosa_graph_save(void **state)
{
    (void)state;
    nnx_context *ctx;
    nnx_builder *b;
    assert_int_equal(nnx_context_create(&(nnx_context_options){.threads = 1}, &ctx), NNX_OK);
    assert_int_equal(nnx_builder_create(ctx, &b), NNX_OK);
    nnx_tosa *t = nnx_tosa_begin(b, NULL);
    nnx_operand_desc xd = {NNX_INT8, 4, {1, 4, 4, 2}}, fd = {NNX_FLOAT32, 2, {2, 3}}, cd = {NNX_BOOL, 1, {1}};
    nnx_operand_desc vd = {NNX_INT32, 1, {3}};
    nnx_operand *x = nnx_builder_input(b, "x", &xd), *f = nnx_builder_input(b, "f", &fd);
    static const int8_t w[6] = {1, -2, 3, 4, -5, 6}, zero8 = 0, shift = 12;
    static const int32_t bias[3] = {10, -20, 30}, zero32 = 0, mult = 1 << 10;
    uint32_t one[1] = {1};
    nnx_operand *wz = k(t, NNX_INT8, 1, one, &zero8, 1);
    nnx_tosa_attrs ca = {.stride = {1, 1}, .dilation = {1, 1}, .pad = {1, 0, 0, 1}};
    nnx_operand *y = op(b, t, NNX_TOSA_CONV2D,
                        (nnx_operand *[]){x, k(t, NNX_INT8, 4, (uint32_t[]){3, 1, 1, 2}, w, 6),
                                          k(t, NNX_INT32, 1, (uint32_t[]){3}, bias, 12), wz, wz},
                        5, &ca);
    y = op(b, t, NNX_TOSA_RESCALE,
           (nnx_operand *[]){y, k(t, NNX_INT32, 1, one, &mult, 4), k(t, NNX_INT8, 1, one, &shift, 1),
                             k(t, NNX_INT32, 1, one, &zero32, 4), wz},
           5, &(nnx_tosa_attrs){.out_type = NNX_INT8, .scale32 = true, .rounding_mode = NNX_TOSA_SINGLE_ROUND});
    y = op(b, t, NNX_TOSA_CLAMP, &y, 1, &(nnx_tosa_attrs){.min_val = nnx_i64(-100), .max_val = nnx_i64(100)});
    nnx_operand *s = op(b, t, NNX_TOSA_REDUCE_SUM, &f, 1, &(nnx_tosa_attrs){.axis = 1});
    static const int32_t perm[2] = {1, 0};
    s = op(b, t, NNX_TOSA_TRANSPOSE, &s, 1, &(nnx_tosa_attrs){.perms = perm, .perms_count = 2});
    nnx_operand *shp = NULL;
    nnx_tosa_attrs sa = {.shape_values = NULL, .shape_values_count = 0};
    assert_int_equal(nnx_tosa_add(t, NNX_TOSA_CONST_SHAPE, NULL, 0, &sa, &shp, 1), 1);
    nnx_operand *one_el = op(b, t, NNX_TOSA_REDUCE_SUM, &s, 1, &(nnx_tosa_attrs){.axis = 1});
    nnx_operand *sc = op(b, t, NNX_TOSA_RESHAPE, (nnx_operand *[]){one_el, shp}, 2, NULL);
    nnx_operand *ci[3] = {nnx_builder_input(b, "c", &cd), nnx_builder_input(b, "a", &vd),
                          nnx_builder_input(b, "v", &vd)};
    nnx_operand *z;
    assert_int_equal(
        nnx_tosa_add(t, NNX_TOSA_COND_IF, ci, 3, &(nnx_tosa_attrs){.graph1 = then_g, .graph2 = else_g}, &z, 1), 1);
    nnx_named_operand outs[4] = {{"q", y}, {"s", s}, {"scalar", sc}, {"z", z}};
    nnx_graph *g;
    if (nnx_builder_build(b, outs, 4, &g) != NNX_OK)
        fail_msg("build: %s", nnx_builder_error(b));
    save_and_compare(ctx, g, -1);
    nnx_context_destroy(ctx);
}

/* A WebNN NCHW float graph: conv, relu, max pool, gemm, softmax. */
static void test_webnn_graph_save(void **state)
{
    (void)state;
    nnx_context *ctx;
    nnx_builder *b;
    assert_int_equal(nnx_context_create(&(nnx_context_options){.threads = 1}, &ctx), NNX_OK);
    assert_int_equal(nnx_builder_create(ctx, &b), NNX_OK);
    nnx_operand_desc xd = {NNX_FLOAT32, 4, {1, 2, 6, 6}}, wd = {NNX_FLOAT32, 4, {3, 2, 3, 3}};
    nnx_operand_desc gd = {NNX_FLOAT32, 2, {27, 4}};
    size_t size;
    float *w = replay_input(&wd, 1, &size), *gw = NULL;
    nnx_operand *x = nnx_builder_input(b, "x", &xd), *wc = nnx_builder_constant(b, &wd, w, size);
    gw = replay_input(&gd, 2, &size);
    nnx_operand *gc = nnx_builder_constant(b, &gd, gw, size);
    free(w);
    free(gw);
    nnx_operand *y = nnx_builder_conv2d(b, x, wc,
                                        &(nnx_conv2d_options){.padding = (uint32_t[]){1, 1, 1, 1}, .padding_count = 4});
    y = nnx_builder_relu(b, y, NULL);
    y = nnx_builder_max_pool2d(b, y,
                               &(nnx_pool2d_options){.window_dimensions = (uint32_t[]){2, 2},
                                                     .window_dimensions_count = 2,
                                                     .strides = (uint32_t[]){2, 2},
                                                     .strides_count = 2});
    y = nnx_builder_reshape(b, y, (uint32_t[]){1, 27}, 2, NULL);
    y = nnx_builder_gemm(b, y, gc, NULL);
    y = nnx_builder_softmax(b, y, 1, NULL);
    nnx_named_operand out = {"y", y};
    nnx_graph *g;
    if (nnx_builder_build(b, &out, 1, &g) != NNX_OK)
        fail_msg("build: %s", nnx_builder_error(b));
    save_and_compare(ctx, g, 1e-5);
    nnx_context_destroy(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_onnx_conv_pool),
        cmocka_unit_test(test_onnx_classifier),
        cmocka_unit_test(test_tosa_graph_save),
        cmocka_unit_test(test_webnn_graph_save),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
