/* depthwise_fast.c — float32 depthwise convolution (nchw / oihw, groups == C, depth multiplier
 * m, any padding sign, strides, dilations, batch) with its bias, fused residual and fused
 * activation (runtime/fuse.c): within float32 rounding of the reference kernel, and the same
 * bytes for any thread count (one thread sums each output, from 0 in (kernel row, kernel
 * column) order, whatever the split). Output channel o reads input channel o / m. */
#include "cpu/gemm.h"
#include "cpu/clamp_simd.h"
#include "cpu/isa.h"
#include "cpu/kernels.h"
#include "cpu/rowbuf.h"

#include <math.h>

/* The paths. AVX-512, K x K windows (K = 3, 5) at stride 1 or 2, dilation 1: tiles of 8 (3x3)
 * or 4 (5x5) output rows x 16 columns read the input plane with masked loads (zeros
 * outside it), no buffer.
 * Other windows, and AVX2+FMA and portable C: planes in bands of output rows, each band's
 * input rows first copied zero-padded and split into the stride's phases into per-thread
 * scratch (cpu/rowbuf.h), so that every tap is a load at a fixed offset; AVX2 tiles K x K
 * windows likewise, other windows take four vectors at a time, one load per tap. Without
 * scratch (or for a window too large to buffer) each output row accumulates its taps with
 * nnx_saxpy. Epilogue: acc + bias, + residual, then the activation in registers where its
 * bounds are floats (else nnx_apply_activation on the band or plane while it is in cache),
 * one store. Planes (x bands) are split into contiguous shares, one per thread. */
#define BAND_FLOATS (8 * 1024)       /* a band's buffered rows: in L1 with its outputs */
#define MAX_FLOATS ((size_t)1 << 22) /* per-thread scratch at most (16 MiB), else unbuffered */
#define MAX_TAPS 256                 /* larger windows are computed unbuffered */
#define UNITS NNX_ROWBUF_UNITS

typedef struct dw_geom {
    nnx_window w;
    size_t N, C, O, m;
} dw_geom;

static dw_geom dw_geometry(const nnx_attr_conv *a, const nnx_operand_desc *x, const nnx_operand_desc *f,
                           const nnx_operand_desc *y)
{
    dw_geom g = {
        .w = {.H = x->shape[2],
              .W = x->shape[3],
              .OH = y->shape[2],
              .OW = y->shape[3],
              .KH = f->shape[2],
              .KW = f->shape[3],
              .sh = a->strides[0],
              .sw = a->strides[1],
              .dh = a->dilations[0],
              .dw = a->dilations[1],
              .pt = a->pads[0],
              .pl = a->pads[2]},
        .N = x->shape[0],
        .C = x->shape[1],
        .O = y->shape[1],
    };
    g.m = g.C ? g.O / g.C : 1;
    return g;
}

/* Whether the AVX-512 direct tiles take g: a K x K window (K = 3, 5), stride 1 or 2 in both
 * axes, dilation 1. */
static int square_of(const nnx_window *w)
{
    return w->KH == w->KW && (w->KH == 3 || w->KH == 5) && w->sh == w->sw && w->sw <= 2 && w->dh == 1 && w->dw == 1
        ? (int)w->KH
        : 0;
}

/* Small planes at stride 1 whose output is the input's size (a 7x7 map with 'same'
 * padding): the AVX-512 flat path takes them, 16 outputs of the flattened plane at a time
 * (16-column tiles would leave half or more of their lanes idle). */
#define FLAT_MAX 256 /* outputs of a plane at most */
#define FLAT_TAPS 25

static bool flat_of(const nnx_window *w)
{
    return w->sh == 1 && w->sw == 1 && w->dh == 1 && w->dw == 1 && w->OH == w->H && w->OW == w->W && w->OW <= 8 &&
        w->OH * w->OW <= FLAT_MAX && w->KH * w->KW <= FLAT_TAPS;
}

static bool dw_plan(const dw_geom *g, nnx_rowbuf *b)
{
    return g->w.KH * g->w.KW <= MAX_TAPS && nnx_rowbuf_plan(&g->w, 0.0f, BAND_FLOATS, MAX_FLOATS, b);
}

