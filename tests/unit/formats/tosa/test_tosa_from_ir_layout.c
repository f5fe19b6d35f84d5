/* test_tosa_from_ir_layout.c — layout propagation in the TOSA writer (decision TOSA-L11):
 * NCHW graphs with element-wise ops, pools, batch normalization and channel concats between
 * convolutions are written with the fewest TRANSPOSEs, replayed and run: within 1e-5 of the
 * source graph, and bit for bit equal to the same graph with its element-wise ops fenced on
 * NCHW (a reshape to the value's own shape before each). */
#define _POSIX_C_SOURCE 200809L /* mkdtemp (tosa_replay.h) */

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/objects.h"
#include "base/alloc.h"
#include "formats/tosa/tosa_from_ir.h"
#include "tosa_replay.h"

typedef struct lc {
    nnx_builder *b;
    bool fence; /* the reference: element-wise ops read NCHW */
    nnx_named_operand outs[4];
    char names[4][8];
    uint32_t n;
} lc;

typedef void (*build_fn)(lc *h);

static nnx_operand *in_x(lc *h)
{
    nnx_operand_desc d = {NNX_FLOAT32, 4, {1, 3, 6, 6}};
    return nnx_builder_input(h->b, "x", &d);
}

static nnx_operand *const_f(lc *h, uint32_t rank, const uint32_t *shape, uint32_t seed)
{
    nnx_operand_desc d = {NNX_FLOAT32, rank, {0}};
    if (rank)
        memcpy(d.shape, shape, rank * sizeof *shape);
    size_t size;
    float *v = replay_input(&d, seed, &size);
    for (size_t i = 0; i < size / 4; i++)
        v[i] /= 2;
    nnx_operand *c = nnx_builder_constant(h->b, &d, v, size);
    free(v);
    return c;
}

/* 3x3, pads 1: oc channels from x's. */
static nnx_operand *conv(lc *h, nnx_operand *x, uint32_t oc, uint32_t seed)
{
    nnx_operand_desc d;
    nnx_operand_get_desc(x, &d);
    nnx_operand *w = const_f(h, 4, (uint32_t[]){oc, d.shape[1], 3, 3}, seed);
    return nnx_builder_conv2d(h->b, x, w,
                              &(nnx_conv2d_options){.padding = (uint32_t[]){1, 1, 1, 1},
                                                    .padding_count = 4,
                                                    .bias = const_f(h, 1, (uint32_t[]){oc}, seed + 100)});
}

/* x itself, or in the reference x through a reshape to its own shape (NCHW there). */
static nnx_operand *F(lc *h, nnx_operand *x)
{
    if (!h->fence)
        return x;
    nnx_operand_desc d;
    nnx_operand_get_desc(x, &d);
    return nnx_builder_reshape(h->b, x, d.shape, d.rank, NULL);
}

static void out(lc *h, nnx_operand *x)
{
    if (nnx_builder_status(h->b) != NNX_OK)
        fail_msg("builder: %s", nnx_builder_error(h->b));
    snprintf(h->names[h->n], sizeof h->names[0], "y%u", h->n);
    h->outs[h->n] = (nnx_named_operand){h->names[h->n], x};
    h->n++;
}

static uint32_t count_op(const nnx_tfile *f, uint32_t op)
{
    uint32_t n = 0;
    const nnx_tfile_block *b = &f->regions[0].blocks[0];
    for (uint32_t i = 0; i < b->n_operators; i++)
        n += b->operators[i].op == op;
    return n;
}

/* The graph of fn, fenced or not, converted (and read back), its TRANSPOSE count; the
 * source graph into *src, the replayed one into *out. */
