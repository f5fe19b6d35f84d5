/* test_graph_save.c — nnx_graph_save end to end: graphs built with the public builder are
 * written as NNEF (folder and .tgz), loaded back with nnx_model_load (checker, fragment
 * expansion and shape propagation), and compared: input/output names, types and shapes, and
 * every constant's .dat decoded bit for bit. Also the NOT_SUPPORTED paths with their
 * messages, name handling, and allocation failure at every allocation of one save. */
#define _XOPEN_SOURCE 700
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <ftw.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../common/counting_alloc.h"
#include "formats/nnef/files/container.h"
#include "formats/nnef/files/tensor_file.h"
#include "nnx.h"

static char tmp_root[64];

#define SHAPE(...) ((const uint32_t[]){__VA_ARGS__})
#define COUNT(...) ((uint32_t)(sizeof((const uint32_t[]){__VA_ARGS__}) / sizeof(uint32_t)))

/* ---------------------------------------------------------------- a graph under test */

/* A builder plus the constants given to it, in creation order (they become c0, c1, ...). */
typedef struct tcase {
    nnx_context *ctx;
    nnx_builder *b;
    nnx_operand_desc kdesc[16];
    void *kdata[16];
    size_t ksize[16];
    uint32_t nk;
} tcase;

static void tc_begin(tcase *t, nnx_context *ctx)
{
    memset(t, 0, sizeof *t);
    t->ctx = ctx;
    if (!ctx)
        assert_int_equal(nnx_context_create(&(nnx_context_options){.threads = 1}, &t->ctx), NNX_OK);
    assert_int_equal(nnx_builder_create(t->ctx, &t->b), NNX_OK);
}

static void tc_end(tcase *t)
{
    for (uint32_t i = 0; i < t->nk; i++)
        free(t->kdata[i]);
    nnx_context_destroy(t->ctx);
}

static nnx_operand *input(tcase *t, const char *name, nnx_dtype dt, uint32_t rank, const uint32_t *shape)
{
    nnx_operand_desc d = {dt, rank, {0}};
    for (uint32_t i = 0; i < rank; i++)
        d.shape[i] = shape[i];
    return nnx_builder_input(t->b, name, &d);
}

/* A constant of dt filled with a deterministic pattern (float values with fractional bits,
 * negative and special values for float32, raw bit patterns for float16). */
static nnx_operand *konst(tcase *t, nnx_dtype dt, uint32_t rank, const uint32_t *shape)
{
    assert_true(t->nk < 16);
    nnx_operand_desc d = {dt, rank, {0}};
    size_t n = 1;
    for (uint32_t i = 0; i < rank; i++)
        n *= d.shape[i] = shape[i];
    size_t size = n * nnx_dtype_size(dt);
    unsigned char *p = malloc(size ? size : 1);
    assert_non_null(p);
    for (size_t i = 0; i < n; i++) {
        if (dt == NNX_FLOAT32) {
            float v = (float)((int)(i * 37 % 23) - 11) / 7.0f;
            if (i == 5)
                v = -0.0f;
            memcpy(p + 4 * i, &v, 4);
        } else if (dt == NNX_FLOAT16) {
            uint16_t v = (uint16_t)(0x3c00 + i * 0x1111);
            memcpy(p + 2 * i, &v, 2);
        } else if (dt == NNX_BOOL) {
            p[i] = (unsigned char)(i % 3 == 1);
        } else if (dt == NNX_INT4) { /* stored unpacked, sign-extended: -8..7 */
            p[i] = (unsigned char)(int8_t)((int)(i % 16) - 8);
        } else if (dt == NNX_INT48) { /* stored in 8 bytes, sign-extended */
            int64_t v = (int64_t)i * 123456789012 - ((int64_t)1 << 46);
            memcpy(p + 8 * i, &v, 8);
        } else {
            memset(p + i * nnx_dtype_size(dt), (int)(i * 13 + 1), nnx_dtype_size(dt));
        }
    }
    t->kdesc[t->nk] = d;
    t->kdata[t->nk] = p;
    t->ksize[t->nk] = size;
    t->nk++;
    return nnx_builder_constant(t->b, &d, p, size);
}

static nnx_graph *build(tcase *t, const nnx_named_operand *outs, size_t n)
{
    nnx_graph *g = NULL;
    nnx_status st = nnx_builder_build(t->b, outs, n, &g);
    if (st != NNX_OK)
        fail_msg("build: %s: %s", nnx_status_string(st), nnx_builder_error(t->b));
    return g;
}

/* ---------------------------------------------------------------- checks */

/* The public dtype of an NNEF tensor holding dt (nnx.h: scalar -> float32, integer -> int32). */
static nnx_dtype loaded_dtype(nnx_dtype dt)
{
    switch (dt) {
    case NNX_FLOAT16:
    case NNX_BFLOAT16:
    case NNX_FLOAT32:
    case NNX_FLOAT64:
    case NNX_FP8E4M3:
    case NNX_FP8E5M2: return NNX_FLOAT32;
    case NNX_BOOL: return NNX_BOOL;
    default: return NNX_INT32;
    }
}

static void expect_desc(const char *what, size_t i, const nnx_operand_desc *want, const nnx_operand_desc *got)
{
    if (got->dtype != loaded_dtype(want->dtype) || got->rank != want->rank ||
        memcmp(got->shape, want->shape, want->rank * sizeof *want->shape) != 0) {
        char a[64] = "", b[64] = "";
        for (uint32_t k = 0; k < want->rank; k++)
            snprintf(a + strlen(a), sizeof a - strlen(a), "%u,", want->shape[k]);
        for (uint32_t k = 0; k < got->rank; k++)
            snprintf(b + strlen(b), sizeof b - strlen(b), "%u,", got->shape[k]);
        fail_msg("%s %zu: want %s[%s], got %s[%s]", what, i, nnx_dtype_name(loaded_dtype(want->dtype)), a,
                 nnx_dtype_name(got->dtype), b);
    }
}

