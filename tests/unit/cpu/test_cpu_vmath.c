/* test_cpu_vmath.c — cpu/vmath.h's exp, sigmoid and tanh at every level this CPU runs against
 * a double oracle rounded once: distance in float steps (one step is one ULP, or 2^-149 among
 * subnormals) at most NNX_V*_ULP over the special values, thresholds +-1 ULP, every 4096th
 * bit pattern and random inputs in [-110, 110]; every length 0..67 at every alignment; the
 * softmax pieces; the softmax kernel within NNX_VSOFTMAX_ULP of a double softmax. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "base/alloc.h"
#include "base/pool.h"
#include "cpu/kernels.h"
#include "cpu/vmath.h"
#include "ops/graph_build.h"
#include "runtime/select.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng = 0x2545F4914F6CDD1Du;
static uint64_t next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

static float from_bits(uint32_t b)
{
    float f;
    memcpy(&f, &b, sizeof f);
    return f;
}

static uint32_t to_bits(float f)
{
    uint32_t b;
    memcpy(&b, &f, sizeof b);
    return b;
}

/* Floats in order as integers (-0 and +0 both 0), so the distance counts representable
 * steps: ULPs, or multiples of the smallest subnormal below FLT_MIN. */
static int64_t ordinal(float f)
{
    uint32_t b = to_bits(f);
    return b >> 31 ? -(int64_t)(b & 0x7fffffffu) : (int64_t)b;
}

static double oracle(nnx_vfunc f, float x)
{
    double d = x;
    return f == NNX_VEXP ? exp(d) : f == NNX_VSIGMOID ? 1.0 / (1.0 + exp(-d)) : tanh(d);
}

static const char *const names[] = {"exp", "sigmoid", "tanh"};
static const int64_t bounds[] = {NNX_VEXP_ULP, NNX_VSIGMOID_ULP, NNX_VTANH_ULP};

/* Largest distance seen per level and function (reported, and checked against bounds). */
static int64_t worst[3][3];

static int64_t distance(float got, float want)
{
    if (isnan(want) || isnan(got))
        return isnan(want) && isnan(got) ? 0 : INT64_MAX;
    int64_t d = ordinal(got) - ordinal(want);
    return d < 0 ? -d : d;
}

/* f over x[0 .. n) at level, each result within bound of the oracle. */
static void sweep(nnx_cpu_level level, nnx_vfunc f, const float *x, size_t n)
{
    float *y = malloc(n * sizeof *y);
    assert_non_null(y);
    nnx_vmath(level, f, x, y, n);
    for (size_t i = 0; i < n; i++) {
        int64_t d = distance(y[i], (float)oracle(f, x[i]));
        if (d > worst[level][f])
            worst[level][f] = d;
        if (d > bounds[f])
            fail_msg("%s at %s: x = %a gives %a, want %a (%lld steps)", names[f], nnx_cpu_level_name(level), x[i], y[i],
                     (float)oracle(f, x[i]), (long long)d);
    }
    free(y);
}

static void each_level(void (*fn)(nnx_cpu_level))
{
    for (nnx_cpu_level l = NNX_CPU_GENERIC; l <= nnx_cpu_level_get(); l++)
        fn(l);
}

/* Thresholds: exp's last finite result, its first subnormal and its last non-zero result;
 * tanh's switch to the exp formula and its saturation; sigmoid's last result below 1. */
static const float thresholds[] = {88.72283172607421875f,
                                   -87.33654022216796875f,
                                   -103.972076416015625f,
                                   -103.27892303466796875f,
                                   0.5625f,
                                   9.010913848876953125f,
                                   16.635532379150390625f,
                                   0.34657359f,
                                   -0.34657359f,
                                   1e-5f,
                                   -1e-5f,
                                   1.0f,
                                   -1.0f,
                                   20.0f,
                                   -20.0f};

