/* test_tosa_from_ir_legalize.c — float graphs of the WebNN builder (NCHW / OIHW convolutions
 * and pools, gemm, matmul with broadcast batches, activations, reductions, normalizations,
 * data movement, round_even and dequantize_linear) written as TOSA by nnx_tfile_from_ir, saved and read back, built again through
 * nnx_tosa_add (tosa_replay.h) and run: the outputs agree with the source graph's within
 * 1e-5 relative (the compositions round differently, decision TOSA-L3). */
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

typedef struct lg {
    nnx_context *ctx;
    nnx_builder *b;
    nnx_named_operand outs[64];
    char names[64][8];
    uint32_t n;
} lg;

static void open_lg(lg *h)
{
    memset(h, 0, sizeof *h);
    assert_int_equal(nnx_context_create(&(nnx_context_options){.threads = 1}, &h->ctx), NNX_OK);
    assert_int_equal(nnx_builder_create(h->ctx, &h->b), NNX_OK);
}

static nnx_operand *in_f(lg *h, const char *name, uint32_t rank, const uint32_t *shape)
{
    nnx_operand_desc d = {NNX_FLOAT32, rank, {0}};
    memcpy(d.shape, shape, rank * sizeof *shape);
    return nnx_builder_input(h->b, name, &d);
}

/* A constant float32 tensor of deterministic values in [-1, 1). */
static nnx_operand *const_f(lg *h, uint32_t rank, const uint32_t *shape, uint32_t seed)
{
    nnx_operand_desc d = {NNX_FLOAT32, rank, {0}};
    memcpy(d.shape, shape, rank * sizeof *shape);
    size_t size;
    float *v = replay_input(&d, seed, &size);
    for (size_t i = 0; i < size / 4; i++)
        v[i] /= 2;
    nnx_operand *c = nnx_builder_constant(h->b, &d, v, size);
    free(v);
    return c;
}

static void out(lg *h, nnx_operand *x)
{
    if (nnx_builder_status(h->b) != NNX_OK)
        fail_msg("builder: %s", nnx_builder_error(h->b));
    snprintf(h->names[h->n], sizeof h->names[0], "y%u", h->n);
    h->outs[h->n] = (nnx_named_operand){h->names[h->n], x};
    h->n++;
}

/* Builds h's outputs, converts, replays and compares. */
static void check(lg *h)
{
    nnx_graph *g = NULL;
    if (nnx_builder_build(h->b, h->outs, h->n, &g) != NNX_OK)
        fail_msg("build: %s", nnx_builder_error(h->b));
    nnx_alloc alloc;
    assert_true(nnx_alloc_init(&alloc, NULL));
    nnx_tfile f;
    nnx_tfile_init(&f, &alloc);
    convert_ok(g, &f);
    nnx_tfile f2;
    read_back(g, &f, &f2, &alloc);
    nnx_graph *g2 = replay(h->ctx, &f2);
    replay_compare(h->ctx, g, g2, 1e-5);
    nnx_tfile_free(&f2);
    nnx_tfile_free(&f);
    nnx_context_destroy(h->ctx);
}