static uint32_t convert(nnx_context *ctx, build_fn fn, bool fence, nnx_graph **src, nnx_graph **rep)
{
    lc h = {.fence = fence};
    assert_int_equal(nnx_builder_create(ctx, &h.b), NNX_OK);
    fn(&h);
    if (nnx_builder_build(h.b, h.outs, h.n, src) != NNX_OK)
        fail_msg("build: %s", nnx_builder_error(h.b));
    nnx_alloc alloc;
    assert_true(nnx_alloc_init(&alloc, NULL));
    nnx_tfile f, f2;
    nnx_tfile_init(&f, &alloc);
    const nnx_graph *g = *src;
    convert_ok(g, &f);
    read_back(g, &f, &f2, &alloc);
    uint32_t n = count_op(&f, NNX_TOSA_TRANSPOSE);
    *rep = replay(ctx, &f2);
    nnx_tfile_free(&f2);
    nnx_tfile_free(&f);
    return n;
}

/* fn written with want TRANSPOSEs (fewer than its fenced form), running like its source
 * within 1e-5 and like the fenced form bit for bit (within tol when tol >= 0). */
static void check(build_fn fn, uint32_t want, double tol)
{
    nnx_context *ctx;
    assert_int_equal(nnx_context_create(&(nnx_context_options){.threads = 1}, &ctx), NNX_OK);
    nnx_graph *src, *rep, *fsrc, *frep;
    uint32_t n = convert(ctx, fn, false, &src, &rep);
    uint32_t nf = convert(ctx, fn, true, &fsrc, &frep);
    if (n != want)
        fail_msg("%u TRANSPOSEs, want %u (fenced: %u)", n, want, nf);
    assert_true(nf > n);
    replay_compare(ctx, src, rep, 1e-5);
    replay_compare(ctx, frep, rep, tol);
    nnx_context_destroy(ctx);
}

/* conv -> clamp [0, 6] -> conv, and ONNX Clip's max / min with constants */
static void clip_chain(lc *h)
{
    nnx_operand *y = conv(h, in_x(h), 4, 1);
    y = nnx_builder_clamp(h->b, F(h, y), &(nnx_clamp_options){.min_value = nnx_f64(0), .max_value = nnx_f64(0.25)});
    y = conv(h, y, 4, 2);
    y = nnx_builder_max(h->b, F(h, y), const_f(h, 1, (uint32_t[]){1}, 3), NULL);
    y = nnx_builder_min(h->b, F(h, y), const_f(h, 0, NULL, 4), NULL);
    out(h, conv(h, y, 2, 5));
}

static void test_clip(void **state)
{
    (void)state;
    check(clip_chain, 2, -1);
}

/* conv -> relu -> max_pool 2x2 -> conv */
static void relu_pool_chain(lc *h)
{
    nnx_operand *y = nnx_builder_relu(h->b, F(h, conv(h, in_x(h), 4, 1)), NULL);
    y = nnx_builder_max_pool2d(h->b, y,
                               &(nnx_pool2d_options){.window_dimensions = (uint32_t[]){2, 2},
                                                     .window_dimensions_count = 2,
                                                     .strides = (uint32_t[]){2, 2},
                                                     .strides_count = 2});
    out(h, conv(h, y, 3, 2));
}

static void test_relu_pool(void **state)
{
    (void)state;
    check(relu_pool_chain, 2, -1);
}

/* a = relu(conv(x)); relu(a + conv(a)) -> conv: a residual block */
static void residual_chain(lc *h)
{
    nnx_operand *a = nnx_builder_relu(h->b, F(h, conv(h, in_x(h), 4, 1)), NULL);
    nnx_operand *b = conv(h, a, 4, 2);
    nnx_operand *s = nnx_builder_relu(h->b, nnx_builder_add(h->b, F(h, a), F(h, b), NULL), NULL);
    out(h, conv(h, s, 2, 3));
}

static void test_residual(void **state)
{
    (void)state;
    check(residual_chain, 2, -1);
}

/* two conv branches of x concatenated on the channels, a per-channel constant added and a
 * sigmoid, then a conv */