static void specials_at(nnx_cpu_level level)
{
    float x[256];
    size_t n = 0;
    const uint32_t bits[] = {0x00000000u, 0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0xffc00000u,
                             0x7f800001u, 0xff812345u, 0x00000001u, 0x80000001u, 0x007fffffu, 0x807fffffu,
                             0x00800000u, 0x80800000u, 0x7f7fffffu, 0xff7fffffu, 0x3f800000u, 0xbf800000u};
    for (size_t i = 0; i < sizeof bits / sizeof *bits; i++)
        x[n++] = from_bits(bits[i]);
    for (size_t i = 0; i < sizeof thresholds / sizeof *thresholds; i++)
        for (int s = -1; s <= 1; s += 2)
            for (int d = -2; d <= 2; d++)
                x[n++] = s * from_bits(to_bits(thresholds[i]) + (uint32_t)d);
    for (nnx_vfunc f = NNX_VEXP; f <= NNX_VTANH; f++)
        sweep(level, f, x, n);
    /* the exact special results, zero signs included */
    const float in[] = {0.0f, -0.0f, INFINITY, -INFINITY, 1e-30f, -1e-30f, 200.0f, -200.0f};
    float y[8];
    nnx_vmath(level, NNX_VEXP, in, y, 8);
    const float exp_want[] = {1.0f, 1.0f, INFINITY, 0.0f, 1.0f, 1.0f, INFINITY, 0.0f};
    assert_memory_equal(y, exp_want, sizeof y);
    nnx_vmath(level, NNX_VSIGMOID, in, y, 8);
    const float sig_want[] = {0.5f, 0.5f, 1.0f, 0.0f, 0.5f, 0.5f, 1.0f, 0.0f};
    assert_memory_equal(y, sig_want, sizeof y);
    nnx_vmath(level, NNX_VTANH, in, y, 8);
    const float tanh_want[] = {0.0f, -0.0f, 1.0f, -1.0f, 1e-30f, -1e-30f, 1.0f, -1.0f};
    assert_memory_equal(y, tanh_want, sizeof y);
    for (nnx_vfunc f = NNX_VEXP; f <= NNX_VTANH; f++) { /* NaN in, quiet NaN out */
        float nan_in[2] = {from_bits(0x7f800001u), from_bits(0xffc00000u)}, nan_out[2];
        nnx_vmath(level, f, nan_in, nan_out, 2);
        assert_true(isnan(nan_out[0]) && (to_bits(nan_out[0]) & 0x00400000u));
        assert_true(isnan(nan_out[1]));
    }
    /* sigmoid(-100) = e^-100 / (1 + e^-100), a subnormal */
    float m100 = -100.0f, s;
    nnx_vmath(level, NNX_VSIGMOID, &m100, &s, 1);
    assert_true(s > 0 && s < FLT_MIN);
}

/* Every 4096th bit pattern (a different offset per function), and random values. */
static void dense_at(nnx_cpu_level level)
{
    size_t n = (size_t)1 << 20;
    float *x = malloc(n * sizeof *x);
    assert_non_null(x);
    for (nnx_vfunc f = NNX_VEXP; f <= NNX_VTANH; f++) {
        for (size_t i = 0; i < n; i++)
            x[i] = from_bits((uint32_t)(i << 12) + 1234u * (uint32_t)f + 7u);
        sweep(level, f, x, n);
        for (size_t i = 0; i < n; i++)
            x[i] = (float)((double)(next() >> 11) * 0x1p-53 * 220.0 - 110.0);
        sweep(level, f, x, n);
        for (size_t i = 0; i < n; i++) /* near 0, where tanh and sigmoid switch formulas */
            x[i] = (float)((double)(next() >> 11) * 0x1p-53 * 4.0 - 2.0);
        sweep(level, f, x, n);
    }
    free(x);
}

/* Lengths 0..67 at offsets 0..15 floats from a 64-byte boundary, in and out of place: every
 * result equals the element's result in a long call (tails run the same code), and nothing
 * outside [0, n) is written. */
static void tails_at(nnx_cpu_level level)
{
    enum { MAXN = 67, PAD = 16 };
    float *x = aligned_alloc(64, 128 * sizeof(float)), *y = aligned_alloc(64, 128 * sizeof(float));
    float want[128];
    assert_true(x && y);
    for (nnx_vfunc f = NNX_VEXP; f <= NNX_VTANH; f++) {
        float src[MAXN + PAD];
        for (size_t i = 0; i < MAXN + PAD; i++)
            src[i] = (float)((double)(next() >> 11) * 0x1p-53 * 40.0 - 20.0);
        src[3] = NAN;
        src[17] = -INFINITY;
        for (size_t off = 0; off < PAD; off++) {
            nnx_vmath(level, f, src + off, want, MAXN);
            for (size_t n = 0; n <= MAXN; n++) {
                for (size_t i = 0; i < 128; i++)
                    y[i] = 12345.0f;
                memcpy(x + off, src + off, MAXN * sizeof *x);
                nnx_vmath(level, f, x + off, y + off, n);
                for (size_t i = 0; i < 128; i++) {
                    float w = i >= off && i < off + n ? want[i - off] : 12345.0f;
                    if (memcmp(&y[i], &w, sizeof w) != 0)
                        fail_msg("%s at %s, n %zu offset %zu: element %zu", names[f], nnx_cpu_level_name(level), n, off,
                                 i);
                }
                nnx_vmath(level, f, x + off, x + off, n); /* in place */
                assert_memory_equal(x + off, y + off, n * sizeof *x);
            }
        }
    }
    free(x);
    free(y);
}