static void test_cnn(void **state)
{
    (void)state;
    lg h;
    open_lg(&h);
    nnx_operand *x = in_f(&h, "x", 4, (uint32_t[]){1, 3, 9, 9});
    nnx_operand *w = const_f(&h, 4, (uint32_t[]){4, 3, 3, 3}, 1), *bias = const_f(&h, 1, (uint32_t[]){4}, 2);
    nnx_operand *y = nnx_builder_conv2d(h.b, x, w,
                                        &(nnx_conv2d_options){.padding = (uint32_t[]){1, 1, 1, 1},
                                                              .padding_count = 4,
                                                              .strides = (uint32_t[]){2, 2},
                                                              .strides_count = 2,
                                                              .bias = bias});
    y = nnx_builder_relu(h.b, y, NULL);
    out(&h, y);
    /* 5x5 -> 2x2: the last row and column are never read */
    nnx_operand *m = nnx_builder_max_pool2d(h.b, y,
                                            &(nnx_pool2d_options){.window_dimensions = (uint32_t[]){2, 2},
                                                                  .window_dimensions_count = 2,
                                                                  .strides = (uint32_t[]){2, 2},
                                                                  .strides_count = 2});
    out(&h, m);
    /* the pool straight into a conv: the transposes between them cancel */
    out(&h, nnx_builder_conv2d(h.b, m, const_f(&h, 4, (uint32_t[]){2, 4, 1, 1}, 15), NULL));
    out(&h,
        nnx_builder_average_pool2d(h.b, y,
                                   &(nnx_pool2d_options){.window_dimensions = (uint32_t[]){3, 3},
                                                         .window_dimensions_count = 2,
                                                         .padding = (uint32_t[]){1, 1, 1, 1},
                                                         .padding_count = 4}));
    out(&h,
        nnx_builder_max_pool2d(h.b, y,
                               &(nnx_pool2d_options){.window_dimensions = (uint32_t[]){2, 2},
                                                     .window_dimensions_count = 2,
                                                     .strides = (uint32_t[]){2, 2},
                                                     .strides_count = 2,
                                                     .output_shape_rounding = NNX_ROUNDING_CEIL}));
    nnx_operand *r = nnx_builder_reshape(h.b, m, (uint32_t[]){1, 16}, 2, NULL);
    nnx_operand *gw = const_f(&h, 2, (uint32_t[]){16, 5}, 3), *gc = const_f(&h, 1, (uint32_t[]){5}, 4);
    nnx_operand *g = nnx_builder_gemm(h.b, r, gw,
                                      &(nnx_gemm_options){.c = gc, .alpha = nnx_f64(0.5), .beta = nnx_f64(2)});
    out(&h, nnx_builder_softmax(h.b, g, 1, NULL));
    /* depthwise, with a constant and with a computed filter */
    nnx_operand *dw = const_f(&h, 4, (uint32_t[]){6, 1, 3, 3}, 5);
    out(&h,
        nnx_builder_conv2d(h.b, x, dw,
                           &(nnx_conv2d_options){.groups = 3, .dilations = (uint32_t[]){2, 1}, .dilations_count = 2}));
    nnx_operand *fw = in_f(&h, "w", 4, (uint32_t[]){3, 1, 3, 3});
    out(&h,
        nnx_builder_conv2d(
            h.b, x, fw, &(nnx_conv2d_options){.groups = 3, .padding = (uint32_t[]){0, 2, 1, 0}, .padding_count = 4}));
    /* NHWC input, OHWI filter */
    nnx_operand *xn = in_f(&h, "xn", 4, (uint32_t[]){1, 6, 6, 3});
    out(&h,
        nnx_builder_conv2d(h.b, xn, const_f(&h, 4, (uint32_t[]){2, 2, 2, 3}, 6),
                           &(nnx_conv2d_options){.input_layout = NNX_LAYOUT_NHWC,
                                                 .filter_layout = NNX_FILTER_OHWI,
                                                 .strides = (uint32_t[]){2, 2},
                                                 .strides_count = 2}));
    /* transposed convolution */
    out(&h,
        nnx_builder_conv_transpose2d(h.b, x, const_f(&h, 4, (uint32_t[]){3, 2, 3, 3}, 7),
                                     &(nnx_conv_transpose2d_options){.strides = (uint32_t[]){2, 2},
                                                                     .strides_count = 2,
                                                                     .padding = (uint32_t[]){1, 0, 0, 1},
                                                                     .padding_count = 4,
                                                                     .output_padding = (uint32_t[]){1, 0},
                                                                     .output_padding_count = 2}));
    check(&h);
}

