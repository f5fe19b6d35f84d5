/* test_nnef_shapes.c — shape inference over flat NNEF graphs (formats/nnef/shapes.h, NNEF 1.0.2
 * chapter 4): a positive test per operation with the shapes the spec implies (AlexNet of notes
 * Appendix B, the spec's upsample2x deconvolutions, reshape/slice/split examples), one negative
 * test per validity rule with its exact "file:line:col: error: op: " prefix, input-shape
 * replacement, custom-op graphs, and allocation failure at every N. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "../../common/counting_alloc.h"
#include "formats/nnef/shapes/shapes.h"
#include "nnef_flat_builder.h"

/* Shorthands for a builder named b. */
#define INTS(...) FB_INTS(b, __VA_ARGS__)
#define PADS(...) FB_PADS(b, __VA_ARGS__)
#define TENS(...) FB_TENS(b, __VA_ARGS__)
#define EMPTY FB_EMPTY
#define T(t) fb_ten(t)
#define I(v) fb_int(v)
#define S(s) fb_str(s)
#define R(v) fb_real(v)
#define L(v) fb_bool(v)
#define IN(name, ...) fb_external(b, name, (const int64_t[]){__VA_ARGS__}, FB_N(int64_t, __VA_ARGS__))
#define VAR(label, ...) fb_variable(b, label, (const int64_t[]){__VA_ARGS__}, FB_N(int64_t, __VA_ARGS__))
#define EXPECT(t, ...) expect_shape(b, t, (const uint32_t[]){__VA_ARGS__}, FB_N(uint32_t, __VA_ARGS__))
#define NO_INDEX UINT32_MAX

/* ---- fixture and checks ------------------------------------------------------------------ */

static int setup(void **state)
{
    fb *b = malloc(sizeof *b);
    if (!b)
        return -1;
    fb_init(b, NULL, NULL);
    *state = b;
    return 0;
}

static int teardown(void **state)
{
    fb_free(*state);
    free(*state);
    return 0;
}

static void infer_ok(fb *b)
{
    nnx_error err = {0};
    nnx_status st = nnx_nnef_infer_shapes(&b->g, &err);
    if (st != NNX_OK)
        fail_msg("%s", err.message);
}

static void expect_shape(fb *b, uint32_t t, const uint32_t *dims, uint32_t rank)
{
    const nnx_nnef_flat_tensor *x = &b->g.tensors[t];
    assert_true(x->has_shape);
    assert_int_equal(x->rank, rank);
    for (uint32_t i = 0; i < rank; i++)
        if (x->shape[i] != dims[i])
            fail_msg("tensor %s: extent %u is %u, expected %u", x->name, i, x->shape[i], dims[i]);
}

static void expect_rank0(fb *b, uint32_t t)
{
    assert_true(b->g.tensors[t].has_shape);
    assert_int_equal(b->g.tensors[t].rank, 0);
}

/* ---- op builders with every parameter given (the flattener fills defaults) ----------- */

static uint32_t unary(fb *b, const char *op, uint32_t x) { return fb_op(b, op, "y", "x", T(x), NULL); }

static uint32_t binary(fb *b, const char *op, nnx_nnef_value x, nnx_nnef_value y)
{
    return fb_op(b, op, "z", "x", x, "y", y, NULL);
}

static uint32_t select_op(fb *b, nnx_nnef_value c, nnx_nnef_value t, nnx_nnef_value f)
{
    return fb_op(b, "select", "output", "condition", c, "true_value", t, "false_value", f, NULL);
}

static uint32_t clamp_op(fb *b, nnx_nnef_value x, nnx_nnef_value lo, nnx_nnef_value hi)
{
    return fb_op(b, "clamp", "y", "x", x, "a", lo, "b", hi, NULL);
}

static uint32_t softmax_op(fb *b, uint32_t x, nnx_nnef_value axes)
{
    return fb_op(b, "softmax", "y", "x", T(x), "axes", axes, NULL);
}

static uint32_t conv_op(fb *b, const char *op, uint32_t x, uint32_t f, nnx_nnef_value bias, const char *border,
                        nnx_nnef_value pad, nnx_nnef_value stride, nnx_nnef_value dil, nnx_nnef_value out_shape,
                        int64_t groups)
{
    if (strcmp(op, "deconv") == 0)
        return fb_op(b, op, "output", "input", T(x), "filter", T(f), "bias", bias, "border", S(border), "padding", pad,
                     "stride", stride, "dilation", dil, "output_shape", out_shape, "groups", I(groups), NULL);
    return fb_op(b, op, "output", "input", T(x), "filter", T(f), "bias", bias, "border", S(border), "padding", pad,
                 "stride", stride, "dilation", dil, "groups", I(groups), NULL);
}

#define CONV(x, f, pad, stride) conv_op(b, "conv", x, f, R(0.0), "constant", pad, stride, EMPTY, EMPTY, 1)
#define CONVG(x, f, groups) conv_op(b, "conv", x, f, R(0.0), "constant", EMPTY, EMPTY, EMPTY, EMPTY, groups)
#define DECONV(x, f, pad, stride, oshape, groups) \
    conv_op(b, "deconv", x, f, R(0.0), "constant", pad, stride, EMPTY, oshape, groups)

static uint32_t pool_op(fb *b, const char *op, uint32_t x, uint32_t index, nnx_nnef_value size, const char *border,
                        nnx_nnef_value pad, nnx_nnef_value stride, nnx_nnef_value dil, nnx_nnef_value out_shape)
{
    if (strcmp(op, "box") == 0)
        return fb_op(b, op, "output", "input", T(x), "size", size, "border", S(border), "padding", pad, "stride",
                     stride, "dilation", dil, "normalize", L(false), NULL);
    if (strcmp(op, "debox") == 0)
        return fb_op(b, op, "output", "input", T(x), "size", size, "border", S(border), "padding", pad, "stride",
                     stride, "dilation", dil, "output_shape", out_shape, "normalize", L(false), NULL);
    if (strcmp(op, "argmax_pool") == 0)
        return fb_op(b, op, "index", "input", T(x), "size", size, "border", S(border), "padding", pad, "stride", stride,
                     "dilation", dil, NULL);
    if (strcmp(op, "sample") == 0)
        return fb_op(b, op, "output", "input", T(x), "index", T(index), "size", size, "border", S(border), "padding",
                     pad, "stride", stride, "dilation", dil, NULL);
    return fb_op(b, op, "output", "input", T(x), "index", T(index), "size", size, "border", S(border), "padding", pad,
                 "stride", stride, "dilation", dil, "output_shape", out_shape, NULL);
}

#define BOX(x, size, pad, stride) pool_op(b, "box", x, NO_INDEX, size, "constant", pad, stride, EMPTY, EMPTY)

static uint32_t upsample_op(fb *b, uint32_t x, nnx_nnef_value factor, const char *method, const char *border)
{
    return fb_op(b, "multilinear_upsample", "output", "input", T(x), "factor", factor, "method", S(method), "border",
                 S(border), NULL);
}

static uint32_t reduce_op(fb *b, const char *op, uint32_t x, nnx_nnef_value axes)
{
    if (strcmp(op, "sum_reduce") == 0)
        return fb_op(b, op, "output", "input", T(x), "axes", axes, "normalize", L(false), NULL);
    return fb_op(b, op, "output", "input", T(x), "axes", axes, NULL);
}

static uint32_t reshape_op(fb *b, uint32_t x, nnx_nnef_value shape, int64_t start, int64_t count)
{
    return fb_op(b, "reshape", "output", "input", T(x), "shape", shape, "axis_start", I(start), "axis_count", I(count),
                 NULL);
}

/* squeeze, unsqueeze, transpose */
static uint32_t axes_op(fb *b, const char *op, uint32_t x, nnx_nnef_value axes)
{
    return fb_op(b, op, "output", "input", T(x), "axes", axes, NULL);
}

static void split_op(fb *b, uint32_t x, int64_t axis, nnx_nnef_value ratios, uint32_t n, uint32_t *outs)
{
    fb_op_array(b, "split", "values", n, outs, "value", T(x), "axis", I(axis), "ratios", ratios, NULL);
}

static void unstack_op(fb *b, uint32_t x, int64_t axis, uint32_t n, uint32_t *outs)
{
    fb_op_array(b, "unstack", "values", n, outs, "value", T(x), "axis", I(axis), NULL);
}

/* concat, stack */
static uint32_t join_op(fb *b, const char *op, nnx_nnef_value values, int64_t axis)
{
    return fb_op(b, op, "value", "values", values, "axis", I(axis), NULL);
}

static uint32_t slice_op(fb *b, uint32_t x, nnx_nnef_value axes, nnx_nnef_value begin, nnx_nnef_value end)
{
    return fb_op(b, "slice", "output", "input", T(x), "axes", axes, "begin", begin, "end", end, NULL);
}

static uint32_t pad_op(fb *b, uint32_t x, nnx_nnef_value padding, const char *border)
{
    return fb_op(b, "pad", "output", "input", T(x), "padding", padding, "border", S(border), "value", R(0.0), NULL);
}

static uint32_t tile_op(fb *b, uint32_t x, nnx_nnef_value repeats)
{
    return fb_op(b, "tile", "output", "input", T(x), "repeats", repeats, NULL);
}

static uint32_t roi_op(fb *b, const char *op, uint32_t x, uint32_t rois, uint32_t index, nnx_nnef_value size,
                       const char *method)
{
    if (method)
        return fb_op(b, op, "output", "input", T(x), "rois", T(rois), "batch_index", T(index), "output_size", size,
                     "method", S(method), NULL);
    return fb_op(b, op, "output", "input", T(x), "rois", T(rois), "batch_index", T(index), "output_size", size, NULL);
}

static uint32_t matmul_op(fb *b, uint32_t x, uint32_t y, bool ta, bool tb)
{
    return fb_op(b, "matmul", "C", "A", T(x), "B", T(y), "transposeA", L(ta), "transposeB", L(tb), NULL);
}

static uint32_t update_op(fb *b, nnx_nnef_value var, uint32_t value)
{
    return fb_op(b, "update", "result", "variable", var, "value", T(value), NULL);
}

/* ---- tensor-introducing (§4.1) ----------------------------------------------------------- */

static void test_introducing(void **state)
{
    fb *b = *state;
    uint32_t x = IN("input", 1, 3, 224, 224), s = fb_external(b, "scalar", NULL, 0);
    uint32_t c1 = fb_op(b, "constant", "output", "shape", INTS(1, 3), "value", fb_ints(b, (int64_t[]){7}, 1), NULL);
    uint32_t c6 = fb_op(b, "constant", "output", "shape", INTS(2, 3), "value", INTS(1, 2, 3, 4, 5, 6), NULL);
    uint32_t v = VAR("net/conv1/kernel", 64, 3, 11, 11), shared = VAR("NET/Conv1/Kernel", 64, 3, 11, 11);
    infer_ok(b);
    EXPECT(x, 1, 3, 224, 224);
    expect_rank0(b, s);
    EXPECT(c1, 1, 3);
    EXPECT(c6, 2, 3);
    EXPECT(v, 64, 3, 11, 11);
    EXPECT(shared, 64, 3, 11, 11);
}