bool nnx_fast_conv2d_is_depthwise(const nnx_op_args *args, const nnx_operand_desc *x)
{
    uint32_t groups = args->attrs->conv.groups ? args->attrs->conv.groups : 1;
    return groups > 1 && groups == x->shape[1];
}

size_t nnx_fast_depthwise2d_scratch(const nnx_op_args *args, const nnx_operand_desc *x, const nnx_operand_desc *f,
                                    const nnx_operand_desc *y)
{
    dw_geom g = dw_geometry(&args->attrs->conv, x, f, y);
    nnx_rowbuf b;
    if ((square_of(&g.w) || flat_of(&g.w)) && nnx_cpu_level_get() >= NNX_CPU_AVX512)
        return 0; /* the direct tiles and the flat path need no buffer */
    return dw_plan(&g, &b) ? b.floats * sizeof(float) : 0;
}

/* ------------------------------------------------------------------ vector paths */

/* The fused activation in registers: IEEE maximum with lo, then minimum with hi, NaN kept (or
 * the default NaN), for bounds that are floats (not NaN). The vector max(a, b) / min(a, b)
 * return b on equal operands, so the operand order gives the zero IEEE max / min pick when a
 * value equals a zero bound: +0 for the maximum, -0 for the minimum. */
/* A band of one output plane: rows output rows of OW, the buffered rows of row a start at
 * buf + a * step; taps offsets and weights; the epilogue's operands. */
typedef struct dw_band {
    const float *buf, *w, *res;
    const ptrdiff_t *tap;
    size_t taps, rows, OW, step, row_floats, len;
    float bias;
    float *y;
    const nnx_clamp_simd *clamp; /* NULL: no activation in registers */
    int square, stride;          /* the tiled paths' K x K window and stride, or 0 */
    /* the direct path (no buffer): the input plane, H x W, read from row -pt, column -pl */
    const float *x;
    size_t H, W;
    int64_t pt, pl;
} dw_band;

/* Output rows a tile computes together: TILE, and TILE2 for an AVX-512 3x3 window (four
 * rows left too few sums in flight to cover the FMA latency: 7-11% more time at stride 1,
 * 7% at stride 2; a 5x5 window's 25 weights leave no registers for more rows). */
#define TILE 4
#define TILE2 8

/* The flat path's taps: output p = oh * W + ow of the plane reads tap t = (i, j) at input
 * p + off[t], off[t] = (i - pt) * W + (j - pl); mask[u * taps + t] keeps the lanes of
 * outputs 16u .. 16u + 15 whose tap lies inside the input (not a row above or below, not a
 * column of the row before or after). */
typedef struct dw_flat {
    ptrdiff_t off[FLAT_TAPS];
    uint16_t mask[FLAT_MAX / 16 * FLAT_TAPS];
} dw_flat;

#if defined(__x86_64__)

/* Bias, residual and activation of n output vectors (vector k to y + out[k], its first
 * lanes[k] lanes), all made final before any is stored (a store could alias what they read);
 * the clamp in two operations where it may (the sums start from +0). */
NNX_TARGET_AVX512 static inline NNX_ALWAYS_INLINE void store_n512(const dw_band *d, __m512 *acc, int n,
                                                                  const size_t *out, const size_t *lanes)
{
    __m512 bias = _mm512_set1_ps(d->bias);
    const float *res = d->res;
    float *y = d->y;
    __mmask16 m[UNITS > TILE2 ? UNITS : TILE2];
#pragma GCC unroll 8
    for (int k = 0; k < n; k++) {
        m[k] = (__mmask16)((1u << lanes[k]) - 1);
        acc[k] = _mm512_add_ps(acc[k], bias);
        if (res)
            acc[k] = _mm512_add_ps(acc[k], _mm512_maskz_loadu_ps(m[k], res + out[k]));
    }
    if (d->clamp)
        nnx_clamp16_sums(d->clamp, acc, n);
#pragma GCC unroll 8
    for (int k = 0; k < n; k++)
        _mm512_mask_storeu_ps(y + out[k], m[k], acc[k]);
}

