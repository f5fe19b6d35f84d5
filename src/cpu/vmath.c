/* vmath.c — float32 exp, sigmoid, tanh and the softmax pieces of cpu/vmath.h, per CPU level:
 * AVX-512 F and AVX2 + FMA from one body over the SIMD layer (cpu/vmath_body.h), and
 * portable C loops the compiler may vectorise. Tails run the same vector code under a lane
 * mask, so an element's result never depends on where it sits. */
#include "cpu/vmath.h"

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

/* exp(x): x clamped to [X_MIN, X_MAX] (NaN passes), k = round(x / ln 2), r = x - k ln 2 by
 * Cody-Waite (ln 2 split in two, so k * hi is exact), e^r = 1 + r + r^2 P(r) with P a degree
 * 4 Chebyshev fit (0.2 ULP), then scaled by 2^k rounding once: scalef (AVX-512) or two
 * power-of-two multiplies (2^k1 * 2^k2, both normal: the first exact, the second rounding),
 * which gives correctly rounded subnormals, +0 below X_MIN's result and +inf past ln(FLT_MAX).
 * sigmoid(x) = 1 / (1 + e) for x >= 0 and e / (1 + e) for x < 0, e = exp(-|x|): no overflow,
 * and tiny results keep e's relative accuracy. tanh: |x| < TANH_SMALL an odd polynomial
 * (tanh(-0) = -0, tanh(x) = x for tiny x), else 1 - 2e / (1 + e) with e = exp(-2|x|) (the
 * result is above 0.5 there, so the subtraction loses nothing), with x's sign. */

/* exp's input range: beyond X_MAX the result overflows (ln(FLT_MAX) = 88.7228...), below
 * X_MIN it is below half the smallest subnormal (ln(2^-150) = -103.97...), so clamping
 * changes no result; the clamped k stays within [-150, 128]. */
#define X_MAX 89.0f
#define X_MIN -104.0f
#define LOG2E 0x1.715476p+0f
/* ln 2 = LN2_HI + LN2_LO: with FMA, the float nearest ln 2 and the rest (x - k * hi is exact
 * in one FMA); without, a 9-bit head so k * LN2_HI_CW is exact in a plain multiply. */
#define LN2_HI 0x1.62e43p-1f
#define LN2_LO -0x1.05c61p-29f
#define LN2_HI_CW 0x1.63p-1f
#define LN2_LO_CW -0x1.bd0106p-13f
/* e^r = 1 + r + r^2 (C2 + C3 r + C4 r^2 + C5 r^3 + C6 r^4) on |r| <= ln 2 / 2. */
#define C2 0.5f
#define C3 0x1.5554dcp-3f
#define C4 0x1.555518p-5f
#define C5 0x1.120c62p-7f
#define C6 0x1.6d11fep-10f
/* tanh(a) = a + a^3 (T0 + T1 u + T2 u^2 + T3 u^3 + T4 u^4), u = a^2, on a < TANH_SMALL
 * (0.1 ULP); from there on tanh(a) >= 0.5098. */
#define TANH_SMALL 0.5625f
#define T0 -0x1.555554p-2f
#define T1 0x1.110fb2p-3f
#define T2 -0x1.b98f68p-5f
#define T3 0x1.5c580ep-6f
#define T4 -0x1.ab68dep-8f
/* Adding and subtracting 1.5 * 2^23 rounds a float of magnitude below 2^22 to an integer,
 * whose value is then the difference of the sum's bits and the constant's. */
#define ROUND_MAGIC 0x1.8p23f

/* ---- portable C ---- */

static inline float from_bits(uint32_t b)
{
    float f;
    memcpy(&f, &b, sizeof f);
    return f;
}

static inline uint32_t to_bits(float f)
{
    uint32_t b;
    memcpy(&b, &f, sizeof b);
    return b;
}

/* m ? a : b for a mask m of all ones or zeros: integer selects, unlike float comparisons
 * (which may trap, so gcc keeps them as branches), let the loops below vectorise. */
static inline uint32_t select_bits(uint32_t m, uint32_t a, uint32_t b) { return (a & m) | (b & ~m); }
static inline uint32_t mask_of(uint32_t cond) { return 0u - cond; }

/* exp(x + c) for a correction c far below x's last place (0 for exp itself). x is clamped
 * to [X_MIN, X_MAX] on its bits (a NaN keeps its bits and gives a NaN through the
 * arithmetic); the integer steps are unsigned or in range for any bits. */
static inline float exp_c(float x, float c)
{
    uint32_t b = to_bits(x), mag = b & 0x7fffffffu, sign = b & 0x80000000u;
    uint32_t lim = select_bits(mask_of(sign >> 31), to_bits(-X_MIN), to_bits(X_MAX));
    uint32_t clamp = mask_of((uint32_t)(mag > lim) & (uint32_t)(mag <= 0x7f800000u));
    x = from_bits(select_bits(clamp, lim, mag) | sign);
    float t = x * LOG2E + ROUND_MAGIC;
    float kf = t - ROUND_MAGIC;
    int32_t k = (int32_t)(to_bits(t) - to_bits(ROUND_MAGIC));
    float r = x - kf * LN2_HI_CW;
    r = r - kf * LN2_LO_CW + c;
    float p = C6;
    p = p * r + C5;
    p = p * r + C4;
    p = p * r + C3;
    p = p * r + C2;
    p = 1.0f + (r + r * r * p);
    int32_t k1 = k >> 1, k2 = k - k1;
    return p * from_bits((uint32_t)(k1 + 127) << 23) * from_bits((uint32_t)(k2 + 127) << 23);
}

