/* test_tosa_nn.c — TOSA 1.0 pooling, convolutions, MATMUL, RESIZE and nan_mode through the core
 * IR: the cases of tests/data/tosa_nn_expected.h (a Python transcription of the spec
 * pseudocode), integer results bit-exact, plus the output-size and type ERROR_IFs that
 * inference enforces. */
#include "gen_case_runner.h"
#include "tosa_run.h"

#include "../../data/tosa_nn_expected.h"

static nnx_operand_desc d4(nnx_dtype dt, uint32_t a, uint32_t b, uint32_t c, uint32_t d)
{
    return (nnx_operand_desc){dt, 4, {a, b, c, d}};
}

static void test_pool_error_ifs(void **state)
{
    (void)state;
    nnx_operand_desc x = d4(NNX_INT8, 1, 5, 5, 2), zp = {NNX_INT8, 1, {1}}, zp16 = {NNX_INT16, 1, {1}};
    const nnx_operand_desc *in[] = {&x, &zp, &zp}, *bad_zp[] = {&x, &zp16, &zp};
    nnx_attrs ok = {.tosa_pool = {.kernel = {3, 3}, .stride = {2, 2}, .pad = {1, 1, 1, 1}}};
    assert_false(tosa_infer_fails(NNX_OP_TOSA_AVG_POOL2D, &ok, 3, in));
    assert_true(tosa_infer_fails(NNX_OP_TOSA_AVG_POOL2D, &ok, 3, bad_zp));
    nnx_attrs inexact = {.tosa_pool = {.kernel = {2, 2}, .stride = {2, 2}, .pad = {0, 0, 0, 0}}}; /* (5 - 2) % 2 */
    assert_true(tosa_infer_fails(NNX_OP_TOSA_AVG_POOL2D, &inexact, 3, in));
    nnx_attrs big_pad = {.tosa_pool = {.kernel = {2, 2}, .stride = {1, 1}, .pad = {2, 0, 0, 0}}};
    assert_true(tosa_infer_fails(NNX_OP_TOSA_AVG_POOL2D, &big_pad, 3, in));
    nnx_attrs bad_acc = {.tosa_pool = {.kernel = {3, 3}, .stride = {2, 2}, .pad = {1, 1, 1, 1}, .acc_type = NNX_INT16}};
    assert_true(tosa_infer_fails(NNX_OP_TOSA_AVG_POOL2D, &bad_acc, 3, in));
}

static void test_conv_error_ifs(void **state)
{
    (void)state;
    nnx_operand_desc x = d4(NNX_INT8, 1, 5, 5, 2), w = d4(NNX_INT8, 3, 3, 3, 2), w16 = d4(NNX_INT16, 3, 3, 3, 2);
    nnx_operand_desc b = {NNX_INT32, 1, {3}}, b_wrong = {NNX_INT32, 1, {2}}, b48 = {NNX_INT48, 1, {3}};
    const nnx_operand_desc *ok[] = {&x, &w, &b}, *bad_bias[] = {&x, &w, &b_wrong}, *bad_types[] = {&x, &w16, &b},
                           *bad_out[] = {&x, &w, &b48};
    nnx_attrs a = {.tosa_conv = {.pad = {1, 1, 1, 1}, .stride = {1, 1}, .dilation = {1, 1}}};
    assert_false(tosa_infer_fails(NNX_OP_TOSA_CONV2D, &a, 3, ok));
    assert_true(tosa_infer_fails(NNX_OP_TOSA_CONV2D, &a, 3, bad_bias));
    assert_true(tosa_infer_fails(NNX_OP_TOSA_CONV2D, &a, 3, bad_types));
    assert_true(tosa_infer_fails(NNX_OP_TOSA_CONV2D, &a, 3, bad_out));
    nnx_attrs inexact = {.tosa_conv = {.pad = {0, 0, 0, 0}, .stride = {2, 2}, .dilation = {1, 1}}}; /* (5-1-2) ok */
    assert_false(tosa_infer_fails(NNX_OP_TOSA_CONV2D, &inexact, 3, ok));
    inexact.tosa_conv.pad[0] = 1; /* (5 - 1 + 1 - 2) % 2 != 0 */
    assert_true(tosa_infer_fails(NNX_OP_TOSA_CONV2D, &inexact, 3, ok));
    nnx_attrs neg = {.tosa_conv = {.pad = {-3, 0, 0, 0}, .stride = {1, 1}}}; /* out_pad <= -KH */
    assert_true(tosa_infer_fails(NNX_OP_TOSA_TRANSPOSE_CONV2D, &neg, 3, ok));
    neg.tosa_conv.pad[0] = -2;
    assert_false(tosa_infer_fails(NNX_OP_TOSA_TRANSPOSE_CONV2D, &neg, 3, ok));
}

static void test_resize_error_ifs(void **state)
{
    (void)state;
    nnx_operand_desc x = d4(NNX_INT8, 1, 3, 3, 1);
    const nnx_operand_desc *in[] = {&x};
    nnx_attrs a = {
        .tosa_resize = {.mode = NNX_TOSA_RESIZE_BILINEAR, .scale = {4, 2, 4, 2}, .offset = {-1, -1}, .border = {1, 1}}};
    nnx_operand_desc yd;
    int8_t data[9] = {0};
    const void *dp[] = {data};
    free(tosa_run(NNX_OP_TOSA_RESIZE, &a, 1, in, dp, &yd));
    assert_int_equal(yd.dtype, NNX_INT32);
    assert_int_equal(yd.shape[1], 6);
    nnx_attrs b = a;
    b.tosa_resize.scale[0] = 4096; /* > 2^11 */
    assert_true(tosa_infer_fails(NNX_OP_TOSA_RESIZE, &b, 1, in));
    b = a;
    b.tosa_resize.scale[1] = 64; /* below 1/16 */
    assert_true(tosa_infer_fails(NNX_OP_TOSA_RESIZE, &b, 1, in));
    b = a;
    b.tosa_resize.border[0] = 4; /* >= scale_y_n */
    assert_true(tosa_infer_fails(NNX_OP_TOSA_RESIZE, &b, 1, in));
    b = a;
    b.tosa_resize.offset[0] = 0; /* (2*4 + 1) % 2 != 0 */
    assert_true(tosa_infer_fails(NNX_OP_TOSA_RESIZE, &b, 1, in));
}

int main(void)
{
    const struct CMUnitTest fixed[] = {
        cmocka_unit_test(test_pool_error_ifs),
        cmocka_unit_test(test_conv_error_ifs),
        cmocka_unit_test(test_resize_error_ifs),
    };
    return gen_run_all("tosa_nn", fixed, sizeof fixed / sizeof fixed[0], gen_cases,
                       sizeof gen_cases / sizeof gen_cases[0]);
}