/* The band units' stores: store_n512 of their sums. */
NNX_TARGET_AVX512 static inline NNX_ALWAYS_INLINE void store_units_avx512(const dw_band *d, __m512 *acc, size_t n,
                                                                          const nnx_rowbuf_unit *u)
{
    size_t out[UNITS], lanes[UNITS];
    for (size_t k = 0; k < n; k++)
        out[k] = u[k].out, lanes[k] = u[k].lanes;
    store_n512(d, acc, (int)n, out, lanes);
}

#include "cpu/simd/avx512.h"
#include "cpu/depthwise_fast_body.h"
#include "cpu/simd/undef.h"

/* Output rows [a0, a0 + R) x columns [v, v + 16) of the plane for a K x K window at stride s
 * in both axes, dilation 1, read from the input itself: each input row the tile needs is
 * loaded once, with masked loads where part of it lies outside the input (zeros there: the
 * values the padded buffer would hold; plain loads otherwise, which Zen 4 runs faster),
 * de-interleaved in registers for stride 2, its K taps made by shifts, and
 * added to every output row that reads it. Output row a reads input row a*s - pt + i, so
 * its taps come in (i, j) order, as in units_avx512. */
NNX_TARGET_AVX512 static inline NNX_ALWAYS_INLINE void tile512(const dw_band *d, const __m512 *w, size_t a0, size_t v,
                                                               int R, int K, int s)
{
    const __m512i ie = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
    const __m512i io = _mm512_setr_epi32(1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31);
    int64_t c = (int64_t)(v * (size_t)s) - d->pl, ih = (int64_t)(a0 * (size_t)s) - d->pt;
    __mmask16 m0 = (__mmask16)nnx_rowbuf_mask16(c, d->W), m1 = (__mmask16)nnx_rowbuf_mask16(c + 16, d->W);
    __mmask16 m2 = (__mmask16)(s == 2 ? nnx_rowbuf_mask16(c + 32, d->W) : 0), m2s = s == 2 ? m2 : 0xFFFF;
    __m512 acc[TILE2];
#pragma GCC unroll 8
    for (int a = 0; a < R; a++)
        acc[a] = _mm512_setzero_ps();
#pragma GCC unroll 32
    for (int r = 0; r < (R - 1) * s + K; r++) {
        __mmask16 in = ih + r >= 0 && ih + r < (int64_t)d->H ? 0xFFFF : 0;
        const float *row = nnx_rowbuf_at(d->x, (ih + r) * (int64_t)d->W + c);
        __m512 t[5];
        __m512 l0, l1, l2;
        bool whole = (m0 & m1 & m2s & in) == 0xFFFF;
        if (whole) {
            l0 = _mm512_loadu_ps(row);
            l1 = _mm512_loadu_ps(row + 16);
            l2 = s == 2 ? _mm512_loadu_ps(row + 32) : l1;
        } else {
            l0 = _mm512_maskz_loadu_ps(m0 & in, row);
            l1 = _mm512_maskz_loadu_ps(m1 & in, nnx_rowbuf_at(row, 16));
            l2 = s == 2 ? _mm512_maskz_loadu_ps(m2 & in, nnx_rowbuf_at(row, 32)) : l1;
        }
        if (s == 1) {
#pragma GCC unroll 8
            for (int j = 0; j < K; j++)
                t[j] = nnx_rowbuf_shift512(l0, l1, j);
        } else { /* even columns, odd columns; the next 16 columns' first evens / odds */
            __m512 even = _mm512_permutex2var_ps(l0, ie, l1), odd = _mm512_permutex2var_ps(l0, io, l1);
            __m512 even2 = K > 3 ? _mm512_permutexvar_ps(ie, l2) : l2, odd2 = _mm512_permutexvar_ps(io, l2);
#pragma GCC unroll 8
            for (int j = 0; j < K; j++)
                t[j] = j % 2 ? nnx_rowbuf_shift512(odd, odd2, j / 2) : nnx_rowbuf_shift512(even, even2, j / 2);
        }
#pragma GCC unroll 8
        for (int a = 0; a < R; a++) {
            int i = r - a * s;
            if (i < 0 || i >= K)
                continue;
#pragma GCC unroll 8
            for (int j = 0; j < K; j++)
                acc[a] = _mm512_fmadd_ps(w[i * K + j], t[j], acc[a]);
        }
    }
    size_t lanes = d->OW - v < 16 ? d->OW - v : 16;
    size_t out[TILE2], lane[TILE2];
#pragma GCC unroll 8
    for (int a = 0; a < R; a++)
        out[a] = (a0 + (size_t)a) * d->OW + v, lane[a] = lanes;
    store_n512(d, acc, R, out, lane);
}

