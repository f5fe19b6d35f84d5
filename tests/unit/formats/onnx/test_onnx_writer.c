/* test_onnx_writer.c — the ONNX writer (src/formats/onnx/onnx_write*.c) through
 * nnx_graph_save: graphs built with the public builder are written as .onnx, the file is
 * decoded with the generated onnx.proto reader (opset, operator types, names, initializers),
 * loaded back with nnx_model_load and run: outputs must match the builder graph's. Also the
 * refusals (a core op with no ONNX form, attributes and layouts ONNX cannot express) and
 * that nothing is written then; and allocation failure at every allocation of one save. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../common/counting_alloc.h"
#include "../../common/model_graph.h"
#include "nnx.h"
#include "onnx.pb-c.h"

#define SHAPE(...) ((const uint32_t[]){__VA_ARGS__})
#define RANK(...) ((uint32_t)(sizeof((const uint32_t[]){__VA_ARGS__}) / sizeof(uint32_t)))

typedef struct fixture {
    nnx_context *ctx;
    nnx_builder *b;
    char path[128];
} fixture;

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    assert_non_null(f);
    assert_int_equal(nnx_context_create(&(nnx_context_options){.threads = 1}, &f->ctx), NNX_OK);
    assert_int_equal(nnx_builder_create(f->ctx, &f->b), NNX_OK);
    snprintf(f->path, sizeof f->path, "/tmp/nnx_onnx_writer_%ld.onnx", (long)getpid());
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    unlink(f->path);
    nnx_context_destroy(f->ctx);
    free(f);
    return 0;
}

static nnx_operand *input(fixture *f, const char *name, uint32_t rank, const uint32_t *shape)
{
    nnx_operand_desc d = {NNX_FLOAT32, rank, {0}};
    memcpy(d.shape, shape, rank * sizeof *shape);
    return nnx_builder_input(f->b, name, &d);
}

/* A float32 constant of a fixed pattern with fractional values of both signs. */
static nnx_operand *konst(fixture *f, uint32_t rank, const uint32_t *shape)
{
    nnx_operand_desc d = {NNX_FLOAT32, rank, {0}};
    size_t n = 1;
    for (uint32_t i = 0; i < rank; i++)
        n *= d.shape[i] = shape[i];
    float *p = malloc(n * sizeof *p);
    assert_non_null(p);
    for (size_t i = 0; i < n; i++)
        p[i] = (float)((int)(i * 37 % 23) - 11) / 17.0f;
    nnx_operand *o = nnx_builder_constant(f->b, &d, p, n * sizeof *p);
    free(p);
    return o;
}

static nnx_graph *build(fixture *f, const char *name, nnx_operand *out)
{
    nnx_named_operand outs[1] = {{name, out}};
    nnx_graph *g = NULL;
    if (nnx_builder_build(f->b, outs, 1, &g) != NNX_OK)
        fail_msg("build: %s", nnx_builder_error(f->b));
    return g;
}

/* Runs g on input `x` (desc, values i * 0.37 mod 3 - 1.5) and returns its one output `y`. */
static float *run(fixture *f, nnx_graph *g, const nnx_operand_desc *xd, const nnx_operand_desc *yd, size_t *n_out)
{
    size_t nx = 1, ny = 1;
    for (uint32_t i = 0; i < xd->rank; i++)
        nx *= xd->shape[i];
    for (uint32_t i = 0; i < yd->rank; i++)
        ny *= yd->shape[i];
    float *x = malloc(nx * sizeof *x), *y = malloc(ny * sizeof *y);
    assert_true(x && y);
    for (size_t i = 0; i < nx; i++)
        x[i] = fmodf((float)i * 0.37f, 3.0f) - 1.5f;
    nnx_tensor *tx, *ty;
    assert_int_equal(nnx_tensor_create(f->ctx, &(nnx_tensor_desc){*xd, false, true}, &tx), NNX_OK);
    assert_int_equal(nnx_tensor_create(f->ctx, &(nnx_tensor_desc){*yd, true, false}, &ty), NNX_OK);
    assert_int_equal(nnx_tensor_write(tx, x, nx * sizeof *x), NNX_OK);
    nnx_named_tensor in = {"x", tx}, out = {"y", ty};
    nnx_status st = nnx_context_dispatch(f->ctx, g, &in, 1, &out, 1);
    if (st != NNX_OK)
        fail_msg("dispatch: %s", nnx_context_error(f->ctx));
    assert_int_equal(nnx_tensor_read(ty, y, ny * sizeof *y), NNX_OK);
    nnx_tensor_destroy(tx);
    nnx_tensor_destroy(ty);
    free(x);
    *n_out = ny;
    return y;
}