/* Same inputs and outputs: names, public types, shapes. */
static void expect_io(const nnx_graph *g, const nnx_model *m)
{
    nnx_operand_desc want, got;
    assert_int_equal(nnx_model_input_count(m), nnx_graph_input_count(g));
    assert_int_equal(nnx_model_output_count(m), nnx_graph_output_count(g));
    for (size_t i = 0; i < nnx_graph_input_count(g); i++) {
        assert_string_equal(nnx_model_input_name(m, i), nnx_graph_input_name(g, i));
        nnx_graph_input_desc(g, i, &want);
        nnx_model_input_desc(m, i, &got);
        expect_desc("input", i, &want, &got);
    }
    for (size_t i = 0; i < nnx_graph_output_count(g); i++) {
        assert_string_equal(nnx_model_output_name(m, i), nnx_graph_output_name(g, i));
        nnx_graph_output_desc(g, i, &want);
        nnx_model_output_desc(m, i, &got);
        expect_desc("output", i, &want, &got);
    }
}

/* Every constant's c<k>.dat decodes to the bytes given to nnx_builder_constant. */
static void expect_constants(const tcase *t, const char *path)
{
    nnx_nnef_container *c = NULL;
    nnx_error err = {0};
    if (nnx_nnef_container_open(path, NULL, NULL, &c, &err) != NNX_OK)
        fail_msg("%s", err.message);
    for (uint32_t k = 0; k < t->nk; k++) {
        char rel[32];
        snprintf(rel, sizeof rel, "c%u.dat", k);
        const void *bytes = NULL;
        size_t size = 0;
        nnx_nnef_tensor_info info;
        if (nnx_nnef_container_get(c, rel, &bytes, &size, &err) != NNX_OK ||
            nnx_nnef_tensor_parse(bytes, size, rel, &info, &err) != NNX_OK)
            fail_msg("%s", err.message);
        const nnx_operand_desc *d = &t->kdesc[k];
        assert_int_equal(info.rank, d->rank);
        assert_memory_equal(info.shape, d->shape, d->rank * sizeof *d->shape);
        assert_int_equal(info.bits,
                         d->dtype == NNX_BOOL        ? 1
                             : d->dtype == NNX_INT4  ? 4
                             : d->dtype == NNX_INT48 ? 48
                                                     : nnx_dtype_size(d->dtype) * 8);
        void *dst = malloc(t->ksize[k] ? t->ksize[k] : 1);
        assert_non_null(dst);
        if (nnx_nnef_tensor_decode(&info, bytes, d->dtype, dst, t->ksize[k], &err) != NNX_OK)
            fail_msg("%s: %s", rel, err.message);
        if (memcmp(dst, t->kdata[k], t->ksize[k]) != 0)
            fail_msg("%s: decoded data differ from the constant's bytes", rel);
        free(dst);
    }
    char extra[32];
    snprintf(extra, sizeof extra, "c%u.dat", t->nk);
    assert_false(nnx_nnef_container_has(c, extra));
    nnx_nnef_container_close(c);
}

/* graph.nnef of a saved container, as a malloc'ed string. */
static char *graph_text(const char *path)
{
    nnx_nnef_container *c = NULL;
    nnx_error err = {0};
    const void *bytes = NULL;
    size_t size = 0;
    if (nnx_nnef_container_open(path, NULL, NULL, &c, &err) != NNX_OK ||
        nnx_nnef_container_get(c, "graph.nnef", &bytes, &size, &err) != NNX_OK)
        fail_msg("%s", err.message);
    char *s = malloc(size + 1);
    assert_non_null(s);
    memcpy(s, bytes, size);
    s[size] = '\0';
    nnx_nnef_container_close(c);
    return s;
}

/* Saves g as NAME (folder) and NAME.tgz, loads both back and checks them; if want_text is
 * given, every line of it must occur in graph.nnef. */
static void check_saved(const tcase *t, nnx_graph *g, const char *name, const char *const *want_text)
{
    static const char *const suffix[2] = {"", ".tgz"};
    for (int f = 0; f < 2; f++) {
        char path[160];
        snprintf(path, sizeof path, "%s/%s%s", tmp_root, name, suffix[f]);
        nnx_status st = nnx_graph_save(g, path);
        if (st != NNX_OK)
            fail_msg("save %s: %s: %s", path, nnx_status_string(st), nnx_context_error(t->ctx));
        nnx_model *m = NULL;
        st = nnx_model_load(t->ctx, path, NULL, &m);
        if (st != NNX_OK) {
            char *text = graph_text(path);
            fail_msg("load %s: %s: %s\n%s", path, nnx_status_string(st), nnx_context_error(t->ctx), text);
        }
        expect_io(g, m);
        uint64_t count = 0, want = 0;
        nnx_model_parameters(m, &count, NULL);
        for (uint32_t k = 0; k < t->nk; k++)
            want += t->ksize[k] / nnx_dtype_size(t->kdesc[k].dtype);
        assert_int_equal(count, want);
        nnx_model_destroy(m);
        expect_constants(t, path);
        char *text = graph_text(path);
        for (size_t i = 0; want_text && want_text[i]; i++)
            if (!strstr(text, want_text[i]))
                fail_msg("%s: graph.nnef lacks \"%s\":\n%s", path, want_text[i], text);
        free(text);
    }
}

/* The save fails with st and a message containing every string of want. */
static void check_fails(const tcase *t, nnx_graph *g, nnx_status st, const char *const *want)
{
    char path[160];
    snprintf(path, sizeof path, "%s/never", tmp_root);
    nnx_status got = nnx_graph_save(g, path);
    if (got != st)
        fail_msg("save gave %s (%s), expected %s", nnx_status_string(got), nnx_context_error(t->ctx),
                 nnx_status_string(st));
    for (size_t i = 0; want[i]; i++)
        if (!strstr(nnx_context_error(t->ctx), want[i]))
            fail_msg("message \"%s\" lacks \"%s\"", nnx_context_error(t->ctx), want[i]);
}

/* ---------------------------------------------------------------- conv */

