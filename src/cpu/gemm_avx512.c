/* gemm_avx512.c — the AVX-512 sgemm micro-kernel (cpu/gemm.h): an 8 x 32 tile in 16 zmm
 * accumulators; per k step two loads of B and eight values of A, each the broadcast memory
 * operand of two FMAs, feed sixteen FMAs; the tile epilogue (bias, residual, clamp) is
 * applied in registers before the store. Its `plain` variant stores a product as it is. An
 * 8 x 16 variant takes last panels of at most 16 columns, an 8 x 8 one (ymm) what is left
 * past 16, an 8 x 48 one a whole panel and a half where B is read in place (a 7x7 map).
 * Compiled for AVX-512 F by function attribute, called only when the CPU has it. */
#include "cpu/clamp_simd.h"
#include "cpu/fma_bcast.h"
#include "cpu/gemm.h"
#include "cpu/isa.h"

#include <stdint.h>

#if defined(__x86_64__)

#define MR 8
#define NR 32

/* The accumulators are named variables, not an array, so that they live in registers. */
#define DECL(i) \
    const float *a##i = pa + i * a_rs; \
    __m512 c##i##0 = _mm512_setzero_ps(), c##i##1 = _mm512_setzero_ps()
#define STEP(i) \
    do { \
        c##i##0 = nnx_fmadd_bcast(a##i, b0, c##i##0); \
        c##i##1 = nnx_fmadd_bcast(a##i, b1, c##i##1); \
        a##i += a_cs; \
    } while (0)
#define ROW(i) c##i##0, c##i##1

/* The tile's results r (vector v: row v / per, columns 16 * (v % per) on) made final in
 * registers, then stored: + C if accumulate, + bias, + residual, then the clamp. All loads
 * come before the stores, so nothing is read again after a store (which could alias it).
 * The clamp takes two operations where nnx_clamp16_sum may be used: the results are sums
 * started from +0. */
NNX_TARGET_AVX512 NNX_ALWAYS_INLINE static inline void put512(__m512 *r, int rows, int per, float *c, size_t ldc,
                                                              bool accumulate, const nnx_tile_epilogue *ep)
{
    int n = rows * per;
    if (accumulate)
#pragma GCC unroll 24
        for (int v = 0; v < n; v++)
            r[v] = _mm512_add_ps(r[v], _mm512_loadu_ps(c + (size_t)(v / per) * ldc + 16 * (v % per)));
    if (ep) {
        if (ep->bias)
#pragma GCC unroll 24
            for (int v = 0; v < n; v++)
                r[v] = _mm512_add_ps(r[v], _mm512_set1_ps(ep->bias[v / per]));
        if (ep->residual)
#pragma GCC unroll 24
            for (int v = 0; v < n; v++)
                r[v] = _mm512_add_ps(
                    r[v], _mm512_loadu_ps(ep->residual + (size_t)(v / per) * ep->residual_rs + 16 * (v % per)));
        if (ep->clamp)
            nnx_clamp16_sums(ep->clamp, r, n);
    }
#pragma GCC unroll 24
    for (int v = 0; v < n; v++)
        _mm512_storeu_ps(c + (size_t)(v / per) * ldc + 16 * (v % per), r[v]);
}

/* The tile's C rows (to be written) and residual rows (to be read) are asked for before the
 * sums: in a model they are cold (a buffer last used layers ago), and a miss at the store
 * or the epilogue would stall the tile, where during the k loop it costs nothing. */
NNX_TARGET_AVX512_PRFCHW NNX_ALWAYS_INLINE static inline void prefetch_tile(float *c, size_t ldc,
                                                                            const nnx_tile_epilogue *ep)
{
    for (size_t i = 0; i < MR; i++) {
        __builtin_prefetch(c + i * ldc, 1, 3);
        __builtin_prefetch(c + i * ldc + 16, 1, 3);
    }
    if (ep && ep->residual)
        for (size_t i = 0; i < MR; i++) {
            _mm_prefetch((const char *)(ep->residual + i * ep->residual_rs), _MM_HINT_T0);
            _mm_prefetch((const char *)(ep->residual + i * ep->residual_rs + 16), _MM_HINT_T0);
        }
}

