/* test_tosa_api_ops.c — every TOSA 1.0 operator built through the C API (nnx_tosa_add) and
 * run, with known outputs derived by hand from the spec's pseudocode (TOSA 1.0 chapter 2): the
 * integer paths bit-exact (RESCALE, TABLE, MUL shift, AVG_POOL2D reciprocal_scale, NEGATE
 * saturation, CAST round-to-nearest-even), NaN modes, layouts (NHWC, OHWI, HWIM), and the
 * data-layout operators. FFT2D / RFFT2D are checked against numpy in test_tosa_api_fft.c;
 * control flow and variables in test_tosa_api_flow.c. */
#include "test_tosa_front_harness.h"

typedef struct tin {
    nnx_dtype dt;
    uint32_t rank, shape[5];
    const void *data;
} tin;

/* Builds op over constant inputs, runs it, and compares the output bytes with want (exact). */
static void check(nnx_tosa_op op, const nnx_tosa_attrs *a, const tin *in, uint32_t n, const void *want, size_t bytes)
{
    tf h = tf_open();
    nnx_operand *x[6];
    for (uint32_t i = 0; i < n; i++)
        x[i] = in[i].dt == NNX_INT64 ? tf_shape(&h, in[i].data, in[i].rank ? in[i].shape[0] : 0)
                                     : tf_const(&h, in[i].dt, in[i].rank, in[i].shape, in[i].data);
    nnx_operand *y = tf_op(&h, op, x, n, a);
    tf_expect_ok(&h);
    unsigned char got[256];
    assert_true(bytes <= sizeof got);
    tf_run1(&h, y, got, bytes);
    if (memcmp(got, want, bytes) != 0) {
        for (size_t i = 0; i < bytes; i++)
            fprintf(stderr, "%02x%s", got[i], i + 1 < bytes ? " " : "\n");
        fail_msg("%s: output differs", nnx_tosa_op_name(op));
    }
    tf_close(&h);
}

/* float32 outputs within tol (absolute), NaN matching NaN. */
static void check_f32(nnx_tosa_op op, const nnx_tosa_attrs *a, const tin *in, uint32_t n, const float *want,
                      size_t count, double tol)
{
    tf h = tf_open();
    nnx_operand *x[6];
    for (uint32_t i = 0; i < n; i++)
        x[i] = in[i].dt == NNX_INT64 ? tf_shape(&h, in[i].data, in[i].shape[0])
                                     : tf_const(&h, in[i].dt, in[i].rank, in[i].shape, in[i].data);
    nnx_operand *y = tf_op(&h, op, x, n, a);
    tf_expect_ok(&h);
    float got[64];
    assert_true(count <= 64);
    tf_run1(&h, y, got, count * sizeof *got);
    for (size_t i = 0; i < count; i++) {
        bool bad = isnan(want[i]) ? !isnan(got[i])
            : isinf(want[i])      ? got[i] != want[i]
                                  : !(fabs(got[i] - want[i]) <= tol);
        if (bad)
            fail_msg("%s: element %zu is %.9g, expected %.9g", nnx_tosa_op_name(op), i, got[i], want[i]);
    }
    tf_close(&h);
}

#define F32(r, ...) \
    { \
        NNX_FLOAT32, r, __VA_ARGS__ \
    }
#define T(dt, r, ...) \
    { \
        dt, r, __VA_ARGS__ \
    }

/* ---------------------------------------------------------------- tensor operators */

static void test_argmax(void **state)
{
    (void)state;
    static const float x[6] = {1, 5, 3, 7, 2, 7};
    const tin in[1] = {F32(2, {2, 3}, x)};
    static const int32_t want[2] = {1, 0}; /* ties: the first index */
    check(NNX_TOSA_ARGMAX, &(nnx_tosa_attrs){.axis = 1}, in, 1, want, sizeof want);
    static const float nanx[3] = {NAN, 2, 1};
    const tin nin[1] = {F32(1, {3}, nanx)};
    static const int32_t prop = 0, ign = 1; /* PROPAGATE: the first NaN wins; IGNORE skips it */
    check(NNX_TOSA_ARGMAX, NULL, nin, 1, &prop, 4);
    check(NNX_TOSA_ARGMAX, &(nnx_tosa_attrs){.nan_mode = NNX_TOSA_NAN_IGNORE}, nin, 1, &ign, 4);
}