/* ---- element-wise (§4.2) ----------------------------------------------------------------- */

static void test_unary(void **state)
{
    static const char *const ops[] = {"copy", "neg",   "rcp",  "exp",   "log",  "sin",     "cos",  "abs", "sign",
                                      "not",  "floor", "ceil", "round", "relu", "sigmoid", "tanh", "sqrt"};
    fb *b = *state;
    uint32_t x = IN("x", 2, 3, 5), y[17];
    for (uint32_t i = 0; i < 17; i++)
        y[i] = unary(b, ops[i], i ? y[i - 1] : x);
    infer_ok(b);
    for (uint32_t i = 0; i < 17; i++)
        EXPECT(y[i], 2, 3, 5);
}

static void test_binary_broadcast(void **state)
{
    static const char *const ops[] = {"add", "sub", "mul", "div", "pow", "lt",  "gt", "le",
                                      "ge",  "eq",  "ne",  "and", "or",  "min", "max"};
    fb *b = *state;
    uint32_t x = IN("x", 2, 3, 4, 5), y = IN("y", 2, 3), z = IN("z", 1, 3), w = IN("w", 2, 1, 5);
    uint32_t s = fb_external(b, "s", NULL, 0), r[15];
    for (uint32_t i = 0; i < 15; i++)
        r[i] = binary(b, ops[i], T(x), T(y)); /* trailing singletons: y is [2,3,1,1] */
    uint32_t zw = binary(b, "add", T(z), T(w));
    uint32_t lit = binary(b, "mul", T(x), R(2.0)), lit_first = binary(b, "sub", R(1.0), T(y));
    uint32_t scalars = binary(b, "add", T(s), R(1.0));
    infer_ok(b);
    for (uint32_t i = 0; i < 15; i++)
        EXPECT(r[i], 2, 3, 4, 5);
    EXPECT(zw, 2, 3, 5);
    EXPECT(lit, 2, 3, 4, 5); /* S2: a literal does not raise the rank */
    EXPECT(lit_first, 2, 3);
    expect_rank0(b, scalars);
}

static void test_select_clamp_softmax(void **state)
{
    fb *b = *state;
    uint32_t c = IN("c", 2, 1), t = IN("t", 1, 3), f = IN("f", 2, 3, 4), x = IN("x", 1, 3, 4, 4), hi = IN("hi", 1, 3);
    uint32_t sel = select_op(b, T(c), T(t), T(f)), lit = select_op(b, L(true), T(x), R(0.0));
    uint32_t cl = clamp_op(b, T(x), R(0.0), T(hi));
    uint32_t sm = softmax_op(b, x, INTS(1)), sm2 = softmax_op(b, x, INTS(2, 3)), sm0 = softmax_op(b, x, EMPTY);
    infer_ok(b);
    EXPECT(sel, 2, 3, 4);
    EXPECT(lit, 1, 3, 4, 4);
    EXPECT(cl, 1, 3, 4, 4);
    EXPECT(sm, 1, 3, 4, 4);
    EXPECT(sm2, 1, 3, 4, 4);
    EXPECT(sm0, 1, 3, 4, 4);
}

/* ---- reduce (§4.4) ----------------------------------------------------------------------- */

static void test_reduce(void **state)
{
    static const char *const ops[] = {"sum_reduce",    "max_reduce", "min_reduce", "argmax_reduce",
                                      "argmin_reduce", "all_reduce", "any_reduce", "mean_reduce"};
    fb *b = *state;
    uint32_t x = IN("x", 2, 3, 4), r[8];
    for (uint32_t i = 0; i < 8; i++)
        r[i] = reduce_op(b, ops[i], x, INTS(2, 0));
    uint32_t none = reduce_op(b, "sum_reduce", x, EMPTY), all = reduce_op(b, "max_reduce", x, INTS(0, 1, 2));
    infer_ok(b);
    for (uint32_t i = 0; i < 8; i++)
        EXPECT(r[i], 1, 3, 1);
    EXPECT(none, 2, 3, 4); /* S17 */
    EXPECT(all, 1, 1, 1);
}

/* ---- conv and friends (§4.3) -------------------------------------------------------------- */

static uint32_t alex_conv(fb *b, uint32_t x, const char *layer, int64_t cout, int64_t cin, int64_t k, int64_t pad,
                          int64_t stride)
{
    char label[64];
    snprintf(label, sizeof label, "alexnet_v2/%s/kernel", layer);
    uint32_t kernel = VAR(nnx_arena_strdup(&b->g.arena, label), cout, cin, k, k);
    snprintf(label, sizeof label, "alexnet_v2/%s/bias", layer);
    uint32_t bias = VAR(nnx_arena_strdup(&b->g.arena, label), 1, cout);
    uint32_t conv = conv_op(b, "conv", x, kernel, T(bias), "constant", PADS(pad, pad, pad, pad), INTS(stride, stride),
                            INTS(1, 1), EMPTY, 1);
    return unary(b, "relu", conv);
}

/* max_pool(border = 'ignore') as the flattener expands it: argmax_pool, then sample (S7). */
static uint32_t alex_pool(fb *b, uint32_t x)
{
    uint32_t index = pool_op(b, "argmax_pool", x, NO_INDEX, INTS(1, 1, 3, 3), "ignore", PADS(0, 0, 0, 0, 0, 0, 0, 0),
                             INTS(1, 1, 2, 2), EMPTY, EMPTY);
    return pool_op(b, "sample", x, index, INTS(1, 1, 3, 3), "ignore", PADS(0, 0, 0, 0, 0, 0, 0, 0), INTS(1, 1, 2, 2),
                   EMPTY, EMPTY);
}

/* NNEF 1.0.2 Appendix B, with the walk-through of notes Appendix B. */
static void test_alexnet(void **state)
{
    fb *b = *state;
    uint32_t t[12];
    t[0] = alex_conv(b, IN("input", 1, 3, 224, 224), "conv1", 64, 3, 11, 0, 4);
    t[1] = alex_pool(b, t[0]);
    t[2] = alex_pool(b, alex_conv(b, t[1], "conv2", 192, 64, 5, 2, 1));
    t[3] = alex_conv(b, t[2], "conv3", 384, 192, 3, 1, 1);
    t[4] = alex_conv(b, t[3], "conv4", 384, 384, 3, 1, 1);
    t[5] = alex_conv(b, t[4], "conv5", 256, 384, 3, 1, 1);
    t[6] = alex_pool(b, t[5]);
    t[7] = alex_conv(b, t[6], "fc6", 4096, 256, 5, 0, 1);
    t[8] = alex_conv(b, t[7], "fc7", 4096, 4096, 1, 0, 1);
    t[9] = alex_conv(b, t[8], "fc8", 1000, 4096, 1, 0, 1);
    t[10] = softmax_op(b, t[9], INTS(1));
    infer_ok(b);
    EXPECT(t[0], 1, 64, 54, 54);
    EXPECT(t[1], 1, 64, 26, 26);
    EXPECT(t[2], 1, 192, 12, 12);
    EXPECT(t[3], 1, 384, 12, 12);
    EXPECT(t[4], 1, 384, 12, 12);
    EXPECT(t[5], 1, 256, 12, 12);
    EXPECT(t[6], 1, 256, 5, 5);
    EXPECT(t[7], 1, 4096, 1, 1);
    EXPECT(t[8], 1, 4096, 1, 1);
    EXPECT(t[9], 1, 1000, 1, 1);
    EXPECT(t[10], 1, 1000, 1, 1);
}

static void test_conv(void **state)
{
    fb *b = *state;
    uint32_t x = IN("x", 1, 3, 224, 224), f7 = VAR("f7", 64, 3, 7, 7);
    uint32_t autopad = CONV(x, f7, EMPTY, INTS(2, 2));         /* ceil(224 / 2) */
    uint32_t nostride = CONV(x, f7, EMPTY, EMPTY);             /* "same" */
    uint32_t asym = CONV(x, f7, PADS(3, 2, 0, 1), INTS(2, 3)); /* (3+224+2-7)/2+1, (0+224+1-7)/3+1 */
    uint32_t x10 = IN("x10", 2, 1, 10, 10), f5 = VAR("f5", 4, 1, 5, 5);
    uint32_t dil = conv_op(b, "conv", x10, f5, R(0.0), "reflect", PADS(0, 0, 0, 0), EMPTY, INTS(2, 2), EMPTY, 1);
    uint32_t x4 = IN("x4", 1, 4, 8, 8), fg = VAR("fg", 6, 2, 3, 3), fd = VAR("fd", 8, 1, 3, 3);
    uint32_t grouped = CONVG(x4, fg, 2), depthwise = CONVG(x4, fd, 0);
    uint32_t bias = IN("bias", 1, 6),
             biased = conv_op(b, "conv", x4, fg, T(bias), "replicate", PADS(1, 1, 1, 1), EMPTY, EMPTY, EMPTY, 2);
    uint32_t x1 = IN("x1", 2, 3, 50), f1 = VAR("f1", 5, 3, 4), conv1d = CONV(x1, f1, EMPTY, INTS(3));
    uint32_t x3 = IN("x3", 1, 2, 8, 9, 10), f3 = VAR("f3", 4, 2, 3, 3, 3),
             conv3d = CONV(x3, f3, PADS(0, 0, 1, 1, 0, 0), EMPTY);
    infer_ok(b);
    EXPECT(autopad, 1, 64, 112, 112);
    EXPECT(nostride, 1, 64, 224, 224);
    EXPECT(asym, 1, 64, 112, 73);
    EXPECT(dil, 2, 4, 2, 2);     /* dilated window 9 */
    EXPECT(grouped, 1, 6, 8, 8); /* automatic padding keeps the extent at stride 1 */
    EXPECT(depthwise, 1, 8, 8, 8);
    EXPECT(biased, 1, 6, 8, 8);
    EXPECT(conv1d, 2, 5, 17);
    EXPECT(conv3d, 1, 4, 6, 9, 8);
}