/* Where the next tile's A panel is, for prefetch_a: packed A (a_cs == MR), the next tile
 * of a column sweep reads the next panel (weights come from memory in a model); A read in
 * place, its own panel again, which costs a load slot and nothing else. An address, not a
 * pointer: past the last panel it is outside A (a prefetch does not fault). */
static inline uintptr_t next_a_panel(const float *pa, size_t a_cs, size_t kc)
{
    return (uintptr_t)pa + (a_cs == MR ? MR * kc * sizeof(float) : 0);
}

/* At step k of the sums: that panel's step k, a line every two steps. */
NNX_TARGET_AVX512 NNX_ALWAYS_INLINE static inline void prefetch_a(uintptr_t next, size_t k)
{
    _mm_prefetch((const char *)(next + MR * k * sizeof(float)), _MM_HINT_T0);
}

/* The 8 x 32 tile. `plain` (a constant where it is inlined): a product stored as it is (no
 * accumulate, no epilogue) with A read in place, as a whole product of whole tiles runs it;
 * without the epilogue's addresses and the A prefetch, whose registers the general tile
 * spills, it runs 1% faster (64^3: 116.4-118.2 against 115.1-117.0 GFLOP/s). */
NNX_TARGET_AVX512_PRFCHW NNX_ALWAYS_INLINE static inline void tile32(size_t kc, const float *pa, size_t a_rs,
                                                                     size_t a_cs, const float *pb, size_t b_rs,
                                                                     float *c, size_t ldc, bool accumulate,
                                                                     const nnx_tile_epilogue *ep, bool plain)
{
    DECL(0);
    DECL(1);
    DECL(2);
    DECL(3);
    DECL(4);
    DECL(5);
    DECL(6);
    DECL(7);
    prefetch_tile(c, ldc, ep);
    uintptr_t next = plain ? 0 : next_a_panel(pa, a_cs, kc);
    for (size_t k = 0; k < kc; k++, pb += b_rs) {
        __m512 b0 = _mm512_loadu_ps(pb), b1 = _mm512_loadu_ps(pb + 16);
        if (!plain)
            prefetch_a(next, k);
        STEP(0);
        STEP(1);
        STEP(2);
        STEP(3);
        STEP(4);
        STEP(5);
        STEP(6);
        STEP(7);
    }
    __m512 r[16] = {ROW(0), ROW(1), ROW(2), ROW(3), ROW(4), ROW(5), ROW(6), ROW(7)};
    put512(r, MR, 2, c, ldc, accumulate, ep);
}

NNX_TARGET_AVX512_PRFCHW static void run(size_t kc, const float *pa, size_t a_rs, size_t a_cs, const float *pb,
                                         size_t b_rs, float *c, size_t ldc, bool accumulate,
                                         const nnx_tile_epilogue *ep)
{
    tile32(kc, pa, a_rs, a_cs, pb, b_rs, c, ldc, accumulate, ep, false);
}

NNX_TARGET_AVX512_PRFCHW static void run_plain(size_t kc, const float *pa, size_t a_rs, size_t a_cs, const float *pb,
                                               size_t b_rs, float *c, size_t ldc, bool accumulate,
                                               const nnx_tile_epilogue *ep)
{
    (void)accumulate, (void)ep;
    tile32(kc, pa, a_rs, a_cs, pb, b_rs, c, ldc, false, NULL, true);
}

/* The 8 x 48 wide tile, for a row-major B read in place whose last panel is a half tile and
 * a column or few: one tile over 1.5 panels (a 7x7 map's first 48 outputs), 24 FMAs per
 * 11 loads where the whole and half tiles take 24 per 19. */
#define DECL48(i) \
    const float *a##i = pa + i * a_rs; \
    __m512 c##i##0 = _mm512_setzero_ps(), c##i##1 = c##i##0, c##i##2 = c##i##0
#define STEP48(i) \
    do { \
        c##i##0 = nnx_fmadd_bcast(a##i, b0, c##i##0); \
        c##i##1 = nnx_fmadd_bcast(a##i, b1, c##i##1); \
        c##i##2 = nnx_fmadd_bcast(a##i, b2, c##i##2); \
        a##i += a_cs; \
    } while (0)
