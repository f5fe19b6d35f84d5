/* test_webnn_spec_examples.c — every example of the WebNN spec (the `dispatch()` example,
 * the example graph, the examples in the operation methods and the emulations they give; index.bs
 * at commit 07d09bb of github.com/webmachinelearning/webnn) run through the public C API, asserting
 * the shapes and values the examples state. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "nnx.h"

#define SHAPE(...) \
    (const uint32_t[]){__VA_ARGS__}, (uint32_t)(sizeof((const uint32_t[]){__VA_ARGS__}) / sizeof(uint32_t))
#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* A value bound to the graph input of that name at dispatch. */
typedef struct feed {
    const char *name;
    const void *data;
    size_t bytes;
} feed;

static nnx_operand_desc desc_of(nnx_dtype dt, const uint32_t *shape, uint32_t rank)
{
    nnx_operand_desc d = {dt, rank, {0}};
    for (uint32_t i = 0; i < rank; i++)
        d.shape[i] = shape[i];
    return d;
}

static nnx_operand *constant(nnx_builder *b, nnx_dtype dt, const uint32_t *shape, uint32_t rank, const void *data)
{
    nnx_operand_desc d = desc_of(dt, shape, rank);
    size_t bytes = nnx_dtype_size(dt);
    for (uint32_t i = 0; i < rank; i++)
        bytes *= shape[i];
    nnx_operand *op = nnx_builder_constant(b, &d, data, bytes);
    assert_int_equal(nnx_builder_status(b), NNX_OK);
    return op;
}
#define KF(b, data, ...) constant(b, NNX_FLOAT32, SHAPE(__VA_ARGS__), data)
#define KU(b, data, ...) constant(b, NNX_UINT32, SHAPE(__VA_ARGS__), data)

static nnx_operand *input(nnx_builder *b, const char *name, nnx_dtype dt, const uint32_t *shape, uint32_t rank)
{
    nnx_operand_desc d = desc_of(dt, shape, rank);
    nnx_operand *op = nnx_builder_input(b, name, &d);
    assert_int_equal(nnx_builder_status(b), NNX_OK);
    return op;
}

/* Builds {"y": y} (the C form of `await builder.build({y})`), binds a tensor per graph input
 * from feeds, dispatches, and reads y into out (out_bytes = its byte length); *got gets y's
 * descriptor. The C calls block, so write -> dispatch -> read run in order on one timeline. */
static void run_graph(nnx_context *ctx, nnx_builder *b, nnx_operand *y, const feed *feeds, size_t n_feeds, void *out,
                      size_t out_bytes, nnx_operand_desc *got)
{
    nnx_named_operand named = {"y", y};
    nnx_graph *g = NULL;
    nnx_status st = nnx_builder_build(b, &named, 1, &g);
    if (st != NNX_OK)
        fail_msg("build failed: %s", nnx_builder_error(b));
    size_t n_in = nnx_graph_input_count(g);
    assert_true(n_in == n_feeds && n_in <= 4);
    nnx_named_tensor ins[4];
    for (size_t i = 0; i < n_in; i++) {
        const char *name = nnx_graph_input_name(g, i);
        const feed *fd = NULL;
        for (size_t j = 0; j < n_feeds; j++)
            if (strcmp(feeds[j].name, name) == 0)
                fd = &feeds[j];
        assert_non_null(fd);
        nnx_tensor_desc td = {.writable = true};
        nnx_graph_input_desc(g, i, &td.desc);
        assert_int_equal(nnx_tensor_create(ctx, &td, &ins[i].tensor), NNX_OK);
        assert_int_equal(nnx_tensor_write(ins[i].tensor, fd->data, fd->bytes), NNX_OK);
        ins[i].name = name;
    }
    nnx_tensor_desc od = {.readable = true};
    nnx_graph_output_desc(g, 0, &od.desc);
    *got = od.desc;
    nnx_named_tensor o = {"y", NULL};
    assert_int_equal(nnx_tensor_create(ctx, &od, &o.tensor), NNX_OK);
    st = nnx_context_dispatch(ctx, g, ins, n_in, &o, 1);
    if (st != NNX_OK)
        fail_msg("dispatch failed: %s", nnx_context_error(ctx));
    assert_int_equal(nnx_tensor_read(o.tensor, out, out_bytes), NNX_OK);
    for (size_t i = 0; i < n_in; i++)
        nnx_tensor_destroy(ins[i].tensor);
    nnx_tensor_destroy(o.tensor);
    nnx_graph_destroy(g);
}