static void test_deconv(void **state)
{
    fb *b = *state;
    uint32_t x = IN("x", 1, 64, 112, 112), f = VAR("f", 64, 3, 7, 7);
    uint32_t autopad = DECONV(x, f, EMPTY, INTS(2, 2), EMPTY, 1); /* S6: x * s */
    uint32_t x4 = IN("x4", 1, 4, 4, 4), f3 = VAR("f3", 4, 2, 3, 3);
    uint32_t explicit = DECONV(x4, f3, PADS(1, 1, 1, 1), INTS(2, 2), EMPTY, 1); /* (4-1)*2+3-2 */
    uint32_t shaped = DECONV(x4, f3, EMPTY, INTS(2, 2), INTS(1, 2, 8, 7), 1);   /* ceil(8/2) = ceil(7/2) = 4 */
    uint32_t shaped_pad = DECONV(x4, f3, PADS(1, 1, 1, 1), INTS(2, 2), INTS(1, 2, 8, 7), 1);
    uint32_t fg = VAR("fg", 4, 3, 3, 3), grouped = DECONV(x4, fg, EMPTY, EMPTY, EMPTY, 2);
    uint32_t fdw = VAR("fdw", 4, 1, 3, 3), depthwise = DECONV(x4, fdw, EMPTY, EMPTY, EMPTY, 0);
    /* The spec's _linear/_bilinear_upsample2x_{symmetric,asymmetric} helpers (§4.3.4). */
    uint32_t x1 = IN("x1", 1, 3, 10), s1 = VAR("s1", 3, 1, 4), a1 = VAR("a1", 3, 1, 3);
    uint32_t lin_sym = DECONV(x1, s1, PADS(1, 1), INTS(2), EMPTY, 3),
             lin_asym = DECONV(x1, a1, PADS(0, 1), INTS(2), EMPTY, 3);
    uint32_t x2 = IN("x2", 2, 3, 5, 6), s2 = VAR("s2", 3, 1, 4, 4), a2 = VAR("a2", 3, 1, 3, 3);
    uint32_t bil_sym = DECONV(x2, s2, PADS(1, 1, 1, 1), INTS(2, 2), EMPTY, 3);
    uint32_t bil_asym = DECONV(x2, a2, PADS(0, 1, 0, 1), INTS(2, 2), EMPTY, 3);
    infer_ok(b);
    EXPECT(autopad, 1, 3, 224, 224);
    EXPECT(explicit, 1, 2, 7, 7);
    EXPECT(shaped, 1, 2, 8, 7);
    EXPECT(shaped_pad, 1, 2, 8, 7);
    EXPECT(grouped, 1, 6, 4, 4);
    EXPECT(depthwise, 1, 4, 4, 4);
    EXPECT(lin_sym, 1, 3, 20);
    EXPECT(lin_asym, 1, 3, 20);
    EXPECT(bil_sym, 2, 3, 10, 12);
    EXPECT(bil_asym, 2, 3, 10, 12);
}

static void test_box_debox(void **state)
{
    fb *b = *state;
    uint32_t x = IN("x", 1, 3, 32, 31);
    uint32_t pool = BOX(x, INTS(1, 1, 3, 3), EMPTY, INTS(1, 1, 2, 2)); /* ceil(X / 2) */
    uint32_t lrn = BOX(x, INTS(1, 5, 1, 1), EMPTY, EMPTY);             /* across channels */
    uint32_t nearest_down = BOX(x, INTS(1, 1, 1, 1), PADS(0, 0, 0, 0, 0, 0, 0, 0), INTS(1, 1, 2, 2));
    uint32_t area_down = BOX(x, INTS(1, 1, 2, 2), PADS(0, 0, 0, 0, 0, 0, 0, 0), INTS(1, 1, 2, 2));
    uint32_t ignore = pool_op(b, "box", x, NO_INDEX, INTS(2, 1, 3, 3), "ignore", PADS(0, 1, 0, 0, 1, 1, 0, 0),
                              INTS(1, 1, 1, 2), EMPTY, EMPTY);
    uint32_t y = IN("y", 1, 3, 4, 5);
    uint32_t nearest_up = pool_op(b, "debox", y, NO_INDEX, INTS(1, 1, 2, 2), "constant", PADS(0, 0, 0, 0, 0, 0, 0, 0),
                                  INTS(1, 1, 2, 2), EMPTY, EMPTY);
    uint32_t auto_up = pool_op(b, "debox", y, NO_INDEX, INTS(1, 1, 3, 3), "constant", EMPTY, INTS(1, 1, 2, 2), EMPTY,
                               EMPTY);
    uint32_t shaped = pool_op(b, "debox", y, NO_INDEX, INTS(1, 1, 3, 3), "constant", EMPTY, INTS(1, 1, 2, 2), EMPTY,
                              INTS(1, 3, 7, 9));
    infer_ok(b);
    EXPECT(pool, 1, 3, 16, 16);
    EXPECT(lrn, 1, 3, 32, 31);
    EXPECT(nearest_down, 1, 3, 16, 16); /* ceil(31 / 2) */
    EXPECT(area_down, 1, 3, 16, 15);    /* floor(31 / 2) */
    EXPECT(ignore, 1, 3, 32, 15);       /* (0+1+1-2)/1+1, 3, (1+32+1-3)/1+1, (31-3)/2+1 */
    EXPECT(nearest_up, 1, 3, 8, 10);
    EXPECT(auto_up, 1, 3, 8, 10);
    EXPECT(shaped, 1, 3, 7, 9);
}

static void test_argmax_sample_desample(void **state)
{
    fb *b = *state;
    uint32_t x = IN("x", 1, 8, 13, 13);
    uint32_t index = pool_op(b, "argmax_pool", x, NO_INDEX, INTS(1, 1, 3, 3), "constant", EMPTY, INTS(1, 1, 2, 2),
                             INTS(1, 1, 2, 1), EMPTY);
    uint32_t sampled = pool_op(b, "sample", x, index, INTS(1, 1, 3, 3), "reflect", EMPTY, INTS(1, 1, 2, 2),
                               INTS(1, 1, 2, 1), EMPTY);
    uint32_t back = pool_op(b, "desample", sampled, index, INTS(1, 1, 3, 3), "constant", EMPTY, INTS(1, 1, 2, 2),
                            INTS(1, 1, 2, 1), INTS(1, 8, 13, 13));
    uint32_t up = pool_op(b, "desample", sampled, index, INTS(1, 1, 3, 3), "constant", PADS(0, 0, 0, 0, 1, 1, 1, 1),
                          INTS(1, 1, 2, 2), EMPTY, EMPTY);
    infer_ok(b);
    EXPECT(index, 1, 8, 7, 7);
    EXPECT(sampled, 1, 8, 7, 7);
    EXPECT(back, 1, 8, 13, 13);
    EXPECT(up, 1, 8, 13, 13); /* (7-1)*2 + 3 - 2 */
}

static void test_multilinear_upsample(void **state)
{
    fb *b = *state;
    uint32_t x = IN("x", 1, 3, 5, 7), x1 = IN("x1", 2, 4);
    uint32_t sym = upsample_op(b, x, INTS(2, 3), "symmetric", "replicate");
    uint32_t asym = upsample_op(b, x, INTS(1, 4), "asymmetric", "constant");
    uint32_t aligned = upsample_op(b, x, INTS(2, 2), "aligned", "reflect-even");
    uint32_t none = upsample_op(b, x1, EMPTY, "symmetric", "reflect");
    infer_ok(b);
    EXPECT(sym, 1, 3, 10, 21);
    EXPECT(asym, 1, 3, 5, 28);
    EXPECT(aligned, 1, 3, 10, 14);
    EXPECT(none, 2, 4);
}

/* ---- tensor shape operations (§4.5) ------------------------------------------------------- */

static void test_reshape(void **state)
{
    fb *b = *state;
    uint32_t x = IN("x", 2, 3, 4);
    uint32_t r[9];
    r[0] = reshape_op(b, x, INTS(6, -1), 0, -1);
    r[1] = reshape_op(b, x, INTS(0, -1), 0, -1);
    r[2] = reshape_op(b, x, INTS(12), 1, 2);
    r[3] = reshape_op(b, x, INTS(3, 1), 1, 1);
    r[4] = reshape_op(b, x, INTS(1, 1), 3, 0); /* appends singletons */
    r[5] = reshape_op(b, x, INTS(0, 2, -1), 1, -1);
    r[6] = reshape_op(b, x, INTS(24), 0, -1);
    r[7] = reshape_op(b, x, EMPTY, 0, 0);       /* nothing affected */
    r[8] = reshape_op(b, x, INTS(-1, 0), 1, 2); /* 0 inherits extent 2 (4), -1 = 12 / 4 */
    infer_ok(b);
    EXPECT(r[0], 6, 4);
    EXPECT(r[1], 2, 12);
    EXPECT(r[2], 2, 12);
    EXPECT(r[3], 2, 3, 1, 4);
    EXPECT(r[4], 2, 3, 4, 1, 1);
    EXPECT(r[5], 2, 3, 2, 2);
    EXPECT(r[6], 24);
    EXPECT(r[7], 2, 3, 4);
    EXPECT(r[8], 2, 3, 4);
}

static void test_squeeze_unsqueeze_transpose(void **state)
{
    fb *b = *state;
    uint32_t x = IN("x", 1, 3, 1, 4), y = IN("y", 3, 4), z = IN("z", 2, 3, 4, 5);
    uint32_t sq = axes_op(b, "squeeze", x, INTS(2, 0)), sq0 = axes_op(b, "squeeze", x, EMPTY);
    uint32_t un = axes_op(b, "unsqueeze", y, INTS(0, 2)), un_end = axes_op(b, "unsqueeze", y, INTS(3, 2));
    uint32_t tr = axes_op(b, "transpose", z, INTS(1, 0)), tr3 = axes_op(b, "transpose", z, INTS(2, 0, 1));
    uint32_t tr4 = axes_op(b, "transpose", z, INTS(0, 3, 1, 2));
    infer_ok(b);
    EXPECT(sq, 3, 4);
    EXPECT(sq0, 1, 3, 1, 4);
    EXPECT(un, 1, 3, 1, 4);
    EXPECT(un_end, 3, 4, 1, 1);
    EXPECT(tr, 3, 2, 4, 5);
    EXPECT(tr3, 4, 2, 3, 5);
    EXPECT(tr4, 2, 5, 3, 4);
}

static void test_split_concat_stack_unstack(void **state)
{
    fb *b = *state;
    uint32_t x = IN("x", 1, 6, 4), parts[3], halves[2], rows[4];
    split_op(b, x, 1, INTS(1, 2, 3), 3, parts);
    split_op(b, x, 2, INTS(1, 1), 2, halves);
    uint32_t cat = join_op(b, "concat", TENS(parts[2], parts[0], parts[1]), 1);
    uint32_t one = join_op(b, "concat", TENS(x), 0);
    uint32_t st0 = join_op(b, "stack", TENS(halves[0], halves[1]), 0);
    uint32_t st3 = join_op(b, "stack", TENS(halves[0], halves[1], halves[0]), 3);
    uint32_t y = IN("y", 4, 5);
    unstack_op(b, y, 0, 4, rows);
    infer_ok(b);
    EXPECT(parts[0], 1, 1, 4);
    EXPECT(parts[1], 1, 2, 4);
    EXPECT(parts[2], 1, 3, 4);
    EXPECT(halves[0], 1, 6, 2);
    EXPECT(halves[1], 1, 6, 2);
    EXPECT(cat, 1, 6, 4);
    EXPECT(one, 1, 6, 4);
    EXPECT(st0, 2, 1, 6, 2);
    EXPECT(st3, 1, 6, 2, 3);
    for (int i = 0; i < 4; i++)
        EXPECT(rows[i], 5);
}