static inline float sigmoid_c(float x)
{
    uint32_t sign = to_bits(x) >> 31;
    float e = exp_c(from_bits(to_bits(x) | 0x80000000u), 0.0f); /* exp(-|x|) */
    return from_bits(select_bits(mask_of(sign), to_bits(e), to_bits(1.0f))) / (1.0f + e);
}

static inline float tanh_c(float x)
{
    uint32_t sign = to_bits(x) & 0x80000000u;
    float a = from_bits(to_bits(x) & 0x7fffffffu), u = a * a;
    float p = T4;
    p = p * u + T3;
    p = p * u + T2;
    p = p * u + T1;
    p = p * u + T0;
    float small = a + a * u * p;
    float e = exp_c(-2.0f * a, 0.0f);
    float big = 1.0f - (e + e) / (1.0f + e);
    uint32_t is_small = mask_of((uint32_t)(to_bits(a) < to_bits(TANH_SMALL))); /* NaN: not small */
    return from_bits(select_bits(is_small, to_bits(small), to_bits(big)) | sign);
}

static void run_c(nnx_vfunc f, const float *x, float *y, size_t n)
{
    switch (f) {
    case NNX_VEXP:
        for (size_t i = 0; i < n; i++)
            y[i] = exp_c(x[i], 0.0f);
        break;
    case NNX_VSIGMOID:
        for (size_t i = 0; i < n; i++)
            y[i] = sigmoid_c(x[i]);
        break;
    default:
        for (size_t i = 0; i < n; i++)
            y[i] = tanh_c(x[i]);
        break;
    }
}

/* d = x - s and its rounding error (Knuth's two-sum), the error only where d is within
 * exp's range (outside it, the result is 0 and the error term may be NaN). */
static inline float diff_c(float x, float s, float *err)
{
    float d = x - s, bb = d - x;
    float e = (x - (d - bb)) - (s + bb);
    *err = d >= X_MIN ? e : 0.0f;
    return d;
}

static double exp_sum_c(const float *x, float shift, float *y, size_t n)
{
    double sum = 0;
    for (size_t i = 0; i < n; i++) {
        float c, d = diff_c(x[i], shift, &c);
        y[i] = exp_c(d, c);
        sum += y[i];
    }
    return sum;
}

static float max_c(const float *x, size_t n)
{
    float m = -INFINITY;
    bool nan = false;
    for (size_t i = 0; i < n; i++) {
        nan |= isnan(x[i]);
        m = x[i] > m ? x[i] : m;
    }
    return nan ? NAN : m;
}

#if defined(__x86_64__)
#include "cpu/simd/avx512.h"
#include "cpu/vmath_body.h"
#include "cpu/simd/undef.h"

#include "cpu/simd/avx2.h"
#include "cpu/vmath_body.h"
#include "cpu/simd/undef.h"
#endif

void nnx_vmath(nnx_cpu_level level, nnx_vfunc f, const float *x, float *y, size_t n)
{
#if defined(__x86_64__)
    if (level >= NNX_CPU_AVX512) {
        run_avx512(f, x, y, n);
        return;
    }
    if (level >= NNX_CPU_AVX2) {
        run_avx2(f, x, y, n);
        return;
    }
#endif
    (void)level;
    run_c(f, x, y, n);
}

void nnx_vexp(const float *x, float *y, size_t n) { nnx_vmath(nnx_cpu_level_get(), NNX_VEXP, x, y, n); }
void nnx_vsigmoid(const float *x, float *y, size_t n) { nnx_vmath(nnx_cpu_level_get(), NNX_VSIGMOID, x, y, n); }
void nnx_vtanh(const float *x, float *y, size_t n) { nnx_vmath(nnx_cpu_level_get(), NNX_VTANH, x, y, n); }

float nnx_vmax(nnx_cpu_level level, const float *x, size_t n)
{
#if defined(__x86_64__)
    if (level >= NNX_CPU_AVX512)
        return max_avx512(x, n);
    if (level >= NNX_CPU_AVX2)
        return max_avx2(x, n);
#endif
    (void)level;
    return max_c(x, n);
}

double nnx_vexp_sum(nnx_cpu_level level, const float *x, float shift, float *y, size_t n)
{
#if defined(__x86_64__)
    if (level >= NNX_CPU_AVX512)
        return exp_sum_avx512(x, shift, y, n);
    if (level >= NNX_CPU_AVX2)
        return exp_sum_avx2(x, shift, y, n);
#endif
    (void)level;
    return exp_sum_c(x, shift, y, n);
}

void nnx_vscale(nnx_cpu_level level, float *y, double s, size_t n)
{
#if defined(__x86_64__)
    if (level >= NNX_CPU_AVX512) {
        scale_avx512(y, s, n);
        return;
    }
    if (level >= NNX_CPU_AVX2) {
        scale_avx2(y, s, n);
        return;
    }
#endif
    (void)level;
    for (size_t i = 0; i < n; i++)
        y[i] = (float)(y[i] * s);
}
