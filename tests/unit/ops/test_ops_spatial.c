/* test_ops_spatial.c — resample and l2_pool against the numpy oracle (tests/data/ops_spatial_expected.h,
 * made by gen_ops_spatial.py), and the public builder calls convTranspose2d (every input/filter
 * layout against the nchw/iohw result), resample2d (scales), l2Pool2d, argMin and argMax run
 * end to end. */
#include "gen_case_runner.h"

#include "../../data/ops_spatial_expected.h"

#include "nnx.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Builds y from the builder, runs it on the given inputs (float32 or raw bytes of their
 * descriptors) and reads y's bytes into out. */
static void run_graph(nnx_context *ctx, nnx_builder *b, nnx_operand *y, uint32_t n_in, const char *const *names,
                      const nnx_operand_desc *descs, const void *const *data, void *out, size_t out_bytes)
{
    nnx_graph *g;
    nnx_named_operand no = {"y", y};
    if (nnx_builder_build(b, &no, 1, &g) != NNX_OK)
        fail_msg("build failed: %s", nnx_builder_error(b));
    nnx_named_tensor in[4];
    for (uint32_t i = 0; i < n_in; i++) {
        nnx_tensor_desc td = {descs[i], true, true};
        size_t bytes;
        assert_int_equal(nnx_tensor_create(ctx, &td, &in[i].tensor), NNX_OK);
        assert_true(nnx_desc_bytes(&descs[i], &bytes));
        assert_int_equal(nnx_tensor_write(in[i].tensor, data[i], bytes), NNX_OK);
        in[i].name = names[i];
    }
    nnx_operand_desc yd;
    nnx_operand_get_desc(y, &yd);
    nnx_tensor_desc td = {yd, true, true};
    nnx_named_tensor o = {"y", NULL};
    assert_int_equal(nnx_tensor_create(ctx, &td, &o.tensor), NNX_OK);
    assert_int_equal(nnx_context_dispatch(ctx, g, in, n_in, &o, 1), NNX_OK);
    assert_int_equal(nnx_tensor_read(o.tensor, out, out_bytes), NNX_OK);
}

static void fill(float *v, size_t n, uint32_t seed)
{
    for (size_t i = 0; i < n; i++) {
        seed = seed * 1103515245u + 12345u;
        v[i] = (float)((seed >> 8) % 2001) / 1000.0f - 1.0f;
    }
}

/* convTranspose2d of x [1, 3, 3, 2] (nchw [N, C=2... ]) in one layout pair equals the
 * nchw/iohw result transposed: input [N=1, C=2, H=3, W=4], filter iohw [2, 3, 2, 3] with
 * groups 1, strides [2, 1], padding [1, 0, 0, 1], outputPadding [1, 0], dilations [1, 2]. */
