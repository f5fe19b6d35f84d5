/* vmath.c — float32 exp, sigmoid, tanh and the softmax pieces of cpu/vmath.h, per CPU level:
 * AVX-512 F and AVX2 + FMA by function attribute (called only when the CPU has them, as the
 * GEMM kernels), and portable C loops the compiler may vectorise. Tails run the same vector
 * code under a lane mask, so an element's result never depends on where it sits. */
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
    case NNX_VEXP: for (size_t i = 0; i < n; i++) y[i] = exp_c(x[i], 0.0f); break;
    case NNX_VSIGMOID: for (size_t i = 0; i < n; i++) y[i] = sigmoid_c(x[i]); break;
    default: for (size_t i = 0; i < n; i++) y[i] = tanh_c(x[i]); break;
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
#include <immintrin.h>

/* ---- AVX-512 F ---- */

#define AVX512 __attribute__((target("avx512f")))

/* exp(x + c), c applied only when fix (softmax's two-sum error). */
AVX512 static inline __m512 exp16(__m512 x, __m512 c, bool fix)
{
    x = _mm512_max_ps(_mm512_set1_ps(X_MIN), _mm512_min_ps(_mm512_set1_ps(X_MAX), x)); /* NaN passes */
    __m512 kf = _mm512_roundscale_ps(_mm512_mul_ps(x, _mm512_set1_ps(LOG2E)), _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    __m512 r = _mm512_fnmadd_ps(kf, _mm512_set1_ps(LN2_HI), x);
    r = _mm512_fnmadd_ps(kf, _mm512_set1_ps(LN2_LO), r);
    if (fix)
        r = _mm512_add_ps(r, c);
    __m512 p = _mm512_fmadd_ps(_mm512_set1_ps(C6), r, _mm512_set1_ps(C5));
    p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(C4));
    p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(C3));
    p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(C2));
    p = _mm512_fmadd_ps(p, _mm512_mul_ps(r, r), r);
    p = _mm512_add_ps(p, _mm512_set1_ps(1.0f));
    return _mm512_scalef_ps(p, kf);
}

AVX512 static inline __m512 neg16(__m512 v)
{
    return _mm512_castsi512_ps(_mm512_xor_si512(_mm512_castps_si512(v), _mm512_set1_epi32((int)0x80000000u)));
}

AVX512 static inline __m512 sigmoid16(__m512 x)
{
    __m512 e = exp16(neg16(_mm512_abs_ps(x)), x, false), one = _mm512_set1_ps(1.0f);
    __mmask16 neg = _mm512_cmp_ps_mask(x, _mm512_setzero_ps(), _CMP_LT_OQ);
    return _mm512_div_ps(_mm512_mask_blend_ps(neg, one, e), _mm512_add_ps(one, e));
}

AVX512 static inline __m512 tanh16(__m512 x)
{
    __m512 a = _mm512_abs_ps(x), u = _mm512_mul_ps(a, a), one = _mm512_set1_ps(1.0f);
    __m512 p = _mm512_fmadd_ps(_mm512_set1_ps(T4), u, _mm512_set1_ps(T3));
    p = _mm512_fmadd_ps(p, u, _mm512_set1_ps(T2));
    p = _mm512_fmadd_ps(p, u, _mm512_set1_ps(T1));
    p = _mm512_fmadd_ps(p, u, _mm512_set1_ps(T0));
    __m512 small = _mm512_fmadd_ps(_mm512_mul_ps(a, u), p, a);
    __m512 e = exp16(_mm512_mul_ps(a, _mm512_set1_ps(-2.0f)), x, false);
    __m512 big = _mm512_sub_ps(one, _mm512_div_ps(_mm512_add_ps(e, e), _mm512_add_ps(one, e)));
    __m512 t = _mm512_mask_blend_ps(_mm512_cmp_ps_mask(a, _mm512_set1_ps(TANH_SMALL), _CMP_LT_OQ), big, small);
    __m512i sign = _mm512_and_si512(_mm512_castps_si512(x), _mm512_set1_epi32((int)0x80000000u));
    return _mm512_castsi512_ps(_mm512_or_si512(_mm512_castps_si512(t), sign));
}