static void expect_shape(const nnx_operand_desc *d, const uint32_t *shape, uint32_t rank)
{
    assert_int_equal(d->rank, rank);
    for (uint32_t i = 0; i < rank; i++)
        assert_int_equal(d->shape[i], shape[i]);
}

/* Evaluates the float32 y of a fresh builder b and checks its shape and values (exactly, or
 * within 1e-5 for computed fractions), then destroys b. */
static void expect_f32(nnx_context *ctx, nnx_builder *b, nnx_operand *y, const feed *feeds, size_t n_feeds,
                       const uint32_t *shape, uint32_t rank, const float *want, size_t n)
{
    float got[64];
    assert_true(n <= COUNT(got));
    nnx_operand_desc d;
    run_graph(ctx, b, y, feeds, n_feeds, got, n * sizeof(float), &d);
    assert_int_equal(d.dtype, NNX_FLOAT32);
    expect_shape(&d, shape, rank);
    for (size_t i = 0; i < n; i++)
        if (!(fabsf(got[i] - want[i]) <= 1e-5f))
            fail_msg("element %zu: got %g, the example states %g", i, (double)got[i], (double)want[i]);
    nnx_builder_destroy(b);
}
#define EXPECT(ctx, b, y, feeds, nf, want, ...) expect_f32(ctx, b, y, feeds, nf, SHAPE(__VA_ARGS__), want, COUNT(want))

static nnx_builder *builder(nnx_context *ctx)
{
    nnx_builder *b = NULL;
    assert_int_equal(nnx_builder_create(ctx, &b), NNX_OK);
    return b;
}

static int setup(void **state)
{
    nnx_context *ctx = NULL;
    if (nnx_context_create(NULL, &ctx) != NNX_OK)
        return -1;
    *state = ctx;
    return 0;
}

static int teardown(void **state)
{
    nnx_context_destroy(*state);
    return 0;
}

/* ------------------------------------------------------------------ §8.3.1.1 and §10 */

/* §8.3.1.1: C = A * 0.2 + B; A = 1.0s, B = 0.8s -> readTensor(C) = [1,1,1,1]. The JS example
 * awaits createContext, build, the three createTensor promises (made in parallel) and
 * readTensor; in C each of those is one blocking call, made in the same order. */