/* A whole output plane by direct tiles. */
NNX_TARGET_AVX512 static inline NNX_ALWAYS_INLINE void tiled512(const dw_band *d, int K, int s)
{
    __m512 w[25];
#pragma GCC unroll 32
    for (int t = 0; t < K * K; t++)
        w[t] = _mm512_set1_ps(d->w[t]);
    size_t a = 0;
    if (K == 3)
        for (; a + TILE2 <= d->rows; a += TILE2)
            for (size_t v = 0; v < d->OW; v += 16)
                tile512(d, w, a, v, TILE2, K, s);
    for (; a + TILE <= d->rows; a += TILE)
        for (size_t v = 0; v < d->OW; v += 16)
            tile512(d, w, a, v, TILE, K, s);
    switch (d->rows - a) { /* the last rows, as one tile */
    case 3:
        for (size_t v = 0; v < d->OW; v += 16)
            tile512(d, w, a, v, 3, K, s);
        break;
    case 2:
        for (size_t v = 0; v < d->OW; v += 16)
            tile512(d, w, a, v, 2, K, s);
        break;
    case 1:
        for (size_t v = 0; v < d->OW; v += 16)
            tile512(d, w, a, v, 1, K, s);
        break;
    default: break;
    }
}

NNX_TARGET_AVX512 static void direct512(const dw_band *d)
{
    switch (d->square * 10 + d->stride) {
    case 31: tiled512(d, 3, 1); return;
    case 32: tiled512(d, 3, 2); return;
    case 51: tiled512(d, 5, 1); return;
    default: tiled512(d, 5, 2); return;
    }
}

/* The flat path's taps of window w (flat_of: at most FLAT_MAX outputs, FLAT_TAPS taps). */
static void flat_setup(const nnx_window *w, dw_flat *f)
{
    size_t taps = w->KH * w->KW, n = w->OH * w->OW;
    for (size_t t = 0; t < taps; t++) {
        int64_t i = (int64_t)(t / w->KW) - w->pt, j = (int64_t)(t % w->KW) - w->pl;
        f->off[t] = (ptrdiff_t)(i * (int64_t)w->W + j);
        for (size_t u = 0; u * 16 < n; u++) {
            uint16_t m = 0;
            for (size_t l = 0; l < 16 && u * 16 + l < n; l++) {
                int64_t oh = (int64_t)((u * 16 + l) / w->W), ow = (int64_t)((u * 16 + l) % w->W);
                if (oh + i >= 0 && oh + i < (int64_t)w->H && ow + j >= 0 && ow + j < (int64_t)w->W)
                    m |= (uint16_t)(1u << l);
            }
            f->mask[u * taps + t] = m;
        }
    }
}

/* Output vectors [u0, u0 + V) of a plane by the flat path: each one's taps in (i, j) order
 * from 0, as every path sums, with zeros for taps outside the input; V chains side by side. */
NNX_TARGET_AVX512 static inline NNX_ALWAYS_INLINE void flat_vectors512(const dw_band *d, const dw_flat *f, size_t u0,
                                                                       int V, size_t taps)
{
    size_t n = d->rows * d->OW;
    __m512 acc[4];
#pragma GCC unroll 4
    for (int u = 0; u < V; u++)
        acc[u] = _mm512_setzero_ps();
#pragma GCC unroll 25
    for (size_t t = 0; t < taps; t++) {
        __m512 w = _mm512_set1_ps(d->w[t]);
#pragma GCC unroll 4
        for (int u = 0; u < V; u++) {
            size_t at = (u0 + (size_t)u) * 16;
            __mmask16 m = (__mmask16)f->mask[(u0 + (size_t)u) * taps + t];
            acc[u] = _mm512_fmadd_ps(w, _mm512_maskz_loadu_ps(m, nnx_rowbuf_at(d->x + at, f->off[t])), acc[u]);
        }
    }
    size_t out[4], lanes[4];
#pragma GCC unroll 4
    for (int u = 0; u < V; u++) {
        out[u] = (u0 + (size_t)u) * 16;
        lanes[u] = n - out[u] < 16 ? n - out[u] : 16;
    }
    store_n512(d, acc, V, out, lanes);
}