static void test_conv2d_nhwc_hwio(void **state)
{
    (void)state;
    tcase t;
    tc_begin(&t, NULL);
    nnx_operand *x = input(&t, "image", NNX_FLOAT32, 4, SHAPE(1, 5, 6, 3));
    nnx_operand *w = konst(&t, NNX_FLOAT32, 4, SHAPE(3, 2, 3, 4)); /* hwio */
    nnx_operand *bias = konst(&t, NNX_FLOAT32, 1, SHAPE(4));
    uint32_t pads[4] = {1, 1, 0, 2}, strides[2] = {2, 1};
    nnx_operand *y = nnx_builder_conv2d(t.b, x, w,
                                        &(nnx_conv2d_options){.label = "stem",
                                                              .padding = pads,
                                                              .padding_count = 4,
                                                              .strides = strides,
                                                              .strides_count = 2,
                                                              .input_layout = NNX_LAYOUT_NHWC,
                                                              .filter_layout = NNX_FILTER_HWIO,
                                                              .bias = bias});
    nnx_graph *g = build(&t, &(nnx_named_operand){"features", nnx_builder_relu(t.b, y, NULL)}, 1);
    nnx_operand_desc d;
    nnx_graph_output_desc(g, 0, &d);
    assert_int_equal(d.shape[1], 3); /* (5 + 2 - 3) / 2 + 1 */
    assert_int_equal(d.shape[2], 7); /* 6 + 2 - 2 + 1 */
    check_saved(&t, g, "conv_nhwc",
                (const char *const[]){
                    "image = external(shape = [1, 5, 6, 3]);", "transpose(image, axes = [0, 3, 1, 2])",
                    "transpose(c0, axes = [3, 2, 0, 1])",
                    "reshape(c1, shape = [1, 4], axis_start = 0, axis_count = -1)",
                    "border = 'constant', padding = [(1, 1), (0, 2)], stride = [2, 1], dilation = [1, 1], groups = 1",
                    "axes = [0, 2, 3, 1]", "features = relu(", NULL});
    tc_end(&t);
}

/* Every filter layout; groups, dilation, no bias. */
static void test_conv2d_layouts_groups(void **state)
{
    (void)state;
    static const struct {
        nnx_filter_layout layout;
        uint32_t shape[4];
    } cases[] = {{NNX_FILTER_OIHW, {6, 2, 3, 2}},
                 {NNX_FILTER_HWIO, {3, 2, 2, 6}},
                 {NNX_FILTER_OHWI, {6, 3, 2, 2}},
                 {NNX_FILTER_IHWO, {2, 3, 2, 6}}};
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        tcase t;
        tc_begin(&t, NULL);
        nnx_operand *x = input(&t, "x", NNX_FLOAT32, 4, SHAPE(2, 6, 7, 7));
        nnx_operand *w = konst(&t, NNX_FLOAT32, 4, cases[i].shape);
        uint32_t dil[2] = {2, 1};
        nnx_operand *y = nnx_builder_conv2d(
            t.b, x, w,
            &(nnx_conv2d_options){
                .groups = 3, .dilations = dil, .dilations_count = 2, .filter_layout = cases[i].layout});
        nnx_graph *g = build(&t, &(nnx_named_operand){"y", y}, 1);
        char name[32];
        snprintf(name, sizeof name, "conv_layout%zu", i);
        check_saved(&t, g, name, (const char *const[]){"groups = 3", "dilation = [2, 1]", ", 0.0, border", NULL});
        tc_end(&t);
    }
}

/* ---------------------------------------------------------------- pooling */

static void test_pools(void **state)
{
    (void)state;
    tcase t;
    tc_begin(&t, NULL);
    nnx_operand *x = input(&t, "x", NNX_FLOAT32, 4, SHAPE(1, 2, 7, 8));
    uint32_t win[2] = {3, 3}, pads[4] = {1, 1, 1, 0}, strides[2] = {2, 2};
    nnx_operand *avg = nnx_builder_average_pool2d(t.b, x,
                                                  &(nnx_pool2d_options){.window_dimensions = win,
                                                                        .window_dimensions_count = 2,
                                                                        .padding = pads,
                                                                        .padding_count = 4,
                                                                        .strides = strides,
                                                                        .strides_count = 2});
    /* ceil rounding: height (7 + 1 - 3) / 2 = 2.5 -> 4 windows, width (8 + 1 - 5) / 3 = 1.3 -> 3;
     * NNEF's floor formula needs end padding 1 and 2 for those sizes */
    uint32_t mpads[4] = {1, 0, 1, 0}, mstrides[2] = {2, 3}, dil[2] = {1, 2};
    nnx_operand *mx = nnx_builder_max_pool2d(t.b, x,
                                             &(nnx_pool2d_options){.window_dimensions = win,
                                                                   .window_dimensions_count = 2,
                                                                   .padding = mpads,
                                                                   .padding_count = 4,
                                                                   .strides = mstrides,
                                                                   .strides_count = 2,
                                                                   .dilations = dil,
                                                                   .dilations_count = 2,
                                                                   .output_shape_rounding = NNX_ROUNDING_CEIL});
    /* nhwc, explicit output sizes that select the ceil sizes; the default (global) window */
    nnx_operand *xh = input(&t, "xh", NNX_FLOAT32, 4, SHAPE(1, 5, 5, 3));
    uint32_t sizes[2] = {3, 3}, win2[2] = {2, 2};
    nnx_operand *mh = nnx_builder_max_pool2d(t.b, xh,
                                             &(nnx_pool2d_options){.window_dimensions = win2,
                                                                   .window_dimensions_count = 2,
                                                                   .strides = strides,
                                                                   .strides_count = 2,
                                                                   .layout = NNX_LAYOUT_NHWC,
                                                                   .output_sizes = sizes,
                                                                   .output_sizes_count = 2});
    nnx_operand *gavg = nnx_builder_average_pool2d(t.b, xh, &(nnx_pool2d_options){.layout = NNX_LAYOUT_NHWC});
    nnx_named_operand outs[4] = {{"avg", avg}, {"mx", mx}, {"mh", mh}, {"gavg", gavg}};
    nnx_graph *g = build(&t, outs, 4);
    nnx_operand_desc d;
    nnx_graph_output_desc(g, 1, &d);
    assert_int_equal(d.shape[2], 4);
    assert_int_equal(d.shape[3], 3);
    check_saved(
        &t, g, "pools",
        (const char *const[]){
            "avg = avg_pool(x, size = [1, 1, 3, 3], border = 'ignore', padding = [(0, 0), (0, 0), (1, 1), (1, 0)], "
            "stride = [1, 1, 2, 2], dilation = [1, 1, 1, 1]);",
            "mx = max_pool(x, size = [1, 1, 3, 3], border = 'ignore', padding = [(0, 0), (0, 0), (1, 1), (1, 2)], "
            "stride = [1, 1, 2, 3], dilation = [1, 1, 1, 2]);",
            "size = [1, 1, 2, 2], border = 'ignore', padding = [(0, 0), (0, 0), (0, 1), (0, 1)]", "size = [1, 1, 5, 5]",
            NULL});
    tc_end(&t);
}

