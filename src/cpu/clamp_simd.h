/* clamp_simd.h — the fused activation's clamp (nnx_activation, cpu/kernels.h) on 16 (AVX-512)
 * or 8 (AVX2) float lanes, for every kernel that clamps in registers, giving clamp_run's
 * bytes (elementwise_fast.c): _mm*_max_ps(a, b) is a > b ? a : b and _mm*_min_ps(a, b) is
 * a < b ? a : b, so the operand order gives the IEEE pick between a zero value and a zero
 * bound (+0 for max, -0 for min); NaN lanes are blended back, as they are or as the default
 * NaN. Only for bounds that are floats (nnx_clamp_simd_setup says). */
#ifndef NNX_CPU_CLAMP_SIMD_H
#define NNX_CPU_CLAMP_SIMD_H

#include "cpu/isa.h"
#include "cpu/kernels.h"

#include <math.h>

typedef struct nnx_clamp_simd {
    float lo, hi;
    bool lo_neg_zero, hi_neg_zero, nan_default;
} nnx_clamp_simd;

/* act's clamp for the vector paths; false when there is none or its bounds are not floats
 * (float comparisons could then round differently from the double path). */
static inline bool nnx_clamp_simd_setup(const nnx_activation *act, nnx_clamp_simd *c)
{
    if (!act || !act->on || (double)(float)act->lo != act->lo || (double)(float)act->hi != act->hi)
        return false;
    *c = (nnx_clamp_simd){(float)act->lo, (float)act->hi, false, false, act->nan_default};
    c->lo_neg_zero = c->lo == 0.0f && signbit(c->lo);
    c->hi_neg_zero = c->hi == 0.0f && signbit(c->hi);
    return true;
}

/* Whether nnx_clamp16_sum gives nnx_clamp16's bytes for c: NaN kept (not the default NaN),
 * and an upper bound that is not -0 (min(-0, +0) must give -0). */
static inline bool nnx_clamp_sum_ok(const nnx_clamp_simd *c) { return !c->nan_default && !c->hi_neg_zero; }

/* nnx_clamp16 in GCC's vector extension, for code compiled for several targets (the
 * Winograd output transform): the same comparisons and blends, so the same bytes. In place
 * (a 64-byte vector is not returned by value where the target lacks AVX-512). */
typedef float nnx_f32x16 __attribute__((vector_size(64), aligned(sizeof(float))));
typedef int32_t nnx_i32x16 __attribute__((vector_size(64)));

/* take_a ? a : b, lane by lane (take_a: all ones or zeros) */
#define NNX_PICK16(take_a, a, b) ((nnx_f32x16)(((take_a) & (nnx_i32x16)(a)) | (~(take_a) & (nnx_i32x16)(b))))

static inline NNX_ALWAYS_INLINE void nnx_clamp_vec16(const nnx_clamp_simd *c, nnx_f32x16 *p)
{
    /* splats as x - 0, which keeps a zero's sign (0 + -0 would be +0) */
    nnx_f32x16 v = *p, lo = c->lo - (nnx_f32x16){0}, hi = c->hi - (nnx_f32x16){0}, m;
    /* max_ps(a, b) = a > b ? a : b; min_ps(a, b) = a < b ? a : b (nnx_clamp16's operands) */
    m = c->lo_neg_zero ? NNX_PICK16(lo > v, lo, v) : NNX_PICK16(v > lo, v, lo);
    m = c->hi_neg_zero ? NNX_PICK16(m < hi, m, hi) : NNX_PICK16(hi < m, hi, m);
    nnx_f32x16 nan = c->nan_default ? NAN - (nnx_f32x16){0} : v;
    *p = NNX_PICK16(v != v, nan, m);
}

#if defined(__x86_64__)

NNX_TARGET_AVX512 static inline __m512 nnx_clamp16(const nnx_clamp_simd *c, __m512 v)
{
    __mmask16 nan = _mm512_cmp_ps_mask(v, v, _CMP_UNORD_Q);
    __m512 lo = _mm512_set1_ps(c->lo), hi = _mm512_set1_ps(c->hi);
    __m512 m = c->lo_neg_zero ? _mm512_max_ps(lo, v) : _mm512_max_ps(v, lo);
    m = c->hi_neg_zero ? _mm512_min_ps(m, hi) : _mm512_min_ps(hi, m);
    return _mm512_mask_blend_ps(nan, m, c->nan_default ? _mm512_set1_ps(NAN) : v);
}

/* The clamp of a sum started from +0 (a product's, a convolution's: in round-to-nearest such
 * a sum, plus a bias or residual, is never -0), with lo and hi splat: min(hi, max(lo, v)) in
 * nnx_clamp16's operand order keeps a NaN v and picks IEEE's zero between +0 and a -0 bound;
 * the same bytes as nnx_clamp16 where nnx_clamp_sum_ok. */
NNX_TARGET_AVX512 static inline __m512 nnx_clamp16_sum(__m512 lo, __m512 hi, __m512 v)
{
    return _mm512_min_ps(hi, _mm512_max_ps(lo, v));
}

/* The clamp of n vectors of sums started from +0 (a tile's results), in place: two operations
 * each where nnx_clamp_sum_ok, else nnx_clamp16. c is copied first, so that the bounds are not
 * read again after the caller's stores. Inlined: n is then a constant and the loops unroll. */
NNX_TARGET_AVX512 NNX_ALWAYS_INLINE static inline void nnx_clamp16_sums(const nnx_clamp_simd *c, __m512 *v, int n)
{
    nnx_clamp_simd cl = *c;
    if (nnx_clamp_sum_ok(&cl)) {
        __m512 lo = _mm512_set1_ps(cl.lo), hi = _mm512_set1_ps(cl.hi);
#pragma GCC unroll 24
        for (int k = 0; k < n; k++)
            v[k] = nnx_clamp16_sum(lo, hi, v[k]);
    } else {
#pragma GCC unroll 24
        for (int k = 0; k < n; k++)
            v[k] = nnx_clamp16(&cl, v[k]);
    }
}

NNX_TARGET_AVX2_FMA static inline __m256 nnx_clamp8(const nnx_clamp_simd *c, __m256 v)
{
    __m256 nan = _mm256_cmp_ps(v, v, _CMP_UNORD_Q);
    __m256 lo = _mm256_set1_ps(c->lo), hi = _mm256_set1_ps(c->hi);
    __m256 m = c->lo_neg_zero ? _mm256_max_ps(lo, v) : _mm256_max_ps(v, lo);
    m = c->hi_neg_zero ? _mm256_min_ps(m, hi) : _mm256_min_ps(hi, m);
    return _mm256_blendv_ps(m, c->nan_default ? _mm256_set1_ps(NAN) : v, nan);
}
#endif

#endif