static void test_avg_pool2d(void **state)
{
    (void)state;
    static const float x[4] = {1, 2, 3, 4};
    const tin in[1] = {F32(4, {1, 2, 2, 1}, x)};
    static const float want[1] = {2.5f};
    check(NNX_TOSA_AVG_POOL2D, &(nnx_tosa_attrs){.kernel = {2, 2}, .stride = {1, 1}}, in, 1, want, sizeof want);
    /* int8 with zero points: (10-1 + 20-1 + 31-1) = 58, reciprocal_scale(3) = (1431655766, 32):
     * (58 * 1431655766 + 2^31) >> 32 = 19, + output_zp 2 = 21. Padding is not counted: with
     * pad_left 1 the first window holds 10 and 20: 28 * 1073741825 + 2^30 >> 31 = 14, + 2 = 16. */
    static const int8_t xi[3] = {10, 20, 31}, izp = 1, ozp = 2;
    const tin ii[3] = {T(NNX_INT8, 4, {1, 1, 3, 1}, xi), T(NNX_INT8, 1, {1}, &izp), T(NNX_INT8, 1, {1}, &ozp)};
    static const int8_t wi[1] = {21};
    check(NNX_TOSA_AVG_POOL2D, &(nnx_tosa_attrs){.kernel = {1, 3}, .stride = {1, 1}}, ii, 3, wi, 1);
    static const int8_t wp[2] = {16, 21};
    check(NNX_TOSA_AVG_POOL2D, &(nnx_tosa_attrs){.kernel = {1, 3}, .stride = {1, 1}, .pad = {0, 0, 1, 0}}, ii, 3, wp,
          2);
}

static void test_conv2d(void **state)
{
    (void)state;
    static const float x[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9}, w[4] = {1, 1, 1, 1}, b[1] = {0.5f};
    const tin in[3] = {F32(4, {1, 3, 3, 1}, x), F32(4, {1, 2, 2, 1}, w), F32(1, {1}, b)};
    static const float want[4] = {12.5f, 16.5f, 24.5f, 28.5f};
    check(NNX_TOSA_CONV2D, &(nnx_tosa_attrs){.stride = {1, 1}, .dilation = {1, 1}}, in, 3, want, sizeof want);
    /* int8 x int8 -> int32 with zero points: sum (x - 1)(w - 2) + bias 100 */
    static const int8_t xi[2] = {3, 5}, wi[2] = {4, 1}, izp = 1, wzp = 2;
    static const int32_t bi[1] = {100};
    const tin ii[5] = {T(NNX_INT8, 4, {1, 1, 2, 1}, xi), T(NNX_INT8, 4, {2, 1, 1, 1}, wi), T(NNX_INT32, 1, {1}, bi),
                       T(NNX_INT8, 1, {1}, &izp), T(NNX_INT8, 1, {1}, &wzp)};
    static const int32_t wo[4] = {104, 98, 108, 96}; /* [n,y,x,oc]: (2*2, 2*-1), (4*2, 4*-1) */
    check(NNX_TOSA_CONV2D, &(nnx_tosa_attrs){.stride = {1, 1}, .dilation = {1, 1}}, ii, 5, wo, sizeof wo);
}

static void test_conv3d(void **state)
{
    (void)state;
    static const float x[8] = {1, 2, 3, 4, 5, 6, 7, 8}, w[8] = {1, 1, 1, 1, 1, 1, 1, 1}, b[1] = {0};
    const tin in[3] = {F32(5, {1, 2, 2, 2, 1}, x), F32(5, {1, 2, 2, 2, 1}, w), F32(1, {1}, b)};
    static const float want[1] = {36};
    check(NNX_TOSA_CONV3D, &(nnx_tosa_attrs){.stride = {1, 1, 1}, .dilation = {1, 1, 1}}, in, 3, want, sizeof want);
}

static void test_depthwise_conv2d(void **state)
{
    (void)state;
    /* C = 2, M = 1: each channel summed over the 2x2 window with weight [KH,KW,C,M] = 1 / 2 */
    static const float x[8] = {1, 10, 2, 20, 3, 30, 4, 40}, w[8] = {1, 2, 1, 2, 1, 2, 1, 2}, b[2] = {0, 1};
    const tin in[3] = {F32(4, {1, 2, 2, 2}, x), F32(4, {2, 2, 2, 1}, w), F32(1, {2}, b)};
    static const float want[2] = {10, 201};
    check(NNX_TOSA_DEPTHWISE_CONV2D, &(nnx_tosa_attrs){.stride = {1, 1}, .dilation = {1, 1}}, in, 3, want, sizeof want);
}