/* A window wholly in padding: defined by nnx, undefined for NNEF's 'ignore'. */
static void test_pool_window_in_padding(void **state)
{
    (void)state;
    tcase t;
    tc_begin(&t, NULL);
    nnx_operand *x = input(&t, "x", NNX_FLOAT32, 4, SHAPE(1, 1, 4, 4));
    uint32_t win[2] = {2, 2}, pads[4] = {3, 0, 0, 0};
    nnx_operand *y = nnx_builder_average_pool2d(t.b, x,
                                                &(nnx_pool2d_options){.label = "deep",
                                                                      .window_dimensions = win,
                                                                      .window_dimensions_count = 2,
                                                                      .padding = pads,
                                                                      .padding_count = 4});
    nnx_graph *g = build(&t, &(nnx_named_operand){"y", y}, 1);
    check_fails(
        &t, g, NNX_ERROR_NOT_SUPPORTED,
        (const char *const[]){"avg_pool 'deep'", "output height index 0", "entirely in the padding", "'ignore'", NULL});
    /* ceil rounding whose last window starts past the input */
    tcase u;
    tc_begin(&u, NULL);
    x = input(&u, "x", NNX_FLOAT32, 4, SHAPE(1, 1, 4, 4));
    uint32_t win1[2] = {1, 1}, strides[2] = {3, 3}, pads1[4] = {0, 1, 0, 1};
    y = nnx_builder_max_pool2d(u.b, x,
                               &(nnx_pool2d_options){.window_dimensions = win1,
                                                     .window_dimensions_count = 2,
                                                     .strides = strides,
                                                     .strides_count = 2,
                                                     .padding = pads1,
                                                     .padding_count = 4,
                                                     .output_shape_rounding = NNX_ROUNDING_CEIL});
    g = build(&u, &(nnx_named_operand){"y", y}, 1);
    check_fails(&u, g, NNX_ERROR_NOT_SUPPORTED, (const char *const[]){"max_pool", "index 2", NULL});
    tc_end(&t);
    tc_end(&u);
}

/* ---------------------------------------------------------------- gemm, matmul */

static void test_gemm(void **state)
{
    (void)state;
    tcase t;
    tc_begin(&t, NULL);
    nnx_operand *a = input(&t, "a", NNX_FLOAT32, 2, SHAPE(4, 3)); /* transposed: [3, 4] */
    nnx_operand *b = konst(&t, NNX_FLOAT32, 2, SHAPE(5, 4));      /* transposed: [4, 5] */
    nnx_operand *c = konst(&t, NNX_FLOAT32, 1, SHAPE(5));
    nnx_operand *full = nnx_builder_gemm(
        t.b, a, b,
        &(nnx_gemm_options){
            .c = c, .alpha = nnx_f64(0.5), .beta = nnx_f64(-2.0), .a_transpose = true, .b_transpose = true});
    nnx_operand *a2 = input(&t, "a2", NNX_FLOAT32, 2, SHAPE(3, 4));
    nnx_operand *b2 = konst(&t, NNX_FLOAT32, 2, SHAPE(4, 5));
    nnx_operand *plain = nnx_builder_gemm(t.b, a2, b2, NULL);
    nnx_operand *c2 = konst(&t, NNX_FLOAT32, 2, SHAPE(3, 5));
    nnx_operand *with_c = nnx_builder_gemm(t.b, a2, b2, &(nnx_gemm_options){.c = c2});
    nnx_named_operand outs[3] = {{"full", full}, {"plain", plain}, {"with_c", with_c}};
    nnx_graph *g = build(&t, outs, 3);
    check_saved(&t, g, "gemm",
                (const char *const[]){"matmul(a, c0, transposeA = true, transposeB = true);", ", 0.5);",
                                      "unsqueeze(c1, axes = [0]);", ", -2.0);", "full = add(",
                                      "plain = matmul(a2, c2, transposeA = false, transposeB = false);",
                                      "with_c = add(", NULL});
    tc_end(&t);
}

static void test_matmul_batch_broadcast(void **state)
{
    (void)state;
    tcase t;
    tc_begin(&t, NULL);
    nnx_operand *a = input(&t, "a", NNX_FLOAT32, 4, SHAPE(2, 1, 3, 4));
    nnx_operand *b = konst(&t, NNX_FLOAT32, 3, SHAPE(3, 4, 5));
    nnx_operand *y = nnx_builder_matmul(t.b, a, b, NULL);
    nnx_operand *v = input(&t, "v", NNX_FLOAT32, 2, SHAPE(5, 2));
    nnx_operand *z = nnx_builder_matmul(t.b, y, v, NULL);
    nnx_named_operand outs[2] = {{"y", y}, {"z", z}};
    nnx_graph *g = build(&t, outs, 2);
    nnx_operand_desc d;
    nnx_graph_output_desc(g, 1, &d);
    assert_int_equal(d.rank, 4);
    check_saved(&t, g, "matmul",
                (const char *const[]){"unsqueeze(c0, axes = [0]);", "unsqueeze(v, axes = [0, 1]);", NULL});
    tc_end(&t);
}