static void test_elementwise(void **state)
{
    (void)state;
    lg h;
    open_lg(&h);
    nnx_operand *a = in_f(&h, "a", 3, (uint32_t[]){2, 3, 4}), *v = in_f(&h, "v", 1, (uint32_t[]){4});
    out(&h, nnx_builder_add(h.b, a, v, NULL));
    out(&h,
        nnx_builder_div(h.b, a,
                        nnx_builder_add(h.b, nnx_builder_abs(h.b, v, NULL), const_f(&h, 1, (uint32_t[]){1}, 8), NULL),
                        NULL));
    out(&h, nnx_builder_neg(h.b, a, NULL));
    out(&h, nnx_builder_sqrt(h.b, a, NULL));
    out(&h, nnx_builder_sigmoid(h.b, a, NULL));
    out(&h, nnx_builder_tanh(h.b, a, NULL));
    out(&h, nnx_builder_tan(h.b, a, NULL));
    out(&h, nnx_builder_elu(h.b, a, &(nnx_elu_options){.alpha = nnx_f64(0.7)}));
    out(&h, nnx_builder_gelu(h.b, a, NULL));
    out(&h, nnx_builder_leaky_relu(h.b, a, &(nnx_leaky_relu_options){.alpha = nnx_f64(0.1)}));
    out(&h, nnx_builder_hard_swish(h.b, a, NULL));
    out(&h, nnx_builder_softplus(h.b, a, NULL));
    out(&h, nnx_builder_clamp(h.b, a, &(nnx_clamp_options){.min_value = nnx_f64(-0.5), .max_value = nnx_f64(1)}));
    out(&h, nnx_builder_cast(h.b, a, NNX_INT32, NULL));
    out(&h,
        nnx_builder_sign(h.b, nnx_builder_cast(h.b, nnx_builder_cast(h.b, a, NNX_INT32, NULL), NNX_FLOAT32, NULL),
                         NULL));
    /* round_even on exact ties (floor(8a) + 0.5) and on values beyond 2^23 */
    nnx_operand *eight = const_f(&h, 1, (uint32_t[]){1}, 15);
    eight = nnx_builder_add(h.b, nnx_builder_mul(h.b, eight, eight, NULL), const_f(&h, 1, (uint32_t[]){1}, 16), NULL);
    nnx_operand *ties = nnx_builder_add(
        h.b, nnx_builder_floor(h.b, nnx_builder_mul(h.b, a, v, NULL), NULL),
        nnx_builder_constant(h.b, &(nnx_operand_desc){NNX_FLOAT32, 1, {1}}, (float[]){0.5f}, sizeof(float)), NULL);
    out(&h, nnx_builder_round_even(h.b, nnx_builder_mul(h.b, ties, nnx_builder_abs(h.b, eight, NULL), NULL), NULL));
    out(&h, nnx_builder_round_even(h.b, ties, NULL));
    out(&h,
        nnx_builder_round_even(h.b,
                               nnx_builder_mul(h.b, a,
                                               nnx_builder_constant(h.b, &(nnx_operand_desc){NNX_FLOAT32, 1, {1}},
                                                                    (float[]){3e8f}, sizeof(float)),
                                               NULL),
                               NULL));
    /* dequantize_linear of int8 with a per-channel scale and zero point (the last axis) */
    nnx_operand *q = nnx_builder_cast(
        h.b,
        nnx_builder_mul(
            h.b, a,
            nnx_builder_constant(h.b, &(nnx_operand_desc){NNX_FLOAT32, 1, {1}}, (float[]){100.0f}, sizeof(float)),
            NULL),
        NNX_INT8, NULL);
    int8_t zps[4] = {0, 3, -7, 100};
    out(&h,
        nnx_builder_dequantize_linear(h.b, q, nnx_builder_abs(h.b, const_f(&h, 3, (uint32_t[]){1, 1, 4}, 17), NULL),
                                      nnx_builder_constant(h.b, &(nnx_operand_desc){NNX_INT8, 3, {1, 1, 4}}, zps, 4),
                                      NULL));
    out(&h, nnx_builder_arg_min(h.b, a, 2, &(nnx_arg_min_max_options){.keep_dimensions = true}));
    out(&h, nnx_builder_arg_max(h.b, a, 1, NULL));
    /* matrix products */
    nnx_operand *m = in_f(&h, "m", 4, (uint32_t[]){2, 1, 3, 4}), *n = in_f(&h, "n", 3, (uint32_t[]){3, 4, 2});
    out(&h, nnx_builder_matmul(h.b, m, n, NULL));
    out(&h, nnx_builder_matmul(h.b, a, const_f(&h, 2, (uint32_t[]){4, 5}, 9), NULL));
    nnx_operand *p = in_f(&h, "p", 2, (uint32_t[]){4, 3});
    out(&h,
        nnx_builder_gemm(h.b, p, const_f(&h, 2, (uint32_t[]){5, 4}, 10),
                         &(nnx_gemm_options){.a_transpose = true, .b_transpose = true}));
    /* reductions */
    const uint32_t ax[2] = {0, 2};
    out(&h, nnx_builder_reduce_mean(h.b, a, &(nnx_reduce_options){.axes = ax, .axes_count = 2}));
    out(&h,
        nnx_builder_reduce_l2(h.b, a, &(nnx_reduce_options){.axes = ax + 1, .axes_count = 1, .keep_dimensions = true}));
    out(&h, nnx_builder_reduce_log_sum_exp(h.b, a, NULL));
    out(&h, nnx_builder_reduce_max(h.b, a, &(nnx_reduce_options){.axes = ax, .axes_count = 2}));
    out(&h, nnx_builder_reduce_sum_square(h.b, a, &(nnx_reduce_options){.axes = ax + 1, .axes_count = 1}));
    /* normalizations */
    nnx_operand *img = in_f(&h, "img", 4, (uint32_t[]){2, 3, 4, 5});
    nnx_operand *c3 = const_f(&h, 1, (uint32_t[]){3}, 11), *c3b = const_f(&h, 1, (uint32_t[]){3}, 12);
    nnx_operand *var = nnx_builder_add(h.b, nnx_builder_abs(h.b, c3, NULL), const_f(&h, 1, (uint32_t[]){1}, 13), NULL);
    out(&h,
        nnx_builder_batch_normalization(h.b, img, c3b, var,
                                        &(nnx_batch_normalization_options){.scale = c3, .bias = c3b}));
    out(&h, nnx_builder_instance_normalization(h.b, img, &(nnx_instance_normalization_options){.scale = c3}));
    out(&h,
        nnx_builder_layer_normalization(
            h.b, img,
            &(nnx_layer_normalization_options){
                .axes = (uint32_t[]){2, 3}, .axes_count = 2, .bias = const_f(&h, 2, (uint32_t[]){4, 5}, 14)}));
    out(&h, nnx_builder_softmax(h.b, img, 2, NULL));
    /* data movement */
    int32_t gidx[3] = {2, -1, 0};
    nnx_operand *gi = nnx_builder_constant(h.b, &(nnx_operand_desc){NNX_INT32, 1, {3}}, gidx, sizeof gidx);
    out(&h, nnx_builder_gather(h.b, img, gi, &(nnx_gather_options){.axis = 2}));
    out(&h, nnx_builder_transpose(h.b, img, NULL));
    out(&h, nnx_builder_concat(h.b, (nnx_operand *[]){a, a}, 2, 1, NULL));
    out(&h, nnx_builder_slice(h.b, img, (uint32_t[]){0, 1, 1, 2}, 4, (uint32_t[]){2, 2, 3, 2}, 4, NULL));
    out(&h,
        nnx_builder_pad(h.b, a, (uint32_t[]){0, 1, 2}, 3, (uint32_t[]){1, 0, 0}, 3,
                        &(nnx_pad_options){.value = nnx_f64(0.25)}));
    out(&h, nnx_builder_expand(h.b, v, (uint32_t[]){3, 2, 4}, 3, NULL));
    check(&h);
}

/* Operations without a TOSA form fail naming the core op. */
static void test_refused(void **state)
{
    (void)state;
    lg h;
    open_lg(&h);
    nnx_operand *a = in_f(&h, "a", 4, (uint32_t[]){1, 4, 4, 4});
    out(&h,
        nnx_builder_conv2d(h.b, a, const_f(&h, 4, (uint32_t[]){4, 2, 1, 1}, 1), &(nnx_conv2d_options){.groups = 2}));
    nnx_graph *g = NULL;
    assert_int_equal(nnx_builder_build(h.b, h.outs, h.n, &g), NNX_OK);
    nnx_alloc alloc;
    assert_true(nnx_alloc_init(&alloc, NULL));
    nnx_tfile f;
    nnx_tfile_init(&f, &alloc);
    nnx_error err = {0};
    assert_int_equal(convert_graph(g, &f, &err), NNX_ERROR_NOT_SUPPORTED);
    assert_non_null(strstr(err.message, "core op 'conv'"));
    assert_non_null(strstr(err.message, "groups 2 of 4"));
    nnx_tfile_free(&f);
    nnx_context_destroy(h.ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cnn),
        cmocka_unit_test(test_elementwise),
        cmocka_unit_test(test_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
