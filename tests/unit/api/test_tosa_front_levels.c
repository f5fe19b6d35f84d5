/* test_tosa_front_levels.c — the TOSA level limits (spec §1.7 Table 4) as the caller selects
 * them: each LEVEL_CHECK kind (MAX_RANK, MAX_KERNEL, MAX_STRIDE, MAX_SCALE with the reduced
 * ratio, MAX_TENSOR_LIST_SIZE, MAX_LOG2_SIZE) fails just past the Level 8K limit with
 * NNX_ERROR_NOT_SUPPORTED naming the check and the level, passes at the limit, and passes
 * past it under "no level". Nesting (MAX_NESTING) is in test_tosa_api_flow.c, FFT sizes in
 * test_tosa_api_fft.c. Nothing here runs a graph: the inputs are never allocated. */
#include "test_tosa_front_harness.h"

typedef nnx_status (*make_fn)(tf *h, int64_t v);

/* builds with v under the level; returns the status, leaves the message in h */
static void expect(make_fn make, int64_t v, nnx_tosa_level level, nnx_status want, const char *msg)
{
    tf h = tf_open_with(0, level);
    nnx_status st = make(&h, v);
    if (st != want || (msg && !strstr(nnx_builder_error(h.b), msg)))
        fail_msg("v = %lld, level %d: status %d \"%s\", expected %d \"%s\"", (long long)v, (int)level, (int)st,
                 nnx_builder_error(h.b), (int)want, msg ? msg : "");
    tf_close(&h);
}

static void check(make_fn make, int64_t ok, int64_t bad, const char *msg)
{
    expect(make, ok, NNX_TOSA_LEVEL_8K, NNX_OK, NULL);
    expect(make, ok, NNX_TOSA_LEVEL_DEFAULT, NNX_OK, NULL);
    expect(make, bad, NNX_TOSA_LEVEL_8K, NNX_ERROR_NOT_SUPPORTED, msg);
    expect(make, bad, NNX_TOSA_LEVEL_DEFAULT, NNX_ERROR_NOT_SUPPORTED, msg); /* the default is 8K */
    expect(make, bad, NNX_TOSA_LEVEL_NONE, NNX_OK, NULL);
}

static nnx_status rank(tf *h, int64_t r)
{
    uint32_t s[8] = {1, 1, 1, 1, 1, 1, 1, 1};
    nnx_operand *x[2] = {tf_input(h, "a", NNX_INT32, (uint32_t)r, s), tf_input(h, "b", NNX_INT32, (uint32_t)r, s)};
    tf_op(h, NNX_TOSA_ADD, x, 2, NULL);
    return nnx_builder_status(h->b);
}

static nnx_status pool_kernel(tf *h, int64_t k)
{
    uint32_t s[4] = {1, (uint32_t)k, 1, 1};
    nnx_operand *x = tf_input(h, "x", NNX_FLOAT32, 4, s);
    tf_op(h, NNX_TOSA_MAX_POOL2D, &x, 1, &(nnx_tosa_attrs){.kernel = {(int32_t)k, 1}, .stride = {1, 1}});
    return nnx_builder_status(h->b);
}

static nnx_status pool_stride(tf *h, int64_t s)
{
    uint32_t d[4] = {1, (uint32_t)s + 1, 1, 1};
    nnx_operand *x = tf_input(h, "x", NNX_FLOAT32, 4, d);
    tf_op(h, NNX_TOSA_AVG_POOL2D, &x, 1, &(nnx_tosa_attrs){.kernel = {1, 1}, .stride = {(int32_t)s, 1}});
    return nnx_builder_status(h->b);
}

/* dilation_y * KH with KH = 2 */
static nnx_status conv_dilation(tf *h, int64_t dk)
{
    int32_t dil = (int32_t)(dk / 2);
    uint32_t xs[4] = {1, (uint32_t)dil + 1, 1, 1}, ws[4] = {1, 2, 1, 1}, bs[1] = {1};
    nnx_operand *x[3] = {tf_input(h, "x", NNX_FLOAT32, 4, xs), tf_input(h, "w", NNX_FLOAT32, 4, ws),
                         tf_input(h, "b", NNX_FLOAT32, 1, bs)};
    tf_op(h, NNX_TOSA_CONV2D, x, 3, &(nnx_tosa_attrs){.stride = {1, 1}, .dilation = {dil, 1}});
    return nnx_builder_status(h->b);
}