/* The written file decoded: the opset, and whether each of ops[] is one of its node types. */
static void expect_onnx(const char *path, const char *const *ops, size_t n_ops)
{
    FILE *fp = fopen(path, "rb");
    assert_non_null(fp);
    static uint8_t buf[1 << 20];
    size_t len = fread(buf, 1, sizeof buf, fp);
    fclose(fp);
    Onnx__ModelProto *m = onnx__model_proto__unpack(NULL, len, buf);
    assert_non_null(m);
    assert_int_equal(m->n_opset_import, 1);
    assert_int_equal(m->opset_import[0]->version, 17);
    assert_int_equal(m->ir_version, 8);
    assert_int_equal(m->graph->n_input, 1);
    assert_string_equal(m->graph->input[0]->name, "x");
    assert_int_equal(m->graph->n_output, 1);
    assert_string_equal(m->graph->output[0]->name, "y");
    for (size_t i = 0; i < m->graph->n_initializer; i++)
        assert_true(m->graph->initializer[i]->has_raw_data);
    for (size_t k = 0; k < n_ops; k++) {
        bool found = false;
        for (size_t i = 0; i < m->graph->n_node; i++)
            found = found || strcmp(m->graph->node[i]->op_type, ops[k]) == 0;
        if (!found)
            fail_msg("%s: no %s node", path, ops[k]);
    }
    onnx__model_proto__free_unpacked(m, NULL);
}

/* Saves g as ONNX, checks the file, loads it back and compares the two runs. */
static void round_trip(fixture *f, nnx_graph *g, const nnx_operand_desc *xd, const nnx_operand_desc *yd,
                       const char *const *ops, size_t n_ops, double tol)
{
    if (nnx_graph_save(g, f->path) != NNX_OK)
        fail_msg("save: %s", nnx_context_error(f->ctx));
    expect_onnx(f->path, ops, n_ops);
    nnx_graph *back = test_model_graph(f->ctx, f->path, f->path);
    size_t n1, n2;
    float *want = run(f, g, xd, yd, &n1), *got = run(f, back, xd, yd, &n2);
    assert_int_equal(n1, n2);
    for (size_t i = 0; i < n1; i++)
        if (!(fabs((double)got[i] - want[i]) <= tol * (1 + fabs(want[i]))))
            fail_msg("element %zu: %.9g written and read back, %.9g before", i, got[i], want[i]);
    free(want);
    free(got);
}

/* conv2d (bias, padding, stride) -> relu -> max pool (ceil rounding) -> average pool. */
static void test_cnn_ops(void **state)
{
    fixture *f = *state;
    nnx_operand *x = input(f, "x", 4, SHAPE(1, 2, 9, 9));
    nnx_conv2d_options co = {.padding = SHAPE(1, 1, 0, 2),
                             .padding_count = 4,
                             .strides = SHAPE(2, 1),
                             .strides_count = 2,
                             .bias = konst(f, 1, SHAPE(3))};
    nnx_operand *c = nnx_builder_conv2d(f->b, x, konst(f, 4, SHAPE(3, 2, 3, 3)), &co);
    nnx_operand *r = nnx_builder_relu(f->b, c, NULL);
    nnx_pool2d_options mp = {.window_dimensions = SHAPE(2, 2),
                             .window_dimensions_count = 2,
                             .strides = SHAPE(2, 2),
                             .strides_count = 2,
                             .output_shape_rounding = NNX_ROUNDING_CEIL};
    nnx_operand *m = nnx_builder_max_pool2d(f->b, r, &mp);
    nnx_pool2d_options ap = {.window_dimensions = SHAPE(2, 2),
                             .window_dimensions_count = 2,
                             .padding = SHAPE(1, 0, 1, 0),
                             .padding_count = 4};
    nnx_operand *y = nnx_builder_average_pool2d(f->b, m, &ap);
    nnx_graph *g = build(f, "y", y);
    nnx_operand_desc xd = {NNX_FLOAT32, 4, {1, 2, 9, 9}}, yd;
    nnx_graph_output_desc(g, 0, &yd);
    static const char *const ops[] = {"Conv", "Relu", "MaxPool", "AveragePool"};
    round_trip(f, g, &xd, &yd, ops, 4, 1e-6);
}