/* ---------------------------------------------------------------- element-wise */

static void test_binary_broadcast_and_unary(void **state)
{
    (void)state;
    tcase t;
    tc_begin(&t, NULL);
    nnx_operand *x = input(&t, "x", NNX_FLOAT32, 2, SHAPE(2, 3));
    nnx_operand *row = konst(&t, NNX_FLOAT32, 1, SHAPE(3));
    nnx_operand *s = konst(&t, NNX_FLOAT32, 0, NULL); /* rank 0 */
    nnx_operand *cube = input(&t, "cube", NNX_FLOAT32, 3, SHAPE(4, 1, 3));
    nnx_operand *s0 = input(&t, "s0", NNX_FLOAT32, 0, NULL);
    nnx_operand *y = nnx_builder_add(t.b, nnx_builder_add(t.b, x, s0, NULL), row, NULL);
    y = nnx_builder_mul(t.b, y, s, NULL);
    y = nnx_builder_sub(t.b, cube, y, NULL); /* [4,1,3] - [2,3] -> [4,2,3] */
    y = nnx_builder_div(t.b, y, nnx_builder_exp(t.b, x, NULL), NULL);
    y = nnx_builder_max(t.b, y, nnx_builder_abs(t.b, row, NULL), NULL);
    y = nnx_builder_min(t.b, y, nnx_builder_neg(t.b, row, NULL), NULL);
    y = nnx_builder_pow(t.b, nnx_builder_sqrt(t.b, nnx_builder_abs(t.b, y, NULL), NULL), s, NULL);
    nnx_operand *u = nnx_builder_log(t.b, nnx_builder_sigmoid(t.b, nnx_builder_tanh(t.b, x, NULL), NULL), NULL);
    u = nnx_builder_ceil(t.b, nnx_builder_floor(t.b, nnx_builder_relu(t.b, u, NULL), NULL), NULL);
    nnx_operand *c1 = nnx_builder_clamp(t.b, x,
                                        &(nnx_clamp_options){.min_value = nnx_f64(-1), .max_value = nnx_f64(2.5)});
    nnx_operand *c2 = nnx_builder_clamp(t.b, x, &(nnx_clamp_options){.min_value = nnx_f64(0.25)});
    nnx_operand *c3 = nnx_builder_clamp(t.b, x, &(nnx_clamp_options){.max_value = nnx_f64(3)});
    nnx_operand *c4 = nnx_builder_clamp(t.b, x, NULL);
    nnx_named_operand outs[6] = {{"y", y}, {"u", u}, {"k1", c1}, {"k2", c2}, {"k3", c3}, {"k4", c4}};
    nnx_graph *g = build(&t, outs, 6);
    check_saved(&t, g, "elementwise",
                (const char *const[]){"s0 = external(shape = []);", "add(x, s0);",
                                      "c1 = variable(shape = [], label = 'c1');", "unsqueeze(c0, axes = [0]);", "mul(",
                                      ", c1);", "unsqueeze(", "axes = [0]);", "k1 = clamp(x, -1.0, 2.5);",
                                      "k2 = max(x, 0.25);", "k3 = min(x, 3.0);", "k4 = copy(x);", "u = ceil(", NULL});
    tc_end(&t);
}

/* ---------------------------------------------------------------- softmax, reductions */

static void test_softmax_and_reductions(void **state)
{
    (void)state;
    tcase t;
    tc_begin(&t, NULL);
    nnx_operand *x = input(&t, "x", NNX_FLOAT32, 3, SHAPE(2, 3, 4));
    nnx_operand *sm = nnx_builder_softmax(t.b, x, 2, NULL);
    uint32_t ax1[1] = {1}, ax02[2] = {0, 2};
    nnx_operand *s = nnx_builder_reduce_sum(t.b, x, &(nnx_reduce_options){.axes = ax1, .axes_count = 1});
    nnx_operand *m = nnx_builder_reduce_mean(
        t.b, x, &(nnx_reduce_options){.axes = ax02, .axes_count = 2, .keep_dimensions = true});
    nnx_operand *mx = nnx_builder_reduce_max(t.b, x, NULL); /* all axes -> rank 0 */
    nnx_operand *mn = nnx_builder_reduce_min(t.b, x, &(nnx_reduce_options){.axes = ax1, .axes_count = 0});
    nnx_operand *mk = nnx_builder_reduce_min(t.b, x, &(nnx_reduce_options){.axes = ax02, .axes_count = 2});
    nnx_named_operand outs[6] = {{"sm", sm}, {"s", s}, {"m", m}, {"mx", mx}, {"mn", mn}, {"mk", mk}};
    nnx_graph *g = build(&t, outs, 6);
    nnx_operand_desc d;
    nnx_graph_output_desc(g, 3, &d);
    assert_int_equal(d.rank, 0);
    check_saved(&t, g, "reduce",
                (const char *const[]){"sm = softmax(x, axes = [2]);", "sum_reduce(x, axes = [1], normalize = false);",
                                      "m = mean_reduce(x, axes = [0, 2]);", "max_reduce(x, axes = [0, 1, 2]);",
                                      "squeeze(", "axes = [0, 1, 2]);", "mn = min_reduce(x, axes = []);", NULL});
    tc_end(&t);
}

/* ---------------------------------------------------------------- data movement */