static void test_slice(void **state)
{
    fb *b = *state;
    uint32_t x = IN("x", 10, 20, 30);
    uint32_t neg = slice_op(b, x, INTS(0, 2), INTS(-3, 5), INTS(0, -5)); /* [7,10), [5,25) */
    uint32_t whole = slice_op(b, x, INTS(1), INTS(0), INTS(0));          /* end 0 = extent */
    uint32_t edge = slice_op(b, x, INTS(2), INTS(-29), INTS(30));
    uint32_t none = slice_op(b, x, EMPTY, EMPTY, EMPTY);
    infer_ok(b);
    EXPECT(neg, 3, 20, 20);
    EXPECT(whole, 10, 20, 30);
    EXPECT(edge, 10, 20, 29);
    EXPECT(none, 10, 20, 30);
}

static void test_pad_tile(void **state)
{
    fb *b = *state;
    uint32_t x = IN("x", 1, 3, 4, 4), y = IN("y", 2, 3);
    uint32_t padded = pad_op(b, x, PADS(0, 0, 0, 0, 1, 2, -1, 0), "reflect");
    uint32_t same = pad_op(b, x, EMPTY, "constant");
    uint32_t tiled = tile_op(b, y, INTS(3, 2));
    infer_ok(b);
    EXPECT(padded, 1, 3, 7, 3);
    EXPECT(same, 1, 3, 4, 4);
    EXPECT(tiled, 6, 6);
}

/* ---- RoI, matmul, update (§4.6-§4.8) ------------------------------------------------------ */

static void test_roi(void **state)
{
    fb *b = *state;
    uint32_t x = IN("x", 2, 256, 32, 32), rois = IN("rois", 5, 4), index = IN("index", 5, 1), index1 = IN("i1", 5);
    uint32_t avg = roi_op(b, "avg_roi_pool", x, rois, index, INTS(7, 7), NULL);
    uint32_t max = roi_op(b, "max_roi_pool", x, rois, index1, INTS(3, 2), NULL);
    uint32_t res = roi_op(b, "roi_resample", x, rois, index, INTS(14, 14), "aligned");
    uint32_t x3 = IN("x3", 1, 4, 8, 8, 8), rois3 = IN("rois3", 2, 6), index3 = IN("i3", 2, 1);
    uint32_t vol = roi_op(b, "roi_resample", x3, rois3, index3, INTS(2, 3, 4), "symmetric");
    infer_ok(b);
    EXPECT(avg, 5, 256, 7, 7);
    EXPECT(max, 5, 256, 3, 2);
    EXPECT(res, 5, 256, 14, 14);
    EXPECT(vol, 2, 4, 2, 3, 4);
}

static void test_matmul(void **state)
{
    fb *b = *state;
    uint32_t a = IN("a", 2, 3), bb = IN("b", 3, 4), bt = IN("bt", 4, 3), at = IN("at", 3, 2);
    uint32_t ff = matmul_op(b, a, bb, false, false), ft = matmul_op(b, a, bt, false, true);
    uint32_t tf = matmul_op(b, at, bb, true, false), tt = matmul_op(b, at, bt, true, true);
    uint32_t ba = IN("ba", 1, 2, 3), bbb = IN("bb", 4, 3, 5), batched = matmul_op(b, ba, bbb, false, false);
    infer_ok(b);
    EXPECT(ff, 2, 4);
    EXPECT(ft, 2, 4);
    EXPECT(tf, 2, 4);
    EXPECT(tt, 2, 4);
    EXPECT(batched, 4, 2, 5);
}

static void test_update(void **state)
{
    fb *b = *state;
    uint32_t v = VAR("state/h", 2, 3), w = VAR("state/c", 2, 3), x = IN("x", 2, 3);
    uint32_t next = binary(b, "add", T(v), T(x));
    uint32_t r = update_op(b, T(v), next), r2 = update_op(b, T(w), x);
    infer_ok(b);
    EXPECT(r, 2, 3);
    EXPECT(r2, 2, 3);
}

/* ---- driver behaviour --------------------------------------------------------------------- */

/* Chapter 6: with custom operations nothing is propagated; introduced shapes stay known. */
static void test_custom_ops_skip(void **state)
{
    fb *b = *state;
    uint32_t x = IN("x", 1, 3), v = VAR("w", 3, 4);
    uint32_t c = fb_op(b, "my_op", "y", "x", T(x), NULL);
    b->g.ops[b->g.n_ops - 1].custom = true;
    uint32_t after = binary(b, "add", T(c), T(x)), bad = binary(b, "add", T(x), T(v)); /* would fail */
    b->g.has_custom_ops = true;
    infer_ok(b);
    EXPECT(x, 1, 3);
    EXPECT(v, 3, 4);
    assert_false(b->g.tensors[c].has_shape);
    assert_false(b->g.tensors[after].has_shape);
    assert_false(b->g.tensors[bad].has_shape);
}

static void test_reinfer_after_set_input_shape(void **state)
{
    fb *b = *state;
    uint32_t x = IN("input", 1, 3, 224, 224), f = VAR("f", 16, 3, 3, 3);
    uint32_t y = CONV(x, f, EMPTY, INTS(2, 2)), z = reshape_op(b, y, INTS(0, -1), 0, -1);
    infer_ok(b);
    EXPECT(z, 1, 16 * 112 * 112);
    nnx_error err = {0};
    assert_int_equal(nnx_nnef_set_input_shape(&b->g, "input", (const uint32_t[]){4, 3, 64, 32}, 4, &err), NNX_OK);
    EXPECT(x, 4, 3, 64, 32);
    const nnx_nnef_value *shape = nnx_nnef_flat_arg(&b->g.ops[0], "shape");
    assert_int_equal(shape->count, 4);
    assert_int_equal(shape->u.items[0].u.integer, 4);
    assert_int_equal(shape->u.items[3].u.integer, 32);
    infer_ok(b);
    EXPECT(y, 4, 16, 32, 16);
    EXPECT(z, 4, 16 * 32 * 16);
    infer_ok(b); /* idempotent */
    EXPECT(z, 4, 16 * 32 * 16);
    /* a shape the graph rejects: channels no longer match the filter */
    assert_int_equal(nnx_nnef_set_input_shape(&b->g, "input", (const uint32_t[]){1, 4, 8, 8}, 4, &err), NNX_OK);
    assert_int_equal(nnx_nnef_infer_shapes(&b->g, &err), NNX_ERROR_INVALID_MODEL);
    assert_non_null(strstr(err.message, "conv: filter channels 3 x 1 groups != input channels 4"));
}

static void test_set_input_shape_errors(void **state)
{
    fb *b = *state;
    uint32_t x = IN("input", 1, 3);
    infer_ok(b);
    nnx_error err = {0};
    assert_int_equal(nnx_nnef_set_input_shape(&b->g, "nope", (const uint32_t[]){1}, 1, &err),
                     NNX_ERROR_INVALID_ARGUMENT);
    assert_string_equal(err.message, "no graph input named 'nope'");
    nnx_error_clear(&err);
    uint32_t nine[9] = {1, 1, 1, 1, 1, 1, 1, 1, 1};
    assert_int_equal(nnx_nnef_set_input_shape(&b->g, "input", nine, 9, &err), NNX_ERROR_INVALID_ARGUMENT);
    assert_string_equal(err.message, "input 'input': rank 9 exceeds 8");
    nnx_error_clear(&err);
    assert_int_equal(nnx_nnef_set_input_shape(&b->g, "input", (const uint32_t[]){2, 0}, 2, &err),
                     NNX_ERROR_INVALID_ARGUMENT);
    assert_string_equal(err.message, "input 'input': extent 1 is 0");
    EXPECT(x, 1, 3); /* unchanged */
    nnx_error_clear(&err);
    assert_int_equal(nnx_nnef_set_input_shape(&b->g, "input", NULL, 0, &err), NNX_OK);
    expect_rank0(b, x);
    infer_ok(b);
    expect_rank0(b, x);
}

static void test_auto_padding(void **state)
{
    (void)state;
    int64_t p, q;
    assert_true(nnx_nnef_auto_padding(224, 112, 7, 2, 1, &p, &q)); /* t = 111*2 + 7 - 224 = 5 */
    assert_int_equal(p, 2);
    assert_int_equal(q, 3);
    assert_true(nnx_nnef_auto_padding(10, 10, 3, 1, 2, &p, &q)); /* f_d = 5: t = 4 */
    assert_int_equal(p, 2);
    assert_int_equal(q, 2);
    assert_true(nnx_nnef_auto_padding(8, 4, 1, 2, 1, &p, &q)); /* t < 0 -> 0 */
    assert_int_equal(p, 0);
    assert_int_equal(q, 0);
    assert_true(nnx_nnef_auto_padding(8, 4, 3, 2, 1, &p, &q)); /* reverse op, X = x * s */
    assert_int_equal(p, 0);
    assert_int_equal(q, 1);
    assert_false(nnx_nnef_auto_padding(1, INT64_MAX, 3, 2, 1, &p, &q));
}

/* The message is exactly FILE:LINE:COL: error: OP: reason, at the op's position. */
static void test_error_position(void **state)
{
    (void)state;
    fb B, *b = &B;
    fb_init(b, NULL, "models/net.nnef");
    uint32_t x = IN("x", 1, 3, 8, 8), f = VAR("f", 4, 2, 3, 3);
    fb_at(b, 12, 34);
    CONV(x, f, EMPTY, EMPTY);
    nnx_error err = {0};
    assert_int_equal(nnx_nnef_infer_shapes(&b->g, &err), NNX_ERROR_INVALID_MODEL);
    assert_string_equal(err.message,
                        "models/net.nnef:12:34: error: conv: filter channels 2 x 1 groups != input channels 3");
    fb_free(b);
}

/* ---- allocation failure ----------------------------------------------------------------- */

static void build_small_net(fb *b)
{
    uint32_t x = IN("input", 1, 3, 16, 16), f = VAR("f", 8, 3, 3, 3), bias = VAR("b", 1, 8), h = VAR("h", 1, 8, 8, 8);
    uint32_t y = conv_op(b, "conv", x, f, T(bias), "constant", EMPTY, INTS(2, 2), EMPTY, EMPTY, 1);
    update_op(b, T(h), unary(b, "relu", y));
}

static void test_alloc_failure_infer(void **state)
{
    (void)state;
    for (long n = 1;; n++) {
        counting_alloc ca = {0};
        nnx_allocator hook = counting_alloc_hook(&ca);
        fb B, *b = &B;
        fb_init(b, &hook, NULL);
        build_small_net(b);
        ca.fail_at = ca.calls + n;
        nnx_error err = {0};
        nnx_status st = nnx_nnef_infer_shapes(&b->g, &err);
        bool done = st == NNX_OK;
        if (done)
            EXPECT(b->g.n_tensors - 1, 1, 8, 8, 8);
        else
            assert_int_equal(st, NNX_ERROR_OUT_OF_MEMORY);
        fb_free(b);
        assert_int_equal(ca.live, 0);
        if (done) {
            assert_true(n > 1); /* the label table was allocated */
            break;
        }
    }
}