#define RUN16(F)                                                                                                       \
    do {                                                                                                               \
        size_t i = 0;                                                                                                  \
        for (; i + 16 <= n; i += 16)                                                                                   \
            _mm512_storeu_ps(y + i, F(_mm512_loadu_ps(x + i)));                                                         \
        if (i < n) {                                                                                                   \
            __mmask16 m = (__mmask16)((1u << (n - i)) - 1);                                                            \
            _mm512_mask_storeu_ps(y + i, m, F(_mm512_maskz_loadu_ps(m, x + i)));                                        \
        }                                                                                                              \
    } while (0)

AVX512 static inline __m512 exp16_plain(__m512 x) { return exp16(x, x, false); }

AVX512 static void run_avx512(nnx_vfunc f, const float *x, float *y, size_t n)
{
    switch (f) {
    case NNX_VEXP: RUN16(exp16_plain); break;
    case NNX_VSIGMOID: RUN16(sigmoid16); break;
    default: RUN16(tanh16); break;
    }
}

/* exp(x - shift) of 16 lanes, the difference's rounding error fed into the reduction. */
AVX512 static inline __m512 exp_diff16(__m512 x, __m512 s)
{
    __m512 d = _mm512_sub_ps(x, s), bb = _mm512_sub_ps(d, x);
    __m512 e = _mm512_sub_ps(_mm512_sub_ps(x, _mm512_sub_ps(d, bb)), _mm512_add_ps(s, bb));
    e = _mm512_maskz_mov_ps(_mm512_cmp_ps_mask(d, _mm512_set1_ps(X_MIN), _CMP_GE_OQ), e);
    return exp16(d, e, true);
}

AVX512 static inline __m512d lo8(__m512 v) { return _mm512_cvtps_pd(_mm512_castps512_ps256(v)); }
AVX512 static inline __m512d hi8(__m512 v)
{
    return _mm512_cvtps_pd(_mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(v), 1)));
}

AVX512 static double exp_sum_avx512(const float *x, float shift, float *y, size_t n)
{
    __m512 s = _mm512_set1_ps(shift);
    __m512d s0 = _mm512_setzero_pd(), s1 = _mm512_setzero_pd();
    size_t i = 0;
    for (; i + 16 <= n; i += 16) {
        __m512 t = exp_diff16(_mm512_loadu_ps(x + i), s);
        _mm512_storeu_ps(y + i, t);
        s0 = _mm512_add_pd(s0, lo8(t));
        s1 = _mm512_add_pd(s1, hi8(t));
    }
    if (i < n) {
        __mmask16 m = (__mmask16)((1u << (n - i)) - 1);
        __m512 t = _mm512_maskz_mov_ps(m, exp_diff16(_mm512_maskz_loadu_ps(m, x + i), s));
        _mm512_mask_storeu_ps(y + i, m, t);
        s0 = _mm512_add_pd(s0, lo8(t));
        s1 = _mm512_add_pd(s1, hi8(t));
    }
    return _mm512_reduce_add_pd(_mm512_add_pd(s0, s1));
}

AVX512 static float max_avx512(const float *x, size_t n)
{
    __m512 m = _mm512_set1_ps(-INFINITY);
    __mmask16 nan = 0;
    size_t i = 0;
    for (; i + 16 <= n; i += 16) {
        __m512 v = _mm512_loadu_ps(x + i);
        nan |= _mm512_cmp_ps_mask(v, v, _CMP_UNORD_Q);
        m = _mm512_max_ps(v, m); /* a NaN v gives m: NaN is counted apart */
    }
    if (i < n) {
        __m512 v = _mm512_mask_loadu_ps(_mm512_set1_ps(-INFINITY), (__mmask16)((1u << (n - i)) - 1), x + i);
        nan |= _mm512_cmp_ps_mask(v, v, _CMP_UNORD_Q);
        m = _mm512_max_ps(v, m);
    }
    return nan ? NAN : _mm512_reduce_max_ps(m);
}