/* One plane by the flat path, four output vectors at a time. */
NNX_TARGET_AVX512 static inline NNX_ALWAYS_INLINE void flat_plane512(const dw_band *d, const dw_flat *f, size_t taps)
{
    size_t vectors = (d->rows * d->OW + 15) / 16, u = 0;
    for (; u + 4 <= vectors; u += 4)
        flat_vectors512(d, f, u, 4, taps);
    switch (vectors - u) {
    case 3: flat_vectors512(d, f, u, 3, taps); break;
    case 2: flat_vectors512(d, f, u, 2, taps); break;
    case 1: flat_vectors512(d, f, u, 1, taps); break;
    default: break;
    }
}

NNX_TARGET_AVX512 static void flat512(const dw_band *d, const dw_flat *f)
{
    if (d->taps == 9)
        flat_plane512(d, f, 9);
    else
        flat_plane512(d, f, d->taps);
}

NNX_TARGET_AVX512 static void band512(const dw_band *d)
{
    if (d->taps == 9)
        NNX_ROWBUF_FOR_UNITS(d->buf, d->step, d->rows, d->OW, 16, units_9_avx512, d);
    else
        NNX_ROWBUF_FOR_UNITS(d->buf, d->step, d->rows, d->OW, 16, units_any_avx512, d);
}

/* Lane mask of the first `lanes` of 8. */
NNX_TARGET_AVX2_FMA static inline __m256i mask256(size_t lanes)
{
    static const int32_t ones[16] = {-1, -1, -1, -1, -1, -1, -1, -1, 0, 0, 0, 0, 0, 0, 0, 0};
    return _mm256_loadu_si256((const __m256i *)(ones + 8 - lanes));
}

/* Bias, residual and activation of one output vector, stored to its lanes. */
NNX_TARGET_AVX2_FMA static inline void store256(const dw_band *d, __m256 acc, size_t out, size_t lanes)
{
    __m256 r = _mm256_add_ps(acc, _mm256_set1_ps(d->bias));
    __m256i m = mask256(lanes);
    if (d->res)
        r = _mm256_add_ps(r, lanes == 8 ? _mm256_loadu_ps(d->res + out) : _mm256_maskload_ps(d->res + out, m));
    if (d->clamp)
        r = nnx_clamp8(d->clamp, r);
    if (lanes == 8)
        _mm256_storeu_ps(d->y + out, r);
    else
        _mm256_maskstore_ps(d->y + out, m, r);
}

/* The band units' stores: store256 of each sum. */
NNX_TARGET_AVX2_FMA static inline NNX_ALWAYS_INLINE void store_units_avx2(const dw_band *d, __m256 *acc, size_t n,
                                                                          const nnx_rowbuf_unit *u)
{
    for (size_t k = 0; k < n; k++)
        store256(d, acc[k], u[k].out, u[k].lanes);
}

#include "cpu/simd/avx2.h"
#include "cpu/depthwise_fast_body.h"
#include "cpu/simd/undef.h"

/* tile512 with 8 lanes: each tap of a buffered row is one load, shared by the output rows. */
NNX_TARGET_AVX2_FMA static inline NNX_ALWAYS_INLINE void tile256(const dw_band *d, const __m256 *w, size_t a0, size_t v,
                                                                 int R, int K, int s)
{
    __m256 acc[TILE];
#pragma GCC unroll 32
    for (int a = 0; a < R; a++)
        acc[a] = _mm256_setzero_ps();
    const float *row0 = d->buf + a0 * d->step + v;
#pragma GCC unroll 32
    for (int r = 0; r < (R - 1) * s + K; r++) {
        const float *in = row0 + (size_t)r * d->row_floats;
        __m256 t[5];
#pragma GCC unroll 32
        for (int j = 0; j < K; j++)
            t[j] = _mm256_loadu_ps(in + (size_t)(j % s) * d->len + j / s);
#pragma GCC unroll 32
        for (int a = 0; a < R; a++) {
            int i = r - a * s;
            if (i < 0 || i >= K)
                continue;
#pragma GCC unroll 32
            for (int j = 0; j < K; j++)
                acc[a] = _mm256_fmadd_ps(w[i * K + j], t[j], acc[a]);
        }
    }
    size_t lanes = d->OW - v < 8 ? d->OW - v : 8;
#pragma GCC unroll 32
    for (int a = 0; a < R; a++)
        store256(d, acc[a], (a0 + (size_t)a) * d->OW + v, lanes);
}

