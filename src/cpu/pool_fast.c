/* pool_fast.c — float32 max and average pooling over nchw planes, the reference kernel's bytes
 * (ops/pool.c): max keeps the first largest value in row-major tap order and the first NaN (as
 * it is: a signalling NaN is not quieted), an empty window gives -inf; average sums in double
 * in row-major tap order and divides by the in-bounds count (0 for none). TOSA's NaN-ignoring
 * max pooling stays on the reference kernel. */
#include "cpu/isa.h"
#include "cpu/kernels.h"
#include "cpu/rowbuf.h"

#include <math.h>
#include <string.h>

typedef struct pool2d {
    const nnx_attr_pool *a;
    size_t H, W, OH, OW;
    bool average;
    const float *x;
    float *y;
} pool2d;

/* The taps j < k of an axis whose window for output o stays in [0, extent): [lo, hi). */
static void taps(int64_t o, uint32_t stride, uint32_t pad, uint32_t dilation, uint32_t k, size_t extent, uint32_t *lo,
                 uint32_t *hi)
{
    int64_t start = o * (int64_t)stride - pad, d = dilation, first = start < 0 ? (-start + d - 1) / d : 0;
    int64_t last = ((int64_t)extent - 1 - start);
    last = last < 0 ? -1 : last / d;
    if (last > (int64_t)k - 1)
        last = (int64_t)k - 1;
    *lo = (uint32_t)(first > k ? k : first);
    *hi = last < first ? *lo : (uint32_t)last + 1;
}

static void plane(void *arg, size_t t)
{
    const pool2d *p = arg;
    const nnx_attr_pool *a = p->a;
    const float *x = p->x + t * p->H * p->W;
    float *y = p->y + t * p->OH * p->OW;
    for (size_t oh = 0; oh < p->OH; oh++) {
        uint32_t h0, h1;
        taps((int64_t)oh, a->strides[0], a->pads[0], a->dilations[0], a->window[0], p->H, &h0, &h1);
        int64_t ih0 = (int64_t)oh * a->strides[0] - a->pads[0];
        for (size_t ow = 0; ow < p->OW; ow++) {
            uint32_t w0, w1;
            taps((int64_t)ow, a->strides[1], a->pads[2], a->dilations[1], a->window[1], p->W, &w0, &w1);
            int64_t iw0 = (int64_t)ow * a->strides[1] - a->pads[2];
            if (p->average) {
                double sum = 0;
                for (uint32_t i = h0; i < h1; i++) {
                    const float *row = x + (size_t)(ih0 + (int64_t)i * a->dilations[0]) * p->W;
                    for (uint32_t j = w0; j < w1; j++)
                        sum += row[iw0 + (int64_t)j * a->dilations[1]];
                }
                size_t count = (size_t)(h1 - h0) * (w1 - w0);
                y[oh * p->OW + ow] = count ? (float)(sum / (double)count) : 0.0f;
            } else {
                float m = -INFINITY;
                for (uint32_t i = h0; i < h1; i++) {
                    const float *row = x + (size_t)(ih0 + (int64_t)i * a->dilations[0]) * p->W;
                    for (uint32_t j = w0; j < w1; j++) {
                        float v = row[iw0 + (int64_t)j * a->dilations[1]];
                        if (!isnan(m) && (isnan(v) || v > m))
                            m = v;
                    }
                }
                y[oh * p->OW + ow] = m;
            }
        }
    }
}

/* ------------------------------------------------------------------ buffered max */

/* Max pooling reads a -inf-padded, phase-split copy of each band of input rows in per-thread
 * scratch (cpu/rowbuf.h), 16 (AVX-512, portable C) or 8 (AVX2) outputs at a time, every tap a
 * load at a fixed offset, with the reference's comparison in tap order as compare + blend, or
 * as one max where the band holds no NaN. The -inf padding is exact: a padded tap never
 * replaces the running value, and a window of padding only gives -inf, so windows running
 * into the padding or past the input (ceil rounding), dilated or not, take the reference's
 * element. Planes x bands are split into one contiguous share per thread. Average pooling, and
 * max pooling without scratch, run one task per plane over each window's in-bounds taps. */

#define BAND_FLOATS (8 * 1024)       /* a band's buffered rows */
#define MAX_FLOATS ((size_t)1 << 22) /* per-thread scratch at most (16 MiB), else unbuffered */
#define MAX_TAPS 256                 /* larger windows run unbuffered */