static void test_alloc_failure_set_input_shape(void **state)
{
    (void)state;
    for (long n = 1;; n++) {
        counting_alloc ca = {0};
        nnx_allocator hook = counting_alloc_hook(&ca);
        fb B, *b = &B;
        fb_init(b, &hook, NULL);
        uint32_t x = IN("input", 1, 3);
        infer_ok(b);
        assert_non_null(nnx_arena_alloc(&b->g.arena, 4096)); /* the next arena use needs a block */
        ca.fail_at = ca.calls + n;
        nnx_error err = {0};
        nnx_status st = nnx_nnef_set_input_shape(&b->g, "input", (const uint32_t[]){2, 5, 7}, 3, &err);
        if (st == NNX_OK) {
            EXPECT(x, 2, 5, 7);
        } else {
            assert_int_equal(st, NNX_ERROR_OUT_OF_MEMORY);
            EXPECT(x, 1, 3);
            assert_int_equal(nnx_nnef_flat_arg(&b->g.ops[0], "shape")->count, 2);
        }
        fb_free(b);
        assert_int_equal(ca.live, 0);
        if (st == NNX_OK) {
            assert_true(n > 1);
            break;
        }
    }
}

/* ---- negative tests: one per validity rule ------------------------------------------------ */

typedef struct neg_case {
    const char *name;
    void (*build)(fb *b); /* the failing op is the last one added */
    const char *op;
    const char *reason;
} neg_case;

static void run_neg(void **state)
{
    const neg_case *row = *state;
    fb B, *b = &B;
    fb_init(b, NULL, NULL);
    row->build(b);
    nnx_error err = {0};
    nnx_status st = nnx_nnef_infer_shapes(&b->g, &err);
    nnx_nnef_pos pos = b->g.ops[b->g.n_ops - 1].pos;
    fb_free(b);
    if (st != NNX_ERROR_INVALID_MODEL)
        fail_msg("%s: status %d (%s)", row->name, st, err.message);
    char prefix[128];
    snprintf(prefix, sizeof prefix, "graph.nnef:%u:%u: error: %s: ", pos.line, pos.col, row->op);
    if (strncmp(err.message, prefix, strlen(prefix)) != 0 || !strstr(err.message, row->reason))
        fail_msg("%s:\n  got      %s\n  expected %s...%s", row->name, err.message, prefix, row->reason);
}

#define NEG(fn, ...) \
    static void fn(fb *b) { __VA_ARGS__; }

/* tensor-introducing */
NEG(ext_zero, IN("x", 1, 0))
NEG(ext_negative, IN("x", -3))
NEG(ext_rank9, IN("x", 1, 1, 1, 1, 1, 1, 1, 1, 1))
NEG(ext_huge, IN("x", 1, 4294967296))
NEG(ext_volume, IN("x", 2147483648, 2147483648, 2147483648))
NEG(const_count, fb_op(b, "constant", "output", "shape", INTS(2, 3), "value", INTS(1, 2, 3, 4, 5), NULL))
NEG(const_empty, fb_op(b, "constant", "output", "shape", EMPTY, "value", EMPTY, NULL))
NEG(var_shape, VAR("w", 3, 0))
NEG(var_empty_label, VAR("", 3))
NEG(var_label_char, VAR("a b", 3))
NEG(var_shared_shape, VAR("net/W", 3, 4); VAR("NET/w", 4, 3))
/* element-wise */
NEG(bin_broadcast, binary(b, "add", T(IN("x", 2, 3)), T(IN("y", 2, 4))))
NEG(bin_broadcast_trailing, binary(b, "mul", T(IN("x", 2, 3, 4)), T(IN("y", 2, 3, 5))))
NEG(bin_rank_trailing, binary(b, "and", T(IN("x", 2)), T(IN("y", 1, 3)));
    binary(b, "and", T(IN("p", 4)), T(IN("q", 2, 3))))
NEG(select_broadcast, select_op(b, T(IN("c", 2, 1)), T(IN("t", 1, 3)), T(IN("f", 3, 3))))
NEG(clamp_broadcast, clamp_op(b, T(IN("x", 4, 4)), T(IN("a", 4)), T(IN("b", 1, 5))))
NEG(softmax_axes, softmax_op(b, IN("x", 4), INTS(1)))
/* reduce */
NEG(reduce_range, reduce_op(b, "sum_reduce", IN("x", 2, 3, 4), INTS(3)))
NEG(reduce_negative, reduce_op(b, "argmax_reduce", IN("x", 2, 3, 4), INTS(-1)))
NEG(reduce_twice, reduce_op(b, "mean_reduce", IN("x", 2, 3, 4), INTS(1, 2, 1)))
NEG(reduce_too_many, reduce_op(b, "any_reduce", IN("x", 2), INTS(0, 1, 2, 3, 4, 5, 6, 7, 8)))
/* matmul */
NEG(matmul_rank1, matmul_op(b, IN("a", 3), IN("b", 3), false, false))
NEG(matmul_ranks, matmul_op(b, IN("a", 2, 3), IN("b", 1, 3, 4), false, false))
NEG(matmul_inner, matmul_op(b, IN("a", 2, 3), IN("b", 4, 5), false, false))
NEG(matmul_inner_tb, matmul_op(b, IN("a", 2, 3), IN("b", 3, 4), false, true))
NEG(matmul_inner_ta, matmul_op(b, IN("a", 2, 3), IN("b", 3, 4), true, false))
NEG(matmul_batch, matmul_op(b, IN("a", 2, 2, 3), IN("b", 3, 3, 4), false, false))
/* update */
NEG(update_shape, update_op(b, T(VAR("v", 2, 3)), IN("x", 3, 2)))
NEG(update_rank, update_op(b, T(VAR("v", 2, 3)), IN("x", 2, 3, 1)))
NEG(update_not_variable, update_op(b, T(IN("v", 2, 3)), IN("x", 2, 3)))
NEG(update_literal, update_op(b, R(1.0), IN("x", 2, 3)))
NEG(update_twice, uint32_t v = VAR("v", 2); uint32_t x = IN("x", 2); update_op(b, T(v), x); update_op(b, T(v), x))
NEG(update_shared_label, uint32_t v = VAR("s/v", 2); uint32_t w = VAR("S/V", 2); uint32_t x = IN("x", 2);
    update_op(b, T(v), x); update_op(b, T(w), x))
/* conv */
static uint32_t in4(fb *b) { return IN("x", 1, 4, 8, 8); }
NEG(conv_rank1, CONV(IN("x", 4), VAR("f", 4), EMPTY, EMPTY))
NEG(conv_filter_rank, CONV(in4(b), VAR("f", 2, 4, 3), EMPTY, EMPTY))
NEG(conv_border_ignore,
    conv_op(b, "conv", in4(b), VAR("f", 2, 4, 3, 3), R(0.0), "ignore", EMPTY, EMPTY, EMPTY, EMPTY, 1))
NEG(conv_border_unknown,
    conv_op(b, "conv", in4(b), VAR("f", 2, 4, 3, 3), R(0.0), "wrap", EMPTY, EMPTY, EMPTY, EMPTY, 1))
NEG(conv_padding_len, CONV(in4(b), VAR("f", 2, 4, 3, 3), PADS(0, 0, 0, 0, 0, 0, 0, 0), EMPTY))
NEG(conv_stride_len, CONV(in4(b), VAR("f", 2, 4, 3, 3), EMPTY, INTS(1, 1, 1, 1)))
NEG(conv_stride_zero, CONV(in4(b), VAR("f", 2, 4, 3, 3), EMPTY, INTS(1, 0)))
NEG(conv_dilation_zero,
    conv_op(b, "conv", in4(b), VAR("f", 2, 4, 3, 3), R(0.0), "constant", EMPTY, EMPTY, INTS(-1, 1), EMPTY, 1))
NEG(conv_dilation_len,
    conv_op(b, "conv", in4(b), VAR("f", 2, 4, 3, 3), R(0.0), "constant", EMPTY, EMPTY, INTS(1), EMPTY, 1))
NEG(conv_groups_negative, CONVG(in4(b), VAR("f", 2, 4, 3, 3), -1))
NEG(conv_groups_divide, CONVG(in4(b), VAR("f", 3, 2, 3, 3), 2))
NEG(conv_channels, CONVG(in4(b), VAR("f", 4, 2, 3, 3), 1))
NEG(conv_depthwise, CONVG(in4(b), VAR("f", 4, 2, 3, 3), 0))
NEG(conv_depthwise_multiplier, CONVG(in4(b), VAR("f", 6, 1, 3, 3), 0))
NEG(conv_bias_channels,
    conv_op(b, "conv", in4(b), VAR("f", 2, 4, 3, 3), T(IN("b", 1, 3)), "constant", EMPTY, EMPTY, EMPTY, EMPTY, 1))
NEG(conv_bias_batch,
    conv_op(b, "conv", in4(b), VAR("f", 2, 4, 3, 3), T(IN("b", 2, 2)), "constant", EMPTY, EMPTY, EMPTY, EMPTY, 1))
NEG(conv_bias_spatial,
    conv_op(b, "conv", in4(b), VAR("f", 2, 4, 3, 3), T(IN("b", 1, 2, 8)), "constant", EMPTY, EMPTY, EMPTY, EMPTY, 1))
NEG(conv_window, CONV(in4(b), VAR("f", 2, 4, 9, 3), PADS(0, 0, 0, 0), EMPTY))
NEG(conv_dilated_window,
    conv_op(b, "conv", in4(b), VAR("f", 2, 4, 3, 3), R(0.0), "constant", PADS(0, 0, 0, 0), EMPTY, INTS(1, 4), EMPTY, 1))