/* gelu (no Gelu at opset 17: written with Erf) -> layer norm over the last axis ->
 * transpose -> softmax -> reduce_mean. */
static void test_transformer_ops(void **state)
{
    fixture *f = *state;
    nnx_operand *x = input(f, "x", 3, SHAPE(2, 3, 8));
    nnx_operand *ge = nnx_builder_gelu(f->b, x, NULL);
    nnx_layer_normalization_options lo = {.axes = SHAPE(2), .axes_count = 1, .scale = konst(f, 1, SHAPE(8))};
    nnx_operand *ln = nnx_builder_layer_normalization(f->b, ge, &lo);
    nnx_transpose_options to = {.permutation = SHAPE(0, 2, 1), .permutation_count = 3};
    nnx_operand *t = nnx_builder_transpose(f->b, ln, &to);
    nnx_operand *s = nnx_builder_softmax(f->b, t, 2, NULL);
    nnx_reduce_options ro = {.axes = SHAPE(1), .axes_count = 1, .keep_dimensions = true};
    nnx_operand *y = nnx_builder_reduce_mean(f->b, s, &ro);
    nnx_graph *g = build(f, "y", y);
    nnx_operand_desc xd = {NNX_FLOAT32, 3, {2, 3, 8}}, yd;
    nnx_graph_output_desc(g, 0, &yd);
    static const char *const ops[] = {"Erf", "LayerNormalization", "Transpose", "Softmax", "ReduceMean"};
    round_trip(f, g, &xd, &yd, ops, 5, 1e-6);
}

/* slice with a stride, concat, gather with constant indices, where over a comparison. */
static void test_movement_ops(void **state)
{
    fixture *f = *state;
    nnx_operand *x = input(f, "x", 2, SHAPE(4, 6));
    nnx_slice_options so = {.strides = SHAPE(1, 2), .strides_count = 2};
    nnx_operand *sl = nnx_builder_slice(f->b, x, SHAPE(1, 1), 2, SHAPE(3, 4), 2, &so); /* [3, 2] */
    nnx_operand *parts[2] = {sl, konst(f, 2, SHAPE(3, 2))};
    nnx_operand *cat = nnx_builder_concat(f->b, parts, 2, 1, NULL);
    nnx_operand_desc id = {NNX_INT64, 1, {2}};
    int64_t idx[2] = {2, 0};
    nnx_gather_options go = {.axis = 0};
    nnx_operand *ga = nnx_builder_gather(f->b, cat, nnx_builder_constant(f->b, &id, idx, sizeof idx), &go);
    nnx_operand *zero = konst(f, 2, SHAPE(2, 4));
    nnx_operand *cond = nnx_builder_greater(f->b, ga, zero, NULL);
    nnx_operand *y = nnx_builder_where(f->b, cond, ga, zero, NULL);
    nnx_graph *g = build(f, "y", y);
    nnx_operand_desc xd = {NNX_FLOAT32, 2, {4, 6}}, yd;
    nnx_graph_output_desc(g, 0, &yd);
    static const char *const ops[] = {"Slice", "Concat", "Gather", "Greater", "Where"};
    round_trip(f, g, &xd, &yd, ops, 5, 0);
}

/* triangular and cumulative_sum of constants (Trilu's k, CumSum's axis: rank-0 int64 beside
 * a constant initializer), added to x. */
static void test_scalar_operand_ops(void **state)
{
    fixture *f = *state;
    nnx_operand *x = input(f, "x", 2, SHAPE(4, 6));
    nnx_triangular_options tr = {.lower = true, .diagonal = 1};
    nnx_operand *t = nnx_builder_triangular(f->b, konst(f, 2, SHAPE(4, 6)), &tr);
    nnx_cumulative_sum_options cs = {.exclusive = true};
    nnx_operand *c = nnx_builder_cumulative_sum(f->b, konst(f, 2, SHAPE(4, 6)), 1, &cs);
    nnx_operand *y = nnx_builder_add(f->b, nnx_builder_add(f->b, x, t, NULL), c, NULL);
    nnx_graph *g = build(f, "y", y);
    nnx_operand_desc xd = {NNX_FLOAT32, 2, {4, 6}}, yd;
    nnx_graph_output_desc(g, 0, &yd);
    static const char *const ops[] = {"Trilu", "CumSum"};
    round_trip(f, g, &xd, &yd, ops, 2, 1e-6);
}