static void test_dispatch_example(void **state)
{
    nnx_context *ctx = *state;
    nnx_builder *b = builder(ctx);
    const float fill[4] = {0.2f, 0.2f, 0.2f, 0.2f};
    nnx_operand *k = KF(b, fill, 2, 2);
    nnx_operand *a = input(b, "A", NNX_FLOAT32, SHAPE(2, 2));
    nnx_operand *bb = input(b, "B", NNX_FLOAT32, SHAPE(2, 2));
    nnx_operand *c = nnx_builder_add(b, nnx_builder_mul(b, a, k, NULL), bb, NULL);
    nnx_named_operand named = {"C", c};
    nnx_graph *g = NULL;
    assert_int_equal(nnx_builder_build(b, &named, 1, &g), NNX_OK);

    nnx_tensor_desc wdesc = {desc_of(NNX_FLOAT32, SHAPE(2, 2)), false, true};
    nnx_tensor_desc rdesc = {desc_of(NNX_FLOAT32, SHAPE(2, 2)), true, false};
    nnx_tensor *ta, *tb, *tc;
    assert_int_equal(nnx_tensor_create(ctx, &wdesc, &ta), NNX_OK);
    assert_int_equal(nnx_tensor_create(ctx, &wdesc, &tb), NNX_OK);
    assert_int_equal(nnx_tensor_create(ctx, &rdesc, &tc), NNX_OK);
    const float ones[4] = {1, 1, 1, 1}, p8[4] = {0.8f, 0.8f, 0.8f, 0.8f};
    assert_int_equal(nnx_tensor_write(ta, ones, sizeof ones), NNX_OK);
    assert_int_equal(nnx_tensor_write(tb, p8, sizeof p8), NNX_OK);
    nnx_named_tensor ins[2] = {{"A", ta}, {"B", tb}}, outs[1] = {{"C", tc}};
    assert_int_equal(nnx_context_dispatch(ctx, g, ins, 2, outs, 1), NNX_OK);
    float got[4];
    assert_int_equal(nnx_tensor_read(tc, got, sizeof got), NNX_OK);
    for (int i = 0; i < 4; i++)
        assert_float_equal(got[i], 1.0f, 1e-6f);
}

/* §10: output = (constant1 + input1) * (constant2 + input2), float32 [1,2,2,2], constants
 * filled with 0.5 (the example only builds; §8.3.1.1 supplies build and dispatch). */
static void test_section10_graph(void **state)
{
    nnx_context *ctx = *state;
    nnx_builder *b = builder(ctx);
    float half[8], in1[8], in2[8], want[8];
    for (int i = 0; i < 8; i++) {
        half[i] = 0.5f;
        in1[i] = (float)i;
        in2[i] = 1.0f - (float)i;
        want[i] = (0.5f + in1[i]) * (0.5f + in2[i]);
    }
    nnx_operand *c1 = KF(b, half, 1, 2, 2, 2), *c2 = KF(b, half, 1, 2, 2, 2);
    nnx_operand *i1 = input(b, "input1", NNX_FLOAT32, SHAPE(1, 2, 2, 2));
    nnx_operand *i2 = input(b, "input2", NNX_FLOAT32, SHAPE(1, 2, 2, 2));
    nnx_operand *y = nnx_builder_mul(b, nnx_builder_add(b, c1, i1, NULL), nnx_builder_add(b, c2, i2, NULL), NULL);
    const feed feeds[2] = {{"input1", in1, sizeof in1}, {"input2", in2, sizeof in2}};
    EXPECT(ctx, b, y, feeds, 2, want, 1, 2, 2, 2);
}

/* ------------------------------------------------------------------ gather family */

static const float rows4x3[12] = {0, 1, 2, 10, 11, 12, 20, 21, 22, 30, 31, 32};
static const float cube4x2x2[16] = {0, 1, 10, 11, 100, 101, 110, 111, 200, 201, 210, 211, 300, 301, 310, 311};
static const float seq8[8] = {0, 1, 2, 3, 4, 5, 6, 7};

static void test_gather_examples(void **state)
{
    nnx_context *ctx = *state;
    nnx_builder *b = builder(ctx);
    const uint32_t i1[2] = {3, 1};
    const float w1[6] = {30, 31, 32, 10, 11, 12};
    EXPECT(ctx, b, nnx_builder_gather(b, KF(b, rows4x3, 4, 3), KU(b, i1, 2), NULL), NULL, 0, w1, 2, 3);

    b = builder(ctx);
    const uint32_t i2[3] = {2, 1, 1};
    const float w2[12] = {2, 1, 1, 12, 11, 11, 22, 21, 21, 32, 31, 31};
    nnx_gather_options ax1 = {.axis = 1};
    EXPECT(ctx, b, nnx_builder_gather(b, KF(b, rows4x3, 4, 3), KU(b, i2, 3), &ax1), NULL, 0, w2, 4, 3);

    b = builder(ctx);
    const uint32_t i3[4] = {0, 1, 1, 2};
    const float w3[16] = {0, 1, 1, 2, 10, 11, 11, 12, 20, 21, 21, 22, 30, 31, 31, 32};
    EXPECT(ctx, b, nnx_builder_gather(b, KF(b, rows4x3, 4, 3), KU(b, i3, 2, 2), &ax1), NULL, 0, w3, 4, 2, 2);
}