static void concat_chain(lc *h)
{
    nnx_operand *x = in_x(h);
    nnx_operand *c[2] = {F(h, conv(h, x, 4, 1)), F(h, conv(h, x, 2, 2))};
    nnx_operand *y = nnx_builder_concat(h->b, c, 2, 1, NULL);
    y = nnx_builder_add(h->b, F(h, y), const_f(h, 4, (uint32_t[]){1, 6, 1, 1}, 3), NULL);
    y = nnx_builder_sigmoid(h->b, F(h, y), NULL);
    out(h, conv(h, y, 3, 4));
}

static void test_concat(void **state)
{
    (void)state;
    check(concat_chain, 2, -1);
}

/* conv -> batch_normalization (scale, bias) -> relu -> conv */
static void batchnorm_chain(lc *h)
{
    nnx_operand *y = conv(h, in_x(h), 4, 1);
    nnx_operand *var = nnx_builder_abs(h->b, const_f(h, 1, (uint32_t[]){4}, 3), NULL);
    y = nnx_builder_batch_normalization(h->b, F(h, y), const_f(h, 1, (uint32_t[]){4}, 2), var,
                                        &(nnx_batch_normalization_options){
                                            .scale = const_f(h, 1, (uint32_t[]){4}, 4),
                                            .bias = const_f(h, 1, (uint32_t[]){4}, 5),
                                        });
    y = nnx_builder_relu(h->b, F(h, y), NULL);
    out(h, conv(h, y, 2, 6));
}

static void test_batchnorm(void **state)
{
    (void)state;
    check(batchnorm_chain, 2, -1);
}

/* conv -> relu is an output and feeds a conv: its NCHW form is written for it (once) */
static void middle_output_chain(lc *h)
{
    nnx_operand *y = nnx_builder_relu(h->b, F(h, conv(h, in_x(h), 4, 1)), NULL);
    out(h, y);
    out(h, conv(h, y, 2, 2));
}

static void test_middle_output(void **state)
{
    (void)state;
    check(middle_output_chain, 3, -1);
}

/* conv -> relu -> the global average pool (reduce_mean over H and W, kept as 1): REDUCE_SUM
 * over NHWC H and W; [1, 1, 1, C] is the output's twin, written by a RESHAPE (the same
 * element order), not a TRANSPOSE */
static void global_pool_chain(lc *h)
{
    nnx_operand *y = nnx_builder_relu(h->b, F(h, conv(h, in_x(h), 4, 1)), NULL);
    out(h,
        nnx_builder_reduce_mean(
            h->b, F(h, y),
            &(nnx_reduce_options){.axes = (uint32_t[]){2, 3}, .axes_count = 2, .keep_dimensions = true}));
}

static void test_global_pool(void **state)
{
    (void)state;
    check(global_pool_chain, 1, -1);
}

/* squeeze-excitation: a = relu(conv(x)); s = sigmoid(conv(relu(conv(mean over H, W of
 * a)))); a * s -> conv: the pooled [1, C, 1, 1] stays NHWC too */
static void squeeze_excite_chain(lc *h)
{
    nnx_operand *a = nnx_builder_relu(h->b, F(h, conv(h, in_x(h), 4, 1)), NULL);
    nnx_operand *s = nnx_builder_reduce_mean(
        h->b, F(h, a), &(nnx_reduce_options){.axes = (uint32_t[]){2, 3}, .axes_count = 2, .keep_dimensions = true});
    s = nnx_builder_relu(h->b, F(h, conv(h, s, 2, 2)), NULL);
    s = nnx_builder_sigmoid(h->b, F(h, conv(h, s, 4, 3)), NULL);
    out(h, conv(h, nnx_builder_mul(h->b, F(h, a), F(h, s), NULL), 2, 4));
}

static void test_squeeze_excite(void **state)
{
    (void)state;
    check(squeeze_excite_chain, 2, -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_clip),        cmocka_unit_test(test_relu_pool),      cmocka_unit_test(test_residual),
        cmocka_unit_test(test_concat),      cmocka_unit_test(test_batchnorm),      cmocka_unit_test(test_middle_output),
        cmocka_unit_test(test_global_pool), cmocka_unit_test(test_squeeze_excite),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