static void expect_refusal(fixture *f, nnx_operand *y, const char *part)
{
    nnx_graph *g = build(f, "y", y);
    assert_int_equal(nnx_graph_save(g, f->path), NNX_ERROR_NOT_SUPPORTED);
    const char *msg = nnx_context_error(f->ctx);
    char head[200];
    snprintf(head, sizeof head, "%s: error: ", f->path);
    if (!strstr(msg, head) || !strstr(msg, part))
        fail_msg("message '%s' lacks '%s'", msg, part);
    assert_int_equal(access(f->path, F_OK), -1); /* nothing written */
}

/* An NNEF argmax_pool (core argmax_pool) has no row at opset 17: nnx_model_save refuses it. */
static void test_refuse_no_operator(void **state)
{
    fixture *f = *state;
    char dir[128], file[160];
    snprintf(dir, sizeof dir, "/tmp/nnx_onnx_writer_%ld_nnef", (long)getpid());
    snprintf(file, sizeof file, "%s/graph.nnef", dir);
    assert_int_equal(mkdir(dir, 0700), 0);
    FILE *fp = fopen(file, "w");
    assert_non_null(fp);
    fputs("version 1.0;\ngraph G( input ) -> ( output )\n{\n"
          "  input = external<scalar>(shape = [1, 1, 4, 4]);\n"
          "  output = argmax_pool(input, size = [1, 1, 2, 2]);\n}\n",
          fp);
    fclose(fp);
    nnx_model *m = NULL;
    assert_int_equal(nnx_model_load(f->ctx, dir, NULL, &m), NNX_OK);
    assert_int_equal(nnx_model_save(m, f->path), NNX_ERROR_NOT_SUPPORTED);
    const char *msg = nnx_context_error(f->ctx);
    if (!strstr(msg, "has no ONNX form: opset 17 has no operator for it") || !strstr(msg, "core op 'argmax_pool'"))
        fail_msg("message '%s'", msg);
    assert_int_equal(access(f->path, F_OK), -1);
    nnx_model_destroy(m);
    unlink(file);
    rmdir(dir);
}

/* A blockwise quantization scale: QuantizeLinear-13 takes one per tensor or per axis. */
static void test_refuse_blockwise(void **state)
{
    fixture *f = *state;
    nnx_operand *x = input(f, "x", 2, SHAPE(2, 4));
    nnx_operand_desc zd = {NNX_INT8, 2, {1, 2}};
    int8_t z[2] = {0, 3};
    nnx_operand *q = nnx_builder_quantize_linear(f->b, x, konst(f, 2, SHAPE(1, 2)),
                                                 nnx_builder_constant(f->b, &zd, z, 2),
                                                 &(nnx_operator_options){.label = "q"});
    expect_refusal(f, q, "core op 'quantize_linear' (label 'q') has no ONNX form: a blockwise scale");
}

/* quantize_linear -> dequantize_linear with one scale per column: QuantizeLinear and
 * DequantizeLinear with axis 1, the same values back. */
static void test_quantize_ops(void **state)
{
    fixture *f = *state;
    nnx_operand *x = input(f, "x", 2, SHAPE(2, 4));
    nnx_operand_desc zd = {NNX_INT8, 2, {1, 4}};
    int8_t z[4] = {0, 3, -2, 1};
    nnx_operand *scale = konst(f, 2, SHAPE(1, 4)), *zp = nnx_builder_constant(f->b, &zd, z, 4);
    nnx_operand *q = nnx_builder_quantize_linear(f->b, x, nnx_builder_abs(f->b, scale, NULL), zp, NULL);
    nnx_operand *y = nnx_builder_dequantize_linear(f->b, q, nnx_builder_abs(f->b, scale, NULL), zp, NULL);
    nnx_graph *g = build(f, "y", y);
    nnx_operand_desc xd = {NNX_FLOAT32, 2, {2, 4}}, yd;
    nnx_graph_output_desc(g, 0, &yd);
    static const char *const ops[] = {"QuantizeLinear", "DequantizeLinear"};
    round_trip(f, g, &xd, &yd, ops, 2, 0);
}