NNX_TARGET_AVX2_FMA static inline NNX_ALWAYS_INLINE void tiled256(const dw_band *d, int K, int s)
{
    __m256 w[25];
#pragma GCC unroll 32
    for (int t = 0; t < K * K; t++)
        w[t] = _mm256_set1_ps(d->w[t]);
    size_t a = 0;
    for (; a + TILE <= d->rows; a += TILE)
        for (size_t v = 0; v < d->OW; v += 8)
            tile256(d, w, a, v, TILE, K, s);
    switch (d->rows - a) { /* the last rows, as one tile */
    case 3:
        for (size_t v = 0; v < d->OW; v += 8)
            tile256(d, w, a, v, 3, K, s);
        break;
    case 2:
        for (size_t v = 0; v < d->OW; v += 8)
            tile256(d, w, a, v, 2, K, s);
        break;
    case 1:
        for (size_t v = 0; v < d->OW; v += 8)
            tile256(d, w, a, v, 1, K, s);
        break;
    default: break;
    }
}

NNX_TARGET_AVX2_FMA static void band256(const dw_band *d)
{
    switch (d->square * 10 + d->stride) {
    case 31: tiled256(d, 3, 1); return;
    case 32: tiled256(d, 3, 2); return;
    case 51: tiled256(d, 5, 1); return;
    case 52: tiled256(d, 5, 2); return;
    default: break;
    }
    if (d->taps == 9)
        NNX_ROWBUF_FOR_UNITS(d->buf, d->step, d->rows, d->OW, 8, units_9_avx2, d);
    else
        NNX_ROWBUF_FOR_UNITS(d->buf, d->step, d->rows, d->OW, 8, units_any_avx2, d);
}
#endif

/* Portable: 16 lanes per vector in loops the compiler vectorises; no activation here. */
static void units_generic(const dw_band *d, const nnx_rowbuf_unit *u, size_t n)
{
    for (size_t k = 0; k < n; k++) {
        float acc[16] = {0};
        for (size_t t = 0; t < d->taps; t++) {
            float w = d->w[t];
            const float *src = u[k].in + d->tap[t];
            for (size_t l = 0; l < 16; l++)
                acc[l] += w * src[l];
        }
        float *y = d->y + u[k].out;
        const float *res = d->res ? d->res + u[k].out : NULL;
        for (size_t l = 0; l < u[k].lanes; l++)
            y[l] = res ? (acc[l] + d->bias) + res[l] : acc[l] + d->bias;
    }
}

static void band_generic(const dw_band *d)
{
    NNX_ROWBUF_FOR_UNITS(d->buf, d->step, d->rows, d->OW, 16, units_generic, d);
}

typedef struct dw_job {
    const dw_geom *g;
    const nnx_rowbuf *b;
    const ptrdiff_t *tap;
    const float *x, *f, *bias, *res;
    float *y;
    const nnx_activation *act;
    const nnx_clamp_simd *clamp;
    const nnx_kernel_env *env;
    size_t items, tasks;
    nnx_cpu_level level;
    int square;          /* K of a K x K window the tiled paths take (3 or 5), or 0 */
    const dw_flat *flat; /* the flat path's taps, or NULL */
} dw_job;

/* Thread t's share of the items (input plane, band, multiplier k), in that order, so that the
 * m output channels of an input plane reuse its buffered band. */