static nnx_status tconv_kernel(tf *h, int64_t k)
{
    uint32_t xs[4] = {1, 1, 1, 1}, ws[4] = {1, (uint32_t)k, 1, 1}, bs[1] = {1};
    nnx_operand *x[3] = {tf_input(h, "x", NNX_FLOAT32, 4, xs), tf_input(h, "w", NNX_FLOAT32, 4, ws),
                         tf_input(h, "b", NNX_FLOAT32, 1, bs)};
    tf_op(h, NNX_TOSA_TRANSPOSE_CONV2D, x, 3, &(nnx_tosa_attrs){.stride = {1, 1}});
    return nnx_builder_status(h->b);
}

/* RESIZE with scale_y = n / 2 (IH = 2, so OH = n / 2 + 1 stays small) */
static nnx_status resize_scale(tf *h, int64_t n)
{
    uint32_t xs[4] = {1, 2, 1, 1};
    int64_t sc[4] = {n, 2, 1, 1}, z[2] = {0, 0};
    nnx_operand *x[4] = {tf_input(h, "x", NNX_FLOAT32, 4, xs), tf_shape(h, sc, 4), tf_shape(h, z, 2),
                         tf_shape(h, z, 2)};
    tf_op(h, NNX_TOSA_RESIZE, x, 4, NULL);
    return nnx_builder_status(h->b);
}

static nnx_status concat_list(tf *h, int64_t n)
{
    uint32_t s[1] = {1};
    nnx_operand *x[300];
    for (int64_t i = 0; i < n; i++) {
        char name[16];
        snprintf(name, sizeof name, "x%lld", (long long)i);
        x[i] = tf_input(h, name, NNX_INT8, 1, s);
    }
    tf_op(h, NNX_TOSA_CONCAT, x, (uint32_t)n, NULL);
    return nnx_builder_status(h->b);
}

/* int32 [n]: n * 4 bytes against 2^31 - 1 */
static nnx_status tensor_size(tf *h, int64_t n)
{
    uint32_t s[1] = {(uint32_t)n};
    nnx_operand *x = tf_input(h, "x", NNX_INT32, 1, s);
    tf_op(h, NNX_TOSA_ABS, &x, 1, NULL);
    return nnx_builder_status(h->b);
}

static void test_levels(void **state)
{
    (void)state;
    check(rank, 6, 7, "TOSA ADD: LEVEL_CHECK(rank(shape) <= MAX_RANK = 6) fails at Level 8K");
    check(pool_kernel, 8192, 8193, "TOSA MAX_POOL2D: LEVEL_CHECK(kernel_y <= MAX_KERNEL = 8192) fails at Level 8K");
    check(pool_stride, 8192, 8193, "TOSA AVG_POOL2D: LEVEL_CHECK(stride_y <= MAX_STRIDE = 8192)");
    check(conv_dilation, 8192, 8194, "TOSA CONV2D: LEVEL_CHECK(dilation_y * KH <= MAX_KERNEL = 8192)");
    check(tconv_kernel, 8192, 8193, "TOSA TRANSPOSE_CONV2D: LEVEL_CHECK(KH <= MAX_KERNEL = 8192)");
    /* 512 / 2 reduces to 256: allowed although the numerator exceeds MAX_SCALE
     * (TOSA 1.0 §1.7 Levels, decision TOSA-F2) */
    check(resize_scale, 512, 514, "TOSA RESIZE: LEVEL_CHECK(scale_y_n/scale_y_d <= MAX_SCALE = 256)");
    check(concat_list, 64, 65, "TOSA CONCAT: LEVEL_CHECK(tensor_list_shape(input1) <= MAX_TENSOR_LIST_SIZE = 64)");
    check(tensor_size, 536870911, 536870912,
          "LEVEL_CHECK(tensor_size(shape) * element size <= (1 << MAX_LOG2_SIZE) - 1)");
    /* no level: MAX_SCALE 2048, MAX_TENSOR_LIST_SIZE 256 */
    expect(resize_scale, 2048, NNX_TOSA_LEVEL_NONE, NNX_OK, NULL); /* ratio 1024 */
    expect(concat_list, 257, NNX_TOSA_LEVEL_NONE, NNX_ERROR_NOT_SUPPORTED,
           "MAX_TENSOR_LIST_SIZE = 256) fails at no level");
    /* an unknown level is refused when the session begins */
    tf h = tf_open_with(0, (nnx_tosa_level)7);
    tf_expect_error(&h, NNX_ERROR_INVALID_ARGUMENT, "unknown level 7");
    tf_close(&h);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_levels)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