static void conv_transpose(nnx_input_layout il, nnx_conv_transpose_filter_layout fl, const float *x_nchw,
                           const float *w_iohw, float *y_nchw)
{
    enum { N = 1, C = 2, H = 3, W = 4, O = 3, KH = 2, KW = 3 };
    float x[N * C * H * W], w[C * O * KH * KW], y[N * O * 6 * 7];
    uint32_t xs[4] = {N, C, H, W}, ws[4] = {C, O, KH, KW};
    for (uint32_t c = 0; c < C; c++)
        for (uint32_t h = 0; h < H; h++)
            for (uint32_t q = 0; q < W; q++)
                x[il == NNX_LAYOUT_NHWC ? (h * W + q) * C + c : (c * H + h) * W + q] = x_nchw[(c * H + h) * W + q];
    if (il == NNX_LAYOUT_NHWC)
        xs[1] = H, xs[2] = W, xs[3] = C;
    for (uint32_t i = 0; i < C; i++)
        for (uint32_t o = 0; o < O; o++)
            for (uint32_t h = 0; h < KH; h++)
                for (uint32_t q = 0; q < KW; q++) {
                    float v = w_iohw[((i * O + o) * KH + h) * KW + q];
                    if (fl == NNX_TFILTER_HWOI)
                        w[((h * KW + q) * O + o) * C + i] = v;
                    else if (fl == NNX_TFILTER_OHWI)
                        w[((o * KH + h) * KW + q) * C + i] = v;
                    else
                        w[((i * O + o) * KH + h) * KW + q] = v;
                }
    if (fl == NNX_TFILTER_HWOI)
        ws[0] = KH, ws[1] = KW, ws[2] = O, ws[3] = C;
    else if (fl == NNX_TFILTER_OHWI)
        ws[0] = O, ws[1] = KH, ws[2] = KW, ws[3] = C;
    nnx_context *ctx;
    nnx_builder *b;
    assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
    assert_int_equal(nnx_builder_create(ctx, &b), NNX_OK);
    nnx_operand_desc dx = {NNX_FLOAT32, 4, {xs[0], xs[1], xs[2], xs[3]}};
    nnx_operand_desc dw = {NNX_FLOAT32, 4, {ws[0], ws[1], ws[2], ws[3]}};
    nnx_operand_desc db = {NNX_FLOAT32, 1, {O}};
    static const float bias[O] = {0.5f, -0.25f, 1.0f};
    nnx_conv_transpose2d_options o = {
        .padding = (const uint32_t[]){1, 0, 0, 1},
        .padding_count = 4,
        .strides = (const uint32_t[]){2, 1},
        .strides_count = 2,
        .dilations = (const uint32_t[]){1, 2},
        .dilations_count = 2,
        .output_padding = (const uint32_t[]){1, 0},
        .output_padding_count = 2,
        .input_layout = il,
        .filter_layout = fl,
        .bias = nnx_builder_constant(b, &db, bias, sizeof bias),
    };
    nnx_operand *y_op = nnx_builder_conv_transpose2d(b, nnx_builder_input(b, "x", &dx), nnx_builder_input(b, "w", &dw),
                                                     &o);
    /* H: (3 - 1) * 2 + 1 + 1 - 1 - 0 + 1 = 6; W: (4 - 1) * 1 + (3 - 1) * 2 + 1 - 0 - 1 = 7 */
    nnx_operand_desc yd;
    nnx_operand_get_desc(y_op, &yd);
    assert_int_equal(yd.rank, 4);
    uint32_t want[4] = {1, 3, 6, 7};
    if (il == NNX_LAYOUT_NHWC)
        want[1] = 6, want[2] = 7, want[3] = 3;
    for (int i = 0; i < 4; i++)
        assert_int_equal(yd.shape[i], want[i]);
    static const char *const names[2] = {"x", "w"};
    nnx_operand_desc descs[2] = {dx, dw};
    const void *data[2] = {x, w};
    run_graph(ctx, b, y_op, 2, names, descs, data, y, sizeof y);
    for (uint32_t c = 0; c < O; c++)
        for (uint32_t h = 0; h < 6; h++)
            for (uint32_t q = 0; q < 7; q++)
                y_nchw[(c * 6 + h) * 7 + q] = y[il == NNX_LAYOUT_NHWC ? (h * 7 + q) * O + c : (c * 6 + h) * 7 + q];
    nnx_context_destroy(ctx);
}

static void test_conv_transpose2d_layouts(void **state)
{
    (void)state;
    float x[24], w[36], ref[126], got[126];
    fill(x, 24, 1);
    fill(w, 36, 2);
    conv_transpose(NNX_LAYOUT_NCHW, NNX_TFILTER_IOHW, x, w, ref);
    /* Spot check of the nchw/iohw result by the definition: out[0][0][0][0] takes input
     * rows with (0 + 1 - kh) even, kh = 1 -> row 0; columns (0 + 0 - 2 kw) = 0 -> kw = 0. */
    double want = 0.5;
    for (int c = 0; c < 2; c++)
        want += (double)x[c * 12] * w[(c * 3 + 0) * 6 + 1 * 3 + 0];
    assert_float_equal(ref[0], want, 1e-6);
    static const nnx_input_layout il[] = {NNX_LAYOUT_DEFAULT, NNX_LAYOUT_NHWC, NNX_LAYOUT_NCHW, NNX_LAYOUT_NHWC,
                                          NNX_LAYOUT_NCHW};
    static const nnx_conv_transpose_filter_layout fl[] = {NNX_TFILTER_DEFAULT, NNX_TFILTER_IOHW, NNX_TFILTER_HWOI,
                                                          NNX_TFILTER_OHWI, NNX_TFILTER_OHWI};
    for (size_t k = 0; k < sizeof il / sizeof il[0]; k++) {
        conv_transpose(il[k], fl[k], x, w, got);
        for (int i = 0; i < 126; i++)
            if (got[i] != ref[i])
                fail_msg("layouts %d/%d: element %d is %g, expected %g", il[k], fl[k], i, got[i], ref[i]);
    }
}