/* gatherElements: the output has the indices' shape (the examples; the algorithm's "copy the
 * input" is the bug of WebNN `gatherElements()`, decision 6.1-4). */
static void test_gather_elements_examples(void **state)
{
    nnx_context *ctx = *state;
    nnx_builder *b = builder(ctx);
    const uint32_t i1[6] = {3, 1, 1, 2, 0, 3};
    const float w1[6] = {30, 11, 12, 20, 1, 32};
    EXPECT(ctx, b, nnx_builder_gather_elements(b, KF(b, rows4x3, 4, 3), KU(b, i1, 2, 3), NULL), NULL, 0, w1, 2, 3);

    b = builder(ctx);
    const uint32_t i2[4] = {2, 1, 0, 2};
    const float w2[4] = {2, 11, 20, 32};
    nnx_gather_options ax1 = {.axis = 1};
    EXPECT(ctx, b, nnx_builder_gather_elements(b, KF(b, rows4x3, 4, 3), KU(b, i2, 4, 1), &ax1), NULL, 0, w2, 4, 1);

    b = builder(ctx);
    const uint32_t i3[4] = {0, 2, 1, 3};
    const float w3[4] = {0, 201, 110, 311};
    EXPECT(ctx, b, nnx_builder_gather_elements(b, KF(b, cube4x2x2, 4, 2, 2), KU(b, i3, 1, 2, 2), NULL), NULL, 0, w3, 1,
           2, 2);
}

static void test_gather_nd_examples(void **state)
{
    nnx_context *ctx = *state;
    nnx_builder *b = builder(ctx);
    const uint32_t i1[6] = {0, 0, 1, 1, 1, 0};
    const float w1[3] = {0, 3, 2};
    EXPECT(ctx, b, nnx_builder_gather_nd(b, KF(b, seq8, 2, 2), KU(b, i1, 3, 2), NULL), NULL, 0, w1, 3);

    b = builder(ctx);
    const uint32_t i2[2] = {1, 0};
    const float w2[4] = {2, 3, 0, 1};
    EXPECT(ctx, b, nnx_builder_gather_nd(b, KF(b, seq8, 2, 2), KU(b, i2, 2, 1), NULL), NULL, 0, w2, 2, 2);

    b = builder(ctx);
    const uint32_t i3[4] = {0, 1, 1, 0};
    const float w3[4] = {2, 3, 4, 5};
    EXPECT(ctx, b, nnx_builder_gather_nd(b, KF(b, seq8, 2, 2, 2), KU(b, i3, 2, 2), NULL), NULL, 0, w3, 2, 2);

    b = builder(ctx);
    const uint32_t i4[3] = {1, 0, 1};
    const float w4[12] = {4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7};
    EXPECT(ctx, b, nnx_builder_gather_nd(b, KF(b, seq8, 2, 2, 2), KU(b, i4, 3, 1), NULL), NULL, 0, w4, 3, 2, 2);

    b = builder(ctx);
    const uint32_t i5[15] = {0, 0, 1, 0, 1, 0, 1, 0, 0, 1, 1, 0, 1, 1, 1};
    const float w5[5] = {1, 2, 4, 6, 7};
    EXPECT(ctx, b, nnx_builder_gather_nd(b, KF(b, seq8, 2, 2, 2), KU(b, i5, 5, 3), NULL), NULL, 0, w5, 5);
}

/* The spec's code passes updates as Uint32Array for float32 operands; the stated values (the
 * comments) are what the example means, so the updates here are float32. */