/* nnx_vmax, nnx_vexp_sum, nnx_vscale over lengths 1..67 at odd offsets. */
static void pieces_at(nnx_cpu_level level)
{
    float x[80], y[80], t0[80];
    for (size_t n = 1; n <= 67; n++)
        for (size_t off = 0; off < 5; off += 3) {
            float *v = x + off, *t = y + off;
            for (size_t i = 0; i < n; i++)
                v[i] = (float)((double)(next() >> 11) * 0x1p-53 * 60.0 - 50.0);
            v[n / 2] = -INFINITY;
            float max = -INFINITY;
            for (size_t i = 0; i < n; i++)
                max = v[i] > max ? v[i] : max;
            assert_true(nnx_vmax(level, v, n) == max);
            if (!isfinite(max))
                continue;
            double sum = nnx_vexp_sum(level, v, max, t, n), check = 0;
            for (size_t i = 0; i < n; i++) {
                double e = exp((double)v[i] - max);
                check += t[i];
                if (distance(t[i], (float)e) > NNX_VEXP_ULP)
                    fail_msg("exp_sum at %s: x - max = %a - %a gives %a, want %a", nnx_cpu_level_name(level), v[i], max,
                             t[i], (float)e);
            }
            assert_true(fabs(sum - check) <= 1e-14 * check);
            memcpy(t0, t, n * sizeof *t);
            nnx_vscale(level, t, 1.0 / sum, n);
            for (size_t i = 0; i < n; i++)
                assert_true(t[i] == (float)(t0[i] * (1.0 / sum)));
            for (size_t k = 0; k < n; k++) { /* a NaN anywhere makes the maximum NaN */
                float keep = v[k];
                v[k] = NAN;
                assert_true(isnan(nnx_vmax(level, v, n)));
                v[k] = keep;
            }
        }
    /* the difference is taken exactly: -40 - 1 ULP minus 40 + 2 ULP is -80 - 1.5 ULP(80),
     * whose rounding to float would be 32 ULP of the result */
    float lo = from_bits(to_bits(-40.0f) + 1), shift = from_bits(to_bits(40.0f) + 2), e;
    (void)nnx_vexp_sum(level, &lo, shift, &e, 1);
    assert_true(distance(e, (float)exp((double)lo - shift)) <= NNX_VEXP_ULP);
    float big[2] = {-FLT_MAX, FLT_MAX}, ye[2];
    double s = nnx_vexp_sum(level, big, FLT_MAX, ye, 2); /* the difference overflows to -inf: 0 */
    assert_true(ye[0] == 0.0f && ye[1] == 1.0f && s == 1.0);
}

static void test_specials(void **state)
{
    (void)state;
    each_level(specials_at);
}
static void test_dense(void **state)
{
    (void)state;
    each_level(dense_at);
}
static void test_tails(void **state)
{
    (void)state;
    each_level(tails_at);
}
static void test_pieces(void **state)
{
    (void)state;
    each_level(pieces_at);
}

/* ---- the softmax kernel (at nnx_cpu_level_get()) against softmax in double ---- */

static nnx_pool *pool; /* one worker: two threads */