/* resample2d with scales [2, 1.5] on [1, 1, 2, 2]: sizes floor(2 * 2) = 4, floor(2 * 1.5) = 3;
 * nearest: rows 0 0 1 1 (c = -0.25, 0.25, 0.75, 1.25), columns 0 0 1 (c = -1/6, 1/2, 7/6: the
 * tie at 1/2 takes the lower neighbour, ceil(c - 0.5)). */
static void test_resample2d_scales(void **state)
{
    (void)state;
    nnx_context *ctx;
    nnx_builder *b;
    assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
    assert_int_equal(nnx_builder_create(ctx, &b), NNX_OK);
    nnx_operand_desc dx = {NNX_FLOAT32, 4, {1, 1, 2, 2}};
    nnx_resample2d_options o = {.scales = (const float[]){2.0f, 1.5f}, .scales_count = 2};
    nnx_operand *y = nnx_builder_resample2d(b, nnx_builder_input(b, "x", &dx), &o);
    static const float x[4] = {1, 2, 3, 4};
    static const float want[12] = {1, 1, 2, 1, 1, 2, 3, 3, 4, 3, 3, 4};
    float got[12];
    static const char *const names[1] = {"x"};
    const void *data[1] = {x};
    run_graph(ctx, b, y, 1, names, &dx, data, got, sizeof got);
    for (int i = 0; i < 12; i++)
        assert_float_equal(got[i], want[i], 0);
    nnx_context_destroy(ctx);
}

/* l2Pool2d: [3, 4] and [0, 12] in one 2x2 window: sqrt(9 + 16 + 0 + 144) = 13; with padding
 * [1, 0, 1, 0] and stride 2 the first window holds only the 3: 3. */
static void test_l2_pool2d(void **state)
{
    (void)state;
    nnx_context *ctx;
    nnx_builder *b;
    assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
    assert_int_equal(nnx_builder_create(ctx, &b), NNX_OK);
    nnx_operand_desc dx = {NNX_FLOAT32, 4, {1, 1, 2, 2}};
    nnx_pool2d_options o = {.window_dimensions = (const uint32_t[]){2, 2},
                            .window_dimensions_count = 2,
                            .padding = (const uint32_t[]){1, 0, 1, 0},
                            .padding_count = 4,
                            .strides = (const uint32_t[]){2, 2},
                            .strides_count = 2};
    nnx_operand *x = nnx_builder_input(b, "x", &dx);
    nnx_operand *y = nnx_builder_add(b, nnx_builder_l2_pool2d(b, x, NULL), nnx_builder_l2_pool2d(b, x, &o), NULL);
    static const float xv[4] = {3, 4, 0, 12};
    float got[1];
    static const char *const names[1] = {"x"};
    const void *data[1] = {xv};
    run_graph(ctx, b, y, 1, names, &dx, data, got, sizeof got);
    assert_float_equal(got[0], 16.0f, 0);
    nnx_context_destroy(ctx);
}

/* argMax / argMin along axis 1 of [[1, 5, 5], [7, -2, 7]]: first occurrences. */
static void test_arg_min_max(void **state)
{
    (void)state;
    nnx_context *ctx;
    nnx_builder *b;
    assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
    assert_int_equal(nnx_builder_create(ctx, &b), NNX_OK);
    nnx_operand_desc dx = {NNX_FLOAT32, 2, {2, 3}};
    nnx_operand *x = nnx_builder_input(b, "x", &dx);
    nnx_arg_min_max_options keep64 = {.keep_dimensions = true, .output_data_type = NNX_INT64};
    nnx_operand *mx = nnx_builder_arg_max(b, x, 1, &keep64);
    nnx_operand_desc d;
    nnx_operand_get_desc(mx, &d);
    assert_int_equal(d.dtype, NNX_INT64);
    assert_int_equal(d.rank, 2);
    assert_int_equal(d.shape[1], 1);
    nnx_operand *mn = nnx_builder_arg_min(b, x, 1, NULL);
    nnx_operand_get_desc(mn, &d);
    assert_int_equal(d.dtype, NNX_INT32);
    assert_int_equal(d.rank, 1);
    /* y = argMax * 10 + argMin, as int64: [1 * 10 + 0, 0 * 10 + 1] */
    nnx_operand_desc ds = {NNX_INT64, 0, {0}};
    static const int64_t ten = 10;
    nnx_operand *mn64 = nnx_builder_cast(b, mn, NNX_INT64, NULL);
    nnx_operand *y = nnx_builder_add(b,
                                     nnx_builder_mul(b, nnx_builder_reshape(b, mx, (const uint32_t[]){2}, 1, NULL),
                                                     nnx_builder_constant(b, &ds, &ten, sizeof ten), NULL),
                                     mn64, NULL);
    static const float xv[6] = {1, 5, 5, 7, -2, 7};
    int64_t got[2];
    static const char *const names[1] = {"x"};
    const void *data[1] = {xv};
    run_graph(ctx, b, y, 1, names, &dx, data, got, sizeof got);
    assert_int_equal(got[0], 10);
    assert_int_equal(got[1], 1);
    nnx_context_destroy(ctx);
}