AVX512 static void scale_avx512(float *y, double s, size_t n)
{
    __m512d vs = _mm512_set1_pd(s);
    size_t i = 0;
    for (; i + 16 <= n; i += 16) {
        __m512 v = _mm512_loadu_ps(y + i);
        __m256 lo = _mm512_cvtpd_ps(_mm512_mul_pd(lo8(v), vs)), hi = _mm512_cvtpd_ps(_mm512_mul_pd(hi8(v), vs));
        __m512d both = _mm512_insertf64x4(_mm512_castpd256_pd512(_mm256_castps_pd(lo)), _mm256_castps_pd(hi), 1);
        _mm512_storeu_ps(y + i, _mm512_castpd_ps(both));
    }
    for (; i < n; i++)
        y[i] = (float)(y[i] * s); /* as the vector loop: exact widening, one product, one rounding */
}

/* ---- AVX2 + FMA ---- */

#define AVX2 __attribute__((target("avx2,fma")))

/* As exp16; 2^k as two multiplies by normal powers of two (k = k1 + k2, |k1|, |k2| <= 75):
 * the first is exact, the second rounds once, into the subnormals or to +inf if need be. */
AVX2 static inline __m256 exp8(__m256 x, __m256 c, bool fix)
{
    x = _mm256_max_ps(_mm256_set1_ps(X_MIN), _mm256_min_ps(_mm256_set1_ps(X_MAX), x)); /* NaN passes */
    __m256 kf = _mm256_round_ps(_mm256_mul_ps(x, _mm256_set1_ps(LOG2E)), _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    __m256 r = _mm256_fnmadd_ps(kf, _mm256_set1_ps(LN2_HI), x);
    r = _mm256_fnmadd_ps(kf, _mm256_set1_ps(LN2_LO), r);
    if (fix)
        r = _mm256_add_ps(r, c);
    __m256 p = _mm256_fmadd_ps(_mm256_set1_ps(C6), r, _mm256_set1_ps(C5));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(C4));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(C3));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(C2));
    p = _mm256_fmadd_ps(p, _mm256_mul_ps(r, r), r);
    p = _mm256_add_ps(p, _mm256_set1_ps(1.0f));
    __m256i k = _mm256_cvtps_epi32(kf), bias = _mm256_set1_epi32(127);
    __m256i k1 = _mm256_srai_epi32(k, 1), k2 = _mm256_sub_epi32(k, k1);
    __m256 s1 = _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_add_epi32(k1, bias), 23));
    __m256 s2 = _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_add_epi32(k2, bias), 23));
    return _mm256_mul_ps(_mm256_mul_ps(p, s1), s2);
}

AVX2 static inline __m256 abs8(__m256 v) { return _mm256_andnot_ps(_mm256_set1_ps(-0.0f), v); }

AVX2 static inline __m256 sigmoid8(__m256 x)
{
    __m256 e = exp8(_mm256_or_ps(abs8(x), _mm256_set1_ps(-0.0f)), x, false), one = _mm256_set1_ps(1.0f);
    __m256 neg = _mm256_cmp_ps(x, _mm256_setzero_ps(), _CMP_LT_OQ);
    return _mm256_div_ps(_mm256_blendv_ps(one, e, neg), _mm256_add_ps(one, e));
}

AVX2 static inline __m256 tanh8(__m256 x)
{
    __m256 a = abs8(x), u = _mm256_mul_ps(a, a), one = _mm256_set1_ps(1.0f);
    __m256 p = _mm256_fmadd_ps(_mm256_set1_ps(T4), u, _mm256_set1_ps(T3));
    p = _mm256_fmadd_ps(p, u, _mm256_set1_ps(T2));
    p = _mm256_fmadd_ps(p, u, _mm256_set1_ps(T1));
    p = _mm256_fmadd_ps(p, u, _mm256_set1_ps(T0));
    __m256 small = _mm256_fmadd_ps(_mm256_mul_ps(a, u), p, a);
    __m256 e = exp8(_mm256_mul_ps(a, _mm256_set1_ps(-2.0f)), x, false);
    __m256 big = _mm256_sub_ps(one, _mm256_div_ps(_mm256_add_ps(e, e), _mm256_add_ps(one, e)));
    __m256 t = _mm256_blendv_ps(big, small, _mm256_cmp_ps(a, _mm256_set1_ps(TANH_SMALL), _CMP_LT_OQ));
    return _mm256_or_ps(t, _mm256_and_ps(x, _mm256_set1_ps(-0.0f)));
}