static void softmax_case(const uint32_t *shape, uint32_t rank, uint32_t axis, double spread)
{
    nnx_alloc a;
    assert_true(nnx_alloc_init(&a, NULL));
    nnx_ir ir;
    nnx_ir_init(&ir, &a);
    nnx_error err = {0};
    nnx_operand_desc d = {NNX_FLOAT32, rank, {0}};
    memcpy(d.shape, shape, rank * sizeof *shape);
    uint32_t id, out;
    assert_int_equal(nnx_ir_add_input(&ir, "x", &d, &id, &err), NNX_OK);
    nnx_attrs attrs = {.axis = {axis}};
    assert_int_equal(nnx_ir_add_node(&ir, NNX_OP_SOFTMAX, &id, 1, &attrs, 1, "", &out, &err), NNX_OK);
    size_t sb, tb;
    nnx_fast_kernel fast = nnx_kernel_select(&ir, &ir.nodes[0], &sb, &tb);
    assert_non_null(fast);
    size_t n = 1, len = shape[axis], inner = 1;
    for (uint32_t i = 0; i < rank; i++)
        n *= shape[i];
    for (uint32_t i = axis + 1; i < rank; i++)
        inner *= shape[i];
    float *x = malloc(n * sizeof *x), *y1 = malloc(n * sizeof *x), *y2 = malloc(n * sizeof *x);
    assert_true(x && y1 && y2);
    for (size_t i = 0; i < n; i++)
        x[i] = (float)(((double)(next() >> 11) * 0x1p-53 - 0.5) * spread);
    size_t lines = n / len;
#define AT(l, k) x[(l) / inner * len * inner + (l) % inner + (k)*inner]
    /* line 0 holds a NaN, line 1 +inf, line 2 a -inf among finite values, line 3 only -inf */
    if (lines > 3) {
        AT(0, 0) = NAN;
        AT(1, len - 1) = INFINITY;
        AT(2, len / 2) = -INFINITY;
        for (size_t k = 0; k < len; k++)
            AT(3, k) = -INFINITY;
    }
#undef AT
    nnx_view in = {d, x}, o = {d, y1};
    nnx_kernel_env env = {0}; /* no scratch, no pool: the calling thread only */
    const nnx_op_args args = nnx_node_args(&ir.nodes[0]);
    assert_int_equal(fast(&args, &in, &o, &env), NNX_OK);
    env.pool = pool;
    o.data = y2;
    assert_int_equal(fast(&args, &in, &o, &env), NNX_OK);
    assert_memory_equal(y1, y2, n * sizeof *y1); /* thread count changes nothing */
    for (size_t l = 0; l < lines; l++) {
        size_t base = l / inner * len * inner + l % inner;
        double max = -INFINITY, sum = 0;
        for (size_t k = 0; k < len; k++) {
            double v = x[base + k * inner];
            max = (v > max || isnan(v)) && !isnan(max) ? v : max;
        }
        for (size_t k = 0; k < len; k++)
            sum += exp(x[base + k * inner] - max);
        for (size_t k = 0; k < len; k++) {
            float want = (float)(exp(x[base + k * inner] - max) / sum), got = y1[base + k * inner];
            if (distance(got, want) > NNX_VSOFTMAX_ULP)
                fail_msg("softmax [%u..] axis %u: line %zu element %zu: %a, want %a", shape[0], axis, l, k, got, want);
        }
    }
    free(x);
    free(y1);
    free(y2);
    nnx_ir_free(&ir);
}

static void test_softmax(void **state)
{
    (void)state;
    if (nnx_cpu_level_get() == NNX_CPU_REFERENCE)
        skip(); /* no fast kernels */
    const uint32_t s1[] = {4, 4, 8, 128}, s2[] = {5, 7, 9}, s3[] = {2, 1500, 3}, s4[] = {6, 3000}, s5[] = {37};
    softmax_case(s1, 4, 3, 20.0);  /* attention rows, contiguous */
    softmax_case(s1, 4, 2, 200.0); /* strided, wide range: subnormal terms */
    for (uint32_t axis = 0; axis < 3; axis++)
        softmax_case(s2, 3, axis, 10.0);
    softmax_case(s3, 3, 1, 30.0); /* strided lines longer than the gather buffer */
    softmax_case(s4, 2, 1, 30.0); /* long contiguous lines */
    softmax_case(s5, 1, 0, 1e-3); /* nearly equal terms */
}

int main(void)
{
    nnx_alloc a;
    if (!nnx_alloc_init(&a, NULL) || !(pool = nnx_pool_create(&a, 1)))
        return 1;
    printf("cpu level: %s\n", nnx_cpu_level_name(nnx_cpu_level_get()));
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_specials), cmocka_unit_test(test_dense),
                                       cmocka_unit_test(test_tails), cmocka_unit_test(test_pieces),
                                       cmocka_unit_test(test_softmax)};
    int failed = cmocka_run_group_tests(tests, NULL, NULL);
    fflush(stderr);
    for (nnx_cpu_level l = NNX_CPU_GENERIC; l <= nnx_cpu_level_get(); l++)
        printf("%s: largest distance exp %lld, sigmoid %lld, tanh %lld steps (bounds %d, %d, %d)\n",
               nnx_cpu_level_name(l), (long long)worst[l][0], (long long)worst[l][1], (long long)worst[l][2],
               NNX_VEXP_ULP, NNX_VSIGMOID_ULP, NNX_VTANH_ULP);
    nnx_pool_destroy(pool);
    return failed;
}