#define ROW48(i) c##i##0, c##i##1, c##i##2

NNX_TARGET_AVX512 static void run48(size_t kc, const float *pa, size_t a_rs, size_t a_cs, const float *pb, size_t b_rs,
                                    float *c, size_t ldc, bool accumulate, const nnx_tile_epilogue *ep)
{
    DECL48(0);
    DECL48(1);
    DECL48(2);
    DECL48(3);
    DECL48(4);
    DECL48(5);
    DECL48(6);
    DECL48(7);
    uintptr_t next = next_a_panel(pa, a_cs, kc);
    for (size_t k = 0; k < kc; k++, pb += b_rs) {
        __m512 b0 = _mm512_loadu_ps(pb), b1 = _mm512_loadu_ps(pb + 16), b2 = _mm512_loadu_ps(pb + 32);
        prefetch_a(next, k);
        STEP48(0);
        STEP48(1);
        STEP48(2);
        STEP48(3);
        STEP48(4);
        STEP48(5);
        STEP48(6);
        STEP48(7);
    }
    __m512 r[24] = {ROW48(0), ROW48(1), ROW48(2), ROW48(3), ROW48(4), ROW48(5), ROW48(6), ROW48(7)};
    put512(r, MR, 3, c, ldc, accumulate, ep);
}

/* The 8 x 16 half tile, for a last panel of at most 16 columns (half the work of a whole one). */
#define DECL16(i) \
    const float *a##i = pa + i * a_rs; \
    __m512 c##i = _mm512_setzero_ps()
#define STEP16(i) \
    do { \
        c##i = _mm512_fmadd_ps(_mm512_set1_ps(*a##i), b0, c##i); \
        a##i += a_cs; \
    } while (0)
NNX_TARGET_AVX512 static void run16(size_t kc, const float *pa, size_t a_rs, size_t a_cs, const float *pb, size_t b_rs,
                                    float *c, size_t ldc, bool accumulate, const nnx_tile_epilogue *ep)
{
    DECL16(0);
    DECL16(1);
    DECL16(2);
    DECL16(3);
    DECL16(4);
    DECL16(5);
    DECL16(6);
    DECL16(7);
    uintptr_t next = next_a_panel(pa, a_cs, kc);
    for (size_t k = 0; k < kc; k++, pb += b_rs) {
        __m512 b0 = _mm512_loadu_ps(pb);
        prefetch_a(next, k);
        STEP16(0);
        STEP16(1);
        STEP16(2);
        STEP16(3);
        STEP16(4);
        STEP16(5);
        STEP16(6);
        STEP16(7);
    }
    __m512 r[8] = {c0, c1, c2, c3, c4, c5, c6, c7};
    put512(r, MR, 1, c, ldc, accumulate, ep);
}

/* The 8 x 8 quarter tile in ymm registers (Zen 4 issues two 256-bit FMAs per cycle, one
 * 512-bit: a quarter of the work of a whole tile), for what a last panel leaves past 16. */
#define DECL8(i) \
    const float *a##i = pa + i * a_rs; \
    __m256 c##i = _mm256_setzero_ps()
#define STEP8(i) \
    do { \
        c##i = _mm256_fmadd_ps(_mm256_set1_ps(*a##i), b0, c##i); \
        a##i += a_cs; \
    } while (0)
/* put512 in ymm registers, one vector per row. */
NNX_TARGET_AVX2_FMA NNX_ALWAYS_INLINE static inline void put256(__m256 *r, float *c, size_t ldc, bool accumulate,
                                                                const nnx_tile_epilogue *ep)
{
    if (accumulate)
#pragma GCC unroll 8
        for (int v = 0; v < MR; v++)
            r[v] = _mm256_add_ps(r[v], _mm256_loadu_ps(c + (size_t)v * ldc));
    if (ep) {
        if (ep->bias)
#pragma GCC unroll 8
            for (int v = 0; v < MR; v++)
                r[v] = _mm256_add_ps(r[v], _mm256_set1_ps(ep->bias[v]));
        if (ep->residual)
#pragma GCC unroll 8
            for (int v = 0; v < MR; v++)
                r[v] = _mm256_add_ps(r[v], _mm256_loadu_ps(ep->residual + (size_t)v * ep->residual_rs));
        if (ep->clamp) {
            nnx_clamp_simd cl = *ep->clamp;
#pragma GCC unroll 8
            for (int v = 0; v < MR; v++)
                r[v] = nnx_clamp8(&cl, r[v]);
        }
    }
#pragma GCC unroll 8
    for (int v = 0; v < MR; v++)
        _mm256_storeu_ps(c + (size_t)v * ldc, r[v]);
}

