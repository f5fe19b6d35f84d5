/* avx512.h — the thin SIMD layer for AVX-512 F: 16 float lanes. A kernel body written with
 * the v_* names (cpu/simd/avx2.h has the same ones for 8 lanes) is included after this
 * header to compile it for AVX-512, then cpu/simd/undef.h clears the names. Only inside
 * #if defined(__x86_64__); each v_* is the one intrinsic (or the short sequence) named. */
#include "cpu/isa.h"

#define VN 16                      /* float lanes */
#define V_TARGET NNX_TARGET_AVX512 /* the attribute of every function using the layer */
#define V_NAME(name) name##_avx512 /* a body's function names, per ISA */
#define vf __m512
#define vd __m512d      /* VN / 2 doubles */
#define vcmp __mmask16  /* a comparison's lanes */
#define vtail __mmask16 /* the first lanes, for a loop's tail */

#define v_set1 _mm512_set1_ps
#define v_zero _mm512_setzero_ps
#define v_load _mm512_loadu_ps
#define v_store _mm512_storeu_ps
#define v_add _mm512_add_ps
#define v_sub _mm512_sub_ps
#define v_mul _mm512_mul_ps
#define v_div _mm512_div_ps
#define v_min _mm512_min_ps
#define v_max _mm512_max_ps
#define v_fmadd _mm512_fmadd_ps   /* a * b + c, one rounding */
#define v_fnmadd _mm512_fnmadd_ps /* c - a * b, one rounding */
#define v_abs _mm512_abs_ps
#define v_round(a) _mm512_roundscale_ps((a), _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC)
#define v_lt(a, b) _mm512_cmp_ps_mask((a), (b), _CMP_LT_OQ)
#define v_ge(a, b) _mm512_cmp_ps_mask((a), (b), _CMP_GE_OQ)
#define v_ord(a, b) _mm512_cmp_ps_mask((a), (b), _CMP_ORD_Q)
#define v_nle(a, b) _mm512_cmp_ps_mask((a), (b), _CMP_NLE_UQ) /* not a <= b: a > b or unordered */
#define v_cmp_and(m, k) ((__mmask16)((m) & (k)))
#define v_select(m, t, f) _mm512_mask_blend_ps((m), (f), (t)) /* m ? t : f per lane */
#define v_keep(m, a) _mm512_maskz_mov_ps((m), (a))            /* m ? a : 0 per lane */
#define v_keep_tail v_keep
#define v_tail(r) ((__mmask16)((1u << (r)) - 1))          /* lanes [0, r), r < VN */
#define v_load_tail(p, t) _mm512_maskz_loadu_ps((t), (p)) /* 0 past the tail */
#define v_store_tail(p, t, a) _mm512_mask_storeu_ps((p), (t), (a))
#define v_store_lanes(p, a, n) _mm512_mask_storeu_ps((p), (__mmask16)((1u << (n)) - 1), (a)) /* n in [1, VN] */
#define v_dzero _mm512_setzero_pd

#define v_or nnx_v16_or
#define v_and nnx_v16_and

/* p * 2^k for integral k in [-150, 128], rounding once. */
#define v_ldexp _mm512_scalef_ps

#define v_add_halves nnx_v16_add_halves

#define v_sum nnx_v16_sum

/* A running maximum's NaN flag: lanes that have seen a NaN. */
#define vnan __mmask16
#define v_nan_none() ((__mmask16)0)
#define v_nan_add(nan, a) ((__mmask16)((nan) | _mm512_cmp_ps_mask((a), (a), _CMP_UNORD_Q)))

#define v_max_end nnx_v16_max_end

/* y[0, VS) = y * s, each widened to double, multiplied and rounded once. */
#define VS 16
#define v_scale nnx_v16_scale
#define v_dset1 _mm512_set1_pd

#ifndef NNX_CPU_SIMD_AVX512_H
#define NNX_CPU_SIMD_AVX512_H

/* The bits of a | b and of a & b (AVX-512 F has them for integers only). */
NNX_TARGET_AVX512 static inline __m512 nnx_v16_or(__m512 a, __m512 b)
{
    return _mm512_castsi512_ps(_mm512_or_si512(_mm512_castps_si512(a), _mm512_castps_si512(b)));
}

NNX_TARGET_AVX512 static inline __m512 nnx_v16_and(__m512 a, __m512 b)
{
    return _mm512_castsi512_ps(_mm512_and_si512(_mm512_castps_si512(a), _mm512_castps_si512(b)));
}

/* Adds a's lanes, widened, to two double vectors: the low half to *lo, the high to *hi. */
NNX_TARGET_AVX512 static inline void nnx_v16_add_halves(__m512d *lo, __m512d *hi, __m512 a)
{
    *lo = _mm512_add_pd(*lo, _mm512_cvtps_pd(_mm512_castps512_ps256(a)));
    *hi = _mm512_add_pd(*hi, _mm512_cvtps_pd(_mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(a), 1))));
}

/* The sum of lo + hi's lanes. */
NNX_TARGET_AVX512 static inline double nnx_v16_sum(__m512d lo, __m512d hi)
{
    return _mm512_reduce_add_pd(_mm512_add_pd(lo, hi));
}

/* The maximum of m's lanes and x[0, r) (r < VN), NaN if any was NaN; m holds no NaN. */
NNX_TARGET_AVX512 static inline float nnx_v16_max_end(__m512 m, __mmask16 nan, const float *x, size_t r)
{
    if (r) {
        __m512 v = _mm512_mask_loadu_ps(_mm512_set1_ps(-INFINITY), (__mmask16)((1u << r) - 1), x);
        nan |= _mm512_cmp_ps_mask(v, v, _CMP_UNORD_Q);
        m = _mm512_max_ps(v, m);
    }
    return nan ? NAN : _mm512_reduce_max_ps(m);
}

NNX_TARGET_AVX512 static inline void nnx_v16_scale(float *y, __m512d s)
{
    __m512 v = _mm512_loadu_ps(y);
    __m256 lo = _mm512_cvtpd_ps(_mm512_mul_pd(_mm512_cvtps_pd(_mm512_castps512_ps256(v)), s));
    __m256 hi = _mm512_cvtpd_ps(
        _mm512_mul_pd(_mm512_cvtps_pd(_mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(v), 1))), s));
    __m512d both = _mm512_insertf64x4(_mm512_castpd256_pd512(_mm256_castps_pd(lo)), _mm256_castps_pd(hi), 1);
    _mm512_storeu_ps(y, _mm512_castpd_ps(both));
}

#endif