/* A dilated l2 pool: LpPool has no dilations at opset 17. */
static void test_refuse_attributes(void **state)
{
    fixture *f = *state;
    nnx_operand *x = input(f, "x", 4, SHAPE(1, 2, 7, 7));
    nnx_pool2d_options po = {.window_dimensions = SHAPE(2, 2),
                             .window_dimensions_count = 2,
                             .dilations = SHAPE(2, 2),
                             .dilations_count = 2,
                             .label = "p"};
    nnx_operand *p = nnx_builder_l2_pool2d(f->b, x, &po);
    expect_refusal(f, p, "core op 'l2_pool' (label 'p') has no ONNX form: LpPool has no dilations at opset 17");
}

/* An NHWC convolution: ONNX's Conv is channel-first only. */
static void test_refuse_layout(void **state)
{
    fixture *f = *state;
    nnx_operand *x = input(f, "x", 4, SHAPE(1, 5, 5, 2));
    nnx_conv2d_options co = {.input_layout = NNX_LAYOUT_NHWC, .filter_layout = NNX_FILTER_OHWI, .label = "c"};
    nnx_operand *c = nnx_builder_conv2d(f->b, x, konst(f, 4, SHAPE(3, 3, 3, 2)), &co);
    expect_refusal(f, c, "core op 'conv' (label 'c') has no ONNX form: Conv takes channel-first inputs");
}

/* Every allocation of one save failed in turn: OUT_OF_MEMORY, nothing leaked, no file; then
 * the save succeeds. The graph has multi-node forms (gelu, batch norm without scale) and
 * several initializers. */
static void test_every_allocation_fails(void **state)
{
    (void)state;
    counting_alloc c = {0};
    fixture f = {0};
    nnx_context_options opts = {.threads = 1, .allocator = counting_alloc_hook(&c)};
    assert_int_equal(nnx_context_create(&opts, &f.ctx), NNX_OK);
    assert_int_equal(nnx_builder_create(f.ctx, &f.b), NNX_OK);
    snprintf(f.path, sizeof f.path, "/tmp/nnx_onnx_writer_oom_%ld.onnx", (long)getpid());
    nnx_operand *x = input(&f, "x", 4, SHAPE(1, 2, 5, 5));
    nnx_conv2d_options co = {.padding = SHAPE(1, 1, 1, 1), .padding_count = 4, .bias = konst(&f, 1, SHAPE(3))};
    nnx_operand *y = nnx_builder_conv2d(f.b, x, konst(&f, 4, SHAPE(3, 2, 3, 3)), &co);
    y = nnx_builder_gelu(f.b, y, NULL);
    nnx_reduce_options ro = {.axes = SHAPE(2, 3), .axes_count = 2};
    y = nnx_builder_reduce_mean(f.b, y, &ro);
    nnx_graph *g = build(&f, "y", y);
    long live = c.live, before = c.calls;
    assert_int_equal(nnx_graph_save(g, f.path), NNX_OK);
    long total = c.calls - before;
    assert_int_equal(c.live, live);
    assert_true(total > 10);
    unlink(f.path);
    for (long n = 1; n <= total; n++) {
        c.fail_at = c.calls + n;
        nnx_status st = nnx_graph_save(g, f.path);
        if (st != NNX_ERROR_OUT_OF_MEMORY)
            fail_msg("failing allocation %ld of %ld gave %s (%s)", n, total, nnx_status_string(st),
                     nnx_context_error(f.ctx));
        if (c.live != live)
            fail_msg("failing allocation %ld of %ld leaked %ld blocks", n, total, c.live - live);
        assert_int_equal(access(f.path, F_OK), -1);
    }
    c.fail_at = 0;
    assert_int_equal(nnx_graph_save(g, f.path), NNX_OK);
    unlink(f.path);
    nnx_context_destroy(f.ctx);
    assert_int_equal(c.live, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_cnn_ops, setup, teardown),
        cmocka_unit_test_setup_teardown(test_transformer_ops, setup, teardown),
        cmocka_unit_test_setup_teardown(test_movement_ops, setup, teardown),
        cmocka_unit_test_setup_teardown(test_quantize_ops, setup, teardown),
        cmocka_unit_test_setup_teardown(test_scalar_operand_ops, setup, teardown),
        cmocka_unit_test_setup_teardown(test_refuse_no_operator, setup, teardown),
        cmocka_unit_test_setup_teardown(test_refuse_blockwise, setup, teardown),
        cmocka_unit_test_setup_teardown(test_refuse_attributes, setup, teardown),
        cmocka_unit_test_setup_teardown(test_refuse_layout, setup, teardown),
        cmocka_unit_test(test_every_allocation_fails),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