static nnx_window window_of(const nnx_attr_pool *a, const uint32_t *xs, const uint32_t *ys)
{
    return (nnx_window){.H = xs[2],
                        .W = xs[3],
                        .OH = ys[2],
                        .OW = ys[3],
                        .KH = a->window[0],
                        .KW = a->window[1],
                        .sh = a->strides[0],
                        .sw = a->strides[1],
                        .dh = a->dilations[0],
                        .dw = a->dilations[1],
                        .pt = a->pads[0],
                        .pl = a->pads[2]};
}

static bool max_plan(const nnx_op_args *args, const uint32_t *xs, const uint32_t *ys, nnx_rowbuf *b)
{
    const nnx_attr_pool *a = &args->attrs->pool;
    nnx_window g = window_of(a, xs, ys);
    return args->op == NNX_OP_MAX_POOL && (size_t)a->window[0] * a->window[1] <= MAX_TAPS &&
        nnx_rowbuf_plan(&g, -INFINITY, BAND_FLOATS, MAX_FLOATS, b);
}

/* The K of a K x K max pooling window (K = 2, 3) at stride 1 or 2 in both axes, dilation 1,
 * or 0. */
static int square_of(const nnx_window *w)
{
    return w->KH == w->KW && (w->KH == 2 || w->KH == 3) && w->sh == w->sw && w->sw <= 2 && w->dh == 1 && w->dw == 1
        ? (int)w->KH
        : 0;
}

/* Whether the AVX-512 direct tiles take the op (no buffer). */
static bool direct_max(const nnx_op_args *args, const uint32_t *xs, const uint32_t *ys)
{
    nnx_window w = window_of(&args->attrs->pool, xs, ys);
    return args->op == NNX_OP_MAX_POOL && square_of(&w) && nnx_cpu_level_get() >= NNX_CPU_AVX512;
}

size_t nnx_fast_pool2d_scratch(const nnx_op_args *args, const nnx_operand_desc *x, const nnx_operand_desc *y)
{
    nnx_rowbuf b;
    if (direct_max(args, x->shape, y->shape))
        return 0;
    return max_plan(args, x->shape, y->shape, &b) ? b.floats * sizeof(float) : 0;
}

/* A band of one output plane: rows output rows of OW, the buffered rows of row a start at
 * buf + a * step. */
typedef struct max_band {
    const float *buf;
    const ptrdiff_t *tap;
    size_t taps, rows, OW, step, row_floats, len;
    float *y;
    int square, stride; /* the tiled paths' K x K window and stride, or 0 */
    bool nan;           /* the buffered rows may hold a NaN */
} max_band;

/* Output rows a tile computes together. */
#define TILE 4

#if defined(__x86_64__)

/* ---- buffered (AVX-512, AVX2): one body, cpu/pool_fast_body.h ---- */

#include "cpu/simd/avx512.h"
#define ROW_TAP(phase, off) ((off) ? nnx_rowbuf_shift512(v_load(phase), v_load((phase) + 16), (off)) : v_load(phase))
#include "cpu/pool_fast_body.h"
#undef ROW_TAP
#include "cpu/simd/undef.h"

#include "cpu/simd/avx2.h"
#define ROW_TAP(phase, off) v_load((phase) + (off))
#include "cpu/pool_fast_body.h"
#undef ROW_TAP
#include "cpu/simd/undef.h"

/* ---- direct (AVX-512): no buffer --------------------------------------------------------
 * Square 2x2 / 3x3 windows at stride 1 or 2 read the input plane itself: each input row a
 * tile of R output rows x 16 columns needs is loaded once with masked loads (-inf outside
 * the input, as the buffer would hold), de-interleaved in registers for stride 2, its taps
 * made by shifts, and its maximum over the window's columns taken into every output row
 * that reads it (the separable scan of tile512). The tile runs with plain maxima and notes
 * whether it loaded a NaN; if it did, it runs again with the reference's comparison. */
typedef struct max_plane {
    const float *x;
    float *y;
    size_t H, W, OH, OW;
    int64_t pt, pl;
} max_plane;