NNX_TARGET_AVX2_FMA static void run8(size_t kc, const float *pa, size_t a_rs, size_t a_cs, const float *pb, size_t b_rs,
                                     float *c, size_t ldc, bool accumulate, const nnx_tile_epilogue *ep)
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
        STEP8(0);
        STEP8(1);
        STEP8(2);
        STEP8(3);
        STEP8(4);
        STEP8(5);
        STEP8(6);
        STEP8(7);
    }
    __m256 r[8] = {c0, c1, c2, c3, c4, c5, c6, c7};
    put256(r, c, ldc, accumulate, ep);
}

/* The last 1..4 columns of a panel (a 7x7 map's 49th output, a 14x14 map's last 4): the
 * 8 x 8 tile would spend a whole quarter tile's broadcasts on them; along k, 8 rows x 2
 * columns take 16 FMAs per 10 loads. */
#define DOT_DECL(i) __m512 s##i##0 = _mm512_setzero_ps(), s##i##1 = _mm512_setzero_ps()
#define DOT_STEP(i, LOAD) \
    do { \
        __m512 a = LOAD(pa + i * a_rs + k); \
        s##i##0 = _mm512_fmadd_ps(a, b0, s##i##0); \
        s##i##1 = _mm512_fmadd_ps(a, b1, s##i##1); \
    } while (0)