static void dw_task(void *arg, size_t t)
{
    const dw_job *j = arg;
    const dw_geom *g = j->g;
    const nnx_rowbuf *b = j->b;
    size_t lo, hi;
    nnx_pool_share(j->items, j->tasks, t, &lo, &hi);
    float *buf = (float *)((char *)j->env->scratch + t * j->env->per_thread);
    size_t spatial = g->w.OH * g->w.OW;
    /* item = (plane * bands + band) * m + k, plane = n * C + c */
    size_t k = lo % g->m, band = lo / g->m % b->bands, plane = lo / g->m / b->bands;
    size_t c = plane % g->C, n = plane / g->C;
    for (size_t it = lo; it < hi; it++) {
        size_t oh0 = band * b->band, rows = g->w.OH - oh0 < b->band ? g->w.OH - oh0 : b->band;
        if (it == lo || k == 0)
            (void)nnx_rowbuf_fill(b, j->x + plane * g->w.H * g->w.W, oh0, rows, buf, j->level);
        size_t o = c * g->m + k, q = n * g->O + o; /* q: output plane n * O + o */
        size_t first = q * spatial + oh0 * g->w.OW;
        dw_band d = {buf,
                     j->f + o * g->w.KH * g->w.KW,
                     j->res ? j->res + first : NULL,
                     j->tap,
                     g->w.KH * g->w.KW,
                     rows,
                     g->w.OW,
                     g->w.sh * b->row_floats,
                     b->row_floats,
                     b->len,
                     j->bias ? j->bias[o] : 0.0f,
                     j->y + first,
                     j->clamp,
                     j->square,
                     (int)g->w.sw,
                     NULL,
                     0,
                     0,
                     0,
                     0};
#if defined(__x86_64__)
        if (j->level >= NNX_CPU_AVX512)
            band512(&d);
        else if (j->level >= NNX_CPU_AVX2)
            band256(&d);
        else
#endif
            band_generic(&d);
        if (!j->clamp)
            nnx_apply_activation(j->act, j->y + first, rows * g->w.OW);
        if (++k == g->m) {
            k = 0;
            if (++band == b->bands) {
                band = 0;
                plane++;
                if (++c == g->C)
                    c = 0, n++;
            }
        }
    }
}

#if defined(__x86_64__)
/* Thread t's share of the output planes (n * O + o), by AVX-512 direct tiles or the flat
 * path. */
static void direct_task(void *arg, size_t t)
{
    const dw_job *j = arg;
    const dw_geom *g = j->g;
    size_t lo, hi;
    nnx_pool_share(j->items, j->tasks, t, &lo, &hi);
    size_t spatial = g->w.OH * g->w.OW, taps = g->w.KH * g->w.KW;
    for (size_t q = lo; q < hi; q++) {
        size_t n = q / g->O, o = q % g->O;
        dw_band d = {NULL,
                     j->f + o * taps,
                     j->res ? j->res + q * spatial : NULL,
                     NULL,
                     taps,
                     g->w.OH,
                     g->w.OW,
                     0,
                     0,
                     0,
                     j->bias ? j->bias[o] : 0.0f,
                     j->y + q * spatial,
                     j->clamp,
                     j->square,
                     (int)g->w.sw,
                     j->x + (n * g->C + o / g->m) * g->w.H * g->w.W,
                     g->w.H,
                     g->w.W,
                     g->w.pt,
                     g->w.pl};
        if (j->flat)
            flat512(&d, j->flat);
        else
            direct512(&d);
        if (!j->clamp)
            nnx_apply_activation(j->act, d.y, spatial);
    }
}
#endif

/* ------------------------------------------------------------------ unbuffered */

/* Output range [lo, hi) of a row whose tap at offset `off` (= j * dw - pl) lands in [0, W). */
static void tap_range(const nnx_window *g, int64_t off, size_t *lo, size_t *hi)
{
    int64_t s = (int64_t)g->sw, first = off < 0 ? (-off + s - 1) / s : 0, last = ((int64_t)g->W - 1 - off);
    last = last < 0 ? -1 : last / s; /* the last ow with ow * s + off <= W - 1 */
    if (last >= (int64_t)g->OW)
        last = (int64_t)g->OW - 1;
    *lo = (size_t)first;
    *hi = last < first ? (size_t)first : (size_t)last + 1;
}

/* One output plane: taps are added to whole output rows in (kernel row, kernel column)
 * order, each tap's in-bounds run with nnx_saxpy (stride 1) or a strided loop. */