static void test_movement(void **state)
{
    (void)state;
    tcase t;
    tc_begin(&t, NULL);
    nnx_operand *x = input(&t, "x", NNX_FLOAT32, 3, SHAPE(2, 6, 4));
    nnx_operand *k = konst(&t, NNX_FLOAT32, 3, SHAPE(2, 1, 4));
    nnx_operand *parts[3];
    assert_int_equal(nnx_builder_split(t.b, x, 3, &(nnx_split_options){.axis = 1}, parts), 3);
    nnx_operand *halves[2];
    assert_int_equal(nnx_builder_split_sizes(t.b, x, SHAPE(1, 3), 2, &(nnx_split_options){.axis = 2}, halves), 2);
    nnx_operand *cat_in[3] = {parts[2], k, parts[0]};
    nnx_operand *cat = nnx_builder_concat(t.b, cat_in, 3, 1, NULL);
    nnx_operand *tr = nnx_builder_transpose(
        t.b, cat, &(nnx_transpose_options){.permutation = SHAPE(2, 0, 1), .permutation_count = 3});
    nnx_operand *rs = nnx_builder_reshape(t.b, tr, SHAPE(8, 5), 2, NULL);
    nnx_operand *sl = nnx_builder_slice(t.b, rs, SHAPE(1, 2), 2, SHAPE(6, 3), 2, NULL);
    /* a stride over one element is a plain slice */
    nnx_operand *one = nnx_builder_slice(t.b, x, SHAPE(1, 2, 0), 3, SHAPE(1, 3, 4), 3,
                                         &(nnx_slice_options){.strides = SHAPE(1, 5, 1), .strides_count = 3});
    nnx_operand *rev = nnx_builder_transpose(t.b, halves[1], NULL);
    nnx_operand *scalar = nnx_builder_reshape(
        t.b, nnx_builder_slice(t.b, x, SHAPE(0, 0, 0), 3, SHAPE(1, 1, 1), 3, NULL), NULL, 0, NULL);
    nnx_named_operand outs[6] = {{"sl", sl},        {"one", one},      {"rev", rev},
                                 {"h0", halves[0]}, {"point", scalar}, {"p1", parts[1]}};
    nnx_graph *g = build(&t, outs, 6);
    check_saved(&t, g, "movement",
                (const char *const[]){
                    "split(x, axis = 1, ratios = [2, 2, 2]);", "[h0, ", "split(x, axis = 2, ratios = [1, 3]);",
                    "concat([", ", c0, ", "], axis = 1);", "transpose(", "axes = [2, 0, 1]);", "shape = [8, 5]",
                    "sl = slice(", "axes = [0, 1], begin = [1, 2], end = [7, 5]);",
                    "one = slice(x, axes = [0, 1, 2], begin = [1, 2, 0], end = [2, 3, 4]);", "rev = transpose(t",
                    "axes = [2, 1, 0]);", "point = reshape(", "shape = [], axis_start = 0, axis_count = -1);", NULL});
    tc_end(&t);
}

/* Generic NNEF ops carry integer and logical tensors; constants of other widths. */
static void test_integer_movement_and_widths(void **state)
{
    (void)state;
    tcase t;
    tc_begin(&t, NULL);
    nnx_operand *x = input(&t, "ids", NNX_INT32, 2, SHAPE(2, 3));
    nnx_operand *k = konst(&t, NNX_INT32, 2, SHAPE(2, 3));
    nnx_operand *cat_in[2] = {x, k};
    nnx_operand *y = nnx_builder_transpose(t.b, nnx_builder_concat(t.b, cat_in, 2, 0, NULL), NULL);
    nnx_operand *m = input(&t, "mask", NNX_BOOL, 1, SHAPE(4));
    nnx_operand *mk = konst(&t, NNX_BOOL, 1, SHAPE(3));
    nnx_operand *mcat_in[2] = {m, mk};
    nnx_operand *mcat = nnx_builder_concat(t.b, mcat_in, 2, 0, NULL);
    nnx_operand *q = konst(&t, NNX_INT8, 1, SHAPE(7));
    nnx_operand *q2 = konst(&t, NNX_UINT16, 1, SHAPE(3));
    nnx_operand *q64 = konst(&t, NNX_INT64, 1, SHAPE(2));
    nnx_operand *h = input(&t, "h", NNX_FLOAT16, 2, SHAPE(2, 3));
    nnx_operand *hk = konst(&t, NNX_FLOAT16, 1, SHAPE(3));
    nnx_operand *dk = konst(&t, NNX_FLOAT64, 1, SHAPE(3));
    nnx_operand *d = input(&t, "d", NNX_FLOAT64, 1, SHAPE(3));
    nnx_operand *n4 = konst(&t, NNX_INT4, 2, SHAPE(3, 5));
    nnx_operand *n48 = konst(&t, NNX_INT48, 1, SHAPE(4));
    nnx_named_operand outs[10] = {{"y", y},
                                  {"mcat", mcat},
                                  {"hq", nnx_builder_add(t.b, h, hk, NULL)},
                                  {"dq", nnx_builder_mul(t.b, d, dk, NULL)},
                                  {"q", nnx_builder_reshape(t.b, q, SHAPE(7, 1), 2, NULL)},
                                  {"q2", nnx_builder_transpose(t.b, q2, NULL)},
                                  {"q64", nnx_builder_reshape(t.b, q64, SHAPE(1, 2), 2, NULL)},
                                  {"ids_t", nnx_builder_transpose(t.b, x, NULL)},
                                  {"n4", nnx_builder_transpose(t.b, n4, NULL)},
                                  {"n48", nnx_builder_reshape(t.b, n48, SHAPE(2, 2), 2, NULL)}};
    nnx_graph *g = build(&t, outs, 10);
    check_saved(&t, g, "integers",
                (const char *const[]){
                    "ids = external<integer>(shape = [2, 3]);", "c0 = variable<integer>(shape = [2, 3], label = 'c0');",
                    "mask = external<logical>(shape = [4]);", "c1 = variable<logical>(shape = [3], label = 'c1');",
                    "h = external(shape = [2, 3]);", NULL});
    tc_end(&t);
}

/* ---------------------------------------------------------------- names */