/* Lanes [0, r) of 8 set, for maskload / maskstore (r <= 8). */
AVX2 static inline __m256i lanes8(size_t r)
{
    return _mm256_cmpgt_epi32(_mm256_set1_epi32((int)r), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
}

#define RUN8(F)                                                                                                        \
    do {                                                                                                               \
        size_t i = 0;                                                                                                  \
        for (; i + 8 <= n; i += 8)                                                                                     \
            _mm256_storeu_ps(y + i, F(_mm256_loadu_ps(x + i)));                                                         \
        if (i < n) {                                                                                                   \
            __m256i m = lanes8(n - i);                                                                                 \
            _mm256_maskstore_ps(y + i, m, F(_mm256_maskload_ps(x + i, m)));                                             \
        }                                                                                                              \
    } while (0)

AVX2 static inline __m256 exp8_plain(__m256 x) { return exp8(x, x, false); }

AVX2 static void run_avx2(nnx_vfunc f, const float *x, float *y, size_t n)
{
    switch (f) {
    case NNX_VEXP: RUN8(exp8_plain); break;
    case NNX_VSIGMOID: RUN8(sigmoid8); break;
    default: RUN8(tanh8); break;
    }
}

AVX2 static inline __m256 exp_diff8(__m256 x, __m256 s)
{
    __m256 d = _mm256_sub_ps(x, s), bb = _mm256_sub_ps(d, x);
    __m256 e = _mm256_sub_ps(_mm256_sub_ps(x, _mm256_sub_ps(d, bb)), _mm256_add_ps(s, bb));
    e = _mm256_and_ps(e, _mm256_cmp_ps(d, _mm256_set1_ps(X_MIN), _CMP_GE_OQ));
    return exp8(d, e, true);
}

AVX2 static inline void add8(__m256d *s0, __m256d *s1, __m256 t)
{
    *s0 = _mm256_add_pd(*s0, _mm256_cvtps_pd(_mm256_castps256_ps128(t)));
    *s1 = _mm256_add_pd(*s1, _mm256_cvtps_pd(_mm256_extractf128_ps(t, 1)));
}

AVX2 static double exp_sum_avx2(const float *x, float shift, float *y, size_t n)
{
    __m256 s = _mm256_set1_ps(shift);
    __m256d s0 = _mm256_setzero_pd(), s1 = _mm256_setzero_pd();
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        __m256 t = exp_diff8(_mm256_loadu_ps(x + i), s);
        _mm256_storeu_ps(y + i, t);
        add8(&s0, &s1, t);
    }
    if (i < n) {
        __m256i m = lanes8(n - i);
        __m256 t = _mm256_and_ps(exp_diff8(_mm256_maskload_ps(x + i, m), s), _mm256_castsi256_ps(m));
        _mm256_maskstore_ps(y + i, m, t);
        add8(&s0, &s1, t);
    }
    double l[4];
    _mm256_storeu_pd(l, _mm256_add_pd(s0, s1));
    return (l[0] + l[1]) + (l[2] + l[3]);
}

AVX2 static float max_avx2(const float *x, size_t n)
{
    __m256 m = _mm256_set1_ps(-INFINITY), nan = _mm256_setzero_ps();
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        __m256 v = _mm256_loadu_ps(x + i);
        nan = _mm256_or_ps(nan, _mm256_cmp_ps(v, v, _CMP_UNORD_Q));
        m = _mm256_max_ps(v, m); /* a NaN v gives m: NaN is counted apart */
    }
    float l[8];
    _mm256_storeu_ps(l, m);
    float r = max_c(l, 8);
    bool has_nan = _mm256_movemask_ps(nan) != 0;
    for (; i < n; i++) {
        has_nan |= isnan(x[i]);
        r = x[i] > r ? x[i] : r;
    }
    return has_nan ? NAN : r;
}

AVX2 static void scale_avx2(float *y, double s, size_t n)
{
    __m256d vs = _mm256_set1_pd(s);
    size_t i = 0;
    for (; i + 4 <= n; i += 4)
        _mm_storeu_ps(y + i, _mm256_cvtpd_ps(_mm256_mul_pd(_mm256_cvtps_pd(_mm_loadu_ps(y + i)), vs)));
    for (; i < n; i++)
        y[i] = (float)(y[i] * s);
}
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