static void test_transpose_conv2d(void **state)
{
    (void)state;
    /* no flip: out[oy, ox] = in * w[oy, ox] */
    static const float x[1] = {2}, w[4] = {1, 2, 3, 4}, b[1] = {0};
    const tin in[3] = {F32(4, {1, 1, 1, 1}, x), F32(4, {1, 2, 2, 1}, w), F32(1, {1}, b)};
    static const float want[4] = {2, 4, 6, 8};
    check(NNX_TOSA_TRANSPOSE_CONV2D, &(nnx_tosa_attrs){.stride = {1, 1}}, in, 3, want, sizeof want);
    /* out_pad -1 at the top crops the first row */
    static const float crop[2] = {6, 8};
    check(NNX_TOSA_TRANSPOSE_CONV2D, &(nnx_tosa_attrs){.stride = {1, 1}, .out_pad = {-1, 0, 0, 0}}, in, 3, crop,
          sizeof crop);
}

static void test_matmul(void **state)
{
    (void)state;
    static const float a[4] = {1, 2, 3, 4}, b[4] = {5, 6, 7, 8};
    const tin in[2] = {F32(3, {1, 2, 2}, a), F32(3, {1, 2, 2}, b)};
    static const float want[4] = {19, 22, 43, 50};
    check(NNX_TOSA_MATMUL, NULL, in, 2, want, sizeof want);
    static const int8_t ai[4] = {2, 3, 4, 5}, bi[4] = {5, 6, 7, 8}, azp = 1, bzp = 0;
    const tin ii[4] = {T(NNX_INT8, 3, {1, 2, 2}, ai), T(NNX_INT8, 3, {1, 2, 2}, bi), T(NNX_INT8, 1, {1}, &azp),
                       T(NNX_INT8, 1, {1}, &bzp)};
    static const int32_t wi[4] = {19, 22, 43, 50};
    check(NNX_TOSA_MATMUL, NULL, ii, 4, wi, sizeof wi);
}

static void test_max_pool2d(void **state)
{
    (void)state;
    static const float x[4] = {1, 5, 3, NAN};
    const tin in[1] = {F32(4, {1, 2, 2, 1}, x)};
    static const float prop[1] = {NAN}, ign[1] = {5};
    check_f32(NNX_TOSA_MAX_POOL2D, &(nnx_tosa_attrs){.kernel = {2, 2}, .stride = {1, 1}}, in, 1, prop, 1, 0);
    check_f32(NNX_TOSA_MAX_POOL2D,
              &(nnx_tosa_attrs){.kernel = {2, 2}, .stride = {1, 1}, .nan_mode = NNX_TOSA_NAN_IGNORE}, in, 1, ign, 1, 0);
}

static void test_resize(void **state)
{
    (void)state;
    /* IW = 2 -> OW = ((2 - 1) * 2 - 0 + 1) / 1 + 1 = 4; x = ox, ix = x / 2, rx = x % 2 */
    static const float x[2] = {1, 2};
    static const int64_t sc[4] = {1, 1, 2, 1}, off[2] = {0, 0}, bd[2] = {0, 1};
    const tin in[4] = {
        F32(4, {1, 1, 2, 1}, x), {NNX_INT64, 1, {4}, sc}, {NNX_INT64, 1, {2}, off}, {NNX_INT64, 1, {2}, bd}};
    static const float nearest[4] = {1, 2, 2, 2}, bilinear[4] = {1, 1.5f, 2, 2};
    check(NNX_TOSA_RESIZE, NULL, in, 4, nearest, sizeof nearest);
    check(NNX_TOSA_RESIZE, &(nnx_tosa_attrs){.mode = NNX_TOSA_MODE_BILINEAR}, in, 4, bilinear, sizeof bilinear);
    /* int8 bilinear -> int32 scaled by scale_y_n * scale_x_n = 2: {2, 3, 4, 4} */
    static const int8_t xi[2] = {1, 2};
    const tin ii[4] = {
        T(NNX_INT8, 4, {1, 1, 2, 1}, xi), {NNX_INT64, 1, {4}, sc}, {NNX_INT64, 1, {2}, off}, {NNX_INT64, 1, {2}, bd}};
    static const int32_t wi[4] = {2, 3, 4, 4};
    check(NNX_TOSA_RESIZE, &(nnx_tosa_attrs){.mode = NNX_TOSA_MODE_BILINEAR}, ii, 4, wi, sizeof wi);
}

/* ---------------------------------------------------------------- element-wise */