/* deconv */
NEG(deconv_filter_batch, DECONV(in4(b), VAR("f", 2, 4, 3, 3), EMPTY, EMPTY, EMPTY, 1))
NEG(deconv_groups, DECONV(in4(b), VAR("f", 4, 1, 3, 3), EMPTY, EMPTY, EMPTY, 3))
NEG(deconv_groups_negative, DECONV(in4(b), VAR("f", 4, 1, 3, 3), EMPTY, EMPTY, EMPTY, -2))
NEG(deconv_output_shape_len, DECONV(in4(b), VAR("f", 4, 1, 3, 3), EMPTY, INTS(2, 2), INTS(16, 16), 1))
NEG(deconv_output_shape_item, DECONV(in4(b), VAR("f", 4, 1, 3, 3), EMPTY, INTS(2, 2), INTS(1, 1, 0, 16), 1))
NEG(deconv_output_shape_down, DECONV(in4(b), VAR("f", 4, 1, 3, 3), EMPTY, INTS(2, 2), INTS(1, 1, 16, 18), 1))
NEG(deconv_output_shape_pad, DECONV(in4(b), VAR("f", 4, 1, 3, 3), PADS(1, 1, 1, 1), INTS(2, 2), INTS(1, 1, 16, 17), 1))
NEG(deconv_output_shape_channels, DECONV(in4(b), VAR("f", 4, 1, 3, 3), EMPTY, INTS(2, 2), INTS(1, 2, 16, 16), 1))
NEG(deconv_output_shape_batch, DECONV(in4(b), VAR("f", 4, 1, 3, 3), EMPTY, INTS(2, 2), INTS(2, 1, 16, 16), 1))
NEG(deconv_extent, DECONV(in4(b), VAR("f", 4, 1, 1, 1), PADS(4, 4, 0, 0), EMPTY, EMPTY, 1))
NEG(deconv_bias,
    conv_op(b, "deconv", in4(b), VAR("f", 4, 3, 3, 3), T(IN("b", 1, 4)), "constant", EMPTY, EMPTY, EMPTY, EMPTY, 1))
/* box, debox, argmax_pool, sample, desample */
NEG(box_size_len, BOX(in4(b), INTS(1, 1, 3), EMPTY, EMPTY))
NEG(box_size_zero, BOX(in4(b), INTS(1, 0, 3, 3), EMPTY, EMPTY))
NEG(box_padding_len, BOX(in4(b), INTS(1, 1, 3, 3), PADS(1, 1, 1, 1), EMPTY))
NEG(box_stride_len, BOX(in4(b), INTS(1, 1, 3, 3), EMPTY, INTS(2, 2)))
NEG(box_border, pool_op(b, "box", in4(b), NO_INDEX, INTS(1, 1, 3, 3), "mirror", EMPTY, EMPTY, EMPTY, EMPTY))
NEG(box_window, BOX(in4(b), INTS(1, 1, 3, 3), PADS(0, 0, 0, 0, -6, 0, 0, 0), EMPTY))
NEG(debox_output_shape_len,
    pool_op(b, "debox", in4(b), NO_INDEX, INTS(1, 1, 2, 2), "constant", EMPTY, INTS(1, 1, 2, 2), EMPTY, INTS(16, 16)))
NEG(debox_output_shape_down,
    pool_op(b, "debox", in4(b), NO_INDEX, INTS(1, 1, 2, 2), "constant", EMPTY, INTS(1, 1, 2, 2), EMPTY,
            INTS(1, 4, 16, 19)))
NEG(argmax_pool_border,
    pool_op(b, "argmax_pool", in4(b), NO_INDEX, INTS(1, 1, 2, 2), "clamp", EMPTY, EMPTY, EMPTY, EMPTY))
NEG(argmax_pool_dilation,
    pool_op(b, "argmax_pool", in4(b), NO_INDEX, INTS(1, 1, 2, 2), "constant", EMPTY, EMPTY, INTS(1, 1, 0, 1), EMPTY))
NEG(sample_index, uint32_t x = in4(b); uint32_t i = IN("i", 1, 4, 8, 8);
    pool_op(b, "sample", x, i, INTS(1, 1, 2, 2), "constant", EMPTY, INTS(1, 1, 2, 2), EMPTY, EMPTY))
NEG(desample_border, uint32_t x = in4(b); uint32_t i = IN("i", 1, 4, 8, 8);
    pool_op(b, "desample", x, i, INTS(1, 1, 2, 2), "replicate", EMPTY, INTS(1, 1, 2, 2), EMPTY, EMPTY))
NEG(desample_index, uint32_t x = in4(b); uint32_t i = IN("i", 1, 4, 16, 16);
    pool_op(b, "desample", x, i, INTS(1, 1, 2, 2), "constant", EMPTY, INTS(1, 1, 2, 2), EMPTY, EMPTY))
/* multilinear_upsample */
NEG(upsample_rank, upsample_op(b, IN("x", 4), EMPTY, "symmetric", "replicate"))
NEG(upsample_factor_len, upsample_op(b, in4(b), INTS(2), "symmetric", "replicate"))
NEG(upsample_factor_zero, upsample_op(b, in4(b), INTS(2, 0), "symmetric", "replicate"))
NEG(upsample_method, upsample_op(b, in4(b), INTS(2, 2), "bilinear", "replicate"))
NEG(upsample_border, upsample_op(b, in4(b), INTS(2, 2), "aligned", "ignore"))
/* RoI */
static uint32_t roi_boxes(fb *b) { return IN("rois", 3, 4); }
static uint32_t bidx(fb *b) { return IN("index", 3, 1); }
NEG(roi_rank, uint32_t r = roi_boxes(b); uint32_t i = bidx(b);
    roi_op(b, "avg_roi_pool", IN("x", 2, 4), r, i, EMPTY, NULL))
NEG(roi_rois, uint32_t x = in4(b); uint32_t i = bidx(b);
    roi_op(b, "max_roi_pool", x, IN("r", 3, 6), i, INTS(2, 2), NULL))
NEG(roi_batch_index, uint32_t x = in4(b); uint32_t r = roi_boxes(b);
    roi_op(b, "avg_roi_pool", x, r, IN("i", 4, 1), INTS(2, 2), NULL))
NEG(roi_batch_index_2, uint32_t x = in4(b); uint32_t r = roi_boxes(b);
    roi_op(b, "avg_roi_pool", x, r, IN("i", 3, 2), INTS(2, 2), NULL))
NEG(roi_size_len, uint32_t x = in4(b); uint32_t r = roi_boxes(b); uint32_t i = bidx(b);
    roi_op(b, "max_roi_pool", x, r, i, INTS(2), NULL))
NEG(roi_size_zero, uint32_t x = in4(b); uint32_t r = roi_boxes(b); uint32_t i = bidx(b);
    roi_op(b, "avg_roi_pool", x, r, i, INTS(2, 0), NULL))
NEG(roi_method, uint32_t x = in4(b); uint32_t r = roi_boxes(b); uint32_t i = bidx(b);
    roi_op(b, "roi_resample", x, r, i, INTS(2, 2), "nearest"))
/* reshape */
static uint32_t in234(fb *b) { return IN("x", 2, 3, 4); }
NEG(reshape_start, reshape_op(b, in234(b), INTS(1), 4, -1))
NEG(reshape_start_negative, reshape_op(b, in234(b), INTS(1), -1, -1))
NEG(reshape_count, reshape_op(b, in234(b), INTS(1), 0, -2))
NEG(reshape_range, reshape_op(b, in234(b), INTS(12), 2, 2))
NEG(reshape_two_minus, reshape_op(b, in234(b), INTS(-1, 4, -1), 0, -1))
NEG(reshape_item, reshape_op(b, in234(b), INTS(-2, -12), 0, -1))
NEG(reshape_zero_beyond, reshape_op(b, in234(b), INTS(12, 1, 0), 1, 2))
NEG(reshape_volume, reshape_op(b, in234(b), INTS(5, 5), 0, -1))
NEG(reshape_volume_range, reshape_op(b, in234(b), INTS(6), 0, 1))
NEG(reshape_divide, reshape_op(b, in234(b), INTS(5, -1), 0, -1))
NEG(reshape_rank, reshape_op(b, in234(b), INTS(1, 1, 1, 1, 1, 1, 1, 4), 0, 2))
NEG(reshape_huge, reshape_op(b, IN("x", 65536, 65536, 2), INTS(-1), 0, -1))
/* squeeze, unsqueeze, transpose */
NEG(squeeze_extent, axes_op(b, "squeeze", IN("x", 1, 3, 1), INTS(1)))
NEG(squeeze_range, axes_op(b, "squeeze", IN("x", 1, 3, 1), INTS(3)))
NEG(squeeze_twice, axes_op(b, "squeeze", IN("x", 1, 3, 1), INTS(0, 0)))
NEG(unsqueeze_range, axes_op(b, "unsqueeze", IN("x", 3, 4), INTS(0, 4)))
NEG(unsqueeze_rank, axes_op(b, "unsqueeze", IN("x", 1, 2, 3, 4, 5, 6, 7), INTS(0, 1)))
NEG(transpose_long, axes_op(b, "transpose", IN("x", 3, 4), INTS(0, 1, 2)))
NEG(transpose_perm, axes_op(b, "transpose", IN("x", 3, 4, 5), INTS(0, 2)))
NEG(transpose_twice, axes_op(b, "transpose", IN("x", 3, 4, 5), INTS(1, 1)))
/* split, concat, stack, unstack */
static uint32_t outs[8];
NEG(split_axis, split_op(b, IN("x", 1, 6), 2, INTS(1, 1), 2, outs))
NEG(split_ratio, split_op(b, IN("x", 1, 6), 1, INTS(1, 0, 2), 3, outs))
NEG(split_empty, split_op(b, IN("x", 1, 6), 1, EMPTY, 0, outs))
NEG(split_divide, split_op(b, IN("x", 1, 6), 1, INTS(2, 2), 2, outs))
NEG(split_sum, split_op(b, IN("x", 1, 6), 1, INTS(4, 4), 2, outs))
NEG(split_results, split_op(b, IN("x", 1, 6), 1, INTS(1, 2), 3, outs))
NEG(concat_empty, join_op(b, "concat", EMPTY, 0))
NEG(concat_axis, join_op(b, "concat", TENS(IN("x", 2, 3)), 2))
NEG(concat_rank, uint32_t x = IN("x", 2, 3); join_op(b, "concat", TENS(x, IN("y", 2, 3, 1)), 0))
NEG(concat_extent, uint32_t x = IN("x", 2, 3); join_op(b, "concat", TENS(x, IN("y", 2, 4), x), 0))
NEG(stack_empty, join_op(b, "stack", EMPTY, 0))
NEG(stack_shape, uint32_t x = IN("x", 2, 3); join_op(b, "stack", TENS(x, IN("y", 2, 4)), 0))
NEG(stack_axis, uint32_t x = IN("x", 2, 3); join_op(b, "stack", TENS(x, x), 3))
NEG(stack_rank, uint32_t x = IN("x", 1, 2, 3, 4, 5, 6, 7, 8); join_op(b, "stack", TENS(x, x), 0))
NEG(unstack_axis, unstack_op(b, IN("x", 2, 3), -1, 2, outs))
NEG(unstack_results, unstack_op(b, IN("x", 2, 3), 1, 2, outs))
/* slice */
static uint32_t in10(fb *b) { return IN("x", 10, 20); }
NEG(slice_lengths, slice_op(b, in10(b), INTS(0, 1), INTS(0, 0), INTS(5)))
NEG(slice_axis, slice_op(b, in10(b), INTS(2), INTS(0), INTS(1)))
NEG(slice_axis_twice, slice_op(b, in10(b), INTS(1, 1), INTS(0, 2), INTS(1, 4)))
NEG(slice_begin_low, slice_op(b, in10(b), INTS(0), INTS(-10), INTS(0)))
NEG(slice_begin_high, slice_op(b, in10(b), INTS(0), INTS(11), INTS(0)))
NEG(slice_end_high, slice_op(b, in10(b), INTS(1), INTS(0), INTS(21)))
NEG(slice_end_low, slice_op(b, in10(b), INTS(1), INTS(0), INTS(-20)))
NEG(slice_empty_range, slice_op(b, in10(b), INTS(0), INTS(5), INTS(-5)))
NEG(slice_begin_at_end, slice_op(b, in10(b), INTS(0), INTS(10), INTS(0)))
/* pad, tile */
NEG(pad_len, pad_op(b, in10(b), PADS(1, 1), "constant"))
NEG(pad_border, pad_op(b, in10(b), PADS(1, 1, 1, 1), "ignore"))
NEG(pad_extent, pad_op(b, in10(b), PADS(-5, -5, 0, 0), "constant"))
NEG(tile_len, tile_op(b, in10(b), INTS(2)))
NEG(tile_zero, tile_op(b, in10(b), INTS(2, 0)))
NEG(tile_huge, tile_op(b, in10(b), INTS(1, 429496730)))
/* driver */
NEG(unknown_op, fb_op(b, "frobnicate", "y", "x", T(IN("x", 2)), NULL))
NEG(custom_unmarked, fb_op(b, "my_op", "y", "x", T(IN("x", 2)), NULL); b->g.ops[b->g.n_ops - 1].custom = true)
NEG(missing_arg, fb_op(b, "tile", "output", "input", T(IN("x", 2)), NULL))
NEG(wrong_kind, fb_op(b, "tile", "output", "input", T(IN("x", 2)), "repeats", I(2), NULL))
NEG(used_before_shape, unary(b, "neg", fb_tensor(b, "x", 0)))