/* NNEF has no l2 pooling and no resampling with WebNN's mapping: saving writes the nnx_ops
 * extension's nnx_l2_pool / nnx_resample under its extension line (NNEF decision 59; the
 * round trip is tests/unit/formats/nnef/test_nnef_write_ext.c). */
static void test_nnef_save_extension(void **state)
{
    (void)state;
    for (int k = 0; k < 2; k++) {
        nnx_context *ctx;
        nnx_builder *b;
        nnx_graph *g;
        assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
        assert_int_equal(nnx_builder_create(ctx, &b), NNX_OK);
        nnx_operand_desc dx = {NNX_FLOAT32, 4, {1, 1, 2, 2}};
        nnx_operand *x = nnx_builder_input(b, "x", &dx);
        nnx_named_operand y = {"y", k ? nnx_builder_resample2d(b, x, NULL) : nnx_builder_l2_pool2d(b, x, NULL)};
        assert_int_equal(nnx_builder_build(b, &y, 1, &g), NNX_OK);
        char dir[] = "/tmp/nnx_spatial_save_XXXXXX", path[64], doc[96], text[2048];
        assert_non_null(mkdtemp(dir));
        snprintf(path, sizeof path, "%s/m", dir);
        if (nnx_graph_save(g, path) != NNX_OK)
            fail_msg("save: %s", nnx_context_error(ctx));
        snprintf(doc, sizeof doc, "%s/graph.nnef", path);
        FILE *f = fopen(doc, "r");
        assert_non_null(f);
        size_t n = fread(text, 1, sizeof text - 1, f);
        fclose(f);
        text[n] = 0;
        assert_non_null(strstr(text, "extension KHR_enable_fragment_definitions, nnx_ops;"));
        assert_non_null(strstr(text, k ? "y = nnx_resample(x, " : "y = nnx_l2_pool(x, "));
        unlink(doc);
        rmdir(path);
        rmdir(dir);
        nnx_context_destroy(ctx);
    }
}

/* convTranspose2d with nhwc input and ohwi filter saves as NNEF transposes around deconv. */
static void test_nnef_save_conv_transpose(void **state)
{
    (void)state;
    nnx_context *ctx;
    nnx_builder *b;
    nnx_graph *g;
    assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
    assert_int_equal(nnx_builder_create(ctx, &b), NNX_OK);
    nnx_operand_desc dx = {NNX_FLOAT32, 4, {1, 3, 3, 2}}, dw = {NNX_FLOAT32, 4, {4, 2, 2, 2}};
    nnx_conv_transpose2d_options o = {.input_layout = NNX_LAYOUT_NHWC,
                                      .filter_layout = NNX_TFILTER_OHWI,
                                      .strides = (const uint32_t[]){2, 2},
                                      .strides_count = 2};
    nnx_named_operand y = {
        "y", nnx_builder_conv_transpose2d(b, nnx_builder_input(b, "x", &dx), nnx_builder_input(b, "w", &dw), &o)};
    assert_int_equal(nnx_builder_build(b, &y, 1, &g), NNX_OK);
    char path[64];
    snprintf(path, sizeof path, "/tmp/nnx_ops_spatial_%ld.tar", (long)getpid());
    nnx_status st = nnx_graph_save(g, path);
    remove(path);
    if (st != NNX_OK)
        fail_msg("save failed: %s", nnx_context_error(ctx));
    nnx_context_destroy(ctx);
}

int main(void)
{
    static const struct CMUnitTest fixed[] = {
        cmocka_unit_test(test_conv_transpose2d_layouts),
        cmocka_unit_test(test_resample2d_scales),
        cmocka_unit_test(test_l2_pool2d),
        cmocka_unit_test(test_arg_min_max),
        cmocka_unit_test(test_nnef_save_extension),
        cmocka_unit_test(test_nnef_save_conv_transpose),
    };
    return gen_run_all("ops_spatial", fixed, sizeof fixed / sizeof fixed[0], gen_cases,
                       sizeof gen_cases / sizeof gen_cases[0]);
}