static void test_clamp(void **state)
{
    (void)state;
    static const float x[4] = {-2, 0.5f, 3, NAN};
    const tin in[1] = {F32(1, {4}, x)};
    static const float prop[4] = {-1, 0.5f, 1, NAN}, ign[4] = {-1, 0.5f, 1, -1};
    nnx_tosa_attrs a = {.min_val = nnx_f64(-1), .max_val = nnx_f64(1)};
    check_f32(NNX_TOSA_CLAMP, &a, in, 1, prop, 4, 0);
    a.nan_mode = NNX_TOSA_NAN_IGNORE;
    check_f32(NNX_TOSA_CLAMP, &a, in, 1, ign, 4, 0);
    static const int8_t xi[3] = {-100, 5, 100}, wi[3] = {-10, 5, 10};
    const tin ii[1] = {T(NNX_INT8, 1, {3}, xi)};
    check(NNX_TOSA_CLAMP, &(nnx_tosa_attrs){.min_val = nnx_i64(-10), .max_val = nnx_i64(10)}, ii, 1, wi, 3);
}

static void test_float_unary(void **state)
{
    (void)state;
    static const float x[4] = {0, 1, -1.5f, 4};
    const tin in[1] = {F32(1, {4}, x)};
    const struct {
        nnx_tosa_op op;
        float want[4];
        double tol;
    } cases[] = {
        {NNX_TOSA_ERF, {0, 0.84270079f, -0.96610515f, 1}, 1e-6},
        {NNX_TOSA_SIGMOID, {0.5f, 0.73105858f, 0.18242552f, 0.98201379f}, 1e-6},
        {NNX_TOSA_TANH, {0, 0.76159416f, -0.90514825f, 0.99932930f}, 1e-6},
        {NNX_TOSA_ABS, {0, 1, 1.5f, 4}, 0},
        {NNX_TOSA_CEIL, {0, 1, -1, 4}, 0},
        {NNX_TOSA_FLOOR, {0, 1, -2, 4}, 0},
        {NNX_TOSA_COS, {1, 0.54030231f, 0.07073720f, -0.65364362f}, 1e-6},
        {NNX_TOSA_SIN, {0, 0.84147098f, -0.99749499f, -0.7568025f}, 1e-6},
        {NNX_TOSA_EXP, {1, 2.71828183f, 0.22313016f, 54.59815f}, 1e-5},
        {NNX_TOSA_LOG, {-INFINITY, 0, NAN, 1.38629436f}, 1e-6},
        {NNX_TOSA_RECIPROCAL, {INFINITY, 1, -0.6666667f, 0.25f}, 1e-7},
        {NNX_TOSA_RSQRT, {INFINITY, 1, NAN, 0.5f}, 0},
        {NNX_TOSA_NEGATE, {-0.0f, -1, 1.5f, -4}, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
        check_f32(cases[i].op, NULL, in, 1, cases[i].want, 4, cases[i].tol);
}

static void test_int_unary(void **state)
{
    (void)state;
    static const int32_t x[3] = {-3, 0, 1};
    const tin in[1] = {T(NNX_INT32, 1, {3}, x)};
    static const int32_t abs_w[3] = {3, 0, 1}, clz_w[3] = {0, 32, 31}, not_w[3] = {2, -1, -2}, neg_w[3] = {3, 0, -1};
    check(NNX_TOSA_ABS, NULL, in, 1, abs_w, sizeof abs_w);
    check(NNX_TOSA_CLZ, NULL, in, 1, clz_w, sizeof clz_w);
    check(NNX_TOSA_BITWISE_NOT, NULL, in, 1, not_w, sizeof not_w);
    check(NNX_TOSA_NEGATE, NULL, in, 1, neg_w, sizeof neg_w);
    /* NEGATE int8 with zero points: -(10 - 5) + (-3) = -8, clipped: -(-128 - 5) - 3 = 130 -> 127;
     * int16 saturates: -(-32768) -> 32767 */
    static const int8_t xi[2] = {10, -128}, izp = 5, ozp = -3, wi[2] = {-8, 127};
    const tin ii[3] = {T(NNX_INT8, 1, {2}, xi), T(NNX_INT8, 1, {1}, &izp), T(NNX_INT8, 1, {1}, &ozp)};
    check(NNX_TOSA_NEGATE, NULL, ii, 3, wi, 2);
    static const int16_t x16 = -32768, w16 = 32767;
    const tin i16[1] = {T(NNX_INT16, 1, {1}, &x16)};
    check(NNX_TOSA_NEGATE, NULL, i16, 1, &w16, 2);
    static const bool b[2] = {true, false}, nb[2] = {false, true};
    const tin bi[1] = {T(NNX_BOOL, 1, {2}, b)};
    check(NNX_TOSA_LOGICAL_NOT, NULL, bi, 1, nb, 2);
}

static void test_int_binary(void **state)
{
    (void)state;
    static const int32_t a[2] = {7, -7}, b1[1] = {2};
    const tin ab[2] = {T(NNX_INT32, 1, {2}, a), T(NNX_INT32, 1, {1}, b1)};
    static const int32_t add_w[2] = {9, -5}, sub_w[2] = {5, -9}, div_w[2] = {3, -3}, max_w[2] = {7, 2},
                         min_w[2] = {2, -7};
    check(NNX_TOSA_ADD, NULL, ab, 2, add_w, sizeof add_w);
    check(NNX_TOSA_SUB, NULL, ab, 2, sub_w, sizeof sub_w);
    check(NNX_TOSA_INTDIV, NULL, ab, 2, div_w, sizeof div_w); /* truncation toward zero */
    check(NNX_TOSA_MAXIMUM, NULL, ab, 2, max_w, sizeof max_w);
    check(NNX_TOSA_MINIMUM, NULL, ab, 2, min_w, sizeof min_w);
    /* ARITHMETIC_RIGHT_SHIFT by 1 with round: 7 >> 1 = 3 (+1 = 4), -7 >> 1 = -4 (+1 = -3) */
    static const int32_t one[1] = {1}, ars[2] = {4, -3}, ars_nr[2] = {3, -4};
    const tin as[2] = {T(NNX_INT32, 1, {2}, a), T(NNX_INT32, 1, {1}, one)};
    check(NNX_TOSA_ARITHMETIC_RIGHT_SHIFT, &(nnx_tosa_attrs){.round = true}, as, 2, ars, sizeof ars);
    check(NNX_TOSA_ARITHMETIC_RIGHT_SHIFT, NULL, as, 2, ars_nr, sizeof ars_nr);
    /* int8 shifts within the width: 0x40 << 1 = 0x80 = -128; 0xFF >>> 1 = 0x7F */
    static const int8_t s8[2] = {0x40, -1}, one8[1] = {1}, lls[2] = {-128, -2}, lrs[2] = {0x20, 0x7F};
    const tin ss[2] = {T(NNX_INT8, 1, {2}, s8), T(NNX_INT8, 1, {1}, one8)};
    check(NNX_TOSA_LOGICAL_LEFT_SHIFT, NULL, ss, 2, lls, 2);
    check(NNX_TOSA_LOGICAL_RIGHT_SHIFT, NULL, ss, 2, lrs, 2);
    static const int16_t p[2] = {0x0F0F, -1}, q[2] = {0x00FF, 0x1234}, and_w[2] = {0x000F, 0x1234},
                         or_w[2] = {0x0FFF, -1}, xor_w[2] = {0x0FF0, (int16_t)0xEDCB};
    const tin pq[2] = {T(NNX_INT16, 1, {2}, p), T(NNX_INT16, 1, {2}, q)};
    check(NNX_TOSA_BITWISE_AND, NULL, pq, 2, and_w, 4);
    check(NNX_TOSA_BITWISE_OR, NULL, pq, 2, or_w, 4);
    check(NNX_TOSA_BITWISE_XOR, NULL, pq, 2, xor_w, 4);
    static const bool bt[4] = {0, 0, 1, 1}, bu[4] = {0, 1, 0, 1}, band[4] = {0, 0, 0, 1}, bor[4] = {0, 1, 1, 1},
                      bxor[4] = {0, 1, 1, 0};
    const tin bb[2] = {T(NNX_BOOL, 1, {4}, bt), T(NNX_BOOL, 1, {4}, bu)};
    check(NNX_TOSA_LOGICAL_AND, NULL, bb, 2, band, 4);
    check(NNX_TOSA_LOGICAL_OR, NULL, bb, 2, bor, 4);
    check(NNX_TOSA_LOGICAL_XOR, NULL, bb, 2, bxor, 4);
}

static void test_float_binary(void **state)
{
    (void)state;
    static const float a[3] = {1, NAN, 2}, b[3] = {2, 3, 2};
    const tin ab[2] = {F32(1, {3}, a), F32(1, {3}, b)};
    static const float maxp[3] = {2, NAN, 2}, maxi[3] = {2, 3, 2}, minp[3] = {1, NAN, 2}, add[3] = {3, NAN, 4};
    check_f32(NNX_TOSA_MAXIMUM, NULL, ab, 2, maxp, 3, 0);
    check_f32(NNX_TOSA_MAXIMUM, &(nnx_tosa_attrs){.nan_mode = NNX_TOSA_NAN_IGNORE}, ab, 2, maxi, 3, 0);
    check_f32(NNX_TOSA_MINIMUM, NULL, ab, 2, minp, 3, 0);
    check_f32(NNX_TOSA_ADD, NULL, ab, 2, add, 3, 0);
    static const bool eq[3] = {0, 0, 1}, gt[3] = {0, 0, 0}, ge[3] = {0, 0, 1}; /* NaN compares false */
    check(NNX_TOSA_EQUAL, NULL, ab, 2, eq, 3);
    check(NNX_TOSA_GREATER, NULL, ab, 2, gt, 3);
    check(NNX_TOSA_GREATER_EQUAL, NULL, ab, 2, ge, 3);
    static const float pb[1] = {2}, pe[1] = {10}, pw[1] = {1024}, sw[1] = {-8};
    const tin pp[2] = {F32(1, {1}, pb), F32(1, {1}, pe)};
    check_f32(NNX_TOSA_POW, NULL, pp, 2, pw, 1, 0);
    check_f32(NNX_TOSA_SUB, NULL, pp, 2, sw, 1, 0);
}

static void test_mul(void **state)
{
    (void)state;
    /* i32 with shift 1: (3 * 5 + 1) >> 1 = 8; (-3 * 5 + 1) >> 1 = -7 */
    static const int32_t a[2] = {3, -3}, b[1] = {5}, w[2] = {8, -7};
    static const int8_t shift = 1;
    const tin in[3] = {T(NNX_INT32, 1, {2}, a), T(NNX_INT32, 1, {1}, b), T(NNX_INT8, 1, {1}, &shift)};
    check(NNX_TOSA_MUL, NULL, in, 3, w, sizeof w);
    /* int8 x int8 -> int32 exactly */
    static const int8_t p[2] = {100, -128}, q[2] = {100, -128};
    static const int32_t pq[2] = {10000, 16384};
    const tin ii[2] = {T(NNX_INT8, 1, {2}, p), T(NNX_INT8, 1, {2}, q)};
    check(NNX_TOSA_MUL, NULL, ii, 2, pq, sizeof pq);
    static const float f[2] = {1.5f, -2}, g[2] = {2, 3}, fg[2] = {3, -6};
    const tin ff[2] = {F32(1, {2}, f), F32(1, {2}, g)};
    check(NNX_TOSA_MUL, NULL, ff, 2, fg, sizeof fg);
}

static void test_table(void **state)
{
    (void)state;
    /* int8: table[i] = 127 - i; x = -128 -> table[0] = 127, x = 0 -> table[128] = -1 */
    int8_t t8[256];
    for (int i = 0; i < 256; i++)
        t8[i] = (int8_t)(127 - i);
    static const int8_t x8[3] = {-128, 0, 127}, w8[3] = {127, -1, -128};
    const tin in[2] = {T(NNX_INT8, 1, {3}, x8), T(NNX_INT8, 1, {256}, t8)};
    check(NNX_TOSA_TABLE, NULL, in, 2, w8, 3);
    /* int16 with table[i] = i - 256: the interpolated 16.7 lookup returns the input (TOSA 1.0
     * §2.5.17 TABLE) */
    int16_t t16[513];
    for (int i = 0; i < 513; i++)
        t16[i] = (int16_t)(i - 256);
    static const int16_t x16[4] = {-32768, -1, 1000, 32767};
    static const int32_t w16[4] = {-32768, -1, 1000, 32767};
    const tin i16[2] = {T(NNX_INT16, 1, {4}, x16), T(NNX_INT16, 1, {513}, t16)};
    check(NNX_TOSA_TABLE, NULL, i16, 2, w16, sizeof w16);
}

static void test_select(void **state)
{
    (void)state;
    static const bool c[2] = {true, false};
    static const int16_t a[2] = {1, 2}, b[1] = {9}, w[2] = {1, 9};
    const tin in[3] = {T(NNX_BOOL, 1, {2}, c), T(NNX_INT16, 1, {2}, a), T(NNX_INT16, 1, {1}, b)};
    check(NNX_TOSA_SELECT, NULL, in, 3, w, sizeof w);
}

static void test_cast(void **state)
{
    (void)state;
    /* float -> int: round to nearest, ties to even, then saturate */
    static const float x[5] = {1.5f, 2.5f, -300, 127.5f, -0.5f};
    static const int8_t w[5] = {2, 2, -128, 127, 0};
    const tin in[1] = {F32(1, {5}, x)};
    check(NNX_TOSA_CAST, &(nnx_tosa_attrs){.out_type = NNX_INT8}, in, 1, w, 5);
    /* int -> int narrowing wraps: 0x180 -> 0x80 */
    static const int32_t xi[2] = {0x180, -1};
    static const int8_t wi[2] = {-128, -1};
    const tin ii[1] = {T(NNX_INT32, 1, {2}, xi)};
    check(NNX_TOSA_CAST, &(nnx_tosa_attrs){.out_type = NNX_INT8}, ii, 1, wi, 2);
    static const bool wb[2] = {true, true};
    check(NNX_TOSA_CAST, &(nnx_tosa_attrs){.out_type = NNX_BOOL}, ii, 1, wb, 2);
}

static void test_rescale(void **state)
{
    (void)state;
    /* scale 0.5 = multiplier 2^30, shift 31; (100 * 2^30 + 2^30) >> 31 = 50, -100 -> -50
     * (round half up: -49.5 -> -50 is floor(-49.5 + ...) = floor(-99/2) = -50) */
    static const int32_t x[3] = {100, -100, 1000}, mul = 1 << 30, zin = 0;
    static const int8_t shift = 31, zout = 3, w[3] = {53, -47, 127};
    const tin in[5] = {T(NNX_INT32, 1, {3}, x), T(NNX_INT32, 1, {1}, &mul), T(NNX_INT8, 1, {1}, &shift),
                       T(NNX_INT32, 1, {1}, &zin), T(NNX_INT8, 1, {1}, &zout)};
    check(NNX_TOSA_RESCALE, &(nnx_tosa_attrs){.out_type = NNX_INT8, .scale32 = true}, in, 5, w, 3);
    /* uint8 input (bit pattern 200) with zero point 128 -> int8: 200 - 128 = 72 (unity scale) */
    static const int8_t xu[1] = {(int8_t)200}, zu = (int8_t)128, z0 = 0, one_shift = 30, w72[1] = {72};
    const tin iu[5] = {T(NNX_INT8, 1, {1}, xu), T(NNX_INT32, 1, {1}, &mul), T(NNX_INT8, 1, {1}, &one_shift),
                       T(NNX_INT8, 1, {1}, &zu), T(NNX_INT8, 1, {1}, &z0)};
    check(NNX_TOSA_RESCALE, &(nnx_tosa_attrs){.out_type = NNX_INT8, .scale32 = true, .input_unsigned = true}, iu, 5,
          w72, 1);
}

/* ---------------------------------------------------------------- reductions, layout */

static void test_reductions(void **state)
{
    (void)state;
    static const float x[4] = {1, 2, 3, 4};
    const tin in[1] = {F32(2, {2, 2}, x)};
    static const float sum0[2] = {4, 6}, sum1[2] = {3, 7}, prod[2] = {3, 8}, mx[2] = {3, 4}, mn[2] = {1, 2};
    check(NNX_TOSA_REDUCE_SUM, &(nnx_tosa_attrs){.axis = 0}, in, 1, sum0, sizeof sum0);
    check(NNX_TOSA_REDUCE_SUM, &(nnx_tosa_attrs){.axis = 1}, in, 1, sum1,
          sizeof sum1); /* axis 1 keeps dim 0 (§10 #2) */
    check(NNX_TOSA_REDUCE_PRODUCT, NULL, in, 1, prod, sizeof prod);
    check(NNX_TOSA_REDUCE_MAX, NULL, in, 1, mx, sizeof mx);
    check(NNX_TOSA_REDUCE_MIN, NULL, in, 1, mn, sizeof mn);
    static const bool b[4] = {1, 0, 1, 1}, all[2] = {1, 0}, any[2] = {1, 1};
    const tin bi[1] = {T(NNX_BOOL, 2, {2, 2}, b)};
    check(NNX_TOSA_REDUCE_ALL, NULL, bi, 1, all, 2);
    check(NNX_TOSA_REDUCE_ANY, NULL, bi, 1, any, 2);
    static const int8_t i8[4] = {-5, 7, 3, -9}, mx8[2] = {3, 7};
    const tin ii[1] = {T(NNX_INT8, 2, {2, 2}, i8)};
    check(NNX_TOSA_REDUCE_MAX, NULL, ii, 1, mx8, 2);
}

static void test_layout(void **state)
{
    (void)state;
    static const int32_t x[6] = {1, 2, 3, 4, 5, 6}, y[2] = {7, 8};
    const tin cc[2] = {T(NNX_INT32, 2, {2, 3}, x), T(NNX_INT32, 2, {2, 1}, y)};
    static const int32_t cat[8] = {1, 2, 3, 7, 4, 5, 6, 8};
    check(NNX_TOSA_CONCAT, &(nnx_tosa_attrs){.axis = 1}, cc, 2, cat, sizeof cat);
    static const int64_t pad_v[4] = {1, 0, 0, 1};
    static const int32_t pad_c = -1, padded[12] = {-1, -1, -1, -1, 1, 2, 3, -1, 4, 5, 6, -1};
    const tin pd[3] = {T(NNX_INT32, 2, {2, 3}, x), {NNX_INT64, 1, {4}, pad_v}, T(NNX_INT32, 1, {1}, &pad_c)};
    check(NNX_TOSA_PAD, NULL, pd, 3, padded, sizeof padded);
    static const int64_t shape3[2] = {3, 2};
    const tin rs[2] = {T(NNX_INT32, 2, {2, 3}, x), {NNX_INT64, 1, {2}, shape3}};
    check(NNX_TOSA_RESHAPE, NULL, rs, 2, x, sizeof x);
    static const int32_t rev[6] = {3, 2, 1, 6, 5, 4};
    const tin rv[1] = {T(NNX_INT32, 2, {2, 3}, x)};
    check(NNX_TOSA_REVERSE, &(nnx_tosa_attrs){.axis = 1}, rv, 1, rev, sizeof rev);
    static const int64_t st[2] = {1, 1}, sz[2] = {1, 2};
    static const int32_t sl[2] = {5, 6};
    const tin si[3] = {T(NNX_INT32, 2, {2, 3}, x), {NNX_INT64, 1, {2}, st}, {NNX_INT64, 1, {2}, sz}};
    check(NNX_TOSA_SLICE, NULL, si, 3, sl, sizeof sl);
    static const int64_t mul[2] = {1, 2};
    static const int32_t tl[12] = {1, 2, 3, 1, 2, 3, 4, 5, 6, 4, 5, 6};
    const tin ti[2] = {T(NNX_INT32, 2, {2, 3}, x), {NNX_INT64, 1, {2}, mul}};
    check(NNX_TOSA_TILE, NULL, ti, 2, tl, sizeof tl);
    static const int32_t perms[2] = {1, 0}, tr[6] = {1, 4, 2, 5, 3, 6};
    check(NNX_TOSA_TRANSPOSE, &(nnx_tosa_attrs){.perms = perms, .perms_count = 2}, rv, 1, tr, sizeof tr);
    check(NNX_TOSA_IDENTITY, NULL, rv, 1, x, sizeof x);
}

static void test_gather_scatter(void **state)
{
    (void)state;
    static const float v[6] = {1, 2, 3, 4, 5, 6}, g[4] = {5, 6, 1, 2};
    static const int32_t idx[2] = {2, 0};
    const tin gi[2] = {F32(3, {1, 3, 2}, v), T(NNX_INT32, 2, {1, 2}, idx)};
    check(NNX_TOSA_GATHER, NULL, gi, 2, g, sizeof g);
    static const int8_t vin[3] = {0, 0, 0}, upd[2] = {7, 8}, out[3] = {8, 0, 7};
    const tin si[3] = {T(NNX_INT8, 3, {1, 3, 1}, vin), T(NNX_INT32, 2, {1, 2}, idx), T(NNX_INT8, 3, {1, 2, 1}, upd)};
    check(NNX_TOSA_SCATTER, NULL, si, 3, out, 3);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_argmax),
        cmocka_unit_test(test_avg_pool2d),
        cmocka_unit_test(test_conv2d),
        cmocka_unit_test(test_conv3d),
        cmocka_unit_test(test_depthwise_conv2d),
        cmocka_unit_test(test_transpose_conv2d),
        cmocka_unit_test(test_matmul),
        cmocka_unit_test(test_max_pool2d),
        cmocka_unit_test(test_resize),
        cmocka_unit_test(test_clamp),
        cmocka_unit_test(test_float_unary),
        cmocka_unit_test(test_int_unary),
        cmocka_unit_test(test_int_binary),
        cmocka_unit_test(test_float_binary),
        cmocka_unit_test(test_mul),
        cmocka_unit_test(test_table),
        cmocka_unit_test(test_select),
        cmocka_unit_test(test_cast),
        cmocka_unit_test(test_rescale),
        cmocka_unit_test(test_reductions),
        cmocka_unit_test(test_layout),
        cmocka_unit_test(test_gather_scatter),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