static void test_names(void **state)
{
    (void)state;
    tcase t;
    tc_begin(&t, NULL);
    /* inputs named like generated names push those aside; outputs share one operand */
    nnx_operand *a = input(&t, "t0", NNX_FLOAT32, 1, SHAPE(3));
    nnx_operand *b = input(&t, "c0", NNX_FLOAT32, 1, SHAPE(3));
    nnx_operand *k = konst(&t, NNX_FLOAT32, 1, SHAPE(3));
    nnx_operand *y = nnx_builder_add(t.b, nnx_builder_add(t.b, a, b, NULL), k, NULL);
    nnx_named_operand outs[3] = {{"t1", y}, {"again", y}, {"c1", nnx_builder_neg(t.b, y, NULL)}};
    nnx_graph *g = build(&t, outs, 3);
    char path[160];
    snprintf(path, sizeof path, "%s/names", tmp_root);
    assert_int_equal(nnx_graph_save(g, path), NNX_OK);
    nnx_model *m = NULL;
    assert_int_equal(nnx_model_load(t.ctx, path, NULL, &m), NNX_OK);
    expect_io(g, m);
    char *text = graph_text(path);
    assert_non_null(strstr(text, "graph G( t0, c0 ) -> ( t1, again, c1 )"));
    assert_non_null(strstr(text, "c2 = variable(shape = [3], label = 'c2');")); /* c0, c1 are taken */
    assert_non_null(strstr(text, "t2 = add(t0, c0);"));
    assert_non_null(strstr(text, "again = copy(t1);"));
    free(text);
    /* an output name that is not an NNEF identifier is renamed by the writer's rule */
    tcase u;
    tc_begin(&u, NULL);
    nnx_operand *x = input(&u, "in put", NNX_FLOAT32, 1, SHAPE(2));
    g = build(&u, &(nnx_named_operand){"out-1", nnx_builder_exp(u.b, x, NULL)}, 1);
    snprintf(path, sizeof path, "%s/renamed.tgz", tmp_root);
    assert_int_equal(nnx_graph_save(g, path), NNX_OK);
    text = graph_text(path);
    assert_non_null(strstr(text, "graph G( in_put ) -> ( out_1 )"));
    free(text);
    tc_end(&u);
    tc_end(&t);
}

/* ---------------------------------------------------------------- not supported */

static void test_not_supported(void **state)
{
    (void)state;
    tcase t;
    tc_begin(&t, NULL);
    nnx_operand *x = input(&t, "x", NNX_FLOAT32, 2, SHAPE(4, 6));
    nnx_graph *g = build(
        &t, &(nnx_named_operand){"y", nnx_builder_cast(t.b, x, NNX_UINT8, &(nnx_operator_options){"to_u8"})}, 1);
    /* float32 <-> int32 <-> bool is the later library's cast<T>; other types have no NNEF form */
    check_fails(&t, g, NNX_ERROR_NOT_SUPPORTED,
                (const char *const[]){"/never: error: cast 'to_u8' (node #0): ",
                                      "cast<T> converts scalar (float32), integer (int32) and logical (bool) only",
                                      NULL});

    nnx_builder_create(t.ctx, &t.b);
    x = input(&t, "x", NNX_FLOAT32, 2, SHAPE(4, 6));
    nnx_operand *y = nnx_builder_slice(
        t.b, x, SHAPE(0, 1), 2, SHAPE(4, 4), 2,
        &(nnx_slice_options){.label = "every2", .strides = SHAPE(1, 2), .strides_count = 2});
    g = build(&t, &(nnx_named_operand){"y", y}, 1);
    check_fails(&t, g, NNX_ERROR_NOT_SUPPORTED,
                (const char *const[]){"slice 'every2'", "strides [1, 2] are not all 1", "axis 1", "no stride", NULL});

    nnx_builder_create(t.ctx, &t.b);
    nnx_operand *i = input(&t, "i", NNX_INT32, 1, SHAPE(3));
    g = build(&t, &(nnx_named_operand){"y", nnx_builder_add(t.b, i, i, &(nnx_operator_options){"sum"})}, 1);
    check_fails(&t, g, NNX_ERROR_NOT_SUPPORTED,
                (const char *const[]){
                    "add 'sum'",
                    "NNEF 'add' takes tensor<scalar> for 'x', but the operand is int32 (NNEF tensor<integer>)", NULL});

    nnx_builder_create(t.ctx, &t.b);
    i = input(&t, "i", NNX_INT32, 1, SHAPE(3));
    g = build(&t, &(nnx_named_operand){"y", nnx_builder_clamp(t.b, i, &(nnx_clamp_options){.min_value = nnx_i64(0)})},
              1);
    check_fails(&t, g, NNX_ERROR_NOT_SUPPORTED, (const char *const[]){"clamp", "int32 clamp", NULL});

    nnx_builder_create(t.ctx, &t.b);
    nnx_operand_desc bd = {NNX_BFLOAT16, 1, {2}};
    uint16_t bits[2] = {0x3f80, 0x4000};
    x = input(&t, "x", NNX_BFLOAT16, 1, SHAPE(2));
    g = build(&t, &(nnx_named_operand){"y", nnx_builder_add(t.b, x, nnx_builder_constant(t.b, &bd, bits, 4), NULL)}, 1);
    check_fails(&t, g, NNX_ERROR_NOT_SUPPORTED,
                (const char *const[]){"constant c0", "bfloat16[2]", "not bfloat16", NULL});

    nnx_builder_create(t.ctx, &t.b);
    x = input(&t, "x", NNX_FLOAT32, 2, SHAPE(2, 2));
    g = build(
        &t, &(nnx_named_operand){"y", nnx_builder_gemm(t.b, x, x, &(nnx_gemm_options){.alpha = nnx_f64(INFINITY)})}, 1);
    check_fails(&t, g, NNX_ERROR_NOT_SUPPORTED, (const char *const[]){"gemm", "alpha inf has no NNEF literal", NULL});

    nnx_builder_create(t.ctx, &t.b);
    x = input(&t, "x", NNX_FLOAT32, 1, SHAPE(2));
    g = build(
        &t, &(nnx_named_operand){"y", nnx_builder_clamp(t.b, x, &(nnx_clamp_options){.min_value = nnx_f64(INFINITY)})},
        1);
    check_fails(&t, g, NNX_ERROR_NOT_SUPPORTED,
                (const char *const[]){"clamp (node #0): bound +inf has no NNEF literal", NULL});

    /* NNEF's graph declaration needs at least one input */
    nnx_builder_create(t.ctx, &t.b);
    nnx_operand_desc kd = {NNX_FLOAT32, 1, {2}};
    float kv[2] = {1, 2};
    g = build(&t, &(nnx_named_operand){"y", nnx_builder_exp(t.b, nnx_builder_constant(t.b, &kd, kv, 8), NULL)}, 1);
    check_fails(&t, g, NNX_ERROR_NOT_SUPPORTED, (const char *const[]){"graph 'G' has no inputs", NULL});

    assert_int_equal(nnx_graph_save(NULL, "x"), NNX_ERROR_INVALID_ARGUMENT);
    assert_int_equal(nnx_graph_save(g, NULL), NNX_ERROR_INVALID_ARGUMENT);
    assert_non_null(strstr(nnx_context_error(t.ctx), "path is NULL"));
    tc_end(&t);
}