static neg_case neg_rows[] = {
    {"external: zero extent", ext_zero, "external", "shape item 1 is 0; items must be 1..2^32-1"},
    {"external: negative extent", ext_negative, "external", "shape item 0 is -3"},
    {"external: rank 9", ext_rank9, "external", "shape has 9 items, more than the 8 dimensions nnx supports"},
    {"external: extent 2^32", ext_huge, "external", "shape item 1 is 4294967296"},
    {"external: volume 2^93", ext_volume, "external",
     "result 'output' of shape [2147483648,2147483648,2147483648] has more than 2^63-1 elements"},
    {"constant: value count", const_count, "constant", "value has 5 items; expected 1 or 6 (the volume of [2,3])"},
    {"constant: empty value", const_empty, "constant", "value has 0 items; expected 1 or 1 (the volume of [])"},
    {"variable: zero extent", var_shape, "variable", "shape item 1 is 0"},
    {"variable: empty label", var_empty_label, "variable", "label is empty"},
    {"variable: label character", var_label_char, "variable", "label 'a b' has the character 0x20"},
    {"variable: shared label, other shape", var_shared_shape, "variable",
     "label 'NET/w' is shared with the variable at 1:1, but shape [4,3] != [3,4]"},
    {"add: broadcast", bin_broadcast, "add", "cannot broadcast x [2,3] with y [2,4]: extents 3 and 4 in dimension 1"},
    {"mul: broadcast trailing", bin_broadcast_trailing, "mul", "extents 4 and 5 in dimension 2"},
    {"and: trailing singletons", bin_rank_trailing, "and",
     "cannot broadcast x [4] with y [2,3]: extents 4 and 2 in dimension 0"},
    {"select: broadcast", select_broadcast, "select",
     "cannot broadcast condition [2,1] with false_value [3,3]: extents 2 and 3 in dimension 0"},
    {"clamp: broadcast", clamp_broadcast, "clamp",
     "cannot broadcast x [4,4] with b [1,5]: extents 4 and 5 in dimension 1"},
    {"softmax: axes", softmax_axes, "softmax", "axes item 1 is outside [0, 1)"},
    {"sum_reduce: axis out of range", reduce_range, "sum_reduce", "axes item 3 is outside [0, 3)"},
    {"argmax_reduce: negative axis", reduce_negative, "argmax_reduce", "axes item -1 is outside [0, 3)"},
    {"mean_reduce: axis twice", reduce_twice, "mean_reduce", "axes item 1 appears twice"},
    {"any_reduce: too many axes", reduce_too_many, "any_reduce", "axes has 9 items, more than the 8 dimensions"},
    {"matmul: rank 1", matmul_rank1, "matmul", "A has rank 1 and B rank 1; they must be equal and at least 2"},
    {"matmul: ranks differ", matmul_ranks, "matmul", "A has rank 2 and B rank 3"},
    {"matmul: inner", matmul_inner, "matmul", "A [2,3] has 3 columns but B [4,5] has 4 rows"},
    {"matmul: inner, B transposed", matmul_inner_tb, "matmul",
     "A [2,3] has 3 columns but B [3,4] transposed has 4 rows"},
    {"matmul: inner, A transposed", matmul_inner_ta, "matmul",
     "A [2,3] transposed has 2 columns but B [3,4] has 3 rows"},
    {"matmul: batch", matmul_batch, "matmul", "batch extents 2 (A) and 3 (B) in dimension 0 do not broadcast"},
    {"update: value shape", update_shape, "update", "value shape [3,2] != variable shape [2,3]"},
    {"update: value rank", update_rank, "update", "value shape [2,3,1] != variable shape [2,3]"},
    {"update: not a variable", update_not_variable, "update", "'v' is not the output of a variable"},
    {"update: literal", update_literal, "update", "'literal' is not the output of a variable"},
    {"update: twice", update_twice, "update", "(label 'v') is updated twice"},
    {"update: shared label twice", update_shared_label, "update", "(label 'S/V') is updated twice"},
    {"conv: input rank 1", conv_rank1, "conv", "input rank 1 is less than 2 (batch and channel)"},
    {"conv: filter rank", conv_filter_rank, "conv", "filter rank 3 != input rank 4"},
    {"conv: border ignore", conv_border_ignore, "conv",
     "border 'ignore' is not one of 'constant', 'replicate', 'reflect', 'reflect-even'"},
    {"conv: border unknown", conv_border_unknown, "conv", "border 'wrap' is not one of"},
    {"conv: padding length", conv_padding_len, "conv",
     "padding has 4 items; expected 2 (the number of spatial dimensions) or 0"},
    {"conv: stride length", conv_stride_len, "conv",
     "stride has 4 items; expected 2 (the number of spatial dimensions) or 0"},
    {"conv: stride 0", conv_stride_zero, "conv", "stride item 1 is 0; items must be positive"},
    {"conv: dilation -1", conv_dilation_zero, "conv", "dilation item 0 is -1; items must be positive"},
    {"conv: dilation length", conv_dilation_len, "conv", "dilation has 1 items; expected 2"},
    {"conv: groups negative", conv_groups_negative, "conv", "groups -1 is negative"},
    {"conv: groups divide", conv_groups_divide, "conv", "2 groups do not divide the filter's batch extent 3"},
    {"conv: channels", conv_channels, "conv", "filter channels 2 x 1 groups != input channels 4"},
    {"conv: depthwise channels", conv_depthwise, "conv", "filter channels 2 x 4 groups != input channels 4"},
    {"conv: depthwise multiplier", conv_depthwise_multiplier, "conv",
     "4 groups (groups = 0: one per input channel) do not divide the filter's batch extent 6"},
    {"conv: bias channels", conv_bias_channels, "conv",
     "bias shape [1,3]: channel extent 3 must be 1 or 2 (the output channels)"},
    {"conv: bias batch", conv_bias_batch, "conv", "bias shape [2,2]: extent 2 in dimension 0 must be 1"},
    {"conv: bias spatial", conv_bias_spatial, "conv", "bias shape [1,2,8]: extent 8 in dimension 2 must be 1"},
    {"conv: window", conv_window, "conv",
     "padded extent 0 + 8 + 0 = 8 in dimension 2 is less than the dilated window 9"},
    {"conv: dilated window", conv_dilated_window, "conv",
     "padded extent 0 + 8 + 0 = 8 in dimension 3 is less than the dilated window 9"},
    {"deconv: filter batch", deconv_filter_batch, "deconv", "filter batch extent 2 != input channels 4"},
    {"deconv: groups", deconv_groups, "deconv", "3 groups do not divide the input channels 4"},
    {"deconv: groups negative", deconv_groups_negative, "deconv", "groups -2 is negative"},
    {"deconv: output_shape length", deconv_output_shape_len, "deconv",
     "output_shape has 2 items; expected 4 (the input rank) or 0"},
    {"deconv: output_shape item", deconv_output_shape_item, "deconv",
     "output_shape item 2 is 0; items must be positive"},
    {"deconv: output_shape down-scale", deconv_output_shape_down, "deconv",
     "output_shape item 3 (18) down-scales to 9, not to the input extent 8"},
    {"deconv: output_shape with padding", deconv_output_shape_pad, "deconv",
     "output_shape item 3 (17) down-scales to 9, not to the input extent 8"},
    {"deconv: output_shape channels", deconv_output_shape_channels, "deconv",
     "output_shape item 1 (2) != the output channel extent 1"},
    {"deconv: output_shape batch", deconv_output_shape_batch, "deconv",
     "output_shape item 0 (2) != the input batch extent 1"},
    {"deconv: extent", deconv_extent, "deconv", "output extent 0 in dimension 2 is not positive"},
    {"deconv: bias", deconv_bias, "deconv", "bias shape [1,4]: channel extent 4 must be 1 or 3 (the output channels)"},
    {"box: size length", box_size_len, "box", "size has 3 items; expected 4 (the input rank)"},
    {"box: size 0", box_size_zero, "box", "size item 1 is 0; items must be positive"},
    {"box: padding length", box_padding_len, "box", "padding has 2 items; expected 4 (the input rank) or 0"},
    {"box: stride length", box_stride_len, "box", "stride has 2 items; expected 4 (the input rank) or 0"},
    {"box: border", box_border, "box",
     "border 'mirror' is not one of 'ignore', 'constant', 'replicate', 'reflect', 'reflect-even'"},
    {"box: window", box_window, "box", "padded extent -6 + 8 + 0 = 2 in dimension 2 is less than the dilated window 3"},
    {"debox: output_shape length", debox_output_shape_len, "debox",
     "output_shape has 2 items; expected 4 (the input rank) or 0"},
    {"debox: output_shape down-scale", debox_output_shape_down, "debox",
     "output_shape item 3 (19) down-scales to 10, not to the input extent 8"},
    {"argmax_pool: border", argmax_pool_border, "argmax_pool", "border 'clamp' is not one of"},
    {"argmax_pool: dilation", argmax_pool_dilation, "argmax_pool", "dilation item 2 is 0; items must be positive"},
    {"sample: index shape", sample_index, "sample", "index shape [1,4,8,8] != output shape [1,4,4,4]"},
    {"desample: border", desample_border, "desample", "border 'replicate' is not one of 'constant'"},
    {"desample: index shape", desample_index, "desample", "index shape [1,4,16,16] != input shape [1,4,8,8]"},
    {"multilinear_upsample: rank", upsample_rank, "multilinear_upsample", "input rank 1 is less than 2"},
    {"multilinear_upsample: factor length", upsample_factor_len, "multilinear_upsample",
     "factor has 1 items; expected 2 (the number of spatial dimensions)"},
    {"multilinear_upsample: factor 0", upsample_factor_zero, "multilinear_upsample",
     "factor item 1 is 0; items must be positive"},
    {"multilinear_upsample: method", upsample_method, "multilinear_upsample",
     "method 'bilinear' is not one of 'symmetric', 'asymmetric', 'aligned'"},
    {"multilinear_upsample: border", upsample_border, "multilinear_upsample",
     "border 'ignore' is not one of 'constant'"},
    {"avg_roi_pool: rank", roi_rank, "avg_roi_pool", "input rank 2 is less than 3"},
    {"max_roi_pool: rois", roi_rois, "max_roi_pool", "rois shape [3,6] != [3,4] (N, 2 x 2 spatial dimensions)"},
    {"avg_roi_pool: batch_index count", roi_batch_index, "avg_roi_pool", "batch_index shape [4,1] != [3,1] (N, 1)"},
    {"avg_roi_pool: batch_index width", roi_batch_index_2, "avg_roi_pool", "batch_index shape [3,2] != [3,1] (N, 1)"},
    {"max_roi_pool: output_size length", roi_size_len, "max_roi_pool",
     "output_size has 1 items; expected 2 (the number of spatial dimensions)"},
    {"avg_roi_pool: output_size 0", roi_size_zero, "avg_roi_pool", "output_size item 1 is 0; items must be positive"},
    {"roi_resample: method", roi_method, "roi_resample", "method 'nearest' is not one of"},
    {"reshape: axis_start", reshape_start, "reshape", "axis_start 4 is outside [0, 3]"},
    {"reshape: negative axis_start", reshape_start_negative, "reshape", "axis_start -1 is outside [0, 3]"},
    {"reshape: axis_count", reshape_count, "reshape", "axis_count -2 is neither -1 nor non-negative"},
    {"reshape: axis range", reshape_range, "reshape", "axis_start 2 + axis_count 2 exceeds the input rank 3"},
    {"reshape: two -1", reshape_two_minus, "reshape", "shape has more than one -1 item"},
    {"reshape: item -2", reshape_item, "reshape", "shape item 0 is -2; items must be 0..2^32-1 or -1"},
    {"reshape: 0 beyond the range", reshape_zero_beyond, "reshape", "shape item 2 is 0, but only 2 axes are reshaped"},
    {"reshape: volume", reshape_volume, "reshape", "shape has 25 elements but axes [0, 3) of the input hold 24"},
    {"reshape: volume of the range", reshape_volume_range, "reshape",
     "shape has 6 elements but axes [0, 1) of the input hold 2"},
    {"reshape: -1 does not divide", reshape_divide, "reshape",
     "the -1 item cannot be inferred: 24 elements in axes [0, 3) are not a multiple of 5"},
    {"reshape: rank", reshape_rank, "reshape", "output rank 9 exceeds 8"},
    {"reshape: extent 2^33", reshape_huge, "reshape", "output extent 8589934592 in dimension 0 exceeds 2^32-1"},
    {"squeeze: extent", squeeze_extent, "squeeze", "axis 1 has extent 3; only singleton axes can be squeezed"},
    {"squeeze: range", squeeze_range, "squeeze", "axes item 3 is outside [0, 3)"},
    {"squeeze: twice", squeeze_twice, "squeeze", "axes item 0 appears twice"},
    {"unsqueeze: range", unsqueeze_range, "unsqueeze", "axes item 4 is outside [0, 4)"},
    {"unsqueeze: rank", unsqueeze_rank, "unsqueeze", "output rank 9 exceeds 8"},
    {"transpose: too long", transpose_long, "transpose", "axes has 3 items, more than the input rank 2"},
    {"transpose: not a permutation", transpose_perm, "transpose", "axes item 2 is outside [0, 2)"},
    {"transpose: twice", transpose_twice, "transpose", "axes item 1 appears twice"},
    {"split: axis", split_axis, "split", "axis 2 is outside [0, 2)"},
    {"split: ratio 0", split_ratio, "split", "ratios item 1 is 0; items must be positive"},
    {"split: no ratios", split_empty, "split", "ratios is empty"},
    {"split: ratios do not divide", split_divide, "split",
     "ratios sum to 4, which does not divide the extent 6 along axis 1"},
    {"split: ratios too large", split_sum, "split", "ratios sum to more than the extent 6 along axis 1"},
    {"split: result count", split_results, "split", "3 results are assigned but ratios gives 2"},
    {"concat: empty", concat_empty, "concat", "values is empty"},
    {"concat: axis", concat_axis, "concat", "axis 2 is outside [0, 2)"},
    {"concat: rank", concat_rank, "concat", "values item 1 has rank 3 but item 0 has rank 2"},
    {"concat: extent", concat_extent, "concat",
     "values item 1 shape [2,4] differs from item 0 shape [2,3] in dimension 1"},
    {"stack: empty", stack_empty, "stack", "values is empty"},
    {"stack: shape", stack_shape, "stack", "values item 1 shape [2,4] != item 0 shape [2,3]"},
    {"stack: axis", stack_axis, "stack", "axis 3 is outside [0, 3)"},
    {"stack: rank", stack_rank, "stack", "output rank 9 exceeds 8"},
    {"unstack: axis", unstack_axis, "unstack", "axis -1 is outside [0, 2)"},
    {"unstack: result count", unstack_results, "unstack", "2 results are assigned but the extent along axis gives 3"},
    {"slice: lengths", slice_lengths, "slice", "axes, begin and end have 2, 2 and 1 items; they must be equal"},
    {"slice: axis", slice_axis, "slice", "axes item 2 is outside [0, 2)"},
    {"slice: axis twice", slice_axis_twice, "slice", "axes item 1 appears twice"},
    {"slice: begin -x", slice_begin_low, "slice", "begin -10 is outside (-10, 10] for axis 0"},
    {"slice: begin > x", slice_begin_high, "slice", "begin 11 is outside (-10, 10] for axis 0"},
    {"slice: end > x", slice_end_high, "slice", "end 21 is outside (-20, 20] for axis 1"},
    {"slice: end -x", slice_end_low, "slice", "end -20 is outside (-20, 20] for axis 1"},
    {"slice: empty range", slice_empty_range, "slice", "end -5 (5) is not after begin 5 (5) for axis 0"},
    {"slice: begin at the end", slice_begin_at_end, "slice", "end 0 (10) is not after begin 10 (10) for axis 0"},
    {"pad: length", pad_len, "pad", "padding has 1 items; expected 2 (the input rank) or 0"},
    {"pad: border ignore", pad_border, "pad",
     "border 'ignore' is not one of 'constant', 'replicate', 'reflect', 'reflect-even'"},
    {"pad: extent", pad_extent, "pad", "output extent 0 in dimension 0 is not positive"},
    {"tile: length", tile_len, "tile", "repeats has 1 items; expected 2 (the input rank)"},
    {"tile: repeat 0", tile_zero, "tile", "repeats item 1 is 0; items must be positive"},
    {"tile: extent", tile_huge, "tile", "output extent 8589934600 in dimension 1 exceeds 2^32-1"},
    {"unknown operation", unknown_op, "frobnicate", "internal: unknown operation"},
    {"custom op, graph not marked", custom_unmarked, "my_op", "internal: custom operation in a graph not marked"},
    {"missing argument", missing_arg, "tile", "internal: argument 'repeats' is missing or not an array"},
    {"argument of the wrong kind", wrong_kind, "tile", "internal: argument 'repeats' is missing or not an array"},
    {"tensor without a shape", used_before_shape, "neg", "internal: x 'x' is used before its shape is known"},
};