NNX_TARGET_AVX512 static inline NNX_ALWAYS_INLINE __mmask16 direct_tile512(const max_plane *d, size_t a0, size_t v,
                                                                           int R, int K, int s, bool exact)
{
    const __m512i ie = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
    const __m512i io = _mm512_setr_epi32(1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31);
    const __m512 ninf = _mm512_set1_ps(-INFINITY);
    int64_t c = (int64_t)(v * (size_t)s) - d->pl, ih = (int64_t)(a0 * (size_t)s) - d->pt;
    __mmask16 m0 = (__mmask16)nnx_rowbuf_mask16(c, d->W), m1 = (__mmask16)nnx_rowbuf_mask16(c + 16, d->W);
    __mmask16 m2 = (__mmask16)(s == 2 && K == 3 ? nnx_rowbuf_mask16(c + 32, d->W) : 0), nan = 0;
    __mmask16 m2s = s == 2 && K == 3 ? m2 : 0xFFFF; /* the third load's lanes, if it is made */
    __m512 acc[TILE];
#pragma GCC unroll 8
    for (int a = 0; a < R; a++)
        acc[a] = ninf;
#pragma GCC unroll 32
    for (int r = 0; r < (R - 1) * s + K; r++) {
        __mmask16 in = ih + r >= 0 && ih + r < (int64_t)d->H ? 0xFFFF : 0;
        const float *row = nnx_rowbuf_at(d->x, (ih + r) * (int64_t)d->W + c);
        __m512 l0, l1, l2 = ninf, h;
        if ((m0 & m1 & m2s & in) == 0xFFFF) { /* inside the plane: plain loads (faster on Zen 4) */
            l0 = _mm512_loadu_ps(row);
            l1 = _mm512_loadu_ps(row + 16);
            if (s == 2 && K == 3)
                l2 = _mm512_loadu_ps(row + 32);
        } else {
            l0 = _mm512_mask_loadu_ps(ninf, m0 & in, row);
            l1 = _mm512_mask_loadu_ps(ninf, m1 & in, nnx_rowbuf_at(row, 16));
            if (s == 2 && K == 3)
                l2 = _mm512_mask_loadu_ps(ninf, m2 & in, nnx_rowbuf_at(row, 32));
        }
        nan |= _mm512_cmp_ps_mask(l0, l1, _CMP_UNORD_Q);
        if (s == 1) {
            h = take_avx512(l0, nnx_rowbuf_shift512(l0, l1, 1), exact);
            if (K == 3)
                h = take_avx512(h, nnx_rowbuf_shift512(l0, l1, 2), exact);
        } else { /* taps: even columns, odd columns, then the evens from the next one on */
            __m512 even = _mm512_permutex2var_ps(l0, ie, l1), odd = _mm512_permutex2var_ps(l0, io, l1);
            h = take_avx512(even, odd, exact);
            if (K == 3) {
                nan |= _mm512_cmp_ps_mask(l2, l2, _CMP_UNORD_Q);
                h = take_avx512(h, nnx_rowbuf_shift512(even, l2, 1), exact);
            }
        }
#pragma GCC unroll 8
        for (int a = 0; a < R; a++) {
            int i = r - a * s;
            if (i >= 0 && i < K)
                acc[a] = i == 0 ? h : take_avx512(acc[a], h, exact);
        }
    }
    size_t lanes = d->OW - v < 16 ? d->OW - v : 16;
#pragma GCC unroll 8
    for (int a = 0; a < R; a++) {
        float *y = d->y + (a0 + (size_t)a) * d->OW + v;
        if (lanes == 16)
            _mm512_storeu_ps(y, acc[a]);
        else
            _mm512_mask_storeu_ps(y, (__mmask16)((1u << lanes) - 1), acc[a]);
    }
    return nan;
}

/* Rows [a0, a0 + R) x columns [v, v + 16): plain maxima, again exactly if a NaN was loaded. */
NNX_TARGET_AVX512 static inline NNX_ALWAYS_INLINE void direct_both512(const max_plane *d, size_t a0, size_t v, int R,
                                                                      int K, int s)
{
    if (direct_tile512(d, a0, v, R, K, s, false))
        direct_tile512(d, a0, v, R, K, s, true);
}

NNX_TARGET_AVX512 static inline NNX_ALWAYS_INLINE void direct_plane512(const max_plane *d, int K, int s)
{
    size_t a = 0;
    for (; a + TILE <= d->OH; a += TILE)
        for (size_t v = 0; v < d->OW; v += 16)
            direct_both512(d, a, v, TILE, K, s);
    switch (d->OH - a) { /* the last rows, as one tile */
    case 3:
        for (size_t v = 0; v < d->OW; v += 16)
            direct_both512(d, a, v, 3, K, s);
        break;
    case 2:
        for (size_t v = 0; v < d->OW; v += 16)
            direct_both512(d, a, v, 2, K, s);
        break;
    case 1:
        for (size_t v = 0; v < d->OW; v += 16)
            direct_both512(d, a, v, 1, K, s);
        break;
    default: break;
    }
}

typedef struct direct_job {
    max_plane p;
    int K, s;
} direct_job;

