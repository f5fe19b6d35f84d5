/* test_tosa_api_fft.c — TOSA FFT2D (forward and inverse) and RFFT2D through the C API,
 * against numpy's FFT in float64 (tests/data/tosa_front_fft_expected.h, made by
 * tests/unit/api/gen_tosa_front_fft.py): every output within 2e-5 of the reference relative to
 * the largest magnitude (the kernel sums in double and rounds once to float32), and RFFT2D's
 * imaginary part exactly 0 where the spec skips it. Also the ERROR_IFs on H and W. */
#include "test_tosa_front_harness.h"

#include "../../data/tosa_front_fft_expected.h"

#define FFT_SIZE (FFT_N * FFT_H * FFT_W)
#define RFFT_SIZE (FFT_N * FFT_H * (FFT_W / 2 + 1))

static void near(const float *got, const double *want, size_t n, const char *what)
{
    double scale = 0;
    for (size_t i = 0; i < n; i++)
        scale = fmax(scale, fabs(want[i]));
    for (size_t i = 0; i < n; i++)
        if (fabs(got[i] - want[i]) > 2e-5 * scale)
            fail_msg("%s[%zu] = %.9g, numpy %.9g", what, i, got[i], want[i]);
}

static void run_fft(bool inverse)
{
    tf h = tf_open();
    uint32_t s[3] = {FFT_N, FFT_H, FFT_W};
    nnx_operand *in[2] = {tf_input(&h, "re", NNX_FLOAT32, 3, s), tf_input(&h, "im", NNX_FLOAT32, 3, s)}, *out[2];
    assert_int_equal(nnx_tosa_add(h.t, NNX_TOSA_FFT2D, in, 2, &(nnx_tosa_attrs){.inverse = inverse}, out, 2), 2);
    tf_expect_ok(&h);
    static float re[FFT_SIZE], im[FFT_SIZE];
    tf_buf bi[2] = {{"re", fft_in_re, sizeof fft_in_re}, {"im", fft_in_im, sizeof fft_in_im}};
    tf_buf bo[2] = {{"y0", re, sizeof re}, {"y1", im, sizeof im}};
    nnx_graph_destroy(tf_run(&h, out, 2, bi, 2, bo));
    near(re, inverse ? fft_inv_re : fft_fwd_re, FFT_SIZE, "real");
    near(im, inverse ? fft_inv_im : fft_fwd_im, FFT_SIZE, "imag");
    tf_close(&h);
}

static void test_fft2d(void **state)
{
    (void)state;
    run_fft(false);
    run_fft(true);
}

static void test_rfft2d(void **state)
{
    (void)state;
    tf h = tf_open();
    uint32_t s[3] = {FFT_N, FFT_H, FFT_W};
    nnx_operand *in[1] = {tf_input(&h, "re", NNX_FLOAT32, 3, s)}, *out[2];
    assert_int_equal(nnx_tosa_add(h.t, NNX_TOSA_RFFT2D, in, 1, NULL, out, 2), 2);
    nnx_operand_desc d;
    nnx_operand_get_desc(out[0], &d);
    assert_int_equal(d.shape[2], FFT_W / 2 + 1);
    static float re[RFFT_SIZE], im[RFFT_SIZE];
    tf_buf bi[1] = {{"re", fft_in_re, sizeof fft_in_re}};
    tf_buf bo[2] = {{"y0", re, sizeof re}, {"y1", im, sizeof im}};
    nnx_graph_destroy(tf_run(&h, out, 2, bi, 1, bo));
    near(re, rfft_re, RFFT_SIZE, "real");
    near(im, rfft_im, RFFT_SIZE, "imag");
    const uint32_t ow = FFT_W / 2 + 1;
    for (uint32_t n = 0; n < FFT_N; n++) /* (0,0), (0,W/2), (H/2,0), (H/2,W/2): exactly 0 */
        for (uint32_t y = 0; y < FFT_H; y += FFT_H / 2)
            for (uint32_t x = 0; x < ow; x += FFT_W / 2)
                assert_true(im[(n * FFT_H + y) * ow + x] == 0.0f);
    tf_close(&h);
}

static void test_fft_errors(void **state)
{
    (void)state;
    uint32_t s[3] = {1, 3, 4}, big[3] = {1, 16384, 1};
    tf h = tf_open();
    nnx_operand *in[2] = {tf_input(&h, "re", NNX_FLOAT32, 3, s), tf_input(&h, "im", NNX_FLOAT32, 3, s)}, *out[2];
    assert_int_equal(nnx_tosa_add(h.t, NNX_TOSA_FFT2D, in, 2, NULL, out, 2), 0);
    tf_expect_error(&h, NNX_ERROR_INVALID_ARGUMENT, "TOSA FFT2D: ERROR_IF(!power_of_two(H))");
    tf_close(&h);
    h = tf_open();
    in[0] = tf_input(&h, "re", NNX_FLOAT32, 3, big);
    assert_int_equal(nnx_tosa_add(h.t, NNX_TOSA_RFFT2D, in, 1, NULL, out, 2), 0);
    tf_expect_error(&h, NNX_ERROR_NOT_SUPPORTED, "TOSA RFFT2D: LEVEL_CHECK(H <= MAX_KERNEL = 8192) fails at Level 8K");
    tf_close(&h);
    h = tf_open_with(0, NNX_TOSA_LEVEL_NONE); /* no level: H = 16384 is fine */
    in[0] = tf_input(&h, "re", NNX_FLOAT32, 3, big);
    assert_int_equal(nnx_tosa_add(h.t, NNX_TOSA_RFFT2D, in, 1, NULL, out, 2), 2);
    tf_expect_ok(&h);
    tf_close(&h);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fft2d),
        cmocka_unit_test(test_rfft2d),
        cmocka_unit_test(test_fft_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