static void test_scatter_elements_examples(void **state)
{
    nnx_context *ctx = *state;
    nnx_builder *b = builder(ctx);
    const uint32_t i1[6] = {3, 1, 1, 2, 0, 3};
    const float u1[6] = {-1, -2, -3, -4, -5, -6};
    const float w1[12] = {0, -5, 2, 10, -2, -3, -4, 21, 22, -1, 31, -6};
    EXPECT(ctx, b, nnx_builder_scatter_elements(b, KF(b, rows4x3, 4, 3), KU(b, i1, 2, 3), KF(b, u1, 2, 3), NULL), NULL,
           0, w1, 4, 3);

    b = builder(ctx);
    const uint32_t i2[4] = {2, 1, 0, 2};
    const float u2[4] = {-1, -2, -3, -4};
    const float w2[12] = {0, 1, -1, 10, -2, 12, -3, 21, 22, 30, 31, -4};
    nnx_scatter_options ax1 = {.axis = 1};
    EXPECT(ctx, b, nnx_builder_scatter_elements(b, KF(b, rows4x3, 4, 3), KU(b, i2, 4, 1), KF(b, u2, 4, 1), &ax1), NULL,
           0, w2, 4, 3);

    b = builder(ctx);
    const uint32_t i3[4] = {0, 2, 1, 3};
    const float u3[4] = {-1, -2, -3, -4};
    const float w3[16] = {-1, 1, 10, 11, 100, 101, -3, 111, 200, -2, 210, 211, 300, 301, 310, -4};
    EXPECT(ctx, b,
           nnx_builder_scatter_elements(b, KF(b, cube4x2x2, 4, 2, 2), KU(b, i3, 1, 2, 2), KF(b, u3, 1, 2, 2), NULL),
           NULL, 0, w3, 4, 2, 2);
}

/* scatterND: four examples. Examples 3 and 4 state results that
 * their code contradicts (indices [1,0] for [2,0]; an update 4 for -4): the stated values
 * are used. Updates are float32, as the input (the code passes Uint32Array). */
static void test_scatter_nd_examples(void **state)
{
    nnx_context *ctx = *state;
    nnx_builder *b = builder(ctx);
    const uint32_t i1[4] = {4, 3, 1, 7};
    const float u1[4] = {-1, -2, -3, -4};
    const float w1[8] = {0, -3, 2, -2, -1, 5, 6, -4};
    EXPECT(ctx, b, nnx_builder_scatter_nd(b, KF(b, seq8, 8), KU(b, i1, 4, 1), KF(b, u1, 4), NULL), NULL, 0, w1, 8);

    b = builder(ctx);
    const uint32_t i2[4] = {0, 0, 1, 1};
    const float u2[2] = {-1, -2};
    const float w2[4] = {-1, 1, 2, -2};
    EXPECT(ctx, b, nnx_builder_scatter_nd(b, KF(b, seq8, 2, 2), KU(b, i2, 2, 2), KF(b, u2, 2), NULL), NULL, 0, w2, 2,
           2);

    b = builder(ctx);
    const uint32_t i3[2] = {2, 0};
    const float u3[4] = {-1, -2, -3, -4};
    const float w3[6] = {-3, -4, 2, 3, -1, -2};
    EXPECT(ctx, b, nnx_builder_scatter_nd(b, KF(b, seq8, 3, 2), KU(b, i3, 2, 1), KF(b, u3, 2, 2), NULL), NULL, 0, w3, 3,
           2);

    b = builder(ctx);
    const uint32_t i4[4] = {0, 1, 1, 0};
    const float u4[4] = {-1, -2, -3, -4};
    const float w4[8] = {0, 1, -1, -2, -3, -4, 6, 7};
    EXPECT(ctx, b, nnx_builder_scatter_nd(b, KF(b, seq8, 2, 2, 2), KU(b, i4, 2, 2), KF(b, u4, 2, 2), NULL), NULL, 0, w4,
           2, 2, 2);
}

