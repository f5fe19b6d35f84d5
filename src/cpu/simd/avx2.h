/* avx2.h — the thin SIMD layer for AVX2 + FMA: 8 float lanes, the same v_* names as
 * cpu/simd/avx512.h (see there for how a body uses them). Comparisons give vectors of
 * all-ones lanes, tails a vector mask for maskload / maskstore. */
#include "cpu/isa.h"

#define VN 8
#define V_TARGET NNX_TARGET_AVX2_FMA
#define V_NAME(name) name##_avx2
#define vf __m256
#define vd __m256d
#define vcmp __m256
#define vtail __m256i

#define v_set1 _mm256_set1_ps
#define v_zero _mm256_setzero_ps
#define v_load _mm256_loadu_ps
#define v_store _mm256_storeu_ps
#define v_add _mm256_add_ps
#define v_sub _mm256_sub_ps
#define v_mul _mm256_mul_ps
#define v_div _mm256_div_ps
#define v_min _mm256_min_ps
#define v_max _mm256_max_ps
#define v_fmadd _mm256_fmadd_ps
#define v_fnmadd _mm256_fnmadd_ps
#define v_abs(a) _mm256_andnot_ps(_mm256_set1_ps(-0.0f), (a))
#define v_round(a) _mm256_round_ps((a), _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC)
#define v_lt(a, b) _mm256_cmp_ps((a), (b), _CMP_LT_OQ)
#define v_ge(a, b) _mm256_cmp_ps((a), (b), _CMP_GE_OQ)
#define v_ord(a, b) _mm256_cmp_ps((a), (b), _CMP_ORD_Q)
#define v_nle(a, b) _mm256_cmp_ps((a), (b), _CMP_NLE_UQ)
#define v_cmp_and _mm256_and_ps
#define v_select(m, t, f) _mm256_blendv_ps((f), (t), (m))
#define v_keep(m, a) _mm256_and_ps((a), (m))
#define v_keep_tail(t, a) _mm256_and_ps((a), _mm256_castsi256_ps(t))
#define v_tail nnx_v8_tail
#define v_load_tail(p, t) _mm256_maskload_ps((p), (t))
#define v_store_tail(p, t, a) _mm256_maskstore_ps((p), (t), (a))
#define v_store_lanes nnx_v8_store_lanes
#define v_dzero _mm256_setzero_pd
#define v_or _mm256_or_ps
#define v_and _mm256_and_ps
#define v_ldexp nnx_v8_ldexp
#define v_add_halves nnx_v8_add_halves
#define v_sum nnx_v8_sum
#define vnan __m256
#define v_nan_none _mm256_setzero_ps
#define v_nan_add(nan, a) _mm256_or_ps((nan), _mm256_cmp_ps((a), (a), _CMP_UNORD_Q))
#define v_max_end nnx_v8_max_end
#define VS 4
#define v_scale nnx_v8_scale
#define v_dset1 _mm256_set1_pd

#ifndef NNX_CPU_SIMD_AVX2_H
#define NNX_CPU_SIMD_AVX2_H

/* Lanes [0, r) of 8 set (r <= 8). */
NNX_TARGET_AVX2_FMA static inline __m256i nnx_v8_tail(size_t r)
{
    return _mm256_cmpgt_epi32(_mm256_set1_epi32((int)r), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
}

/* p * 2^k for integral k in [-150, 128]: two multiplies by normal powers of two (k = k1 + k2,
 * |k1|, |k2| <= 75), the first exact, the second rounding once (into the subnormals or to
 * +inf if need be). */
NNX_TARGET_AVX2_FMA static inline __m256 nnx_v8_ldexp(__m256 p, __m256 kf)
{
    __m256i k = _mm256_cvtps_epi32(kf), bias = _mm256_set1_epi32(127);
    __m256i k1 = _mm256_srai_epi32(k, 1), k2 = _mm256_sub_epi32(k, k1);
    __m256 s1 = _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_add_epi32(k1, bias), 23));
    __m256 s2 = _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_add_epi32(k2, bias), 23));
    return _mm256_mul_ps(_mm256_mul_ps(p, s1), s2);
}

/* a's first n lanes to p[0, n), n in [1, 8]. */
NNX_TARGET_AVX2_FMA static inline void nnx_v8_store_lanes(float *p, __m256 a, size_t n)
{
    static const int32_t ones[16] = {-1, -1, -1, -1, -1, -1, -1, -1, 0, 0, 0, 0, 0, 0, 0, 0};
    if (n == 8)
        _mm256_storeu_ps(p, a);
    else
        _mm256_maskstore_ps(p, _mm256_loadu_si256((const __m256i *)(ones + 8 - n)), a);
}

NNX_TARGET_AVX2_FMA static inline void nnx_v8_add_halves(__m256d *lo, __m256d *hi, __m256 a)
{
    *lo = _mm256_add_pd(*lo, _mm256_cvtps_pd(_mm256_castps256_ps128(a)));
    *hi = _mm256_add_pd(*hi, _mm256_cvtps_pd(_mm256_extractf128_ps(a, 1)));
}

NNX_TARGET_AVX2_FMA static inline double nnx_v8_sum(__m256d lo, __m256d hi)
{
    double l[4];
    _mm256_storeu_pd(l, _mm256_add_pd(lo, hi));
    return (l[0] + l[1]) + (l[2] + l[3]);
}

/* The maximum of m's lanes (in lane order, keeping the first of equals) and then of x[0, r)
 * one by one, NaN if any was NaN; m holds no NaN. */
NNX_TARGET_AVX2_FMA static inline float nnx_v8_max_end(__m256 m, __m256 nan, const float *x, size_t r)
{
    float l[8], best = -INFINITY;
    _mm256_storeu_ps(l, m);
    for (int i = 0; i < 8; i++)
        best = l[i] > best ? l[i] : best;
    bool has_nan = _mm256_movemask_ps(nan) != 0;
    for (size_t i = 0; i < r; i++) {
        has_nan |= isnan(x[i]);
        best = x[i] > best ? x[i] : best;
    }
    return has_nan ? NAN : best;
}

NNX_TARGET_AVX2_FMA static inline void nnx_v8_scale(float *y, __m256d s)
{
    _mm_storeu_ps(y, _mm256_cvtpd_ps(_mm256_mul_pd(_mm256_cvtps_pd(_mm_loadu_ps(y)), s)));
}

#endif