static const struct CMUnitTest positive[] = {
    cmocka_unit_test_setup_teardown(test_introducing, setup, teardown),
    cmocka_unit_test_setup_teardown(test_unary, setup, teardown),
    cmocka_unit_test_setup_teardown(test_binary_broadcast, setup, teardown),
    cmocka_unit_test_setup_teardown(test_select_clamp_softmax, setup, teardown),
    cmocka_unit_test_setup_teardown(test_reduce, setup, teardown),
    cmocka_unit_test_setup_teardown(test_alexnet, setup, teardown),
    cmocka_unit_test_setup_teardown(test_conv, setup, teardown),
    cmocka_unit_test_setup_teardown(test_deconv, setup, teardown),
    cmocka_unit_test_setup_teardown(test_box_debox, setup, teardown),
    cmocka_unit_test_setup_teardown(test_argmax_sample_desample, setup, teardown),
    cmocka_unit_test_setup_teardown(test_multilinear_upsample, setup, teardown),
    cmocka_unit_test_setup_teardown(test_reshape, setup, teardown),
    cmocka_unit_test_setup_teardown(test_squeeze_unsqueeze_transpose, setup, teardown),
    cmocka_unit_test_setup_teardown(test_split_concat_stack_unstack, setup, teardown),
    cmocka_unit_test_setup_teardown(test_slice, setup, teardown),
    cmocka_unit_test_setup_teardown(test_pad_tile, setup, teardown),
    cmocka_unit_test_setup_teardown(test_roi, setup, teardown),
    cmocka_unit_test_setup_teardown(test_matmul, setup, teardown),
    cmocka_unit_test_setup_teardown(test_update, setup, teardown),
    cmocka_unit_test_setup_teardown(test_custom_ops_skip, setup, teardown),
    cmocka_unit_test_setup_teardown(test_reinfer_after_set_input_shape, setup, teardown),
    cmocka_unit_test_setup_teardown(test_set_input_shape_errors, setup, teardown),
    cmocka_unit_test(test_auto_padding),
    cmocka_unit_test(test_error_position),
    cmocka_unit_test(test_alloc_failure_infer),
    cmocka_unit_test(test_alloc_failure_set_input_shape),
};

int main(void)
{
    size_t n_pos = sizeof positive / sizeof positive[0], n_neg = sizeof neg_rows / sizeof neg_rows[0];
    struct CMUnitTest *tests = calloc(n_pos + n_neg, sizeof *tests);
    if (!tests)
        return 1;
    memcpy(tests, positive, sizeof positive);
    for (size_t i = 0; i < n_neg; i++)
        tests[n_pos + i] = (struct CMUnitTest){neg_rows[i].name, run_neg, NULL, NULL, &neg_rows[i]};
    int failed = _cmocka_run_group_tests("nnef_shapes", tests, n_pos + n_neg, NULL, NULL);
    free(tests);
    return failed;
}