/* ------------------------------------------------------------------ triangular */

static const float tri[9] = {7, 1, 2, 9, 4, 8, 2, 6, 3};

static void triangular_case(nnx_context *ctx, bool lower, int32_t diagonal, const float want[9])
{
    nnx_builder *b = builder(ctx);
    nnx_triangular_options o = {.lower = lower, .diagonal = diagonal};
    expect_f32(ctx, b, nnx_builder_triangular(b, KF(b, tri, 3, 3), &o), NULL, 0, SHAPE(3, 3), want, 9);
}

/* Seven examples; the last ("two batches") reuses the 2-D input in the spec's code (a noted
 * defect), so it runs on the [2,3,3] input its comment shows. upper = true is lower = false. */
static void test_triangular_examples(void **state)
{
    nnx_context *ctx = *state;
    triangular_case(ctx, false, 0, (const float[9]){7, 1, 2, 0, 4, 8, 0, 0, 3});
    triangular_case(ctx, false, 1, (const float[9]){0, 1, 2, 0, 0, 8, 0, 0, 0});
    triangular_case(ctx, false, -1, (const float[9]){7, 1, 2, 9, 4, 8, 0, 6, 3});
    triangular_case(ctx, true, 0, (const float[9]){7, 0, 0, 9, 4, 0, 2, 6, 3});
    triangular_case(ctx, true, 1, (const float[9]){7, 1, 0, 9, 4, 8, 2, 6, 3});
    triangular_case(ctx, true, -1, (const float[9]){0, 0, 0, 9, 0, 0, 2, 6, 0});

    nnx_builder *b = builder(ctx);
    const float batches[18] = {7, 1, 2, 9, 4, 8, 2, 6, 3, 1, 2, 3, 4, 5, 6, 7, 8, 9};
    const float want[18] = {7, 0, 0, 9, 4, 0, 2, 6, 3, 1, 0, 0, 4, 5, 0, 7, 8, 9};
    nnx_triangular_options o = {.lower = true};
    EXPECT(ctx, b, nnx_builder_triangular(b, KF(b, batches, 2, 3, 3), &o), NULL, 0, want, 2, 3, 3);
}

/* ------------------------------------------------------------------ pad */

/* The three modes on [[1,2,3],[4,5,6]] padded by [1,2] before and [1,2] after. */
static void test_pad_examples(void **state)
{
    nnx_context *ctx = *state;
    const float in[6] = {1, 2, 3, 4, 5, 6};
    const struct {
        nnx_padding_mode mode;
        float want[28];
    } cases[3] = {
        {NNX_PADDING_CONSTANT, {0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 0, 0, 0, 0, 4, 5, 6, 0, 0, 0, 0, 0, 0, 0, 0, 0}},
        {NNX_PADDING_EDGE, {1, 1, 1, 2, 3, 3, 3, 1, 1, 1, 2, 3, 3, 3, 4, 4, 4, 5, 6, 6, 6, 4, 4, 4, 5, 6, 6, 6}},
        {NNX_PADDING_REFLECTION, {6, 5, 4, 5, 6, 5, 4, 3, 2, 1, 2, 3, 2, 1, 6, 5, 4, 5, 6, 5, 4, 3, 2, 1, 2, 3, 2, 1}},
    };
    const uint32_t pads[2] = {1, 2};
    for (size_t i = 0; i < COUNT(cases); i++) {
        nnx_builder *b = builder(ctx);
        nnx_pad_options o = {.mode = cases[i].mode};
        EXPECT(ctx, b, nnx_builder_pad(b, KF(b, in, 2, 3), pads, 2, pads, 2, &o), NULL, 0, cases[i].want, 4, 7);
    }
}

/* ------------------------------------------------------------------ resample2d, cumulativeSum, roundEven, cast */