#define DOT_STORE(i) \
    do { \
        float *row = c + i * ldc + j, v0 = _mm512_reduce_add_ps(s##i##0); \
        row[0] = accumulate ? row[0] + v0 : v0; \
        if (two) { \
            float v1 = _mm512_reduce_add_ps(s##i##1); \
            row[1] = accumulate ? row[1] + v1 : v1; \
        } \
    } while (0)
#define DOT_ROWS(LOAD) \
    do { \
        DOT_STEP(0, LOAD); \
        DOT_STEP(1, LOAD); \
        DOT_STEP(2, LOAD); \
        DOT_STEP(3, LOAD); \
        DOT_STEP(4, LOAD); \
        DOT_STEP(5, LOAD); \
        DOT_STEP(6, LOAD); \
        DOT_STEP(7, LOAD); \
    } while (0)

NNX_TARGET_AVX512 static void dot(size_t kc, const float *pa, size_t a_rs, const float *bt, size_t cols, float *c,
                                  size_t ldc, bool accumulate)
{
    for (size_t j = 0; j < cols; j += 2) {
        bool two = j + 1 < cols;
        const float *p0 = bt + j * kc, *p1 = two ? p0 + kc : p0;
        DOT_DECL(0);
        DOT_DECL(1);
        DOT_DECL(2);
        DOT_DECL(3);
        DOT_DECL(4);
        DOT_DECL(5);
        DOT_DECL(6);
        DOT_DECL(7);
        size_t k = 0;
        for (; k + 16 <= kc; k += 16) {
            __m512 b0 = _mm512_loadu_ps(p0 + k), b1 = _mm512_loadu_ps(p1 + k);
#define LOAD_ALL(p) _mm512_loadu_ps(p)
            DOT_ROWS(LOAD_ALL);
        }
        if (k < kc) {
            __mmask16 m = (__mmask16)((1u << (kc - k)) - 1);
            __m512 b0 = _mm512_maskz_loadu_ps(m, p0 + k), b1 = _mm512_maskz_loadu_ps(m, p1 + k);
#define LOAD_MASKED(p) _mm512_maskz_loadu_ps(m, p)
            DOT_ROWS(LOAD_MASKED);
        }
        DOT_STORE(0);
        DOT_STORE(1);
        DOT_STORE(2);
        DOT_STORE(3);
        DOT_STORE(4);
        DOT_STORE(5);
        DOT_STORE(6);
        DOT_STORE(7);
    }
}

/* The last 1..4 columns with A packed whole: the tile's 8 rows are one ymm of the panel per
 * k step, times each column's broadcast value of B (B's columns need no transposing). Each
 * column sums in four chains, k mod 4, added at the end ((0 + 1) + (2 + 3)): one chain would
 * wait on the FMA latency every step. */
#define COL_STEP(j, q) \
    do { \
        if (cols > j) \
            s##j##q = _mm256_fmadd_ps(a##q, _mm256_set1_ps(pb[(q)*b_rs + j]), s##j##q); \
    } while (0)
#define COL_DECL(j) __m256 s##j##0 = _mm256_setzero_ps(), s##j##1 = s##j##0, s##j##2 = s##j##0, s##j##3 = s##j##0
#define COL_SUM(j) _mm256_add_ps(_mm256_add_ps(s##j##0, s##j##1), _mm256_add_ps(s##j##2, s##j##3))

NNX_TARGET_AVX2_FMA static void col8(size_t kc, const float *pa, const float *pb, size_t b_rs, size_t cols, size_t rows,
                                     float *c, size_t ldc, bool accumulate, const nnx_tile_epilogue *ep)
{
    COL_DECL(0);
    COL_DECL(1);
    COL_DECL(2);
    COL_DECL(3);
    size_t k = 0;
    for (; k + 4 <= kc; k += 4, pa += 4 * MR, pb += 4 * b_rs) {
        __m256 a0 = _mm256_loadu_ps(pa), a1 = _mm256_loadu_ps(pa + MR), a2 = _mm256_loadu_ps(pa + 2 * MR),
               a3 = _mm256_loadu_ps(pa + 3 * MR);
        COL_STEP(0, 0);
        COL_STEP(0, 1);
        COL_STEP(0, 2);
        COL_STEP(0, 3);
        COL_STEP(1, 0);
        COL_STEP(1, 1);
        COL_STEP(1, 2);
        COL_STEP(1, 3);
        COL_STEP(2, 0);
        COL_STEP(2, 1);
        COL_STEP(2, 2);
        COL_STEP(2, 3);
        COL_STEP(3, 0);
        COL_STEP(3, 1);
        COL_STEP(3, 2);
        COL_STEP(3, 3);
    }
    for (; k < kc; k++, pa += MR, pb += b_rs) { /* the last kc % 4 steps, chain 0 */
        __m256 a0 = _mm256_loadu_ps(pa);
        COL_STEP(0, 0);
        COL_STEP(1, 0);
        COL_STEP(2, 0);
        COL_STEP(3, 0);
    }
    __m256 sum[4] = {COL_SUM(0), COL_SUM(1), COL_SUM(2), COL_SUM(3)};
    float t[4][MR], g[MR];
    for (size_t j = 0; j < cols; j++) {
        __m256 v = sum[j];
        if (ep) { /* whole tile rows, as the tile kernels: (sum [+ C]) + bias + residual, then the clamp */
            if (accumulate) {
                for (size_t i = 0; i < MR; i++)
                    g[i] = c[i * ldc + j];
                v = _mm256_add_ps(v, _mm256_loadu_ps(g));
            }
            if (ep->bias)
                v = _mm256_add_ps(v, _mm256_loadu_ps(ep->bias));
            if (ep->residual) {
                for (size_t i = 0; i < MR; i++)
                    g[i] = ep->residual[i * ep->residual_rs + j];
                v = _mm256_add_ps(v, _mm256_loadu_ps(g));
            }
            if (ep->clamp)
                v = nnx_clamp8(ep->clamp, v);
        }
        _mm256_storeu_ps(t[j], v);
    }
    for (size_t i = 0; i < rows; i++)
        for (size_t j = 0; j < cols; j++)
            c[i * ldc + j] = accumulate && !ep ? c[i * ldc + j] + t[j][i] : t[j][i];
}

const nnx_sgemm_kernel nnx_sgemm_avx512 = {run, MR, NR, true, run16, run8, dot, 4, col8, run48, 48, run_plain};
#endif