NNX_TARGET_AVX512 static void direct_max512(void *arg, size_t plane)
{
    const direct_job *j = arg;
    max_plane d = j->p;
    d.x += plane * d.H * d.W;
    d.y += plane * d.OH * d.OW;
    switch (j->K * 10 + j->s) {
    case 21: direct_plane512(&d, 2, 1); return;
    case 22: direct_plane512(&d, 2, 2); return;
    case 31: direct_plane512(&d, 3, 1); return;
    default: direct_plane512(&d, 3, 2); return;
    }
}
#endif

/* Portable: 16 lanes per vector, the reference's comparison per lane. */
static void max_generic(const max_band *d, const nnx_rowbuf_unit *u, size_t n)
{
    for (size_t k = 0; k < n; k++) {
        float m[16];
        memcpy(m, u[k].in + d->tap[0], sizeof m);
        for (size_t t = 1; t < d->taps; t++) {
            const float *src = u[k].in + d->tap[t];
            for (size_t l = 0; l < 16; l++)
                m[l] = !isnan(m[l]) && (isnan(src[l]) || src[l] > m[l]) ? src[l] : m[l];
        }
        memcpy(d->y + u[k].out, m, u[k].lanes * sizeof *m);
    }
}

static void band_generic(const max_band *d)
{
    NNX_ROWBUF_FOR_UNITS(d->buf, d->step, d->rows, d->OW, 16, max_generic, d);
}

typedef struct max_job {
    const nnx_rowbuf *b;
    const ptrdiff_t *tap;
    const float *x;
    float *y;
    const nnx_kernel_env *env;
    size_t items, tasks;
    nnx_cpu_level level;
    int square; /* K of a K x K window the tiled paths take (2 or 3), or 0 */
} max_job;

/* Thread t's share of the items (plane, band). */
static void max_task(void *arg, size_t t)
{
    const max_job *j = arg;
    const nnx_window *g = &j->b->g;
    size_t lo, hi;
    nnx_pool_share(j->items, j->tasks, t, &lo, &hi);
    float *buf = (float *)((char *)j->env->scratch + t * j->env->per_thread);
    for (size_t it = lo; it < hi; it++) {
        size_t plane = it / j->b->bands, oh0 = it % j->b->bands * j->b->band;
        size_t rows = g->OH - oh0 < j->b->band ? g->OH - oh0 : j->b->band;
        bool nan = nnx_rowbuf_fill(j->b, j->x + plane * g->H * g->W, oh0, rows, buf, j->level);
        max_band d = {buf,
                      j->tap,
                      g->KH * g->KW,
                      rows,
                      g->OW,
                      g->sh * j->b->row_floats,
                      j->b->row_floats,
                      j->b->len,
                      j->y + plane * g->OH * g->OW + oh0 * g->OW,
                      j->square,
                      (int)g->sw,
                      nan};
#if defined(__x86_64__)
        if (j->level >= NNX_CPU_AVX512)
            band_avx512(&d);
        else if (j->level >= NNX_CPU_AVX2)
            band_avx2(&d);
        else
#endif
            band_generic(&d);
    }
}

nnx_status nnx_fast_pool2d(const nnx_op_args *args, const nnx_view *in, nnx_view *out, const nnx_kernel_env *env)
{
    const uint32_t *xs = in[0].desc.shape, *ys = out->desc.shape;
    size_t planes = (size_t)xs[0] * xs[1];
    nnx_rowbuf b;
#if defined(__x86_64__)
    if (direct_max(args, xs, ys)) {
        nnx_window w = window_of(&args->attrs->pool, xs, ys);
        direct_job j = {{in[0].data, out->data, w.H, w.W, w.OH, w.OW, w.pt, w.pl}, square_of(&w), (int)w.sw};
        nnx_pool_for(planes * w.H * w.W >= ((size_t)1 << 15) ? env->pool : NULL, planes, direct_max512, &j);
        return NNX_OK;
    }
#endif
    if (planes && max_plan(args, xs, ys, &b) && env->scratch && env->per_thread >= b.floats * sizeof(float)) {
        ptrdiff_t tap[MAX_TAPS];
        nnx_rowbuf_taps(&b, tap);
        max_job j = {&b, tap, in[0].data, out->data, env, planes * b.bands, 0, nnx_cpu_level_get(), 0};
        j.square = square_of(&b.g);
        size_t threads = nnx_pool_threads(env->pool);
        j.tasks = j.items < threads ? j.items : threads;
        nnx_pool_for(j.tasks > 1 ? env->pool : NULL, j.tasks, max_task, &j);
        return NNX_OK;
    }
    pool2d p = {&args->attrs->pool, xs[2], xs[3], ys[2], ys[3], args->op == NNX_OP_AVG_POOL, in[0].data, out->data};
    nnx_pool_for(env->pool, planes, plane, &p);
    return NNX_OK;
}