/* The spec text's linear-resampling example: [4,4] -> [8,8] (as the spatial axes of NCHW). */
static void test_resample2d_linear_example(void **state)
{
    nnx_context *ctx = *state;
    nnx_builder *b = builder(ctx);
    const float in[16] = {0, 1, 2, 3, 0, 1, 2, 3, 12, 13, 14, 15, 12, 13, 14, 15};
    static const float row[8] = {0, 0.25f, 0.75f, 1.25f, 1.75f, 2.25f, 2.75f, 3};
    static const float base[8] = {0, 0, 0, 3, 9, 12, 12, 12};
    float want[64];
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 8; j++)
            want[i * 8 + j] = base[i] + row[j];
    nnx_resample2d_options o = {.mode = NNX_INTERPOLATION_LINEAR, .sizes = (const uint32_t[]){8, 8}, .sizes_count = 2};
    EXPECT(ctx, b, nnx_builder_resample2d(b, KF(b, in, 1, 1, 4, 4), &o), NULL, 0, want, 1, 1, 8, 8);
}

static void test_cumulative_sum_examples(void **state)
{
    nnx_context *ctx = *state;
    const float in[4] = {1, 2, 3, 4};
    const struct {
        bool exclusive, reversed;
        float want[4];
    } cases[3] = {{false, false, {1, 3, 6, 10}}, {true, false, {0, 1, 3, 6}}, {false, true, {10, 9, 7, 4}}};
    for (size_t i = 0; i < COUNT(cases); i++) {
        nnx_builder *b = builder(ctx);
        nnx_cumulative_sum_options o = {.exclusive = cases[i].exclusive, .reversed = cases[i].reversed};
        EXPECT(ctx, b, nnx_builder_cumulative_sum(b, KF(b, in, 4), 0, &o), NULL, 0, cases[i].want, 4);
    }
}

static void test_round_even_example(void **state)
{
    nnx_context *ctx = *state;
    nnx_builder *b = builder(ctx);
    const float in[10] = {0.1f, 0.9f, 1.1f, 1.9f, -3.5f, -2.5f, -1.5f, 1.5f, 2.5f, 3.5f};
    const float want[10] = {0, 1, 1, 2, -4, -2, -2, 2, 2, 4};
    nnx_operand *x = input(b, "x", NNX_FLOAT32, SHAPE(10));
    const feed fd = {"x", in, sizeof in};
    EXPECT(ctx, b, nnx_builder_round_even(b, x, NULL), &fd, 1, want, 10);
}

/* cast: int8 -1 -> uint8 255 (the low 8 bits, as the cast table specifies). */
static void test_cast_example(void **state)
{
    nnx_context *ctx = *state;
    nnx_builder *b = builder(ctx);
    const int8_t in[1] = {-1};
    nnx_operand *x = input(b, "x", NNX_INT8, SHAPE(1));
    const feed fd = {"x", in, sizeof in};
    uint8_t got[1] = {0};
    nnx_operand_desc d;
    run_graph(ctx, b, nnx_builder_cast(b, x, NNX_UINT8, NULL), &fd, 1, got, sizeof got, &d);
    assert_int_equal(d.dtype, NNX_UINT8);
    expect_shape(&d, SHAPE(1));
    assert_int_equal(got[0], 255);
    nnx_builder_destroy(b);
}

/* ------------------------------------------------------------------ §4.1 emulations */

/* sign as the §11 emulation writes it: where(greater(x, 0), 1, where(lesser(x, 0), -1, 0)),
 * the scalar constants broadcast against x; checked against nnx's own sign. */