static void plane_unbuffered(const nnx_window *g, const float *x, const float *w, float *y, nnx_cpu_level level)
{
    for (size_t oh = 0; oh < g->OH; oh++) {
        float *row = y + oh * g->OW;
        for (size_t ow = 0; ow < g->OW; ow++)
            row[ow] = 0.0f;
        for (size_t i = 0; i < g->KH; i++) {
            int64_t ih = (int64_t)oh * (int64_t)g->sh - g->pt + (int64_t)(i * g->dh);
            if (ih < 0 || ih >= (int64_t)g->H)
                continue;
            const float *src = x + (size_t)ih * g->W;
            for (size_t j = 0; j < g->KW; j++) {
                float wv = w[i * g->KW + j];
                int64_t off = (int64_t)(j * g->dw) - g->pl;
                size_t lo, hi;
                tap_range(g, off, &lo, &hi);
                if (hi <= lo)
                    continue;
                if (g->sw == 1)
                    nnx_saxpy(level, row + lo, wv, src + (int64_t)lo + off, hi - lo);
                else
                    for (size_t ow = lo; ow < hi; ow++)
                        row[ow] += wv * src[(int64_t)(ow * g->sw) + off];
            }
        }
    }
}

static void plane_task(void *arg, size_t q)
{
    const dw_job *j = arg;
    const dw_geom *g = j->g;
    size_t n = q / g->O, o = q % g->O, spatial = g->w.OH * g->w.OW;
    float *y = j->y + q * spatial;
    plane_unbuffered(&g->w, j->x + (n * g->C + o / g->m) * g->w.H * g->w.W, j->f + o * g->w.KH * g->w.KW, y, j->level);
    for (size_t s = 0; j->bias && s < spatial; s++)
        y[s] += j->bias[o];
    for (size_t s = 0; j->res && s < spatial; s++)
        y[s] += j->res[q * spatial + s];
    nnx_apply_activation(j->act, y, spatial);
}

nnx_status nnx_fast_depthwise2d(const nnx_op_args *args, const nnx_view *in, nnx_view *out, const nnx_kernel_env *env)
{
    dw_geom g = dw_geometry(&args->attrs->conv, &in[0].desc, &in[1].desc, &out->desc);
    nnx_rowbuf b;
    dw_job j = {&g,
                &b,
                NULL,
                in[0].data,
                in[1].data,
                args->n_in > 2 ? in[2].data : NULL,
                env->residual,
                out->data,
                env->act,
                NULL,
                env,
                0,
                0,
                nnx_cpu_level_get(),
                0,
                NULL};
    if (!g.N || !g.O || !g.w.OH || !g.w.OW)
        return NNX_OK;
    j.square = square_of(&g.w);
    size_t threads = nnx_pool_threads(env->pool);
    nnx_clamp_simd clamp;
    j.clamp = j.level >= NNX_CPU_AVX2 && nnx_clamp_simd_setup(env->act, &clamp) ? &clamp : NULL;
#if defined(__x86_64__)
    dw_flat flat;
    if (flat_of(&g.w) && j.level >= NNX_CPU_AVX512) {
        flat_setup(&g.w, &flat);
        j.flat = &flat;
    }
    if ((j.square || j.flat) && j.level >= NNX_CPU_AVX512) { /* no buffer: a few contiguous shares per thread */
        j.items = g.N * g.O;
        j.tasks = j.items < 4 * threads ? j.items : 4 * threads;
        nnx_pool_for(j.tasks > 1 ? env->pool : NULL, j.tasks, direct_task, &j);
        return NNX_OK;
    }
#endif
    if (!dw_plan(&g, &b) || !env->scratch || env->per_thread < b.floats * sizeof(float)) {
        j.clamp = NULL;
        nnx_pool_for(env->pool, g.N * g.O, plane_task, &j);
        return NNX_OK;
    }
    ptrdiff_t tap[MAX_TAPS];
    nnx_rowbuf_taps(&b, tap);
    j.tap = tap;
    j.items = g.N * g.C * b.bands * g.m;
    j.tasks = j.items < threads ? j.items : threads;
    nnx_pool_for(j.tasks > 1 ? env->pool : NULL, j.tasks, dw_task, &j);
    return NNX_OK;
}
