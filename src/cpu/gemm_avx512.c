/* gemm_avx512.c — the AVX-512 sgemm micro-kernel (cpu/gemm.h): an 8 x 32 tile in 16 zmm
 * accumulators; per k step two loads of B and eight broadcasts of A feed sixteen FMAs; the
 * tile epilogue (bias, residual, clamp) is applied in registers before the store. An 8 x 16
 * variant takes last panels of at most 16 columns, an 8 x 8 one (ymm) what is left past 16.
 * Compiled for AVX-512 F by function attribute, called only when the CPU has it. */
#include "cpu/clamp_simd.h"
#include "cpu/gemm.h"

#if defined(__x86_64__)
#include <immintrin.h>

#define MR 8
#define NR 32

/* The accumulators are named variables, not an array, so that they live in registers. */
#define DECL(i) const float *a##i = pa + i * a_rs; __m512 c##i##0 = _mm512_setzero_ps(), c##i##1 = _mm512_setzero_ps()
#define STEP(i) \
    do { \
        __m512 a = _mm512_set1_ps(*a##i); \
        a##i += a_cs; \
        c##i##0 = _mm512_fmadd_ps(a, b0, c##i##0); \
        c##i##1 = _mm512_fmadd_ps(a, b1, c##i##1); \
    } while (0)
#define STORE(i) \
    do { \
        float *row = c + i * ldc; \
        if (accumulate) { \
            c##i##0 = _mm512_add_ps(c##i##0, _mm512_loadu_ps(row)); \
            c##i##1 = _mm512_add_ps(c##i##1, _mm512_loadu_ps(row + 16)); \
        } \
        if (ep) { \
            c##i##0 = finish(ep, i, ldc, 0, c##i##0); \
            c##i##1 = finish(ep, i, ldc, 16, c##i##1); \
        } \
        _mm512_storeu_ps(row, c##i##0); \
        _mm512_storeu_ps(row + 16, c##i##1); \
    } while (0)

/* The epilogue of 16 lanes at column j of tile row i. */
__attribute__((target("avx512f"))) static inline __m512 finish(const nnx_tile_epilogue *ep, size_t i, size_t ldc,
                                                               size_t j, __m512 v)
{
    if (ep->bias)
        v = _mm512_add_ps(v, _mm512_set1_ps(ep->bias[i]));
    if (ep->residual)
        v = _mm512_add_ps(v, _mm512_loadu_ps(ep->residual + i * ldc + j));
    return ep->clamp ? nnx_clamp16(ep->clamp, v) : v;
}

__attribute__((target("avx512f"))) static void run(size_t kc, const float *pa, size_t a_rs, size_t a_cs, const float *pb, size_t b_rs, float *c,
                                                   size_t ldc, bool accumulate, const nnx_tile_epilogue *ep)
{
    DECL(0);
    DECL(1);
    DECL(2);
    DECL(3);
    DECL(4);
    DECL(5);
    DECL(6);
    DECL(7);
    for (size_t k = 0; k < kc; k++, pb += b_rs) {
        __m512 b0 = _mm512_loadu_ps(pb), b1 = _mm512_loadu_ps(pb + 16);
        STEP(0); STEP(1); STEP(2); STEP(3); STEP(4); STEP(5); STEP(6); STEP(7);
    }
    STORE(0); STORE(1); STORE(2); STORE(3); STORE(4); STORE(5); STORE(6); STORE(7);
}
/* The 8 x 16 half tile, for a last panel of at most 16 columns (half the work of a whole one). */
#define DECL16(i) const float *a##i = pa + i * a_rs; __m512 c##i = _mm512_setzero_ps()
#define STEP16(i) \
    do { \
        c##i = _mm512_fmadd_ps(_mm512_set1_ps(*a##i), b0, c##i); \
        a##i += a_cs; \
    } while (0)
#define STORE16(i) \
    do { \
        float *row = c + i * ldc; \
        if (accumulate) \
            c##i = _mm512_add_ps(c##i, _mm512_loadu_ps(row)); \
        if (ep) \
            c##i = finish(ep, i, ldc, 0, c##i); \
        _mm512_storeu_ps(row, c##i); \
    } while (0)

__attribute__((target("avx512f"))) static void run16(size_t kc, const float *pa, size_t a_rs, size_t a_cs,
                                                     const float *pb, size_t b_rs, float *c, size_t ldc, bool accumulate,
                                                     const nnx_tile_epilogue *ep)
{
    DECL16(0);
    DECL16(1);
    DECL16(2);
    DECL16(3);
    DECL16(4);
    DECL16(5);
    DECL16(6);
    DECL16(7);
    for (size_t k = 0; k < kc; k++, pb += b_rs) {
        __m512 b0 = _mm512_loadu_ps(pb);
        STEP16(0); STEP16(1); STEP16(2); STEP16(3); STEP16(4); STEP16(5); STEP16(6); STEP16(7);
    }
    STORE16(0); STORE16(1); STORE16(2); STORE16(3); STORE16(4); STORE16(5); STORE16(6); STORE16(7);
}

/* The 8 x 8 quarter tile in ymm registers (Zen 4 issues two 256-bit FMAs per cycle, one
 * 512-bit: a quarter of the work of a whole tile), for what a last panel leaves past 16. */
#define DECL8(i) const float *a##i = pa + i * a_rs; __m256 c##i = _mm256_setzero_ps()
#define STEP8(i) \
    do { \
        c##i = _mm256_fmadd_ps(_mm256_set1_ps(*a##i), b0, c##i); \
        a##i += a_cs; \
    } while (0)
#define STORE8(i) \
    do { \
        float *row = c + i * ldc; \
        if (accumulate) \
            c##i = _mm256_add_ps(c##i, _mm256_loadu_ps(row)); \
        if (ep) \
            c##i = finish8(ep, i, ldc, c##i); \
        _mm256_storeu_ps(row, c##i); \
    } while (0)

__attribute__((target("avx2,fma"))) static inline __m256 finish8(const nnx_tile_epilogue *ep, size_t i, size_t ldc,
                                                                 __m256 v)
{
    if (ep->bias)
        v = _mm256_add_ps(v, _mm256_set1_ps(ep->bias[i]));
    if (ep->residual)
        v = _mm256_add_ps(v, _mm256_loadu_ps(ep->residual + i * ldc));
    return ep->clamp ? nnx_clamp8(ep->clamp, v) : v;
}

__attribute__((target("avx2,fma"))) static void run8(size_t kc, const float *pa, size_t a_rs, size_t a_cs,
                                                     const float *pb, size_t b_rs, float *c, size_t ldc, bool accumulate,
                                                     const nnx_tile_epilogue *ep)
{
    DECL8(0);
    DECL8(1);
    DECL8(2);
    DECL8(3);
    DECL8(4);
    DECL8(5);
    DECL8(6);
    DECL8(7);
    for (size_t k = 0; k < kc; k++, pb += b_rs) {
        __m256 b0 = _mm256_loadu_ps(pb);
        STEP8(0); STEP8(1); STEP8(2); STEP8(3); STEP8(4); STEP8(5); STEP8(6); STEP8(7);
    }
    STORE8(0); STORE8(1); STORE8(2); STORE8(3); STORE8(4); STORE8(5); STORE8(6); STORE8(7);
}

const nnx_sgemm_kernel nnx_sgemm_avx512 = {run, MR, NR, true, run16, run8};
#endif