static void test_emulation_sign_by_where(void **state)
{
    nnx_context *ctx = *state;
    const float in[6] = {-2.5f, -0.0f, 0.0f, 3.0f, -1e-30f, 7.0f}, want[6] = {-1, 0, 0, 1, -1, 1};
    const float zero = 0, one = 1, minus_one = -1;
    nnx_builder *b = builder(ctx);
    nnx_operand *x = input(b, "x", NNX_FLOAT32, SHAPE(6));
    nnx_operand *z = constant(b, NNX_FLOAT32, NULL, 0, &zero), *p = constant(b, NNX_FLOAT32, NULL, 0, &one),
                *m = constant(b, NNX_FLOAT32, NULL, 0, &minus_one);
    nnx_operand *y = nnx_builder_where(b, nnx_builder_greater(b, x, z, NULL), p,
                                       nnx_builder_where(b, nnx_builder_lesser(b, x, z, NULL), m, z, NULL), NULL);
    const feed fd = {"x", in, sizeof in};
    EXPECT(ctx, b, y, &fd, 1, want, 6);
    b = builder(ctx);
    EXPECT(ctx, b, nnx_builder_sign(b, input(b, "x", NNX_FLOAT32, SHAPE(6)), NULL), &fd, 1, want, 6);
}

/* squeeze / unsqueeze / flatten as the §11 emulation code writes them: shape arithmetic, then
 * reshape (axes sorted numerically; flatten takes input.shape, not axis, and is 2-D). */
static void test_emulation_reshapes(void **state)
{
    nnx_context *ctx = *state;
    float data[24];
    for (int i = 0; i < 24; i++)
        data[i] = (float)i;

    nnx_builder *b = builder(ctx); /* squeeze([1,3,1,8], axes absent) -> [3,8] */
    nnx_operand *x = input(b, "x", NNX_FLOAT32, SHAPE(1, 3, 1, 8));
    const feed fd = {"x", data, sizeof data};
    nnx_operand_desc d;
    nnx_operand_get_desc(x, &d);
    uint32_t shape[NNX_MAX_RANK], r = 0;
    for (uint32_t i = 0; i < d.rank; i++)
        if (d.shape[i] != 1)
            shape[r++] = d.shape[i];
    expect_f32(ctx, b, nnx_builder_reshape(b, x, shape, r, NULL), &fd, 1, SHAPE(3, 8), data, 24);

    b = builder(ctx); /* unsqueeze([3,8], axes [0,2]) -> [1,3,1,8] */
    x = input(b, "x", NNX_FLOAT32, SHAPE(3, 8));
    expect_f32(ctx, b, nnx_builder_reshape(b, x, SHAPE(1, 3, 1, 8), NULL), &fd, 1, SHAPE(1, 3, 1, 8), data, 24);

    b = builder(ctx); /* flatten([2,3,4], axis 1) -> [2, 12] */
    x = input(b, "x", NNX_FLOAT32, SHAPE(2, 3, 4));
    expect_f32(ctx, b, nnx_builder_reshape(b, x, SHAPE(2, 12), NULL), &fd, 1, SHAPE(2, 12), data, 24);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_dispatch_example, setup, teardown),
        cmocka_unit_test_setup_teardown(test_section10_graph, setup, teardown),
        cmocka_unit_test_setup_teardown(test_gather_examples, setup, teardown),
        cmocka_unit_test_setup_teardown(test_gather_elements_examples, setup, teardown),
        cmocka_unit_test_setup_teardown(test_gather_nd_examples, setup, teardown),
        cmocka_unit_test_setup_teardown(test_scatter_elements_examples, setup, teardown),
        cmocka_unit_test_setup_teardown(test_scatter_nd_examples, setup, teardown),
        cmocka_unit_test_setup_teardown(test_triangular_examples, setup, teardown),
        cmocka_unit_test_setup_teardown(test_pad_examples, setup, teardown),
        cmocka_unit_test_setup_teardown(test_resample2d_linear_example, setup, teardown),
        cmocka_unit_test_setup_teardown(test_cumulative_sum_examples, setup, teardown),
        cmocka_unit_test_setup_teardown(test_round_even_example, setup, teardown),
        cmocka_unit_test_setup_teardown(test_cast_example, setup, teardown),
        cmocka_unit_test_setup_teardown(test_emulation_reshapes, setup, teardown),
        cmocka_unit_test_setup_teardown(test_emulation_sign_by_where, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