/* ---------------------------------------------------------------- allocation failure */

static nnx_graph *alloc_graph(tcase *t)
{
    nnx_operand *x = input(t, "x", NNX_FLOAT32, 4, SHAPE(1, 6, 6, 2));
    nnx_operand *w = konst(t, NNX_FLOAT32, 4, SHAPE(3, 3, 2, 4));
    nnx_operand *bias = konst(t, NNX_FLOAT32, 1, SHAPE(4));
    uint32_t pads[4] = {1, 1, 1, 1}, win[2] = {2, 2};
    nnx_operand *y = nnx_builder_conv2d(t->b, x, w,
                                        &(nnx_conv2d_options){.padding = pads,
                                                              .padding_count = 4,
                                                              .input_layout = NNX_LAYOUT_NHWC,
                                                              .filter_layout = NNX_FILTER_HWIO,
                                                              .bias = bias});
    y = nnx_builder_max_pool2d(t->b, y,
                               &(nnx_pool2d_options){.window_dimensions = win,
                                                     .window_dimensions_count = 2,
                                                     .strides = win,
                                                     .strides_count = 2,
                                                     .layout = NNX_LAYOUT_NHWC,
                                                     .output_shape_rounding = NNX_ROUNDING_CEIL});
    y = nnx_builder_reshape(t->b, y, SHAPE(1, 36), 2, NULL);
    nnx_operand *fc = konst(t, NNX_FLOAT32, 2, SHAPE(36, 5));
    y = nnx_builder_gemm(t->b, y, fc,
                         &(nnx_gemm_options){.c = konst(t, NNX_FLOAT32, 1, SHAPE(5)), .alpha = nnx_f64(2)});
    y = nnx_builder_softmax(t->b, y, 1, NULL);
    uint32_t ax[1] = {1};
    nnx_operand *r = nnx_builder_reduce_sum(t->b, y, &(nnx_reduce_options){.axes = ax, .axes_count = 1});
    nnx_named_operand outs[2] = {{"probs", y}, {"total", r}};
    return build(t, outs, 2);
}

static void test_every_allocation_of_a_save_fails(void **state)
{
    (void)state;
    static const char *const names[2] = {"oom", "oom.tgz"};
    for (int f = 0; f < 2; f++) {
        counting_alloc c = {0};
        nnx_context *ctx;
        nnx_context_options opts = {.threads = 1, .allocator = counting_alloc_hook(&c)};
        assert_int_equal(nnx_context_create(&opts, &ctx), NNX_OK);
        tcase t;
        tc_begin(&t, ctx);
        nnx_graph *g = alloc_graph(&t);
        char path[160];
        snprintf(path, sizeof path, "%s/%s", tmp_root, names[f]);
        long live = c.live, before = c.calls;
        const nnx_save_options replace = {.flags = NNX_SAVE_REPLACE}; /* the folder is written again */
        assert_int_equal(nnx_graph_save(g, path), NNX_OK);
        long total = c.calls - before;
        assert_int_equal(c.live, live);
        assert_true(total > 20);
        for (long n = 1; n <= total; n++) {
            c.fail_at = c.calls + n;
            nnx_status st = nnx_graph_save_with(g, path, &replace);
            if (st != NNX_ERROR_OUT_OF_MEMORY)
                fail_msg("%s: failing allocation %ld of %ld gave %s (%s)", names[f], n, total, nnx_status_string(st),
                         nnx_context_error(ctx));
            if (c.live != live)
                fail_msg("%s: failing allocation %ld of %ld leaked %ld blocks", names[f], n, total, c.live - live);
        }
        c.fail_at = 0;
        assert_int_equal(nnx_graph_save_with(g, path, &replace), NNX_OK);
        nnx_model *m = NULL;
        assert_int_equal(nnx_model_load(ctx, path, NULL, &m), NNX_OK);
        expect_io(g, m);
        nnx_model_destroy(m);
        expect_constants(&t, path);
        tc_end(&t);
        assert_int_equal(c.live, 0);
    }
}

/* ---------------------------------------------------------------- main */

static int rm_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
    (void)sb, (void)flag, (void)ftw;
    return remove(path);
}

static int make_tmp(void **state)
{
    (void)state;
    strcpy(tmp_root, "/tmp/nnx_graph_save_XXXXXX");
    return mkdtemp(tmp_root) ? 0 : -1;
}

static int remove_tmp(void **state)
{
    (void)state;
    return nftw(tmp_root, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_conv2d_nhwc_hwio),
        cmocka_unit_test(test_conv2d_layouts_groups),
        cmocka_unit_test(test_pools),
        cmocka_unit_test(test_pool_window_in_padding),
        cmocka_unit_test(test_gemm),
        cmocka_unit_test(test_matmul_batch_broadcast),
        cmocka_unit_test(test_binary_broadcast_and_unary),
        cmocka_unit_test(test_softmax_and_reductions),
        cmocka_unit_test(test_movement),
        cmocka_unit_test(test_integer_movement_and_widths),
        cmocka_unit_test(test_names),
        cmocka_unit_test(test_not_supported),
        cmocka_unit_test(test_every_allocation_of_a_save_fails),
    };
    return cmocka_run_group_tests(tests, make_tmp, remove_tmp);
}
